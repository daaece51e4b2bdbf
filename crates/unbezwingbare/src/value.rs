//! The documented value of a position for one seat (docs/unbezwingbare/bots.md): what the greedy
//! bot maximises one move ahead and what a search judges a cut playout by. Every term is a weight
//! of [`Weights`] (named in [`WEIGHTS`], with its default and bounds, for a bot's spec and `stadt
//! tune`), and every term reads only what the seat sees (U76): its own hand, the board, the
//! stones, the public sizes. It reads no data set's particulars beyond the tables (`Material`),
//! so it plays any board and cards.

use crate::data::cards::BUILDINGS;
use crate::moves::NOBODY;
use crate::state::{Frame, Stage, State, bits64, bits128};

/// Declares the weights once, each with its default, bounds and help: `WEIGHTS` for specs and
/// tuners, the fields of [`Weights`] for the value.
macro_rules! weights {
    ($(($name:literal, $field:ident, $default:literal, $lo:literal, $hi:literal, $help:literal),)*) => {
        /// The weights by name: (name, default, lowest, highest, help), in field order.
        pub const WEIGHTS: &[(&str, f64, f64, f64, &str)] = &[$(($name, $default, $lo, $hi, $help)),*];

        /// The weights as a bot's parameters (`greedy:w_income=3`), each a real number within its
        /// bounds, so that `stadt tune` can tune them.
        pub const PARAMS: &[stadt_core::bots::params::ParamDef] = &[$(stadt_core::bots::params::ParamDef {
            key: $name,
            default: stringify!($default),
            help: $help,
            kind: stadt_core::bots::params::ParamKind::Real { min: $lo, max: $hi },
        }),*];

        impl Weights {
            /// The weight a name of [`WEIGHTS`] stands for.
            pub fn field(&mut self, name: &str) -> Option<&mut f64> {
                Some(match name {
                    $($name => &mut self.$field,)*
                    _ => return None,
                })
            }

            /// The weights as (name, value), in [`WEIGHTS`] order.
            pub fn pairs(&self) -> Vec<(&'static str, f64)> {
                vec![$(($name, self.$field)),*]
            }
        }

        impl Default for Weights {
            fn default() -> Weights {
                Weights { $($field: $default),* }
            }
        }
    };
}

weights! {
    ("w_points", points, 10.0, 0.0, 100.0, "per point (buildings' values and great powers, U51, U72)"),
    ("w_income", income, 3.2, 0.0, 50.0, "per stone of income expected a turn of anyone's"),
    ("w_stones", stones, 0.6, 0.0, 10.0, "per stone up to the tax line of 5 (U34)"),
    ("w_excess", excess, 0.56, 0.0, 10.0, "per stone above 5, which a violet card taxes away"),
    ("w_ready", ready, 4.8, 0.0, 50.0, "per point of hand cards own empty areas and the stones held can take now"),
    ("w_card", card, 1.6, 0.0, 20.0, "per building card in hand"),
    ("w_value", value, 1.28, 0.0, 20.0, "per point of value of a building card in hand"),
    ("w_area", area, 2.0, 0.0, 50.0, "per own area (room to build; U4's first tie-break)"),
    ("w_empty", empty, 1.5, 0.0, 50.0, "per own empty area, up to the hand's cards + 1"),
    ("w_bonus", bonus, 0.36, 0.0, 20.0, "per bonus point of an own empty area (U7)"),
    ("w_frontier", frontier, 0.4, 0.0, 10.0, "per neutral area bordering an own one (at most 6)"),
    ("w_influence", influence, 2.0, 0.0, 20.0, "per influence card in hand"),
    ("w_opponent", opponent, 4.0, 0.0, 50.0, "less per point of the best other seat"),
    ("w_win", win, 1000.0, 0.0, 10000.0, "for a game won (shared on a tie)"),
}

/// The weights of the value, each term's reason on its field (and in docs/unbezwingbare/bots.md).
/// The defaults were first set by hand and then tuned by coordinate ascent (bots.md, "Tuning"):
/// the greedy under the tuned weights won 45.7% of 2,000 4-player games against three greedy
/// seats under the hand-set ones.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Per point: points are the aim (U1, U2, U51). The largest weight: a building's points are
    /// worth more than the stones it costs, so the greedy places whenever it can.
    pub points: f64,
    /// Per stone of income expected in one turn (anyone's turn turns a card, U32, U35): for each
    /// category, the share of building cards of that category times the best income the seat
    /// may choose from it (value + area bonus + great power bonus). Income is what pays for every
    /// later area and building.
    pub income: f64,
    /// Per stone held, up to 5: stones buy areas, buildings and cards (U9).
    pub stones: f64,
    /// Per stone above 5: a violet card turned by anyone takes everything above 5 (U34), roughly
    /// two turns in three before the seat can spend again in a 4-player game; so no more than
    /// `stones`, and spending them is favoured. (The tuning left the two close: a stone is worth
    /// less than its share of a point either way, and what the stones buy is valued elsewhere.)
    pub excess: f64,
    /// Per point of value of hand cards that own empty areas can take now and the stones held
    /// can pay (a greedy matching, the dearest payable card first, by U12–U16 and U49): the
    /// points one placement away. Cards the stones cannot pay count nothing here, so that an area
    /// kept empty for a card one cannot afford never outweighs a building one can.
    pub ready: f64,
    /// Per building card in hand: a future building, whatever its value.
    pub card: f64,
    /// Per point of value of a building card in hand.
    pub value: f64,
    /// Per own area: room to build, income from its bonus, and the first tie-break (U4).
    pub area: f64,
    /// Per own empty area, counting no more than the hand's cards + 1: a place for a building.
    pub empty: f64,
    /// Per bonus point of an own empty area: a building placed there earns more (U7).
    pub bonus: f64,
    /// Per neutral area bordering an own one (at most 6 counted): where the seat may buy (U43).
    pub frontier: f64,
    /// Per influence card held (U55: at most 2; the third is dropped).
    pub influence: f64,
    /// Less per point of the best other seat: the race is to the target first (U2).
    pub opponent: f64,
    /// For a game over and won, shared among tied winners (U2–U4); as much less for a game
    /// another seat won.
    pub win: f64,
}

impl Weights {
    /// Sets the weight `name` to `value`, or says why not (an unknown name, out of bounds).
    pub fn set(&mut self, name: &str, value: f64) -> Result<(), String> {
        let &(_, _, lo, hi, _) = WEIGHTS.iter().find(|w| w.0 == name).ok_or_else(|| {
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
    pub fn from_pairs<'n>(values: impl IntoIterator<Item = (&'n str, f64)>) -> Result<Weights, String> {
        let mut w = Weights::default();
        for (name, value) in values {
            w.set(name, value)?;
        }
        Ok(w)
    }
}

/// The share of the deck's building cards of each category (the chance that a building card
/// turned is of it).
pub fn category_shares(s: &State) -> [f64; 4] {
    let mut n = [0u32; 4];
    for c in &s.mat.deck[..BUILDINGS] {
        n[c.category as usize] += 1;
    }
    let total = n.iter().sum::<u32>().max(1) as f64;
    n.map(|k| f64::from(k) / total)
}

/// The income `p` may expect from one card turned: per category its share times the best
/// income among `p`'s buildings of it (U35), in stones.
pub fn expected_income(s: &State, p: u8, shares: &[f64; 4]) -> f64 {
    let mut best = [0u16; 4];
    for a in bits64(s.owned[usize::from(p)]) {
        let b = s.building[usize::from(a)];
        if b != NOBODY {
            let c = s.card(b).category as usize;
            best[c] = best[c].max(s.income_of(p, a));
        }
    }
    best.iter().zip(shares).map(|(&b, &sh)| f64::from(b) * sh).sum()
}

/// The value of hand cards own empty areas can take now, paid from the stones held: a greedy
/// matching, the dearest card the stones left can pay first, onto the first area it may stand on.
fn ready_value(s: &State, p: u8) -> u32 {
    let mut empty: u64 = bits64(s.owned[usize::from(p)])
        .filter(|&a| s.building[usize::from(a)] == NOBODY)
        .fold(0, |m, a| m | 1 << a);
    if empty == 0 {
        return 0;
    }
    let mut cards = [0u8; 16];
    let mut k = 0;
    for c in bits128(s.hand[usize::from(p)]) {
        if k < cards.len() {
            cards[k] = c;
            k += 1;
        }
    }
    let cards = &mut cards[..k];
    cards.sort_unstable_by_key(|&c| std::cmp::Reverse(s.card(c).price));
    let mut sum = 0;
    let mut stones = u32::from(s.stones[usize::from(p)]);
    for &c in cards.iter() {
        let price = u32::from(s.card(c).price);
        if price > stones {
            continue;
        }
        if let Some(a) = bits64(empty).find(|&a| s.may_stand(c, a).is_ok()) {
            stones -= price;
            empty &= !(1u64 << a);
            sum += u32::from(s.card(c).price);
            if empty == 0 {
                break;
            }
        }
    }
    sum
}

/// The value of the position for seat `p` under `w`, unbounded (a few hundred in play, ± `w.win`
/// at the end). Reads the board, the stones, `p`'s own hand and the public counts only.
pub fn raw_value(s: &State, p: u8, w: &Weights) -> f64 {
    if s.stage == Stage::Over {
        let won = s.winners & (1 << p) != 0;
        let share = 1.0 / f64::from(s.winners.count_ones().max(1));
        let end = if won { w.win * share } else { -w.win };
        return end + own_value(s, p, w);
    }
    let best_other = (0..s.n).filter(|&q| q != p).map(|q| s.points(q)).max().unwrap_or(0);
    own_value(s, p, w) - w.opponent * f64::from(best_other)
}

/// The terms of `p`'s own position (all but the opponent's and the end's).
fn own_value(s: &State, p: u8, w: &Weights) -> f64 {
    let pi = usize::from(p);
    let shares = category_shares(s);
    let stones = f64::from(s.stones[pi]);
    let mut v = w.points * f64::from(s.points(p));
    v += w.income * expected_income(s, p, &shares);
    v += w.stones * stones.min(5.0) + w.excess * (stones - 5.0).max(0.0);
    // Cards on their way to the hand: a draw under way (U42, `draw`), an influence card to come
    // (U50, U53).
    let (mut drawing, mut influencing) = (0u32, 0u32);
    for f in &s.frames[..usize::from(s.depth)] {
        match *f {
            Frame::Drawing { p: q, left, .. } if q == p => drawing += u32::from(left),
            Frame::Influence { p: q, left } if q == p => influencing += u32::from(left),
            _ => {}
        }
    }
    let hand = s.hand[pi];
    let cards = hand.count_ones() + drawing;
    let hand_value: u32 = bits128(hand).map(|c| u32::from(s.card(c).price)).sum::<u32>() + 3 * drawing;
    v += w.card * f64::from(cards) + w.value * f64::from(hand_value);
    v += w.ready * f64::from(ready_value(s, p));
    let own = s.owned[pi];
    v += w.area * f64::from(own.count_ones());
    let empty = bits64(own).filter(|&a| s.building[usize::from(a)] == NOBODY);
    let (mut n_empty, mut bonus) = (0u32, 0u32);
    for a in empty {
        n_empty += 1;
        bonus += u32::from(s.mat.bonus[usize::from(a)]);
    }
    v += w.empty * f64::from(n_empty.min(cards + 1)) + w.bonus * f64::from(bonus);
    let frontier = (s.neutral() & s.bordering(own)).count_ones().min(6);
    v += w.frontier * f64::from(frontier);
    v += w.influence * f64::from(s.influence[pi].count_ones() + influencing);
    v
}

/// The value of the position for each seat, into `out[..seats]`, squashed into [0, 1] (a cut
/// playout's judgement for the core's search, `Mcts::choose`'s `evaluate`, under its `Win`,
/// `Rank` or `Margin` rewards): the order of the seats is that of `raw_value`.
pub fn position_values(s: &State, w: &Weights, out: &mut [f64]) {
    for (p, o) in out.iter_mut().enumerate().take(s.seats()) {
        *o = position_value(s, p as u8, w);
    }
}

/// The value of the position for each seat in points (`raw_value` / `w.points`, so that a point
/// is a point), into `out[..seats]`: a cut playout's judgement for the core's search under its
/// `Mix` reward (half the margin to the best other seat, half the lead), which ends a game won
/// near where a lead of the same size judges it.
pub fn leaf_scores(s: &State, w: &Weights, out: &mut [f64]) {
    let scale = if w.points > 0.0 { w.points } else { 1.0 };
    for (p, o) in out.iter_mut().enumerate().take(s.seats()) {
        *o = raw_value(s, p as u8, w) / scale;
    }
}

/// The value of the position for seat `p`, in [0, 1]: a logistic squash of `raw_value` (scale
/// 100, a game won near 1, lost near 0).
pub fn position_value(s: &State, p: u8, w: &Weights) -> f64 {
    let v = raw_value(s, p, w);
    1.0 / (1.0 + (-v / 100.0).exp())
}
