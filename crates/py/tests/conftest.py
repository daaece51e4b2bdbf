"""Shared helpers of the Python tests: every test file takes its helpers from here."""

from __future__ import annotations

import csv
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import stadt

REPO = Path(__file__).resolve().parents[3]


def stadt_cli() -> Path:
    """The command-line binary the test command builds before these tests."""
    path = Path(os.environ.get("STADT_BIN", REPO / "target" / "release" / "stadt"))
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing: build it with `cargo build --release -p stadt` (./test does)")
    return path


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """Runs the command line; fails the test when it fails."""
    done = subprocess.run([str(stadt_cli()), *args], cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done


def run_experiment_script(name: str, *args: str) -> subprocess.CompletedProcess:
    """Runs experiments/NAME (a Python script) with this interpreter; the caller checks the result."""
    script = REPO / "experiments" / name
    return subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True)


def write_games_csv(folder: Path, columns: str, rows: list[tuple]) -> None:
    """A tournament folder holding only a games.csv: `game` numbered from 0, then `columns`."""
    folder.mkdir()
    lines = [f"game,{columns}"]
    lines += [",".join(str(x) for x in (i, *row)) for i, row in enumerate(rows)]
    (folder / "games.csv").write_text("\n".join(lines) + "\n")


def columns(path: Path, drop: set[str]) -> list[list[str]]:
    """A CSV file's rows, the header first, without the columns named in `drop` (chosen by name)."""
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    keep = [i for i, name in enumerate(rows[0]) if name not in drop]
    return [[r[i] for i in keep] for r in rows]


def wrapped(spec: str):
    """A Python entrant that plays stadt's own bot, seeded with the seed the runner gives."""

    def factory(seed: int, player: int):
        bot = stadt.Bot(spec, seed=seed)

        def act(view: stadt.Game) -> int:
            assert not view.has_deck()
            return bot.act(view)

        return act

    return spec, factory


def play_with(bot: stadt.Bot, game: stadt.Game) -> None:
    """Plays `game` to its end with `bot` in every seat, drawing the tiles as they come; every
    action it chooses must be legal."""
    while not game.is_terminal():
        if game.is_chance_node():
            game.draw()
        else:
            action = bot.act(game)
            assert action in game.legal_actions()
            game.apply(action)


def play_random(game: stadt.Game, rng: random.Random, decisions: int | None = None) -> list[int]:
    """Plays random legal actions (drawing from the game's deck) until the end or `decisions`
    decisions; returns every action applied, draws included."""
    history = []
    taken = 0
    while not game.is_terminal() and (decisions is None or taken < decisions):
        if game.is_chance_node():
            history.append(game.draw())
            continue
        action = rng.choice(game.legal_actions())
        game.apply(action)
        history.append(action)
        taken += 1
    return history


@pytest.fixture
def rng() -> random.Random:
    return random.Random(7)


def play_env_randomly(env: Any, seed: int) -> dict[str, float]:
    """Plays a PettingZoo AEC environment to its end with uniformly random legal actions (the mask
    checked against the game's legal actions at every step); returns each agent's total reward."""
    env.reset(seed=seed)
    rng = np.random.default_rng(0)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.sum() == len(env.game.legal_actions()) > 0
        env.step(int(rng.choice(np.flatnonzero(mask))))
    return totals
