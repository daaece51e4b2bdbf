"""A bot that remembers the chance it saw (Die Stadt's `draw` lines, Catan's `dice` lines) in
every place it can keep something between games: its own memory (a program kept for the next
game), a file in its folder, in /tmp and in $HOME. From a remembered game with the same chance so
far it names the next outcome before it is drawn, and counts how often it was right. After
`REPORT` decisions of a game in which it named any, it writes `FINDING predictions=N hits=H` to
stderr and exits (a forfeit, so that failures.txt keeps the line); a bot that remembers nothing
plays its games to the end. Used by tests/sandbox.rs.
"""

import json
import os
import sys

REPORT = 12
STORES = ["memory.json", "/tmp/stadt-memory.json", os.path.join(os.environ.get("HOME", "/tmp"), "stadt-memory.json")]
games = []


def load():
    for path in STORES:
        try:
            with open(path) as f:
                return json.load(f)
        except (OSError, ValueError):
            continue
    return []


def save():
    for path in STORES:
        try:
            with open(path, "w") as f:
                json.dump(games, f)
        except OSError:
            pass


def chance(record):
    return [line for line in record.splitlines() if line.startswith("draw ") or line.startswith("dice ")]


def main():
    global games
    games = load()
    current = None
    predictions = hits = decisions = 0
    pending = None
    for line in sys.stdin:
        m = json.loads(line)
        if m["type"] == "hello":
            print(json.dumps({"type": "ready"}), flush=True)
        elif m["type"] == "new_game":
            current = []
            games.append(current)
            predictions = hits = decisions = 0
            pending = None
        elif m["type"] == "decide":
            seen = chance(m["record"])
            if current is None:
                current = []
                games.append(current)
            current[:] = seen
            save()
            if pending is not None and len(seen) > pending[0]:
                hits += seen[pending[0]] == pending[1]
                pending = None
            for old in games if len(seen) >= 2 else []:
                if old is not current and len(old) > len(seen) and old[: len(seen)] == seen:
                    pending = (len(seen), old[len(seen)])
                    predictions += 1
                    break
            decisions += 1
            if decisions == REPORT and predictions > 0:
                print("FINDING predictions=%d hits=%d" % (predictions, hits), file=sys.stderr, flush=True)
                sys.exit(7)
            print(json.dumps({"type": "move", "move": m["moves"][0]}), flush=True)


main()
