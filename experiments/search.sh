#!/usr/bin/env bash
# Issue 21's experiments, cheapest first, each a resumable tournament folder in results/ (rerun
# this script after an interruption: finished folders are kept, an unfinished one resumes).
# STADT overrides the binary (the results' manifests name the build and commit that made them).
set -euo pipefail
cd "$(dirname "$0")/.."
STADT=${STADT:-target/release/stadt}
for e in puct-vs-steerer puct-scaling-1k-4k puct-ablation-prior puct-ablation-eval puct-ablation-reuse \
    puct-ablation-widen puct-scaling-4k-16k puct-ladder puct-vs-mcts-equal-time puct-scaling-16k-64k; do
    echo "$(date -u +%FT%TZ) start $e"
    "$STADT" tournament "experiments/$e.toml" --quiet "$@" > /dev/null
    echo "$(date -u +%FT%TZ) done $e"
done
