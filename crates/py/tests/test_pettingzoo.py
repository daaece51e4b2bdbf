"""PettingZoo: the AEC environment passes the library's API and seed tests."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import stadt
import stadt.pettingzoo as sp


@pytest.mark.parametrize("players", [2, 3, 4])
def test_api_test_passes(players: int) -> None:
    api_test(sp.env(players=players), num_cycles=1000)


def test_seed_test_passes() -> None:
    seed_test(lambda: sp.env(players=2), num_cycles=500)


def test_a_random_game_runs_to_the_end_with_zero_sum_rewards() -> None:
    env = sp.env(players=3)
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.sum() == len(env.game.legal_actions()) > 0
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert abs(sum(totals.values())) < 1e-9 and max(totals.values()) > 0


def test_an_illegal_action_and_bad_settings_raise_value_errors() -> None:
    env = sp.env(players=2)
    env.reset(seed=1)
    with pytest.raises(ValueError, match="illegal action"):
        env.step(stadt.ACTION_TOWER)
    with pytest.raises(ValueError, match="players must be 2, 3 or 4"):
        sp.env(players=5)
