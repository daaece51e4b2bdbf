//! stadt-core: the game-free core of the harness. Any game plugs in through [`kind::GameKind`],
//! [`game::Game`] and [`game::Determinize`] (a player's view with hidden parts); what is here
//! never names one.
//!
//! - [`kind`]: the one adapter a game gives the harness (name, player counts, what a seat sees,
//!   records); [`options`]: a game's options as data, and the one reader of options text;
//!   [`agent`]: a player of any game; [`seat`]: who takes a seat (a bot or an outside agent);
//!   [`runner`]: playing one game between agents; [`serve`]: a bot of any game served to another
//!   host over the protocol ([`protocol`]).
//! - [`bots`]: a game's bots by name, their parameters, bot files and folders, and the bot in
//!   another program (`bot = process`).
//! - [`game`]: the game traits; [`play`]: playing a game to its end through them.
//! - [`search`]: MCTS over them (determinised, with tree reuse, priors and widening).
//! - [`seeds`]: every random stream derived from the run seed and the place it is used;
//!   [`secret`]: the run's secret, from which bots in other programs get their seeds.
//! - [`child`]: a program in another process speaking lines of JSON on its pipes, under a
//!   [`supervisor`] that ends everything it started, optionally in a [`sandbox`].
//! - [`tournament`]: schedules on duplicate deals, `games.csv`, summaries and forfeits;
//!   [`report`], [`svg`]: self-contained report pages with plots.
//! - [`stats`], [`sprt`]: intervals, ratings and the sequential tests' statistics;
//!   [`learned`]: learned evaluations, their fit and their files.
//! - [`folder`], [`output`]: run folders that one run holds at a time, and files written whole or
//!   appended row by row; [`error`]: what can go wrong, naming the file, setting or bot at fault.
//! - [`pool`], [`progress`], [`stop`], [`alloc_count`]: worker threads, progress bars, stop
//!   requests and counting allocations; [`digest`]: SHA-256 in hex.

pub mod agent;
pub mod alloc_count;
pub mod bots;
pub mod child;
pub mod digest;
pub mod error;
pub mod folder;
pub mod game;
pub mod kind;
pub mod learned;
pub mod options;
pub mod output;
pub mod play;
pub mod pool;
pub mod process_agent;
pub mod progress;
pub mod protocol;
pub mod report;
pub mod runner;
pub mod sandbox;
pub mod search;
pub mod seat;
pub mod secret;
pub mod seeds;
pub mod serve;
pub mod sprt;
pub mod stats;
pub mod stop;
#[cfg(target_os = "linux")]
pub mod supervisor;
pub mod svg;
pub mod tournament;
