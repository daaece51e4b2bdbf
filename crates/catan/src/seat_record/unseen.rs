//! The cards a seat cannot see, dealt anew: the others' resource (and commodity) cards beyond
//! what the seat knows of each hand, so that a hand passes a test (holds what a move pays, gives
//! what a monopoly took). Every hand keeps its size and what the seat knows of it, and the others'
//! unseen cards together stay what they were, so the seat sees the same game.

use crate::ids::Player;
use crate::packed::count;
use crate::state::{MAX_PLAYERS, State};

/// Counts of the eight card kinds (five resources, three commodities), in lane order.
pub(super) type Lanes = [u8; 8];

/// The counts packed as the state keeps hands.
fn pack8(l: &Lanes) -> u64 {
    u64::from_le_bytes(*l)
}

/// The counts of a packed hand.
pub(super) fn lanes(x: u64) -> Lanes {
    std::array::from_fn(|r| count(x, r))
}

/// The players other than `v`.
pub(super) fn others(s: &State, v: Player) -> impl Iterator<Item = Player> + use<> {
    (0..s.players() as u8).map(Player).filter(move |&q| q != v)
}

/// `q`'s cards that `v` does not know, by kind.
fn unknown_part(s: &State, v: Player, q: Player) -> Lanes {
    let (hand, known) = (lanes(s.hands[q.index()]), lanes(s.known[v.index()][q.index()]));
    std::array::from_fn(|r| hand[r] - known[r])
}

/// Deals the cards the seat `v` cannot see, of the players other than `v` and those in `fixed`
/// (a bit per seat), so that the game passes `accept` (`q`'s part chosen, the others taking the
/// rest in kind order), if any such deal does. Returns whether one did (the state unchanged
/// when not).
pub(super) fn deal_unseen(
    s: &mut State,
    v: Player,
    q: Player,
    fixed: u8,
    accept: impl Fn(&State) -> bool,
) -> bool {
    let free = |o: &Player| fixed & (1 << o.0) == 0;
    let mut pool = [0u8; 8];
    for o in others(s, v).filter(free) {
        for (p, u) in pool.iter_mut().zip(unknown_part(s, v, o)) {
            *p += u;
        }
    }
    let size = unknown_part(s, v, q).iter().map(|&n| n as u32).sum();
    let rooms: [u32; MAX_PLAYERS] = std::array::from_fn(|o| {
        if o < s.players() { unknown_part(s, v, Player(o as u8)).iter().map(|&n| n as u32).sum() } else { 0 }
    });
    let mut trial = s.clone();
    let base = &*s;
    let mut part = [0u8; 8];
    let found = search(&pool, size, 0, &mut part, &mut |part| {
        let mut rest: Lanes = std::array::from_fn(|r| pool[r] - part[r]);
        let mut parts = [[0u8; 8]; MAX_PLAYERS];
        parts[q.index()] = *part;
        for o in others(base, v).filter(free).filter(|&o| o != q) {
            fill(&mut parts[o.index()], &mut rest, rooms[o.index()]);
        }
        for o in others(base, v).filter(free) {
            let known = lanes(base.known[v.index()][o.index()]);
            trial.hands[o.index()] = pack8(&std::array::from_fn(|r| known[r] + parts[o.index()][r]));
        }
        accept(&trial)
    });
    if found {
        s.hands = trial.hands;
    }
    found
}

/// Deals the cards the seat `v` cannot see until the game passes `ok`: one player's part at a
/// time, the player to act first, then two at once (a trade picked pays from the picker's and
/// his partner's hands). The state stays as it is when no such deal is found.
pub(super) fn deal_until(s: &mut State, v: Player, ok: impl Fn(&State) -> bool) {
    let players: Vec<Player> = std::iter::once(s.actor()).chain(others(s, v)).filter(|&o| o != v).collect();
    for &o in &players {
        if ok(s) || deal_unseen(s, v, o, 0, &ok) {
            return;
        }
    }
    for &a in &players {
        for &b in players.iter().filter(|&&b| b != a) {
            if deal_unseen(s, v, a, 0, |t| deal_unseen(&mut t.clone(), v, b, 1 << a.0, &ok)) {
                // The first deal kept `a`'s part; deal `b`'s again on it.
                deal_unseen(s, v, b, 1 << a.0, &ok);
                return;
            }
        }
    }
}

/// Whether `q`'s hand in `s` holds at least `want`.
pub(super) fn holds(s: &State, q: Player, want: &Lanes) -> bool {
    covers(&lanes(s.hands[q.index()]), want)
}

/// Deals the cards the seat `v` cannot see so that each other player holds, of kind `lane`, what
/// `need` says: `(n, true)` exactly n, `(n, false)` at least n, None anything. The kind's other
/// unseen cards go to the players without an exact need, the rest of the unseen cards fill each
/// hand in kind order.
pub(super) fn deal_lane(
    s: &mut State,
    v: Player,
    lane: usize,
    need: impl Fn(Player) -> Option<(u8, bool)>,
) -> Result<(), String> {
    let players: Vec<Player> = others(s, v).collect();
    let mut pool = [0u8; 8];
    for &o in &players {
        for (p, u) in pool.iter_mut().zip(unknown_part(s, v, o)) {
            *p += u;
        }
    }
    let size = |o: Player| unknown_part(s, v, o).iter().map(|&n| n as u32).sum::<u32>() as u8;
    let known = |o: Player| count(s.known[v.index()][o.index()], lane);
    // The unseen cards of the kind each must hold beyond what the seat knows.
    let mut parts = [[0u8; 8]; MAX_PLAYERS];
    for &o in &players {
        let least = need(o).map_or(0, |(n, _)| n.saturating_sub(known(o)));
        if need(o).is_some_and(|(n, exact)| exact && n < known(o)) || least > size(o) {
            return Err(format!("p{} cannot have held the card(s) taken from it", o.0 + 1));
        }
        if least > pool[lane] {
            return Err("the cards taken are more than the others held".into());
        }
        parts[o.index()][lane] = least;
        pool[lane] -= least;
    }
    // The rest of the kind to those that may hold more: none first, then at least.
    for exact in [None, Some(false)] {
        for &o in players.iter().filter(|&&o| need(o).map(|(_, e)| e) == exact) {
            let more = pool[lane].min(size(o) - parts[o.index()][lane]);
            parts[o.index()][lane] += more;
            pool[lane] -= more;
        }
    }
    if pool[lane] > 0 {
        return Err("the cards taken leave cards of that kind no player can hold".into());
    }
    for &o in &players {
        let room = (size(o) - parts[o.index()][lane]) as u32;
        fill(&mut parts[o.index()], &mut pool, room);
    }
    for &o in &players {
        let known = lanes(s.known[v.index()][o.index()]);
        s.hands[o.index()] = pack8(&std::array::from_fn(|r| known[r] + parts[o.index()][r]));
    }
    Ok(())
}

/// Looks for `left` more cards from `pool` (kinds `lane..`) into `part` that pass `accept`, the
/// most of the earlier kinds first.
fn search(
    pool: &Lanes,
    left: u32,
    lane: usize,
    part: &mut Lanes,
    accept: &mut dyn FnMut(&Lanes) -> bool,
) -> bool {
    if lane == 8 {
        return left == 0 && accept(part);
    }
    for n in (0..=pool[lane].min(left.min(255) as u8)).rev() {
        part[lane] = n;
        if search(pool, left - n as u32, lane + 1, part, accept) {
            return true;
        }
    }
    part[lane] = 0;
    false
}

/// Moves `room` cards from `pool` into `part`, in kind order.
fn fill(part: &mut Lanes, pool: &mut Lanes, mut room: u32) {
    for r in 0..8 {
        let n = pool[r].min(room.min(255) as u8);
        part[r] += n;
        pool[r] -= n;
        room -= n as u32;
    }
}

/// One card of kind `lane`.
pub(super) fn one_of(lane: usize) -> Lanes {
    let mut c = [0u8; 8];
    c[lane] = 1;
    c
}

/// Whether `hand` holds at least `want`.
pub(super) fn covers(hand: &Lanes, want: &Lanes) -> bool {
    hand.iter().zip(want).all(|(h, w)| h >= w)
}
