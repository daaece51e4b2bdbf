//! The stadt package's library: the registry of games, which the command line and the Python
//! package share.

pub mod registry;
