"""Vingt-un's built-in policy: draw while the hand counts less than a threshold.

It reads the observation of :meth:`pycards.games.vingt_un.VingtUn.observation`
(``seat``, ``phase``, ``hands``, ``dealer_hands``) and counts hands with
:func:`pycards.vingtun.pack_total`, the game's own count.

>>> from pycards.games import new_game
>>> game = new_game("vingt_un", players=3, seed=7, deals=20)
>>> policy = DrawBelow(16)
>>> while not game.is_over:
...     _ = game.apply(policy(game.observation(game.to_act), game.legal_actions()))
>>> sum(game.payoffs().values()), game.deal_number
(0, 20)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from pycards._messages import shown
from pycards.errors import GameOptionError
from pycards.games.base import Action
from pycards.games.vingt_un import (
    CONTENT, DECLINE, KEEP, AcceptSale, Content, Divide, Double, Draw, KeepDeal, Stake,
)  # fmt: skip
from pycards.vingtun import pack_total

__all__ = ["DrawBelow", "default_policy"]

RANKS = range(13)
"""Rank indexes: 0 is a two, 8 a ten, 9 a knave, 12 an ace."""
MAX_THRESHOLD = 22
"""The highest threshold that means anything: ``DrawBelow(22)`` already draws to 21 (a hand
that reaches 21 stands)."""


class DrawBelow:
    """Ask for a card while the hand in play counts less than ``n``, else be content.

    ``n`` is 0 (never draw) to :data:`MAX_THRESHOLD` (22: draw to 21);
    ``stake`` is ``"min"`` or ``"max"`` (the least or the most stake allowed);
    as dealer, call "double" when the rank index of his first card is in
    ``double_on``, each rank named once (e.g. ``(8, 9, 10, 11, 12)``: a ten-count card or an ace);
    ``divide`` divides every pair it may, at the least stake. The deal is
    never sold, nor bought. Deterministic and picklable.

    >>> from pycards.games.vingt_un import CONTENT, DRAW, HandView
    >>> DrawBelow(16)({"seat": 0, "phase": "draw", "hands": {0: [HandView((40, 8), 1, False, False)]}},
    ...               [DRAW, CONTENT])
    Draw()
    >>> DrawBelow(16)({"seat": 0, "phase": "draw", "hands": {0: [HandView((40, 28), 1, False, False)]}},
    ...               [DRAW, CONTENT])
    Content()
    """

    games = frozenset({"vingt_un"})
    """The games this policy plays (:func:`~pycards.games.policies.check_plays`)."""

    def __init__(self, n: int = 17, stake: str = "min", double_on: Sequence[int] = (),
                 divide: bool = False) -> None:  # fmt: skip
        if type(n) is not int or not 0 <= n <= MAX_THRESHOLD:
            raise GameOptionError(f"DrawBelow's threshold n must be an int from 0 to {MAX_THRESHOLD}, "
                                  f"not {shown(n)}")  # fmt: skip
        if type(stake) is not str or stake not in ("min", "max"):
            raise GameOptionError(f"DrawBelow's stake must be 'min' or 'max', not {shown(stake)}")
        try:
            ranks = tuple(itertools.islice(double_on, len(RANKS) + 1))
        except Exception:  # not iterable, or its own iteration failed
            raise GameOptionError(f"DrawBelow's double_on must be rank indexes 0..12, "
                                  f"not {shown(double_on)}") from None  # fmt: skip
        for rank in ranks:
            if type(rank) is not int or rank not in RANKS:
                raise GameOptionError(f"DrawBelow's double_on holds rank indexes 0..12, not {shown(rank)}")
        if len(set(ranks)) != len(ranks):
            raise GameOptionError(f"DrawBelow's double_on names a rank twice: {shown(double_on)}")
        if type(divide) is not bool:
            raise GameOptionError(f"DrawBelow's divide must be True or False, not {shown(divide)}")
        self.n, self.stake, self.double_on, self.divide = n, stake, ranks, divide

    def __repr__(self) -> str:
        return f"DrawBelow({self.n}, stake={self.stake!r}, double_on={self.double_on}, divide={self.divide})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DrawBelow):
            return NotImplemented
        return (self.n, self.stake, self.double_on, self.divide) == (other.n, other.stake, other.double_on,
                                                                     other.divide)  # fmt: skip

    def __hash__(self) -> int:
        return hash((self.n, self.stake, self.double_on, self.divide))

    def __call__(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        first = legal[0]
        kind = type(first)
        if kind is Draw:  # a hand to play: [Draw, Content, Divide...]
            if self.divide and len(legal) > 2 and type(legal[2]) is Divide:
                return legal[2]  # the least stake (the dealer's Divide(0))
            if observation["phase"] == "dealer":
                hands = observation["dealer_hands"]
            else:
                hands = observation["hands"][observation["seat"]]
            for hand in hands:
                if not hand.done:  # the hand in play: the first not finished
                    return first if pack_total(hand.cards) < self.n else CONTENT
            return CONTENT
        if kind is Stake:
            return first if self.stake == "min" else legal[-1]
        if kind is Double:
            card = observation["dealer_hands"][0].cards[0]
            return Double(card >> 2 in self.double_on)
        if kind is AcceptSale:
            return DECLINE
        if kind is KeepDeal:
            return KEEP
        if kind is Content:
            return CONTENT  # the pack and the used cards are spent: the hand must stand
        return first


def default_policy(**options: Any) -> DrawBelow:
    """The command line's policy: ``DrawBelow(draw_below)`` (16 unless given)."""
    unknown = [key for key in options if key != "draw_below"]
    if unknown:
        raise GameOptionError(f"unknown vingt_un policy option {shown(unknown[0])}; the option is 'draw_below'")
    return DrawBelow(options.get("draw_below", 16))
