//! The statistics of sequential tests: the pentanomial SPRT and the generalised SPRT on paired
//! scores ([`model`]), and simulations of their error rates ([`simulate`]).

pub mod model;
pub mod simulate;
