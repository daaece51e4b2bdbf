//! Test support for the engine's tests: positions built by hand (`scenario`) and an independent,
//! slow recomputation of every rule from the raw board (`reference`). Never part of the library.

#![allow(dead_code)]

pub mod reference;
pub mod scenario;
