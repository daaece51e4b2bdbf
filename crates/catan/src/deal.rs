//! Starting a game: a board, 2–4 players, the options, a shuffled deck and the game's generator,
//! all from one seed so that every seating of a deal plays the same board, dice and cards.

use crate::board::{Board, BoardError};
use crate::chance_log::ChanceLog;
use crate::ids::{DevCard, Hex, Node};
use crate::knights::cards::Colour;
use crate::knights::decks::Deck;
use crate::knights::expansion::Expansion;
use crate::knights::tracks::COMMODITY_STOCK;
use crate::moves::Phase;
use crate::options::{Numbers, Options};
use crate::packed::{COMMODITIES, ONE_EACH, ONE_OF_ALL};
use crate::state::{BANK, DECK, MAX_PLAYERS, NOBODY, State};
use crate::topology::{EDGES, HEXES, NODES};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::fmt;

/// Why a game cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// Not 2–4 players (C1, C40).
    Players(usize),
    /// Not 3 or 4 players for Städte und Ritter (K1).
    KnightsPlayers(usize),
    /// The board is not the box's (C3–C5).
    Board(BoardError),
    /// The deck is not the 25 cards of C22.
    Deck,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Players(n) => write!(f, "{n} players: Catan is played by 2 to 4 (C1, C40)"),
            SetupError::KnightsPlayers(n) => {
                write!(f, "{n} players: Städte und Ritter is played by 3 or 4 (K1)")
            }
            SetupError::Board(e) => write!(f, "board: {e}"),
            SetupError::Deck => write!(
                f,
                "the deck is not 14 knights, 2 year of plenty, 2 monopoly, 2 road building, 5 victory points (C22)"
            ),
        }
    }
}

impl std::error::Error for SetupError {}

/// The deck in a fixed order: knights first (C22).
pub fn unshuffled_deck() -> [DevCard; DECK] {
    let mut deck = [DevCard::Knight; DECK];
    let mut i = 0;
    for k in DevCard::ALL {
        for _ in 0..DevCard::COUNTS[k.index()] {
            deck[i] = k;
            i += 1;
        }
    }
    deck
}

impl State {
    /// A game on `board` with the deck in `deck` order (top first) and the generator seeded by
    /// `seed` (the dice, steals and random discards): what a replay of a log sets up.
    pub fn with_deck(
        board: Board,
        players: usize,
        options: Options,
        deck: [DevCard; DECK],
        seed: u64,
    ) -> Result<State, SetupError> {
        if options.knights() && !(3..=MAX_PLAYERS).contains(&players) {
            return Err(SetupError::KnightsPlayers(players));
        }
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(SetupError::Players(players));
        }
        board.validate().map_err(SetupError::Board)?;
        let mut counts = [0u8; 5];
        for d in deck {
            counts[d.index()] += 1;
        }
        if counts != DevCard::COUNTS {
            return Err(SetupError::Deck);
        }
        Ok(State {
            board,
            options,
            players: players as u8,
            nodes: [0; NODES],
            edges: [0; EDGES],
            hands: [0; MAX_PLAYERS],
            known: [[0; MAX_PLAYERS]; MAX_PLAYERS],
            dev: [[0; 5]; MAX_PLAYERS],
            fresh: [[0; 5]; MAX_PLAYERS],
            played: [[0; 5]; MAX_PLAYERS],
            settlements: [0; MAX_PLAYERS],
            cities: [0; MAX_PLAYERS],
            roads: [0; MAX_PLAYERS],
            road_length: [0; MAX_PLAYERS],
            harbour_bits: [0; MAX_PLAYERS],
            rates: [4 * ONE_EACH; MAX_PLAYERS],
            longest: NOBODY,
            reached: [0; MAX_PLAYERS],
            built: [0; MAX_PLAYERS],
            road_nodes: [0; MAX_PLAYERS],
            road_edges: [0; MAX_PLAYERS],
            crowded: 0,
            city_bits: 0,
            hexes_of: std::array::from_fn(|n| {
                (0..HEXES)
                    .filter(|&h| board.terrain[h].is_some() && board.numbers[h] as usize == n)
                    .fold(0, |m, h| m | 1 << h)
            }),
            holder_length: 0,
            army: NOBODY,
            // K4: 12 of each commodity beside the resources under Städte und Ritter.
            bank: BANK as u64 * ONE_EACH
                + if options.knights() { (COMMODITY_STOCK as u64 * ONE_OF_ALL) & COMMODITIES } else { 0 },
            deck,
            deck_top: 0,
            robber: board.desert(),
            phase: Phase::SetupSettlement,
            current: 0,
            actor: 0,
            rolled: false,
            dev_played: false,
            free_roads: 0,
            to_discard: [0; MAX_PLAYERS],
            setup_step: 0,
            last_settlement: Node(0),
            victim: NOBODY,
            offer: [[0; 5]; 2],
            accepted: 0,
            proposals: 0,
            last_roll: 0,
            turns: 0,
            winner: NOBODY,
            steps: 0,
            rng: Pcg64Mcg::seed_from_u64(seed),
            seed,
            ck: Expansion::new(),
            chance_log: ChanceLog::default(),
        })
    }

    /// Sets the three progress decks, top first, before the game starts (K47): a record's, or
    /// shuffled by `State::new`.
    pub fn set_progress_decks(&mut self, decks: [Deck; 3]) {
        self.ck.decks = decks;
    }

    /// The three progress decks, science, trade, politics, their undrawn cards from the top
    /// (hidden; records write them at the start).
    pub fn progress_decks(&self) -> &[Deck; 3] {
        &self.ck.decks
    }

    /// A game on `board` with the deck shuffled and the generator seeded from `seed`.
    pub fn new(board: Board, players: usize, options: Options, seed: u64) -> Result<State, SetupError> {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut deck = unshuffled_deck();
        if options.knights() {
            // K1: no development cards; the three progress decks instead (K47).
            let mut s = State::with_deck(board, players, options, deck, rng.next_u64())?;
            s.set_progress_decks(Colour::ALL.map(|c| Deck::shuffled(c, &mut rng)));
            return Ok(s);
        }
        deck.shuffle(&mut rng);
        State::with_deck(board, players, options, deck, rng.next_u64())
    }

    /// A whole deal from one seed: a random board (C9 or C10 by the options), the deck and the
    /// generator.
    pub fn deal(players: usize, options: Options, seed: u64) -> Result<State, SetupError> {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let board = match options.numbers {
            Numbers::Spiral => Board::random(&mut rng),
            Numbers::Shuffle => Board::shuffled(&mut rng),
        };
        State::new(board, players, options, rng.next_u64())
    }

    /// Puts the robber on `h` (for positions built by tests and imported games).
    pub fn set_robber(&mut self, h: Hex) {
        self.robber = h;
    }
}
