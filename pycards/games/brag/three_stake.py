"""Three-stake Brag (``new_game("three_stake_brag", ...)``): three pools a deal.

Seed ``004_7d6a6396833e304f.txt``, "Three Stake Brag"; docs/rules.md, "Brag". A deal,
for 3 to 12 players:

1. "Each player puts up three equal amounts to form three equal pools. These amounts
   must be invariable, and should be agreed upon before play begins": the option
   ``stake``, into the pools ``first pool``, ``second pool`` and ``third pool`` (a player holding
   less puts all he has, the first pool first: they are his antes, law 60).
2. "The dealer then gives two cards to each player, one at a time, face down; and then a
   third card to each, face up."
3. **The first pool**: "The highest card turned up in this manner wins one of the pools,
   the ace being the highest and the deuce the lowest", the braggers each above the
   other cards of their rank (:func:`pycards.brag.upcard`); "Ties are decided in favour of
   the eldest hand, or the player nearest him on the left."
4. **The second pool**: "The players then take up the other two cards, without showing
   them, and proceed to brag on their hands as in single stake Brag", without an ante:
   from the eldest hand each bets (``Raise``) or passes (``Check``) until a bet is made,
   then meets it, raises or passes out (``Fold``, offered only once a bet is made), as in
   the betting after the draw at Poker. "The winner takes the second pool; but those who pass out do not abandon their
   hands until the third pool is decided. If no bet is made for the second pool, it is
   won by the dealer." A bet nobody meets takes it unshown; a call shows the hands still
   in, the best brag hand wins (equal best share it, law 76).
5. **The third pool**: "All hands are shown to decide the last pool. Each player counts
   up the pip value of his three cards, reckoning the aces for eleven, and court-cards as
   ten each. The player coming nearest to thirty-one takes the third pool. Ties are
   decided in favour of the eldest hand, as before." Nearest is the distance either side.
6. **The drawing variant** (option ``draw``): "Beginning with the eldest hand, each player
   in turn pays into the pool a counter for each card he draws. These cards are given by
   the dealer face up, and one player must be given all he needs before passing to the
   next. Should a player pass thirty-one, he is out of the pool." Each decides card by
   card (:class:`Hit` or :class:`Stand`), while he is under 31, holds a counter and the
   stock has a card. Should every player pass 31, nobody takes the third pool: it stays
   for the next deal's.
7. The deal passes to the left.

>>> from pycards.games import new_game
>>> game = new_game("three_stake_brag", players=3, seed=2, dealer=0, deals=2, draw=True)
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[0])
>>> sum(game.payoffs().values()), game.ledger.balance("third pool")
(0, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Optional

from pycards._three_keys import pips
from pycards.brag import upcard
from pycards.games.brag.table import BragOptions, BragTable
from pycards.games.engine.actions import Action
from pycards.games.engine.betting import FOLD
from pycards.games.engine.betting_table import BET, BettingTable
from pycards.games.engine.events import Note
from pycards.games.engine.fields import Piece, Seat, Seats
from pycards.games.engine.game import OVER
from pycards.games.engine.options import Options, Range
from pycards.settlement import Payment, _first_of_best

__all__ = ["Hit", "Stand", "ThreeStakeBrag", "ThreeStakeBragOptions"]

UPCARD, BRAG, THIRTY_ONE = "first pool", "second pool", "third pool"
"""The three pools (the ledger's parties): the highest card turned up, the brag, the nearest
to thirty-one."""
DRAW = "draw"
"""The phase of the drawing variant."""
TARGET = 31


@dataclass(frozen=True, slots=True)
class Hit(Action):
    """Draw a card face up for the third pool, paying a counter into it."""


@dataclass(frozen=True, slots=True)
class Stand(Action):
    """Draw no more."""


_HIT, _STAND = Hit(), Stand()


@dataclass(frozen=True)
class ThreeStakeBragOptions(BragOptions):
    """The terms of Three-stake Brag: those of every Brag game
    (:class:`~pycards.games.brag.table.BragOptions`; the limit bounds each bet of the second
    pool), ``stake`` (1..10**6) each player's amount in each of the three pools, and
    ``draw`` (the drawing variant for the third pool)."""

    stake: Annotated[int, Range(1, 10**6)] = 1
    draw: bool = False


_PIPS = tuple(pips(card >> 2) for card in range(52))
"""Each card's pips (docs/rules.md 1): ace 11, court cards 10, the others their face."""


def total(cards: list[int]) -> int:
    """The pip value of ``cards``: ace 11, court cards 10, the others their face."""
    return sum([_PIPS[card] for card in cards])


class ThreeStakeBrag(BragTable):
    """A session of Three-stake Brag for 3 to 12 players (see the module docstring)."""

    name: ClassVar[str] = "three_stake_brag"
    Options: ClassVar[type[Options]] = ThreeStakeBragOptions
    POOL: ClassVar[str] = BRAG
    FOLD_BEFORE_A_BET: ClassVar[bool] = False
    PHASES: ClassVar[tuple[str, ...]] = (BET, DRAW, OVER)
    actions: ClassVar[tuple[type[Action], ...]] = (*BettingTable.base_actions, Hit, Stand)

    STATE: ClassVar[tuple[Piece, ...]] = (
        Piece("upcard_winner", Seat()),
        Piece("passed_out", Seats()),
        Piece("drawers", Seats()),
    )
    """Who took the first pool; who passed out of the second (keeping their hands for the
    third); who is still to draw, the first drawing now (the drawing variant)."""

    options: ThreeStakeBragOptions
    _upcard_winner: Optional[int]
    _passed_out: list[int]
    _drawers: list[int]

    def _pools(self) -> dict[str, int]:
        return {UPCARD: 0, BRAG: 0, THIRTY_ONE: 0}

    # -- the stakes, the cards and the first pool ------------------------------------------------

    def _ante_and_deal(self) -> None:
        """Each player's three stakes, two cards face down and one face up, the first pool won,
        then the brag for the second from the eldest hand."""
        stake, bets, payments = self.options.stake, self._bets, []
        for seat in self._dealt_in():
            left = bets.cash[seat]
            for pool in (UPCARD, BRAG, THIRTY_ONE):
                put = min(stake, left)
                left -= put
                payments.append(Payment(self.names[seat], pool, put))
                if pool == BRAG:
                    self._dead += put
            bets.spend(seat, bets.cash[seat] - left)
        self._pay(payments, f"each player stakes {stake} in each pool")
        self._deal_hands((False, False, True))
        self._first_pool()
        self._bets.begin(self._from_left_of(self._dealer), self.options.limit, checks=True)

    def _first_pool(self) -> None:
        """The highest card turned up takes the first pool; ties to the eldest hand."""
        seats = self._dealt_in()
        winner = self._upcard_winner = _first_of_best({s: upcard(self._up[s][0]) for s in seats}, seats)
        assert winner is not None
        self._pay([Payment(UPCARD, self.names[winner], self._ledger._balances[UPCARD])],
                  f"p{winner} holds the highest card face up and takes the first pool")  # fmt: skip

    # -- the second pool --------------------------------------------------------------------------

    def _on_fold(self, seat: int) -> None:
        """Passing out of the second pool: the hand is kept for the third."""
        self._bets.act(FOLD)
        self._passed_out.append(seat)

    def _round_over(self, draws: bool = True) -> None:
        """A call shows the hands still in, the best takes the second pool; no bet: the dealer
        takes it. Then the third pool (``draws``: with the drawing variant's draws)."""
        if not self._bets.raised:
            self._pay([Payment(BRAG, self.names[self._dealer], self._pot())],
                      "no bet is made: the dealer takes the second pool")  # fmt: skip
        else:
            self._settle(self._shown_strengths("the show for the second pool"))
        self._third_pool(draws)

    def _uncontested(self) -> None:
        """A bet nobody meets takes the second pool unshown; then the third pool."""
        self._take_unshown(self._bets.live[0])
        self._third_pool()

    # -- the third pool -----------------------------------------------------------------------------

    def _third_pool(self, draws: bool = True) -> None:
        """Every hand is shown; then the drawing variant's draws, or the pool is decided."""
        self._entries.append(Note("all hands are shown for the third pool"))
        for seat in self._dealt_in():
            if set(self._hands[seat]) - set(self._shown.get(seat, ())):
                self._reveal(seat)
        self._phase = DRAW
        self._drawers = self._dealt_in() if draws and self.options.draw else []
        self._skip_drawers()

    def _skip_drawers(self) -> None:
        """Pass over the drawers who may draw no more card."""
        while self._drawers and not self._may_draw(self._drawers[0]):
            self._drawers.pop(0)

    def _may_draw(self, seat: int) -> bool:
        return total(self._hands[seat]) < TARGET and self.cash(seat) > 0 and bool(self._pack.stock)

    def _turn_of_phase(self) -> Optional[int]:
        return self._drawers[0] if self._phase == DRAW and self._drawers else None

    def _own_legal(self) -> list[Action]:
        return [_HIT, _STAND]

    def _own_key_legal(self, key: tuple[Any, ...]) -> bool:
        return key[0] is Hit or key[0] is Stand

    def _own_action(self, action: Action, seat: int) -> None:
        if type(action) is Stand:
            self._drawers.pop(0)
        else:
            self._stake(seat, 1, "pays a counter for a card", THIRTY_ONE)
            self._bets.spend(seat, 1)
            self._deal_card(seat, face_up=True)
            if total(self._hands[seat]) > TARGET:
                self._entries.append(Note(f"p{seat} passes thirty-one and is out of the third pool"))
        self._skip_drawers()

    def _phase_over(self) -> None:
        """The nearest to thirty-one takes the third pool (ties to the eldest); over it, a
        hand is out (the drawing variant)."""
        seats, over, totals = self._dealt_in(), self.options.draw, [total(hand) for hand in self._hands]
        nearness = {s: (None if over and totals[s] > TARGET else -abs(totals[s] - TARGET)) for s in seats}
        winner = _first_of_best(nearness, seats)
        pool = self._ledger._balances[THIRTY_ONE]
        if winner is None:
            self._entries.append(Note(f"every hand passed thirty-one: the third pool of {pool} stays for the "
                                      "next deal"))  # fmt: skip
        else:
            self._pay([Payment(THIRTY_ONE, self.names[winner], pool)],
                      f"p{winner} comes nearest to thirty-one and takes the third pool")  # fmt: skip
        self._end_deal(self._left_holder(self._dealer))

    def _truncate(self) -> None:
        """The bound on decisions: in the brag, every player still in makes good (those still
        to speak before a bet are held to pass), the second pool is decided, and the third
        without drawing; in the draws, every player still to draw stands."""
        self._entries.append(Note("the bound on decisions is reached: all still in make good, and stand"))
        if self._phase == BET:
            self._make_good_all()
            if self._bets.contested:
                self._round_over(draws=False)
            else:
                self._take_unshown(self._bets.live[0])
                self._third_pool(draws=False)
        else:
            self._drawers = []

    # -- bounds, views --------------------------------------------------------------------------

    def _own_decisions(self, players: int) -> int:
        return players + 52  # a stand each, and at most the stock's cards drawn

    def _own_domains(self) -> list[tuple[type, Mapping[str, Any]]]:
        return [(Hit, {}), (Stand, {})]

    def _own_observation(self, seat: int) -> dict[str, Any]:
        balances, shown = self._ledger._balances, self._shown
        return {**super()._own_observation(seat), "pools": {pool: balances[pool] for pool in (UPCARD, BRAG, THIRTY_ONE)},
                "stake": self.options.stake,
                "totals": tuple(total(h) if s in shown else -1 for s, h in enumerate(self._hands))}  # fmt: skip
