"""Plays Catanatron games with its random and weighted-random players and writes each as one JSON
line: the board (tiles in Catanatron's order, which is stadt's hex order; ports in its order,
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
from catanatron.models.enums import CITY, DEVELOPMENT_CARDS, RESOURCES, SETTLEMENT
from catanatron.models.player import Color, RandomPlayer
from catanatron.players.weighted_random import WeightedRandomPlayer
from catanatron.state_functions import player_key

# Catanatron's actions and board in the JSON stadt reads, as the Catanatron player sends them.
sys.path.insert(0, str(Path(__file__).resolve().parents[4] / "bots" / "catanatron"))
from stadt_player import action_json, board_json  # noqa: E402

COLORS = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
KINDS = {
    "random": [RandomPlayer] * 4,
    "weighted": [WeightedRandomPlayer] * 4,
    "mixed": [RandomPlayer, WeightedRandomPlayer] * 2,
}


def snapshot(state):
    """Everything the two engines must agree on after an action: per seat the resource cards, the
    development cards in hand and played (by kind: knight, year of plenty, monopoly, road building,
    victory point), the points (hidden ones included), the longest road and largest army cards,
    the road length, the settlements, cities and roads on the board, the pieces left; then the
    bank's resources and development cards (by kind), the robber, whose turn it is and who
    decides."""
    colors = state.colors
    board = state.board
    out = []
    for c in colors:
        k = player_key(state, c)
        ps = state.player_state
        nodes = {
            kind: sorted(n for n, (col, t) in board.buildings.items() if col == c and t == kind)
            for kind in (SETTLEMENT, CITY)
        }
        out.append(
            {
                "hand": [ps[f"{k}_{r}_IN_HAND"] for r in RESOURCES],
                "dev": [ps[f"{k}_{d}_IN_HAND"] for d in DEVELOPMENT_CARDS],
                "played": [ps[f"{k}_PLAYED_{d}"] for d in DEVELOPMENT_CARDS],
                "vp": ps[f"{k}_ACTUAL_VICTORY_POINTS"],
                "road": ps[f"{k}_HAS_ROAD"],
                "army": ps[f"{k}_HAS_ARMY"],
                # The board's count: the player state's copy lags (set-up roads never reach it).
                "length": board.road_lengths.get(c, 0),
                "settlements": nodes[SETTLEMENT],
                "cities": nodes[CITY],
                "roads": sorted([a, b] for (a, b), col in board.roads.items() if col == c and a < b),
                "left": [ps[f"{k}_{p}_AVAILABLE"] for p in ("ROADS", "SETTLEMENTS", "CITIES")],
            }
        )
    return {
        "players": out,
        "bank": list(state.resource_freqdeck),
        "deck": [state.development_listdeck.count(d) for d in DEVELOPMENT_CARDS],
        "robber": list(board.robber_coordinate),
        "turn": state.current_turn_index,
        "current": state.current_player_index,
    }


def diff(ours, theirs):
    """The fields two snapshots differ in, as `field` or `players[i].field`; a field only one side
    has differs too."""

    def fields(a, b):
        return [k for k in list(a) + [k for k in b if k not in a] if a.get(k) != b.get(k)]

    out = [k for k in fields(ours, theirs) if k != "players"]
    if len(ours["players"]) != len(theirs["players"]):
        out.append("players")
    for i, (p, q) in enumerate(zip(ours["players"], theirs["players"], strict=False)):
        out += [f"players[{i}].{k}" for k in fields(p, q)]
    return out


def main():
    games, seed = int(sys.argv[1]), int(sys.argv[2])
    players = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    kind = sys.argv[4] if len(sys.argv) > 4 else "random"
    for g in range(games):
        game = Game([k(c) for k, c in zip(KINDS[kind], COLORS[:players], strict=False)], seed=seed + g)
        colors = list(game.state.colors)
        record = {
            "seed": seed + g,
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
            legal = [action_json(a, colors) for a in game.state.playable_actions]
            logged = game.play_tick(
                decide_fn=lambda player, game, actions: player.decide(game, sorted(actions, key=repr))
            )
            record["steps"].append(
                {"legal": legal, "action": action_json(logged, colors), "after": snapshot(game.state)}
            )
        record["winner"] = None if game.winning_color() is None else colors.index(game.winning_color())
        print(json.dumps(record, separators=(",", ":")))


if __name__ == "__main__":
    main()
