"""Declared state: each piece of a game's state is named once, and what follows from it is made.

A game on the shared :class:`~pycards.games.engine.table.Table` lists its own state
as :class:`Piece` declarations (``STATE``): a name, a :class:`Kind` (what values
it takes, how it copies, shows, encodes and reads back from a document), whether
it lasts a deal or the session, and whether the seats see it. From that one list
the table makes:

* the fresh value at the start of the session, and of every deal (``lasts="deal"``);
* ``copy()`` (each piece copied by its kind);
* the observation's keys and the encoding's features (pieces the seats see), and
  the encoding's layout (:func:`layout`);
* the snapshot's part that lasts between deals, written and read back checked
  (type and range; a game adds only the checks that tie two pieces together);
* the state a snapshot states for the deal in play, compared after its replay.

>>> from pycards.games.engine.document import Reader
>>> piece = Piece("jackpot", Number(0, 99), lasts="session")
>>> piece.kind.read(Reader({"jackpot": 3}, "doc"), "jackpot", 4)
3
>>> piece.kind.features(3, 0, 4, 1.0), piece.kind.size(4)
((3.0,), 1)
>>> Seat().features(2, 2, 4, 1.0), Seat().features(None, 2, 4, 1.0)
((1.0, 1.0), (0.0, 0.0))
>>> PerSeat(0, 5).features([1, 2, 3, 4], 1, 4, 1.0)  # from the seat's own, leftwards
(2.0, 3.0, 4.0, 1.0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Optional

from pycards.errors import StateError
from pycards.games.engine.document import Reader, shown

__all__ = ["Data", "Derived", "Flag", "Kind", "Number", "PerSeat", "Piece", "Seat", "Seats", "Value", "layout"]


class Kind:
    """What values a piece takes. By default an immutable value: copied as it is, shown as
    it is, written as it is; a kind says how it encodes and how it is read back."""

    def fresh(self, players: int) -> Any:
        """The value at the start (of the session, or of each deal)."""
        raise NotImplementedError

    def copy(self, value: Any) -> Any:
        return value

    def view(self, value: Any) -> Any:
        """The value as an observation shows it (immutable)."""
        return value

    def size(self, players: int) -> int:
        """The features it encodes to."""
        return 1

    def features(self, value: Any, seat: int, players: int, scale: float) -> tuple[float, ...]:
        """Its features as ``seat`` sees them (``scale``: one over the starting counters)."""
        return (float(value),)

    def write(self, value: Any) -> Any:
        """The value as JSON."""
        return value

    def read(self, doc: Reader, key: str, players: int) -> Any:
        """The value of ``doc[key]``, checked (StateError naming it)."""
        raise NotImplementedError


@dataclass(frozen=True)
class Number(Kind):
    """A whole number from ``low`` to ``high``; ``counters``: an amount of counters, encoded
    over the starting counters; ``start``: its value at the start."""

    low: int = 0
    high: int = 2**62
    counters: bool = False
    start: Optional[int] = None
    """The value at the start (by default the least from 0 up)."""

    def fresh(self, players: int) -> int:
        return max(self.low, 0) if self.start is None else self.start

    def features(self, value: Any, seat: int, players: int, scale: float) -> tuple[float, ...]:
        return (value * scale if self.counters else float(value),)

    def read(self, doc: Reader, key: str, players: int) -> int:
        return doc.int(key, self.low, self.high)


@dataclass(frozen=True)
class Flag(Kind):
    """True or false."""

    def fresh(self, players: int) -> bool:
        return False

    def read(self, doc: Reader, key: str, players: int) -> bool:
        return doc.bool(key)


@dataclass(frozen=True)
class Seat(Kind):
    """A seat, or ``None`` (none yet). It encodes as two features: whether it is the
    observing seat, whether there is one."""

    def fresh(self, players: int) -> Optional[int]:
        return None

    def size(self, players: int) -> int:
        return 2

    def features(self, value: Any, seat: int, players: int, scale: float) -> tuple[float, ...]:
        return (float(value == seat), float(value is not None))

    def read(self, doc: Reader, key: str, players: int) -> Optional[int]:
        return doc.seat(key, players, none=True)


class _Listed(Kind):
    """A list of whole numbers about the seats: copied and written as a list, shown as a
    tuple, one feature per seat."""

    def copy(self, value: Any) -> list[int]:
        return list(value)

    def view(self, value: Any) -> tuple[int, ...]:
        return tuple(value)

    def size(self, players: int) -> int:
        return players

    def write(self, value: Any) -> list[int]:
        return list(value)


@dataclass(frozen=True)
class PerSeat(_Listed):
    """One whole number from ``low`` to ``high`` per seat; encoded from the observing seat's
    own leftwards (over the starting counters if ``counters``); ``start``: each seat's value
    at the start (by default the least from 0 up)."""

    low: int = 0
    high: int = 2**62
    counters: bool = False
    start: Optional[int] = None

    def fresh(self, players: int) -> list[int]:
        return [max(self.low, 0) if self.start is None else self.start] * players

    def features(self, value: Any, seat: int, players: int, scale: float) -> tuple[float, ...]:
        factor = scale if self.counters else 1.0
        return tuple(value[(seat + k) % players] * factor for k in range(players))

    def read(self, doc: Reader, key: str, players: int) -> list[int]:
        values = doc.ints(key, self.low, self.high, players)
        if len(values) != players:
            raise StateError(f"{doc.path}.{key} must hold one number per seat ({players}), not {shown(values)}")
        return values


@dataclass(frozen=True)
class Seats(_Listed):
    """Some seats, in an order of the game's (each once); encoded as one flag per seat from
    the observing seat's own leftwards."""

    def fresh(self, players: int) -> list[int]:
        return []

    def features(self, value: Any, seat: int, players: int, scale: float) -> tuple[float, ...]:
        held = set(value)
        return tuple(float((seat + k) % players in held) for k in range(players))

    def read(self, doc: Reader, key: str, players: int) -> list[int]:
        return doc.seats(key, players)


@dataclass(frozen=True)
class Value(Kind):
    """Anything else the game keeps (its own bookkeeping): made by ``make(players)``, copied
    by ``copier``; never shown, encoded or written (a piece of this kind lasts a deal, which
    the replay of a snapshot rebuilds)."""

    make: Callable[[int], Any]
    copier: Callable[[Any], Any] = lambda value: value

    def fresh(self, players: int) -> Any:
        return self.make(players)

    def copy(self, value: Any) -> Any:
        return self.copier(value)

    def size(self, players: int) -> int:
        return 0

    def features(self, value: Any, seat: int, players: int, scale: float) -> tuple[float, ...]:
        return ()


@dataclass(frozen=True)
class Data(Value):
    """A value of the game's own shape that lasts the session (a list per table, a record of
    results): a :class:`Value` that is also written (``writer``: as JSON, by default as it
    is) and read back unchecked: the game's ``_check_session`` checks it, and may put it in
    the shape it keeps. Not encoded; ``viewer`` shows it in an observation, immutable."""

    writer: Callable[[Any], Any] = lambda value: value
    viewer: Callable[[Any], Any] = lambda value: value

    def view(self, value: Any) -> Any:
        return self.viewer(value)

    def write(self, value: Any) -> Any:
        return self.writer(self.copier(value))  # a copy: a snapshot never shares the live value

    def read(self, doc: Reader, key: str, players: int) -> Any:
        return doc.value(key)


@dataclass(frozen=True)
class Derived(Kind):
    """A value the seats see that follows from the rest (a jack-pot's minimum from its
    number): ``compute(game)``; ``encoder(value, seat)`` its features as ``seat`` sees them
    (``width`` of them). It is neither kept, copied nor written (declare it ``lasts="derived"``)."""

    compute: Callable[[Any], Any]
    encoder: Callable[[Any, int], tuple[float, ...]] = lambda value, seat: ()
    width: int = 0

    def size(self, players: int) -> int:
        return self.width

    def features(self, value: Any, seat: int, players: int, scale: float) -> tuple[float, ...]:
        return self.encoder(value, seat)


@dataclass(frozen=True)
class Piece:
    """One piece of a game's state: the attribute ``_<name>``, the observation's key
    ``<name>``. ``lasts``: ``"deal"`` (fresh at each deal; a snapshot rebuilds it by
    replaying the deal), ``"session"`` (carried between deals; a snapshot writes it) or
    ``"derived"`` (a :class:`Derived` value, computed when seen).
    ``seen``: whether every seat sees it (in the observation and the encoding); a piece
    not seen is the game's bookkeeping, for the omniscient side only."""

    name: str
    kind: Kind
    lasts: Literal["deal", "session", "derived"] = "deal"
    seen: bool = True

    attribute: str = field(init=False, repr=False, compare=False)
    """The game's attribute that holds it: ``_<name>``."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "attribute", "_" + self.name)
        kind, lasts = self.kind, self.lasts
        if isinstance(kind, Derived) != (lasts == "derived"):
            raise ValueError(f"piece {self.name!r}: a Derived kind, and only it, lasts 'derived'")
        if isinstance(kind, Value) and not isinstance(kind, Data) and (self.seen or lasts != "deal"):
            raise ValueError(f"piece {self.name!r}: a Value is the game's own bookkeeping of a deal: "
                             "declare it seen=False and lasting the deal (a Data lasts the session)")


def layout(pieces: Sequence[Piece], players: int) -> list[tuple[str, int]]:
    """The encoding's segments the ``pieces`` seen make, in order: (name, features).

    >>> layout([Piece("opener", Seat()), Piece("paid", PerSeat(0, 9)), Piece("memo", Number(), seen=False)], 3)
    [('opener', 2), ('paid', 3)]
    """
    return [(p.name, p.kind.size(players)) for p in pieces if p.seen and p.kind.size(players)]
