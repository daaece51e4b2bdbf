"""Die Stadt and Die Siedler von Catan as PettingZoo AEC environments: `env(players=2)` and
`catan_env(players=4, options="")`.

Agents are `player_0` ... `player_{n-1}`; actions are the game's fixed action space and each
observation is a dict with `observation` (the game's observation tensor, from the agent's seat)
and `action_mask` (int8, ones at the legal actions of the agent to move, zeros for the others).
Chance happens inside the environment, seeded from the reset seed: Die Stadt's tile draws from a
deck shuffled from it, Catan's dice, cards bought and cards stolen from the game's own seed.
Rewards come at the end: the game's `returns()`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import stadt


def env(players: int = 2, render_mode: str | None = None) -> DieStadtEnv:
    """A new environment of Die Stadt for `players` players (2 to 4)."""
    return DieStadtEnv(players=players, render_mode=render_mode)


def catan_env(players: int = 4, options: str = "", render_mode: str | None = None) -> CatanEnv:
    """A new environment of Catan for `players` players (2 to 4) under `options` (`stadt games`
    lists them; default: the official rules)."""
    return CatanEnv(players=players, options=options, render_mode=render_mode)


class _TurnEnv(AECEnv):
    """What both games' environments share: one agent acts at a time, rewards at the end."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "", "is_parallelizable": False}

    def __init__(self, players: int, render_mode: str | None, actions: int, observation: spaces.Space) -> None:
        super().__init__()
        if not isinstance(players, int) or not 2 <= players <= 4:
            raise ValueError(f"players must be 2, 3 or 4, not {players!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.players = players
        self.render_mode = render_mode
        self.actions = actions
        self.possible_agents = [f"player_{i}" for i in range(players)]
        space = spaces.Dict({"observation": observation, "action_mask": spaces.Box(0, 1, (actions,), np.int8)})
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.game: Any = self._new_game(int(self._rng.integers(0, 2**63)))

    def _new_game(self, seed: int) -> Any:
        """A new game dealt from `seed`, at its first decision."""
        raise NotImplementedError

    def _after_move(self) -> None:
        """Whatever chance does before the next decision."""

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.game = self._new_game(int(self._rng.integers(0, 2**63)))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        mask = self.game.legal_action_mask() if self.game.current_player() == seat else np.zeros(self.actions, np.int8)
        return {"observation": self.game.observation_tensor(seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.game.apply(int(action))
        self._after_move()
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


class DieStadtEnv(_TurnEnv):
    """Die Stadt's AEC environment."""

    metadata = {"render_modes": ["ansi", "human"], "name": "die_stadt_v0", "is_parallelizable": False}

    def __init__(self, players: int = 2, render_mode: str | None = None) -> None:
        shape = (len(stadt.PLANES), stadt.BOARD_SIDE, stadt.BOARD_SIDE)
        super().__init__(players, render_mode, stadt.NUM_ACTIONS, spaces.Box(0.0, 4.0, shape, np.float32))

    def _new_game(self, seed: int) -> stadt.Game:
        game = stadt.Game(players=self.players, seed=seed)
        while game.is_chance_node():
            game.draw()
        return game

    def _after_move(self) -> None:
        while self.game.is_chance_node():
            self.game.draw()


class CatanEnv(_TurnEnv):
    """Catan's AEC environment."""

    metadata = {"render_modes": ["ansi", "human"], "name": "catan_v0", "is_parallelizable": False}

    def __init__(self, players: int = 4, options: str = "", render_mode: str | None = None) -> None:
        # The options are checked here, by the game, before the environment is built.
        stadt.CatanGame(players=players, seed=0, options=options)
        self.options = options
        # Counts and shares stay below 100 (a hand of 100 cards would be 10).
        box = spaces.Box(0.0, 100.0, (stadt.CATAN_OBSERVATION_SIZE,), np.float32)
        super().__init__(players, render_mode, stadt.CATAN_NUM_ACTIONS, box)

    def _new_game(self, seed: int) -> stadt.CatanGame:
        return stadt.CatanGame(players=self.players, seed=seed, options=self.options)
