"""pycards.odds: the exact odds of the draw, checked against a brute-force enumeration.

The reference here ranks every final hand one at a time with :func:`pycards.poker.evaluate`
(``itertools.combinations`` over the unseen cards) and reads its category from
:func:`pycards.poker.category_floors` by bisection; :func:`pycards.odds.draw_odds`
builds the draws in numpy and ranks them with ``evaluate_many``.
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections import Counter
from fractions import Fraction
from math import comb
from typing import Any

import pytest
from hostile_values import HUGE, Unprintable

from pycards.cards import parse
from pycards.errors import CardError, CardTypeError, DuplicateCardError, HandSizeError, RulesError
from pycards.odds import CATEGORY_NAMES, DrawOdds, best_discard, draw_odds, expected_strengths
from pycards.poker import PROFILES, Category, category, category_floors, evaluate

NAMES_LOW_FIRST = [str(Category(kind)) for kind in range(9)]


def brute(hand: tuple[int, ...], rules: str, dead: tuple[int, ...], mask: int) -> tuple[Counter[str], int, int]:
    """Category counts, strength total and number of draws of throwing ``mask``, one hand at a time."""
    kept = tuple(c for i, c in enumerate(hand) if not mask >> i & 1)
    unseen = [c for c in range(52) if c not in set(hand) | set(dead)]
    floors = category_floors(rules)
    counts: Counter[str] = Counter()
    total = draws = 0
    for drawn in itertools.combinations(unseen, 5 - len(kept)):
        strength = evaluate(kept + drawn, rules)
        counts[NAMES_LOW_FIRST[bisect.bisect_right(floors, strength) - 1]] += 1
        total += strength
        draws += 1
    return counts, total, draws


def assert_matches(odds: DrawOdds, reference: tuple[Counter[str], int, int]) -> None:
    counts, total, draws = reference
    assert odds.draws == draws
    assert {name: n for name, n in odds.categories.items() if n} == dict(counts)
    assert odds.total == total and odds.expected == pytest.approx(total / draws, rel=1e-12)


def masks_throwing(at_most: int) -> list[int]:
    return [m for m in range(32) if m.bit_count() <= at_most]


HANDS = [
    ("KH KS 7C 4D 2S", "english", 3),   # a pair
    ("2H 5H 9H KH 7C", "english", 3),   # a four-flush in hearts
    ("10C JD QH KS AC", "english", 3),  # no sequence under law 71
    ("10C JD QH KS AC", "american", 2),  # a sequence under the American rules
    ("9S 9D 9H 9C 2D", "american", 2),
    ("5S 6S 7S 8S 2D", "no_straight_flush", 2),
    ("AH 2C 3D 4S 9H", "english", 2),   # the ace begins a sequence
]  # fmt: skip


@pytest.mark.parametrize(("text", "rules", "at_most"), HANDS)
def test_the_odds_of_small_draws_match_brute_force(text: str, rules: str, at_most: int) -> None:
    hand = parse(text)
    odds = draw_odds(text, rules)
    for mask in masks_throwing(at_most):
        assert_matches(odds[mask], brute(hand, rules, (), mask))


@pytest.mark.parametrize("rules", PROFILES)
def test_every_choice_matches_brute_force_with_many_dead_cards(rules: str) -> None:
    """35 dead cards leave 12 to draw: every one of the 32 choices is enumerated by hand."""
    rng = random.Random(rules)
    for _ in range(3):
        cards = rng.sample(range(52), 40)
        hand, dead = tuple(cards[:5]), tuple(cards[5:])
        odds = draw_odds(hand, rules, dead)
        for mask in range(32):
            assert_matches(odds[mask], brute(hand, rules, dead, mask))


def test_every_choice_of_one_full_pack_hand_matches_brute_force() -> None:
    """All 32 choices from the 47 unseen cards, throwing five included (2,598,960 hands)."""
    hand = parse("AH AS AD AC 2H")
    odds = draw_odds(hand)
    for mask in range(32):
        assert_matches(odds[mask], brute(hand, "english", (), mask))


def test_every_choice_throws_and_keeps_its_own_cards_and_counts_every_draw() -> None:
    hand = parse("QC 3D 8H JS 6S")
    dead = parse("2C 2D 2H")
    odds = draw_odds(hand, "english", dead)
    assert len(odds) == 32 and [o.discard for o in odds] == list(range(32))
    for mask, o in enumerate(odds):
        assert o.thrown == tuple(hand[i] for i in range(5) if mask >> i & 1)
        assert sorted(o.kept + o.thrown) == sorted(hand)
        assert o.draws == comb(44, len(o.thrown)) == sum(o.categories.values())
        assert list(o.categories) == list(CATEGORY_NAMES)
        assert sum(o.probability(name) for name in CATEGORY_NAMES) == pytest.approx(1.0)
    assert sum(o.draws for o in odds) == comb(49, 5)  # Vandermonde: every hand of the unseen and the hand


@pytest.mark.parametrize(("text", "rules"), [("KH KS 7C 4D 2S", "english"), ("10C JD QH KS AC", "american"),
                                             ("10C JD QH KS AC", "english")])  # fmt: skip
def test_standing_pat_is_one_draw_of_the_hand_itself(text: str, rules: str) -> None:
    pat = draw_odds(text, rules)[0]
    assert pat.discard == 0 and pat.thrown == () and pat.kept == parse(text) and pat.draws == 1
    assert pat.categories[str(category(text, rules))] == 1 and sum(pat.categories.values()) == 1
    assert pat.total == evaluate(text, rules) and pat.expected == evaluate(text, rules)


def test_the_category_names_are_poker_category_names_best_first() -> None:
    assert CATEGORY_NAMES[0] == "sequence flush" and CATEGORY_NAMES[-1] == "no pair"
    assert list(CATEGORY_NAMES) == NAMES_LOW_FIRST[::-1]


def test_probability_takes_names_and_categories() -> None:
    odds = draw_odds("2H 5H 9H KH 7C")[0b10000]  # throw the seven of clubs: 9 hearts among 47
    assert odds.probability("flush") == pytest.approx(9 / 47)
    assert odds.probability(Category.FLUSH) == odds.probability("FLUSH") == odds.probability("flush")
    assert odds.probability(Category.ONE_PAIR) == odds.probability("pair") == pytest.approx(12 / 47)
    assert odds.probability("STRAIGHT") == odds.probability("sequence") == 0.0
    with pytest.raises(ValueError, match="'royal'"):
        odds.probability("royal")
    with pytest.raises(ValueError, match="3"):
        odds.probability(3)  # type: ignore[arg-type]


def test_four_aces_keep_the_four_aces() -> None:
    """Verified by brute force above: throwing the two (any kicker is better) is best."""
    best = best_discard("AH AS AD AC 2H")
    assert sorted(best.kept) == sorted(parse("AH AS AD AC")) and best.thrown == parse("2H")
    assert best.categories["fours"] == 47


def test_a_four_flush_in_hearts_draws_to_it_under_the_english_laws() -> None:
    hand = parse("2H 5H 9H KH 7C")
    best = best_discard(hand, "english")
    assert best.thrown == parse("7C")
    odds = draw_odds(hand, "english")
    reference = {mask: brute(hand, "english", (), mask) for mask in masks_throwing(2)}
    best_by_hand = max(reference, key=lambda m: (Fraction(reference[m][1], reference[m][2]),
                                                 -m.bit_count(), -m))  # fmt: skip
    assert best_by_hand == best.discard
    assert all(odds[m].exact_expected() <= best.exact_expected() for m in range(32))


def test_a_sequence_flush_stands_pat() -> None:
    best = best_discard("5H 6H 7H 8H 9H")
    assert best.discard == 0 and best.categories == {**dict.fromkeys(CATEGORY_NAMES, 0), "sequence flush": 1}


def test_best_discard_breaks_ties_by_fewer_cards_then_the_lower_mask(monkeypatch: pytest.MonkeyPatch) -> None:
    """Equal expectations (exact fractions, 1/3 == 2/6): the fewest cards thrown, then the lowest mask."""
    from pycards import odds

    table = [Fraction(1, 4)] * 32
    for mask in (0b00110, 0b01001, 0b10000, 0b01000):
        table[mask] = Fraction(2, 6)
    monkeypatch.setattr(odds, "expected_strengths", lambda *args: tuple(table))
    assert odds.best_discard("AH KH QH JH 10H").discard == 0b01000
    table[0b00011] = Fraction(10**9 + 1, 3 * 10**9)  # a hair more than 1/3: beats them all
    best = odds.best_discard("AH KH QH JH 10H")
    assert best.discard == 0b00011 and best.thrown == parse("AH KH") and best.draws == comb(47, 2)


@pytest.mark.parametrize("rules", PROFILES)
def test_the_expectations_by_tables_are_those_of_every_draw(rules: str) -> None:
    """expected_strengths (inclusion and exclusion over per-profile tables) gives exactly the
    mean of draw_odds (every draw ranked), with and without dead cards, and with so many dead
    cards that it enumerates instead; best_discard is the best of draw_odds by the tie rule."""
    rng = random.Random(f"tables {rules}")
    for dead_count in (0, 0, 1, 4, 9, 30):
        cards = rng.sample(range(52), 5 + dead_count)
        hand, dead = tuple(cards[:5]), tuple(cards[5:])
        odds = draw_odds(hand, rules, dead)
        exact = expected_strengths(hand, rules, dead)
        assert exact == tuple(Fraction(o.total, o.draws) for o in odds)
        best = min(odds, key=lambda o: (-Fraction(o.total, o.draws), len(o.thrown), o.discard))
        assert best_discard(hand, rules, dead) == best


def test_the_dead_cards_are_never_drawn() -> None:
    hand = parse("2H 5H 9H KH 7C")
    other_hearts = [c for c in range(52) if c & 3 == 2 and c not in hand]
    odds = draw_odds(hand, "english", other_hearts)
    assert odds[0b10000].categories["flush"] == 0 and odds[0b10000].draws == 47 - 9
    hearts_only = [o for o in odds if len(o.kept) >= 2 and all(c & 3 == 2 for c in o.kept)]
    assert len(hearts_only) == 11  # the 11 ways to keep two or more of the four hearts and not the club
    assert all(o.categories["flush"] == 0 and o.categories["sequence flush"] == 0 for o in hearts_only)
    assert draw_odds(hand, "english", "AS")[0b10000].draws == 46


def test_the_hand_s_order_is_the_mask_s_order() -> None:
    a, b = draw_odds("KH KS 7C 4D 2S"), draw_odds("2S 4D 7C KS KH")
    assert a[0b11100].categories == b[0b00111].categories and a[0b11100].total == b[0b00111].total


def test_results_are_values() -> None:
    import pickle

    odds = draw_odds("KH KS 7C 4D 2S")
    again = draw_odds(("KH", "KS", "7C", "4D", "2S"))
    assert odds == again and hash(odds[5]) == hash(again[5])
    assert pickle.loads(pickle.dumps(odds[5])) == odds[5]
    with pytest.raises(AttributeError):
        odds[5].draws = 1  # type: ignore[misc]


BAD: list[tuple[dict[str, Any], type[ValueError], str]] = [
    ({"hand": "AH KH QH JH"}, HandSizeError, "'AH KH QH JH'"),
    ({"hand": "AH KH QH JH 10H 9H"}, HandSizeError, "6"),
    ({"hand": "AH AH QH JH 10H"}, DuplicateCardError, "'AH'"),
    ({"hand": "AH KH QH JH 1X"}, CardError, "'1X'"),
    ({"hand": [0, 1, 2, 3, 52]}, CardError, "52"),
    ({"hand": [0, 1, 2, 3, 4.0]}, CardTypeError, "4.0"),
    ({"hand": [0, 1, 2, 3, HUGE]}, CardError, "bits"),
    ({"hand": None}, CardTypeError, "None"),
    ({"hand": 12345}, CardTypeError, "12345"),
    ({"hand": b"AH KH QH JH 10H"}, CardTypeError, "bytes"),
    ({"hand": [0, 1, 2, 3, Unprintable()]}, CardTypeError, "Unprintable"),
    ({"rules": "dutch"}, RulesError, "'dutch'"),
    ({"rules": 5}, RulesError, "5"),
    ({"rules": None}, RulesError, "None"),
    ({"dead": "AH"}, DuplicateCardError, "'AH'"),
    ({"dead": [2, 2]}, DuplicateCardError, "2"),
    ({"dead": "ZZ"}, CardError, "'ZZ'"),
    ({"dead": None}, CardTypeError, "None"),
    ({"dead": 7}, CardTypeError, "7"),
    ({"dead": [c for c in range(52) if c not in (50, 46, 42, 38, 34)][:44]}, CardError, "3 cards"),
]  # fmt: skip


@pytest.mark.parametrize(("bad", "error", "named"), BAD, ids=[f"{i}-{next(iter(b))}" for i, (b, _, _) in enumerate(BAD)])
@pytest.mark.parametrize("function", [draw_odds, best_discard, expected_strengths])
def test_hostile_input_is_refused_naming_it(function: Any, bad: dict[str, Any], error: type[ValueError],
                                            named: str) -> None:  # fmt: skip
    arguments = {"hand": "AH KH QH JH 10H", "rules": "english", "dead": (), **bad}
    with pytest.raises(error) as caught:
        function(arguments["hand"], arguments["rules"], arguments["dead"])
    assert isinstance(caught.value, ValueError) and named in str(caught.value), str(caught.value)
