"""Card moves and their audiences, a seat's knowledge derived from its views, and the redeal
of the cards a seat cannot see (pycards.games.engine.events, .knowledge, .chance)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycards.errors import StateError
from pycards.games.engine.chance import KnowledgeError, check_knowledge, relabelling
from pycards.games.engine.events import (
    STOCK,
    USED,
    Dealt,
    Gathered,
    Moved,
    Place,
    Record,
    Reshuffled,
    Shown,
    hand_place,
)
from pycards.games.engine.knowledge import Knowledge, Sight

THROWN = Place("thrown")


def _knows(seat: int | None, *records: Record) -> dict[str, list[int]]:
    places: dict[str, list[int]] = Knowledge(seat).learn_all(r.view(seat) for r in records).to_dict()["places"]
    return places


# -- audiences -----------------------------------------------------------------------------------


def test_a_card_moved_face_down_is_seen_by_its_audience_only() -> None:
    record = Record(1, None, (Moved(30, hand_place(1), USED, (1,)),))
    assert record.view(1) is record
    assert record.view(0).entries == (Moved(None, hand_place(1), USED, (1,)),)
    assert record.view(None).entries[0].card is None


def test_a_card_seen_by_nobody_is_hidden_even_from_its_holder() -> None:
    """Speculation's way: a card moved face down that not even its holder looks at."""
    record = Record(0, None, (Moved(12, STOCK, hand_place(0), ()),))
    assert all(record.view(seat).entries[0].card is None for seat in (0, 1, None))


def test_a_private_show_hides_the_cards_from_the_others_but_not_that_it_happened() -> None:
    """American Brag: a show between two seats only."""
    record = Record(2, None, (Shown(2, 0, (51, 50, 49), (2, 3)),))
    assert record.view(3) is record
    assert record.view(0).entries == (Shown(2, 0, (None, None, None), (2, 3)),)


def test_a_public_show_and_face_up_moves_are_seen_by_all() -> None:
    record = Record(0, None, (Shown(0, 0, (5, 6)), Moved(5, hand_place(0), THROWN, None)))
    assert record.view(None) is record


def test_a_moved_entry_names_its_places_in_the_record_document() -> None:
    entry = Record(1, None, (Moved(None, hand_place(1), USED, (1,)),)).to_dict()["entries"][0]
    assert entry == {"type": "Moved", "card": None, "source": ["hand", 1, 0], "target": ["used", -1, 0],
                     "seen_by": [1]}  # fmt: skip


# -- knowledge -----------------------------------------------------------------------------------


def test_a_seat_knows_its_own_cards_and_the_face_up_ones_only() -> None:
    deal = Record(None, None, (Dealt(0, 0, 40, (0,)), Dealt(1, 0, 41, (1,)), Dealt(1, 0, 42, None)))
    assert _knows(0, deal) == {"hand:0:0": [40], "hand:1:0": [42]}
    assert _knows(1, deal) == {"hand:1:0": [41, 42]}
    assert _knows(None, deal) == {"hand:1:0": [42]}


def test_the_card_a_seat_passes_to_its_neighbour_stays_known_to_it() -> None:
    deal = Record(None, None, (Dealt(0, 0, 40, (0,)), Dealt(1, 0, 41, (1,))))
    passed = Record(0, None, (Moved(40, hand_place(0), hand_place(1), (0, 1)),))
    assert _knows(0, deal, passed) == {"hand:1:0": [40]}
    assert _knows(1, deal, passed) == {"hand:1:0": [40, 41]}
    assert _knows(2, deal, passed) == {}


def test_a_card_leaving_unseen_puts_in_doubt_every_card_known_at_its_place() -> None:
    deal = Record(None, None, (Dealt(1, 0, 41, None), Dealt(1, 0, 42, (1,))))
    thrown = Record(1, None, (Moved(42, hand_place(1), USED, (1,)),))
    assert _knows(0, deal) == {"hand:1:0": [41]}
    assert _knows(0, deal, thrown) == {}
    assert _knows(1, deal, thrown) == {"hand:1:0": [41], "used": [42]}


def test_gathering_and_reshuffling_move_what_is_known() -> None:
    deal = Record(None, None, (Dealt(0, 0, 40, (0,)), Moved(40, hand_place(0), USED, (0,)), Dealt(0, 0, 7, (0,))))
    assert _knows(0, deal, Record(None, None, (Gathered(USED),))) == {"used": [7, 40]}
    assert _knows(0, deal, Record(None, None, (Reshuffled(45),))) == {"hand:0:0": [7], "stock": [40]}
    assert _knows(0, deal, Record(None, None, (Gathered(STOCK),))) == {}  # a fresh pack: nothing known


def test_the_cards_turned_up_for_the_lot_are_in_no_place() -> None:
    """The first dealer is chosen from a pack of its own (hand -1): those cards lie nowhere."""
    assert _knows(0, Record(None, None, (Dealt(0, -1, 12, None),))) == {}


def test_two_packs_keep_one_place_per_copy() -> None:
    deal = Record(None, None, (Dealt(0, 0, 40, None), Dealt(1, 0, 40, None)))
    known = Knowledge(2).learn_all([deal.view(2)])
    assert known.where(40) == [hand_place(0), hand_place(1)]
    known.learn(Record(1, None, (Moved(40, hand_place(1), USED, None),)))
    assert known.where(40) == [hand_place(0), USED]


def test_a_seat_remembers_every_card_it_was_shown_until_the_pack_is_made_up() -> None:
    deal = Record(None, None, (Dealt(0, 0, 40, (0,)), Dealt(1, 0, 41, (1,)), Dealt(1, 0, 42, None),
                               Moved(42, hand_place(1), USED, (1,))))  # fmt: skip
    known = Knowledge(0).learn_all([deal.view(0)])
    assert known.seen == {40, 42} and known.to_dict() == {"places": {"hand:0:0": [40]}, "seen": [40, 42]}
    known.learn(Record(None, None, (Gathered(STOCK),)))
    assert known.seen == set() and known.places == {}


def test_knowledge_documents_round_trip_and_refuse_what_no_seat_could_know() -> None:
    known = Knowledge(1).learn_all([Record(None, None, (Dealt(1, 0, 41, (1,)), Dealt(0, 0, 9, None))).view(1)])
    assert Knowledge.from_dict(known.to_dict(), 1, 2, "k").places == known.places
    for bad in ({"places": {"hand:0:0": [41]}, "seen": []},  # placed, never seen
                {"places": {"hand:2:0": [41]}, "seen": [41]},  # no seat 2 of 2
                {"places": {"hand:1:0": [41, 9]}, "seen": [9, 41]},  # not in id order
                {"places": {"hand:1:0": [52]}, "seen": [52]},  # no card 52
                {"places": {}, "seen": [], "more": 1}):
        with pytest.raises(StateError):
            Knowledge.from_dict(bad, 1, 2, "k")


# -- the relabelling -----------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.sets(st.integers(0, 51)), st.integers(0, 2**32))
def test_a_relabelling_renames_the_unseen_cards_among_themselves(seen: set[int], seed: int) -> None:
    names = relabelling(seen, range(52), random.Random(seed))
    assert set(names) == set(names.values()) == set(range(52)) - seen


def test_a_relabelling_gives_each_unseen_card_each_name_equally_often() -> None:
    """Honest chance: every card a seat has not seen is as likely to be any of them (a
    chi-squared test at the 0.1% level over 5,000 relabellings, fixed seed)."""
    rng = random.Random(2026)
    hidden = [3, 9, 12, 30, 41]
    counts: Counter[tuple[int, int]] = Counter()
    trials = 5000
    for _ in range(trials):
        counts.update(relabelling({0, 1, 2}, [0, 1, 2, *hidden], rng).items())
    expected = trials / len(hidden)
    chi2 = sum((counts[(a, b)] - expected) ** 2 / expected for a in hidden for b in hidden)
    assert chi2 < 39.3, chi2  # 16 degrees of freedom: the 0.1% point is 39.25


def test_knowledge_the_game_does_not_bear_out_is_refused() -> None:
    wrong = Knowledge(0)
    wrong._put(13, hand_place(0))
    with pytest.raises(KnowledgeError, match=r"seat 0 knows \[13\]"):
        check_knowledge(wrong, {hand_place(0): [51, 50]})


# -- every registered game -----------------------------------------------------------------------

from pycards.games import GAMES, new_game  # noqa: E402

_DECISIONS = 400
"""Decisions played per game (a few deals of each): the check's cost is bounded per game."""


def _played(name: str, seed: int):  # type: ignore[no-untyped-def]
    """Each state of a seeded random session of ``name``, after each decision."""
    game = new_game(name, seed=seed, deals=1000)
    rng = random.Random(seed)
    for _ in range(_DECISIONS):
        if game.is_over:
            return
        yield game
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_seat_s_knowledge_is_borne_out_by_where_the_cards_lie(name: str) -> None:
    """What a seat's own views tell it of the cards is true at every step of play."""
    for game in _played(name, 1):
        places = game._card_places()
        for seat in (*range(game.players), None):
            check_knowledge(game.knowledge(seat), places)


def _fresh(game, seat):  # type: ignore[no-untyped-def]
    """What ``seat`` learns from its views of the pack's records, read afresh (the slow reference)."""
    return Knowledge(seat).learn_all(game.events(seat)[-len(game._records.since_pack()):]).view()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_observation_holds_what_the_seat_s_views_teach_it(name: str) -> None:
    """The observation's ``knowledge``, kept record by record (and shared by a copy until one
    of them learns more), is at every step what the seat's views of the records teach it
    read afresh, in the original and in a copy played on apart."""
    rng = random.Random(5)
    for step, game in enumerate(_played(name, 3)):
        for seat in {game.to_act if game.to_act is not None else 0, step % game.players}:
            assert game.observation(seat)["knowledge"] == _fresh(game, seat), (step, seat)
        if step % 11 == 0:
            twin = game.copy()
            for _ in range(3):
                if twin.is_over:
                    break
                twin.apply(rng.choice(twin.legal_actions()))
                for seat in range(twin.players):
                    assert twin.observation(seat)["knowledge"] == _fresh(twin, seat)
            assert game.knowledge(None).view() == _fresh(game, None)


def test_the_compiled_sight_refuses_what_no_record_holds() -> None:
    """Records come from the games, but a C array is never indexed by a value not bounded:
    a card id past 63, a seat outside the table, too many seats, a card known three times."""
    sight = Sight(2)
    for bad in (Record(None, None, (Dealt(0, 0, 64, None),)), Record(None, None, (Dealt(0, 0, -1, None),)),
                Record(None, None, (Dealt(0, 0, "7", None),)), Record(None, None, (Dealt(0, 0, 7, (2,)),)),
                Record(None, None, (Moved(2**70, USED, STOCK, None),)), Record(None, None, (Dealt(0, 0, 7, (-1,)),))):
        with pytest.raises(ValueError):
            sight.learn(bad)
    for players in (0, 64, -3):
        with pytest.raises(ValueError):
            Sight(players)
    with pytest.raises(ValueError, match="no seat 2"):
        sight.view(2)
    thrice = Knowledge(0)
    for place in (hand_place(0), hand_place(1), USED):
        thrice._put(7, place)
    with pytest.raises(ValueError, match="three places"):
        Sight.of([thrice, Knowledge(1), Knowledge(None)])


def test_the_compiled_sight_keeps_two_copies_of_a_card_apart() -> None:
    """A game of two packs: each copy its own place, as the reference keeps them."""
    records = [Record(None, None, (Dealt(0, 0, 40, None), Dealt(1, 0, 40, None))),
               Record(1, None, (Moved(40, hand_place(1), USED, None),)),
               Record(None, None, (Shown(0, 0, (40,)), Reshuffled(10)))]  # fmt: skip
    sight = Sight(2)
    for record in records:
        sight.learn(record)
        for viewer in (0, 1, None):
            assert sight.view(viewer) == Knowledge(viewer).learn_all(
                records[:records.index(record) + 1]).view()  # fmt: skip
    assert sight.view(None) == {"hand:0:0": (40,), "stock": (40,)}


def test_a_player_s_own_discards_stay_in_its_observation_and_no_one_else_s() -> None:
    """Draw Poker: the cards a player throws at the draw go face down among the used cards;
    he knows them there, the others do not (RULES 6.1: cards face down are seen by their
    holder only)."""
    game = new_game("draw_poker", players=3, seed=11, dealer=0, straddles=False)
    game.apply(game.legal_actions()[1])  # the first to speak opens for one counter
    while game.observation(0)["phase"] != "draw":
        game.apply(next(a for a in game.legal_actions() if type(a).__name__ in ("Call", "Check")))
    seat = game.to_act
    hand = game.observation(seat)["hand"]
    thrown = next(a for a in game.legal_actions() if type(a).__name__ == "Discard" and a.cards == 0b11)
    game.apply(thrown)
    assert game.observation(seat)["knowledge"]["used"] == tuple(sorted(hand[:2]))
    for other in range(3):
        if other != seat:
            assert "used" not in game.observation(other)["knowledge"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_resampled_copy_looks_the_same_to_its_seat_and_plays_on(name: str) -> None:
    """Honest chance: the copy changes nothing its seat can see (observation, encoding,
    knowledge), keeps every count of cards, and plays on by the rules; it has no snapshot."""
    rng = random.Random(7)
    for step, game in enumerate(_played(name, 2)):
        if step % 9:
            continue
        seat = rng.choice([*range(game.players), None])
        twin = game.resample(seat, rng)
        mine, theirs = game._card_places(), twin._card_places()
        assert {p: len(c) for p, c in mine.items()} == {p: len(c) for p, c in theirs.items()}
        assert sorted(c for cards in mine.values() for c in cards) == sorted(c for cards in theirs.values() for c in cards)
        if seat is not None:
            assert twin.observation(seat) == game.observation(seat)
            assert (twin.encode(seat) == game.encode(seat)).all()
        assert twin.events(seat) == game.events(seat)  # its view of every record, unchanged
        assert twin.knowledge(seat).places == game.knowledge(seat).places
        twin_places = twin._card_places()
        for other in (*range(game.players), None):  # every seat's view of the records fits the cards
            check_knowledge(twin.knowledge(other), twin_places)
        if seat is not None and seat == game.to_act:  # another's options may hang on his hidden cards
            assert twin.legal_actions() == game.legal_actions()
        with pytest.raises(StateError, match="resample"):
            twin.to_dict()
        for _ in range(30):
            if twin.is_over:
                break
            twin.apply(rng.choice(twin.legal_actions()))


def test_a_resampled_copy_deals_other_cards_than_the_game_will() -> None:
    """The copy does not know the coming cards: the stock's order differs from the game's, and
    so does the card a draw brings."""
    game = new_game("vingt_un", seed=3)
    copies = [game.resample(0, seed)._card_places()[STOCK] for seed in range(20)]
    assert all(stock != game._card_places()[STOCK] for stock in copies)
    assert len({tuple(stock) for stock in copies}) == 20
    clones = [game.reshuffled(seed) for seed in range(20)]
    assert all(clone.hands == game.hands for clone in clones)  # every hand as it is
    assert len({clone._card_places()[STOCK][-1] for clone in clones}) > 5


def test_resample_refuses_a_bad_seat_or_rng() -> None:
    game = new_game("draw_poker", seed=3)
    with pytest.raises(ValueError, match="no seat 9"):
        game.resample(9, 0)
    with pytest.raises(ValueError, match="rng must be"):
        game.resample(0, 1.5)  # type: ignore[arg-type]
