#!/usr/bin/env python3
"""What the club's house rules change in Städte und Ritter, for the bots (issue knights, item 6).

Reads the games.csv of two tournament folders played on the same decks, seatings and seeds, one
under the official rules and one under `house=cuxtan` (experiments/knights-official.toml and
experiments/knights-cuxtan.toml), and prints, under each rule set and as the paired difference,
with 95% intervals over decks (a deck's seatings are one unit, as the tournament's own intervals):

- game length: turns played;
- the barbarians: attacks per game, the share of attacks they won;
- cities lost to them per game, and cities removed from the board entirely (H11), and the share
  of games where that happened;
- the share of all points scored that came from metropolises;
- how often the turn limit ended a game without a winner.

Standard library only.

    python3 experiments/knights_study.py results/knights-official results/knights-cuxtan
"""

import csv
import math
import statistics
import sys
from collections import defaultdict
from pathlib import Path


def games(folder: Path) -> dict[str, list[dict[str, str]]]:
    """The rows of each game, by game id."""
    out: dict[str, list[dict[str, str]]] = defaultdict(list)
    with open(folder / "games.csv", newline="") as f:
        for row in csv.DictReader(f):
            out[row["game"]].append(row)
    return out


def measures(rows: list[dict[str, str]]) -> dict[str, float]:
    """One game's measures (per-game columns are the same on every seat's row)."""
    first = rows[0]
    attacks = int(first["attacks"])
    won = int(first["barbarians_won"])
    scores = sum(int(r["score"]) for r in rows)
    return {
        "turns": int(first["turns"]),
        "attacks": attacks,
        "barbarians_won": won,
        "cities_lost": sum(int(r["cities_lost"]) for r in rows),
        "cities_removed": sum(int(r["cities_removed"]) for r in rows),
        "removed_any": 1.0 if any(int(r["cities_removed"]) > 0 for r in rows) else 0.0,
        "metropolis_points": sum(int(r["metropolises"]) for r in rows),
        "points": scores,
        # The turn limit (1000, C39) ends a game without a winner.
        "no_winner": 1.0 if int(first["turns"]) >= 1000 else 0.0,
    }


def by_deck(folder: Path) -> dict[str, list[dict[str, float]]]:
    """Each deck's games' measures."""
    out: dict[str, list[dict[str, float]]] = defaultdict(list)
    for rows in games(folder).values():
        out[rows[0]["deck"]].append(measures(rows))
    return out


def ratio(decks: dict[str, list[dict[str, float]]], num: str, den: str, keys: list[str]) -> list[float]:
    """A ratio of sums per deck unit (the deck's games pooled), for `keys` decks."""
    return [sum(g[num] for g in decks[k]) / max(1.0, sum(g[den] for g in decks[k])) for k in keys]


def mean(decks: dict[str, list[dict[str, float]]], name: str, keys: list[str]) -> list[float]:
    """A per-game mean per deck unit."""
    return [statistics.fmean(g[name] for g in decks[k]) for k in keys]


def interval(values: list[float]) -> str:
    m = statistics.fmean(values)
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return f"{m:.3f} [{m - 1.96 * se:.3f}, {m + 1.96 * se:.3f}]"


def study(official: Path, cuxtan: Path) -> str:
    a, b = by_deck(official), by_deck(cuxtan)
    keys = sorted(set(a) & set(b), key=int)
    if not keys:
        sys.exit("the two folders share no deck: were they played from the same seed?")
    rows = [
        ("turns per game", lambda d: mean(d, "turns", keys)),
        ("attacks per game", lambda d: mean(d, "attacks", keys)),
        ("share of attacks the barbarians won", lambda d: ratio(d, "barbarians_won", "attacks", keys)),
        ("cities lost to the barbarians per game", lambda d: mean(d, "cities_lost", keys)),
        ("cities removed entirely per game (H11)", lambda d: mean(d, "cities_removed", keys)),
        ("games where a city was removed entirely", lambda d: mean(d, "removed_any", keys)),
        ("share of points from metropolises", lambda d: ratio(d, "metropolis_points", "points", keys)),
        ("games ended by the turn limit", lambda d: mean(d, "no_winner", keys)),
    ]
    n_games = sum(len(a[k]) for k in keys)
    lines = [
        f"{official} against {cuxtan}: {len(keys)} decks, {n_games} games each",
        "",
        "| measure | official | house=cuxtan | cuxtan - official |",
        "|---|---|---|---|",
    ]
    for name, f in rows:
        x, y = f(a), f(b)
        diff = [q - p for p, q in zip(x, y, strict=True)]
        lines.append(f"| {name} | {interval(x)} | {interval(y)} | {interval(diff)} |")
    return "\n".join(lines)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    print(study(Path(sys.argv[1]), Path(sys.argv[2])))
