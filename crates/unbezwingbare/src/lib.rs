//! Die Unbezwingbare Stadt (docs/unbezwingbare/rules.md): the board and the cards as data, and
//! the engine that plays by the rules.
//!
//! The source gives no board data and no card texts, so they are files in the formats of
//! docs/unbezwingbare/data.md; `data` reads them into typed values and refuses, naming file and
//! line, any file that breaks a fact rules.md section 17 fixes. The shipped set under
//! `data/invented/` is invented. The engine is a flat state (`State`) over the leaked tables of
//! a data set (`Material`), every decision a `Move`, every chance outcome explicit (U77).
//!
//! The plug-in (issue 58): [`chosen`] the options and data set; [`logged`] the engine's state
//! with the chance steps since the last move, what the harness plays; [`text`] moves and chance
//! steps as text; [`record`] records that replay without the seed, and the public record;
//! [`shown`] what a seat is shown, [`searched`] the game its search plays; [`seat_record`] a game rebuilt from a seat's record;
//! [`kind`] the core's `GameKind`; [`spoken`] the bot protocol; [`plugin`], [`learned`],
//! [`actions`] the harness's plug-in, learned features and action space; [`bots`] `random` and
//! `mcts`.

pub mod actions;
pub mod answers;
pub mod areas;
pub mod bots;
pub mod building;
pub mod buying;
pub mod chosen;
pub mod data;
pub mod effects;
pub mod errors;
pub mod flow;
pub mod greedy;
pub mod income;
pub mod influence;
pub mod kind;
pub mod learned;
pub mod legal;
pub mod logged;
pub mod lookahead;
pub mod material;
pub mod moves;
pub mod observation;
pub mod options;
pub mod phase2;
pub mod picture;
pub mod playable;
pub mod plugin;
pub mod record;
pub mod scoring;
pub mod search;
pub mod searched;
pub mod seat_record;
pub mod setup;
pub mod shown;
pub mod spoken;
pub mod state;
pub mod stones;
pub mod text;
pub mod turning;
pub mod value;

pub use errors::{Illegal, SetupError};
pub use material::Material;
pub use moves::{Move, NOBODY};
pub use options::Options;
pub use state::State;
