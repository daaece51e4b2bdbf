#!/usr/bin/env python3
"""Two bots' results on the same decks, paired deck by deck: did one variant's scaling step gain more?

Reads the games.csv of two 2-player tournament folders played on the same seed (standard library
only), so that their decks (matched by deck index and deck seed) are the same games, and prints,
for bot A in folder A and bot B in folder B, over the decks both folders played: the number of
shared decks, each bot's win rate there (ties half) and mean margin, and the mean difference A - B
of the win rate and of the margin per deck with its 95% interval (normal, standard error over the
shared decks: a deck's seatings are one unit, as in summary.csv).

    python3 experiments/paired_steps.py 'lmcts:iters=16000,reward=mix' results/lmcts-mix-scaling-4k-16k \
        lmcts:iters=16000 results/lmcts-scaling-4k-16k
"""

import csv
import math
import statistics
import sys
from collections import defaultdict
from pathlib import Path

Z = 1.959963984540054

# A deck's games of one bot: (win share, margin) per game.
Decks = dict[tuple[str, str], list[tuple[float, float]]]


def decks(bot: str, folder: Path) -> Decks:
    out: Decks = defaultdict(list)
    with open(folder / "games.csv", newline="") as f:
        for row in csv.DictReader(f):
            if row["bot"] == bot:
                out[(row["deck"], row["deck_seed"])].append((float(row["win_share"]), float(row["margin"])))
    if not out:
        raise SystemExit(f"{folder}/games.csv: no games of {bot!r}")
    return out


def interval(diffs: list[float], scale: float) -> str:
    mean = statistics.fmean(diffs)
    half = Z * statistics.stdev(diffs) / math.sqrt(len(diffs))
    return f"{scale * mean:+.1f} [{scale * (mean - half):+.1f}, {scale * (mean + half):+.1f}]"


def compare(bot_a: str, folder_a: Path, bot_b: str, folder_b: Path) -> str:
    a, b = decks(bot_a, folder_a), decks(bot_b, folder_b)
    shared = sorted((k for k in a if k in b), key=lambda k: int(k[0]))
    if len(shared) < 2:
        raise SystemExit(f"{folder_a} and {folder_b} share {len(shared)} decks; need 2 or more (same seed?)")

    def per_deck(games: Decks, column: int) -> list[float]:
        return [statistics.fmean(g[column] for g in games[k]) for k in shared]

    wins_a, wins_b = per_deck(a, 0), per_deck(b, 0)
    margins_a, margins_b = per_deck(a, 1), per_deck(b, 1)
    return (
        f"{len(shared)} shared decks; {bot_a} wins {100 * statistics.fmean(wins_a):.1f}%, "
        f"margin {statistics.fmean(margins_a):+.1f}; {bot_b} wins {100 * statistics.fmean(wins_b):.1f}%, "
        f"margin {statistics.fmean(margins_b):+.1f}; "
        f"A - B win rate {interval([x - y for x, y in zip(wins_a, wins_b, strict=True)], 100)} points, "
        f"margin {interval([x - y for x, y in zip(margins_a, margins_b, strict=True)], 1)}"
    )


def main(args: list[str]) -> None:
    if len(args) != 4:
        raise SystemExit("usage: paired_steps.py BOT_A FOLDER_A BOT_B FOLDER_B")
    print(compare(args[0], Path(args[1]), args[2], Path(args[3])))


if __name__ == "__main__":
    main(sys.argv[1:])
