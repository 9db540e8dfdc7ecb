"""Cards as ids and text, the pack, and every error message pycards raises.

docs/rules.md section 1: id = 4 * rank + suit (0 = two of clubs, 51 = ace of spades);
text is rank then suit, case-insensitive, separated by spaces or commas; bad input
raises ValueError subclasses naming the offending token (wrong types: TypeError).
"""

from __future__ import annotations

import re

import numpy as np
import pytest

import pycards
from pycards._messages import shown
from pycards import (
    CardError,
    Deck,
    DuplicateCardError,
    HandSizeError,
    RulesError,
    UnknownCardError,
    brag,
    card,
    commerce,
    parse,
    poker,
)
from pycards import format as format_cards
from pycards.cards import RANK_NAMES, SUIT_NAMES, rank_of, suit_of


def raises_exactly(exception, message):
    """pytest.raises matching the whole message, literally."""
    return pytest.raises(exception, match=f"^{re.escape(message)}$")


# --------------------------------------------------------------------------------------
# ids
# --------------------------------------------------------------------------------------


def test_card_ids_follow_rules_section_1():
    assert card("2C") == 0
    assert card("2D") == 1
    assert card("2H") == 2
    assert card("2S") == 3
    assert card("3C") == 4
    assert card("10H") == 4 * 8 + 2
    assert card("JC") == 36
    assert card("QD") == 41
    assert card("KH") == 46
    assert card("AS") == 51
    for c in range(52):
        assert rank_of(c) == c // 4 and suit_of(c) == c % 4
    assert RANK_NAMES[9] == "knave" and RANK_NAMES[12] == "ace" and len(RANK_NAMES) == 13
    assert SUIT_NAMES == ("clubs", "diamonds", "hearts", "spades")


def test_card_accepts_ids_and_strings():
    assert card(0) == 0 and card(51) == 51
    assert card("as") == 51 and card("aS") == 51 and card("As") == 51
    assert card(" 10h ") == 34
    assert card("Th") == card("tH") == card("10H") == 34
    assert card("9♦") == card("9♢") == 29
    assert card("K♣") == card("k♧") == 44
    assert card("Q♥") == card("q♡") == 42
    assert card("J♠") == card("j♤") == 39


def test_card_accepts_integer_scalars_such_as_numpy_ints():
    for scalar in (np.int64(5), np.uint8(5), np.int16(5), np.uint64(5)):
        assert card(scalar) == 5 and type(card(scalar)) is int
    assert parse(np.array([51, 0, 34], dtype=np.uint8)) == (51, 0, 34)
    assert all(type(c) is int for c in parse(np.array([51, 0], dtype=np.int32)))
    assert format_cards(np.array([51, 0, 34], dtype=np.int64)) == "AS 2C 10H"
    row = np.array([[8, 9, 10, 11, 51]], dtype=np.uint8)[0]
    assert poker.evaluate(row) == poker.evaluate((8, 9, 10, 11, 51))
    assert poker.evaluate(tuple(row)) == poker.evaluate((8, 9, 10, 11, 51))
    with raises_exactly(UnknownCardError, "card id 52 is outside 0..51"):
        card(np.int64(52))
    with raises_exactly(UnknownCardError, f"card id -1 is outside 0..51 in [{np.int8(-1)!r}]"):
        parse([np.int8(-1)])


# --------------------------------------------------------------------------------------
# parse
# --------------------------------------------------------------------------------------


def test_parse_string_with_spaces_and_commas():
    assert parse("AH KH 10h") == (50, 46, 34)
    assert parse("Th,9♦") == (34, 29)
    assert parse("AH, KH,10h") == (50, 46, 34)
    assert parse("  AH\tKH\n10h  ") == (50, 46, 34)
    assert parse("AH,,KH , 10h,") == (50, 46, 34)
    assert parse("") == ()
    assert parse("   ") == ()


def test_parse_is_case_insensitive_and_reads_t_and_10():
    upper = parse("AS KD QC JH 10S 9D 8C 7H 6S 5D 4C 3H 2S")
    assert parse("as kd qc jh 10s 9d 8c 7h 6s 5d 4c 3h 2s") == upper
    assert parse("aS Kd qC jH Ts 9D 8c 7H 6s 5D 4c 3H 2s") == upper
    assert parse("tS") == parse("TS") == parse("10s") == (35,)


def test_parse_unicode_suits():
    assert parse("A♠ K♥ 10♦ 2♣") == (51, 46, 33, 0)
    assert parse("A♤ K♡ 10♢ 2♧") == (51, 46, 33, 0)
    assert parse(["Qs", 9, "2♥"]) == (43, 9, 2)


def test_parse_iterables_mixing_strings_and_ids():
    assert parse(["AH", 46, "10h", 0]) == (50, 46, 34, 0)
    assert parse(("AH", "KH")) == (50, 46)
    assert parse(c for c in (0, "AS")) == (0, 51)
    assert parse([]) == ()
    assert parse(range(5)) == (0, 1, 2, 3, 4)
    assert parse(["AH", "KH"], count=2) == (50, 46)


def test_format():
    assert format_cards([51, 0, 34]) == "AS 2C 10H"
    assert format_cards(parse("th,9♦")) == "10H 9D"
    assert format_cards(parse("ah kh 10h 9c 2d")) == "AH KH 10H 9C 2D"
    assert format_cards(["ah", 0]) == "AH 2C"
    assert format_cards(()) == ""
    assert format_cards(range(52)).split()[:5] == ["2C", "2D", "2H", "2S", "3C"]
    assert all(parse(format_cards([c])) == (c,) for c in range(52))


# --------------------------------------------------------------------------------------
# card and parse errors
# --------------------------------------------------------------------------------------


def test_errors_are_value_errors():
    for error in (UnknownCardError, DuplicateCardError, HandSizeError):
        assert issubclass(error, CardError)
    assert issubclass(CardError, ValueError)
    assert issubclass(RulesError, ValueError)
    assert not issubclass(RulesError, CardError)


def test_unknown_card_messages():
    with raises_exactly(UnknownCardError, "unknown card '1X'"):
        card("1X")
    with raises_exactly(UnknownCardError, "unknown card '1X' in '1X KH'"):
        parse("1X KH")
    with raises_exactly(UnknownCardError, "unknown card '1X' in 'AH KH 1X'"):
        parse("AH KH 1X")
    with raises_exactly(UnknownCardError, "unknown card '1x' in 'ah kh 1x'"):
        parse("ah kh 1x")
    with raises_exactly(UnknownCardError, "unknown card 'AHKH' in 'AHKH'"):
        parse("AHKH")
    with raises_exactly(UnknownCardError, "unknown card '11H' in 'AH 11H'"):
        parse("AH 11H")
    with raises_exactly(UnknownCardError, "unknown card 'AH;KH' in 'AH;KH'"):
        parse("AH;KH")
    with raises_exactly(UnknownCardError, "unknown card '' in ['AH', '']"):
        parse(["AH", ""])
    with raises_exactly(UnknownCardError, "unknown card 'KX' in ['AH', 'KX']"):
        parse(["AH", "KX"])
    with raises_exactly(UnknownCardError, "unknown card '1H'"):
        card("1H")


def test_id_out_of_range_messages():
    with raises_exactly(UnknownCardError, "card id 52 is outside 0..51"):
        card(52)
    with raises_exactly(UnknownCardError, "card id -1 is outside 0..51"):
        card(-1)
    with raises_exactly(UnknownCardError, "card id 52 is outside 0..51 in ['AH', 52]"):
        parse(["AH", 52])
    with raises_exactly(UnknownCardError, "card id -1 is outside 0..51 in [-1]"):
        parse([-1])
    with raises_exactly(UnknownCardError, "card id 52 is outside 0..51"):
        format_cards([0, 52])


def test_duplicate_card_messages():
    with raises_exactly(DuplicateCardError, "card 'ah' appears twice in 'AH KH ah'"):
        parse("AH KH ah")
    with raises_exactly(DuplicateCardError, "card '10h' appears twice in 'Th 10h'"):
        parse("Th 10h")
    with raises_exactly(DuplicateCardError, "card 'AH' appears twice in [50, 'AH']"):
        parse([50, "AH"])
    with raises_exactly(DuplicateCardError, "card 3 appears twice in [3, 3]"):
        parse([3, 3])
    with raises_exactly(DuplicateCardError, "card 'AH' appears twice in 'AH KH QH JH AH'"):
        poker.evaluate("AH KH QH JH AH")
    with raises_exactly(DuplicateCardError, "card 50 appears twice in [50, 46, 42, 38, 50]"):
        poker.evaluate([50, 46, 42, 38, 50])


def test_hand_size_messages():
    with raises_exactly(HandSizeError, "expected 5 cards, got 2: 'AH KH'"):
        parse("AH KH", count=5)
    with raises_exactly(HandSizeError, "expected 5 cards, got 0: ''"):
        parse("", count=5)
    with raises_exactly(HandSizeError, "expected 3 cards, got 4: [0, 1, 2, 3]"):
        parse([0, 1, 2, 3], count=3)
    with raises_exactly(HandSizeError, "expected 5 cards, got 2: 'AH KH'"):
        poker.evaluate("AH KH")
    with raises_exactly(HandSizeError, "expected 5 cards, got 6: [0, 1, 2, 3, 4, 5]"):
        poker.evaluate((0, 1, 2, 3, 4, 5))
    with raises_exactly(HandSizeError, "expected 5 cards, got 4: [0, 1, 2, 3]"):
        poker.evaluate([0, 1, 2, 3])
    for function in (poker.category, poker.describe, poker.opens):
        with raises_exactly(HandSizeError, "expected 5 cards, got 1: 'AH'"):
            function("AH")


@pytest.mark.parametrize("call", [
    lambda: card(1.0), lambda: parse(None), lambda: parse(5), lambda: poker.evaluate([True, 2, 3, 4, 5]),
    lambda: pycards.format("AH KH"), lambda: poker.winners("AH KH QH JH 10H"), lambda: Deck(1).deal(1.5),
    lambda: poker.jackpot_minimum(1.0),
])  # fmt: skip
def test_a_wrong_type_is_a_type_error_and_a_value_error(call):
    """``except ValueError`` catches every bad input pycards reports, wrong types included."""
    with pytest.raises(pycards.WrongTypeError) as raised:
        call()
    assert isinstance(raised.value, TypeError) and isinstance(raised.value, ValueError)


def test_format_of_text_says_it_takes_ids():
    with raises_exactly(pycards.CardTypeError, "format() takes card ids, not text: 'AH KH' (parse() reads text)"):
        pycards.format("AH KH")


@pytest.mark.parametrize("family", [poker, commerce, brag])
def test_winners_of_one_string_says_a_list_of_hands_was_expected(family):
    """Once ``winners("AH KH QH JH 10H")`` reported ``unknown card 'A' in 'A'``."""
    text = "AH KH QH JH 10H"
    message = f"winners() takes a list of hands, not one string: {text!r}; write [{text!r}] for a single hand"
    with raises_exactly(pycards.CardTypeError, message):
        family.winners(text)


def test_wrong_types_raise_type_error():
    with raises_exactly(TypeError, "a card is a string or an int id, not float: 1.0"):
        card(1.0)
    with raises_exactly(TypeError, "a card is a string or an int id, not NoneType: None"):
        card(None)
    with raises_exactly(TypeError, "a card is a string or an int id, not bool: True"):
        card(True)
    with raises_exactly(TypeError, "a card is a string or an int id, not float: 1.5"):
        parse(["AH", 1.5])
    with raises_exactly(TypeError, "a card is a string or an int id, not bool: False"):
        parse([False])
    with raises_exactly(TypeError, f"a card is a string or an int id, not float64: {np.float64(1)!r}"):
        card(np.float64(1))
    with raises_exactly(TypeError, f"a card is a string or an int id, not {type(np.bool_(True)).__name__}: {np.bool_(True)!r}"):
        card(np.bool_(True))
    with raises_exactly(TypeError, "a hand is a string or an iterable of cards, not NoneType: None"):
        parse(None)
    with raises_exactly(TypeError, "a hand is a string or an iterable of cards, not int: 5"):
        parse(5)
    with raises_exactly(TypeError, "a hand is a string or an iterable of cards, not float: 5.0"):
        poker.evaluate(5.0)
    with raises_exactly(TypeError, "a hand is a string or an iterable of cards, not NoneType: None"):
        poker.evaluate(None)
    with raises_exactly(TypeError, "a card is a string or an int id, not float: 4.0"):
        poker.evaluate((0, 1, 2, 3, 4.0))
    with raises_exactly(TypeError, "a card is a string or an int id, not bool: True"):
        poker.evaluate([True, 2, 3, 4, 5])
    with raises_exactly(TypeError, "a card is a string or an int id, not NoneType: None"):
        poker.compare("AH KH QH JH 9H", [None, 1, 2, 3, 4])


# --------------------------------------------------------------------------------------
# rules names
# --------------------------------------------------------------------------------------

RULES_MESSAGE = "unknown poker rules {!r}; expected one of 'english', 'american', 'no_straight_flush'"


@pytest.mark.parametrize("bad", ["English", "us", "", "english ", None, 0])
def test_bad_rules_name_raises_rules_error_naming_it(bad):
    hand = "AH KH QH JH 9H"
    message = RULES_MESSAGE.format(bad)
    calls = [
        lambda: poker.evaluate(hand, bad),
        lambda: poker.evaluate((0, 1, 2, 3, 5), rules=bad),
        lambda: poker.evaluate_many([[0, 1, 2, 3, 5]], bad),
        lambda: poker.evaluate_many(np.zeros((0, 5), dtype=np.uint8), bad),
        lambda: poker.category(hand, bad),
        lambda: poker.compare(hand, hand, bad),
        lambda: poker.winners([hand], bad),
        lambda: poker.describe(hand, bad),
        lambda: poker.opens(hand, rules=bad),
        lambda: poker.classes(bad),
        lambda: poker.category_floors(bad),
    ]
    for call in calls:
        with raises_exactly(RulesError, message):
            call()
        with pytest.raises(ValueError):
            call()


def test_bad_opening_minimum():
    with raises_exactly(
        ValueError, "unknown opening minimum 'X'; expected a rank such as 'J', 'Q' or 'K'"
    ):
        poker.opens("AH KH QH JH 9H", minimum="X")
    with raises_exactly(
        ValueError, "unknown opening minimum 13; expected a rank such as 'J', 'Q' or 'K'"
    ):
        poker.opens("AH KH QH JH 9H", minimum=13)


# --------------------------------------------------------------------------------------
# evaluate_many errors
# --------------------------------------------------------------------------------------


def test_evaluate_many_wrong_shape():
    for shape in [(2, 4), (5,), (0,), (1, 5, 1), (3, 6)]:
        with raises_exactly(ValueError, f"hands must have shape (N, 5), not {shape}"):
            poker.evaluate_many(np.zeros(shape, dtype=np.uint8))
    with raises_exactly(ValueError, "hands must have shape (N, 5), not (5,)"):
        poker.evaluate_many([0, 1, 2, 3, 4])


def test_evaluate_many_non_integer_dtype():
    for dtype in ("float64", "float32", "bool", "complex128", "object"):
        with raises_exactly(
            TypeError, f"hands must be an array of integer card ids, not dtype {np.dtype(dtype)}"
        ):
            poker.evaluate_many(np.zeros((2, 5), dtype=dtype))
    with raises_exactly(TypeError, "hands must be an array of integer card ids, not dtype <U2"):
        poker.evaluate_many([["AH", "KH", "QH", "JH", "9H"]])


@pytest.mark.parametrize("dtype", ["uint8", "int16", "int32", "int64", "uint64"])
def test_evaluate_many_bad_row_out_of_range(dtype):
    hands = np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 52, 13, 14], [0, 1, 2, 3, 99]],
                     dtype=dtype)  # fmt: skip
    with raises_exactly(
        ValueError,
        "row 2 of hands is not a five-card hand: [10, 11, 52, 13, 14] (card id 52 is outside 0..51)",
    ):
        poker.evaluate_many(hands)
    assert poker.evaluate_many(hands[:2]).shape == (2,)


@pytest.mark.parametrize("dtype", ["int8", "int16", "int32", "int64"])
def test_evaluate_many_bad_row_negative_id(dtype):
    hands = np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, -1]], dtype=dtype)
    with raises_exactly(
        ValueError,
        "row 1 of hands is not a five-card hand: [0, 1, 2, 3, -1] (card id -1 is outside 0..51)",
    ):
        poker.evaluate_many(hands, "american")


@pytest.mark.parametrize("dtype", ["uint8", "int16", "int32", "int64", "uint64"])
def test_evaluate_many_bad_row_duplicate(dtype):
    hands = np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [20, 21, 22, 21, 23]], dtype=dtype)
    with raises_exactly(
        ValueError,
        "row 2 of hands is not a five-card hand: [20, 21, 22, 21, 23] (card id 21 appears twice)",
    ):
        poker.evaluate_many(hands, "no_straight_flush")


def test_evaluate_many_names_the_first_bad_row_of_a_view():
    big = np.arange(40, dtype=np.int32).reshape(8, 5) % 52
    big[5, 0] = big[5, 1]  # a repeat in row 5 of big (not in big[::2])
    big[4, 4] = 60  # row 4 of big is row 2 of big[::2]
    with raises_exactly(
        ValueError,
        "row 2 of hands is not a five-card hand: [20, 21, 22, 23, 60] (card id 60 is outside 0..51)",
    ):
        poker.evaluate_many(big[::2])
    with raises_exactly(
        ValueError,
        "row 1 of hands is not a five-card hand: [60, 23, 22, 21, 20] (card id 60 is outside 0..51)",
    ):
        poker.evaluate_many(big[2::2, ::-1])
    with raises_exactly(
        ValueError,
        "row 0 of hands is not a five-card hand: [26, 26, 27, 28, 29] (card id 26 appears twice)",
    ):
        poker.evaluate_many(big[5:])
    with raises_exactly(
        ValueError,
        "row 3 of hands is not a five-card hand: [0, 1, 2, 3, 60] (card id 60 is outside 0..51)",
    ):
        poker.evaluate_many([[0, 1, 2, 3, 4]] * 3 + [[0, 1, 2, 3, 60]])


def test_evaluate_many_check_false_never_raises_on_bad_rows():
    hands = np.array([[0, 1, 2, 3, 4], [0, 0, 0, 0, 0], [255, 255, 255, 255, 255]], dtype=np.uint8)
    got = poker.evaluate_many(hands, check=False)
    assert got.shape == (3,) and got.dtype == np.int32
    assert got[0] == poker.evaluate((0, 1, 2, 3, 4))
    with pytest.raises(ValueError, match=r"^row 1 of hands"):
        poker.evaluate_many(hands, check=True)


# --------------------------------------------------------------------------------------
# Deck
# --------------------------------------------------------------------------------------


def test_deck_is_a_shuffled_full_pack():
    deck = Deck(seed=1)
    assert len(deck) == 52
    assert sorted(deck.remaining) == list(range(52))
    assert deck.remaining != tuple(range(52))
    assert deck.short is False
    assert repr(deck) == "<Deck of 52, 52 remaining>"
    assert sorted(Deck().remaining) == list(range(52))


def test_deck_short_pack_is_32_cards_seven_to_ace():
    deck = Deck(seed=3, short=True)
    assert len(deck) == 32
    assert sorted(deck.remaining) == list(range(20, 52))
    assert {rank_of(c) for c in deck.remaining} == set(range(5, 13))
    assert format_cards(sorted(deck.remaining)[:4]) == "7C 7D 7H 7S"
    assert deck.short is True
    assert repr(deck) == "<Deck of 32, 32 remaining>"


def test_deck_is_reproducible_from_a_seed():
    assert Deck(seed=7).remaining == Deck(seed=7).remaining
    assert Deck(seed=7).deal(5) == Deck(seed=7).deal(5)
    assert Deck(seed=7, short=True).remaining == Deck(seed=7, short=True).remaining
    assert Deck(seed=7).remaining != Deck(seed=8).remaining
    orders = {Deck(seed=s).remaining for s in range(20)}
    assert len(orders) == 20
    assert Deck(seed=5).remaining == Deck(seed="5").remaining == Deck(seed=b"5").remaining


def test_deck_order_is_the_pinned_shuffle_of_the_games():
    """The order never changes between versions: a seed's pack is the first shuffle of the
    game engine (key: BLAKE2b of the seed), read from the top (the end of the shuffled list),
    as the pure-Python reference of tests/test_pack.py computes it."""
    from test_pack import reference_shuffled

    from pycards.games.engine.pack import seed_key

    assert Deck(seed=1).deal(5) == (41, 30, 47, 9, 42)
    assert Deck(seed=7, short=True).deal(5) == (36, 28, 45, 25, 24)
    for seed in (0, 1, -5, 10**30, "abc", b"abc"):
        key = seed_key(seed)
        assert Deck(seed=seed).remaining == tuple(reversed(reference_shuffled(range(52), key, 0)))
        short = reference_shuffled(range(20, 52), key, 0)
        assert Deck(seed=seed, short=True).remaining == tuple(reversed(short))


def test_deck_without_a_seed_is_random():
    orders = {Deck().remaining for _ in range(5)}
    assert len(orders) == 5  # equal orders: a chance of about 10 in 52!
    assert all(sorted(order) == list(range(52)) for order in orders)


def test_deck_deal_draw_remaining_len():
    deck = Deck(seed=11)
    order = deck.remaining
    hand = deck.deal(5)
    assert hand == order[:5]
    assert len(deck) == 47 and deck.remaining == order[5:]
    assert repr(deck) == "<Deck of 52, 47 remaining>"
    top = deck.draw()
    assert type(top) is int and top == order[5]
    assert len(deck) == 46
    assert deck.deal(0) == () and len(deck) == 46
    assert deck.deal() == (order[6],)
    rest = deck.deal(len(deck))
    assert rest == order[7:] and len(deck) == 0 and deck.remaining == ()
    assert deck.deal(0) == ()


def test_deck_dealing_too_many_raises():
    deck = Deck(seed=5)
    with raises_exactly(ValueError, "cannot deal 53 cards from a pack of 52"):
        deck.deal(53)
    assert len(deck) == 52  # nothing dealt
    with raises_exactly(ValueError, "cannot deal -1 cards from a pack of 52"):
        deck.deal(-1)
    deck.deal(50)
    with raises_exactly(ValueError, "cannot deal 3 cards from a pack of 2"):
        deck.deal(3)
    assert len(deck) == 2
    deck.deal(2)
    with raises_exactly(ValueError, "cannot deal 1 card from a pack of 0"):
        deck.draw()
    short = Deck(seed=5, short=True)
    with raises_exactly(ValueError, "cannot deal 33 cards from a pack of 32"):
        short.deal(33)


def test_deck_deal_wrong_types():
    deck = Deck(seed=5)
    with raises_exactly(TypeError, "the number of cards to deal is an int, not 1.0"):
        deck.deal(1.0)
    with raises_exactly(TypeError, "the number of cards to deal is an int, not True"):
        deck.deal(True)
    with raises_exactly(TypeError, "the number of cards to deal is an int, not '5'"):
        deck.deal("5")
    assert len(deck) == 52


@pytest.mark.parametrize("seed", [1.5, True, False, [1], bytearray(b"1"), np.float64(1), object()])
def test_deck_rejects_a_seed_of_the_wrong_type(seed):
    with raises_exactly(pycards.WrongTypeError, f"a pack's seed is an int, str, bytes or None, not {seed!r}"):
        Deck(seed=seed)


@pytest.mark.parametrize("short", [1, 0, None, "yes", np.bool_(True)])
def test_deck_rejects_a_short_that_is_not_a_bool(short):
    with raises_exactly(pycards.WrongTypeError, f"short must be True or False, not {short!r}"):
        Deck(seed=1, short=short)


def test_deck_takes_huge_and_negative_seeds_and_names_what_it_cannot_hash():
    assert len({Deck(seed=s).remaining for s in (10**100, -(10**100), 2**64, -1)}) == 4
    with raises_exactly(ValueError, "a seed's text must be encodable as UTF-8, not '\\ud800'"):
        Deck(seed="\ud800")
    with pytest.raises(ValueError, match="too many digits"):
        Deck(seed=10**5000)


@pytest.mark.parametrize("n", [-1, 53, 10**100, 2**64])
def test_deck_deal_out_of_range_changes_nothing(n):
    deck = Deck(seed=2)
    before = deck.remaining
    with raises_exactly(ValueError, f"cannot deal {shown(n)} cards from a pack of 52"):
        deck.deal(n)
    assert deck.remaining == before


def test_package_exports():
    for name in pycards.__all__:
        assert hasattr(pycards, name), name
    assert pycards.parse is parse and pycards.format is format_cards and pycards.card is card
    assert pycards.Deck is Deck and pycards.poker is poker


@pytest.mark.parametrize("bad", [52, -1, 2**64, 10**5000, True, 1.0, "x", None, "ZZ"],
                         ids=["52", "-1", "2**64", "10**5000", "True", "1.0", "x", "None", "ZZ"])
def test_rank_of_and_suit_of_refuse_what_is_not_a_card_naming_it(bad):
    """``rank_of`` and ``suit_of`` read a card as :func:`card` does (an id 0..51 or a card
    string), so a number out of range, a bool, a float or junk is a CardError, not a
    rank of 13, a suit read off a negative number, or a TypeError."""
    for read in (rank_of, suit_of):
        with pytest.raises(CardError) as raised:
            read(bad)
        text = str(raised.value)
        assert ("16610 bits" in text) if bad == 10**5000 else (repr(bad) in text or type(bad).__name__ in text)
    assert (rank_of("10h"), suit_of("10h"), rank_of(51), suit_of(0)) == (8, 2, 12, 0)


@pytest.mark.parametrize("bad", [-1, 13, 2**64, True, 9.0, "knave", None])
def test_rank_name_refuses_what_is_not_a_rank_index_naming_it(bad):
    """A rank index is an int 0..12: -1 is not the ace, nor 13 an IndexError."""
    from pycards.cards import rank_name

    with pytest.raises(CardError, match=re.escape(repr(bad))):
        rank_name(bad)
    assert [rank_name(r) for r in (0, 12)] == ["two", "ace"]


# -- what a hostile-input audit found ---------------------------------------------------


@pytest.mark.parametrize("raw", [b"\x00\x05\n\x0f\x14", bytearray(b"\x00\x05\n\x0f\x14"),
                                 memoryview(b"\x00\x05\n\x0f\x14"), b"AH KH"])  # fmt: skip
def test_bytes_are_not_read_as_card_ids(raw):
    for read in (parse, poker.evaluate, commerce.evaluate):
        with pytest.raises(CardError, match=type(raw).__name__):
            read(raw)
    with pytest.raises(CardError, match="not text"):
        format_cards(raw)


HUGE = 10**5000


@pytest.mark.parametrize("call", [
    lambda: card(HUGE), lambda: parse([HUGE]), lambda: poker.evaluate([HUGE, 1, 2, 3, 4]),
    lambda: poker.evaluate([0, 1, 2, 3, 4], rules=HUGE), lambda: Deck(seed=1).deal(HUGE),
    lambda: poker.jackpot_minimum(-HUGE), lambda: poker.opens("AS AH 2C 3D 4H", minimum=HUGE),
    lambda: pycards.rank_name(HUGE) if hasattr(pycards, "rank_name") else pycards.cards.rank_name(HUGE),
], ids=["card", "parse", "evaluate", "rules", "deal", "jackpot_minimum", "opens", "rank_name"])  # fmt: skip
def test_an_int_too_long_to_print_is_named_by_its_size(call):
    with pytest.raises(ValueError, match="int of 16610 bits"):
        call()


class Unprintable(int):
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def test_a_card_whose_repr_fails_is_still_read():
    assert parse([Unprintable(5), 9]) == (5, 9)
    assert poker.evaluate([Unprintable(0), 1, 2, 3, 4]) == poker.evaluate([0, 1, 2, 3, 4])


def test_messages_stay_short_whatever_the_input():
    for call in (lambda: card("x" * 10**6), lambda: parse(["AH"] * 10**5), lambda: parse("AH " * 10**5)):
        with pytest.raises(CardError) as caught:
            call()
        assert len(str(caught.value)) < 300


def test_a_str_subclass_is_read_as_its_text():
    class Loud(str):
        def upper(self) -> str:
            return "2C"

    assert card(Loud("as")) == 51


def test_integer_scalars_count_where_ints_do():
    assert pycards.cards.rank_name(np.int64(9)) == "knave"
    assert len(Deck(seed=3).deal(np.int32(5))) == 5
    assert poker.jackpot_minimum(np.int16(2)) == "Q"
    with pytest.raises(pycards.WrongTypeError):
        Deck(seed=3).deal(True)


def test_a_deck_shared_by_threads_never_deals_a_card_twice():
    import sys
    import threading

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for round_ in range(30):
            deck, dealt = Deck(seed=round_), []

            def take() -> None:
                while True:
                    try:
                        dealt.extend(deck.deal(2))
                    except ValueError:
                        return

            threads = [threading.Thread(target=take) for _ in range(8)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert sorted(dealt) == list(range(52))
    finally:
        sys.setswitchinterval(interval)


@pytest.mark.parametrize("batch, width", [(poker.evaluate_many, 5), (commerce.evaluate_many, 3),
                                          (brag.evaluate_many, 3), (pycards.vingtun.totals_many, 3)])  # fmt: skip
def test_a_batch_of_ragged_rows_or_a_masked_array_is_refused_naming_it(batch, width):
    ragged = [list(range(width)), list(range(10, 10 + width - 1))]
    with pytest.raises(CardError, match="rectangular"):
        batch(ragged)
    masked = np.ma.masked_array([list(range(width))], mask=[[False] * (width - 1) + [True]])
    with pytest.raises(CardError, match="masked array"):
        batch(masked)
