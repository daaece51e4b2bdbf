//! The options of rules.md section 13, typed: the base game for 3 to 5 players by default.

use crate::errors::SetupError;

/// Which two-player variant (U58, U59, N18).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TwoPlayer {
    /// U58: five start areas worth at most 20 dots, 5 cards, 10 stones.
    FiveAreas,
    /// U59: each person plays two orders by the 4-player rules.
    TwoOrders,
    /// N18: the base rules unchanged.
    Plain,
}

/// When the game ends once the target is reached (U2, U60).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LastRound {
    /// U2: at once.
    Immediate,
    /// U60: the round is played to its end.
    Complete,
}

/// How selling to the Pfandhaus rounds half a value (U40, S4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rounding {
    /// The rule's text: down.
    Down,
    /// The worked example: up.
    Up,
}

/// The options of one game (rules.md section 13).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Persons at the table, 2 to 5 (U1).
    pub players: u8,
    /// The two-player variant chosen, if any (only with 2 players; default there `FiveAreas`).
    pub two_player: Option<TwoPlayer>,
    /// U2 or U60.
    pub last_round: LastRound,
    /// The strategic variant's targets (U74).
    pub strategic: bool,
    /// The periods' draw pile (U65, U66).
    pub periods: bool,
    /// Isolation (U67–U69).
    pub isolation: bool,
    /// Great powers (U70–U72).
    pub great_powers: bool,
    /// The free market (U73).
    pub free_market: bool,
    /// Points to win; `None`: the table of U1, U74 and N18.
    pub target: Option<u16>,
    /// Pfandhaus rounding (U40).
    pub sell_rounding: Rounding,
    /// The bank's stones capped at 160 (S11), or unlimited.
    pub bank_cap: bool,
    /// The harness's turn limit (U75, N24).
    pub turns: u32,
}

impl Options {
    /// The base game for this many players, every option at its default.
    pub fn base(players: u8) -> Options {
        Options {
            players,
            two_player: None,
            last_round: LastRound::Immediate,
            strategic: false,
            periods: false,
            isolation: false,
            great_powers: false,
            free_market: false,
            target: None,
            sell_rounding: Rounding::Down,
            bank_cap: false,
            turns: 1000,
        }
    }

    /// The source's strategic variant (all four parts, its targets) for this many players.
    pub fn strategic(players: u8) -> Options {
        Options {
            strategic: true,
            periods: true,
            isolation: true,
            great_powers: true,
            free_market: true,
            ..Options::base(players)
        }
    }

    /// Sets one option from its `name=value` words (section 13); `variant` resets the four parts.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), SetupError> {
        let bad = || SetupError::Option { name: name.to_string(), value: value.to_string() };
        let switch = |v: &str| match v {
            "on" => Ok(true),
            "off" => Ok(false),
            _ => Err(bad()),
        };
        match name {
            "players" => self.players = value.parse().map_err(|_| bad())?,
            "two_player" => {
                self.two_player = Some(match value {
                    "five_areas" => TwoPlayer::FiveAreas,
                    "two_orders" => TwoPlayer::TwoOrders,
                    "plain" => TwoPlayer::Plain,
                    _ => return Err(bad()),
                })
            }
            "last_round" => {
                self.last_round = match value {
                    "immediate" => LastRound::Immediate,
                    "complete" => LastRound::Complete,
                    _ => return Err(bad()),
                }
            }
            "variant" => {
                let on = match value {
                    "base" => false,
                    "strategic" => true,
                    _ => return Err(bad()),
                };
                self.strategic = on;
                self.periods = on;
                self.isolation = on;
                self.great_powers = on;
                self.free_market = on;
            }
            "periods" => self.periods = switch(value)?,
            "isolation" => self.isolation = switch(value)?,
            "great_powers" => self.great_powers = switch(value)?,
            "free_market" => self.free_market = switch(value)?,
            "target" => self.target = Some(value.parse().ok().filter(|&t| t >= 1).ok_or_else(bad)?),
            "sell_rounding" => {
                self.sell_rounding = match value {
                    "down" => Rounding::Down,
                    "up" => Rounding::Up,
                    _ => return Err(bad()),
                }
            }
            "bank" => {
                self.bank_cap = match value {
                    "unlimited" => false,
                    "160" => true,
                    _ => return Err(bad()),
                }
            }
            "turns" => self.turns = value.parse().ok().filter(|&t| t >= 1).ok_or_else(bad)?,
            _ => return Err(bad()),
        }
        Ok(())
    }

    /// The seats in play: 4 under `two_orders` (U59), else the players.
    pub fn seats(&self) -> u8 {
        if self.players == 2 && self.two_player == Some(TwoPlayer::TwoOrders) { 4 } else { self.players }
    }

    /// Whether the two-player rules of U58 (five areas) apply.
    pub fn five_areas(&self) -> bool {
        self.players == 2 && matches!(self.two_player, None | Some(TwoPlayer::FiveAreas))
    }

    /// Points to win (U1, U74, N18; U59 plays by the 4-player table).
    pub fn target(&self) -> u16 {
        if let Some(t) = self.target {
            return t;
        }
        match (self.seats(), self.strategic) {
            (2, _) => 50,
            (3, false) => 30,
            (4, false) => 25,
            (5, false) => 20,
            (3, true) => 35,
            (4, true) => 30,
            _ => 25,
        }
    }

    /// Starting hand, stones, most start areas and their most dots (U23, U28, U58).
    pub fn start(&self) -> (u8, u16, u8, u8) {
        if self.five_areas() { (5, 10, 5, 20) } else { (3, 5, 3, 10) }
    }

    /// Refuses a player count outside 2–5 (U1, U5).
    pub fn check(&self) -> Result<(), SetupError> {
        if !(2..=5).contains(&self.players) {
            return Err(SetupError::Players(self.players));
        }
        if self.players != 2 && self.two_player.is_some() {
            return Err(SetupError::TwoPlayerOnly(self.players));
        }
        Ok(())
    }
}
