"""Values an attacker (or a tired caller) hands to a public function, shared by the
hostile-input tests: objects whose own ``__repr__``, ``__eq__`` or ``__index__`` fail or
lie, a huge int and a very long text."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

HUGE = 10**5000
"""An int whose own repr raises (Python's limit on converting digits)."""
LONG = "x" * 10**7
"""A text far longer than any message should be."""


class Unprintable:
    """An object whose ``__repr__`` raises."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class EqualsAll:
    """Equal to everything."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = object.__hash__


class EqualsRaises:
    """An object whose ``__eq__`` raises."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no comparison")

    __hash__ = object.__hash__


class IndexRaises:
    """An object whose ``__index__`` raises."""

    def __index__(self) -> int:
        raise RuntimeError("no index")


class UnreadableMapping(Mapping[str, Any]):
    """A mapping whose every read fails."""

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data

    def __getitem__(self, key: str) -> Any:
        raise RuntimeError("no getitem")

    def __iter__(self) -> Iterator[str]:
        raise RuntimeError("no iter")

    def __len__(self) -> int:
        return len(self._data)
