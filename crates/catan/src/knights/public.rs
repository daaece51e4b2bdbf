//! Städte und Ritter's parts of a game as its readers see them (tests, pictures, bots): levels,
//! walls, knights, metropolises, the ship, Defender cards, progress cards.

use super::card_kind::CardKind;
use super::cards::Colour;
use super::dice::Ship;
use super::expansion::{Knight, PROGRESS_KINDS};
use super::house::HouseRules;
use super::metropolis::Metropolis;
use super::tracks::Track;
use crate::ids::{Hex, Node, Player};
use crate::moves::Phase;
use crate::options::{Shortage, Variant};
use crate::packed::count;
use crate::state::State;
use crate::topology::NONE;

impl State {
    /// A player's level on a track (K20).
    pub fn level(&self, p: Player, t: Track) -> u8 {
        self.ck.levels[p.index()][t as usize]
    }

    /// The knight on an intersection (K29).
    pub fn knight(&self, n: Node) -> Option<Knight> {
        self.ck.knight(n.index())
    }

    /// The deck a progress card is about to be drawn from (at `Phase::Progress`).
    pub fn drawing_deck(&self) -> Option<Colour> {
        (self.phase == Phase::Progress).then(|| Colour::ALL[self.ck.pending.colour as usize])
    }

    /// The merchant's hex and the player controlling it (K45), once a Merchant was played.
    pub fn merchant(&self) -> Option<(Hex, Player)> {
        (self.ck.merchant != NONE).then_some((Hex(self.ck.merchant), Player(self.ck.merchant_owner)))
    }

    /// The same position of Städte und Ritter under other house rules (H1–H14; `shortage` follows
    /// H1): to play one position under the official and the club's readings. None in the base game.
    pub fn under(&self, house: HouseRules) -> Option<State> {
        if !self.options.knights() {
            return None;
        }
        let mut s = self.clone();
        s.options.variant = Variant::Knights(house);
        s.options.shortage = if house.on(1) { Shortage::H1 } else { Shortage::Official };
        Some(s)
    }

    /// The knight displaced and waiting for its owner to move it on (K34).
    pub fn displaced_knight(&self) -> Option<Knight> {
        self.ck.pending.displaced.map(|(k, _)| k)
    }

    /// Whether a city wall stands on an intersection (K19).
    pub fn wall(&self, n: Node) -> bool {
        self.ck.walls & (1 << n.0) != 0
    }

    /// Whether the city piece on an intersection lies on its side (K42).
    pub fn sideways(&self, n: Node) -> bool {
        self.ck.sideways & (1 << n.0) != 0
    }

    /// Whether the city on an intersection is sabotaged (H9): it yields as a settlement.
    pub fn sabotaged(&self, n: Node) -> bool {
        self.ck.sabotaged & (1 << n.0) != 0
    }

    /// A track's metropolis and the city carrying it (K26, K27).
    pub fn metropolis(&self, t: Track) -> (Metropolis, Option<Node>) {
        let n = self.ck.metropolis_node[t as usize];
        (self.ck.metropolis[t as usize], (n != NONE).then_some(Node(n)))
    }

    /// Attacks the barbarians won (K40).
    pub fn barbarian_wins(&self) -> u16 {
        self.ck.barbarian_wins
    }

    /// A player's cities lost to the barbarians (K42), and of those removed from the board (H11).
    pub fn cities_lost(&self, p: Player) -> (u8, u8) {
        (self.ck.cities_lost[p.index()], self.ck.cities_removed[p.index()])
    }

    /// The barbarian ship (K37).
    pub fn ship(&self) -> Ship {
        self.ck.ship
    }

    /// Defender of Catan cards a player took (K39).
    pub fn defenders(&self, p: Player) -> u8 {
        self.ck.defenders[p.index()]
    }

    /// Knights of each strength (basic, strong, mighty) in a player's supply (K3).
    pub fn knight_supply(&self, p: Player) -> [u8; 3] {
        self.ck.supply[p.index()]
    }

    /// A player's progress cards by kind, in `KINDS` order (hidden from the others, K85).
    pub fn progress_cards(&self, p: Player) -> &[u8; PROGRESS_KINDS] {
        &self.ck.progress[p.index()]
    }

    /// How many progress cards a player holds (public, K47).
    pub fn progress_held(&self, p: Player) -> u32 {
        self.ck.held(p.index())
    }

    /// Printer and Constitution cards a player laid down (K49).
    pub fn progress_points(&self, p: Player) -> u8 {
        self.ck.progress_points[p.index()]
    }

    /// City walls a player has on the board (K19).
    pub fn walls_of(&self, p: Player) -> u8 {
        self.ck.wall_count[p.index()]
    }

    /// The last roll's red die and event die face (K6; 0 before the first roll).
    pub fn red_and_event(&self) -> (u8, u8) {
        (self.ck.red, self.ck.event)
    }

    /// A card kind's count in a player's hand, commodities included (K4).
    pub fn cards_of(&self, p: Player, kind: CardKind) -> u8 {
        count(self.hands[p.index()], kind.index())
    }

    /// A card kind's count with the bank (K4).
    pub fn bank_of(&self, kind: CardKind) -> u8 {
        count(self.bank, kind.index())
    }
}
