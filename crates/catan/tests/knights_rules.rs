//! Focused tests of Städte und Ritter's rules (docs/catan/rules.md section 13, K1–K85) and of the
//! club's house rules (H1–H14), each named after its ids. Positions are reached by legal play:
//! the first position of random games where a rule's situation comes up, chance outcomes given
//! where the rule is about them. Each house rule is played on one position under the official
//! reading and under the club's, and the difference (or, for a rule that restates the official
//! one, the sameness) is shown.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_catan::deal::SetupError;
use stadt_catan::ids::{Edge, Hex, Node, Player, Resource};
use stadt_catan::illegal::Illegal;
use stadt_catan::knights::barbarians::Strength;
use stadt_catan::knights::card_kind::CardKind;
use stadt_catan::knights::cards::{Colour, KINDS, ProgressCard};
use stadt_catan::knights::house::HouseRules;
use stadt_catan::knights::metropolis::Metropolis;
use stadt_catan::knights::tracks::{Commodity, Track};
use stadt_catan::moves::{Chance, Move, Phase};
use stadt_catan::options::Options;
use stadt_catan::state::{Building, State};
use stadt_catan::topology::{HEXES, NODES, TOPOLOGY};

const K: Options = Options::KNIGHTS;

fn legal(s: &State) -> Vec<Move> {
    let mut v = Vec::new();
    s.legal_moves(&mut v);
    v
}

/// Plays random games (uniform moves, chance from the game) under `options` until `found` holds
/// at some step; returns that position.
fn find(options: Options, players: usize, found: impl Fn(&State) -> bool) -> State {
    let mut buf = Vec::new();
    for seed in 0..4000u64 {
        let mut s = State::deal(players, options, seed).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        while !s.is_over() {
            if found(&s) {
                return s;
            }
            if s.phase().is_chance() {
                s.resolve_chance();
            } else {
                s.legal_moves(&mut buf);
                // Ending turns now and then keeps games moving between rolls, and building more
                // often than trading brings games to their end.
                let building: Vec<Move> =
                    buf.iter().copied().filter(|m| !matches!(m, Move::Exchange(..))).collect();
                let mv = if s.phase() == Phase::Main && buf.contains(&Move::End) && rng.random_bool(0.2) {
                    Move::End
                } else if !building.is_empty() && rng.random_bool(0.8) {
                    building[rng.random_range(0..building.len())]
                } else {
                    buf[rng.random_range(0..buf.len())]
                };
                s.apply(mv);
            }
        }
        if found(&s) {
            return s;
        }
    }
    panic!("no random game reached the situation");
}

/// The first position of random games where the player to act may make a move `want` accepts,
/// with that move.
fn find_move(options: Options, want: impl Fn(&State, &Move) -> bool) -> (State, Move) {
    let s = find(options, 4, |s| !s.phase().is_chance() && legal(s).iter().any(|m| want(s, m)));
    let mv = legal(&s).into_iter().find(|m| want(&s, m)).unwrap();
    (s, mv)
}

/// Resolves chance until a player decides.
fn settle(s: &mut State) {
    while s.phase().is_chance() {
        s.resolve_chance();
    }
}

/// A player's cards of one kind.
fn cards(s: &State, p: Player, kind: CardKind) -> u8 {
    s.cards_of(p, kind)
}

fn res(r: Resource) -> CardKind {
    CardKind::Resource(r)
}

/// A 4-player game past the set-up round (the first legal move each time), at the first roll.
fn after_setup(seed: u64) -> State {
    let mut s = State::deal(4, K, seed).unwrap();
    while s.phase() != Phase::PreRoll {
        let mv = legal(&s)[0];
        s.play(mv).unwrap();
    }
    s
}

#[test]
fn k1_k2_k84_no_development_cards_thirteen_points_win_on_ones_own_turn() {
    let s = after_setup(1);
    assert_eq!(s.check(Move::Buy), Err(Illegal::NotThisGame));
    assert_eq!(Illegal::NotThisGame.rule(), "K1");
    assert_eq!(s.points_to_win(), 13);
    assert_eq!(State::deal(2, K, 1).unwrap_err(), SetupError::KnightsPlayers(2));
    let end = find(K, 4, |s| s.winner().is_some());
    let w = end.winner().unwrap();
    assert_eq!(end.current(), w, "K2: the winner is the player on turn");
    assert!(end.points(w) >= 13);
    for p in 0..4 {
        let p = Player(p);
        assert_eq!(end.points(p) as u32, end.points_by_source(p).total(), "K84 by source");
    }
}

#[test]
fn k3_k4_k5_k9_pieces_bank_decks_ship_and_robber_at_the_start() {
    let s = State::deal(4, K, 3).unwrap();
    for p in 0..4 {
        assert_eq!(s.knight_supply(Player(p)), [2, 2, 2], "K3");
        assert_eq!(s.walls_of(Player(p)), 0);
        for t in Track::ALL {
            assert_eq!(s.level(Player(p), t), 0, "K9");
        }
    }
    for c in Commodity::ALL {
        assert_eq!(s.bank_of(CardKind::Commodity(c)), 12, "K4");
    }
    for d in s.progress_decks() {
        assert_eq!(d.len(), 18, "K5");
    }
    assert_eq!((s.ship().moved, s.ship().attacks), (0, 0));
    assert_eq!(s.board().terrain[s.robber().index()], None, "K9: the robber on the desert");
    assert_eq!(s.merchant(), None);
    for t in Track::ALL {
        assert_eq!(s.metropolis(t), (Metropolis::Free, None));
    }
}

#[test]
fn k7_k8_the_second_round_places_a_city_that_yields_one_resource_per_hex() {
    let mut s = State::deal(3, K, 5).unwrap();
    for step in 0..6 {
        let p = s.actor();
        let n = match legal(&s)[0] {
            Move::Settle(n) => n,
            other => panic!("{other:?}"),
        };
        let before = s.hand_size(p);
        s.play(Move::Settle(n)).unwrap();
        let hexes = TOPOLOGY.node_hexes[n.index()]
            .iter()
            .filter(|&&h| (h as usize) < HEXES && s.board().terrain[h as usize].is_some())
            .count() as u32;
        if step < 3 {
            assert_eq!(s.building(n), Some(Building::Settlement(p)));
            assert_eq!(s.hand_size(p), before);
        } else {
            assert_eq!(s.building(n), Some(Building::City(p)), "K7");
            assert_eq!(s.hand_size(p) - before, hexes, "K8: one card per land hex");
            assert!(
                Commodity::ALL.iter().all(|&c| cards(&s, p, CardKind::Commodity(c)) == 0),
                "K8: no commodity"
            );
        }
        let road = legal(&s)[0];
        s.play(road).unwrap();
    }
    assert_eq!((s.phase(), s.current()), (Phase::PreRoll, Player(0)));
}

#[test]
fn k6_k10_k11_k37_k43_three_dice_the_ship_moves_and_lands_on_its_seventh_face() {
    let mut s = after_setup(7);
    let mut rolls = 0;
    while s.ship().attacks == 0 {
        s.play(Move::Roll).unwrap();
        assert_eq!(s.chance(Chance::Dice(2, 3)), Err(Illegal::ImpossibleOutcome), "K6: three dice");
        assert_eq!(s.chance(Chance::Roll(2, 3, 7)), Err(Illegal::ImpossibleOutcome));
        let moved = s.ship().moved;
        s.chance(Chance::Roll(2, 3, 1)).unwrap();
        rolls += 1;
        if s.ship().attacks == 0 {
            assert_eq!(s.ship().moved, moved + 1, "K11");
        }
        while s.phase() != Phase::Main {
            let mv = legal(&s)[0];
            s.play(mv).unwrap();
            settle(&mut s);
        }
        s.play(Move::End).unwrap();
    }
    assert_eq!(rolls, 7, "K37: the seventh ship face lands it");
    assert_eq!(s.ship().moved, 0, "K43: back at the start");
    assert!((0..NODES).all(|n| s.knight(Node(n as u8)).is_none_or(|k| !k.active())), "K43");
}

#[test]
fn k12_k47_a_gate_draws_for_level_l_on_a_red_die_up_to_l_plus_1() {
    // A position before a roll where the player on turn has a level on some track.
    let s = find(K, 4, |s| {
        s.phase() == Phase::PreRoll && Track::ALL.iter().any(|&t| (1..=4).contains(&s.level(s.current(), t)))
    });
    let p = s.current();
    let t = Track::ALL.into_iter().find(|&t| (1..=4).contains(&s.level(p, t))).unwrap();
    let level = s.level(p, t);
    let face = match t {
        Track::Trade => 4,
        Track::Politics => 5,
        Track::Science => 6,
    };
    let draws_for = |red: u8| {
        let mut g = s.clone();
        g.play(Move::Roll).unwrap();
        g.chance(Chance::Roll(red, 2, face)).unwrap();
        // The drawers come in seat order from the roller: the roller first.
        g.phase() == Phase::Progress && g.actor() == p
    };
    assert!(draws_for(level + 1), "K12: level {level} draws on red {}", level + 1);
    assert!(!draws_for(level + 2), "K12: level {level} does not draw on red {}", level + 2);
    // K47: the card drawn goes into the hand; the deck shrinks by one.
    let mut g = s.clone();
    g.play(Move::Roll).unwrap();
    g.chance(Chance::Roll(level + 1, 2, face)).unwrap();
    let deck = g.drawing_deck().unwrap();
    let left = g.progress_decks()[deck as usize].len();
    g.resolve_chance();
    assert_eq!(g.progress_decks()[deck as usize].len(), left - 1);
    assert_eq!(
        g.progress_held(p) + g.progress_points(p) as u32,
        s.progress_held(p) + s.progress_points(p) as u32 + 1
    );
}

#[test]
fn k13_k14_a_city_on_pasture_takes_wool_and_cloth() {
    // A city beside a pasture hex not under the robber, before a roll, the bank holding both.
    let site = |s: &State| -> Option<(Player, u8)> {
        (0..NODES).find_map(|n| match s.building(Node(n as u8)) {
            Some(Building::City(p)) if !s.sideways(Node(n as u8)) => {
                TOPOLOGY.node_hexes[n].iter().find_map(|&h| {
                    let h = h as usize;
                    (h < HEXES
                        && s.board().terrain[h] == Some(Resource::Wool)
                        && s.robber().index() != h
                        && s.board().numbers[h] != 7)
                        .then_some((p, s.board().numbers[h]))
                })
            }
            _ => None,
        })
    };
    let s = find(K, 4, |s| {
        s.phase() == Phase::PreRoll
            && s.bank_of(res(Resource::Wool)) > 8
            && s.bank_of(CardKind::Commodity(Commodity::Cloth)) > 8
            && site(s).is_some()
    });
    let (p, number) = site(&s).unwrap();
    let mut g = s.clone();
    g.play(Move::Roll).unwrap();
    let red = if number > 6 { 6 } else { 1 };
    g.chance(Chance::Roll(red, number - red, 4)).unwrap();
    settle(&mut g);
    assert!(cards(&g, p, res(Resource::Wool)) > cards(&s, p, res(Resource::Wool)), "K13: wool");
    let cloth = CardKind::Commodity(Commodity::Cloth);
    assert!(cards(&g, p, cloth) > cards(&s, p, cloth), "K13: and cloth");
}

#[test]
fn k15_k16_k17_a_seven_before_the_first_attack_moves_no_robber_after_it_does() {
    let before = find(K, 4, |s| {
        s.phase() == Phase::PreRoll
            && s.ship().attacks == 0
            && s.ship().moved < 6
            && (0..4).all(|p| s.hand_size(Player(p)) <= 7)
    });
    let mut g = before.clone();
    g.play(Move::Roll).unwrap();
    g.chance(Chance::Roll(3, 4, 1)).unwrap();
    assert_eq!(g.phase(), Phase::Main, "K16: no robber before the first attack");
    assert_eq!(g.robber(), before.robber());
    let after = find(K, 4, |s| {
        s.phase() == Phase::PreRoll
            && s.ship().attacks > 0
            && s.ship().moved < 6
            && (0..4).all(|p| s.hand_size(Player(p)) <= 7)
    });
    let mut g = after.clone();
    g.play(Move::Roll).unwrap();
    g.chance(Chance::Roll(3, 4, 1)).unwrap();
    assert_eq!(g.phase(), Phase::Robber, "K17: the robber after the first attack");
    // K15: a wall raises the limit by 2.
    let walled = find(K, 4, |s| {
        s.phase() == Phase::PreRoll
            && s.ship().moved < 6
            && (0..4).any(|p| s.walls_of(Player(p)) > 0 && (8..=9).contains(&s.hand_size(Player(p))))
    });
    let p = (0..4)
        .map(Player)
        .find(|&p| walled.walls_of(p) > 0 && (8..=9).contains(&walled.hand_size(p)))
        .unwrap();
    let mut g = walled.clone();
    g.play(Move::Roll).unwrap();
    g.chance(Chance::Roll(3, 4, 1)).unwrap();
    assert_eq!(g.to_discard(p), 0, "K15: 8 or 9 cards with a wall are within the limit");
}

#[test]
fn k18_k19_a_wall_costs_two_brick_stands_under_a_city_at_most_three() {
    let (s, mv) = find_move(K, |_, m| matches!(m, Move::Wall(_)));
    let Move::Wall(n) = mv else { unreachable!() };
    let p = s.actor();
    let mut g = s.clone();
    g.play(mv).unwrap();
    assert!(g.wall(n));
    assert_eq!(g.walls_of(p), s.walls_of(p) + 1);
    assert_eq!(cards(&g, p, res(Resource::Brick)) + 2, cards(&s, p, res(Resource::Brick)), "K18");
    assert_eq!(g.check(Move::Wall(n)), Err(Illegal::Occupied), "K19: one wall per city");
    let settlement = (0..NODES as u8).find(|&m| g.building(Node(m)) == Some(Building::Settlement(p)));
    if let Some(m) = settlement {
        assert_eq!(g.check(Move::Wall(Node(m))).unwrap_err(), Illegal::NotOwnCity, "K19: under a city");
    }
    let full = find(K, 4, |s| (0..4).any(|p| s.walls_of(Player(p)) == 3) && s.phase() == Phase::Main);
    let p = full.actor();
    if full.walls_of(p) == 3 {
        assert!(!legal(&full).iter().any(|m| matches!(m, Move::Wall(_))), "K19: at most 3");
    }
}

#[test]
fn k20_k21_k25_a_level_costs_its_number_in_the_tracks_commodity() {
    let (s, mv) = find_move(K, |_, m| matches!(m, Move::Improve(_)));
    let Move::Improve(t) = mv else { unreachable!() };
    let p = s.actor();
    let level = s.level(p, t);
    let mut g = s.clone();
    g.play(mv).unwrap();
    settle(&mut g);
    assert_eq!(g.level(p, t), level + 1);
    let paid = CardKind::Commodity(t.commodity());
    assert_eq!(cards(&g, p, paid) + level + 1, cards(&s, p, paid), "K20");
    // K20: without a city no level is bought.
    let cityless = find(K, 4, |s| {
        s.phase() == Phase::Main
            && (0..NODES).all(|n| s.building(Node(n as u8)) != Some(Building::City(s.actor())))
            && Track::ALL
                .iter()
                .any(|&t| cards(s, s.actor(), CardKind::Commodity(t.commodity())) > s.level(s.actor(), t))
    });
    assert!(!legal(&cityless).iter().any(|m| matches!(m, Move::Improve(_))), "K20: a city is needed");
}

#[test]
fn k26_k27_k28_the_first_at_level_4_sets_a_metropolis_on_a_city_worth_two_more() {
    let (s, mv) = find_move(
        K,
        |s, m| matches!(m, Move::Improve(t) if s.level(s.actor(), *t) == 3 && s.metropolis(*t).0 == Metropolis::Free),
    );
    let Move::Improve(t) = mv else { unreachable!() };
    let p = s.actor();
    let mut g = s.clone();
    g.play(mv).unwrap();
    assert_eq!((g.phase(), g.metropolis(t).0), (Phase::Metropolis, Metropolis::Held(p)), "K26");
    let Move::Metropolis(n) = legal(&g)[0] else { panic!() };
    assert_eq!(g.building(n), Some(Building::City(p)));
    g.play(Move::Metropolis(n)).unwrap();
    assert_eq!(g.metropolis(t).1, Some(n));
    assert_eq!(g.points(p), s.points(p) + 2, "K28: two more points");
    // K27: a level 5 elsewhere takes it over: the rule of `Metropolis::after`.
    let (m, _) = Metropolis::Held(p).after(Player((p.0 + 1) % 4), 5);
    assert_eq!(m, Metropolis::Kept(Player((p.0 + 1) % 4)));
}

#[test]
fn k22_k44_commodities_trade_with_the_bank_the_trading_house_two_of_a_kind() {
    let (s, mv) = find_move(K, |s, m| {
        matches!(m, Move::Exchange(CardKind::Commodity(_), _)) && s.level(s.actor(), Track::Trade) >= 3
    });
    let Move::Exchange(give, _) = mv else { unreachable!() };
    let p = s.actor();
    let mut g = s.clone();
    g.play(mv).unwrap();
    assert_eq!(cards(&g, p, give) + 2, cards(&s, p, give), "K22: two for one");
    let (s, mv) = find_move(K, |s, m| {
        matches!(m, Move::Exchange(CardKind::Commodity(_), _)) && s.level(s.actor(), Track::Trade) < 3
    });
    let Move::Exchange(give, _) = mv else { unreachable!() };
    let mut g = s.clone();
    g.play(mv).unwrap();
    let paid = cards(&s, s.actor(), give) - cards(&g, s.actor(), give);
    assert!(paid == 3 || paid == 4, "K44: a harbour's 3 or the bank's 4, not {paid}");
}

#[test]
fn k23_k29_k30_k31_recruit_a_basic_knight_promote_it_once_a_turn_activate_it_for_grain() {
    let (s, mv) = find_move(K, |_, m| matches!(m, Move::Recruit(_)));
    let Move::Recruit(n) = mv else { unreachable!() };
    let p = s.actor();
    let mut g = s.clone();
    g.play(mv).unwrap();
    let k = g.knight(n).unwrap();
    assert_eq!((k.owner(), k.strength(), k.active()), (p.0, Strength::Basic, false), "K29");
    assert_eq!(g.knight_supply(p)[0] + 1, s.knight_supply(p)[0]);
    let (s, mv) = find_move(K, |_, m| matches!(m, Move::Promote(_)));
    let Move::Promote(n) = mv else { unreachable!() };
    let mut g = s.clone();
    let before = s.knight(n).unwrap().strength();
    g.play(mv).unwrap();
    assert!(g.knight(n).unwrap().strength() > before, "K30");
    assert_eq!(g.check(mv).unwrap_err(), Illegal::NoPromotion, "K30: once a turn");
    // K23: strong to mighty only with the fortress.
    let strong = find(K, 4, |s| {
        s.phase() == Phase::Main
            && s.level(s.actor(), Track::Politics) < 3
            && (0..NODES).any(|n| {
                s.knight(Node(n as u8))
                    .is_some_and(|k| k.owner() == s.actor().0 && k.strength() == Strength::Strong)
            })
    });
    let n = (0..NODES as u8)
        .find(|&n| {
            strong
                .knight(Node(n))
                .is_some_and(|k| k.owner() == strong.actor().0 && k.strength() == Strength::Strong)
        })
        .unwrap();
    assert_eq!(strong.check(Move::Promote(Node(n))).unwrap_err(), Illegal::NoPromotion, "K23");
    let (s, mv) = find_move(K, |_, m| matches!(m, Move::Activate(_)));
    let Move::Activate(n) = mv else { unreachable!() };
    let mut g = s.clone();
    g.play(mv).unwrap();
    assert!(g.knight(n).unwrap().active(), "K31");
    assert_eq!(cards(&g, s.actor(), res(Resource::Grain)) + 1, cards(&s, s.actor(), res(Resource::Grain)));
    assert_eq!(g.check(mv).unwrap_err(), Illegal::KnightActive);
}

#[test]
fn k32_k33_k36_a_knight_active_at_the_turns_start_moves_once_along_its_roads() {
    let (s, mv) = find_move(K, |s, m| matches!(m, Move::MoveKnight(_, to) if s.knight(*to).is_none()));
    let Move::MoveKnight(from, to) = mv else { unreachable!() };
    let mut g = s.clone();
    g.play(mv).unwrap();
    let k = g.knight(to).unwrap();
    assert!(g.knight(from).is_none() && !k.active(), "K32: the action makes it inactive");
    // Activated again, it cannot act again this turn.
    if g.check(Move::Activate(to)).is_ok() {
        g.play(Move::Activate(to)).unwrap();
        assert!(
            !legal(&g).iter().any(|m| matches!(m, Move::MoveKnight(f, _) | Move::Chase(f) if *f == to)),
            "K32"
        );
    }
    // K33: the way runs along the player's own roads.
    let p = s.actor();
    let roads = |n: Node| {
        TOPOLOGY.node_edges[n.index()].iter().any(|&e| (e as usize) < 72 && s.road(Edge(e)) == Some(p))
    };
    assert!(roads(to), "K33");
    // K36: a knight blocks a settlement (the player could pay for one and has one left).
    let affords = |s: &State| {
        let p = s.actor();
        [Resource::Lumber, Resource::Brick, Resource::Wool, Resource::Grain]
            .iter()
            .all(|&r| cards(s, p, res(r)) > 0)
            && s.pieces(p).0 < 5
    };
    let blocked = find(K, 4, |s| {
        s.phase() == Phase::Main && affords(s) && (0..NODES as u8).any(|n| s.knight(Node(n)).is_some())
    });
    let n = (0..NODES as u8).find(|&n| blocked.knight(Node(n)).is_some()).unwrap();
    assert_eq!(blocked.check(Move::Settle(Node(n))), Err(Illegal::Occupied), "K36");
}

#[test]
fn k34_a_knight_displaces_a_weaker_one_whose_owner_moves_it_on() {
    let (s, mv) = find_move(K, |s, m| matches!(m, Move::MoveKnight(_, to) if s.knight(*to).is_some()));
    let Move::MoveKnight(from, to) = mv else { unreachable!() };
    let (mine, theirs) = (s.knight(from).unwrap(), s.knight(to).unwrap());
    assert!(theirs.strength() < mine.strength(), "K34: only a weaker one");
    let mut g = s.clone();
    g.play(mv).unwrap();
    assert_eq!(g.knight(to).unwrap().owner(), mine.owner());
    match g.phase() {
        Phase::Relocate => {
            assert_eq!(g.actor().0, theirs.owner(), "K34: its owner moves it");
            let Move::Relocate(n) = legal(&g)[0] else { panic!() };
            g.play(Move::Relocate(n)).unwrap();
            assert_eq!(g.knight(n).unwrap().active(), theirs.active(), "K34: it keeps its state");
        }
        _ => assert_eq!(
            g.knight_supply(Player(theirs.owner()))[theirs.strength() as usize - 1],
            s.knight_supply(Player(theirs.owner()))[theirs.strength() as usize - 1] + 1,
            "K34: nowhere to go, back to the supply"
        ),
    }
}

#[test]
fn k35_a_knight_beside_the_robber_chases_it_after_the_first_attack() {
    let (s, mv) = find_move(K, |_, m| matches!(m, Move::Chase(_)));
    assert!(s.ship().attacks > 0, "K17");
    let mut g = s.clone();
    g.play(mv).unwrap();
    assert_eq!(g.phase(), Phase::Robber, "K35");
}

#[test]
fn k38_k39_k40_k41_k42_an_attack_rewards_the_strongest_or_takes_the_weakest_players_city() {
    let s = find(K, 4, |s| s.phase() == Phase::PreRoll && s.ship().moved == 6);
    let mut g = s.clone();
    g.play(Move::Roll).unwrap();
    g.chance(Chance::Roll(2, 3, 1)).unwrap();
    assert_eq!(g.ship().attacks, s.ship().attacks + 1);
    let mut strength = [0u32; 4];
    let mut barbarians = 0;
    let mut exposed = [false; 4];
    for n in 0..NODES as u8 {
        if let Some(k) = s.knight(Node(n)).filter(|k| k.active()) {
            strength[k.owner() as usize] += k.strength() as u32;
        }
        if let Some(Building::City(q)) = s.building(Node(n)) {
            barbarians += 1;
            let metropolis = Track::ALL.iter().any(|&t| s.metropolis(t).1 == Some(Node(n)));
            exposed[q.index()] |= !metropolis;
        }
    }
    let catan: u32 = strength.iter().sum();
    if catan >= barbarians {
        let best = *strength.iter().max().unwrap();
        let tops = (0..4).filter(|&q| strength[q] == best).count();
        if best > 0 && tops == 1 {
            let d = (0..4).find(|&q| strength[q] == best).unwrap();
            assert_eq!(g.defenders(Player(d as u8)), s.defenders(Player(d as u8)) + 1, "K39: the defender");
        } else if best > 0 {
            assert_eq!(g.phase(), Phase::DefenderDeck, "K39: the tied draw a card");
        }
    } else if exposed.iter().any(|&e| e) {
        let low = (0..4).filter(|&q| exposed[q]).map(|q| strength[q]).min().unwrap();
        assert_eq!(g.phase(), Phase::LoseCity, "K40");
        assert!(exposed[g.actor().index()] && strength[g.actor().index()] == low, "K40: the weakest");
        // K41: the player chooses among his cities without a metropolis; K42: it becomes a
        // settlement, or lies on its side.
        let Move::LoseCity(n) = legal(&g)[0] else { panic!() };
        let p = g.actor();
        let (settlements, cities, _) = g.pieces(p);
        g.play(Move::LoseCity(n)).unwrap();
        assert_eq!(g.building(n), Some(Building::Settlement(p)));
        if settlements < 5 {
            assert_eq!(g.pieces(p).0, settlements + 1, "K42: a settlement from the supply");
            assert_eq!(g.pieces(p).1, cities - 1);
        } else {
            assert!(g.sideways(n), "K42: on its side");
        }
    }
}

#[test]
fn k24_the_aqueduct_gives_a_resource_when_a_roll_gave_nothing() {
    let (s, mv) = find_move(K, |_, m| matches!(m, Move::Aqueduct(_)));
    let Move::Aqueduct(r) = mv else { unreachable!() };
    let p = s.actor();
    assert!(s.level(p, Track::Science) >= 3, "K24");
    let mut g = s.clone();
    g.play(mv).unwrap();
    assert_eq!(cards(&g, p, res(r)), cards(&s, p, res(r)) + 1);
}

#[test]
fn k45_k69_the_merchant_gives_a_point_and_2_for_1_in_its_hexs_resource() {
    let (s, mv) =
        find_move(K, |s, m| matches!(m, Move::Merchant(h) if s.board().terrain[h.index()].is_some()));
    let Move::Merchant(h) = mv else { unreachable!() };
    let p = s.actor();
    let mut g = s.clone();
    g.play(mv).unwrap();
    assert_eq!(g.merchant(), Some((h, p)));
    assert!(g.points_by_source(p).merchant, "K45: a point");
    let r = g.board().terrain[h.index()].unwrap();
    if cards(&g, p, res(r)) >= 2 {
        let get = CardKind::ALL.into_iter().find(|&k| k != res(r) && g.bank_of(k) > 0).unwrap();
        assert!(g.check(Move::Exchange(res(r), get)).is_ok(), "K45: 2:1");
    }
}

#[test]
fn k49_k63_k75_printer_and_constitution_are_laid_down_as_points() {
    let s = find(K, 4, |s| {
        s.drawing_deck().is_some_and(|c| s.progress_decks()[c as usize].cards().any(|k| k.is_victory_point()))
    });
    let c = s.drawing_deck().unwrap();
    let vp = s.progress_decks()[c as usize].cards().find(|k| k.is_victory_point()).unwrap();
    let p = s.actor();
    let mut g = s.clone();
    g.chance(Chance::Progress(vp)).unwrap();
    assert_eq!(g.progress_points(p), s.progress_points(p) + 1, "K49");
    assert_eq!(g.progress_held(p), s.progress_held(p), "K49: never held");
}

#[test]
fn k50_off_ones_turn_a_fifth_card_goes_back_at_once() {
    let (s, _) = find_move(K, |s, m| matches!(m, Move::PutBack(_)) && s.actor() != s.current());
    assert_eq!(s.phase(), Phase::PutBack);
    assert!(s.progress_held(s.actor()) > 4, "K50");
    // On one's own turn (officially) the surplus waits for the turn's end.
    let own = find(K, 4, |s| s.phase() == Phase::Main && s.progress_held(s.current()) > 4);
    assert!(legal(&own).contains(&Move::End));
    let mut g = own.clone();
    g.play(Move::End).unwrap();
    assert_eq!((g.phase(), g.actor()), (Phase::PutBack, own.current()), "K50: at the turn's end");
}

#[test]
fn k51_k56_the_alchemist_sets_the_dice_before_the_roll_only() {
    let (s, mv) = find_move(K, |_, m| matches!(m, Move::Alchemist(..)));
    assert_eq!(s.phase(), Phase::PreRoll, "K56");
    let mut g = s.clone();
    g.play(Move::Alchemist(5, 2)).unwrap();
    assert_eq!(g.chance(Chance::Roll(4, 2, 3)), Err(Illegal::ImpossibleOutcome));
    g.chance(Chance::Roll(5, 2, 4)).unwrap();
    assert_eq!(g.last_roll(), 7);
    let _ = mv;
    let main = find(K, 4, |s| {
        s.phase() == Phase::Main && s.progress_cards(s.current())[ProgressCard::Alchemist.index()] > 0
    });
    assert!(main.check(Move::Alchemist(1, 1)).is_err(), "K51: not after the roll");
}

#[test]
fn k52_k57_a_crane_takes_a_commodity_off_a_level_and_goes_under_its_deck() {
    let (s, mv) = find_move(K, |_, m| matches!(m, Move::Crane(_)));
    let Move::Crane(t) = mv else { unreachable!() };
    let p = s.actor();
    let level = s.level(p, t);
    let mut g = s.clone();
    g.play(mv).unwrap();
    settle(&mut g);
    let paid = CardKind::Commodity(t.commodity());
    assert_eq!(cards(&g, p, paid) + level, cards(&s, p, paid), "K57: level {} for {level}", level + 1);
    let science = g.progress_decks()[Colour::Science as usize].cards().last();
    assert_eq!(science, Some(ProgressCard::Crane), "K52: under its deck");
}

#[test]
fn k58_k61_engineer_builds_a_free_wall_medicine_a_cheaper_city() {
    let (s, mv) = find_move(K, |_, m| matches!(m, Move::Engineer(_)));
    let Move::Engineer(n) = mv else { unreachable!() };
    let mut g = s.clone();
    g.play(mv).unwrap();
    assert!(g.wall(n) && g.hand_size(s.actor()) == s.hand_size(s.actor()), "K58");
    let (s, mv) = find_move(K, |_, m| matches!(m, Move::Medicine(_)));
    let Move::Medicine(n) = mv else { unreachable!() };
    let p = s.actor();
    let mut g = s.clone();
    g.play(mv).unwrap();
    assert_eq!(g.building(n), Some(Building::City(p)));
    assert_eq!(g.hand_size(p) + 3, s.hand_size(p), "K61: 2 ore and 1 grain");
}

#[test]
fn k59_the_inventor_swaps_two_tokens_but_never_2_12_6_or_8() {
    let (s, mv) = find_move(K, |_, m| matches!(m, Move::Inventor(..)));
    let Move::Inventor(a, b) = mv else { unreachable!() };
    let mut g = s.clone();
    g.play(mv).unwrap();
    assert_eq!(
        (g.board().numbers[a.index()], g.board().numbers[b.index()]),
        (s.board().numbers[b.index()], s.board().numbers[a.index()])
    );
    let six = (0..HEXES as u8).find(|&h| s.board().numbers[h as usize] == 6).unwrap();
    let other =
        (0..HEXES as u8).find(|&h| ![0, 2, 6, 8, 12].contains(&s.board().numbers[h as usize])).unwrap();
    let (x, y) = (six.min(other), six.max(other));
    assert_eq!(s.check(Move::Inventor(Hex(x), Hex(y))), Err(Illegal::CardCannotWork), "K59");
}

#[test]
fn k60_k62_irrigation_and_mining_give_2_per_hex_touched() {
    for (card, r) in [(ProgressCard::Irrigation, Resource::Grain), (ProgressCard::Mining, Resource::Ore)] {
        let (s, mv) = find_move(K, |_, m| *m == Move::Play(card));
        let p = s.actor();
        let touched = (0..HEXES)
            .filter(|&h| {
                s.board().terrain[h] == Some(r)
                    && TOPOLOGY.hex_nodes[h]
                        .iter()
                        .any(|&n| s.building(Node(n)).is_some_and(|b| b.owner() == p))
            })
            .count() as u8;
        let mut g = s.clone();
        g.play(mv).unwrap();
        let want = (2 * touched).min(s.bank_of(res(r)));
        assert_eq!(cards(&g, p, res(r)), cards(&s, p, res(r)) + want, "{card:?}");
    }
}

#[test]
fn k64_k65_road_building_places_two_free_roads_smith_promotes_free() {
    let (s, mv) = find_move(K, |_, m| *m == Move::Play(ProgressCard::RoadBuilding));
    let mut g = s.clone();
    g.play(mv).unwrap();
    assert_eq!(g.phase(), Phase::FreeRoads, "K64");
    let (s, mv) = find_move(K, |_, m| matches!(m, Move::Smith(..)));
    let Move::Smith(a, b) = mv else { unreachable!() };
    let mut g = s.clone();
    g.play(mv).unwrap();
    for n in std::iter::once(a).chain(b) {
        assert!(g.knight(n).unwrap().strength() > s.knight(n).unwrap().strength(), "K65");
    }
    assert_eq!(g.hand_size(s.actor()), s.hand_size(s.actor()), "K65: free");
}

#[test]
fn k67_a_commercial_harbor_trades_a_resource_for_a_commodity_of_the_others_choice() {
    let (s, mv) = find_move(
        K,
        |s, m| matches!(m, Move::HarbourOffer(q, _) if Commodity::ALL.iter().any(|&c| s.cards_of(*q, CardKind::Commodity(c)) > 0)),
    );
    let Move::HarbourOffer(q, r) = mv else { unreachable!() };
    let mut g = s.clone();
    g.play(mv).unwrap();
    assert_eq!((g.phase(), g.actor()), (Phase::HarbourGive, q));
    let give = legal(&g)[0];
    let Move::Give(c) = give else { panic!() };
    assert!(matches!(c, CardKind::Commodity(_)), "K67: a commodity");
    g.play(give).unwrap();
    let p = s.current();
    assert_eq!(cards(&g, q, res(r)), cards(&s, q, res(r)) + 1);
    assert_eq!(cards(&g, p, c), cards(&s, p, c) + 1);
    assert!(g.check(Move::HarbourOffer(q, r)).is_err(), "K67: once each");
}

#[test]
fn k68_a_master_merchant_takes_two_cards_from_a_player_ahead() {
    let (s, mv) = find_move(K, |s, m| matches!(m, Move::MasterMerchant(q) if s.hand_size(*q) >= 2));
    let Move::MasterMerchant(q) = mv else { unreachable!() };
    let p = s.actor();
    assert!(s.points(q) > s.points(p), "K68: ahead");
    let mut g = s.clone();
    g.play(mv).unwrap();
    assert_eq!(g.known(p, q), g.hand(q), "K68: he sees the hand");
    for _ in 0..2 {
        let mv = legal(&g)[0];
        g.play(mv).unwrap();
    }
    assert_eq!(g.hand_size(q) + 2, s.hand_size(q));
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn k70_k71_k72_fleet_and_monopolies() {
    let (s, mv) = find_move(K, |_, m| matches!(m, Move::Fleet(_)));
    let Move::Fleet(k) = mv else { unreachable!() };
    let mut g = s.clone();
    g.play(mv).unwrap();
    if cards(&g, g.actor(), k) >= 2 {
        let get = CardKind::ALL.into_iter().find(|&x| x != k && g.bank_of(x) > 0).unwrap();
        assert!(g.check(Move::Exchange(k, get)).is_ok(), "K70: 2 for 1");
    }
    let (s, mv) = find_move(K, |_, m| matches!(m, Move::ResourceMonopoly(_)));
    let Move::ResourceMonopoly(r) = mv else { unreachable!() };
    let p = s.actor();
    let mut g = s.clone();
    g.play(mv).unwrap();
    let owed: u8 = (0..4).filter(|&q| q != p.0).map(|q| cards(&s, Player(q), res(r)).min(2)).sum();
    assert_eq!(cards(&g, p, res(r)), cards(&s, p, res(r)) + owed, "K71");
    let (s, mv) = find_move(K, |_, m| matches!(m, Move::TradeMonopoly(_)));
    let Move::TradeMonopoly(c) = mv else { unreachable!() };
    let p = s.actor();
    let mut g = s.clone();
    g.play(mv).unwrap();
    let kind = CardKind::Commodity(c);
    let owed: u8 = (0..4).filter(|&q| q != p.0).map(|q| cards(&s, Player(q), kind).min(1)).sum();
    assert_eq!(cards(&g, p, kind), cards(&s, p, kind) + owed, "K72");
}

#[test]
fn k74_a_bishop_moves_the_robber_and_robs_each_player_there() {
    let (s, mv) = find_move(K, |s, m| {
        matches!(m, Move::Bishop(h) if (0..4).filter(|&q| q != s.actor().0 && s.hand_size(Player(q)) > 0
            && TOPOLOGY.hex_nodes[h.index()].iter().any(|&n| s.building(Node(n)).is_some_and(|b| b.owner() == Player(q)))).count() >= 1)
    });
    let Move::Bishop(h) = mv else { unreachable!() };
    assert!(s.ship().attacks > 0, "K17");
    let victims = (0..4u8)
        .filter(|&q| {
            q != s.actor().0
                && s.hand_size(Player(q)) > 0
                && TOPOLOGY.hex_nodes[h.index()]
                    .iter()
                    .any(|&n| s.building(Node(n)).is_some_and(|b| b.owner() == Player(q)))
        })
        .count() as u32;
    let p = s.actor();
    let mut g = s.clone();
    g.play(mv).unwrap();
    settle(&mut g);
    assert_eq!(g.robber(), h);
    assert_eq!(g.hand_size(p), s.hand_size(p) + victims, "K74: one card from each");
}

#[test]
fn k76_a_deserter_takes_a_knight_its_owner_chooses_and_places_one_of_the_same_strength() {
    let (s, mv) = find_move(K, |_, m| matches!(m, Move::Deserter(_)));
    let Move::Deserter(q) = mv else { unreachable!() };
    let mut g = s.clone();
    g.play(mv).unwrap();
    assert_eq!((g.phase(), g.actor()), (Phase::Desert, q), "K76: the victim chooses");
    let Move::Desert(n) = legal(&g)[0] else { panic!() };
    let removed = g.knight(n).unwrap();
    g.play(Move::Desert(n)).unwrap();
    assert!(g.knight(n).is_none());
    if g.phase() == Phase::DeserterPlace {
        let Move::Place(m) = legal(&g)[0] else { panic!() };
        g.play(Move::Place(m)).unwrap();
        let placed = g.knight(m).unwrap();
        let same = s.knight_supply(s.actor())[removed.strength() as usize - 1] > 0;
        if same {
            assert_eq!(placed.strength(), removed.strength(), "K76: the same strength");
        } else {
            assert_eq!(placed.strength(), Strength::Basic, "K76: else a basic one");
        }
        assert_eq!(placed.active(), removed.active(), "K76: in its state");
    }
}

#[test]
fn k77_k78_a_diplomat_removes_an_open_road_an_intrigue_displaces_a_knight() {
    let (s, mv) = find_move(K, |_, m| matches!(m, Move::Diplomat(_)));
    let Move::Diplomat(e) = mv else { unreachable!() };
    let owner = s.road(e).unwrap();
    let mut g = s.clone();
    g.play(mv).unwrap();
    assert_eq!(g.road(e), None, "K77");
    assert_eq!(g.pieces(owner).2 + 1, s.pieces(owner).2);
    if owner == s.actor() {
        assert_eq!(g.phase(), Phase::DiplomatRoad, "K77: his own, built again if he likes");
    }
    let (s, mv) = find_move(K, |_, m| matches!(m, Move::Intrigue(_)));
    let Move::Intrigue(n) = mv else { unreachable!() };
    let k = s.knight(n).unwrap();
    let mut g = s.clone();
    g.play(mv).unwrap();
    assert!(g.knight(n).is_none(), "K78");
    if g.phase() == Phase::Relocate {
        assert_eq!(g.actor().0, k.owner(), "K78: its owner moves it away");
    }
}

#[test]
fn k79_a_saboteur_halves_the_hands_of_those_level_or_ahead() {
    let (s, mv) = find_move(K, |_, m| *m == Move::Play(ProgressCard::Saboteur));
    let p = s.actor();
    let mut g = s.clone();
    g.play(mv).unwrap();
    for q in (0..4).map(Player).filter(|&q| q != p) {
        let due = if s.points(q) >= s.points(p) && s.hand_size(q) >= 2 { s.hand_size(q) / 2 } else { 0 };
        assert_eq!(g.to_discard(q) as u32, due, "K79: {q:?}");
    }
    while g.phase() == Phase::Discard {
        let mv = legal(&g)[0];
        g.play(mv).unwrap();
    }
    assert_eq!(g.phase(), Phase::Main, "K79: no robber after");
}

#[test]
fn k80_k81_k82_spy_warlord_and_wedding() {
    let (s, mv) = find_move(K, |_, m| matches!(m, Move::Spy(_)));
    let Move::Spy(q) = mv else { unreachable!() };
    let mut g = s.clone();
    g.play(mv).unwrap();
    let take = legal(&g).into_iter().find(|m| matches!(m, Move::SpyTake(_))).unwrap();
    g.play(take).unwrap();
    assert_eq!(g.progress_held(q) + 1, s.progress_held(q), "K80");
    let (s, mv) = find_move(K, |_, m| *m == Move::Play(ProgressCard::Warlord));
    let mut g = s.clone();
    g.play(mv).unwrap();
    let p = s.actor().0;
    assert!((0..NODES as u8).all(|n| g.knight(Node(n)).is_none_or(|k| k.owner() != p || k.active())), "K81");
    let (s, mv) = find_move(K, |_, m| *m == Move::Play(ProgressCard::Wedding));
    let p = s.actor();
    let mut g = s.clone();
    g.play(mv).unwrap();
    let owed: u32 = (0..4)
        .map(Player)
        .filter(|&q| q != p && s.points(q) > s.points(p))
        .map(|q| s.hand_size(q).min(2))
        .sum();
    while g.phase() == Phase::Give {
        let mv = legal(&g)[0];
        g.play(mv).unwrap();
    }
    assert_eq!(g.hand_size(p), s.hand_size(p) + owed, "K82");
}

#[test]
fn k53_k54_a_card_that_cannot_work_is_not_played_and_progress_cards_are_never_robbed() {
    let s = find(K, 4, |s| {
        s.phase() == Phase::Main
            && s.progress_cards(s.current())[ProgressCard::Engineer.index()] > 0
            && !legal(s).iter().any(|m| matches!(m, Move::Engineer(_)))
    });
    assert!(!legal(&s).contains(&Move::Play(ProgressCard::Engineer)), "K53");
    assert_eq!(s.check(Move::Play(ProgressCard::Engineer)), Err(Illegal::CardCannotWork));
    // K54: a steal takes a resource or commodity, never a progress card.
    let at = find(K, 4, |s| s.phase() == Phase::Steal);
    let v = at.victim().unwrap();
    let mut g = at.clone();
    g.resolve_chance();
    assert_eq!(g.progress_held(v), at.progress_held(v));
    assert_eq!(g.hand_size(v) + 1, at.hand_size(v));
}

#[test]
fn k55_k66_k73_k83_the_decks_hold_the_almanacs_counts() {
    for c in Colour::ALL {
        let total: u32 = KINDS.iter().filter(|k| k.1 == c).map(|k| k.2 as u32).sum();
        assert_eq!(total, 18, "{c:?}");
    }
    let s = State::deal(3, K, 9).unwrap();
    let all: usize = s.progress_decks().iter().map(|d| d.len()).sum();
    assert_eq!(all, 54, "K83");
}

#[test]
fn k46_k85_a_knight_breaks_a_route_and_the_others_progress_cards_are_dealt_afresh() {
    // K85: what a player sees of the others' progress cards is their number by colour.
    let s = find(K, 4, |s| {
        (0..4).filter(|&p| s.progress_held(Player(p)) > 1).count() >= 2 && s.phase() == Phase::Main
    });
    let me = s.actor().index();
    let mut rng = Pcg64Mcg::seed_from_u64(4);
    let mut differs = false;
    for _ in 0..20 {
        let d = s.determinized(me, &mut rng);
        for q in (0..4).map(Player) {
            assert_eq!(d.progress_held(q), s.progress_held(q));
            if q.index() == me {
                assert_eq!(d.progress_cards(q), s.progress_cards(q));
            }
            differs |= d.progress_cards(q) != s.progress_cards(q);
        }
    }
    assert!(differs, "K85: the others' cards were dealt afresh");
    // K46: every knight placed recounts the routes: an opponent's knight counts as a building.
    let (s, mv) = find_move(K, |s, m| matches!(m, Move::Recruit(_)) && s.longest_road().is_some());
    let mut g = s.clone();
    g.play(mv).unwrap();
    for q in (0..4).map(Player) {
        assert!(g.road_length(q) <= s.road_length(q), "K46: a knight never lengthens a route");
    }
}

/// The house rules that restate the official ones (H2, H3, H4, H6, H12, H13).
const RESTATING: [usize; 6] = [2, 3, 4, 6, 12, 13];

fn only(rules: &[usize]) -> HouseRules {
    HouseRules(rules.iter().fold(0, |m, &n| m | 1 << (n - 1)))
}

#[test]
fn h2_h3_h4_h6_h12_h13_restate_the_official_rules_every_step_of_random_games_is_the_same() {
    let mut buf = (Vec::new(), Vec::new());
    for seed in 0..20u64 {
        let mut a = State::deal(4, K, seed).unwrap();
        let mut b = a.under(only(&RESTATING)).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        while !a.is_over() && a.turns() < 200 {
            if a.phase().is_chance() {
                // Each game's own generator: the same outcomes while the games are the same.
                assert_eq!(a.resolve_chance(), b.resolve_chance(), "seed {seed}");
                continue;
            }
            a.legal_moves(&mut buf.0);
            b.legal_moves(&mut buf.1);
            assert_eq!(buf.0, buf.1, "seed {seed}: the same moves");
            let mv = buf.0[rng.random_range(0..buf.0.len())];
            a.apply(mv);
            b.apply(mv);
            assert_eq!(
                a.under(HouseRules::OFFICIAL),
                b.under(HouseRules::OFFICIAL),
                "seed {seed}: the same game"
            );
        }
    }
}

#[test]
fn h1_a_short_bank_pays_the_one_player_owed_officially_and_nobody_under_h1() {
    use stadt_catan::production::owed;
    // A position before a roll where, for some roll, one player alone is owed more of a kind
    // than the bank holds (and the bank holds some).
    let short = |s: &State| -> Option<(u8, usize, Player)> {
        if s.phase() != Phase::PreRoll || s.ship().moved == 6 {
            return None;
        }
        (2..=12u8).filter(|&n| n != 7).find_map(|n| {
            let o = owed(s, n);
            (0..8).find_map(|k| {
                let bank = s.bank_of(CardKind::ALL[k]);
                let owing: Vec<usize> = (0..4).filter(|&q| o[q][k] > 0).collect();
                (owing.len() == 1 && bank > 0 && o[owing[0]][k] > bank)
                    .then(|| (n, k, Player(owing[0] as u8)))
            })
        })
    };
    let s = find(K, 4, |s| short(s).is_some());
    let (n, k, p) = short(&s).unwrap();
    let red = if n > 6 { 6 } else { 1 };
    let roll = |g: &mut State| {
        g.play(Move::Roll).unwrap();
        g.chance(Chance::Roll(red, n - red, 4)).unwrap();
    };
    let (mut official, mut house) = (s.clone(), s.under(only(&[1])).unwrap());
    roll(&mut official);
    roll(&mut house);
    let kind = CardKind::ALL[k];
    assert_eq!(cards(&official, p, kind), cards(&s, p, kind) + s.bank_of(kind), "C16/K14: what is left");
    assert_eq!(cards(&house, p, kind), cards(&s, p, kind), "H1: nothing");
}

#[test]
fn h5_on_ones_own_turn_a_fifth_card_is_put_back_or_played_at_once() {
    let s = find(K, 4, |s| s.phase() == Phase::Main && s.progress_held(s.current()) > 4);
    let official = legal(&s);
    let house = legal(&s.under(only(&[5])).unwrap());
    assert!(official.contains(&Move::End), "K50: the surplus waits for the turn's end");
    assert!(!house.contains(&Move::End), "H5: not before a card is put back or played");
    assert!(
        house
            .iter()
            .all(|m| matches!(m, Move::PutBack(_))
                || !matches!(m, Move::End | Move::Road(_) | Move::Settle(_)))
    );
    assert!(house.iter().any(|m| matches!(m, Move::PutBack(_))));
}

#[test]
fn h7_a_road_ending_at_its_owners_knight_is_open_only_under_h7() {
    let s = find(K, 4, |s| {
        s.phase() == Phase::Main
            && s.progress_cards(s.current())[ProgressCard::Diplomat.index()] > 0
            && s.under(only(&[7])).is_some_and(|h| {
                (0..72u8).any(|e| {
                    h.check(Move::Diplomat(Edge(e))).is_ok() && s.check(Move::Diplomat(Edge(e))).is_err()
                })
            })
    });
    let h = s.under(only(&[7])).unwrap();
    let e = (0..72u8)
        .find(|&e| h.check(Move::Diplomat(Edge(e))).is_ok() && s.check(Move::Diplomat(Edge(e))).is_err())
        .unwrap();
    let owner = s.road(Edge(e)).unwrap();
    let at_knight = TOPOLOGY.edge_nodes[e as usize]
        .iter()
        .any(|&n| s.knight(Node(n)).is_some_and(|k| k.owner() == owner.0));
    assert!(at_knight, "H7 differs from the official open line at a knight's end");
}

#[test]
fn h8_an_inventor_may_not_leave_equal_tokens_side_by_side_under_h8() {
    let s = find(K, 4, |s| {
        s.phase() == Phase::Main
            && s.progress_cards(s.current())[ProgressCard::Inventor.index()] > 0
            && s.under(only(&[8])).is_some_and(|h| legal(s).len() > legal(&h).len())
    });
    let h = s.under(only(&[8])).unwrap();
    let house = legal(&h);
    let refused: Vec<Move> = legal(&s).into_iter().filter(|m| !house.contains(m)).collect();
    for mv in refused {
        let Move::Inventor(a, b) = mv else { panic!("{mv:?}") };
        let mut g = s.clone();
        g.play(mv).unwrap();
        let equal_beside = |x: Hex| {
            (0..HEXES).any(|y| {
                y != x.index()
                    && TOPOLOGY.hex_node_bits[y] & TOPOLOGY.hex_node_bits[x.index()] != 0
                    && g.board().numbers[y] == g.board().numbers[x.index()]
            })
        };
        assert!(equal_beside(a) || equal_beside(b), "H8 refused {mv:?} without equal neighbours");
    }
}

#[test]
fn h9_the_older_saboteur_sabotages_a_city_which_yields_as_a_settlement() {
    let s = find(K, 4, |s| {
        s.phase() == Phase::Main
            && s.progress_cards(s.current())[ProgressCard::Saboteur.index()] > 0
            && s.under(only(&[9])).is_some_and(|h| legal(&h).iter().any(|m| matches!(m, Move::Sabotage(_))))
    });
    let h = s.under(only(&[9])).unwrap();
    assert!(!legal(&h).contains(&Move::Play(ProgressCard::Saboteur)), "H9 replaces the discards");
    assert!(!legal(&s).iter().any(|m| matches!(m, Move::Sabotage(_))), "officially there is no sabotage");
    let Some(Move::Sabotage(n)) = legal(&h).into_iter().find(|m| matches!(m, Move::Sabotage(_))) else {
        panic!()
    };
    let owner = h.building(n).unwrap().owner();
    let mut g = h.clone();
    g.play(Move::Sabotage(n)).unwrap();
    assert_eq!(g.points(owner), h.points(owner), "H9: still 2 points");
    assert_eq!(g.building(n), Some(Building::City(owner)));
}

#[test]
fn h10_a_deserters_player_places_a_lower_knight_when_none_of_the_strength_is_left() {
    // A Deserter's victim about to choose, where the card's player has no knight of some
    // strength the victim has on the board, but a lower one other than basic... or basic.
    // A mighty knight removed while the card's player has a strong one but no mighty one left,
    // and a free intersection on his roads.
    let s = find(K, 4, |s| {
        s.phase() == Phase::Desert
            && {
                let supply = s.knight_supply(s.current());
                supply[2] == 0
                && supply[1] > 0
                && legal(&s.clone()).iter().any(|m| matches!(m, Move::Desert(n) if s.knight(*n).is_some_and(|k| k.strength() == Strength::Mighty)))
                && {
                    let mut g = s.clone();
                    let Some(Move::Desert(n)) = legal(s).into_iter().find(|m| matches!(m, Move::Desert(n) if s.knight(*n).is_some_and(|k| k.strength() == Strength::Mighty))) else { unreachable!() };
                    g.play(Move::Desert(n)).unwrap();
                    g.phase() == Phase::DeserterPlace
                }
            }
    });
    let supply = s.knight_supply(s.current());
    let n = (0..NODES as u8)
        .find(|&n| {
            s.knight(Node(n)).is_some_and(|k| k.owner() == s.actor().0 && k.strength() == Strength::Mighty)
        })
        .unwrap();
    let removed = s.knight(Node(n)).unwrap().strength();
    // Where the card's player places it: its strength, or None when he places none.
    let placed = |g: &State| -> Option<Strength> {
        let mut g = g.clone();
        g.play(Move::Desert(Node(n))).unwrap();
        if g.phase() != Phase::DeserterPlace {
            return None;
        }
        let Move::Place(m) = legal(&g)[0] else { panic!() };
        g.play(Move::Place(m)).unwrap();
        Some(g.knight(m).unwrap().strength())
    };
    let official = placed(&s);
    let house = placed(&s.under(only(&[10])).unwrap());
    let lower = [Strength::Strong, Strength::Basic]
        .into_iter()
        .find(|&st| st < removed && supply[st as usize - 1] > 0);
    assert_eq!(official, (supply[0] > 0).then_some(Strength::Basic), "K76: a basic one");
    assert_eq!(house, lower, "H10: the strongest lower one");
    assert_ne!(official, house, "the two readings differ here");
}

#[test]
fn h11_with_no_settlement_left_a_lost_city_leaves_the_board_under_h11() {
    let s = find(K, 4, |s| s.phase() == Phase::LoseCity && s.pieces(s.actor()).0 == 5);
    let Move::LoseCity(n) = legal(&s)[0] else { panic!() };
    let p = s.actor();
    let mut official = s.clone();
    official.play(Move::LoseCity(n)).unwrap();
    assert!(
        official.sideways(n) && official.building(n) == Some(Building::Settlement(p)),
        "K42: on its side"
    );
    let mut house = s.under(only(&[11])).unwrap();
    house.play(Move::LoseCity(n)).unwrap();
    assert_eq!(house.building(n), None, "H11: removed");
    assert_eq!(house.pieces(p).1 + 1, s.pieces(p).1);
    // Every road of his left is joined to one of his buildings.
    for e in 0..72u8 {
        if house.road(Edge(e)) == Some(p) {
            assert!(house.pieces(p).0 + house.pieces(p).1 > 0, "H11: loose roads go");
        }
    }
}

#[test]
fn h14_a_card_that_cannot_work_is_played_and_lost_under_h14() {
    let s = find(K, 4, |s| {
        s.phase() == Phase::Main
            && s.progress_cards(s.current())[ProgressCard::Engineer.index()] > 0
            && !legal(s).iter().any(|m| matches!(m, Move::Engineer(_)))
    });
    let card = Move::Play(ProgressCard::Engineer);
    assert_eq!(s.check(card), Err(Illegal::CardCannotWork), "K53");
    let mut h = s.under(only(&[14])).unwrap();
    assert!(legal(&h).contains(&card), "H14: legal");
    let p = s.current();
    h.play(card).unwrap();
    assert_eq!(
        h.progress_cards(p)[ProgressCard::Engineer.index()] + 1,
        s.progress_cards(p)[ProgressCard::Engineer.index()],
        "H14: lost"
    );
    assert_eq!(h.progress_decks()[Colour::Science as usize].cards().last(), Some(ProgressCard::Engineer));
}

#[test]
fn k48_an_empty_deck_gives_nothing_until_a_card_goes_back_under_it() {
    // A player with a science level before the roll, in a game whose science deck is empty (its
    // cards set aside: the only way to see an empty deck in a short test).
    let s = find(K, 4, |s| s.phase() == Phase::PreRoll && s.level(s.current(), Track::Science) >= 1);
    let mut g = s.clone();
    let mut decks = *g.progress_decks();
    decks[Colour::Science as usize] = stadt_catan::knights::decks::Deck::with_cards(&[]);
    g.set_progress_decks(decks);
    g.play(Move::Roll).unwrap();
    g.chance(Chance::Roll(1, 3, 6)).unwrap();
    assert_ne!(g.phase(), Phase::Progress, "K48: nobody draws from an empty deck");
    let p = s.current();
    assert_eq!(g.progress_held(p), s.progress_held(p));
}

/// The record of a real game (seed 9601, four `greedy` bots, `house=cuxtan`, written by
/// `stadt play` at 8a70aeb) up to the roll at which the roller, p2, draws his fifth progress card.
const FIFTH_ON_OWN_ROLL: &str = include_str!("data/h5-own-roll-fifth-card.rec");

#[test]
fn h5_fifth_card_played_at_once_when_drawn_during_ones_own_roll() {
    let mut s = stadt_catan::record::replay(FIFTH_ON_OWN_ROLL).unwrap();
    let roller = s.current();
    assert!(s.progress_held(roller) > 4, "the roller drew his fifth card");
    // K51: the roll is resolved first (the others' put-backs, production, the aqueduct); the
    // roller is not made to put a card back in the middle of it.
    while !(s.actor() == roller && s.phase() == Phase::Main) {
        assert!(
            !(s.phase() == Phase::PutBack && s.actor() == roller),
            "H5: the roller is held to a put-back during his roll, where no card may be played"
        );
        if s.phase().is_chance() {
            s.resolve_chance();
        } else {
            let mv = legal(&s)[0];
            s.play(mv).unwrap();
        }
    }
    // H5: then, before anything else, one card back or one played at once.
    let moves = legal(&s);
    assert!(!moves.contains(&Move::End), "H5: not before a card is put back or played");
    assert!(moves.iter().any(|m| matches!(m, Move::PutBack(_))));
    let play =
        moves.iter().copied().find(|m| !matches!(m, Move::PutBack(_))).expect("H5: a card to play at once");
    let held = s.progress_held(roller);
    s.play(play).unwrap();
    assert_eq!(s.progress_held(roller), held - 1, "H5: {play:?} played from the hand");
    // Officially (K50) the fifth card waits for the turn's end: the turn goes on.
    let mut official =
        stadt_catan::record::replay(FIFTH_ON_OWN_ROLL).unwrap().under(HouseRules::OFFICIAL).unwrap();
    while official.phase().is_chance() {
        official.resolve_chance();
    }
    assert!(official.progress_held(roller) > 4);
}

#[test]
fn h8_inventor_checks_the_whole_shuffled_board_and_its_refusal_names_h8() {
    let shuffled = Options { numbers: stadt_catan::options::Numbers::Shuffle, ..K };
    let h8 = only(&[8]);
    // A shuffled board with two equal tokens side by side, and an Inventor in hand.
    let equal_pair = |s: &State| {
        let n = &s.board().numbers;
        (0..HEXES).flat_map(|h| (h + 1..HEXES).map(move |g| (h, g))).find(|&(h, g)| {
            n[h] != 0 && n[h] == n[g] && TOPOLOGY.hex_node_bits[h] & TOPOLOGY.hex_node_bits[g] != 0
        })
    };
    let s = find(shuffled, 4, |s| {
        s.phase() == Phase::Main
            && s.progress_cards(s.current())[ProgressCard::Inventor.index()] > 0
            && equal_pair(s).is_some()
    });
    let h = s.under(h8).unwrap();
    let (x, y) = equal_pair(&s).unwrap();
    let n = s.board().numbers;
    let swappable = |k: usize| ![0, 2, 6, 8, 12].contains(&n[k]);
    // A swap of two tokens neither beside the other pair nor part of it: the moved tokens meet
    // no equal neighbour, yet the pair elsewhere stays side by side.
    let near = |k: usize, m: usize| TOPOLOGY.hex_node_bits[k] & TOPOLOGY.hex_node_bits[m] != 0;
    let mut tried = 0;
    for a in 0..HEXES {
        for b in a + 1..HEXES {
            if [a, b].iter().any(|&k| k == x || k == y) || !swappable(a) || !swappable(b) || n[a] == n[b] {
                continue;
            }
            let mut after = n;
            after.swap(a, b);
            let moved_clash =
                [a, b].iter().any(|&k| (0..HEXES).any(|m| m != k && near(k, m) && after[m] == after[k]));
            if moved_clash {
                continue;
            }
            tried += 1;
            let mv = Move::Inventor(Hex(a as u8), Hex(b as u8));
            assert_eq!(s.check(mv), Ok(()), "K59: officially {mv:?} is allowed");
            assert_eq!(
                h.check(mv),
                Err(Illegal::EqualTokensBeside),
                "H8: {mv:?} leaves hexes {x} and {y} equal side by side"
            );
        }
    }
    assert!(tried > 0, "a swap that moves no token beside an equal one");
    let e = Illegal::EqualTokensBeside;
    assert_eq!(e.rule(), "H8");
    assert!(e.to_string().ends_with("(H8)"), "{e}");
    // Every swap H8 lists leaves no equal tokens side by side anywhere.
    for mv in legal(&h) {
        let Move::Inventor(a, b) = mv else { continue };
        let mut after = n;
        after.swap(a.index(), b.index());
        let clash =
            (0..HEXES).any(|k| (k + 1..HEXES).any(|m| after[k] != 0 && after[k] == after[m] && near(k, m)));
        assert!(!clash, "H8 listed {mv:?}");
    }
}

#[test]
fn k1_k16_k41_k50_refusals_name_the_rule_they_apply() {
    // K1: Städte und Ritter is for 3 or 4, also when 5 are asked.
    let e = State::deal(5, K, 1).unwrap_err();
    assert_eq!(e, SetupError::KnightsPlayers(5));
    assert!(e.to_string().contains("3 or 4 (K1)"), "{e}");
    // K50: a card put back must be held.
    let s = find(K, 4, |s| s.phase() == Phase::PutBack);
    let p = s.actor();
    let absent = ProgressCard::ALL
        .into_iter()
        .find(|k| !k.is_victory_point() && s.progress_cards(p)[k.index()] == 0)
        .unwrap();
    let e = s.check(Move::PutBack(absent)).unwrap_err();
    assert_eq!(e.rule(), "K50", "{e}");
    assert!(e.to_string().ends_with("(K50)"), "{e}");
    // K41: the city lost is one of the player's without a metropolis.
    let s = find(K, 4, |s| s.phase() == Phase::LoseCity);
    let p = s.actor();
    let wrong = (0..NODES as u8).find(|&n| s.building(Node(n)) != Some(Building::City(p))).unwrap();
    let e = s.check(Move::LoseCity(Node(wrong))).unwrap_err();
    assert_eq!(e.to_string(), format!("{} (K41)", e.to_string().rsplit_once(" (").unwrap().0));
    assert_eq!(e.rule(), "K41");
    // K16: a 7's discard names a card held.
    let s = find(K, 4, |s| s.phase() == Phase::Discard);
    let none = Resource::ALL.into_iter().find(|&r| cards(&s, s.actor(), res(r)) == 0);
    if let Some(r) = none {
        assert_eq!(s.check(Move::Discard(r)).unwrap_err().rule(), "K16");
    }
}

#[test]
fn k26_k27_a_metropolis_won_by_the_winning_move_is_placed_before_the_game_ends_and_drawn() {
    let s = find(K, 4, |s| s.phase() == Phase::Metropolis && s.points(s.current()) >= 13);
    let p = s.current();
    assert!(!s.is_over(), "K26: the metropolis is set on a city before the win");
    let mv = legal(&s)[0];
    let Move::Metropolis(n) = mv else { panic!("{mv:?}") };
    let mut g = s.clone();
    g.play(mv).unwrap();
    assert_eq!(g.winner(), Some(p), "K2: the win follows the metropolis");
    let t = Track::ALL.into_iter().find(|&t| g.metropolis(t).1 == Some(n)).expect("K26: placed");
    assert_eq!(s.metropolis(t).1, None);
    // The picture draws its star (a polygon beside the city) with the track's letter.
    let (x, y) = stadt_catan::picture::node_point(n);
    let letter = format!(">{}</text>", &t.name()[..1].to_uppercase());
    let svg = stadt_catan::picture::board_svg(&g, &[], None);
    let at = format!(r#"x="{}" y="{}""#, stadt_core::svg::n(x + 12.0), stadt_core::svg::n(y - 11.0));
    assert!(svg.lines().any(|l| l.contains(&at) && l.contains(&letter)), "the star of {t:?} on {n:?}");
}

#[test]
fn h9_a_sabotaged_city_is_drawn_crossed() {
    let s = find(Options { variant: stadt_catan::options::Variant::Knights(only(&[9])), ..K }, 4, |s| {
        (0..NODES as u8)
            .any(|n| s.sabotaged(Node(n)) && matches!(s.building(Node(n)), Some(Building::City(_))))
    });
    let n = (0..NODES as u8).map(Node).find(|&n| s.sabotaged(n)).unwrap();
    let (x, y) = stadt_catan::picture::node_point(n);
    let svg = stadt_catan::picture::board_svg(&s, &[], None);
    let cross = format!(
        r#"<line x1="{}" y1="{}" x2="{}" y2="{}""#,
        stadt_core::svg::n(x - 8.0),
        stadt_core::svg::n(y - 8.0),
        stadt_core::svg::n(x + 8.0),
        stadt_core::svg::n(y + 8.0)
    );
    assert!(svg.contains(&cross), "H9: the sabotaged city on {n:?} is crossed");
}
