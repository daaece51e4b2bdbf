"""OpenSpiel: every game of `stadt.games()` registers and passes pyspiel's random simulation test;
Die Stadt's MCTSBot games and entrant, Catan's hidden cards in the information states."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import stadt
import stadt.openspiel as so

GAMES = [g["name"] for g in stadt.games()]

# Options that keep a game short enough for the simulation test, which checks every
# information state at every step (games cut at a few dozen turns).
SHORT = {"catan": "turns=60", "staedte-und-ritter": "turns=40"}


@pytest.mark.parametrize("name", GAMES)
def test_register_makes_every_game_loadable_with_its_players(name: str) -> None:
    so.register()
    so.register()  # a second call does nothing
    entry = next(g for g in stadt.games() if g["name"] == name)
    for players in entry["players"]:
        game = pyspiel.load_game(so.spiel_name(name), {"players": players})
        probe = stadt.Game(name, players=players)
        assert game.num_players() == players
        assert game.num_distinct_actions() == probe.num_actions()
        assert game.max_chance_outcomes() == probe.num_outcomes()
        state = game.new_initial_state()
        assert not state.game.has_deck()
        if state.is_chance_node():
            assert abs(sum(p for _, p in state.chance_outcomes()) - 1) < 1e-12
    with pytest.raises(ValueError, match="must be"):
        pyspiel.load_game(so.spiel_name(name), {"players": max(entry["players"]) + 1})


@pytest.mark.parametrize("name", GAMES)
def test_pyspiel_random_sim_test_passes(name: str) -> None:
    so.register()
    game = pyspiel.load_game(so.spiel_name(name), {"seed": 5, "options": SHORT.get(name, "")})
    perfect = pyspiel.GameType.Information.PERFECT_INFORMATION
    assert (game.get_type().information == perfect) == stadt.Game(name).perfect_information()
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_the_first_names_still_load() -> None:
    so.register_catan()
    assert pyspiel.load_game(so.NAME, {"players": 3}).num_players() == 3
    assert pyspiel.load_game(so.CATAN_NAME, {"players": 4, "seed": 7}).num_players() == 4
    with pytest.raises(ValueError, match="discard=random"):
        pyspiel.load_game(so.CATAN_NAME, {"options": "catanatron"})


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


@pytest.mark.parametrize("name", ["catan", "staedte-und-ritter"])
def test_information_states_hide_cards_drawn_from_the_others(name: str) -> None:
    so.register()
    game = pyspiel.load_game(so.spiel_name(name), {"players": 3, "seed": 1})
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
            if len(witnesses) == 1:
                # A card drawn: the drawer's information state shows it, the others' do not.
                assert text.split()[0] in ("draw", "progress")
                (drawer,) = witnesses
                mine, theirs = state.information_state_string(drawer), state.information_state_string((drawer + 1) % 3)
                assert mine.endswith(f" {action}") and theirs.endswith(" ?")
                hidden += 1
        else:
            legal = state.legal_actions()
            # Buying cards when possible reaches the hidden draws sooner.
            buys = [a for a in legal if state.action_to_string(state.current_player(), a) in ("buy", "roll")]
            state.apply_action(buys[0] if buys else int(rng.choice(legal)))
    assert hidden == 3
