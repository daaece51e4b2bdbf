"""Die Siedler von Catan from Python: `stadt.CatanGame` (the fixed action space, the record a game
writes replays in `stadt replay`, honest observations) and its PettingZoo environment."""

from __future__ import annotations

import copy

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import stadt
import stadt.pettingzoo as sp
from conftest import play_env_randomly, run_cli


def play_out(game: stadt.CatanGame, seed: int) -> int:
    """Plays random legal actions to the end; returns how many."""
    rng = np.random.default_rng(seed)
    n = 0
    while not game.is_terminal():
        legal = game.legal_actions()
        mask = game.legal_action_mask()
        assert mask.dtype == np.int8 and mask.shape == (stadt.CATAN_NUM_ACTIONS,)
        assert list(np.flatnonzero(mask)) == legal and legal == sorted(legal) and legal
        game.apply(int(rng.choice(legal)))
        n += 1
    return n


def test_a_random_game_ends_with_a_winner_and_zero_sum_returns() -> None:
    game = stadt.CatanGame(players=3, seed=11)
    assert game.current_player() == 0 and game.phase() == "setup-settlement"
    assert play_out(game, 0) > 50
    assert game.current_player() == stadt.TERMINAL and game.legal_actions() == []
    returns = game.returns()
    assert abs(sum(returns)) < 1e-9
    w = game.winner()
    assert w is not None and returns[w] == 1.0 and game.scores()[w] >= 10
    assert f"winner p{w + 1}" in game.render()
    with pytest.raises(ValueError, match="the game is over"):
        game.apply(0)


def test_the_same_seed_and_actions_give_the_same_game_and_copies_are_independent() -> None:
    a, b = stadt.CatanGame(players=4, seed=5), stadt.CatanGame(players=4, seed=5)
    play_out(a, 1)
    play_out(b, 1)
    assert a.to_record() == b.to_record() and a.scores() == b.scores()
    c = stadt.CatanGame(players=4, seed=5)
    d = copy.deepcopy(c)
    c.apply(c.legal_actions()[0])
    assert d.to_record() != c.to_record() and d.phase() == "setup-settlement"


def test_the_record_replays_in_stadt_replay(tmp_path) -> None:
    game = stadt.CatanGame(players=2, seed=3, options="catanatron")
    play_out(game, 2)
    path = tmp_path / "game.rec"
    path.write_text(game.to_record())
    out = run_cli("replay", str(path)).stdout
    for p, points in enumerate(game.scores()):
        assert f"points p{p + 1} {points} " in out


def test_actions_read_as_record_text_and_illegal_ones_are_value_errors() -> None:
    game = stadt.CatanGame(players=2, seed=1)
    assert game.action_to_string(0) == "settle 0"
    assert game.action_to_string(stadt.CATAN_NUM_ACTIONS - 1).startswith("pick")
    with pytest.raises(ValueError, match="not one of 0 to"):
        game.action_to_string(stadt.CATAN_NUM_ACTIONS)
    roll = next(a for a in range(stadt.CATAN_NUM_ACTIONS) if game.action_to_string(a) == "roll")
    with pytest.raises(ValueError, match=r"action \d+ \(roll\) is illegal"):
        game.apply(roll)
    with pytest.raises(ValueError, match="player 2 is not in this 2-player game"):
        game.observation_tensor(2)


def test_bad_settings_are_value_errors_naming_them() -> None:
    with pytest.raises(ValueError, match="players must be 2, 3 or 4"):
        stadt.CatanGame(players=5)
    with pytest.raises(ValueError, match="player_trade"):
        stadt.CatanGame(options="player_trade=on")
    with pytest.raises(ValueError, match="options"):
        stadt.CatanGame(options="tiles=x")
    with pytest.raises(ValueError, match="player_trade"):
        sp.catan_env(options="player_trade=on")


def test_the_observation_is_a_seat_view_of_the_sections_named() -> None:
    assert sum(n for _, n in stadt.CATAN_OBSERVATION_SECTIONS) == stadt.CATAN_OBSERVATION_SIZE
    game = stadt.CatanGame(players=4, seed=9)
    for _ in range(60):
        game.apply(game.legal_actions()[-1])
    views = [game.observation_tensor(p) for p in range(4)]
    assert all(v.dtype == np.float32 and v.shape == (stadt.CATAN_OBSERVATION_SIZE,) for v in views)
    # Every seat sees itself first: the seats' views differ, and the default is the actor's.
    assert not np.array_equal(views[0], views[1])
    assert np.array_equal(game.observation_tensor(), views[game.current_player()])


@pytest.mark.parametrize("players", [2, 4])
def test_the_catan_environment_passes_the_api_test(players: int) -> None:
    api_test(sp.catan_env(players=players), num_cycles=300)


def test_the_catan_environment_passes_the_seed_test() -> None:
    seed_test(lambda: sp.catan_env(players=3), num_cycles=300)


def test_a_catan_environment_game_runs_to_the_end_with_zero_sum_rewards() -> None:
    totals = play_env_randomly(sp.catan_env(players=4, options="catanatron"), 7)
    assert abs(sum(totals.values())) < 1e-9 and max(totals.values()) == 1.0


def test_a_sample_hides_what_the_seat_cannot_see_and_a_copy_does_not() -> None:
    game = stadt.CatanGame(players=3, seed=21)
    rng = np.random.default_rng(3)
    while game.phase() != "pre-roll" or game.turns() < 6:
        game.apply(int(rng.choice(game.legal_actions())))
    me = game.current_player()
    roll = next(a for a in game.legal_actions() if game.action_to_string(a) == "roll")
    copy_of = game.clone()
    copy_of.apply(roll)
    game_rolled = game.clone()
    game_rolled.apply(roll)
    # A copy is the whole game: its dice are the game's.
    assert copy_of.last_roll() == game_rolled.last_roll()
    rolls = set()
    for seed in range(12):
        s = game.sample(seed)
        assert np.array_equal(s.observation_tensor(me), game.observation_tensor(me))
        s.apply(roll)
        rolls.add(s.last_roll())
    # A sample's dice are dealt afresh.
    assert len(rolls) > 3
    with pytest.raises(ValueError, match="a sample has no record"):
        game.sample(1).to_record()


def test_explicit_chance_shows_the_outcomes_and_takes_them_from_the_caller() -> None:
    game = stadt.CatanGame(players=2, seed=4, explicit_chance=True)
    rng = np.random.default_rng(5)
    kinds = set()
    while not game.is_terminal() and len(kinds) < 3:
        if game.is_chance_node():
            assert game.current_player() == stadt.CHANCE
            outcomes = game.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert [o for o, _ in outcomes] == game.legal_actions()
            texts = {game.action_to_string(o) for o, _ in outcomes}
            kinds |= {t.split()[0] for t in texts}
            if len(outcomes) < stadt.CATAN_CHANCE_OUTCOMES:
                impossible = next(o for o in range(stadt.CATAN_CHANCE_OUTCOMES) if o not in dict(outcomes))
                with pytest.raises(ValueError, match="cannot happen now"):
                    game.apply(impossible)
            game.apply(int(rng.choice([o for o, _ in outcomes], p=[p for _, p in outcomes])))
        else:
            legal = game.legal_actions()
            buys = [a for a in legal if game.action_to_string(a) in ("buy", "roll")]
            game.apply(buys[0] if buys else int(rng.choice(legal)))
    assert kinds >= {"dice", "draw"}
    with pytest.raises(ValueError, match="explicit_chance has no record"):
        game.to_record()
    with pytest.raises(ValueError, match="discard=random"):
        stadt.CatanGame(options="catanatron", explicit_chance=True)
    # Without it, no chance node is ever shown.
    plain = stadt.CatanGame(players=2, seed=4)
    assert not plain.is_chance_node()
    with pytest.raises(ValueError, match="not a chance node"):
        plain.chance_outcomes()
