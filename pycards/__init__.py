"""pycards: fast hand evaluators for the old English and American card games.

Cards are integer ids (``4 * rank + suit``). :mod:`pycards.poker` ranks five-card
poker hands under the English laws or the American rules; :mod:`pycards.commerce`
ranks three-card Commerce hands (and My Ship Sails, Thirty-one);
:mod:`pycards.brag` ranks Brag hands with their braggers; :mod:`pycards.vingtun`
counts and settles Vingt-un hands; :mod:`pycards.settlement` moves counters
between players and pools without ever creating or losing one. Importing
pycards does not import numpy (the batch functions load it on first use), and
each game module is loaded the first time it is used.

>>> from pycards import poker
>>> poker.describe("AH KH QH JH 10H")
'flush in hearts, ace high'
>>> poker.describe("AH KH QH JH 10H", rules="american")
'sequence flush, ace high'
"""

import importlib
from typing import Any

from pycards.cards import Deck, card, format, parse
from pycards.errors import (
    CardError,
    CardTypeError,
    DuplicateCardError,
    HandSizeError,
    RulesError,
    SettlementError,
    UnknownCardError,
    WrongTypeError,
)

__all__ = [
    "CardError",
    "CardTypeError",
    "Deck",
    "DuplicateCardError",
    "HandSizeError",
    "RulesError",
    "SettlementError",
    "UnknownCardError",
    "WrongTypeError",
    "brag",
    "card",
    "commerce",
    "format",
    "parse",
    "poker",
    "settlement",
    "vingtun",
]
__version__ = "0.1.0"

_SUBMODULES = ("brag", "commerce", "poker", "settlement", "vingtun")


def __getattr__(name: str) -> Any:
    """Load a game module on first use, so ``import pycards`` stays cheap."""
    if name in _SUBMODULES:
        module = importlib.import_module(f"pycards.{name}")
        globals()[name] = module
        return module
    raise AttributeError(f"module 'pycards' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_SUBMODULES))
