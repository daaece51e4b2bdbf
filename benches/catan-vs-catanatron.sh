#!/usr/bin/env bash
# Catanatron's random 4-player games per second beside stadt's, in one sitting (issue 41, item 7):
# Catanatron 3.2.1's Game.play with four RandomPlayers (its own map, seats and dice; a game ends
# at 10 points or its 1,000-turn limit) for SECONDS of wall time, then stadt-catan's `speed`
# example (uniform random legal moves, chance from the game) under the same rules
# (Options::CATANATRON, turn limit 1,000) for GAMES games; both on one thread. Prints each
# figure, the actions a game, and the ratio.
#
# Usage: benches/catan-vs-catanatron.sh [PYTHON [SECONDS [GAMES]]]
# PYTHON: an interpreter with catanatron==3.2.1 (default target/py-venv/bin/python, which ./test
# makes). results/catan-speed/ keeps a run's output with its command.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${1:-target/py-venv/bin/python} seconds=${2:-30} games=${3:-20000}
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); commit $(git describe --always --dirty --abbrev=7)"
cargo build --quiet --release -p stadt-catan --example speed
catanatron=$("$python" - "$seconds" <<'PY'
import importlib.metadata
import sys
import time

from catanatron.game import Game
from catanatron.models.player import Color, RandomPlayer

seconds = float(sys.argv[1])
colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
games = actions = 0
start = time.perf_counter()
while time.perf_counter() - start < seconds:
    game = Game([RandomPlayer(c) for c in colors], seed=games + 1)
    game.play()
    games += 1
    actions += len(game.state.actions)
secs = time.perf_counter() - start
version = importlib.metadata.version("catanatron")
print(
    f"{games / secs:.2f} Catanatron {version}: {games} random 4-player games in {secs:.2f} s: "
    f"{games / secs:.2f} games/s, {actions / secs / 1e3:.1f} k actions/s ({actions / games:.0f} actions a game)"
)
PY
)
echo "${catanatron#* }"
stadt=$(cargo run --quiet --release -p stadt-catan --example speed -- "$games" catanatron)
stadt=${stadt%%$'\n'*}
echo "stadt-catan: $stadt"
a=${catanatron%% *}
b=$(sed 's/.*: \([0-9.]*\) games\/s.*/\1/' <<< "$stadt")
awk -v a="$a" -v b="$b" 'BEGIN { printf "ratio: stadt plays %.0f times as many random 4-player games a second as Catanatron\n", b / a }'
