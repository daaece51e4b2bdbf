#!/usr/bin/env bash
# Issue 21's lead "a richer evaluation": generation 1 with the extended feature set (20 features,
# docs/evaluation.md) fitted on the same 400 two-player self-play games of generation 0 as
# results/learn-400 (same bot and seed, so the same games byte for byte), no match
# (experiments/lmcts-extended-*.toml compare it inside lmcts). Resumable: rerun the same command
# after an interruption. STADT overrides the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
STADT=${STADT:-target/release/stadt}
"$STADT" learn --bot mcts:iters=1000,prior=0.5,tau=4,depth=8,reuse=true \
    --players 2 --games 400 --generations 1 --match-games 0 --seed 2101 --features extended \
    --out results/learn-extended "$@"
