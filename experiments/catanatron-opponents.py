"""stadt's Catan bots against the bots Catanatron's PyPI package ships, in Catanatron's own game
loop (issue 41, item 5; docs/catan/README.md).

Each stadt bot (`--bots`) plays `--games` games against each opponent, WeightedRandomPlayer and
VictoryPointPlayer, one against one and in 4-player games (three of the opponent), through
`bots/catanatron/stadt_player.py`. Games come in deals: one Catanatron seed (its board and its
random numbers) played once per seating, stadt's player first in Catanatron's list, then second,
..., so stadt sits in every seat of every board (Catanatron shuffles the seating from the seed).
The opponents choose from the playable actions in a fixed order, so a seed gives the same game on
every run.

Writes OUT/games.csv (a row per game: bot, opponent, players, deal, seating, stadt's seat, the
winner, stadt's and the best opponent's points, turns, stadt's decisions and its bot's time) and,
at the end, OUT/summary.csv (per bot, opponent and player count: games, wins, the win rate with
its 95% Wilson interval, games cut at Catanatron's turn limit, the bot's mean and largest time a
decision) and OUT/manifest.json (the settings, Catanatron's version, stadt's build). Rerunning the
same command resumes: finished games are kept, and a run with other settings is refused.

Usage (from the repository root, after ./test has built stadt and target/py-venv):
    target/py-venv/bin/python experiments/catanatron-opponents.py [--bots greedy,random]
        [--games 400] [--seed 1] [--out results/catanatron-opponents] [--stadt PATH]
"""

from __future__ import annotations

import argparse
import csv
import importlib.metadata
import json
import math
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from catanatron.game import Game
from catanatron.models.player import Color
from catanatron.players.search import VictoryPointPlayer
from catanatron.players.weighted_random import WeightedRandomPlayer
from catanatron.state_functions import player_key

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bots" / "catanatron"))
from stadt_player import StadtPlayer, default_program  # noqa: E402

OPPONENTS = {"weighted-random": WeightedRandomPlayer, "victory-point": VictoryPointPlayer}
COLORS = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
COLUMNS = [
    "bot",
    "opponent",
    "players",
    "deal",
    "seating",
    "stadt_seat",
    "winner",
    "stadt_points",
    "best_opponent_points",
    "turns",
    "decisions",
    "mean_ms",
    "max_ms",
    "seconds",
]


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def points(game: Game, color: Color) -> int:
    return int(game.state.player_state[f"{player_key(game.state, color)}_ACTUAL_VICTORY_POINTS"])


def play(me: StadtPlayer, opponent: str, players: int, deal: int, seating: int) -> dict[str, Any]:
    """One game: stadt's player at `seating` in Catanatron's list, the opponents in the others."""
    others = [OPPONENTS[opponent](c) for c in COLORS[1:players]]
    me.color = COLORS[0]
    listed = others[:seating] + [me] + others[seating:]
    start = time.perf_counter()
    game = Game(listed, seed=deal)
    # A fixed order of the playable actions: Catanatron builds some from sets whose order changes
    # from run to run, and its players' choices depend on the order (their distribution does not).
    winner = game.play(decide_fn=lambda player, g, actions: player.decide(g, sorted(actions, key=repr)))
    ms = me.decision_ms or [0.0]
    return {
        "stadt_seat": list(game.state.colors).index(me.color) + 1,
        "winner": "none" if winner is None else "stadt" if winner == me.color else "opponent",
        "stadt_points": points(game, me.color),
        "best_opponent_points": max(points(game, o.color) for o in others),
        "turns": game.state.num_turns,
        "decisions": len(me.decision_ms),
        "mean_ms": round(sum(ms) / len(ms), 4),
        "max_ms": round(max(ms), 4),
        "seconds": round(time.perf_counter() - start, 3),
    }


def build() -> str:
    try:
        out = subprocess.run(["git", "describe", "--always", "--dirty", "--abbrev=7"], cwd=REPO, capture_output=True)
        return out.stdout.decode().strip() or "unknown"
    except OSError:
        return "unknown"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", default="greedy,random", help="stadt's Catan bots, comma-separated")
    ap.add_argument("--games", type=int, default=400, help="games per bot, opponent and player count")
    ap.add_argument("--seed", type=int, default=1, help="the first deal's Catanatron seed")
    ap.add_argument("--out", default="results/catanatron-opponents", help="the output folder")
    ap.add_argument("--stadt", default=None, help="the stadt program (default: STADT, the PATH, target/release)")
    a = ap.parse_args()
    bots = [b for b in a.bots.split(",") if b]
    if not bots or a.games < 4 or a.games % 4 or a.seed < 1:
        ap.error("--bots names one bot or more, --games is a positive multiple of 4, --seed is 1 or more")
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    settings = {"bots": bots, "games": a.games, "seed": a.seed, "catanatron": importlib.metadata.version("catanatron")}
    manifest = out / "manifest.json"
    if manifest.exists():
        before = json.loads(manifest.read_text())
        if before.get("settings") != settings:
            print(f"{out} holds a run with other settings: {before.get('settings')}", file=sys.stderr)
            return 2
    stadt = a.stadt or default_program()
    manifest.write_text(json.dumps({"settings": settings, "stadt": stadt, "build": build()}, indent=1) + "\n")

    games_csv = out / "games.csv"
    done: dict[tuple[str, ...], dict[str, str]] = {}
    if games_csv.exists():
        text = games_csv.read_text()
        # A row cut short by an interrupted run is dropped and played again.
        if text and not text.endswith("\n"):
            text = text[: text.rfind("\n") + 1]
            games_csv.write_text(text)
        for row in csv.DictReader(text.splitlines()):
            done[tuple(row[c] for c in COLUMNS[:5])] = row
    new_file = not games_csv.exists() or not done
    with games_csv.open("w" if new_file else "a", newline="") as f:
        w = csv.DictWriter(f, COLUMNS, lineterminator="\n")
        if new_file:
            w.writeheader()
        for bot in bots:
            with StadtPlayer(COLORS[0], bot=bot, program=stadt, seed=a.seed) as me:
                for opponent in OPPONENTS:
                    for players in (2, 4):
                        for g in range(a.games):
                            deal, seating = a.seed + g // players, g % players
                            key = (bot, opponent, str(players), str(deal), str(seating))
                            if key in done:
                                continue
                            row = {
                                "bot": bot,
                                "opponent": opponent,
                                "players": players,
                                "deal": deal,
                                "seating": seating,
                            }
                            row.update(play(me, opponent, players, deal, seating))
                            w.writerow(row)
                            f.flush()
                            done[key] = {k: str(v) for k, v in row.items()}
                        print(f"{bot} against {opponent}, {players} players: {a.games} games", flush=True)

    rows = list(done.values())
    summary = []
    for bot in bots:
        for opponent in OPPONENTS:
            for players in (2, 4):
                mine = [r for r in rows if (r["bot"], r["opponent"], r["players"]) == (bot, opponent, str(players))]
                wins = sum(r["winner"] == "stadt" for r in mine)
                lo, hi = wilson(wins, len(mine))
                decisions = sum(int(r["decisions"]) for r in mine)
                summary.append(
                    {
                        "bot": bot,
                        "opponent": opponent,
                        "players": players,
                        "games": len(mine),
                        "wins": wins,
                        "win_rate": round(wins / len(mine), 4),
                        "low95": round(lo, 4),
                        "high95": round(hi, 4),
                        "turn_limit": sum(r["winner"] == "none" for r in mine),
                        "mean_ms": round(sum(float(r["mean_ms"]) * int(r["decisions"]) for r in mine) / decisions, 4),
                        "max_ms": max(float(r["max_ms"]) for r in mine),
                    }
                )
    tmp = out / "summary.csv.tmp"
    with tmp.open("w", newline="") as f:
        w = csv.DictWriter(f, list(summary[0]), lineterminator="\n")
        w.writeheader()
        w.writerows(summary)
    tmp.replace(out / "summary.csv")
    for s in summary:
        print(
            f"{s['bot']:>8} vs {s['opponent']:<15} {s['players']}p: {s['wins']}/{s['games']} = "
            f"{100 * s['win_rate']:.1f}% [{100 * s['low95']:.1f}, {100 * s['high95']:.1f}], "
            f"{s['mean_ms']:.3f} ms a decision (max {s['max_ms']:.3f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
