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
import importlib.machinery
import os
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
    "odds",
    "parse",
    "poker",
    "settlement",
    "vingtun",
]
__version__ = "0.1.0"

DISTRIBUTION = "pycards-laws"
"""The name pycards is installed under (``pip install pycards-laws``; the import name is
``pycards``). ``pycards`` on PyPI is an unrelated project."""

_COMPILED = ("_poker", "_commerce", "_brag", "_vingtun", "games/engine/_pack", "games/engine/_sight")
"""The compiled modules, as paths inside the package (setup.py builds them from ``src/``)."""


def _install_hint(extra: str) -> str:
    """How to install the optional ``extra``, from PyPI or from a clone of the repository."""
    return f"pip install '{DISTRIBUTION}[{extra}]' (from a clone of the repository: pip install '.[{extra}]')"


def _check_source_tree() -> None:
    """In a source tree (``src/`` beside the package) whose compiled modules were never built,
    one ImportError saying what to do, rather than a missing ``pycards._poker`` later on.
    An installed package has no ``src/`` beside it: one ``stat``, nothing more."""
    here = os.path.dirname(os.path.abspath(__file__))
    if not os.path.isfile(os.path.join(os.path.dirname(here), "src", "_poker.pyx")):
        return
    for module in _COMPILED:
        base = os.path.join(here, *module.split("/"))
        if not any(os.path.isfile(base + suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES):
            name = "pycards." + module.replace("/", ".")
            raise ImportError(
                f"pycards is imported from a source tree whose compiled modules are not built ({name} is "
                f"missing in {here}): build them in place with `pip install -e .` (or `python setup.py "
                f"build_ext --inplace`), or run Python from outside the clone to use the installed package",
                name=name,
            )


_check_source_tree()

_SUBMODULES = ("brag", "commerce", "odds", "poker", "settlement", "vingtun")


def __getattr__(name: str) -> Any:
    """Load a game module on first use, so ``import pycards`` stays cheap."""
    if name in _SUBMODULES:
        module = importlib.import_module(f"pycards.{name}")
        globals()[name] = module
        return module
    raise AttributeError(f"module 'pycards' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_SUBMODULES))
