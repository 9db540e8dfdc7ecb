"""Records of play, what each seat may see of them, and the history that keeps them.

Every call of a game's ``apply`` (and the start of the session) makes one
:class:`Record`: who acted, the action, and the *entries* of what followed, in
order: cards dealt (:class:`Dealt`), cards shown to the table (:class:`Shown`),
the used cards shuffled to continue (:class:`Reshuffled`), payments
(:class:`~pycards.settlement.Payment`), notes (:class:`Note`) and the end of a
deal (:class:`DealEnded`). Every card that leaves the pack and every counter
that moves is in some record.

The full record is the omniscient one (the server's, the tests'). A seat gets
``record.view(seat)``: a card dealt face down to somebody else appears with its
``card`` as ``None``; everything else in a record is public. ``view(None)`` is a
spectator's view, which sees no face-down card at all.

>>> record = Record(0, None, (Dealt(1, 0, 51, (1,)), Dealt(2, 0, 7, None)))
>>> [e.card for e in record.view(1).entries], [e.card for e in record.view(2).entries]
([51, 7], [None, 7])
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Optional, Union

from pycards.settlement import Payment

if TYPE_CHECKING:
    from pycards.games.base import Action

__all__ = ["DealEnded", "Dealt", "Entry", "History", "Note", "Record", "Reshuffled", "Shown", "turned_up"]


class Dealt(NamedTuple):
    """``card`` dealt to hand ``hand`` of ``seat``; ``seen_by`` the seats that see it
    (``None``: face up, seen by all). ``card`` is ``None`` in the view of a seat
    that does not see it."""

    seat: int
    hand: int
    card: Optional[int]
    seen_by: Optional[tuple[int, ...]]


class Shown(NamedTuple):
    """The cards of hand ``hand`` of ``seat`` shown to the table (turned up, declared)."""

    seat: int
    hand: int
    cards: tuple[int, ...]


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


Entry = Union[Dealt, Shown, Reshuffled, Payment, Note, DealEnded]


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
        hidden = False
        for entry in self.entries:
            if type(entry) is Dealt and entry.seen_by is not None and seat not in entry.seen_by:
                hidden = True
                break
        if not hidden:
            return self
        return Record(self.seat, self.action, tuple(
            e._replace(card=None) if type(e) is Dealt and e.seen_by is not None and seat not in e.seen_by else e
            for e in self.entries
        ))  # fmt: skip

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

    def last(self) -> Record:
        if self._tail:
            return self._tail[-1]
        return self._chunks[-1][-1]
