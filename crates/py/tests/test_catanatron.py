"""stadt's Catan bots in Catanatron's own game loop (bots/catanatron/stadt_player.py, `stadt
serve-catanatron`) and the experiment that plays them against Catanatron's bots
(experiments/catanatron-opponents.py), with Catanatron 3.2.1 from PyPI and, when CATANATRON_SOURCE
names a clone of its repository, its current source (3.3.0: ValueFunction and AlphaBeta)."""

from __future__ import annotations

import csv
import json
import os
import sys
from pathlib import Path

import pytest
from catanatron.game import Game
from catanatron.models.player import Color, RandomPlayer
from catanatron.players.weighted_random import WeightedRandomPlayer

from conftest import REPO, run_experiment_script, stadt_cli

sys.path.insert(0, str(REPO / "bots" / "catanatron"))
from stadt_player import StadtError, StadtPlayer  # noqa: E402


def sorted_play(game: Game):
    return game.play(decide_fn=lambda player, g, actions: player.decide(g, sorted(actions, key=repr)))


def test_a_stadt_bot_plays_whole_games_in_catanatrons_loop_and_its_program_ends_with_it():
    for players, seed in [(2, 3), (4, 4)]:
        me = StadtPlayer(Color.RED, bot="greedy", program=str(stadt_cli()))
        others = [WeightedRandomPlayer(c) for c in [Color.BLUE, Color.WHITE, Color.ORANGE][: players - 1]]
        game = Game([me, *others], seed=seed)
        winner = sorted_play(game)
        assert winner is not None
        assert game.state.num_turns > 20
        # Every decision of its seat went to stadt (Catanatron's loop asked it, with more than one
        # playable action at most of them).
        mine = [a for a in game.state.actions if a.color == me.color]
        assert len(me.decision_ms) == len(mine) > 30
        proc = me._proc
        assert proc is not None and proc.poll() is None
        me.close()
        assert proc.poll() is not None, "stadt's program outlived the player"


def test_the_same_seed_gives_the_same_game_and_a_new_game_starts_afresh():
    def actions(seed: int, me: StadtPlayer) -> list[str]:
        game = Game([me, RandomPlayer(Color.BLUE)], seed=seed)
        sorted_play(game)
        return [repr(a) for a in game.state.actions]

    with StadtPlayer(Color.RED, bot="mcts:iters=30", program=str(stadt_cli())) as me:
        first, second, again = actions(5, me), actions(6, me), actions(5, me)
    assert first == again and first != second


def test_a_bad_bot_or_an_unfollowable_log_raises_with_stadts_reason():
    with pytest.raises(
        StadtError, match="unknown bot `nonsense`; the bots are: random, mcts, greedy, lookahead \\(catan's\\)"
    ):
        sorted_play(Game([StadtPlayer(Color.RED, bot="nonsense", program=str(stadt_cli())), RandomPlayer(Color.BLUE)]))
    # A log stadt cannot follow: the player is told it sent less than it did.
    me = StadtPlayer(Color.RED, bot="greedy", program=str(stadt_cli()))
    game = Game([me, RandomPlayer(Color.BLUE)], seed=2)
    while game.state.current_color() != me.color or len(game.state.actions) < 5:
        game.play_tick()
    me._sent = 0
    me._game = game.id
    with pytest.raises(StadtError, match=r"logged action \d+ \(\[0,\"BUILD_SETTLEMENT\""):
        game.play_tick()
    assert me._proc is None


TIMING = ("mean_ms", "max_ms", "stadt_total_ms", "stadt_wall_ms", "opponent_total_ms", "seconds")


def test_the_experiment_writes_games_and_a_summary_and_resumes(tmp_path):
    out = tmp_path / "run"
    args = ("--bots", "greedy", "--games", "4", "--out", str(out), "--stadt", str(stadt_cli()))
    done = run_experiment_script("catanatron-opponents.py", *args)
    assert done.returncode == 0, done.stderr
    games = list(csv.DictReader((out / "games.csv").open()))
    assert len(games) == 16  # 2 opponents x (2 and 4 players) x 4 games
    # Every seating of a deal: stadt sat in every seat of each 4-player board.
    four = [g for g in games if g["players"] == "4" and g["opponent"] == "victory-point"]
    assert sorted(g["stadt_seat"] for g in four) == ["1", "2", "3", "4"]
    summary = list(csv.DictReader((out / "summary.csv").open()))
    assert [(s["opponent"], s["players"], s["games"]) for s in summary] == [
        ("weighted-random", "2", "4"),
        ("weighted-random", "4", "4"),
        ("victory-point", "2", "4"),
        ("victory-point", "4", "4"),
    ]
    for s in summary:
        wins = sum(
            g["winner"] == "stadt" for g in games if (g["opponent"], g["players"]) == (s["opponent"], s["players"])
        )
        assert int(s["wins"]) == wins and float(s["low95"]) <= float(s["win_rate"]) <= float(s["high95"])
    assert json.loads((out / "manifest.json").read_text())["settings"]["games"] == 4
    # An interrupted run (its last row cut short) resumes to the same games.
    text = (out / "games.csv").read_text()
    (out / "games.csv").write_text(text[:-10])
    again = run_experiment_script("catanatron-opponents.py", *args)
    assert again.returncode == 0, again.stderr

    def without_timing(rows: list[dict[str, str]]) -> list[dict[str, str]]:
        return [{k: v for k, v in r.items() if k not in TIMING} for r in rows]

    assert without_timing(list(csv.DictReader((out / "games.csv").open()))) == without_timing(games)
    # Other settings in the same folder are refused.
    other = run_experiment_script("catanatron-opponents.py", *args[:3], "8", *args[4:])
    assert other.returncode == 2 and "other settings" in other.stderr


def test_the_experiment_names_how_to_get_a_missing_checkout_and_refuses_bad_arguments(tmp_path):
    missing = run_experiment_script(
        "catanatron-opponents.py", "--catanatron", str(tmp_path / "none"), "--out", str(tmp_path)
    )
    assert missing.returncode == 2 and "git clone https://github.com/bcollazo/catanatron" in missing.stderr
    for bad in (["--modes", "2p"], ["--opponents", "nobody"], ["--games", "0"]):
        done = run_experiment_script("catanatron-opponents.py", *bad, "--out", str(tmp_path / "bad"))
        assert done.returncode == 2 and "error:" in done.stderr, bad
    bot = run_experiment_script(
        "catanatron-opponents.py", "--bots", "nonsense", "--out", str(tmp_path / "bot"), "--stadt", str(stadt_cli())
    )
    assert bot.returncode == 2 and "unknown bot `nonsense`" in bot.stderr


@pytest.mark.skipif(
    not (Path(os.environ.get("CATANATRON_SOURCE", "/nonexistent")) / "catanatron" / "catanatron" / "game.py").is_file(),
    reason="CATANATRON_SOURCE names no clone of https://github.com/bcollazo/catanatron (its current version)",
)
def test_the_experiment_plays_catanatrons_strongest_bots_from_a_checkout_and_resumes(tmp_path):
    out = tmp_path / "run"
    args = (
        *("--catanatron", os.environ["CATANATRON_SOURCE"], "--bots", "greedy"),
        *("--opponents", "value-function,alphabeta2", "--games", "2", "--out", str(out), "--stadt", str(stadt_cli())),
    )
    done = run_experiment_script("catanatron-opponents.py", *args)
    assert done.returncode == 0, done.stderr
    games = list(csv.DictReader((out / "games.csv").open()))
    # 2 opponents x (1v1 and 4p) x 2 games; both seatings of the 1v1 deal, every game followed.
    assert len(games) == 8 and all(g["winner"] in ("stadt", "opponent") for g in games)
    assert sorted(g["stadt_seat"] for g in games if g["players"] == "2" and g["opponent"] == "alphabeta2") == ["1", "2"]
    assert all(int(g["decisions"]) > 30 and int(g["opponent_decisions"]) > 30 for g in games)
    assert json.loads((out / "manifest.json").read_text())["settings"]["rules"] == "catanatron3_3"
    summary = list(csv.DictReader((out / "summary.csv").open()))
    assert [(s["opponent"], s["mode"], s["games"], s["stopped"]) for s in summary] == [
        ("value-function", "1v1", "2", "0"),
        ("value-function", "4p", "2", "0"),
        ("alphabeta2", "1v1", "2", "0"),
        ("alphabeta2", "4p", "2", "0"),
    ]
    assert all(float(s["opponent_ms"]) > 0 and float(s["stadt_ms"]) >= 0 for s in summary)
    # Cut short, it resumes to the same games (Catanatron's searches made reproducible).
    (out / "games.csv").write_text("".join((out / "games.csv").open().readlines()[:-3]) + "alphabeta")
    again = run_experiment_script("catanatron-opponents.py", *args)
    assert again.returncode == 0, again.stderr

    def without_timing(rows: list[dict[str, str]]) -> list[dict[str, str]]:
        return [{k: v for k, v in r.items() if k not in TIMING} for r in rows]

    assert without_timing(list(csv.DictReader((out / "games.csv").open()))) == without_timing(games)
