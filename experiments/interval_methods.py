#!/usr/bin/env python3
"""How much respecting duplicate decks changes the intervals of a tournament folder.

For every bot in a folder's games.csv (standard library only), prints the 95% win-rate interval
two ways: the plain Wilson interval that treats every game as independent, and the deck-unit
interval that summary.csv reports (Wilson with the effective number of games p(1-p)/SE^2, SE over
deck units: every seat rotation of one deck for one combination of bots); and the standard error
of the mean margin both ways.

    python3 experiments/interval_methods.py results/steerer-vs-greedy results/four-bots
"""

import csv
import math
import sys
from collections import defaultdict
from pathlib import Path

Z = 1.959963984540054


def wilson(successes: float, n: float) -> tuple[float, float]:
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + Z * Z / n
    centre = (p + Z * Z / (2 * n)) / denom
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def cluster_se(units: list[tuple[float, int]]) -> tuple[float, float]:
    """Mean over all values and its standard error over clusters: (sum, count) per cluster."""
    n = sum(c for _, c in units)
    mean = sum(s for s, _ in units) / n
    k = len(units)
    if k < 2:
        return mean, 0.0
    ss = sum((s - mean * c) ** 2 for s, c in units)
    return mean, math.sqrt(k / (k - 1) * ss) / n


def plain_se(values: list[float]) -> float:
    n = len(values)
    mean = sum(values) / n
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n) if n > 1 else 0.0


def describe(folder: Path) -> str:
    with open(folder / "games.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    out = [
        f"{folder}:",
        f"  {'bot':<18} {'games':>5} {'decks':>5}  {'win rate':>8}  {'independent games':>17}  {'deck units':>15}  {'margin se: games':>16}  {'deck units':>10}",
    ]
    for bot in dict.fromkeys(r["bot"] for r in rows):
        mine = [r for r in rows if r["bot"] == bot]
        wins = defaultdict(lambda: [0.0, 0])
        margins = defaultdict(lambda: [0.0, 0])
        for r in mine:
            unit = (r["deck"], r["combination"])
            wins[unit][0] += float(r["win_share"])
            wins[unit][1] += 1
            margins[unit][0] += float(r["margin"])
            margins[unit][1] += 1
        n = len(mine)
        p, se = cluster_se([tuple(v) for v in wins.values()])
        if p <= 0 or p >= 1:
            n_eff = len(wins)
        elif se > 0:
            n_eff = p * (1 - p) / (se * se)
        else:
            n_eff = n
        naive = wilson(p * n, n)
        units = wilson(p * n_eff, n_eff)
        _, m_se = cluster_se([tuple(v) for v in margins.values()])
        out.append(
            f"  {bot:<18} {n:>5} {len(wins):>5}  {100 * p:>7.1f}%  [{100 * naive[0]:5.1f}, {100 * naive[1]:5.1f}]     "
            f"  [{100 * units[0]:5.1f}, {100 * units[1]:5.1f}]  {plain_se([float(r['margin']) for r in mine]):>16.2f}  {m_se:>10.2f}"
        )
    return "\n".join(out)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    print("\n".join(describe(Path(a)) for a in sys.argv[1:]))
