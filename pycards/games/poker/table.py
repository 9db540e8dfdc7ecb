"""The poker table every poker driver shares: five-card hands, the draw, the foul hand.

A :class:`PokerTable` is a :class:`~pycards.games.engine.betting_table.BettingTable`
whose deals are five-card poker hands. The betting table gives it the hands, the
stakes into the pool, the betting rounds, the show with its side pots and the views;
this class adds what the poker games share beyond that, and leaves each game
(``draw_poker``, ``jack_pots``, ``straight_poker``, ``stud_poker``) to declare its
options and its own rules in a few hooks: how a deal opens (``_ante_and_deal``), what
follows a betting round (``_round_over``), what follows a deal.

What this table adds, citing seed ``000_090407a6d9d4a9ee.txt``:

* **The draw** (laws 34-51): :class:`Discard` throws the marked cards face down
  and deals as many; :class:`Demand` asks for a number other than the discard,
  which makes the hand foul (laws 44-48): it retires and forfeits its stake. When
  the pack runs short (law 41), every seat still to draw announces its discard,
  the stock left is dealt, and the discards made so far are shuffled to finish
  the draw (never the cards a game keeps apart, the jack-pot opener's discard).
* **The hands' worth** at the show by :func:`pycards.poker.evaluate` under the
  game's ``profile``; a foul hand cannot win (law 64).
* **The views**: the profile, and each seat's cards discarded and drawn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal, Optional

from pycards.errors import GameOptionError
from pycards.games.engine.actions import Action
from pycards.games.engine.betting_table import BET, MAX_LIMIT, POOL, THROWN, BettingTable
from pycards.games.engine.events import USED, Note, Place, Reshuffled
from pycards.games.engine.game import OVER
from pycards.games.engine.options import Options, Range
from pycards.games.engine.table import KNAVE
from pycards.poker import evaluate

__all__ = ["APART", "BET", "DRAW", "HAND", "KNAVE", "POOL", "THROWN", "Demand", "Discard", "PokerOptions",
           "PokerTable"]

HAND = 5
"""Cards in a poker hand."""
DRAW = "draw"
"""The phase of the draw (besides the betting table's ``BET``, and ``OVER``)."""
APART = Place("apart")
"""Where a game keeps cards apart from the used ones (the jack-pot opener's discard)."""


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


_DRAWS = tuple(
    (*(Discard(mask) for mask in range(1 << size)),
     *(Demand(d, c) for d in range(size + 1) for c in range(HAND + 1) if c != d))
    for size in range(HAND + 1)
)  # fmt: skip
"""The draw's legal actions for a hand of each size."""


def _bits(mask: int) -> list[int]:
    return [i for i in range(HAND) if mask >> i & 1]


class PokerTable(BettingTable):
    """Base of the poker drivers (see the module docstring)."""

    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 8
    Options: ClassVar[type[PokerOptions]] = PokerOptions
    DRAWS: ClassVar[bool] = True
    """Whether the game has a draw."""
    PHASES: ClassVar[tuple[str, ...]] = (BET, DRAW, OVER)
    base_actions: ClassVar[tuple[type[Action], ...]] = (*BettingTable.base_actions, Discard, Demand)

    options: PokerOptions

    def _clear_deal(self) -> None:
        super()._clear_deal()
        players = self.players
        self._foul = [False] * players
        self._apart: list[int] = []
        """Cards a game keeps apart from the discards (the jack-pot opener's, under the chips)."""
        self._discarded = [-1] * players
        """Per seat, the cards discarded in the draw (-1: not yet drawn)."""
        self._discards_shuffled = False
        """Whether the draw shuffled the discards to deal them again (law 41)."""
        self._drawn = [-1] * players
        self._drawers: list[int] = []
        self._owed: list[tuple[int, int]] = []
        """Law 41: seats that have discarded and wait for cards, with the number owed."""

    # -- reading ----------------------------------------------------------------------------

    def _turn_of_phase(self) -> Optional[int]:
        if self._phase == DRAW:
            return self._drawers[0] if self._drawers else None
        return self._own_turn()

    def _own_turn(self) -> Optional[int]:
        """Whose turn it is in a phase of the game's own, besides the draw."""
        raise NotImplementedError(self._phase)

    def _own_places(self) -> dict[Place, list[int]]:
        return {APART: self._apart}

    def _relabel_kept(self, new: Any) -> None:
        self._apart = new(self._apart)
        self._original = [tuple(new(hand)) for hand in self._original]
        self._relabel_own()

    _original: list[tuple[int, ...]] = []
    """Each hand as dealt, in a game that shows it later (a jack-pot's openers, law 33)."""

    def _relabel_own(self) -> None:
        """Bring up to date what the game derives from its cards, once they are named anew."""

    def cards_on_table(self) -> list[int]:
        """Every card out of the pack (hands, thrown-down hands, cards kept apart)."""
        return [c for h in self._hands for c in h] + self._mucked + self._apart

    def _rounds(self) -> int:
        return 2

    def _own_decisions(self, players: int) -> int:
        """The draw, one decision a seat (and its law-41 announcement), and the game's own."""
        return 2 * players + self._extra_decisions()

    def _extra_decisions(self) -> int:
        return 0

    # -- legal actions ----------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self._phase == DRAW and self._drawers:
            return list(_DRAWS[len(self._hands[self._drawers[0]])])
        return super().legal_actions()

    def _own_key_legal(self, key: tuple[Any, ...]) -> bool:
        if self._phase == DRAW:
            kind = key[0]
            size = len(self._hands[self._drawers[0]])
            if kind is Discard:
                return bool(0 <= key[1] < 1 << size)
            return kind is Demand and 0 <= key[1] <= size and 0 <= key[2] <= HAND and key[1] != key[2]
        return super()._own_key_legal(key)

    # -- carrying out -----------------------------------------------------------------------

    def _own_action(self, action: Action, seat: int) -> None:
        kind = type(action)
        if kind is Discard:
            self._on_discard(seat, _bits(action.cards))  # type: ignore[attr-defined]
        elif kind is Demand:
            self._on_demand(seat, action)  # type: ignore[arg-type]
        else:
            self._game_action(action, seat)

    def _game_action(self, action: Action, seat: int) -> None:
        raise NotImplementedError(type(action).__name__)

    def _throw_down(self, seat: int) -> None:
        super()._throw_down(seat)
        if seat in self._drawers:
            self._drawers.remove(seat)

    def _uncontested_now(self) -> bool:
        return not self._bets.contested and self._phase in (BET, DRAW) and not self._owed

    def _step(self) -> None:
        if self._phase == DRAW and not self._uncontested_now():
            self._draw_over()
        else:
            super()._step()

    _TRUNCATED: ClassVar[str] = "the bound on decisions is reached: all make good and stand pat"

    def _make_good_all(self) -> None:
        """Every seat still in makes good; those still to draw stand pat, and those waiting
        for cards (law 41) are supplied."""
        super()._make_good_all()
        for seat in self._drawers:
            self._discarded[seat] = self._drawn[seat] = 0
        self._drawers = []
        self._supply_owed()

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

    def _deal_hands(self, face_up: Sequence[bool] = (False,) * HAND) -> None:
        super()._deal_hands(face_up)

    # -- observations and the codec -------------------------------------------------------------

    def _own_observation(self, seat: int) -> dict[str, Any]:
        return {"profile": self.options.profile, "discarded": tuple(self._discarded), "drawn": tuple(self._drawn)}

    def _own_domains(self) -> list[tuple[type, Mapping[str, Any]]]:
        draws: list[tuple[type, Mapping[str, Any]]] = []
        if self.DRAWS:
            draws = [(Discard, {"cards": range(32)}),
                     (Demand, {"discards": range(HAND + 1), "count": range(HAND + 1)})]  # fmt: skip
        return draws + self._game_domains()

    def _game_domains(self) -> list[tuple[type, Mapping[str, Any]]]:
        return []

    _SCALARS = 8
    """Per seat: in the deal, still in, cards held, stake, counters, discarded, drawn, the dealer."""

    def _seat_scalars(self, seat: int) -> tuple[float, ...]:
        return (self._discarded[seat], self._drawn[seat])

    _LISTS: ClassVar[tuple[str, ...]] = (*BettingTable._LISTS, "_foul", "_apart", "_discarded", "_drawn",
                                         "_drawers", "_owed")  # fmt: skip
