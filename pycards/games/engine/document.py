"""Reading a game's state document (``from_dict``), checking every field on the way.

A :class:`Reader` wraps one JSON object and hands out its fields already
checked: an exact ``int`` within bounds (never a bool, a float or a string of
digits), a ``bool``, one of some choices, a list of seats or cards. The first
problem raises :class:`~pycards.errors.StateError` naming the field by its path
and the offending value, so a tampered or truncated document never becomes a
game.

>>> Reader({"dealer": 7}, "state").int("dealer", 0, 3)
Traceback (most recent call last):
...
pycards.errors.StateError: state.dealer must be a whole number from 0 to 3, not 7
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any, TypeAlias

from pycards._messages import shown
from pycards.errors import StateError

__all__ = ["Reader", "StateError", "plain_object", "plain_str", "same", "shown"]

# The builtins, for annotations beside the methods named after them.
_Int: TypeAlias = int
_Bool: TypeAlias = bool
_List: TypeAlias = list


def same(a: object, b: object) -> bool:
    """Whether two JSON values are equal with the same types at every level (``1``,
    ``1.0`` and ``True`` differ; a list and a tuple of the same items do not).

    >>> same({"a": [1, 2]}, {"a": (1, 2)}), same([1], [1.0]), same(True, 1)
    (True, False, False)
    """
    # exact types only, so no method of a tampered document's own runs here
    if (type(a) is list or type(a) is tuple) and (type(b) is list or type(b) is tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if type(a) is dict and type(b) is dict:
        return (all(type(k) is str for k in a) and a.keys() == b.keys()
                and all(same(a[k], b[k]) for k in a))  # fmt: skip
    return type(a) is type(b) and a == b


MOST_FIELDS = 10_000
"""The most fields :func:`plain_object` reads from one object (far more than any document or
set of options holds): a mapping that never ends is refused."""


def plain_str(value: object) -> str | None:
    """``value`` as a plain ``str`` if it is a str (a subclass's, as NumPy's ``str_``, copied as
    its characters, so that its own ``__eq__`` and ``__hash__`` never run), else None.

    >>> import numpy as np
    >>> type(plain_str(np.str_("dealer"))), plain_str(7)
    (<class 'str'>, None)
    """
    return str.__str__(value) if isinstance(value, str) else None


def plain_object(data: object, what: str, error: type[ValueError] = StateError) -> dict[str, Any]:
    """``data``, a mapping whose keys are strings, read once into a plain dict whose keys are
    plain ``str`` (a subclass's, as NumPy's ``str_``, copied as text), so that no method of the
    caller's own object runs after this; ``error`` naming the problem otherwise (``what``: the
    object, as messages name it). A plain dict is taken as it is, its keys checked.

    >>> plain_object({1: 2}, "doc")
    Traceback (most recent call last):
    ...
    pycards.errors.StateError: doc's keys are field names, not 1
    """
    if not isinstance(data, Mapping):
        raise error(f"{what} must be an object (a mapping), not {shown(data)}")
    if type(data) is dict and all(type(key) is str for key in data):
        return data
    try:
        items = list(itertools.islice(data.items(), MOST_FIELDS + 1))
    except Exception:  # its own items(), __iter__ or __getitem__ failed
        raise error(f"{what} cannot be read as an object: {shown(data)}") from None
    if len(items) > MOST_FIELDS:
        raise error(f"{what} holds more than {MOST_FIELDS:,} fields: {shown(data)}")
    plain: dict[str, Any] = {}
    for key, value in items:
        name = plain_str(key)
        if name is None:
            raise error(f"{what}'s keys are field names, not {shown(key)}")
        if name in plain:
            raise error(f"{what} names the field {shown(name)} twice")
        plain[name] = value
    return plain


class Reader:
    """The checked fields of the JSON object ``data``, found at ``path`` in the document."""

    __slots__ = ("data", "path")

    def __init__(self, data: object, path: str) -> None:
        self.data = plain_object(data, path)
        self.path = path

    def _get(self, key: str) -> Any:
        try:
            return self.data[key]
        except KeyError:
            raise StateError(f"{self.path}.{key} is missing") from None

    def only(self, *keys: str) -> Reader:
        """Refuse any field but ``keys`` (a document with fields added by hand)."""
        for key in self.data:
            if key not in keys:
                raise StateError(f"{self.path} has an unknown field {shown(key)}")
        return self

    def int(self, key: str, low: _Int, high: _Int) -> _Int:
        value = self._get(key)
        if type(value) is not int or not low <= value <= high:
            raise StateError(
                f"{self.path}.{key} must be a whole number from {low} to {high}, not {shown(value)}"
            )
        return value

    def bool(self, key: str) -> _Bool:
        value = self._get(key)
        if type(value) is not bool:
            raise StateError(f"{self.path}.{key} must be true or false, not {shown(value)}")
        return value

    def choice(self, key: str, choices: Sequence[Any]) -> Any:
        value = self._get(key)
        if not any(type(value) is type(c) and value == c for c in choices):
            allowed = ", ".join(map(repr, choices))
            raise StateError(f"{self.path}.{key} must be one of {allowed}, not {shown(value)}")
        return value

    def value(self, key: str) -> Any:
        """The field unchecked (for a part another reader checks)."""
        return self._get(key)

    def reader(self, key: str) -> Reader:
        return Reader(self._get(key), f"{self.path}.{key}")

    def list(self, key: str, longest: _Int) -> _List[Any]:
        value = self._get(key)
        if type(value) is not list and type(value) is not tuple:
            raise StateError(f"{self.path}.{key} must be a list, not {shown(value)}")
        if len(value) > longest:
            raise StateError(f"{self.path}.{key} holds {len(value)} items, more than {longest}")
        return list(value)

    def ints(self, key: str, low: _Int, high: _Int, longest: _Int) -> _List[_Int]:
        """A list of exact ints from ``low`` to ``high``, at most ``longest`` of them."""
        values = self.list(key, longest)
        for i, value in enumerate(values):
            if type(value) is not int or not low <= value <= high:
                raise StateError(
                    f"{self.path}.{key}[{i}] must be a whole number from {low} to {high}, not {shown(value)}"
                )
        return values

    def cards(self, key: str, longest: _Int) -> _List[_Int]:
        """A list of card ids 0..51."""
        return self.ints(key, 0, 51, longest)

    def seats(self, key: str, players: _Int) -> _List[_Int]:
        """A list of distinct seats."""
        seats = self.ints(key, 0, players - 1, players)
        if len(set(seats)) != len(seats):
            raise StateError(f"{self.path}.{key} names a seat twice: {shown(seats)}")
        return seats

    def seat(self, key: str, players: _Int, none: _Bool = False) -> _Int | None:
        """A seat, or ``None`` where ``none`` allows it."""
        if none and self._get(key) is None:
            return None
        return self.int(key, 0, players - 1)
