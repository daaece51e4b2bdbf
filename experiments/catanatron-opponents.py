"""stadt's Catan bots against Catanatron's bots in Catanatron's own game loop (issue 41, item 5;
issue 59; docs/catan/README.md, "Catanatron's bots as opponents").

Two sources of opponents:
- `--catanatron CHECKOUT`: a clone of Catanatron's repository (its current version, 3.3.0, is not
  on PyPI: `git clone https://github.com/bcollazo/catanatron`), imported from CHECKOUT/catanatron
  ahead of any installed Catanatron. Its strongest bots are the default opponents there:
  `value-function` (ValueFunctionPlayer: the hand-tuned value of the position after each playable
  action, one ply) and `alphabeta2` (AlphaBetaPlayer(depth=2): expectimax-style alpha-beta over that
  value, as `catanatron-play --players=AB:2` builds it); `alphabeta3` too on request.
- without it, the installed Catanatron (3.2.1 from PyPI in target/py-venv) and the weak bots it
  ships: `weighted-random` (WeightedRandomPlayer) and `victory-point` (VictoryPointPlayer), the
  default opponents there (the run in results/catanatron-opponents).

Each stadt bot (`--bots`, specs as `stadt --game catan` takes them, e.g. `greedy,mcts:iters=1000`)
plays `--games` games against each opponent in each mode (`--modes`): `1v1`, one against one, and
`4p`, stadt's bot and three of the opponent. Games come in deals: one Catanatron seed (its board,
its dice, its random numbers) played once per seating, stadt's player first in Catanatron's list,
then second, ..., so stadt sits in every seat of every board (Catanatron shuffles the seating from
the seed): game g of a mode with P players is deal SEED + g // P, seating g % P. Every decision of
stadt's seat goes through `bots/catanatron/stadt_player.py` and `stadt serve-catanatron`, which
follows the game move for move and checks its legal moves and state against Catanatron's at every
decision (a difference stops the game: it is written with winner `stopped` and its reason in
OUT/stopped.txt). The playable actions are handed to every player in one fixed order and the
script runs Python with PYTHONHASHSEED=0 (it restarts itself so), so a seed gives the same game
on every run (Catanatron's searches walk sets of actions whose order would otherwise change).

Writes OUT/games.csv, a row per finished game: bot, opponent, players, deal, seating, stadt's seat
(1-based, in play order), the winner (`stadt`, `opponent`, `none` at Catanatron's turn limit, or
`stopped`), stadt's and the best opponent's points, stadt's rank by points (1 + the opponents with
more), turns, stadt's decisions with its bot's mean and largest time (`mean_ms`, `max_ms`: the time
stadt reports for the bot) and total (`stadt_total_ms`), the time of stadt's decisions as the
Python side waits for them (`stadt_wall_ms`: the bot, the bridge and the checks), the opponents'
decisions and their total time (`opponent_total_ms`, Python's clock around their `decide`), and the
game's seconds. Rerunning the same command resumes: finished games are kept (a row cut short is
played again), and a folder made with other settings is refused (OUT/manifest.json). At the end,
and alone with `--summary`, OUT/summary.csv: per bot, opponent and mode, games, stadt's wins, its
win rate with the 95% Wilson interval, its first places by points (= its wins, but for games cut at
the turn limit) and mean rank, games stopped and cut, and the mean time a decision of each side
in ms.

Usage (from the repository root; stadt built with `cargo build --release`):
    target/py-venv/bin/python experiments/catanatron-opponents.py --catanatron CHECKOUT
        [--bots greedy] [--opponents value-function,alphabeta2] [--modes 1v1,4p]
        [--games 400] [--seed 1] [--out DIR] [--stadt PATH] [--summary]
The Python needs Catanatron's dependencies (networkx; target/py-venv has them, ./test builds it).
Exit status: 0 done, 1 a game stopped on a difference, 2 bad arguments or a missing checkout.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
GET = "git clone https://github.com/bcollazo/catanatron"
LEGACY_OPPONENTS = ["weighted-random", "victory-point"]
STRONG_OPPONENTS = ["value-function", "alphabeta2"]
MODES = {"1v1": 2, "4p": 4}
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
    "stadt_rank",
    "turns",
    "decisions",
    "mean_ms",
    "max_ms",
    "stadt_total_ms",
    "stadt_wall_ms",
    "opponent_decisions",
    "opponent_total_ms",
    "seconds",
]
KEY = COLUMNS[:5]


def split_bots(text: str) -> list[str]:
    """A comma-separated list of stadt bot specs, split as stadt splits it
    (crates/core/src/bots/split.rs): a piece `key=value` whose key has no `:` continues the bot
    before it, so `mcts:iters=200,c=0.5,greedy` is two bots."""
    bots: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            raise ValueError(f"an empty item in `{text}`")
        if bots and "=" in piece and ":" not in piece.split("=", 1)[0]:
            bots[-1] += ("," if ":" in bots[-1] else ":") + piece
        else:
            bots.append(piece)
    return bots


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def arguments(argv: list[str]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--catanatron", metavar="CHECKOUT", help=f"a clone of Catanatron's repository ({GET})")
    ap.add_argument("--bots", "--bot", default="greedy", help="stadt's Catan bots, comma-separated (default greedy)")
    ap.add_argument("--opponents", help="Catanatron's bots, comma-separated (default: see above)")
    ap.add_argument("--modes", default="1v1,4p", help="1v1 and/or 4p, comma-separated (default both)")
    ap.add_argument("--games", type=int, default=400, help="games per bot, opponent and mode (default 400)")
    ap.add_argument("--seed", type=int, default=1, help="the first deal's Catanatron seed (default 1)")
    ap.add_argument(
        "--out", default=None, help="the run folder (needed with --catanatron; else results/catanatron-opponents)"
    )
    ap.add_argument("--stadt", default=None, help="the stadt program (default: STADT, the PATH, target/release)")
    ap.add_argument("--summary", action="store_true", help="only write OUT/summary.csv from OUT/games.csv")
    a = ap.parse_args(argv)
    try:
        a.bots = split_bots(a.bots)
    except ValueError as e:
        ap.error(f"--bots: {e}")
    a.modes = [m.strip() for m in a.modes.split(",") if m.strip()]
    if not a.modes or any(m not in MODES for m in a.modes) or len(set(a.modes)) < len(a.modes):
        ap.error(f"--modes names 1v1 and/or 4p once each, not `{','.join(a.modes)}`")
    default = STRONG_OPPONENTS if a.catanatron else LEGACY_OPPONENTS
    a.opponents = default if a.opponents is None else [o.strip() for o in a.opponents.split(",") if o.strip()]
    known = list(opponent_makers(None))
    unknown = [o for o in a.opponents if o not in known]
    if not a.opponents or unknown or len(set(a.opponents)) < len(a.opponents):
        ap.error(f"--opponents names some of {', '.join(known)} once each, not `{','.join(a.opponents)}`")
    if a.games < 1 or a.seed < 1:
        ap.error("--games and --seed are 1 or more")
    if a.out is None and a.catanatron:
        ap.error("--out DIR names the run folder (e.g. results/catanatron-opponents/greedy-vs-alphabeta2)")
    if a.out is None:
        a.out = "results/catanatron-opponents"
    if a.catanatron:
        game_py = Path(a.catanatron) / "catanatron" / "catanatron" / "game.py"
        if not game_py.is_file():
            print(
                f"{sys.argv[0]}: --catanatron {a.catanatron} is not a Catanatron checkout (no {game_py}); "
                f"get one with `{GET}` and name the clone's folder",
                file=sys.stderr,
            )
            sys.exit(2)
    return a


def opponent_makers(catanatron: Any) -> dict[str, Callable[[Any], Any]]:
    """The opponents by name, each a function of a color (names only when `catanatron` is None)."""
    if catanatron is None:
        return dict.fromkeys(LEGACY_OPPONENTS + STRONG_OPPONENTS + ["alphabeta3"], lambda c: None)

    def value_function(c: Any) -> Any:
        from catanatron.players.value import ValueFunctionPlayer

        return ValueFunctionPlayer(c)

    def alphabeta(depth: int) -> Callable[[Any], Any]:
        def make(c: Any) -> Any:
            from catanatron.players.minimax import AlphaBetaPlayer

            return AlphaBetaPlayer(c, depth=depth)

        return make

    def weighted_random(c: Any) -> Any:
        from catanatron.players.weighted_random import WeightedRandomPlayer

        return WeightedRandomPlayer(c)

    def victory_point(c: Any) -> Any:
        from catanatron.players.search import VictoryPointPlayer

        return VictoryPointPlayer(c)

    return {
        "weighted-random": weighted_random,
        "victory-point": victory_point,
        "value-function": value_function,
        "alphabeta2": alphabeta(2),
        "alphabeta3": alphabeta(3),
    }


def catanatron_version(checkout: str | None) -> tuple[str, str]:
    """Catanatron's version and commit: the checkout's pyproject.toml and git, or the installed one."""
    if checkout is None:
        import importlib.metadata

        return importlib.metadata.version("catanatron"), "installed"
    text = (Path(checkout) / "pyproject.toml").read_text() if (Path(checkout) / "pyproject.toml").is_file() else ""
    m = re.search(r'^version\s*=\s*"([^"]+)"', text, re.M)
    try:
        out = subprocess.run(["git", "-C", checkout, "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
        commit = out.stdout.strip() if out.returncode == 0 else "unknown (not a git clone)"
    except OSError:
        commit = "unknown"
    return (m.group(1) if m else "unknown"), commit


def build() -> str:
    try:
        out = subprocess.run(["git", "describe", "--always", "--dirty", "--abbrev=7"], cwd=REPO, capture_output=True)
        return out.stdout.decode().strip() or "unknown"
    except OSError:
        return "unknown"


def read_games(games_csv: Path, rewrite: bool) -> dict[tuple[str, ...], dict[str, str]]:
    """The finished games by key; a row cut short by an interrupted run is dropped (played again).
    With `rewrite` (before games are added) the file loses that row, and a file with older columns
    is rewritten with today's (new columns blank)."""
    if not games_csv.exists():
        return {}
    text = games_csv.read_text()
    if text and not text.endswith("\n"):
        text = text[: text.rfind("\n") + 1]
        if rewrite:
            games_csv.write_text(text)
    lines = text.splitlines()
    rows = list(csv.DictReader(lines))
    if rewrite and lines and lines[0].split(",") != COLUMNS:
        tmp = games_csv.with_suffix(".csv.tmp")
        with tmp.open("w", newline="") as f:
            w = csv.DictWriter(f, COLUMNS, lineterminator="\n", extrasaction="ignore")
            w.writeheader()
            w.writerows(rows)
        tmp.replace(games_csv)
    return {tuple(r[c] for c in KEY): r for r in rows}


def mean(total: float, n: int) -> float | str:
    return round(total / n, 4) if n else ""


def summarize(rows: list[dict[str, str]], bots: list[str], opponents: list[str], modes: list[str]) -> list[dict]:
    def num(r: dict[str, str], k: str) -> float:
        return float(r.get(k) or 0)

    summary = []
    for bot in bots:
        for opponent in opponents:
            for mode in modes:
                mine = [r for r in rows if (r["bot"], r["opponent"], r["players"]) == (bot, opponent, str(MODES[mode]))]
                wins = sum(r["winner"] == "stadt" for r in mine)
                lo, hi = wilson(wins, len(mine))
                # Rows from before stadt_rank: a win is a first place (their other ranks unknown).
                ranked = [r for r in mine if r.get("stadt_rank")]
                firsts = sum(r["stadt_rank"] == "1" for r in ranked)
                firsts += sum(r["winner"] == "stadt" for r in mine if not r.get("stadt_rank"))
                decisions = sum(int(num(r, "decisions")) for r in mine)
                # Old rows (before stadt_total_ms) give it as mean_ms times decisions.
                stadt_ms = sum(num(r, "stadt_total_ms") or num(r, "mean_ms") * num(r, "decisions") for r in mine)
                timed = [r for r in mine if r.get("stadt_wall_ms")]
                opp = [r for r in mine if r.get("opponent_decisions")]
                opp_decisions = sum(int(num(r, "opponent_decisions")) for r in opp)
                summary.append(
                    {
                        "bot": bot,
                        "opponent": opponent,
                        "mode": mode,
                        "players": MODES[mode],
                        "games": len(mine),
                        "wins": wins,
                        "win_rate": round(wins / len(mine), 4) if mine else "",
                        "low95": round(lo, 4),
                        "high95": round(hi, 4),
                        "first_rate": round(firsts / len(mine), 4) if mine else "",
                        "mean_rank": round(sum(num(r, "stadt_rank") for r in ranked) / len(ranked), 3)
                        if ranked
                        else "",
                        "stopped": sum(r["winner"] == "stopped" for r in mine),
                        "turn_limit": sum(r["winner"] == "none" for r in mine),
                        "stadt_decisions": decisions,
                        "stadt_ms": mean(stadt_ms, decisions),
                        "stadt_wall_ms": mean(
                            sum(num(r, "stadt_wall_ms") for r in timed), sum(int(num(r, "decisions")) for r in timed)
                        ),
                        "opponent_decisions": opp_decisions,
                        "opponent_ms": mean(sum(num(r, "opponent_total_ms") for r in opp), opp_decisions),
                    }
                )
    return summary


def write_summary(out: Path, summary: list[dict]) -> None:
    tmp = out / "summary.csv.tmp"
    with tmp.open("w", newline="") as f:
        w = csv.DictWriter(f, list(summary[0]), lineterminator="\n")
        w.writeheader()
        w.writerows(summary)
    tmp.replace(out / "summary.csv")
    for s in summary:
        if not s["games"]:
            print(f"{s['bot']} vs {s['opponent']} {s['mode']}: no games yet")
            continue
        first = f", first {100 * s['first_rate']:.1f}%" if s["mode"] == "4p" and s["first_rate"] != "" else ""
        opp = f" / {s['opponent']} {s['opponent_ms']}" if s["opponent_ms"] != "" else ""
        wall = f" (with the bridge {s['stadt_wall_ms']})" if s["stadt_wall_ms"] != "" else ""
        print(
            f"{s['bot']} vs {s['opponent']} {s['mode']}: {s['wins']}/{s['games']} = {100 * s['win_rate']:.1f}% "
            f"[{100 * s['low95']:.1f}, {100 * s['high95']:.1f}]{first}; stopped {s['stopped']}, "
            f"turn limit {s['turn_limit']}; ms a decision stadt {s['stadt_ms']}{wall}{opp}"
        )


def main() -> int:
    a = arguments(sys.argv[1:])
    if os.environ.get("PYTHONHASHSEED") != "0":
        # Catanatron's searches iterate over sets of actions (their order follows string hashes).
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    if a.catanatron:
        sys.path.insert(0, str(Path(a.catanatron).resolve() / "catanatron"))
    try:
        import catanatron
        from catanatron.game import Game
        from catanatron.models.player import Color
        from catanatron.state_functions import player_key
    except ImportError as e:
        where = f"from {a.catanatron}" if a.catanatron else "(pip install catanatron, or --catanatron CHECKOUT)"
        print(f"{sys.argv[0]}: cannot import Catanatron {where}: {e}", file=sys.stderr)
        return 2
    if a.catanatron and not Path(catanatron.__file__).resolve().is_relative_to(Path(a.catanatron).resolve()):
        print(f"{sys.argv[0]}: imported Catanatron from {catanatron.__file__}, not {a.catanatron}", file=sys.stderr)
        return 2
    sys.path.insert(0, str(REPO / "bots" / "catanatron"))
    from stadt_player import StadtError, StadtPlayer, default_program, readings

    makers = opponent_makers(catanatron)
    for o in a.opponents:
        try:
            makers[o](Color.BLUE)
        except ImportError as e:
            print(f"{sys.argv[0]}: this Catanatron has no `{o}` ({e}); name a checkout: {GET}", file=sys.stderr)
            return 2

    out = Path(a.out)
    version, commit = catanatron_version(a.catanatron)
    settings = {
        "bots": a.bots,
        "games": a.games,
        "seed": a.seed,
        "catanatron": version,
        "opponents": a.opponents,
        "modes": a.modes,
        "rules": readings(),
    }
    manifest = out / "manifest.json"
    if manifest.exists():
        before = json.loads(manifest.read_text()).get("settings", {})
        # Folders from before opponents and modes were settings played these.
        before = {"opponents": LEGACY_OPPONENTS, "modes": ["1v1", "4p"], "rules": "catanatron", **before}
        if before != settings:
            print(f"{out} holds a run with other settings: {before} (these: {settings})", file=sys.stderr)
            return 2
    elif a.summary:
        print(f"{out} holds no run (no manifest.json)", file=sys.stderr)
        return 2
    games_csv = out / "games.csv"
    if a.summary:
        write_summary(out, summarize(list(read_games(games_csv, False).values()), a.bots, a.opponents, a.modes))
        return 0

    stadt = a.stadt or default_program()
    for bot in a.bots:
        # stadt parses the bot when it starts: a bad spec ends it at once with the reason.
        try:
            check = subprocess.run([stadt, "serve-catanatron", "--bot", bot], input="", capture_output=True, text=True)
        except OSError as e:
            print(f"{sys.argv[0]}: cannot run stadt ({stadt}): {e}; build it (cargo build --release)", file=sys.stderr)
            return 2
        if check.returncode != 0:
            print(f"{sys.argv[0]}: --bots `{bot}`: {check.stderr.strip()}", file=sys.stderr)
            return 2
    out.mkdir(parents=True, exist_ok=True)
    manifest.write_text(
        json.dumps(
            {
                "settings": settings,
                "command": [Path(sys.argv[0]).name, *sys.argv[1:]],
                "catanatron_source": str(Path(a.catanatron).resolve()) if a.catanatron else "installed",
                "catanatron_commit": commit,
                "stadt": stadt,
                "build": build(),
            },
            indent=1,
        )
        + "\n"
    )

    colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]

    def points(game: Any, color: Any) -> int:
        return int(game.state.player_state[f"{player_key(game.state, color)}_ACTUAL_VICTORY_POINTS"])

    def play(me: Any, opponent: str, players: int, deal: int, seating: int) -> tuple[dict[str, Any], str | None]:
        others = [makers[opponent](c) for c in colors[1:players]]
        me.color = colors[0]
        listed = others[:seating] + [me] + others[seating:]
        clock = {"stadt": [0, 0.0], "opponent": [0, 0.0]}

        def decide(player: Any, g: Any, actions: Any) -> Any:
            # One fixed order of the playable actions, for every player (Catanatron builds some
            # from sets); the search players read the game's own list, so it is sorted too.
            ordered = sorted(actions, key=repr)
            g.playable_actions = ordered
            side = clock["stadt" if player is me else "opponent"]
            start = time.perf_counter()
            choice = player.decide(g, ordered)
            side[0] += 1
            side[1] += (time.perf_counter() - start) * 1000
            return choice

        start = time.perf_counter()
        game = Game(listed, seed=deal)
        stopped = None
        try:
            winner = game.play(decide_fn=decide)
        except StadtError as e:
            stopped, winner = str(e), None
        ms = me.decision_ms or [0.0]
        mine = points(game, me.color)
        theirs = [points(game, o.color) for o in others]
        row = {
            "stadt_seat": list(game.state.colors).index(me.color) + 1,
            "winner": "stopped"
            if stopped
            else "none"
            if winner is None
            else "stadt"
            if winner == me.color
            else "opponent",
            "stadt_points": mine,
            "best_opponent_points": max(theirs),
            "stadt_rank": 1 + sum(t > mine for t in theirs),
            "turns": game.state.num_turns,
            "decisions": len(me.decision_ms),
            "mean_ms": round(sum(ms) / len(ms), 4),
            "max_ms": round(max(ms), 4),
            "stadt_total_ms": round(sum(me.decision_ms), 3),
            "stadt_wall_ms": round(clock["stadt"][1], 3),
            "opponent_decisions": clock["opponent"][0],
            "opponent_total_ms": round(clock["opponent"][1], 3),
            "seconds": round(time.perf_counter() - start, 3),
        }
        return row, stopped

    done = read_games(games_csv, False)
    wanted = {
        (bot, o, str(MODES[m]), str(a.seed + g // MODES[m]), str(g % MODES[m]))
        for bot in a.bots
        for o in a.opponents
        for m in a.modes
        for g in range(a.games)
    }
    if wanted - set(done):
        done = read_games(games_csv, True)
    new_file = not games_csv.exists() or games_csv.stat().st_size == 0
    status = 0
    with games_csv.open("a", newline="") as f:
        w = csv.DictWriter(f, COLUMNS, lineterminator="\n")
        if new_file:
            w.writeheader()
            f.flush()
        for bot in a.bots:
            with StadtPlayer(colors[0], bot=bot, program=stadt, seed=a.seed) as me:
                for opponent in a.opponents:
                    for mode in a.modes:
                        players = MODES[mode]
                        wins = played = 0
                        for g in range(a.games):
                            deal, seating = a.seed + g // players, g % players
                            key = (bot, opponent, str(players), str(deal), str(seating))
                            if key in done:
                                wins += done[key]["winner"] == "stadt"
                                continue
                            row = {
                                "bot": bot,
                                "opponent": opponent,
                                "players": players,
                                "deal": deal,
                                "seating": seating,
                            }
                            result, stopped = play(me, opponent, players, deal, seating)
                            row.update(result)
                            w.writerow(row)
                            f.flush()
                            done[key] = {k: str(v) for k, v in row.items()}
                            played += 1
                            wins += row["winner"] == "stadt"
                            if stopped:
                                status = 1
                                with (out / "stopped.txt").open("a") as stops:
                                    stops.write(
                                        f"{bot} vs {opponent} {mode} deal {deal} seating {seating}: {stopped}\n"
                                    )
                                print(f"stopped: deal {deal} seating {seating}: {stopped[:300]}", flush=True)
                            if played % 10 == 0 or g == a.games - 1:
                                print(
                                    f"{time.strftime('%H:%M:%S')} {bot} vs {opponent} {mode}: game {g + 1}/{a.games}, "
                                    f"stadt {wins} wins",
                                    flush=True,
                                )
    write_summary(out, summarize(list(done.values()), a.bots, a.opponents, a.modes))
    return status


if __name__ == "__main__":
    sys.exit(main())
