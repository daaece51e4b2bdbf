"""experiments/paired_steps.py: the deck-paired differences results/README.md's search paragraphs quote."""

from __future__ import annotations

import subprocess
from pathlib import Path

from conftest import run_experiment_script, write_games_csv


def games_csv(folder: Path, rows: list[tuple[int, str, str, float, float]]) -> None:
    write_games_csv(folder, "deck,deck_seed,seat,bot,win_share,margin", [(d, s, 1, *rest) for d, s, *rest in rows])


def paired(*args: str) -> subprocess.CompletedProcess:
    return run_experiment_script("paired_steps.py", *args)


def test_it_pairs_the_two_bots_deck_by_deck_over_the_decks_both_played(tmp_path: Path) -> None:
    # Shared decks 0 and 1. A: wins 0.5 and 1 per deck, margins 3 and 7; B: wins 0 and 1, margins
    # -4 and 3. Deck 2 has another seed in B (another deck), deck 3 is only in B; "other" rows are
    # the opponents'. Differences: wins 0.5 and 0 (mean 0.25, se 0.25), margins 7 and 4 (mean 5.5,
    # se 1.5).
    games_csv(
        tmp_path / "a",
        [
            (0, "11", "x", 1, 10),
            (0, "11", "other", 0, -10),
            (0, "11", "x", 0, -4),
            (1, "12", "x", 1, 6),
            (1, "12", "x", 1, 8),
            (2, "13", "x", 0.5, 0),
        ],
    )
    games_csv(
        tmp_path / "b",
        [
            (0, "11", "y", 0, -2),
            (0, "11", "y", 0, -6),
            (1, "12", "y", 1, 4),
            (1, "12", "y", 1, 2),
            (2, "99", "y", 1, 30),
            (3, "14", "y", 1, 30),
        ],
    )
    done = paired("x", str(tmp_path / "a"), "y", str(tmp_path / "b"))
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        "2 shared decks; x wins 75.0%, margin +5.0; y wins 50.0%, margin -0.5; "
        "A - B win rate +25.0 [-24.0, +74.0] points, margin +5.5 [+2.6, +8.4]\n"
    )


def test_folders_without_shared_decks_a_missing_bot_or_missing_arguments_are_errors(tmp_path: Path) -> None:
    games_csv(tmp_path / "a", [(0, "11", "x", 1, 10), (1, "12", "x", 0, -4)])
    games_csv(tmp_path / "b", [(0, "21", "y", 1, 10), (1, "22", "y", 0, -4)])
    done = paired("x", str(tmp_path / "a"), "y", str(tmp_path / "b"))
    assert done.returncode != 0 and "share 0 decks" in done.stderr
    done = paired("nobody", str(tmp_path / "a"), "y", str(tmp_path / "b"))
    assert done.returncode != 0 and "no games of 'nobody'" in done.stderr
    done = paired("x", str(tmp_path / "a"), "y")
    assert done.returncode != 0 and "usage: paired_steps.py" in done.stderr
