"""stadt.Game with Die Stadt, the default game: chance nodes, actions, records, errors; and what
every game shares (`stadt.games()`, a bot of each game)."""

from __future__ import annotations

import random

import pytest

import stadt
from conftest import play_random, run_cli


def test_a_new_game_starts_with_a_chance_node_and_the_first_tile_goes_to_the_origin() -> None:
    game = stadt.Game(players=3, seed=1)
    assert game.current_player() == stadt.CHANCE == -1
    assert game.is_chance_node() and not game.is_terminal()
    outcomes = game.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
    assert [t for t, _ in outcomes] == game.legal_actions()
    game.draw()
    assert game.current_player() == 0
    assert [game.action_to_string(a) for a in game.legal_actions()] == ["tile 0 0 0"]


def test_random_games_end_with_terminal_player_and_zero_sum_returns(rng: random.Random) -> None:
    for players in (2, 3, 4):
        game = stadt.Game(players=players, seed=players)
        play_random(game, rng)
        assert game.is_terminal() and game.current_player() == stadt.TERMINAL == -4
        assert game.legal_actions() == []
        returns = game.returns()
        assert abs(sum(returns)) < 1e-9 and max(returns) > 0
        scores = game.scores()
        for s in scores:
            assert s["score"] == s["roads"] + s["markets"] + s["towers"] + s["residential"] + s["watchmen"]
        assert {d["ended_by"] for d in game.details()} <= {"R23a", "R23b", "R23c"}


def test_legal_actions_are_ascending_and_their_strings_are_record_notation(rng: random.Random) -> None:
    game = stadt.Game(players=2, seed=3)
    seen = set()
    while not game.is_terminal():
        if game.is_chance_node():
            assert game.action_to_string(game.legal_actions()[0]).startswith("draw ")
            game.draw()
            continue
        actions = game.legal_actions()
        assert actions == sorted(set(actions)) and all(0 <= a < stadt.NUM_ACTIONS for a in actions)
        for a in actions:
            seen.add(game.action_to_string(a).split()[0])
        game.apply(rng.choice(actions))
    assert {"tile", "follower", "gate", "wall", "tower"} <= seen


def test_explicit_chance_outcomes_keep_the_deck_consistent(rng: random.Random) -> None:
    # Drawing a chosen tile from a seeded game moves it to the top of the hidden deck; the record
    # written afterwards replays to the same position.
    game = stadt.Game(players=2, seed=11)
    for _ in range(30):
        if game.is_terminal():
            break
        if game.is_chance_node():
            game.apply(rng.choice(game.chance_outcomes())[0])
        else:
            game.apply(rng.choice(game.legal_actions()))
    # A record read back stands after its last decision, its draws made from its piles.
    while game.is_chance_node():
        game.draw()
    again = stadt.Game.from_record(game.to_record())
    assert again.observation() == game.observation()


def test_a_record_round_trips_and_replays_with_the_command_line(tmp_path, rng: random.Random) -> None:
    game = stadt.Game(players=3, seed=5)
    play_random(game, rng)
    text = game.to_record()
    again = stadt.Game.from_record(text)
    assert again.scores() == game.scores() and again.is_terminal()
    assert again.to_record() == text
    path = tmp_path / "game.txt"
    path.write_text(text)
    out = run_cli("replay", str(path)).stdout.strip().splitlines()[-3:]
    for line, s in zip(out, game.scores(), strict=False):
        assert f"score={s['score']} roads={s['roads']} markets={s['markets']}" in line


def test_the_seeded_deck_is_the_one_stadt_play_deals(tmp_path) -> None:
    path = tmp_path / "cli.txt"
    run_cli("play", "--seed", "9", "--bots", "greedy", "--record", str(path))
    cli = path.read_text().splitlines()
    ours = stadt.Game(players=2, seed=9).to_record().splitlines()
    assert [line for line in cli if line.startswith("pile")] == [line for line in ours if line.startswith("pile")]
    # And the CLI's game reads back as a finished game.
    game = stadt.Game.from_record(path.read_text())
    assert game.is_terminal()


def test_draws_given_from_outside_are_written_to_the_record(rng: random.Random) -> None:
    # Without a seed the deck is shuffled from the system's randomness; every draw here is given.
    game = stadt.Game(players=2)
    assert game.has_deck() and "seed" not in game.to_record()
    while not game.is_terminal():
        if game.is_chance_node():
            game.apply(rng.choice(game.chance_outcomes())[0])
        else:
            game.apply(rng.choice(game.legal_actions()))
    assert stadt.Game.from_record(game.to_record()).scores() == game.scores()
    view = game.public_view()
    with pytest.raises(ValueError, match="no hidden part"):
        stadt.Game(players=2, seed=1).public_view().draw()
    assert not view.has_deck()


def test_clone_is_independent(rng: random.Random) -> None:
    game = stadt.Game(players=2, seed=2)
    play_random(game, rng, decisions=20)
    copy = game.clone()
    before = copy.observation()
    play_random(game, rng, decisions=5)
    assert copy.observation() == before != game.observation()


def test_bad_input_raises_value_errors_with_the_rule(rng: random.Random) -> None:
    with pytest.raises(ValueError, match="players must be 2, 3 or 4, not 5"):
        stadt.Game(players=5)
    with pytest.raises(OSError, match="tile set file"):
        stadt.Game(tiles="/nonexistent/tiles.txt")
    game = stadt.Game(players=2, seed=1)
    with pytest.raises(ValueError, match="chance outcome 999 is not one of 0 to"):
        game.apply(999)
    game.draw()
    with pytest.raises(ValueError, match="illegal action .*`tile 1 0 0`.*first tile goes to cell"):
        game.apply(game.legal_actions()[0] + 4)
    with pytest.raises(ValueError, match="outside the action space"):
        game.apply(stadt.NUM_ACTIONS)
    with pytest.raises(ValueError, match="outside the action space"):
        game.apply(-3)
    with pytest.raises(ValueError, match="not a chance node"):
        game.chance_outcomes()
    with pytest.raises(ValueError, match="not in this 2-player game"):
        game.observation(player=2)
    game.apply(game.legal_actions()[0])
    follower_actions = game.legal_actions()
    assert stadt.ACTION_FOLLOWER in follower_actions
    with pytest.raises(ValueError, match="R11|follower"):
        game.apply(stadt.ACTION_TOWER)
    play_random(game, rng)
    with pytest.raises(ValueError, match="the game is over"):
        game.apply(0)
    with pytest.raises(ValueError, match="record: line 4"):
        stadt.Game.from_record("stadt-record 1\nplayers 2\ntiles default\npile1 nothing\n")


def test_a_follower_port_of_the_same_feature_names_the_listed_action() -> None:
    game = stadt.Game(players=2, seed=4)
    game.draw()
    game.apply(game.legal_actions()[0])
    legal = set(game.legal_actions())
    aliases = [
        a
        for a in range(stadt.ACTION_FOLLOWER + 1, stadt.ACTION_FOLLOWER + 13)
        if a not in legal and game.action_to_string(a) in {game.action_to_string(b) for b in legal}
    ]
    assert aliases, "the start tile has a feature with more than one port"
    with pytest.raises(ValueError, match="legal_actions\\(\\) lists as action"):
        game.apply(aliases[0])


def test_random_playouts_are_reproducible_and_count_decisions() -> None:
    a = stadt.random_playouts(50, seed=3)
    assert a == stadt.random_playouts(50, seed=3) != stadt.random_playouts(50, seed=4)
    assert a["games"] == 50 and 100 * 50 < a["decisions"] < 400 * 50
    with pytest.raises(ValueError, match="players must be"):
        stadt.random_playouts(1, players=1)


def test_render_draws_the_city(rng: random.Random) -> None:
    game = stadt.Game(players=2, seed=8)
    play_random(game, rng)
    picture = game.render()
    assert "@" in picture and "legend" in picture


def test_games_lists_every_game_and_alias_with_its_players() -> None:
    games = {g["name"]: g for g in stadt.games()}
    assert list(games)[:3] == ["die-stadt", "catan", "staedte-und-ritter"]
    assert games["die-stadt"]["players"] == [2, 3, 4] and games["die-stadt"]["default_players"] == 2
    knights = games["staedte-und-ritter"]
    assert knights["players"] == [3, 4] and knights["default_players"] == 3 and knights["preset"] == "game=knights"
    assert any(o["name"] == "turns" for o in games["catan"]["options"])
    assert stadt.DEFAULTS["game"] == "die-stadt"
    for name in games:
        game = stadt.Game(name, seed=1)
        assert game.game == name and game.players == games[name]["default_players"]
        assert game.observation_tensor().shape == tuple(game.tensor_shape())


@pytest.mark.parametrize("name", ["catan", "staedte-und-ritter"])
def test_a_bot_of_each_game_plays_it_and_refuses_another(name: str) -> None:
    bot = stadt.Bot("greedy", seed=1, game=name)
    assert bot.game == name
    game = stadt.Game(name, seed=6)
    for _ in range(40):
        if game.is_chance_node():
            game.draw()
        else:
            action = bot.act(game)
            assert action in game.legal_actions()
            game.apply(action)
    with pytest.raises(ValueError, match="plays die-stadt, not catan"):
        stadt.Bot("greedy").act(stadt.Game("catan", seed=1))


@pytest.mark.parametrize("name", [g["name"] for g in stadt.games()])
def test_every_game_plays_to_its_end_and_its_record_round_trips(name: str, tmp_path) -> None:
    rng = random.Random(11)
    game = stadt.Game(name, seed=4)
    bot = stadt.Bot("random", seed=1, game=name)
    while not game.is_terminal():
        if game.is_chance_node():
            if rng.random() < 0.5:
                game.draw()
            else:
                game.apply(rng.choice(game.chance_outcomes())[0])
        elif game.current_player() == 0:
            action = bot.act(game)
            assert action in game.legal_actions()
            game.apply(action)
        else:
            game.apply(rng.choice(game.legal_actions()))
    returns = game.returns()
    assert abs(sum(returns)) < 1e-9 and len(returns) == game.players
    text = game.to_record()
    assert stadt.Game.from_record(text).to_record() == text
    (tmp_path / "game.rec").write_text(text)
    run_cli("replay", str(tmp_path / "game.rec"))
