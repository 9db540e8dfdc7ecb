"""What the Brag games share: three cards, the braggers, the brag, the options.

Seed ``004_7d6a6396833e304f.txt``, "BRAG": "Both are played with a full pack of
fifty-two cards; the positions of the players, arrangements for counters, decision of
the betting limit, etc., being the same as in Draw Poker. Three to twelve players may
form a table." A :class:`BragTable` is a
:class:`~pycards.games.engine.betting_table.BettingTable` (the stakes, the betting
rounds, the show and its side pots are the engine's) whose hands are three cards, dealt
one at a time from the dealer's left, valued by :func:`pycards.brag.evaluate` under the
game's braggers (:attr:`BragTable.PROFILE`, docs/rules.md "Brag"). At a call "all the
hands must be shown, and the best brag hand wins"; equal best hands share the pool, the
odd counter to the first from the dealer's left (law 76, as at Draw Poker). The deal
passes to the left, to the first player holding counters.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal, Optional

from pycards.brag import evaluate
from pycards.games.engine.betting_table import MAX_LIMIT, BettingTable
from pycards.games.engine.options import Options, Range

__all__ = ["CARDS", "BragOptions", "BragTable"]

CARDS = 3
"""Cards in a Brag hand."""


@dataclass(frozen=True)
class BragOptions(Options):
    """The terms of a Brag game. ``limit`` (1..1000): the betting limit, the most the
    dealer's ante or any one raise may be. ``counters`` (1..10**9): what each player starts
    with. The session: ``until`` ``"deals"`` (after ``deals`` deals), ``"rotations"`` (just
    before the deal comes to the first dealer for the ``rotations``-th time) or
    ``"freeze_out"`` (until one player holds every counter); a session never ends while a
    pool holds counters nobody has won. ``max_decisions`` (0: no bound): when a deal has
    taken that many decisions, every player still in is held to make good (and to draw no
    more), and the hands are shown."""

    limit: Annotated[int, Range(1, MAX_LIMIT)] = 10
    counters: Annotated[int, Range(1, 10**9)] = 100
    until: Literal["deals", "rotations", "freeze_out"] = "deals"
    deals: Annotated[int, Range(1, 10**6)] = 1
    rotations: Annotated[int, Range(1, 1000)] = 1
    max_decisions: Annotated[int, Range(0, 10**4)] = 0


class BragTable(BettingTable):
    """Base of the Brag drivers (see the module docstring)."""

    MIN_PLAYERS: ClassVar[int] = 3
    MAX_PLAYERS: ClassVar[int] = 12
    Options: ClassVar[type[Options]] = BragOptions
    PROFILE: ClassVar[str] = "english"
    """The braggers and the order of the hands (:mod:`pycards.brag`)."""

    options: BragOptions

    def _strength(self, seat: int) -> Optional[int]:
        return evaluate(self._hands[seat], self.PROFILE)

    def _round_over(self) -> None:
        """A call: "all the hands must be shown, and the best brag hand wins"."""
        self._show()

    def _own_observation(self, seat: int) -> dict[str, object]:
        return {"braggers": self.PROFILE}
