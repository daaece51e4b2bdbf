#!/usr/bin/env bash
# Every checked-in experiment, as the README's result tables were made: each tournament file into
# its results/ folder, the sequential test, then the tuning run. A folder from another build is refused: remove
# results/NAME (and bots/steerer-tuned.bot for the tuning run) to make it again.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release
for e in greedy-vs-random steerer-vs-greedy mcts-vs-steerer four-bots; do
  ./target/release/stadt tournament "experiments/$e.toml" --quiet "$@"
done
./target/release/stadt sprt experiments/sprt-steerer-vs-greedy.toml --quiet "$@"
experiments/tune-steerer.sh --quiet
