"""High Card: the worked example of a game on the shared table (docs/adding-a-game.md).

A deal, for 2 to 8 players, each starting with ``counters``:

1. Every seat holding counters antes ``ante`` into the pool (all it holds, if less) and is
   dealt one card face down, in turn from the dealer's left.
2. In turn from the dealer's left, each seat still in either stays (:class:`Stay`) or
   folds (:class:`Fold`): its card goes face down among the used cards, unseen, and its
   ante stays in the pool.
3. When only one seat is left in, it takes the pool without showing its card. When every
   seat has spoken with two or more still in, they show their cards in turn from the
   dealer's left and the highest rank takes the pool (suits do not count); seats of equal
   rank share it, the odd counters to the first of them from the dealer's left.
4. The deal passes to the left, to the first seat holding counters. The session ends as
   the options ``until``, ``deals`` and ``rotations`` say (docs/rules.md section 6.1).

With ``max_decisions``, a deal that has taken that many decisions is cut short: every seat
still to speak is held to have stayed, and the cards are shown.

Everything else (the first dealer, the ledger, the session, copies, snapshots by replay,
knowledge and resampling, the codec, the turn bound) is the shared
:class:`~pycards.games.engine.table.Table`'s. To play it with the tools, register it::

    GAMES["high_card"] = GameEntry("high_card:HighCard")   # with examples/ on sys.path

>>> game = HighCard(players=3, seed=1, deals=5)
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[0])
>>> sum(game.payoffs().values()), game.ledger.balance("pool"), game.deal_number
(0, 0, 5)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Optional

from pycards.cards import rank_of
from pycards.errors import StateError
from pycards.games.engine.actions import Action
from pycards.games.engine.events import STOCK, USED, Dealt, Moved, Note, Place, Shown, hand_place
from pycards.games.engine.fields import PerSeat, Piece, Seats, Value
from pycards.games.engine.game import OVER
from pycards.games.engine.options import Options, Range
from pycards.games.engine.table import Table
from pycards.settlement import Payment, split

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from pycards.games.engine.codec import Domains

__all__ = ["Fold", "HighCard", "HighCardOptions", "Stay"]

POOL = "pool"
SPEAK = "speak"
"""The one phase of play: the seats speak in turn (and ``OVER``, the session over)."""


# -- the options and the actions -----------------------------------------------------------------


@dataclass(frozen=True)
class HighCardOptions(Options):
    """``ante`` (1..100): each seat's stake in a deal. ``counters`` (1..10**9): what each seat
    starts with. The session: ``until`` ``"deals"`` (after ``deals`` deals), ``"rotations"``
    (just before the deal comes to the first dealer for the ``rotations``-th time) or
    ``"freeze_out"`` (until one seat holds every counter). ``max_decisions`` (0: no bound):
    the turn bound."""

    ante: Annotated[int, Range(1, 100)] = 1
    counters: Annotated[int, Range(1, 10**9)] = 100
    until: Literal["deals", "rotations", "freeze_out"] = "deals"
    deals: Annotated[int, Range(1, 10**6)] = 1
    rotations: Annotated[int, Range(1, 1000)] = 1
    max_decisions: Annotated[int, Range(0, 10**4)] = 0


@dataclass(frozen=True, slots=True)
class Stay(Action):
    """Stay in, to the show."""


@dataclass(frozen=True, slots=True)
class Fold(Action):
    """Throw the card face down, unseen, and give up the ante."""


STAY, FOLD = Stay(), Fold()


# -- the game ------------------------------------------------------------------------------------


class HighCard(Table):
    """A session of High Card for 2 to 8 players (see the module docstring)."""

    name: ClassVar[str] = "high_card"
    Options: ClassVar[type[Options]] = HighCardOptions
    actions: ClassVar[tuple[type[Action], ...]] = (Stay, Fold)
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 8
    PHASES: ClassVar[tuple[str, ...]] = (SPEAK, OVER)

    STATE: ClassVar[tuple[Piece, ...]] = (
        Piece("hands", Value(lambda players: [[] for _ in range(players)], lambda hands: [list(h) for h in hands]),
              seen=False),
        Piece("stayed", Seats()),
        Piece("folded", Seats()),
        Piece("pools_won", PerSeat(0), lasts="session"),
    )
    """Each seat's hand, its one card or none (``seen=False``: not every seat's to see); the
    seats that have stayed and those that have folded, in the order they spoke; and the deals
    each seat has won or shared in the session."""

    options: HighCardOptions
    _hands: list[list[int]]
    _stayed: list[int]
    _folded: list[int]
    _pools_won: list[int]

    def _pools(self) -> dict[str, int]:
        return {POOL: 0}

    # -- the rules ---------------------------------------------------------------------------

    def _open_deal(self) -> None:
        """The antes, then one card face down to each seat, from the dealer's left."""
        self._make_up_pack()
        self._phase = SPEAK
        seats = self._dealt_in()
        ante = self.options.ante
        self._pay([Payment(self.names[s], POOL, min(ante, self.cash(s))) for s in seats], "each player antes")
        for seat in seats:
            card = self._pack.deal()
            self._hands[seat] = [card]
            self._entries.append(Dealt(seat, 0, card, self._alone[seat]))

    def _live(self) -> list[int]:
        """The seats still in, from the dealer's left."""
        return [s for s in self._dealt_in() if s not in self._folded]

    @property
    def to_act(self) -> Optional[int]:
        """The first seat still in that has not spoken, while two or more are in."""
        if self._phase == OVER:
            return None
        live = self._live()
        return next((s for s in live if s not in self._stayed), None) if len(live) > 1 else None

    def legal_actions(self) -> list[Action]:
        return [STAY, FOLD] if self.to_act is not None else []

    def _act(self, action: Action, seat: int) -> None:
        """A seat stays, or folds: its card goes face down among the used cards, seen by nobody else."""
        if type(action) is Stay:
            self._stayed.append(seat)
            return
        (card,) = self._hands[seat]
        self._hands[seat] = []
        self._folded.append(seat)
        self._pack.discard([card])
        self._entries.append(Moved(card, hand_place(seat), USED, self._alone[seat]))

    def _truncate(self) -> None:
        """The turn bound: every seat still to speak is held to have stayed."""
        self._entries.append(Note("the bound on decisions is reached: all still to speak stay"))
        self._stayed += [s for s in self._live() if s not in self._stayed]

    def _step(self) -> None:
        """Every seat has spoken, or one is left in: the pool is won, and the deal passes left."""
        live = self._live()
        if len(live) == 1:
            winners, how = live, f"p{live[0]} takes the pool unshown"
        else:
            self._entries.append(Note("the show"))
            for seat in live:
                self._entries.append(Shown(seat, 0, tuple(self._hands[seat])))
            rank = {s: rank_of(self._hands[s][0]) for s in live}
            winners, how = [s for s in live if rank[s] == max(rank.values())], "the highest card takes the pool"
        shares = split(self.ledger.balance(POOL), winners, self._dealt_in())
        self._pay([Payment(POOL, self.names[s], shares[s]) for s in winners], how)
        for seat in winners:
            self._pools_won[seat] += 1
        self._end_deal(self._left_holder(self._dealer))

    def _check_session(self) -> None:
        """A snapshot's wins must fit its deals: every deal was won by one seat or more, and no
        seat won more deals than were played."""
        deals, won = self._session.deals, self._pools_won
        if max(won) > deals or sum(won) < deals:
            raise StateError(f"document.deal.game.pools_won: {won} does not fit {deals} deals played")

    # -- bounds ------------------------------------------------------------------------------

    def _natural_bound(self) -> int:
        return self.players  # each seat speaks once

    def payoff_bound(self) -> float:
        """No seat goes below zero, so none wins more than the others' counters."""
        return float(sum(self._stacks) - min(self._stacks))

    def zero_sum(self) -> bool:
        """Every deal empties the pool, so the seats' payoffs always sum to zero."""
        return True

    # -- the views ---------------------------------------------------------------------------

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know: the table's shared keys (:meth:`Table._table_view`), its own
        card (``hand``, empty once folded), the pool, the ante, who has spoken how."""
        self._check_seat(seat)
        return {**self._table_view(seat), "hand": tuple(self._hands[seat]), "pool": self.ledger.balance(POOL),
                "ante": self.options.ante, **self._declared_observation()}  # fmt: skip

    def observation_size(self) -> int:
        return 52 + 3 * self.players + len(self.PHASES) + 1 + self._declared_size()

    def encode(self, seat: int) -> npt.NDArray[np.float32]:
        """Its own card (52 one-hot); per seat from its own leftwards, in the deal, counters
        (over the starting counters), the dealer; the phase (one-hot); the pool; then the
        declared pieces (stayed, folded, pools won)."""
        import numpy as np

        self._check_seat(seat)
        players, scale = self.players, 1.0 / self.options.counters
        v = np.zeros(self.observation_size(), dtype=np.float32)
        v[self._hands[seat]] = 1.0
        base = 52
        for k in range(players):
            s = (seat + k) % players
            v[base:base + 3] = (s not in self._session.out, self.cash(s) * scale, s == self._dealer)
            base += 3
        v[base + self.PHASES.index(self._phase)] = 1.0
        v[base + len(self.PHASES)] = self.ledger.balance(POOL) * scale
        v[base + len(self.PHASES) + 1:] = self._declared_features(seat, scale)
        return v

    def _domains(self) -> Domains:
        """The codec's actions: ``Stay()`` is id 0, ``Fold()`` id 1."""
        return [(Stay, {}), (Fold, {})]

    # -- where the cards lie (knowledge and resampling) ---------------------------------------

    def _card_places(self) -> dict[Place, list[int]]:
        """Every card by where it lies: the hands, the stock, the used cards."""
        places = {hand_place(seat): hand for seat, hand in enumerate(self._hands)}
        places.update({STOCK: self._pack.stock, USED: self._pack.used})
        return places

    def _relabel(self, names: Mapping[int, int]) -> None:
        """Every card named anew by ``names``, wherever it lies (a resampled copy's)."""

        def new(cards: list[int]) -> list[int]:
            return [names.get(card, card) for card in cards]

        self._hands = [new(hand) for hand in self._hands]
        self._pack.stock, self._pack.used, self._top = new(self._pack.stock), new(self._pack.used), new(self._top)
