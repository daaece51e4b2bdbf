"""Plays Catanatron games with its random players and writes each as one JSON line: the board
(tiles in Catanatron's order, which is stadt's hex order; ports in its order, stadt's harbour
order), the seating, and per action the player's legal actions before it, the action as logged
(with its chance outcome), and what each player holds after it. stadt replays these
(`tests/oracle.rs`) and compares after every action.

Usage: PYTHONPATH=<catanatron 3.2.1> python3 catanatron_games.py GAMES SEED [PLAYERS] > games.jsonl
"""

import json
import sys

from catanatron.game import Game
from catanatron.models.enums import RESOURCES
from catanatron.models.player import Color, RandomPlayer
from catanatron.state_functions import player_key

COLORS = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]


def value(v, colors):
    """An action's value as JSON: colors as seat numbers, tuples as lists."""
    if isinstance(v, Color):
        return colors.index(v)
    if isinstance(v, (tuple, list)):
        return [value(x, colors) for x in v]
    return v


def action(a, colors):
    return [colors.index(a.color), a.action_type.value, value(a.value, colors)]


def snapshot(state):
    colors = state.colors
    out = []
    for c in colors:
        k = player_key(state, c)
        ps = state.player_state
        out.append(
            {
                "hand": [ps[f"{k}_{r}_IN_HAND"] for r in RESOURCES],
                "vp": ps[f"{k}_ACTUAL_VICTORY_POINTS"],
                "road": ps[f"{k}_HAS_ROAD"],
                "army": ps[f"{k}_HAS_ARMY"],
                # The board's count: the player state's copy lags (set-up roads never reach it).
                "length": state.board.road_lengths.get(c, 0),
            }
        )
    return {
        "players": out,
        "bank": list(state.resource_freqdeck),
        "robber": list(state.board.robber_coordinate),
        "current": state.current_player_index,
    }


def main():
    games, seed = int(sys.argv[1]), int(sys.argv[2])
    players = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    for g in range(games):
        game = Game([RandomPlayer(c) for c in COLORS[:players]], seed=seed + g)
        colors = list(game.state.colors)
        m = game.state.board.map
        tiles = sorted(m.tiles_by_id.values(), key=lambda t: t.id)
        ports = sorted(m.ports_by_id.values(), key=lambda p: p.id)
        record = {
            "seed": seed + g,
            "colors": [c.value for c in colors],
            "terrain": [t.resource for t in tiles],
            "numbers": [t.number or 0 for t in tiles],
            "coords": [list(c) for c, t in sorted(m.land_tiles.items(), key=lambda kv: kv[1].id)],
            "ports": [p.resource for p in ports],
            "steps": [],
        }
        while game.winning_color() is None and game.state.num_turns < 1000:
            legal = [action(a, colors) for a in game.state.playable_actions]
            logged = game.play_tick()
            record["steps"].append({"legal": legal, "action": action(logged, colors), "after": snapshot(game.state)})
        record["winner"] = None if game.winning_color() is None else colors.index(game.winning_color())
        print(json.dumps(record, separators=(",", ":")))


if __name__ == "__main__":
    main()
