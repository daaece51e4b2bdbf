#!/usr/bin/env python3
"""Replays checked-in tournaments and checks that their games.csv rows come out the same.

usage: .ci/same-results.py STADT RESULTS_DIR...

Each RESULTS_DIR holds a tournament whose manifest's command is `stadt tournament
experiments/NAME.toml ...`; it is run again by the binary STADT into a scratch folder, and its
games.csv compared row by row with the checked-in one, every column but `decision_ms` (a time).
Exit 0 when every row matches, 1 naming the first difference otherwise.
"""

import csv
import shlex
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path


def rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as f:
        return [{k: v for k, v in r.items() if k != "decision_ms"} for r in csv.DictReader(f)]


def main() -> int:
    stadt, dirs = sys.argv[1], [Path(d) for d in sys.argv[2:]]
    root = Path(__file__).resolve().parent.parent
    failed = 0
    for d in dirs:
        manifest = tomllib.loads((d / "manifest.toml").read_text())
        words = shlex.split(manifest["command"])
        experiment = next(w for w in words if w.endswith(".toml"))
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "run"
            args = [stadt, "tournament", str(root / experiment), "--out", str(out), "--quiet"]
            subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
            ours, theirs = rows(out / "games.csv"), rows(d / "games.csv")
        if ours == theirs:
            print(f"{d}: {len(ours)} rows, the same")
            continue
        failed += 1
        if len(ours) != len(theirs):
            print(f"{d}: {len(ours)} rows, checked in {len(theirs)}")
        for i, (a, b) in enumerate(zip(ours, theirs)):
            if a != b:
                diff = {k: (a.get(k), b.get(k)) for k in a.keys() | b.keys() if a.get(k) != b.get(k)}
                print(f"{d}: row {i + 2} differs (ours, checked in): {diff}")
                break
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
