"""What a move is, below the driver protocol: :class:`Action`, its :func:`action_key`, and
:class:`GameInfo`, what a game is for given options.

Every game's actions are frozen dataclasses derived from :class:`Action`, whose
fields hold only ints, bools, strs (or ``None`` where declared ``Optional``).
Legality is decided on :func:`action_key`: the exact class and the exact types
and values of the fields, never the action's own ``__eq__``. The engine's
modules (the codec, the records, the betting) need these and nothing of the
driver protocol, so they live here; :mod:`pycards.games.base` re-exports them
(the same objects).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Bet(Action):
...     amount: int
>>> Bet(2).key()[1:], Bet(2).to_dict()
((2,), {'type': 'Bet', 'amount': 2})
>>> action_key(Bet(True))
Traceback (most recent call last):
...
pycards.errors.IllegalActionError: Bet.amount must be int, not True
"""

from __future__ import annotations

import typing
from dataclasses import dataclass, fields
from typing import Any, NamedTuple

from pycards.errors import IllegalActionError
from pycards.games.engine.document import shown

__all__ = ["Action", "GameInfo", "action_key"]

_KINDS: dict[type, tuple[tuple[str, tuple[type, ...]], ...]] = {}
"""Per action class: each field's name and the exact types it may hold."""


def _field_kinds(cls: type) -> tuple[tuple[str, tuple[type, ...]], ...]:
    kinds = _KINDS.get(cls)
    if kinds is None:
        hints = typing.get_type_hints(cls)
        found = []
        for f in fields(cls):
            hint = hints[f.name]
            allowed = tuple(a for a in typing.get_args(hint)) if typing.get_origin(hint) else (hint,)
            if not all(a in (int, bool, str, type(None)) for a in allowed):
                raise TypeError(f"{cls.__name__}.{f.name}: an action field is an int, bool or str, not {hint!r}")
            found.append((f.name, allowed))
        kinds = _KINDS[cls] = tuple(found)
    return kinds


def action_key(action: object) -> tuple[Any, ...]:
    """``(class, *fields)`` of an action whose fields all hold exactly their declared
    types; IllegalActionError otherwise. Keys compare by plain values only."""
    cls = type(action)
    kinds = _KINDS.get(cls)
    if kinds is None:
        if not isinstance(action, Action):
            raise IllegalActionError(f"an action is a pycards Action, not {shown(action)}")
        try:
            kinds = _field_kinds(cls)
        except (TypeError, NameError) as error:  # a user's subclass: fields no game has, or unresolvable
            raise IllegalActionError(f"{cls.__name__} is not an action of any game: {error}") from None
    if not kinds:
        return (cls,)
    key = [cls]
    for name, allowed in kinds:
        value = getattr(action, name)
        if type(value) not in allowed:
            raise IllegalActionError(
                f"{cls.__name__}.{name} must be {' or '.join(t.__name__ for t in allowed)}, not {shown(value)}"
            )
        key.append(value)
    return tuple(key)


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every game's actions: immutable, hashable values."""

    def key(self) -> tuple[Any, ...]:
        """:func:`action_key` of this action."""
        return action_key(self)

    def to_dict(self) -> dict[str, Any]:
        cls = type(self)
        names = _FIELD_NAMES.get(cls)
        if names is None:
            names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(self))
        found: dict[str, Any] = {"type": cls.__name__}
        for name in names:
            found[name] = getattr(self, name)
        return found


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
"""Each action class's field names, in order (:func:`dataclasses.fields` is slow to ask per
action, and a seat to act at a table with a high limit has a thousand)."""


class GameInfo(NamedTuple):
    """What a game is, for given options: its name, the players it allows, the most
    decisions one deal can take, the cards of its pack and its number of action ids."""

    name: str
    min_players: int
    max_players: int
    max_decisions_per_deal: int
    pack: tuple[int, ...]
    num_actions: int
    observation_size: int
