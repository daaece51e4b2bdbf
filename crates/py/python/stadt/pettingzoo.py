"""Die Stadt as a PettingZoo AEC environment: `env(players=2)`.

Agents are `player_0` ... `player_{n-1}`; actions are the fixed action space of `stadt.Game`
(`stadt.NUM_ACTIONS` of them) and each observation is a dict with `observation` (the tensor of
`stadt.Game.observation_tensor`, from the agent's seat) and `action_mask` (int8, ones at the legal
actions of the agent to move, zeros for the others). Tile draws happen inside the environment from
a deck shuffled from the reset seed. Rewards come at the end: `stadt.Game.returns()`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import stadt


def env(players: int = 2, render_mode: str | None = None) -> DieStadtEnv:
    """A new environment for `players` players (2 to 4)."""
    return DieStadtEnv(players=players, render_mode=render_mode)


class DieStadtEnv(AECEnv):
    """The AEC environment."""

    metadata = {"render_modes": ["ansi", "human"], "name": "die_stadt_v0", "is_parallelizable": False}

    def __init__(self, players: int = 2, render_mode: str | None = None) -> None:
        super().__init__()
        if not isinstance(players, int) or not 2 <= players <= 4:
            raise ValueError(f"players must be 2, 3 or 4, not {players!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.players = players
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        shape = (len(stadt.PLANES), stadt.BOARD_SIDE, stadt.BOARD_SIDE)
        observation = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 4.0, shape, np.float32),
                "action_mask": spaces.Box(0, 1, (stadt.NUM_ACTIONS,), np.int8),
            }
        )
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(stadt.NUM_ACTIONS) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.game = stadt.Game(players=players)

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.game = stadt.Game(players=self.players, seed=int(self._rng.integers(0, 2**63)))
        self._deal()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_player()]

    def _deal(self) -> None:
        while self.game.is_chance_node():
            self.game.draw()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        mask = (
            self.game.legal_action_mask()
            if self.game.current_player() == seat
            else np.zeros(stadt.NUM_ACTIONS, np.int8)
        )
        return {"observation": self.game.observation_tensor(seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.game.apply(int(action))
        self._deal()
        self._cumulative_rewards[agent] = 0.0
        if self.game.is_terminal():
            for a, r in zip(self.possible_agents, self.game.returns(), strict=False):
                self.rewards[a] = float(r)
                self.terminations[a] = True
            self.agent_selection = agent
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self.agent_selection = self.possible_agents[self.game.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.game.render()

    def close(self) -> None:
        pass
