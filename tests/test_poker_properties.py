"""Property tests (Hypothesis) for pycards.cards and pycards.poker.

The evaluator's answers are checked against each other: the order of cards, the
text and id forms, the batch and single-hand entry points (every integer dtype and
memory layout), and the helpers built on ``evaluate`` must all agree.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pycards
from pycards import poker
from pycards.cards import rank_of, suit_of

PROFILES = ("english", "american", "no_straight_flush")
DTYPES = ("uint8", "int8", "int16", "uint16", "int32", "uint32", "int64", "uint64", ">i4", ">u8")

hands = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True).map(tuple)
profiles = st.sampled_from(PROFILES)
batches = st.lists(hands, min_size=1, max_size=40)

FEW = settings(max_examples=100, deadline=None)
SOME = settings(max_examples=300, deadline=None)


def _reference(rows, rules):
    return [poker.evaluate(list(map(int, row)), rules) for row in rows]


# --------------------------------------------------------------------------------------
# evaluate
# --------------------------------------------------------------------------------------


@SOME
@given(hands, profiles, st.data())
def test_order_of_cards_never_matters(hand, rules, data):
    shuffled = data.draw(st.permutations(hand))
    assert poker.evaluate(shuffled, rules) == poker.evaluate(hand, rules)
    assert poker.evaluate(tuple(reversed(hand)), rules) == poker.evaluate(hand, rules)


@SOME
@given(hands, profiles)
def test_strength_is_within_the_profile_classes(hand, rules):
    strength = poker.evaluate(hand, rules)
    assert type(strength) is int
    assert 1 <= strength <= poker.classes(rules)
    floors = poker.category_floors(rules)
    kind = poker.category(hand, rules)
    assert floors[kind] <= strength
    assert kind == 8 or strength < floors[kind + 1]


@SOME
@given(hands, profiles)
def test_text_and_ids_agree(hand, rules):
    expected = poker.evaluate(hand, rules)
    text = pycards.format(hand)
    assert poker.evaluate(text, rules) == expected
    assert poker.evaluate(text.lower(), rules) == expected
    assert poker.evaluate(list(hand), rules) == expected
    assert poker.evaluate(text.split(), rules) == expected
    assert poker.evaluate(tuple(text.split()), rules) == expected
    assert poker.evaluate(",".join(text.split()), rules) == expected
    assert poker.evaluate(iter(hand), rules) == expected  # the parse path
    assert poker.evaluate(hand, rules=rules) == expected
    assert poker.evaluate(np.array(hand, dtype=np.uint8), rules) == expected  # numpy ints
    assert poker.evaluate(tuple(np.array(hand, dtype=np.int64)), rules) == expected


@SOME
@given(hands, st.permutations(range(4)))
def test_suits_matter_only_as_flushes_in_american_profiles(hand, relabel):
    """docs/rules.md 2.2/2.3: no suit precedence, so renaming the suits changes nothing."""
    renamed = tuple(4 * rank_of(c) + relabel[suit_of(c)] for c in hand)
    for rules in ("american", "no_straight_flush"):
        assert poker.evaluate(renamed, rules) == poker.evaluate(hand, rules)


@SOME
@given(hands, st.permutations([0, 1, 3]))
def test_english_suits_other_than_hearts_are_interchangeable(hand, others):
    """docs/rules.md 2.1: only hearts have precedence (laws 69, 70); clubs, diamonds and
    spades may be renamed among themselves without changing any strength."""
    relabel = {0: others[0], 1: others[1], 2: 2, 3: others[2]}
    renamed = tuple(4 * rank_of(c) + relabel[suit_of(c)] for c in hand)
    assert poker.evaluate(renamed) == poker.evaluate(hand)


@SOME
@given(hands)
def test_profiles_agree_where_the_rules_agree(hand):
    """No sequence, no flush: every profile orders pairs, threes etc. the same way, so
    the categories agree (strength numbers differ by offsets only)."""
    ranks = sorted(rank_of(c) for c in hand)
    suits = {suit_of(c) for c in hand}
    distinct = len(set(ranks))
    if len(suits) == 1 or (distinct == 5 and (ranks[4] - ranks[0] == 4 or ranks == [0, 1, 2, 3, 12])):
        return
    kinds = {poker.category(hand, rules) for rules in PROFILES}
    assert len(kinds) == 1


# --------------------------------------------------------------------------------------
# compare / winners
# --------------------------------------------------------------------------------------


@SOME
@given(hands, hands, profiles)
def test_compare_is_antisymmetric_and_consistent_with_evaluate(a, b, rules):
    x, y = poker.evaluate(a, rules), poker.evaluate(b, rules)
    c = poker.compare(a, b, rules)
    assert c in (-1, 0, 1)
    assert c == (x > y) - (x < y)
    assert poker.compare(b, a, rules) == -c
    assert poker.compare(a, a, rules) == 0
    assert poker.compare(pycards.format(a), list(b), rules) == c


@SOME
@given(hands, hands, hands, profiles)
def test_compare_is_transitive(a, b, c, rules):
    if poker.compare(a, b, rules) >= 0 and poker.compare(b, c, rules) >= 0:
        assert poker.compare(a, c, rules) >= 0


@SOME
@given(st.lists(hands, min_size=1, max_size=8), profiles, st.data())
def test_winners_are_exactly_the_indices_of_the_max(table, rules, data):
    # force some ties: repeat a few hands (ids or text) in the list
    extra = data.draw(st.lists(st.sampled_from(table), max_size=3))
    table = table + [pycards.format(h) for h in extra]
    strengths = [poker.evaluate(h, rules) for h in table]
    best = max(strengths)
    expected = [i for i, s in enumerate(strengths) if s == best]
    assert poker.winners(table, rules) == expected
    assert poker.winners(tuple(table), rules=rules) == expected


# --------------------------------------------------------------------------------------
# evaluate_many
# --------------------------------------------------------------------------------------


@FEW
@given(batches, profiles, st.sampled_from(DTYPES))
def test_evaluate_many_equals_evaluate_row_by_row_c_order(rows, rules, dtype):
    array = np.array(rows, dtype=dtype)
    assert array.flags.c_contiguous
    expected = _reference(rows, rules)
    got = poker.evaluate_many(array, rules)
    assert got.dtype == np.int32 and got.shape == (len(rows),)
    assert got.tolist() == expected
    assert poker.evaluate_many(array, rules, check=False).tolist() == expected
    assert poker.evaluate_many(array, rules=rules, check=True).tolist() == expected


@FEW
@given(batches, profiles, st.sampled_from(DTYPES))
def test_evaluate_many_fortran_order(rows, rules, dtype):
    array = np.asfortranarray(np.array(rows, dtype=dtype))
    if len(rows) > 1:
        assert not array.flags.c_contiguous
    expected = _reference(rows, rules)
    assert poker.evaluate_many(array, rules).tolist() == expected
    assert poker.evaluate_many(array, rules, check=False).tolist() == expected


@FEW
@given(batches, profiles, st.sampled_from(DTYPES))
def test_evaluate_many_reversed_columns(rows, rules, dtype):
    array = np.array(rows, dtype=dtype)[:, ::-1]
    assert array.strides[1] < 0
    expected = _reference(array.tolist(), rules)
    assert expected == _reference(rows, rules)
    assert poker.evaluate_many(array, rules).tolist() == expected
    assert poker.evaluate_many(array, rules, check=False).tolist() == expected


@FEW
@given(batches, profiles, st.sampled_from(DTYPES))
def test_evaluate_many_every_other_row_skips_junk_rows(rows, rules, dtype):
    """Rows between the selected ones hold junk (out of range ids, repeats); a strided
    view must never look at them, with or without checking."""
    junk = 50 if np.dtype(dtype).kind == "u" else -1
    big = np.full((2 * len(rows), 5), junk, dtype=dtype)
    big[::2] = np.array(rows, dtype=dtype)
    view = big[::2]
    assert view.strides[0] == 10 * big.itemsize
    expected = _reference(rows, rules)
    assert poker.evaluate_many(view, rules).tolist() == expected
    assert poker.evaluate_many(view, rules, check=False).tolist() == expected
    reversed_rows = big[-2::-2]
    assert poker.evaluate_many(reversed_rows, rules).tolist() == expected[::-1]


@FEW
@given(batches, profiles, st.sampled_from(DTYPES))
def test_evaluate_many_strided_columns(rows, rules, dtype):
    """Every other column of an (N, 10) array, Fortran order, and a transposed (5, N)."""
    wide = np.zeros((len(rows), 10), dtype=dtype, order="F")
    wide[:, 1::2] = np.array(rows, dtype=dtype)
    expected = _reference(rows, rules)
    assert poker.evaluate_many(wide[:, 1::2], rules).tolist() == expected
    transposed = np.ascontiguousarray(np.array(rows, dtype=dtype).T).T
    assert poker.evaluate_many(transposed, rules).tolist() == expected


@FEW
@given(batches, profiles)
def test_evaluate_many_accepts_nested_lists_and_tuples(rows, rules):
    expected = _reference(rows, rules)
    assert poker.evaluate_many(rows, rules).tolist() == expected
    assert poker.evaluate_many([list(r) for r in rows], rules).tolist() == expected
    assert poker.evaluate_many(tuple(rows), rules, check=False).tolist() == expected


@pytest.mark.parametrize("rules", PROFILES)
@pytest.mark.parametrize("dtype", DTYPES)
def test_evaluate_many_empty_batch(rules, dtype):
    got = poker.evaluate_many(np.zeros((0, 5), dtype=dtype), rules)
    assert got.dtype == np.int32 and got.shape == (0,)


@FEW
@given(batches, profiles, st.sampled_from(DTYPES))
def test_evaluate_many_check_true_and_false_agree_and_do_not_modify_input(rows, rules, dtype):
    array = np.array(rows, dtype=dtype)
    before = array.copy()
    checked = poker.evaluate_many(array, rules, check=True)
    unchecked = poker.evaluate_many(array, rules, check=False)
    assert np.array_equal(checked, unchecked)
    assert np.array_equal(array, before)


# --------------------------------------------------------------------------------------
# parse / format
# --------------------------------------------------------------------------------------

card_lists = st.lists(st.integers(0, 51), max_size=52, unique=True)
RANK_SPELLINGS = {8: ["10", "T", "t"]}
SUIT_SPELLINGS = [["C", "c", "♣", "♧"], ["D", "d", "♦", "♢"], ["H", "h", "♥", "♡"],
                  ["S", "s", "♠", "♤"]]  # fmt: skip


@SOME
@given(card_lists)
def test_parse_format_round_trip(ids):
    text = pycards.format(ids)
    assert pycards.parse(text) == tuple(ids)
    assert pycards.format(pycards.parse(text)) == text
    assert pycards.parse(text.split()) == tuple(ids)
    assert pycards.parse(ids) == tuple(ids)
    assert pycards.parse(text, count=len(ids)) == tuple(ids)
    assert pycards.format(tuple(ids)) == text == pycards.format(iter(ids))
    assert [pycards.card(t) for t in text.split()] == list(ids)


@SOME
@given(card_lists, st.data())
def test_parse_reads_every_spelling_and_separator(ids, data):
    tokens = []
    for c in ids:
        rank = pycards.cards.RANK_SYMBOLS[rank_of(c)]
        rank = data.draw(st.sampled_from(RANK_SPELLINGS.get(rank_of(c), [rank, rank.lower()])))
        suit = data.draw(st.sampled_from(SUIT_SPELLINGS[suit_of(c)]))
        tokens.append(rank + suit)
    separators = st.sampled_from([" ", ",", ", ", "  ", "\t", "\n", " ,", ",,"])
    text = data.draw(st.sampled_from(["", " ", "\n"]))
    for token in tokens:
        text += token + data.draw(separators)
    assert pycards.parse(text) == tuple(ids)
    assert pycards.format(pycards.parse(text)) == pycards.format(ids)
    mixed = [t if data.draw(st.booleans()) else c for t, c in zip(tokens, ids)]
    assert pycards.parse(mixed) == tuple(ids)
