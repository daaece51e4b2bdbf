"""experiments/margin_spread.py: the figures results/README.md's scaling paragraph quotes."""

from __future__ import annotations

import subprocess
from pathlib import Path

from conftest import run_experiment_script, write_games_csv


def games_csv(folder: Path, rows: list[tuple[str, float, float]]) -> None:
    write_games_csv(folder, "seat,bot,win_share,margin", [(1, *row) for row in rows])


def spread(*args: str) -> subprocess.CompletedProcess:
    return run_experiment_script("margin_spread.py", *args)


def test_it_gives_the_bots_win_rate_margin_spread_and_the_margin_sixty_percent_needs(tmp_path: Path) -> None:
    # The other bot's rows are left out: margins 10, -10, 20, 0 (mean 5, sd 12.91).
    games_csv(
        tmp_path / "run",
        [("big", 1, 10), ("small", 0, -10), ("big", 0, -10), ("big", 1, 20), ("big", 0.5, 0), ("small", 1, 7)],
    )
    done = spread("big", str(tmp_path / "run"))
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        f"{tmp_path / 'run'}: big, 4 games, wins 62.50%, margin +5.0, sd 12.9; normal model 65.1%, 60% needs +3.3\n"
    )


def test_a_bot_without_games_or_an_odd_argument_list_is_an_error(tmp_path: Path) -> None:
    games_csv(tmp_path / "run", [("big", 1, 10), ("big", 0, -4)])
    done = spread("nobody", str(tmp_path / "run"))
    assert done.returncode != 0 and "0 games of 'nobody'" in done.stderr
    done = spread("big", str(tmp_path / "run"), "extra")
    assert done.returncode != 0 and "a bot label and a folder" in done.stderr
