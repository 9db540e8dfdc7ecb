"""The "american" profile against the public evaluators, over all 2,598,960 hands.

docs/rules.md 2.2: "Must order all 2,598,960 hands exactly as the well-known public
evaluators do (7,462 classes)". Checked against treys (exact value:
strength == 7463 - treys rank), phevaluator and eval7 (same order, same ties).
No peer implements "english" or "no_straight_flush"; those are checked against
the reference only, in ``test_poker_exhaustive.py``.

Card conversions (our id = 4 * rank + suit, rank 0..12 = 2..A, suit 0..3 =
clubs, diamonds, hearts, spades):

* treys and eval7 take text, rank "23456789TJQKA" then suit "cdhs" (lower case),
  so id -> "23456789TJQKA"[id // 4] + "cdhs"[id % 4].
* phevaluator's ids are ``rank * 4 + suit`` with deuce = 0 ... ace = 12 and
  club = 0, diamond = 1, heart = 2, spade = 3 (``phevaluator.card.Card``
  docstring): the same ids as ours, checked below card by card.
"""

from __future__ import annotations

import itertools
from math import comb

import eval7
import numpy as np
import phevaluator
import pytest
import treys
from phevaluator import _pheval
from phevaluator.card import Card as PhCard

import pycards.poker
from reference_poker import card_ids, hand_text

N_HANDS = comb(52, 5)
N_CLASSES = 7462
PEER_NAMES = tuple("23456789TJQKA"[i // 4] + "cdhs"[i % 4] for i in range(52))


def combinations():
    return itertools.combinations(range(52), 5)


@pytest.fixture(scope="module")
def treys_ranks() -> np.ndarray:
    """treys rank of every hand (1 = royal flush ... 7462 = 7-5-4-3-2 offsuit)."""
    cards = [treys.Card.new(name) for name in PEER_NAMES]
    five = treys.Evaluator()._five  # what Evaluator.evaluate calls for five cards
    return np.fromiter(
        (five([cards[a], cards[b], cards[c], cards[d], cards[e]]) for a, b, c, d, e in combinations()),
        dtype=np.int32,
        count=N_HANDS,
    )


@pytest.fixture(scope="module")
def phevaluator_ranks() -> np.ndarray:
    """phevaluator rank of every hand (1 = best), called with our ids directly."""
    return np.fromiter(
        itertools.starmap(_pheval.evaluate_5cards, combinations()),
        dtype=np.int32,
        count=N_HANDS,
    )


@pytest.fixture(scope="module")
def eval7_values() -> np.ndarray:
    """eval7 value of every hand (higher is better, not dense)."""
    cards = [eval7.Card(name) for name in PEER_NAMES]
    evaluate = eval7.evaluate
    return np.fromiter(
        (evaluate([cards[a], cards[b], cards[c], cards[d], cards[e]]) for a, b, c, d, e in combinations()),
        dtype=np.int64,
        count=N_HANDS,
    )


def test_card_conversions():
    for i, name in enumerate(PEER_NAMES):
        assert PhCard(name).id_ == i
        assert card_ids(name) == (i,)
        assert str(eval7.Card(name)) == name
        assert treys.Card.int_to_str(treys.Card.new(name)) == name
    royal = card_ids("10S JS QS KS AS")
    worst = card_ids("7C 5D 4H 3S 2C")
    assert treys.Evaluator().evaluate([treys.Card.new(PEER_NAMES[c]) for c in royal], []) == 1
    assert treys.Evaluator().evaluate([treys.Card.new(PEER_NAMES[c]) for c in worst], []) == 7462
    assert _pheval.evaluate_5cards(*royal) == 1
    assert phevaluator.evaluate_cards("Ts", "Js", "Qs", "Ks", "As") == 1
    assert _pheval.evaluate_5cards(*worst) == 7462
    # a heart flush is a heart flush: phevaluator's suit 2 is hearts
    hearts = card_ids("2H 3H 4H 5H 7H")
    assert _pheval.evaluate_5cards(*hearts) == phevaluator.evaluate_cards("2h", "3h", "4h", "5h", "7h")
    assert eval7.handtype(eval7.evaluate([eval7.Card(PEER_NAMES[c]) for c in royal])) == "Straight Flush"
    assert pycards.poker.evaluate(royal, "american") == 7462
    assert pycards.poker.evaluate(worst, "american") == 1


def assert_same_order(ours: np.ndarray, theirs: np.ndarray, all_hands, peer: str) -> None:
    """``ours`` (dense 1..7462) and ``theirs`` (higher = better) order all hands
    identically: equal ours <=> equal theirs, and higher ours <=> higher theirs."""
    assert ours.shape == theirs.shape == (N_HANDS,)
    assert np.unique(ours).size == N_CLASSES
    assert np.unique(theirs).size == N_CLASSES, f"{peer} has a different number of classes"
    assert int(ours.min()) == 1 and int(ours.max()) == N_CLASSES
    # theirs as a function of ours: each strength must map to a single peer value
    table = np.zeros(N_CLASSES + 1, dtype=theirs.dtype)
    table[ours] = theirs
    split = np.flatnonzero(table[ours] != theirs)
    if split.size:
        i = int(split[0])
        j = int(np.flatnonzero((ours == ours[i]) & (theirs != theirs[i]))[0])
        pytest.fail(
            f"pycards ties {hand_text(all_hands[i])} and {hand_text(all_hands[j])} "
            f"(strength {int(ours[i])}); {peer} does not ({int(theirs[i])} vs {int(theirs[j])})"
        )
    # ... and that function must be strictly increasing
    steps = np.diff(table[1:])
    wrong = np.flatnonzero(steps <= 0)
    if wrong.size:
        s = int(wrong[0]) + 1  # table[s] >= table[s + 1]
        i = int(np.flatnonzero(ours == s)[0])
        j = int(np.flatnonzero(ours == s + 1)[0])
        pytest.fail(
            f"pycards ranks {hand_text(all_hands[j])} ({s + 1}) above {hand_text(all_hands[i])} "
            f"({s}); {peer} gives {int(table[s + 1])} vs {int(table[s])}"
        )


def test_reference_american_equals_treys(reference_strengths, treys_ranks, all_hands):
    """The reference itself agrees with treys (so it is fit to judge the other profiles)."""
    ref = reference_strengths("american").strengths
    bad = np.flatnonzero(ref != N_CLASSES + 1 - treys_ranks)
    assert bad.size == 0, f"reference vs treys differ on {hand_text(all_hands[bad[0]])}"


def test_american_equals_treys(pycards_strengths, treys_ranks, all_hands):
    ours = pycards_strengths("american")
    want = N_CLASSES + 1 - treys_ranks
    bad = np.flatnonzero(ours != want)
    if bad.size:
        i = int(bad[0])
        pytest.fail(
            f"{bad.size} hands differ; first {hand_text(all_hands[i])}: "
            f"pycards {int(ours[i])}, 7463 - treys rank {int(want[i])}"
        )


def test_american_order_matches_phevaluator(pycards_strengths, phevaluator_ranks, all_hands):
    assert_same_order(pycards_strengths("american"), -phevaluator_ranks, all_hands, "phevaluator")


def test_american_order_matches_eval7(pycards_strengths, eval7_values, all_hands):
    assert_same_order(pycards_strengths("american"), eval7_values, all_hands, "eval7")


def test_peers_agree_with_each_other(treys_ranks, phevaluator_ranks, eval7_values, all_hands):
    """Sanity of the harness: the three peers agree among themselves."""
    assert np.array_equal(treys_ranks, phevaluator_ranks)
    assert_same_order(N_CLASSES + 1 - treys_ranks, eval7_values, all_hands, "eval7")


def test_no_straight_flush_differs_from_american_only_on_straight_flushes(
    pycards_strengths, treys_ranks, all_hands
):
    """no_straight_flush keeps the american order among hands that are not
    straight flushes (treys ranks 1..10 are the straight flushes)."""
    nsf = pycards_strengths("no_straight_flush")
    keep = treys_ranks > 10
    assert int(np.count_nonzero(~keep)) == 40
    assert_same_order_subset(nsf[keep], -treys_ranks[keep], all_hands[keep])


def assert_same_order_subset(ours, theirs, hands):
    order = np.lexsort((theirs, ours))
    o, t = ours[order], theirs[order]
    same = o[1:] == o[:-1]
    assert np.array_equal(same, t[1:] == t[:-1]), "ties differ"
    assert np.all(t[1:][~same] > t[:-1][~same]), "order differs"
