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


def test_catan_registers_with_explicit_chance_and_passes_the_random_sim_test() -> None:
    so.register_catan()
    so.register_catan()  # a second call does nothing
    # Games cut at 60 turns keep the test short: it checks every information state at every step.
    game = pyspiel.load_game(so.CATAN_NAME, {"players": 3, "seed": 5, "options": "turns=60"})
    assert game.num_players() == 3 and game.num_distinct_actions() == stadt.CATAN_NUM_ACTIONS
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    with pytest.raises(ValueError, match="discard=random"):
        pyspiel.load_game(so.CATAN_NAME, {"options": "catanatron"})


def test_catan_information_states_hide_cards_bought_and_stolen_from_the_others() -> None:
    so.register_catan()
    game = pyspiel.load_game(so.CATAN_NAME, {"players": 2, "seed": 1})
    rng = np.random.RandomState(2)
    state = game.new_initial_state()
    hidden = 0
    while not state.is_terminal() and hidden < 3:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            assert abs(sum(probs) - 1) < 1e-9
            witnesses = state.game.chance_witnesses()
            action = int(rng.choice(outcomes, p=probs))
            text = state.action_to_string(pyspiel.PlayerId.CHANCE, action)
            state.apply_action(action)
            if len(witnesses) < 2:
                # A card bought: the buyer's information state shows it, the other's does not.
                assert text.startswith("draw ")
                (buyer,) = witnesses
                mine, theirs = state.information_state_string(buyer), state.information_state_string(1 - buyer)
                assert mine.endswith(f" {action}") and theirs.endswith(" ?")
                hidden += 1
        else:
            legal = state.legal_actions()
            # Buying cards when possible reaches the hidden draws sooner.
            buys = [a for a in legal if state.action_to_string(state.current_player(), a) == "buy"]
            state.apply_action(buys[0] if buys else int(rng.choice(legal)))
    assert hidden == 3
