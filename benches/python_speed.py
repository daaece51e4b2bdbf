"""Speed of stadt from Python, beside the command line's own figure, in one sitting.

Prints CSV lines (figure,value,unit):
- actions applied per second through `stadt.Game` (random legal actions chosen in Python, tile
  draws dealt from the game's deck; every draw and decision counts);
- random games per second through the PettingZoo environment (`env.last()` observations included,
  actions sampled from the action mask);
- random 4-player games per second of `stadt.random_playouts` (one thread, in Rust, interpreter
  released) and of `stadt bench`'s `random_4p_games_per_second_1_thread`, and their ratio.

Run from the repository root after `./test`:  target/py-venv/bin/python benches/python_speed.py
"""

from __future__ import annotations

import random
import subprocess
import sys
import time

import numpy as np

import stadt
import stadt.pettingzoo as sp

SECONDS = 3.0


def game_actions_per_second() -> float:
    rng = random.Random(1)
    actions = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < SECONDS:
        game = stadt.Game(players=4, seed=seed)
        seed += 1
        while not game.is_terminal():
            if game.is_chance_node():
                game.draw()
            else:
                game.apply(rng.choice(game.legal_actions()))
            actions += 1
    return actions / (time.perf_counter() - start)


def pettingzoo_games_per_second() -> float:
    env = sp.env(players=4)
    rng = np.random.default_rng(1)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        env.reset(seed=games)
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        games += 1
    return games / (time.perf_counter() - start)


def playouts_per_second() -> float:
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        stadt.random_playouts(2000, seed=games)
        games += 2000
    return games / (time.perf_counter() - start)


def cli_games_per_second(binary: str) -> float:
    out = subprocess.run([binary, "bench", "--seconds", str(SECONDS)], capture_output=True, text=True, check=True)
    for line in out.stdout.splitlines():
        if line.startswith("random_4p_games_per_second_1_thread,"):
            return float(line.split(",")[1])
    raise RuntimeError("stadt bench printed no random_4p_games_per_second_1_thread line")


def main() -> None:
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/stadt"
    print("figure,value,unit")
    print(f"game_actions_per_second,{game_actions_per_second():.0f},actions/s")
    print(f"pettingzoo_random_4p_games_per_second,{pettingzoo_games_per_second():.2f},games/s")
    ours = playouts_per_second()
    cli = cli_games_per_second(binary)
    print(f"random_playouts_4p_games_per_second,{ours:.0f},games/s")
    print(f"cli_random_4p_games_per_second,{cli:.0f},games/s")
    print(f"random_playouts_vs_cli,{ours / cli:.2f},ratio (target >= 0.5)")


if __name__ == "__main__":
    main()
