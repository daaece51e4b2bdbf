"""Die Stadt and Catan as OpenSpiel games: `register()` makes `pyspiel.load_game("python_die_stadt")` work,
`register_catan()` `pyspiel.load_game("python_catan")` (at the end of this file).

Tile draws are chance nodes whose outcomes are the unseen tile types, weighted by how many of each
are left; nothing in a state holds the order tiles will come in, so no observation or
information-state string can show it. Every move and every draw is seen by all players, so the
game is one of perfect information with chance, as OpenSpiel files backgammon. Returns are those
of `stadt.Game.returns()`: +1 for a sole winner, -1/(n-1) for a loser, zero-sum.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

import stadt

NAME = "python_die_stadt"

# At most 75 draws, 75 tile and 75 follower decisions, the gate, 70 wall pieces and one tower
# decision per wall building (at most one building per tile).
MAX_GAME_LENGTH = 75 + 75 + 75 + 1 + 70 + 75

_TILE_TYPES = len(stadt.Game().tile_names())


def _game_type(name: str, long_name: str, information: Any, parameters: dict[str, Any]) -> pyspiel.GameType:
    """What both games declare: sequential, explicit chance, zero-sum terminal returns, 2 to 4
    players, observation and information-state strings and an observation tensor."""
    return pyspiel.GameType(
        short_name=name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


GAME_TYPE = _game_type(
    NAME, "Carcassonne: Die Stadt (stadt)", pyspiel.GameType.Information.PERFECT_INFORMATION, {"players": 2}
)


def game_info(players: int) -> pyspiel.GameInfo:
    """The sizes OpenSpiel asks for, for `players` players."""
    return pyspiel.GameInfo(
        num_distinct_actions=stadt.NUM_ACTIONS,
        max_chance_outcomes=_TILE_TYPES,
        num_players=players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=MAX_GAME_LENGTH,
    )


class DieStadtGame(pyspiel.Game):
    """The game, with parameter `players` (2 to 4)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", 2))
        if not 2 <= players <= 4:
            raise ValueError(f"players must be 2, 3 or 4, not {players}")
        super().__init__(GAME_TYPE, game_info(players), params)

    def new_initial_state(self) -> DieStadtState:
        """A game before its first draw."""
        return DieStadtState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> DieStadtObserver:
        """The observer of observations and information states."""
        return DieStadtObserver(iig_obs_type, params)


class _GameState(pyspiel.State):
    """What both games' states share: every question is asked of the game in `self.game`."""

    game: Any

    def current_player(self) -> int:
        return self.game.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self.game.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.game.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.game.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.game.action_to_string(action, player)

    def is_terminal(self) -> bool:
        return self.game.is_terminal()

    def returns(self) -> list[float]:
        return self.game.returns()


class DieStadtState(_GameState):
    """A state: a `stadt.Game` without a hidden deck (OpenSpiel resolves every draw)."""

    def __init__(self, game: pyspiel.Game, position: stadt.Game | None = None) -> None:
        super().__init__(game)
        self.game = position.public_view() if position is not None else stadt.Game(players=game.num_players())

    def __str__(self) -> str:
        return public_string(self.game, 0)


def public_string(game: stadt.Game, player: int) -> str:
    """The observation dict as canonical JSON: what `player` sees."""
    return json.dumps(game.observation(player), sort_keys=True, separators=(",", ":"))


class DieStadtObserver:
    """Observations: the tensor of `stadt.Game.observation_tensor` and the observation dict as
    JSON. The information state adds the history of actions (all public)."""

    def __init__(self, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"the observer takes no parameters, not {params}")
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        shape = (len(stadt.PLANES), stadt.BOARD_SIDE, stadt.BOARD_SIDE)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: DieStadtState, player: int) -> None:
        state.game.observation_tensor(player, out=self.tensor)

    def string_from(self, state: DieStadtState, player: int) -> str:
        text = public_string(state.game, player)
        if self.perfect_recall:
            return text + " history " + " ".join(str(a) for a in state.history())
        return text


# The games registered with pyspiel so far, by name.
_registered: set[str] = set()


def _register(game_type: pyspiel.GameType, game: type) -> None:
    """Registers `game` under its type's name, once."""
    if game_type.short_name not in _registered:
        pyspiel.register_game(game_type, game)
        _registered.add(game_type.short_name)


def register() -> None:
    """Registers the game with pyspiel as `python_die_stadt` (once; later calls do nothing)."""
    _register(GAME_TYPE, DieStadtGame)


def state_of(game: stadt.Game, players: int | None = None) -> DieStadtState:
    """An OpenSpiel state at `game`'s position (without its hidden deck)."""
    register()
    return DieStadtState(pyspiel.load_game(NAME, {"players": players or game.players}), game)


def mcts_entrant(
    simulations: int = 100, rollouts: int = 1, uct_c: float = 2.0, players: int = 2, name: str | None = None
) -> tuple[str, Callable[[int, int], Callable[[stadt.Game], int]]]:
    """OpenSpiel's MCTSBot with the random-rollout evaluator as a `stadt.tournament` entrant."""
    from open_spiel.python.algorithms import mcts

    register()
    game = pyspiel.load_game(NAME, {"players": players})
    label = name or f"openspiel-mcts-{simulations}"

    def factory(seed: int, player: int) -> Callable[[stadt.Game], int]:
        rng = np.random.RandomState(seed % 2**32)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=rng)
        bot = mcts.MCTSBot(game, uct_c, simulations, evaluator, random_state=rng)

        def act(view: stadt.Game) -> int:
            return int(bot.step(DieStadtState(game, view)))

        return act

    return label, factory


# Catan: `python_catan`, a game of imperfect information (development cards in hand, cards
# stolen) with explicit chance nodes: the dice, a development card bought, a card stolen.
CATAN_NAME = "python_catan"

CATAN_GAME_TYPE = _game_type(
    CATAN_NAME,
    "Die Siedler von Catan (stadt)",
    pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    {"players": 4, "seed": 0, "options": ""},
)

# Per turn at most: the roll, a card played and its two free roads, 95 bank trades (each leaves a
# card fewer in hand), 24 buildings, 25 cards bought with their draws, every hand's discards, the
# robber and its steal, the end: fewer than 400 actions.
_CATAN_ACTIONS_PER_TURN = 400


class CatanGame(pyspiel.Game):
    """Catan, with parameters `players` (2 to 4), `seed` (the board and the deck's make-up) and
    `options` (as `stadt games` lists them; not `player_trade=on` or `discard=random`)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.players = int(params.get("players", 4))
        self.seed = int(params.get("seed", 0))
        self.options = str(params.get("options", ""))
        probe = stadt.CatanGame(players=self.players, seed=self.seed, options=self.options, explicit_chance=True)
        info = pyspiel.GameInfo(
            num_distinct_actions=stadt.CATAN_NUM_ACTIONS,
            max_chance_outcomes=stadt.CATAN_CHANCE_OUTCOMES,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=_CATAN_ACTIONS_PER_TURN * (probe.turn_limit() + 1),
        )
        super().__init__(CATAN_GAME_TYPE, info, params)

    def new_initial_state(self) -> CatanState:
        """A game at its first set-up settlement."""
        return CatanState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CatanObserver:
        """The observer of observations and information states."""
        return CatanObserver(iig_obs_type, params)


class CatanState(_GameState):
    """A state: a `stadt.CatanGame` with explicit chance, and who saw each chance outcome."""

    def __init__(self, game: CatanGame) -> None:
        super().__init__(game)
        self.game = stadt.CatanGame(players=game.players, seed=game.seed, options=game.options, explicit_chance=True)
        # Per action: the seats that saw it (None: everybody).
        self.seen: list[tuple[int, frozenset[int] | None]] = []

    def _apply_action(self, action: int) -> None:
        witnesses = frozenset(self.game.chance_witnesses()) if self.game.is_chance_node() else None
        self.game.apply(action)
        self.seen.append((action, witnesses))

    def __str__(self) -> str:
        return self.game.render() + repr(self.game)


class CatanObserver:
    """Observations: the tensor of `stadt.CatanGame.observation_tensor`, as a string its non-zero
    entries. The information state adds the actions as the player saw them: every move and roll,
    a card bought or stolen only by those who saw it (`?` for the others)."""

    def __init__(self, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"the observer takes no parameters, not {params}")
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(stadt.CATAN_OBSERVATION_SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CatanState, player: int) -> None:
        self.tensor[:] = state.game.observation_tensor(player)

    def string_from(self, state: CatanState, player: int) -> str:
        seen = state.game.observation_tensor(player)
        text = " ".join(f"{i}:{seen[i]:g}" for i in np.flatnonzero(seen))
        if self.perfect_recall:
            history = (str(a) if w is None or player in w else "?" for a, w in state.seen)
            return text + " history " + " ".join(history)
        return text


def register_catan() -> None:
    """Registers Catan with pyspiel as `python_catan` (once; later calls do nothing)."""
    _register(CATAN_GAME_TYPE, CatanGame)
