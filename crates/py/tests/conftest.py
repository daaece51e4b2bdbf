"""Shared helpers of the Python tests."""

from __future__ import annotations

import os
import random
import subprocess
from pathlib import Path

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
