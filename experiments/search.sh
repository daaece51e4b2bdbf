#!/usr/bin/env bash
# Issue 21's experiments for lmcts, the new default search, each a resumable tournament folder in
# results/ (rerun this script after an interruption: finished folders are kept, an unfinished one
# resumes), then lmcts's agreement curve. The equal-time matches' budgets are wall-clock (the files
# named *equal-time*): they want the machine to themselves. STADT overrides the binary (a folder
# refuses a build other than the one its manifest names). lmcts-learn400-vs-gen1 reads
# results/learn-400/gen1.eval, which learn-400.sh makes; the lmcts-extended-* files read
# results/learn-extended/gen1.eval and results/learn-extended-gen2/gen2.eval, which
# learn-extended.sh and learn-extended-gen2.sh make.
set -euo pipefail
cd "$(dirname "$0")/.."
STADT=${STADT:-target/release/stadt}
PYTHON=${PYTHON:-target/py-venv/bin/python}
for e in lmcts-scaling-1k-4k lmcts-scaling-4k-16k lmcts-vs-mcts-equal-time lmcts-vs-steerer lmcts-ladder \
    lmcts-ablation-eval lmcts-ablation-reuse lmcts-scaling-16k-64k lmcts-ablation-prior lmcts-ablation-widen \
    lmcts-prior-equal-time lmcts-ablation-follow lmcts-gen3-vs-gen1 lmcts-depth24-1k lmcts-depth24-16k \
    lmcts-win-1k lmcts-win-16k lmcts-mix-1k lmcts-mix-16k \
    lmcts-mix-scaling-1k-4k lmcts-mix-scaling-4k-16k lmcts-mix-scaling-16k-64k lmcts-mix-vs-mcts-equal-time \
    lmcts-c035-16k lmcts-c07-16k lmcts-gen3-vs-gen1-16k lmcts-widen-scaling-4k-16k lmcts-learn400-vs-gen1 \
    lmcts-extended-vs-learn400 lmcts-extended-vs-gen1 lmcts-extended-vs-gen1-16k lmcts-extended-gen2-vs-gen1 \
    lmcts-prior-scaling-4k-16k lmcts-expand-equal-time lmcts-prior-16k lmcts-halving-scaling-4k-16k \
    lmcts-halving-16k lmcts-halving-equal-time lmcts-halving-scaling-16k-64k lmcts-chance-1k \
    lmcts-chance-4k lmcts-chance-16k lmcts-greedy-rollout-1k lmcts-greedy-rollout-equal-time; do
    echo "$(date -u +%FT%TZ) start $e"
    "$STADT" tournament "experiments/$e.toml" --quiet "$@" > /dev/null
    echo "$(date -u +%FT%TZ) done $e"
done
echo "$(date -u +%FT%TZ) start agreement lmcts"
STADT="$STADT" "$PYTHON" experiments/agreement.py run --bot lmcts --jobs 2 \
    --positions experiments/agreement-positions --out results/agreement/lmcts.csv
echo "$(date -u +%FT%TZ) done agreement lmcts"
