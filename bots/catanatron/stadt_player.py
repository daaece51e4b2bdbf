"""stadt's Catan bots as a player in Catanatron's own game loop (issue 41, item 5; issue 59).

`StadtPlayer(color, bot="greedy")` is a Catanatron `Player`: at each of its decisions it sends
`stadt serve-catanatron --bot BOT` (one program per player, started at its first decision) the
actions Catanatron logged since its last decision, each with its chance outcome, the playable
actions and Catanatron's state; stadt follows the game in its own engine under Catanatron's
readings, checks that its legal moves are the playable actions and its state Catanatron's, and
answers with the index of its bot's choice. It works with Catanatron 3.2.1 (PyPI; its log is
`state.actions`) and with 3.3.0 (its current source, `git clone
https://github.com/bcollazo/catanatron`; its log is `state.action_records`), whose rules differ:
`readings()` tells which from the code imported and names stadt's options for them (`catanatron`
or `catanatron3_3`, docs/catan/rules.md section 11). The bot decides from what its seat sees (stadt's C41 observation): the
others' development cards and the steals it did not take part in reach stadt's copy of the game,
never the bot. See docs/catan/README.md ("Catanatron's bots as opponents").

    from catanatron.game import Game
    from catanatron.models.player import Color
    from catanatron.players.weighted_random import WeightedRandomPlayer
    from stadt_player import StadtPlayer

    with StadtPlayer(Color.RED, bot="greedy") as me:
        winner = Game([me, WeightedRandomPlayer(Color.BLUE)], seed=1).play()

The program is `STADT` from the environment, else `stadt` on the PATH, else this repository's
`target/release/stadt`. A player follows one game at a time: a decision of another game (another
`game.id`), or of a game whose log is shorter than what it has sent, starts it afresh.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import weakref
from pathlib import Path
from typing import Any

from catanatron.models.enums import CITY, DEVELOPMENT_CARDS, RESOURCES, SETTLEMENT, ActionType
from catanatron.models.player import Color, Player
from catanatron.state import PLAYER_INITIAL_STATE
from catanatron.state_functions import player_key

REPO = Path(__file__).resolve().parents[2]


def readings() -> str:
    """stadt's options for the rules of the Catanatron imported here: `catanatron` for 3.2.1's
    (random discards, a card playable the turn it is bought, only a knight before the roll),
    `catanatron3_3` for 3.3.0's (discards card by card, `DISCARD_RESOURCE`; a card waits a turn,
    `KNIGHT_OWNED_AT_START`). A 3.3.0 source from before its card-by-card discards (March 2026)
    is refused: update the checkout (`git pull`)."""
    waits = "KNIGHT_OWNED_AT_START" in PLAYER_INITIAL_STATE
    by_card = hasattr(ActionType, "DISCARD_RESOURCE")
    if not waits and not by_card:
        return "catanatron"
    if waits and by_card:
        return "catanatron3_3"
    raise StadtError(
        "this Catanatron is neither 3.2.1 (PyPI) nor the current source (3.3.0 with discards card by card): "
        "update the checkout (git pull in a clone of https://github.com/bcollazo/catanatron)"
    )


class StadtError(RuntimeError):
    """stadt refused a message or could not answer (its message says which line and why)."""


def _value(v: Any, colors: list[Color]) -> Any:
    """An action's value as JSON: colors as seat numbers, tuples as lists."""
    if isinstance(v, Color):
        return colors.index(v)
    if isinstance(v, (tuple, list)):
        return [_value(x, colors) for x in v]
    return v


def action_json(a: Any, colors: list[Color], result: Any = None) -> list[Any]:
    """A Catanatron action as `[seat, type, value]`, seats 0-based in the game's seating, in
    3.2.1's terms: a robber's move is `[hex, victim, stolen]` (3.3.0's playable actions leave the
    card out, its records hold it as the result, given here)."""
    value = _value(a.value, colors)
    if a.action_type == ActionType.MOVE_ROBBER and len(value) == 2:
        value = [*value, result]
    return [colors.index(a.color), a.action_type.value, value]


def log(game: Any) -> list[Any]:
    """Catanatron's log of the game: 3.3.0's action records, or 3.2.1's logged actions."""
    records = getattr(game.state, "action_records", None)
    return game.state.actions if records is None else records


def logged_json(entry: Any, colors: list[Color]) -> list[Any]:
    """A log entry as `action_json` writes it, with its chance outcome: 3.2.1's actions carry it in
    their value, 3.3.0's records as their result (the dice and the card bought are in the
    recorded action's value too)."""
    if hasattr(entry, "result") and hasattr(entry, "action"):
        return action_json(entry.action, colors, entry.result)
    return action_json(entry, colors)


def playable(game: Any) -> list[Any]:
    """The actions Catanatron offers now (3.3.0 keeps them on the game, 3.2.1 on the state)."""
    actions = getattr(game, "playable_actions", None)
    return list(game.state.playable_actions if actions is None else actions)


def snapshot(state: Any) -> dict[str, Any]:
    """Everything stadt's engine must agree on (`stadt_catan::catanatron::snapshot`): per seat the
    resource cards, the development cards in hand and played (by kind: knight, year of plenty,
    monopoly, road building, victory point), the points (hidden ones included), the longest road
    and largest army cards, the road length, the settlements, cities and roads on the board, the
    pieces left; then the bank's resources and development cards (by kind), the robber, whose
    turn it is and who decides."""
    colors = state.colors
    board = state.board
    out = []
    for c in colors:
        k = player_key(state, c)
        ps = state.player_state
        nodes = {
            kind: sorted(n for n, (col, t) in board.buildings.items() if col == c and t == kind)
            for kind in (SETTLEMENT, CITY)
        }
        out.append(
            {
                "hand": [ps[f"{k}_{r}_IN_HAND"] for r in RESOURCES],
                "dev": [ps[f"{k}_{d}_IN_HAND"] for d in DEVELOPMENT_CARDS],
                "played": [ps[f"{k}_PLAYED_{d}"] for d in DEVELOPMENT_CARDS],
                "vp": ps[f"{k}_ACTUAL_VICTORY_POINTS"],
                "road": ps[f"{k}_HAS_ROAD"],
                "army": ps[f"{k}_HAS_ARMY"],
                # The board's count: the player state's copy lags (set-up roads never reach it).
                "length": board.road_lengths.get(c, 0),
                "settlements": nodes[SETTLEMENT],
                "cities": nodes[CITY],
                "roads": sorted([a, b] for (a, b), col in board.roads.items() if col == c and a < b),
                "left": [ps[f"{k}_{p}_AVAILABLE"] for p in ("ROADS", "SETTLEMENTS", "CITIES")],
            }
        )
    return {
        "players": out,
        "bank": list(state.resource_freqdeck),
        "deck": [state.development_listdeck.count(d) for d in DEVELOPMENT_CARDS],
        "robber": list(board.robber_coordinate),
        "turn": state.current_turn_index,
        "current": state.current_player_index,
    }


def diff(ours: dict[str, Any], theirs: dict[str, Any]) -> list[str]:
    """The fields two snapshots differ in, as `field` or `players[i].field`; a field only one side
    has differs too."""

    def fields(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
        return [k for k in list(a) + [k for k in b if k not in a] if a.get(k) != b.get(k)]

    out = [k for k in fields(ours, theirs) if k != "players"]
    if len(ours["players"]) != len(theirs["players"]):
        out.append("players")
    for i, (p, q) in enumerate(zip(ours["players"], theirs["players"], strict=False)):
        out += [f"players[{i}].{k}" for k in fields(p, q)]
    return out


def board_json(game: Any) -> dict[str, list[Any]]:
    """The board as stadt reads Catanatron's map: tiles and ports in id order."""
    m = game.state.board.map
    tiles = sorted(m.tiles_by_id.values(), key=lambda t: t.id)
    return {
        "terrain": [t.resource for t in tiles],
        "numbers": [t.number or 0 for t in tiles],
        "coords": [list(c) for c, t in sorted(m.land_tiles.items(), key=lambda kv: kv[1].id)],
        "ports": [p.resource for p in sorted(m.ports_by_id.values(), key=lambda p: p.id)],
    }


def default_program() -> str:
    """`STADT`, else `stadt` on the PATH, else this repository's release build."""
    return os.environ.get("STADT") or shutil.which("stadt") or str(REPO / "target" / "release" / "stadt")


def _stop(proc: subprocess.Popen[str]) -> None:
    """Ends the program: `quit`, then a kill if it has not exited within 5 s."""
    if proc.poll() is not None:
        return
    try:
        assert proc.stdin is not None
        proc.stdin.write('{"type": "quit"}\n')
        proc.stdin.close()
        proc.wait(timeout=5)
    except (OSError, subprocess.TimeoutExpired, ValueError):
        proc.kill()
        proc.wait()


class StadtPlayer(Player):
    """A Catanatron player whose decisions a stadt Catan bot takes (`bot`: a stadt bot spec such as
    `greedy` or `mcts:iters=200`); `seed` and the game's seed seed the bot. `options`: stadt's
    options for the game (default `readings()`, the imported Catanatron's); `check`: stadt
    compares its legal moves and state with Catanatron's at every decision (on by default)."""

    def __init__(
        self,
        color: Color,
        bot: str = "greedy",
        program: str | None = None,
        seed: int = 0,
        options: str | None = None,
        check: bool = True,
    ):
        super().__init__(color)
        self.bot, self.program, self.seed = bot, program or default_program(), seed
        self.options = readings() if options is None else options
        self.check = check
        self.decision_ms: list[float] = []
        self._proc: subprocess.Popen[str] | None = None
        self._game: str | None = None
        self._sent = 0

    def __repr__(self) -> str:
        return f"StadtPlayer({self.bot}):{self.color.value}"

    def __enter__(self) -> StadtPlayer:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        """Ends stadt's program (the next decision starts another)."""
        if self._proc is not None:
            _stop(self._proc)
            self._proc = None
            self._game = None

    def _ask(self, msg: dict[str, Any]) -> dict[str, Any]:
        if self._proc is None or self._proc.poll() is not None:
            self._proc = subprocess.Popen(
                [self.program, "serve-catanatron", "--bot", self.bot],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                # stadt writes to stderr only when it stops on an error (then read here).
                stderr=subprocess.PIPE,
                text=True,
                bufsize=1,
            )
            # The program ends with the player, or with the interpreter.
            weakref.finalize(self, _stop, self._proc)
            self._game = None
            if msg["type"] != "new_game":
                raise StadtError("stadt's program had ended; the game cannot be followed")
        assert self._proc.stdin is not None and self._proc.stdout is not None
        try:
            self._proc.stdin.write(json.dumps(msg, separators=(",", ":")) + "\n")
            self._proc.stdin.flush()
        except BrokenPipeError:
            pass  # stadt has stopped: its last line says why
        line = self._proc.stdout.readline()
        if not line:
            code = self._proc.wait()
            why = self._proc.stderr.read().strip() if self._proc.stderr else ""
            self._proc = None
            raise StadtError(f"{self.program} serve-catanatron ended without an answer (exit {code}): {why}")
        reply: dict[str, Any] = json.loads(line)
        if reply.get("type") == "error":
            self.close()
            raise StadtError(reply.get("message", line))
        return reply

    def decide(self, game: Any, playable_actions: Any) -> Any:
        colors = list(game.state.colors)
        logged = log(game)
        if self._game != game.id or len(logged) < self._sent or self._proc is None:
            self._ask(
                {
                    "type": "new_game",
                    "seat": colors.index(self.color),
                    "players": len(colors),
                    "seed": (self.seed * 1_000_003 + game.seed) % 2**64,
                    "board": board_json(game),
                    "options": self.options,
                }
            )
            self._game, self._sent, self.decision_ms = game.id, 0, []
        playable = list(playable_actions)
        msg: dict[str, Any] = {
            "type": "decide",
            "actions": [logged_json(a, colors) for a in logged[self._sent :]],
            "playable": [action_json(a, colors) for a in playable],
        }
        if self.check:
            msg["state"] = snapshot(game.state)
        reply = self._ask(msg)
        self._sent = len(logged)
        self.decision_ms.append(float(reply["ms"]))
        return playable[int(reply["index"])]
