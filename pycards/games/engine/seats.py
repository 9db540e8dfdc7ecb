"""Seats round a table: who is on whose left, the dealer passing, seats standing out,
and when the session ends (docs/rules.md section 6.1).

Seats are numbered 0 .. players-1 clockwise, so the player on seat ``s``'s left
is ``s + 1`` (mod the number of players): play and the deal pass to the left.

>>> left_of(3, 4), list(rotation(2, 4)), list(rotation(2, 4, out={3})), eldest(3, 4, out={0})
(0, [3, 0, 1, 2], [0, 1, 2], 1)
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Any, Literal

from pycards.errors import StateError
from pycards.games.engine.document import Reader

__all__ = ["SESSION_ENDS", "Session", "eldest", "left_of", "next_in", "rotation"]

SessionEnd = Literal["deals", "rotations", "freeze_out", "first_out"]
SESSION_ENDS: tuple[SessionEnd, ...] = ("deals", "rotations", "freeze_out", "first_out")
"""How a session may end: after a number of deals; just before the first dealer's turn
comes round again (every player having dealt equally often when the deal goes to the
left); freeze-out, when only one player is left in; or when the first player loses all
his counters (who "pays for the whiskey": Whiskey Poker, Commerce with a widow)."""


def left_of(seat: int, players: int) -> int:
    """The seat on ``seat``'s left."""
    return (seat + 1) % players


def rotation(after: int, players: int, out: Collection[int] = ()) -> Iterator[int]:
    """Every seat in turn starting on ``after``'s left and ending with ``after``,
    leaving out the seats in ``out``."""
    for k in range(1, players + 1):
        seat = (after + k) % players
        if seat not in out:
            yield seat


def next_in(after: int, players: int, out: Collection[int] = ()) -> int:
    """The first seat on ``after``'s left that is not out (``after`` itself if all others are)."""
    return next(rotation(after, players, out), after)


def eldest(dealer: int, players: int, out: Collection[int] = ()) -> int:
    """The eldest hand: the first seat in on the dealer's left, who plays first."""
    return next_in(dealer, players, out)


class Session:
    """Counts the deals of a session and says when it is over.

    ``until`` is one of :data:`SESSION_ENDS`; ``limit`` the number of deals
    (``"deals"``) or of rounds of the deal (``"rotations"``: the session ends when
    the deal is about to come to the first dealer for the ``limit``-th time), or the
    seats at the table (``"first_out"``: the session ends when fewer hold counters);
    freeze-out needs no limit. ``out`` holds the seats that stand out.
    """

    __slots__ = ("until", "limit", "first_dealer", "deals", "returns", "out", "over")

    def __init__(self, until: SessionEnd, limit: int, first_dealer: int) -> None:
        self.until, self.limit, self.first_dealer = until, limit, first_dealer
        self.deals = 0
        self.returns = 0
        self.out: set[int] = set()
        self.over = False

    def deal_ended(self, next_dealer: int, passes: bool, players_in: int,
                   passed_over: Collection[int] = ()) -> bool:  # fmt: skip
        """Count a finished deal; ``next_dealer`` deals next (``passes``: the deal changes
        hands), ``players_in`` seats are still in; ``passed_over``: the seats the deal went
        past on its way to the left (a first dealer without counters is passed over: his
        turn has come round all the same). Whether the session is now over."""
        self.deals += 1
        if self.until == "deals":
            self.over = self.deals >= self.limit
        elif self.until == "rotations":
            if passes and (next_dealer == self.first_dealer or self.first_dealer in passed_over):
                self.returns += 1
            self.over = self.returns >= self.limit
        elif self.until == "first_out":
            self.over = players_in < self.limit
        else:
            self.over = players_in <= 1
        return self.over

    def play_on(self) -> None:
        """The session was to end, but the rules keep it going (a pool still holds counters):
        it may end next after one more deal, or, when it ends by rotations, the next time
        the deal comes round to the first dealer, so that every player still deals equally
        often."""
        self.over = False
        if self.until == "rotations":
            self.returns -= 1

    def copy(self) -> Session:
        twin = Session(self.until, self.limit, self.first_dealer)
        twin.deals, twin.returns, twin.out, twin.over = self.deals, self.returns, set(self.out), self.over
        return twin

    def to_dict(self) -> dict[str, Any]:
        return {"first_dealer": self.first_dealer, "deals": self.deals, "returns": self.returns,
                "out": sorted(self.out), "over": self.over}  # fmt: skip

    def restore(self, data: Reader, players: int) -> None:
        """Take the counts of :meth:`to_dict` (checked by ``data``). The rounds of the deal
        are counted only when the session ends by them, and a session still in play has
        not come round ``limit`` times (:meth:`play_on` takes the last one back)."""
        self.first_dealer = data.int("first_dealer", 0, players - 1)
        self.deals = data.int("deals", 0, 2**62)
        self.returns = data.int("returns", 0, 2**62)
        self.out = set(data.seats("out", players))
        self.over = data.bool("over")
        if self.until != "rotations" and self.returns:
            raise StateError(f"{data.path}.returns must be 0 when the session ends by {self.until!r}, "
                             f"not {self.returns}")  # fmt: skip
        if self.until == "rotations" and (self.returns > self.limit or not self.over and self.returns == self.limit):
            raise StateError(f"{data.path}.returns: {self.returns} rounds do not fit a session of {self.limit} "
                             f"rotations {'that is over' if self.over else 'still in play'}")  # fmt: skip
