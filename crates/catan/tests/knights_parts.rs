//! Städte und Ritter's parts, rule by rule (docs/catan/rules.md, section 13): the progress decks,
//! the tracks, production and bank rates, the barbarians' attack and the house rules as options,
//! each alone (`knights_rules.rs` tests the rules in play).

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_catan::ids::{Node, Player, Resource};
use stadt_catan::knights::barbarians::{Outcome, Side, attack};
use stadt_catan::knights::card_kind::CardKind;
use stadt_catan::knights::cards::{Colour, DECK, KINDS, ProgressCard, unshuffled};
use stadt_catan::knights::house::{HouseRules, RULES};
use stadt_catan::knights::roll::hand_limit;
use stadt_catan::knights::tracks::{Commodity, Track};
use stadt_catan::moves::Phase;
use stadt_catan::options::Options;
use stadt_catan::production::{owed, pay};
use stadt_catan::state::{Building, State};
use stadt_catan::topology::{HEXES, NONE, TOPOLOGY};

#[test]
fn k55_k66_k73_k83_three_decks_of_18_with_the_official_counts() {
    let count = |c: Colour| KINDS.iter().filter(|k| k.1 == c).map(|k| k.2 as usize).sum::<usize>();
    for c in Colour::ALL {
        assert_eq!(count(c), DECK, "{c:?}");
        let deck = unshuffled(c);
        assert!(deck.iter().all(|card| card.colour() == c));
        for &(card, _, n, _) in KINDS.iter().filter(|k| k.1 == c) {
            assert_eq!(deck.iter().filter(|&&d| d == card).count(), n as usize, "{card:?}");
        }
    }
    assert_eq!(Colour::ALL.iter().map(|&c| count(c)).sum::<usize>(), 54);
    // K55, K66, K73 by name.
    let n = |card: ProgressCard| card.count();
    assert_eq!((n(ProgressCard::Engineer), n(ProgressCard::Printer), n(ProgressCard::Smith)), (1, 1, 2));
    assert_eq!((n(ProgressCard::Merchant), n(ProgressCard::ResourceMonopoly)), (6, 4));
    assert_eq!((n(ProgressCard::Spy), n(ProgressCard::Constitution), n(ProgressCard::Wedding)), (3, 1, 2));
    for (i, &(card, ..)) in KINDS.iter().enumerate() {
        assert_eq!(card as usize, i, "KINDS lists the kinds in their order");
        assert_eq!(ProgressCard::parse(card.name()), Some(card));
    }
    assert_eq!(ProgressCard::parse("soldier"), None);
}

#[test]
fn k49_the_printer_and_the_constitution_are_the_victory_points() {
    let points: Vec<ProgressCard> = KINDS.iter().map(|k| k.0).filter(|c| c.is_victory_point()).collect();
    assert_eq!(points, [ProgressCard::Printer, ProgressCard::Constitution]);
}

#[test]
fn k12_a_gate_draws_for_level_l_on_a_red_die_up_to_l_plus_1() {
    for red in 1..=6 {
        assert!(!Track::draws(0, red), "level 0 never draws");
        assert_eq!(Track::draws(1, red), red <= 2);
        assert_eq!(Track::draws(2, red), red <= 3);
        assert_eq!(Track::draws(3, red), red <= 4);
        assert_eq!(Track::draws(4, red), red <= 5);
        assert!(Track::draws(5, red), "level 5 draws on every red");
    }
    assert_eq!(Track::Trade.colour(), Colour::Trade);
    assert_eq!(Track::Politics.colour(), Colour::Politics);
    assert_eq!(Track::Science.colour(), Colour::Science);
}

#[test]
fn k13_k20_cities_take_cloth_coin_and_paper_which_pay_for_the_tracks() {
    assert_eq!(Commodity::beside(Resource::Wool), Some(Commodity::Cloth));
    assert_eq!(Commodity::beside(Resource::Ore), Some(Commodity::Coin));
    assert_eq!(Commodity::beside(Resource::Lumber), Some(Commodity::Paper));
    assert_eq!(Commodity::beside(Resource::Grain), None);
    assert_eq!(Commodity::beside(Resource::Brick), None);
    assert_eq!(Track::Trade.commodity(), Commodity::Cloth);
    assert_eq!(Track::Politics.commodity(), Commodity::Coin);
    assert_eq!(Track::Science.commodity(), Commodity::Paper);
    assert_eq!((1..=5).map(Track::cost).collect::<Vec<_>>(), [1, 2, 3, 4, 5]);
}

fn side(knights: u8, cities: u8, metropolises: u8) -> Side {
    Side { knights, cities, metropolises }
}

#[test]
fn k38_k39_catan_wins_at_equal_strength_and_one_defender_or_the_tied_are_rewarded() {
    // 2 + 1 cities (a metropolis city once) against knights 2 + 1 + 0.
    let (b, c, o) = attack(&[side(2, 1, 1), side(1, 1, 0), side(0, 0, 0)]);
    assert_eq!((b, c), (3, 3));
    assert_eq!(o, Outcome::CatanWins { defender: Some(Player(0)), tied: 0 });
    let (_, _, o) = attack(&[side(2, 1, 0), side(2, 1, 0), side(1, 0, 0)]);
    assert_eq!(o, Outcome::CatanWins { defender: None, tied: 0b011 });
    // A player without a city can be the defender; with no active knight anywhere nobody is.
    let (_, _, o) = attack(&[side(0, 0, 0), side(3, 0, 0)]);
    assert_eq!(o, Outcome::CatanWins { defender: Some(Player(1)), tied: 0 });
    let (_, _, o) = attack(&[side(0, 0, 0), side(0, 0, 0)]);
    assert_eq!(o, Outcome::CatanWins { defender: None, tied: 0 });
}

#[test]
fn k40_the_weakest_players_with_a_city_without_a_metropolis_lose_one() {
    // Player 2 has no knight but no city either; player 3 only a metropolis: both are immune.
    // Of the others, the lowest contribution (1) is players 0 and 1.
    let (b, c, o) = attack(&[side(1, 2, 0), side(1, 1, 0), side(0, 0, 0), side(0, 0, 1), side(2, 1, 0)]);
    assert_eq!((b, c), (5, 4));
    assert_eq!(o, Outcome::BarbariansWin { hit: 0b00011 });
    // Nobody with such a city: nobody is hit.
    let (_, _, o) = attack(&[side(0, 0, 1), side(0, 0, 1)]);
    assert_eq!(o, Outcome::BarbariansWin { hit: 0 });
}

#[test]
fn h1_to_h14_are_options_official_by_default_and_house_cuxtan_switches_all_on() {
    assert_eq!(RULES.len(), 14);
    for (k, r) in RULES.iter().enumerate() {
        assert_eq!(r.1, format!("H{}", k + 1));
    }
    // Read through the options (`Options::parse`, the one reader): house=cuxtan sets them all.
    let rules = |text: &str| match Options::parse(&format!("game=knights {text}")).map(|o| o.variant) {
        Ok(stadt_catan::options::Variant::Knights(h)) => Ok(h),
        Ok(v) => panic!("{text}: {v:?}"),
        Err(e) => Err(e),
    };
    let all = rules("house=cuxtan").unwrap();
    assert_eq!(all, HouseRules::CUXTAN);
    assert!((1..=14).all(|n| all.on(n)) && !all.on(0) && !all.on(15));
    assert!((1..=14).all(|n| !HouseRules::default().on(n)));
    // Each alone, and all but one.
    let h11 = rules("barbarians_remove_cities=cuxtan").unwrap();
    assert!(h11.on(11) && (1..=14).filter(|&n| h11.on(n)).count() == 1);
    let but_h5 = rules("house=cuxtan, progress_limit=official").unwrap();
    assert!(!but_h5.on(5) && (1..=14).filter(|&n| but_h5.on(n)).count() == 13);
    // The text names every rule and reads back (its shortage=cuxtan is the option shortage=h1).
    let text = but_h5.text();
    assert!(
        text.starts_with("shortage=cuxtan city_yield=cuxtan") && text.contains("progress_limit=official")
    );
    assert_eq!(rules(&text.replacen("shortage=cuxtan", "shortage=h1", 1)), Ok(but_h5));
    // Bad words name themselves.
    let e = rules("robber=cuxtan").unwrap_err();
    assert!(e.contains("`robber` is no option of catan") && e.contains("card_played_is_played"), "{e}");
    assert_eq!(
        rules("deserter=yes").unwrap_err(),
        "`deserter=yes`: `yes` is no value of option `deserter` (H10): it takes official or cuxtan"
    );
    assert_eq!(
        rules("house").unwrap_err(),
        "`house` is not name=value, nor a word that stands alone (catanatron, catanatron3_3)"
    );
}

/// Where a commodity stands among the eight kinds.
fn lane(c: Commodity) -> usize {
    CardKind::Commodity(c).index()
}

/// What the base game pays each player for a roll of `roll` in `s`, the bank aside, counted from
/// the board (C15): a settlement one card of its hex's resource, a city two, the robber's hex
/// nothing.
fn base_production(s: &State, roll: u8) -> [[u8; 5]; 4] {
    let mut out = [[0u8; 5]; 4];
    let board = s.board();
    for h in (0..HEXES).filter(|&h| board.numbers[h] == roll && s.robber().index() != h) {
        let Some(r) = board.terrain[h] else { continue };
        for &n in TOPOLOGY.hex_nodes[h].iter().filter(|&&n| n != NONE) {
            match s.building(Node(n)) {
                Some(Building::Settlement(p)) => out[p.index()][r.index()] += 1,
                Some(Building::City(p)) => out[p.index()][r.index()] += 2,
                None => {}
            }
        }
    }
    out
}

#[test]
fn k13_cities_on_pasture_mountains_and_forest_take_a_commodity_for_their_second_card() {
    let (mut checked, mut commodities) = (0, 0u32);
    let mut moves = Vec::new();
    for game in 0..20u64 {
        let mut s = State::deal(3 + game as usize % 2, Options::KNIGHTS, 300 + game).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(game);
        while !s.is_over() {
            if s.phase() == Phase::Dice {
                for roll in (2..=12).filter(|&n| n != 7) {
                    // The engine's production against the base game's cards of each kind: the
                    // resource, and a city's commodity in place of its second one.
                    let owed = owed(&s, roll);
                    let base = base_production(&s, roll);
                    for p in 0..s.players() {
                        for r in Resource::ALL {
                            let commodity = Commodity::beside(r).map_or(0, |c| owed[p][lane(c)]);
                            // The base game's second card of a city is the commodity here.
                            assert_eq!(owed[p][r.index()] + commodity, base[p][r.index()], "{r:?}");
                            assert!(commodity <= owed[p][r.index()], "a commodity comes with its resource");
                            commodities += commodity as u32;
                        }
                    }
                    checked += 1;
                }
            }
            if s.resolve_chance().is_some() {
                continue;
            }
            s.legal_moves(&mut moves);
            s.apply(moves[rng.random_range(0..moves.len())]);
        }
    }
    assert!(checked > 1000 && commodities > 100, "{checked} rolls, {commodities} commodities");
}

#[test]
fn k14_k15_the_bank_pays_each_kind_alone_and_walls_raise_the_hand_limit() {
    let mut owed = [[0u8; 8]; 4];
    owed[0][lane(Commodity::Coin)] = 2;
    owed[1][lane(Commodity::Coin)] = 1;
    owed[1][Resource::Ore.index()] = 3;
    // Enough ore, too few coins for both: the coins go to nobody, the ore is paid.
    let mut bank = [19, 19, 19, 19, 19, 12, 2, 12];
    let got = pay(&mut bank, &owed, 2, false);
    assert_eq!((got[0][lane(Commodity::Coin)], got[1][lane(Commodity::Coin)]), (0, 0));
    assert_eq!(got[1][Resource::Ore.index()], 3);
    assert_eq!(bank[lane(Commodity::Coin)], 2);
    // One player alone owed a short kind takes what is left (C16), or nothing under H1.
    owed[1][lane(Commodity::Coin)] = 0;
    let mut bank = [19, 19, 19, 19, 19, 12, 1, 12];
    assert_eq!(pay(&mut bank, &owed, 2, false)[0][lane(Commodity::Coin)], 1);
    assert_eq!(bank[lane(Commodity::Coin)], 0);
    let mut bank = [19, 19, 19, 19, 19, 12, 1, 12];
    assert_eq!(pay(&mut bank, &owed, 2, true)[0][lane(Commodity::Coin)], 0);
    assert_eq!(bank[lane(Commodity::Coin)], 1);
    assert_eq!((hand_limit(0), hand_limit(3)), (7, 13));
}

#[test]
fn k47_k48_a_deck_is_drawn_from_the_top_and_refilled_only_from_below() {
    use stadt_catan::knights::decks::Deck;
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    let mut deck = Deck::shuffled(Colour::Politics, &mut rng);
    let order: Vec<ProgressCard> = deck.cards().collect();
    let mut sorted = order.clone();
    sorted.sort();
    let mut expected = unshuffled(Colour::Politics).to_vec();
    expected.sort();
    assert_eq!(sorted, expected, "a shuffle of the deck's 18 cards");
    assert_ne!(order, unshuffled(Colour::Politics).to_vec(), "shuffled");
    let first = deck.draw().unwrap();
    assert_eq!(first, order[0]);
    deck.put_under(first);
    assert_eq!(deck.cards().last(), Some(first), "a card put back goes under the deck");
    assert_eq!(deck.cards().next(), Some(order[1]));
    // Drawn empty, it gives nothing (K48) until a card goes back under it.
    let drawn: Vec<ProgressCard> = std::iter::from_fn(|| deck.draw()).collect();
    assert_eq!(drawn.len(), DECK);
    assert!(deck.is_empty() && deck.draw().is_none());
    deck.put_under(ProgressCard::Spy);
    assert_eq!((deck.len(), deck.draw()), (1, Some(ProgressCard::Spy)));
}

#[test]
fn k26_k27_the_first_at_level_4_takes_a_metropolis_and_the_first_at_level_5_keeps_it() {
    use stadt_catan::knights::metropolis::{Change, Metropolis};
    let (a, b, c) = (Player(0), Player(1), Player(2));
    let m = Metropolis::default();
    assert_eq!(m.after(a, 3), (Metropolis::Free, Change::None));
    let (m, change) = m.after(a, 4);
    assert_eq!((m, change), (Metropolis::Held(a), Change::Taken));
    // Another at level 4 gets nothing; at level 5 he takes it for good.
    assert_eq!(m.after(b, 4), (Metropolis::Held(a), Change::None));
    let (m, change) = m.after(b, 5);
    assert_eq!((m, change), (Metropolis::Kept(b), Change::TakenFrom(a)));
    // Nobody takes it back, the former holder at level 5 included.
    assert_eq!(m.after(a, 5), (Metropolis::Kept(b), Change::None));
    assert_eq!(m.after(c, 5), (Metropolis::Kept(b), Change::None));
    // A holder at level 4 reaching 5 keeps his for good.
    assert_eq!(Metropolis::Held(c).after(c, 5), (Metropolis::Kept(c), Change::Kept));
    assert_eq!(Metropolis::Kept(c).holder(), Some(c));
    assert_eq!(Metropolis::Free.holder(), None);
}

#[test]
fn k6_k11_k37_three_faces_move_the_ship_and_its_seventh_move_lands_it() {
    use stadt_catan::knights::dice::{Event, FACES, Ship};
    assert_eq!(FACES.iter().filter(|&&f| f == Event::Ship).count(), 3);
    for t in Track::ALL {
        assert_eq!(FACES.iter().filter(|&&f| f == Event::Gate(t)).count(), 1);
    }
    let mut ship = Ship::default();
    let landings: Vec<usize> = (1..=21).filter(|_| ship.advance()).collect();
    assert_eq!(landings.len(), 3);
    assert_eq!((ship.attacks, ship.moved), (3, 0));
    let mut ship = Ship::default();
    assert!((1..7).all(|_| !ship.advance()) && ship.advance());
}

/// Where a knight of `p` on `from` may move, found the slow way: every simple path along `p`'s
/// roads, each step into an intersection with no piece of another player; the empty ends.
fn slow_moves(s: &State, knights: &stadt_catan::knights::knight_moves::Board, p: Player, from: usize) -> u64 {
    use stadt_catan::ids::{Edge, Node};
    use stadt_catan::topology::{EDGES, TOPOLOGY};
    let mut out = 0u64;
    let mut reached = vec![from];
    let mut k = 0;
    while k < reached.len() {
        let n = reached[k];
        k += 1;
        for e in 0..EDGES {
            let [a, b] = TOPOLOGY.edge_nodes[e];
            let m = if a as usize == n {
                b
            } else if b as usize == n {
                a
            } else {
                continue;
            } as usize;
            if s.road(Edge(e as u8)) != Some(p) || reached.contains(&m) {
                continue;
            }
            let building = s.building(Node(m as u8));
            if building.is_some_and(|b| b.owner() != p) || knights[m].is_some_and(|(q, _)| q != p) {
                continue;
            }
            if building.is_none() && knights[m].is_none() {
                out |= 1 << m;
            }
            reached.push(m);
        }
    }
    out
}

#[test]
fn k29_k33_k34_knights_recruit_on_their_roads_move_along_them_and_displace_weaker_ones() {
    use stadt_catan::knights::barbarians::Strength;
    use stadt_catan::knights::knight_moves::{Board, moves, recruit_sites};
    use stadt_catan::topology::NODES;
    let mut moves_buf = Vec::new();
    let (mut checked, mut displaced, mut blocked) = (0, 0, 0);
    for game in 0..8u64 {
        let mut s = State::deal(3, Options::OFFICIAL, 500 + game).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(game);
        for _ in 0..600 {
            if s.is_over() {
                break;
            }
            if s.resolve_chance().is_none() {
                s.legal_moves(&mut moves_buf);
                s.apply(moves_buf[rng.random_range(0..moves_buf.len())]);
            }
        }
        // Knights on some free intersections on roads, of every player and strength.
        let mut board: Board = [None; NODES];
        for p in 0..3u8 {
            let sites = recruit_sites(&s, &board, Player(p));
            for (i, n) in (0..NODES).filter(|&n| sites & (1 << n) != 0).enumerate() {
                if i % 2 == 0 {
                    board[n] =
                        Some((Player(p), [Strength::Basic, Strength::Strong, Strength::Mighty][(i / 2) % 3]));
                }
            }
        }
        for n in 0..NODES {
            let Some((p, strength)) = board[n] else { continue };
            let (to, displace) = moves(&s, &board, p, stadt_catan::ids::Node(n as u8), strength);
            assert_eq!(to, slow_moves(&s, &board, p, n), "game {game}, knight on {n}");
            for m in (0..NODES).filter(|&m| displace & (1 << m) != 0) {
                let (q, weaker) = board[m].unwrap();
                assert!(q != p && weaker < strength);
                displaced += 1;
            }
            // Another player's knight on one of its destinations closes what lies beyond it.
            if let Some(m) = (0..NODES).find(|&m| to & (1 << m) != 0) {
                let mut other = board;
                other[m] = Some((Player((p.0 + 1) % 3), Strength::Mighty));
                let (to2, displace2) = moves(&s, &other, p, stadt_catan::ids::Node(n as u8), strength);
                assert_eq!(to2 & !to, 0, "a blocker opens nothing");
                assert_eq!(to2 & (1 << m), 0);
                assert_eq!(displace2 & (1 << m), 0, "a mighty knight is displaced by none");
                blocked += (to2.count_ones() + 1 < to.count_ones()) as u32;
            }
            checked += 1;
        }
    }
    assert!(checked > 50 && displaced > 0 && blocked > 0, "{checked} {displaced} {blocked}");
}

#[test]
fn k20_k26_k57_a_level_needs_a_city_a_free_one_from_level_4_and_its_commodities() {
    use stadt_catan::knights::tracks::{CannotImprove, can_improve};
    assert_eq!(can_improve(0, 1, 1, false, 1, false), Ok(()));
    assert_eq!(can_improve(0, 0, 0, false, 5, false), Err(CannotImprove::NoCity));
    assert_eq!(can_improve(2, 1, 1, false, 2, false), Err(CannotImprove::CannotAfford));
    assert_eq!(can_improve(2, 1, 1, false, 2, true), Ok(()), "a crane takes one off");
    assert_eq!(can_improve(0, 1, 1, false, 0, true), Ok(()), "a first level with a crane is free");
    // Level 4 and 5 need a city without a metropolis; the holder's own level 5 does not.
    assert_eq!(can_improve(3, 1, 0, false, 4, false), Err(CannotImprove::NoFreeCity));
    assert_eq!(can_improve(4, 1, 0, false, 5, false), Err(CannotImprove::NoFreeCity));
    assert_eq!(can_improve(4, 1, 0, true, 5, false), Ok(()));
    assert_eq!(can_improve(2, 1, 0, false, 3, false), Ok(()), "level 3 needs no free city");
    assert_eq!(can_improve(5, 2, 2, true, 9, false), Err(CannotImprove::TopLevel));
}

#[test]
fn k50_h5_four_progress_cards_and_what_a_fifth_asks() {
    use stadt_catan::knights::cards::{OverLimit, over_limit};
    assert_eq!(over_limit(4, false, false, false), OverLimit::Nothing);
    // Off one's turn the surplus goes back at once, under either reading.
    assert_eq!(over_limit(5, false, false, false), OverLimit::PutBack(1));
    assert_eq!(over_limit(6, false, false, true), OverLimit::PutBack(2));
    // On one's own turn: officially at its end; under H5 at once, put back or played.
    assert_eq!(over_limit(5, true, false, false), OverLimit::Nothing);
    assert_eq!(over_limit(6, true, true, false), OverLimit::PutBack(2));
    assert_eq!(over_limit(5, true, false, true), OverLimit::PutBackOrPlay);
}

#[test]
fn k22_k44_k45_k70_every_kind_trades_with_the_bank_at_its_best_rate() {
    use stadt_catan::board::Harbour;
    use stadt_catan::trade::Rates;
    let kind = |r: Resource| CardKind::Resource(r);
    let (wool, ore, cloth, paper) = (
        kind(Resource::Wool),
        kind(Resource::Ore),
        CardKind::Commodity(Commodity::Cloth),
        CardKind::Commodity(Commodity::Paper),
    );
    let none = Rates::default();
    assert!(CardKind::ALL.iter().all(|&k| none.rate(k) == 4), "the bank's 4:1 for every kind");
    let generic = none.with_harbour(Harbour::Generic);
    assert!(CardKind::ALL.iter().all(|&k| generic.rate(k) == 3), "a 3:1 harbour for commodities too");
    let wool_harbour = none.with_harbour(Harbour::Special(Resource::Wool));
    assert_eq!(
        (wool_harbour.rate(wool), wool_harbour.rate(cloth)),
        (2, 4),
        "a 2:1 harbour: its resource only"
    );
    let house = Rates { trading_house: true, ..generic };
    assert_eq!((house.rate(cloth), house.rate(paper), house.rate(wool)), (2, 2, 3));
    let merchant = Rates { merchant: Some(Resource::Ore), ..none };
    assert_eq!(
        (merchant.rate(ore), merchant.rate(CardKind::Commodity(Commodity::Coin))),
        (2, 4),
        "never the commodity"
    );
    let fleet = Rates { fleet: 1 << paper.index(), ..none };
    assert_eq!((fleet.rate(paper), fleet.rate(wool)), (2, 4));
}

#[test]
fn k2_k84_points_and_the_thirteen_that_win() {
    use stadt_catan::knights::points::{Points, TO_WIN};
    let p = Points {
        settlements: 2,
        cities: 3,
        metropolises: 1,
        longest_route: true,
        merchant: true,
        defenders: 1,
        progress: 1,
    };
    assert_eq!(p.total(), 15);
    assert!(p.total() >= TO_WIN && Points { cities: 5, ..Points::default() }.total() < TO_WIN);
}

#[test]
fn h1_to_h14_house_options_only_with_game_knights_a_rule_named_alone_wins_and_clashes_are_refused() {
    use stadt_catan::options::{Options, Shortage, Variant};
    let parse = Options::parse;
    // `house=` and the house rules belong to Städte und Ritter alone.
    for text in ["house=cuxtan", "house=official", "diplomat=cuxtan", "house=cuxtan game=catan"] {
        let e = parse(text).unwrap_err();
        assert!(e.contains("game=knights") && e.contains("13.13"), "{text}: {e}");
    }
    // No undocumented alias: the base game's H1 is shortage=h1.
    let e = parse("shortage=cuxtan").unwrap_err();
    assert!(e.contains("official or h1") && e.contains("C16"), "{e}");
    assert_eq!(parse("shortage=h1").unwrap().shortage, Shortage::H1);
    // A rule named alone wins over `house=`, before it or after it.
    for text in ["game=knights diplomat=official house=cuxtan", "game=knights house=cuxtan diplomat=official"]
    {
        let Variant::Knights(h) = parse(text).unwrap().variant else { panic!("{text}") };
        assert!(!h.on(7) && (1..=14).filter(|&n| h.on(n)).count() == 13, "{text}: {}", h.text());
    }
    for text in ["game=knights shortage=official house=cuxtan", "game=knights house=cuxtan shortage=official"]
    {
        let o = parse(text).unwrap();
        assert_eq!(o.shortage, Shortage::Official, "{text}");
        let Variant::Knights(h) = o.variant else { panic!("{text}") };
        assert!(!h.on(1) && h.on(5), "{text}");
    }
    // The same rule twice with two values is refused, naming it and its id.
    let e = parse("game=knights diplomat=official diplomat=cuxtan").unwrap_err();
    assert!(e.contains("`diplomat` (H7) is named twice"), "{e}");
    let e = parse("game=knights house=cuxtan house=official").unwrap_err();
    assert!(e.contains("`house`") && e.contains("twice"), "{e}");
    let e = parse("game=knights shortage=h1 shortage=official").unwrap_err();
    assert!(e.contains("`shortage` (C16, H1) is named twice"), "{e}");
    // A bad value names the rule's id.
    let e = parse("game=knights deserter=yes").unwrap_err();
    assert!(e.contains("(H10)"), "{e}");
}
