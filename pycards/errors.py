"""The exceptions pycards raises for bad input.

Every one is a ``ValueError``, so ``except ValueError`` keeps working, and every
message names the offending value with its ``repr``.
"""

from __future__ import annotations

__all__ = [
    "CardError",
    "CardTypeError",
    "DuplicateCardError",
    "GameOptionError",
    "HandSizeError",
    "IllegalActionError",
    "RulesError",
    "SettlementError",
    "StateError",
    "UnknownCardError",
    "WrongTypeError",
]


class WrongTypeError(ValueError, TypeError):
    """An argument of the wrong type (a float for a card id, ``None`` for a flag).

    Both a ``TypeError``, as Python's own argument checks are, and a
    ``ValueError``, so ``except ValueError`` catches every bad input pycards
    reports.
    """


class CardError(ValueError):
    """A card or a hand that pycards cannot accept."""


class UnknownCardError(CardError):
    """A token that is not a card: unknown rank or suit, or an id outside 0..51."""


class CardTypeError(CardError, WrongTypeError):
    """Something that is neither a card string nor an int id, or a hand that is not a hand."""


class DuplicateCardError(CardError):
    """The same card twice in one hand."""


class HandSizeError(CardError):
    """A hand with the wrong number of cards for its game."""


class RulesError(ValueError):
    """An unknown rules profile (or game option) name."""


class SettlementError(ValueError):
    """A payment or a division of a pool that would create or lose counters, or
    that names an unknown party, a negative or fractional amount, or an overdraft."""


class IllegalActionError(ValueError):
    """An action that is not legal now; the game is left exactly as it was."""


class GameOptionError(ValueError):
    """A game option with an unknown name or a value out of its range."""


class StateError(ValueError):
    """A game state document (``from_dict``, a pickle) that is malformed, tampered or
    impossible: its message names the first field at fault and its value."""
