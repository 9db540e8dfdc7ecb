"""The old game of Commerce (``new_game("old_commerce", ...)``), and Pool Commerce (``pool=True``).

Seed ``002_93c3d51ac699f33f.txt``, "COMMERCE", "THE OLD GAME", "POOL COMMERCE" and
"LIMITED COMMERCE" (the same in seed ``001_363e88ee28ca9c86.txt``; "THE OLD GAME" in seed
``000_090407a6d9d4a9ee.txt``); docs/rules.md 3.1-3.2, 5 ("buying a horse"), 6.1 and 6.4.
For 3 to 12 players. The text, paragraph by paragraph, and what the driver does:

**THE OLD GAME.**

1. "The deal is decided and the cards are distributed in the same way as in the more
   modern game": the first knave deals (or a dealer given); three cards to each player,
   one at a time from the dealer's left, face down; the 32-card pack for up to seven
   players is the option ``short_pack``, as in English Commerce
   (:data:`~pycards.games.exchange.english.SHORT_PACK_PLAYERS`). "but here an additional
   hand, of three cards, is dealt, and placed face upwards in the middle of the table": the
   widow, seen by all (a widow card each round, just before the dealer's own).
2. "There is no trading with the dealer or any of the players, the operations of commerce
   being confined to the three cards exposed on the table": no ready money, no barter.
3. "The player to the left of the dealer has the first turn, and he must either stand, pass,
   or exchange a card" (:class:`~pycards.games.engine.exchange_table.Stand`,
   :class:`~pycards.games.engine.exchange_table.Pass`,
   :class:`~pycards.games.engine.exchange_table.Swap`). "In the latter case he takes one of
   those lying face upwards on the table, adds it to his hand, and places one of his own
   cards, face upwards, in place of the one removed": both cards are seen by all.
4. "If the player passes, he says, "I pass," and is then debarred from afterwards exchanging
   any of his cards during that hand": he has no more turns that deal.
5. "... and so on round the table, until two of the players are satisfied with their hands,
   or all have declared to pass": the turns go round and round past those who stood or
   passed; when nobody is left to take a turn the hands are shown (one stand and every
   other player passed ends it too).
6. "If two of the players stand then each of the other players may make one more exchange
   (if they have not previously passed), and then the whole of the hands are exposed": from
   the second stander's left, each player who has neither stood nor passed has one last turn.
   Decision: in it he exchanges a card with the widow or declines with
   :class:`~pycards.games.engine.exchange_table.Pass` ("I pass": he exchanges no more); a
   stand is not offered, the going round being already stopped.
7. "There is no pool in this variation, the winner receiving instead the amount of the
   stake from each of the other players" (option ``stake``; the ledger has no pool). "In
   case of absolute equality between the two best hands ... each of the winners receives a
   stake from all the other players" (:func:`~pycards.settlement.stake_from_each`).
   Decisions: a player who cannot pay a full stake pays all he has (table stakes: a player
   without counters sits out), to the winners in turn from the dealer's left; when every
   hand is equal nobody is beaten and nothing is paid.
8. "it is best, when a finish is desired, to conclude the game just before the first
   dealer's turn comes round again" ("COMMERCE"): ``until="rotations"``; or ``"deals"``;
   or ``"freeze_out"`` on the counters. The deal passes to the left.

**POOL COMMERCE** (``pool=True``; the session is a freeze-out on the three counters and
needs ``until="freeze_out"``).

9. "a pool is made up, by each player paying in an equal sum, for which he receives three
   counters": at the start of the session (in the first deal's opening) each player pays
   ``stake`` into the ledger's ``pool`` (decision: one holding less pays all he has) and
   holds three counters (the declared piece ``lives``: they are not money). "Play then
   proceeds in the manner just described as the old game."
10. "The winner of the hand, instead of receiving a stake from each of the players, takes a
    previously arranged sum from the pool" (option ``prize``; decision: if the pool holds
    less, what is left), "while the player who has the worst hand puts one counter into the
    pool". Decisions, after paragraph 7's equal winners: equal best hands each take the
    prize (from the dealer's left, while the pool lasts); equal worst hands each put a
    counter in; when every hand is equal there is neither winner nor worst hand.
11. "The game continues until all but one of the players have exhausted their three
    counters, when the player who remains with the last counter or counters takes the
    amount left in the pool. As soon as a player has exhausted his counters he has to stand
    out of the game, and no cards are dealt to him": a seat without counters is dealt no
    cards and deals no more (the deal passes to the next player holding counters).
12. "The player who is first out has the option of buying one counter from the pool, which
    is termed "buying a horse." He has to pay for the same into the pool such sum as may be
    agreed upon" (option ``horse``, the price): right after the deal that put him out, before
    the next deal (or the session's end), the first player out decides, in the phase
    ``horse``: :class:`BuyHorse` or :class:`~pycards.games.engine.exchange_table.Pass`.
    Decisions: only he, only once in the session (whether he buys or not), and only if he
    can pay the price; if two players go out in the same deal, the first of them from the
    dealer's left is the first out; cut short by ``max_decisions``, he is held to decline.

**LIMITED COMMERCE**: option ``ranking`` (``"limited"``: "only the Tricon, Sequence, Flush,
and Point"; ``"limited_strict"``: "Tricon, Sequence, and Point only"; docs/rules.md 3.2).

The turn bound ``max_turns`` (docs/rules.md 6.1): the player whose turn comes at the bound is
held to stand, and the going round goes on as after a stand.

>>> from pycards.games import new_game
>>> game = new_game("old_commerce", players=3, seed=1, dealer=0, deals=2)
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[0])
>>> sum(game.payoffs().values()), game.observation(0)["widow"] != ()
(0, True)
>>> pool = new_game("old_commerce", players=3, seed=1, dealer=0, pool=True, until="freeze_out", stake=6)
>>> while not pool.is_over:
...     _ = pool.apply(pool.legal_actions()[0])
>>> pool.observation(0)["lives"], pool.ledger.balance("pool"), pool.payoffs()
((0, 0, 3), 0, {0: -4, 1: -3, 2: 7})
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Optional

from pycards.errors import GameOptionError, StateError
from pycards.games.engine.actions import Action
from pycards.games.engine.events import Note
from pycards.games.engine.exchange_table import (
    EXCHANGE, POOL, TWO_STANDS, ExchangeTable, Pass, Stand, Swap,
)  # fmt: skip
from pycards.games.engine.fields import Flag, PerSeat, Piece, Seat
from pycards.games.engine.game import OVER
from pycards.games.engine.options import Options, Range
from pycards.games.exchange.english import EnglishTable, EnglishTerms
from pycards.settlement import Payment, stake_from_each

__all__ = ["HORSE", "LIVES", "BuyHorse", "OldCommerce", "OldCommerceOptions"]

HORSE = "horse"
"""The phase in which the first player out of Pool Commerce may buy a horse."""
LIVES = 3
"""The counters each player of Pool Commerce receives for his sum ("three counters")."""


@dataclass(frozen=True)
class OldCommerceOptions(EnglishTerms):
    """The terms of the old game of Commerce: those of the English games
    (:class:`~pycards.games.exchange.english.EnglishTerms`: ``stake``, the old game's stake
    each other player pays the winner, Pool Commerce's sum each player pays into the pool
    at the start; ``ranking``; ``short_pack``), and ``pool`` (Pool Commerce), ``prize``
    (1..10**6: the sum the winner of a hand takes from the pool) and ``horse`` (1..10**6:
    the price of a horse, paid into the pool; "usually one-third or one-half the amount of
    the original stake"). Pool Commerce ends as a freeze-out on the counters: it needs
    ``until="freeze_out"``."""

    pool: bool = False
    prize: Annotated[int, Range(1, 10**6)] = 1
    horse: Annotated[int, Range(1, 10**6)] = 1

    def check(self) -> None:
        if self.pool and self.until != "freeze_out":
            raise GameOptionError("Pool Commerce (pool=True) goes on until all but one player have lost their "
                                  f"three counters: it needs until='freeze_out', not {self.until!r}")  # fmt: skip


@dataclass(frozen=True, slots=True)
class BuyHorse(Action):
    """Pool Commerce: the first player out buys one counter back from the pool, paying the
    agreed price into it."""


_BUY_HORSE = BuyHorse()


class OldCommerce(EnglishTable):
    """A session of the old game of Commerce, or of Pool Commerce (see the module docstring)."""

    name: ClassVar[str] = "old_commerce"
    Options: ClassVar[type[Options]] = OldCommerceOptions
    actions: ClassVar[tuple[type[Action], ...]] = (Stand, Pass, Swap, BuyHorse)
    options: OldCommerceOptions

    WIDOW_CARDS: ClassVar[int] = 3
    WIDOW_FACE_UP: ClassVar[bool] = True
    STOP: ClassVar[str] = TWO_STANDS
    PASS_DEBARS: ClassVar[bool] = True
    PHASES: ClassVar[tuple[str, ...]] = (EXCHANGE, HORSE, OVER)
    STATE: ClassVar[tuple[Piece, ...]] = (
        *ExchangeTable.STATE,
        Piece("lives", PerSeat(0, LIVES, start=LIVES), lasts="session"),
        Piece("first_out", Seat(), lasts="session"),
        Piece("horse_bought", Flag(), lasts="session"),
    )
    """Pool Commerce's pieces (the old game leaves them as they start): each seat's counters;
    the first player to lose his three; whether he has bought his horse."""

    _lives: list[int]
    _first_out: Optional[int]
    _horse_bought: bool

    # -- the terms -------------------------------------------------------------------------------

    def _pools(self) -> dict[str, int]:
        """The old game has no pool ("There is no pool in this variation"); Pool Commerce has."""
        return {POOL: 0} if self.options.pool else {}

    def zero_sum(self) -> bool:
        """The pool of Pool Commerce is emptied at the session's end (the last holder takes it)."""
        return True

    # -- who holds counters (Pool Commerce: the three counters, not the money) ----------------------

    def _holding(self, seat: int) -> bool:
        """Pool Commerce: whether ``seat`` still holds one of his three counters ("As soon as a
        player has exhausted his counters he has to stand out of the game"); the old game:
        whether he holds money."""
        return self._lives[seat] > 0 if self.options.pool else super()._holding(seat)

    # -- the going round --------------------------------------------------------------------------

    def _ante(self, players: list[int]) -> None:
        """Pool Commerce's pool, made up once, at the start of the session: each player pays
        ``stake`` in (all he has, if less)."""
        if not self.options.pool or self._session.deals:
            return
        self._stake_each(players, self.options.stake)

    def _choices(self, seat: int) -> list[Action]:
        """Stand, pass ("I pass") or exchange a card with the widow; in the last turns after two
        stands, exchange or decline (pass)."""
        if self._closing:
            return [self.PASS, *self._swaps(seat)]
        return [self.STAND, self.PASS, *self._swaps(seat)]

    def _exchange(self, action: Action, seat: int) -> None:
        assert type(action) is Swap
        self._swap(seat, action.card, action.take)

    # -- the horse ---------------------------------------------------------------------------------

    @property
    def to_act(self) -> Optional[int]:
        if self._phase == HORSE:
            return self._first_out
        return super().to_act

    def legal_actions(self) -> list[Action]:
        if self._phase == HORSE:
            return [self.PASS, _BUY_HORSE]
        return super().legal_actions()

    def _act(self, action: Action, seat: int) -> None:
        if self._phase != HORSE:
            super()._act(action, seat)
        elif type(action) is BuyHorse:
            self._buy_horse(seat)
        else:
            self._entries.append(Note(f"p{seat} buys no horse"))
            self._deal_passes()

    def _buy_horse(self, seat: int) -> None:
        """"buying a horse": ``seat`` pays the price into the pool and has one counter again."""
        price = self.options.horse
        self._pay([Payment(self.names[seat], POOL, price)],
                  f"p{seat} buys a horse for {price}: one counter from the pool")  # fmt: skip
        self._lives[seat] = 1
        self._horse_bought = True
        self._deal_passes()

    def _may_buy_horse(self, seat: int) -> bool:
        """Whether ``seat``, just out, may buy a horse: the first out, none bought yet, the
        price in hand."""
        return (self.options.pool and seat == self._first_out and not self._horse_bought
                and self.cash(seat) >= self.options.horse)  # fmt: skip

    def _truncate(self) -> None:
        """The bound on decisions: the first player out is held to buy no horse; otherwise as
        every exchange game (all held to stand, the hands shown)."""
        if self._phase == HORSE:
            seat = self._first_out
            self._entries.append(Note(f"the bound on decisions is reached: p{seat} is held to buy no horse"))
            self._deal_passes()
        else:
            super()._truncate()

    def _natural_bound(self) -> int:
        """The exchange games' bound, and the horse."""
        return super()._natural_bound() + 1

    # -- the show ------------------------------------------------------------------------------------

    def _settle(self, strengths: dict[int, int]) -> None:
        """The old game: each other player pays each best hand a stake. Pool Commerce: each
        best hand takes the prize from the pool, each worst hand loses a counter (and the first
        out may buy a horse). Nobody is beaten when every hand is equal. Then the deal passes."""
        order = self._dealt_in()
        if len(set(strengths.values())) < 2:
            if strengths:
                self._entries.append(Note("every hand is equal: nobody wins"))
            self._deal_passes()
            return
        best, worst = max(strengths.values()), min(strengths.values())
        winners = [s for s in order if strengths[s] == best]
        if not self.options.pool:
            self._stakes_to(winners, order)
            self._deal_passes()
            return
        self._prizes_to(winners)
        out = self._lose_counters([s for s in order if strengths[s] == worst])
        if out is None:
            self._deal_passes()
        elif self._may_buy_horse(out):
            self._phase = HORSE
            self._entries.append(Note(f"p{out} is the first out: he may buy a horse for {self.options.horse}"))
        else:
            self._entries.append(Note(f"p{out} is the first out, and cannot pay {self.options.horse} for a horse"))
            self._deal_passes()

    def _stakes_to(self, winners: list[int], order: list[int]) -> None:
        """The old game: "the winner receiving instead the amount of the stake from each of the
        other players"; equal best hands: "each of the winners receives a stake from all the
        other players". A player short of the stakes pays all he has, to the winners in turn."""
        names = self.names
        left = {names[s]: self.cash(s) for s in order}
        payments = []
        for p in stake_from_each([names[s] for s in winners], [names[s] for s in order], self.options.stake):
            amount = min(p.amount, left[p.payer])
            left[p.payer] -= amount
            payments.append(Payment(p.payer, p.payee, amount))
        self._pay(payments, f"each other player pays the best hand a stake of {self.options.stake}")

    def _prizes_to(self, winners: list[int]) -> None:
        """Pool Commerce: the winner "takes a previously arranged sum from the pool" (what is
        left, if less); equal best hands each take it, from the dealer's left."""
        left = self._ledger._balances[POOL]
        payments = []
        for s in winners:
            amount = min(self.options.prize, left)
            left -= amount
            payments.append(Payment(POOL, self.names[s], amount))
        self._pay(payments, f"the best hand takes {self.options.prize} from the pool")

    def _lose_counters(self, worst: list[int]) -> Optional[int]:
        """Pool Commerce: "the player who has the worst hand puts one counter into the pool"
        (equal worst hands, each); who went out first, if this deal made the first player out."""
        first = None
        for s in worst:
            self._lives[s] -= 1
            self._entries.append(Note(f"p{s} has the worst hand: he puts a counter into the pool "
                                      f"({self._lives[s]} left)"))  # fmt: skip
            if not self._lives[s]:
                self._entries.append(Note(f"p{s} has exhausted his counters: he stands out"))
                if self._first_out is None:
                    self._first_out = first = s
        return first

    # -- the views and the documents ---------------------------------------------------------------

    def _check_session(self) -> None:
        """A snapshot's counters must fit together: the old game keeps them as they start;
        in Pool Commerce every player holds three before the first deal, two players at least
        still hold counters, the first out is known once anybody is out, and he holds none
        (one at most, if he bought his horse)."""
        super()._check_session()
        lives, first, bought = self._lives, self._first_out, self._horse_bought
        fresh = lives == [LIVES] * self.players and first is None and not bought
        if not self.options.pool or not self._session.deals:
            if not fresh:
                raise StateError("document.deal.game: the counters are three each, nobody out and no horse "
                                 "bought, " + ("in the old game" if not self.options.pool else "before the first deal"))
            return
        if sum(n > 0 for n in lives) < 2:
            raise StateError(f"document.deal.game.lives: a session in play has two players holding counters, "
                             f"not {lives}")  # fmt: skip
        if first is None:
            if bought or 0 in lives:
                raise StateError("document.deal.game.first_out: a player is out (or a horse bought), so the first "
                                 "out is known")  # fmt: skip
        elif lives[first] > (1 if bought else 0):
            raise StateError(f"document.deal.game.lives: p{first}, the first out, holds {lives[first]} counters "
                             f"{'after his one horse' if bought else 'and bought no horse'}")  # fmt: skip
