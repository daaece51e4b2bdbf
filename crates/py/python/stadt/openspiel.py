"""Every game stadt plays as an OpenSpiel game: `register()` registers each game and alias of
`stadt.games()` with pyspiel as `python_stadt_<name>` (`-` written `_`: `python_stadt_die_stadt`,
`python_stadt_catan`, `python_stadt_staedte_und_ritter`), Die Stadt also as `python_die_stadt`
and Catan as `python_catan`.

One game, state and observer serve them all, over `stadt.Game`. Chance steps are chance nodes
(`EXPLICIT_STOCHASTIC`) whose outcomes are the game's chance outcome numbers with their
probabilities; no state holds what chance will do (a state is a player's view: `public_view()`).
A game whose every move and outcome all players see is declared `PERFECT_INFORMATION` (Die
Stadt, as OpenSpiel files backgammon), the others `IMPERFECT_INFORMATION`. Returns are the game's
`returns()`: +1 for a sole winner, -1/(n-1) for a loser, zero-sum, at the end.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

import stadt

# The names the first versions registered, kept.
NAME = "python_die_stadt"
CATAN_NAME = "python_catan"
_OLD_NAMES = {"die-stadt": NAME, "catan": CATAN_NAME}


def spiel_name(game: str) -> str:
    """The name `game` (as `stadt.games()` lists it) is registered under."""
    return "python_stadt_" + game.replace("-", "_")


def _entry(game: str) -> dict[str, Any]:
    """`game`'s entry of `stadt.games()`."""
    for g in stadt.games():
        if g["name"] == game:
            return g
    raise ValueError(f"unknown game `{game}`: the games are {', '.join(g['name'] for g in stadt.games())}")


def _game_type(name: str, entry: dict[str, Any]) -> pyspiel.GameType:
    """What a game declares: sequential, explicit chance, zero-sum terminal returns, its player
    counts, observation and information-state strings and an observation tensor; parameters
    `players`, `seed` (the deal) and `options`."""
    probe = stadt.Game(entry["name"])
    information = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if probe.perfect_information()
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    return pyspiel.GameType(
        short_name=name,
        long_name=f"{entry['name']} (stadt): {entry['about']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(entry["players"]),
        min_num_players=min(entry["players"]),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": entry["default_players"], "seed": 0, "options": ""},
    )


class StadtGame(pyspiel.Game):
    """A game of stadt, with parameters `players`, `seed` (the deal: Catan's board) and `options`
    (as `stadt games` lists them). Made by `register()` for each game."""

    GAME: str = ""
    TYPE: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.players = int(params.get("players", _entry(self.GAME)["default_players"]))
        self.seed = int(params.get("seed", 0))
        self.options = str(params.get("options", ""))
        # The game checks the players and the options, with its own messages.
        probe = stadt.Game(self.GAME, players=self.players, seed=self.seed, options=self.options)
        why = probe.unnumbered_chance()
        if why is not None:
            raise ValueError(f"{why}: OpenSpiel's chance nodes need numbered outcomes")
        self.shape = tuple(probe.tensor_shape())
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.num_actions(),
            max_chance_outcomes=probe.num_outcomes(),
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=probe.max_game_length(),
        )
        super().__init__(self.TYPE, info, params)

    def new_initial_state(self) -> StadtState:
        """A game at its start, as a player's view (chance to come is OpenSpiel's)."""
        return StadtState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> StadtObserver:
        """The observer of observations and information states."""
        return StadtObserver(self, iig_obs_type, params)


class StadtState(pyspiel.State):
    """A state: a `stadt.Game` that is a player's view (it holds no hidden order of what chance
    will do), and per action who saw it."""

    def __init__(self, game: StadtGame, position: stadt.Game | None = None) -> None:
        super().__init__(game)
        if position is None:
            position = stadt.Game(game.GAME, players=game.players, seed=game.seed, options=game.options)
        self.game = position.public_view()
        # Per action: the seats that saw it (None: everybody).
        self.seen: list[tuple[int, frozenset[int] | None]] = []

    def current_player(self) -> int:
        return self.game.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self.game.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.game.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        witnesses = None
        if self.game.is_chance_node():
            seen = frozenset(self.game.chance_witnesses())
            witnesses = None if len(seen) == self.game.players else seen
        self.game.apply(action)
        self.seen.append((action, witnesses))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.game.action_to_string(action, player)

    def is_terminal(self) -> bool:
        return self.game.is_terminal()

    def returns(self) -> list[float]:
        return self.game.returns()

    def __str__(self) -> str:
        return self.game.render() + repr(self.game)


def public_string(game: stadt.Game, player: int) -> str:
    """What `player` sees as a string: the observation dict as canonical JSON where the game has
    one (Die Stadt), else the tensor's non-zero entries (`index:value`)."""
    try:
        return json.dumps(game.observation(player), sort_keys=True, separators=(",", ":"))
    except ValueError:
        seen = game.observation_tensor(player).ravel()
        return " ".join(f"{i}:{seen[i]:g}" for i in np.flatnonzero(seen))


class StadtObserver:
    """Observations: the tensor of `stadt.Game.observation_tensor`, and `public_string` as the
    observation string. The information state adds every action as the player saw it: a chance
    outcome only its witnesses see is `?` for the others."""

    def __init__(self, game: StadtGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"the observer takes no parameters, not {params}")
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(int(np.prod(game.shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(game.shape)}

    def set_from(self, state: StadtState, player: int) -> None:
        state.game.observation_tensor(player, out=self.tensor)

    def string_from(self, state: StadtState, player: int) -> str:
        text = public_string(state.game, player)
        if self.perfect_recall:
            history = (str(a) if w is None or player in w else "?" for a, w in state.seen)
            return text + " history " + " ".join(history)
        return text


# The games registered with pyspiel so far: game class by registered name.
_registered: dict[str, type] = {}


def _register_as(name: str, entry: dict[str, Any]) -> None:
    """Registers `entry`'s game with pyspiel under `name`, once."""
    if name in _registered:
        return
    game_type = _game_type(name, entry)
    cls = type(f"StadtGame_{name}", (StadtGame,), {"GAME": entry["name"], "TYPE": game_type})
    pyspiel.register_game(game_type, cls)
    _registered[name] = cls


def register() -> None:
    """Registers every game and alias of `stadt.games()` as `python_stadt_<name>`, and Die Stadt
    and Catan under their first names too (once; later calls do nothing)."""
    for entry in stadt.games():
        _register_as(spiel_name(entry["name"]), entry)
        if entry["name"] in _OLD_NAMES:
            _register_as(_OLD_NAMES[entry["name"]], entry)


def register_catan() -> None:
    """`register()`, by its first name."""
    register()


def state_of(game: stadt.Game, players: int | None = None) -> StadtState:
    """An OpenSpiel state at `game`'s position, as a player's view (without its hidden part)."""
    register()
    params = {"players": players or game.players, "options": game.options}
    return StadtState(pyspiel.load_game(spiel_name(game.game), params), game)


def mcts_entrant(
    simulations: int = 100, rollouts: int = 1, uct_c: float = 2.0, players: int = 2, name: str | None = None
) -> tuple[str, Callable[[int, int], Callable[[stadt.Game], int]]]:
    """OpenSpiel's MCTSBot with the random-rollout evaluator as a `stadt.tournament` entrant (Die
    Stadt's: Python entrants play Die Stadt)."""
    from open_spiel.python.algorithms import mcts

    register()
    game = pyspiel.load_game(NAME, {"players": players})
    label = name or f"openspiel-mcts-{simulations}"

    def factory(seed: int, player: int) -> Callable[[stadt.Game], int]:
        rng = np.random.RandomState(seed % 2**32)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=rng)
        bot = mcts.MCTSBot(game, uct_c, simulations, evaluator, random_state=rng)

        def act(view: stadt.Game) -> int:
            return int(bot.step(StadtState(game, view)))

        return act

    return label, factory
