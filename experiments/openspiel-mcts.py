"""OpenSpiel's MCTSBot against stadt's ladder: the first opponent written outside the project.

MCTSBot (open_spiel.python.algorithms.mcts) searches 50 simulations per decision with UCT
(c = 2) and the random-rollout evaluator (one rollout to the end of the game per leaf), through
`stadt.openspiel`; chance nodes (tile draws) are sampled from the unseen tiles. It meets stadt's
random, greedy, steerer and mcts (1,000 iterations) in 2-player games on duplicate decks, every
pair of the five playing 20 games (10 decks, both seatings), through `stadt.tournament`.

Run from the repository root, after `./test` (or `pip install ./crates/py` with open_spiel):
    target/py-venv/bin/python experiments/openspiel-mcts.py
The output folder resumes like any tournament folder; results/README.md quotes its summary.csv. Python
agents take the interpreter in turn, so to use more cores play shards in separate processes and
merge them (the result is the same, game for game):
    target/py-venv/bin/python experiments/openspiel-mcts.py --shard 0/2 --out /tmp/os-0 &
    target/py-venv/bin/python experiments/openspiel-mcts.py --shard 1/2 --out /tmp/os-1
    target/release/stadt merge results/openspiel-mcts /tmp/os-0 /tmp/os-1
"""

from __future__ import annotations

import argparse

import stadt
import stadt.openspiel as so

SIMULATIONS = 50
OUT = "results/openspiel-mcts"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=OUT, help=f"output folder (default {OUT})")
    parser.add_argument("--shard", help="play only shard K/N, into --out")
    args = parser.parse_args()
    entrant = so.mcts_entrant(simulations=SIMULATIONS, rollouts=1, uct_c=2.0, players=2)
    result = stadt.tournament(
        args.out,
        [entrant, "random", "greedy", "steerer", "mcts"],
        players=2,
        games=20,
        seed=13,
        threads=2,
        shard=args.shard,
        about=f"OpenSpiel MCTSBot ({SIMULATIONS} simulations, UCT c=2, one random rollout per leaf) "
        "against stadt's ladder",
    )
    print(result["table"])


if __name__ == "__main__":
    main()
