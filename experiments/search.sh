#!/usr/bin/env bash
# Issue 21's experiments for lmcts, the new default search, each a resumable tournament folder in
# results/ (rerun this script after an interruption: finished folders are kept, an unfinished one
# resumes), then lmcts's agreement curve. The equal-time match comes first: its budgets are
# wall-clock, so it wants the machine to itself. STADT overrides the binary (a folder refuses a
# build other than the one its manifest names). The scaling steps (experiments/learned-scaling-*)
# ran earlier, as `mcts:eval=learned,depth=8`, which lmcts is move for move (a test pins it).
set -euo pipefail
cd "$(dirname "$0")/.."
STADT=${STADT:-target/release/stadt}
PYTHON=${PYTHON:-target/py-venv/bin/python}
for e in lmcts-vs-mcts-equal-time lmcts-vs-steerer lmcts-ladder lmcts-ablation-eval lmcts-ablation-reuse \
    lmcts-ablation-prior lmcts-ablation-widen; do
    echo "$(date -u +%FT%TZ) start $e"
    "$STADT" tournament "experiments/$e.toml" --quiet "$@" > /dev/null
    echo "$(date -u +%FT%TZ) done $e"
done
echo "$(date -u +%FT%TZ) start agreement lmcts"
STADT="$STADT" "$PYTHON" experiments/agreement.py run --bot lmcts --jobs 2 \
    --positions experiments/agreement-positions --out results/agreement/lmcts.csv
echo "$(date -u +%FT%TZ) done agreement lmcts"
