"""Hostile set-up arguments for every poker game: each is refused with a ValueError that
names the offending value, and nothing is built (docs/protocol.md, "The poker games")."""

from __future__ import annotations

from typing import Any

import pytest

from pycards.errors import GameOptionError
from pycards.games import new_game
from pycards.games.poker.progressive import table_sizes

POKER = ["draw_poker", "jack_pots", "straight_poker", "stud_poker", "progressive_poker"]
HUGE = 10**400


def players_of(name: str) -> int:
    return 8 if name == "progressive_poker" else 4


BAD: list[tuple[dict[str, Any], str]] = [
    ({"seed": 1.5}, "1.5"),
    ({"seed": "7"}, "'7'"),
    ({"seed": 2**300}, "256 bits"),
    ({"dealer": -1}, "-1"),
    ({"dealer": 99}, "99"),
    ({"dealer": True}, "True"),
    ({"top": ["AH", "AH"]}, "twice"),
    ({"top": ["ZZ"]}, "ZZ"),
    ({"top": 5}, "5"),
    ({"stacks": [10]}, "[10]"),
    ({"stacks": "lots"}, "'lots'"),
    ({"limit": 0}, "limit"),
    ({"limit": HUGE}, "limit"),
    ({"limit": 4.0}, "4.0"),
    ({"ante": 3, "limit": 4}, "half the limit"),
    ({"ante": -1}, "ante"),
    ({"counters": 0}, "counters"),
    ({"counters": True}, "True"),
    ({"profile": "dutch"}, "'dutch'"),
    ({"until": "forever"}, "'forever'"),
    ({"deals": 0}, "deals"),
    ({"max_decisions": -3}, "max_decisions"),
    ({"no_such_option": 1}, "'no_such_option'"),
]


@pytest.mark.parametrize("name", POKER)
@pytest.mark.parametrize(("bad", "named"), BAD, ids=[str(b) for b, _ in BAD])
def test_a_bad_argument_is_refused_naming_it(name: str, bad: dict[str, Any], named: str) -> None:
    arguments = {"players": players_of(name), "seed": 0, **bad}
    with pytest.raises(ValueError) as caught:
        new_game(name, **arguments)
    assert named in str(caught.value), str(caught.value)


@pytest.mark.parametrize("name", POKER)
@pytest.mark.parametrize("players", [-1, 0, 1, 41, 2.0, "4", True, HUGE])
def test_a_bad_number_of_players_is_refused(name: str, players: Any) -> None:
    with pytest.raises(GameOptionError):
        new_game(name, players=players)


@pytest.mark.parametrize("name", POKER)
def test_no_players_given_is_the_games_default(name: str) -> None:
    assert new_game(name).players == new_game(name, players=None).players == players_of(name)


@pytest.mark.parametrize(("players", "middle"), [(9, 6), (11, 6), (41, 6), (12, 3), (12, 8), ("12", 6),
                                                 (12, 6.0), (True, 6)])  # fmt: skip
def test_table_sizes_refuses_what_no_evening_seats(players: Any, middle: Any) -> None:
    with pytest.raises(GameOptionError):
        table_sizes(players, middle)


def test_each_game_option_of_its_own_is_checked() -> None:
    for name, option, value in [("draw_poker", "straddles", 1), ("jack_pots", "fatten", 0),
                                ("stud_poker", "form", "two_down"), ("progressive_poker", "restake", 0),
                                ("progressive_poker", "middle", 9), ("progressive_poker", "ladies", 9),
                                ("progressive_poker", "until", "freeze_out"),
                                ("progressive_poker", "booby_by", "gold")]:  # fmt: skip
        with pytest.raises(GameOptionError) as caught:
            new_game(name, players=players_of(name), **{option: value})
        assert option in str(caught.value) or repr(value) in str(caught.value), (name, str(caught.value))


@pytest.mark.parametrize("name", POKER)
def test_an_action_document_with_a_key_that_is_not_a_name_is_refused(name: str) -> None:
    """An action of a snapshot with a key that is no field name (a number: JSON never gives
    one, a Python caller may) is refused as a StateError naming it, not a TypeError."""
    from pycards.errors import IllegalActionError, StateError

    game = new_game(name, players=players_of(name), seed=1)
    game.apply(game.legal_actions()[-1])
    document = game.to_dict()
    assert document["actions"]  # the snapshot replays the deal's actions
    document["actions"][0][1] = 2  # the key 1
    with pytest.raises(StateError, match=r"actions\[0\].*keys are field names, not 1"):
        type(game).from_dict(document)
    with pytest.raises(IllegalActionError, match="not 2"):
        game.action_from_dict({"type": "Fold", 2: 1})  # the key 2


@pytest.mark.parametrize("name", POKER)
def test_a_snapshots_rewards_must_fit_the_pool(name: str) -> None:
    """The last deal's rewards in a snapshot cannot be checked against a history it does not
    keep, but they must fit the counters: zeros before any deal has ended, and never more lost
    by the players than the pool now holds."""
    import random

    from pycards.errors import StateError

    game = new_game(name, players=players_of(name), seed=2, deals=5)
    fresh = game.to_dict()
    fresh["deal"]["rewards"][0] = 3
    with pytest.raises(StateError, match="zeros before the first deal ends"):
        type(game).from_dict(fresh)
    rng = random.Random(2)
    while game.deal_number < 3 and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    document = game.to_dict()
    type(game).from_dict(document)  # the true rewards load
    document["deal"]["rewards"][0] -= document["deal"]["balances"]["pool"] + 10**6
    with pytest.raises(StateError, match="more lost than the pool"):
        type(game).from_dict(document)


def test_a_legal_deal_of_more_than_100000_decisions_survives_its_snapshot() -> None:
    """A snapshot replays the deal's actions; it takes as many as a deal can legally hold
    (``info.max_decisions_per_deal``), so a live game always pickles. Straight Poker with
    a million counters each and a limit of 2: 100,001 raises in one deal."""
    import pickle

    from pycards.games.engine.betting import Raise

    game = new_game("straight_poker", players=2, seed=0, counters=10**6, limit=2, ante=1)
    for _ in range(100_001):
        game.apply(next(a for a in game.legal_actions() if type(a) is Raise))
    assert game.deal_number == 1 and len(game.to_dict()["actions"]) > 100_000
    again = pickle.loads(pickle.dumps(game))
    assert again.to_dict() == game.to_dict() and again.legal_actions() == game.legal_actions()


def _mid_session(name: str, **options: Any) -> Any:
    """A snapshot (JSON values) of ``name`` after its first deal, a few actions into the second."""
    import json
    import random

    game = new_game(name, players=3, seed=4, **options)
    rng = random.Random(4)
    while game.deal_number < 2 and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert not game.is_over
    return type(game), json.loads(json.dumps(game.to_dict()))


@pytest.mark.parametrize("name, options, change, named", [
    ("straight_poker", {"deals": 4}, lambda d: d["deal"]["session"].update(deals=4), "no pool to play for"),
    ("straight_poker", {"deals": 4}, lambda d: d["deal"]["session"].update(returns=1), "returns must be 0"),
    ("draw_poker", {"until": "rotations", "rotations": 2, "counters": 40},
     lambda d: d["deal"]["session"].update(returns=2), "rounds"),
    ("stud_poker", {"deals": 4}, lambda d: d["deal"].update(last_truncated=True), "last_truncated"),
    ("draw_poker", {"deals": 4}, lambda d: d["deal"].update(top=[0, 1]), "first deal's"),
])  # fmt: skip
def test_a_snapshots_session_counts_and_flags_must_fit_the_options(name, options, change, named) -> None:
    """A session of deals still in play has deals to go (or a pool to play for), rounds of the
    deal count only where the session ends by them and stay under their number, a deal is
    truncated only under ``max_decisions``, and the stacked cards are the first deal's."""
    from pycards.errors import StateError

    cls, document = _mid_session(name, **options)
    cls.from_dict(document)  # the genuine snapshot loads
    change(document)
    with pytest.raises(StateError, match=named):
        cls.from_dict(document)


def test_a_jack_pot_is_not_fattened_at_the_first_deal() -> None:
    from pycards.errors import StateError
    import json

    game = new_game("jack_pots", players=3, seed=4, deals=3, ante=2, fatten=1)
    document = json.loads(json.dumps(game.to_dict()))
    type(game).from_dict(document)
    document["deal"]["game"]["fattening"] = True
    with pytest.raises(StateError, match="fattening"):
        type(game).from_dict(document)
