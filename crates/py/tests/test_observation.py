"""The observation dict and tensor, and honesty: nothing depends on the hidden order."""

from __future__ import annotations

import random

import numpy as np

import stadt
import stadt.openspiel as so
from conftest import play_random

R = stadt.BOARD_REACH
PLANE = {name: i for i, name in enumerate(stadt.PLANES)}


def check_tensor_matches_dict(game: stadt.Game, me: int) -> None:
    t = game.observation_tensor(me)
    obs = game.observation(me)
    n = obs["players"]
    assert t.shape == (len(stadt.PLANES), stadt.BOARD_SIDE, stadt.BOARD_SIDE) and t.dtype == np.float32
    assert int(t[PLANE["tile"]].sum()) == len(obs["tiles"])
    followers = np.zeros((4, stadt.BOARD_SIDE, stadt.BOARD_SIDE))
    for tile in obs["tiles"]:
        y, x = tile["y"] + R, tile["x"] + R
        assert t[PLANE["tile"], y, x] == 1
        for side in "NESW":
            assert t[PLANE["wall_" + side.lower()], y, x] == (side in tile["walls"])
        if tile["follower"] is not None:
            followers[(tile["follower"]["player"] - me) % n, y, x] = 1
    for k, name in enumerate(["follower_me", "follower_next", "follower_second", "follower_third"]):
        assert (t[PLANE[name]] == followers[k]).all()
    for name in ("blocked", "enclosed"):
        cells = {(y + R, x + R) for x, y in obs[name]}
        assert {tuple(c) for c in np.argwhere(t[PLANE[name]] == 1)} == cells
    if obs["step"] == "tile":
        cells = set()
        for a in game.legal_actions():
            _, x, y, _ = game.action_to_string(a).split()
            cells.add((int(y) + R, int(x) + R))
        assert {tuple(c) for c in np.argwhere(t[PLANE["fits_tile_in_hand"]] == 1)} == cells
    else:
        assert t[PLANE["fits_tile_in_hand"]].sum() == 0


def test_the_tensor_shows_what_the_dict_says_at_every_step() -> None:
    rng = random.Random(3)
    gates = 0
    for players in (2, 4):
        game = stadt.Game(players=players, seed=20 + players)
        while not game.is_terminal():
            if game.is_chance_node():
                game.draw()
                continue
            if rng.random() < 0.2:
                for me in range(players):
                    check_tensor_matches_dict(game, me)
            game.apply(rng.choice(game.legal_actions()))
        check_tensor_matches_dict(game, 1)
        gates += game.observation()["wall"]["gate"] is not None
    assert gates > 0


def test_the_start_tile_lies_at_the_middle_of_the_planes() -> None:
    game = stadt.Game(players=2, seed=1)
    game.draw()
    game.apply(game.legal_actions()[0])
    t = game.observation_tensor()
    assert t[PLANE["tile"], R, R] == 1 and t[PLANE["tile"]].sum() == 1


def test_same_history_different_hidden_orders_show_byte_identical_observations() -> None:
    # Game a deals from its deck; game b, whose deck is another, is given the same tiles.
    rng = random.Random(5)
    a, b = stadt.Game(players=3, seed=1), stadt.Game(players=3, seed=2)
    assert a.to_record().split("pile1")[1] != b.to_record().split("pile1")[1]
    compared = 0
    while not a.is_terminal():
        if a.is_chance_node():
            b.apply(a.draw())
            continue
        assert a.legal_actions() == b.legal_actions()
        assert a.current_player() == b.current_player()
        for p in range(3):
            assert repr(a.observation(p)) == repr(b.observation(p))
            assert a.observation_tensor(p).tobytes() == b.observation_tensor(p).tobytes()
        if compared % 10 == 0:
            # Through OpenSpiel too (its tensors cross into C++, so not at every step).
            sa, sb = so.state_of(a), so.state_of(b)
            for p in range(3):
                assert sa.information_state_string(p) == sb.information_state_string(p)
                assert sa.observation_string(p) == sb.observation_string(p)
                assert np.array_equal(sa.observation_tensor(p), sb.observation_tensor(p))
            assert sa.legal_actions() == sb.legal_actions()
        action = rng.choice(a.legal_actions())
        a.apply(action)
        b.apply(action)
        compared += 1
    assert compared > 100
    assert a.scores() == b.scores()


def test_a_players_view_has_neither_deck_nor_history() -> None:
    game = stadt.Game(players=2, seed=4)
    play_random(game, random.Random(1), decisions=30)
    view = game.public_view()
    assert not view.has_deck()
    assert view.observation() == game.observation()
    for call in (view.to_record, view.draw):
        try:
            call()
        except ValueError:
            pass
        else:
            raise AssertionError(f"{call.__name__} worked on a view")
