"""Built-in policies: callables ``policy(observation, legal_actions) -> action``.

They play every decision of a game, so a simulation can seat them at every
place. Each is deterministic and picklable (so simulations can run them in
other processes); make your own with the same signature.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pycards.games.base import Action
from pycards.games.vingt_un import CONTENT, DECLINE, AcceptSale, Double, Draw, Stake, points

__all__ = ["DrawBelow", "Policy", "first_legal"]

Policy = Callable[[dict[str, Any], Sequence[Action]], Action]


def first_legal(observation: dict[str, Any], legal: Sequence[Action]) -> Action:
    """The first legal action, whatever it is (a baseline, and a fast one)."""
    return legal[0]


class DrawBelow:
    """Vingt-un: ask for a card while the hand counts less than ``n``, else be content.

    ``stake`` is ``"min"`` or ``"max"``; as dealer, call "double" when the rank
    index of the first card is in ``double_on`` (e.g. ``(8, 9, 10, 11, 12)``: a
    ten-count card or an ace); ``divide`` divides every pair it may (at the
    least stake). The deal is never sold, nor bought.

    >>> from pycards.games.vingt_un import CONTENT, DRAW, HandView
    >>> DrawBelow(16)({"seat": 0, "phase": "draw", "hands": {0: [HandView((40, 8), 1, False, False)]}},
    ...               [DRAW, CONTENT])
    Draw()
    >>> DrawBelow(16)({"seat": 0, "phase": "draw", "hands": {0: [HandView((40, 28), 1, False, False)]}},
    ...               [DRAW, CONTENT])
    Content()
    """

    def __init__(self, n: int = 17, stake: str = "min", double_on: Sequence[int] = (),
                 divide: bool = False) -> None:  # fmt: skip
        if stake not in ("min", "max"):
            raise ValueError(f"stake must be 'min' or 'max', not {stake!r}")
        self.n, self.stake, self.double_on, self.divide = n, stake, tuple(double_on), divide

    def __repr__(self) -> str:
        return f"DrawBelow({self.n}, stake={self.stake!r}, double_on={self.double_on}, divide={self.divide})"

    def __call__(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        first = legal[0]
        kind = type(first)
        if kind is Draw:  # a hand to play
            if self.divide and len(legal) > 2:
                return legal[2]  # the least stake (the dealer's Divide(0))
            if observation["phase"] == "dealer":
                hands = observation["dealer_hands"]
            else:
                hands = observation["hands"][observation["seat"]]
            for hand in hands:
                if not hand.done:
                    return first if points(hand.cards) < self.n else CONTENT
        if kind is Stake:
            return first if self.stake == "min" else legal[-1]
        if kind is Double:
            card = observation["dealer_hands"][0].cards[0]
            return Double((card % 52) >> 2 in self.double_on)
        if kind is AcceptSale:
            return DECLINE
        return first  # Content alone (the pack is spent), or KeepDeal
