"""Replays stadt's games (written by `tests/oracle.rs`'s `stadt_games_for_catanatron`) in
Catanatron 3.2.1 with every chance outcome forced, and compares after every action what each
player holds, the bank, the robber, whose turn it is and who decides (catanatron_games.py's
`snapshot`), where the game ends and who wins, and before every action stadt's legal moves with
Catanatron's playable actions. Prints the counts and the first differences; exits 1 on
any.

Usage: python3 replay_in_catanatron.py FILE.jsonl [FILE.jsonl...] (Catanatron 3.2.1 importable)
"""

import json
import sys
from collections import Counter

from catanatron.game import TURNS_LIMIT, Game
from catanatron.models.enums import Action, ActionType
from catanatron.models.map import BASE_MAP_TEMPLATE, CatanMap, initialize_tiles
from catanatron.models.player import RandomPlayer
from catanatron.state import apply_action

# The seating and what each player holds are read as the games written for stadt read them.
from catanatron_games import COLORS
from stadt_player import diff, snapshot


def catanatron_map(g):
    # initialize_tiles pops from the end, in topology order: hand it the lists reversed.
    terrain = list(reversed(g["terrain"]))
    numbers = list(reversed([n for t, n in zip(g["terrain"], g["numbers"], strict=False) if t is not None]))
    ports = list(reversed(g["ports"]))
    return CatanMap.from_tiles(initialize_tiles(BASE_MAP_TEMPLATE, numbers, ports, terrain))


def to_action(a, colors, intent):
    seat, kind, value = a
    t = ActionType[kind]
    color = colors[seat]
    if t == ActionType.BUILD_ROAD:
        value = tuple(value)
    elif t == ActionType.MOVE_ROBBER:
        coord, victim, stolen = value
        value = (tuple(coord), None if victim is None else colors[victim], None if intent else stolen)
    elif t == ActionType.PLAY_YEAR_OF_PLENTY:
        value = tuple(value)
    elif t == ActionType.MARITIME_TRADE:
        value = tuple(value)
    elif t in (ActionType.ROLL, ActionType.BUY_DEVELOPMENT_CARD, ActionType.DISCARD):
        value = None if intent else (tuple(value) if isinstance(value, list) and t == ActionType.ROLL else value)
    return Action(color, t, value)


def over(game):
    """Whether Catanatron's game loop (`Game.play`) stops here: won, or at its turn limit."""
    return game.winning_color() is not None or game.state.num_turns >= TURNS_LIMIT


def replay(g, c, note):
    """Replays one of stadt's games in Catanatron, counting into `c` and noting differences."""
    n = g["players"]
    game = Game([RandomPlayer(col) for col in COLORS[:n]], seed=1, catan_map=catanatron_map(g))
    colors = list(game.state.colors)
    c["games"] += 1
    for i, step in enumerate(g["steps"]):
        # As lists with their counts: a move listed twice on one side is a difference too.
        playable = Counter(game.state.playable_actions)
        ours = Counter(to_action(a, colors, True) for a in step["legal"])
        c["legal_lists"] += 1
        if ours != playable:
            note(
                "legal moves", i, f"stadt only {list(ours - playable)[:3]}, Catanatron only {list(playable - ours)[:3]}"
            )
        intent = to_action(step["action"], colors, True)
        if intent not in playable:
            note("illegal in Catanatron", i, str(intent))
            return
        apply_action(game.state, to_action(step["action"], colors, False))
        c["actions"] += 1
        c["states"] += 1
        theirs = snapshot(game.state)
        for field in diff(theirs, step["after"]):
            note(field, i, f"after {step['action']}: Catanatron {theirs} stadt {step['after']}")
        if over(game) and i + 1 < len(g["steps"]):
            note(
                "end",
                i,
                f"Catanatron's game is over ({game.winning_color()}, turn {game.state.num_turns}), stadt's goes on",
            )
            return
    if not over(game):
        note("end", len(g["steps"]), f"stadt's game is over, Catanatron's goes on (turn {game.state.num_turns})")
    winner = game.winning_color()
    c["won"] += winner is not None
    if (None if winner is None else colors.index(winner)) != g["winner"]:
        note("winner", len(g["steps"]), f"Catanatron {winner}, stadt {g['winner']}")


def report(what, c, diffs, first=None):
    """One summary line (the oracle's run script reads it), then every kind of difference (with
    `first`, its first instance)."""
    counts = " ".join(f"{k}={c[k]}" for k in ("games", "won", "actions", "legal_lists", "states"))
    print(f"oracle {what}: {counts} differences={sum(diffs.values())}")
    for kind, count in diffs.items() if first is not None else ():
        print(f"{kind}: {count} differences; first: {first[kind]}")


def main():
    total, all_diffs = Counter(), Counter()
    for path in sys.argv[1:]:
        c, diffs, first = Counter(), Counter(), {}
        for line in open(path):
            g = json.loads(line)

            def note(kind, step, detail, seed=g["seed"], players=g["players"], diffs=diffs, first=first):
                diffs[kind] += 1
                first.setdefault(kind, f"game {seed} ({players} players) step {step}: {detail}")

            replay(g, c, note)
        report(f"stadt-in-catanatron {path}", c, diffs, first)
        total.update(c)
        all_diffs.update(diffs)
    # The total: its differences are the files' above.
    report("stadt-in-catanatron", total, all_diffs)
    sys.exit(1 if all_diffs else 0)


if __name__ == "__main__":
    main()
