"""A game's agreed terms: a frozen dataclass validated from its own annotations.

Each game declares its options once, as a subclass of :class:`Options` whose
fields carry their rule in the annotation: ``Annotated[int, Range(1, 100)]`` for
a bounded whole number, ``bool``, a ``Literal`` of choices, or ``Optional`` of
either. The base class checks every value when the options are made (an exact
``int``, never a ``bool`` or a float that happens to compare equal), gives them
as JSON (:meth:`Options.to_dict`) and reads them back (:meth:`Options.from_dict`),
and describes them (:meth:`Options.describe`) for the CLI and the docs. That is
the one place a game's option vocabulary is written.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Terms(Options):
...     stake: Annotated[int, Range(1, 10)] = 1
...     pool: bool = False
>>> Terms(stake=3).to_dict()
{'stake': 3, 'pool': False}
>>> Terms(stake=11)
Traceback (most recent call last):
...
pycards.errors.GameOptionError: option stake must be a whole number from 1 to 10, not 11
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, fields
from typing import Annotated, Any, ClassVar, Literal, NamedTuple, TypeVar, Union

from pycards.errors import GameOptionError
from pycards.games.engine.document import plain_object, shown

__all__ = ["Field", "Options", "Range"]

O = TypeVar("O", bound="Options")


@dataclass(frozen=True)
class Range:
    """The bounds of a whole-number option, both included."""

    low: int
    high: int


class Field(NamedTuple):
    """One option as :meth:`Options.describe` gives it: its name, default and allowed values."""

    name: str
    default: Any
    kind: str
    """``"int"``, ``"bool"`` or ``"choice"``."""
    low: int | None = None
    high: int | None = None
    choices: tuple[Any, ...] = ()
    optional: bool = False
    """Whether ``None`` is allowed too (``Optional[...]``)."""

    def allowed(self) -> str:
        """The allowed values in words: ``1..100``, ``true or false``, ``'next' or 'holder'``."""
        none = " or none" if self.optional and self.kind != "choice" else ""
        if self.kind == "int":
            return f"{self.low}..{self.high}{none}"
        if self.kind == "bool":
            return f"true or false{none}"
        return " or ".join("none" if c is None else repr(c) for c in self.choices)


def _rule(name: str, hint: Any, default: Any) -> Field:
    """The :class:`Field` an annotation declares."""
    optional = False
    if typing.get_origin(hint) in (Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        optional, hint = True, args[0]
    if typing.get_origin(hint) is Annotated:
        base, *extras = typing.get_args(hint)
        bounds = [e for e in extras if isinstance(e, Range)]
        if base is int and bounds:
            return Field(name, default, "int", bounds[0].low, bounds[0].high, optional=optional)
    if hint is bool:
        return Field(name, default, "bool", optional=optional)
    if typing.get_origin(hint) is Literal:
        choices = typing.get_args(hint)
        return Field(name, default, "choice", choices=((None,) if optional else ()) + choices, optional=optional)
    raise TypeError(f"option {name}: annotate Annotated[int, Range(...)], bool or Literal[...], not {hint!r}")


def _check(rule: Field, value: Any) -> None:
    if value is None and rule.optional:
        return
    if rule.kind == "int":
        if type(value) is not int or not rule.low <= value <= rule.high:  # type: ignore[operator]
            raise GameOptionError(
                f"option {rule.name} must be a whole number from {rule.low} to {rule.high}, not {shown(value)}"
            )
    elif rule.kind == "bool":
        if type(value) is not bool:
            raise GameOptionError(f"option {rule.name} must be True or False{' or None' if rule.optional else ''}, "
                                  f"not {shown(value)}")  # fmt: skip
    elif not any(type(value) is type(c) and value == c for c in rule.choices):
        raise GameOptionError(f"option {rule.name} must be one of {rule.allowed()}, not {shown(value)}")


@dataclass(frozen=True)
class Options:
    """Base of every game's options (see the module docstring)."""

    _rules: ClassVar[dict[type, tuple[Field, ...]]] = {}

    def __post_init__(self) -> None:
        for rule in self.describe():
            _check(rule, getattr(self, rule.name))
        self.check()

    def check(self) -> None:
        """Rules between options (a game overrides this); raise GameOptionError naming them."""

    @classmethod
    def describe(cls) -> tuple[Field, ...]:
        """Every option with its default and allowed values, in declaration order."""
        rules = Options._rules.get(cls)
        if rules is None:
            hints = typing.get_type_hints(cls, include_extras=True)
            rules = tuple(
                _rule(f.name, hints[f.name], None if f.default is MISSING else f.default) for f in fields(cls)
            )
            Options._rules[cls] = rules
        return rules

    def to_dict(self) -> dict[str, Any]:
        """The options as plain JSON values."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls: type[O], data: Mapping[str, Any], game: str = "the game", complete: bool = False) -> O:
        """Options from :meth:`to_dict` (or keyword arguments); an unknown name raises
        GameOptionError naming it, and so does a bad value. ``complete``: every option
        must be given (a state document's options, where a missing one is tampering)."""
        data = plain_object(data, f"the options of {game}", GameOptionError)
        known = [rule.name for rule in cls.describe()]
        for name in data:
            if name not in known:
                raise GameOptionError(f"unknown {game} option {shown(name)}")
        if complete:
            for name in known:
                if name not in data:
                    raise GameOptionError(f"the {game} option {name} is missing")
        return cls(**data)
