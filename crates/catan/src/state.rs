//! The game state: one flat `Clone` struct of fixed-size arrays, no heap. The hidden parts (the
//! deck's order, the development cards in others' hands, the generator that rolls the dice, and
//! what each player knows of each resource hand, C41) live here too; agents see them only
//! through `observation`, which deals them afresh.

use crate::board::Board;
use crate::chance_log::ChanceLog;
use crate::ids::{Cards, DevCard, Edge, Hex, Node, Player, Resource};
use crate::knights::expansion::Expansion;
use crate::knights::points::Points;
use crate::moves::Phase;
use crate::options::Options;
use crate::packed::{self, unpack};
use crate::topology::{EDGES, HARBOURS, NODES, NONE, TOPOLOGY};
use rand_pcg::Pcg64Mcg;

/// Most players a game seats (C1, C40: 2–4).
pub const MAX_PLAYERS: usize = 4;
/// Settlements, cities and roads in each player's supply (C2).
pub const SETTLEMENTS: u8 = 5;
/// Cities in each player's supply (C2).
pub const CITIES: u8 = 4;
/// Roads in each player's supply (C2).
pub const ROADS: u8 = 15;
/// Cards of each resource in the bank at the start (C2).
pub const BANK: u8 = 19;
/// Development cards in the deck (C22).
pub const DECK: usize = 25;
/// Points that win (C38).
pub const WINNING_POINTS: u8 = 10;
/// Proposals a player may make in one turn (C37).
pub const PROPOSALS: u8 = 3;
/// Most cards on each side of a proposal (C37).
pub const OFFER_CARDS: u32 = 2;
/// A hand above this many cards discards on a 7 (C29).
pub const HAND_LIMIT: u32 = 7;

/// Marks "nobody" in a one-byte player slot.
pub(crate) const NOBODY: u8 = u8::MAX;
/// The bit of an intersection's byte that marks a city.
pub(crate) const CITY: u8 = 0x10;

/// A building on an intersection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Building {
    /// A settlement of this player.
    Settlement(Player),
    /// A city of this player.
    City(Player),
}

impl Building {
    /// Its owner.
    pub fn owner(self) -> Player {
        match self {
            Building::Settlement(p) | Building::City(p) => p,
        }
    }
}

/// The intersection's harbour, per intersection (`NONE` where there is none).
pub(crate) const NODE_HARBOUR: [u8; NODES] = {
    let mut out = [NONE; NODES];
    let mut i = 0;
    while i < HARBOURS {
        out[TOPOLOGY.harbour_nodes[i][0] as usize] = i as u8;
        out[TOPOLOGY.harbour_nodes[i][1] as usize] = i as u8;
        i += 1;
    }
    out
};

/// A game of Catan, its hidden parts included.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub(crate) board: Board,
    pub(crate) options: Options,
    pub(crate) players: u8,
    /// Per intersection: 0 empty, else owner + 1, with `CITY` set for a city.
    pub(crate) nodes: [u8; NODES],
    /// Per path: 0 empty, else owner + 1.
    pub(crate) edges: [u8; EDGES],
    /// Each player's resource cards, packed (`packed::pack`), a u64 per hand.
    pub(crate) hands: [u64; MAX_PLAYERS],
    /// What each player knows of each hand (C41): `known[v][p]` is a lower bound of player p's
    /// resource cards as player v can deduce them from what it saw; exact for `v == p`.
    /// Packed (`packed::pack`), a u64 per hand.
    pub(crate) known: [[u64; MAX_PLAYERS]; MAX_PLAYERS],
    /// Development cards in hand, by kind (victory points included), bought this turn too.
    pub(crate) dev: [[u8; 5]; MAX_PLAYERS],
    /// Of those, bought on this turn (C24).
    pub(crate) fresh: [[u8; 5]; MAX_PLAYERS],
    /// Development cards played, by kind.
    pub(crate) played: [[u8; 5]; MAX_PLAYERS],
    pub(crate) settlements: [u8; MAX_PLAYERS],
    pub(crate) cities: [u8; MAX_PLAYERS],
    pub(crate) roads: [u8; MAX_PLAYERS],
    /// Each player's longest road (C32), kept up to date.
    pub(crate) road_length: [u8; MAX_PLAYERS],
    /// Harbour kinds each player uses: bits 0–4 the 2:1 of that resource, bit 5 a 3:1.
    pub(crate) harbour_bits: [u8; MAX_PLAYERS],
    /// The rate each player trades each resource at with the bank, packed (kept with
    /// `harbour_bits`).
    pub(crate) rates: [u64; MAX_PLAYERS],
    pub(crate) longest: u8,
    /// Under Catanatron's longest road or `road_through` (`Options::tracks_network`): the
    /// intersections each player's network took in (his roads reached them while free of others'
    /// buildings, or a cut's walk met them; bit per intersection), and the holder's length when
    /// last set.
    pub(crate) reached: [u64; MAX_PLAYERS],
    pub(crate) holder_length: u8,
    /// Kept with `nodes` and `edges`, so that the legal moves, the robber's victims and longest
    /// road are bit operations: each player's buildings and the intersections his roads touch (a
    /// bit per intersection), his roads (a bit per path), and the intersections where the
    /// distance rule forbids a settlement (C17).
    pub(crate) built: [u64; MAX_PLAYERS],
    pub(crate) road_nodes: [u64; MAX_PLAYERS],
    pub(crate) road_edges: [u128; MAX_PLAYERS],
    pub(crate) crowded: u64,
    /// The intersections holding a city, a bit each.
    pub(crate) city_bits: u64,
    /// The land hexes bearing each number token, a bit per hex (from the board, for production).
    pub(crate) hexes_of: [u32; 13],
    pub(crate) army: u8,
    /// The bank's resource cards, packed.
    pub(crate) bank: u64,
    /// The deck, top at `deck_top`.
    pub(crate) deck: [DevCard; DECK],
    pub(crate) deck_top: u8,
    pub(crate) robber: Hex,
    pub(crate) phase: Phase,
    /// Whose turn it is.
    pub(crate) current: u8,
    /// Who decides now (a discarding player, or `current`).
    pub(crate) actor: u8,
    pub(crate) rolled: bool,
    pub(crate) dev_played: bool,
    pub(crate) free_roads: u8,
    /// Cards each player still has to discard on this 7.
    pub(crate) to_discard: [u8; MAX_PLAYERS],
    /// The set-up step, 0 to 2 × players.
    pub(crate) setup_step: u8,
    pub(crate) last_settlement: Node,
    pub(crate) victim: u8,
    /// The proposal on the table: cards given, cards asked (C37).
    pub(crate) offer: [Cards; 2],
    /// Who accepted it, a bit per player.
    pub(crate) accepted: u8,
    /// Proposals made on this turn.
    pub(crate) proposals: u8,
    pub(crate) last_roll: u8,
    pub(crate) turns: u16,
    pub(crate) winner: u8,
    /// Moves and chance events applied, for `progress`.
    pub(crate) steps: u32,
    pub(crate) rng: Pcg64Mcg,
    /// The seed the dice generator started from (for records).
    pub(crate) seed: u64,
    /// Städte und Ritter's parts (untouched in the base game).
    pub(crate) ck: Expansion,
    /// The chance outcomes since the last move, which a record writes before the next move.
    pub(crate) chance_log: ChanceLog,
}

impl State {
    /// Number of players.
    #[inline]
    pub fn players(&self) -> usize {
        self.players as usize
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The step the game stands at.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whose turn it is.
    pub fn current(&self) -> Player {
        Player(self.current)
    }

    /// Who decides now.
    #[inline]
    pub fn actor(&self) -> Player {
        Player(self.actor)
    }

    /// Whether the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The winner, once the game is over with one (none at the turn limit, C39).
    pub fn winner(&self) -> Option<Player> {
        (self.winner != NOBODY).then_some(Player(self.winner))
    }

    /// The building on an intersection.
    #[inline]
    pub fn building(&self, n: Node) -> Option<Building> {
        match self.nodes[n.index()] {
            0 => None,
            b if b & CITY != 0 => Some(Building::City(Player((b & !CITY) - 1))),
            b => Some(Building::Settlement(Player(b - 1))),
        }
    }

    /// The owner of the road on a path.
    #[inline]
    pub fn road(&self, e: Edge) -> Option<Player> {
        match self.edges[e.index()] {
            0 => None,
            b => Some(Player(b - 1)),
        }
    }

    /// A player's resource cards.
    pub fn hand(&self, p: Player) -> Cards {
        unpack(self.hands[p.index()])
    }

    /// What `viewer` knows of `p`'s resource cards (C41): a lower bound by kind, the rest of
    /// `p`'s hand unknown to it; `p`'s whole hand when `viewer == p`.
    pub fn known(&self, viewer: Player, p: Player) -> Cards {
        unpack(self.known[viewer.index()][p.index()])
    }

    /// How many of `p`'s resource cards `viewer` does not know the kind of (C41).
    pub fn unknown(&self, viewer: Player, p: Player) -> u32 {
        self.hand_size(p) - packed::sum(self.known[viewer.index()][p.index()])
    }

    /// A player's development cards in hand by kind (hidden from the others).
    pub fn dev_cards(&self, p: Player) -> &[u8; 5] {
        &self.dev[p.index()]
    }

    /// Of those, the ones bought on this turn.
    pub fn fresh_cards(&self, p: Player) -> &[u8; 5] {
        &self.fresh[p.index()]
    }

    /// A player's development cards played, by kind.
    pub fn played(&self, p: Player) -> &[u8; 5] {
        &self.played[p.index()]
    }

    /// The bank's resource cards.
    pub fn bank(&self) -> Cards {
        unpack(self.bank)
    }

    /// Development cards left in the deck.
    pub fn deck_left(&self) -> usize {
        DECK - self.deck_top as usize
    }

    /// The hex the robber stands on.
    pub fn robber(&self) -> Hex {
        self.robber
    }

    /// The holder of the longest road card (C32).
    pub fn longest_road(&self) -> Option<Player> {
        (self.longest != NOBODY).then_some(Player(self.longest))
    }

    /// The holder of the largest army card (C31).
    pub fn largest_army(&self) -> Option<Player> {
        (self.army != NOBODY).then_some(Player(self.army))
    }

    /// A player's longest road as kept by the engine (C32).
    pub fn road_length(&self, p: Player) -> u8 {
        self.road_length[p.index()]
    }

    /// Settlements, cities and roads a player has on the board.
    pub fn pieces(&self, p: Player) -> (u8, u8, u8) {
        (self.settlements[p.index()], self.cities[p.index()], self.roads[p.index()])
    }

    /// Turns played since the set-up round (C39).
    pub fn turns(&self) -> u16 {
        self.turns
    }

    /// The last roll's sum (0 before the first).
    pub fn last_roll(&self) -> u8 {
        self.last_roll
    }

    /// Cards a player still has to discard on this 7.
    pub fn to_discard(&self, p: Player) -> u8 {
        self.to_discard[p.index()]
    }

    /// Free roads left to place (C26).
    pub fn free_roads(&self) -> u8 {
        self.free_roads
    }

    /// Whether the player on turn has rolled.
    pub fn has_rolled(&self) -> bool {
        self.rolled
    }

    /// Whether the player on turn has played a development card this turn (C24).
    pub fn card_played(&self) -> bool {
        self.dev_played
    }

    /// The proposal on the table (cards given, cards asked) and who accepted it (C37).
    pub fn offer(&self) -> ([u8; 5], [u8; 5], u8) {
        (self.offer[0], self.offer[1], self.accepted)
    }

    /// The victim of the steal that chance is about to resolve.
    pub fn victim(&self) -> Option<Player> {
        (self.victim != NOBODY).then_some(Player(self.victim))
    }

    /// A player's points (C38): buildings, special cards and victory point cards; under Städte
    /// und Ritter K84's.
    pub fn points(&self, p: Player) -> u8 {
        let i = p.index();
        if self.options.knights() {
            return self.knights_points(p);
        }
        self.settlements[i]
            + 2 * self.cities[i]
            + if self.longest == p.0 { 2 } else { 0 }
            + if self.army == p.0 { 2 } else { 0 }
            + self.dev[i][DevCard::VictoryPoint.index()]
    }

    /// A player's points under Städte und Ritter (K84): a settlement 1 (a city on its side too),
    /// a city 2, a metropolis 2 more, longest trade route 2, the merchant 1, each Defender of
    /// Catan card 1, Printer and Constitution 1 each.
    fn knights_points(&self, p: Player) -> u8 {
        self.points_by_source(p).total() as u8
    }

    /// A player's points under Städte und Ritter by source (K84).
    pub fn points_by_source(&self, p: Player) -> Points {
        let (i, ck) = (p.index(), &self.ck);
        let sideways = (ck.sideways & self.built[i]).count_ones() as u8;
        Points {
            settlements: self.settlements[i] + sideways,
            cities: self.cities[i] - sideways,
            metropolises: ck.metropolises(p.0),
            longest_route: self.longest == p.0,
            merchant: ck.merchant_owner == p.0,
            defenders: ck.defenders[i],
            progress: ck.progress_points[i],
        }
    }

    /// The points that win: 10 (C38), 13 under Städte und Ritter (K2).
    pub fn points_to_win(&self) -> u8 {
        if self.options.knights() { 13 } else { WINNING_POINTS }
    }

    /// A player's points that everyone sees (victory point cards left out).
    pub fn public_points(&self, p: Player) -> u8 {
        self.points(p) - self.dev[p.index()][DevCard::VictoryPoint.index()]
    }

    /// A player's resource cards in all (commodities too, under Städte und Ritter, K4).
    pub fn hand_size(&self, p: Player) -> u32 {
        packed::sum(self.hands[p.index()])
    }

    /// The trading rate a player gets for a resource (C35, C36).
    #[inline]
    pub fn rate(&self, p: Player, r: Resource) -> u8 {
        packed::count(self.rates[p.index()], r.index())
    }

    /// How far the game has come: moves and chance events so far.
    pub fn steps(&self) -> u32 {
        self.steps
    }

    /// The chance outcomes applied since the last move, oldest first (records write them before
    /// the next move; hidden from a player's view, which sees none).
    pub fn chance_since_move(&self) -> &[crate::moves::Chance] {
        self.chance_log.outcomes()
    }

    /// Whether `other` is the same game but for the dice generator and its seed: what a record
    /// that carries its chance outcomes replays to without them.
    pub fn same_game(&self, other: &State) -> bool {
        let mut o = other.clone();
        o.rng = self.rng.clone();
        o.seed = self.seed;
        o == *self
    }

    /// The seed the game's generator started from (records write it).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The whole deck in its dealt order, top first (hidden; records write it).
    pub fn dealt_deck(&self) -> &[DevCard; DECK] {
        &self.deck
    }

    /// The undrawn deck, top first (hidden).
    pub fn deck(&self) -> &[DevCard] {
        &self.deck[self.deck_top as usize..]
    }

    /// The owner byte of an intersection, raw (for the reference checks).
    /// The intersections holding a building, a bit each.
    #[inline]
    pub(crate) fn occupied(&self) -> u64 {
        self.built[0] | self.built[1] | self.built[2] | self.built[3]
    }

    /// The intersections holding another player's building or knight than `p`'s (C32, K46).
    #[inline]
    pub(crate) fn others_built(&self, p: u8) -> u64 {
        (self.occupied() | self.ck.all_knights())
            & !(self.built[p as usize] | self.ck.knight_bits[p as usize])
    }

    pub(crate) fn owner_at(&self, n: usize) -> u8 {
        match self.nodes[n] {
            0 => NOBODY,
            b => (b & !CITY) - 1,
        }
    }
}

/// What a road costs (C18): lumber, brick.
pub const ROAD_COST: Cards = [1, 1, 0, 0, 0];
/// What a settlement costs (C19): lumber, brick, wool, grain.
pub const SETTLEMENT_COST: Cards = [1, 1, 1, 1, 0];
/// What a city costs (C20): 2 grain, 3 ore.
pub const CITY_COST: Cards = [0, 0, 0, 2, 3];
/// What a development card costs (C23): wool, grain, ore.
pub const CARD_COST: Cards = [0, 0, 1, 1, 1];

/// The costs packed (`packed::pack`).
pub(crate) const ROAD_PACKED: u64 = packed::pack(&ROAD_COST);
pub(crate) const SETTLEMENT_PACKED: u64 = packed::pack(&SETTLEMENT_COST);
pub(crate) const CITY_PACKED: u64 = packed::pack(&CITY_COST);
pub(crate) const CARD_PACKED: u64 = packed::pack(&CARD_COST);
