//! Die Unbezwingbare Stadt (docs/unbezwingbare/rules.md): the board and the cards as data.
//!
//! The source gives no board data and no card texts, so they are files in the formats of
//! docs/unbezwingbare/data.md; this crate reads them into typed values and refuses, naming file
//! and line, any file that breaks a fact rules.md section 17 fixes. The shipped set under
//! `data/invented/` is invented.

pub mod data;
