"""Bots in other programs (docs/bot-protocol.md) from Python: the public record a bot is sent
rebuilds the position, the example bot that relies on it passes the compliance check, and a bot
file of a process bot plays through stadt.Bot."""

from __future__ import annotations

import random
import subprocess

import stadt
from conftest import REPO, play_random, play_with, stadt_cli


def test_a_public_record_rebuilds_the_position_a_player_sees(rng: random.Random) -> None:
    for players in (2, 3, 4):
        game = stadt.Game(players=players, seed=players)
        for _ in range(12):
            play_random(game, rng, decisions=rng.randrange(1, 12))
            while game.is_chance_node():
                game.draw()
            if game.is_terminal():
                break
            text = game.public_record()
            assert "piles hidden" in text and "pile1" not in text
            view = stadt.Game.from_public_record(text)
            assert view.render() == game.public_view().render()
            assert view.legal_actions() == game.legal_actions()
            assert view.current_player() == game.current_player()
            assert [s["score"] for s in view.scores()] == [s["score"] for s in game.scores()]


def test_the_greedy_example_passes_the_compliance_check() -> None:
    # The bot file runs `python3 greedy_bot.py`: the test environment's python3, with stadt.
    done = subprocess.run(
        [str(stadt_cli()), "check-bot", str(REPO / "bots/examples/greedy-python.bot")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.endswith("PASS\n") and "after a restart: ok" in done.stdout, done.stdout


def test_a_process_bot_plays_through_stadt_bot() -> None:
    bot = stadt.Bot(str(REPO / "bots/examples/random-python.bot"), seed=2)
    assert bot.spec.startswith("process:command=python3 random_bot.py")
    play_with(bot, stadt.Game(players=2, seed=5))


def test_a_failing_process_bot_raises_and_starts_anew(tmp_path) -> None:
    (tmp_path / "dies.bot").write_text('bot = process\ncommand = ["python3", "-c", "import sys; sys.exit(4)"]\n')
    bot = stadt.Bot(str(tmp_path / "dies.bot"))
    game = stadt.Game(players=2, seed=1)
    game.draw()
    for _ in range(2):
        try:
            bot.act(game)
        except ValueError as e:
            assert "failed (crash)" in str(e) and "exit status: 4" in str(e), e
        else:
            raise AssertionError("no error")


def test_a_process_bot_enters_a_python_tournament(tmp_path) -> None:
    out = stadt.tournament(
        tmp_path / "out",
        [str(REPO / "bots/examples/random-python.bot"), "greedy"],
        players=2,
        games=2,
        seed=1,
        threads=1,
        progress=False,
    )
    assert out["played"] == out["total"] == 2
    header = (tmp_path / "out/games.csv").read_text().splitlines()[0]
    assert ",failure," in header
