//! Agents: bots by name, reproducible search, legal moves only. (Honesty: `tests/honesty.rs`.)

use die_stadt::game::Game;
use die_stadt::observation::Observation;
use die_stadt::tiles::TileSet;
use die_stadt_bots::registry::{BOTS, registry};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use stadt_core::bots::dirs::BotDirs;
use stadt_core::bots::params::Value;
use stadt_core::bots::split::split_bots;
use stadt_testkit::scratch;

/// Positions from random games.
fn positions(count: usize, players: usize, seed: u64) -> Vec<Game> {
    let ts = TileSet::default_set();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut moves = Vec::new();
    let mut out = Vec::new();
    while out.len() < count {
        let mut g = Game::shuffled(ts, players, &mut rng).unwrap();
        let stop = rng.random_range(20..140);
        for _ in 0..stop {
            if g.is_over() {
                break;
            }
            g.legal_moves(&mut moves);
            let m = moves[rng.random_range(0..moves.len())];
            g.apply(m);
        }
        if !g.is_over() {
            out.push(g);
        }
    }
    out
}

#[test]
fn mcts_is_reproducible_from_its_seed_at_a_fixed_budget_at_any_thread_count() {
    let pos = positions(6, 4, 2);
    for threads in [1, 2] {
        let spec =
            BOTS.parse_bot(&format!("mcts:iters=200,depth=8,threads={threads}"), &BotDirs::none()).unwrap();
        for (i, g) in pos.iter().enumerate() {
            let m1 = spec.build().act(&Observation::new(g), &mut Pcg64Mcg::seed_from_u64(i as u64));
            let m2 = spec.build().act(&Observation::new(g), &mut Pcg64Mcg::seed_from_u64(i as u64));
            assert_eq!(m1, m2, "threads={threads} position {i}");
        }
    }
}

#[test]
fn bots_by_name_with_parameters_and_clear_errors() {
    let b = BOTS.parse_bot("mcts:iters=2000,c=0.7,rollout=greedy", &BotDirs::none()).unwrap();
    assert_eq!(b.params.int("iters"), 2000);
    assert_eq!(b.params.text("rollout"), "greedy");
    let informed = BOTS.parse_bot("lmcts:rollout=best:4", &BotDirs::none()).unwrap();
    assert_eq!(informed.params.text("rollout"), "best:4");
    for bad in ["best:0", "softmax:0", "eps:2", "wise"] {
        let e = BOTS.parse_bot(&format!("lmcts:rollout={bad}"), &BotDirs::none()).unwrap_err().to_string();
        assert!(e.contains(bad) && e.contains("best:K"), "{e}");
    }
    assert!(b.full().starts_with("mcts:iters=2000,ms=0,c=0.7,reward=margin,rollout=greedy"), "{}", b.full());
    let e = BOTS.parse_bot("wizard", &BotDirs::none()).unwrap_err().to_string();
    assert!(e.contains("unknown bot `wizard`") && e.contains("greedy") && e.contains("mcts"), "{e}");
    let e = BOTS.parse_bot("mcts:speed=3", &BotDirs::none()).unwrap_err().to_string();
    assert!(e.contains("no parameter `speed`") && e.contains("iters") && e.contains("rollout"), "{e}");
    let e = BOTS.parse_bot("mcts:rollout=smart", &BotDirs::none()).unwrap_err().to_string();
    assert!(e.contains("rollout=smart is not random, greedy"), "{e}");
    let e = BOTS.parse_bot("greedy:open=lots", &BotDirs::none()).unwrap_err().to_string();
    assert!(e.contains("not a number"), "{e}");
    let e = BOTS.parse_bot("mcts:iters", &BotDirs::none()).unwrap_err().to_string();
    assert!(e.contains("not key=value"), "{e}");
}

#[test]
fn one_splitter_reads_bot_lists_and_single_specs() {
    let texts = |list: &str| split_bots(list).unwrap().into_iter().map(|w| w.text).collect::<Vec<_>>();
    assert_eq!(texts("mcts:iters=200,c=0.5,steerer,greedy"), ["mcts:iters=200,c=0.5", "steerer", "greedy"]);
    assert_eq!(texts(" greedy , open=0.25, random"), ["greedy:open=0.25", "random"]);
    assert_eq!(
        texts("mcts:eval=x.eval@sha256:ab,iters=3,bots/a.bot"),
        ["mcts:eval=x.eval@sha256:ab,iters=3", "bots/a.bot"]
    );
    let w = &split_bots("mcts: iters=200 ,c=0.5").unwrap()[0];
    assert_eq!((w.name, w.items.clone()), ("mcts", vec!["iters=200", "c=0.5"]));
    for bad in ["greedy,,random", "greedy,", ",greedy", "mcts:iters=5,"] {
        let e = split_bots(bad).unwrap_err().to_string();
        assert!(e.contains("empty bot name or parameter") && e.contains(bad), "{e}");
        assert_eq!(BOTS.parse_bot(bad, &BotDirs::none()).unwrap_err().to_string(), e);
    }
    // The list a command line takes gives the same bots one at a time.
    let list = BOTS.parse_bots("mcts:iters=200,c=0.5,steerer,greedy,open=0.25", &BotDirs::none()).unwrap();
    let one = ["mcts:iters=200,c=0.5", "steerer", "greedy:open=0.25"]
        .map(|s| BOTS.parse_bot(s, &BotDirs::none()).unwrap());
    assert_eq!(list, one);
    assert_eq!(
        list.iter().map(|b| b.label.as_str()).collect::<Vec<_>>(),
        ["mcts:iters=200,c=0.5", "steerer", "greedy:open=0.25"]
    );
    // Where one bot is expected, a list is refused.
    let e = BOTS.parse_bot("mcts:iters=5,bogus", &BotDirs::none()).unwrap_err().to_string();
    assert_eq!(e, "bot `mcts`: `bogus` is not key=value");
    let e = BOTS.parse_bot("greedy,random", &BotDirs::none()).unwrap_err().to_string();
    assert_eq!(e, "`greedy,random` names 2 bots where one is expected");
}

#[test]
fn parameters_are_parsed_once_into_typed_values_and_written_as_before() {
    let b = BOTS.parse_bot("mcts:iters=4000,c=0.50,reuse=yes,reward=win", &BotDirs::none()).unwrap();
    assert!(matches!(b.params.value("iters"), Value::Int(4000)));
    assert!(matches!(b.params.value("c"), Value::Real(c) if *c == 0.5));
    assert!(matches!(b.params.value("reuse"), Value::Bool(true)));
    assert_eq!(b.params.word("reward"), Some("win"));
    assert_eq!(b.params.word("eval"), Some("projected"));
    assert_eq!(
        b.full(),
        "mcts:iters=4000,ms=0,c=0.5,reward=win,rollout=random,open=0.5,depth=24,eval=projected,prior=0,tau=2,widen=0,expand=1,reuse=true,follow=false,halving=false,chance=0,threads=1,clairvoyant=false"
    );
    // A default is written as its definition writes it; a value given, in its shortest form.
    let s = BOTS.parse_bot("steerer:gain=1.0,ahead=06", &BotDirs::none()).unwrap();
    assert!(s.full().contains(",gain=1,opp=1.0,") && s.full().contains(",ahead=6,"), "{}", s.full());
    assert_eq!(s.params.real("gain"), s.params.real("opp"));
    // Specs are equal when they are written the same.
    let p = |t: &str| BOTS.parse_bot(t, &BotDirs::none()).unwrap();
    assert_eq!(p("mcts"), p("mcts:iters=1000"));
    assert_ne!(p("steerer"), p("steerer:gain=1.0"));
    assert_eq!(p("steerer:gain=1"), p("steerer:gain=1.0"));
    // A changed value is checked and written the same way.
    let t = p("steerer").with_real("gain", 0.25).unwrap();
    assert!(t.full().contains(",gain=0.25,"), "{}", t.full());
    assert_eq!(t, p("steerer").with("gain", "0.250").unwrap());
    let e = p("steerer").with_real("gain", 11.0).unwrap_err().to_string();
    assert_eq!(e, "bot `steerer`: gain=11 is not a number from -10 to 10");
    assert!(p("steerer").with_real("ahead", 1.0).is_err(), "ahead is a whole number");
}

#[test]
fn bot_files_hold_a_name_and_parameters() {
    let dir = scratch("botfile");
    let path = dir.join("mine.bot");
    std::fs::write(&path, "# tuned by hand\nbot = steerer\nrow = 0.9\ntower_min = 5\n").unwrap();
    let b = BOTS.parse_bot(path.to_str().unwrap(), &BotDirs::none()).unwrap();
    assert_eq!(b.def.name, "steerer");
    assert_eq!(b.label, "mine");
    assert_eq!(b.params.real("row"), 0.9);
    assert_eq!(b.params.real("tower_min"), 5.0);
    std::fs::write(&path, "bot = steerer\nrudder = 1\n").unwrap();
    let e = BOTS.parse_bot(path.to_str().unwrap(), &BotDirs::none()).unwrap_err().to_string();
    assert!(e.contains("no parameter `rudder`"), "{e}");
    std::fs::write(&path, "row = 1\n").unwrap();
    assert!(
        BOTS.parse_bot(path.to_str().unwrap(), &BotDirs::none())
            .unwrap_err()
            .to_string()
            .contains("no `bot = NAME` line")
    );
    assert!(
        BOTS.parse_bot("/no/such.bot", &BotDirs::none()).unwrap_err().to_string().contains("does not exist")
    );
}

#[test]
fn every_parameter_default_lies_in_its_range() {
    for def in registry() {
        for p in def.params {
            assert!(p.check(def.name, p.default).is_ok(), "{} {}", def.name, p.key);
        }
    }
}

#[test]
fn mcts_rewards_by_kind() {
    use stadt_core::search::mcts::{Reward, rewards};
    let s = [50.0, 30.0, 50.0, 10.0];
    let mut r = [0.0f32; 4];
    rewards(&s, Reward::Win, &mut r);
    assert_eq!(r, [0.5, 0.0, 0.5, 0.0]);
    rewards(&s, Reward::Rank, &mut r);
    assert_eq!(r, [1.0 - 0.5 / 3.0, 1.0 - 2.0 / 3.0, 1.0 - 0.5 / 3.0, 0.0]);
    let mut m = [0.0f32; 2];
    rewards(&[60.0, 40.0], Reward::Margin, &mut m);
    assert_eq!(m, [0.75, 0.25]);
    // Mix: the mean of margin and win share (ties share the win).
    rewards(&[60.0, 40.0], Reward::Mix, &mut m);
    assert_eq!(m, [0.875, 0.125]);
    rewards(&[50.0, 50.0], Reward::Mix, &mut m);
    assert_eq!(m, [0.5, 0.5]);
}

#[test]
fn the_learned_features_open_total_is_what_projected_scores_weigh() {
    use die_stadt_bots::learned::features::{FeatureSet, features, open_total};
    for g in positions(30, 3, 5) {
        let open = die_stadt_bots::eval::open_values(g.table());
        for set in FeatureSet::ALL {
            let f = features(g.table(), set);
            for p in 0..3 {
                assert_eq!(open_total(&f[p]), open[p]);
            }
        }
    }
}

/// The extended features recomputed from the union-find directly: each unfinished road or
/// market holding a follower once, paid to its majority (R12), its points counted as one-port
/// when exactly one port is open (R8); the wall's supply as a share of its 70 pieces.
#[test]
fn r8_r25_the_extended_features_weigh_what_their_names_say() {
    use die_stadt::features::{RESIDENTIAL, for_majority};
    use die_stadt::ids::Player;
    use die_stadt_bots::learned::features::{BASE, FeatureSet, NAMES, features};
    let at = |name: &str| NAMES.iter().position(|n| *n == name).unwrap();
    let mut one_port_seen = 0;
    for players in [2, 4] {
        for g in positions(40, players, 11) {
            let t = g.table();
            let (base, ext) = (features(t, FeatureSet::Base), features(t, FeatureSet::Extended));
            let f = t.features();
            let mut roots = std::collections::BTreeSet::new();
            for (slot, tile) in t.board().slots() {
                if let Some((_, seg)) = tile.follower() {
                    let r = f.root(t.node(slot, seg));
                    if f.category(r) != RESIDENTIAL {
                        roots.insert(r);
                    }
                }
            }
            let mut one_port = [0.0; 4];
            for &r in &roots {
                let points = die_stadt::scoring::feature_points(f, r) as f64;
                for_majority(f.followers_packed(r), players, |p| {
                    if f.open(r) == 1 {
                        one_port[p.index()] += points;
                    }
                });
            }
            let left: usize = t.pile_sizes().iter().sum();
            let tiles_left = left as f64 / (left + t.drawn()) as f64;
            for p in Player::all(players) {
                let (b, e, i) = (&base[p.index()], &ext[p.index()], p.index());
                assert_eq!(b[..BASE], e[..BASE], "the base features do not depend on the set");
                assert!(b[BASE..].iter().all(|&x| x == 0.0));
                assert_eq!(e[at("open_one_port")], one_port[i]);
                assert_eq!(e[at("open_one_port*tiles_left")], one_port[i] * tiles_left);
                assert!(one_port[i] <= e[at("open_roads_markets")]);
                let wall_left = t.wall().supply as f64 / 70.0;
                assert_eq!(e[at("wall_left")], wall_left);
                assert_eq!(e[at("open_roads_markets*wall_left")], e[at("open_roads_markets")] * wall_left);
                assert_eq!(e[at("followers*wall_left")], e[at("followers")] * wall_left);
                assert_eq!(e[at("towers*wall_left")], e[at("towers")] * wall_left);
                one_port_seen += (one_port[i] > 0.0) as usize;
            }
        }
    }
    assert!(one_port_seen > 10, "the positions hold one-port features ({one_port_seen})");
}
