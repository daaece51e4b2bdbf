"""stadt.tournament: Python agents as full entrants, scheduled and written as the CLI does."""

from __future__ import annotations

import inspect
import random
from pathlib import Path

import pytest

import stadt
from conftest import columns, run_cli, wrapped


def test_a_python_entrant_plays_exactly_as_the_same_bot_does_from_the_command_line(tmp_path: Path) -> None:
    ours = stadt.tournament(
        tmp_path / "py", ["random", wrapped("mcts:iters=20"), "greedy"], players=2, games=4, seed=3, threads=2
    )
    assert ours["played"] == ours["total"] == 12
    run_cli(
        "tournament",
        "--bots",
        "random,mcts:iters=20,greedy",
        "--players",
        "2",
        "--games",
        "4",
        "--seed",
        "3",
        "--out",
        str(tmp_path / "cli"),
        "--quiet",
    )
    assert columns(tmp_path / "py/games.csv", {"decision_ms"}) == columns(tmp_path / "cli/games.csv", {"decision_ms"})
    assert columns(tmp_path / "py/summary.csv", {"spec"}) == columns(tmp_path / "cli/summary.csv", {"spec"})
    assert (tmp_path / "py/pairs.csv").read_text() == (tmp_path / "cli/pairs.csv").read_text()
    manifest = (tmp_path / "py/manifest.toml").read_text()
    assert 'spec = "python:mcts:iters=20"' in manifest
    # The folder resumes: the same call plays nothing new; another entrant is refused.
    assert (
        stadt.tournament(tmp_path / "py", ["random", wrapped("mcts:iters=20"), "greedy"], players=2, games=4, seed=3)[
            "new"
        ]
        == 0
    )
    with pytest.raises(ValueError, match="bots"):
        stadt.tournament(tmp_path / "py", ["random", wrapped("mcts:iters=21"), "greedy"], players=2, games=4, seed=3)


def test_an_exception_in_a_python_agent_ends_the_run_and_is_raised(tmp_path: Path) -> None:
    def factory(seed: int, player: int):
        calls = []

        def act(view: stadt.Game) -> int:
            calls.append(1)
            if len(calls) > 40:
                raise KeyError("my agent broke")
            return random.Random(seed).choice(view.legal_actions())

        return act

    with pytest.raises(KeyError, match="my agent broke"):
        stadt.tournament(tmp_path / "t", ["greedy", ("fragile", factory)], players=2, games=2, seed=1, threads=1)
    rows = (tmp_path / "t/games.csv").read_text().splitlines()
    assert rows[0].startswith("game,") and len(rows) == 1  # no game finished, nothing half-written


def test_an_illegal_python_action_is_refused_with_the_move_and_rule(tmp_path: Path) -> None:
    def factory(seed: int, player: int):
        return lambda view: stadt.ACTION_TOWER  # never legal at a tile step

    with pytest.raises(ValueError, match=r"bot cheater \(p\d\) chose an illegal move `tower none`"):
        stadt.tournament(tmp_path / "t", ["greedy", ("cheater", factory)], players=2, games=2, seed=1)


def test_bad_entrants_and_settings_are_refused_before_anything_is_written(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown bot `nobot`"):
        stadt.tournament(tmp_path / "a", ["greedy", "nobot"])
    with pytest.raises(ValueError, match="a spec .* or a pair"):
        stadt.tournament(tmp_path / "b", ["greedy", 42])
    with pytest.raises(ValueError, match="not callable"):
        stadt.tournament(tmp_path / "c", ["greedy", ("x", 3)])
    with pytest.raises(ValueError, match="players must be 2, 3 or 4"):
        stadt.tournament(tmp_path / "d", ["greedy", "random"], players=5)
    with pytest.raises(RuntimeError, match="not a callable"):
        stadt.tournament(tmp_path / "e", ["greedy", ("x", lambda seed, player: 7)], games=2)
    with pytest.raises(ValueError, match="threads must be from 1 to 256, not 0"):
        stadt.tournament(tmp_path / "f", ["greedy", "random"], games=2, threads=0)
    assert not any((tmp_path / d).exists() for d in "abcdf")


def test_the_defaults_are_the_command_lines(tmp_path: Path) -> None:
    """stadt.tournament and stadt.sprt take their defaults from the Rust settings the command line
    uses (stadt.DEFAULTS): a call without settings plays the command line's run without flags."""
    assert stadt.DEFAULTS == {
        "players": 2,
        "games": 100,
        "seed": 1,
        "max_games": 20000,
        "alpha": 0.05,
        "beta": 0.05,
        "tiles": "default",
        "game": "die-stadt",
    }
    for function, names in (
        (stadt.tournament, ["players", "games", "seed", "tiles", "game"]),
        (stadt.sprt, ["alpha", "beta", "players", "seed", "max_games", "tiles"]),
    ):
        parameters = inspect.signature(function).parameters
        assert {n: parameters[n].default for n in names} == {n: stadt.DEFAULTS[n] for n in names}
    stadt.tournament(tmp_path / "py", ["random", "greedy"], threads=2)
    run_cli("tournament", "--bots", "random,greedy", "--out", str(tmp_path / "cli"), "--quiet", "--threads", "2")
    drop = {"decision_ms"}
    assert columns(tmp_path / "py/games.csv", drop) == columns(tmp_path / "cli/games.csv", drop)
    identity = [
        line
        for line in (tmp_path / "py/manifest.toml").read_text().splitlines()
        if line.startswith(("players =", "games =", "seed =", "tiles ="))
    ]
    assert identity == ["players = 2", "games = 100", "seed = 1", 'tiles = "default"']


def test_shards_played_from_python_merge_into_the_single_run(tmp_path: Path) -> None:
    bots = ["random", wrapped("greedy")]
    stadt.tournament(tmp_path / "single", bots, players=2, games=6, seed=2)
    for k in range(2):
        stadt.tournament(tmp_path / f"s{k}", bots, players=2, games=6, seed=2, shard=f"{k}/2")
    assert 'shard = "1/2"' in (tmp_path / "s1/manifest.toml").read_text()
    run_cli("merge", str(tmp_path / "m"), str(tmp_path / "s0"), str(tmp_path / "s1"))
    drop = {"decision_ms"}
    assert columns(tmp_path / "m/games.csv", drop) == columns(tmp_path / "single/games.csv", drop)
    assert (tmp_path / "m/summary.csv").read_text() == (tmp_path / "single/summary.csv").read_text()
    with pytest.raises(ValueError, match="--shard 2/2: expected K/N"):
        stadt.tournament(tmp_path / "bad", bots, games=6, shard="2/2")


def test_a_catan_tournament_from_python_is_the_command_lines(tmp_path: Path) -> None:
    bots = ["random", "greedy", "mcts:iters=10", "random"]
    ours = stadt.tournament(
        tmp_path / "py", bots, game="catan", options="catanatron", players=4, games=2, seed=5, threads=2
    )
    assert ours["played"] == ours["total"] > 0
    run_cli(
        "--game",
        "catan",
        "tournament",
        "--bots",
        ",".join(bots),
        "--options",
        "catanatron",
        "--players",
        "4",
        "--games",
        "2",
        "--seed",
        "5",
        "--out",
        str(tmp_path / "cli"),
        "--quiet",
    )
    assert columns(tmp_path / "py/games.csv", {"decision_ms"}) == columns(tmp_path / "cli/games.csv", {"decision_ms"})
    assert "settlements" in (tmp_path / "py/games.csv").read_text().splitlines()[0]
    manifest = (tmp_path / "py/manifest.toml").read_text()
    assert "game='catan'" in manifest and "options='catanatron'" in manifest
    # Python entrants, an option of another game and an unknown game are refused before anything
    # is written.
    with pytest.raises(ValueError, match="Python entrants play die-stadt only"):
        stadt.tournament(tmp_path / "a", ["random", wrapped("greedy")], game="catan", players=2, games=1)
    with pytest.raises(ValueError, match="tiles"):
        stadt.tournament(tmp_path / "b", ["random", "greedy"], game="catan", tiles="x.tiles", players=2, games=1)
    with pytest.raises(ValueError, match="unknown game `chess`"):
        stadt.tournament(tmp_path / "c", ["random", "greedy"], game="chess", players=2, games=1)
    with pytest.raises(ValueError, match="is no option of die-stadt"):
        stadt.tournament(tmp_path / "d", ["random", "greedy"], options="discard=random", players=2, games=1)
    assert not any((tmp_path / name).exists() for name in "abcd")
