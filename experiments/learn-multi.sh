#!/usr/bin/env bash
# The learned evaluations for 3 and 4 players (`eval=learned` picks the one made for the game's
# player count; 2 players: results/learn, experiments/learn.sh): one generation each, fitted on
# 100 self-play games of lmcts (500 iterations) judging its playouts by projected scores, then matched against
# that generation-0 bot. Resumable like every learn run. STADT overrides the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
STADT=${STADT:-target/release/stadt}
for players in 4 3; do
    "$STADT" learn --bot lmcts:iters=500,eval=projected --players "$players" --games 100 --generations 1 \
        --match-games 40 --seed "250$players" --out "results/learn-${players}p" "$@"
done
