//! Criterion benchmarks live in `engine.rs` (`cargo bench -p stadt-benches`); this crate holds nothing else.
