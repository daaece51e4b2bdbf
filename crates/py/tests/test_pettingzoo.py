"""PettingZoo: the AEC environment of every game of `stadt.games()` passes the library's API and
seed tests."""

from __future__ import annotations

import pytest
from pettingzoo.test import api_test, seed_test

import stadt
import stadt.pettingzoo as sp
from conftest import play_env_randomly

# Every game at each of its player counts.
COUNTS = [(g["name"], n) for g in stadt.games() for n in g["players"]]


@pytest.mark.parametrize("name,players", COUNTS)
def test_api_test_passes(name: str, players: int) -> None:
    env = sp.env(name, players=players)
    assert env.metadata["name"] == name.replace("-", "_") + "_v0"
    api_test(env, num_cycles=300)


@pytest.mark.parametrize("name", [g["name"] for g in stadt.games()])
def test_seed_test_passes(name: str) -> None:
    seed_test(lambda: sp.env(name), num_cycles=300)


@pytest.mark.parametrize("name,options", [("die-stadt", ""), ("catan", "catanatron"), ("staedte-und-ritter", "")])
def test_a_random_game_runs_to_the_end_with_zero_sum_rewards(name: str, options: str) -> None:
    totals = play_env_randomly(sp.env(name, options=options), 4)
    assert abs(sum(totals.values())) < 1e-9 and max(totals.values()) > 0


def test_an_illegal_action_and_bad_settings_raise_value_errors() -> None:
    env = sp.env(players=2)
    env.reset(seed=1)
    with pytest.raises(ValueError, match="illegal action"):
        env.step(stadt.ACTION_TOWER)
    with pytest.raises(ValueError, match="must be 2, 3 or 4"):
        sp.env(players=5)
    with pytest.raises(ValueError, match="player_trade"):
        sp.catan_env(options="player_trade=on")
    with pytest.raises(ValueError, match="must be 3 or 4"):
        sp.env("staedte-und-ritter", players=2)
