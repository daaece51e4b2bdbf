"""How often a search at a small budget picks the move the same search picks at a large one.

Two steps, both resumable (a rerun skips what is done):

    target/py-venv/bin/python experiments/agreement.py positions --out experiments/agreement-positions
    target/py-venv/bin/python experiments/agreement.py run --bot mcts \\
        --positions experiments/agreement-positions --out results/agreement/mcts.csv

`positions` plays 2-player games between stadt's `mcts` (1,000 iterations) and `steerer` (seeds 1,
2, ... through `stadt.Bot`), and cuts each game's record at `--per-game` decisions chosen at random
(seeded) among those with at least two legal moves: one partial record per position (`NNN.rec`,
docs/die-stadt/record-format.md), which `stadt suggest` and `stadt replay --partial` read.

`plot` draws the summaries given (one curve per search, with its intervals) as one SVG:

    python3 experiments/agreement.py plot --out results/agreement/agreement.svg \\
        results/agreement/mcts-summary.csv results/agreement/puct-summary.csv

`run` asks `stadt suggest --bot BOT,iters=N --seed 1 POSITION` (the binary `$STADT`, else target/release/stadt) for every position at every budget
of `--budgets` and at `--reference` (processes in parallel, `--jobs`; every answer is seeded, so
the job count changes nothing), writing one row per (position, budget) to the CSV as answers come
in, and at the end a summary beside it (`NAME-summary.csv`): per budget, the positions, how many
agree with the reference, the rate and its 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import csv
import math
import os
import random
import subprocess
import sys
from pathlib import Path

STADT = Path("target/release/stadt")
FIELDS = ["position", "budget", "move"]


def cut_points(game_record: str, rng: random.Random, count: int) -> list[int]:
    """Decision counts after which the position has at least two legal moves, `count` of them."""
    import stadt

    lines = game_record.splitlines()
    header = [line for line in lines if not is_decision(line)]
    decisions = [line for line in lines if is_decision(line)]
    choices = []
    for k in range(1, len(decisions)):
        game = stadt.Game.from_record("\n".join(header + decisions[:k]) + "\n")
        while game.is_chance_node():
            # The decision there is where the tile the record's deck deals next goes.
            game.draw()
        if not game.is_terminal() and len(game.legal_actions()) > 1:
            choices.append(k)
    return sorted(rng.sample(choices, min(count, len(choices))))


def is_decision(line: str) -> bool:
    """Whether a record line is a decision (`tile ...`, `p2: follower N1`, ...)."""
    word = line.split(":", 1)[-1].split()
    return bool(word) and word[0] in {"tile", "follower", "gate", "wall", "tower"}


def play_game(seed: int) -> str:
    """The record of one 2-player game, mcts (1,000 iterations) against steerer, seats by seed."""
    import stadt

    game = stadt.Game(players=2, seed=seed)
    names = ["mcts", "steerer"] if seed % 2 else ["steerer", "mcts"]
    bots = [stadt.Bot(name, seed=seed * 10 + i) for i, name in enumerate(names)]
    while not game.is_terminal():
        if game.is_chance_node():
            game.draw()
        else:
            game.apply(bots[game.current_player()].act(game))
    return game.to_record()


def make_positions(args: argparse.Namespace) -> None:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    number = 0
    for seed in range(args.seed, args.seed + args.games):
        # Draw the cuts for every game even when its files exist, so a rerun cuts the same places.
        record = play_game(seed)
        lines = record.splitlines()
        header = [line for line in lines if not is_decision(line)]
        decisions = [line for line in lines if is_decision(line)]
        for k in cut_points(record, rng, args.per_game):
            number += 1
            path = out / f"{number:03d}.rec"
            text = "\n".join(header + decisions[:k]) + "\n"
            if path.exists() and path.read_text() != text:
                sys.exit(f"{path} exists and holds another position: use an empty folder")
            path.write_text(text)
        print(f"game {seed}: {number} positions so far", file=sys.stderr)


def spec(bot: str, budget: int) -> str:
    """The bot spec with its iteration budget."""
    return f"{bot},iters={budget}" if ":" in bot else f"{bot}:iters={budget}"


def suggest(bot: str, budget: int, position: Path) -> str:
    result = subprocess.run(
        [os.environ.get("STADT", str(STADT)), "suggest", "--bot", spec(bot, budget), "--seed", "1", str(position)],
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        raise RuntimeError(f"stadt suggest on {position} failed: {result.stderr.strip()}")
    return result.stdout.strip()


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of k successes in n trials."""
    if n == 0:
        return (0.0, 1.0)
    z = 1.959964
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def run(args: argparse.Namespace) -> None:
    positions = sorted(Path(args.positions).glob("*.rec"))
    if not positions:
        sys.exit(f"no positions (*.rec) in {args.positions}")
    budgets = [int(b) for b in args.budgets.split(",")] + [args.reference]
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    done: dict[tuple[str, int], str] = {}
    if out.exists():
        with out.open() as f:
            for row in csv.DictReader(f):
                done[(row["position"], int(row["budget"]))] = row["move"]
    todo = [(p, b) for p in positions for b in budgets if (p.name, b) not in done]
    new = not out.exists()
    with out.open("a", newline="") as f, concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        writer = csv.DictWriter(f, FIELDS)
        if new:
            writer.writeheader()
        # The largest budgets first, so the slow answers overlap with the rest.
        todo.sort(key=lambda t: (-t[1], t[0].name))
        futures = {pool.submit(suggest, args.bot, b, p): (p, b) for p, b in todo}
        for i, fut in enumerate(concurrent.futures.as_completed(futures), 1):
            p, b = futures[fut]
            done[(p.name, b)] = fut.result()
            writer.writerow({"position": p.name, "budget": b, "move": done[(p.name, b)]})
            f.flush()
            if i % 50 == 0:
                print(f"{i} of {len(todo)} answers", file=sys.stderr)
    summary = out.with_name(out.stem + "-summary.csv")
    with summary.open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["bot", "budget", "reference", "positions", "agree", "rate", "low", "high"])
        for b in budgets[:-1]:
            agree = sum(done[(p.name, b)] == done[(p.name, args.reference)] for p in positions)
            low, high = wilson(agree, len(positions))
            rate = agree / len(positions)
            writer.writerow(
                [args.bot, b, args.reference, len(positions), agree, f"{rate:.4f}", f"{low:.4f}", f"{high:.4f}"]
            )
    print(summary.read_text(), end="")


COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7"]


def plot(args: argparse.Namespace) -> None:
    """One SVG: agreement with the reference against the budget, a curve per summary file."""
    curves: list[tuple[str, int, list[tuple[int, float, float, float]]]] = []
    for name in args.summaries:
        with open(name) as f:
            rows = list(csv.DictReader(f))
        if not rows:
            sys.exit(f"{name}: no rows")
        points = [(int(r["budget"]), float(r["rate"]), float(r["low"]), float(r["high"])) for r in rows]
        curves.append((rows[0]["bot"], int(rows[0]["reference"]), points))
    budgets = sorted({b for _, _, pts in curves for b, *_ in pts})
    w, h, left, right, top, bottom = 640, 400, 70, 170, 40, 60
    lo_b, hi_b = math.log(budgets[0]), math.log(budgets[-1])

    def x(b: int) -> float:
        span = hi_b - lo_b or 1.0
        return left + (math.log(b) - lo_b) / span * (w - left - right)

    def y(rate: float) -> float:
        return top + (1.0 - rate) * (h - top - bottom)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
        'font-family="sans-serif" font-size="12">',
        f'<rect width="{w}" height="{h}" fill="white"/>',
        f'<text x="{w / 2}" y="20" text-anchor="middle" font-size="14">'
        f"Agreement with the same search at {curves[0][1]:,} iterations</text>",
    ]
    for pct in range(0, 101, 20):
        yy = y(pct / 100)
        out.append(f'<line x1="{left}" y1="{yy}" x2="{w - right}" y2="{yy}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 8}" y="{yy + 4}" text-anchor="end">{pct}%</text>')
    for b in budgets:
        out.append(f'<text x="{x(b)}" y="{h - bottom + 18}" text-anchor="middle">{b:,}</text>')
    out.append(f'<text x="{(left + w - right) / 2}" y="{h - 15}" text-anchor="middle">iterations per decision</text>')
    for i, (bot, _, pts) in enumerate(curves):
        c = COLOURS[i % len(COLOURS)]
        path = " ".join(f"{'M' if k == 0 else 'L'}{x(b):.1f},{y(r):.1f}" for k, (b, r, _, _) in enumerate(pts))
        out.append(f'<path d="{path}" fill="none" stroke="{c}" stroke-width="2"/>')
        for b, r, lo, hi in pts:
            out.append(f'<line x1="{x(b):.1f}" y1="{y(lo):.1f}" x2="{x(b):.1f}" y2="{y(hi):.1f}" stroke="{c}"/>')
            out.append(
                f'<circle cx="{x(b):.1f}" cy="{y(r):.1f}" r="3.5" fill="{c}"><title>{bot} at {b:,}: {r:.1%} [{lo:.1%}, {hi:.1%}]</title></circle>'
            )
        ly = top + 20 * i
        out.append(
            f'<line x1="{w - right + 15}" y1="{ly}" x2="{w - right + 35}" y2="{ly}" stroke="{c}" stroke-width="2"/>'
        )
        out.append(f'<text x="{w - right + 40}" y="{ly + 4}">{bot}</text>')
    out.append("</svg>")
    Path(args.out).write_text("\n".join(out) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("positions", help="play games and cut them into partial records")
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--per-game", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", required=True)
    r = sub.add_parser("run", help="ask the search at every budget about every position")
    r.add_argument("--bot", default="mcts")
    r.add_argument("--budgets", default="1000,4000,16000,64000")
    r.add_argument("--reference", type=int, default=256000)
    r.add_argument("--positions", required=True)
    r.add_argument("--out", required=True)
    r.add_argument("--jobs", type=int, default=2)
    g = sub.add_parser("plot", help="draw summary files' curves as one SVG")
    g.add_argument("--out", required=True)
    g.add_argument("summaries", nargs="+")
    args = parser.parse_args()
    if args.command == "positions":
        make_positions(args)
    elif args.command == "plot":
        plot(args)
    else:
        run(args)


if __name__ == "__main__":
    main()
