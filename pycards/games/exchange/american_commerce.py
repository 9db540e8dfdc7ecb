"""American Commerce, without and with a widow (``new_game("american_commerce", ...)``).

Seed ``004_7d6a6396833e304f.txt``, "COMMERCE"; docs/rules.md 3.3 (the rankings
``american`` and ``american_extended`` of :func:`pycards.commerce.evaluate`), 5, 6.1 and
6.4. "Three to twelve players may form a table." One game, two forms: the option
``widow`` chooses.

**Without a Widow** (``widow=False``, the default: "We shall take the older form first").

1. "The counters have a money value, and each player deposits one in the pool": each
   player dealt in pays ``stake`` into the pool (a player holding less pays all he has).
2. "The dealer then distributes the cards one at a time, face down, until each has
   three."
3. **Trading**, from the eldest hand, round and round: "each in turn, beginning with the
   eldest hand, may exchange one card".

   * "If he trades *for ready money*, he gives his card and one white counter to the
     dealer, and receives another card, face down, from the top of the pack. The discard
     is left on the table, and the counter is the dealer's perquisite"
     (:class:`~pycards.games.engine.exchange_table.Buy`): the price is ``stake``, paid to
     the dealer (the dealer trading pays nobody); the discard lies face down on the table
     (:data:`~pycards.games.engine.exchange_table.DISCARDS`), seen by nobody but its
     owner. Ready money is offered only while the stock holds a card and the buyer can pay.
   * "If he trades *for barter*, he passes his discard to the player on his left, who must
     give one of his own in exchange before looking at the one he is to receive"
     (:class:`~pycards.games.engine.exchange_table.Barter`, answered by
     :class:`~pycards.games.engine.exchange_table.Give`): each card passed is seen by its
     giver and its receiver only. "If the player will not exchange, he must *knock* on the
     table, to signify that he will stand by the cards he has" (the answer
     :class:`~pycards.games.engine.exchange_table.Knock`; the card offered goes back).
     "If he exchanges, he takes up the offered card, and then has the privilege of trading
     for ready money or for barter himself": the turn passes to him.
   * Or he knocks. Decision: a player on his turn trades or knocks (he may not pass): the
     text offers nobody a turn without a trade but the knock that ends the trading.

   "The trading goes on in this way round and round, until some player knocks, when all
   trading is immediately stopped, and the hands are shown" (the stop rule
   :data:`~pycards.games.engine.exchange_table.AT_ONCE`).
4. **The show**: "The best hand wins the pool", ranked by ``ranking``: triplets, sequence
   flushes, the point ("Pairs have no value"). "If the number of cards is also a tie, the
   dealer, or the player nearest him on his left wins". Decision: every tie (two sequence
   flushes of one height in two suits, two equal points) goes so, by
   :func:`pycards.settlement.first_of_best` in the order dealer first, then from his left.
5. **The dealer's payments**: "If the dealer does not win the pool, he must pay one white
   counter to the player who does. If the dealer holds a combination of the same rank as
   the one that wins the pool, he must pay one white counter to every other player at
   the table" (the text's example: a Jack-high sequence flush wins, the dealer holds a
   9-high one, and pays everyone; "If the dealer had no sequence flush, he would pay the
   winner of the pool only"). A white counter is ``stake``. Decisions: a *combination* is
   a hand above the point (triplets, a sequence flush; under ``american_extended`` a flush
   or a pair too): when a point wins, the dealer pays the winner only, whatever his point.
   Paying every other player includes the winner's counter (he is paid one, not two). The
   dealer pays what he holds (table stakes), to the players in turn from his left.
6. "The deal passes to the left" (to the next player holding counters).

**With a Widow** (``widow=True``): "This is almost three-card Whiskey Poker."

1. "Each player is provided with three counters only, which are of no value": the text's
   setting is ``counters=3`` (the option). Decision: "the best hand takes the pool", so
   each player dealt in puts ``stake`` into the pool each deal, as in the older form.
2. "three cards are dealt to each player and to the widow, face down, and one at a
   time": the widow's card each round just before the dealer's. "The widow is turned face
   up immediately", seen by all.
3. "and the dealer has the first say. Before he looks at the cards he has dealt to
   himself, he may exchange his whole hand for the widow"
   (:class:`~pycards.games.engine.exchange_table.TakeWidow`; his hand goes to the table
   face up as the widow, seen by all) or keep it
   (:class:`~pycards.games.engine.exchange_table.Pass`). So his cards are dealt seen by
   nobody, not even by him (his observation holds no hand, his encoding no card of his
   own), until he decides: keeping them he looks at them (a show to him alone,
   ``Shown(dealer, 0, cards, seen_by=(dealer,))``); taking the widow he sees them go to
   the table face up with everybody. Decision: his first say is one of the two, no knock
   (he has not looked), and it is not a turn (the turn bound counts the draws).
4. "otherwise the eldest hand has the first draw. No other player may exchange his whole
   hand, but each in turn may draw one card until some player knocks"
   (:class:`~pycards.games.engine.exchange_table.Swap`: a card of his hand for one of the
   widow's, both face up, or :class:`~pycards.games.engine.exchange_table.Knock`).
   Decisions: the eldest hand draws first whether the dealer took the widow or not, and
   the dealer then draws in his turn like the others; a player on his turn draws or
   knocks (no pass: as in the older form, the only turn without an exchange is the knock).
5. "The moment any player knocks, all drawing must cease, and the hands are shown at
   once" (:data:`~pycards.games.engine.exchange_table.AT_ONCE`). "Triplets, straight
   flushes, and points determine the value of the hands, as already described, and the
   best hand takes the pool" (ties as in the older form). "The dealer makes no extra
   payments, as he has no perquisites."
6. "The first player to lose his three counters pays for the whiskey; and if two or more
   are frozen out at the same time, the one with the worst hand pays": the session option
   ``until="first_out"`` ends the session at the deal that leaves a player without
   counters; the payer (:meth:`ExchangeTable._pays_for_whiskey
   <pycards.games.engine.exchange_table.ExchangeTable._pays_for_whiskey>`: equal worst
   hands, the first from the dealer's left) is told in a note and kept for the session
   (the observation's ``whiskey``). "The game is sometimes varied by playing freeze-out,
   a value being attached to the three counters, and players who are decavé retiring from
   the game until all the counters have been won by a single player":
   ``until="freeze_out"`` (the first out is still named in ``whiskey``; no counter moves
   for it).

"Two other combinations are sometimes introduced in either form of Commerce: A flush,
three cards of one suit, ranking next below the straight flush; and a single pair
outranking the point": ``ranking="american_extended"``.

>>> from pycards.games import new_game
>>> game = new_game("american_commerce", players=3, seed=1, dealer=0, deals=2)
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[0])
>>> sum(game.payoffs().values()), game.ledger.balance("pool")
(0, 0)
>>> game = new_game("american_commerce", players=3, seed=1, dealer=0, widow=True, counters=3,
...                 until="first_out")
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[0])
>>> game.observation(0)["whiskey"] in (0, 1, 2)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Optional

from pycards.commerce import Category, category, evaluate
from pycards.games.engine.actions import Action
from pycards.games.engine.events import Dealt, Note, Shown
from pycards.games.engine.exchange_table import (
    AT_ONCE, EXCHANGE, WHISKEY, Barter, Buy, ExchangeOptions, ExchangeTable, Give, Knock, Pass, Swap, TakeWidow,
)  # fmt: skip
from pycards.games.engine.fields import Flag, Piece
from pycards.games.engine.options import Options, Range

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["AmericanCommerce", "AmericanCommerceOptions"]

COMBINATIONS = {Category.TRICON: "triplets", Category.SEQUENCE: "a sequence flush", Category.FLUSH: "a flush",
                Category.PAIR: "a pair"}  # fmt: skip
"""The combinations, hands above the point, by their American names (the dealer's payments)."""


@dataclass(frozen=True)
class AmericanCommerceOptions(ExchangeOptions):
    """The terms of American Commerce: those of every exchange game
    (:class:`~pycards.games.engine.exchange_table.ExchangeOptions`; with a widow, the
    session's end ``"first_out"``: the first player to lose his counters pays for the
    whiskey, and the session ends), and ``widow`` (the form with a widow), ``ranking``
    (``"american"``, or ``"american_extended"`` with the flush and the pair) and ``stake``
    (1..10**6: what each player puts in the pool, the price of ready money, the dealer's
    payments; see the module docstring)."""

    widow: bool = False
    ranking: Literal["american", "american_extended"] = "american"
    stake: Annotated[int, Range(1, 10**6)] = 1


class AmericanCommerce(ExchangeTable):
    """A session of American Commerce, without or with a widow (see the module docstring)."""

    name: ClassVar[str] = "american_commerce"
    Options: ClassVar[type[Options]] = AmericanCommerceOptions
    actions: ClassVar[tuple[type[Action], ...]] = (Knock, Pass, Buy, Barter, Give, Swap, TakeWidow)
    options: AmericanCommerceOptions
    STOP: ClassVar[str] = AT_ONCE

    STATE: ClassVar[tuple[Piece, ...]] = (
        *ExchangeTable.STATE,
        Piece("first_say", Flag()),
        WHISKEY,
    )
    """Besides the table's: whether the dealer's first say (with a widow) is awaited, and who
    pays for the whiskey (with a widow: the first player to lose his counters; None yet)."""
    _first_say: bool
    _whiskey: Optional[int]

    def _strength(self, seat: int) -> int:
        return evaluate(self._hands[seat], self.options.ranking)

    def _category(self, seat: int) -> Category:
        """What ``seat``'s hand makes under the game's ranking."""
        return category(self._hands[seat], self.options.ranking)

    def _check_session(self) -> None:
        """A snapshot's dealer holds counters, and the whiskey is named with a widow only,
        once a player has lost his counters, and then it is his."""
        super()._check_session()
        self._check_whiskey(self.options.widow)

    # -- the stakes and the deal ------------------------------------------------------------

    def _ante(self, players: list[int]) -> None:
        """"each player deposits one in the pool" (``stake``; with a widow too: the best hand
        takes the pool)."""
        self._stake_each(players, self.options.stake)

    def _deal_round(self) -> None:
        """Without a widow, the table's deal. With one: three cards to each player and to the
        widow, face down, one at a time, the widow's just before the dealer's; the dealer's
        own seen by nobody ("Before he looks at the cards he has dealt to himself"); then "The
        widow is turned face up immediately"."""
        if not self.options.widow:
            super()._deal_round()
            return
        seats, dealer = self._dealt_in(), self._dealer
        pop, entries, hands, alone = self._pack.stock.pop, self._entries, self._hands, self._alone
        for _ in range(self.HAND):
            for seat in seats:
                if seat == dealer:
                    self._widow_card(pop())
                card = pop()
                hands[seat].append(card)
                entries.append(Dealt(seat, 0, card, () if seat == dealer else alone[seat]))
            if dealer not in seats:
                self._widow_card(pop())
        self._entries.append(Note("the widow is turned face up"))
        self._turn_up_widow()

    def _open_round(self) -> None:
        """With a widow, "the dealer has the first say" (if he is dealt in and another player
        is); otherwise the eldest hand begins."""
        if not (self.options.widow and self._in[self._dealer] and len(self._dealt_in()) > 1):
            super()._open_round()
            return
        self._phase = EXCHANGE
        self._first_say = True
        self._turn = self._dealer

    def _blind(self, seat: int) -> bool:
        """Whether ``seat`` holds cards he has not looked at: the dealer before his first say."""
        return self._first_say and seat == self._dealer

    # -- the choices ----------------------------------------------------------------------------

    def _choices(self, seat: int) -> list[Action]:
        """The dealer's first say: take the widow or keep his hand. A turn: knock, or trade one
        card: with a widow, for one of the widow's; without, for ready money (while the stock
        holds a card and he can pay) or by barter."""
        if self._first_say:
            return [self.TAKE_WIDOW, self.PASS]
        legal: list[Action] = [self.KNOCK]
        if self.options.widow:
            return legal + self._swaps(seat)
        return legal + self._trades(seat, self.options.stake)

    def _answers(self, seat: int) -> list[Action]:
        """Give a card for the one offered, before seeing it, or knock."""
        return [self.KNOCK, *self._gives(seat)]

    def _act(self, action: Action, seat: int) -> None:
        """The dealer's first say, then the family's actions."""
        if not self._first_say:
            super()._act(action, seat)
            return
        self._first_say = False
        if type(action) is TakeWidow:
            self._entries.append(Note(f"p{seat}, the dealer, takes the widow before looking at his cards"))
            self._take_widow(seat)
        else:
            self._entries.append(Note(f"p{seat}, the dealer, keeps his cards and looks at them"))
            self._entries.append(Shown(seat, 0, tuple(self._hands[seat]), self._alone[seat]))
        self._next_turn()

    def _exchange(self, action: Action, seat: int) -> None:
        if type(action) is Buy:
            self._buy(seat, action.card, self.options.stake, to_bottom=False)
        else:
            assert type(action) is Swap
            self._swap(seat, action.card, action.take)

    def _end_round(self, why: str = "") -> None:
        self._first_say = False
        super()._end_round(why)

    # -- the show -------------------------------------------------------------------------------

    def _settle(self, strengths: dict[int, int]) -> None:
        """The best hand wins the pool (ties: the dealer, or the player nearest him on his
        left); without a widow, the dealer's payments; with one, who pays for the whiskey.
        Then the deal passes to the left."""
        dealer = self._dealer
        order = [s for s in (dealer, *self._turn_from(dealer)[:-1]) if s in strengths]
        winner = self._first_of_best_takes_the_pool(strengths, order)
        if self.options.widow:
            self._name_whiskey_payer(strengths)
        elif winner != dealer:
            self._dealer_pays(winner, order[1:])
        self._deal_passes()

    def _dealer_pays(self, winner: int, others: list[int]) -> None:
        """"If the dealer does not win the pool, he must pay one white counter to the player
        who does. If the dealer holds a combination of the same rank as the one that wins the
        pool, he must pay one white counter to every other player at the table" (``others``:
        from his left)."""
        dealer, stake = self._dealer, self.options.stake
        mine = self._category(dealer)
        if mine in COMBINATIONS and mine == self._category(winner):
            for s in others:
                self._pay_up_to(dealer, self.names[s], stake,
                                f"the dealer holds {COMBINATIONS[mine]} too: he pays p{s} {stake}")  # fmt: skip
        else:
            self._pay_up_to(dealer, self.names[winner], stake, f"the dealer does not win: he pays p{winner} {stake}")

    # -- the views --------------------------------------------------------------------------------

    def _hands_view(self, me: int) -> dict[str, Any]:
        """The table's cards; the dealer's own hand empty until he has looked at it."""
        view = super()._hands_view(me)
        if self._blind(me):
            view["hand"] = ()
        return view

    def _encode_cards(self, v: npt.NDArray[np.float32], me: int) -> int:
        """The table's card features; none of the dealer's own until he has looked at them."""
        index = super()._encode_cards(v, me)
        if self._blind(me):
            v[:52] = 0.0
        return index

    def _own_observation(self, seat: int) -> dict[str, Any]:
        return {"stake": self.options.stake, "ranking": self.options.ranking}
