"""Integer action ids for learning loops: every action a game can ever take, numbered.

A game lists its *action domains* for given options and players: each action
class with the values each of its fields can take. The codec numbers the
actions in that order (class by class, then field values in order, the last
field varying fastest), so for the same options the numbering is the same in
every version that keeps the domains; a game documents its domains.

>>> from dataclasses import dataclass
>>> from pycards.games.engine.actions import Action
>>> @dataclass(frozen=True, slots=True)
... class Bet(Action):
...     amount: int
>>> @dataclass(frozen=True, slots=True)
... class Fold(Action):
...     pass
>>> codec = Codec([(Fold, {}), (Bet, {"amount": range(1, 4)})])
>>> codec.size, codec.index(Bet(2)), codec.action(0)
(4, 2, Fold())
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, SupportsIndex, cast

from pycards.errors import IllegalActionError
from pycards.games.engine.actions import Action, action_key
from pycards.games.engine.document import shown

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["Codec", "Domains", "action_id"]

Domains = Sequence[tuple[type, Mapping[str, Iterable[Any]]]]
"""Each action class with the values of each of its fields, in field order."""


def action_id(index: object, size: int) -> int:
    """``index`` as an action id ``0 .. size - 1``: an int or a NumPy integer (not a bool), read
    with ``operator.index``; IllegalActionError naming it otherwise, whatever its own
    ``__index__`` does (raises, or returns no int). The fast path is a plain int."""
    if type(index) is int:
        value = index
    else:
        try:
            if type(index) is bool:
                raise TypeError
            value = operator.index(cast(SupportsIndex, index))
        except Exception:  # not a whole number, or its own __index__ failed
            raise IllegalActionError(f"an action id is a whole number, not {shown(index)}") from None
    if not 0 <= value < size:
        raise IllegalActionError(f"action id {shown(index)} is outside 0..{size - 1}")
    return value


class Codec:
    """The numbering of a game's actions (see the module docstring)."""

    __slots__ = ("actions", "size", "_index")

    def __init__(self, domains: Domains) -> None:
        actions: list[Action] = []
        for kind, values in domains:
            names = list(values)
            for combination in itertools.product(*(tuple(values[n]) for n in names)):
                actions.append(kind(**dict(zip(names, combination))))
        self.actions: tuple[Action, ...] = tuple(actions)
        self.size = len(actions)
        self._index = {a.key(): i for i, a in enumerate(actions)}

    def index(self, action: Action) -> int:
        """The id of ``action``; IllegalActionError for an action outside the domains."""
        try:
            return self._index[action_key(action)]
        except KeyError:
            raise IllegalActionError(f"{shown(action)} is not an action of this game with these options") from None

    def action(self, index: int) -> Action:
        """The action numbered ``index``."""
        return self.actions[action_id(index, self.size)]

    def mask(self, legal: Iterable[Action]) -> npt.NDArray[np.bool_]:
        """A bool array over every id, true where the action is in ``legal``."""
        import numpy as np

        mask = np.zeros(self.size, dtype=np.bool_)
        mask[[self.index(a) for a in legal]] = True
        return mask
