#!/usr/bin/env python3
"""What a scaling step's win rate asks for in points: the mean and spread of one bot's margins.

Reads the games.csv of 2-player tournament folders (standard library only) and prints, per
folder, for the bot named: its games, win rate (ties half), mean margin to the opponent and the
margins' standard deviation over games; the win rate a normal spread of margins with that mean
and deviation gives; and the mean margin that spread would need for a 60% win rate.

    python3 experiments/margin_spread.py lmcts:iters=4000 results/lmcts-scaling-1k-4k
"""

import csv
import statistics
import sys
from pathlib import Path

TARGET = 0.60


def describe(bot: str, folder: Path) -> str:
    with open(folder / "games.csv", newline="") as f:
        rows = [row for row in csv.DictReader(f) if row["bot"] == bot]
    if len(rows) < 2:
        raise SystemExit(f"{folder}/games.csv: {len(rows)} games of {bot!r}; need 2 or more")
    margins = [float(r["margin"]) for r in rows]
    wins = statistics.fmean(float(r["win_share"]) for r in rows)
    mean, sd = statistics.fmean(margins), statistics.stdev(margins)
    normal = statistics.NormalDist()
    return (
        f"{folder}: {bot}, {len(rows)} games, wins {100 * wins:.2f}%, margin {mean:+.1f}, sd {sd:.1f}; "
        f"normal model {100 * normal.cdf(mean / sd):.1f}%, {100 * TARGET:.0f}% needs {normal.inv_cdf(TARGET) * sd:+.1f}"
    )


def main(args: list[str]) -> None:
    if len(args) < 2:
        raise SystemExit("usage: margin_spread.py BOT FOLDER [BOT FOLDER ...]")
    if len(args) % 2:
        raise SystemExit("give a bot label and a folder for each folder")
    for bot, folder in zip(args[::2], args[1::2], strict=True):
        print(describe(bot, Path(folder)))


if __name__ == "__main__":
    main(sys.argv[1:])
