#!/usr/bin/env bash
# compare-builds.sh: compare the build of a git revision with the build of the working tree,
# measured in one sitting on the same machine.
#
#   benches/compare-builds.sh BASE [--runs N] [--seconds S] [--out FILE] [--allow-different-games] [--rebuild]
#
# e.g. `benches/compare-builds.sh 65458a7` compares today's build with that commit's.
#
# What it does, run from anywhere inside the stadt checkout:
#   1. Builds BASE (a commit, tag or branch) in a temporary `git worktree` with
#      `cargo build --release -p stadt`, its target directory target/compare/<sha of BASE>/ so a
#      second run reuses it (the binary is kept there too: a second run with the same BASE reuses
#      it without building; --rebuild builds anew). The worktree is removed at the end, on failure too.
#   2. Builds the working tree, uncommitted changes included: `cargo build --release -p stadt`
#      (target/release/stadt). Both binaries are copied to a temporary folder before use.
#   3. Same games: plays seeds 1-4 with 2, 3 and 4 players (bots random, greedy, steerer and
#      mcts:iters=50, rotated by seed and cycled to the player count) with both binaries, and compares
#      the `--record` files byte for byte. Different games fail the script (exit status 1) before
#      any timing, unless --allow-different-games is given.
#   4. Speed: runs `stadt bench --seconds S` alternately with the base and the new binary
#      (base, new, base, new, ...), N times each, so drifts in the machine's load hit both. Prints a
#      table per figure: the values of each build, their medians, the ratio new/base, and which
#      direction is better (`_ns` and `bytes` figures lower, the others higher). With --out FILE
#      it also writes the table as CSV (the file must not exist yet).
#
# Options:
#   --runs N                 bench runs per build (default 3)
#   --seconds S              --seconds of each `stadt bench` run, per figure (default 2)
#   --out FILE               also write the table as CSV to FILE (refused if FILE exists)
#   --allow-different-games  report different games but go on to the timings (exit status 0)
#   --rebuild                build BASE even if target/compare/<sha> holds its binary already
#   -h, --help               print this help
#
# Exit status: 0 done; 1 a build, a game or a bench run failed, or the games differ; 2 usage errors
# (unknown option, unknown revision, not inside the repository, --out file exists).
# Needs git, cargo and python3. Timings on a shared or busy machine are noisy: read ratios near 1
# as "no difference", and use more --runs and --seconds for anything finer.
set -euo pipefail

prog=compare-builds
usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }
die() { echo "$prog: $*" >&2; exit 1; }
usage_error() {
    echo "$prog: $*" >&2
    echo "usage: benches/compare-builds.sh BASE [--runs N] [--seconds S] [--out FILE] [--allow-different-games] [--rebuild] (--help for more)" >&2
    exit 2
}
say() { echo "$prog: $*" >&2; }

# ---- arguments -----------------------------------------------------------------------------------
base=""
runs=3
seconds=2
out=""
allow_different=0
rebuild=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        -h | --help) usage; exit 0 ;;
        --runs) [[ $# -ge 2 ]] || usage_error "--runs needs a value"; runs="$2"; shift 2 ;;
        --runs=*) runs="${1#*=}"; shift ;;
        --seconds) [[ $# -ge 2 ]] || usage_error "--seconds needs a value"; seconds="$2"; shift 2 ;;
        --seconds=*) seconds="${1#*=}"; shift ;;
        --out) [[ $# -ge 2 ]] || usage_error "--out needs a value"; out="$2"; shift 2 ;;
        --out=*) out="${1#*=}"; shift ;;
        --allow-different-games) allow_different=1; shift ;;
        --rebuild) rebuild=1; shift ;;
        --) shift; [[ $# -eq 1 && -z "$base" ]] || usage_error "expected exactly one BASE revision"; base="$1"; shift ;;
        -*) usage_error "unknown option: $1" ;;
        *) [[ -z "$base" ]] || usage_error "expected one BASE revision, got '$base' and '$1'"; base="$1"; shift ;;
    esac
done
for tool in git cargo python3; do
    command -v "$tool" > /dev/null || die "$tool is needed and not on PATH"
done
[[ -n "$base" ]] || usage_error "missing BASE: the revision (commit, tag or branch) to compare with"
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || usage_error "--runs must be a whole number >= 1, not '$runs'"
[[ "$seconds" =~ ^([0-9]+(\.[0-9]*)?|\.[0-9]+)$ ]] && python3 -c 'import sys; sys.exit(not 0.01 <= float(sys.argv[1]) <= 600)' "$seconds" \
    || usage_error "--seconds must be a number from 0.01 to 600 (as stadt bench takes it), not '$seconds'"
if [[ -n "$out" ]]; then
    [[ ! -e "$out" ]] || usage_error "--out $out exists already; not overwriting it (remove it or name another file)"
    out_dir="$(dirname -- "$out")"
    [[ -d "$out_dir" ]] || usage_error "--out $out: folder $out_dir does not exist"
    out="$(cd "$out_dir" && pwd)/$(basename -- "$out")" # absolute: the script changes directory
fi

# ---- the repository and the revision -------------------------------------------------------------
root="$(git rev-parse --show-toplevel 2> /dev/null)" \
    || usage_error "not inside a git repository: run it from the stadt checkout ($(pwd) is not in one)"
grep -qs '^name = "stadt"$' "$root/Cargo.toml" "$root/crates/stadt/Cargo.toml" \
    || usage_error "$root is not the stadt repository (no package stadt in its Cargo.toml)"
cd "$root"
base_sha="$(git rev-parse --verify --quiet "${base}^{commit}")" \
    || usage_error "unknown revision '$base' (not a commit, tag or branch of $root)"
base_short="$(git rev-parse --short=12 "$base_sha")"

# ---- temporary folder, worktree, cleanup ---------------------------------------------------------
tmp="$(mktemp -d "${TMPDIR:-/tmp}/compare-builds.XXXXXX")"
worktree=""
cleanup() {
    local status=$?
    if [[ -n "$worktree" ]]; then
        git -C "$root" worktree remove --force "$worktree" 2> /dev/null || true
    fi
    rm -rf "$tmp"
    git -C "$root" worktree prune 2> /dev/null || true
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

# ---- 1. the base build ---------------------------------------------------------------------------
cache="$root/target/compare/$base_short"
base_bin="$tmp/stadt-base"
if [[ $rebuild -eq 0 && -x "$cache/stadt" ]]; then
    say "base $base ($base_short): reusing the binary built before, $cache/stadt (--rebuild to build anew)"
else
    say "base $base ($base_short): building in a temporary worktree, target directory $cache"
    mkdir -p "$cache"
    worktree="$tmp/worktree"
    git worktree add --quiet --detach "$worktree" "$base_sha" || die "git worktree add failed for $base_sha"
    (cd "$worktree" && CARGO_TARGET_DIR="$cache" cargo build --release -p stadt) \
        || die "the build of base $base ($base_short) failed"
    [[ -x "$cache/release/stadt" ]] || die "the base build left no binary at $cache/release/stadt"
    cp "$cache/release/stadt" "$cache/stadt.partial" && mv "$cache/stadt.partial" "$cache/stadt"
    git worktree remove --force "$worktree"
    worktree=""
fi
cp "$cache/stadt" "$base_bin"

# ---- 2. the working tree build -------------------------------------------------------------------
head_short="$(git rev-parse --short=12 HEAD)"
if [[ -n "$(git status --porcelain --untracked-files=no)" ]]; then
    new_name="working tree (HEAD $head_short + uncommitted changes)"
else
    new_name="working tree (HEAD $head_short, clean)"
fi
say "new: building the $new_name"
cargo build --release -p stadt || die "the build of the working tree failed"
new_bin="$tmp/stadt-new"
cp "$root/target/release/stadt" "$new_bin" # a copy: later builds in target/ do not change what is measured

echo "base: $base = $base_sha"
echo "new:  $new_name"
echo "machine: $(nproc) cores; bench runs: $runs per build, --seconds $seconds"

# ---- 3. same games -------------------------------------------------------------------------------
bots=(random greedy steerer mcts:iters=50)
games=0
differing=()
for seed in 1 2 3 4; do
    for players in 2 3 4; do
        seat_bots=()
        for ((i = 0; i < players; i++)); do
            seat_bots+=("${bots[$(((seed - 1 + i) % ${#bots[@]}))]}")
        done
        bot_list="$(IFS=,; echo "${seat_bots[*]}")"
        game="seed $seed, $players players, bots $bot_list"
        for build in base new; do
            bin="$tmp/stadt-$build"
            "$bin" play --players "$players" --seed "$seed" --bots "$bot_list" \
                --record "$tmp/game-$seed-$players.$build.rec" > "$tmp/game-$seed-$players.$build.out" 2>&1 \
                || die "stadt play failed with the $build build ($game): $(tail -n 3 "$tmp/game-$seed-$players.$build.out")"
        done
        games=$((games + 1))
        if ! cmp -s "$tmp/game-$seed-$players.base.rec" "$tmp/game-$seed-$players.new.rec"; then
            differing+=("$game")
        fi
    done
done
if [[ ${#differing[@]} -eq 0 ]]; then
    echo "same games: yes ($games games: seeds 1-4 x 2, 3, 4 players, records byte-identical)"
else
    echo "same games: NO, ${#differing[@]} of $games records differ; the first: ${differing[0]}"
    for game in "${differing[@]:1}"; do echo "  also: $game"; done
    if [[ $allow_different -eq 0 ]]; then
        say "the builds play different games (first: ${differing[0]}); stopping before the timings (--allow-different-games to time them anyway)"
        exit 1
    fi
fi

# ---- 4. speed ------------------------------------------------------------------------------------
for ((run = 1; run <= runs; run++)); do
    for build in base new; do
        say "bench run $run of $runs, $build build (--seconds $seconds per figure)"
        "$tmp/stadt-$build" bench --seconds "$seconds" > "$tmp/bench-$build-$run.csv" 2> "$tmp/bench-$build-$run.err" \
            || die "stadt bench failed with the $build build (run $run): $(tail -n 3 "$tmp/bench-$build-$run.err")"
    done
done

python3 - "$tmp" "$runs" "$out" << 'EOF'
import csv, io, statistics, sys

tmp, runs, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
figures = []  # in order of first appearance
units = {}
values = {"base": {}, "new": {}}
for build in ("base", "new"):
    for run in range(1, runs + 1):
        with open(f"{tmp}/bench-{build}-{run}.csv", newline="") as f:
            for row in csv.DictReader(f):
                figure = row["figure"]
                if figure not in units:
                    figures.append(figure)
                    units[figure] = row.get("unit", "")
                values[build].setdefault(figure, []).append(row["value"])


def number(text):
    try:
        return float(text)
    except ValueError:
        return None


def median(texts):
    numbers = [n for n in map(number, texts) if n is not None]
    return statistics.median(numbers) if numbers else None


def show(x):
    if x is None:
        return "-"
    if abs(x) >= 100:
        return f"{x:.1f}".rstrip("0").rstrip(".")
    return f"{x:.4g}"


header = ["figure", "unit", "better", "base values", "new values", "median base", "median new", "new/base"]
rows = []
for figure in figures:
    better = "lower" if figure.endswith("_ns") or "bytes" in figure else "higher"
    base_values = values["base"].get(figure, [])
    new_values = values["new"].get(figure, [])
    mb, mn = median(base_values), median(new_values)
    ratio = f"{mn / mb:.3f}" if mb and mn is not None else "-"
    rows.append([figure, units[figure], better, " ".join(base_values) or "-", " ".join(new_values) or "-",
                 show(mb), show(mn), ratio])

widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
print()
print("  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip())
for r in rows:
    print("  ".join(str(c).ljust(w) if i < 5 else str(c).rjust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip())
print()
print("new/base is the ratio of the medians: above 1 is better for 'higher' figures, below 1 for 'lower' ones.")
if out:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([h.replace(" ", "_").replace("/", "_per_") for h in header])
    writer.writerows(rows)
    try:
        with open(out, "x") as f:
            f.write(buffer.getvalue())
    except FileExistsError:
        sys.exit(f"compare-builds: {out} appeared while measuring; not overwriting it")
    print(f"table written to {out}")
EOF
