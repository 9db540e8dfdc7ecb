"""Brag hands, with the braggers called for the best hand.

Profiles (docs/rules.md sections 3.6-3.7, seed ``004_7d6a6396833e304f.txt``, BRAG):

``"english"`` (the default)
    The braggers are the ace of diamonds (the best), the knave of clubs and the
    nine of diamonds; "a player to whom any one of these braggers is dealt may
    call it anything he pleases". Only pairs and triplets count. At equal rank
    "a natural pair or triplet outranks one made with the aid of a bragger":
    "Three eights will beat an eight and two braggers". Between two made sets,
    fewer braggers win, then the higher braggers, then the odd card. A bragger
    standing as itself is a natural card of its rank.
``"american"``
    "There are eight braggers; the Jacks and nines of each suit, and they are
    all of equal rank when used as braggers." Sets made with braggers outrank
    natural ones, "so that three Jacks is an invincible hand"; among made sets
    the called rank, then more braggers ("two braggers and an ace outrank two
    aces and a bragger"), then the odd card; "three Jacks and three nines are a
    tie".

Without a pair or a bragger the highest card wins, then the next, and so on.
Ties the text gives to the eldest hand are for the game driver.

>>> describe("8C AD JC")
'three eights, made with the ace of diamonds and the knave of clubs'
>>> describe("JC JS KH")
'pair of kings, made with the knave of clubs, knave'
>>> compare("JS 9H 3C", "AS AH AC", rules="american")
1
"""

from __future__ import annotations

from collections.abc import Sequence

from pycards import _three_keys as keys
from pycards._brag import (
    PROFILES,
    category_floors,
    classes,
    evaluate,
    evaluate_many,
    table_bytes,
)
from pycards._ranking import NamedCategory, category_of, compare_with, winners_with
from pycards.cards import SUIT_NAMES, Hand, card, parse, rank_name

__all__ = [
    "PROFILES",
    "Category",
    "braggers",
    "category",
    "category_floors",
    "classes",
    "compare",
    "describe",
    "distance_to_31",
    "evaluate",
    "evaluate_many",
    "table_bytes",
    "upcard",
    "winners",
]

class Category(NamedCategory):
    """Categories of Brag hands, lowest first: "Pairs and triplets are the only combinations"."""

    HIGH_CARD = keys.HIGH_CARD
    PAIR = keys.BRAG_PAIR
    TRIPLETS = keys.TRIPLETS


def braggers(rules: str = "english") -> tuple[int, ...]:
    """The braggers of a profile as card ids, best first.

    >>> from pycards import format
    >>> format(braggers())
    'AD JC 9D'
    """
    evaluate((0, 1, 2), rules)  # validates the rules name
    table = keys.ENGLISH_BRAGGERS if rules == "english" else keys.AMERICAN_BRAGGERS
    return tuple(sorted(table, key=lambda c: (-table[c], -c)))


def category(hand: Hand, rules: str = "english") -> Category:
    """The category of a hand, braggers called for the best hand.

    >>> category("JC 7S 3H")
    <Category.PAIR: 1>
    """
    return category_of(evaluate(hand, rules), category_floors(rules), Category)


def compare(a: Hand, b: Hand, rules: str = "english") -> int:
    """1 if hand ``a`` beats ``b``, -1 if it loses, 0 if they are equal."""
    return compare_with(evaluate, a, b, rules)


def winners(hands: Sequence[Hand], rules: str = "english") -> list[int]:
    """Indices of every hand that ties for best (the driver favours the eldest hand)."""
    return winners_with(evaluate, hands, rules)


def _rank_word(rank: int, rules: str, plural: bool = False) -> str:
    """"knave" under the English rules, "jack" under the American ones (as seed 004 writes them)."""
    return rank_name(rank, plural, knave=rules == "english")


def _card_name(card_id: int, rules: str) -> str:
    return f"the {_rank_word(card_id >> 2, rules)} of {SUIT_NAMES[card_id & 3]}"


def describe(hand: Hand, rules: str = "english") -> str:
    """The hand in words, saying how its braggers were called.

    >>> describe("8S 8D 8H"), describe("AS AH JC")
    ('three eights', 'three aces, made with the knave of clubs')
    >>> describe("7S 7H QC"), describe("AS 10H 4C")
    ('pair of sevens, queen', 'ace, ten, four')
    >>> describe("JS 9H 3C", rules="american")
    'three threes, made with the jack of spades and the nine of hearts'
    """
    ids = parse(hand, count=3)
    evaluate(ids, rules)  # validates the rules name
    key, called = keys.brag_best(ids, rules)
    kind = Category(key[0])
    if kind is Category.HIGH_CARD:
        return ", ".join(_rank_word(r, rules) for r in key[1:])
    rank = max(set(r for r, _ in called), key=lambda r: [x for x, _ in called].count(r))
    made = [c for c, (_, strength) in zip(ids, called) if strength]
    made.sort(key=lambda c: (-called[ids.index(c)][1], -c))
    plural = _rank_word(rank, rules, plural=True)
    text = f"three {plural}" if kind is Category.TRIPLETS else f"pair of {plural}"
    if made:
        text += ", made with " + " and ".join(_card_name(c, rules) for c in made)
    if kind is Category.PAIR:
        odd = next(r for r, _ in called if r != rank)
        text += f", {_rank_word(odd, rules)}"
    return text


def upcard(card_id: int | str) -> int:
    """Strength of a turned-up card for the first pool of Three-stake Brag.

    "The highest card turned up in this manner wins one of the pools, the ace
    being the highest and the deuce the lowest. The diamond ace, being a
    bragger, outranks any other ace; the club Jack any other Jack; and the
    diamond nine any other nine" (seed 004). Other cards of one rank are equal;
    the driver gives ties to the eldest hand.

    >>> upcard("AD") > upcard("AS") > upcard("KD"), upcard("7C") == upcard("7H")
    (True, True)
    """
    c = card(card_id)
    return 2 * (c >> 2) + (1 if c in keys.ENGLISH_BRAGGERS else 0)


def distance_to_31(hand: Hand) -> int:
    """How far the hand's pips are from 31, for the third pool of Three-stake Brag.

    "Each player counts up the pip value of his three cards, reckoning the aces
    for eleven, and court-cards as ten each. The player coming nearest to
    thirty-one takes the third pool" (seed 004). Smaller is better; in the
    drawing variant a hand over 31 is out of the pool (the driver's rule).

    A hand is the player's three cards; any other number is a ``HandSizeError``.

    >>> distance_to_31("AH KS QD"), distance_to_31("2C 3D 4H")
    (0, 22)
    """
    return abs(sum(keys.pips(c >> 2) for c in parse(hand, count=3)) - 31)
