"""Brag, single stake (``new_game("brag", ...)``): the English game of seed 004.

Seed ``004_7d6a6396833e304f.txt``, "BRAG"; docs/rules.md, "Brag". A deal, for 3 to 12
players:

1. "The dealer must put up an ante before the cards are cut. This ante may be any amount
   he pleases within the betting limit": his decision, :class:`Ante`.
2. "Beginning on his left the dealer distributes the cards face down, and one at a time,
   until each player has received three."
3. "Beginning with the age, [eldest hand,] each player in turn must put up an amount equal
   to the dealer's ante, or abandon his hand. He may, if he chooses, raise the ante any
   further amount within the betting limit. All those following him must meet the total
   sum put up by any individual player, increase it, or pass out", "as in the betting
   after the draw at Poker": the ante is the dealer's bet, and he answers only a raise.
4. "If no one will see the dealer's ante, he must be paid one white counter by each of the
   other players, and the deal passes to the left": he takes his ante back with them.
   "Should any player bet an amount which no other player will meet, he takes the pool
   without showing his hand. Should a call be made, all the hands must be shown, and the
   best brag hand wins" (the English braggers, :mod:`pycards.brag`; equal best hands share
   the pool, law 76, as at Draw Poker).
5. The deal passes to the left, to the first player holding counters.

>>> from pycards.games import new_game
>>> game = new_game("brag", players=3, seed=4, dealer=0, deals=3)
>>> game.legal_actions()[:2]
[Ante(amount=1), Ante(amount=2)]
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[-1])
>>> sum(game.payoffs().values()), game.ledger.balance("pool")
(0, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Optional

from pycards.games.brag.table import CARDS, BragTable
from pycards.games.engine.actions import Action
from pycards.games.engine.betting import RAISE
from pycards.games.engine.betting_table import BET, MAX_LIMIT, BettingTable
from pycards.games.engine.events import Note
from pycards.games.engine.fields import Number, Piece
from pycards.games.engine.game import OVER
from pycards.settlement import Payment

__all__ = ["ANTE", "Ante", "Brag"]

ANTE = "ante"
"""The phase of the dealer's ante, before the cards are dealt."""


@dataclass(frozen=True, slots=True)
class Ante(Action):
    """The dealer's ante, put up before the cut: ``amount`` counters, 1 .. the limit."""

    amount: int


_ANTES = tuple(Ante(amount) for amount in range(1, MAX_LIMIT + 1))


class Brag(BragTable):
    """A session of single-stake Brag for 3 to 12 players (see the module docstring)."""

    name: ClassVar[str] = "brag"
    PHASES: ClassVar[tuple[str, ...]] = (ANTE, BET, OVER)
    actions: ClassVar[tuple[type[Action], ...]] = (*BettingTable.base_actions, Ante)

    STATE: ClassVar[tuple[Piece, ...]] = (Piece("dealer_ante", Number(0, MAX_LIMIT, counters=True)),)
    """The dealer's ante in this deal (0: not yet put up)."""

    _dealer_ante: int

    def _ante_and_deal(self) -> None:
        """The dealer puts up his ante before the cut: his decision (:class:`Ante`)."""
        self._phase = ANTE

    def _turn_of_phase(self) -> Optional[int]:
        return self._dealer if self._phase == ANTE else None

    def _most_ante(self) -> int:
        return min(self.options.limit, self.cash(self._dealer))

    def _own_legal(self) -> list[Action]:
        return list(_ANTES[:self._most_ante()])

    def _own_key_legal(self, key: tuple[Any, ...]) -> bool:
        return key[0] is Ante and 1 <= int(key[1]) <= self._most_ante()

    def _own_action(self, action: Action, seat: int) -> None:
        """The ante is the dealer's bet: the round is begun from him, he bets it, and the
        cards are dealt; each other player, from the eldest hand, then answers it."""
        amount = self._dealer_ante = action.amount  # type: ignore[attr-defined]
        bets = self._bets
        bets.begin(self._from_left_of((seat - 1) % self.players), self.options.limit)
        self._stake(seat, bets.act(RAISE, amount), f"antes {amount}")
        self._phase = BET
        self._deal_hands((False,) * CARDS)

    def _uncontested(self) -> None:
        """A bet nobody meets takes the pool unshown; if it is the dealer's ante, each other
        player pays him a counter besides."""
        seat = self._bets.live[0]
        won = self._take_unshown(seat)
        others = [s for s in self._dealt_in() if s != seat]
        if seat == self._dealer and not any(self._bets.stake[s] for s in others):
            self._entries.append(Note("no one will see the dealer's ante"))
            self._pay([Payment(self.names[s], self.names[seat], min(1, self.cash(s))) for s in others],
                      "each other player pays the dealer a counter")  # fmt: skip
        self._end_deal(self._next_dealer({seat: won}))

    def _own_domains(self) -> list[tuple[type, Mapping[str, Any]]]:
        return [(Ante, {"amount": range(1, self.options.limit + 1)})]

    def _own_decisions(self, players: int) -> int:
        return 1  # the ante
