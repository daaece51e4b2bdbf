"""stadt for game-AI research: the games' rules engines, their bots and tournaments.

`Game` is a game of any game stadt plays (`games()` lists them: Die Stadt, Catan, Städte und
Ritter) with a fixed action space and chance steps as explicit chance nodes; `Bot` is one of a
game's bots; `tournament` runs stadt's tournaments and `sprt` its sequential tests, with Python
agents as entrants. `stadt.openspiel` registers every game with OpenSpiel and `stadt.pettingzoo`
makes PettingZoo environments of them. docs/python.md in the repository documents the action
spaces, the observations and every function.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from stadt._stadt import (
    ACTION_FOLLOWER,
    ACTION_GATE,
    ACTION_TILE,
    ACTION_TOWER,
    ACTION_WALL,
    BOARD_REACH,
    BOARD_SIDE,
    BUILD,
    CATAN_CHANCE_OUTCOMES,
    CATAN_NUM_ACTIONS,
    CATAN_OBSERVATION_SECTIONS,
    CATAN_OBSERVATION_SIZE,
    CHANCE,
    DEFAULTS,
    KNIGHTS_ACTION_BLOCKS,
    KNIGHTS_NUM_ACTIONS,
    KNIGHTS_OBSERVATION_SECTIONS,
    KNIGHTS_OBSERVATION_SIZE,
    NUM_ACTIONS,
    PLANES,
    TERMINAL,
    VERSION,
    Bot,
    Game,
    bot_names,
    games,
    random_playouts,
)
from stadt._stadt import sprt as _sprt
from stadt._stadt import tournament as _tournament

__all__ = [
    "ACTION_FOLLOWER",
    "ACTION_GATE",
    "ACTION_TILE",
    "ACTION_TOWER",
    "ACTION_WALL",
    "BOARD_REACH",
    "BOARD_SIDE",
    "BUILD",
    "CATAN_CHANCE_OUTCOMES",
    "CATAN_NUM_ACTIONS",
    "CATAN_OBSERVATION_SECTIONS",
    "CATAN_OBSERVATION_SIZE",
    "CHANCE",
    "DEFAULTS",
    "KNIGHTS_ACTION_BLOCKS",
    "KNIGHTS_NUM_ACTIONS",
    "KNIGHTS_OBSERVATION_SECTIONS",
    "KNIGHTS_OBSERVATION_SIZE",
    "NUM_ACTIONS",
    "PLANES",
    "TERMINAL",
    "VERSION",
    "Bot",
    "Game",
    "bot_names",
    "games",
    "random_playouts",
    "sprt",
    "tournament",
]

# An agent decides for the player to move in a public view of the game: act(view) -> action.
Agent = Callable[[Game], int]
# A Python entrant: (name, factory); factory(seed, player) makes the agent for one game.
Entrant = str | tuple[str, Callable[[int, int], Agent]]


def _describe(entrant: Any) -> str:
    """An entrant as the manifest's command line shows it."""
    if isinstance(entrant, str):
        return entrant
    if isinstance(entrant, tuple) and len(entrant) == 2:
        return "python:" + str(entrant[0])
    return repr(entrant)


def _run_options(threads: int | None, progress: bool, about: str, command: str, bot_dir: str | None) -> dict:
    """The keyword arguments every run takes: threads (None: every core), the progress bar (only on
    a terminal), what the run is for, its command line for the manifest, the bot folder."""
    return {
        "threads": threads,
        "progress": progress and sys.stderr.isatty(),
        "about": about,
        "command": command,
        "bot_dir": bot_dir,
    }


def tournament(
    out: str | os.PathLike,
    bots: Sequence[Entrant],
    *,
    players: int = DEFAULTS["players"],
    games: int = DEFAULTS["games"],
    seed: int = DEFAULTS["seed"],
    tiles: str = DEFAULTS["tiles"],
    threads: int | None = None,
    progress: bool = True,
    about: str = "",
    bot_dir: str | None = None,
    shard: str | None = None,
    game: str = DEFAULTS["game"],
    options: str = "",
) -> dict[str, Any]:
    """Runs (or resumes) a tournament into folder `out`, exactly as `stadt tournament` does.

    `bots` holds bot specs (`"greedy"`, `"mcts:iters=500"`, a bot file) and Python entrants
    `(name, factory)` side by side. At the start of each game a Python entrant plays in,
    `factory(seed, player)` is called with the seed stadt derives for that seat (the one a bot's
    generator would get) and returns `act(view) -> action`; `view` is a `stadt.Game` without deck
    or history. Decks, seat rotations and files (games.csv, summary.csv, pairs.csv,
    manifest.toml, and report.html when finished) are the command line's; the manifest names a Python entrant `python:NAME`.

    `shard="K/N"` plays only shard K of N, as `stadt tournament --shard K/N`; `stadt merge` joins
    the finished shards' folders.

    `game` and `options` are `--game` and `--options` (`stadt games` lists both): `game="catan"`
    plays Catan's bots by spec (`random`, `greedy`, `mcts:iters=200`, a Catan bot file), with
    options such as `"catanatron"` or `"discard=random"`; Python entrants play Die Stadt only so far.

    Returns {"out", "played", "total", "new", "table"}. An exception raised by a Python agent ends
    the run and is raised here; Ctrl-C stops it and the same call resumes it.
    """
    bots_text = ", ".join(_describe(b) for b in bots)
    command = (
        f"python: stadt.tournament(out={os.fspath(out)!r}, bots=[{bots_text}], players={players}, "
        f"games={games}, seed={seed}, tiles={tiles!r}{'' if shard is None else f', shard={shard!r}'}"
        f"{'' if game == DEFAULTS['game'] else f', game={game!r}'}{f', options={options!r}' if options else ''})"
    )
    return _tournament(
        os.fspath(out),
        list(bots),
        players,
        games,
        seed,
        tiles,
        shard=shard,
        game=game,
        options=options,
        **_run_options(threads, progress, about, command, bot_dir),
    )


def sprt(
    out: str | os.PathLike,
    bot: Entrant,
    against: Entrant,
    elo0: float,
    elo1: float,
    *,
    alpha: float = DEFAULTS["alpha"],
    beta: float = DEFAULTS["beta"],
    players: int = DEFAULTS["players"],
    seed: int = DEFAULTS["seed"],
    max_games: int = DEFAULTS["max_games"],
    tiles: str = DEFAULTS["tiles"],
    threads: int | None = None,
    progress: bool = True,
    about: str = "",
    bot_dir: str | None = None,
    game: str = DEFAULTS["game"],
    options: str = "",
) -> dict[str, Any]:
    """Runs (or resumes) a sequential test into folder `out`, exactly as `stadt sprt` does.

    `bot` (the bot under test) and `against` (its baseline, in every other seat) are bot specs or
    Python entrants `(name, factory)`, as in `tournament`. Units (one deck in every seat rotation)
    are folded into the log-likelihood ratio in schedule order until it crosses a bound (H1: the
    bot is at least `elo1` stronger; H0: at most `elo0`) or `max_games` are played. The files
    (sprt.csv, games.csv, manifest.toml, report.html) are the command line's. `game` and
    `options` are as in `tournament`.

    Returns {"out", "verdict" ("H1", "H0" or "continue"), "units", "games", "new", "llr", "lower",
    "upper", "elo" ((estimate, low, high) or None; an end is inf or -inf where it is unbounded, as
    when every unit scored the same), "summary"}. An exception raised by a Python
    agent ends the run and is raised here; Ctrl-C stops it and the same call resumes it.
    """
    command = (
        f"python: stadt.sprt(out={os.fspath(out)!r}, bot={_describe(bot)}, against={_describe(against)}, "
        f"elo0={elo0}, elo1={elo1}, alpha={alpha}, beta={beta}, players={players}, seed={seed}, "
        f"max_games={max_games}, tiles={tiles!r}"
        f"{'' if game == DEFAULTS['game'] else f', game={game!r}'}{f', options={options!r}' if options else ''})"
    )
    return _sprt(
        os.fspath(out),
        bot,
        against,
        elo0,
        elo1,
        alpha,
        beta,
        players,
        seed,
        max_games,
        tiles,
        game=game,
        options=options,
        **_run_options(threads, progress, about, command, bot_dir),
    )
