"""stadt.Bot: our bots choosing actions for Python."""

from __future__ import annotations

import random

import pytest

import stadt
from conftest import REPO, play_random, play_with


def test_every_bot_plays_a_legal_game() -> None:
    for spec in ["random", "greedy", "steerer", "mcts:iters=50", "puct:iters=50", "lmcts:iters=50"]:
        bot = stadt.Bot(spec, seed=1)
        play_with(bot, stadt.Game(players=2, seed=3))
        assert bot.spec.startswith(spec.split(":")[0])


def test_a_bot_file_works_as_on_the_command_line() -> None:
    bot = stadt.Bot("steerer-tuned", bot_dir=str(REPO / "bots"))
    assert bot.spec.startswith("steerer:")
    game = stadt.Game(players=2, seed=1)
    game.draw()
    assert bot(game) in game.legal_actions()


def test_the_same_seed_gives_the_same_choices() -> None:
    def choices(seed: int) -> list[int]:
        bot, game, out = stadt.Bot("mcts:iters=30", seed=seed), stadt.Game(players=2, seed=1), []
        play_random(game, random.Random(0), decisions=10)
        while game.is_chance_node():
            game.draw()
        for _ in range(3):
            out.append(bot.act(game))
        return out

    assert choices(1) == choices(1)


def test_bad_specs_raise_the_command_lines_messages() -> None:
    with pytest.raises(
        ValueError, match="unknown bot `nobot`; the bots are: greedy, lmcts, mcts, puct, random, steerer"
    ):
        stadt.Bot("nobot")
    with pytest.raises(ValueError, match="bot `mcts`: iters=0 is not a whole number from 1"):
        stadt.Bot("mcts:iters=0")
    with pytest.raises(ValueError, match="bot `greedy` has no parameter `depth`"):
        stadt.Bot("greedy:depth=3")
    with pytest.raises(ValueError, match="bot file /no/such.bot does not exist"):
        stadt.Bot("/no/such.bot")
    with pytest.raises(ValueError, match="nothing to decide"):
        stadt.Bot("greedy").act(stadt.Game(players=2, seed=1))
    assert stadt.bot_names() == ["greedy", "lmcts", "mcts", "puct", "random", "steerer"]


def test_bot_names_lists_the_bots_of_the_game_named() -> None:
    assert stadt.bot_names("die-stadt") == stadt.bot_names()
    assert stadt.bot_names(game="catan") == ["random", "mcts", "greedy", "lookahead"]
    with pytest.raises(ValueError, match="unknown game `chess`"):
        stadt.bot_names("chess")
