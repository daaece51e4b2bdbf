#!/usr/bin/env python3
"""A Die Stadt bot that rebuilds the position with the stadt Python package from the public
record it is sent (docs/bot-protocol.md) and takes the move that leaves it furthest ahead of its
best opponent in points so far; among equal moves it prefers one that puts a follower or a
watchman on the board (points come later), then the first."""

import json
import sys

import stadt


def choose(game: stadt.Game) -> str:
    me = game.current_player()
    best, best_lead = None, None
    for action in game.legal_actions():
        after = game.clone()
        after.apply(action)
        scores = [s["score"] for s in after.scores()]
        text = game.action_to_string(action)
        placing = text.startswith("follower ") and text != "follower none" or text.endswith("watchman")
        lead = (scores[me] - max(s for p, s in enumerate(scores) if p != me), placing)
        if best_lead is None or lead > best_lead:
            best, best_lead = action, lead
    return game.action_to_string(best)


def main() -> None:
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            reply = {"type": "ready", "name": "greedy (Python, stadt package)"}
        elif kind == "decide":
            game = stadt.Game.from_public_record(message["record"])
            reply = {"type": "move", "move": choose(game)}
        elif kind == "quit":
            return
        else:
            continue  # new_game needs nothing here; messages of later versions are ignored
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
