#!/usr/bin/env bash
# The Catan engine against the current Catanatron (3.3.0, its repository's source; not on PyPI),
# issue 59: (a) Catanatron's own games (its random and weighted-random players and the two mixed,
# 2, 3 and 4 players, GAMES/9 each) replayed in stadt under the preset `catanatron3_3`, compared
# after every action and before every decision (crates/catan/tests/oracle.rs); (b) GAMES games in
# Catanatron's loop with stadt's random bot answering one seat through the bridge
# (experiments/catanatron-current-check.py), which stops a game at its first difference.
# Fails on any difference or stopped game. crates/catan/tests/oracle/run does the same, both ways,
# for 3.2.1 from PyPI (./test).
#
# Usage: experiments/catanatron-current.sh CHECKOUT [GAMES] [CSV]
# CHECKOUT: a clone of Catanatron's repository (git clone https://github.com/bcollazo/catanatron),
# or CATANATRON_SOURCE; its package folder CHECKOUT/catanatron is put first on PYTHONPATH, so
# PYTHON (default target/py-venv/bin/python, which ./test builds; it needs networkx) imports it
# rather than an installed Catanatron. GAMES: default 900. CSV: also write the counts there.
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=${1:-${CATANATRON_SOURCE:-}}
games=${2:-900}
csv=${3:-}
python=${PYTHON:-target/py-venv/bin/python}
if [ -z "$checkout" ] || [ ! -f "$checkout/catanatron/catanatron/game.py" ]; then
    echo "usage: $0 CHECKOUT [GAMES] [CSV]: CHECKOUT is a clone of https://github.com/bcollazo/catanatron (git clone https://github.com/bcollazo/catanatron), holding catanatron/catanatron/game.py" >&2
    exit 2
fi
if ! [[ $games =~ ^[0-9]+$ ]] || [ "$games" -lt 9 ]; then
    echo "$0: GAMES ($games) is a whole number of 9 or more" >&2
    exit 2
fi
if ! "$python" -c 'import networkx' 2> /dev/null; then
    echo "$0: $python cannot import networkx (run ./test once for target/py-venv, or set PYTHON)" >&2
    exit 2
fi
export PYTHONPATH="$(cd "$checkout/catanatron" && pwd)"
readings=$("$python" -c 'import sys; sys.path.insert(0, "bots/catanatron"); from stadt_player import readings; print(readings())')
version=$(sed -n 's/^version = "\(.*\)"/\1/p' "$checkout/pyproject.toml" | head -1)
commit=$(git -C "$checkout" rev-parse --short HEAD 2> /dev/null || echo unknown)
echo "Catanatron $version ($commit) from $checkout: stadt's options $readings"
cargo build --quiet --release
export STADT="${CARGO_TARGET_DIR:-target}/release/stadt"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
here=crates/catan/tests/oracle
status=0

# (a) Catanatron's games, two sorts at a time, replayed in stadt.
start=$SECONDS
per=$(((games + 8) / 9))
jobs=()
sort=0
for moves in random weighted mixed; do
    for players in 2 3 4; do
        jobs+=("$per $((1 + 100000 * sort)) $players $moves $dir/catanatron-$moves-$players.jsonl")
        sort=$((sort + 1))
    done
done
printf '%s\n' "${jobs[@]}" |
    xargs -P 2 -L 1 sh -c 'PYTHONPATH='"$PYTHONPATH:$here"' "$0" '"$here"'/catanatron_games.py "$1" "$2" "$3" "$4" > "$5"' "$python"
list=$(printf '%s\n' "${jobs[@]}" | awk '{print $5}' | paste -sd:)
out=$(CATAN_ORACLE=$list cargo test --quiet --release --test oracle -- --ignored --exact \
    catanatron_games_replay_in_stadt_action_by_action --nocapture 2>&1) || status=1
replayed=$(grep '^oracle catanatron-in-stadt:' <<< "$out" || true)
grep -v '^oracle\|^$\|^running \|^test \|^\.' <<< "$out" >&2 || true
echo "$replayed ($((SECONDS - start)) s)"
[ -n "$replayed" ] || status=1

# (b) stadt's random bot in one seat of Catanatron's loop.
start=$SECONDS
checked=$("$python" experiments/catanatron-current-check.py "$games" 1 random) || status=1
echo "$checked ($((SECONDS - start)) s)"
if [ -n "$csv" ]; then
    echo "check,catanatron,commit,readings,line" > "$csv"
    echo "replay,$version,$commit,$readings,\"$replayed\"" >> "$csv"
    echo "bridge,$version,$commit,$readings,\"$(head -1 <<< "$checked")\"" >> "$csv"
fi
exit $status
