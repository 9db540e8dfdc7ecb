"""The poker table every poker driver shares: counters, the pool, hands, the draw, the show.

A :class:`PokerTable` is a :class:`~pycards.games.base.Game` whose deals are
five-card poker hands settled through one pool. It keeps everything the poker
games have in common and leaves each game (``draw_poker``, ``jack_pots``,
``straight_poker``, ``stud_poker``) to declare its options and its own rules in
a few hooks: how a deal opens (:meth:`PokerTable._open_deal`), what follows a
betting round (:meth:`PokerTable._round_over`), what follows a deal.

What the table does for them, citing seed ``000_090407a6d9d4a9ee.txt``:

* **Counters.** Every seat starts with ``counters``; every stake is paid into the
  party ``"pool"`` of the ledger at once; a seat with no counters sits out of the
  next deals (docs/rules.md section 6.2). Counters left in the pool by a deal
  that nobody won (a jack-pot, a double pool) are its *carry*, won with the next
  pool; a penalty "for another jack" is carried to the next deal.
* **Betting** through :class:`~pycards.games.engine.betting.Betting`.
* **The draw** (laws 34-51): :class:`Discard` throws the marked cards face down
  and deals as many; :class:`Demand` asks for a number other than the discard,
  which makes the hand foul (laws 44-48): it retires and forfeits its stake. When
  the pack runs short (law 41), every seat still to draw announces its discard,
  the stock left is dealt, and the discards made so far are shuffled to finish
  the draw (never the cards a game keeps apart, the jack-pot opener's discard).
* **The show** (laws 58-64): an uncalled bet wins unshown; otherwise the hands
  are shown in turn from the left of the last player to act and the pool is
  divided by :func:`pycards.settlement.showdown`: side pots for all-in seats
  (laws 60-61), ties shared with the odd counter to the first winner from the
  dealer's left (law 76), foul hands unable to win (law 64).
* **The views**: each seat's observation and encoding of the poker table.

The rest (seats, counters, the deal and the session, the turn bound, copies and
snapshots by replay, the declared state) is the shared
:class:`~pycards.games.engine.table.Table`'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Optional

from pycards.errors import GameOptionError
from pycards.games.engine.actions import Action
from pycards.games.engine.betting import CALL, CHECK, FOLD, RAISE, Betting, Call, Check, Fold, Raise
from pycards.games.engine.events import (
    STOCK,
    USED,
    Dealt,
    Note,
    Place,
    Reshuffled,
    Shown,
    hand_place,
)
from pycards.games.engine.game import OVER
from pycards.games.engine.options import Options, Range
from pycards.games.engine.table import KNAVE, Table
from pycards.poker import evaluate
from pycards.settlement import Ledger, Payment, showdown

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from pycards.games.engine.codec import Domains

__all__ = ["HAND", "KNAVE", "Demand", "Discard", "PokerOptions", "PokerTable"]

HAND = 5
"""Cards in a poker hand."""
BET, DRAW = "bet", "draw"
"""The phases every poker game has: a betting round and the draw (and ``OVER``, the session over)."""
POOL = "pool"
THROWN = Place("thrown")
"""Where a hand thrown down lies (laws 27-28): face down on the table until the deal ends."""
APART = Place("apart")
"""Where a game keeps cards apart from the used ones (the jack-pot opener's discard)."""
MAX_LIMIT = 1000
"""The largest limit: the codec numbers a raise of every amount up to the limit."""


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Throw the cards of ``cards`` (a bit per place in the hand, bit 0 the first card)
    face down and draw as many (laws 36-39); ``Discard(0)`` stands pat."""

    cards: int


@dataclass(frozen=True, slots=True)
class Demand(Action):
    """Discard ``discards`` cards but ask for ``count`` (another number): the hand is foul
    and retires, forfeiting its stake (laws 44, 45 and 47)."""

    discards: int
    count: int


@dataclass(frozen=True)
class PokerOptions(Options):
    """The terms every poker game shares (each game adds its own).

    ``limit`` (2..1000): the most any one increase of the stake may be. ``ante``
    (1..500): the ante. ``counters`` (1..10**9): what each player starts with.
    ``profile``: how hands rank (docs/rules.md section 2). The session:
    ``until`` ``"deals"`` (after ``deals`` deals), ``"rotations"`` (just before
    the deal comes to the first dealer for the ``rotations``-th time) or
    ``"freeze_out"`` (until one player holds every counter). A session never ends
    while the pool holds counters from a deal nobody won (a jack-pot, a double pool):
    it plays on until a deal wins them, or until only one player holds counters,
    who then takes them.
    ``max_decisions`` (0: no bound): when a deal has taken that many decisions,
    every seat still in is held to make good and stand pat, and the deal goes
    to the show (``truncated``).
    """

    limit: Annotated[int, Range(2, MAX_LIMIT)] = 10  # the least ante, 1, is at most half of it
    ante: Annotated[int, Range(1, 500)] = 1
    counters: Annotated[int, Range(1, 10**9)] = 100
    profile: Literal["english", "american", "no_straight_flush"] = "english"
    until: Literal["deals", "rotations", "freeze_out"] = "deals"
    deals: Annotated[int, Range(1, 10**6)] = 1
    rotations: Annotated[int, Range(1, 1000)] = 1
    max_decisions: Annotated[int, Range(0, 10**4)] = 0

    def check(self) -> None:
        if 2 * self.ante > self.limit:
            raise GameOptionError(f"option ante may be at most half the limit ({self.limit}), not {self.ante!r}"
                                  " (law 19)")  # fmt: skip


_new = tuple.__new__
"""Make a record entry (a NamedTuple) from its fields without the keyword machinery."""
_FOLD, _CHECK, _CALL = Fold(), Check(), Call()
_RAISES = tuple(Raise(by) for by in range(1, MAX_LIMIT + 1))
"""Every raise the largest limit allows, shared by every game."""
_DRAWS = tuple(
    (*(Discard(mask) for mask in range(1 << size)),
     *(Demand(d, c) for d in range(size + 1) for c in range(HAND + 1) if c != d))
    for size in range(HAND + 1)
)  # fmt: skip
"""The draw's legal actions for a hand of each size."""


def _bits(mask: int) -> list[int]:
    return [i for i in range(HAND) if mask >> i & 1]


class PokerTable(Table):
    """Base of the poker drivers (see the module docstring)."""

    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 8
    Options: ClassVar[type[PokerOptions]] = PokerOptions
    DRAWS: ClassVar[bool] = True
    """Whether the game has a draw."""
    PHASES: ClassVar[tuple[str, ...]] = (BET, DRAW, OVER)
    base_actions: ClassVar[tuple[type[Action], ...]] = (Fold, Check, Call, Raise, Discard, Demand)

    options: PokerOptions
    _ledger: Ledger

    # -- setting up -------------------------------------------------------------------------

    def _pools(self) -> dict[str, int]:
        return {POOL: 0}

    def _setup(self, players: int, seed: int, options: Any, stacks: Sequence[int] = (),
               table: Optional[Table] = None) -> None:  # fmt: skip
        self._carry = 0
        """Counters in the pool from earlier deals, won with this deal's pool."""
        self._next_carry = 0
        """Counters paid in this deal for the next one (penalties "for another jack")."""
        self._dead = 0
        """This deal's antes that are no seat's stake (they go with the pool)."""
        super()._setup(players, seed, options, stacks, table)

    def _clear_deal(self) -> None:
        super()._clear_deal()
        players = self.players
        self._hands: list[list[int]] = [[] for _ in range(players)]
        self._up: list[list[int]] = [[] for _ in range(players)]
        """The cards of each hand dealt face up."""
        self._in = [False] * players
        """Whether each seat was dealt into this deal."""
        self._foul = [False] * players
        self._mucked: list[int] = []
        """Hands thrown down (laws 27-28), seen by nobody."""
        self._apart: list[int] = []
        """Cards a game keeps apart from the discards (the jack-pot opener's, under the chips)."""
        self._bets = Betting([0] * players, [0] * players, out=range(players))
        self._discarded = [-1] * players
        """Per seat, the cards discarded in the draw (-1: not yet drawn)."""
        self._discards_shuffled = False
        """Whether the draw shuffled the discards to deal them again (law 41)."""
        self._drawn = [-1] * players
        self._drawers: list[int] = []
        self._owed: list[tuple[int, int]] = []
        """Law 41: seats that have discarded and wait for cards, with the number owed."""
        self._shown: dict[int, tuple[int, ...]] = {}
        self._blinds = [0] * players
        """Each seat's ante and straddles: stakes to make good, which an all-in winner
        collects whole (law 60: "the amount of the ante and straddle or straddles")."""
    # -- reading ----------------------------------------------------------------------------

    @property
    def to_act(self) -> Optional[int]:
        phase = self._phase
        if phase == BET:
            return self._bets.to_act
        if phase == OVER:
            return None
        if phase == DRAW:
            return self._drawers[0] if self._drawers else None
        return self._turn_of_phase()

    def _turn_of_phase(self) -> Optional[int]:
        """Whose turn it is in a phase of the game's own (a game with more phases overrides)."""
        raise NotImplementedError(self._phase)

    carry = property(lambda self: self._carry, doc="Counters in the pool from earlier deals.")
    stakes = property(lambda self: list(self._bets.stake), doc="Each seat's stake in this deal.")
    live = property(lambda self: list(self._bets.live), doc="The seats still in the deal.")

    @property
    def hands(self) -> list[list[int]]:
        """Every seat's cards (omniscient; a copy)."""
        return [list(h) for h in self._hands]

    def _card_places(self) -> dict[Place, list[int]]:
        """Every card of the pack by where it lies (the lists themselves: omniscient)."""
        places = {hand_place(seat): hand for seat, hand in enumerate(self._hands)}
        places.update({THROWN: self._mucked, APART: self._apart, STOCK: self._pack.stock, USED: self._pack.used})
        return places

    def _relabel(self, names: Mapping[int, int]) -> None:
        """:meth:`Game._relabel`: the hands, the cards face up, shown, thrown down, kept apart,
        stacked, in the stock and used, and the game's own (:meth:`_relabel_own`)."""
        def new(cards: Sequence[int]) -> list[int]:
            return [names.get(card, card) for card in cards]

        self._hands, self._up = [new(h) for h in self._hands], [new(u) for u in self._up]
        self._shown = {seat: tuple(new(cards)) for seat, cards in self._shown.items()}
        self._mucked, self._apart, self._top = new(self._mucked), new(self._apart), new(self._top)
        self._pack.stock, self._pack.used = new(self._pack.stock), new(self._pack.used)
        self._original = [tuple(new(hand)) for hand in self._original]
        self._relabel_own()

    _original: list[tuple[int, ...]] = []
    """Each hand as dealt, in a game that shows it later (a jack-pot's openers, law 33)."""

    def _relabel_own(self) -> None:
        """Bring up to date what the game derives from its cards, once they are named anew."""

    def cards_on_table(self) -> list[int]:
        """Every card out of the pack (hands, thrown-down hands, cards kept apart)."""
        return [c for h in self._hands for c in h] + self._mucked + self._apart

    def roles(self) -> tuple[str, ...]:
        return tuple("dealer" if s == self._dealer else "player" if self._in[s] else "out"
                     for s in range(self.players))  # fmt: skip

    def _rounds(self) -> int:
        """The betting rounds of a deal, at most."""
        return 2

    def max_decisions_per_deal(self) -> int:
        """A safe bound: per round every seat answers each raise, and every raise takes at
        least one counter from a seat (so there are fewer raises than counters at the table);
        plus the draw and the game's own decisions (or ``max_decisions``)."""
        return self._deal_bound(self.players, sum(self._stacks))

    def _deal_bound(self, players: int, counters: int) -> int:
        """The bound of :meth:`max_decisions_per_deal` for ``players`` seats and ``counters``
        counters in play."""
        natural = self._rounds() * players * (counters + 2) + 2 * players + self._extra_decisions()
        bound = self.options.max_decisions
        return min(natural, bound) if bound else natural

    def _extra_decisions(self) -> int:
        return 0

    def payoff_bound(self) -> float:
        """:meth:`Game.payoff_bound`: no seat goes below zero, so none wins more than every
        other seat's counters, nor loses more than its own."""
        return float(sum(self._stacks) - min(self._stacks))

    def zero_sum(self) -> bool:
        """:meth:`Game.zero_sum`: a session never ends while a pool holds counters (it plays on
        until a deal wins them, or the last holder takes them), so yes."""
        return True

    def max_deals(self) -> float:
        """:meth:`Game.max_deals`: a session of ``deals`` that has had them plays on while the
        pool holds counters (:meth:`_end_deal`), so one more deal for every counter at the
        table: each deal played on takes at least one counter into the pool (every player
        in antes or fattens one at least), and the pool keeps it until a deal wins it."""
        return super().max_deals() + sum(self._stacks)

    # -- legal actions ----------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.to_act is None:
            return []
        phase = self._phase
        if phase == BET:
            may_check, may_call, least, most = self._bets.choices()
            legal: list[Action] = [_FOLD, _CHECK] if may_check else [_FOLD]
            if may_call:
                legal.append(_CALL)
            if least <= most:
                legal += _RAISES[least - 1:most]
            return legal
        if phase == DRAW:
            return list(_DRAWS[len(self._hands[self._drawers[0]])])
        return self._own_legal()

    def _own_legal(self) -> list[Action]:
        raise NotImplementedError(self._phase)

    def _legal(self, key: tuple[Any, ...]) -> bool:
        kind = key[0]
        phase = self._phase
        if phase == BET:
            may_check, may_call, least, most = self._bets.choices()
            if kind is Fold:
                return True
            if kind is Check:
                return may_check
            if kind is Call:
                return may_call
            return kind is Raise and least <= int(key[1]) <= most
        if phase == DRAW:
            size = len(self._hands[self._drawers[0]])
            if kind is Discard:
                return bool(0 <= key[1] < 1 << size)
            return kind is Demand and 0 <= key[1] <= size and 0 <= key[2] <= HAND and key[1] != key[2]
        return any(a.key() == key for a in self._own_legal())

    def _where(self) -> str:
        return f"seat {self.to_act} to act in the {self._phase} phase"

    # -- carrying out -----------------------------------------------------------------------

    def _act(self, action: Action, seat: int) -> None:
        kind = type(action)
        if kind is Fold:
            self._on_fold(seat)
        elif kind is Check:
            self._bets.act(CHECK)
        elif kind is Call:
            self._stake(seat, self._bets.act(CALL), "makes good")
        elif kind is Raise:
            self._on_raise(seat, action.by)  # type: ignore[attr-defined]
        elif kind is Discard:
            self._on_discard(seat, _bits(action.cards))  # type: ignore[attr-defined]
        elif kind is Demand:
            self._on_demand(seat, action)  # type: ignore[arg-type]
        else:
            self._own_action(action, seat)

    def _own_action(self, action: Action, seat: int) -> None:
        raise NotImplementedError(type(action).__name__)

    def _on_raise(self, seat: int, by: int) -> None:
        self._stake(seat, self._bets.act(RAISE, by), "raises")

    def _on_fold(self, seat: int) -> None:
        self._bets.act(FOLD)
        self._throw_down(seat)

    def _throw_down(self, seat: int) -> None:
        """The hand goes face down on the table, seen by nobody but its holder (law 28)."""
        self._bets.retire(seat)
        self._move_out(seat, self._hands[seat], THROWN)
        self._mucked.extend(self._hands[seat])
        self._hands[seat] = []
        self._up[seat] = []
        if seat in self._drawers:
            self._drawers.remove(seat)

    def _step(self) -> None:
        """Nobody has a decision to take: the deal goes uncontested, or on from its round, its
        draw or the game's own phase."""
        if not self._bets.contested and self._phase in (BET, DRAW) and not self._owed:
            self._uncontested()
        elif self._phase == BET:
            self._round_over()
        elif self._phase == DRAW:
            self._draw_over()
        else:
            self._phase_over()

    def _phase_over(self) -> None:
        raise NotImplementedError(self._phase)

    def _truncate(self) -> None:
        """The bound on decisions is reached: every seat still in makes good and stands pat,
        the cards still to come are dealt, and the deal goes to the show."""
        self._entries.append(Note("the bound on decisions is reached: all make good and stand pat"))
        bets = self._bets
        for seat in list(bets.live):
            owed = min(bets.owed(seat), bets.cash[seat])
            if owed:
                bets.put(seat, owed)
                self._stake(seat, owed, "makes good")
        bets.close()
        for seat in self._drawers:
            self._discarded[seat] = self._drawn[seat] = 0
        self._drawers = []
        self._supply_owed()
        self._finish_cards()
        self._show()

    def _finish_cards(self) -> None:
        """Deal the cards still to come to every seat still in (a game with streets overrides)."""

    def _stake(self, seat: int, amount: int, note: str) -> None:
        """``seat`` puts ``amount`` into the pool (the betting count is kept by the caller)."""
        if amount:
            payment = _new(Payment, (self.names[seat], POOL, amount))
            self._ledger.apply((payment,), note)
            self._money = None
            self._entries += (_new(Note, (f"p{seat} {note}",)), payment)

    def _ante(self, seat: int, amount: int, live: bool, note: str) -> int:
        """``seat`` antes ``amount`` (all it holds, if less): a stake to make good (``live``:
        the English ante and straddles) or dead money in the pool. The counters put in."""
        bets = self._bets
        put = min(amount, bets.cash[seat])
        if live:
            bets.put(seat, put)
            self._blinds[seat] += put
        else:
            bets.spend(seat, put)
            self._dead += put
        self._stake(seat, put, note)
        return put

    def _penalty(self, seat: int, amount: int, note: str) -> int:
        """``seat`` pays ``amount`` (all it holds, if less) into the pool for the next deal;
        the counters paid."""
        put = min(amount, self.cash(seat))
        self._bets.spend(seat, put)
        self._next_carry += put
        self._stake(seat, put, note)
        return put

    # -- chance ------------------------------------------------------------------------------

    def _deal_card(self, seat: int, face_up: bool = False) -> int:
        card = self._pack.deal()
        self._hands[seat].append(card)
        if face_up:
            self._up[seat].append(card)
        self._entries.append(Dealt(seat, 0, card, None if face_up else self._alone[seat]))
        return card

    # -- the deal ----------------------------------------------------------------------------

    def _players_in(self) -> list[int]:
        """The seats holding counters, from the dealer's left."""
        return [s for s in self._turn_from(self._dealer) if self.cash(s) > 0]

    def _open_deal(self) -> None:
        """A new hand on a cleared table: the seats holding counters dealt in, the betting
        set, the pack made up; then the game's stakes and cards (:meth:`_ante_and_deal`)."""
        self._carry = self._ledger._balances[POOL]
        self._dead = 0
        self._next_carry = 0
        players_in = self._players_in()
        out = [s for s in range(self.players) if s not in players_in]
        self._session.out = set(out)
        for seat in players_in:
            self._in[seat] = True
        self._bets = Betting([0] * self.players, self._deal_start, out=out)
        self._bets.live = players_in  # in turn from the dealer's left
        self._make_up_pack()
        self._phase = BET
        self._ante_and_deal()

    def _ante_and_deal(self) -> None:
        """The game's stakes, the deal of the cards and the first round (``players_in``)."""
        raise NotImplementedError

    def _deal_hands(self, face_up: Sequence[bool] = (False,) * HAND) -> None:
        """One card at a time to each seat in, from the dealer's left (face up where told)."""
        seats = [s for s in self._turn_from(self._dealer) if self._in[s]]
        pop, entries, hands, ups, alone = self._pack.stock.pop, self._entries, self._hands, self._up, self._alone
        for up in face_up:
            for seat in seats:
                card = pop()
                hands[seat].append(card)
                if up:
                    ups[seat].append(card)
                entries.append(_new(Dealt, (seat, 0, card, None if up else alone[seat])))

    def _from_left_of(self, seat: int) -> list[int]:
        """The seats still in, in turn, starting on ``seat``'s left."""
        live = set(self._bets.live)
        return [s for s in self._turn_from(seat) if s in live]

    def _round_over(self) -> None:
        """A betting round is over with two or more seats still in (the game decides what next)."""
        raise NotImplementedError

    # -- the draw (laws 34-51) ------------------------------------------------------------------

    def _begin_draw(self) -> None:
        """"The first player to the left of the dealer shall have first draw" (law 34)."""
        self._phase = DRAW
        self._drawers = self._from_left_of(self._dealer)
        self._owed = []

    def _on_discard(self, seat: int, places: list[int]) -> None:
        hand = self._hands[seat]
        thrown = [hand[i] for i in places]
        self._hands[seat] = [c for i, c in enumerate(hand) if i not in places]
        self._keep_discard(seat, thrown)
        self._up[seat] = [c for c in self._up[seat] if c not in thrown]
        self._discarded[seat] = len(thrown)
        self._drawers.pop(0)
        pack = self._pack
        if self._owed or len(thrown) > len(pack.stock):
            if not self._owed:  # law 41: the pack runs short
                self._entries.append(Note("the pack runs short: the rest announce their discards (law 41)"))
            self._owed.append((seat, len(thrown)))
        else:
            for _ in thrown:
                self._deal_card(seat)
            self._drawn[seat] = len(thrown)

    def _keep_discard(self, seat: int, cards: list[int]) -> None:
        """Where ``seat``'s discard goes: face down among the used cards (a game may keep some
        apart)."""
        self._move_out(seat, cards, USED)
        self._pack.discard(cards)

    def _move_out(self, seat: int, cards: Sequence[int], target: Place) -> None:
        """The entries of ``cards`` leaving ``seat``'s hand for ``target``: face down, seen by
        their holder only, but a card that lay face up is seen by all."""
        source, up = hand_place(seat), self._up[seat]
        for card in cards:
            self._move(card, seat, source, target, card in up)

    def _on_demand(self, seat: int, demand: Demand) -> None:
        self._entries.append(Note(f"p{seat} discards {demand.discards} and asks for {demand.count}: "
                                  "a foul hand, which retires (laws 44-48)"))  # fmt: skip
        self._foul[seat] = True
        self._discarded[seat] = demand.discards
        self._drawers.pop(0)
        self._throw_down(seat)

    def _draw_over(self) -> None:
        """Every seat has drawn (or announced, law 41): supply those waiting, then bet."""
        self._supply_owed()
        self._after_draw()

    def _supply_owed(self) -> None:
        """Law 41: the stock left, then the discards shuffled, to the seats waiting."""
        pack = self._pack
        owed, self._owed = self._owed, []
        for seat, count in owed:
            for _ in range(count):
                if not pack.stock:
                    self._entries.append(Reshuffled(pack.reshuffle_used()))
                    self._discards_shuffled = True
                self._deal_card(seat)
            self._drawn[seat] = count

    def _after_draw(self) -> None:
        raise NotImplementedError

    # -- the show (laws 58-64) ----------------------------------------------------------------

    def _strength(self, seat: int) -> Optional[int]:
        """The hand's strength at the show (None: a foul hand, which cannot win: law 64)."""
        hand = self._hands[seat]
        if self._foul[seat] or len(hand) != HAND:
            return None
        return evaluate(hand, self.options.profile)

    def _show_order(self) -> list[int]:
        """Law 59: "beginning with the player to the left of the last player"."""
        last = self._bets.last if self._bets.last is not None else self._dealer
        return self._from_left_of(last)

    def _show(self) -> None:
        """The hands still in are shown in turn and the pool divided (laws 59-64)."""
        self._entries.append(Note("the show"))
        for seat in self._show_order():
            self._reveal(seat)
        strengths = {s: (self._strength(s) if s in self._bets.live else None) for s in self._dealt_in()}
        self._divide(strengths)

    def _reveal(self, seat: int, cards: Sequence[int] | None = None) -> None:
        """Show ``seat``'s hand (or ``cards``: his hand as dealt; if some of it has been
        discarded since, it is shown as hand -1, which says where no card lies) to the table;
        ``shown`` keeps every card a seat has shown in the deal."""
        held = tuple(self._hands[seat])
        shown_cards = held if cards is None else tuple(cards)
        before = self._shown.get(seat, ())
        self._shown[seat] = before + tuple(c for c in shown_cards if c not in before)
        self._entries.append(Shown(seat, 0 if shown_cards == held else -1, shown_cards))

    def _dealt_in(self) -> list[int]:
        return [s for s in self._turn_from(self._dealer) if self._in[s]]

    def _divide(self, strengths: Mapping[int, Optional[int]]) -> None:
        """Divide this deal's pool among ``strengths`` (None: cannot win) with side pots
        (law 60): the counters carried, the dead antes and the live ante and straddles go
        to the best hand; each stake beyond them is matched layer by layer, a player all in
        winning from each other only as much as he staked."""
        order = self._dealt_in()
        bets, blinds = self._bets, self._blinds
        if not any(v is not None for v in strengths.values()):
            self._carry_over("no hand may take the pool")
            return
        won = showdown({s: bets.stake[s] for s in order}, dict(strengths), order, self._carry + self._dead,
                       {s: blinds[s] for s in order if blinds[s]})  # fmt: skip
        won = self._claims(won)
        self._pay([Payment(POOL, self.names[s], won[s]) for s in order if won.get(s)], "the pool is divided")
        self._end_deal(self._next_dealer(won))

    def _claims(self, won: dict[int, int]) -> dict[int, int]:
        """What each seat may take of what the show gives it (a game may refuse a claim)."""
        return won

    def _uncontested(self) -> None:
        """One seat is left in: it takes the pool unshown (law 58), unless a game's claim made
        him show his hand (law 33's jack-pot opener). None left (every hand still in was
        foul): the pool stays for the next deal."""
        if not self._bets.live:
            self._carry_over("every hand still in is foul")
            return
        seat = self._bets.live[0]
        pot = self._pot()
        won = self._claims({seat: pot})
        how = "uncalled, after showing his cards" if seat in self._shown else "unshown"
        self._pay([Payment(POOL, self.names[seat], won[seat])], f"p{seat} takes the pool {how}")
        self._end_deal(self._next_dealer({seat: won[seat]}))

    def _pot(self) -> int:
        """The counters this deal may win: the pool less what is paid for the next deal."""
        return self._ledger._balances[POOL] - self._next_carry

    def _carry_over(self, why: str) -> None:
        """Nobody wins: the pool stays for the next deal."""
        self._entries.append(Note(f"{why}: the pool of {self._pot()} stays for the next deal"))
        self._end_deal(self._next_dealer({}))

    def _next_dealer(self, won: Mapping[int, int]) -> int:
        """The deal passes to the left, to the first player holding counters (a game
        overrides: Straight Poker's winner deals)."""
        return self._left_holder(self._dealer)

    def _next_dealer_after_share(self) -> int:
        return self._next_dealer({})  # as nobody held counters, the deal had no holder to go to

    def _close_deal(self, last: bool = False) -> None:
        self._carry = self._ledger._balances[POOL]
        super()._close_deal(last)

    def _out_seats(self) -> list[int]:
        """The seats that sit out of the next deal (no counters; a table's own reasons)."""
        players_in = self._players_in()
        return [s for s in range(self.players) if s not in players_in]

    def _on_deal_ended(self) -> None:
        """What the game carries to the next deal (jack-pots, the buck)."""

    # -- observations and the codec -------------------------------------------------------------

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know now: its own hand, the cards face up or shown, every
        count of cards and counters, and the game's own public state."""
        me = self._check_seat(seat)
        bets = self._bets
        obs = self._table_view(me)  # type: ignore[arg-type]
        obs.update({
            "hand": tuple(self._hands[me]),  # type: ignore[index]
            "up": {s: tuple(self._up[s]) for s in range(self.players) if self._up[s]},
            "shown": dict(self._shown),
            "cards": tuple(len(h) for h in self._hands),
            "live": tuple(bets.live),
            "stakes": tuple(bets.stake),
            "pool": self._ledger._balances[POOL],
            "carry": self._carry,
            "owed": bets.owed(me) if self._phase == BET else 0,  # type: ignore[arg-type]
            "limit": self.options.limit,
            "profile": self.options.profile,
            "discarded": tuple(self._discarded),
            "drawn": tuple(self._drawn),
            **self._declared_observation(),
        })  # fmt: skip
        return obs

    def _domains(self) -> Domains:
        limit = self.options.limit
        domains: list[tuple[type, Mapping[str, Any]]] = [
            (Fold, {}), (Check, {}), (Call, {}), (Raise, {"by": range(1, limit + 1)}),
        ]
        if self.DRAWS:
            domains += [(Discard, {"cards": range(32)}),
                        (Demand, {"discards": range(HAND + 1), "count": range(HAND + 1)})]  # fmt: skip
        return domains + self._own_domains()

    def _own_domains(self) -> list[tuple[type, Mapping[str, Any]]]:
        return []

    _SCALARS = 8
    """Per seat: in the deal, still in, cards held, stake, counters, discarded, drawn, the dealer."""

    def observation_size(self) -> int:
        return 52 + 52 * self.players + self._SCALARS * self.players + len(self.PHASES) + 4 + self._declared_size()

    def encode(self, seat: int) -> npt.NDArray[np.float32]:
        """``seat``'s observation as floats (docs/protocol.md): its own cards (52 one-hot);
        per seat from its own, the cards it can see face up or shown (52 one-hot); per seat,
        in the deal, still in, cards held, stake, counters (both over the starting counters),
        cards discarded and drawn (-1: not yet), the dealer; the phase (one-hot); the pool,
        the carry and the owed amount over the starting counters, the limit over them; then
        the game's own features."""
        import numpy as np

        me = self._check_seat(seat)
        players = self.players
        v = np.zeros(self.observation_size(), dtype=np.float32)
        for card in self._hands[me]:  # type: ignore[index]
            v[card] = 1.0
        scale = 1.0 / self.options.counters
        live = set(self._bets.live)
        base = 52
        for k in range(players):
            s = (me + k) % players  # type: ignore[operator]
            for card in self._shown.get(s, ()) or self._up[s]:
                v[base + 52 * k + card] = 1.0
        base += 52 * players
        bets = self._bets
        for k in range(players):
            s = (me + k) % players  # type: ignore[operator]
            v[base:base + self._SCALARS] = (
                self._in[s], s in live, len(self._hands[s]), bets.stake[s] * scale, self.cash(s) * scale,
                self._discarded[s], self._drawn[s], s == self._dealer,
            )  # fmt: skip
            base += self._SCALARS
        v[base + self.PHASES.index(self._phase)] = 1.0
        base += len(self.PHASES)
        owed = bets.owed(me) if self._phase == BET else 0  # type: ignore[arg-type]
        v[base:base + 4] = (self._ledger._balances[POOL] * scale, self._carry * scale, owed * scale,
                            self.options.limit * scale)  # fmt: skip
        base += 4
        own = self._declared_features(me, scale)  # type: ignore[arg-type]
        v[base:base + len(own)] = own
        return v

    # -- copies and documents ------------------------------------------------------------------

    _LISTS: ClassVar[tuple[str, ...]] = ("_in", "_foul", "_mucked", "_apart", "_discarded", "_drawn", "_drawers",
                                         "_owed", "_blinds")  # fmt: skip
    _NESTED: ClassVar[tuple[str, ...]] = ("_hands", "_up")

    def _copy_table(self, twin: Any) -> None:
        """The poker table's own state: the hands, the cards face up, shown, thrown down and
        kept apart, the betting, the draw."""
        for name in self._LISTS:
            setattr(twin, name, list(getattr(self, name)))
        for name in self._NESTED:
            setattr(twin, name, [list(x) for x in getattr(self, name)])
        twin._shown = dict(self._shown)
        twin._bets = self._bets.copy()
        self._copy_own(twin)

    def _copy_own(self, twin: Any) -> None:
        """Copy the game's own state that no declaration covers into ``twin``."""

    def _summary(self) -> dict[str, Any]:
        return {**super()._summary(), "hands": [list(h) for h in self._hands], "stakes": list(self._bets.stake),
                "live": list(self._bets.live)}  # fmt: skip
