"""pycards: fast hand evaluators for the old English and American card games.

Cards are integer ids (``4 * rank + suit``); :mod:`pycards.poker` ranks five-card
poker hands under the English laws or the American rules. Importing pycards
does not import numpy; the batch functions load it on first use.

>>> import pycards
>>> from pycards import poker
>>> poker.describe("AH KH QH JH 10H")
'flush in hearts, ace high'
>>> poker.describe("AH KH QH JH 10H", rules="american")
'sequence flush, ace high'
"""

from pycards import poker
from pycards.cards import Deck, card, format, parse
from pycards.errors import (
    CardError,
    DuplicateCardError,
    HandSizeError,
    RulesError,
    UnknownCardError,
)

__all__ = [
    "CardError",
    "Deck",
    "DuplicateCardError",
    "HandSizeError",
    "RulesError",
    "UnknownCardError",
    "card",
    "format",
    "parse",
    "poker",
]
__version__ = "0.1.0"
