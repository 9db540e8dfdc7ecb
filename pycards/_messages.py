"""How a bad value is named in an error message (every module's messages use it)."""

from __future__ import annotations

__all__ = ["shown"]

_SHOWN = 80
"""The longest a value is shown in a message, in characters."""


def shown(value: object) -> str:
    """``repr(value)`` cut short for a message (and never an error itself)."""
    try:
        text = repr(value)
    except Exception:  # a huge int (Python's digit limit), or a failing __repr__
        if isinstance(value, int):
            text = f"<int of {value.bit_length()} bits>"
        elif hasattr(type(value), "__dataclass_fields__"):  # an action holding a huge int
            names = getattr(type(value), "__dataclass_fields__")
            text = f"{type(value).__name__}({', '.join(f'{n}={shown(getattr(value, n, None))}' for n in names)})"
        else:
            text = object.__repr__(value)
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."
