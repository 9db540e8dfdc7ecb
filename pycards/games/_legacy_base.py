"""The protocol every game driver follows.

A driver is a state machine that a program (a simulator, a reinforcement
learning loop, a game server) steps through one decision at a time:

* ``game.to_act`` is the seat whose decision it is (``None`` once the game is
  over) and ``game.legal_actions()`` lists every action that seat may take now,
  as immutable, hashable values with amounts enumerated as whole counters.
* ``game.apply(action)`` carries the action out, deals whatever cards chance
  brings next, settles whatever is due, and returns a :class:`Record` of what
  happened. An action that is not legal now raises :class:`IllegalActionError`
  (a ``ValueError``) saying why, and leaves the game exactly as it was.
* Chance is internal and reproducible: the same seed and the same actions give
  the same game. ``copy()`` is independent; ``to_dict()`` and
  ``from_dict()`` round-trip through JSON at any point.
* ``observation(seat)`` is what that seat may know; ``ledger`` holds every
  counter (its total never changes) and ``payoffs()`` each seat's net result.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, NamedTuple, Optional

from pycards.errors import IllegalActionError
from pycards.settlement import Ledger, Payment

__all__ = ["Action", "Game", "IllegalActionError", "Record"]


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every game's actions: immutable, hashable, comparable by value."""

    def to_dict(self) -> dict[str, Any]:
        return {"type": type(self).__name__, **{f.name: getattr(self, f.name) for f in fields(self)}}

    def has_exact_types(self) -> bool:
        """Whether every field holds exactly its declared type: an ``int`` amount is an
        int, not a float or a bool that merely compares equal to one."""
        checks = _EXACT_FIELDS.get(type(self))
        if checks is None:
            checks = _EXACT_FIELDS[type(self)] = tuple(
                (f.name, {"int": int, "bool": bool}[str(f.type)])
                for f in fields(self)
                if str(f.type) in ("int", "bool")
            )
        return all(type(getattr(self, name)) is kind for name, kind in checks)


_EXACT_FIELDS: dict[type, tuple[tuple[str, type], ...]] = {}
"""Per action class: its int and bool fields (worked out once)."""


class Record(NamedTuple):
    """What one call of ``apply`` did: who acted, the cards chance dealt, the payments."""

    seat: Optional[int]
    action: Optional[Action]
    dealt: tuple[tuple[str, int], ...] = ()
    payments: tuple[Payment, ...] = ()
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "action": None if self.action is None else self.action.to_dict(),
            "dealt": [list(d) for d in self.dealt],
            "payments": [list(p) for p in self.payments],
            "note": self.note,
        }


class Game(ABC):
    """Base of the game drivers (see the module docstring for the protocol)."""

    name: ClassVar[str]
    Options: ClassVar[type]
    actions: ClassVar[Mapping[str, type[Action]]]

    dealer: int
    """The seat dealing now."""
    rounds_played: int
    """Rounds (hands of the deal) completed so far."""

    @abstractmethod
    def __init__(self, players: int = 4, seed: int = 0, **options: Any) -> None: ...

    @property
    @abstractmethod
    def to_act(self) -> int | None: ...

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    @abstractmethod
    def legal_actions(self) -> list[Action]: ...

    @abstractmethod
    def apply(self, action: Action) -> Record: ...

    @abstractmethod
    def observation(self, seat: int) -> dict[str, Any]: ...

    @property
    @abstractmethod
    def ledger(self) -> Ledger: ...

    @abstractmethod
    def payoffs(self) -> dict[int, int]: ...

    @abstractmethod
    def copy(self) -> Game: ...

    @abstractmethod
    def to_dict(self) -> dict[str, Any]: ...

    @classmethod
    @abstractmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game: ...

    @classmethod
    def action_from_dict(cls, data: Mapping[str, Any]) -> Action:
        """An action from its ``to_dict()`` form."""
        kind = cls.actions.get(data.get("type", ""))
        if kind is None:
            raise IllegalActionError(f"unknown {cls.name} action {data.get('type')!r}")
        return kind(**{k: v for k, v in data.items() if k != "type"})
