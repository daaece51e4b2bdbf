#!/usr/bin/env bash
# Runs an experiment file on a Slurm cluster: a job array of SHARDS tasks, each playing one shard
# of the tournament into WORK/shard-K, and a merge job that starts when every task has finished
# and writes the single-run folder WORK/merged. Run it from the repository root on the login node,
# after `cargo build --release`, with the repository on a filesystem the compute nodes share.
#
#   EXPERIMENT=experiments/mcts-vs-steerer.toml SHARDS=16 experiments/slurm/submit.sh
#
# Extra arguments go to the merge job's sbatch (`--wait` waits for the whole run).
set -euo pipefail

# ---- the settings a user changes ----------------------------------------------------------
export EXPERIMENT=${EXPERIMENT:-experiments/mcts-vs-steerer.toml}   # the experiment file
export SHARDS=${SHARDS:-4}                                          # array tasks (shards)
export WORK=${WORK:-results/cluster/$(basename "$EXPERIMENT" .toml)} # shard folders and merged/
export CPUS=${CPUS:-2}                                              # cores per task (--threads)
export STADT=${STADT:-target/release/stadt}                         # the binary, built beforehand
# One bot secret for every shard: bots in other programs are told seeds from it (docs/bot-protocol.md).
export BOT_SECRET=${BOT_SECRET:-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')}
# ----------------------------------------------------------------------------------------------

here=$(dirname "$0")
[ -x "$STADT" ] || { echo "submit.sh: $STADT is missing; run cargo build --release first" >&2; exit 2; }
[ -f "$EXPERIMENT" ] || { echo "submit.sh: no experiment file $EXPERIMENT" >&2; exit 2; }
mkdir -p "$WORK/logs"
array=$(sbatch --parsable --array="0-$((SHARDS - 1))" --cpus-per-task="$CPUS" \
    --output="$WORK/logs/shard-%a.out" "$here/tournament.sbatch")
echo "array job $array: $SHARDS shards of $EXPERIMENT into $WORK/shard-K"
sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes \
    --output="$WORK/logs/merge.out" "$@" "$here/merge.sbatch"
