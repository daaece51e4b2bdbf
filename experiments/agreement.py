"""How often a search at a small budget picks the move the same search picks at a large one.

Two steps, both resumable (a rerun skips what is done):

    target/py-venv/bin/python experiments/agreement.py positions --out experiments/agreement-positions
    target/py-venv/bin/python experiments/agreement.py run --bot mcts \\
        --positions experiments/agreement-positions --out results/agreement/mcts.csv

`positions` plays 2-player games between stadt's `mcts` (1,000 iterations) and `steerer` (seeds 1,
2, ... through `stadt.Bot`), and cuts each game's record at `--per-game` decisions chosen at random
(seeded) among those with at least two legal moves: one partial record per position (`NNN.rec`,
docs/record-format.md), which `stadt suggest` and `stadt replay --partial` read.

`run` asks `stadt suggest --bot BOT,iters=N --seed 1 POSITION` for every position at every budget
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
        [str(STADT), "suggest", "--bot", spec(bot, budget), "--seed", "1", str(position)],
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
    args = parser.parse_args()
    if args.command == "positions":
        make_positions(args)
    else:
        run(args)


if __name__ == "__main__":
    main()
