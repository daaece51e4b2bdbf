#!/usr/bin/env bash
# The Catanatron oracle at scale (issue 41, item 3): crates/catan/tests/oracle/run with GAMES
# (default 1,000) games each way, Catanatron 3.2.1's games replayed in stadt and stadt's replayed
# in Catanatron, every action's state and every decision's legal moves compared. Writes
# results/catan-oracle/oracle.csv (a row per sort and per direction: games, games won, actions,
# legal-move lists and states compared, differences, Catanatron's version, the commit, seconds)
# and output.txt (the command, the machine, what it printed, the wall time). Fails on any
# difference, as ./test's 100-game run does.
#
# Usage (from the repository root, after ./test has made target/py-venv):
#   experiments/catan-oracle.sh [GAMES [PYTHON]]
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-1000} python=${2:-target/py-venv/bin/python}
out=results/catan-oracle
# The build, taken before this run rewrites its own files under results/ (which would mark it
# dirty); the run script labels its rows with it.
ORACLE_COMMIT=$(git describe --always --dirty --abbrev=7)
export ORACLE_COMMIT
mkdir -p "$out"
start=$(date +%s)
{
    echo "command: experiments/catan-oracle.sh $*"
    echo "commit: $ORACLE_COMMIT; machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg) at the start"
} > "$out/output.txt"
status=0
crates/catan/tests/oracle/run "$python" "$games" "$out/oracle.csv" 2>&1 | tee -a "$out/output.txt" || status=1
echo "wall time: $(($(date +%s) - start)) s" | tee -a "$out/output.txt"
exit $status
