"""Three-card Commerce hands, and the games that rank three cards like it.

Profiles (docs/rules.md sections 3.1-3.5):

``"english"`` (the default; seed ``002_93c3d51ac699f33f.txt``, COMMERCE; seed 000)
    Tricon > Sequence > Flush > Pair > Point. A sequence is three following
    cards of one suit; the ace ends either way (Q-K-A the best, A-2-3 the
    lowest) but "King, ace, two, is not, therefore, permissible as a sequence".
    Flushes and points compare by their pips (ace 11, court cards 10), then
    "the holder of the first highest card different from the opponent's wins".
``"limited"`` / ``"limited_strict"`` (seeds 001 and 002, LIMITED COMMERCE)
    Only Tricon, Sequence, Flush and Point count (a pair scores as a point);
    or only Tricon, Sequence and Point (a flush or a pair scores as a point).
``"american"`` (seed ``004_7d6a6396833e304f.txt``, COMMERCE)
    Triplets > Sequence flush > Point; "Pairs have no value". The point is the
    most pips on two or three cards of one suit, a single card not counting;
    at equal pips three cards beat two.
``"american_extended"``
    "Two other combinations are sometimes introduced": a flush just below the
    sequence flush (by its point) and a pair just above the point.
``"ship"`` (My Ship Sails, seed 004)
    A flush beats any other hand, flushes by pips; otherwise the best pips of
    a two-card flush.
``"thirty_one"`` (Thirty-one / Schnautz, seed 004)
    A flush worth exactly 31, then three of a kind, then the most pips shown
    in one suit (a single card counts).

Ties that the texts settle by seat ("the dealer, or the player nearest him on
his left") are for the game driver: equal strengths here are equal hands.

>>> describe("QH KH AH")
'sequence, queen-king-ace'
>>> describe("AS KS 9D"), describe("AS KS 9D", rules="american")
('point of 30', 'point of 21 on two cards')
>>> compare("KH AH 2H", "3C 4C 6C")   # K-A-2 is no sequence: a flush of 23 against one of 13
1
"""

from __future__ import annotations

from collections.abc import Sequence

from pycards import _three_keys as keys
from pycards._commerce import (
    PROFILES,
    category_floors,
    classes,
    evaluate,
    evaluate_many,
    table_bytes,
)
from pycards._ranking import NamedCategory, category_of, compare_with, winners_with
from pycards.cards import SUIT_NAMES, Hand, parse, rank_name

__all__ = [
    "PROFILES",
    "Category",
    "american_point",
    "category",
    "category_floors",
    "classes",
    "compare",
    "describe",
    "evaluate",
    "evaluate_many",
    "pips",
    "table_bytes",
    "winners",
]

class Category(NamedCategory):
    """Categories of three-card hands, lowest first, in one numbering for every profile."""

    POINT = keys.POINT
    PAIR = keys.PAIR
    FLUSH = keys.FLUSH
    SEQUENCE = keys.SEQUENCE
    TRICON = keys.TRICON
    THIRTY_ONE = keys.THIRTY_ONE
    # The American names, as aliases.
    SEQUENCE_FLUSH = keys.SEQUENCE
    TRIPLETS = keys.TRICON


_KNAVE_PROFILES = ("english", "limited", "limited_strict")
"""The profiles of the English texts, which call the jack a knave."""


def _rank_word(rank: int, rules: str, plural: bool = False) -> str:
    """"knave" under the English profiles, "jack" under the American ones (seed 004)."""
    return rank_name(rank, plural, knave=rules in _KNAVE_PROFILES)


def pips(hand: Hand) -> int:
    """Pips of the cards: ace 11, king, queen, knave and ten 10, the others their face.

    >>> pips("AH KD 2C")
    23
    """
    return sum(keys.pips(c >> 2) for c in parse(hand))


def american_point(hand: Hand) -> tuple[int, int]:
    """The American point as ``(pips, cards)``: the best two or three cards of one suit.

    Seed 004: "A single card of a suit does not count for the point. In case of
    ties, a point made with three cards will beat one made with two cards."
    Compare the tuples: ``(21, 3)`` beats ``(21, 2)``. Three suits: ``(0, 0)``.

    >>> american_point("AH KH 2C"), american_point("AH 9H QH"), american_point("AH KD 2C")
    ((21, 2), (30, 3), (0, 0))
    """
    return keys.american_point(parse(hand, count=3))


def category(hand: Hand, rules: str = "english") -> Category:
    """The category of a hand under ``rules``.

    >>> category("5S 5H 9C"), category("5S 5H 9C", rules="limited")
    (<Category.PAIR: 1>, <Category.POINT: 0>)
    """
    return category_of(evaluate(hand, rules), category_floors(rules), Category)


def compare(a: Hand, b: Hand, rules: str = "english") -> int:
    """1 if hand ``a`` beats ``b``, -1 if it loses, 0 if they are equal."""
    return compare_with(evaluate, a, b, rules)


def winners(hands: Sequence[Hand], rules: str = "english") -> list[int]:
    """Indices of every hand that ties for best (the driver breaks ties by seat)."""
    return winners_with(evaluate, hands, rules)


def describe(hand: Hand, rules: str = "english") -> str:
    """The hand in words.

    >>> describe("7C 7D 7S"), describe("2H 9H KH"), describe("AH KH 2C", rules="ship")
    ('tricon of sevens', 'flush, point 21', 'point of 21 on two cards')
    >>> describe("AD KD QD", rules="thirty_one")
    'thirty-one in diamonds'
    >>> describe("JC JD 2S"), describe("JC JD 2S", rules="american_extended")
    ('pair of knaves, two', 'pair of jacks, two')
    """
    ids = parse(hand, count=3)
    evaluate(ids, rules)  # validates the rules name
    key = keys.commerce_key(ids, rules)
    kind = Category(key[0])
    american = rules in ("american", "american_extended")
    if kind is Category.TRICON:
        if rules == "thirty_one":
            return f"three {_rank_word(key[1], rules, plural=True)}"
        return f"{'triplets' if american else 'tricon'} of {_rank_word(key[1], rules, plural=True)}"
    if kind is Category.SEQUENCE:
        ranks = sorted(c >> 2 for c in ids)
        if ranks == [0, 1, keys.ACE]:
            ranks = [keys.ACE, 0, 1]  # the ace begins A-2-3
        name = "sequence flush" if american else "sequence"
        return f"{name}, {'-'.join(_rank_word(r, rules) for r in ranks)}"
    if kind is Category.THIRTY_ONE:
        return f"thirty-one in {SUIT_NAMES[ids[0] & 3]}"
    if kind is Category.FLUSH:
        return f"flush, point {key[1]}"
    if kind is Category.PAIR:
        return f"pair of {_rank_word(key[1], rules, plural=True)}, {_rank_word(key[2], rules)}"
    if rules in ("american", "american_extended", "ship"):
        total, cards = keys.american_point(ids)
        return f"point of {total} on {'three' if cards == 3 else 'two'} cards" if total else "no point"
    if rules == "thirty_one":
        best = max(keys.suit_points(ids).items(), key=lambda item: item[1][0])
        return f"point of {best[1][0]} in {SUIT_NAMES[best[0]]}"
    return f"point of {key[1]}"
