"""Thirty-one, or Schnautz (``new_game("thirty_one", ...)``).

Seed ``004_7d6a6396833e304f.txt``, "THIRTY-ONE"; docs/rules.md 3.5, 6.1 and 6.4. A deal,
for 2 to 16 players (Decision: the text says "any number"; sixteen hands of three and
the three cards of the table take 51 of the 52 cards):

1. "This game is sometimes called Schnautz. A pool is made up by any number of players":
   each player, the dealer too, pays the option ``stake`` into the pool (Decision: the
   text names no amount; a player holding less pays all he has, and may still win the
   whole pool).
2. "The dealer takes a pack of fifty-two cards and gives three to each, face down, and
   three extra cards to the table, dealt face up": three cards a seat, one at a time from
   the dealer's left, then (Decision: after the hands, in the text's order) the three
   cards of the table (the widow), face up, seen by all.
3. "Each player in turn to the left can exchange one of his own cards for one of those on
   the table" (:class:`~pycards.games.engine.exchange_table.Swap`): from the eldest hand,
   round and round. Both cards lie face up on the table, so every seat sees the card
   taken and the card put down. Decision: a turn is an exchange or a knock
   (:class:`~pycards.games.engine.exchange_table.Knock`); nobody passes before the knock,
   which keeps the going round moving towards a knock. Decision: a knock is a turn's
   action, instead of an exchange. Decision: a hand of thirty-one does not end the
   drawing by itself; its holder knocks.
4. "The aces are worth 11, the other court cards and the ten, 10 each. If no one can get
   a flush worth thirty-one, three of a kind wins the pool. If no one has three of a
   kind, the highest pip value shown in one suit wins": the evaluator
   ``commerce.evaluate(cards, "thirty_one")`` (docs/rules.md 3.5: the higher three of a
   kind wins; one card alone shows its suit's value, a lone ace 11).
5. "Drawing is kept up until some player knocks, after which only one more draw is
   allowed, the knocker not being allowed to draw again": after a knock every other
   player, from the knocker's left, has one more turn, to exchange or to pass
   (:class:`~pycards.games.engine.exchange_table.Pass`; no second knock). Then every
   hand is shown, from the eldest.
6. "A player can knock without drawing at all if he wishes to prevent the others from
   beating his original hand": a knock is open from a player's first turn, before any
   exchange of his (the eldest may knock at once).
7. **The show**: the best hand takes the pool. Decision (law 76, docs/rules.md 5): equal
   best hands share it, the odd counter to the first of them from the dealer's left.
8. The deal passes to the left (docs/rules.md 6.1), to the first player holding counters.

The turn bound (docs/rules.md 6.1, option ``max_turns``): when a deal has begun that many
turns before any knock, the player whose turn comes is held to knock, and the others have
their last turns. The bound on decisions (``max_decisions``): every player is held to
stand and the hands are shown.

>>> from pycards.games import new_game
>>> game = new_game("thirty_one", players=3, seed=1, dealer=0, deals=2)
>>> len(game.observation(1)["widow"]), game.observation(1)["pool"]
(3, 3)
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[0])
>>> sum(game.payoffs().values()), game.ledger.balance("pool")
(0, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

from pycards.commerce import evaluate
from pycards.games.engine.actions import Action
from pycards.games.engine.exchange_table import (
    ONE_MORE_ROUND, ExchangeOptions, ExchangeTable, Knock, Pass, Swap,
)  # fmt: skip
from pycards.games.engine.options import Options, Range

__all__ = ["ThirtyOne", "ThirtyOneOptions"]


@dataclass(frozen=True)
class ThirtyOneOptions(ExchangeOptions):
    """The terms of Thirty-one: those of every exchange game
    (:class:`~pycards.games.engine.exchange_table.ExchangeOptions`), and ``stake``
    (1..10**6), what each player pays into the pool at each deal."""

    stake: Annotated[int, Range(1, 10**6)] = 1


class ThirtyOne(ExchangeTable):
    """A session of Thirty-one, or Schnautz (see the module docstring)."""

    name: ClassVar[str] = "thirty_one"
    Options: ClassVar[type[Options]] = ThirtyOneOptions
    actions: ClassVar[tuple[type[Action], ...]] = (Knock, Pass, Swap)
    options: ThirtyOneOptions

    WIDOW_CARDS: ClassVar[int] = 3
    WIDOW_FACE_UP: ClassVar[bool] = True
    STOP: ClassVar[str] = ONE_MORE_ROUND
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 16

    def _strength(self, seat: int) -> int:
        return evaluate(self._hands[seat], "thirty_one")

    # -- the pool and the deal ------------------------------------------------------------------

    def _ante(self, players: list[int]) -> None:
        """"A pool is made up by any number of players": each pays the stake (all he holds,
        if less)."""
        self._stake_each(players, self.options.stake)

    def _deal_round(self) -> None:
        """"Gives three to each, face down, and three extra cards to the table, dealt face
        up": the hands one card at a time from the dealer's left, then the table's three."""
        self._deal_hands((False,) * self.HAND)
        pop = self._pack.stock.pop
        for _ in range(self.WIDOW_CARDS):
            self._widow_card(pop())

    # -- the turns ------------------------------------------------------------------------------

    def _choices(self, seat: int) -> list[Action]:
        """Before the knock: knock, or exchange one card with the table's. After it (the one
        more draw): pass, or exchange."""
        return [self.PASS if self._closing else self.KNOCK, *self._swaps(seat)]

    def _exchange(self, action: Action, seat: int) -> None:
        assert type(action) is Swap
        self._swap(seat, action.card, action.take)

    # -- the show -------------------------------------------------------------------------------

    def _settle(self, strengths: dict[int, int]) -> None:
        """The best hand takes the pool; equal best hands share it (law 76). The deal passes
        to the left."""
        self._best_share_the_pool(strengths)
        self._deal_passes()

    def _own_observation(self, seat: int) -> dict[str, Any]:
        return {"stake": self.options.stake}
