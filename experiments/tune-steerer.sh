#!/usr/bin/env bash
# One real tuning run of the steerer. SPSA over its real-valued weights against the untuned
# steerer and greedy (60 iterations x 200 games per candidate, common random numbers), then 1,000
# held-out games of the tuned steerer against the untuned one on decks never used in tuning.
# Writes results/tune-steerer/{manifest.toml,tune.csv,verify.csv,steerer-tuned.bot} and, unless the
# tuned bot loses the held-out check, installs it as bots/steerer-tuned.bot (remove that file and
# the results folder first to run it again from scratch; Ctrl-C and the same command resume).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --release -- tune --bot steerer --against steerer,greedy \
  --iterations 60 --games-per-eval 200 --verify-games 1000 --seed 6 \
  --out results/tune-steerer --name steerer-tuned --install "$@"
