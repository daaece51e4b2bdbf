//! The checker: random games through the engine, the reference (`model`) stepped beside it with
//! the same chance outcomes, every step's legal moves, chance outcomes and public facts compared.

pub mod model;

use model::{Need, Ref, Rules, Stage, cat_index};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use stadt_core::game::{Game, Turn};
use stadt_unbezwingbare::data::Category;
use stadt_unbezwingbare::state::bits128;
use stadt_unbezwingbare::{Move, NOBODY, Options, State};
use std::collections::BTreeSet;

/// Counts of one configuration's checking.
#[derive(Debug, Default, Clone, Copy)]
pub struct Counts {
    /// Games played to the end.
    pub games: u64,
    /// Steps (decisions and chance outcomes) compared.
    pub steps: u64,
    /// Decisions whose legal move sets were compared.
    pub decisions: u64,
    /// Legal moves compared (the engine's list sizes).
    pub moves: u64,
    /// Chance steps whose outcome sets were compared.
    pub chance: u64,
    /// Games whose win shares were compared.
    pub shares: u64,
}

impl Counts {
    /// Adds another's counts.
    pub fn add(&mut self, o: Counts) {
        self.games += o.games;
        self.steps += o.steps;
        self.decisions += o.decisions;
        self.moves += o.moves;
        self.chance += o.chance;
        self.shares += o.shares;
    }
}

/// The reference's rules from the engine's options (the game's configuration, not its code).
fn rules(o: &Options, n: usize) -> Rules {
    let five_areas = o.five_areas();
    let target = o.target.map(i64::from).unwrap_or(match (n, o.strategic) {
        (2, _) => 50,
        (3, false) => 30,
        (4, false) => 25,
        (5, false) => 20,
        (3, true) => 35,
        (4, true) => 30,
        _ => 25,
    });
    Rules {
        n,
        five_areas,
        target,
        periods: o.periods,
        isolation: o.isolation,
        great_powers: o.great_powers,
        free_market: o.free_market,
        complete_round: o.last_round == stadt_unbezwingbare::options::LastRound::Complete,
        round_up: o.sell_rounding == stadt_unbezwingbare::options::Rounding::Up,
        turn_limit: o.turns,
    }
}

/// Card ids of a 128-bit set.
fn ids128(m: u128) -> Vec<usize> {
    bits128(m).map(usize::from).collect()
}

/// Card ids of a 32-bit set.
fn ids32(m: u32) -> Vec<usize> {
    (0..32).filter(|b| m >> b & 1 == 1).collect()
}

/// Sorted copy.
fn sorted(mut v: Vec<usize>) -> Vec<usize> {
    v.sort();
    v
}

/// The reference built from the engine's public facts once the deal is done (start areas next).
pub fn from_engine(s: &State) -> Ref {
    let (cards, infl, areas, red) = Ref::tables(&s.mat.data);
    for (id, c) in cards.iter().enumerate() {
        assert_eq!(s.mat.name(id as u8), c.name, "deck card {id}: the reference's numbering");
    }
    let n = s.seats();
    let r = rules(&s.opts, n);
    let seat = |v: &dyn Fn(usize) -> i64| (0..n).map(v).collect::<Vec<i64>>();
    Ref {
        r,
        cards,
        infl,
        areas,
        red,
        owner: s.owner.iter().map(|&o| (o != NOBODY).then_some(usize::from(o))).collect(),
        building: s.building.iter().map(|&b| (b != NOBODY).then_some(usize::from(b))).collect(),
        stones: seat(&|p| i64::from(s.stones[p])),
        knights: seat(&|p| i64::from(s.knights[p])),
        marker: seat(&|p| i64::from(s.marker[p])),
        hand: (0..n).map(|p| ids128(s.hand[p])).collect(),
        ihand: (0..n).map(|p| ids32(s.influence[p])).collect(),
        pile: s.pile.iter().map(|&m| ids128(m)).collect(),
        discard: ids128(s.discard),
        pawn: ids128(s.pawnshop),
        market: ids128(s.market),
        sold_market: Vec::new(),
        ipile: ids32(s.influence_pile),
        idiscard: ids32(s.influence_discard),
        great: vec![None; 4],
        actor: 0,
        turns: 0,
        stage: Stage::Start,
        bought: 0,
        placed: 0,
        no_income: false,
        stopped: vec![false; n],
        chooser: 0,
        last_area: false,
        final_round: false,
        winners: Vec::new(),
        tasks: Vec::new(),
        extra_areas: 0,
        extra_placed: 0,
        skip: vec![[false; 4]; n],
        blocked_now: Vec::new(),
        blocked_next: vec![Vec::new(); n],
        scoring: true,
        bank: s.opts.bank_cap.then(|| i64::from(s.bank)),
        known: vec![Vec::new(); n],
        played: Vec::new(),
        dropped: vec![Vec::new(); n],
        mixed: false,
    }
}

/// The facts of a new game before the deal (U20, U22, U23): stones, knights, markers, an empty
/// board and hands, the influence pile whole.
fn check_setup(r: &Ref) -> Result<(), String> {
    let stones = if r.r.five_areas { 10 } else { 5 };
    for p in 0..r.n() {
        if !r.hand[p].is_empty() || r.stones[p] != stones || r.knights[p] != 25 || r.marker[p] != 0 {
            return Err(format!("U23: seat {p} starts with {:?} cards, {} stones", r.hand[p], r.stones[p]));
        }
    }
    if r.ipile.len() != 30 || !r.owner.iter().all(Option::is_none) {
        return Err("U21: the influence pile and the board before the deal".into());
    }
    Ok(())
}

/// A move as a comparable word: cards by their name (the engine lists one card of a kind).
fn word(r: &Ref, m: Move) -> String {
    let deck = |c: u8| r.cards[usize::from(c)].name.clone();
    match m {
        Move::Sell(c) => format!("Sell {}", deck(c)),
        Move::BuyPawned(c) => format!("BuyPawned {}", deck(c)),
        Move::SellMarket(c) => format!("SellMarket {}", deck(c)),
        Move::BuyMarket(c) => format!("BuyMarket {}", deck(c)),
        Move::Place { card, area } => format!("Place {} {area}", deck(card)),
        Move::Rebuild { card, area } => format!("Rebuild {} {area}", deck(card)),
        Move::Discard(c) => format!("Discard {}", deck(c)),
        Move::Play { card, target } => format!("Play {} {target}", r.infl[usize::from(card)].name),
        Move::DropInfluence(c) => format!("DropInfluence {}", r.infl[usize::from(c)].name),
        other => format!("{other:?}"),
    }
}

/// The set of a list's words.
fn words(r: &Ref, ms: &[Move]) -> BTreeSet<String> {
    ms.iter().map(|&m| word(r, m)).collect()
}

/// Compares the public facts both expose; the first difference.
pub fn compare(s: &State, r: &Ref) -> Result<(), String> {
    let n = r.n();
    for a in 0..r.areas.len() {
        let eo = (s.owner[a] != NOBODY).then_some(usize::from(s.owner[a]));
        let eb = (s.building[a] != NOBODY).then_some(usize::from(s.building[a]));
        if eo != r.owner[a] || eb != r.building[a] {
            return Err(format!(
                "area {a}: engine owner {eo:?} building {eb:?}, reference {:?} {:?}",
                r.owner[a], r.building[a]
            ));
        }
    }
    for p in 0..n {
        let facts = |e: i64, f: i64, what: &str| {
            if e == f { Ok(()) } else { Err(format!("seat {p} {what}: engine {e}, reference {f}")) }
        };
        facts(i64::from(s.stones[p]), r.stones[p], "stones")?;
        facts(i64::from(s.knights[p]), r.knights[p], "knights")?;
        facts(i64::from(s.points(p as u8)), r.points(p), "points")?;
        facts(i64::from(s.marker[p]), r.marker[p], "marker")?;
        if ids128(s.hand[p]) != sorted(r.hand[p].clone()) {
            return Err(format!(
                "seat {p} hand: engine {:?}, reference {:?}",
                ids128(s.hand[p]),
                sorted(r.hand[p].clone())
            ));
        }
        if ids32(s.influence[p]) != sorted(r.ihand[p].clone()) {
            return Err(format!(
                "seat {p} influence: engine {:?}, reference {:?}",
                ids32(s.influence[p]),
                r.ihand[p]
            ));
        }
    }
    if let Some(b) = r.bank
        && i64::from(s.bank) != b
    {
        return Err(format!("bank: engine {}, reference {b}", s.bank));
    }
    if r.stage == Stage::Deal {
        return Ok(());
    }
    let epile: usize = s.pile.iter().map(|m| m.count_ones() as usize).sum();
    let rpile: usize = r.pile.iter().map(Vec::len).sum();
    if epile != rpile {
        return Err(format!("draw pile: engine {epile} cards, reference {rpile}"));
    }
    for (i, part) in r.pile.iter().enumerate() {
        if ids128(s.pile[i]) != sorted(part.clone()) {
            return Err(format!(
                "draw pile part {i}: engine {:?}, reference {:?}",
                ids128(s.pile[i]),
                sorted(part.clone())
            ));
        }
    }
    let sets = [
        ("discard", ids128(s.discard), &r.discard),
        ("pawnshop", ids128(s.pawnshop), &r.pawn),
        ("market", ids128(s.market), &r.market),
    ];
    for (what, e, f) in sets {
        if e != sorted(f.clone()) {
            return Err(format!("{what}: engine {e:?}, reference {:?}", sorted(f.clone())));
        }
    }
    // U76, N25, N15: what is known of hands and influence discards.
    for p in 0..n {
        if ids128(s.known[p]) != sorted(r.known[p].clone()) {
            return Err(format!(
                "seat {p} known cards: engine {:?}, reference {:?}",
                ids128(s.known[p]),
                r.known[p]
            ));
        }
        if ids32(s.dropped[p]) != sorted(r.dropped[p].clone()) {
            return Err(format!(
                "seat {p} dropped: engine {:?}, reference {:?}",
                ids32(s.dropped[p]),
                r.dropped[p]
            ));
        }
    }
    if ids32(s.played_influence) != sorted(r.played.clone()) || s.mixed != r.mixed {
        return Err(format!(
            "played influence {:?} / mixed {}: reference {:?} / {}",
            ids32(s.played_influence),
            s.mixed,
            r.played,
            r.mixed
        ));
    }
    if ids32(s.influence_pile) != sorted(r.ipile.clone())
        || ids32(s.influence_discard) != sorted(r.idiscard.clone())
    {
        return Err("the influence pile or discards differ".into());
    }
    if s.influence_pile.count_ones() as usize != r.ipile.len()
        || s.influence_discard.count_ones() as usize != r.idiscard.len()
    {
        return Err(format!(
            "influence pile/discards: engine {}/{}, reference {}/{}",
            s.influence_pile.count_ones(),
            s.influence_discard.count_ones(),
            r.ipile.len(),
            r.idiscard.len()
        ));
    }
    for c in Category::ALL {
        let i = cat_index(c);
        let e = (s.great[i] != NOBODY).then_some(usize::from(s.great[i]));
        if e != r.great[i] {
            return Err(format!("great power {c:?}: engine {e:?}, reference {:?}", r.great[i]));
        }
    }
    if r.stage != Stage::Over
        && r.stage != Stage::Start
        && (usize::from(s.actor) != r.actor || s.turns != r.turns)
    {
        return Err(format!("actor/turn: engine {}/{}, reference {}/{}", s.actor, s.turns, r.actor, r.turns));
    }
    if r.stage == Stage::Over {
        let w: Vec<usize> = (0..n).filter(|&p| s.winners >> p & 1 == 1).collect();
        if w != r.winners {
            return Err(format!("winners: engine {w:?}, reference {:?}", r.winners));
        }
    }
    Ok(())
}

/// U76, N25: the view of the seat to decide (`State::view`) keeps every fact the reference holds
/// public and all of its own (and, under `two_orders`, its partner's) hands; hidden places keep
/// their sizes, and the cards hidden from it stay the same cards, only spread anew.
pub fn compare_view(s: &State, r: &Ref, v: usize) -> Result<(), String> {
    let w = s.view(v as u8);
    let n = r.n();
    for a in 0..r.areas.len() {
        if w.owner[a] != s.owner[a] || w.building[a] != s.building[a] {
            return Err(format!("view of seat {v}: area {a} differs"));
        }
    }
    let sees = |q: usize| q == v || (s.opts.seats() != s.opts.players && q % 2 == v % 2);
    let mut hidden_real = 0u128;
    let mut hidden_view = 0u128;
    for q in 0..n {
        let public = w.stones[q] == s.stones[q]
            && w.knights[q] == s.knights[q]
            && w.marker[q] == s.marker[q]
            && w.points(q as u8) == s.points(q as u8)
            && w.hand[q].count_ones() == s.hand[q].count_ones()
            && w.influence[q].count_ones() == s.influence[q].count_ones()
            && ids128(w.hand[q] & s.known[q]) == sorted(r.known[q].clone());
        if !public {
            return Err(format!("view of seat {v}: seat {q}'s public facts differ"));
        }
        if sees(q) {
            if w.hand[q] != s.hand[q] || w.influence[q] != s.influence[q] {
                return Err(format!("view of seat {v}: the hands of seat {q} it sees differ"));
            }
        } else {
            hidden_real |= s.hand[q] & !s.known[q];
            hidden_view |= w.hand[q] & !s.known[q];
        }
    }
    for i in 0..3 {
        if w.pile[i].count_ones() != s.pile[i].count_ones() {
            return Err(format!("view of seat {v}: the draw pile's part {i} has another size"));
        }
        hidden_real |= s.pile[i];
        hidden_view |= w.pile[i];
    }
    if hidden_real != hidden_view {
        return Err(format!("view of seat {v}: the hidden building and event cards differ"));
    }
    let public = w.discard == s.discard
        && w.pawnshop == s.pawnshop
        && w.market == s.market
        && w.great == s.great
        && w.played_influence == s.played_influence
        && w.influence_pile.count_ones() == s.influence_pile.count_ones()
        && w.influence_discard.count_ones() == s.influence_discard.count_ones()
        && w.influence_discard & s.played_influence == s.played_influence
        && w.actor == s.actor
        && w.turns == s.turns
        && w.to_act == s.to_act;
    if !public {
        return Err(format!("view of seat {v}: a public pile or the turn differs"));
    }
    let mut own = Vec::new();
    for q in (0..n).filter(|&q| sees(q)) {
        own.extend(r.dropped[q].iter().copied());
        if ids32(w.dropped[q]) != sorted(r.dropped[q].clone()) {
            return Err(format!("view of seat {v}: its own dropped cards differ"));
        }
    }
    if own.iter().any(|&c| w.influence_discard & (1 << c) == 0) {
        return Err(format!("view of seat {v}: a card it dropped is not among the discards"));
    }
    Ok(())
}

/// One random game checked at every step; `Err` names the seed, the step and the difference.
pub fn check_game(
    mat: &'static stadt_unbezwingbare::Material,
    opts: Options,
    seed: u64,
) -> Result<Counts, String> {
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut s = State::new(mat, opts).map_err(|e| format!("{e:?}"))?;
    let mut r = from_engine(&s);
    check_setup(&r)?;
    // The reference deals itself (U23, U24, U66), each card a chance step (U77).
    r.stage = Stage::Deal;
    r.pile = vec![Vec::new(); 3];
    let mut c = Counts { games: 1, ..Counts::default() };
    let mut buf = Vec::new();
    let mut log: Vec<String> = Vec::new();
    loop {
        match step(&mut s, &mut r, &mut rng, &mut buf, &mut c, &mut log) {
            Ok(true) => return Ok(c),
            Ok(false) => {}
            Err(what) => {
                let tail = log[log.len().saturating_sub(20)..].join("; ");
                return Err(format!(
                    "seed {seed} step {}: {what}\n  last steps: {tail}\n  engine {:?} {:?}\n  reference {:?} {:?}",
                    c.steps,
                    s.stage,
                    &s.frames[..usize::from(s.depth)],
                    r.stage,
                    r.tasks
                ));
            }
        }
        if c.steps > 2_000_000 {
            return Err(format!("seed {seed}: the game does not end"));
        }
    }
}

/// Half the time, the same move with another card of the same kind from the same place (the
/// engine lists the lowest id of a kind; its `check` must accept any).
fn other_card(r: &Ref, p: usize, m: Move, rng: &mut Pcg64) -> Move {
    if rng.random_range(0..2) == 0 {
        return m;
    }
    let pick = |place: &[usize], card: u8, names: &dyn Fn(usize) -> String, rng: &mut Pcg64| -> u8 {
        let same: Vec<usize> =
            place.iter().copied().filter(|&c| names(c) == names(usize::from(card))).collect();
        if same.is_empty() { card } else { same[rng.random_range(0..same.len())] as u8 }
    };
    let deck = |c: usize| r.cards[c].name.clone();
    let infl = |c: usize| r.infl[c].name.clone();
    let free: Vec<usize> = r.market.iter().copied().filter(|c| !r.sold_market.contains(c)).collect();
    match m {
        Move::Sell(c) => Move::Sell(pick(&r.hand[p], c, &deck, rng)),
        Move::SellMarket(c) => Move::SellMarket(pick(&r.hand[p], c, &deck, rng)),
        Move::Discard(c) => Move::Discard(pick(&r.hand[p], c, &deck, rng)),
        Move::Place { card, area } => Move::Place { card: pick(&r.hand[p], card, &deck, rng), area },
        Move::Rebuild { card, area } => Move::Rebuild { card: pick(&r.hand[p], card, &deck, rng), area },
        Move::BuyPawned(c) => Move::BuyPawned(pick(&r.pawn, c, &deck, rng)),
        Move::BuyMarket(c) => Move::BuyMarket(pick(&free, c, &deck, rng)),
        Move::DropInfluence(c) => Move::DropInfluence(pick(&r.ihand[p], c, &infl, rng)),
        Move::Play { card, target } => Move::Play { card: pick(&r.ihand[p], card, &infl, rng), target },
        other => other,
    }
}

/// One step of both, compared; `Ok(true)` at the end.
fn step(
    s: &mut State,
    r: &mut Ref,
    rng: &mut Pcg64,
    buf: &mut Vec<Move>,
    c: &mut Counts,
    log: &mut Vec<String>,
) -> Result<bool, String> {
    let need = r.need();
    match s.turn() {
        Turn::Over => {
            if need != Need::Over {
                return Err(format!("engine over, reference waits for {need:?}"));
            }
            compare(s, r)?;
            // U4, U59, N19: the win shares, by person under `two_orders` (seats 0, 2 and 1, 3).
            let mut shares = vec![0.0; Game::players(s)];
            s.scores(&mut shares);
            let two_orders = s.opts.seats() != s.opts.players;
            let person = |seat: usize| if two_orders { seat % 2 } else { seat };
            let who: BTreeSet<usize> = r.winners.iter().map(|&w| person(w)).collect();
            // Each seat carries its person's share (both orders of a winning person).
            let mine: Vec<f64> = (0..shares.len())
                .map(|p| if who.contains(&person(p)) { 1.0 / who.len() as f64 } else { 0.0 })
                .collect();
            if shares != mine {
                return Err(format!("win shares: engine {shares:?}, reference {mine:?}"));
            }
            c.shares += 1;
            return Ok(true);
        }
        Turn::Chance => {
            let (base, set) = s.outcomes();
            let e: Vec<u64> = bits128(set).map(|b| base + u64::from(b)).collect();
            if need != Need::Chance(e.clone()) {
                return Err(format!("chance outcomes: engine {e:?}, reference {need:?}"));
            }
            let id = s.resolve(rng);
            r.outcome(id);
            c.chance += 1;
            log.push(format!("chance {id}"));
        }
        Turn::Player(p) => {
            if need != Need::Decide(p) {
                return Err(format!("engine: seat {p} decides; reference {need:?}"));
            }
            Game::legal_moves(s, buf);
            let mine = r.legal();
            let (e, f) = (words(r, buf), words(r, &mine));
            if e != f {
                let only_e: Vec<_> = e.difference(&f).collect();
                let only_f: Vec<_> = f.difference(&e).collect();
                return Err(format!(
                    "legal moves: only the engine's {only_e:?}, only the reference's {only_f:?}"
                ));
            }
            compare_view(s, r, p)?;
            c.decisions += 1;
            c.moves += buf.len() as u64;
            let m = other_card(r, p, buf[rng.random_range(0..buf.len())], rng);
            s.play(m).map_err(|e| format!("the engine refuses {m:?}: {e:?}"))?;
            r.apply(m);
            log.push(format!("seat {p} {}", word(r, m)));
        }
    }
    c.steps += 1;
    let _ = r.need();
    let facts: Vec<String> =
        (0..r.n()).map(|p| format!("{}:{}/{}/{}", p, s.points(p as u8), s.marker[p], s.stones[p])).collect();
    if let Some(l) = log.last_mut() {
        l.push_str(&format!(" [{}]", facts.join(" ")));
        if std::env::var("REFERENCE_DEBUG").is_ok() {
            l.push_str(&format!(
                " {:?} {} {} {} {:?} pile {} discard {}",
                s.stage,
                s.actor,
                s.turns,
                s.no_income,
                &s.frames[..usize::from(s.depth)],
                s.pile[0].count_ones(),
                s.discard.count_ones()
            ));
        }
    }
    compare(s, r)?;
    Ok(false)
}
