"""Every three-card hand, every profile: pycards.commerce and pycards.brag against a reference.

The reference (``tests/reference_three.py``) is written straight from docs/rules.md
section 3 without looking at pycards' own rules module. Here all
C(52, 3) = 22,100 hands, in ``itertools.combinations(range(52), 3)`` order, go
through ``evaluate_many`` and must be ordered exactly as the reference orders
them (same order, same ties). pycards strengths are dense (1..N), so "same order
and same ties" means the strengths *equal* the reference's dense ranks, which is
what is asserted.
"""

from __future__ import annotations

import hashlib
import itertools
from collections import Counter
from math import comb

import numpy as np
import pytest

import pycards.brag
import pycards.commerce
from reference_three import (
    BRAG_CATEGORY_NAMES,
    BRAG_PAIR,
    BRAG_PROFILES,
    COMMERCE_CATEGORY_NAMES,
    COMMERCE_PROFILES,
    FLUSH,
    HIGH_CARD,
    PAIR,
    POINT,
    SEQUENCE,
    THIRTY_ONE,
    TRICON,
    TRIPLETS,
    brag_key,
    card_ids,
    commerce_key,
    hand_text,
)

N_HANDS = comb(52, 3)  # 22,100
CASES = [("commerce", r) for r in COMMERCE_PROFILES] + [("brag", r) for r in BRAG_PROFILES]
cases = pytest.mark.parametrize("family, rules", CASES, ids=[f"{f}-{r}" for f, r in CASES])

MODULES = {"commerce": pycards.commerce, "brag": pycards.brag}
KEYS = {"commerce": commerce_key, "brag": brag_key}
N_CATEGORIES = {"commerce": 6, "brag": 3}
CATEGORY_NAMES = {"commerce": COMMERCE_CATEGORY_NAMES, "brag": BRAG_CATEGORY_NAMES}

# --- Number of strength classes (API3.md), checked against the reference's distinct keys.
N_CLASSES = {
    ("commerce", "english"): 741,
    ("commerce", "limited"): 741,
    ("commerce", "limited_strict"): 467,
    ("commerce", "american"): 65,
    ("commerce", "american_extended"): 221,
    ("commerce", "ship"): 41,
    ("commerce", "thirty_one"): 42,
    ("brag", "english"): 730,
    ("brag", "american"): 364,
}

# --- Hands per category. ------------------------------------------------------------
#
# Commerce, english (seed 002; docs/rules.md 3.1):
#   tricon: 13 ranks x C(4,3) = 52
#   sequence: 12 tops (A-2-3 ... Q-K-A; K-A-2 is none) x 4 suits = 48
#   flush: 4 suits x C(13,3) - 48 sequences = 1144 - 48 = 1096
#   pair: 13 ranks x C(4,2) x 48 other cards = 3744
#   point: three different ranks, not one suit: C(13,3) x (4^3 - 4) = 286 x 60 = 17160
_FLUSH = 4 * comb(13, 3) - 12 * 4
_PAIRS = 13 * comb(4, 2) * 48
_POINTS = comb(13, 3) * (4**3 - 4)
ENGLISH_COMMERCE = {TRICON: 13 * 4, SEQUENCE: 12 * 4, FLUSH: _FLUSH, PAIR: _PAIRS, POINT: _POINTS}
# limited (LIMITED COMMERCE, seeds 001/002): a pair is a Point hand: 3744 + 17160
LIMITED = {TRICON: 52, SEQUENCE: 48, FLUSH: _FLUSH, POINT: _PAIRS + _POINTS}
# limited_strict: flushes and pairs are Point hands: 22100 - 52 - 48 = 22000
LIMITED_STRICT = {TRICON: 52, SEQUENCE: 48, POINT: N_HANDS - 52 - 48}
# american (seed 004): triplets 52, sequence flushes 48 (Q-K-A ... A-2-3), the rest point
AMERICAN = {TRICON: 52, SEQUENCE: 48, POINT: N_HANDS - 52 - 48}
# american_extended: flush and pair counted as in english: 52, 48, 1096, 3744, 17160
AMERICAN_EXTENDED = dict(ENGLISH_COMMERCE)
# ship (My Ship Sails): every one-suit hand is a flush: 4 x C(13,3) = 1144; the rest 20956
SHIP = {FLUSH: 4 * comb(13, 3), POINT: N_HANDS - 4 * comb(13, 3)}
# thirty_one: a 31 flush is the ace with two of the four ten-counts (10 J Q K) of its
#   suit: 4 suits x C(4,2) = 24; three of a kind 52; the rest 22100 - 24 - 52 = 22024
THIRTY_ONE_COUNTS = {THIRTY_ONE: 4 * comb(4, 2), TRICON: 52, POINT: N_HANDS - 24 - 52}

# Brag, english (seed 004 BRAG; docs/rules.md 3.6). Braggers AD, JC, 9D; the other 49
# cards are 10 ranks x 4 plus A, J, 9 x 3 (their non-bragger suits).
#   pairs of non-bragger cards: 10 x C(4,2) + 3 x C(3,2) = 60 + 9 = 69
#   triplets: three braggers 1; exactly two braggers (any third card makes three of
#     its rank): C(3,2) x 49 = 147; one bragger and a non-bragger pair: 3 x 69 = 207;
#     no bragger, three of a rank: 10 x C(4,3) + 3 x C(3,3) = 43.   1+147+207+43 = 398
#   pairs: one bragger, the other two not a pair: 3 x (C(49,2) - 69) = 3 x 1107 = 3321;
#     no bragger, a natural pair and another rank: 10 x 6 x 45 + 3 x 3 x 46 = 3114.
#     3321 + 3114 = 6435
#   high card: no bragger, three different ranks: C(49,3) - 43 - 3114 = 15267
_NB_PAIRS = 10 * comb(4, 2) + 3 * comb(3, 2)
ENGLISH_BRAG = {
    TRIPLETS: 1 + comb(3, 2) * 49 + 3 * _NB_PAIRS + (10 * 4 + 3),
    BRAG_PAIR: 3 * (comb(49, 2) - _NB_PAIRS) + (10 * 6 * 45 + 3 * 3 * 46),
    HIGH_CARD: comb(49, 3) - 43 - (10 * 6 * 45 + 3 * 3 * 46),
}
# Brag, american (docs/rules.md 3.7): braggers are the 8 knaves and nines; the other 44
# cards are 11 ranks x 4.
#   triplets: 2 or 3 braggers: C(8,2) x 44 + C(8,3) = 1232 + 56; one bragger and a
#     pair: 8 x 11 x 6 = 528; natural: 11 x 4 = 44.            1288 + 528 + 44 = 1860
#   pairs: one bragger, no pair besides: 8 x (C(44,2) - 66) = 7040; natural pair:
#     11 x 6 x 40 = 2640.                                       7040 + 2640 = 9680
#   high card: C(44,3) - 44 - 2640 = 10560
AMERICAN_BRAG = {
    TRIPLETS: comb(8, 2) * 44 + comb(8, 3) + 8 * 11 * 6 + 11 * 4,
    BRAG_PAIR: 8 * (comb(44, 2) - 66) + 11 * 6 * 40,
    HIGH_CARD: comb(44, 3) - 44 - 11 * 6 * 40,
}

CATEGORY_COUNTS = {
    ("commerce", "english"): ENGLISH_COMMERCE,
    ("commerce", "limited"): LIMITED,
    ("commerce", "limited_strict"): LIMITED_STRICT,
    ("commerce", "american"): AMERICAN,
    ("commerce", "american_extended"): AMERICAN_EXTENDED,
    ("commerce", "ship"): SHIP,
    ("commerce", "thirty_one"): THIRTY_ONE_COUNTS,
    ("brag", "english"): ENGLISH_BRAG,
    ("brag", "american"): AMERICAN_BRAG,
}

# --- Strength classes per category (lowest category first). -------------------------
#   english Commerce: point = C(13,3) = 286 rank sets; pair 13 x 12 = 156; flush 286
#     rank sets - 12 sequences = 274; sequence 12 tops; tricon 13.        total 741
#   limited: point = the 455 rank multisets of three minus 13 triples = 442 (pairs
#     rank as points: pips, then ranks from the top); flush 274; 12; 13.  total 741
#   limited_strict: point 442, sequence 12, tricon 13.                      total 467
#   american: point: no point (three suits) 1 + two-card pips 5..21 (17) + three-card
#     pips 10..31 (22; 9 = 2-3-4 only, a sequence flush) = 40; 12; 13.     total 65
#   american_extended: point 1 + 17 = 18; pair 156; flush 22 (pips 10..31); 12; 13 = 221
#   ship: point 0 or two-card pips 5..21 = 18; flush pips 9..31 = 23.       total 41
#   thirty_one: point: the best suit's pips 3..30 = 28 (2 needs three deuces, a
#     three of a kind); three of a kind 13; the 31 flush 1.                  total 42
#   english Brag: high card C(13,3) = 286; pairs: natural 13 x 12 = 156, made
#     (pair rank r > odd o) x 3 braggers = 3 x 78 minus those where the bragger's own
#     rank is r (then the pair is natural): 12 + 9 + 7 -> 234 - 28 = 206, together
#     362; triplets: natural 13, one bragger 3 x 13 - 3 = 36, two braggers 3 x 13
#     minus the 6 where one of them is naturally of the rank = 33, together 82. = 730
#   american Brag: high card C(11,3) = 165; pairs: natural 11 x 10 = 110, made C(11,2)
#     = 55 -> 165; triplets: natural 11, one bragger 11, two braggers 11, three 1
#     -> 34.                                                                 total 364
CLASS_COUNTS = {
    ("commerce", "english"): {POINT: 286, PAIR: 156, FLUSH: 274, SEQUENCE: 12, TRICON: 13},
    ("commerce", "limited"): {POINT: 442, FLUSH: 274, SEQUENCE: 12, TRICON: 13},
    ("commerce", "limited_strict"): {POINT: 442, SEQUENCE: 12, TRICON: 13},
    ("commerce", "american"): {POINT: 1 + 17 + 22, SEQUENCE: 12, TRICON: 13},
    ("commerce", "american_extended"): {
        POINT: 1 + 17, PAIR: 156, FLUSH: 22, SEQUENCE: 12, TRICON: 13,
    },  # fmt: skip
    ("commerce", "ship"): {POINT: 18, FLUSH: 23},
    ("commerce", "thirty_one"): {POINT: 28, TRICON: 13, THIRTY_ONE: 1},
    ("brag", "english"): {HIGH_CARD: 286, BRAG_PAIR: 156 + 206, TRIPLETS: 13 + 36 + 33},
    ("brag", "american"): {HIGH_CARD: 165, BRAG_PAIR: 110 + 55, TRIPLETS: 11 + 11 + 11 + 1},
}

# md5 of evaluate_many(all hands in combinations order, rules) as little-endian int32
# bytes; pinned from pycards after it passed the reference check below (they equal
# the digests of the reference's dense ranks).
GOLDEN_MD5 = {
    ("commerce", "english"): "450007d579219136ff6fa8fef2f30199",
    ("commerce", "limited"): "8d0ac6e9c149db92158b5045d1fbdb30",
    ("commerce", "limited_strict"): "293eebc7a67ebaad58f3847a412f44d7",
    ("commerce", "american"): "38a9f494439c94198e1839dac80f367b",
    ("commerce", "american_extended"): "04afd8e36e3c2cf13ca72dfeb5b520c3",
    ("commerce", "ship"): "8eac0252c0db92a4ad0542367373aa30",
    ("commerce", "thirty_one"): "9c47431cae204ffe55606de0117bee60",
    ("brag", "english"): "859e03a31e7eaf86b51953f43e30190c",
    ("brag", "american"): "9d91d09c1e10aaa9e78cf71a1124c338",
}


# --- Shared data, computed once per module. ------------------------------------------


class Reference:
    """Reference keys and dense ranks of every hand under one profile."""

    def __init__(self, family: str, rules: str, hands: list[tuple[int, ...]]) -> None:
        key_of = KEYS[family]
        self.hand_keys = [key_of(h, rules) for h in hands]
        self.keys = sorted(set(self.hand_keys))  # keys[s - 1] is the key of strength s
        dense = {k: i + 1 for i, k in enumerate(self.keys)}
        self.strengths = np.array([dense[k] for k in self.hand_keys], dtype=np.int32)
        self.categories = np.array([k[0] for k in self.hand_keys], dtype=np.int64)


@pytest.fixture(scope="module")
def hand_tuples() -> list[tuple[int, ...]]:
    return list(itertools.combinations(range(52), 3))


@pytest.fixture(scope="module")
def all_three(hand_tuples) -> np.ndarray:
    hands = np.array(hand_tuples, dtype=np.uint8)
    hands.setflags(write=False)
    return hands


@pytest.fixture(scope="module")
def reference(hand_tuples):
    cache: dict[tuple[str, str], Reference] = {}

    def get(family: str, rules: str) -> Reference:
        if (family, rules) not in cache:
            cache[(family, rules)] = Reference(family, rules, hand_tuples)
        return cache[(family, rules)]

    return get


@pytest.fixture(scope="module")
def strengths(all_three):
    cache: dict[tuple[str, str], np.ndarray] = {}

    def get(family: str, rules: str) -> np.ndarray:
        if (family, rules) not in cache:
            cache[(family, rules)] = MODULES[family].evaluate_many(all_three, rules)
        return cache[(family, rules)]

    return get


# --- The tables above and the reference itself. ----------------------------------------


def test_tables_are_consistent():
    assert N_HANDS == 22100
    assert ENGLISH_COMMERCE == {TRICON: 52, SEQUENCE: 48, FLUSH: 1096, PAIR: 3744, POINT: 17160}
    assert ENGLISH_BRAG == {TRIPLETS: 398, BRAG_PAIR: 6435, HIGH_CARD: 15267}
    assert AMERICAN_BRAG == {TRIPLETS: 1860, BRAG_PAIR: 9680, HIGH_CARD: 10560}
    for case in CASES:
        assert sum(CATEGORY_COUNTS[case].values()) == N_HANDS, case
        assert sum(CLASS_COUNTS[case].values()) == N_CLASSES[case], case


def test_profiles_are_the_documented_ones():
    assert tuple(pycards.commerce.PROFILES) == COMMERCE_PROFILES
    assert tuple(pycards.brag.PROFILES) == BRAG_PROFILES


def test_reference_known_hands():
    """A few outcomes the seeds state outright, on the reference itself."""
    ck = lambda text, rules="english": commerce_key(card_ids(text), rules)  # noqa: E731
    bk = lambda text, rules="english": brag_key(card_ids(text), rules)  # noqa: E731
    assert ck("KH AH 2H")[0] == FLUSH  # "King, ace, two, is not ... a sequence"
    assert ck("QH KH AH") == (SEQUENCE, 12) and ck("AC 2C 3C") == (SEQUENCE, 1)
    assert ck("KS 5D 2C") > ck("10S 5D 2C")  # equal point 17: the king is the higher card
    assert ck("AH KH 2C", "american") == (POINT, 21, 2)
    assert ck("AH 9H QH", "american") == (POINT, 30, 3)
    assert ck("AH KD 2C", "american") == (POINT, 0, 0)
    assert ck("AD KD QD", "thirty_one") == (THIRTY_ONE,)
    assert bk("8S 8D 8H") > bk("8C AD JC")
    assert bk("AS AH AC") > bk("AS AH JC") > bk("AS AH 9D") > bk("KS KH KC")
    assert bk("JC JS KH") > bk("JD JS AH")  # pair of kings made with JC over natural knaves
    assert bk("JS JH JD", "american") == bk("9S 9H 9C", "american") > bk("AS AH AC", "american")


# --- pycards against the reference, all hands. --------------------------------------------


def first_mismatch(all_three, got, ref) -> str:
    bad = np.flatnonzero(got != ref.strengths)
    i = int(bad[0])
    hand = tuple(int(c) for c in all_three[i])
    msg = (
        f"{bad.size} hands differ; first: {hand_text(hand)} {hand}: pycards {int(got[i])}, "
        f"reference {int(ref.strengths[i])} key {ref.hand_keys[i]}"
    )
    if 1 <= got[i] <= len(ref.keys):
        msg += f"; pycards's strength is the reference's for key {ref.keys[int(got[i]) - 1]}"
    return msg


@cases
def test_all_hands_match_reference(family, rules, all_three, reference, strengths):
    got = strengths(family, rules)
    ref = reference(family, rules)
    assert isinstance(got, np.ndarray)
    assert got.dtype == np.int32
    assert got.shape == (N_HANDS,)
    assert len(ref.keys) == N_CLASSES[(family, rules)]
    if not np.array_equal(got, ref.strengths):
        pytest.fail(first_mismatch(all_three, got, ref))
    # equal keys <=> equal strengths, and the same order, stated directly on a sample
    # of pairs of hands (implied by the equality above, but cheap to show).
    rng = np.random.default_rng(3)
    for i, j in rng.integers(0, N_HANDS, size=(2000, 2)):
        ki, kj = ref.hand_keys[i], ref.hand_keys[j]
        assert (ki == kj) == (got[i] == got[j])
        assert (ki < kj) == (got[i] < got[j])


@cases
def test_strengths_are_dense(family, rules, strengths):
    got = strengths(family, rules)
    n = N_CLASSES[(family, rules)]
    assert MODULES[family].classes(rules) == n
    assert int(got.min()) == 1
    assert int(got.max()) == n
    present = np.bincount(got, minlength=n + 1)
    assert present[0] == 0
    assert np.all(present[1:] > 0), "every strength 1..N is taken by some hand"


@cases
def test_category_counts(family, rules, hand_tuples, reference, strengths):
    ref = reference(family, rules)
    k = N_CATEGORIES[family]
    expected = [CATEGORY_COUNTS[(family, rules)].get(c, 0) for c in range(k)]
    assert np.bincount(ref.categories, minlength=k).tolist() == expected
    classes_per_category = Counter(key[0] for key in ref.keys)
    assert {c: n for c, n in classes_per_category.items()} == CLASS_COUNTS[(family, rules)]
    # pycards: category() on every hand agrees with the reference category
    module = MODULES[family]
    got_categories = np.array([int(module.category(h, rules)) for h in hand_tuples])
    mismatch = np.flatnonzero(got_categories != ref.categories)
    if mismatch.size:
        i = int(mismatch[0])
        pytest.fail(
            f"{mismatch.size} categories differ; first {hand_text(hand_tuples[i])}: pycards "
            f"{CATEGORY_NAMES[family][got_categories[i]]}, reference "
            f"{CATEGORY_NAMES[family][ref.categories[i]]}"
        )
    assert np.bincount(got_categories, minlength=k).tolist() == expected
    # and category() returns members of the module's Category enum, named as the reference's
    for c in np.unique(ref.categories):
        i = int(np.flatnonzero(ref.categories == c)[0])
        assert module.category(hand_tuples[i], rules) is module.Category[CATEGORY_NAMES[family][c]]


@cases
def test_category_floors(family, rules, reference, strengths):
    """The lowest strength of each present category; an absent category's floor lies
    above every strength (API3.md, ``category_floors``)."""
    ref = reference(family, rules)
    got = strengths(family, rules)
    floors = MODULES[family].category_floors(rules)
    n = N_CLASSES[(family, rules)]
    assert len(floors) == N_CATEGORIES[family]
    for c in range(N_CATEGORIES[family]):
        in_c = got[ref.categories == c]
        if in_c.size:
            assert floors[c] == int(in_c.min()), (c, floors)
        else:
            assert floors[c] > n, (c, floors)


@cases
def test_golden_digest(family, rules, strengths):
    got = strengths(family, rules)
    digest = hashlib.md5(got.astype("<i4").tobytes()).hexdigest()
    assert digest == GOLDEN_MD5[(family, rules)]


@cases
def test_evaluate_equals_evaluate_many_on_a_sample(family, rules, hand_tuples, strengths):
    """Single-hand ``evaluate`` (ids as a tuple, a list, and text) equals the batch."""
    module = MODULES[family]
    got = strengths(family, rules)
    for i in range(0, N_HANDS, 37):
        hand = hand_tuples[i]
        assert module.evaluate(hand, rules) == got[i], hand_text(hand)
        assert module.evaluate(list(reversed(hand)), rules) == got[i], hand_text(hand)
        assert module.evaluate(hand_text(hand), rules) == got[i], hand_text(hand)


@pytest.mark.parametrize("family", ["commerce", "brag"])
@pytest.mark.parametrize("dtype", ["int8", "uint16", "int16", "int32", "uint32", "int64", ">i4"])
def test_evaluate_many_any_dtype_and_layout(family, dtype, all_three, strengths):
    module = MODULES[family]
    rules = "english"
    want = strengths(family, rules)
    as_dtype = all_three.astype(dtype)
    assert np.array_equal(module.evaluate_many(as_dtype, rules), want)
    fortran = np.asfortranarray(as_dtype)
    assert np.array_equal(module.evaluate_many(fortran, rules), want)
    # a strided view (every other hand, columns reversed: the order of cards is free)
    view = as_dtype[::2, ::-1]
    assert np.array_equal(module.evaluate_many(view, rules), want[::2])
    assert np.array_equal(module.evaluate_many(as_dtype, rules, check=False), want)
