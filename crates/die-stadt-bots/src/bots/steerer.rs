//! steerer: a heuristic wall-steerer. Tiles and followers as greedy; the wall it steers:
//! each candidate piece is worth what it scores now (R22), plus what the building rows along its
//! direction could bring a watchman, plus the ports of roads and markets it leads that the wall
//! closes on the way, minus those its opponents lead. It puts watchmen on rich rows and towers
//! where the stretch since the last tower or the gate is long. Every weight is a parameter.

use die_stadt::kind::DieStadt;
use stadt_core::agent::Agent;
use crate::eval;
use crate::helpers::{GreedySearch, copy_into, pick_best};
use die_stadt::observation::Observation;
use stadt_core::bots::params::{ParamDef, ParamKind, Params};
use stadt_core::bots::def::{BotDef, Full};
use rand_pcg::Pcg64Mcg;
use die_stadt::features::{RESIDENTIAL, majority};
use die_stadt::geom::Side;
use die_stadt::ids::{Player, Slot};
use die_stadt::moves::{HEAD, Move, Step, TAIL, WallEnd};
use die_stadt::table::Table;
use die_stadt::wall::{self, End, Piece};

/// The registry entry.
pub static BOT: BotDef<DieStadt> = BotDef {
    name: "steerer",
    summary: "greedy tiles and followers; steers the wall toward rich rows and its own roads and markets",
    params: &[
        ParamDef {
            key: "open",
            default: "0.5",
            help: "weight of open features it leads (as greedy)",
            kind: ParamKind::Real { min: -10.0, max: 10.0 },
        },
        ParamDef {
            key: "deny",
            default: "0.5",
            help: "weight of the strongest opponent's gain in tile and follower play (0: as greedy)",
            kind: ParamKind::Real { min: -10.0, max: 10.0 },
        },
        ParamDef {
            key: "gain",
            default: "1.0",
            help: "weight of its own points scored by a wall piece now",
            kind: ParamKind::Real { min: -10.0, max: 10.0 },
        },
        ParamDef {
            key: "opp",
            default: "1.0",
            help: "weight of opponents' points scored by a wall piece now",
            kind: ParamKind::Real { min: -10.0, max: 10.0 },
        },
        ParamDef {
            key: "row",
            default: "0.4",
            help: "weight of building points in rows along the wall's way",
            kind: ParamKind::Real { min: -10.0, max: 10.0 },
        },
        ParamDef {
            key: "mine",
            default: "1.0",
            help: "weight per port of its own open roads and markets the wall closes on the way",
            kind: ParamKind::Real { min: -10.0, max: 10.0 },
        },
        ParamDef {
            key: "theirs",
            default: "1.0",
            help: "weight per port of opponents' open roads and markets the wall closes on the way",
            kind: ParamKind::Real { min: -10.0, max: 10.0 },
        },
        ParamDef {
            key: "ahead",
            default: "6",
            help: "pieces to look ahead along each direction",
            kind: ParamKind::Int { min: 0, max: 20 },
        },
        ParamDef {
            key: "fade",
            default: "0.8",
            help: "discount per piece of lookahead",
            kind: ParamKind::Real { min: 0.0, max: 2.0 },
        },
        ParamDef {
            key: "watch",
            default: "1.0",
            help: "weight of the row a watchman would guard",
            kind: ParamKind::Real { min: -10.0, max: 10.0 },
        },
        ParamDef {
            key: "watch_min",
            default: "4",
            help: "least row points worth a watchman",
            kind: ParamKind::Real { min: 0.0, max: 100.0 },
        },
        ParamDef {
            key: "reserve",
            default: "1",
            help: "followers kept in supply (no watchman below this)",
            kind: ParamKind::Int { min: 0, max: 7 },
        },
        ParamDef {
            key: "tower_min",
            default: "3",
            help: "least stretch since the last tower or the gate worth a tower",
            kind: ParamKind::Real { min: 0.0, max: 70.0 },
        },
    ],
    full: Full::Every,
    build: |p: &Params| Box::new(Steerer::new(Weights::from_params(p))),
};

/// The steerer's weights (see the parameters).
#[derive(Clone, Debug)]
pub struct Weights {
    /// Weight of open features (tile and follower play).
    pub open: f64,
    /// Weight of the strongest opponent's value (tile and follower play).
    pub deny: f64,
    /// Own points scored by a piece now.
    pub gain: f64,
    /// Opponents' points scored by a piece now.
    pub opp: f64,
    /// Building points in rows along the way.
    pub row: f64,
    /// Own open ports closed along the way.
    pub mine: f64,
    /// Opponents' open ports closed along the way.
    pub theirs: f64,
    /// Lookahead in pieces.
    pub ahead: usize,
    /// Discount per lookahead piece.
    pub fade: f64,
    /// Weight of a watchman's row.
    pub watch: f64,
    /// Least row points for a watchman.
    pub watch_min: f64,
    /// Followers kept back.
    pub reserve: u8,
    /// Least stretch for a tower.
    pub tower_min: f64,
}

impl Weights {
    /// The weights from checked parameters.
    pub fn from_params(p: &Params) -> Weights {
        Weights {
            open: p.real("open"),
            deny: p.real("deny"),
            gain: p.real("gain"),
            opp: p.real("opp"),
            row: p.real("row"),
            mine: p.real("mine"),
            theirs: p.real("theirs"),
            ahead: p.int("ahead") as usize,
            fade: p.real("fade"),
            watch: p.real("watch"),
            watch_min: p.real("watch_min"),
            reserve: p.int("reserve") as u8,
            tower_min: p.real("tower_min"),
        }
    }
}

/// The wall-steering agent.
pub struct Steerer {
    w: Weights,
    greedy: GreedySearch,
    moves: Vec<Move>,
    after: Option<Box<Table>>,
    best: Vec<Move>,
}

impl Steerer {
    /// A steerer with these weights.
    pub fn new(w: Weights) -> Steerer {
        Steerer { w, greedy: GreedySearch::default(), moves: Vec::new(), after: None, best: Vec::new() }
    }
}

impl Agent<DieStadt> for Steerer {
    fn act(&mut self, obs: &Observation, rng: &mut Pcg64Mcg) -> Move {
        let table = obs.table();
        match table.step() {
            Step::Gate | Step::Wall => self.wall_move(table, rng),
            Step::Tower => self.tower(table),
            _ => self.greedy.best_relative(table, self.w.open, self.w.deny, rng),
        }
    }
}

impl Steerer {
    fn wall_move(&mut self, table: &Table, rng: &mut Pcg64Mcg) -> Move {
        table.legal_moves(&mut self.moves);
        let me = table.actor();
        let (moves, mut best) = (std::mem::take(&mut self.moves), std::mem::take(&mut self.best));
        let mv = pick_best(&moves, &mut best, rng, |mv| self.wall_value(table, mv, me));
        (self.moves, self.best) = (moves, best);
        mv
    }

    fn wall_value(&mut self, table: &Table, mv: Move, me: Player) -> f64 {
        let before = table.scores();
        let after = copy_into(&mut self.after, table);
        after.apply(mv);
        let (mut mine_now, mut theirs_now) = (0.0, 0.0);
        for (p, &b) in Player::all(table.players()).zip(&before) {
            let d = (after.player(p).points.total() - b) as f64;
            if p == me {
                mine_now += d;
            } else {
                theirs_now += d;
            }
        }
        let w = &self.w;
        let mut v = w.gain * mine_now - w.opp * theirs_now;
        let after: &Table = after;
        match mv {
            Move::Wall { watchman, .. } => {
                let end = last_end(table, after);
                v += path_value(w, after, me, end);
                if watchman {
                    let (slot, side) = last_piece(table, after);
                    let row = eval::row_value(after, slot, side) as f64;
                    let supply = table.player(me).supply;
                    if row < w.watch_min || supply <= w.reserve {
                        return f64::NEG_INFINITY;
                    }
                    v += w.watch * row;
                }
            }
            Move::Gate { .. } => {
                for hand in [HEAD, TAIL] {
                    v += path_value(w, after, me, (after.wall().ends[hand.index()], hand));
                }
            }
            _ => {}
        }
        v
    }
}

/// What lies ahead of a wall end for `me`: building rows and led ports along the next pieces.
fn path_value(w: &Weights, table: &Table, me: Player, (mut end, hand): (End, WallEnd)) -> f64 {
    let board = table.board();
    let mut buf = [die_stadt::wall::NO_PIECE; 3];
    let mut total = 0.0;
    let mut scale = 1.0;
    for _ in 0..w.ahead {
        if wall::end_pieces(board, end, hand, &mut buf) == 0 {
            break;
        }
        let p: Piece = buf[0];
        let row = eval::row_value(table, p.slot, p.side) as f64;
        let (mine, theirs) = led_ports(table, me, p.slot, p.side);
        total += scale * (w.row * row + w.mine * mine - w.theirs * theirs);
        scale *= w.fade;
        end = p.next;
    }
    total
}

impl Steerer {
    fn tower(&self, table: &Table) -> Move {
        let wall = table.wall();
        let mut best = (self.w.tower_min - 1e-9, Move::Tower(None));
        let mut moves = Vec::new();
        table.legal_moves(&mut moves);
        for mv in moves {
            if let Move::Tower(Some(e)) = mv {
                let stretch = wall.since_tower[e.index()] as f64;
                if stretch > best.0 {
                    best = (stretch, mv);
                }
            }
        }
        best.1
    }
}

/// The end the last piece moved, and its hand.
fn last_end(before: &Table, after: &Table) -> (End, WallEnd) {
    let (a, b) = (before.wall().ends, after.wall().ends);
    if a[HEAD.index()] != b[HEAD.index()] { (b[HEAD.index()], HEAD) } else { (b[TAIL.index()], TAIL) }
}

/// The (slot, side) of the piece just built: the one walled side that differs.
fn last_piece(before: &Table, after: &Table) -> (Slot, Side) {
    for ((slot, a), (_, b)) in before.board().slots().zip(after.board().slots()) {
        let new = b.walls & !a.walls;
        if new != 0 {
            return (slot, Side::from_index(new.trailing_zeros() as usize));
        }
    }
    (Slot::new(0), Side::N)
}

/// Open road and market ports on side `side` of the tile in `slot` whose feature `me` leads, and
/// those an opponent leads.
fn led_ports(table: &Table, me: Player, slot: Slot, side: Side) -> (f64, f64) {
    let f = table.features();
    let (mut mine, mut theirs) = (0.0, 0.0);
    for k in 0..3 {
        let seg = table.seg_at_port(slot, 3 * side.index() + k);
        let r = f.root(table.node(slot, seg));
        if f.category(r) == RESIDENTIAL || !f.occupied(r) {
            continue;
        }
        let lead = majority(f.followers_packed(r), table.players());
        if lead & (1 << me.index()) != 0 {
            mine += 1.0;
        } else {
            theirs += 1.0;
        }
    }
    (mine, theirs)
}
