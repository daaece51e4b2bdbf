#!/usr/bin/env bash
# Issue 21's lead "a richer evaluation", one generation on: the extended features' generation 2,
# fitted on 400 self-play games of generation 1 (the run's first generation is
# results/learn-extended's: same bot, seed and games), so the fit sees the positions a search
# using generation 1 steers into. No match here: experiments/lmcts-extended-gen2-vs-gen1.toml
# compares the two inside lmcts. Resumable: rerun the same command after an interruption.
# STADT overrides the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
STADT=${STADT:-target/release/stadt}
"$STADT" learn --bot mcts:iters=1000,prior=0.5,tau=4,depth=8,reuse=true \
    --players 2 --games 400 --generations 2 --match-games 0 --seed 2101 --features extended \
    --out results/learn-extended-gen2 "$@"
