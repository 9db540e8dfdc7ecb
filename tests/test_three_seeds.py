"""One test per example the seed texts give for three-card hands (Commerce, Brag and kin).

Seeds (``shared/seeds/``):

* 001 = ``001_363e88ee28ca9c86.txt``: old game, Pool Commerce, LIMITED COMMERCE.
* 002 = ``002_93c3d51ac699f33f.txt``: COMMERCE (the English game and its variants).
* 004 = ``004_7d6a6396833e304f.txt``: THIRTY-ONE, BRAG (single, three-stake,
  American), COMMERCE (American, without and with a widow; My Ship Sails).

With the decisions of ``docs/rules.md`` section 3 where a text leaves a point
open. Every test goes through the public API (``evaluate``, ``compare``,
``winners``, ``category``, ``describe``), so a wrong order or a wrong tie fails it.
"""

from __future__ import annotations

import itertools
import re

import pytest

import pycards
from pycards import brag, commerce
from pycards.errors import DuplicateCardError, HandSizeError, RulesError, UnknownCardError

C = commerce.Category
B = brag.Category


def beats(a: str, b: str, rules: str = "english", game=commerce) -> bool:
    """``a`` beats ``b``, checked both ways round."""
    return game.compare(a, b, rules) == 1 and game.compare(b, a, rules) == -1


def ties(a: str, b: str, rules: str = "english", game=commerce) -> bool:
    return (
        game.compare(a, b, rules) == 0
        and game.evaluate(a, rules) == game.evaluate(b, rules)
        and game.winners([a, b], rules) == [0, 1]
    )


def brag_beats(a: str, b: str, rules: str = "english") -> bool:
    return beats(a, b, rules, brag)


def brag_ties(a: str, b: str, rules: str = "english") -> bool:
    return ties(a, b, rules, brag)


def ascending(hands, rules="english", game=commerce) -> bool:
    """Each hand strictly beats the one before it."""
    s = [game.evaluate(h, rules) for h in hands]
    return all(x < y for x, y in zip(s, s[1:]))


def raises_exactly(exception, message):
    """pytest.raises matching the whole message, literally."""
    return pytest.raises(exception, match=f"^{re.escape(message)}$")


RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


# ======================================================================================
# English Commerce: seed 002, COMMERCE
# ======================================================================================


def test_002_combinations_range_in_value_in_the_order_given():
    """Seed 002 COMMERCE: "(a) Tricon, (b) Sequence, (c) Flush, (d) Pair, (e) Point,
    which range in value in the order given." The least hand of each beats the best
    of the one below."""
    ladder = [  # (least, best) of each combination, lowest combination first
        ("2C 3D 4H", "AS KD QC", C.POINT),  # point 9 .. point 31, ace-king-queen
        ("2C 2D 3H", "AS AD KC", C.PAIR),
        ("2H 3H 5H", "AS KS JS", C.FLUSH),  # A-K-Q would be a sequence
        ("AC 2C 3C", "QH KH AH", C.SEQUENCE),
        ("2C 2D 2H", "AS AH AD", C.TRICON),
    ]
    for least, best, kind in ladder:
        assert commerce.category(least) is kind, least
        assert commerce.category(best) is kind, best
        assert beats(best, least)
    for (_, best_below, _), (least_above, _, _) in zip(ladder, ladder[1:]):
        assert beats(least_above, best_below), (least_above, best_below)
    assert commerce.evaluate("2C 3D 4H") == 1
    assert commerce.evaluate("AS AH AD") == commerce.classes() == 741


def test_002_tricon_three_cards_of_the_same_denomination():
    """Seed 002 COMMERCE (a): "Tricon.--Three cards of the same denominations as, for
    example, three aces, three fives, three knaves, etc." """
    for hand in ("AS AH AD", "5C 5D 5S", "JC JD JH"):
        assert commerce.category(hand) is C.TRICON
        assert commerce.category(hand) is C.TRIPLETS  # the American name, an alias


def test_002_sequence_three_following_cards_of_the_same_suit():
    """Seed 002 COMMERCE (b): "Sequence.--Three following cards of the same suit, as,
    for instance, ace, two, three; ten, knave, queen; queen, king, ace, etc." """
    for hand in ("AC 2C 3C", "10D JD QD", "QH KH AH"):
        assert commerce.category(hand) is C.SEQUENCE, hand
    # "of the same suit": three following cards of different suits are only a point
    assert commerce.category("10D JS QD") is C.POINT


def test_002_king_ace_two_is_not_permissible_as_a_sequence():
    """Seed 002 COMMERCE (b): "Although the ace may be used at either end to form a
    sequence, it must not be so used between a king and a two. King, ace, two, is
    not, therefore, permissible as a sequence." Suited, it is a flush of 23."""
    assert commerce.category("KH AH 2H") is C.FLUSH
    assert commerce.describe("KH AH 2H") == "flush, point 23"
    assert beats("AC 2C 3C", "KH AH 2H")  # the lowest sequence beats it
    assert beats("KH AH 2H", "3C 4C 6C")  # a flush of 23 beats one of 13
    for rules in ("american", "american_extended"):
        assert commerce.category("KH AH 2H", rules) is not C.SEQUENCE_FLUSH


def test_002_flush_three_cards_of_the_same_suit_irrespective_of_value():
    """Seed 002 COMMERCE (c): "Flush.--Three cards of the same suit, irrespective of
    value." """
    for hand in ("2S 4S 7S", "AD KD 9D", "3H 8H QH"):
        assert commerce.category(hand) is C.FLUSH, hand


def test_002_pair_two_of_the_same_denomination_the_third_different():
    """Seed 002 COMMERCE (d): "Pair.--Two cards of the same denomination, the third one
    being different." """
    assert commerce.category("5S 5H 9C") is C.PAIR
    assert commerce.category("5S 5H 5C") is C.TRICON
    assert commerce.describe("5S 5H 9C") == "pair of fives, nine"


def test_002_point_total_pips_ace_eleven_court_cards_ten():
    """Seed 002 COMMERCE (e): "Point.--The total number of pips on the three cards, ace
    reckoning for eleven, and either of the court cards for ten." """
    assert commerce.pips("AH KD 2C") == 23
    assert commerce.pips("QS JD 10C") == 30
    assert commerce.pips("9S 8D 7C") == 24
    assert commerce.describe("AH KD 2C") == "point of 23"
    assert beats("9S 8D 7C", "AH KD 2C")  # 24 over 23, though the other holds the ace
    assert beats("AS KD QC", "KS QD JC")  # 31 over 30


def test_002_tie_tricons_aces_first_down_to_twos():
    """Seed 002 COMMERCE, ties (a): "With Tricons, the highest wins, aces being first in
    this respect; then kings, queens, etc., down to twos." """
    tricons = [f"{r}C {r}D {r}H" for r in RANKS]
    assert ascending(tricons)
    assert commerce.evaluate("2C 2D 2H") == commerce.category_floors()[C.TRICON]


def test_002_tie_sequences_ace_king_queen_best_three_two_ace_lowest():
    """Seed 002 COMMERCE, ties (b): "With Sequences, the highest wins; the ace, king,
    queen sequence reckoning as the best, and the three, two, ace sequence as the
    lowest." Equal sequences in different suits are equal ("There is no particular
    suit or trumps recognised in the game")."""
    order = ("A",) + RANKS
    sequences = [f"{order[i]}S {order[i + 1]}S {order[i + 2]}S" for i in range(12)]
    assert sequences[0] == "AS 2S 3S" and sequences[-1] == "QS KS AS"
    assert all(commerce.category(h) is C.SEQUENCE for h in sequences)
    assert ascending(sequences)
    assert commerce.evaluate("QS KS AS") == commerce.evaluate("AH AD AC") - 13  # best below tricons
    assert ties("QS KS AS", "QH KH AH")
    assert ties("AC 2C 3C", "AD 2D 3D")


def test_002_tie_flushes_the_best_point_wins():
    """Seed 002 COMMERCE, ties (c): "With Flushes, the one making the best 'point'--as
    already described --wins." A king-high flush of 20 beats an ace-high one of 17."""
    assert beats("KS 8S 2S", "AH 4H 2H")
    assert beats("3D 9D KD", "2H 9H KH")  # 22 over 21


def test_002_tie_flushes_of_equal_point_as_point_ties():
    """Seed 002 COMMERCE, ties (c) and (e) with docs/rules.md 3.1 ("Flush: ... equal point:
    as Point ties below"): the first highest card different decides; all equal: tie."""
    assert beats("KH 5H 2H", "10S 5S 2S")  # both 17: king over ten
    assert beats("AH 4H 2H", "KS 5S 2S")  # both 17: ace over king
    assert ties("KH 5H 2H", "KS 5S 2S")


def test_002_tie_pairs_the_highest_wins_then_the_highest_third_card():
    """Seed 002 COMMERCE, ties (d): "With Pairs, the highest wins. If two players are
    alike, then the holder of the highest third card has the preference." """
    pairs = [f"{r}C {r}D {'3' if r == '2' else '2'}H" for r in RANKS]
    assert ascending(pairs)
    assert beats("3C 3D 2H", "2C 2D AH")  # pair first, whatever the third card
    assert beats("AS AH KC", "AD AC QS")
    assert beats("7S 7H 8C", "7D 7C 6S")
    assert ties("AS AH KC", "AD AC KS")


def test_002_tie_point_first_highest_card_different_from_the_opponents_wins():
    """Seed 002 COMMERCE, ties (e): "With Point a tie is very rare; but if equality does
    occur, then the holder of the first highest card different from the opponent's
    wins." docs/rules.md 3.1: ranks from the highest down, so a king beats a ten though
    both count 10."""
    assert beats("KS 5D 2C", "10H 5S 2D")  # 17 each: king over ten
    assert beats("9S 8D 2C", "9H 7S 3D")  # 19 each: 9 equal, then 8 over 7
    assert beats("AS 4D 2C", "KH 5S 2D")  # 17 each: ace over king
    assert ties("AS KD 9C", "AH KS 9D")  # nothing different: a tie
    assert commerce.winners(["AS KD 9C", "AH KS 9D", "KC QH 9S"]) == [0, 1]


def test_002_short_pack_same_rules_lowest_sequence_seven_eight_nine():
    """Seed 002 COMMERCE: "if the number of players does not exceed seven the smaller
    pack of thirty-two may be used"; docs/rules.md 3.1: the same rules, A-2-3 cannot
    occur. Among short-pack hands the least sequence is 7-8-9, the least point
    7-8-9 of more than one suit (24)."""
    short = [c for c in range(52) if c >= 20]
    hands = list(itertools.combinations(short, 3))
    seqs = [h for h in hands if commerce.category(h) is C.SEQUENCE]
    assert len(seqs) == 6 * 4  # 7-8-9 ... Q-K-A, four suits
    assert min(commerce.evaluate(h) for h in seqs) == commerce.evaluate("7S 8S 9S")
    assert min(commerce.evaluate(h) for h in hands) == commerce.evaluate("7C 8D 9H")


# ======================================================================================
# Limited Commerce: seeds 001 and 002, LIMITED COMMERCE
# ======================================================================================


def test_001_002_limited_only_tricon_sequence_flush_and_point():
    """Seed 001 and 002, LIMITED COMMERCE: "It may be agreed that only the Tricon,
    Sequence, Flush, and Point shall be recognised in the game". docs/rules.md 3.2: a
    pair is scored as a Point hand (pips, then the first highest card different)."""
    assert commerce.category("5S 5H 9C", "limited") is C.POINT
    assert commerce.describe("5S 5H 9C", "limited") == "point of 19"
    # 19 each: the king is the first highest card different
    assert beats("KS 5D 4C", "5S 5H 9C", "limited")
    assert beats("5S 5H 9C", "KS 5D 4C", "english")  # a pair counts in the full game
    assert beats("AS AH KC", "AS KD QC", "limited")  # 32 is the best point there is
    assert beats("2H 3H 5H", "AS AH KC", "limited")  # any flush beats it
    assert commerce.category("2H 9H KH", "limited") is C.FLUSH
    assert commerce.classes("limited") == 741


def test_001_002_limited_strict_only_tricon_sequence_and_point():
    """Seed 001 and 002, LIMITED COMMERCE: "or even Tricon, Sequence, and Point only".
    docs/rules.md 3.2: a flush or a pair scores as Point."""
    r = "limited_strict"
    assert commerce.category("2H 9H KH", r) is C.POINT
    assert commerce.category("5S 5H 9C", r) is C.POINT
    assert commerce.describe("2H 9H KH", r) == "point of 21"
    assert beats("AS KD QC", "2H 9H KH", r)  # 31 over a 21 "flush"
    assert beats("2H 9H KH", "AS KD QC", "limited")
    assert beats("AC 2C 3C", "AS AH KC", r)  # the least sequence beats the best point
    assert commerce.category("AC 2C 3C", r) is C.SEQUENCE
    assert commerce.category("AC AD AH", r) is C.TRICON
    assert commerce.classes(r) == 467


# ======================================================================================
# American Commerce: seed 004, COMMERCE
# ======================================================================================


def test_004_triplets_three_aces_highest_three_deuces_lowest():
    """Seed 004 COMMERCE: "Triplets. Three aces being the highest, and three deuces the
    lowest." """
    r = "american"
    assert ascending([f"{x}C {x}D {x}H" for x in RANKS], r)
    assert commerce.evaluate("AS AH AC", r) == commerce.classes(r) == 65
    assert beats("2C 2D 2H", "QS KS AS", r)
    assert commerce.describe("AS AH AC", r) == "triplets of aces"


def test_004_pairs_have_no_value():
    """Seed 004 COMMERCE: "Pairs have no value." A pair of aces in three suits has no
    point at all and ties any other hand of three suits."""
    r = "american"
    assert commerce.category("AS AH 3C", r) is C.POINT
    assert ties("AS AH 3C", "2C 5D 9H", r)
    assert commerce.describe("AS AH 3C", r) == "no point"
    # the pair's two-card point is what counts: AH 7H is 18 on two cards
    assert ties("AS AH 7H", "KC 8C 3D", r)


def test_004_sequence_flushes_ace_top_or_bottom():
    """Seed 004 COMMERCE: "Sequence Flushes; the ace being allowed to rank as the top or
    the bottom; Q K A, or A 2 3." """
    r = "american"
    order = ("A",) + RANKS
    seqs = [f"{order[i]}D {order[i + 1]}D {order[i + 2]}D" for i in range(12)]
    assert all(commerce.category(h, r) is C.SEQUENCE_FLUSH for h in seqs)
    assert ascending(seqs, r)
    assert commerce.describe("QH KH AH", r) == "sequence flush, queen-king-ace"
    assert commerce.describe("AC 2C 3C", r) == "sequence flush, ace-two-three"
    # K A 2 of one suit is no sequence flush: a point of 23 on three cards
    assert commerce.category("KH AH 2H", r) is C.POINT
    assert commerce.american_point("KH AH 2H") == (23, 3)


def test_004_point_greatest_pips_on_two_or_three_cards_of_one_suit():
    """Seed 004 COMMERCE: "The Point; the greatest number of pips on two or three cards
    of the same suit in one hand, counting the ace for eleven, and the other
    court-cards for ten each." """
    r = "american"
    assert commerce.american_point("AH KH 2C") == (21, 2)
    assert commerce.american_point("AH 9H QH") == (30, 3)
    assert commerce.describe("AS KS 9D", r) == "point of 21 on two cards"
    assert commerce.describe("AH 9H QH", r) == "point of 30 on three cards"
    assert beats("AH 9H QH", "AS KS 9D", r)
    assert beats("QS 10S 2D", "9H 8H 2C", r)  # 20 over 17 on two cards


def test_004_a_single_card_of_a_suit_does_not_count_for_the_point():
    """Seed 004 COMMERCE: "A single card of a suit does not count for the point." """
    r = "american"
    assert commerce.american_point("AH KD 2C") == (0, 0)
    assert commerce.describe("AH KD 2C", r) == "no point"
    assert ties("AH KD QC", "2H 3D 5C", r)  # three suits: no point either way
    assert beats("2H 3H 5C", "AH KD QC", r)  # 5 on two cards beats three lone cards
    # the lone ace of AS 4D 3D does not count: its point is 4 + 3 = 7 on two cards
    assert commerce.american_point("AS 4D 3D") == (7, 2)


def test_004_a_point_made_with_three_cards_beats_one_made_with_two():
    """Seed 004 COMMERCE: "In case of ties, a point made with three cards will beat one
    made with two cards." """
    r = "american"
    assert commerce.american_point("2H 9H KH") == (21, 3)
    assert commerce.american_point("AS KS 9D") == (21, 2)
    assert beats("2H 9H KH", "AS KS 9D", r)
    assert commerce.describe("2H 9H KH", r) == "point of 21 on three cards"


def test_004_equal_points_on_equal_cards_tie_for_the_driver():
    """Seed 004 COMMERCE: "If the number of cards is also a tie, the dealer, or the
    player nearest him on his left wins." docs/rules.md section 3: seat ties are the
    driver's, so the evaluator calls the hands equal."""
    r = "american"
    assert ties("AS KS 9D", "AH QH 2C", r)  # 21 on two cards each
    assert ties("2H 9H KH", "3S 8S QS", r)  # 21 on three cards each
    assert commerce.winners(["AS KS 9D", "9H QH AC", "AH QH 2C"], r) == [0, 2]


def test_004_no_triplet_best_straight_flush_then_best_point():
    """Seed 004 COMMERCE: "If no triplet is shown, the best straight flush wins. If
    there is no straight flush, the best point wins." """
    r = "american"
    hands = ["AS KS QD", "2C 3C 4C", "8D 8H 4S"]
    assert commerce.winners(hands, r) == [1]
    assert commerce.winners(["AS KS QD", "8D 8H 4S", "AH QH JH"], r) == [2]  # 31 on three


def test_004_straight_flush_jack_high_wins_dealer_nine_high_same_rank():
    """Seed 004 COMMERCE: "For instance: No triplet is shown, and a straight flush, Jack
    high, wins the pool. The dealer has a straight flush, 9 high, and must pay one
    counter to every player at the table. If the dealer had no sequence flush, he
    would pay the winner of the pool only." The dealer's hand is of the same
    combination as the winner's, and lower."""
    r = "american"
    winner, dealer = "9C 10C JC", "7D 8D 9D"
    assert beats(winner, dealer, r)
    assert commerce.category(winner, r) is commerce.category(dealer, r) is C.SEQUENCE_FLUSH
    assert commerce.category("AS KS 9D", r) is not commerce.category(winner, r)
    assert commerce.describe(winner, r) == "sequence flush, nine-ten-jack"  # seed 004 says "Jack"


def test_004_two_other_combinations_are_sometimes_introduced():
    """Seed 004 COMMERCE: "Two other combinations are sometimes introduced in either
    form of Commerce: A flush, three cards of one suit, ranking next below the
    straight flush; and a single pair outranking the point." Profile
    ``american_extended`` (docs/rules.md 3.3): the flush compared by its point, the pair by
    its rank then the third card."""
    r = "american_extended"
    assert commerce.category("2H 9H KH", r) is C.FLUSH
    assert commerce.category("5S 5H 9C", r) is C.PAIR
    assert beats("AC 2C 3C", "AS KS JS", r)  # least sequence flush over the best flush
    assert beats("2H 3H 5H", "AS AH KC", r)  # least flush over the best pair
    assert beats("2S 2H 3C", "AH KH 2C", r)  # least pair over the best point (21 on two)
    assert beats("3D 9D KD", "2H 9H KH", r)  # flushes by their point
    assert ties("KH 5H 2H", "10S 5S 2S", r)  # equal point: equal flushes
    assert beats("AS AH KC", "AD AC QS", r)  # pairs: rank, then the third card
    assert ties("AS AH KC", "AD AC KS", r)
    assert commerce.describe("2H 9H KH", r) == "flush, point 21"
    assert commerce.describe("5S 5H 9C", r) == "pair of fives, nine"
    assert commerce.classes(r) == 221
    # without the extension, the same hands are points
    assert commerce.category("2H 9H KH", "american") is C.POINT
    assert commerce.category("5S 5H 9C", "american") is C.POINT


# ======================================================================================
# My Ship Sails and Thirty-one: seed 004
# ======================================================================================


def test_004_my_ship_sails_a_flush_regardless_of_value():
    """Seed 004, My Ship Sails: "The moment any player finds himself with a flush,
    three cards of the same suit, regardless of their value ... he says: 'My Ship
    Sails;'" A flush (sequence or not) beats every other hand."""
    r = "ship"
    assert commerce.category("2C 3C 4C", r) is C.FLUSH
    assert commerce.category("KH AH 2H", r) is C.FLUSH
    assert beats("2C 3C 4C", "AH KH 2C", r)  # the least flush over 21 on two cards
    assert beats("2C 3C 4C", "AS AH AC", r)  # triplets mean nothing here
    assert commerce.describe("2C 3C 4C", r) == "flush, point 9"


def test_004_my_ship_sails_more_than_one_flush_the_pips_win():
    """Seed 004, My Ship Sails: "Should there be more than one flush, the pips win,
    counting ace for 11, and other court-cards for 10 each." Equal pips: equal
    (ties go to the elder hand, docs/rules.md 3.4: the driver's)."""
    r = "ship"
    assert beats("AS KS QS", "KH QH JH", r)  # 31 over 30
    assert beats("KD 8D 2D", "AH 4H 2H", r)  # 20 over 17
    assert ties("10H JH QH", "KS QS 10S", r)  # 30 each: a sequence counts for nothing
    assert commerce.describe("AS KS QS", r) == "flush, point 31"
    assert commerce.evaluate("AS KS QS", r) == commerce.classes(r) == 41


def test_004_my_ship_sails_highest_pips_in_the_two_card_flushes():
    """Seed 004, My Ship Sails: "If no player has secured a flush after two rounds of
    exchanges, the hands are shown, and the highest number of pips in the two-card
    flushes wins the pool." No two-card flush: 0 (docs/rules.md 3.4)."""
    r = "ship"
    assert beats("AH KH 2C", "QS JS 5D", r)  # 21 over 20
    assert beats("2H 3H 5C", "AS KD QC", r)  # 5 over nothing
    assert ties("AS KD QC", "2C 3D 4H", r)
    assert ties("AS AH AC", "2C 3D 4H", r)
    assert commerce.describe("AH KH 2C", r) == "point of 21 on two cards"
    assert commerce.describe("AS KD QC", r) == "no point"
    assert commerce.category("AS KD QC", r) is C.POINT


def test_004_thirty_one_flush_of_thirty_one_is_best():
    """Seed 004, THIRTY-ONE: "the object being to get a flush of three cards of some
    suit having a pip value of thirty-one; or else to get three of a kind. The
    aces are worth 11, the other court cards and the ten, 10 each." """
    r = "thirty_one"
    best = [f"A{s} {x}{s} {y}{s}" for s in "CDHS" for x, y in itertools.combinations("KQJ", 2)]
    best += [f"A{s} 10{s} K{s}" for s in "CDHS"]
    assert all(commerce.category(h, r) is C.THIRTY_ONE for h in best)
    assert len({commerce.evaluate(h, r) for h in best}) == 1
    assert commerce.evaluate("AD KD QD", r) == commerce.classes(r) == 42
    assert beats("AD 10D JD", "AS AH AC", r)
    assert commerce.describe("AD KD QD", r) == "thirty-one in diamonds"
    assert commerce.category("AD KD QC", r) is C.POINT  # 31 pips, but not one suit


def test_004_thirty_one_three_of_a_kind_wins_without_a_31_flush():
    """Seed 004, THIRTY-ONE: "If no one can get a flush worth thirty-one, three of a kind
    wins the pool." docs/rules.md 3.5: the higher rank wins."""
    r = "thirty_one"
    assert beats("2C 2D 2H", "KS QS 10S", r)  # three deuces over 30 in spades
    assert ascending([f"{x}C {x}D {x}H" for x in RANKS], r)
    assert commerce.category("7C 7D 7S", r) is C.TRICON
    assert commerce.describe("7C 7D 7S", r) == "three sevens"
    assert commerce.describe("6C 6D 6S", r) == "three sixes"


def test_004_thirty_one_highest_pip_value_shown_in_one_suit():
    """Seed 004, THIRTY-ONE: "If no one has three of a kind, the highest pip value shown
    in one suit wins." docs/rules.md 3.5: a single card counts (a lone ace is 11)."""
    r = "thirty_one"
    assert beats("KH QH 9H", "AS KS 9D", r)  # 29 in hearts over 21 in spades
    assert beats("AH 2C 3D", "5C 4C 3D", r)  # a lone ace, 11, over 9 in clubs
    assert ties("AH 2C 3D", "AS 4C 5D", r)  # 11 each
    assert beats("AS KS QD", "KH QH JC", r)  # 21 over 20
    assert commerce.describe("KH QH 9H", r) == "point of 29 in hearts"
    assert commerce.describe("AH 2C 3D", r) == "point of 11 in hearts"
    assert commerce.describe("AS KS 9D", r) == "point of 21 in spades"


# ======================================================================================
# Brag: seed 004, BRAG (single stake)
# ======================================================================================


def test_004_brag_braggers_ace_of_diamonds_then_jack_of_clubs_then_nine_of_diamonds():
    """Seed 004 BRAG: "There is a special value attached to three cards which are known
    as braggers. These again have a rank of their own; the best being the ace of
    diamonds; then the Jack of clubs, and then the nine of diamonds." """
    assert brag.braggers() == pycards.parse("AD JC 9D")
    assert brag.braggers("english") == (49, 36, 29)


def test_004_brag_a_bragger_may_be_called_anything():
    """Seed 004 BRAG: "A player to whom any one of these braggers is dealt may call it
    anything he pleases. If he has a pair of nines and a bragger, or a nine and two
    braggers, he may call them three nines, and bet on them as such." """
    assert brag.category("9S 9H JC") is B.TRIPLETS
    assert brag.describe("9S 9H JC") == "three nines, made with the knave of clubs"
    assert brag.category("9S AD JC") is B.TRIPLETS
    assert brag.describe("9S AD JC") == (
        "three nines, made with the ace of diamonds and the knave of clubs"
    )
    assert brag.category("JC 7S 3H") is B.PAIR  # one bragger always makes a pair


def test_004_brag_three_eights_beat_an_eight_and_two_braggers():
    """Seed 004 BRAG: "in Brag a natural pair or triplet outranks one made with the aid
    of a bragger. Three eights will beat an eight and two braggers." """
    assert brag_beats("8S 8D 8H", "8C AD JC")
    assert brag_beats("8S 8D 8H", "8C 8H 9D")  # natural over one bragger too
    assert brag.category("8C AD JC") is B.TRIPLETS
    assert brag.describe("8S 8D 8H") == "three eights"
    assert brag.describe("8C AD JC") == (
        "three eights, made with the ace of diamonds and the knave of clubs"
    )
    # the natural pair over the made pair of the same rank
    assert brag_beats("8S 8D 2H", "8C JC 2S")


def test_004_brag_three_aces_best_two_aces_and_the_club_jack_next_best():
    """Seed 004 BRAG: "Pairs and triplets are the only combinations of any value, and of
    course three aces is the best hand; two aces and the club Jack being the next
    best." """
    top = brag.classes()
    assert top == 730
    assert brag.evaluate("AS AH AC") == top
    assert brag.evaluate("AS AH JC") == top - 1
    assert brag.describe("AS AH JC") == "three aces, made with the knave of clubs"
    # the ace of diamonds standing as itself is a natural ace (docs/rules.md 3.6)
    assert brag_ties("AD AH AS", "AC AH AS")
    # then the two aces with the diamond nine, then an ace with two braggers
    assert brag.evaluate("AS AH 9D") == top - 2
    assert brag.evaluate("AS JC 9D") == top - 3
    assert brag.evaluate("AD JC 9D") == top - 3  # all three braggers: three aces
    assert brag_beats("AS JC 9D", "KS KH KC")


def test_004_brag_no_natural_pair_or_bragger_the_highest_card_wins():
    """Seed 004 BRAG: "If none of the hands shown contains either a natural pair or a
    bragger, the highest card wins, the ace ranking above the King." docs/rules.md 3.6:
    then the next card, and so on."""
    assert brag.category("AS 3D 2C") is B.HIGH_CARD
    assert brag_beats("AS 3D 2C", "KS QD JH")
    assert brag_beats("AS 5D 2C", "AH 4S 3D")
    assert brag_beats("AS 5D 3C", "AH 5S 2D")
    assert brag_ties("AS 5D 3C", "AH 5S 3D")
    assert brag.describe("AS 10H 4C") == "ace, ten, four"
    assert brag.evaluate("2C 3D 4H") == 1
    assert brag.evaluate("2C 3D 5H") == 2
    # the knave of spades and the nine of hearts are no braggers in English Brag
    assert brag.category("JS 9H 3C") is B.HIGH_CARD
    assert brag_beats("2S 2H 3C", "AS KH QC")  # any pair over any hand without one


def test_004_brag_equal_natural_pairs_the_highest_card_outside_wins():
    """Seed 004 BRAG: "In case of equal natural pairs, the highest card outside the pair
    wins." """
    assert brag_beats("7S 7H QC", "7C 7D 10S")
    assert brag_ties("7S 7H QC", "7C 7D QS")
    assert brag.describe("7S 7H QC") == "pair of sevens, queen"
    assert brag_beats("8S 8H 2C", "7C 7D AS")  # the pair first


def test_004_brag_pairs_tied_made_with_a_bragger_the_highest_bragger_wins():
    """Seed 004 BRAG: "Should the pairs tied both be made with a bragger, the highest
    bragger wins. Two odd cards, seven high, with the club Jack, would beat two
    cards seven high with the diamond nine." docs/rules.md 3.6: the braggers before the
    odd card."""
    assert brag_beats("7C 5S JC", "7H 5D 9D")
    assert brag_beats("7C 2S JC", "7H 6D 9D")  # the bragger decides before the odd card
    assert brag_beats("7C 5S AD", "7H 5D JC")
    assert brag_beats("7C 5S JC", "7H 4D JC")  # same bragger: the odd card
    assert brag_ties("7C 5S JC", "7H 5D JC")
    assert brag.describe("7C 5S JC") == "pair of sevens, made with the knave of clubs, five"
    assert brag.describe("7H 5D 9D") == "pair of sevens, made with the nine of diamonds, five"


def test_rules_3_6_made_sets_fewer_braggers_then_higher_braggers():
    """docs/rules.md 3.6 (on seed 004 BRAG): "Between two sets both made with braggers: fewer
    braggers wins, then the braggers used are compared from the highest down (ace of
    diamonds > knave of clubs > nine of diamonds), then the odd card." """
    assert brag_beats("8C 8D 9D", "8H AD JC")  # one bragger over two, whatever they are
    assert brag_beats("8C 8D AD", "8H 8S JC")
    assert brag_beats("8H 8S JC", "8C 8D 9D")
    assert brag_beats("5S AD JC", "5H AD 9D")
    assert brag_beats("5H AD 9D", "5C JC 9D")


def test_rules_3_6_knave_of_clubs_knave_of_spades_and_king():
    """docs/rules.md 3.6: "The evaluator calls braggers to give the best hand under this
    order (so knave of clubs, knave of spades and king is a pair of kings made with
    the knave of clubs, which beats a natural pair of knaves)." """
    assert brag.describe("JC JS KH") == "pair of kings, made with the knave of clubs, knave"
    assert brag.category("JC JS KH") is B.PAIR
    assert brag_beats("JC JS KH", "JD JH AS")
    # below the king the knave of clubs stands as a natural knave
    assert brag.describe("JC JS 5H") == "pair of knaves, five"
    assert brag_ties("JC JS 5H", "JD JH 5S")


def test_rules_3_6_a_bragger_standing_as_itself_is_a_natural_card():
    """docs/rules.md 3.6: "A bragger standing as its own card is a natural card of its rank
    (the ace of diamonds is a natural ace, the knave of clubs a natural knave, the
    nine of diamonds a natural nine)." """
    assert brag_ties("AD AS 5C", "AH AS 5D")
    assert brag.describe("AD AS 5C") == "pair of aces, five"
    assert brag_ties("9D 9S 9H", "9C 9S 9H")
    assert brag.describe("9D 9S 9H") == "three nines"
    assert brag_beats("9D 9S 9H", "9C 9S JC")


# ======================================================================================
# Three-stake Brag: seed 004
# ======================================================================================


def test_004_three_stake_first_pool_highest_card_turned_up():
    """Seed 004, Three Stake Brag: "The highest card turned up in this manner wins one of
    the pools, the ace being the highest and the deuce the lowest. The diamond ace,
    being a bragger, outranks any other ace; the club Jack any other Jack; and the
    diamond nine any other nine. Ties are decided in favour of the eldest hand"
    (the driver's)."""
    order = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "9D", "10C",
             "JD", "JC", "QC", "KC", "AS", "AD"]  # fmt: skip
    values = [brag.upcard(c) for c in order]
    assert all(a < b for a, b in zip(values, values[1:]))
    assert brag.upcard("AS") == brag.upcard("AC") == brag.upcard("AH")
    assert brag.upcard("JD") == brag.upcard("JH") == brag.upcard("JS")
    assert brag.upcard("9C") == brag.upcard("9H") == brag.upcard("9S")
    assert brag.upcard("7C") == brag.upcard("7D") == brag.upcard("7H") == brag.upcard("7S")
    assert brag.upcard("KS") > brag.upcard("JC")  # a bragger only outranks its own rank
    assert brag.upcard(49) == brag.upcard("AD")


def test_004_three_stake_third_pool_nearest_to_thirty_one():
    """Seed 004, Three Stake Brag: "Each player counts up the pip value of his three
    cards, reckoning the aces for eleven, and court-cards as ten each. The player
    coming nearest to thirty-one takes the third pool." docs/rules.md 3.6: the absolute
    distance."""
    assert brag.distance_to_31("AH KS QD") == 0
    assert brag.distance_to_31("2C 3D 4H") == 22
    assert brag.distance_to_31("AH AS KD") == 1  # 32
    assert brag.distance_to_31("KH QS JD") == 1  # 30
    assert brag.distance_to_31("9H 8S 7D") == 7  # 24


# ======================================================================================
# American Brag: seed 004
# ======================================================================================


def test_004_american_brag_eight_braggers_of_equal_rank():
    """Seed 004, American Brag: "there are eight braggers; the Jacks and nines of each
    suit, and they are all of equal rank when used as braggers." """
    r = "american"
    assert sorted(brag.braggers(r)) == sorted(pycards.parse("JC JD JH JS 9C 9D 9H 9S"))
    assert brag_ties("AS AH JC", "AD AC 9S", r)
    assert brag_ties("7S 5H JD", "7D 5C 9H", r)
    assert brag.describe("AS AH JD", r) == "three aces, made with the jack of diamonds"


def test_004_american_brag_three_jacks_invincible_beating_three_aces():
    """Seed 004, American Brag: "Pairs or triplets formed with the aid of braggers
    outrank naturals, so that three Jacks is an invincible hand, beating three
    aces." """
    r = "american"
    assert brag.evaluate("JS JH JD", r) == brag.classes(r) == 364
    assert brag_beats("JS JH JD", "AS AH AC", r)
    assert brag.describe("JS JH JD", r) == (
        "three aces, made with the jack of spades and the jack of hearts and the jack of "
        "diamonds"
    )


def test_004_american_brag_two_braggers_and_an_ace_outrank_two_aces_and_a_bragger():
    """Seed 004, American Brag: "Two braggers and an ace outrank two aces and a
    bragger" (docs/rules.md 3.7: among made sets, the called rank, then more braggers)."""
    r = "american"
    assert brag_beats("JS 9H AC", "AS AH JC", r)
    assert brag_beats("AS AH JC", "KS 9H JC", r)  # the called rank before the braggers
    assert brag_beats("KS KH JC", "AS AH AC", r)  # made over natural


def test_004_american_brag_three_jacks_and_three_nines_are_a_tie():
    """Seed 004, American Brag: "but the absurd part of the arrangement is that three
    Jacks and three nines are a tie." """
    r = "american"
    assert brag_ties("JS JH JD", "9S 9H 9C", r)
    assert brag_ties("JS 9H JD", "9S JH 9C", r)


def test_rules_3_7_every_made_set_beats_every_natural_set():
    """docs/rules.md 3.7: "Every made set beats every natural set of its category, whatever the
    ranks (a made pair of deuces beats a natural pair of aces)." Braggers are called
    for the best hand, so a bragger with a deuce and another card is called to the
    higher card; the least made pair is threes over a deuce, the least made triplet
    three deuces."""
    r = "american"
    assert brag_beats("3C 2D JS", "AS AH KC", r)
    assert brag.describe("3C 2D JS", r) == "pair of threes, made with the jack of spades, two"
    assert brag_beats("2C 2D JS", "AS AH AC", r)
    assert brag.describe("2C 2D JS", r) == "three twos, made with the jack of spades"
    assert brag_beats("AS 5D JC", "AH 4S 9D", r)  # made pairs: the odd card last
    assert brag_ties("AS 5D JC", "AH 5S 9D", r)
    assert brag.category("AS AH KC", r) is B.PAIR
    assert brag_beats("2C 2D 3H", "AS KH QC", r)  # a natural pair over any high card


# ======================================================================================
# describe: every category of every profile
# ======================================================================================

COMMERCE_DESCRIBE = [
    # english
    ("english", "7C 7D 7S", "tricon of sevens"),
    ("english", "6C 6D 6H", "tricon of sixes"),
    ("english", "QH KH AH", "sequence, queen-king-ace"),
    ("english", "AC 2C 3C", "sequence, ace-two-three"),
    ("english", "JC QC KC", "sequence, knave-queen-king"),
    ("english", "2H 9H KH", "flush, point 21"),
    ("english", "5S 5H 9C", "pair of fives, nine"),
    ("english", "AS AH 2C", "pair of aces, two"),
    ("english", "AS KS 9D", "point of 30"),
    ("english", "2C 3D 4H", "point of 9"),
    # limited
    ("limited", "7C 7D 7S", "tricon of sevens"),
    ("limited", "10D JD QD", "sequence, ten-knave-queen"),
    ("limited", "2H 9H KH", "flush, point 21"),
    ("limited", "5S 5H 9C", "point of 19"),
    # limited_strict
    ("limited_strict", "AC AD AH", "tricon of aces"),
    ("limited_strict", "QH KH AH", "sequence, queen-king-ace"),
    ("limited_strict", "2H 9H KH", "point of 21"),
    ("limited_strict", "AS AH KC", "point of 32"),
    # american
    ("american", "7C 7D 7S", "triplets of sevens"),
    ("american", "AC 2C 3C", "sequence flush, ace-two-three"),
    ("american", "2H 9H KH", "point of 21 on three cards"),
    ("american", "AS KS 9D", "point of 21 on two cards"),
    ("american", "AH KD 2C", "no point"),
    # american_extended
    ("american_extended", "2C 2D 2S", "triplets of twos"),
    ("american_extended", "QH KH AH", "sequence flush, queen-king-ace"),
    ("american_extended", "AS KS JS", "flush, point 31"),
    ("american_extended", "KS KD 4C", "pair of kings, four"),
    ("american_extended", "10S JS 9D", "point of 20 on two cards"),
    ("american_extended", "AH KD 2C", "no point"),
    # ship
    ("ship", "AC 2C 3C", "flush, point 16"),
    ("ship", "AH KH 2C", "point of 21 on two cards"),
    ("ship", "7C 7D 7S", "no point"),
    # thirty_one
    ("thirty_one", "AD KD QD", "thirty-one in diamonds"),
    ("thirty_one", "AS 10S JS", "thirty-one in spades"),
    ("thirty_one", "7C 7D 7S", "three sevens"),
    ("thirty_one", "AC 2C 3C", "point of 16 in clubs"),
    ("thirty_one", "2C 3D 4H", "point of 4 in hearts"),
]


@pytest.mark.parametrize("rules, hand, text", COMMERCE_DESCRIBE)
def test_commerce_describe(rules, hand, text):
    assert commerce.describe(hand, rules) == text
    assert commerce.describe(pycards.parse(hand), rules) == text  # ids give the same words


def test_commerce_describe_covers_every_category_of_every_profile():
    seen = {(rules, commerce.category(hand, rules)) for rules, hand, _ in COMMERCE_DESCRIBE}
    floors = {r: commerce.category_floors(r) for r in commerce.PROFILES}
    present = {
        (r, C(c))
        for r in commerce.PROFILES
        for c, floor in enumerate(floors[r])
        if floor <= commerce.classes(r)
    }
    assert present <= seen


BRAG_DESCRIBE = [
    ("english", "8S 8D 8H", "three eights"),
    ("english", "AS AH JC", "three aces, made with the knave of clubs"),
    ("english", "8C AD JC", "three eights, made with the ace of diamonds and the knave of clubs"),
    ("english", "AD JC 9D", "three aces, made with the knave of clubs and the nine of diamonds"),
    ("english", "7S 7H QC", "pair of sevens, queen"),
    ("english", "JC JS KH", "pair of kings, made with the knave of clubs, knave"),
    ("english", "KS 4D 9D", "pair of kings, made with the nine of diamonds, four"),
    ("english", "AS 10H 4C", "ace, ten, four"),
    ("english", "JS 9H 3C", "knave, nine, three"),
    ("american", "6C 6D 6H", "three sixes"),
    ("american", "JS 9H 3C", "three threes, made with the jack of spades and the nine of hearts"),
    ("american", "AS AH JD", "three aces, made with the jack of diamonds"),
    ("american", "7S 7H QC", "pair of sevens, queen"),
    ("american", "8C AD JC", "pair of aces, made with the jack of clubs, eight"),
    ("american", "AS 10H 4C", "ace, ten, four"),
]


@pytest.mark.parametrize("rules, hand, text", BRAG_DESCRIBE)
def test_brag_describe(rules, hand, text):
    assert brag.describe(hand, rules) == text


def test_brag_describe_covers_every_category_of_both_profiles():
    seen = {(rules, brag.category(hand, rules)) for rules, hand, _ in BRAG_DESCRIBE}
    assert seen == {(r, k) for r in brag.PROFILES for k in B}


def test_category_names():
    assert [int(k) for k in (C.POINT, C.PAIR, C.FLUSH, C.SEQUENCE, C.TRICON, C.THIRTY_ONE)] == [
        0, 1, 2, 3, 4, 5,
    ]  # fmt: skip
    assert C.SEQUENCE_FLUSH is C.SEQUENCE and C.TRIPLETS is C.TRICON
    assert [int(k) for k in (B.HIGH_CARD, B.PAIR, B.TRIPLETS)] == [0, 1, 2]
    assert str(C.THIRTY_ONE) == "thirty one"
    assert str(B.HIGH_CARD) == "high card"


# ======================================================================================
# Errors
# ======================================================================================

COMMERCE_RULES_MESSAGE = (
    "unknown Commerce rules {!r}; expected one of 'english', 'limited', 'limited_strict', "
    "'american', 'american_extended', 'ship', 'thirty_one'"
)
BRAG_RULES_MESSAGE = "unknown Brag rules {!r}; expected one of 'english', 'american'"


@pytest.mark.parametrize("bad", ["poker", "English", "", "thirty-one"])
def test_commerce_bad_rules_name_raises_rules_error_naming_it(bad):
    message = COMMERCE_RULES_MESSAGE.format(bad)
    calls = [
        lambda: commerce.evaluate("AH KH QH", bad),
        lambda: commerce.evaluate_many([[0, 1, 2]], bad),
        lambda: commerce.classes(bad),
        lambda: commerce.category_floors(bad),
        lambda: commerce.category("AH KH QH", bad),
        lambda: commerce.describe("AH KH QH", bad),
        lambda: commerce.compare("AH KH QH", "2C 3C 4C", bad),
        lambda: commerce.winners(["AH KH QH"], bad),
    ]
    for call in calls:
        with raises_exactly(RulesError, message):
            call()
    assert issubclass(RulesError, ValueError)


@pytest.mark.parametrize("bad", ["British", "american_extended", ""])
def test_brag_bad_rules_name_raises_rules_error_naming_it(bad):
    message = BRAG_RULES_MESSAGE.format(bad)
    calls = [
        lambda: brag.evaluate("AH KH QH", bad),
        lambda: brag.evaluate_many([[0, 1, 2]], bad),
        lambda: brag.classes(bad),
        lambda: brag.category_floors(bad),
        lambda: brag.category("AH KH QH", bad),
        lambda: brag.describe("AH KH QH", bad),
        lambda: brag.braggers(bad),
        lambda: brag.compare("AH KH QH", "2C 3C 4C", bad),
        lambda: brag.winners(["AH KH QH"], bad),
    ]
    for call in calls:
        with raises_exactly(RulesError, message):
            call()


def test_rules_not_a_string_raises_rules_error():
    with pytest.raises(RulesError, match=r"^unknown Commerce rules None;"):
        commerce.evaluate("AH KH QH", None)
    with pytest.raises(RulesError, match=r"^unknown Brag rules 3;"):
        brag.evaluate("AH KH QH", 3)


@pytest.mark.parametrize("game", [commerce, brag], ids=["commerce", "brag"])
def test_wrong_hand_size(game):
    with raises_exactly(HandSizeError, "expected 3 cards, got 2: 'AH KH'"):
        game.evaluate("AH KH")
    with raises_exactly(HandSizeError, "expected 3 cards, got 4: 'AH KH QH JH'"):
        game.evaluate("AH KH QH JH")
    with raises_exactly(HandSizeError, "expected 3 cards, got 2: [1, 2]"):
        game.evaluate([1, 2])
    with raises_exactly(HandSizeError, "expected 3 cards, got 4: [1, 2, 3, 4]"):
        game.describe([1, 2, 3, 4])
    with raises_exactly(HandSizeError, "expected 3 cards, got 2: 'AH KH'"):
        game.category("AH KH")


@pytest.mark.parametrize("game", [commerce, brag], ids=["commerce", "brag"])
def test_bad_cards_in_one_hand(game):
    with raises_exactly(DuplicateCardError, "card 'AH' appears twice in 'AH AH 2C'"):
        game.evaluate("AH AH 2C")
    with raises_exactly(DuplicateCardError, "card 1 appears twice in [1, 1, 2]"):
        game.evaluate([1, 1, 2])
    with raises_exactly(UnknownCardError, "card id 52 is outside 0..51 in [1, 2, 52]"):
        game.evaluate((1, 2, 52))
    with raises_exactly(UnknownCardError, "unknown card 'ZZ' in 'AH ZZ 2C'"):
        game.evaluate("AH ZZ 2C")


@pytest.mark.parametrize("game", [commerce, brag], ids=["commerce", "brag"])
def test_evaluate_many_bad_rows(game):
    import numpy as np

    with raises_exactly(
        ValueError,
        "row 1 of hands is not a three-card hand: [3, 4, 52] (card id 52 is outside 0..51)",
    ):
        game.evaluate_many([[0, 1, 2], [3, 4, 52]])
    with raises_exactly(
        ValueError, "row 2 of hands is not a three-card hand: [3, 3, 5] (card id 3 appears twice)"
    ):
        game.evaluate_many([[0, 1, 2], [6, 7, 8], [3, 3, 5]])
    with raises_exactly(
        ValueError,
        "row 0 of hands is not a three-card hand: [-1, 4, 5] (card id -1 is outside 0..51)",
    ):
        game.evaluate_many(np.array([[-1, 4, 5]], dtype=np.int8))
    with raises_exactly(ValueError, "hands must have shape (N, 3), not (1, 4)"):
        game.evaluate_many([[0, 1, 2, 3]])
    with raises_exactly(ValueError, "hands must have shape (N, 3), not (3,)"):
        game.evaluate_many([0, 1, 2])
    with raises_exactly(TypeError, "hands must be an array of integer card ids, not dtype float64"):
        game.evaluate_many([[0.0, 1.0, 2.0]])
    # nothing to evaluate is not an error
    assert game.evaluate_many(np.zeros((0, 3), dtype=np.uint8)).shape == (0,)


def test_winners_needs_a_hand():
    for game in (commerce, brag):
        with raises_exactly(ValueError, "winners() needs at least one hand"):
            game.winners([])
