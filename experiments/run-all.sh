#!/usr/bin/env bash
# The first tournaments of results/README.md ("The first ladder"), as their tables were made,
# each into its results/ folder, then the tuning run. A folder from another build is refused: remove
# results/NAME (and bots/steerer-tuned.bot for the tuning run) to make it again. The other
# experiments have their own commands, each named beside its numbers in results/README.md: search.sh
# (issue 21's lmcts folders and agreement curve), learn.sh, learn-multi.sh, learn-400.sh,
# learn-extended.sh and learn-extended-gen2.sh (the learned evaluations), pictures.sh,
# openspiel-mcts.py, `stadt sprt experiments/sprt-NAME.toml`, and `stadt tournament` on the puct-*
# and learned-scaling-* files.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release
for e in greedy-vs-random steerer-vs-greedy mcts-vs-steerer four-bots; do
  ./target/release/stadt tournament "experiments/$e.toml" --quiet "$@"
done
experiments/tune-steerer.sh --quiet
