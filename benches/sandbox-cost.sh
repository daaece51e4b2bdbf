#!/usr/bin/env bash
# sandbox-cost.sh: what --sandbox costs a tournament with a bot in another program, per game.
#
#   benches/sandbox-cost.sh [--games N] [--runs R] [STADT]
#
# Plays `tournament --bots bots/examples/random-python.bot,random --players 2 --games N
# --threads 1` (a Python bot, standard library only) without and with --sandbox, alternately, R
# times each, under one --bot-secret (the same games), and prints each run's wall time, the
# medians and the difference per game in milliseconds. Without the sandbox one program plays
# every game; with it every game starts a fresh sandbox and program (bubblewrap, prlimit,
# Python's start-up, and as root the cgroup and the staging of the bot's folder), so the
# difference is what a fresh sandbox per game costs. STADT defaults to target/release/stadt.
set -euo pipefail
cd "$(dirname "$0")/.."
games=100
runs=5
stadt=target/release/stadt
while [ $# -gt 0 ]; do
    case "$1" in
        --games) games="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        *) stadt="$1"; shift ;;
    esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ms() { echo $(($(date +%s%N) / 1000000)); }
play() {
    local flag="$1" out="$2"
    local start end
    start=$(ms)
    # shellcheck disable=SC2086
    "$stadt" $flag tournament --bots bots/examples/random-python.bot,random --players 2 --games "$games" \
        --threads 1 --seed 1 --bot-secret 0123456789abcdef0123456789abcdef --quiet --out "$out" > /dev/null
    end=$(ms)
    echo $((end - start))
}
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
open=()
boxed=()
for i in $(seq "$runs"); do
    open+=("$(play "" "$tmp/open-$i")")
    boxed+=("$(play --sandbox "$tmp/boxed-$i")")
done
for i in $(seq "$runs"); do
    cut -d, -f1-23 "$tmp/open-$i/games.csv" > "$tmp/a"
    cut -d, -f1-23 "$tmp/boxed-$i/games.csv" > "$tmp/b"
    cmp -s "$tmp/a" "$tmp/b" || { echo "run $i: the games differ with and without --sandbox" >&2; exit 1; }
done
mo=$(printf '%s\n' "${open[@]}" | median)
mb=$(printf '%s\n' "${boxed[@]}" | median)
echo "games per run: $games (2 players, 1 thread; the Python bot plays all of them)"
echo "without --sandbox, ms per run: ${open[*]} (median $mo)"
echo "with --sandbox,    ms per run: ${boxed[*]} (median $mb)"
awk -v a="$mo" -v b="$mb" -v g="$games" 'BEGIN { printf "a fresh sandbox per game costs %.1f ms (%.1f ms a game without, %.1f with)\n", (b - a) / g, a / g, b / g }'
