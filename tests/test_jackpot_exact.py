"""Checks of tests/jackpot_exact.py: the chance that no hand may open a jack-pot.

* The module's own classification agrees with ``pycards.poker.opens`` on all
  2,598,960 hands (for each minimum through one hand of each strength class;
  for knaves also hand by hand), and its counts with the closed forms (so the
  library and the module check each other).
* The exact dynamic program agrees with brute-force enumeration of one, two and
  three hands on small packs (same classification code), with the single-hand
  count for one hand, and, for two hands from the full pack, with an
  independent count by inclusion-exclusion over shared cards.
* The cached figures for the larger tables are what the program gives, where
  that is cheap to recompute, and behave as chances must.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import numpy as np
import pytest

import pycards.cards
import pycards.poker
from jackpot_exact import (
    CACHED_COUNTS,
    FULL,
    Pack,
    all_hands,
    brute_force_no_opener_deals,
    count_no_opener_deals,
    deals,
    minimum_index,
    opens_many,
    p_independent,
    p_no_opener,
    single_hand_openers,
)

N_HANDS = comb(52, 5)
MINIMA = ("J", "Q", "K")


@pytest.fixture(scope="module")
def hands() -> np.ndarray:
    return all_hands()


@pytest.fixture(scope="module")
def strengths(hands) -> np.ndarray:
    return pycards.poker.evaluate_many(hands, "english")


@pytest.mark.parametrize("minimum", MINIMA)
def test_classification_is_pycards_opens_on_every_hand(hands, strengths, minimum):
    # pycards.poker.opens on one hand of each english strength class, spread to
    # every hand of the class ("or better" is judged by the profile's strength)
    classes, first = np.unique(strengths, return_index=True)
    by_class = np.array([pycards.poker.opens(hands[i].tolist(), minimum, "english") for i in first])
    library = by_class[np.searchsorted(classes, strengths)]
    ours = opens_many(hands, minimum)
    assert np.array_equal(ours, library), hands[ours != library][:5]
    assert single_hand_openers(minimum) == int(library.sum())


def test_classification_is_pycards_opens_hand_by_hand(hands):
    every = itertools.combinations(range(52), 5)  # the order of all_hands()
    library = np.fromiter(map(pycards.poker.opens, every), dtype=bool, count=N_HANDS)
    assert np.array_equal(opens_many(hands, "J"), library)


@pytest.mark.parametrize("minimum", MINIMA)
def test_single_hand_counts_closed_form(minimum):
    # no pair, not a sequence (13 choose 5 rank sets less the 9 sequences), not one suit;
    # or one pair below the minimum (rank, 2 of its 4 suits) with 3 other ranks, any suits
    low_ranks = minimum_index(minimum)
    closed = (comb(13, 5) - 9) * (4**5 - 4) + low_ranks * comb(4, 2) * comb(12, 3) * 4**3
    assert single_hand_openers(minimum) == N_HANDS - closed


def test_knaves_examples():
    cases = {
        "JH JS 2C 3D 5H": True,
        "10H 10S AC KD QH": False,
        "10C JD QH KS AC": False,  # 10-J-Q-K-A is no sequence (law 71)
        "9C 10D JH QS KC": True,
        "AC 2D 3H 4S 5C": True,
        "2H 5H 9H JH KH": True,
        "2C 5H 9H JH KH": False,
        "AS 2S 5D 5C 7H": False,
    }
    hands = [list(pycards.cards.parse(h)) for h in cases]
    assert opens_many(np.array(hands)).tolist() == list(cases.values())


# (pack, minimum rank index, players): the pack sizes keep enumeration quick;
# Pack(10, 2) and Pack(11, 2) allow two flushes of one suit, Pack(6, 4) four suits.
SMALL_CASES = [
    (Pack(6, 3), 3, 3),
    (Pack(6, 3), 5, 3),
    (Pack(7, 3), 4, 3),
    (Pack(10, 2), 5, 3),
    (Pack(11, 2), 7, 2),
    (Pack(6, 4), 2, 2),
]


@pytest.mark.parametrize(("pack", "minimum", "most"), SMALL_CASES, ids=str)
def test_program_equals_brute_force_on_small_packs(pack, minimum, most):
    for players in range(1, most + 1):
        expected = brute_force_no_opener_deals(players, minimum, pack)
        assert count_no_opener_deals(players, minimum, pack) == expected, players


@pytest.mark.parametrize("minimum", MINIMA)
def test_one_hand_is_the_single_hand_chance(minimum):
    assert count_no_opener_deals(1, minimum) == N_HANDS - single_hand_openers(minimum)
    assert p_no_opener(1, minimum) == 1 - Fraction(single_hand_openers(minimum), N_HANDS)


def _disjoint_pairs(closed: np.ndarray) -> int:
    """Ordered pairs of disjoint hands among ``closed`` (sorted rows), by inclusion-exclusion.

    [h1, h2 disjoint] = sum over X inside both of (-1)^|X|, so the count is
    sum over card sets X of (-1)^|X| c(X)^2, c(X) = number of hands holding X.
    """
    total = len(closed) ** 2  # X empty
    for size in range(1, 5):
        counts = np.zeros(52**size, dtype=np.int64)
        for columns in itertools.combinations(range(5), size):
            code = np.zeros(len(closed), dtype=np.int64)
            for c in columns:
                code = code * 52 + closed[:, c]
            counts += np.bincount(code, minlength=52**size)
        total += (-1) ** size * int((counts * counts).sum())
    return total - len(closed)  # X = a whole hand: c(X) = 1


def test_two_full_hands_by_inclusion_exclusion(hands):
    closed = hands[~opens_many(hands, "J")].astype(np.int64)
    assert count_no_opener_deals(2, "J") == _disjoint_pairs(closed)


@pytest.mark.parametrize(("minimum", "players"), [("J", 3), ("J", 4), ("Q", 3), ("K", 3)])
def test_cache_is_what_the_program_computes(minimum, players):
    assert count_no_opener_deals(players, minimum) == CACHED_COUNTS[minimum][players]


@pytest.mark.parametrize("minimum", MINIMA)
def test_chances_behave(minimum):
    players = sorted(CACHED_COUNTS[minimum])
    chances = [p_no_opener(n, minimum) for n in players]
    assert all(0 < p < 1 for p in chances)
    assert all(a > b for a, b in zip(chances, chances[1:]))  # more hands, more openers
    for n, p in zip(players, chances):
        assert CACHED_COUNTS[minimum][n] <= deals(n)
        if n >= 2:  # the hands are dependent: not p1**n, though near it (and, here, below)
            approx = p_independent(n, minimum)
            assert Fraction(4, 5) * approx < p < approx
    if minimum != "K":
        higher = MINIMA[MINIMA.index(minimum) + 1]
        for n in set(players) & set(CACHED_COUNTS[higher]):  # a higher minimum opens less often
            assert CACHED_COUNTS[higher][n] > CACHED_COUNTS[minimum][n]


def test_deals_count_ordered_hands():
    assert deals(2) == comb(52, 5) * comb(47, 5)
    assert deals(1, Pack(6, 3)) == comb(18, 5)
    assert FULL.sequences() == {frozenset({12, 0, 1, 2, 3}), *(frozenset(range(i, i + 5)) for i in range(8))}
