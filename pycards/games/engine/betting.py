"""Betting rounds of the poker games: stakes, making good, raising within the limit, passing.

One :class:`Betting` holds a deal's stakes: what each seat has staked so far
(``stake``, antes and straddles that must be made good included), what each seat
still holds (``cash``) and who is still in (``live``). A *round* goes round the
table from its first say; each seat in turn answers with one of the four
actions below until every seat still in and not all-in has answered the last
raise. The table (:mod:`pycards.games.poker.table`) moves the counters; this
module only keeps the count and says who is to act and what he may do.

The actions, in the laws' words (seed ``000_090407a6d9d4a9ee.txt`` laws 25-27
and 52-61, seed ``004_7d6a6396833e304f.txt``):

* :class:`Fold`: "pass": throw the hand face down, retire, forfeit the stake (law 27).
* :class:`Check`: pass before any bet is made and keep the hand (American games only,
  where a round allows it: "the privilege of passing once before a bet is made").
* :class:`Call`: make good the stake to the highest on the table (law 26), come in,
  call; a seat without the funds puts in all it holds and demands a show for that
  amount (law 60). A round may refuse it before its first raise: the English first
  round is opened or passed.
* :class:`Raise`: open, bet or raise: the highest stake goes up by ``by`` counters,
  at most the limit (at least the round's minimum for its first raise: law 25's
  opening "at least double the amount of ante").

A round that must be opened (``opens``: the English first round, the American
jack pot before its opening) goes on until a seat raises or every seat still in
and holding counters has had its say: a game is unopened only if "not opened by
any player" (law 29), the pot fattened only "If no player will open" (seed 004,
law 40). So until it is opened a seat may open even when nobody is left who could
answer: the last to say when all the others have passed (nobody answers; he takes
the pool, law 58), or a seat whose only adversaries are all in from their antes
(they demand a show for what they put in, law 60).

>>> bets = Betting(stake=[1, 0, 0], cash=[9, 10, 10])
>>> bets.begin(order=[1, 2, 0], limit=4, first_raise=1, calls=False, opens=True)
>>> bets.to_act, bets.choices()
(1, (False, False, 1, 4))
>>> bets.act(RAISE, 2), bets.act(CALL), bets.act(FOLD)
(3, 3, 0)
>>> bets.round_over, bets.live, bets.stake
(True, [1, 2], [1, 3, 3])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pycards.games.engine.actions import Action

__all__ = ["CALL", "CHECK", "FOLD", "RAISE", "Betting", "Call", "Check", "Fold", "Raise"]


@dataclass(frozen=True, slots=True)
class Fold(Action):
    """Pass: throw the hand face down and retire, forfeiting the stake (law 27)."""


@dataclass(frozen=True, slots=True)
class Check(Action):
    """Pass without staking and keep the hand, before any bet of the round (American games)."""


@dataclass(frozen=True, slots=True)
class Call(Action):
    """Make good the highest stake (law 26): come in, call; all one holds if short (law 60)."""


@dataclass(frozen=True, slots=True)
class Raise(Action):
    """Open, bet or raise: the highest stake goes up by ``by`` counters (1 .. the limit)."""

    by: int


FOLD, CHECK, CALL, RAISE = "fold", "check", "call", "raise"
"""What a seat did, as :meth:`Betting.act` takes it."""


class Betting:
    """A deal's stakes and the betting round in play (see the module docstring).

    ``stake`` and ``cash`` are per seat; a seat not ``live`` (out of the deal, or
    sitting out) never acts. Rounds are begun with :meth:`begin`; between rounds
    nobody is to act. The state changes only through the methods below.
    """

    __slots__ = ("stake", "cash", "level", "live", "order", "pending", "to_act", "limit", "first_raise",
                 "checks", "calls", "opens", "raised", "last", "raises", "_choices")  # fmt: skip

    def __init__(self, stake: Sequence[int], cash: Sequence[int], out: Sequence[int] = ()) -> None:
        self.stake = list(stake)
        self.cash = list(cash)
        self.level = max(self.stake, default=0)
        """The highest stake on the table."""
        self.live = [s for s in range(len(self.stake)) if s not in out]
        self.order: list[int] = []
        self.pending: list[int] = []
        self.to_act: int | None = None
        self.limit = 0
        self.first_raise = 1
        self.checks = False
        self.calls = True
        self.opens = False
        self.raised = False
        self.last: int | None = None
        """The seat that acted last in this deal (law 59: the show begins on his left)."""
        self.raises = 0
        self._choices: tuple[bool, bool, int, int] | None = None

    def copy(self) -> Betting:
        twin = Betting.__new__(Betting)
        twin.stake, twin.cash, twin.level = list(self.stake), list(self.cash), self.level
        twin.live, twin.order, twin.pending = list(self.live), list(self.order), list(self.pending)
        twin.to_act, twin.limit, twin.first_raise = self.to_act, self.limit, self.first_raise
        twin.checks, twin.calls, twin.opens, twin.raised = self.checks, self.calls, self.opens, self.raised
        twin.last, twin.raises, twin._choices = self.last, self.raises, self._choices
        return twin

    # -- reading --------------------------------------------------------------------------

    @property
    def round_over(self) -> bool:
        """Whether nobody is left to answer in this round (or only one seat is still in)."""
        return self.to_act is None

    @property
    def contested(self) -> bool:
        """Whether two or more seats are still in the deal."""
        return len(self.live) > 1

    def owed(self, seat: int) -> int:
        """What ``seat`` must add to make good the highest stake."""
        return self.level - self.stake[seat]

    def can_bet(self, seat: int) -> bool:
        """Whether ``seat`` holds counters and another seat still in could answer a raise
        (or the round must still be opened: he may open though nobody could answer)."""
        if self.cash[seat] <= 0:
            return False
        return self._opening() or any(self.cash[s] > 0 for s in self.live if s != seat)

    def _opening(self) -> bool:
        """Whether the round must be opened and nobody has opened it yet: every seat still
        in and holding counters then has its say (law 29; seed 004, law 40)."""
        return self.opens and not self.raised

    def choices(self) -> tuple[bool, bool, int, int]:
        """For the seat to act: (may check, may call, least raise, most raise); the raise
        range is empty (least > most) when the seat may not raise."""
        choices = self._choices
        if choices is None:
            seat = self.to_act
            assert seat is not None
            owed = self.owed(seat)
            raised = self.raised
            least = 1 if raised else self.first_raise
            most = min(self.limit, self.cash[seat] - owed) if self.can_bet(seat) else 0
            choices = self._choices = (owed == 0 and self.checks and not raised,
                                       owed > 0 and (raised or self.calls), least, most)  # fmt: skip
        return choices

    # -- the round --------------------------------------------------------------------------

    def begin(self, order: Sequence[int], limit: int, first_raise: int = 1, checks: bool = False,
              calls: bool = True, opens: bool = False) -> None:  # fmt: skip
        """A new round: every seat of ``order`` still in and holding counters answers in
        that order; ``first_raise`` is the least first raise; ``checks`` whether a seat may
        pass and keep its hand before the round's first raise, ``calls`` whether it may
        make good before it; ``opens`` whether the round must be opened (see the module
        docstring)."""
        self.order = [s for s in order if s in self.live]
        self.limit, self.first_raise, self.checks, self.calls = limit, first_raise, checks, calls
        self.opens = opens
        self.raised = False
        self.pending = [s for s in self.order if self.cash[s] > 0]
        self._next()

    def act(self, what: str, by: int = 0) -> int:
        """Carry out ``what`` (:data:`FOLD`, :data:`CHECK`, :data:`CALL` or :data:`RAISE` by
        ``by``) for the seat to act, already checked legal; the counters it puts in."""
        seat = self.to_act
        assert seat is not None
        self.pending.remove(seat)
        self.last = seat
        put = 0
        if what == FOLD:
            self.live.remove(seat)
        elif what == CALL:
            put = min(self.owed(seat), self.cash[seat])
        elif what == RAISE:
            put = self.owed(seat) + by
            self.raised = True
            self.raises += 1
            at = self.order.index(seat)
            turn = self.order[at + 1:] + self.order[:at]
            self.pending = [s for s in turn if s in self.live and self.cash[s] > 0]
        self.put(seat, put)
        self._next()
        return put

    def put(self, seat: int, amount: int) -> None:
        """``seat`` adds ``amount`` to its stake (an ante or straddle, or a bet)."""
        stake = self.stake[seat] = self.stake[seat] + amount
        self.cash[seat] -= amount
        if stake > self.level:
            self.level = stake
        self._choices = None

    def spend(self, seat: int, amount: int) -> None:
        """``seat`` pays ``amount`` into the pool that is no stake (a dead ante, a penalty)."""
        self.cash[seat] -= amount
        self._choices = None

    def retire(self, seat: int) -> None:
        """``seat`` leaves the deal out of turn (a foul hand, a hand abandoned at a show)."""
        if seat in self.live:
            self.live.remove(seat)
        if seat in self.pending:
            self.pending.remove(seat)
        self._next()

    def _next(self) -> None:
        """The next seat to answer; a seat with nothing to decide (its stake made good and
        nobody left who could answer a raise, the round opened) is passed over."""
        live, pending = self.live, self.pending
        opening = self._opening()
        if len(live) < 2 and not (opening and live and live[0] in pending):
            pending = self.pending = []
        elif pending:
            level, stake, cash = self.level, self.stake, self.cash
            holders = sum(cash[s] > 0 for s in live)  # who could answer a raise
            pending = self.pending = [s for s in pending if stake[s] < level
                                      or (cash[s] > 0 and (opening or holders - (s in live) > 0))]  # fmt: skip
        self.to_act = pending[0] if pending else None
        self._choices = None

    def close(self) -> None:
        """End the round where it stands (a deal cut short by the bound on decisions)."""
        self.pending = []
        self.to_act = None
        self._choices = None
