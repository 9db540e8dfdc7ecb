"""``Game.new_session(seed)``: a new session at a table, for every registered game.

It must be exactly the game ``new_game`` makes from the same players, options and set-up
arguments, share nothing that changes with the table it came from, and check its seed as
``new_game`` does.
"""

from __future__ import annotations

import json
import random

import pytest

from pycards.games import GAMES, GameOptionError, new_game

PLAYERS = {"progressive_poker": 12}
"""A player count each game allows (the default where the game has none listed here)."""
SET_UP = {
    "vingt_un": [{}, {"dealer": 2, "top": ["AS", "AH"]}, {"deal_passes": "two_packs", "pool_contribution": 2}],
    "draw_poker": [{}, {"dealer": 1, "top": ["KS", "KH", "KD"]}, {"stacks": [30, 40, 50, 60]}],
}


def play(game, moves: int, rng: random.Random) -> list:
    """Up to ``moves`` random legal actions; the records they made."""
    made = []
    while len(made) < moves and game.to_act is not None:
        made.append(game.apply(rng.choice(game.legal_actions())))
    return made


def repr_short(value: object) -> str:
    return type(value).__name__ if isinstance(value, int) and value.bit_length() > 64 else repr(value)


def snapshot(game) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


def cases():
    for name in sorted(GAMES):
        for options in SET_UP.get(name, [{}]):
            yield pytest.param(name, options, id=f"{name}-{sorted(options)}")


@pytest.mark.parametrize("name, options", list(cases()))
def test_a_new_session_is_the_game_new_game_makes(name, options):
    players = PLAYERS.get(name, 4)
    table = new_game(name, players=players, seed=3, **options)
    play(table, 40, random.Random(0))  # the table has played on: the new session starts afresh
    for seed in (0, 7, -5, 2**64 - 1):
        made, fresh = new_game(name, players=players, seed=seed, **options), table.new_session(seed)
        assert type(fresh) is type(made) and snapshot(fresh) == snapshot(made)
        assert list(fresh.history()) == list(made.history())
        assert play(fresh, 200, random.Random(seed)) == play(made, 200, random.Random(seed))
        assert snapshot(fresh) == snapshot(made)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_sessions_of_one_table_share_nothing_that_changes(name):
    players = PLAYERS.get(name, 4)
    table = new_game(name, players=players, seed=1)
    before = snapshot(table)
    first, second = table.new_session(2), table.new_session(2)
    play(first, 300, random.Random(5))
    assert snapshot(table) == before
    assert snapshot(second) == snapshot(new_game(name, players=players, seed=2))
    assert second.observation(0) == new_game(name, players=players, seed=2).observation(0)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_restored_from_a_snapshot_starts_sessions_without_set_up(name):
    players = PLAYERS.get(name, 4)
    table = new_game(name, players=players, seed=1)
    play(table, 10, random.Random(2))
    restored = type(table).from_dict(table.to_dict())
    assert snapshot(restored.new_session(9)) == snapshot(new_game(name, players=players, seed=9))


@pytest.mark.parametrize("seed", [1.0, True, "3", None, 2**256, -(2**256), 10**5000], ids=repr_short)
def test_a_bad_seed_is_refused_naming_it(seed):
    table = new_game("vingt_un", players=3, seed=1)
    before = snapshot(table)
    with pytest.raises(GameOptionError, match="seed"):
        table.new_session(seed)
    assert snapshot(table) == before
