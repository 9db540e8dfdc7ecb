"""The Vingt-un actions and the hand views of its observations.

They are plain immutable values shared by the driver (:mod:`pycards.games.vingt_un`,
which re-exports them all) and its compiled table (``src/_vingt_un_table.pyx``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple, Optional

from pycards.games._legacy_base import Action

__all__ = [
    "ACCEPT", "CALL", "CONTENT", "DECLINE", "DRAW", "KEEP", "NO_CALL",
    "AcceptSale", "Content", "DeclineSale", "Divide", "Double", "Draw", "HandState", "HandView",
    "KeepDeal", "SellDeal", "Stake",
]  # fmt: skip


@dataclass(frozen=True, slots=True)
class Stake(Action):
    """A player's stake on his first card."""

    amount: int


@dataclass(frozen=True, slots=True)
class Double(Action):
    """The dealer, having looked at his first card, calls "double" (``call``) or not."""

    call: bool


@dataclass(frozen=True, slots=True)
class Divide(Action):
    """Divide the pair of the hand in play, with a separate ``stake`` on the new hand
    (the dealer divides with stake 0: he has none)."""

    stake: int


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """'A card': one more card, face up, to the hand in play."""


@dataclass(frozen=True, slots=True)
class Content(Action):
    """'Content': stand on the hand in play."""


@dataclass(frozen=True, slots=True)
class SellDeal(Action):
    """The player whose turn it is to deal offers the deal to ``buyer`` for ``price``."""

    buyer: int
    price: int


@dataclass(frozen=True, slots=True)
class KeepDeal(Action):
    """The player whose turn it is to deal keeps it."""


@dataclass(frozen=True, slots=True)
class AcceptSale(Action):
    """The offered buyer pays the price and takes the deal."""


@dataclass(frozen=True, slots=True)
class DeclineSale(Action):
    """The offered buyer declines; the seller deals."""


DRAW, CONTENT, KEEP, ACCEPT, DECLINE = Draw(), Content(), KeepDeal(), AcceptSale(), DeclineSale()
CALL, NO_CALL = Double(True), Double(False)


class HandView(NamedTuple):
    """A hand in an observation: its cards (``None`` where face down), stake, and state."""

    cards: tuple[Optional[int], ...]
    stake: int
    divided: bool
    done: bool


class HandState(NamedTuple):
    """A hand on the table, whole (for inspecting a game, not for a seat's eyes): its
    cards, its stake, whether it came from a division, whether it is finished, and
    whether it was thrown up to the pone (an over-draw, its cards gone to the used pile)."""

    cards: tuple[int, ...]
    stake: int
    divided: bool
    done: bool
    collected: bool

    def to_list(self) -> list[Any]:
        """The hand as plain JSON values: ``[cards, stake, divided, done, collected]``."""
        return [list(self.cards), self.stake, self.divided, self.done, self.collected]

    def is_pair(self) -> bool:
        """Two cards of one rank (a second pack's ids are ``52 + id``): it may be divided."""
        return len(self.cards) == 2 and (self.cards[0] % 52) >> 2 == (self.cards[1] % 52) >> 2
