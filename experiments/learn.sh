#!/usr/bin/env bash
# The learned evaluation's self-play generations (results/README.md, "Learning the evaluation"): 3 generations of 100
# two-player self-play games each, every new evaluation matched against the one before over 100
# games. Resumable: rerun the same command after an interruption. STADT overrides the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
STADT=${STADT:-target/release/stadt}
"$STADT" learn --bot mcts:iters=1000,prior=0.5,tau=4,depth=8,reuse=true \
    --players 2 --games 100 --generations 3 --match-games 100 --seed 2101 \
    --out results/learn "$@"
