"""Every five-card hand, every profile: pycards.poker against the plain reference.

The reference (``tests/reference_poker.py``) is written straight from docs/rules.md
section 2; here all C(52, 5) = 2,598,960 hands go through
``pycards.poker.evaluate_many`` and must be ordered exactly as the reference
orders them (same order, same ties). Because pycards strengths are dense
(1..N), "same order and same ties" means the strengths are *equal* to the
reference's dense ranks, which is what is asserted.
"""

from __future__ import annotations

import hashlib
import itertools
from math import comb

import numpy as np
import pytest

import pycards.poker
from reference_poker import (
    FLUSH,
    FOURS,
    FULL,
    NO_PAIR,
    PAIR,
    PROFILES,
    SEQUENCE,
    SEQUENCE_FLUSH,
    THREES,
    TWO_PAIRS,
    CATEGORY_NAMES,
    card_ids,
    hand_text,
    reference_category,
    reference_key,
)

N_HANDS = comb(52, 5)

# --- Hand counts per category, indexed NO_PAIR .. SEQUENCE_FLUSH. -----------------
#
# american: the textbook counts (40 straight flushes including 4 royal ones).
AMERICAN_COUNTS = {
    SEQUENCE_FLUSH: 40,
    FOURS: 624,
    FULL: 3744,
    FLUSH: 5108,
    SEQUENCE: 10200,
    THREES: 54912,
    TWO_PAIRS: 123552,
    PAIR: 1098240,
    NO_PAIR: 1302540,
}
# english (law 71: the ace only begins a sequence, so there are 9 sequence tops,
# 5-high (A-2-3-4-5) to K-high (9-10-J-Q-K), instead of 10):
#   sequence flush: 9 tops x 4 suits                                 = 36
#   fours, full, threes, two pairs, pair: the ace's role in sequences does not
#     touch hands with a repeated rank                              = as american
#   flush: all 4 x C(13, 5) = 5148 one-suit hands minus the 36 sequence flushes
#     (suited 10-J-Q-K-A is a plain ace-high flush)                 = 5112
#   sequence: 9 tops x (4^5 suit choices - 4 one-suit ones) = 9 x 1020 = 9180
#   no pair: the 1287 x 1024 = 1,317,888 hands of five different ranks, minus
#     5148 flushes and sequence flushes, minus 9180 sequences       = 1,303,560
#     (= american 1,302,540 + the 1020 offsuit 10-J-Q-K-A hands)
ENGLISH_COUNTS = {
    SEQUENCE_FLUSH: 9 * 4,
    FOURS: 624,
    FULL: 3744,
    FLUSH: 4 * comb(13, 5) - 9 * 4,
    SEQUENCE: 9 * (4**5 - 4),
    THREES: 54912,
    TWO_PAIRS: 123552,
    PAIR: 1098240,
    NO_PAIR: comb(13, 5) * 4**5 - 4 * comb(13, 5) - 9 * (4**5 - 4),
}
# no_straight_flush (seed 004, Straight/Stud Poker: "no such combination as a
# straight flush is recognized"): the 40 american straight flushes become flushes
# (flush is the better of straight and flush), everything else is as american:
#   sequence flush 0, flush 5108 + 40 = 5148 (all one-suit hands with five
#   different ranks), sequence 10200, no pair 1302540.
NO_STRAIGHT_FLUSH_COUNTS = dict(AMERICAN_COUNTS)
NO_STRAIGHT_FLUSH_COUNTS[SEQUENCE_FLUSH] = 0
NO_STRAIGHT_FLUSH_COUNTS[FLUSH] = 5108 + 40

CATEGORY_COUNTS = {
    "english": ENGLISH_COUNTS,
    "american": AMERICAN_COUNTS,
    "no_straight_flush": NO_STRAIGHT_FLUSH_COUNTS,
}

# Distinct strength classes per category (NO_PAIR .. SEQUENCE_FLUSH).
#   english: no pair C(13,5) - 9 sequences = 1278 (10-J-Q-K-A is no sequence);
#     pair 13 x C(12,3) = 2860; two pairs C(13,2) x 11 = 858; threes 13 x C(12,2)
#     = 858; sequence 9 tops x 31 heart patterns (law 70 decision; the all-hearts
#     pattern is a sequence flush) = 279; flush 2 x 1278 (hearts / not hearts,
#     law 69); full 13 x 12 = 156; fours 156; sequence flush 9 (law 66).
#   american: 1277, 2860, 858, 858, 10, 1277, 156, 156, 10.
#   no_straight_flush: 1277, 2860, 858, 858, 10, 1287, 156, 156, 0.
CLASS_COUNTS = {
    "english": (1278, 2860, 858, 858, 279, 2556, 156, 156, 9),
    "american": (1277, 2860, 858, 858, 10, 1277, 156, 156, 10),
    "no_straight_flush": (1277, 2860, 858, 858, 10, 1287, 156, 156, 0),
}
N_CLASSES = {"english": 9010, "american": 7462, "no_straight_flush": 7462}

# md5 of pycards.poker.evaluate_many(all hands in combinations order, rules)
# as little-endian int32 bytes; pinned from pycards after it passed the
# reference check (they equal the digests of the reference's dense ranks).
GOLDEN_MD5 = {
    "english": "8b98dba110eedca9e8bfdc34da741cb5",
    "american": "6554961865ed906d659ee73f3a8ecc9c",
    "no_straight_flush": "a80d7ab8e2b32afc64c2e5fe7f8f8952",
}

profiles = pytest.mark.parametrize("rules", PROFILES)


def test_profile_tables_are_consistent():
    for rules in PROFILES:
        assert sum(CATEGORY_COUNTS[rules].values()) == N_HANDS
        assert sum(CLASS_COUNTS[rules]) == N_CLASSES[rules]


# --- The reference itself, on hands whose outcome the laws state outright. --------


def key(text: str, rules: str) -> tuple[int, ...]:
    return reference_key(card_ids(text), rules)


def test_reference_english_known_hands():
    e = "english"
    # law 71: 10-J-Q-K-A is no sequence; K-A-2-3-4 neither; A-2-3-4-5 is the lowest.
    assert key("10C JD QH KS AC", e)[0] == NO_PAIR
    assert key("KC AD 2H 3S 4C", e)[0] == NO_PAIR
    assert key("AC 2D 3H 4S 5C", e)[0] == SEQUENCE
    assert key("AC 2D 3H 4S 5C", e) < key("2C 3D 4H 5S 6C", e)
    assert key("9C 10D JH QS KC", e) > key("8C 9D 10H JS QC", e)
    # the highest no-pair hand is the offsuit ten-to-ace.
    assert key("10C JD QH KS AC", e) > key("9C JD QH KS AC", e)
    # law 66: A-2-3-4-5 suited is the lowest sequence flush; suits never break ties.
    assert key("AS 2S 3S 4S 5S", e) == (SEQUENCE_FLUSH, 3)
    assert key("9H 10H JH QH KH", e) == key("9C 10C JC QC KC", e)
    # suited 10-J-Q-K-A is a flush, below every sequence flush.
    assert key("10S JS QS KS AS", e)[0] == FLUSH
    assert key("10S JS QS KS AS", e) < key("AC 2C 3C 4C 5C", e)
    # law 69: hearts beat any other flush; otherwise suits tie.
    assert key("2H 3H 4H 5H 7H", e) > key("9S JS QS KS AS", e)
    assert key("9S JS QS KS AS", e) == key("9D JD QD KD AD", e)
    assert key("9S JS QS KS AS", e) > key("8S JS QS KS AS", e)
    # law 70 + docs/rules.md decision: equal tops, the first position from the top where
    # exactly one hand holds a heart decides.
    assert key("9H 8C 7C 6C 5C", e) > key("9C 8H 7H 6H 5H", e)
    assert key("9D 8H 7C 6C 5C", e) > key("9S 8C 7H 6H 5H", e)
    assert key("9D 8H 7C 6C 5C", e) == key("9S 8H 7D 6C 5S", e)
    assert key("5C 4C 3C 2C AH", e) > key("5D 4C 3C 2C AC", e)  # the ace is bottom
    assert key("5D 4C 3C 2C AH", e) < key("5H 4C 3C 2C AC", e)
    # a higher top beats any heart pattern.
    assert key("7C 6C 5C 4C 3D", e) > key("6H 5H 4H 3H 2C", e)
    # laws 67, 68, 72-75: sets first, then kickers, ace high.
    assert key("2C 2D 2H 2S AC", e) > key("2C 2D 2H 2S KC", e)
    assert key("AC AD AH KS KC", e) > key("KC KD KH AS AC", e)
    assert key("AC AD KH KS 2C", e) > key("AC AD QH QS KC", e)
    assert key("AC AD 5H 4S 2C", e) > key("KC KD AH QS JC", e)
    assert key("AC AD 5H 4S 3C", e) > key("AH AS 5C 4D 2C", e)
    assert key("AC AD 5H 4S 3C", e) == key("AH AS 5C 4D 3D", e)


def test_reference_american_and_no_straight_flush_known_hands():
    a, n = "american", "no_straight_flush"
    assert key("10C JD QH KS AC", a) == (SEQUENCE, 12)
    assert key("AC 2D 3H 4S 5C", a) == (SEQUENCE, 3)
    assert key("KC AD 2H 3S 4C", a)[0] == NO_PAIR
    assert key("10S JS QS KS AS", a) == (SEQUENCE_FLUSH, 12)
    assert key("2H 3H 4H 5H 7H", a) < key("9S JS QS KS AS", a)  # no suit precedence
    assert key("9H 8C 7C 6C 5C", a) == key("9C 8H 7H 6H 5H", a)
    # no_straight_flush: a suited sequence is a flush by its cards, ace high.
    assert key("10S JS QS KS AS", n) == (FLUSH, 12, 11, 10, 9, 8)
    assert key("AS 2S 3S 4S 5S", n) == (FLUSH, 12, 3, 2, 1, 0)
    assert key("AS 2S 3S 4S 5S", n) > key("KS QS JS 10S 8S", n)
    assert key("AS 2S 3S 4S 5S", n) < key("2C 2D 2H 2S 3C", n)
    assert key("10C JD QH KS AC", n) == (SEQUENCE, 12)


# --- pycards against the reference, all hands. ------------------------------------


def first_mismatch_message(all_hands, got, want, ref) -> str:
    bad = np.flatnonzero(got != want)
    i = int(bad[0])
    hand = tuple(int(c) for c in all_hands[i])
    # a hand the reference ranks where pycards put this one, for the report
    j = int(np.flatnonzero(want == got[i])[0]) if 1 <= got[i] <= len(ref.keys) else None
    msg = (
        f"{bad.size} hands differ; first: {hand_text(hand)} {hand}: pycards {int(got[i])}, "
        f"reference {int(want[i])} key {ref.keys[int(want[i]) - 1]}"
    )
    if j is not None:
        other = tuple(int(c) for c in all_hands[j])
        msg += (
            f"; pycards gives it the strength the reference gives "
            f"{hand_text(other)} key {ref.keys[int(got[i]) - 1]}"
        )
    return msg


@profiles
def test_all_hands_match_reference(rules, all_hands, reference_strengths, pycards_strengths):
    got = pycards_strengths(rules)
    ref = reference_strengths(rules)
    assert isinstance(got, np.ndarray)
    assert got.dtype == np.int32
    assert got.shape == (N_HANDS,)
    assert len(ref.keys) == N_CLASSES[rules]
    if not np.array_equal(got, ref.strengths):
        pytest.fail(first_mismatch_message(all_hands, got, ref.strengths, ref))


@profiles
def test_strengths_are_dense(rules, pycards_strengths):
    got = pycards_strengths(rules)
    n = N_CLASSES[rules]
    assert int(got.min()) == 1
    assert int(got.max()) == n
    present = np.bincount(got, minlength=n + 1)
    assert present[0] == 0
    assert np.all(present[1:] > 0), "every strength 1..N is taken by some hand"
    assert np.unique(got).size == n


@profiles
def test_category_counts(rules, reference_strengths, pycards_strengths, all_hands):
    ref = reference_strengths(rules)
    expected = [CATEGORY_COUNTS[rules][c] for c in range(9)]
    # reference: hands per category and classes per category
    ref_cats = ref.class_category[ref.strengths - 1]
    assert np.bincount(ref_cats, minlength=9).tolist() == expected
    assert np.bincount(ref.class_category, minlength=9).tolist() == list(CLASS_COUNTS[rules])
    # pycards: the category pycards.poker.category gives one hand of each strength,
    # counted over all hands of that strength
    got = pycards_strengths(rules)
    n = N_CLASSES[rules]
    representative = np.zeros(n + 1, dtype=np.int64)
    representative[got] = np.arange(N_HANDS)  # some hand of each strength
    class_cat = np.zeros(n + 1, dtype=np.int64)
    for s in range(1, n + 1):
        hand = tuple(int(c) for c in all_hands[representative[s]])
        class_cat[s] = int(pycards.poker.category(hand, rules))
    # categories never decrease with strength (law 65 order)
    assert np.all(np.diff(class_cat[1:]) >= 0)
    assert np.bincount(class_cat[got], minlength=9).tolist() == expected
    assert np.bincount(class_cat[1:], minlength=9).tolist() == list(CLASS_COUNTS[rules])


@profiles
def test_golden_digest(rules, pycards_strengths):
    got = pycards_strengths(rules)
    digest = hashlib.md5(got.astype("<i4").tobytes()).hexdigest()
    assert digest == GOLDEN_MD5[rules]


@profiles
def test_category_and_evaluate_sample(rules, pycards_strengths):
    """Python-level ``category`` and ``evaluate`` on every 97th hand."""
    got = pycards_strengths(rules)
    for i, hand in enumerate(itertools.islice(itertools.combinations(range(52), 5), 0, None, 97)):
        want = reference_category(hand, rules)
        cat = pycards.poker.category(hand, rules)
        assert int(cat) == want, (hand_text(hand), rules, CATEGORY_NAMES[want], cat)
        assert cat == pycards.poker.Category[CATEGORY_NAMES[want]]
        assert pycards.poker.evaluate(hand, rules) == got[97 * i], hand_text(hand)
