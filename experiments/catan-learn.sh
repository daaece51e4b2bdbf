#!/usr/bin/env bash
# Catan's learned evaluation by self-play (results/README.md, "Learning Catan's evaluation"):
# mcts with playouts cut after 100 steps, judged by the points (generation 0) and then by each
# generation's learned evaluation; 2 generations of 400 two-player self-play games, each new
# evaluation matched against the one before over 400 games (200 deals x 2 seatings).
# Resumable: rerun the same command after an interruption. STADT overrides the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
STADT=${STADT:-target/release/stadt}
"$STADT" --game catan learn --bot mcts:iters=200,depth=100 \
    --players 2 --games 400 --generations 2 --match-games 400 --seed 4101 \
    --out results/catan-learn "$@"
