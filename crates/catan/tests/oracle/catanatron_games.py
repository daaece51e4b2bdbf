"""Plays Catanatron games with its random and weighted-random players and writes each as one JSON
line: stadt's options for the Catanatron imported (3.2.1's `catanatron` or 3.3.0's
`catanatron3_3`), the board (tiles in Catanatron's order, which is stadt's hex order; ports in its order,
stadt's harbour order), the seating, the players' kinds, and per action the deciding player's
playable actions before it, the action as logged (with its chance outcome), and the state after it
(`snapshot`). stadt replays these (`tests/oracle.rs`) and compares after every action.

Usage: python3 catanatron_games.py GAMES SEED [PLAYERS [KIND]] > games.jsonl
KIND: random (default), weighted (WeightedRandomPlayer) or mixed (seats alternate, random first).
"""

import json
import sys
from pathlib import Path

from catanatron.game import TURNS_LIMIT, Game
from catanatron.models.player import Color, RandomPlayer
from catanatron.players.weighted_random import WeightedRandomPlayer

# Catanatron's actions, board and state in the JSON stadt reads, as the Catanatron player sends
# them, from 3.2.1's log or 3.3.0's action records.
sys.path.insert(0, str(Path(__file__).resolve().parents[4] / "bots" / "catanatron"))
from stadt_player import (  # noqa: E402
    action_json,
    board_json,
    log,
    logged_json,
    playable,
    readings,
    snapshot,
)

COLORS = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
KINDS = {
    "random": [RandomPlayer] * 4,
    "weighted": [WeightedRandomPlayer] * 4,
    "mixed": [RandomPlayer, WeightedRandomPlayer] * 2,
}


def main():
    games, seed = int(sys.argv[1]), int(sys.argv[2])
    players = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    kind = sys.argv[4] if len(sys.argv) > 4 else "random"
    for g in range(games):
        game = Game([k(c) for k, c in zip(KINDS[kind], COLORS[:players], strict=False)], seed=seed + g)
        colors = list(game.state.colors)
        record = {
            "seed": seed + g,
            "options": readings(),
            "colors": [c.value for c in colors],
            "kinds": [type(p).__name__ for p in game.state.players],
            **board_json(game),
            "steps": [],
        }
        # Game.play's loop, one tick at a time. The players choose from the playable actions in
        # one fixed order: Catanatron builds some from sets whose order changes from run to run
        # (maritime trades, tuples holding None, whose hash is its address on Python 3.11), and
        # random and weighted-random choices do not depend on the order, only the seed's games do.
        while game.winning_color() is None and game.state.num_turns < TURNS_LIMIT:
            legal = [action_json(a, colors) for a in playable(game)]
            game.play_tick(decide_fn=lambda player, game, actions: player.decide(game, sorted(actions, key=repr)))
            record["steps"].append(
                {"legal": legal, "action": logged_json(log(game)[-1], colors), "after": snapshot(game.state)}
            )
        record["winner"] = None if game.winning_color() is None else colors.index(game.winning_color())
        print(json.dumps(record, separators=(",", ":")))


if __name__ == "__main__":
    main()
