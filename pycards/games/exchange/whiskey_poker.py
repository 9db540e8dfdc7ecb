"""Whiskey Poker (``new_game("whiskey_poker", ...)``): poker hands bettered from a widow.

Seed ``004_7d6a6396833e304f.txt``, "WHISKEY POKER"; docs/rules.md 2 (the hands ranked by
:func:`pycards.poker.evaluate`, profile ``american`` unless the option ``profile`` says
otherwise, section 6.3), 5, 6.1 and 6.3. The text, paragraph by paragraph, and what the
driver does:

1. "The arrangements for the cards, seats, etc., are the same as in Draw Poker": the full
   pack, the players as at Draw Poker, the first dealer by the first knave. "Each player
   is provided with an equal number of white counters, which may have a value attached to
   them, or which may simply represent markers. If the counters represent money, each
   player should have at least twenty; if they are only markers, five is the usual
   number": the option ``counters`` (20 by default; the markers' setting is
   ``counters=5``). "If the game is played for money, each player puts one counter in the
   pool before the cards are dealt. There is no raising or betting of any kind."
2. "An extra hand, called the widow, is dealt face down": five cards to each player and
   five to the widow, "one at a time, beginning on his left, and dealing to the widow just
   before he deals to himself"; nobody sees the widow. "Each player in turn, beginning with
   the age" (the eldest hand), exchanges his hand for the widow, keeps it to draw to it, or
   stands on it.
3. "If he wishes to exchange, he must place his five cards face upward on the table, and
   take up the widow, but without showing it to any other player. The hand he abandons then
   becomes the widow" (:class:`~pycards.games.engine.exchange_table.TakeWidow`: the taker
   alone sees the widow's cards; his old hand, face up, is seen by all). "If he prefers to
   draw to his hand, he says: I pass, which transfers to the next player the option of
   taking the widow" (:class:`~pycards.games.engine.exchange_table.Pass`). "If he wishes to
   stand on the merits of the hand dealt to him, without drawing to it, he knocks on the
   table, which also passes the option of taking the widow to the next player on his left"
   (:class:`~pycards.games.engine.exchange_table.Knock`).
4. "If any player takes the widow, the next player on his left can do any one of three
   things": draw one card from the widow, his discard "placed on the table face upward, and
   becoming part of the widow" (:class:`~pycards.games.engine.exchange_table.Swap`), take
   the whole widow for his hand, or knock; "and so on, until some player does knock".
5. "Should no player take the widow until it comes to the dealer's turn, he must either
   take it, or turn it face upward on the table"
   (:class:`~pycards.games.engine.exchange_table.TurnUp`). "Even if the dealer knocks, he
   must turn up the widow, and allow each player an opportunity to draw from it, or to
   exchange his entire hand for it": his knock turns it up.
6. "When a player knocks, he signifies that no matter what the players following him may
   do, when it comes to his turn again the hands must be shown": each other player has one
   more turn, the knocker none (stop rule ``ONE_MORE_ROUND``). "A player cannot draw and
   knock at the same time; but a player can refuse to draw or exchange after another player
   has knocked, not before": a turn is one action; ``Pass`` is offered after a knock, and
   before the widow is taken (the "I pass"), never while the widow lies open and nobody has
   knocked. The variant "In some localities it is the rule to turn the widow face up at
   once if any player knocks before it is taken; allowing all those after the knock an
   opportunity to draw or exchange": the option ``turn_up_on_knock``.
7. The text's example ("Suppose five play. E deals, and A passes; B takes the widow; C and
   D draw from B's abandoned hand, and E knocks ...") is played exactly so (the tests
   replay it).
8. "When the hands are shown, there are two ways to settle" (the option ``markers``): for
   money, "the best poker hand wins the pool, and the deal passes to the left"; as markers,
   "there is no pool; but the player who has the worst hand shown puts one of his counters
   in the middle of the table. This continues until some player has lost all five of his
   counters, and he is then called upon to pay for the whiskey": the ledger's party
   ``middle`` holds those counters and nobody ever wins them (the session does not play on
   for them, and ``zero_sum()`` is false); the observation's ``whiskey`` names the
   first player out. The text's session is ``markers=True, counters=5,
   until="first_out"`` (it ends when the first player has lost all his counters).

Decisions, where the text is silent:

* Decision: 2 to 8 players, as the Draw Poker driver seats (eight hands and the widow take
  45 of the 52 cards).
* Decision: the stake is the text's one counter, not an option; a player without counters
  sits out (docs/rules.md 5), and is dealt no hand.
* Decision: equal best hands share the pool, the odd counter to the first of them from
  the dealer's left (law 76, docs/rules.md 5).
* Decision: equal worst hands (markers) each put a counter in the middle: each is "the
  worst hand shown". Two players out by the same deal: the worse hand pays for the whiskey,
  equal hands the first from the dealer's left (the family's rule,
  :meth:`~pycards.games.engine.exchange_table.ExchangeTable._pays_for_whiskey`).
* Decision: the deal passes to the left after every deal, under markers too.
* Decision: the dealer's ``TurnUp`` is his turn (he draws from the widow on his next one);
  his ``Knock`` before the widow is taken turns it up and knocks; he may not pass then.
* Decision: after a knock, with the widow still face down (no variant), the players to
  come may take it or pass; the dealer must take it or turn it up. Nobody knocks again.
* Decision: the turn bound (``max_turns``, docs/rules.md 6.1): the player whose turn comes
  is held to knock, and that knock is a knock by the text (the dealer's turns up the
  widow; under the variant any knock before the widow is taken turns it up).
* Decision: ``max_decisions``: every player is held to stand, and the hands are shown.

>>> from pycards.games import new_game
>>> game = new_game("whiskey_poker", players=4, seed=3, dealer=0, deals=2)
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[0])
>>> sum(game.payoffs().values()), game.ledger.balance("pool"), game.zero_sum()
(0, 0, True)
>>> game = new_game("whiskey_poker", players=3, seed=3, markers=True, counters=5, until="first_out")
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[0])
>>> game.ledger.balance("middle") == -sum(game.payoffs().values()), game.zero_sum()
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from pycards.errors import StateError
from pycards.games.engine.actions import Action
from pycards.games.engine.events import Note
from pycards.games.engine.exchange_table import (
    ONE_MORE_ROUND, POOL, WHISKEY, ExchangeOptions, ExchangeTable, Knock, Pass, Swap, TakeWidow, TurnUp,
)  # fmt: skip
from pycards.games.engine.fields import Piece
from pycards.games.engine.options import Options, Range
from pycards.poker import evaluate
from pycards.settlement import Payment

__all__ = ["MIDDLE", "WhiskeyPoker", "WhiskeyPokerOptions"]

MIDDLE = "middle"
"""The ledger's party of the markers game: "one of his counters in the middle of the table"."""
ANTE = 1
"""The money game's stake: "each player puts one counter in the pool"."""


@dataclass(frozen=True)
class WhiskeyPokerOptions(ExchangeOptions):
    """The terms of Whiskey Poker: those of every exchange game
    (:class:`~pycards.games.engine.exchange_table.ExchangeOptions`), with ``counters`` 20
    by default ("each player should have at least twenty"; markers: five; ``until``
    ``"first_out"`` ends the session when the first player has lost all his counters), and
    ``markers`` (the second way to settle: no pool, the worst hand puts a counter in the
    middle), ``profile`` (how hands rank, ``american`` by default, docs/rules.md 2) and
    ``turn_up_on_knock`` (the variant: a knock before the widow is taken turns it face
    up)."""

    counters: Annotated[int, Range(1, 10**9)] = 20
    markers: bool = False
    profile: Literal["english", "american", "no_straight_flush"] = "american"
    turn_up_on_knock: bool = False


class WhiskeyPoker(ExchangeTable):
    """A session of Whiskey Poker for 2 to 8 players (see the module docstring)."""

    name: ClassVar[str] = "whiskey_poker"
    Options: ClassVar[type[Options]] = WhiskeyPokerOptions
    actions: ClassVar[tuple[type[Action], ...]] = (Knock, Pass, Swap, TakeWidow, TurnUp)
    options: WhiskeyPokerOptions

    HAND: ClassVar[int] = 5
    WIDOW_CARDS: ClassVar[int] = 5
    STOP: ClassVar[str] = ONE_MORE_ROUND
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 8
    PLAY_ON: ClassVar[bool] = False
    """The pool is always won at the show; the middle is never won: nothing to play on for."""
    STATE: ClassVar[tuple[Piece, ...]] = (*ExchangeTable.STATE, WHISKEY)
    """The family's pieces, and who pays for the whiskey (markers: the first player out)."""

    _whiskey: int | None

    def _pools(self) -> dict[str, int]:
        """Money: the pool; markers: the middle of the table (never won)."""
        return {MIDDLE: 0} if self.options.markers else {POOL: 0}

    def _strength(self, seat: int) -> int:
        """The poker hand's strength by the game's profile (docs/rules.md 2)."""
        return evaluate(self._hands[seat], self.options.profile)

    def zero_sum(self) -> bool:
        """Money: every counter ends with the seats (the pool is won at every show); markers:
        the counters put in the middle stay there."""
        return not self.options.markers

    # -- the stakes and the turns ---------------------------------------------------------------

    def _ante(self, players: list[int]) -> None:
        """Money: "each player puts one counter in the pool before the cards are dealt"."""
        if not self.options.markers:
            self._stake_each(players, ANTE)

    def _choices(self, seat: int) -> list[Action]:
        """What ``seat`` may do on his turn: with the widow face down, take it, or pass ("I
        pass"; the dealer instead turns it up), or knock (not after a knock); with the widow
        open, draw a card from it or take it whole, or knock (before a knock) or pass (after)."""
        knocked = self._closing
        if not self._widow_up:
            refuse = self.TURN_UP if seat == self._dealer else self.PASS
            return [refuse, self.TAKE_WIDOW] if knocked else [self.KNOCK, refuse, self.TAKE_WIDOW]
        first = self.PASS if knocked else self.KNOCK
        return [first, *self._swaps(seat), self.TAKE_WIDOW]

    def _exchange(self, action: Action, seat: int) -> None:
        """One card drawn from the widow, the whole widow taken, or the widow turned up."""
        kind = type(action)
        if kind is Swap:
            self._swap(seat, action.card, action.take)  # type: ignore[attr-defined]
        elif kind is TakeWidow:
            self._take_widow(seat)
        else:
            assert kind is TurnUp
            self._turn_up_widow()

    def _stand(self, seat: int) -> None:
        """A knock: the dealer's before the widow is taken turns it up ("Even if the dealer
        knocks, he must turn up the widow"), and so does anyone's under the variant; then
        each other player has one more turn."""
        if not self._widow_up and (seat == self._dealer or self.options.turn_up_on_knock):
            self._entries.append(Note(f"p{seat} knocks before the widow is taken: it is turned face up"))
            self._turn_up_widow()
        super()._stand(seat)

    # -- the show ------------------------------------------------------------------------------

    def _settle(self, strengths: dict[int, int]) -> None:
        """Money: the best hand takes the pool (equal best share it, law 76). Markers: each
        worst hand puts a counter in the middle, and the first player out pays for the
        whiskey. The deal passes to the left."""
        if self.options.markers:
            self._worst_pays(strengths)
        else:
            self._best_share_the_pool(strengths)
        self._deal_passes()

    def _worst_pays(self, strengths: Mapping[int, int]) -> None:
        """"The player who has the worst hand shown puts one of his counters in the middle"
        (each of equal worst hands); the first player out pays for the whiskey."""
        worst = min(strengths.values())
        losers = [s for s in self._dealt_in() if strengths[s] == worst]
        self._pay([Payment(self.names[s], MIDDLE, 1) for s in losers],
                  "the worst hand shown puts one counter in the middle of the table")  # fmt: skip
        self._name_whiskey_payer(strengths)

    def _share_pools(self) -> None:
        """Markers: nobody wins the middle, not even when every player is out at once."""
        if not self.options.markers:
            super()._share_pools()

    def _last_takes_all(self) -> None:
        """Markers: the last holder does not take the middle either."""
        if not self.options.markers:
            super()._last_takes_all()

    def _own_observation(self, seat: int) -> dict[str, Any]:
        """The terms every seat knows, and the counters in the middle (0 for money)."""
        return {"profile": self.options.profile, "markers": self.options.markers,
                "turn_up_on_knock": self.options.turn_up_on_knock,
                "middle": self._ledger._balances[MIDDLE] if self.options.markers else 0}  # fmt: skip

    def _check_session(self) -> None:
        """The dealer holds counters (the deal passes to a holder); a deal begins with an empty
        pool; the whiskey is paid by markers only, by a player out of counters, and somebody
        pays once a player is out; a session ending at the first player out is over once one
        is."""
        super()._check_session()
        self._check_whiskey(self.options.markers)
        if not self.options.markers and self._ledger._balances[POOL]:
            raise StateError("document.deal.balances.pool: the pool is won at every show, so a deal "
                             "begins with it empty")  # fmt: skip
        holds = [self._holding(s) for s in range(self.players)]
        if self.options.until == "first_out" and not all(holds):
            raise StateError("document.deal.balances: a session until the first player out is over once one is")
