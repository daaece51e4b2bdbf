#!/usr/bin/env bash
# The pictures the README shows, into results/pictures/: one game's city as SVG (with its record)
# and its PNG, and the four-bots tournament's report as a PNG, both PNGs screenshots of headless
# Chromium (.ci/browser-check.py, which also fails on any console message). Needs the files of
# results/four-bots, Debian's chromium and chromium-driver, and selenium in $PYTHON (default: the
# test environment target/py-venv that ./test makes; .ci/requirements-browser.txt pins it).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-target/py-venv/bin/python}
out=results/pictures
cargo build --release -p stadt
rm -rf "$out" && mkdir -p "$out"
./target/release/stadt play --players 3 --seed 3 --bots steerer,greedy,mcts \
    --record "$out/city.rec" --svg "$out/city.svg" > "$out/city-scores.txt"
"$PYTHON" .ci/browser-check.py --png "$out/city.png" "$out/city.svg"
"$PYTHON" .ci/browser-check.py --png "$out/four-bots-report.png" results/four-bots/report.html
