//! The expansion's parts of a game's state (K3–K5, K9): flat arrays and bit sets beside the base
//! game's, all public but the decks' order and the progress cards in each hand (K85). In the base
//! game they stay as `Expansion::new` leaves them.

use super::barbarians::Strength;
use super::cards::{Colour, ProgressCard};
use super::decks::Deck;
use super::dice::Ship;
use super::metropolis::Metropolis;
use crate::topology::{NODES, NONE};

/// Most players (as the base game's `MAX_PLAYERS`).
const SEATS: usize = 4;

/// Knights of each strength in a player's supply at the start (K3).
pub const KNIGHTS_PER_STRENGTH: u8 = 2;
/// City walls in a player's supply (K3, K19).
pub const WALLS: u8 = 3;
/// Progress card kinds (K55, K66, K73).
pub const PROGRESS_KINDS: usize = 25;

/// A knight on an intersection, one byte: its owner, strength, and whether it is active and may
/// act this turn (K29–K32).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knight(pub(crate) u8);

impl Knight {
    const PRESENT: u8 = 0x80;
    const ACTIVE: u8 = 0x10;
    /// Active when its owner's turn began and not yet used (K32).
    const READY: u8 = 0x20;
    /// Promoted on this turn (K30).
    const PROMOTED: u8 = 0x40;

    /// A new knight of `owner`, inactive unless `active`.
    pub(crate) fn new(owner: u8, strength: Strength, active: bool) -> Knight {
        Knight(Knight::PRESENT | owner | (strength as u8) << 2 | if active { Knight::ACTIVE } else { 0 })
    }

    /// Its owner's seat.
    #[inline]
    pub fn owner(self) -> u8 {
        self.0 & 3
    }

    /// Its strength.
    pub fn strength(self) -> Strength {
        match (self.0 >> 2) & 3 {
            1 => Strength::Basic,
            2 => Strength::Strong,
            _ => Strength::Mighty,
        }
    }

    /// Whether it is active (K31).
    pub fn active(self) -> bool {
        self.0 & Knight::ACTIVE != 0
    }

    /// Whether it may act now, on its owner's turn (K32).
    pub fn ready(self) -> bool {
        self.0 & Knight::READY != 0
    }

    /// Whether it was promoted on this turn (K30).
    pub fn promoted(self) -> bool {
        self.0 & Knight::PROMOTED != 0
    }

    pub(crate) fn with_strength(self, s: Strength) -> Knight {
        Knight(self.0 & !0x0C | (s as u8) << 2 | Knight::PROMOTED)
    }

    pub(crate) fn activated(self) -> Knight {
        Knight(self.0 | Knight::ACTIVE)
    }

    /// Inactive and not ready: after an action (K32) or an attack (K43).
    pub(crate) fn spent(self) -> Knight {
        Knight(self.0 & !(Knight::ACTIVE | Knight::READY))
    }

    /// At its owner's turn's start: ready if active; promoted marks cleared.
    pub(crate) fn turn_begins(self, owner_on_turn: bool) -> Knight {
        let ready = if owner_on_turn && self.active() { Knight::READY } else { 0 };
        Knight(self.0 & !(Knight::READY | Knight::PROMOTED) | ready)
    }
}

/// Where the roll stands while the event die and its consequences are resolved (K10, K11, K12).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pending {
    /// Players who still lose a city to the barbarians (K40, K41), a bit per seat.
    pub losers: u8,
    /// Players who still draw a progress card of their choice for a tied defence (K39).
    pub tied: u8,
    /// Players who still draw a card on a gate face (K12), and from which deck.
    pub draws: u8,
    /// The deck the next draw comes from (`Colour as u8`).
    pub colour: u8,
    /// Players who still take a resource by the aqueduct (K24).
    pub aqueduct: u8,
    /// Whether production (or the 7) is still to come.
    pub production: bool,
    /// Whether the turn ends once the player on turn has put back his surplus (K50).
    pub ending: bool,
    /// A knight displaced and the intersection it was displaced from (K34), to be moved on by
    /// its owner.
    pub displaced: Option<(Knight, u8)>,
}

/// What a progress card in play leaves to do (K56–K82), and what lasts for the turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InPlay {
    /// The dice an Alchemist set (red, yellow), 0 when none (K56).
    pub alchemist: (u8, u8),
    /// Card kinds a Merchant Fleet made 2:1 this turn, a bit per lane (K70).
    pub fleet: u8,
    /// Whether a Commercial Harbor is in play this turn, and the players already offered (K67).
    pub harbour: bool,
    pub harbour_done: u8,
    /// The resource offered to the player now giving a commodity (K67).
    pub offered: u8,
    /// The player a Master Merchant takes from, and how many cards are left to take (K68).
    pub take_from: u8,
    pub to_take: u8,
    /// Players still robbed by a Bishop, a bit per seat (K74).
    pub bishop: u8,
    /// Players still giving for a Wedding, and how many cards the one giving has left (K82).
    pub givers: u8,
    pub to_give: u8,
    /// The knight a Deserter's victim removed (K76), for its strength and state.
    pub deserted: Option<Knight>,
    /// Whether the discards under way are a Saboteur's (K79): the main step follows, not the robber.
    pub sabotage: bool,
    /// The player a Spy looks at (K80).
    pub spied: u8,
}

/// Städte und Ritter's state beside the base game's.
#[derive(Clone, Debug, PartialEq)]
pub struct Expansion {
    /// Each player's level on each track (`Track as usize`), 0–5 (K20).
    pub(crate) levels: [[u8; 3]; SEATS],
    /// The intersections carrying a city wall, a bit each (K19).
    pub(crate) walls: u64,
    pub(crate) wall_count: [u8; SEATS],
    /// The knight on each intersection, 0 for none.
    pub(crate) knights: [u8; NODES],
    /// Each player's knights, a bit per intersection.
    pub(crate) knight_bits: [u64; SEATS],
    /// Knights in each player's supply by strength (basic, strong, mighty).
    pub(crate) supply: [[u8; 3]; SEATS],
    /// Each track's metropolis and the intersection of the city carrying it (`NONE`: free).
    pub(crate) metropolis: [Metropolis; 3],
    pub(crate) metropolis_node: [u8; 3],
    pub(crate) ship: Ship,
    /// Defender of Catan cards taken (K39).
    pub(crate) defenders: [u8; SEATS],
    /// Attacks the barbarians won (K40), and each player's cities lost to them (K42) and of
    /// those removed from the board (H11): counts for studies.
    pub(crate) barbarian_wins: u16,
    pub(crate) cities_lost: [u8; SEATS],
    pub(crate) cities_removed: [u8; SEATS],
    /// City pieces lying on their side, settlements in every way (K42).
    pub(crate) sideways: u64,
    /// Cities sabotaged under H9: yielding as settlements until repaired.
    pub(crate) sabotaged: u64,
    /// Progress cards in each hand by kind (hidden, K85).
    pub(crate) progress: [[u8; PROGRESS_KINDS]; SEATS],
    /// Printer and Constitution cards laid down (K49).
    pub(crate) progress_points: [u8; SEATS],
    /// The three decks, by `Colour as usize` (hidden order).
    pub(crate) decks: [Deck; 3],
    /// The merchant's hex and controller (`NONE`: off the board, K45).
    pub(crate) merchant: u8,
    pub(crate) merchant_owner: u8,
    /// The last roll's red die and event die face (1–6; 0 before the first roll).
    pub(crate) red: u8,
    pub(crate) event: u8,
    /// The roll's sum kept while the event die is resolved.
    pub(crate) roll: u8,
    pub(crate) pending: Pending,
    /// The track whose metropolis the player to act is placing (K26, K27).
    pub(crate) pending_metropolis: u8,
    pub(crate) in_play: InPlay,
}

impl Expansion {
    /// The parts at the start (K9): everything at zero, the ship at its start, the decks in
    /// `KINDS` order until shuffled.
    pub(crate) fn new() -> Expansion {
        Expansion {
            levels: [[0; 3]; SEATS],
            walls: 0,
            wall_count: [0; SEATS],
            knights: [0; NODES],
            knight_bits: [0; SEATS],
            supply: [[KNIGHTS_PER_STRENGTH; 3]; SEATS],
            metropolis: [Metropolis::Free; 3],
            metropolis_node: [NONE; 3],
            ship: Ship::default(),
            defenders: [0; SEATS],
            barbarian_wins: 0,
            cities_lost: [0; SEATS],
            cities_removed: [0; SEATS],
            sideways: 0,
            sabotaged: 0,
            progress: [[0; PROGRESS_KINDS]; SEATS],
            progress_points: [0; SEATS],
            decks: Colour::ALL.map(Deck::unshuffled),
            merchant: NONE,
            merchant_owner: NONE,
            red: 0,
            event: 0,
            roll: 0,
            pending: Pending::default(),
            pending_metropolis: 0,
            in_play: InPlay::default(),
        }
    }

    /// The knight on intersection `n`, if any.
    #[inline]
    pub(crate) fn knight(&self, n: usize) -> Option<Knight> {
        (self.knights[n] != 0).then_some(Knight(self.knights[n]))
    }

    /// Every knight's intersection, a bit each.
    #[inline]
    pub(crate) fn all_knights(&self) -> u64 {
        self.knight_bits[0] | self.knight_bits[1] | self.knight_bits[2] | self.knight_bits[3]
    }

    /// Progress cards `p` holds (victory points aside; the number is public, K47).
    pub(crate) fn held(&self, p: usize) -> u32 {
        self.progress[p].iter().map(|&c| c as u32).sum()
    }

    /// Metropolises `p` holds.
    pub(crate) fn metropolises(&self, p: u8) -> u8 {
        self.metropolis.iter().filter(|m| m.holder().is_some_and(|h| h.0 == p)).count() as u8
    }

    /// The intersections carrying a metropolis, a bit each.
    pub(crate) fn metropolis_bits(&self) -> u64 {
        self.metropolis_node.iter().filter(|&&n| n != NONE).fold(0, |m, &n| m | 1 << n)
    }

    /// Puts a knight on `n`.
    pub(crate) fn place_knight(&mut self, n: usize, k: Knight) {
        self.knights[n] = k.0;
        self.knight_bits[k.owner() as usize] |= 1 << n;
    }

    /// Takes the knight off `n`, returning it.
    pub(crate) fn lift_knight(&mut self, n: usize) -> Knight {
        let k = Knight(self.knights[n]);
        self.knights[n] = 0;
        self.knight_bits[k.owner() as usize] &= !(1 << n);
        k
    }

    /// The progress card kinds `p` holds, in `KINDS` order.
    pub(crate) fn hand_kinds(&self, p: usize) -> impl Iterator<Item = ProgressCard> + '_ {
        ProgressCard::ALL.into_iter().filter(move |c| self.progress[p][c.index()] > 0)
    }
}
