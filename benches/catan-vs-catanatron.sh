#!/usr/bin/env bash
# Catanatron's random 4-player games per second beside stadt's, in one sitting (issue 41, item 7):
# Catanatron 3.2.1's Game.play with four RandomPlayers (its own map, seats and dice; a game ends
# at 10 points or its 1,000-turn limit) for SECONDS of wall time, then stadt-catan's `speed`
# example (uniform random legal moves, chance from the game) under the same rules
# (Options::CATANATRON, turn limit 1,000) for GAMES games; both on one thread. The two take
# turns for ROUNDS rounds of a few seconds each, so that both sides see the shared machine's
# load alike (it swings by a third within minutes). Prints each round and its ratio, then both
# sides' totals and the ratio of those.
#
# Usage: benches/catan-vs-catanatron.sh [PYTHON [SECONDS [GAMES [ROUNDS]]]]
# PYTHON: an interpreter with catanatron==3.2.1 (default target/py-venv/bin/python, which ./test
# makes); SECONDS (default 5) and GAMES (default 40000, about as long) are per round, ROUNDS
# defaults to 12.
# results/catan-speed/ keeps runs' output with their command.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${1:-target/py-venv/bin/python} seconds=${2:-5} games=${3:-40000} rounds=${4:-12}
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); commit $(git describe --always --dirty --abbrev=7)"
cargo build --quiet --release -p stadt-catan --example speed
"$python" - "$seconds" "$games" "$rounds" target/release/examples/speed <<'PY'
import importlib.metadata
import re
import statistics
import subprocess
import sys
import time

from catanatron.game import Game
from catanatron.models.player import Color, RandomPlayer

seconds, games, rounds, speed = float(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
version = importlib.metadata.version("catanatron")
seed = 0
totals = {"c_games": 0, "c_actions": 0, "c_secs": 0.0, "s_games": 0, "s_secs": 0.0}
ratios = []
for k in range(1, rounds + 1):
    played = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        seed += 1
        game = Game([RandomPlayer(c) for c in colors], seed=seed)
        game.play()
        played += 1
        actions += len(game.state.actions)
    secs = time.perf_counter() - start
    out = subprocess.run([speed, str(games), "catanatron"], check=True, capture_output=True, text=True).stdout
    line = out.splitlines()[0]
    m = re.search(r"in ([0-9.]+) s: ([0-9]+) games/s", line)
    if m is None:
        sys.exit(f"catan-vs-catanatron: cannot read the speed example's line: {line!r}")
    s_secs, s_rate = float(m.group(1)), float(m.group(2))
    c_rate = played / secs
    ratios.append(s_rate / c_rate)
    totals["c_games"] += played
    totals["c_actions"] += actions
    totals["c_secs"] += secs
    totals["s_games"] += games
    totals["s_secs"] += s_secs
    print(
        f"round {k}: Catanatron {version} {played} games in {secs:.1f} s, {c_rate:.2f} games/s "
        f"({actions / played:.0f} actions a game); stadt-catan {line}; ratio {s_rate / c_rate:.0f}",
        flush=True,
    )
c_rate = totals["c_games"] / totals["c_secs"]
s_rate = totals["s_games"] / totals["s_secs"]
print(
    f"Catanatron {version}: {totals['c_games']} random 4-player games in {totals['c_secs']:.1f} s: "
    f"{c_rate:.2f} games/s, {totals['c_actions'] / totals['c_secs'] / 1e3:.1f} k actions/s"
)
print(f"stadt-catan: {totals['s_games']} random 4-player games in {totals['s_secs']:.1f} s: {s_rate:.0f} games/s")
print(
    f"ratio: stadt plays {s_rate / c_rate:.0f} times as many random 4-player games a second as Catanatron "
    f"(rounds: {', '.join(f'{r:.0f}' for r in ratios)}; median {statistics.median(ratios):.0f})"
)
PY
