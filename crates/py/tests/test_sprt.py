"""stadt.sprt: the command line's sequential test, with Python agents allowed on either side."""

from __future__ import annotations

from pathlib import Path

import pytest

import stadt
from conftest import columns, run_cli, wrapped


def same_as_the_command_line(tmp_path: Path, ours: dict, *args: str) -> None:
    """Runs the command line with `args` into `tmp_path/cli` and asserts that its verdict line,
    `sprt.csv` and `games.csv` (timing aside) are those of the test `ours` wrote to `tmp_path/py`."""
    done = run_cli(*args, "--out", str(tmp_path / "cli"), "--quiet")
    assert done.stdout.splitlines()[0] == ours["summary"].splitlines()[0]
    assert (tmp_path / "py/sprt.csv").read_text() == (tmp_path / "cli/sprt.csv").read_text()
    assert columns(tmp_path / "py/games.csv", {"decision_ms"}) == columns(tmp_path / "cli/games.csv", {"decision_ms"})


def test_a_python_entrant_reaches_the_command_lines_verdict_with_the_same_files(tmp_path: Path) -> None:
    ours = stadt.sprt(tmp_path / "py", wrapped("greedy"), "random", elo0=0, elo1=20, seed=7, threads=2)
    assert ours["verdict"] == "H1"
    assert ours["games"] == 2 * ours["units"] and ours["new"] == ours["games"]
    assert ours["llr"] >= ours["upper"]
    estimate, low, high = ours["elo"]
    assert low <= estimate <= high
    same_as_the_command_line(
        tmp_path, ours, "sprt", "--bot", "greedy", "--against", "random", "--elo0", "0", "--elo1", "20", "--seed", "7"
    )
    assert 'spec = "python:greedy"' in (tmp_path / "py/manifest.toml").read_text()
    assert "trace-plot" in (tmp_path / "py/report.html").read_text()
    # The same call again plays nothing; a changed setting is refused.
    again = stadt.sprt(tmp_path / "py", wrapped("greedy"), "random", elo0=0, elo1=20, seed=7)
    assert again["new"] == 0 and again["verdict"] == "H1"
    with pytest.raises(ValueError, match="elo1: folder 20, this run 30"):
        stadt.sprt(tmp_path / "py", wrapped("greedy"), "random", elo0=0, elo1=30, seed=7)


def test_a_catan_test_from_python_is_the_command_lines(tmp_path: Path) -> None:
    ours = stadt.sprt(tmp_path / "py", "greedy", "random", elo0=0, elo1=100, seed=3, game="catan", threads=2)
    assert ours["verdict"] == "H1"
    same_as_the_command_line(
        tmp_path,
        ours,
        "--game",
        "catan",
        "sprt",
        "--bot",
        "greedy",
        "--against",
        "random",
        "--elo0",
        "0",
        "--elo1",
        "100",
        "--seed",
        "3",
    )
    assert "game='catan'" in (tmp_path / "py/manifest.toml").read_text()
    with pytest.raises(ValueError, match="Python entrants play die-stadt only"):
        stadt.sprt(tmp_path / "x", wrapped("greedy"), "random", elo0=0, elo1=100, game="catan")
    assert not (tmp_path / "x").exists()


def test_three_players_and_a_python_baseline(tmp_path: Path) -> None:
    result = stadt.sprt(tmp_path / "t", "greedy", wrapped("random"), elo0=0, elo1=50, players=3, seed=2)
    assert result["verdict"] == "H1"
    header = (tmp_path / "t/sprt.csv").read_text().splitlines()[0]
    assert header == "unit,games,score,n,mean,sd,llr,lower,upper,verdict"


def test_bad_settings_are_refused_before_anything_is_written(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="--elo0"):
        stadt.sprt(tmp_path / "a", "greedy", "random", elo0=5, elo1=5)
    with pytest.raises(ValueError, match="--alpha"):
        stadt.sprt(tmp_path / "b", "greedy", "random", elo0=0, elo1=5, alpha=0.5)
    with pytest.raises(ValueError, match="unknown bot `nobot`"):
        stadt.sprt(tmp_path / "c", "greedy", "nobot", elo0=0, elo1=5)
    with pytest.raises(ValueError, match="players must be 2, 3 or 4"):
        stadt.sprt(tmp_path / "d", "greedy", "random", elo0=0, elo1=5, players=1)
    assert not any((tmp_path / d).exists() for d in "abcd")
