#!/usr/bin/env bash
# The pictures the documents show, into results/pictures/: one game's city as SVG (with its record)
# and its PNG, the four-bots tournament's report as a PNG, both PNGs screenshots of headless
# Chromium (.ci/browser-check.py, which also fails on any console message), and a 4-player game's
# record, its viewer page and a screenshot of it (.ci/viewer-check.py, which checks every step),
# and a screenshot of a game against the bots in progress (.ci/play-check.py). Needs the files of
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
# Report pages are not checked in: write four-bots' from a copy of its files.
report=$(mktemp -d /tmp/stadt-pictures.XXXXXX)
cp results/four-bots/*.csv results/four-bots/manifest.toml "$report/"
./target/release/stadt report "$report" > /dev/null
"$PYTHON" .ci/browser-check.py --png "$out/four-bots-report.png" "$report/report.html"
rm -rf "$report"
# The game viewer of a 4-player game, checked step by step, with a screenshot at decision 120.
./target/release/stadt play --players 4 --seed 3 --bots steerer,greedy,random,steerer \
    --record "$out/four.rec" > /dev/null
./target/release/stadt replay "$out/four.rec" --html "$out/four.html" > /dev/null
"$PYTHON" .ci/viewer-check.py --stadt target/release/stadt --png "$out/viewer.png" --at 120 "$out/four.rec"
# A game against mcts and steerer played by clicking, with a screenshot at the person's 40th decision.
"$PYTHON" .ci/play-check.py --stadt target/release/stadt --png "$out/play.png"
