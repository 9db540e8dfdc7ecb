"""Game values as JSON, and JSON from clients read strictly.

The drivers speak Python: observations hold named tuples (``HandView``),
tuples, dicts with int keys and, in some games, NumPy values; records hold
entries that are named tuples and actions that are frozen dataclasses.
:func:`to_json` turns any of these into plain JSON values, for any game:

* a named tuple becomes an object of its fields, any other tuple or list a list;
* a mapping becomes an object, its int keys written as decimal strings;
* an action (any dataclass) becomes its fields (an action with its ``type``);
* a NumPy scalar or array becomes the Python value or nested list it holds;
* a set becomes a sorted list, an enum its value.

Anything else is a server bug, and raises ``TypeError`` rather than send
something nobody checked. :func:`record_json` gives a seat's view of one record
(``Record.view(seat)`` again, whatever record it is given, so a full record can
never slip through), with the lines :mod:`pycards.games.text` writes for it.

:func:`parse` reads a client's JSON text: at most ``limit`` bytes, objects without
duplicate keys, no ``NaN`` or ``Infinity``, no nesting deep enough to exhaust the
parser; anything else is a :class:`~pycards.server.errors.WireError`.

>>> from pycards.games.vingt_un import HandView, Stake
>>> to_json({0: [HandView((51, None), 2, False, False)], "offer": None, "act": Stake(3)})
{'0': [{'cards': [51, None], 'stake': 2, 'divided': False, 'done': False}], 'offer': None, \
'act': {'type': 'Stake', 'amount': 3}}
>>> parse('{"version": 3}', 100)
{'version': 3}
>>> parse('{"a": 1, "a": 2}', 100)
Traceback (most recent call last):
...
pycards.server.errors.WireError: the message is not valid JSON (a key appears twice)
"""

from __future__ import annotations

import dataclasses
import enum
import json
import math
from collections.abc import Mapping
from typing import Any, Optional, Union

from pycards.games.base import Action
from pycards.games.engine.document import shown
from pycards.games.engine.events import Record
from pycards.games.text import record_lines
from pycards.server.errors import WireError

__all__ = ["JSON", "dumps", "parse", "record_json", "to_json"]

JSON = Union[None, bool, int, float, str, list["JSON"], dict[str, "JSON"]]
"""A plain JSON value."""


def _key(key: object) -> str:
    """An object key: strings as they are, ints (the games' seats) as decimal text."""
    if type(key) is str:
        return key
    if isinstance(key, int) and not isinstance(key, bool):
        return str(int(key))
    if type(key).__module__ == "numpy" and hasattr(key, "item"):
        return _key(key.item())
    raise TypeError(f"no JSON object key for a {type(key).__name__}")


def to_json(value: object) -> JSON:
    """``value`` as plain JSON values (see the module docstring); TypeError for anything else."""
    kind = type(value)
    if value is None or kind is bool or kind is int or kind is str:
        return value  # type: ignore[return-value]
    if kind is float:
        number: float = value  # type: ignore[assignment]
        if not math.isfinite(number):
            raise TypeError("no JSON value for a float that is not finite")
        return number
    if isinstance(value, Action):  # first: a seat to act may have a thousand
        return {name: to_json(item) for name, item in value.to_dict().items()}
    if isinstance(value, enum.Enum):
        return to_json(value.value)
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {str(name): to_json(item) for name, item in zip(value._fields, value)}
    if isinstance(value, (list, tuple)):
        return [to_json(item) for item in value]
    if isinstance(value, Mapping):
        data: dict[str, JSON] = {}
        for key, item in value.items():
            text = _key(key)
            if text in data:
                raise TypeError(f"two keys of a mapping both write as {shown(text)}")
            data[text] = to_json(item)
        return data
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (set, frozenset)):
        return [to_json(item) for item in sorted(value)]
    if kind.__module__ == "numpy" and hasattr(value, "tolist"):
        return to_json(value.tolist())  # a NumPy scalar (its Python value) or array (nested lists)
    if isinstance(value, bool):  # subclasses of the JSON scalars, as their plain values
        return bool(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, str):
        return str(value)
    raise TypeError(f"no JSON value for a {kind.__name__}")


def record_json(record: Record, seat: Optional[int], index: int, game: Optional[str] = None,
                observation: Optional[Mapping[str, Any]] = None) -> dict[str, JSON]:  # fmt: skip
    """``seat``'s view of the record number ``index`` (``None``: a spectator's): its index,
    who acted, the action, the entries, and the record as lines of text for that seat, told
    in ``game``'s words (its labels and hand names; ``observation`` is the seat's own)."""
    view = record.view(seat)
    data: dict[str, JSON] = {"index": index}
    body = to_json(view.to_dict())
    assert isinstance(body, dict)
    data.update(body)
    data["text"] = list(record_lines(view, seat, game=game, observation=observation))
    return data


def dumps(value: JSON) -> str:
    """Compact JSON text of a plain JSON value (never ``NaN``: that is not JSON)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


class _Duplicate(ValueError):
    pass


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise _Duplicate("a key appears twice")
        data[key] = value
    return data


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse(text: Union[str, bytes], limit: int) -> Any:
    """The JSON value of a client's ``text`` (at most ``limit`` bytes in UTF-8); a
    WireError ``too_large`` or ``bad_json`` otherwise."""
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise WireError("too_large", f"the message is {size} bytes; the limit is {limit}", 413)
    try:
        return json.loads(text, object_pairs_hook=_object, parse_constant=_constant)
    except _Duplicate:
        raise WireError("bad_json", "the message is not valid JSON (a key appears twice)") from None
    except (ValueError, RecursionError, UnicodeDecodeError):  # JSONDecodeError is a ValueError
        raise WireError("bad_json", "the message is not valid JSON") from None
