#!/usr/bin/env python3
"""A bot that plays a random legal move, speaking stadt-bot 1 (docs/bot-protocol.md) with
Python's standard library only: no stadt package, no rules engine. It plays any game, as the host
lists the legal moves (random-python.bot plays Die Stadt, random-python-catan.bot Catan)."""

import json
import random
import sys


def main() -> None:
    rng = random.Random(0)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            reply = {"type": "ready", "name": "random (Python, standard library)"}
        elif kind == "new_game":
            rng = random.Random(message["seed"])
            continue
        elif kind == "decide":
            reply = {"type": "move", "move": rng.choice(message["moves"])}
        elif kind == "quit":
            return
        else:
            continue  # messages of later versions
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
