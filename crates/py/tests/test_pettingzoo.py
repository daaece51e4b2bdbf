"""PettingZoo: the AEC environment passes the library's API and seed tests."""

from __future__ import annotations

import pytest
from pettingzoo.test import api_test, seed_test

import stadt
import stadt.pettingzoo as sp
from conftest import play_env_randomly


@pytest.mark.parametrize("players", [2, 3, 4])
def test_api_test_passes(players: int) -> None:
    api_test(sp.env(players=players), num_cycles=1000)


def test_seed_test_passes() -> None:
    seed_test(lambda: sp.env(players=2), num_cycles=500)


def test_a_random_game_runs_to_the_end_with_zero_sum_rewards() -> None:
    totals = play_env_randomly(sp.env(players=3), 4)
    assert abs(sum(totals.values())) < 1e-9 and max(totals.values()) > 0


def test_an_illegal_action_and_bad_settings_raise_value_errors() -> None:
    env = sp.env(players=2)
    env.reset(seed=1)
    with pytest.raises(ValueError, match="illegal action"):
        env.step(stadt.ACTION_TOWER)
    with pytest.raises(ValueError, match="players must be 2, 3 or 4"):
        sp.env(players=5)
