"""pycards: fast hand evaluators for the old English and American card games.

Cards are integer ids (``4 * rank + suit``). :mod:`pycards.poker` ranks five-card
poker hands under the English laws or the American rules; :mod:`pycards.commerce`
ranks three-card Commerce hands (and My Ship Sails, Thirty-one);
:mod:`pycards.brag` ranks Brag hands with their braggers; :mod:`pycards.vingtun`
counts and settles Vingt-un hands. Importing pycards does not import numpy; the
batch functions load it on first use.

>>> import pycards
>>> from pycards import brag, commerce, poker, vingtun
>>> poker.describe("AH KH QH JH 10H")
'flush in hearts, ace high'
>>> poker.describe("AH KH QH JH 10H", rules="american")
'sequence flush, ace high'
"""

from pycards import brag, commerce, poker, vingtun
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
    "brag",
    "card",
    "commerce",
    "format",
    "parse",
    "poker",
    "vingtun",
]
__version__ = "0.1.0"
