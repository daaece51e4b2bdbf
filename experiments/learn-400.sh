#!/usr/bin/env bash
# Issue 21's lead "more self-play data for the evaluation": generation 1 fitted on 400 two-player
# self-play games of generation 0 instead of results/learn's 100, same bot and seed (its first 100
# games are results/learn's generation-0 games), no match (experiments/lmcts-learn400-vs-gen1.toml
# compares it with the built-in weights inside lmcts). Resumable: rerun the same command after an
# interruption. STADT overrides the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
STADT=${STADT:-target/release/stadt}
"$STADT" learn --bot mcts:iters=1000,prior=0.5,tau=4,depth=8,reuse=true \
    --players 2 --games 400 --generations 1 --match-games 0 --seed 2101 \
    --out results/learn-400 "$@"
