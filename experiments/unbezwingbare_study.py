#!/usr/bin/env python3
"""A first study of Die Unbezwingbare Stadt (issue 58): the variants and the seats, from the bots' games.

Reads the games.csv of tournament folders (experiments/unbezwingbare-*.toml) and prints markdown
tables, with 95% intervals over decks (a deck's seatings are one unit, as the tournament's own
intervals are):

    python3 experiments/unbezwingbare_study.py above FOLDER BOT
    python3 experiments/unbezwingbare_study.py ladder FOLDER...
    python3 experiments/unbezwingbare_study.py variants BASE STRATEGIC
    python3 experiments/unbezwingbare_study.py seats FOLDER...

`above`: how often BOT finishes above the other seats of its games, pooled over all of them (a
game gives each pair 1, a half for a tie, or 0, and its pairs' mean is the game's figure), with
the interval over decks: issue 58's "above greedy in paired games" for a bot against three
greedy seats, whose three pairs pairs.csv gives one by one.

`ladder`: each folder's bots (a tournament of different bots at one player count): the share of
games each wins with its interval, its mean points, its milliseconds a decision, and how often it
finishes above each bot below it (the tournament's pairs.csv: a finishes above b, ties half; the
game ranks the winner first and every other seat second, so this is about wins).

`variants`: two folders played on the same decks, seatings and seed, one under the base rules and
one under `variant=strategic` (or another variant, `last_round=complete`); per game: its length (turns begun, and rounds), the winner's points,
why it ended (the `end` column: `target`, U2; `complete_round`, U60; `last_area`, U3;
`turn_limit`, U75), isolation
(U67: the areas taken so, the games where any was, the games the winner took one in, and the games
it *decided*: the winner's lead over the runner-up no larger than the value of the buildings it
took by isolation, so that without them it would not have been ahead on points), and the great
powers (U70-U72: the games where any was held at the end, the games the winner held one in, and
the games they *decided*: the winner not strictly first on building points alone). Both
"decided" measures look at the final points only; what isolation or a great power's income
changed earlier in the game is not counted.

`seats`: each folder's win share by seat (seat 1 is the start player and moves first, U25; the
last seat chooses its start area first, U27), with what par would be (1 / players).

Standard library only.
"""

import csv
import math
import statistics
import sys
from collections import defaultdict
from pathlib import Path

Rows = list[dict[str, str]]


def games(folder: Path, study_columns: bool = True) -> dict[str, Rows]:
    """The rows of each game, by game id; with `study_columns`, refused without the study's columns."""
    out: dict[str, Rows] = defaultdict(list)
    with open(folder / "games.csv", newline="") as f:
        for row in csv.DictReader(f):
            out[row["game"]].append(row)
    if not out:
        sys.exit(f"{folder}/games.csv holds no game")
    for need in ("isolated", "isolated_points", "turns", "end") if study_columns else ():
        if need not in next(iter(out.values()))[0]:
            sys.exit(f"{folder}/games.csv has no `{need}` column: was it played by a build before the study's columns?")
    return out


def points(r: dict[str, str]) -> int:
    return int(r["buildings"]) + int(r["great_powers"])


def measures(rows: Rows) -> dict[str, float]:
    """One game's measures (`turns` and `end` are the same on every seat's row)."""
    first = rows[0]
    ranked = sorted(rows, key=lambda r: float(r["win_share"]), reverse=True)
    winner = ranked[0]
    others = [points(r) for r in rows if r is not winner]
    lead = points(winner) - max(others)
    beaten_on_buildings = any(int(r["buildings"]) >= int(winner["buildings"]) for r in rows if r is not winner)
    isolated = sum(int(r["isolated"]) for r in rows)
    return {
        "turns": int(first["turns"]),
        "rounds": int(first["turns"]) / len(rows),
        "winner_points": points(winner),
        "all_points": statistics.fmean(points(r) for r in rows),
        "shared": 1.0 if float(winner["win_share"]) < 1.0 else 0.0,
        "end_target": 1.0 if first["end"] == "target" else 0.0,
        "end_complete_round": 1.0 if first["end"] == "complete_round" else 0.0,
        "end_last_area": 1.0 if first["end"] == "last_area" else 0.0,
        "end_turn_limit": 1.0 if first["end"] == "turn_limit" else 0.0,
        "isolations": isolated,
        "isolation_any": 1.0 if isolated > 0 else 0.0,
        "isolation_winner": 1.0 if int(winner["isolated"]) > 0 else 0.0,
        "isolation_decided": 1.0 if int(winner["isolated"]) > 0 and lead <= int(winner["isolated_points"]) else 0.0,
        "great_any": 1.0 if any(int(r["great_powers"]) > 0 for r in rows) else 0.0,
        "great_winner": 1.0 if int(winner["great_powers"]) > 0 else 0.0,
        "great_decided": 1.0 if int(winner["great_powers"]) > 0 and beaten_on_buildings else 0.0,
    }


def by_deck(folder: Path) -> dict[str, list[dict[str, float]]]:
    """Each deck's games' measures."""
    out: dict[str, list[dict[str, float]]] = defaultdict(list)
    for rows in games(folder).values():
        out[rows[0]["deck"]].append(measures(rows))
    return out


def interval(values: list[float], digits: int = 3) -> str:
    m = statistics.fmean(values)
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return f"{m:.{digits}f} [{m - 1.96 * se:.{digits}f}, {m + 1.96 * se:.{digits}f}]"


MEASURES = [
    ("turns per game", "turns", 1),
    ("rounds per game", "rounds", 1),
    ("the winner's points", "winner_points", 1),
    ("points per seat", "all_points", 1),
    ("games with a shared win (U4)", "shared", 3),
    ("games ended by the target (U2)", "end_target", 3),
    ("games ended by the complete last round (U60)", "end_complete_round", 3),
    ("games ended by the last area (U3)", "end_last_area", 3),
    ("games ended by the turn limit (U75)", "end_turn_limit", 3),
    ("areas taken by isolation per game (U67)", "isolations", 2),
    ("games with an isolation", "isolation_any", 3),
    ("games whose winner took an area by isolation", "isolation_winner", 3),
    ("games isolation decided (by the final points)", "isolation_decided", 3),
    ("games with a great power held at the end (U70)", "great_any", 3),
    ("games whose winner held a great power", "great_winner", 3),
    ("games the great powers decided (by the final points)", "great_decided", 3),
]


def variants(base: Path, strategic: Path) -> str:
    a, b = by_deck(base), by_deck(strategic)
    keys = sorted(set(a) & set(b), key=int)
    if not keys:
        sys.exit("the two folders share no deck: were they played from the same seed?")
    n_games = sum(len(a[k]) for k in keys)
    lines = [
        f"{base} against {strategic}: {len(keys)} decks, {n_games} games each",
        "",
        f"| measure | {base.name} | {strategic.name} | {strategic.name} - {base.name} |",
        "|---|---|---|---|",
    ]
    for name, key, digits in MEASURES:
        x = [statistics.fmean(g[key] for g in a[k]) for k in keys]
        y = [statistics.fmean(g[key] for g in b[k]) for k in keys]
        diff = [q - p for p, q in zip(x, y, strict=True)]
        lines.append(f"| {name} | {interval(x, digits)} | {interval(y, digits)} | {interval(diff, digits)} |")
    return "\n".join(lines)


def above(folder: Path, bot: str) -> str:
    per_deck: dict[str, list[float]] = defaultdict(list)
    played = games(folder, study_columns=False)
    for rows in played.values():
        mine = [r for r in rows if r["bot"] == bot]
        if len(mine) != 1:
            sys.exit(f"{folder}: game {rows[0]['game']} has {len(mine)} seats of `{bot}`, not one")
        me = int(mine[0]["rank"])
        pairs = [1.0 if me < int(r["rank"]) else 0.5 if me == int(r["rank"]) else 0.0 for r in rows if r is not mine[0]]
        per_deck[rows[0]["deck"]].append(statistics.fmean(pairs))
    decks = [statistics.fmean(v) for v in per_deck.values()]
    return f"{folder}: {bot} above the other seats, pooled: {interval(decks, 4)} over {len(decks)} decks, {len(played)} games"


def ladder(folders: list[Path]) -> str:
    lines = []
    for folder in folders:
        with open(folder / "summary.csv", newline="") as f:
            bots = list(csv.DictReader(f))
        with open(folder / "pairs.csv", newline="") as f:
            pairs = {(r["bot_a"], r["bot_b"]): r for r in csv.DictReader(f)}
        ms: dict[str, list[float]] = defaultdict(list)
        played = games(folder, study_columns=False)
        for rows in played.values():
            for r in rows:
                ms[r["bot"]].append(float(r["decision_ms"]))
        players = len(next(iter(played.values())))
        bots.sort(key=lambda b: float(b["win_rate"]), reverse=True)
        names = [b["bot"] for b in bots]
        lines += [
            f"{folder}: {bots[0]['games']} games, {players} players (par {1 / players:.3f})",
            "",
            "| bot | wins [95% CI] | points | ms a decision | " + " | ".join(f"above {n}" for n in names[1:]) + " |",
            "|---" * (4 + len(names) - 1) + "|",
        ]
        for i, b in enumerate(bots):
            cells = []
            for other in names[1:]:
                pair = pairs.get((b["bot"], other))
                flipped = pairs.get((other, b["bot"]))
                if names.index(other) <= i:
                    cells.append("")
                elif pair:
                    cells.append(
                        f"{float(pair['a_win_rate']):.3f} [{float(pair['a_win_rate_lo95']):.3f}, {float(pair['a_win_rate_hi95']):.3f}]"
                    )
                elif flipped:
                    lo, hi = 1 - float(flipped["a_win_rate_hi95"]), 1 - float(flipped["a_win_rate_lo95"])
                    cells.append(f"{1 - float(flipped['a_win_rate']):.3f} [{lo:.3f}, {hi:.3f}]")
                else:
                    cells.append("")
            share = f"{float(b['win_rate']):.3f} [{float(b['win_rate_lo95']):.3f}, {float(b['win_rate_hi95']):.3f}]"
            points = float(b["mean_buildings"]) + float(b["mean_great_powers"])
            lines.append(
                f"| {b['bot']} | {share} | {points:.1f} | {statistics.fmean(ms[b['bot']]):.2f} | "
                + " | ".join(cells)
                + " |"
            )
        lines.append("")
    return "\n".join(lines).rstrip()


def seats(folders: list[Path]) -> str:
    lines = []
    for folder in folders:
        per_deck: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
        played = games(folder)
        players = len(next(iter(played.values())))
        for rows in played.values():
            for r in rows:
                per_deck[r["deck"]][int(r["seat"])].append(float(r["win_share"]))
        decks = sorted(per_deck, key=int)
        lines += [
            f"{folder}: {len(played)} games, {players} players, {len(decks)} decks (par {1 / players:.3f})",
            "",
            "| seat | what it does first | win share |",
            "|---|---|---|",
        ]
        for seat in range(1, players + 1):
            shares = [statistics.fmean(per_deck[d][seat]) for d in decks if per_deck[d][seat]]
            role = "moves first (U25)" if seat == 1 else "chooses its start area first (U27)" if seat == players else ""
            lines.append(f"| {seat} | {role} | {interval(shares)} |")
        lines.append("")
    return "\n".join(lines).rstrip()


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "above":
        print(above(Path(sys.argv[2]), sys.argv[3]))
    elif len(sys.argv) >= 3 and sys.argv[1] == "ladder":
        print(ladder([Path(p) for p in sys.argv[2:]]))
    elif len(sys.argv) >= 2 and sys.argv[1] == "variants" and len(sys.argv) == 4:
        print(variants(Path(sys.argv[2]), Path(sys.argv[3])))
    elif len(sys.argv) >= 3 and sys.argv[1] == "seats":
        print(seats([Path(p) for p in sys.argv[2:]]))
    else:
        sys.exit(__doc__)
