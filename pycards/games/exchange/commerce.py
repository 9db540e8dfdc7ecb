"""English Commerce, the modern game (``new_game("commerce", ...)``), with its variations.

Seed ``002_93c3d51ac699f33f.txt``, "COMMERCE" (and seed ``000_090407a6d9d4a9ee.txt``);
docs/rules.md 3.1-3.2 and 6.4. A deal, for 3 to 12 players:

1. "Each of the players then pays the amount of the stake into the pool, the dealer
   also contributing on account of his deal, so that he has to pay double": the option
   ``stake`` (a player holding less pays all he has).
2. "Three cards are distributed to each player, face downwards" (one at a time).
3. **Trading**, from the eldest hand round and round: a player "must either do so or stand
   on the cards dealt him". He trades
   * "for ready money" (:class:`~pycards.games.engine.exchange_table.Buy`): "he throws out
     a card from his hand, pays a stake to the dealer, and receives the top card from the
     pack; his rejected card being placed at the bottom of the pack without being
     exposed" (the dealer trading with himself pays nobody); or
   * "by barter" (:class:`~pycards.games.engine.exchange_table.Barter`): "he turns to the
     player on his left-hand side and offers a card, which must be exchanged for one of
     those in the next player's hand (:class:`~pycards.games.engine.exchange_table.Give`),
     unless that player considers his cards sufficiently strong to stand upon"
     (:class:`~pycards.games.engine.exchange_table.Stand`). Decision (docs/rules.md 6.4):
     he gives his card before seeing the one offered, as in the American game, and then
     takes his own turn.

   "A player may only purchase or exchange one card at each turn." "When once a player
   agrees to stand, the commerce on that round ceases, and all the hands must be exposed."
4. **The show**: "the holder of the best hand takes the amount in the pool, and also
   receives the amount of a stake from the dealer" (equal best hands share the pool, the
   odd counter to the first from the dealer's left, law 76, and each is paid the stake);
   "Should the player who declares to stand be beaten by any of the others, he has to pay
   an additional stake to the holders of the better hands."
5. The deal passes to the left.

The variations, as options: ``ranking`` (``"limited"``, ``"limited_strict"``: Limited
Commerce); ``short_pack`` (the 32 cards, for up to seven players); ``dealer_penalty``
(``"every_player"`` or ``"better_hands"``: "when the dealer holds a Tricon, Sequence,
Flush, or Pair, and his hand is beaten by either of the others, he has to pay the amount
of a stake to each player, or only to those who have better hands than his");
``extended`` (extended commerce: trading goes on "until all the players are satisfied";
the first to stand is the one who "declares to stand"); ``continuous`` (continuous
dealing: "the same dealer to remain in until one of the players secures a Tricon,
Sequence, or Flush", shown by any hand, the dealer's too).

>>> from pycards.games import new_game
>>> game = new_game("commerce", players=3, seed=1, dealer=0, deals=2)
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[0])
>>> sum(game.payoffs().values()), game.ledger.balance("pool")
(0, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Literal

from pycards.commerce import Category, category
from pycards.games.engine.actions import Action
from pycards.games.engine.exchange_table import ALL_STAND, AT_ONCE, Barter, Buy, Give, Stand
from pycards.games.engine.options import Options
from pycards.games.exchange.english import EnglishTable, EnglishTerms

__all__ = ["Commerce", "CommerceOptions"]


@dataclass(frozen=True)
class CommerceOptions(EnglishTerms):
    """The terms of English Commerce: those of the English games
    (:class:`~pycards.games.exchange.english.EnglishTerms`: ``stake``, ``ranking``,
    ``short_pack``), and ``dealer_penalty`` (``"none"``, ``"every_player"``,
    ``"better_hands"``), ``extended`` and ``continuous`` (see the module docstring)."""

    dealer_penalty: Literal["none", "every_player", "better_hands"] = "none"
    extended: bool = False
    continuous: bool = False


class Commerce(EnglishTable):
    """A session of English Commerce, the modern game (see the module docstring)."""

    name: ClassVar[str] = "commerce"
    Options: ClassVar[type[Options]] = CommerceOptions
    actions: ClassVar[tuple[type[Action], ...]] = (Stand, Buy, Barter, Give)
    options: CommerceOptions

    def _stop_rule(self) -> str:
        return ALL_STAND if self.options.extended else AT_ONCE

    # -- the stakes and the trading -----------------------------------------------------------

    def _ante(self, players: list[int]) -> None:
        self._stake_each(players, self.options.stake, dealer_pays=2)

    def _choices(self, seat: int) -> list[Action]:
        """Stand, or trade one card: for ready money (if he can pay, and the stock has a card)
        or by barter (if another player still trades)."""
        return [self.STAND, *self._trades(seat, self.options.stake)]

    def _answers(self, seat: int) -> list[Action]:
        """Give a card for the one offered, or stand."""
        return [self.STAND, *self._gives(seat)]

    def _exchange(self, action: Action, seat: int) -> None:
        assert type(action) is Buy
        self._buy(seat, action.card, self.options.stake, to_bottom=True)

    # -- the show ------------------------------------------------------------------------------

    def _settle(self, strengths: dict[int, int]) -> None:
        """The best hand takes the pool and a stake from the dealer; a beaten stander pays a
        stake to each better hand; the dealer's penalty, if agreed. Then the deal passes
        (under continuous dealing, only once a tricon, sequence or flush is shown)."""
        o, order, names = self.options, self._dealt_in(), self.names
        winners = self._best_share_the_pool(strengths)
        dealer = self._dealer
        for s in winners:
            if s != dealer:
                self._pay_up_to(dealer, names[s], o.stake, f"the dealer pays p{s}, the best hand, a stake")
        if self._standers:
            stander = self._standers[0]
            for s in order:
                if strengths[s] > strengths[stander]:
                    self._pay_up_to(stander, names[s], o.stake, f"p{stander} stood and is beaten: he pays p{s} a stake")
        self._dealer_penalty(strengths, order)
        self._end_deal(self._next_dealer(strengths))

    def _dealer_penalty(self, strengths: Mapping[int, int], order: list[int]) -> None:
        """The variation "penalties for the dealer": a dealer's Tricon, Sequence, Flush or Pair
        beaten pays a stake to every player, or to each better hand."""
        how, dealer = self.options.dealer_penalty, self._dealer
        mine = strengths.get(dealer)
        if how == "none" or mine is None or self._category(dealer) < Category.PAIR or mine == max(strengths.values()):
            return
        for s in order:
            if s != dealer and (how == "every_player" or strengths[s] > mine):
                self._pay_up_to(dealer, self.names[s], self.options.stake,
                                f"the dealer's hand is beaten: he pays p{s} a stake")  # fmt: skip

    def _category(self, seat: int) -> Category:
        """What ``seat``'s hand makes under the game's ranking."""
        return category(self._hands[seat], self.options.ranking)

    def _next_dealer(self, strengths: Mapping[int, int]) -> int:
        """The deal passes to the left; under continuous dealing only once a hand shows a
        tricon, a sequence or a flush (and the dealer still holds counters)."""
        keeps = self.options.continuous and self._holding(self._dealer) and all(
            self._category(s) < Category.FLUSH for s in strengths)  # fmt: skip
        return self._dealer if keeps else self._left_holder(self._dealer)
