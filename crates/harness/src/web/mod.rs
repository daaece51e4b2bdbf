//! Pieces of self-contained web pages and of the local game server that know nothing of Die
//! Stadt: packing many similar documents into one page, and serving a page on loopback behind a
//! token.

pub mod pack;
pub mod server;
