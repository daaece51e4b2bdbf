"""Die Siedler von Catan and Städte und Ritter from Python through `stadt.Game` (the fixed action
spaces, chance outcomes with their numbers, records that `stadt replay` replays, honest samples)."""

from __future__ import annotations

import copy

import numpy as np
import pytest

import stadt
from conftest import run_cli


def play_out(game: stadt.Game, seed: int, draw: bool = True) -> int:
    """Plays random legal actions to the end, chance drawn from the game (or, with `draw` false,
    picked by the outcomes' probabilities); returns how many moves."""
    rng = np.random.default_rng(seed)
    n = 0
    while not game.is_terminal():
        if game.is_chance_node():
            if draw:
                game.draw()
            else:
                outcomes, probs = zip(*game.chance_outcomes(), strict=True)
                game.apply(int(rng.choice(outcomes, p=probs)))
            continue
        legal = game.legal_actions()
        mask = game.legal_action_mask()
        assert mask.dtype == np.int8 and mask.shape == (game.num_actions(),)
        assert list(np.flatnonzero(mask)) == legal and legal == sorted(legal) and legal
        game.apply(int(rng.choice(legal)))
        n += 1
    return n


def test_a_random_game_ends_with_a_winner_and_zero_sum_returns() -> None:
    game = stadt.Game("catan", players=3, seed=11)
    assert game.current_player() == 0 and game.step() == "setup-settlement"
    assert game.num_actions() == stadt.CATAN_NUM_ACTIONS and game.tensor_shape() == [stadt.CATAN_OBSERVATION_SIZE]
    assert play_out(game, 0) > 50
    assert game.current_player() == stadt.TERMINAL and game.legal_actions() == []
    returns = game.returns()
    assert abs(sum(returns)) < 1e-9
    w = returns.index(1.0)
    assert game.scores()[w]["score"] >= 10
    assert f"winner p{w + 1}" in game.render()
    with pytest.raises(ValueError, match="the game is over"):
        game.apply(0)


def test_the_same_seed_and_actions_give_the_same_game_and_copies_are_independent() -> None:
    a, b = stadt.Game("catan", players=4, seed=5), stadt.Game("catan", players=4, seed=5)
    play_out(a, 1)
    play_out(b, 1)
    assert a.to_record() == b.to_record() and a.scores() == b.scores()
    c = stadt.Game("catan", players=4, seed=5)
    d = copy.deepcopy(c)
    c.apply(c.legal_actions()[0])
    assert d.to_record() != c.to_record() and d.step() == "setup-settlement"


@pytest.mark.parametrize("name,options", [("catan", "catanatron"), ("staedte-und-ritter", "")])
def test_the_record_replays_in_stadt_replay_and_reads_back(tmp_path, name: str, options: str) -> None:
    game = stadt.Game(name, players=3, seed=3, options=options)
    play_out(game, 2)
    path = tmp_path / "game.rec"
    path.write_text(game.to_record())
    out = run_cli("replay", str(path)).stdout
    for p, s in enumerate(game.scores()):
        assert f"points p{p + 1} {s['score']} " in out
    again = stadt.Game.from_record(path.read_text())
    assert again.game == "catan" and again.to_record() == game.to_record() and again.is_terminal()


def test_outcomes_given_from_outside_are_written_to_the_record(tmp_path) -> None:
    # Chance picked by the caller, as OpenSpiel picks it: the record carries every outcome.
    game = stadt.Game("staedte-und-ritter", players=3, seed=8)
    play_out(game, 4, draw=False)
    path = tmp_path / "game.rec"
    path.write_text(game.to_record())
    out = run_cli("replay", str(path)).stdout
    assert [f"points p{p + 1} {s['score']} " in out for p, s in enumerate(game.scores())] == [True] * 3


def test_actions_read_as_record_text_and_illegal_ones_are_value_errors() -> None:
    game = stadt.Game("catan", players=2, seed=1)
    assert game.action_to_string(0) == "settle 0"
    assert game.action_to_string(stadt.CATAN_NUM_ACTIONS - 1).startswith("pick")
    with pytest.raises(ValueError, match="outside the action space"):
        game.action_to_string(stadt.CATAN_NUM_ACTIONS)
    roll = next(a for a in range(stadt.CATAN_NUM_ACTIONS) if game.action_to_string(a) == "roll")
    with pytest.raises(ValueError, match=r"illegal action \d+ \(`roll`: "):
        game.apply(roll)
    with pytest.raises(ValueError, match="player 2 is not in this 2-player game"):
        game.observation_tensor(2)
    with pytest.raises(ValueError, match="no observation dict"):
        game.observation()


def test_staedte_und_ritter_numbers_its_own_moves_after_the_base_games() -> None:
    game = stadt.Game("staedte-und-ritter", seed=2)
    assert game.players == 3 and game.options == "game=knights"
    assert (
        game.num_actions()
        == stadt.KNIGHTS_NUM_ACTIONS
        == stadt.CATAN_NUM_ACTIONS + sum(n for _, n in stadt.KNIGHTS_ACTION_BLOCKS)
    )
    assert game.tensor_shape() == [stadt.KNIGHTS_OBSERVATION_SIZE]
    assert game.action_to_string(stadt.CATAN_NUM_ACTIONS) == "wall 0"
    assert game.num_outcomes() == stadt.CATAN_CHANCE_OUTCOMES
    kinds, own = set(), 0
    rng = np.random.default_rng(3)
    while not game.is_terminal() and len(kinds) < 3:
        if game.is_chance_node():
            outcomes = game.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            kinds.add(game.action_to_string(outcomes[0][0]).split()[0])
            game.draw()
            continue
        legal = game.legal_actions()
        own += any(a >= stadt.CATAN_NUM_ACTIONS for a in legal)
        game.apply(int(rng.choice(legal)))
    assert {"dice", "progress"} <= kinds and own > 0


def test_bad_settings_are_value_errors_naming_them() -> None:
    with pytest.raises(ValueError, match="must be 2, 3 or 4, not 5"):
        stadt.Game("catan", players=5)
    with pytest.raises(ValueError, match="must be 3 or 4, not 2"):
        stadt.Game("staedte-und-ritter", players=2)
    with pytest.raises(ValueError, match="player_trade"):
        stadt.Game("catan", options="player_trade=on")
    with pytest.raises(ValueError, match="options"):
        stadt.Game("catan", options="tiles=x")
    with pytest.raises(ValueError, match="sets game itself"):
        stadt.Game("staedte-und-ritter", options="game=base")
    with pytest.raises(ValueError, match="unknown game `nogame`"):
        stadt.Game("nogame")


def test_the_observation_is_a_seat_view_of_the_sections_named() -> None:
    assert sum(n for _, n in stadt.CATAN_OBSERVATION_SECTIONS) == stadt.CATAN_OBSERVATION_SIZE
    assert (
        stadt.CATAN_OBSERVATION_SIZE + sum(n for _, n in stadt.KNIGHTS_OBSERVATION_SECTIONS)
        == stadt.KNIGHTS_OBSERVATION_SIZE
    )
    game = stadt.Game("catan", players=4, seed=9)
    for _ in range(60):
        if game.is_chance_node():
            game.draw()
        else:
            game.apply(game.legal_actions()[-1])
    while game.is_chance_node():
        game.draw()
    views = [game.observation_tensor(p) for p in range(4)]
    assert all(v.dtype == np.float32 and v.shape == (stadt.CATAN_OBSERVATION_SIZE,) for v in views)
    # Every seat sees itself first: the seats' views differ, and the default is the actor's.
    assert not np.array_equal(views[0], views[1])
    assert np.array_equal(game.observation_tensor(), views[game.current_player()])


@pytest.mark.parametrize("name", ["catan", "staedte-und-ritter"])
def test_a_sample_hides_what_the_seat_cannot_see_and_a_copy_does_not(name: str) -> None:
    game = stadt.Game(name, players=3, seed=21)
    rng = np.random.default_rng(3)
    while game.step() != "pre-roll" or int(game.details()[0]["turns"]) < 6:
        if game.is_chance_node():
            game.draw()
        else:
            game.apply(int(rng.choice(game.legal_actions())))
    me = game.current_player()
    roll = next(a for a in game.legal_actions() if game.action_to_string(a) == "roll")

    def rolled(g: stadt.Game) -> int:
        g.apply(roll)
        return g.draw()

    # A copy is the whole game: its dice are the game's.
    assert rolled(game.clone()) == rolled(game.clone())
    rolls = set()
    for seed in range(12):
        s = game.sample(seed)
        assert np.array_equal(s.observation_tensor(me), game.observation_tensor(me))
        rolls.add(rolled(s))
    # A sample's dice are dealt afresh.
    assert len(rolls) > 3
    with pytest.raises(ValueError, match="no record"):
        game.sample(1).to_record()
    view = game.public_view()
    assert np.array_equal(view.observation_tensor(me), game.observation_tensor(me))
    view.apply(roll)
    with pytest.raises(ValueError, match="no hidden part"):
        view.draw()


def test_chance_nodes_show_their_outcomes_and_take_them_from_the_caller() -> None:
    game = stadt.Game("catan", players=2, seed=4)
    rng = np.random.default_rng(5)
    kinds = set()
    while not game.is_terminal() and len(kinds) < 3:
        if game.is_chance_node():
            assert game.current_player() == stadt.CHANCE
            outcomes = game.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert [o for o, _ in outcomes] == game.legal_actions()
            texts = {game.action_to_string(o) for o, _ in outcomes}
            kinds |= {t.split()[0] for t in texts}
            if len(outcomes) < 46:
                impossible = next(o for o in range(46) if o not in dict(outcomes))
                with pytest.raises(ValueError, match="cannot happen now"):
                    game.apply(impossible)
            # Both see the dice and a card stolen; only the buyer sees the card bought.
            kind = next(iter(texts)).split()[0]
            assert len(game.chance_witnesses()) == (1 if kind == "draw" else 2)
            game.apply(int(rng.choice([o for o, _ in outcomes], p=[p for _, p in outcomes])))
        else:
            legal = game.legal_actions()
            buys = [a for a in legal if game.action_to_string(a) in ("buy", "roll")]
            game.apply(buys[0] if buys else int(rng.choice(legal)))
    assert kinds >= {"dice", "draw"}
    while game.is_chance_node():
        game.draw()
    with pytest.raises(ValueError, match="not a chance node"):
        game.chance_outcomes()
    # The catanatron preset discards at random: those outcomes have no number, but draw() takes them.
    assert "discard=random" in stadt.Game("catan", options="catanatron").unnumbered_chance()
