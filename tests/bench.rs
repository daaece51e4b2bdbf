//! `stadt bench` prints every figure, the speeds of mcts, lmcts and puct included, as CSV; with
//! `--game catan`, Catan's.

mod common;

use common::stadt;
use stadt_testkit::Csv;

#[test]
fn bench_prints_every_figure_with_a_positive_value() {
    let (code, text, err) = stadt(&["bench", "--seconds", "0.05"]);
    assert_eq!(code, 0, "{err}");
    let table = Csv::parse(&text);
    assert_eq!(table.header(), ["figure", "value", "unit", "target", "met"]);
    let figures: Vec<(String, f64)> =
        table.rows().iter().map(|r| (r["figure"].to_string(), r.parse("value"))).collect();
    let names: Vec<&str> = figures.iter().map(|(n, _)| n.as_str()).collect();
    for name in [
        "random_4p_games_per_second_1_thread",
        "tile_placements_generated_per_second",
        "state_clone_ns",
        "mcts_iterations_per_second_1_thread",
        "mcts_iterations_per_second_2_threads",
        "lmcts_iterations_per_second_1_thread",
        "lmcts_iterations_per_second_2_threads",
        "lmcts_bytes_allocated_per_iteration_after_warmup",
        "puct_iterations_per_second_1_thread",
        "puct_iterations_per_second_2_threads",
        "puct_bytes_allocated_per_iteration_after_warmup",
        "lmcts_greedy_playout_iterations_per_second_1_thread",
        "lmcts_greedy_playout_bytes_allocated_per_iteration_after_warmup",
        "lmcts_greedy_playout_cost_over_random",
        "lmcts_best2_playout_iterations_per_second_1_thread",
        "lmcts_best2_playout_cost_over_random",
        "lmcts_best4_playout_iterations_per_second_1_thread",
        "lmcts_best4_playout_cost_over_random",
        "lmcts_sample2_playout_bytes_allocated_per_iteration_after_warmup",
        "lmcts_sample2_playout_cost_over_random",
        "lmcts_sample4_playout_cost_over_random",
        "protocol_decisions_per_second_1_thread",
        "protocol_decisions_per_second_2_threads",
    ] {
        assert!(names.contains(&name), "{name} missing from\n{text}");
    }
    for (name, value) in &figures {
        // Allocation counts are 0 when met (their target).
        if !name.contains("bytes_allocated") {
            assert!(value.is_finite() && *value > 0.0, "{name} = {value}");
        }
    }
}

#[test]
fn bench_of_catan_prints_its_figures_and_a_random_game_allocates_nothing_in_play() {
    let (code, text, err) = stadt(&["--game", "catan", "bench", "--seconds", "0.05"]);
    assert_eq!(code, 0, "{err}");
    let table = Csv::parse(&text);
    assert_eq!(table.header(), ["figure", "value", "unit", "target", "met"]);
    let figure = |name: &str| -> f64 {
        table
            .rows()
            .iter()
            .find(|r| &r["figure"] == name)
            .unwrap_or_else(|| panic!("{name} in\n{text}"))
            .parse("value")
    };
    for name in [
        "catan_random_4p_games_per_second_1_thread",
        "catan_random_4p_games_per_second_catanatron_rules_1_thread",
        "catan_speed_over_catanatron",
        "catan_random_actions_per_second_1_thread",
        "catan_state_clone_ns",
        "catan_mcts_iterations_per_second_1_thread",
        "knights_official_random_4p_games_per_second_1_thread",
        "knights_cuxtan_random_4p_games_per_second_1_thread",
        "knights_official_random_actions_per_second_1_thread",
        "knights_state_clone_ns",
    ] {
        let v = figure(name);
        assert!(v.is_finite() && v > 0.0, "{name} = {v}");
    }
    assert_eq!(figure("catan_bytes_allocated_per_random_game_in_play"), 0.0, "{text}");
    // Städte und Ritter's moves allocate nothing either (issue knights, item 8).
    assert_eq!(figure("knights_official_bytes_allocated_per_random_game_in_play"), 0.0, "{text}");
    assert_eq!(figure("knights_cuxtan_bytes_allocated_per_random_game_in_play"), 0.0, "{text}");
    assert!(!text.contains("protocol_decisions"), "Die Stadt's figures are not Catan's: {text}");
}

#[test]
fn the_fixed_work_search_decides_the_same_moves_twice_and_names_a_bad_spec() {
    use stadt_harness::bench::{MCTS_BENCH_ITERS, mcts_positions, search_decisions};
    let positions = mcts_positions(3, 7);
    let once = search_decisions("lmcts:rollout=best:2", &positions, 7).unwrap();
    assert_eq!(once.0, 3 * MCTS_BENCH_ITERS);
    assert_eq!(search_decisions("lmcts:rollout=best:2", &positions, 7).unwrap(), once);
    // Another search decides other moves (the digest tells decisions apart).
    assert_ne!(search_decisions("lmcts:rollout=random", &positions, 7).unwrap().1, once.1);
    let err = search_decisions("lmcts:rollout=best:0", &positions, 7).unwrap_err();
    assert!(err.contains("best:0"), "{err}");
}
