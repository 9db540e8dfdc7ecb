"""The pack every game deals from: its cards, its shuffles, the stock and the used cards.

A game's chance is one 64-bit key, :func:`seed_key` of its seed, and a count of
the shuffles done so far: the ``n``-th shuffle of a game (``n`` = 0, 1, 2, ...)
is :func:`shuffled` of the cards with the key and ``n``, a compiled Fisher-Yates
shuffle (:mod:`pycards.games.engine._pack`). So a game replays from its seed,
and its state document needs only the stock, the used cards and the count.

The stock's top card is the LAST of its list: a card is dealt by popping it.
Card ids are the public ids 0..51 (:mod:`pycards.cards`); a game of two packs
holds each id twice, the two copies being alike under every rule.

>>> pack = Pack(FULL, seed_key(2024))
>>> pack.shuffle()
>>> top = pack.stock[-1]
>>> hand = [pack.deal() for _ in range(5)]
>>> hand[0] == top, len(pack), pack.shuffles
(True, 47, 1)
>>> pack.discard(hand)
>>> pack.reshuffle_used(), pack.used, pack.shuffles
(52, [], 2)
"""

from __future__ import annotations

import hashlib
import operator
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pycards.errors import (
    CardError,
    CardTypeError,
    DuplicateCardError,
    GameOptionError,
    IllegalActionError,
    StateError,
    UnknownCardError,
    WrongTypeError,
)
from pycards.games.engine._pack import MAX_CARDS, MAX_ID, checked_cards, shuffled
from pycards.games.engine.document import Reader

__all__ = [
    "FULL",
    "MAX_CARDS",
    "MAX_SHUFFLES",
    "SHORT",
    "Pack",
    "pack_cards",
    "seed_key",
    "shuffled",
]

FULL: tuple[int, ...] = tuple(range(52))
"""The full pack of 52 cards, ids 0..51."""

SHORT: tuple[int, ...] = tuple(range(20, 52))
"""The short pack of 32 cards, sevens to aces (rank index 5 and up: ids 20..51)."""

MAX_SHUFFLES = 2**63
"""The largest count of shuffles a pack may have done (a state document's bound)."""

_KEY_HIGH = 2**64 - 1
_MAX_SEATS = 52  # first_to_turn_up: one card each at least


def _shown(value: object) -> str:
    """``repr(value)`` for an error message, cut short past 200 characters (never an error itself)."""
    try:
        text = repr(value)
    except Exception:  # an int past Python's limit of digits for text, or a failing __repr__
        return f"<int of {value.bit_length()} bits>" if isinstance(value, int) else object.__repr__(value)
    return text if len(text) <= 200 else text[:197] + "..."


def _whole(value: object, name: str, low: int, high: int, span: str = "") -> int:
    """``value`` as an int from ``low`` to ``high`` (an int or an integer scalar, not a bool),
    or the error naming it; ``span`` words the range where the numbers are unwieldy."""
    try:
        if isinstance(value, bool):
            raise TypeError
        number = operator.index(value)  # type: ignore[arg-type]  # checked here
    except TypeError:
        raise WrongTypeError(f"{name} is an int, not {type(value).__name__}: {_shown(value)}") from None
    if not low <= number <= high:
        raise ValueError(f"{name} {_shown(value)} is outside {span or f'{low}..{high}'}")
    return number


def _ids(cards: object, what: str) -> tuple[int, ...]:
    """Card ids 0..255 from a list, a tuple or another iterable (not text), as :func:`shuffled`
    checks them; else the error naming the offending value."""
    if isinstance(cards, (list, tuple)):
        return checked_cards(cards)
    if isinstance(cards, (str, bytes, Mapping)) or not isinstance(cards, Iterable):
        kind = type(cards).__name__
        raise CardTypeError(f"{what} are an iterable of card ids, not {kind}: {_shown(cards)}")
    return checked_cards(tuple(cards))


def seed_key(seed: int | str | bytes) -> int:
    """The 64-bit key of a game's chance: the seed hashed (BLAKE2b, 8 bytes, little-endian),
    so that every seed, however large or negative, deals its own cards.

    An int is hashed as its decimal text, a str as its UTF-8 bytes, and bytes as
    they are: so ``seed_key(5) == seed_key("5") == seed_key(b"5")``, and a game
    seeded ``5`` deals the cards of one seeded ``"5"``. For an int seed this is the
    key the compiled Vingt-un table has always used.

    >>> seed_key(5) == seed_key("5") == seed_key(b"5"), seed_key(1) != seed_key(-1)
    (True, True)
    >>> seed_key(1.5)
    Traceback (most recent call last):
    ...
    pycards.errors.WrongTypeError: a seed is an int, str or bytes, not float: 1.5
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, str, bytes)):
        raise WrongTypeError(f"a seed is an int, str or bytes, not {type(seed).__name__}: {_shown(seed)}")
    if isinstance(seed, bytes):
        data = bytes(seed)
    elif isinstance(seed, str):
        try:
            data = str.encode(seed)
        except UnicodeEncodeError:  # a lone surrogate
            raise ValueError(f"a seed's text must be encodable as UTF-8, not {_shown(seed)}") from None
    else:
        try:
            data = int.__repr__(seed).encode()  # the int's own digits, whatever a subclass prints
        except ValueError:  # past Python's limit of digits for text
            raise ValueError(f"the seed {_shown(seed)} has too many digits to be hashed") from None
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "little")


def pack_cards(ranks_from: int = 0, without: Iterable[int] = (), packs: int = 1) -> tuple[int, ...]:
    """The card set of a game: the ranks from ``ranks_from`` (a rank index, 0 = two .. 12 =
    ace) up, less the cards ``without`` (every copy of them), in ``packs`` packs.

    Each pack lists its cards in id order, pack after pack; a game of two packs
    holds each id twice (the copies are alike under every rule).

    >>> len(pack_cards()), pack_cards(ranks_from=5) == SHORT, len(pack_cards(packs=2))
    (52, True, 104)
    >>> len(pack_cards(without=[25]))   # Pope Joan: no eight of diamonds
    51
    >>> pack_cards(ranks_from=5, without=[3])
    Traceback (most recent call last):
    ...
    pycards.errors.UnknownCardError: card 3 is below the pack's lowest rank 5: it cannot be left out
    """
    low = _whole(ranks_from, "ranks_from", 0, 12)
    copies = _whole(packs, "packs", 1, MAX_CARDS)
    one = [card for card in FULL if card >> 2 >= low]
    left_out: set[int] = set()
    for card in _ids(without, "the cards left out"):
        if card > 51:
            raise UnknownCardError(f"card id {card!r} is outside 0..51")
        if card in left_out:
            raise DuplicateCardError(f"card {card!r} is left out twice")
        if card >> 2 < low:
            raise UnknownCardError(
                f"card {card!r} is below the pack's lowest rank {low}: it cannot be left out"
            )
        left_out.add(card)
        one.remove(card)
    if len(one) * copies > MAX_CARDS:
        size = f"{copies!r} packs of {len(one)} cards make {len(one) * copies}"
        raise ValueError(f"{size}, more than the {MAX_CARDS} a pack may hold")
    return tuple(one * copies)


class Pack:
    """A game's pack: its card set, its key, the shuffles done, the stock and the used cards.

    ``cards`` (a tuple, fixed for the game) holds every card the game plays
    with; ``key`` (:func:`seed_key` of the seed) and ``shuffles`` (the count so
    far) decide the next shuffle. ``stock`` is the undealt pack, its top card
    last; ``used`` the cards played and gathered, oldest first. A new pack has
    an empty stock: :meth:`shuffle` makes the first.

    >>> pack = Pack(pack_cards(ranks_from=5), key=seed_key(3))
    >>> pack.shuffle(top=[51])   # the ace of spades stacked on top
    >>> pack.deal(), len(pack), pack.shuffles
    (51, 31, 1)
    """

    __slots__ = ("cards", "key", "shuffles", "stock", "used")

    cards: tuple[int, ...]
    key: int
    shuffles: int
    stock: list[int]
    used: list[int]

    def __init__(self, cards: Iterable[int], key: int, shuffles: int = 0) -> None:
        self.cards = _ids(cards, "a pack's cards")
        self.key = _whole(key, "the key", 0, _KEY_HIGH, "0..2**64-1")
        self.shuffles = _whole(shuffles, "the count of shuffles", 0, MAX_SHUFFLES, "0..2**63")
        self.stock = []
        self.used = []

    def __repr__(self) -> str:
        return f"<Pack of {len(self.cards)}: {len(self.stock)} in stock, {len(self.used)} used>"

    # Shuffling ------------------------------------------------------------------------------

    def _count(self) -> int:
        """The number of the next shuffle (the count of shuffles so far)."""
        if self.shuffles >= MAX_SHUFFLES:
            raise ValueError(f"the pack has been shuffled {self.shuffles!r} times, the most it may be")
        return self.shuffles

    def shuffle(self, top: Sequence[int] = ()) -> None:
        """A fresh pack: all the cards shuffled into the stock, none used.

        The cards of ``top`` (one copy of each, from a game of two packs) are
        stacked on top instead, ``top[0]`` to be dealt first: a test or a
        tutorial fixes the first cards this way.

        >>> pack = Pack(FULL, key=0)
        >>> pack.shuffle(top=[48, 36])
        >>> pack.deal(), pack.deal(), len(pack)
        (48, 36, 50)
        """
        stacked = _ids(top, "the cards stacked on top")
        rest = list(self.cards)
        for card in stacked:  # one copy each, the first: the rest keep their places
            try:
                rest.remove(card)
            except ValueError:
                raise CardError(f"card {card!r} cannot be stacked: the pack holds no more of it") from None
        stock = shuffled(rest, self.key, self._count())
        stock.extend(reversed(stacked))
        self.stock, self.used = stock, []
        self.shuffles += 1

    def check_top(self, top: Sequence[int], error: type[ValueError] = GameOptionError) -> None:
        """``error`` if the pack cannot stack the cards ``top`` on top: a card named more often
        than the pack holds it (twice, in a pack of one).

        >>> Pack(FULL, key=0).check_top([3, 3])
        Traceback (most recent call last):
        ...
        pycards.errors.GameOptionError: the cards stacked on top name a card twice (more often than the pack holds it): [3, 3]
        """
        if Counter(top) - Counter(self.cards):
            raise error(f"the cards stacked on top name a card twice (more often than the pack holds it): "
                        f"{_shown(list(top))}")  # fmt: skip

    def reshuffle_used(self) -> int:
        """The used cards and what is left of the stock, shuffled together into the stock
        (the used cards first, then the stock in its order, as they lie before the shuffle);
        the number of cards in the new stock.

        >>> pack = Pack(FULL, key=0)
        >>> pack.shuffle()
        >>> pack.discard([pack.deal(), pack.deal()])
        >>> pack.reshuffle_used(), pack.used
        (52, [])
        """
        self.stock = shuffled(self.used + self.stock, self.key, self._count())
        self.used = []
        self.shuffles += 1
        return len(self.stock)

    def first_to_turn_up(self, players: int, rank: int, start: int = 0) -> tuple[int, list[list[int]]]:
        """Choose a seat by turning up cards: the seat that receives the first card of ``rank``
        (a rank index, 0 = two .. 12 = ace), as "the player to whom the first ace is dealt"
        deals first in Nap or Vingt-un.

        The pack's distinct cards (one of each, the 52 for a game of two packs; the
        32 of a short pack) are shuffled for it, which counts as a shuffle; the cards are turned up one to each of
        ``players`` seats (1..52) in turn, from seat ``start``, beginning with the
        first card of the shuffled list. The stock and the used cards are not
        touched. Returns the seat and the cards each seat received.

        >>> seat, draws = Pack(FULL, key=seed_key(1)).first_to_turn_up(4, rank=12)
        >>> draws[seat][-1] >> 2, sum(map(len, draws)) > 0
        (12, True)
        """
        seats = _whole(players, "players", 1, _MAX_SEATS)
        wanted = _whole(rank, "rank", 0, 12)
        seat = _whole(start, "start", 0, seats - 1)
        cards = sorted(set(self.cards))
        if not any(card >> 2 == wanted for card in cards):
            raise GameOptionError(f"the pack holds no card of rank {wanted} to turn up")
        order = shuffled(cards, self.key, self._count())
        self.shuffles += 1
        turned = 1 + min(order.index(card) for card in cards if card >> 2 == wanted)  # the first of the rank
        draws = [order[(place - seat) % seats : turned : seats] for place in range(seats)]
        return (seat + turned - 1) % seats, draws

    def order(self, n: int) -> list[int]:
        """A seeded order of ``n`` things (0..n-1, n at most 256): seats drawn by lot, a cut
        between tied players. It counts as a shuffle; the stock and used cards are untouched.

        >>> sorted(Pack(FULL, key=seed_key(2)).order(5))
        [0, 1, 2, 3, 4]
        """
        count = _whole(n, "n", 0, 256)
        result = shuffled(list(range(count)), self.key, self._count())
        self.shuffles += 1
        return result

    # Dealing --------------------------------------------------------------------------------

    def deal(self) -> int:
        """Take the top card of the stock (the last of the list).

        >>> pack = Pack([7, 8], key=0)
        >>> pack.stock = [7, 8]
        >>> pack.deal(), pack.deal()
        (8, 7)
        """
        if not self.stock:
            raise IllegalActionError("no cards are left in the stock")
        return self.stock.pop()

    def turn_up(self) -> int:
        """Take the top card of the stock to be turned face up (a trump card, a starter):
        the same as :meth:`deal`, named for where a game shows the card.

        >>> pack = Pack(FULL, key=0)
        >>> pack.shuffle(top=[12])
        >>> pack.turn_up()
        12
        """
        return self.deal()

    def to_bottom(self, card: int) -> None:
        """Put ``card`` at the bottom of the stock (the first of the list), to be dealt last.

        >>> pack = Pack(FULL, key=0)
        >>> pack.shuffle()
        >>> pack.to_bottom(pack.turn_up())
        >>> len(pack)
        52
        """
        (value,) = _ids((card,), "the card put at the bottom")
        self.stock.insert(0, value)

    def discard(self, cards: Iterable[int]) -> None:
        """Add ``cards`` to the used cards, after those already there.

        >>> pack = Pack(FULL, key=0)
        >>> pack.discard([3, 4]); pack.discard([5])
        >>> pack.used
        [3, 4, 5]
        """
        self.used.extend(_ids(cards, "the cards discarded"))

    @property
    def remaining(self) -> int:
        """The number of cards in the stock.

        >>> Pack(FULL, key=0).remaining
        0
        """
        return len(self.stock)

    def __len__(self) -> int:
        return len(self.stock)

    # Copies and documents -------------------------------------------------------------------

    def copy(self) -> Pack:
        """An independent copy (its own stock and used lists).

        >>> pack = Pack(FULL, key=0)
        >>> pack.shuffle()
        >>> twin = pack.copy(); twin.deal() == pack.deal()
        True
        """
        twin = type(self).__new__(type(self))
        twin.cards, twin.key, twin.shuffles = self.cards, self.key, self.shuffles
        twin.stock, twin.used = list(self.stock), list(self.used)
        return twin

    def renewed(self, key: int) -> Pack:
        """A new pack of the same cards, none dealt or shuffled yet, its chance keyed by
        ``key``: a new session of a game (the cards are not checked again).

        >>> pack = Pack(FULL, key=0)
        >>> pack.shuffle()
        >>> fresh = pack.renewed(key=1); fresh.cards == pack.cards, fresh.remaining, fresh.shuffles
        (True, 0, 0)
        """
        twin = type(self).__new__(type(self))
        twin.cards, twin.key, twin.shuffles = self.cards, _whole(key, "the key", 0, _KEY_HIGH, "0..2**64-1"), 0
        twin.stock, twin.used = [], []
        return twin

    def to_dict(self) -> dict[str, Any]:
        """The pack's state as JSON values: the stock (top last), the used cards, the count of
        shuffles. The card set and the key are not written: the game knows them. The key
        is a secret: with it, anyone can tell every card the game will deal, so a document
        for a player's eyes must never hold it.

        >>> Pack(FULL, key=0).to_dict()
        {'stock': [], 'used': [], 'shuffles': 0}
        """
        return {"stock": list(self.stock), "used": list(self.used), "shuffles": self.shuffles}

    @classmethod
    def from_dict(cls, data: object, cards: Iterable[int], key: int, path: str = "pack") -> Pack:
        """The pack of :meth:`to_dict`, with its card set and key from the game, every field
        checked: lists of exact int ids, the stock and used cards among ``cards`` (the game
        checks the whole with :meth:`check_accounts`), a count of shuffles 0..2**63. A bad
        document raises :class:`~pycards.errors.StateError` naming the field (``path`` is
        where the pack lies in the game's document) and the offending value.

        >>> pack = Pack.from_dict({"stock": [5, 9], "used": [], "shuffles": 1}, FULL, key=0)
        >>> pack.deal(), pack.shuffles
        (9, 1)
        """
        pack = cls(cards, key)
        reader = Reader(data, path).only("stock", "used", "shuffles")
        stock: list[int] = reader.ints("stock", 0, MAX_ID, MAX_CARDS)
        used: list[int] = reader.ints("used", 0, MAX_ID, MAX_CARDS)
        shuffles: int = reader.int("shuffles", 0, MAX_SHUFFLES)
        problem = _surplus(pack.cards, stock + used, "the stock and used cards")
        if problem:
            raise StateError(f"{path}: {problem}")
        pack.stock, pack.used, pack.shuffles = stock, used, shuffles
        return pack

    def check_accounts(self, on_table: Iterable[int]) -> None:
        """Check that the stock, the used cards and ``on_table`` (every card the game holds
        elsewhere: hands, tricks, the table) are the pack's cards, each as often as it holds
        it; else :class:`~pycards.errors.StateError` naming the first card duplicated (or
        foreign), then the first missing.

        >>> pack = Pack(FULL, key=0)
        >>> pack.shuffle(top=[5, 9])
        >>> hand = [pack.deal(), pack.deal()]
        >>> pack.check_accounts(hand)
        >>> pack.check_accounts([5])
        Traceback (most recent call last):
        ...
        pycards.errors.StateError: card 9 is missing from the stock, used cards and table
        """
        counted = self.stock + self.used + list(_ids(on_table, "the cards on the table"))
        where = "the stock, used cards and table"
        problem = _surplus(self.cards, counted, where) or _shortfall(self.cards, counted, where)
        if problem:
            raise StateError(problem)


def _surplus(cards: tuple[int, ...], counted: list[int], where: str) -> str:
    """Why ``counted`` is not a sub-multiset of ``cards`` (its first card held too often), or ""."""
    allowed = Counter(cards)
    seen: Counter[int] = Counter()
    for card in counted:
        seen[card] += 1
        if seen[card] > allowed[card]:
            if not allowed[card]:
                return f"card {_shown(card)} in {where} is not one of the pack's cards"
            times = f"{seen[card]} times in {where}, but the pack holds {allowed[card]}"
            return f"card {_shown(card)} appears {times}"
    return ""


def _shortfall(cards: tuple[int, ...], counted: list[int], where: str) -> str:
    """The first of ``cards`` (in the pack's order) that ``counted`` holds too few times, or ""."""
    held = Counter(counted)
    for card, copies in Counter(cards).items():
        if held[card] < copies:
            return f"card {_shown(card)} is missing from {where}"
    return ""
