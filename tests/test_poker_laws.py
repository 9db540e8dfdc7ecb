"""One test per law of the seed texts that decides a five-card poker hand.

English profile: laws 65-76 of English Draw Poker in
``shared/seeds/000_090407a6d9d4a9ee.txt`` (jack-pot openers: laws 30-32 of the
same file), with the decisions of ``docs/rules.md`` section 2 where the laws
leave a point open. American profile: the footnote to law 71 (seed 000) and
``docs/rules.md`` 2.2. Profile ``no_straight_flush``: Straight Poker and Stud
Poker in ``shared/seeds/004_7d6a6396833e304f.txt``.

Every test compares hands through the public API (``evaluate``, ``compare``,
``winners``, ``category``), so a wrong order or a wrong tie fails it.
"""

from __future__ import annotations

import pytest

from pycards import poker
from pycards.poker import Category, category, compare, evaluate, winners

ENGLISH = "english"
AMERICAN = "american"
NSF = "no_straight_flush"


def beats(a: str, b: str, rules: str = ENGLISH) -> bool:
    """``a`` beats ``b``, checked both ways round (compare is antisymmetric)."""
    return compare(a, b, rules) == 1 and compare(b, a, rules) == -1


def ties(a: str, b: str, rules: str = ENGLISH) -> bool:
    return compare(a, b, rules) == 0 and evaluate(a, rules) == evaluate(b, rules)


# --------------------------------------------------------------------------------------
# Law 65: the order of the categories
# --------------------------------------------------------------------------------------

# The lowest hand of each category under the English laws, lowest category first.
ENGLISH_LADDER = [
    ("2C 3D 4H 5S 7C", Category.NO_PAIR),
    ("2C 2D 3H 4S 5C", Category.PAIR),  # 2-2-3-4-5 cannot be a sequence
    ("2C 2D 3H 3S 4C", Category.TWO_PAIRS),
    ("2C 2D 2H 3S 4C", Category.THREES),
    ("AC 2D 3C 4S 5C", Category.SEQUENCE),  # A-2-3-4-5, no heart: the least sequence
    ("2S 3S 4S 5S 7S", Category.FLUSH),  # a non-heart flush, seven high
    ("2C 2D 2H 3S 3C", Category.FULL),
    ("2C 2D 2H 2S 3C", Category.FOURS),
    ("AS 2S 3S 4S 5S", Category.SEQUENCE_FLUSH),  # ace low: the least sequence flush
]


def test_law_65_hands_in_order_of_value():
    """Law 65: "The following shall be the hands in order of value; the first being the
    highest:—1, Sequence flush; 2, Fours; 3, Full; 4, Flush; 5, Sequence not a flush;
    6, Threes; 7, Two pairs; 8, A pair." (seed 000_090407a6d9d4a9ee.txt)

    The least hand of each category beats the best hand of the category below.
    """
    best_of = {
        Category.NO_PAIR: "9C JD QH KS AC",  # A K Q J 9 (A-K-Q-J-10 is also no pair; see law 71)
        Category.PAIR: "AC AD KH QS JC",
        Category.TWO_PAIRS: "AC AD KH KS QC",
        Category.THREES: "AC AD AH KS QC",
        Category.SEQUENCE: "9H 10H JH QH KC",  # K-Q-J-10 in hearts over 9 of hearts
        Category.FLUSH: "10H JH QH KH AH",  # no sequence: the best heart flush
        Category.FULL: "AC AD AH KS KC",
        Category.FOURS: "AC AD AH AS KC",
    }
    strengths = []
    for hand, expected in ENGLISH_LADDER:
        assert category(hand) is expected, hand
        strengths.append(evaluate(hand))
    assert strengths == sorted(strengths) and len(set(strengths)) == len(strengths)
    for (low, _), (next_low, kind) in zip(ENGLISH_LADDER, ENGLISH_LADDER[1:]):
        best_below = best_of[Category(kind - 1)]
        assert category(best_below) == Category(kind - 1), best_below
        assert beats(next_low, best_below), (next_low, best_below)
        assert beats(next_low, low)


def test_law_65_class_counts_per_category():
    """Law 65 (seed 000_090407a6d9d4a9ee.txt), with docs/rules.md 2.1: the English profile
    has 9010 classes of equal hands: sequence flush 9, fours 156, full 156, flush 2556
    (1278 in hearts + 1278 not), sequence 279 (9 tops x 31 heart patterns), threes 858,
    two pairs 858, pair 2860, no pair 1278. Strengths are dense, 1 (worst) .. 9010.
    """
    assert poker.classes(ENGLISH) == 9010
    floors = poker.category_floors(ENGLISH)
    sizes = [b - a for a, b in zip(floors, floors[1:])] + [9010 + 1 - floors[-1]]
    assert sizes == [1278, 2860, 858, 858, 279, 2556, 156, 156, 9]
    assert evaluate("2C 3D 4H 5S 7C") == 1
    assert evaluate("9H 10H JH QH KH") == 9010


def test_law_65_category_aliases():
    """Law 65 (seed 000_090407a6d9d4a9ee.txt) names the categories; the modern names
    are aliases of the same values."""
    assert [c.value for c in (Category.NO_PAIR, Category.PAIR, Category.TWO_PAIRS,
                              Category.THREES, Category.SEQUENCE, Category.FLUSH,
                              Category.FULL, Category.FOURS, Category.SEQUENCE_FLUSH)] \
        == list(range(9))  # fmt: skip
    assert Category.STRAIGHT_FLUSH is Category.SEQUENCE_FLUSH
    assert Category.STRAIGHT is Category.SEQUENCE
    assert Category.FULL_HOUSE is Category.FULL
    assert Category.FOUR_OF_A_KIND is Category.FOURS
    assert Category.HIGH_CARD is Category.NO_PAIR


# --------------------------------------------------------------------------------------
# Law 66: sequence flushes
# --------------------------------------------------------------------------------------


def test_law_66_sequence_flush_with_highest_card_wins_ace_lowest():
    """Law 66: "If there be two or more flush sequences shown, the player whose sequence
    contains the highest card (ace being the lowest) shall be held to have the best
    hand." (seed 000_090407a6d9d4a9ee.txt)"""
    ladder = [
        "AS 2S 3S 4S 5S",  # five high: the ace is the lowest card
        "2C 3C 4C 5C 6C",
        "3D 4D 5D 6D 7D",
        "4H 5H 6H 7H 8H",
        "5S 6S 7S 8S 9S",
        "6C 7C 8C 9C 10C",
        "7D 8D 9D 10D JD",
        "8H 9H 10H JH QH",
        "9S 10S JS QS KS",  # king high: the best hand there is
    ]
    strengths = [evaluate(h) for h in ladder]
    assert all(category(h) is Category.SEQUENCE_FLUSH for h in ladder)
    assert strengths == list(range(9002, 9011))
    assert beats("2C 3C 4C 5C 6C", "AH 2H 3H 4H 5H")


def test_law_66_sequence_flushes_with_equal_tops_tie_whatever_the_suit():
    """Law 66 (seed 000_090407a6d9d4a9ee.txt) ranks sequence flushes by their highest card
    only; docs/rules.md 2.1: "equal tops tie; suit does not break the tie" (a heart sequence
    flush does not beat a club one: law 69's heart rule is for flushes, law 70's for
    sequences not flush)."""
    for pattern in ("A{s} 2{s} 3{s} 4{s} 5{s}", "5{s} 6{s} 7{s} 8{s} 9{s}",
                    "9{s} 10{s} J{s} Q{s} K{s}"):  # fmt: skip
        suited = [pattern.format(s=s) for s in "CDHS"]
        assert all(category(h) is Category.SEQUENCE_FLUSH for h in suited)
        assert len({evaluate(h) for h in suited}) == 1, suited
        assert winners(suited) == [0, 1, 2, 3]


# --------------------------------------------------------------------------------------
# Law 67: fours
# --------------------------------------------------------------------------------------


def test_law_67_fours_highest_in_value_win_ace_high():
    """Law 67: "If there be two or more fours shown, fours being the best hand, the player
    who has the four cards highest in value shall be held to have the best hand."
    (seed 000_090407a6d9d4a9ee.txt) Outside sequences the ace is the highest card."""
    assert beats("AC AD AH AS 2C", "KC KD KH KS QC")
    assert beats("3C 3D 3H 3S 2C", "2C 2D 2H 2S AC")
    assert beats("2C 2D 2H 2S 3C", "AC AD AH KS KC")  # and fours beat any full (law 65)


def test_law_67_fours_of_equal_rank_decided_by_the_odd_card():
    """Law 67 (seed 000_090407a6d9d4a9ee.txt) with docs/rules.md 2.1: equal fours (only across
    packs) are decided by the remaining card; equal everywhere is a tie (law 76)."""
    assert beats("9C 9D 9H 9S KC", "9C 9D 9H 9S QH")
    assert beats("9C 9D 9H 9S AC", "9C 9D 9H 9S KH")
    assert ties("9C 9D 9H 9S KC", "9C 9D 9H 9S KH")


# --------------------------------------------------------------------------------------
# Law 68: full hands
# --------------------------------------------------------------------------------------


def test_law_68_full_with_highest_threes_wins():
    """Law 68: "If there be two or more full hands shown, a full hand being the best hand,
    the player whose full hand contains threes highest in value shall be held to have
    the best hand." (seed 000_090407a6d9d4a9ee.txt)"""
    assert beats("3C 3D 3H 2S 2C", "2C 2D 2H AS AC")
    assert beats("AC AD AH 2S 2C", "KC KD KH QS QC")
    assert category("3C 3D 3H 2S 2C") is Category.FULL


def test_law_68_full_with_equal_threes_decided_by_the_pair():
    """Law 68 (seed 000_090407a6d9d4a9ee.txt) with docs/rules.md 2.1: equal threes (across
    packs) are decided by the pair; equal pairs too is a tie."""
    assert beats("KC KD KH 3S 3C", "KC KD KH 2S 2C")
    assert beats("7C 7D 7H AS AC", "7C 7D 7H KS KC")
    assert ties("KC KD KH 3S 3C", "KC KS KH 3D 3H")


# --------------------------------------------------------------------------------------
# Law 69: flushes
# --------------------------------------------------------------------------------------


def test_law_69_heart_flush_beats_ace_high_spade_flush():
    """Law 69: "If there be two or more flush hands shown, a flush hand being the best
    hand, a flush in hearts shall be held to be the best hand" (seed
    000_090407a6d9d4a9ee.txt): the worst heart flush beats the best flush in any other
    suit."""
    worst_heart = "2H 3H 4H 5H 7H"
    for suit in "CDS":
        best_other = f"10{suit} J{suit} Q{suit} K{suit} A{suit}"  # no sequence (law 71)
        assert category(best_other) is Category.FLUSH
        assert beats(worst_heart, best_other)
        assert beats(worst_heart, f"9{suit} J{suit} Q{suit} K{suit} A{suit}")
    assert evaluate("2H 3H 4H 5H 7H") == evaluate("AS KS QS JS 10S") + 1


def test_law_69_heart_flushes_compare_by_cards_from_the_highest():
    """Law 69 (seed 000_090407a6d9d4a9ee.txt) with docs/rules.md 2.1: two flushes in hearts
    (possible only across packs) are compared card by card from the highest down."""
    assert beats("AH 9H 7H 5H 3H", "AH 9H 7H 5H 2H")
    assert beats("AH 3H 4H 5H 7H", "KH QH JH 9H 8H")
    assert beats("KH QH JH 9H 7H", "KH QH JH 8H 7H")
    assert ties("AH 9H 7H 5H 3H", "3H 5H 7H 9H AH")
    assert evaluate("10H JH QH KH AH") == poker.category_floors(ENGLISH)[Category.FULL] - 1


def test_law_69_non_heart_flush_with_highest_untied_card_wins():
    """Law 69: "and if there be no flush hand in hearts, the flush hand which contains the
    card highest in value, and which is not tied by a card of equal value in another
    flush hand, shall be the best hand." (seed 000_090407a6d9d4a9ee.txt)"""
    assert beats("AC 4C 5C 6C 2C", "KS QS JS 9S 8S")
    assert beats("KS QS 9S 5S 3S", "KC QC 9C 5C 2C")
    assert beats("KD QD 10D 5D 3D", "KS QS 9S 8S 7S")
    assert beats("2D 3D 4D 5D 7D", "2C 2D 2H 3S 4C")  # any flush beats threes (law 65)


def test_law_69_non_heart_flushes_of_different_suits_with_equal_cards_tie():
    """Law 69 (seed 000_090407a6d9d4a9ee.txt) gives precedence to hearts only; docs/rules.md
    2.1: "non-heart flushes of different suits with equal ranks tie" (law 76 then
    shares the pool)."""
    hands = ["AS JS 8S 6S 2S", "AC JC 8C 6C 2C", "AD JD 8D 6D 2D"]
    assert len({evaluate(h) for h in hands}) == 1
    assert winners(hands) == [0, 1, 2]
    assert winners(hands + ["AH JH 8H 6H 2H"]) == [3]


# --------------------------------------------------------------------------------------
# Law 70: sequences not flush
# --------------------------------------------------------------------------------------


def test_law_70_sequence_with_highest_card_wins_ace_lowest():
    """Law 70: "If there be two or more sequences shown, a sequence being the best hand,
    the player whose sequence contains the highest card (ace being the lowest) shall be
    held to be the best hand" (seed 000_090407a6d9d4a9ee.txt). Even a sequence all in
    hearts but one loses to any sequence with a higher top card."""
    ladder = [
        "AC 2D 3C 4S 5C",
        "2C 3D 4C 5S 6C",
        "3C 4D 5C 6S 7C",
        "4C 5D 6C 7S 8C",
        "5C 6D 7C 8S 9C",
        "6C 7D 8C 9S 10C",
        "7C 8D 9C 10S JC",
        "8C 9D 10C JS QC",
        "9C 10D JC QS KC",
    ]
    assert all(category(h) is Category.SEQUENCE for h in ladder)
    strengths = [evaluate(h) for h in ladder]
    assert strengths == sorted(strengths) and len(set(strengths)) == 9
    assert beats("2C 3D 4C 5S 6C", "AH 2H 3H 4H 5S")
    assert beats("9C 10D JC QS KC", "8H 9H 10H JH QS")


def test_law_70_equal_sequences_heart_on_top_wins():
    """Law 70: "and if there be two or more sequences of cards of equal value, a sequence
    in hearts, ceteris paribus, shall be the best hand." (seed 000_090407a6d9d4a9ee.txt)
    docs/rules.md 2.1 decision: compare the two sequences card by card from the top; at the
    first position where exactly one of the two cards is a heart, that hand wins."""
    # the ten differs: the hand with the ten of hearts wins
    assert beats("9C 10H JC QC KD", "9H 10C JC QC KD")
    assert compare("9H 10C JC QC KC", "9C 10H JC QC KC") == -1
    # the king of hearts on top beats four hearts below it
    assert beats("9S 10S JS QS KH", "9H 10H JH QH KS")
    # a heart beats no heart at the top even when the rest are all hearts in the loser
    assert beats("5C 6D 7C 8S 9H", "5H 6H 7H 8H 9S")
    # same position of hearts: the hand with more hearts further down wins
    assert beats("5H 6H 7C 8S 9H", "5C 6H 7D 8S 9H")


def test_law_70_ace_is_the_bottom_card_of_a_2_3_4_5_for_the_heart_tie_break():
    """Law 70 with law 71 (seed 000_090407a6d9d4a9ee.txt): in A-2-3-4-5 the five is the top
    card and the ace the bottom one (docs/rules.md 2.1), so the heart tie-break looks at the
    five first and at the ace last."""
    assert beats("AC 2H 3H 4H 5H", "AH 2H 3H 4H 5C")
    assert compare("AC 2H 3H 4H 5H", "AH 2H 3H 4H 5C") == 1
    assert beats("AH 2C 3C 4C 5C", "AC 2C 3C 4C 5D")  # only the ace differs
    assert beats("AC 2H 3C 4C 5C", "AH 2C 3C 4C 5D")  # the two outranks the ace


def test_law_70_equal_sequences_same_heart_pattern_tie():
    """Law 70, "ceteris paribus" (seed 000_090407a6d9d4a9ee.txt); docs/rules.md 2.1: no position
    where exactly one card is a heart: tie, whatever the other suits."""
    assert ties("9H 10C JD QS KC", "9H 10S JC QD KD")
    assert ties("9C 10D JC QS KD", "9D 10S JD QC KC")  # no hearts at all
    assert ties("9H 10H JH QH KC", "9H 10H JH QH KS")  # four hearts each, in the same places
    assert ties("AH 2C 3D 4S 5C", "AH 2S 3C 4D 5D")
    assert winners(["9H 10C JD QS KC", "9H 10S JC QD KD", "9C 10C JD QS KH"]) == [2]


def test_law_70_sequence_classes_are_nine_tops_times_31_heart_patterns():
    """Law 70 (seed 000_090407a6d9d4a9ee.txt): within one top card, the 31 patterns of
    hearts (not all five: that is a sequence flush) give 31 distinct strengths, ordered
    as binary numbers read from the top card down (docs/rules.md 2.1)."""
    ranks = ["9", "10", "J", "Q", "K"]  # bottom .. top
    seen = {}
    for mask in range(31):  # bit 4 = top card is a heart ... bit 0 = bottom card
        suits = ["H" if mask >> i & 1 else ("C" if i % 2 else "D") for i in range(5)]
        hand = " ".join(r + s for r, s in zip(ranks, suits))
        assert category(hand) is Category.SEQUENCE, hand
        seen[mask] = evaluate(hand)
    assert [seen[m] for m in range(31)] == list(range(seen[0], seen[0] + 31))
    assert seen[30] == poker.category_floors(ENGLISH)[Category.FLUSH] - 1


# --------------------------------------------------------------------------------------
# Law 71: the ace in sequences (English), and its footnote (American)
# --------------------------------------------------------------------------------------


def test_law_71_ace_only_begins_a_sequence():
    """Law 71: "The ace shall only begin a sequence" (seed 000_090407a6d9d4a9ee.txt):
    A-2-3-4-5 is the lowest sequence and 9-10-J-Q-K the highest (docs/rules.md 2.1)."""
    assert category("AC 2D 3H 4S 5C") is Category.SEQUENCE
    assert category("9C 10D JH QS KC") is Category.SEQUENCE
    assert evaluate("AC 2D 3C 4S 5C") == poker.category_floors(ENGLISH)[Category.SEQUENCE]
    assert beats("2C 3D 4C 5S 6D", "AH 2H 3H 4H 5S")
    for sequence in ("2C 3D 4C 5S 6D", "8C 9D 10C JS QD", "AC 2D 3C 4S 5C"):
        assert beats("9C 10D JC QS KD", sequence)
    assert beats("AC 2D 3C 4S 5C", "2C 2D 2H AS KC")  # still a sequence: beats threes


def test_law_71_ace_does_not_end_a_sequence_after_a_king():
    """Law 71: "it shall not end a sequence after a king" (seed 000_090407a6d9d4a9ee.txt):
    10-J-Q-K-A is no sequence but a no-pair hand, ace high (in one suit: a flush)."""
    broadway = "10C JD QH KS AC"
    assert category(broadway) is Category.NO_PAIR
    assert ties(broadway, "AD KC QS JH 10D")
    assert beats(broadway, "9C JD QH KS AC")  # the best no-pair hand
    assert beats("2C 2D 3H 4S 5C", broadway)  # the least pair beats it
    assert beats("AC 2D 3C 4S 5C", broadway)
    assert category("10S JS QS KS AS") is Category.FLUSH
    assert category("10H JH QH KH AH") is Category.FLUSH
    assert beats("AS 2S 3S 4S 5S", "10H JH QH KH AH")


def test_law_71_ace_is_not_an_intermediate_card_between_a_king_and_a_two():
    """Law 71: "nor shall it be an intermediate card between a king and a two."
    (seed 000_090407a6d9d4a9ee.txt) K-A-2-3-4 (and J-Q-K-A-2, Q-K-A-2-3) are no-pair
    hands with the ace high."""
    for hand in ("KS AH 2C 3D 4D", "JC QD KH AS 2C", "QC KD AH 2S 3C"):
        assert category(hand) is Category.NO_PAIR, hand
    assert ties("KS AH 2C 3D 4D", "AC KD 4H 3S 2C")
    assert beats("AC KD 5H 3S 2C", "KS AH 2C 3D 4D")
    assert category("KH AH 2H 3H 4H") is Category.FLUSH


def test_law_71_ace_high_outside_sequences():
    """Law 71 (seed 000_090407a6d9d4a9ee.txt) makes the ace low only as the first card of
    a sequence; docs/rules.md 2.1: "Outside sequences the ace is the highest card (pairs,
    threes, fours, kickers, no-pair hands)" and in flushes."""
    assert beats("AC AD 2H 3S 4C", "KC KD QH JS 9C")  # pair
    assert beats("AC AD AH 2S 3C", "KC KD KH QS JC")  # threes
    assert beats("5C 5D 5H 5S AC", "5C 5D 5H 5S KC")  # kicker to fours
    assert beats("AC 3D 4H 5S 7C", "KC QD JH 9S 8C")  # no pair
    assert beats("AD 2D 3D 4D 6D", "KD QD JD 9D 8D")  # flush


def test_law_71_footnote_american_ace_begins_or_ends_a_sequence():
    """Law 71, footnote: "Some American writers permit of the ace being used at the
    beginning or end of a sequence, making ten to ace the highest sequence."
    (seed 000_090407a6d9d4a9ee.txt; docs/rules.md 2.2)"""
    assert category("10C JD QH KS AC", AMERICAN) is Category.SEQUENCE
    assert beats("10C JD QH KS AC", "9C 10D JH QS KC", AMERICAN)
    assert category("AC 2D 3H 4S 5C", AMERICAN) is Category.SEQUENCE  # the wheel
    assert evaluate("AC 2D 3H 4S 5C", AMERICAN) \
        == poker.category_floors(AMERICAN)[Category.SEQUENCE]  # fmt: skip
    assert beats("2C 3D 4H 5S 6C", "AC 2D 3H 4S 5C", AMERICAN)
    assert beats("AC 2D 3H 4S 5C", "AC AD AH KS QC", AMERICAN)
    # the ace never turns the corner
    assert category("KS AH 2C 3D 4D", AMERICAN) is Category.NO_PAIR
    assert category("QC KD AH 2S 3C", AMERICAN) is Category.NO_PAIR
    # straight flushes: royal flush best, five-high lowest
    assert evaluate("10S JS QS KS AS", AMERICAN) == 7462 == poker.classes(AMERICAN)
    assert evaluate("AC 2C 3C 4C 5C", AMERICAN) \
        == poker.category_floors(AMERICAN)[Category.SEQUENCE_FLUSH]  # fmt: skip
    assert beats("AC 2C 3C 4C 5C", "AC AD AH AS KC", AMERICAN)
    assert beats("2C 3C 4C 5C 6C", "AH 2H 3H 4H 5H", AMERICAN)


def test_law_71_footnote_american_suits_never_matter():
    """docs/rules.md 2.2 (footnote to law 71, seed 000_090407a6d9d4a9ee.txt): "no suit
    precedence anywhere": hearts win neither flushes nor sequences."""
    assert ties("2H 3H 4H 5H 7H", "2S 3S 4S 5S 7S", AMERICAN)
    assert beats("AS KS QS JS 9S", "2H 3H 4H 5H 7H", AMERICAN)
    assert ties("9C 10H JC QC KD", "9H 10C JC QC KD", AMERICAN)
    assert ties("AC 2H 3H 4H 5H", "AH 2H 3H 4H 5C", AMERICAN)
    assert ties("9C 10C JC QC KC", "9H 10H JH QH KH", AMERICAN)


def test_law_71_footnote_american_class_counts():
    """docs/rules.md 2.2 (footnote to law 71, seed 000_090407a6d9d4a9ee.txt): 7462 classes,
    as the public evaluators: straight flush 10, fours 156, full 156, flush 1277,
    straight 10, threes 858, two pairs 858, pair 2860, no pair 1277."""
    assert poker.classes(AMERICAN) == 7462
    floors = poker.category_floors(AMERICAN)
    sizes = [b - a for a, b in zip(floors, floors[1:])] + [7462 + 1 - floors[-1]]
    assert sizes == [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]
    assert evaluate("2C 3D 4H 5S 7C", AMERICAN) == 1


# --------------------------------------------------------------------------------------
# Laws 72-75: threes, two pairs, a pair, no pair
# --------------------------------------------------------------------------------------


def test_law_72_threes_highest_in_value_win():
    """Law 72: "If there be two or more threes shown, threes being the best hand, the hand
    containing the threes highest in value shall be the best hand."
    (seed 000_090407a6d9d4a9ee.txt)"""
    assert beats("4C 4D 4H 2S 3C", "3C 3D 3H AS KC")
    assert beats("AC AD AH 2S 3C", "KC KD KH AS QC")
    assert category("4C 4D 4H 2S 3C") is Category.THREES


def test_law_72_equal_threes_decided_by_the_odd_cards():
    """Law 72 (seed 000_090407a6d9d4a9ee.txt) with docs/rules.md 2.1: equal threes (across
    packs) are decided by the remaining cards from the highest down; all equal: tie."""
    assert beats("7C 7D 7H AS 2C", "7C 7D 7H KS QC")
    assert beats("7C 7D 7H AS 3C", "7C 7D 7H AS 2C")
    assert ties("7C 7D 7H AS 3C", "7C 7S 7H AD 3H")


def test_law_73_two_pairs_highest_pair_wins():
    """Law 73: "If there be two or more two-pairs shown, two-pairs being the best hand, the
    hand containing the pair highest in value shall be the best hand"
    (seed 000_090407a6d9d4a9ee.txt)"""
    assert beats("AC AD 2H 2S 3C", "KC KD QH QS JC")
    assert beats("4C 4D 2H 2S 3C", "3C 3D 2C 2D AH")


def test_law_73_two_pairs_equal_high_pair_other_pair_decides_then_odd_card():
    """Law 73: "and if two two-pair hands contain pairs equally high in value, such pairs
    being the highest, the value of the other pair shall decide which is the better
    hand." (seed 000_090407a6d9d4a9ee.txt) docs/rules.md 2.1: then the odd card; then a tie."""
    assert beats("KC KD 3H 3S 2C", "KH KS 2H 2S AC")
    assert beats("KC KD 3H 3S AC", "KH KS 3C 3D QC")
    assert ties("KC KD 3H 3S AC", "KH KS 3C 3D AD")


def test_law_74_pair_highest_in_value_wins():
    """Law 74: "If there be two or more pairs, pairs being the best hand, the hand
    containing the pair highest in value shall be the best hand"
    (seed 000_090407a6d9d4a9ee.txt)"""
    assert beats("3C 3D 2H 4S 5C", "2C 2D AH KS QC")
    assert beats("AC AD 2H 3S 4C", "KC KD QH JS 9C")


def test_law_74_equal_pairs_highest_untied_card_wins():
    """Law 74: "and if two hands contain equally high pairs, the hand containing the
    highest card which is not tied by an equally high card in the other hand shall be
    the better hand." (seed 000_090407a6d9d4a9ee.txt)"""
    assert beats("JC JD AH 9S 3C", "JH JS AD 9C 2C")
    assert beats("JC JD AH 10S 2C", "JH JS AD 9C 8C")
    assert beats("JC JD KH 3S 2C", "JH JS QD 10C 9C")
    # all cards tied: law 76; hearts give no precedence to a pair
    assert ties("JC JD AH 9S 3C", "JH JS AD 9C 3D")


def test_law_75_no_pair_highest_untied_card_wins():
    """Law 75: "If no pair hand nor any better hand be shown, the player whose hand
    contains the card highest in value which is not tied by a card of similar value in
    another competing hand, shall be held to have the best hand."
    (seed 000_090407a6d9d4a9ee.txt)"""
    assert beats("AC KD 9H 7S 3C", "AD KC 9S 7H 2C")
    assert beats("AC 3D 4H 5S 7C", "KC QD JH 9S 8C")
    assert beats("KC 8D 6H 4S 3C", "KD 8C 6S 4H 2D")
    assert beats("KC 9D 3H 4S 2C", "KD 8C 7S 6H 4D")
    assert ties("AC KD 9H 7S 3C", "AH KH 9S 7D 3D")
    assert category("AC KD 9H 7S 3C") is Category.NO_PAIR


def test_law_76_hands_identical_in_value_share_the_pool():
    """Law 76: "If, when the final call is made and the hands shown, two or more players
    hold hands identical in value, such players shall share the pool equally between
    them." (seed 000_090407a6d9d4a9ee.txt): ``winners`` returns every tied best hand,
    in the order given."""
    assert winners(["2S 2D 5H 7C 9C", "2C 2H 5S 7D 9D", "AS KD 4H 7C 9H"]) == [0, 1]
    assert winners(["AS KD 4H 7C 9H", "2S 2D 5H 7C 9C", "2C 2H 5S 7D 9D"]) == [1, 2]
    assert winners(["AS KD 4H 7C 9H"]) == [0]
    # ties in every category that can tie under the English laws
    tied = [
        ("AC KD 9H 7S 3C", "AH KH 9S 7D 3D"),  # no pair
        ("JC JD AH 9S 3C", "JH JS AD 9C 3D"),  # pair
        ("KC KD 3H 3S AC", "KH KS 3C 3D AD"),  # two pairs
        ("9H 10C JD QS KC", "9H 10S JC QD KD"),  # sequence, same heart pattern
        ("AS JS 8S 6S 2S", "AD JD 8D 6D 2D"),  # flushes not in hearts
        ("5C 6C 7C 8C 9C", "5H 6H 7H 8H 9H"),  # sequence flushes
    ]
    for a, b in tied:
        assert winners([a, b]) == [0, 1], (a, b)
        assert winners([a, "2C 3D 4H 5S 7C", b]) == [0, 2], (a, b)
    with pytest.raises(ValueError, match=r"^winners\(\) needs at least one hand$"):
        winners([])


# --------------------------------------------------------------------------------------
# Laws 30-32: jack-pot openers
# --------------------------------------------------------------------------------------


def test_law_30_jack_pot_opens_with_two_knaves_or_better():
    """Law 30: "the game shall not be opened by any player unless he have two knaves, or
    better, in his original hand." (seed 000_090407a6d9d4a9ee.txt) "Or better" is judged
    with the game's profile (docs/rules.md 2.4)."""
    assert poker.opens("JH JS 2C 3D 5H")
    assert poker.opens("JC JD 2H 3S 4S")  # the least opener
    assert not poker.opens("10H 10S AC KD QH")
    assert not poker.opens("AC KD QH 9S 8C")
    assert poker.opens("QC QD 2H 3S 4C")
    assert poker.opens("3C 3D 2H 2S 4C")  # two pairs beat two knaves
    assert poker.opens("2C 2D 2H 3S 4C")
    assert poker.opens("AC 2D 3H 4S 5C")  # the least English sequence
    assert poker.opens("2S 3S 4S 5S 7S")
    # 10-J-Q-K-A is no sequence in England (law 71) but a straight in America
    assert not poker.opens("10C JD QH KS AC")
    assert poker.opens("10C JD QH KS AC", rules=AMERICAN)
    assert poker.opens("JH JS 2C 3D 5H", minimum="knaves")
    assert poker.jackpot_minimum(1) == "J"


def test_law_31_second_jack_pot_needs_two_queens_or_better():
    """Law 31: "the next game shall be a Jack-pot, and shall not be opened by any player
    unless he have two queens, or better, in his original hand."
    (seed 000_090407a6d9d4a9ee.txt)"""
    minimum = poker.jackpot_minimum(2)
    assert minimum == "Q"
    assert not poker.opens("JH JS AC KD QH", minimum=minimum)
    assert poker.opens("QC QD 2H 3S 4C", minimum=minimum)
    assert poker.opens("2C 2D 3H 3S 4C", minimum=minimum)


def test_law_32_third_jack_pot_two_kings_and_the_series_repeats():
    """Law 32: "A third successive Jack-pot shall not be opened with less than two kings,
    and for successive Jack-pots the series of two knaves, two queens, two kings shall be
    maintained as the minimum hands with which the games may severally be opened."
    (seed 000_090407a6d9d4a9ee.txt)"""
    assert poker.jackpot_minimum(3) == "K"
    assert [poker.jackpot_minimum(n) for n in range(1, 10)] == list("JQKJQKJQK")
    assert not poker.opens("QH QS AC KD JH", minimum="K")
    assert poker.opens("KC KD 2H 3S 4C", minimum="K")
    assert poker.opens("AC AD 2H 3S 4C", minimum="K")
    assert poker.opens("JH JS 2C 3D 5H", minimum=poker.jackpot_minimum(4))
    for bad in (0, -1):
        with pytest.raises(ValueError, match=r"^jack-pots are counted from 1, not "):
            poker.jackpot_minimum(bad)
    for wrong_type in (True, 1.0, "1"):
        with pytest.raises(TypeError, match=r"^jack-pots are counted with an int, not "):
            poker.jackpot_minimum(wrong_type)


# --------------------------------------------------------------------------------------
# Straight Poker and Stud Poker: no straight flush
# --------------------------------------------------------------------------------------


def test_straight_poker_no_straight_flush_four_of_a_kind_highest():
    """Straight Poker: "no such combination as a straight flush is recognized, four of a
    kind being the highest hand possible." Stud Poker: "Straight flushes do not count."
    (seed 004_7d6a6396833e304f.txt; docs/rules.md 2.3)"""
    assert category("10S JS QS KS AS", NSF) is Category.FLUSH
    assert category("9H 10H JH QH KH", NSF) is Category.FLUSH
    assert beats("2C 2D 2H 2S 3C", "10S JS QS KS AS", NSF)
    assert beats("2C 2D 2H 3S 3C", "10S JS QS KS AS", NSF)  # full too
    assert evaluate("AC AD AH AS KC", NSF) == poker.classes(NSF) == 7462
    floors = poker.category_floors(NSF)
    assert floors[Category.SEQUENCE_FLUSH] > poker.classes(NSF)  # the category is empty
    sizes = [b - a for a, b in zip(floors, floors[1:-1])] + [7462 + 1 - floors[-2]]
    assert sizes == [1277, 2860, 858, 858, 10, 1287, 156, 156]


def test_straight_poker_suited_sequence_ranks_as_a_flush_by_its_cards():
    """Straight Poker (seed 004_7d6a6396833e304f.txt): five in sequence and in one suit
    rank as a flush, by their cards (docs/rules.md 2.3): 10-J-Q-K-A suited is the best flush,
    9-10-J-Q-K suited a king-high flush."""
    assert beats("10S JS QS KS AS", "9H JH QH KH AH", NSF)
    assert evaluate("10S JS QS KS AS", NSF) == poker.category_floors(NSF)[Category.FULL] - 1
    assert ties("10S JS QS KS AS", "10C JC QC KC AC", NSF)
    assert beats("AD 2D 3D 4D 6D", "9H 10H JH QH KH", NSF)
    assert beats("9H 10H JH QH KH", "9C JC QC KC 7C", NSF)
    assert beats("2C 3C 4C 5C 7C", "10S JD QH KS AC", NSF)  # any flush beats any straight


def test_straight_poker_a_2_3_4_5_suited_is_an_ace_high_flush():
    """Straight Poker (seed 004_7d6a6396833e304f.txt), docs/rules.md 2.3: "A-2-3-4-5 in one
    suit is then an ace-high flush"."""
    wheel = "AH 2H 3H 4H 5H"
    assert category(wheel, NSF) is Category.FLUSH
    assert ties(wheel, "AC 5C 4C 3C 2C", NSF)
    assert beats(wheel, "KD QD JD 9D 8D", NSF)
    assert beats(wheel, "9H 10H JH QH KH", NSF)
    assert beats("AS 2S 3S 4S 6S", wheel, NSF)
    assert beats("AC 2D 3H 4S 5C", "AC KD QH JS 9C", NSF)  # off suit: still a straight


def test_straight_poker_otherwise_as_american():
    """Straight and Stud Poker (seed 004_7d6a6396833e304f.txt): apart from straight flushes,
    hands rank as in the American game (docs/rules.md 2.3): the ace ends a straight, suits never
    matter, and the order of all other hands is the American one."""
    assert category("10C JD QH KS AC", NSF) is Category.SEQUENCE
    assert beats("10C JD QH KS AC", "9C 10D JH QS KC", NSF)
    assert category("AC 2D 3H 4S 5C", NSF) is Category.SEQUENCE
    assert category("KS AH 2C 3D 4D", NSF) is Category.NO_PAIR
    assert ties("2H 3H 4H 5H 7H", "2S 3S 4S 5S 7S", NSF)
    assert ties("9C 10H JC QC KD", "9H 10C JC QC KD", NSF)
    # below the flush the strengths are the American ones; the ten straight flushes
    # joined the flushes, so fulls and fours sit ten classes higher
    below_flush = ["2C 3D 4H 5S 7C", "AC AD KH QS JC", "KC KD QH QS JC", "3C 3D 3H AS KC",
                   "AC 2D 3H 4S 5C", "10C JD QH KS AC"]  # fmt: skip
    assert [evaluate(h, NSF) for h in below_flush] == [evaluate(h, AMERICAN) for h in below_flush]
    for hand in ("2C 2D 2H 3S 3C", "AC AD AH KS KC", "2C 2D 2H 2S 3C", "AC AD AH AS KC"):
        assert evaluate(hand, NSF) == evaluate(hand, AMERICAN) + 10, hand
