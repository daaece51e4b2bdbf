#!/usr/bin/env python3
"""How long games last: tiles placed, wall pieces built and which R23 condition ended them.

Reads the games.csv of one or more tournament folders (standard library only) and prints, per
folder, the distribution of the per-game columns `tiles_placed`, `wall_pieces` and `ended_by`,
and how many games ended before tile 70 with fewer than 20 wall pieces (the early closing that a
corner-pinched pocket allowed before R15 was settled).

    python3 experiments/game_lengths.py results/self-play-greedy results/self-play-steerer
"""

import csv
import statistics
import sys
from collections import Counter
from pathlib import Path


def games(folder: Path) -> list[dict[str, str]]:
    """One row per game (the first seat's row carries the per-game columns)."""
    with open(folder / "games.csv", newline="") as f:
        return [row for row in csv.DictReader(f) if row["seat"] == "1"]


def quantiles(values: list[int]) -> str:
    q = statistics.quantiles(values, n=20, method="inclusive")
    return f"min {min(values)}, 5% {q[0]:g}, median {statistics.median(values):g}, 95% {q[18]:g}, max {max(values)}"


def describe(folder: Path) -> str:
    rows = games(folder)
    tiles = [int(r["tiles_placed"]) for r in rows]
    pieces = [int(r["wall_pieces"]) for r in rows]
    ended = Counter(r["ended_by"] for r in rows)
    early = sum(1 for t, p in zip(tiles, pieces, strict=True) if t < 70 and p < 20)
    lines = [
        f"{folder}: {len(rows)} games",
        f"  tiles placed: {quantiles(tiles)}",
        f"  wall pieces built: {quantiles(pieces)}",
        "  ended by: " + ", ".join(f"{k} {ended[k]}" for k in ("R23a", "R23b", "R23c")),
        f"  ended before tile 70 with fewer than 20 wall pieces: {early}",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    print("\n".join(describe(Path(a)) for a in sys.argv[1:]))
