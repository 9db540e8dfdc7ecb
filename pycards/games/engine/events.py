"""Records of play, what each seat may see of them, and the history that keeps them.

Every call of a game's ``apply`` (and the start of the session) makes one
:class:`Record`: who acted, the action, and the *entries* of what followed, in
order: cards dealt from the stock (:class:`Dealt`), cards moved between any two
other places (:class:`Moved`: a discard, a hand thrown down, a card passed to a
neighbour or into a widow), cards shown (:class:`Shown`), the cards out of the
stock gathered (:class:`Gathered`), the used cards shuffled to continue
(:class:`Reshuffled`), payments (:class:`~pycards.settlement.Payment`), notes
(:class:`Note`) and the end of a deal (:class:`DealEnded`). Every card that
leaves the pack or moves and every counter that moves is in some record.

Each card entry has an *audience*, ``seen_by``: ``None`` for everybody, or the
seats that see the card (its holder only; ``()`` for nobody, not even its
holder). The full record is the omniscient one (the server's, the tests'). A
seat gets ``record.view(seat)``: a card it is not shown appears as ``None``;
the rest of the entry (where the card went, how many were shown) is public.
``view(None)`` is a spectator's view, which sees only what everybody sees.
What a seat knows of where every card lies follows from its own views alone
(:mod:`~pycards.games.engine.knowledge`).

>>> record = Record(0, None, (Dealt(1, 0, 51, (1,)), Dealt(2, 0, 7, None)))
>>> [e.card for e in record.view(1).entries], [e.card for e in record.view(2).entries]
([51, 7], [None, 7])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Optional, Union

from pycards.settlement import Payment

if TYPE_CHECKING:
    from pycards.games.engine.actions import Action

__all__ = [
    "DealEnded", "Dealt", "Entry", "Gathered", "History", "Moved", "Note", "Place", "Record", "Reshuffled", "Shown",
    "GATHERED_USED", "PACK_MADE_UP", "STOCK", "USED", "hand_place", "makes_up_pack", "place_key", "relabelled",
    "turned_up",
]  # fmt: skip


class Place(NamedTuple):
    """Where a card lies: a ``kind`` of place, the ``seat`` it belongs to (-1: nobody's) and
    its ``number`` (a seat's hand number, a compartment's number).

    The kinds every game shares are ``"stock"`` (the undealt pack), ``"used"`` (the
    cards played, discarded or thrown up, face down, to be shuffled again) and
    ``"hand"``; a game names its own (``"thrown"``, ``"apart"``, ``"widow"``,
    ``"table"``, ``"compartment"``...) and says in its docs what each holds.
    """

    kind: str
    seat: int = -1
    number: int = 0


STOCK = Place("stock")
"""The undealt pack."""
USED = Place("used")
"""The used cards: face down, out of play until shuffled to continue."""


def hand_place(seat: int, hand: int = 0) -> Place:
    """The place of ``seat``'s hand number ``hand`` (one object for each, made once: records
    hold many)."""
    place = _HANDS.get((seat, hand))
    if place is None:
        place = _HANDS[(seat, hand)] = Place("hand", seat, hand)
    return place


_HANDS: dict[tuple[int, int], Place] = {}


def place_key(place: Place) -> str:
    """A place as a document's key: ``"used"``, ``"hand:2:0"`` (seat 2's first hand).

    >>> place_key(USED), place_key(hand_place(2))
    ('used', 'hand:2:0')
    """
    return place.kind if place.seat < 0 and not place.number else f"{place.kind}:{place.seat}:{place.number}"


class Dealt(NamedTuple):
    """``card`` dealt to hand ``hand`` of ``seat``; ``seen_by`` the seats that see it
    (``None``: face up, seen by all). ``card`` is ``None`` in the view of a seat
    that does not see it."""

    seat: int
    hand: int
    card: Optional[int]
    seen_by: Optional[tuple[int, ...]]


class Moved(NamedTuple):
    """``card`` moved from ``source`` to ``target`` (a card from the stock to a seat's hand is
    :class:`Dealt`; from the stock to a place of the table, such as a widow, it is a move);
    ``seen_by`` the seats that see which card it is (``None``: all, ``()``: nobody); a card
    turned face up where it lies moves from its place to the same place, seen by all. ``card`` is ``None`` in the view of a seat that does not see it; that a card
    moved between the two places is public."""

    card: Optional[int]
    source: Place
    target: Place
    seen_by: Optional[tuple[int, ...]]


class Shown(NamedTuple):
    """The cards of hand ``hand`` of ``seat`` shown (turned up, declared): to the table, or
    only to the seats ``seen_by`` (a private show). A seat not shown them sees each card as
    ``None``. Hand -1: cards the seat held, shown wherever they lie now (a hand as it was
    dealt, some of it discarded since)."""

    seat: int
    hand: int
    cards: tuple[Optional[int], ...]
    seen_by: Optional[tuple[int, ...]] = None


class Gathered(NamedTuple):
    """Every card out of the stock (in hands, on the table, used) is gathered into
    ``target``: :data:`STOCK` when the pack is made up again for a fresh shuffle,
    :data:`USED` when a deal's cards join the used ones and the stock goes on."""

    target: Place


PACK_MADE_UP = Gathered(STOCK)
"""The entry of every card gathered into the stock, for a fresh shuffle (or put away)."""
GATHERED_USED = Gathered(USED)
"""The entry of a deal's cards gathered with the used ones, the stock going on."""


class Reshuffled(NamedTuple):
    """The used cards were shuffled to continue: ``cards`` of them now make the stock."""

    cards: int


class Note(NamedTuple):
    """What a group of the entries that follow is for ("the show", "a natural")."""

    text: str


class DealEnded(NamedTuple):
    """Deal ``deal`` (counted from 0) is over: each seat's ``rewards`` in it, whether it
    was cut short by the bound on decisions (``truncated``), and each seat's part in
    it (``roles``: ``"dealer"``, ``"player"``, ``"out"``... as the game names them)."""

    deal: int
    rewards: tuple[int, ...]
    truncated: bool = False
    roles: tuple[str, ...] = ()


Entry = Union[Dealt, Moved, Shown, Gathered, Reshuffled, Payment, Note, DealEnded]

_CARDS_SEEN = frozenset({Dealt, Moved, Shown})
"""The entries that carry an audience."""


def turned_up(draws: Sequence[Sequence[int]], seats: Sequence[int] = ()) -> list[Dealt]:
    """The entries of cards turned up one to each place in turn from the first, as
    :meth:`~pycards.games.engine.pack.Pack.first_to_turn_up` deals them to choose a
    dealer: each face up, to no hand (``hand`` -1), in the order dealt. ``seats`` are
    the seats at the places (by default place ``i`` is seat ``i``).

    >>> [(e.seat, e.card) for e in turned_up([[3, 50], [9]])]
    [(0, 3), (1, 9), (0, 50)]
    """
    places = len(draws)
    at = seats or range(places)
    return [_new(Dealt, (at[i % places], -1, draws[i % places][i // places], None))
            for i in range(sum(map(len, draws)))]  # fmt: skip


_new = tuple.__new__
"""Makes a NamedTuple from a tuple of its fields without its Python-level ``__new__``."""


def _masked(entry: Entry, seat: Optional[int]) -> Entry:
    """``entry`` as ``seat`` sees it: its card or cards ``None`` unless the seat is in its audience."""
    if type(entry) not in _CARDS_SEEN or entry[-1] is None or seat in entry[-1]:  # type: ignore[operator]
        return entry
    if type(entry) is Shown:
        return entry._replace(cards=(None,) * len(entry.cards))
    return entry._replace(card=None)  # type: ignore[call-arg]  # a Dealt or a Moved


def _entry_dict(entry: Entry) -> dict[str, Any]:
    data: dict[str, Any] = {"type": type(entry).__name__}
    for name, value in zip(entry._fields, entry):
        data[name] = list(value) if isinstance(value, tuple) else value
    return data


class Record(NamedTuple):
    """What one call of ``apply`` did (``seat`` and ``action`` are ``None`` for what the
    session did by itself at its start), as a tuple of entries in order."""

    seat: Optional[int]
    action: Optional[Action]
    entries: tuple[Entry, ...] = ()

    def view(self, seat: Optional[int]) -> Record:
        """The record as ``seat`` may see it (``None``: a spectator)."""
        for entry in self.entries:
            if type(entry) in _CARDS_SEEN and entry[-1] is not None and seat not in entry[-1]:  # type: ignore[operator]
                return Record(self.seat, self.action, tuple(_masked(e, seat) for e in self.entries))
        return self

    @property
    def payments(self) -> tuple[Payment, ...]:
        return tuple(e for e in self.entries if type(e) is Payment)

    @property
    def dealt(self) -> tuple[Dealt, ...]:
        return tuple(e for e in self.entries if type(e) is Dealt)

    def to_dict(self) -> dict[str, Any]:
        """The record as plain JSON values."""
        return {
            "seat": self.seat,
            "action": None if self.action is None else self.action.to_dict(),
            "entries": [_entry_dict(e) for e in self.entries],
        }


def makes_up_pack(record: Record) -> bool:
    """Whether ``record`` makes up the pack afresh (a :class:`Gathered` into the stock)."""
    return any(type(e) is Gathered and e.target == STOCK for e in record.entries)


def relabelled(record: Record, names: Mapping[int, int], after_pack: bool = False) -> Record:
    """``record`` with every card of the pack named anew by ``names`` (a card not in it keeps
    its name; the cards turned up for the lot, hand -1, are no cards of the pack).
    ``after_pack``: only the entries after the record's last :class:`Gathered` into the stock
    (those before it are of another pack)."""
    entries: list[Entry] = []
    first = 0
    if after_pack:
        first = 1 + max(i for i, e in enumerate(record.entries) if type(e) is Gathered and e.target == STOCK)
    for i, entry in enumerate(record.entries):
        if i < first or isinstance(entry, Dealt) and entry.hand < 0:
            pass
        elif isinstance(entry, (Dealt, Moved)) and entry.card is not None and entry.card in names:
            entry = entry._replace(card=names[entry.card])
        elif isinstance(entry, Shown):
            entry = entry._replace(cards=tuple(c if c is None else names.get(c, c) for c in entry.cards))
        entries.append(entry)
    return Record(record.seat, record.action, tuple(entries))


class History:
    """The records of a session, oldest first, shared safely between copies of a game.

    Records are immutable, so a copy of a game shares the ones it has with the
    original. They are kept in immutable chunks of decreasing size, each at
    least twice the next (so there are at most about log2(n) of them), and a
    short list of new ones; :meth:`copy` seals that list into a chunk and copies
    only the list of chunks. A copy therefore costs O(log n), never O(n).
    """

    __slots__ = ("_chunks", "_tail", "_length")

    def __init__(self) -> None:
        self._chunks: list[tuple[Record, ...]] = []
        self._tail: list[Record] = []
        self._length = 0

    def append(self, record: Record) -> None:
        self._tail.append(record)
        self._length += 1

    def __len__(self) -> int:
        return self._length

    def _seal(self) -> None:
        if not self._tail:
            return
        chunk = tuple(self._tail)
        self._tail = []
        chunks = self._chunks
        while chunks and len(chunks[-1]) <= 2 * len(chunk):
            chunk = chunks.pop() + chunk
        chunks.append(chunk)

    def copy(self) -> History:
        self._seal()
        twin = History.__new__(History)
        twin._chunks = list(self._chunks)
        twin._tail = []
        twin._length = self._length
        return twin

    def since(self, start: int) -> Iterator[Record]:
        """The records from index ``start`` on."""
        skip = start
        for chunk in self._chunks:
            if skip >= len(chunk):
                skip -= len(chunk)
                continue
            yield from chunk[skip:] if skip else chunk
            skip = 0
        yield from self._tail[skip:] if skip else self._tail

    def __iter__(self) -> Iterator[Record]:
        return self.since(0)

    def __reversed__(self) -> Iterator[Record]:
        yield from reversed(self._tail)
        for chunk in reversed(self._chunks):
            yield from reversed(chunk)

    def replaced_from(self, start: int, records: Iterable[Record]) -> History:
        """A history holding this one's first ``start`` records (shared), then ``records``."""
        twin = self.copy()
        chunks, kept = twin._chunks, 0
        for i, chunk in enumerate(chunks):
            if kept + len(chunk) > start:
                del chunks[i + 1:]
                chunks[i] = chunk[:start - kept]
                if not chunks[i]:
                    chunks.pop()
                break
            kept += len(chunk)
        twin._length = min(start, self._length)
        for record in records:
            twin.append(record)
        return twin

    def since_pack(self) -> list[Record]:
        """The records from the last that made up the pack afresh (a :class:`Gathered` into the
        stock) to the newest: everything a seat's knowledge of the cards rests on. All the
        records kept, if none did."""
        found: list[Record] = []
        for record in reversed(self):
            found.append(record)
            if makes_up_pack(record):
                break
        found.reverse()
        return found

    def last(self) -> Record:
        if self._tail:
            return self._tail[-1]
        return self._chunks[-1][-1]
