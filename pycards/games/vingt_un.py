"""Vingt-un, played through: the game driver (``new_game("vingt_un", ...)``).

Follows the Vingt-un text of seeds ``000_090407a6d9d4a9ee.txt`` and
``002_93c3d51ac699f33f.txt`` (docs/rules.md section 4; the flow and every
decision taken where the texts are silent are in docs/rules.md section 6.1
and docs/protocol.md). A deal (what the text calls "a hand of the deal"; the
text's own "deal" is a dealer's tenure) goes:

1. One card to each player, face down, starting on the proper dealer's left,
   and to the dealer.
2. Each player stakes on his card (:class:`Stake`); the dealer may call
   "double" (:class:`Double`), doubling every stake.
3. A second card to each, face down. A dealer's natural is declared at once
   (thrown face up) and collects double from each player but a holder of a
   natural; otherwise each player's natural is declared, paid double, and puts
   the dealer out (except on the first hand of his deal).
4. Each player in turn, hand by hand, may divide a pair (:class:`Divide`: its
   cards stay face down, each hand completed face down), then says "a card"
   (:class:`Draw`, dealt face up) or "content" (:class:`Content`). An over-draw
   pays at once and is thrown up to the pone.
5. The dealer turns up his cards, may divide, draws, and calls on the players
   still standing to declare their hands (shown to all): the show.

The rules are plain Python over the shared engine (:mod:`pycards.games.engine`):
the compiled parts beneath are the pack's shuffle and the Vingt-un count
(:mod:`pycards.vingtun`).
"""

from __future__ import annotations

import math
import struct
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, NamedTuple, Optional, cast

from pycards.errors import GameOptionError, StateError
from pycards.games.base import OVER, Action
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
from pycards.games.engine.knowledge import Knowledge
from pycards.games.engine.fields import Number, Piece
from pycards.games.engine.options import Options, Range
from pycards.games.engine.pack import FULL, Pack, pack_cards, seed_key
from pycards.games.engine.seats import next_in, rotation
from pycards.games.engine.table import Table
from pycards.settlement import Payment, split
from pycards.vingtun import NATURAL, OVER_DRAWN, _settled, _strength
from pycards.vingtun import pack_total as points

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from pycards.games.engine.codec import Domains

__all__ = [
    "ACCEPT", "CALL", "CONTENT", "DECLINE", "DRAW", "KEEP", "NO_CALL",
    "AcceptSale", "Content", "DeclineSale", "Divide", "Double", "Draw", "HandState", "HandView",
    "KeepDeal", "SellDeal", "Stake", "VingtUn", "VingtUnOptions", "points",
]  # fmt: skip


# --------------------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Stake(Action):
    """A player's stake on his first card, from ``min_stake`` to ``max_stake``."""

    amount: int


@dataclass(frozen=True, slots=True)
class Double(Action):
    """The dealer, having looked at his first card, calls "double" (``call``) or not."""

    call: bool


@dataclass(frozen=True, slots=True)
class Divide(Action):
    """Divide the pair of the hand in play, with a separate ``stake`` on the new hand
    (the dealer divides with stake 0: he has none)."""

    stake: int


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """'A card': one more card, face up, to the hand in play."""


@dataclass(frozen=True, slots=True)
class Content(Action):
    """'Content': stand on the hand in play."""


@dataclass(frozen=True, slots=True)
class SellDeal(Action):
    """The player whose turn it is to deal offers the deal to ``buyer`` for ``price``."""

    buyer: int
    price: int


@dataclass(frozen=True, slots=True)
class KeepDeal(Action):
    """The player whose turn it is to deal keeps it."""


@dataclass(frozen=True, slots=True)
class AcceptSale(Action):
    """The offered buyer pays the price and takes the deal."""


@dataclass(frozen=True, slots=True)
class DeclineSale(Action):
    """The offered buyer declines; the seller deals."""


DRAW, CONTENT, KEEP, ACCEPT, DECLINE = Draw(), Content(), KeepDeal(), AcceptSale(), DeclineSale()
CALL, NO_CALL = Double(True), Double(False)


class HandView(NamedTuple):
    """A hand as a seat sees it: its cards (``None`` where face down to that seat; none
    at all once thrown up), its stake, whether it came from a division, whether it is
    finished."""

    cards: tuple[Optional[int], ...]
    stake: int
    divided: bool
    done: bool


# --------------------------------------------------------------------------------------
# Options
# --------------------------------------------------------------------------------------

Stakes = Annotated[int, Range(1, 100)]
Counters = Annotated[int, Range(0, 1000)]


@dataclass(frozen=True)
class VingtUnOptions(Options):
    """The agreed terms of a session of Vingt-un; every variation of the texts is an option.

    ``min_stake``/``max_stake`` (1..100): "The minimum is usually one coin or
    counter, and the maximum whatever may be agreed upon." ``counters``
    (0..10**9): what each player starts with; balances may go below zero (the
    game is settled up at the end), except in a freeze-out.

    The session (docs/rules.md section 6.1): ``until="deals"`` ends it after
    ``deals`` deals (a deal is one distribution and its settlement: one "hand of
    the deal" in the text); ``"rotations"`` just before the deal comes to the
    first dealer for the ``rotations``-th time; ``"freeze_out"`` when only one
    player has counters left (a player at or below zero after a deal stands out).

    ``deal_passes``: ``"natural"`` (a natural puts the dealer out, seed 002),
    ``"hands"`` (a dealer's tenure lasts ``deal_hands`` deals), ``"twice"``
    (through the pack twice) or ``"two_packs"`` (two packs shuffled together, gone
    through once): "LIMITING THE DEAL". ``deal_to``: on a natural the deal passes
    to the ``"next"`` player or the ``"holder"``. ``natural_puts_out``: whether a
    player's natural puts the dealer out (but on the first hand of his deal); ``None``
    (the default) as ``deal_passes`` implies: yes with ``"natural"``, no with a limited
    deal (the text's "another method"); True with a limited deal ends a tenure at its
    limit or at a natural, whichever comes first; False for "a natural shall not throw
    out the dealer", which needs a limited deal.
    ``natural_privilege``: ``"stake"`` or ``"double"`` of the holder's stake from
    each other player without a natural. ``selling``: the player whose turn it
    is to deal may sell it, for at most ``max_price`` (0..100).

    The pool ("POOL"): ``pool_contribution`` from each player, the dealer too, at
    the start of each dealer's tenure (the text's "deal"); the dealer pays
    ``pool_overdraw_penalty`` for each of his hands that over-draws; the share
    ``1/pool_tie_share`` (0: none; 1..10) of his receipts on ties, rounded down
    over the deal's ties; ``pool_to_natural``: the pool goes to the natural.

    ``max_decisions`` (0: no bound; otherwise at least ``players + 3``): the
    bound on decisions in one deal (docs/rules.md section 6.1): when it is
    reached every hand still to play stands and the deal is ``truncated``.
    """

    min_stake: Stakes = 1
    max_stake: Stakes = 10
    counters: Annotated[int, Range(0, 10**9)] = 100
    until: Literal["deals", "rotations", "freeze_out"] = "deals"
    deals: Annotated[int, Range(1, 10**6)] = 1
    rotations: Annotated[int, Range(1, 1000)] = 1
    deal_passes: Literal["natural", "hands", "twice", "two_packs"] = "natural"
    deal_hands: Annotated[int, Range(1, 1000)] = 5
    deal_to: Literal["next", "holder"] = "next"
    natural_puts_out: Optional[bool] = None
    natural_privilege: Optional[Literal["stake", "double"]] = None
    selling: bool = False
    max_price: Annotated[int, Range(0, 100)] = 10
    pool_contribution: Counters = 0
    pool_overdraw_penalty: Counters = 0
    pool_tie_share: Annotated[int, Range(0, 10)] = 0
    pool_to_natural: bool = False
    max_decisions: Annotated[int, Range(0, 10**4)] = 0

    def check(self) -> None:
        if self.max_stake < self.min_stake:
            raise GameOptionError(f"option max_stake must be at least min_stake ({self.min_stake}), "
                                  f"not {self.max_stake!r}")  # fmt: skip
        if self.deal_passes == "natural" and self.natural_puts_out is False:
            raise GameOptionError(
                "option natural_puts_out=False needs a limited deal (deal_passes 'hands', 'twice' or "
                "'two_packs'): with deal_passes='natural' the deal would never pass"
            )
        if self.until == "freeze_out" and self.counters == 0:
            raise GameOptionError("option until='freeze_out' needs counters >= 1 (every player starts out)")

    @property
    def naturals_put_out(self) -> bool:
        """Whether a player's natural puts the dealer out: ``natural_puts_out``, or if that is
        None, whether the deal passes on naturals (``deal_passes="natural"``) rather than
        at a limit."""
        return self.deal_passes == "natural" if self.natural_puts_out is None else self.natural_puts_out

    @property
    def has_pool(self) -> bool:
        return bool(self.pool_contribution or self.pool_overdraw_penalty or self.pool_tie_share
                    or self.pool_to_natural)  # fmt: skip


# --------------------------------------------------------------------------------------
# The table
# --------------------------------------------------------------------------------------

SELL, BUY, STAKE, DOUBLE, PLAY, DEALER = "sell", "buy", "stake", "double", "draw", "dealer"
PHASES = (SELL, BUY, STAKE, DOUBLE, PLAY, DEALER, OVER)
MAX_HANDS = 4
"""'at most four hands' from one deal."""
MAX_CARDS = 16
"""A hand of 21 or less holds at most 14 cards, even from two packs (eight aces, six twos)."""
ACE = 12
_ACES = frozenset(range(4 * ACE, 4 * ACE + 4))
"""The ids of the four aces (ids are 4 * rank + suit; a second pack's cards have these ids too)."""


class HandState(NamedTuple):
    """A hand on the table, whole (for inspecting a game, not for a seat's eyes)."""

    cards: tuple[int, ...]
    stake: int
    divided: bool
    done: bool
    collected: bool
    """Thrown up to the pone (over-drawn): its cards are in the used pile."""
    shown: bool
    down: tuple[int, ...]
    """The positions of its cards dealt face down."""

    def is_pair(self) -> bool:
        """Two cards of one rank: it may be divided."""
        return _is_pair(self.cards)

    def points(self) -> int:
        return points(self.cards)

    def strength(self) -> int:
        return _strength(self.cards, self.divided)


def _is_pair(cards: list[int] | tuple[int, ...]) -> bool:
    return len(cards) == 2 and cards[0] >> 2 == cards[1] >> 2


def _divided_down(down: bool, shown: bool) -> tuple[int, ...]:
    """The face-down positions of a hand begun by one card of a divided pair: that card's
    own (face down if ``down``), then the card completing the hand, face down unless the
    hand is ``shown`` (the dealer's, turned up before he divides)."""
    return ((0,) if down else ()) + (() if shown else (1,))


class Hand:
    """A hand on the table: its cards, stake, and state. ``down`` holds the positions of
    its cards dealt face down (seen by the holder only until ``shown``); ``hidden`` is
    the cards as the others see them (``None`` at those positions), kept as it grows.
    Both are tuples, so a view of the hand shares them.

    Every change goes through a method, which drops the cached views (and encodings) of
    the hand's row: an observation rebuilds only the rows that changed since the last.
    """

    __slots__ = ("cards", "hidden", "stake", "divided", "done", "collected", "shown", "down", "row")

    def __init__(self, card: int, row: list[Any], down: tuple[int, ...] = (0, 1), stake: int = 0,
                 divided: bool = False) -> None:  # fmt: skip
        self.cards: tuple[int, ...] = (card,)
        self.hidden: tuple[Optional[int], ...] = (None,) if 0 in down else (card,)
        self.stake = stake
        self.divided = divided
        self.done = self.collected = self.shown = False
        self.down = down
        self.row = row
        """The cached views of the whole row of hands this hand is in (dropped with its own)."""
        row[:] = _STALE

    def copy(self, row: list[Any]) -> Hand:
        """A copy in the row whose cached views are ``row``."""
        twin = Hand.__new__(Hand)
        twin.cards, twin.hidden, twin.stake, twin.divided = self.cards, self.hidden, self.stake, self.divided
        twin.done, twin.collected, twin.shown, twin.down = self.done, self.collected, self.shown, self.down
        twin.row = row
        return twin

    def restore(self, cards: Sequence[int], down: tuple[int, ...]) -> None:
        """Put ``cards`` in the hand, those at the positions ``down`` face down."""
        self.cards, self.down = tuple(cards), down
        self.hidden = tuple([None if i in down else c for i, c in enumerate(cards)])
        self.row[:] = _STALE

    def add(self, card: int) -> None:
        self.hidden += (None if len(self.cards) in self.down else card,)
        self.cards += (card,)
        self.row[:] = _STALE

    def set_stake(self, stake: int) -> None:
        self.stake = stake
        self.row[:] = _STALE

    def finish(self) -> None:
        self.done = True
        self.row[:] = _STALE

    def throw_up(self) -> None:
        """Over-drawn: the cards go to the pone, unseen."""
        self.collected = self.done = True
        self.row[:] = _STALE

    def reveal(self) -> bool:
        """Show the hand to all; whether it was hidden before."""
        if self.shown:
            return False
        self.shown = True
        self.row[:] = _STALE
        return True

    def divide(self, stake: int) -> Hand:
        """Divide the pair: the second card leaves to start a new hand (returned) with
        ``stake``. Each card keeps its face, and each hand's next card comes as the hand
        lies: a player's pair stays face down, seen by him alone, and is completed face
        down (seed 002 turns up only the cards drawn after); the dealer divides a pair he
        has turned up, so both his hands stay shown and are completed face up."""
        shown = self.shown
        second = Hand(self.cards[1], self.row, _divided_down(1 in self.down, shown), stake, divided=True)
        second.shown = shown
        self.divided = True
        self.restore(self.cards[:1], _divided_down(0 in self.down, shown))
        return second

    def comes_face_down(self) -> bool:
        """Whether the hand's next card is dealt face down: its position is in ``down``."""
        return len(self.cards) in self.down

    def points(self) -> int:
        return points(self.cards)

    def strength(self) -> int:
        return _strength(self.cards, self.divided)

    def is_pair(self) -> bool:
        return _is_pair(self.cards)

    def seen(self, sees: bool) -> tuple[Optional[int], ...]:
        """The cards as a seat sees them: all of them if it ``sees`` them (their holder) or
        they are shown, else those dealt face down hidden (``None``); none once thrown up."""
        return () if self.collected else self.cards if sees or self.shown else self.hidden

    def state(self) -> HandState:
        return HandState(self.cards, self.stake, self.divided, self.done, self.collected, self.shown,
                         self.down)  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        return {"cards": list(self.cards), "stake": self.stake, "divided": self.divided, "done": self.done,
                "collected": self.collected, "shown": self.shown, "down": list(self.down)}  # fmt: skip



class VingtUn(Table):
    """A session of Vingt-un between ``players`` seats (2..12), one of them dealing.

    ``dealer`` skips choosing the first dealer by the first ace; ``top`` puts those
    cards, in that order, on top of the first pack (the rest shuffled below them):
    together they replay a recorded deal, or set up a position to study.

    >>> from pycards.games import new_game
    >>> game = new_game("vingt_un", players=3, seed=7)
    >>> while not game.is_over:
    ...     _ = game.apply(game.legal_actions()[0])
    >>> sum(game.payoffs().values()), game.deal_number
    (0, 1)
    """

    name: ClassVar[str] = "vingt_un"
    Options: ClassVar[type[VingtUnOptions]] = VingtUnOptions
    actions: ClassVar[tuple[type[Action], ...]] = (
        Stake, Double, Divide, Draw, Content, SellDeal, KeepDeal, AcceptSale, DeclineSale
    )  # fmt: skip
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 12

    FIRST_DEALER: ClassVar[int] = ACE
    """"The player to whom the first ace is dealt" deals first (seed 000)."""
    CREDIT: ClassVar[bool] = True
    """Balances may go below zero (the game is settled up at the end), but in a freeze-out."""
    PLAY_ON: ClassVar[bool] = False
    """A session ends at its term whatever the pool holds (the pool is a stake of the table)."""
    PACK_LASTS: ClassVar[str] = "session"
    """The pack goes on through a dealer's tenure: the used cards wait for the pone."""
    MIN_STACK: ClassVar[int] = 0
    STATE: ClassVar[tuple[Piece, ...]] = (
        Piece("proper_dealer", Number(-1, 11, start=-1), lasts="session", seen=False),
        # whose turn it is to deal (-1 before the first deal): play starts on his left
        Piece("deal_round", Number(0), lasts="session", seen=False),
        # deals completed in this dealer's tenure (0: a tenure begins with the next deal)
        Piece("passes", Number(0), lasts="session", seen=False),  # times through the pack in this tenure
    )

    options: VingtUnOptions
    _turn: int
    _hand_index: int
    _seller: int
    _buyer: int
    _price: int
    _double: bool
    _proper_dealer: int
    _deal_round: int
    _passes: int

    # -- setting up --------------------------------------------------------------------------

    def _setup(self, players: int, seed: int, options: Any, stacks: Sequence[int] = (),
               table: Optional[Table] = None) -> None:  # fmt: skip
        """Set up a session before it starts: the terms made from ``players`` and ``options``
        (or shared with ``table``, a game of the same ones), then the table's, then the state."""
        if table is None:
            self._set_terms(players, options)
        else:
            self.__dict__.update({name: table.__dict__[name] for name in _TERMS})
        self._seats_encoded: tuple[Any, ...] = (None, -1, 0, [])
        """What :meth:`_seat_features` made last, with the money, dealer and seats out it is for."""
        super()._setup(players, seed, options, stacks, table)  # the table cleared (:meth:`_clear_deal`)
        self._dealer = -1

    def _set_terms(self, players: int, options: VingtUnOptions) -> None:
        """What the players and options alone decide (:data:`_TERMS`): made once for a table and
        shared by its new sessions, so none of it is ever changed once made (caches aside)."""
        self._leftwards = tuple(tuple((seat + k) % players for k in range(players)) for seat in range(players))
        """Each seat, then the others in turn leftwards: the order of the rows in its encoding."""
        self._stakes = [Stake(a) for a in range(options.min_stake, options.max_stake + 1)]
        self._divides = [Divide(a) for a in range(options.min_stake, options.max_stake + 1)]
        self._orders: dict[tuple[Any, ...], list[int]] = {}
        """The order of play for each (proper dealer, dealer, seats out), made when first met."""
        self._masks: dict[tuple[Any, ...], Any] = {}
        """The legal mask of each kind of position (:meth:`legal_mask`), made when first met."""

    def _check_terms(self) -> None:
        players, bound = self.players, self.options.max_decisions
        if bound and bound < players + 3:
            raise GameOptionError(f"option max_decisions must be 0 or at least players + 3 = {players + 3}, "
                                  f"not {bound!r}")  # fmt: skip

    def _make_pack(self, seed: int) -> Pack:
        """One pack, or two shuffled together (``deal_passes="two_packs"``)."""
        cards = pack_cards(packs=2) if self.options.deal_passes == "two_packs" else FULL
        return Pack(cards, seed_key(seed))

    def _pools(self) -> dict[str, int]:
        return {"pool": 0} if self.options.has_pool else {}

    # -- reading -------------------------------------------------------------------------------

    @property
    def to_act(self) -> Optional[int]:
        phase = self._phase
        if phase == PLAY or phase == STAKE:
            return self._order[self._turn]
        if phase == DOUBLE or phase == DEALER:
            return self._dealer
        if phase == OVER:
            return None
        return self._turn


    # The table as it stands, for the omniscient side (a server, the tests): read-only
    # values and copies, so the state changes only through apply().

    proper_dealer = property(lambda self: self._proper_dealer,
                             doc="The seat whose turn it is to deal (play starts on his left).")
    seller = property(lambda self: self._seller, doc="The seat offering the deal for sale, or -1.")
    buyer = property(lambda self: self._buyer, doc="The seat offered the deal, or -1.")
    price = property(lambda self: self._price, doc="The price asked for the deal.")
    deal_round = property(lambda self: self._deal_round, doc="Deals completed in this dealer's tenure.")
    turn = property(lambda self: self._turn, doc="The index in ``order`` of the player in turn.")
    hand_index = property(lambda self: self._hand_index, doc="The hand in play of the seat in turn.")
    double = property(lambda self: self._double, doc='Whether the dealer called "double" in this deal.')
    decisions = property(lambda self: self._decisions, doc="Decisions taken in this deal so far.")
    passes = property(lambda self: self._passes, doc="Times through the pack in this tenure.")
    order = property(lambda self: list(self._order), doc="The players of this deal in turn (a copy).")
    naturals = property(lambda self: list(self._naturals), doc="The players holding a natural (a copy).")
    first_dealer_draw = property(lambda self: [list(cards) for cards in self._first_dealer_draw],
                                 doc="The cards turned up to each seat to find the first dealer.")

    @property
    def hands(self) -> list[list[HandState]]:
        """Every seat's hands, the dealer's in his own row, whole (omniscient; a copy)."""
        return [[h.state() for h in row] for row in self._hands]

    @property
    def stock(self) -> list[int]:
        """The undealt pack, its top card last (omniscient)."""
        return list(self._pack.stock)

    @property
    def used(self) -> list[int]:
        """The used cards collected by the pone (omniscient)."""
        return list(self._pack.used)

    def dealable(self) -> int:
        """Cards that can still be dealt in this deal: the pack but its last card, then
        the used cards the pone has collected (shuffled with that last card to continue)."""
        pack = self._pack
        stock = len(pack.stock)
        return (stock - 1 if stock > 1 else 0) + len(pack.used)

    def _natural_bound(self) -> int:
        """The most decisions one deal can take: a sale and its answer, the stakes, the
        double, and for each seat at most three divisions and four hands of at most 15
        decisions each (14 cards at most stay at 21 or under)."""
        return 2 + (self.players - 1) + 1 + self.players * (3 + MAX_HANDS * 15)

    def payoff_bound(self) -> float:
        """:meth:`Game.payoff_bound` (docs/rules.md section 4): every payment one deal can make,
        times the deals (``math.inf`` unless the session ends after its ``deals``: a dealer's
        tenure, and so a rotation, has no bound on its deals).

        A hand's stake is at most twice ``max_stake`` (after "double"); each of the
        (players - 1) players' four hands is settled against each of the dealer's four
        for at most twice its stake; each natural takes at most twice a stake from each
        other player; a sale costs at most ``max_price``; the pool takes contributions,
        the dealer's over-draw penalties and at most his tie receipts, and pays out no
        more than it took in the session. A seat wins at most what is paid in a session
        and loses at most what it pays.
        """
        o = self.options
        if o.until != "deals":
            return math.inf
        players, stake = self.players, 2 * o.max_stake
        settled = (players - 1) * MAX_HANDS * MAX_HANDS * 2 * stake
        privileges = (players - 1) ** 2 * 2 * stake if o.natural_privilege else 0
        into_pool = players * o.pool_contribution + MAX_HANDS * o.pool_overdraw_penalty
        into_pool += settled if o.pool_tie_share else 0
        per_deal = settled + privileges + (o.max_price if o.selling else 0) + into_pool
        return float(o.deals * (per_deal + into_pool))

    # -- legal actions ---------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        phase = self._phase
        if phase == PLAY or phase == DEALER:
            dealable = self.dealable()
            if not dealable or phase == PLAY and self._at_twenty_one():
                return [CONTENT]  # pack and used cards exhausted, or 21: the hand must stand
            if self._may_divide(dealable):
                return [DRAW, CONTENT, *([Divide(0)] if phase == DEALER else self._divides)]
            return [DRAW, CONTENT]
        if phase == STAKE:
            return list(self._stakes)
        if phase == DOUBLE:
            return [CALL, NO_CALL]
        if phase == SELL:
            return [KEEP] + [SellDeal(buyer, price) for buyer in range(self.players)
                             if buyer != self._turn and buyer not in self._session.out
                             for price in range(self.options.max_price + 1)]  # fmt: skip
        if phase == BUY:
            return [ACCEPT, DECLINE]
        return []

    def _legal(self, key: tuple[Any, ...]) -> bool:
        kind, phase, terms = key[0], self._phase, self.options
        if phase == PLAY or phase == DEALER:
            if kind is Content:
                return True
            if kind is Draw:
                return self.dealable() >= 1 and not (phase == PLAY and self._at_twenty_one())
            if kind is Divide and self._may_divide():
                stake: int = key[1]
                return stake == 0 if phase == DEALER else terms.min_stake <= stake <= terms.max_stake
            return False
        if phase == STAKE:
            return kind is Stake and terms.min_stake <= key[1] <= terms.max_stake
        if phase == DOUBLE:
            return kind is Double
        if phase == SELL:
            if kind is KeepDeal:
                return True
            return (kind is SellDeal and key[1] != self._turn and 0 <= key[1] < self.players
                    and key[1] not in self._session.out and 0 <= key[2] <= terms.max_price)  # fmt: skip
        if phase == BUY:
            return kind is AcceptSale or kind is DeclineSale
        return False

    def _where(self) -> str:
        return f"phase {self._phase!r}, seat {self.to_act} to act"

    def _at_twenty_one(self) -> bool:
        """Whether the player's hand in play makes 21: he is asked, but may only be content
        (docs/rules.md section 4, decision 5)."""
        return points(self._hands[self._order[self._turn]][self._hand_index].cards) == 21

    def _row(self) -> int:
        """The seat whose hand is in play."""
        return self._dealer if self._phase == DEALER else self._order[self._turn]

    def _may_divide(self, dealable: int | None = None) -> bool:
        """Whether the hand in play may be divided (``dealable``: the cards left, if known)."""
        hands = self._hands[self._row()]
        if not _is_pair(hands[self._hand_index].cards) or len(hands) >= MAX_HANDS:
            return False
        return (self.dealable() if dealable is None else dealable) >= 2

    # -- observations ----------------------------------------------------------------------

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know now (keys in docs/protocol.md).

        A player's first two cards are face down (``None`` to the others) until
        shown, and so are those of his divided hands (the card of the pair and the
        card completing it); the dealer's are turned up when he plays; a natural is
        declared face up; at the show every standing hand is declared; an
        over-drawn hand is thrown up and shows no cards. The pack and the used
        cards are only counted.
        """
        if type(seat) is not int or not 0 <= seat < self.players:
            self._check_seat(seat)
        row_view = self._row_view
        phase, dealer, pack, out = self._phase, self._dealer, self._pack, self._session.out
        caches = self._row_views
        hands = {}
        for row in self._order:
            sees = row == seat
            hands[row] = caches[row][sees] or row_view(row, sees)
        money = self._money_view()
        if phase == PLAY or phase == STAKE:
            to_act: Optional[int] = self._order[self._turn]
        elif phase == DOUBLE or phase == DEALER:
            to_act = dealer
        else:
            to_act = None if phase == OVER else self._turn
        return {
            "seat": seat,
            "to_act": to_act,
            "phase": phase,
            "deal_number": self._session.deals + (phase != OVER),
            "dealer": dealer,
            "proper_dealer": self._proper_dealer,
            "double": self._double,
            "hands": hands,
            "dealer_hands": caches[dealer][seat == dealer] or row_view(dealer, seat == dealer) if dealer >= 0 else (),
            "balances": money[0],
            "pool": money[1],
            "stock": len(pack.stock),
            "used": len(pack.used),
            "offer": (self._seller, self._buyer, self._price) if phase == BUY else None,
            "out": tuple(sorted(out)) if out else (),
            "truncated": self._last_truncated,
            "knowledge": self._known_view(seat),
        }

    # -- acting -----------------------------------------------------------------------------

    def _act(self, action: Action, seat: int) -> None:
        kind = type(action)
        if kind is Draw:
            self._on_draw()
        elif kind is Content:
            self._hands[self._row()][self._hand_index].finish()
            self._next_hand()
        elif kind is Stake:
            self._on_stake(action.amount)  # type: ignore[attr-defined]
        elif kind is Double:
            self._on_double(action.call)  # type: ignore[attr-defined]
        elif kind is Divide:
            self._on_divide(action.stake)  # type: ignore[attr-defined]
        elif kind is SellDeal:
            offer: SellDeal = action  # type: ignore[assignment]
            self._buyer, self._price, self._seller = offer.buyer, offer.price, self._turn
            self._phase = BUY
            self._turn = self._buyer
        elif kind is KeepDeal:
            self._begin_round()
        elif kind is AcceptSale:
            sale = Payment(self.names[self._buyer], self.names[self._seller], self._price)
            self._pay([sale], "the deal is sold")
            self._dealer = self._buyer
            self._begin_round()
        else:  # DeclineSale
            self._buyer = -1
            self._begin_round()

    def _between(self, seat: int, amount: int) -> Payment:
        """``amount`` > 0: the dealer pays the player; < 0: the player pays the dealer."""
        player, dealer = self.names[seat], self.names[self._dealer]
        return _new(Payment, (dealer, player, amount) if amount > 0 else (player, dealer, -amount))

    def _settle_player(self, seat: int, amount: int, note: str) -> None:
        self._pay([self._between(seat, amount)], note)

    # -- chance -----------------------------------------------------------------------------

    def _card(self, seat: int, hand: int, face_down: bool) -> int:
        """The top card, dealt to ``seat``'s hand ``hand``. The last card of the pack is
        never dealt: it joins the used cards, which the pone shuffles to continue."""
        pack = self._pack
        if len(pack.stock) <= 1:
            size = pack.reshuffle_used()
            self._passes += 1
            self._entries.append(Reshuffled(size))
        card = pack.stock.pop()
        self._entries.append(_new(Dealt, (seat, hand, card, self._alone[seat] if face_down else None)))
        return card


    # -- the session, the deal and the round --------------------------------------------------

    def _open_deal(self) -> None:
        """A new tenure when the deal has passed (or the session begins), else the next round."""
        if self._deal_round == 0:
            self._begin_tenure()
        else:
            self._begin_round()

    def _begin_tenure(self) -> None:
        """A new tenure for the dealer: pool contributions, a fresh pack, maybe a sale."""
        seat = self._proper_dealer = self._dealer
        self._make_up_pack()
        self._passes = 1
        if self.options.pool_contribution:
            self._pay([Payment(self.names[s], "pool", self.options.pool_contribution)
                       for s in range(self.players) if s not in self._session.out],
                      "pool contributions for the deal")  # fmt: skip
        if self.options.selling:
            self._phase = SELL
            self._turn = seat
        else:
            self._begin_round()

    def _card_places(self) -> dict[Place, list[int]]:
        """Every card of the pack by where it lies (omniscient): the hands on the table (not
        those thrown up: their cards are among the used ones), the stock and the used cards."""
        places = {hand_place(row, i): list(hand.cards) for row, hands in enumerate(self._hands)
                  for i, hand in enumerate(hands) if not hand.collected}  # fmt: skip
        places.update({STOCK: self._pack.stock, USED: self._pack.used})
        return places

    def _relabel(self, names: Mapping[int, int]) -> None:
        """:meth:`Game._relabel`: every hand (each keeps its faces), the stock and the used cards."""
        for hands in self._hands:
            for hand in hands:
                hand.restore([names.get(card, card) for card in hand.cards], hand.down)
        self._pack.stock = [names.get(card, card) for card in self._pack.stock]
        self._pack.used = [names.get(card, card) for card in self._pack.used]

    def _seen_now(self, seat: Optional[int]) -> Knowledge:
        """:meth:`Game._seen_now`: the seat's own hands on the table, and every card face up or
        shown there (a hand thrown up is off the table)."""
        known = Knowledge(seat)
        for row, hands in enumerate(self._hands):
            for i, hand in enumerate(hands):
                for card in hand.seen(row == seat):
                    if card is not None:
                        known._put(card, hand_place(row, i))
        return known

    def cards_on_table(self) -> list[int]:
        """Every card in a hand on the table (not those thrown up: they are among the used)."""
        return [c for hands in self._hands for hand in hands if not hand.collected for c in hand.cards]

    def _clear_deal(self) -> None:
        """The table cleared at a deal's end (the cards were gathered with the used ones)."""
        super()._clear_deal()
        self._clear_hands()
        self._order: list[int] = []
        self._naturals: list[int] = []
        self._turn = self._hand_index = 0
        self._double = False
        self._seller = self._buyer = -1
        self._price = 0

    def _clear_hands(self) -> None:
        self._hands: list[list[Hand]] = [[] for _ in range(self.players)]
        self._row_views: list[list[Any]] = [[(), (), None, None] for _ in range(self.players)]
        """Per row: the others' and the holder's views, then the others' and the holder's
        encodings (:meth:`_row_features`); each None once stale."""

    def _row_view(self, row: int, sees: bool) -> tuple[HandView, ...]:
        """The views of ``row``'s hands as a seat sees them (:meth:`Hand.seen`), cached until
        one of them changes."""
        seen = []  # a loop, not a comprehension: no frame of its own to make for a row of one hand
        for h in self._hands[row]:
            seen.append(_new(HandView, (h.seen(sees), h.stake, h.divided, h.done)))
        views = self._row_views[row][sees] = tuple(seen)
        return views

    def _begin_round(self) -> None:
        """One card to each player, from the proper dealer's left, and to the dealer."""
        out = self._session.out
        key = (self._proper_dealer, self._dealer, tuple(out))
        order = self._orders.get(key)
        if order is None:
            seats = rotation(self._proper_dealer, self.players, out)
            order = self._orders[key] = [s for s in seats if s != self._dealer]
        self._order = list(order)
        rows = self._row_views
        for seat in self._order:
            self._hands[seat].append(Hand(self._card(seat, 0, True), rows[seat]))
        self._hands[self._dealer].append(Hand(self._card(self._dealer, 0, True), rows[self._dealer]))
        self._phase = STAKE
        self._turn = 0

    def _on_stake(self, amount: int) -> None:
        self._hands[self._order[self._turn]][0].set_stake(amount)
        self._turn += 1
        if self._turn == len(self._order):
            self._phase = DOUBLE

    def _on_double(self, call: bool) -> None:
        """The dealer's "double" doubles every stake; then the second card to each."""
        self._double = call
        if call:
            for seat in self._order:
                self._hands[seat][0].set_stake(2 * self._hands[seat][0].stake)
        for seat in self._order:
            self._hands[seat][0].add(self._card(seat, 0, True))
        self._hands[self._dealer][0].add(self._card(self._dealer, 0, True))
        self._declare_naturals()

    def _declare_naturals(self) -> None:
        hands = self._hands
        self._naturals = [s for s in self._order if hands[s][0].strength() == NATURAL]
        dealer_hand = hands[self._dealer][0]
        if dealer_hand.strength() == NATURAL:
            # "he at once declares it; throws the two cards, face upwards, on the table, and
            # collects the stakes from the other players, the amount in this case being double"
            self._show(self._dealer, 0)
            for seat in self._order:
                hand = hands[seat][0]
                if seat in self._naturals:  # "neither pays to the other"
                    self._show(seat, 0)
                else:
                    self._settle_player(seat, -2 * hand.stake, "the dealer's natural")
                hand.finish()
            self._naturals = []
            self._end_round()
            return
        for seat in self._naturals:
            hand = hands[seat][0]
            self._show(seat, 0)  # "he should at once declare it"
            self._settle_player(seat, 2 * hand.stake, "a natural")
            hand.finish()
        if self._naturals and not self._natural_disregarded():
            self._natural_privileges()
        self._phase = PLAY
        self._turn = 0
        self._hand_index = 0
        self._next_hand()

    def _show(self, seat: int, index: int) -> None:
        hand = self._hands[seat][index]
        if hand.reveal():
            self._entries.append(_new(Shown, (seat, index, hand.cards, None)))

    def _natural_disregarded(self) -> bool:
        """A natural on the first hand of the deal, where naturals put the dealer out:
        "the dealer disregards it, except that he has to pay to the holder as for a
        drawn Vingt-un", so no privilege and no pool go with it."""
        return self._deal_round == 0 and self.options.naturals_put_out

    def _natural_privileges(self) -> None:
        """ADDITIONAL PRIVILEGES FOR A NATURAL, and a POOL won by the natural."""
        naturals = self._naturals
        payers = [s for s in self._order if s not in naturals]
        privilege = {None: 0, "stake": 1, "double": 2}[self.options.natural_privilege]
        if privilege:
            label = "stake" if privilege == 1 else "double"
            for holder in naturals:
                # "his stake, or of the double, if that was called": the stake as it stands
                amount = self._hands[holder][0].stake * privilege
                self._pay([Payment(self.names[s], self.names[holder], amount) for s in payers],
                          f"p{holder}'s natural: a {label} from each player")  # fmt: skip
        if self.options.pool_to_natural:
            shares = split(self._ledger.balance("pool"), naturals, self._order)
            self._pay([Payment("pool", self.names[s], a) for s, a in shares.items()], "the pool to the natural")

    def _next_hand(self) -> None:
        """Move to the next hand that needs a decision, playing the dealer's part when due."""
        hands = self._hands
        while self._phase == PLAY:
            if self._turn >= len(self._order):
                self._dealer_turn()
                return
            row = hands[self._order[self._turn]]
            while self._hand_index < len(row) and row[self._hand_index].done:
                self._hand_index += 1
            if self._hand_index < len(row):
                hand = row[self._hand_index]
                # a player's 21 is asked all the same (content, his only choice: _at_twenty_one),
                # so that his turn tells nobody what his face-down cards make
                return
            self._turn += 1
            self._hand_index = 0
        if self._phase == DEALER:
            row = hands[self._dealer]
            while self._hand_index < len(row):
                hand = row[self._hand_index]
                if not (hand.done or hand.points() >= 21):
                    break
                hand.finish()
                self._hand_index += 1
            if self._hand_index == len(row):
                self._showdown()

    def _truncate(self) -> None:
        """The bound on decisions is reached (docs/rules.md 6.1): every hand still to play
        stands, the dealer's too, and the deal goes to the show."""
        deal = self._session.deals
        while self._session.deals == deal and self._phase in (PLAY, DEALER):
            self._hands[self._row()][self._hand_index].finish()
            self._next_hand()

    def _dealer_turn(self) -> None:
        """The dealer turns up his cards and plays, if any player's hand still stands."""
        standing = any(hand.points() <= 21 for seat in self._order if seat not in self._naturals
                       for hand in self._hands[seat])  # fmt: skip
        self._phase = DEALER
        self._hand_index = 0
        if not standing:  # nobody left to play against: the dealer need not draw
            self._end_round()
            return
        self._show(self._dealer, 0)  # "He then turns up his own two cards ... in view of the company"
        self._next_hand()

    def _on_draw(self) -> None:
        row = self._row()
        hand = self._hands[row][self._hand_index]
        hand.add(self._card(row, self._hand_index, False))
        if self._phase == PLAY and hand.points() > 21:
            # "the player would have had to pay the dealer the amount he staked ... At the
            # same time he would throw up his cards, or hand them to ... the pone"
            self._settle_player(row, -hand.stake, "over-drawn")
            self._move_hand(row, self._hand_index, USED)
            hand.throw_up()
            self._pack.used.extend(hand.cards)
        self._next_hand()

    def _on_divide(self, stake: int) -> None:
        """Divide the pair in play: the second card starts a new hand, just after it,
        with its own stake (doubled if the dealer called "double"); each gets a card.
        Nothing is shown: the pair lies as it did (:meth:`Hand.divide`)."""
        row, index = self._row(), self._hand_index
        hands = self._hands[row]
        for later in range(len(hands) - 1, index, -1):  # the hands after it move up one place
            self._move_hand(row, later, hand_place(row, later + 1))
        self._move_card(row, index, 1, hand_place(row, index + 1))
        second = hands[index].divide(stake * (2 if self._double else 1))
        hands.insert(index + 1, second)
        for i in (index, index + 1):
            hands[i].add(self._card(row, i, hands[i].comes_face_down()))
        self._next_hand()

    def _move_hand(self, row: int, index: int, target: Place) -> None:
        """The entries of every card of ``row``'s hand ``index`` going to ``target``."""
        for position in range(len(self._hands[row][index].cards)):
            self._move_card(row, index, position, target)

    def _move_card(self, row: int, index: int, position: int, target: Place) -> None:
        """The entry of the card at ``position`` in ``row``'s hand ``index`` going to ``target``:
        seen by all if it lay face up or the hand is shown, else by its holder alone."""
        hand = self._hands[row][index]
        self._move(hand.cards[position], row, hand_place(row, index), target,
                   hand.shown or hand.hidden[position] is not None)  # fmt: skip

    def _showdown(self) -> None:
        """Settle every standing player hand against each of the dealer's hands, as one batch."""
        payments = []
        tie_receipts = 0
        dealer_name = self.names[self._dealer]
        options = self.options
        for seat in self._order:  # "he calls on those players who have not over-drawn to declare"
            for i, hand in enumerate(self._hands[seat]):
                if not hand.collected:
                    self._show(seat, i)
        for d, dealer_hand in enumerate(self._hands[self._dealer]):
            self._show(self._dealer, d)
            theirs = dealer_hand.strength()
            if theirs == OVER_DRAWN and options.pool_overdraw_penalty:
                payments.append(Payment(dealer_name, "pool", options.pool_overdraw_penalty))
            for seat in self._order:
                if seat in self._naturals:
                    continue
                for hand in self._hands[seat]:
                    mine = hand.strength()
                    if mine == OVER_DRAWN:
                        continue  # paid when he over-drew
                    result = _settled(theirs, mine, hand.stake)
                    if mine == theirs:  # a tie: the dealer receives (single, even at 21)
                        tie_receipts -= result
                    payments.append(self._between(seat, result))
        if options.pool_tie_share and tie_receipts:
            payments.append(Payment(dealer_name, "pool", tie_receipts // options.pool_tie_share))
        self._pay(payments, "the show")
        self._end_round()

    def _end_round(self) -> None:
        """The round is over: seats out of counters stand out (a freeze-out), the deal passes
        when it is due, and the table closes the deal (:meth:`Table._end_deal`)."""
        self._deal_round += 1
        out = set(self._out_seats())
        for seat in sorted(out - self._session.out):
            self._entries.append(Note(f"p{seat} has no counters left and stands out"))
        next_dealer = self._next_dealer(out)
        passes = next_dealer >= 0
        if self._dealer in out or self._proper_dealer in out:
            passes = True
            next_dealer = next_in(self._proper_dealer, self.players, out)
        if passes:
            self._deal_round = 0  # a tenure begins with the next deal
        self._end_deal(next_dealer if passes else self._dealer, passes)

    def _next_dealer(self, out: set[int]) -> int:
        """Who deals next, or -1 if the dealer goes on (``out``: the seats standing out)."""
        options = self.options
        left = next_in(self._proper_dealer, self.players, out)
        if self._naturals and self._deal_round != 1 and options.naturals_put_out:
            holder = self._naturals[0]
            return holder if options.deal_to == "holder" and holder not in out else left
        if options.deal_passes == "natural":
            return -1
        if options.deal_passes == "hands":
            return left if self._deal_round >= options.deal_hands else -1
        # "twice" through the pack, or "two_packs" once: the used pack only completes "a
        # round started upon with his limited supply", so the deal passes once the supply
        # is spent, whether the round ran into the used cards or ended with the last card.
        supply = 2 if options.deal_passes == "twice" else 1
        spent = self._passes > supply or (self._passes == supply and len(self._pack.stock) <= 1)
        return left if spent else -1

    # -- the codec and the encoding -------------------------------------------------------------

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """:meth:`Game.legal_mask`, the mask of each kind of position made once and copied."""
        phase = self._phase
        if phase == PLAY or phase == DEALER:
            may_draw = self.dealable() > 0 and not (phase == PLAY and self._at_twenty_one())
            key: tuple[Any, ...] = (phase, may_draw, self._may_divide())
        elif phase == SELL:
            key = (phase, self._turn, tuple(sorted(self._session.out)))
        else:
            key = (phase,)
        masks = self._masks
        mask = masks.get(key)
        if mask is None:
            mask = masks[key] = self.codec.mask(self.legal_actions())
            mask.flags.writeable = False
        return mask.copy()

    def _domains(self) -> Domains:
        o = self.options
        stakes = range(o.min_stake, o.max_stake + 1)
        return [
            (Stake, {"amount": stakes}),
            (Double, {"call": (True, False)}),
            (Divide, {"stake": (0, *stakes)}),
            (Draw, {}),
            (Content, {}),
            (SellDeal, {"buyer": range(self.players), "price": range(o.max_price + 1)}),
            (KeepDeal, {}),
            (AcceptSale, {}),
            (DeclineSale, {}),
        ]

    def observation_size(self) -> int:
        return len(PHASES) + 4 + self.players * (3 + MAX_HANDS * _HAND_FEATURES)

    def encode(self, seat: int) -> npt.NDArray[np.float32]:
        """``seat``'s observation as a vector (layout in docs/protocol.md, "vingt_un").

        The phase one-hot; whether ``seat`` deals, whether "double" was called, the
        stock and the used cards over the pack's size; then for each seat in turn
        from ``seat`` itself leftwards: whether it deals, is out, its balance over
        the starting counters (or 1), and for each of four hand slots: present,
        the Vingt-un total of its visible cards / 21, the visible count of
        aces, of cards, of face-down cards (/ 16 cards), the stake / the most a
        stake can be, divided, done, thrown up.

        It reads only what :meth:`observation` shows ``seat``: the same cached views
        of the rows of hands, whose features are cached with them (as float32 bytes),
        so only the rows that changed since the last call are worked out again.
        """
        import numpy as np

        if type(seat) is not int or not 0 <= seat < self.players:
            self._check_seat(seat)
        phase, dealer, pack = self._phase, self._dealer, self._pack
        size = len(pack.cards)
        parts = [_PHASE_HOT[phase], _pack_head(dealer == seat, self._double, len(pack.stock) / size,
                                               len(pack.used) / size)]  # fmt: skip
        seats, rows = self._seat_features(), self._row_views
        for s in self._leftwards[seat]:
            parts.append(seats[s])
            features = rows[s][2 + (s == seat)]  # a row without hands encodes as four empty slots
            parts.append(self._row_features(s, s == seat) if features is None else features)
        return np.frombuffer(bytearray(b"".join(parts)), dtype=_FLOAT32)

    def _seat_features(self) -> list[bytes]:
        """Each seat's three values of the encoding (whether it deals, is out, its balance
        over the starting counters, or 1), as float32 bytes, kept until a payment, a new
        dealer or a seat going out."""
        money = self._money_view()
        dealer, out = self._dealer, self._session.out
        kept = self._seats_encoded
        if kept[0] is money and kept[1] == dealer and kept[2] == len(out):
            return kept[3]  # type: ignore[no-any-return]
        scale = max(1, self.options.counters)
        features = [_pack_seat(s == dealer, s in out, balance / scale) for s, balance in enumerate(money[0])]
        self._seats_encoded = (money, dealer, len(out), features)
        return features

    def _row_features(self, row: int, sees: bool) -> bytes:
        """The encoding of ``row``'s hands as ``sees`` (its holder or not) sees them
        (:meth:`Hand.seen`, as the views do): four slots of :data:`_HAND_FEATURES` float32s,
        cached beside the views until one of the hands changes."""
        cache = self._row_views[row]
        features: bytes | None = cache[2 + sees]
        if features is not None:
            return features
        most_stake = 2 * self.options.max_stake
        packed = []
        for hand in self._hands[row]:
            cards = hand.seen(sees)
            seen = [c for c in cards if c is not None] if None in cards else cast("tuple[int, ...]", cards)
            held, visible = len(cards), len(seen)
            if visible:
                total, aces = points(seen) / 21, sum(map(_ACES.__contains__, seen)) / 8
            else:
                total = aces = 0.0
            done = hand.done
            packed.append(_pack_hand(1.0, total, aces, held / MAX_CARDS, (held - visible) / MAX_CARDS,
                                     hand.stake / most_stake, hand.divided, done, not held and done))
        features = cache[2 + sees] = b"".join(packed) + _NO_HANDS[_HAND_BYTES * len(packed):]
        return features

    # -- copies and documents -----------------------------------------------------------------

    def _copy_table(self, twin: Any) -> None:
        """The hands (and their cached views), the order of play, the naturals."""
        twin._row_views = [list(views) for views in self._row_views]
        twin._hands = [[h.copy(views) for h in row] for row, views in zip(self._hands, twin._row_views)]
        twin._order, twin._naturals = list(self._order), list(self._naturals)

    def _summary(self) -> dict[str, Any]:
        return {**super()._summary(), "hands": [[h.to_dict() for h in row] for row in self._hands],
                "order": list(self._order), "turn": self._turn, "hand_index": self._hand_index,
                "double": self._double, "seller": self._seller, "buyer": self._buyer, "price": self._price}  # fmt: skip

    def _check_session(self) -> None:
        """The tenure's counts must fit the session: a dealer before the first deal is the
        first dealer with no tenure yet; in a tenure, the pack has been gone through at least
        once, and holds every card (the last deal's are among the used ones)."""
        if not self._session.deals and (self._proper_dealer != -1 or self._deal_round or self._passes):
            raise StateError("document.deal.game: before the first deal no tenure has begun (proper_dealer -1, "
                             "deal_round 0, passes 0)")  # fmt: skip
        if self._proper_dealer >= self.players:
            raise StateError(f"document.deal.game.proper_dealer must be a seat 0..{self.players - 1} (or -1), "
                             f"not {self._proper_dealer}")  # fmt: skip
        if self._session.deals and self._proper_dealer < 0:
            raise StateError("document.deal.game.proper_dealer must be a seat once a deal has been dealt, not -1")
        if self._deal_round and not self._passes:
            raise StateError("document.deal.game.passes: a tenure under way has been through the pack at least once")
        if self._deal_round or self._session.over:
            self._pack.check_accounts(())

_TERMS = ("_leftwards", "_stakes", "_divides", "_orders", "_masks")
"""The attributes :meth:`VingtUn._set_terms` makes, which the new sessions of a table share."""
_HAND_FEATURES = 9
_STALE = (None, None, None, None)
"""A row's four cached values (:meth:`VingtUn._clear_hands`), all dropped."""
_HEAD = len(PHASES) + 4
"""The encoding's first values: the phase one-hot, dealing, double, stock, used."""
_NO_HANDS = bytes(4 * MAX_HANDS * _HAND_FEATURES)
"""The encoding of a row without hands: four empty slots of float32 zeros."""
_pack_head = struct.Struct("=4f").pack
"""Packs the encoding's values after the phase: dealing, double, stock, used."""
_PHASE_HOT = {phase: struct.pack(f"={len(PHASES)}f", *[float(p == phase) for p in PHASES]) for phase in PHASES}
"""The phase one-hot of the encoding, as float32 bytes, for each phase."""
_pack_seat = struct.Struct("=3f").pack
_pack_hand = struct.Struct(f"={_HAND_FEATURES}f").pack
_HAND_BYTES = 4 * _HAND_FEATURES
_FLOAT32 = "=f4"
"""Native float32: what the ``=f`` packs above write."""
_new = tuple.__new__
"""Makes a NamedTuple from a tuple of its fields without its Python-level ``__new__``."""
