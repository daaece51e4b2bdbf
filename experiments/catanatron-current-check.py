"""stadt's random bot in one seat of games in the current Catanatron's own loop (issue 59): every
decision of stadt's seat goes through `bots/catanatron/stadt_player.py` and `stadt
serve-catanatron`, which follows the game under the readings `readings()` detects (`catanatron3_3`
for 3.3.0) and stops at the first difference: a logged action illegal in stadt, its legal moves
other than Catanatron's playable actions, or its state other than Catanatron's. The other seats
are Catanatron's random and weighted-random players (half the games each), 2, 3 and 4 players in
turn, stadt's seat moving round the table.

Prints one line, `check: games=.. won=.. decisions=.. actions=.. stopped=..`, then the first
stopped game of each kind of difference; exits 1 when a game stopped.

Usage (experiments/catanatron-current.sh runs it with the current source importable):
    PYTHONPATH=CHECKOUT/catanatron python3 experiments/catanatron-current-check.py GAMES [SEED [BOT]]
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from catanatron.game import Game
from catanatron.models.player import Color, RandomPlayer
from catanatron.players.weighted_random import WeightedRandomPlayer

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bots" / "catanatron"))
from stadt_player import StadtError, StadtPlayer, log, readings  # noqa: E402

COLORS = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]


def main() -> int:
    if len(sys.argv) < 2 or not sys.argv[1].isdigit() or (len(sys.argv) > 2 and not sys.argv[2].isdigit()):
        print(__doc__.split("\n\n")[-1], file=sys.stderr)
        return 2
    games, first = int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 1
    bot = sys.argv[3] if len(sys.argv) > 3 else "random"
    kinds: Counter[str] = Counter()
    examples: dict[str, str] = {}
    won = decisions = actions = 0
    for seed in range(first, first + games):
        players = 2 + seed % 3
        opponent = RandomPlayer if (seed // 3) % 2 else WeightedRandomPlayer
        others = [opponent(c) for c in COLORS[1:players]]
        seat = seed % players
        with StadtPlayer(COLORS[0], bot=bot) as me:
            game = Game(others[:seat] + [me] + others[seat:], seed=seed)
            try:
                # The playable actions in one fixed order (some come from sets whose order changes
                # from run to run), so that a seed gives the same game on every run.
                winner = game.play(decide_fn=lambda p, g, a: p.decide(g, sorted(a, key=repr)))
                won += winner is not None
            except StadtError as e:
                why = str(e)
                kind = why.split(": ", 2)[1][:60] if why.count(": ") >= 2 else why[:60]
                kinds[kind] += 1
                examples.setdefault(kind, f"seed {seed} ({players} players): {why[:2000]}")
            decisions += len(me.decision_ms)
            actions += len(log(game))
    stopped = sum(kinds.values())
    print(f"check {readings()}: games={games} won={won} decisions={decisions} actions={actions} stopped={stopped}")
    for kind, n in kinds.items():
        print(f"{n} stopped ({kind}); first: {examples[kind]}")
    return 1 if stopped else 0


if __name__ == "__main__":
    sys.exit(main())
