//! Catan's greedy bot: one ply, a hand-written value of a position for the player (the formula
//! and the measured strength are in docs/catan/README.md, "Bots"). It reads only the honest view
//! of the observation (C41): the real game never, the others' hidden cards only as the view deals
//! them (a monopoly's take is valued on that fixed deal). A chance step a move leads to is valued
//! by its expectation where that is cheap: a roll by the position before it (production is
//! already valued), a card bought by the value of a card held, a steal by the value of one card.

use rand::RngExt;
use rand_pcg::Pcg64Mcg;
use stadt_catan::ids::{Node, Player, Resource, total};
use stadt_catan::kind::Catan;
use stadt_catan::knights::card_kind::CardKind;
use stadt_catan::knights::tracks::Track;
use stadt_catan::moves::{Move, Phase};
use stadt_catan::observation::Observation;
use stadt_catan::state::{Building, CARD_COST, CITY_COST, SETTLEMENT_COST, State};
use stadt_catan::topology::{NODES, NONE, TOPOLOGY};
use stadt_core::agent::Agent;
use stadt_core::bots::def::{BotDef, Full};
use stadt_core::bots::params::{ParamDef, ParamKind, Params};

/// Declares the greedy bot's weights once, each with its default, bounds and help: `WEIGHTS` for
/// the value, `PARAMS` for its spec (a default is written as it stands here).
macro_rules! weights {
    ($(($name:literal, $default:literal, $lo:literal, $hi:literal, $help:literal),)*) => {
        /// The greedy bot's weights by name, with default and bounds (what a spec and a tuner set).
        pub const WEIGHTS: &[(&str, f64, f64, f64)] = &[$(($name, $default, $lo, $hi)),*];

        /// The greedy bot's parameters: its weights, each a real number within its bounds.
        pub const PARAMS: &[ParamDef] = &[$(ParamDef {
            key: $name,
            default: stringify!($default),
            help: $help,
            kind: ParamKind::Real { min: $lo, max: $hi },
        }),*];
    };
}

weights! {
    ("w_points", 10.0, 0.0, 100.0, "per point, victory point cards included"),
    ("w_production", 30.0, 0.0, 300.0, "per expected card a roll brings"),
    ("w_variety", 1.5, 0.0, 20.0, "per resource produced at all"),
    ("w_harbour", 3.0, 0.0, 50.0, "per 2:1 harbour, times its resource's production"),
    ("w_generic_harbour", 1.0, 0.0, 20.0, "for owning a 3:1 harbour"),
    ("w_dev", 2.5, 0.0, 20.0, "per development card in hand"),
    ("w_knights", 3.0, 0.0, 20.0, "per knight played"),
    ("w_road_length", 0.5, 0.0, 10.0, "per path of the longest road"),
    ("w_spots", 3.0, 0.0, 30.0, "per intersection one may settle now (at most 3)"),
    ("w_reach", 1.0, 0.0, 10.0, "per free intersection one road beyond the network (at most 3)"),
    ("w_cards", 0.3, 0.0, 5.0, "per resource card in hand, up to 7"),
    ("w_excess", 0.6, 0.0, 5.0, "less per card above 7"),
    ("w_progress", 4.0, 0.0, 40.0, "per unit of progress toward a city, a settlement and a card"),
    ("w_levels", 3.0, 0.0, 30.0, "Städte und Ritter: per improvement level"),
    ("w_strength", 2.0, 0.0, 20.0, "Städte und Ritter: per point of active knight strength"),
    ("w_threat", 8.0, 0.0, 50.0, "Städte und Ritter: less when the barbarians would take a city now"),
    ("w_walls", 1.0, 0.0, 20.0, "Städte und Ritter: per city wall"),
    ("w_opponent", 0.3, 0.0, 2.0, "less per point of the strongest other player's value"),
}

/// The registry entry. Its full spec names the weights set away from their defaults only
/// (`greedy`, `greedy:w_points=12`).
pub static BOT: BotDef<Catan> = BotDef {
    name: "greedy",
    summary: "one ply on a hand-written value of the position, its weights as parameters (docs/catan/README.md)",
    params: PARAMS,
    full: Full::Changed { after: 0 },
    build: |p: &Params| {
        let weights = GreedyWeights::from_pairs(WEIGHTS.iter().map(|w| (w.0, p.real(w.0))));
        Box::new(GreedyCatan::new(weights.expect("checked weights")))
    },
};

/// The weights of the value (docs/catan/README.md, "Bots"), in `WEIGHTS` order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GreedyWeights {
    /// Per point (C38), the player's own victory point cards included.
    pub points: f64,
    /// Per expected card a roll brings (pips / 36, a city counting twice; the robber's hex not).
    pub production: f64,
    /// Per resource the player produces at all.
    pub variety: f64,
    /// Per 2:1 harbour, times the production of its resource in cards per roll × 36 / 5.
    pub harbour: f64,
    /// For owning a 3:1 harbour.
    pub generic_harbour: f64,
    /// Per development card in hand (victory points aside: they count as points).
    pub dev: f64,
    /// Per knight played (toward the largest army, C31).
    pub knights: f64,
    /// Per path of the player's longest road (C32).
    pub road_length: f64,
    /// Per intersection the player may settle now (at most 3 counted).
    pub spots: f64,
    /// Per free intersection one road beyond its network (at most 3 counted).
    pub reach: f64,
    /// Per resource card in hand, up to 7.
    pub cards: f64,
    /// Less per card above 7 (a 7 halves the hand, C29).
    pub excess: f64,
    /// Per unit of progress toward a city, a settlement (with a spot for it) and half a card
    /// (under Städte und Ritter, half the next level of the track nearest to it).
    pub progress: f64,
    /// Städte und Ritter: per improvement level (K20).
    pub levels: f64,
    /// Per point of active knight strength (K38), half for an inactive knight's.
    pub strength: f64,
    /// Less, when the barbarians would take one of the player's cities now (K40), times the share
    /// of the ship's track behind it.
    pub threat: f64,
    /// Per city wall (K19).
    pub walls: f64,
    /// Less per point of the strongest other player's value (public points and production).
    pub opponent: f64,
}

impl Default for GreedyWeights {
    fn default() -> GreedyWeights {
        let mut w = GreedyWeights::zero();
        for &(name, default, _, _) in WEIGHTS {
            *w.field(name).expect("every listed weight is a field") = default;
        }
        w
    }
}

impl GreedyWeights {
    fn zero() -> GreedyWeights {
        GreedyWeights {
            points: 0.0,
            production: 0.0,
            variety: 0.0,
            harbour: 0.0,
            generic_harbour: 0.0,
            dev: 0.0,
            knights: 0.0,
            road_length: 0.0,
            spots: 0.0,
            reach: 0.0,
            cards: 0.0,
            excess: 0.0,
            progress: 0.0,
            levels: 0.0,
            strength: 0.0,
            threat: 0.0,
            walls: 0.0,
            opponent: 0.0,
        }
    }

    /// The weight a name of `WEIGHTS` stands for.
    pub fn field(&mut self, name: &str) -> Option<&mut f64> {
        Some(match name {
            "w_points" => &mut self.points,
            "w_production" => &mut self.production,
            "w_variety" => &mut self.variety,
            "w_harbour" => &mut self.harbour,
            "w_generic_harbour" => &mut self.generic_harbour,
            "w_dev" => &mut self.dev,
            "w_knights" => &mut self.knights,
            "w_road_length" => &mut self.road_length,
            "w_spots" => &mut self.spots,
            "w_reach" => &mut self.reach,
            "w_cards" => &mut self.cards,
            "w_excess" => &mut self.excess,
            "w_progress" => &mut self.progress,
            "w_levels" => &mut self.levels,
            "w_strength" => &mut self.strength,
            "w_threat" => &mut self.threat,
            "w_walls" => &mut self.walls,
            "w_opponent" => &mut self.opponent,
            _ => return None,
        })
    }

    /// Sets the weight `name` to `value`, or says why not (an unknown name, a value out of its
    /// bounds).
    pub fn set(&mut self, name: &str, value: f64) -> Result<(), String> {
        let &(_, _, lo, hi) = WEIGHTS.iter().find(|w| w.0 == name).ok_or_else(|| {
            let names: Vec<&str> = WEIGHTS.iter().map(|w| w.0).collect();
            format!("`{name}` is not a weight of greedy: its weights are {}", names.join(", "))
        })?;
        if !(lo..=hi).contains(&value) {
            return Err(format!("`{name}={value}`: a number from {lo} to {hi}"));
        }
        *self.field(name).expect("a listed weight") = value;
        Ok(())
    }

    /// The defaults with the weights of `values` (name, value) set, or why they cannot be.
    pub fn from_pairs<'n>(values: impl IntoIterator<Item = (&'n str, f64)>) -> Result<GreedyWeights, String> {
        let mut w = GreedyWeights::default();
        for (name, value) in values {
            w.set(name, value)?;
        }
        Ok(w)
    }

    /// The weights as (name, value), in `WEIGHTS` order.
    pub fn pairs(&self) -> Vec<(&'static str, f64)> {
        let mut copy = *self;
        WEIGHTS.iter().map(|&(name, ..)| (name, *copy.field(name).expect("a listed weight"))).collect()
    }
}

/// The dots on a number token: the rolls in 36 that bring it.
fn pips(n: u8) -> f64 {
    stadt_catan::board::pips(n) as f64
}

/// Expected cards per roll of each resource a player's buildings bring (the robber's hex not).
pub(crate) fn production(s: &State, p: Player) -> [f64; 5] {
    let mut out = [0.0; 5];
    let board = s.board();
    for n in 0..NODES {
        let times = match s.building(Node(n as u8)) {
            Some(Building::Settlement(o)) if o == p => 1.0,
            Some(Building::City(o)) if o == p => 2.0,
            _ => continue,
        };
        for &h in &TOPOLOGY.node_hexes[n] {
            if h == NONE {
                break;
            }
            if h == s.robber().0 {
                continue;
            }
            if let Some(r) = board.terrain[h as usize] {
                out[r.index()] += times * pips(board.numbers[h as usize]) / 36.0;
            }
        }
    }
    out
}

/// Whether nobody has built on `n` or next to it (the distance rule, C19).
fn free_site(s: &State, n: usize) -> bool {
    s.building(Node(n as u8)).is_none()
        && TOPOLOGY.node_neighbours[n].iter().all(|&m| m == NONE || s.building(Node(m)).is_none())
}

/// Whether `p` has a road ending at `n`.
fn road_at(s: &State, p: Player, n: usize) -> bool {
    TOPOLOGY.node_edges[n].iter().any(|&e| e != NONE && s.road(stadt_catan::ids::Edge(e)) == Some(p))
}

/// Intersections `p` may settle now, and free ones one road beyond its network.
pub(crate) fn sites(s: &State, p: Player) -> (u32, u32) {
    let (mut now, mut beyond) = (0, 0);
    for n in 0..NODES {
        if !free_site(s, n) {
            continue;
        }
        if road_at(s, p, n) {
            now += 1;
        } else if TOPOLOGY.node_neighbours[n].iter().any(|&m| {
            m != NONE
                && (road_at(s, p, m as usize) || s.building(Node(m)).is_some_and(|b| b.owner() == p))
                && s.building(Node(m)).is_none_or(|b| b.owner() == p)
        }) {
            beyond += 1;
        }
    }
    (now, beyond)
}

/// How much of `cost` the hand covers, from 0 to 1.
fn progress(hand: &[u8; 5], cost: &[u8; 5]) -> f64 {
    let covered: u32 = hand.iter().zip(cost).map(|(&h, &c)| h.min(c) as u32).sum();
    covered as f64 / total(cost) as f64
}

/// `p`'s progress toward a card (half), a city (with a settlement to upgrade) and a settlement
/// (with one of the `now` spots to settle), by the share of each cost its hand covers.
pub(crate) fn toward(s: &State, p: Player, now: u32) -> f64 {
    let hand = &s.hand(p);
    let (settlements, cities, _) = s.pieces(p);
    let mut toward = 0.5 * progress(hand, &CARD_COST);
    if settlements > 0 && cities < 4 {
        toward += progress(hand, &CITY_COST);
    }
    if now > 0 && settlements < 5 {
        toward += progress(hand, &SETTLEMENT_COST);
    }
    toward
}

/// The value of position `s` for `p` (docs/catan/README.md, "Bots"): `s` may stand at a chance
/// step a move of `p` led to, valued by its expectation.
pub fn value(w: &GreedyWeights, s: &State, p: Player) -> f64 {
    if s.is_over() {
        return match s.winner() {
            Some(q) if q == p => 1e6,
            Some(_) => -1e6,
            None => 0.0,
        };
    }
    let prod = production(s, p);
    let mut v = w.points * s.points(p) as f64;
    v += w.production * prod.iter().sum::<f64>();
    v += w.variety * prod.iter().filter(|&&x| x > 0.0).count() as f64;
    let mut generic = false;
    for r in Resource::ALL {
        match s.rate(p, r) {
            2 => v += w.harbour * prod[r.index()] * 36.0 / 5.0,
            3 => generic = true,
            _ => {}
        }
    }
    if generic {
        v += w.generic_harbour;
    }
    let dev = s.dev_cards(p);
    let held: u8 = dev.iter().sum::<u8>() - dev[stadt_catan::ids::DevCard::VictoryPoint.index()];
    let pending = if s.phase() == Phase::Draw { 1.0 } else { 0.0 };
    v += w.dev * (held as f64 + pending);
    if s.options().knights() {
        v += knights_value(w, s, p);
    }
    v += w.knights * s.played(p)[stadt_catan::ids::DevCard::Knight.index()] as f64;
    v += w.road_length * s.road_length(p) as f64;
    let (now, beyond) = sites(s, p);
    v += w.spots * now.min(3) as f64 + w.reach * beyond.min(3) as f64;
    let stolen = if s.phase() == Phase::Steal && s.current() == p { 1 } else { 0 };
    let cards = s.hand_size(p) + stolen;
    v += w.cards * cards.min(7) as f64 - w.excess * cards.saturating_sub(7) as f64;
    v += w.progress * toward(s, p, now);
    let strongest = (0..s.players() as u8)
        .map(Player)
        .filter(|&q| q != p)
        .map(|q| w.points * s.public_points(q) as f64 + w.production * production(s, q).iter().sum::<f64>())
        .fold(0.0, f64::max);
    v - w.opponent * strongest
}

/// Städte und Ritter's part of the value (K19, K20, K38, K40, K47): levels, progress cards
/// held, knights' strength, walls, the next level's commodities, and the barbarians' threat.
fn knights_value(w: &GreedyWeights, s: &State, p: Player) -> f64 {
    let mut v = w.dev * s.progress_held(p) as f64 + w.walls * s.walls_of(p) as f64;
    let mut nearest = 0.0f64;
    for t in Track::ALL {
        let level = s.level(p, t);
        v += w.levels * level as f64;
        if level < 5 {
            let have = s.cards_of(p, CardKind::Commodity(t.commodity())) as f64;
            nearest = nearest.max((have / (level + 1) as f64).min(1.0));
        }
    }
    v += w.progress * 0.5 * nearest;
    // Every seat's active strength, and its cities the barbarians may take (K38, K40).
    let n = s.players();
    let (mut active, mut cities, mut exposed) = ([0u32; 4], [0u32; 4], [false; 4]);
    let (mut catan, mut barbarians) = (0, 0);
    for node in 0..NODES as u8 {
        if let Some(k) = s.knight(Node(node)) {
            let strength = k.strength() as u32;
            if k.active() {
                active[k.owner() as usize] += strength;
                catan += strength;
            } else if k.owner() == p.0 {
                v += 0.5 * w.strength * strength as f64;
            }
        }
        if let Some(Building::City(q)) = s.building(Node(node)) {
            barbarians += 1;
            cities[q.index()] += 1;
            let metropolis = Track::ALL.iter().any(|&t| s.metropolis(t).1 == Some(Node(node)));
            exposed[q.index()] |= !metropolis;
        }
    }
    v += w.strength * active[p.index()] as f64;
    if catan < barbarians && exposed[p.index()] {
        let lowest = (0..n).filter(|&q| exposed[q]).map(|q| active[q]).min().unwrap_or(0);
        if active[p.index()] == lowest {
            let near = (s.ship().moved as f64 + 1.0) / 7.0;
            v -= w.threat * near * cities[p.index()].min(1) as f64;
        }
    }
    v
}

/// The greedy bot in a seat: its weights and scratch space kept between decisions.
pub struct GreedyCatan {
    weights: GreedyWeights,
    moves: Vec<Move>,
    scratch: Option<State>,
}

impl GreedyCatan {
    /// A greedy bot with these weights.
    pub fn new(weights: GreedyWeights) -> GreedyCatan {
        GreedyCatan { weights, moves: Vec::new(), scratch: None }
    }
}

impl Agent<Catan> for GreedyCatan {
    fn act(&mut self, obs: &Observation<'_>, rng: &mut Pcg64Mcg) -> Move {
        let view = obs.view();
        let me = Player(obs.me() as u8);
        view.legal_moves(&mut self.moves);
        let scratch = self.scratch.get_or_insert_with(|| view.clone());
        let (mut best, mut best_value, mut ties) = (self.moves[0], f64::NEG_INFINITY, 0u32);
        for &mv in &self.moves {
            scratch.clone_from(view);
            scratch.apply(mv);
            let v = value(&self.weights, scratch, me);
            // Equal values are a tie, broken uniformly by the seat's generator (reservoir).
            if v > best_value + 1e-9 {
                (best, best_value, ties) = (mv, v, 1);
            } else if v >= best_value - 1e-9 {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best = mv;
                }
            }
        }
        best
    }
}
