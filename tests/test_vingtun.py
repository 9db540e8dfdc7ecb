"""Vingt-un: totals, naturals, and the settlement table (docs/rules.md section 4).

Seeds (``shared/seeds/``): ``000_090407a6d9d4a9ee.txt`` (Vingt-un complete) and
``002_93c3d51ac699f33f.txt`` (Vingt-un: play, dealing, drawing, ...). Both carry
the same text for the passages quoted here; they are cited as seed 000/002.

Totals are checked against a brute-force reference written here (every ace
counted 1 and 11 in turn), which shares nothing with pycards.
"""

from __future__ import annotations

import itertools
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pycards
from pycards import vingtun
from pycards.errors import DuplicateCardError, HandSizeError, UnknownCardError, WrongTypeError
from pycards.vingtun import (
    DRAWN,
    NATURAL,
    OVER_DRAWN,
    describe,
    evaluate,
    is_natural,
    is_over_drawn,
    is_soft,
    pack_total,
    settle,
    settle_strengths,
    total,
    totals_many,
)

ACE = 12


def raises_exactly(exception, message):
    """pytest.raises matching the whole message, literally."""
    return pytest.raises(exception, match=f"^{re.escape(message)}$")


def reference_total(ids) -> int:
    """Seed 000/002: "the ace reckoning as either one or eleven, at the option of the
    player, and each of the court cards counting ten". docs/rules.md 4: the best total
    not over 21 if one exists, otherwise the sum with every ace counted 1.
    Brute force over every choice of 1 or 11 for each ace."""
    values = []
    for c in ids:
        r = c // 4
        values.append((1, 11) if r == ACE else (min(r + 2, 10),))
    sums = {sum(choice) for choice in itertools.product(*values)}
    under = [s for s in sums if s <= 21]
    return max(under) if under else min(sums)


def ids(text: str) -> list[int]:
    return list(pycards.parse(text))


# ======================================================================================
# Card values and totals
# ======================================================================================


def test_000_card_values_ace_one_or_eleven_court_cards_ten():
    """Seed 000: "Vingt-un is played with an ordinary pack of fifty-two cards, which
    count in accordance with the number of pips on each, the ace reckoning as either
    one or eleven, at the option of the player, and each of the court cards counting
    ten. No distinction is made during any part of the game in the various suits"."""
    for c in range(52):
        want = 11 if c // 4 == ACE else min(c // 4 + 2, 10)
        assert total([c]) == want, pycards.format([c])
    assert total("KS QH") == total("JD 10C") == 20
    assert total("9S 8H") == total("9C 8D") == 17


@pytest.mark.parametrize("hand", [[], (), "", " , "])
def test_an_empty_hand_is_no_vingt_un_hand(hand):
    """A hand holds at least one card: the count of nothing is an error, not 0."""
    message = f"a Vingt-un hand holds at least one card, got none: {hand!r}"
    for function in (total, vingtun.describe, vingtun.evaluate, vingtun.is_soft, vingtun.is_natural,
                     vingtun.is_over_drawn):  # fmt: skip
        with raises_exactly(HandSizeError, message):
            function(hand)


def test_a_total_past_the_shared_int_cache_is_counted():
    """Ten ten-count cards total 100: once a 64-slot cache was indexed by it (a crash)."""
    tens = "10C 10D 10H 10S JC JD JH JS QC QD"
    assert total(tens) == 100
    assert total(pycards.parse(tens)) == 100
    assert total(list(range(20, 52))) == sum(min(c // 4 + 2, 10) if c // 4 != ACE else 1 for c in range(20, 52))


def test_002_four_then_nine_then_seven_makes_twenty():
    """Seed 002: "suppose a player receives at first a 4, and then a 9, making 13; he
    asks for a third card, and may receive a 7, making his total 20, on which he
    would stand." """
    assert total("4H 9C") == 13
    assert total("4H 9C 7D") == 20
    assert not is_over_drawn("4H 9C 7D")
    assert evaluate("4H 9C 7D") == 20
    assert describe("4H 9C 7D") == "20"


def test_002_had_his_third_card_been_a_nine_it_would_have_been_an_over_draw():
    """Seed 002: "Had his third card been a 9, it would have been an over-draw, and the
    player would have had to pay the dealer the amount he staked, or the double, if
    the dealer had doubled." """
    assert total("4H 9C 9D") == 22
    assert is_over_drawn("4H 9C 9D")
    assert evaluate("4H 9C 9D") == OVER_DRAWN == 0
    assert describe("4H 9C 9D") == "over-drawn, 22"
    for dealer in ("10S 7D", "10S 6D 9H", "AS KS"):
        assert settle(dealer, "4H 9C 9D", 3) == -3
        assert settle(dealer, "4H 9C 9D", 2 * 3) == -6  # "or the double"


def test_aces_in_long_hands():
    """docs/rules.md 4: an ace counts 11 only where that keeps the hand at 21 or under."""
    assert total("AS AH AD AC 7S") == 21  # 1 + 1 + 1 + 11 + 7
    assert total("AS 5H AD 5C 9S") == 21  # 1 + 5 + 1 + 5 + 9
    assert total("AS KH QD") == 21  # 1 + 10 + 10
    assert total("AS AH") == 12
    assert total("AS AH AD AC") == 14
    assert total("AS 9H AD") == 21  # 11 + 9 + 1
    assert total("AS 9H AD 5C") == 16  # every ace 1 now
    assert total("AS KH QD 2C") == 23  # over-drawn: every ace counted 1
    assert total("KS QH 5D AC") == 26


def test_long_hands_of_21_are_drawn_vingt_uns():
    """Seed 000/002: a "drawn" Vingt-un is "such cards (other than an ace and 10) as to
    make exactly 21 points"; docs/rules.md 4: "ace, king, queen is a drawn vingt-un"."""
    for hand in ("AS AH AD AC 7S", "AS 5H AD 5C 9S", "AS KH QD", "7C 7H 7S", "2C 3C 4C 5C 7C"):
        assert total(hand) == 21, hand
        assert not is_natural(hand), hand
        assert evaluate(hand) == DRAWN == 21, hand
        assert describe(hand) == "drawn vingt-un", hand


def test_is_soft():
    """A total is soft when it counts an ace as eleven."""
    assert is_soft("AS 6D")
    assert not is_soft("AS 6D 9C")  # 16 with the ace as one
    assert not is_soft("10S 6D")
    assert is_soft("AS AH")  # 11 + 1
    assert is_soft("AS AH AD AC 7S")  # 21 with one ace as eleven
    assert not is_soft("AS 5H AD 5C 9S 2D")  # 23, over-drawn
    assert is_soft("AS KH")
    assert not is_soft("AS KH QD")
    assert describe("AS 6D") == "soft 17"
    assert describe("AS 6D 9C") == "16"


# ======================================================================================
# Naturals
# ======================================================================================

NATURALS = ["AS KH", "10D AC", "AH JS", "QC AD"]


def test_000_natural_vingt_un_an_ace_and_a_ten_or_court_card():
    """Seed 000: "a natural Vingt-un, that is, an ace (counting as 11) and a 10, or
    court card (counting as 10)". docs/rules.md 4: exactly two cards, the first two of
    an undivided hand."""
    for hand in NATURALS:
        assert is_natural(hand), hand
        assert evaluate(hand) == NATURAL == 22
        assert describe(hand) == "natural vingt-un"
    for hand in ("AS 9H", "KS QH", "AS AH", "AS KH QD", "AS 10H AD"):
        assert not is_natural(hand), hand


def test_natural_beats_drawn_beats_totals_beats_over_drawn():
    """docs/rules.md 4 (``evaluate``): over-drawn 0 < totals < drawn vingt-un 21 < natural 22."""
    ladder = ["10S 9D 5C", "2C 3D", "10S 9D", "10S 9D 2C", "AC QH"]
    assert [evaluate(h) for h in ladder] == [0, 5, 19, 21, 22]


def test_rules_4_a_divided_hand_never_holds_a_natural():
    """docs/rules.md 4 decision: "a hand formed by dividing a pair cannot hold a natural; its
    21 is a drawn vingt-un"."""
    for hand in NATURALS:
        assert not is_natural(hand, divided=True)
        assert evaluate(hand, divided=True) == DRAWN
        assert describe(hand, divided=True) == "drawn vingt-un"
        assert is_natural(hand, divided=False)


# ======================================================================================
# Settlement: docs/rules.md section 4, one test per row of the table
# ======================================================================================

S = 3  # the stake in these tests
DEALER_NATURAL = "AS KS"
DEALER_OVER = "10S 6D 9H"  # 25
DEALER_DRAWN = "7S 7D 7H"  # 21
DEALER_17 = "10D 7C"
PLAYER_NATURAL = "AH QH"
PLAYER_OVER = "10C 5C 8C"  # 23
PLAYER_DRAWN = "5D 6S QC"  # 21
PLAYER_20 = "KD QD"
PLAYER_17 = "9S 8S"
PLAYER_15 = "8H 7H"


def test_settle_dealer_natural_player_natural_neither_pays():
    """Row "natural | natural | 0". Seed 000/002: "The only exception to this is in the
    case of a player who, like the dealer, has received a natural Vingt-un--in that
    case neither pays to the other"."""
    assert settle(DEALER_NATURAL, PLAYER_NATURAL, S) == 0
    assert settle(DEALER_NATURAL, PLAYER_NATURAL, 2 * S) == 0


def test_settle_dealer_natural_player_anything_else_pays_double():
    """Row "natural | anything else | -2s". Seed 000/002: the dealer "collects the stakes
    from the other players, the amount in this case being double from each"."""
    for player in (PLAYER_20, PLAYER_17, "2C 3D", PLAYER_DRAWN):
        assert settle(DEALER_NATURAL, player, S) == -2 * S, player
    # a divided ace and king is no natural: it pays too
    assert settle(DEALER_NATURAL, PLAYER_NATURAL, S, player_divided=True) == -2 * S


def test_settle_dealer_natural_after_a_double_collects_four_times_the_stake():
    """Dealer's double (pass 2 * stake). Seed 000/002: "if the dealer had previously
    doubled ... he would collect four times the amount staked by each o[f] the
    players on their original card." """
    assert settle(DEALER_NATURAL, PLAYER_20, 2 * S) == -4 * S


def test_settle_player_natural_dealer_not_natural_paid_double():
    """Row "not natural | natural | +2s". Seed 000/002: the holder of a natural should
    "claim double the amount of his stake, or of the double, if that was called,
    from the dealer"; on the first hand of the deal the dealer "has to pay to the
    holder as for a drawn Vingt-un" (also double)."""
    for dealer in (DEALER_17, DEALER_DRAWN, DEALER_OVER, "2C 3D"):
        assert settle(dealer, PLAYER_NATURAL, S) == 2 * S, dealer
        assert settle(dealer, PLAYER_NATURAL, 2 * S) == 4 * S, dealer
    # a dealer's divided ace and king is no natural
    assert settle(DEALER_NATURAL, PLAYER_NATURAL, S, dealer_divided=True) == 2 * S


def test_settle_player_over_drawn_pays_the_stake_whatever_the_dealer():
    """Row "any | over-drawn | -s", applied before all others. Seed 000/002: over-drawn,
    "the player would have had to pay the dealer the amount he staked"; if the
    dealer over-draws "he pays to all who are standing, but not to those who have
    previously over-drawn and thrown up"."""
    for dealer in (DEALER_OVER, DEALER_DRAWN, DEALER_17, DEALER_NATURAL):
        assert settle(dealer, PLAYER_OVER, S) == -S, dealer


def test_settle_dealer_over_drawn_player_drawn_vingt_un_paid_double():
    """Row "over-drawn | drawn vingt-un | +2s". Seed 000/002: "If a player has a drawn
    Vingt-un and the dealer has not, or the dealer has over-drawn, then the dealer
    has to pay the holder of the Vingt-un double the amount of his stake"."""
    assert settle(DEALER_OVER, PLAYER_DRAWN, S) == 2 * S
    assert settle(DEALER_OVER, PLAYER_NATURAL, S, player_divided=True) == 2 * S


def test_settle_dealer_over_drawn_player_standing_under_21_paid_the_stake():
    """Row "over-drawn | standing, under 21 | +s". Seed 000/002: "If, however, he
    over-draws, he pays to all who are standing"."""
    for player in (PLAYER_20, PLAYER_17, "2C 3D"):
        assert settle(DEALER_OVER, player, S) == S, player


def test_settle_both_drawn_vingt_un_player_pays_the_stake():
    """Row "drawn vingt-un | drawn vingt-un | -s". Seed 000/002: the dealer "receives
    double stakes from each of the players, excepting those who have also drawn a
    Vingt-un, who only pay the amount staked"."""
    assert settle(DEALER_DRAWN, PLAYER_DRAWN, S) == -S
    assert settle(DEALER_DRAWN, PLAYER_NATURAL, S, player_divided=True) == -S


def test_settle_dealer_drawn_vingt_un_player_standing_under_21_pays_double():
    """Row "drawn vingt-un | standing, under 21 | -2s". Seed 000/002: "If the dealer
    should succeed in securing such cards (other than an ace and 10) as to make
    exactly 21 points--a 'drawn' Vingt-un--he receives double stakes from each of
    the players"."""
    for player in (PLAYER_20, PLAYER_17, "2C 3D"):
        assert settle(DEALER_DRAWN, player, S) == -2 * S, player
    # the dealer's divided ace and king is a drawn vingt-un
    assert settle(DEALER_NATURAL, PLAYER_20, S, dealer_divided=True) == -2 * S


def test_settle_dealer_standing_player_drawn_vingt_un_paid_double():
    """Row "standing t < 21 | drawn vingt-un | +2s". Seed 000/002: "If a player has a
    drawn Vingt-un and the dealer has not ... the dealer has to pay the holder of
    the Vingt-un double the amount of his stake, or of the double if that has been
    called"."""
    for dealer in (DEALER_17, "10D QC", "2C 3D"):
        assert settle(dealer, PLAYER_DRAWN, S) == 2 * S, dealer
        assert settle(dealer, PLAYER_DRAWN, 2 * S) == 4 * S, dealer


def test_settle_both_standing_higher_points_win_the_dealer_wins_ties():
    """Row "standing t | standing u | +s if u > t, else -s". Seed 000/002: "the dealer
    receiving the stakes when his points are higher or are equal to those of the
    other players, and paying when his points are lower than theirs"."""
    assert settle(DEALER_17, PLAYER_20, S) == S
    assert settle(DEALER_17, PLAYER_15, S) == -S
    assert settle(DEALER_17, PLAYER_17, S) == -S  # equal: the dealer wins
    assert settle("AS 6D", PLAYER_17, S) == -S  # a soft 17 is 17
    assert settle("AS 6D", "AH 7C", S) == S  # soft 18 over soft 17
    assert settle(DEALER_17, PLAYER_20, 2 * S) == 2 * S  # the double


def test_settle_zero_stake_and_the_docstring_examples():
    assert settle(DEALER_17, PLAYER_20, 0) == 0
    assert settle("10S 7D", "AS KH", 3) == 6
    assert settle("10S 8D", "9C 8H 4S", 2) == 4
    assert settle("10S 8D", "9C 9H", 2) == -2


def test_settle_every_pair_of_hand_kinds_follows_the_table():
    """The whole table at once, against a transcription of it written here."""
    dealers = {
        "natural": DEALER_NATURAL,
        "over": DEALER_OVER,
        "drawn": DEALER_DRAWN,
        "17": DEALER_17,
    }
    players = {
        "natural": PLAYER_NATURAL,
        "over": PLAYER_OVER,
        "drawn": PLAYER_DRAWN,
        "20": PLAYER_20,
        "17": PLAYER_17,
        "15": PLAYER_15,
    }

    def table(d: str, p: str, s: int) -> int:
        if p == "over":
            return -s
        if d == "natural":
            return 0 if p == "natural" else -2 * s
        if p == "natural":
            return 2 * s
        if d == "over":
            return 2 * s if p == "drawn" else s
        if d == "drawn":
            return -s if p == "drawn" else -2 * s
        if p == "drawn":
            return 2 * s
        return s if int(p) > int(d) else -s

    for (d, dh), (p, ph) in itertools.product(dealers.items(), players.items()):
        for s in (1, 5):
            assert settle(dh, ph, s) == table(d, p, s), (d, p, s)


def test_settle_errors():
    with raises_exactly(ValueError, "a stake cannot be negative: -1"):
        settle(DEALER_17, PLAYER_20, -1)
    for bad in (1.5, "3", None, 2.0):
        with raises_exactly(TypeError, f"a stake is a whole number of counters, not {bad!r}"):
            settle(DEALER_17, PLAYER_20, bad)
    with raises_exactly(TypeError, "a stake is a whole number of counters, not True"):
        settle(DEALER_17, PLAYER_20, True)


def test_bad_hands():
    with raises_exactly(DuplicateCardError, "card 'AS' appears twice in 'AS AS'"):
        total("AS AS")
    with raises_exactly(DuplicateCardError, "card 5 appears twice in [5, 5]"):
        total([5, 5])
    with raises_exactly(UnknownCardError, "unknown card 'ZZ' in 'AS ZZ'"):
        total("AS ZZ")
    with raises_exactly(UnknownCardError, "card id 52 is outside 0..51 in [1, 52]"):
        total([1, 52])
    with pytest.raises(DuplicateCardError):
        settle("AS AS", PLAYER_20, 1)


# ======================================================================================
# totals_many
# ======================================================================================

DTYPES = ("uint8", "int8", "int16", "int32", "int64")
# pad -1 read in each dtype: 255 for uint8, -1 for the signed ones
PAD_VALUE = {"uint8": 255, "int8": -1, "int16": -1, "int32": -1, "int64": -1}

vingtun_hands = st.lists(st.integers(0, 51), min_size=2, max_size=6, unique=True)


def padded(hands, width: int, dtype: str, pad=None) -> np.ndarray:
    pad = PAD_VALUE[dtype] if pad is None else pad
    rows = [list(h) + [pad] * (width - len(h)) for h in hands]
    return np.array(rows, dtype=dtype).reshape(len(hands), width)


@settings(max_examples=150, deadline=None)
@given(
    hands=st.lists(vingtun_hands, min_size=1, max_size=30),
    dtype=st.sampled_from(DTYPES),
    extra=st.integers(0, 3),
    fortran=st.booleans(),
)
def test_totals_many_equals_total_row_by_row(hands, dtype, extra, fortran):
    array = padded(hands, 6 + extra, dtype)
    if fortran:
        array = np.asfortranarray(array)
        assert array.flags.f_contiguous
        assert len(hands) == 1 or not array.flags.c_contiguous
    got = totals_many(array)
    assert got.dtype == np.int32 and got.shape == (len(hands),)
    want = [total(h) for h in hands]
    assert got.tolist() == want
    assert want == [reference_total(h) for h in hands]
    assert totals_many(array, check=False).tolist() == want


@settings(max_examples=60, deadline=None)
@given(hands=st.lists(vingtun_hands, min_size=1, max_size=20), dtype=st.sampled_from(DTYPES))
def test_totals_many_strided_views(hands, dtype):
    array = padded(hands, 6, dtype)
    wide = np.full((2 * len(hands), 12), PAD_VALUE[dtype], dtype=dtype)
    wide[::2, ::2] = array
    view = wide[::2, ::2]
    assert not view.flags.c_contiguous
    assert totals_many(view).tolist() == [total(h) for h in hands]


def test_totals_many_every_card_and_known_hands():
    for dtype in DTYPES:
        singles = padded([[c] for c in range(52)], 3, dtype)
        assert totals_many(singles).tolist() == [reference_total([c]) for c in range(52)]
    hands = [ids(h) for h in ("AS KH", "AS KH QD", "4H 9C 7D", "4H 9C 9D", "AS AH AD AC 7S")]
    assert totals_many(padded(hands, 5, "uint8")).tolist() == [21, 21, 20, 22, 21]


@pytest.mark.parametrize("dtype", DTYPES)
def test_totals_many_default_pad_is_minus_one_in_the_arrays_dtype(dtype):
    """pad=-1 is read in the array's dtype: 255 for uint8, -1 for signed dtypes."""
    array = padded([ids("AS KH"), ids("AS KH QD")], 3, dtype)
    if dtype == "uint8":
        assert array[0, 2] == 255
    else:
        assert array[0, 2] == -1
    assert totals_many(array).tolist() == [21, 21]
    assert totals_many(array, pad=-1).tolist() == [21, 21]
    # a row of nothing but pads is an empty hand: an error when checked, 0 when not
    empty = np.full((1, 4), PAD_VALUE[dtype], dtype=dtype)
    with raises_exactly(ValueError, f"row 0 of hands is not a hand padded with -1: {empty[0].tolist()} (it holds no card)"):
        totals_many(empty)
    assert totals_many(empty, check=False).tolist() == [0]


def test_totals_many_other_pads():
    assert totals_many(padded([ids("AS KH"), ids("2C")], 3, "int16", pad=99), pad=99).tolist() == [
        21, 2,
    ]  # fmt: skip
    assert totals_many(np.array([[50, 46, 255]], dtype=np.uint8), pad=255).tolist() == [21]
    assert totals_many(np.array([[50, 46, 60]], dtype=np.int32), pad=60).tolist() == [21]
    # the default pad is -1, so a row padded with 60 is rejected
    with pytest.raises(ValueError, match=r"^row 0 of hands is not a hand padded with -1"):
        totals_many(np.array([[50, 46, 60]], dtype=np.int32))


@pytest.mark.parametrize("pad", [0, 5, 51])
def test_totals_many_pad_that_is_a_card_id_is_rejected(pad):
    with raises_exactly(
        ValueError, f"pad {pad!r} is a card id; use a value outside 0..51, such as -1"
    ):
        totals_many(np.array([[50, 46, pad]], dtype=np.int16), pad=pad)


@pytest.mark.parametrize("dtype", DTYPES)
def test_totals_many_check_rejects_an_id_after_a_pad(dtype):
    p = PAD_VALUE[dtype]
    array = np.array([[50, 46, p, p], [0, 1, 2, p], [0, p, 2, p]], dtype=dtype)
    message = f"row 2 of hands is not a hand padded with -1: [0, {p}, 2, {p}] (a card id follows the pad)"
    with raises_exactly(ValueError, message):
        totals_many(array)


@pytest.mark.parametrize("dtype", DTYPES)
def test_totals_many_check_rejects_an_id_out_of_range_that_is_not_the_pad(dtype):
    p = PAD_VALUE[dtype]
    array = np.array([[50, 46, p], [0, 60, p]], dtype=dtype)
    with raises_exactly(ValueError, f"row 1 of hands is not a hand padded with -1: [0, 60, {p}] (60 is neither a card id in 0..51 nor the pad)"):
        totals_many(array)
    if dtype != "uint8":  # -2 in a signed dtype is neither an id nor the pad
        array = np.array([[50, -2, p]], dtype=dtype)
        message = f"row 0 of hands is not a hand padded with -1: [50, -2, {p}] (-2 is neither a card id in 0..51 nor the pad)"
        with raises_exactly(ValueError, message):
            totals_many(array)


@pytest.mark.parametrize("dtype", DTYPES)
def test_totals_many_check_rejects_a_repeated_card(dtype):
    p = PAD_VALUE[dtype]
    array = np.array([[50, 46, p], [1, 2, 3], [7, 9, 7]], dtype=dtype)
    with raises_exactly(ValueError, "row 2 of hands is not a hand padded with -1: [7, 9, 7] (card id 7 appears twice)"):
        totals_many(array)


def test_totals_many_shape_and_dtype_errors():
    with raises_exactly(ValueError, "hands must have shape (N, K), not (3,)"):
        totals_many([0, 1, 2])
    with raises_exactly(TypeError, "hands must be an array of integer card ids, not dtype float64"):
        totals_many([[0.0, 1.0]])
    assert totals_many(np.zeros((0, 4), dtype=np.int8)).shape == (0,)


# -- what a hostile-input audit found ---------------------------------------------------


def test_describe_reads_an_iterator_once():
    assert describe(iter(["AS", "6D"])) == "soft 17"
    assert describe(iter(["10S", "9D", "5C"])) == "over-drawn, 24"


@pytest.mark.parametrize("flag", ["no", None, 0, 1, float("nan"), np.bool_(True), [True]])
def test_a_divided_flag_is_exactly_true_or_false(flag):
    for call in (lambda: is_natural("AS KH", divided=flag), lambda: evaluate("AS KH", divided=flag),
                 lambda: describe("AS KH", divided=flag), lambda: settle("AS KH", "9C 9H", 1, player_divided=flag),
                 lambda: settle("AS KH", "9C 9H", 1, dealer_divided=flag)):  # fmt: skip
        with pytest.raises(WrongTypeError, match="divided must be True or False"):
            call()


def test_pack_total_takes_each_card_at_most_twice():
    assert pack_total([51, 51]) == 12 and pack_total([0, 0, 1, 1]) == 8
    for hand in ([51] * 3, [7, 0, 7, 3, 7], [0] * 104):
        with pytest.raises(DuplicateCardError, match="three times"):
            pack_total(hand)


def test_settle_strengths_stakes_are_bounded_and_integer_scalars_count():
    assert settle_strengths(DRAWN, DRAWN, np.int64(3)) == -3
    assert settle_strengths(OVER_DRAWN, DRAWN, 2**62 - 1) == 2**63 - 2
    for stake in (2**62, 10**30, -1):
        with pytest.raises(ValueError, match="stake"):
            settle_strengths(DRAWN, DRAWN, stake)
