"""My Ship Sails, or My Bird Sings (``new_game("my_ship_sails", ...)``).

Seed ``004_7d6a6396833e304f.txt``, "COMMERCE", the variety "My Ship Sails; or My Bird
Sings"; docs/rules.md 3.4 (the ``ship`` evaluator), 6.1 and 6.4. A deal, for 3 to 12
players ("Three to twelve players may form a table", the same section's American
Commerce):

1. "The counters have a money value, and three are given to each player": the option
   ``counters`` (the family's default, 100, is kept; ``counters=3`` is the text's).
   Decision: each player dealt in puts the option ``stake`` into the pool each deal (the
   text names the pool it is won for but not how it is made up; the American Commerce of
   the same section: "each player deposits one in the pool"); the dealer pays no more than
   another, having no perquisites in this game; a player holding less pays all he has.
2. "Three cards are dealt, face down, and one at a time. There is no widow."
3. **The exchanges.** "The eldest hand may then exchange one card with the player on his
   left, who must give his card before seeing the one he is to receive. The exchange goes
   round to the left." On his turn a player offers one card face down to his left-hand
   neighbour (:class:`~pycards.games.engine.exchange_table.Barter`), who must give one of
   his own for it (:class:`~pycards.games.engine.exchange_table.Give`) before seeing it: he
   may not refuse, and has no stand. Each card passed is seen by its giver and its receiver
   only. Then the turn passes to the receiver.
   Decision: "may then exchange" leaves a player free not to: he may let his turn go
   (:class:`~pycards.games.engine.exchange_table.Pass`), which does not debar him: he
   still gives a card when one is offered him, and may exchange on his next turn.
4. **"My Ship Sails".** "The moment any player finds himself with a flush, three cards of
   the same suit, regardless of their value, whether dealt to him, or made by exchange, he
   says: "My Ship Sails;" and all exchange is stopped, and the hands are shown."
   Decision: the declaration is automatic, checked after the deal and after every
   exchange, for every player (the receiver of an exchange as well as its offerer).
   Declaring can only help the holder: a flush beats every hand that is not one, and the
   moment he holds it no other player holds a flush not yet declared (it would have been
   declared already, or is declared with his), whereas going on could only force him to
   give a card of his flush away or let another player make a better one.
5. **Two rounds.** "If no player has secured a flush after two rounds of exchanges, the
   hands are shown": after two turns of each player (passes included).
6. **The show.** "Should there be more than one flush, the pips win, counting ace for 11,
   and other court-cards for 10 each. If no player has secured a flush after two rounds of
   exchanges, the hands are shown, and the highest number of pips in the two-card flushes
   wins the pool. The elder hand wins ties": the ``ship`` evaluator (docs/rules.md 3.4);
   the whole pool goes to the best hand, equal best hands to the first of them from the
   dealer's left (the dealer last; docs/rules.md 6.4). Decision (docs/rules.md 3.4): a hand
   with no two cards of one suit is worth 0, so when no hand holds two cards of a suit the
   eldest hand takes the pool (a tie at nothing is a tie).
7. Decision: the deal passes to the left, to the next player holding counters (docs/rules.md
   6.1); a player without counters sits out (table stakes); with ``until="freeze_out"`` the
   session goes on until one player holds every counter, as the text's three counters a
   player suggest, though it does not say what becomes of a player who has lost them.

The bounds (docs/rules.md 6.1): the two rounds end every deal, so the turn bound
``max_turns`` matters only if it is set below two turns a player (the player whose turn
comes is then held to stand, and the hands are shown); with ``max_decisions`` a deal cut
short has a card offered go back to its giver and the hands shown.

>>> from pycards.games import new_game
>>> game = new_game("my_ship_sails", players=4, seed=3, dealer=0, deals=3)
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[-1])
>>> sum(game.payoffs().values()), game.ledger.balance("pool")
(0, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Optional

from pycards.commerce import evaluate
from pycards.games.engine.actions import Action
from pycards.games.engine.exchange_table import Barter, ExchangeOptions, ExchangeTable, Give, Pass
from pycards.games.engine.options import Options, Range

__all__ = ["MyShipSails", "MyShipSailsOptions"]

RANKING = "ship"
"""The evaluator of docs/rules.md 3.4: a flush by its pips, else the best two-card flush."""
FLUSH_SUITS = 1
"""A flush: "three cards of the same suit, regardless of their value"."""


@dataclass(frozen=True)
class MyShipSailsOptions(ExchangeOptions):
    """The terms of My Ship Sails: those of every exchange game
    (:class:`~pycards.games.engine.exchange_table.ExchangeOptions`; the text gives each
    player three counters: ``counters=3``), and ``stake`` (1..10**6): what each player puts
    into the pool each deal."""

    stake: Annotated[int, Range(1, 10**6)] = 1


class MyShipSails(ExchangeTable):
    """A session of My Ship Sails (see the module docstring)."""

    name: ClassVar[str] = "my_ship_sails"
    Options: ClassVar[type[Options]] = MyShipSailsOptions
    actions: ClassVar[tuple[type[Action], ...]] = (Pass, Barter, Give)
    options: MyShipSailsOptions

    ROUNDS: ClassVar[int] = 2
    """"If no player has secured a flush after two rounds of exchanges, the hands are shown"."""

    def _strength(self, seat: int) -> int:
        return evaluate(self._hands[seat], RANKING)

    # -- the stakes and the exchanges -----------------------------------------------------------

    def _ante(self, players: list[int]) -> None:
        """Decision: each player dealt in puts ``stake`` into the pool (all he has, if less)."""
        self._stake_each(players, self.options.stake)

    def _choices(self, seat: int) -> list[Action]:
        """"The eldest hand may then exchange one card with the player on his left": offer one
        of his cards (if another player is dealt in), or (decision) let the turn go."""
        legal: list[Action] = [self.PASS]
        if self._has_partner(seat):
            legal += self._barters(seat)
        return legal

    def _answers(self, seat: int) -> list[Action]:
        """The player on the left "must give his card before seeing the one he is to receive":
        one of his cards, and nothing else."""
        return self._gives(seat)

    def _declaration(self) -> Optional[str]:
        """"The moment any player finds himself with a flush ... whether dealt to him, or made
        by exchange, he says: "My Ship Sails;" and all exchange is stopped": every holder of a
        flush declares, from the eldest (decision: automatically)."""
        sailing = [s for s in self._dealt_in() if self._flush(s)]
        if not sailing:
            return None
        return "; ".join(f'p{s} says "My Ship Sails"' for s in sailing)

    def _flush(self, seat: int) -> bool:
        """Whether ``seat`` holds a flush, "three cards of the same suit, regardless of their
        value"."""
        hand = self._hands[seat]
        return len(hand) == self.HAND and len({card & 3 for card in hand}) == FLUSH_SUITS

    # -- the show ------------------------------------------------------------------------------

    def _settle(self, strengths: dict[int, int]) -> None:
        """The best hand takes the pool, "The elder hand wins ties" (the first of the best from
        the dealer's left); the deal passes to the left."""
        self._first_of_best_takes_the_pool(strengths, self._dealt_in())
        self._deal_passes()

    def _natural_bound(self) -> int:
        """Two rounds of turns, each turn at most two decisions (a barter and its answer)."""
        return 2 * min(self.ROUNDS * self.players, int(self.options.max_turns))

    def _own_observation(self, seat: int) -> dict[str, Any]:
        return {"stake": self.options.stake}
