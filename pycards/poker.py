"""Five-card poker hands under the English laws or the American rules.

Profiles (docs/rules.md section 2):

``"english"`` (the default; seed ``000_090407a6d9d4a9ee.txt``, laws 65-76)
    The ace only begins a sequence (law 71): A-2-3-4-5 is the lowest sequence,
    9-10-J-Q-K the highest, and 10-J-Q-K-A is no sequence. A flush in hearts
    beats every other flush (law 69). Equal sequences are compared card by card
    from the top, and at the first place where just one of the two cards is a
    heart, that hand wins (law 70, "a sequence in hearts, ceteris paribus").
``"american"``
    The modern ranking (seed ``004_7d6a6396833e304f.txt``, footnote to law 71):
    the ace begins or ends a sequence, suits never matter. Same order as the
    common public evaluators (7,462 classes).
``"no_straight_flush"``
    Straight and Stud Poker (seed 004): "no such combination as a straight flush
    is recognized", so five in sequence and in one suit are a flush.

:func:`evaluate` and :func:`evaluate_many` are compiled; the rest are
conveniences built on them.

>>> compare("9H 10C JC QC KC", "9C 10H JC QC KC")   # the heart on top wins (law 70)
-1
>>> winners(["2S 2D 5H 7C 9C", "2C 2H 5S 7D 9D", "AS KD 4H 7C 9H"])
[0, 1]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pycards._poker import (
    PROFILES,
    category_floors,
    classes,
    evaluate,
    evaluate_many,
    table_bytes,
)
from pycards._integers import integer
from pycards._messages import shown
from pycards._ranking import NamedCategory, category_of, compare_with, winners_with
from pycards.cards import SUIT_NAMES, Hand, parse, rank_name, rank_of, suit_of
from pycards.errors import HandSizeError, WrongTypeError

__all__ = [
    "PROFILES",
    "SHOWING_NAMES",
    "Category",
    "category",
    "category_floors",
    "classes",
    "compare",
    "describe",
    "evaluate",
    "evaluate_many",
    "jackpot_minimum",
    "opens",
    "showing",
    "table_bytes",
    "winners",
]

class Category(NamedCategory):
    """Categories of five-card hands, lowest first (law 65)."""

    NO_PAIR = 0
    PAIR = 1
    TWO_PAIRS = 2
    THREES = 3
    SEQUENCE = 4
    FLUSH = 5
    FULL = 6
    FOURS = 7
    SEQUENCE_FLUSH = 8
    # The modern names, as aliases.
    HIGH_CARD = 0
    ONE_PAIR = 1
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


def category(hand: Hand, rules: str = "english") -> Category:
    """The category of a hand under ``rules``.

    >>> category("10H JH QH KH AH")
    <Category.FLUSH: 5>
    >>> category("10H JH QH KH AH", rules="american")
    <Category.SEQUENCE_FLUSH: 8>
    """
    return category_of(evaluate(hand, rules), category_floors(rules), Category)


def compare(a: Hand, b: Hand, rules: str = "english") -> int:
    """1 if hand ``a`` beats ``b``, -1 if it loses, 0 if they tie (law 76).

    >>> compare("AC 2H 3H 4H 5H", "AH 2H 3H 4H 5C")   # the five of hearts on top (law 70)
    1
    """
    return compare_with(evaluate, a, b, rules)


def winners(hands: Sequence[Hand], rules: str = "english") -> list[int]:
    """Indices of every hand that ties for best (they share the pool, law 76)."""
    return winners_with(evaluate, hands, rules)


_OPENING_RANKS = {"J": 9, "Q": 10, "K": 11, "A": 12}
_RANK_WORDS = {
    "j": 9, "jack": 9, "jacks": 9, "knave": 9, "knaves": 9,
    "q": 10, "queen": 10, "queens": 10,
    "k": 11, "king": 11, "kings": 11,
    "a": 12, "ace": 12, "aces": 12,
    "10": 8, "t": 8, "ten": 8, "tens": 8,
}  # fmt: skip


SHOWING_NAMES = ("high cards", "a pair", "two pairs", "threes", "fours")
"""The kinds of a showing of face-up cards, lowest first: ``showing(cards) >> 16`` indexes it."""


def showing(cards: Hand) -> int:
    """The strength of one to four face-up cards: Stud Poker's "best hand showing".

    docs/rules.md section 6.3 (seed ``004_7d6a6396833e304f.txt``, STUD POKER: "a round
    of betting opened by the best hand showing"): the cards rank by fours, threes, two
    pairs and a pair, in that order, then by their high cards; with fewer than five
    cards no sequence or flush counts, and suits never matter. Higher is better and
    equal means equal (the first bet then falls to the nearer the dealer's left).
    Within a kind, the groups compare by rank, the larger group first (threes before
    their odd card, the higher pair before the lower), then the odd cards from the
    highest; a showing of fewer cards that is otherwise equal ranks below (it shows a
    card fewer): the players still in always show the same number of cards.

    >>> showing("AS") > showing("KH"), showing("2C 2D") > showing("AS KH")
    (True, True)
    >>> showing("9S 9H 4D") == showing("9C 9D 4S"), SHOWING_NAMES[showing("5D 5S 5C KH") >> 16]
    (True, 'threes')
    >>> showing("AS KS QS JS 10S")
    Traceback (most recent call last):
    ...
    pycards.errors.HandSizeError: a showing is 1 to 4 face-up cards, not 5: 'AS KS QS JS 10S'
    """
    ids = parse(cards)
    if not 1 <= len(ids) <= 4:
        given = cards if isinstance(cards, str) else list(ids)
        raise HandSizeError(f"a showing is 1 to 4 face-up cards, not {len(ids)}: {shown(given)}")
    counts = [0] * 13
    for c in ids:
        counts[c >> 2] += 1
    groups = sorted(((n, rank) for rank, n in enumerate(counts) if n), reverse=True)
    largest, second = groups[0][0], groups[1][0] if len(groups) > 1 else 0
    kind = 4 if largest == 4 else 3 if largest == 3 else 2 if second == 2 else largest - 1
    strength = kind
    for n, rank in groups:  # the ranks, larger groups first, in four nibbles (rank + 1; 0 = none)
        strength = strength << 4 | rank + 1
    return strength << 4 * (4 - len(groups))


def jackpot_minimum(n: int) -> str:
    """The least pair that opens the ``n``-th successive jack-pot (laws 30-32).

    Two knaves for the first, two queens for the second, two kings for the
    third, and "the series of two knaves, two queens, two kings shall be
    maintained" after that.

    >>> [jackpot_minimum(n) for n in range(1, 7)]
    ['J', 'Q', 'K', 'J', 'Q', 'K']
    """
    count = integer(n)
    if count is None:
        raise WrongTypeError(f"jack-pots are counted with an int, not {shown(n)}")
    if count < 1:
        raise ValueError(f"jack-pots are counted from 1, not {shown(n)}")
    return "JQK"[(count - 1) % 3]


def _pair_rank(minimum: str | int) -> int:
    if isinstance(minimum, int) and not isinstance(minimum, bool) and 0 <= minimum < 13:
        return minimum
    if isinstance(minimum, str) and minimum.strip().lower() in _RANK_WORDS:
        return _RANK_WORDS[minimum.strip().lower()]
    if isinstance(minimum, str) and minimum.strip() in ("2", "3", "4", "5", "6", "7", "8", "9"):
        return int(minimum) - 2
    raise ValueError(f"unknown opening minimum {shown(minimum)}; expected a rank such as 'J', 'Q' or 'K'")


def opens(hand: Hand, minimum: str | int = "J", rules: str = "english") -> bool:
    """Whether ``hand`` may open a jack-pot needing a pair of ``minimum`` or better.

    Laws 30-32: "two knaves, or better", judged with the game's profile, so the
    least opening hand is that pair with the lowest odd cards. ``minimum`` is a
    rank ('J', 'Q', 'K', or a word such as 'knaves') or a rank index.

    >>> opens("JH JS 2C 3D 5H"), opens("10H 10S AC KD QH")
    (True, False)
    >>> opens("JH JS AC KD QH", minimum=jackpot_minimum(2))
    False
    """
    pair = _pair_rank(minimum)
    odd = [r for r in (0, 1, 2, 3) if r != pair][:3]
    # Suits chosen so the least opener is never a flush or a sequence.
    least = (4 * pair, 4 * pair + 1, 4 * odd[0] + 2, 4 * odd[1] + 3, 4 * odd[2] + 3)
    return evaluate(hand, rules) >= evaluate(least, rules)


def _rank_word(rank: int, rules: str, plural: bool = False) -> str:
    """"knave" under the English laws, "jack" under the others."""
    return rank_name(rank, plural, knave=rules == "english")


def describe(hand: Hand, rules: str = "english") -> str:
    """The hand in words, as a player would call it.

    >>> describe("KH QH JH 10H 8H")
    'flush in hearts, king high'
    >>> describe("AC 2H 3S 4D 5D")
    'sequence, five high (ace low)'
    >>> describe("9S 9D 9H 9C 2D")
    'fours, nines, two'
    >>> describe("JS JD 4H 4C AD")
    'two pairs, knaves and fours, ace'
    """
    ids = parse(hand, count=5)
    kind = category(ids, rules)
    ranks = sorted((rank_of(c) for c in ids), reverse=True)
    counts = {r: ranks.count(r) for r in ranks}
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)

    def names(rs: Iterable[int]) -> str:
        return ", ".join(_rank_word(r, rules) for r in rs)

    if kind in (Category.SEQUENCE, Category.SEQUENCE_FLUSH):
        ace_low = 0 in counts and 12 in counts and 11 not in counts
        top = 3 if ace_low else ranks[0]
        return f"{kind}, {_rank_word(top, rules)} high" + (" (ace low)" if ace_low else "")
    if kind is Category.FLUSH:
        return f"flush in {SUIT_NAMES[suit_of(ids[0])]}, {_rank_word(ranks[0], rules)} high"
    first, rest = by_count[0], by_count[1:]
    if kind is Category.FOURS:
        return f"fours, {_rank_word(first, rules, True)}, {names(rest)}"
    if kind is Category.FULL:
        return f"full, {_rank_word(first, rules, True)} full of {_rank_word(rest[0], rules, True)}"
    if kind is Category.THREES:
        return f"threes, {_rank_word(first, rules, True)}, {names(rest)}"
    if kind is Category.TWO_PAIRS:
        high, low, odd = by_count
        return (
            f"two pairs, {_rank_word(high, rules, True)} and {_rank_word(low, rules, True)}, "
            f"{_rank_word(odd, rules)}"
        )
    if kind is Category.PAIR:
        return f"a pair of {_rank_word(first, rules, True)}, {names(rest)}"
    return f"no pair, {names(ranks)}"
