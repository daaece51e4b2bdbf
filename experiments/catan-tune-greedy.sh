#!/usr/bin/env bash
# Tuning Catan's greedy by SPSA (issue 41, item 4): its 14 weights against the untuned greedy, 2
# players, official rules, 600 iterations x 400 games per candidate (common random numbers), a
# step of 0.1 and a perturbation of 0.1 of each weight's default; then 2,000 held-out games of the
# tuned greedy against the untuned one on deals never used in tuning. Writes
# results/catan-tune-greedy/{manifest.toml,tune.csv,verify.csv,greedy-tuned.spec,report.html}
# (Ctrl-C and the same command resume; remove the folder to run it again from scratch).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --release -- --game catan tune --bot greedy --against greedy \
  --iterations 600 --games-per-eval 400 --a 0.1 --c 0.1 --verify-games 2000 --seed 1 \
  --out results/catan-tune-greedy "$@"
