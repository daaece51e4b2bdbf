"""stadt's Catan bots as a player in Catanatron's own game loop (issue 41, item 5).

`StadtPlayer(color, bot="greedy")` is a Catanatron `Player`: at each of its decisions it sends
`stadt serve-catanatron --bot BOT` (one program per player, started at its first decision) the
actions Catanatron logged since its last decision, each with its chance outcome, and the playable
actions; stadt follows the game in its own engine under Catanatron's readings and answers with the
index of its bot's choice. The bot decides from what its seat sees (stadt's C41 observation): the
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

from catanatron.models.player import Color, Player

REPO = Path(__file__).resolve().parents[2]


class StadtError(RuntimeError):
    """stadt refused a message or could not answer (its message says which line and why)."""


def _value(v: Any, colors: list[Color]) -> Any:
    """An action's value as JSON: colors as seat numbers, tuples as lists."""
    if isinstance(v, Color):
        return colors.index(v)
    if isinstance(v, (tuple, list)):
        return [_value(x, colors) for x in v]
    return v


def action_json(a: Any, colors: list[Color]) -> list[Any]:
    """A Catanatron action as `[seat, type, value]`, seats 0-based in the game's seating."""
    return [colors.index(a.color), a.action_type.value, _value(a.value, colors)]


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
    `greedy` or `mcts:iters=200`); `seed` and the game's seed seed the bot."""

    def __init__(self, color: Color, bot: str = "greedy", program: str | None = None, seed: int = 0):
        super().__init__(color)
        self.bot, self.program, self.seed = bot, program or default_program(), seed
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
        log = game.state.actions
        if self._game != game.id or len(log) < self._sent or self._proc is None:
            self._ask(
                {
                    "type": "new_game",
                    "seat": colors.index(self.color),
                    "players": len(colors),
                    "seed": (self.seed * 1_000_003 + game.seed) % 2**64,
                    "board": board_json(game),
                }
            )
            self._game, self._sent, self.decision_ms = game.id, 0, []
        playable = list(playable_actions)
        reply = self._ask(
            {
                "type": "decide",
                "actions": [action_json(a, colors) for a in log[self._sent :]],
                "playable": [action_json(a, colors) for a in playable],
            }
        )
        self._sent = len(log)
        self.decision_ms.append(float(reply["ms"]))
        return playable[int(reply["index"])]
