"""Cards as integers, their text form, and a reproducible pack.

A card is the integer ``4 * rank + suit`` (docs/rules.md section 1): ranks 0..12 for
two .. ace, suits 0..3 for clubs, diamonds, hearts, spades. Id 0 is the two of
clubs and 51 the ace of spades, the convention of several public evaluators, so
ids can be exchanged with them.

>>> parse("AH KH 10h")
(50, 46, 34)
>>> format(parse("th,9♦"))
'10H 9D'
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Iterable
from typing import Union

from pycards._integers import integer
from pycards._messages import shown
from pycards.errors import (
    CardTypeError,
    DuplicateCardError,
    HandSizeError,
    UnknownCardError,
    WrongTypeError,
)

__all__ = [
    "RANK_NAMES",
    "SUIT_NAMES",
    "Deck",
    "Hand",
    "card",
    "format",
    "parse",
    "rank_name",
    "rank_of",
    "suit_of",
]

RANK_SYMBOLS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_SYMBOLS = ("C", "D", "H", "S")
RANK_NAMES = (
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "knave", "queen", "king", "ace",
)  # fmt: skip
"""Rank names as the seeds write them (the jack is the knave)."""
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")

Hand = Union[str, Iterable[Union[str, int]]]
"""What the evaluators accept as a hand: text, or an iterable of card strings and ids."""

_RANK_TOKENS = {s: i for i, s in enumerate(RANK_SYMBOLS)} | {"T": 8}
_SUIT_TOKENS = {s: i for i, s in enumerate(SUIT_SYMBOLS)} | {
    "♣": 0, "♧": 0, "♦": 1, "♢": 1, "♥": 2, "♡": 2, "♠": 3, "♤": 3,
}  # fmt: skip
_CARDS_BY_TEXT = {
    rank + suit: 4 * r + s
    for rank, r in _RANK_TOKENS.items()
    for suit, s in _SUIT_TOKENS.items()
}
_SEPARATORS = re.compile(r"[\s,]+")
_DEALING = threading.Lock()
"""Held while a :class:`Deck` deals, so that decks shared between threads never deal a card twice."""


def rank_of(card_id: int | str) -> int:
    """Rank index of a card (0 = two .. 12 = ace): an id 0..51, or anything :func:`card` reads.

    >>> rank_of(51), rank_of("10h")
    (12, 8)
    """
    if type(card_id) is not int or not 0 <= card_id < 52:
        card_id = card(card_id)  # a CardError naming what is not a card
    return card_id >> 2


def rank_name(rank: int, plural: bool = False, knave: bool = True) -> str:
    """A rank index in words: ``rank_name(4, plural=True) == 'sixes'``.

    ``knave=False`` says "jack", as the American texts do. A rank that is not an int
    0..12 raises a ``CardError`` naming it.

    >>> rank_name(9), rank_name(9, plural=True, knave=False), rank_name(4, plural=True)
    ('knave', 'jacks', 'sixes')
    """
    index = integer(rank)
    if index is None:
        raise CardTypeError(f"a rank is an int index 0..12, not {type(rank).__name__}: {shown(rank)}")
    rank = index
    if not 0 <= rank < len(RANK_NAMES):
        raise UnknownCardError(f"rank index {shown(rank)} is outside 0..12")
    word = RANK_NAMES[rank] if knave or rank != 9 else "jack"
    if plural:
        return word + ("es" if word == "six" else "s")
    return word


def suit_of(card_id: int | str) -> int:
    """Suit index of a card (0 clubs, 1 diamonds, 2 hearts, 3 spades): an id 0..51, or
    anything :func:`card` reads.

    >>> suit_of(51), suit_of("10h")
    (3, 2)
    """
    if type(card_id) is not int or not 0 <= card_id < 52:
        card_id = card(card_id)
    return card_id & 3


def card(token: str | int) -> int:
    """One card id from a card string (``'AH'``, ``'10h'``, ``'9♦'``) or an id.

    >>> card("as"), card(0)
    (51, 0)
    """
    if isinstance(token, str):
        found = _CARDS_BY_TEXT.get(str.upper(str.strip(token)))  # str's own methods, not a subclass's
        if found is None:
            raise UnknownCardError(f"unknown card {shown(token)}")
        return found
    value = integer(token)
    if value is None:
        raise CardTypeError(f"a card is a string or an int id, not {type(token).__name__}: {shown(token)}")
    if not 0 <= value < 52:
        raise UnknownCardError(f"card id {shown(value)} is outside 0..51")
    return value


def parse(cards: str | Iterable[str | int], *, count: int | None = None) -> tuple[int, ...]:
    """Card ids from text (cards separated by spaces or commas) or an iterable.

    ``count``, when given, is the number of cards the hand must hold. Unknown
    cards, repeated cards and a wrong count raise ``CardError`` subclasses whose
    message names the offending token and the text it came from.

    >>> parse(["Qs", 9, "2♥"])
    (43, 9, 2)
    >>> parse("AH KH 1X")
    Traceback (most recent call last):
    ...
    pycards.errors.UnknownCardError: unknown card '1X' in 'AH KH 1X'
    """
    if isinstance(cards, str):
        tokens: list[str | int] = [t for t in _SEPARATORS.split(str.strip(cards)) if t]
    elif isinstance(cards, (bytes, bytearray, memoryview)):  # bytes iterate as small ints: not card ids
        raise CardTypeError(f"a hand is text or an iterable of cards, not {type(cards).__name__}: {shown(cards)}")
    else:
        try:
            tokens = list(cards)
        except TypeError:
            raise CardTypeError(
                f"a hand is a string or an iterable of cards, not {type(cards).__name__}: {shown(cards)}"
            ) from None
    source = cards if isinstance(cards, str) else tokens  # named in a message (shown) only on an error
    ids = []
    seen: dict[int, str | int] = {}
    for token in tokens:
        try:
            c = card(token)
        except UnknownCardError as error:
            raise UnknownCardError(f"{error} in {shown(source)}") from None
        if c in seen:
            raise DuplicateCardError(f"card {shown(token)} appears twice in {shown(source)}")
        seen[c] = token
        ids.append(c)
    if count is not None and len(ids) != count:
        raise HandSizeError(f"expected {count} cards, got {len(ids)}: {shown(source)}")
    return tuple(ids)


def format(cards: Iterable[int]) -> str:  # noqa: A001 - the public name the API asks for
    """Card ids as text, e.g. ``'AH KH 10H'`` (parse reads it back).

    >>> format([51, 0, 34])
    'AS 2C 10H'

    Text is refused (it is already text; :func:`parse` reads it):

    >>> format("AH KH")
    Traceback (most recent call last):
    ...
    pycards.errors.CardTypeError: format() takes card ids, not text: 'AH KH' (parse() reads text)
    """
    if isinstance(cards, (str, bytes, bytearray, memoryview)):
        raise CardTypeError(f"format() takes card ids, not text: {shown(cards)} (parse() reads text)")
    try:
        ids = list(cards)
    except TypeError:
        raise CardTypeError(
            f"format() takes an iterable of card ids, not {type(cards).__name__}: {shown(cards)}"
        ) from None
    return " ".join(RANK_SYMBOLS[c >> 2] + SUIT_SYMBOLS[c & 3] for c in map(card, ids))


class Deck:
    """A pack of 52 cards, or the short pack of 32 (sevens to aces), shuffled from a seed.

    The shuffle is the one every game driver uses (:mod:`pycards.games.engine.pack`):
    the key is :func:`~pycards.games.engine.pack.seed_key` of ``seed`` (an int, str or
    bytes; ``None`` draws a random key from the operating system), and the pack is
    the game's first shuffle. The same seed always gives the same order, in every
    version and on every platform, so games and simulations are reproducible. Cards
    are dealt from the top; threads sharing a deck each get cards no other is dealt.

    >>> deck = Deck(seed=7)
    >>> hand = deck.deal(5)
    >>> len(hand), len(deck)
    (5, 47)
    >>> Deck(seed=7).deal(5) == hand
    True
    >>> len(Deck(short=True))
    32

    The order is a :class:`~pycards.games.engine.pack.Pack`'s first shuffle, its
    stock read from the top:

    >>> from pycards.games.engine.pack import FULL, Pack, seed_key
    >>> pack = Pack(FULL, seed_key(7))
    >>> pack.shuffle()
    >>> Deck(seed=7).remaining == tuple(reversed(pack.stock))
    True
    """

    __slots__ = ("_stock", "short")

    def __init__(self, seed: int | str | bytes | None = None, *, short: bool = False) -> None:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str, bytes))):
            raise WrongTypeError(f"a pack's seed is an int, str, bytes or None, not {shown(seed)}")
        if not isinstance(short, bool):
            raise WrongTypeError(f"short must be True or False, not {shown(short)}")
        # Imported here: pycards.games loads the game drivers, which import this module.
        from pycards.games.engine.pack import FULL, SHORT, Pack, seed_key

        key = int.from_bytes(os.urandom(8), "little") if seed is None else seed_key(seed)
        pack = Pack(SHORT if short else FULL, key)
        pack.shuffle()
        self.short = short
        self._stock = pack.stock  # the top card last

    def deal(self, n: int = 1) -> tuple[int, ...]:
        """Take ``n`` cards from the top of the pack, the top card first."""
        count = integer(n)
        if count is None:
            raise WrongTypeError(f"the number of cards to deal is an int, not {shown(n)}")
        n = count
        with _DEALING:  # the stock is read and cut as one step, even by threads sharing the deck
            if not 0 <= n <= len(self._stock):
                noun = "card" if n == 1 else "cards"
                raise ValueError(f"cannot deal {shown(n)} {noun} from a pack of {len(self._stock)}")
            bottom = len(self._stock) - n
            dealt = tuple(reversed(self._stock[bottom:]))
            del self._stock[bottom:]
        return dealt

    def draw(self) -> int:
        """Take the top card."""
        return self.deal(1)[0]

    @property
    def remaining(self) -> tuple[int, ...]:
        """The cards not yet dealt, top first."""
        return tuple(reversed(self._stock))

    def __len__(self) -> int:
        return len(self._stock)

    def __repr__(self) -> str:
        size = 32 if self.short else 52
        return f"<Deck of {size}, {len(self)} remaining>"
