"""Straight Poker, or Bluff (``new_game("straight_poker", ...)``).

Follows the Straight Poker text of seed ``004_7d6a6396833e304f.txt`` with the
hands ranked by profile ``no_straight_flush`` ("no such combination as a
straight flush is recognized, four of a kind being the highest hand possible")
unless the option ``profile`` says otherwise; docs/rules.md section 6.3. A deal:

1. The holder of the buck antes ``ante`` for every player and passes the buck
   to his left ("There is no variation of the amount of the ante").
2. Five cards each, face down, from the dealer's left; no draw.
3. Each in turn from the dealer's left bets
   (:class:`~pycards.games.engine.betting.Raise`) or passes
   (:class:`~pycards.games.engine.betting.Check`). Should all pass, the pool
   stays, the next holder of the buck antes again ("making a double pool") and
   the deal passes to the left. Once a bet is made, each in turn must call it,
   raise it or abandon his hand, those who passed the first time included.
4. The show as at Draw Poker; the winner of the pool takes the deal (the seat
   that gains most from it, what it takes less its own stake; equal gains: the
   first from the dealer's left).

>>> from pycards.games import new_game
>>> game = new_game("straight_poker", players=3, seed=2, deals=4)
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[-1])
>>> sum(game.payoffs().values()), game.ledger.balance("pool")
(0, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Literal, Optional

from pycards.errors import StateError
from pycards.games.base import OVER, Action
from pycards.games.engine.events import Note
from pycards.games.engine.fields import Piece, Seat
from pycards.games.engine.options import Options
from pycards.games.poker.table import BET, PokerOptions, PokerTable

__all__ = ["StraightPoker", "StraightPokerOptions"]


@dataclass(frozen=True)
class StraightPokerOptions(PokerOptions):
    """The terms of Straight Poker: those of every poker game
    (:class:`~pycards.games.poker.table.PokerOptions`), the profile
    ``no_straight_flush`` by default."""

    profile: Literal["english", "american", "no_straight_flush"] = "no_straight_flush"


class StraightPoker(PokerTable):
    """A session of Straight Poker for 2 to 8 players (see the module docstring)."""

    name: ClassVar[str] = "straight_poker"
    Options: ClassVar[type[Options]] = StraightPokerOptions  # type: ignore[assignment]
    DRAWS: ClassVar[bool] = False
    PHASES: ClassVar[tuple[str, ...]] = (BET, OVER)
    actions: ClassVar[tuple[type[Action], ...]] = PokerTable.base_actions[:4]

    STATE: ClassVar[tuple[Piece, ...]] = (Piece("buck", Seat(), lasts="session"),)
    """The seat holding the buck (None: not yet given; the first dealer has it)."""

    _buck: Optional[int]

    def _begin_deal(self) -> None:
        if self._buck is None:
            self._buck = self._dealer  # "The first dealer is provided with a buck"
        super()._begin_deal()

    def _ante_and_deal(self) -> None:
        holder = self._buck
        assert holder is not None
        if not self._in[holder]:  # a holder without counters passes the buck on
            holder = self._buck = next(s for s in self._turn_from(holder) if self._in[s])
        self._ante(holder, self.options.ante * len(self._bets.live), live=False,
                   note="antes for every player and passes the buck")  # fmt: skip
        self._buck = (holder + 1) % self.players
        self._deal_cards()
        self._first_round()

    def _deal_cards(self) -> None:
        self._deal_hands()

    def _first_round(self) -> None:
        self._bets.begin(self._from_left_of(self._dealer), self.options.limit, checks=True)

    def _round_over(self) -> None:
        if not self._bets.raised:
            self._entries.append(Note("all pass: the pool stays, the buck's holder antes again"))
            self._carry_over("all pass")
            return
        self._show()

    def _next_dealer(self, won: Mapping[int, int]) -> int:
        """The winner of the pool deals next: the seat that gains most from it (what it takes
        less its own stake: a bet nobody called coming back is no win; equal gains: the
        first from the dealer's left). When all pass, the deal passes to the left."""
        if not any(won.values()):
            return self._left_holder(self._dealer)
        stake = self._bets.stake
        gain = {s: won.get(s, 0) - stake[s] for s in self._dealt_in()}
        best = max(gain.values())
        return next(s for s in self._dealt_in() if gain[s] == best)

    def _check_session(self) -> None:
        if self._buck is None:
            raise StateError("document.deal.game.buck must be a seat: the first dealer is given the buck")
        if not self._session.deals and self._buck != self._session.first_dealer:
            raise StateError(f"document.deal.game.buck: the first dealer, p{self._session.first_dealer}, holds the "
                             f"buck at the first deal, not p{self._buck}")  # fmt: skip
