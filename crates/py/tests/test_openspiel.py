"""OpenSpiel: the registered game passes pyspiel's random simulation test and MCTSBot plays it."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import stadt
import stadt.openspiel as so


def test_register_makes_the_game_loadable_with_its_players_parameter() -> None:
    so.register()
    so.register()  # a second call does nothing
    for players in (2, 3, 4):
        game = pyspiel.load_game(so.NAME, {"players": players})
        assert game.num_players() == players
        assert game.num_distinct_actions() == stadt.NUM_ACTIONS
        state = game.new_initial_state()
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    with pytest.raises(ValueError, match="players must be 2, 3 or 4"):
        pyspiel.load_game(so.NAME, {"players": 6})


def test_pyspiel_random_sim_test_passes() -> None:
    so.register()
    pyspiel.random_sim_test(pyspiel.load_game(so.NAME), num_sims=20, serialize=False, verbose=False)


def test_openspiel_mcts_plays_full_games_against_itself() -> None:
    so.register()
    game = pyspiel.load_game(so.NAME, {"players": 2})
    rng = np.random.RandomState(1)
    bots = [mcts.MCTSBot(game, 2.0, 8, mcts.RandomRolloutEvaluator(1, rng), random_state=rng) for _ in range(2)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=False)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    returns = state.returns()
    assert abs(sum(returns)) < 1e-9 and max(returns) > 0
    assert len(state.history()) <= game.max_game_length()


def test_the_mcts_entrant_plays_in_a_stadt_tournament(tmp_path) -> None:
    result = stadt.tournament(tmp_path / "t", ["random", so.mcts_entrant(simulations=4)], players=2, games=2, seed=1)
    assert result["played"] == 2
    assert "python:openspiel-mcts-4" in (tmp_path / "t/manifest.toml").read_text()


def test_states_never_hold_the_hidden_deck() -> None:
    game = stadt.Game(players=2, seed=3)
    game.draw()
    state = so.state_of(game)
    assert not state.game.has_deck()
    clone = state.clone()
    assert str(clone) == str(state)
