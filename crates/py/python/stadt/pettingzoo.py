"""Every game stadt plays as a PettingZoo AEC environment: `env(game="die-stadt", players=None,
options="")` (`stadt.games()` lists the games and aliases: `catan`, `staedte-und-ritter`).

Agents are `player_0` ... `player_{n-1}`; actions are the game's fixed action space and each
observation is a dict with `observation` (the game's observation tensor, from the agent's seat)
and `action_mask` (int8, ones at the legal actions of the agent to move, zeros for the others).
Chance happens inside the environment, from the game's hidden part dealt from the reset seed (Die
Stadt's deck, Catan's board, cards and dice). Rewards come at the end: the game's `returns()`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import stadt


def env(
    game: str | None = None, players: int | None = None, options: str = "", render_mode: str | None = None
) -> StadtEnv:
    """A new environment of `game` (default: Die Stadt) for `players` (default: the game's, 2
    where it allows it) under `options`."""
    return StadtEnv(game=game, players=players, options=options, render_mode=render_mode)


def catan_env(players: int = 4, options: str = "", render_mode: str | None = None) -> StadtEnv:
    """`env("catan", ...)`, by its first name."""
    return env("catan", players=players, options=options, render_mode=render_mode)


class StadtEnv(AECEnv):
    """A game's AEC environment: one agent acts at a time, rewards at the end."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "", "is_parallelizable": False}

    def __init__(
        self, game: str | None = None, players: int | None = None, options: str = "", render_mode: str | None = None
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in ["ansi", "human"]:
            raise ValueError(f"render_mode must be one of ['ansi', 'human'], not {render_mode!r}")
        if players is not None and not isinstance(players, int):
            raise ValueError(f"players must be a whole number, not {players!r}")
        # The game checks the name, the players and the options, with its own messages.
        probe = stadt.Game(game, players=players, seed=0, options=options)
        self.game_name = probe.game
        self.metadata = dict(self.metadata, name=self.game_name.replace("-", "_") + "_v0")
        self.players = probe.players
        self.options = options
        self.render_mode = render_mode
        self.actions = probe.num_actions()
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        low, high = probe.tensor_range()
        observation = spaces.Box(low, high, tuple(probe.tensor_shape()), np.float32)
        space = spaces.Dict({"observation": observation, "action_mask": spaces.Box(0, 1, (self.actions,), np.int8)})
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.actions) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.game = self._new_game(int(self._rng.integers(0, 2**63)))

    def _new_game(self, seed: int) -> stadt.Game:
        """A new game dealt from `seed`, at its first decision."""
        game = stadt.Game(self.game_name, players=self.players, seed=seed, options=self.options)
        self._resolve(game)
        return game

    @staticmethod
    def _resolve(game: stadt.Game) -> None:
        """Whatever chance does before the next decision."""
        while game.is_chance_node():
            game.draw()

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
        self._resolve(self.game)
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
