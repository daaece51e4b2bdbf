"""Ctrl-C stops a tournament with Python agents after whole games, and the same call resumes it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from conftest import columns

SCRIPT = """
import os, sys, time
import stadt

def factory(seed, player):
    bot = stadt.Bot("random", seed=seed)
    def act(view):
        time.sleep(float(os.environ["DELAY"]))
        return bot.act(view)
    return act

try:
    stadt.tournament(sys.argv[1], ["greedy", ("slow", factory)], players=2, games=12, seed=5, threads=2)
    print("finished")
except KeyboardInterrupt:
    print("interrupted")
    sys.exit(130)
"""


def default_sigint() -> None:
    """Ctrl-C as a terminal's program gets it: a shell that starts the tests in the background
    without job control (`(./test &)`) makes them ignore SIGINT, and an ignored SIGINT is inherited
    and leaves Python without its KeyboardInterrupt handler, so the run would go on to the end."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run(folder: Path, delay: str, interrupt_after_games: int | None = None) -> tuple[int, str]:
    env = dict(os.environ, DELAY=delay)
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, str(folder)],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=default_sigint,
    )
    if interrupt_after_games is not None:
        games = folder / "games.csv"
        deadline = time.time() + 120
        while time.time() < deadline:
            if games.exists() and len(games.read_text().splitlines()) > 2 * interrupt_after_games:
                break
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=300)
    return proc.returncode, out.strip()


def rows(folder: Path) -> list[list[str]]:
    return columns(folder / "games.csv", {"decision_ms"})


def test_ctrl_c_keeps_whole_games_and_the_same_call_resumes(tmp_path: Path) -> None:
    code, out = run(tmp_path / "t", "0.01", interrupt_after_games=2)
    assert (code, out) == (130, "interrupted")
    kept = rows(tmp_path / "t")
    assert 1 + 2 * 2 <= len(kept) < 1 + 2 * 12 and (len(kept) - 1) % 2 == 0
    assert run(tmp_path / "t", "0") == (0, "finished")
    assert run(tmp_path / "fresh", "0") == (0, "finished")
    assert rows(tmp_path / "t") == rows(tmp_path / "fresh")
