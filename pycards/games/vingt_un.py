"""Vingt-un, played through: the game driver (``new_game("vingt_un", ...)``).

Follows the Vingt-un text of seeds ``000_090407a6d9d4a9ee.txt`` and
``002_93c3d51ac699f33f.txt`` (RULES.md section 4). A round (a "hand of the
deal") goes:

1. One card to each player, starting on the dealer's left, and to the dealer.
2. Each player stakes on his card, between the agreed minimum and maximum
   (:class:`Stake`); then the dealer may call "double" (:class:`Double`),
   doubling every stake of the round.
3. A second card to each. A dealer's natural is declared at once: he collects
   double from each player, except a player who also holds a natural ("neither
   pays to the other"), and the round ends. Otherwise each player's natural is
   paid double at once and puts the dealer out, unless it is the first hand of
   his deal ("then the dealer disregards it, except that he has to pay to the
   holder as for a drawn Vingt-un").
4. Each player in turn, one hand at a time, may divide a pair among his first
   two cards (:class:`Divide`, with a separate stake; a third or fourth card of
   the rank completing the hands may be divided again, at most four hands),
   then says "a card" (:class:`Draw`) or "content" (:class:`Content`). An
   over-drawn hand pays at once; a hand reaching 21 stands.
5. The dealer turns up his cards, may divide too, and draws on each of his
   hands; then every standing hand is settled by the table of
   :func:`pycards.vingtun.settle`.

The pack is not re-united between rounds: the last card is never dealt but
joins the used cards, which are shuffled to continue. The game runs for
``rounds`` rounds, the deal passing as the options say.

Decisions where the texts are silent (also in the README):

* Against a dealer who divided, every player hand is settled against each of
  the dealer's hands in turn (his "duplicate hands").
* Several naturals in one round: the deal passes once; with ``deal_to="holder"``
  it goes to the first holder from the dealer's left, and a pool won by naturals
  is shared among the holders (the odd counters in seat order).
* A hand that reaches 21 stands without being asked. The double doubles every
  stake of the round, those on divided hands included.
* A natural on the first hand of a deal (where naturals put the dealer out) is
  paid as a drawn vingt-un and nothing more: no privilege, no pool. The natural
  privilege is paid by the other players, not the dealer (who pays double
  already), and is the holder's stake before any double.
* Over-drawn hands are thrown up to the pone at once, so their cards can be
  shuffled back in the same round. If the pack and the used cards are ever
  exhausted in a round, no more cards can be drawn and the hands stand.
* Balances may go below zero: Vingt-un is settled up at the end of play.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal, NamedTuple, Optional

from pycards.cards import parse
from pycards.errors import GameOptionError, IllegalActionError
from pycards.games.base import Action, Game, Record
from pycards.settlement import Ledger, Payment, split
from pycards.vingtun import NATURAL, OVER_DRAWN, settle_strengths

__all__ = [
    "AcceptSale",
    "HandView",
    "Content",
    "DeclineSale",
    "Divide",
    "Double",
    "Draw",
    "KeepDeal",
    "SellDeal",
    "Stake",
    "VingtUn",
    "VingtUnOptions",
]

# ------------------------------------------------------------------------------------------
# Actions
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Stake(Action):
    """A player's stake on his first card."""

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

# ------------------------------------------------------------------------------------------
# Options
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class VingtUnOptions:
    """The agreed terms of a game of Vingt-un; every variation of the texts is an option.

    ``min_stake``/``max_stake``: "The minimum is usually one coin or counter, and
    the maximum whatever may be agreed upon." ``counters``: what each player
    starts with. ``rounds``: rounds to play before the game is over.

    ``deal_passes``: ``"natural"`` (a natural puts the dealer out, seed 002),
    ``"hands"`` (each deal lasts ``deal_hands`` rounds), ``"twice"`` (the dealer
    goes through the pack twice) or ``"two_packs"`` (two packs shuffled together,
    gone through once): "LIMITING THE DEAL". ``deal_to``: on a natural the deal
    passes to the ``"next"`` player (the dealer's left) or the ``"holder"`` of the
    natural. ``natural_puts_out``: False for "a natural shall not throw out the
    dealer". ``natural_privilege``: ``"stake"`` or ``"double"``, the holder of a
    natural receives that from each other player who holds no natural
    ("ADDITIONAL PRIVILEGES FOR A NATURAL"). ``selling``: the player whose turn it
    is to deal may sell it ("SELLING THE DEAL"), for at most ``max_price``.

    ``pool_contribution``: each player pays this into a pool at the start of each
    deal; ``pool_overdraw_penalty``: the dealer pays it to the pool when he
    over-draws; ``pool_tie_share``: the divisor of the dealer's receipts on ties
    paid to the pool (3 for "one-third", 0 for none); ``pool_to_natural``: the
    pool is "secured by the player declaring the natural" ("POOL").
    """

    min_stake: int = 1
    max_stake: int = 10
    counters: int = 100
    rounds: int = 1
    deal_passes: Literal["natural", "hands", "twice", "two_packs"] = "natural"
    deal_hands: int = 5
    deal_to: Literal["next", "holder"] = "next"
    natural_puts_out: bool = True
    natural_privilege: Optional[Literal["stake", "double"]] = None
    selling: bool = False
    max_price: int = 10
    pool_contribution: int = 0
    pool_overdraw_penalty: int = 0
    pool_tie_share: int = 0
    pool_to_natural: bool = False

    def __post_init__(self) -> None:
        def whole(name: str, low: int) -> None:
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise GameOptionError(f"option {name} must be a whole number >= {low}, not {value!r}")

        for name in ("min_stake", "rounds", "deal_hands"):
            whole(name, 1)
        for name in ("counters", "max_price", "pool_contribution", "pool_overdraw_penalty",
                     "pool_tie_share"):  # fmt: skip
            whole(name, 0)
        whole("max_stake", self.min_stake)
        choices = {
            "deal_passes": ("natural", "hands", "twice", "two_packs"),
            "deal_to": ("next", "holder"),
            "natural_privilege": (None, "stake", "double"),
        }
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                raise GameOptionError(
                    f"option {name} must be one of {', '.join(map(repr, allowed))}, "
                    f"not {getattr(self, name)!r}"
                )
        for name in ("natural_puts_out", "selling", "pool_to_natural"):
            if not isinstance(getattr(self, name), bool):
                raise GameOptionError(f"option {name} must be True or False, not {getattr(self, name)!r}")

    @property
    def has_pool(self) -> bool:
        return bool(self.pool_contribution or self.pool_overdraw_penalty or self.pool_tie_share
                    or self.pool_to_natural)  # fmt: skip

    @classmethod
    def from_kwargs(cls, options: Mapping[str, Any]) -> VingtUnOptions:
        known = {f.name for f in fields(cls)}
        for name in options:
            if name not in known:
                raise GameOptionError(f"unknown vingt_un option {name!r}")
        return cls(**options)


# ------------------------------------------------------------------------------------------
# Hands
# ------------------------------------------------------------------------------------------

_PIPS = tuple(1 if r == 12 else min(r + 2, 10) for r in range(13))


def points(cards: list[int]) -> int:
    """Total of a hand (ace 1 or 11; ids of a second pack are ``52 + id``)."""
    hard = 0
    ace = False
    for c in cards:
        rank = (c % 52) >> 2
        hard += _PIPS[rank]
        ace = ace or rank == 12
    return hard + 10 if ace and hard + 10 <= 21 else hard


class HandView(NamedTuple):
    """A hand in an observation: its cards (``None`` where face down), stake, and state."""

    cards: tuple[Optional[int], ...]
    stake: int
    divided: bool
    done: bool


class _Hand:
    """One hand on the table: its cards, its stake, and whether it came from a division.

    Change it only through its methods, which forget the cached views.
    """

    __slots__ = ("cards", "stake", "divided", "done", "collected", "_shown", "_hidden")

    def __init__(self, cards: list[int], stake: int = 0, divided: bool = False, done: bool = False,
                 collected: bool = False):  # fmt: skip
        self.cards = cards
        self.stake = stake
        self.divided = divided
        self.done = done
        self.collected = collected  # thrown up to the pone already (an over-draw)
        self._shown: HandView | None = None
        self._hidden: HandView | None = None

    def _changed(self) -> None:
        self._shown = self._hidden = None

    def add(self, card: int) -> None:
        self.cards.append(card)
        self._changed()

    def take_last(self) -> int:
        self._changed()
        return self.cards.pop()

    def finish(self) -> None:
        self.done = True
        self._changed()

    def set_stake(self, stake: int) -> None:
        self.stake = stake
        self._changed()

    def mark_divided(self) -> None:
        self.divided = True
        self._changed()

    def strength(self) -> int:
        total = points(self.cards)
        if total > 21:
            return OVER_DRAWN
        if total == 21 and len(self.cards) == 2 and not self.divided:
            return NATURAL
        return total

    def view(self, shown: bool) -> HandView:
        """The hand as a seat sees it: all its cards if ``shown``, else the first two hidden;
        a hand thrown up to the pone (over-drawn) has left the table: no cards."""
        if self.collected:
            return HandView((), self.stake, self.divided, self.done)
        if shown:
            if self._shown is None:
                self._shown = HandView(tuple(self.cards), self.stake, self.divided, self.done)
            return self._shown
        if self._hidden is None:
            cards = self.cards
            hidden = (None, None)[: len(cards)] + tuple(cards[2:])
            self._hidden = HandView(hidden, self.stake, self.divided, self.done)
        return self._hidden

    def is_pair(self) -> bool:
        return len(self.cards) == 2 and (self.cards[0] % 52) >> 2 == (self.cards[1] % 52) >> 2

    def to_list(self) -> list[Any]:
        return [list(self.cards), self.stake, self.divided, self.done, self.collected]

    @classmethod
    def from_list(cls, data: list[Any]) -> _Hand:
        return cls(list(data[0]), data[1], data[2], data[3], data[4])

    def copy(self) -> _Hand:
        return _Hand(list(self.cards), self.stake, self.divided, self.done, self.collected)


# ------------------------------------------------------------------------------------------
# The driver
# ------------------------------------------------------------------------------------------

def _plain_copy(value: Any) -> Any:
    """A copy of a state value that shares no list with the game."""
    if isinstance(value, list):
        return [_plain_copy(v) for v in value]
    return value


_HANDLERS: dict[type[Action], str] = {
    cls: "_on_" + cls.__name__
    for cls in (Stake, Double, Divide, Draw, Content, SellDeal, KeepDeal, AcceptSale, DeclineSale)
}

_STATE = (
    "phase", "dealer", "proper_dealer", "seller", "buyer", "price", "deal_round", "rounds_played",
    "stock", "used", "shuffles", "passes", "double", "hands", "dealer_hands", "order", "turn",
    "hand_index", "naturals", "first_dealer_draw",
)  # fmt: skip


class VingtUn(Game):
    """A game of Vingt-un between ``players`` seats (0 .. players-1), one of them dealing.

    >>> from pycards.games import new_game
    >>> game = new_game("vingt_un", players=3, seed=7)
    >>> game.to_act == game.observation(0)["to_act"], game.is_over
    (True, False)
    >>> while not game.is_over:
    ...     _ = game.apply(game.legal_actions()[0])
    >>> sum(game.payoffs().values())
    0
    """

    name: ClassVar[str] = "vingt_un"
    Options: ClassVar[type] = VingtUnOptions
    actions: ClassVar[Mapping[str, type[Action]]] = {
        cls.__name__: cls
        for cls in (Stake, Double, Divide, Draw, Content, SellDeal, KeepDeal, AcceptSale, DeclineSale)
    }

    def __init__(self, players: int = 4, seed: int = 0, *, dealer: int | None = None,
                 top: Sequence[int | str] = (), **options: Any) -> None:  # fmt: skip
        """``dealer`` skips choosing the first dealer by the first ace; ``top`` puts
        those cards, in that order, on top of the first pack (the rest shuffled below
        them): together they replay a recorded deal, or set up a position to study."""
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 12:
            raise GameOptionError(f"vingt_un needs 2 to 12 players, not {players!r}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise GameOptionError(f"the seed must be an int, not {seed!r}")
        if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int)
                                   or not 0 <= dealer < players):  # fmt: skip
            raise GameOptionError(f"the dealer must be a seat 0..{players - 1}, not {dealer!r}")
        self._top = parse(top)
        self.options = VingtUnOptions.from_kwargs(options)
        self.players = players
        self.seed = seed
        self._names = tuple(f"p{i}" for i in range(players))
        parties = {name: self.options.counters for name in self._names}
        if self.options.has_pool:
            parties["pool"] = 0
        self._ledger = Ledger(parties, credit=self._names)
        self.history: list[Record] = []
        self._stakes = [Stake(a) for a in range(self.options.min_stake, self.options.max_stake + 1)]
        self._divides = [Divide(a) for a in range(self.options.min_stake, self.options.max_stake + 1)]
        self.phase = "stake"
        self.dealer = self.proper_dealer = -1
        self.seller = self.buyer = -1
        self.price = 0
        self.deal_round = 0
        self.rounds_played = 0
        self.stock: list[int] = []
        self.used: list[int] = []
        self.shuffles = 0
        self.passes = 0
        self.double = False
        self.hands: list[list[_Hand]] = [[] for _ in range(players)]
        self.dealer_hands: list[_Hand] = []
        self.order: list[int] = []
        self.turn = 0
        self.hand_index = 0
        self.naturals: list[int] = []
        self.first_dealer_draw: list[list[int]] = []
        self._payments: list[Payment] = []  # the payments of the apply() under way
        self._start(dealer)

    # Chance --------------------------------------------------------------------------------

    def _fresh_pack(self) -> None:
        """A new pack (two for ``two_packs``), shuffled from the seed and a counter.

        The stock's top card is its last item. The first pack may be stacked (``top``).
        """
        size = 104 if self.options.deal_passes == "two_packs" else 52
        top, self._top = self._top, ()
        self.stock = [c for c in range(size) if c not in top]
        self.used = []
        self._shuffle(self.stock)
        self.stock.extend(reversed(top))
        self.passes = 1

    def _shuffle(self, cards: list[int]) -> None:
        random.Random(f"{self.seed}:{self.shuffles}").shuffle(cards)
        self.shuffles += 1

    def _card(self, dealt: list[tuple[str, int]], to: str) -> int:
        """The top card. The last card of the pack is never dealt: it joins the used
        cards, which the pone shuffles to continue (seed 002)."""
        if len(self.stock) <= 1:
            self.used.extend(self.stock)
            self.stock = self.used
            self.used = []
            self._shuffle(self.stock)
            self.passes += 1
            dealt.append(("reshuffle", len(self.stock)))
            if not self.stock:
                raise IllegalActionError("no cards are left to deal")
        card = self.stock.pop()
        dealt.append((to, card))
        return card

    def _start(self, dealer: int | None) -> None:
        """Choose the first dealer ("the player to whom the first ace is dealt") and begin."""
        if dealer is not None:
            self.history.append(Record(None, None, note=f"p{dealer} deals"))
            self._begin_deal(dealer, [])
            return
        pack = list(range(52))
        self._shuffle(pack)
        seat = 0
        draws: list[list[int]] = [[] for _ in range(self.players)]
        for card in pack:
            draws[seat].append(card)
            if card >> 2 == 12:
                break
            seat = (seat + 1) % self.players
        self.first_dealer_draw = draws
        self.history.append(Record(None, None, note=f"the first ace falls to p{seat}, who deals"))
        self._begin_deal(seat, [])

    def _begin_deal(self, seat: int, dealt: list[tuple[str, int]]) -> None:
        """A new deal for ``seat``: pool contributions, a fresh pack, maybe a sale."""
        self.proper_dealer = self.dealer = seat
        self.seller = self.buyer = -1
        self.deal_round = 0
        self.order, self.hands, self.dealer_hands = [], [[] for _ in range(self.players)], []
        self._fresh_pack()
        if self.options.pool_contribution:
            self._pay([Payment(n, "pool", self.options.pool_contribution) for n in self._names],
                      "pool contributions for the deal")  # fmt: skip
        if self.options.selling:
            self.phase = "sell"
            self.turn = seat
        else:
            self._begin_round(dealt)

    def _player_order(self) -> list[int]:
        """Players in turn, starting left of the proper dealer, without the one dealing."""
        start = self.proper_dealer
        seats = [(start + k) % self.players for k in range(1, self.players + 1)]
        return [s for s in seats if s != self.dealer]

    def _begin_round(self, dealt: list[tuple[str, int]]) -> None:
        self.order = self._player_order()
        self.double = False
        self.naturals = []
        self.hands = [[] for _ in range(self.players)]
        for seat in self.order:
            self.hands[seat] = [_Hand([self._card(dealt, self._names[seat])])]
        self.dealer_hands = [_Hand([self._card(dealt, self._names[self.dealer])])]
        self.phase = "stake"
        self.turn = 0

    # Reading -------------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase in ("sell", "buy"):
            return self.turn
        if self.phase == "stake":
            return self.order[self.turn]
        if self.phase in ("double", "dealer"):
            return self.dealer
        return self.order[self.turn]

    def _current(self) -> _Hand:
        if self.phase == "dealer":
            return self.dealer_hands[self.hand_index]
        return self.hands[self.order[self.turn]][self.hand_index]

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "over":
            return []
        if phase == "stake":
            return list(self._stakes)
        if phase == "double":
            return [CALL, NO_CALL]
        if phase == "sell":
            buyers = [s for s in range(self.players) if s != self.turn]
            return [KEEP] + [SellDeal(b, p) for b in buyers for p in range(self.options.max_price + 1)]
        if phase == "buy":
            return [ACCEPT, DECLINE]
        hand = self._current()
        dealable = self.dealable()
        if not dealable:
            return [CONTENT]  # pack and used cards exhausted: the hand must stand
        actions: list[Action] = [DRAW, CONTENT]
        if hand.is_pair() and self._hand_count() < 4 and dealable >= 2:
            actions += [Divide(0)] if phase == "dealer" else self._divides
        return actions

    def dealable(self) -> int:
        """Cards that can still be dealt this round: the pack but its last card, then the
        used cards the pone has collected (shuffled with that last card to continue)."""
        return max(len(self.stock) - 1, 0) + len(self.used)

    def _hand_count(self) -> int:
        return len(self.dealer_hands) if self.phase == "dealer" else len(self.hands[self.order[self.turn]])

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` may be applied now (amounts must be exact ints)."""
        phase = self.phase
        kind = type(action)
        if phase == "stake":
            return (kind is Stake and type(action.amount) is int  # type: ignore[attr-defined]
                    and self.options.min_stake <= action.amount <= self.options.max_stake)  # type: ignore[attr-defined]  # fmt: skip
        if phase in ("draw", "dealer"):
            if kind is Content:
                return True
            if kind is Draw:
                return self.dealable() >= 1
            if (isinstance(action, Divide) and type(action.stake) is int and self._current().is_pair()
                    and self._hand_count() < 4 and self.dealable() >= 2):  # fmt: skip
                if phase == "dealer":
                    return action.stake == 0
                return self.options.min_stake <= action.stake <= self.options.max_stake
            return False
        return action.has_exact_types() and action in self.legal_actions()

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know: its own cards, every face-up card, the stakes and balances.

        A player's first two cards are dealt face down (shown as ``None`` to the
        others); the dealer's are turned up when he plays; an over-drawn hand is
        thrown up to the pone and shows no cards. The pack and the used cards are
        only counted. Hands are :class:`HandView` tuples.
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalActionError(f"no seat {seat!r} at this table")
        dealer_shown = seat == self.dealer or self.phase in ("dealer", "over")
        hands = self.hands
        balances = self._ledger._balances
        return {
            "seat": seat,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_act": self.to_act,
            "double": self.double,
            "hands": {
                s: [(h._shown or h.view(True)) if s == seat else (h._hidden or h.view(False))
                    for h in hands[s]]
                for s in self.order
            },  # fmt: skip
            "dealer_hands": [h.view(dealer_shown) for h in self.dealer_hands],
            "balances": [balances[n] for n in self._names],
            "pool": balances.get("pool", 0),
            "stock": len(self.stock),
            "used": len(self.used),
            "rounds_played": self.rounds_played,
        }

    @property
    def ledger(self) -> Ledger:
        return self._ledger

    def payoffs(self) -> dict[int, int]:
        return {i: self._ledger.balance(n) - self.options.counters for i, n in enumerate(self._names)}

    # Acting --------------------------------------------------------------------------------

    def apply(self, action: Action) -> Record:
        if not isinstance(action, Action):
            raise TypeError(f"apply() takes a vingt_un action, not {type(action).__name__}")
        if self.phase == "over":
            raise IllegalActionError("the game is over")
        if not self.is_legal(action):
            raise IllegalActionError(f"{action!r} is not legal now (phase {self.phase!r}, seat {self.to_act})")
        seat = self.to_act
        dealt: list[tuple[str, int]] = []
        self._payments = []
        getattr(self, _HANDLERS[type(action)])(action, dealt)
        record = Record(seat, action, tuple(dealt), tuple(self._payments))
        self.history.append(record)
        return record

    def _pay(self, payments: list[Payment], note: str) -> None:
        payments = [p for p in payments if p.amount]
        if payments:
            self._ledger.apply(payments, note)
            self._payments.extend(payments)

    def _between(self, seat: int, amount: int) -> Payment:
        """The payment of ``amount`` to the player (> 0) or from him (< 0) with the dealer."""
        player, dealer = self._names[seat], self._names[self.dealer]
        return Payment(dealer, player, amount) if amount > 0 else Payment(player, dealer, -amount)

    def _settle_player(self, seat: int, amount: int, note: str) -> None:
        """``amount`` > 0: the dealer pays the player; < 0: the player pays the dealer."""
        self._pay([self._between(seat, amount)], note)

    def _on_SellDeal(self, action: SellDeal, dealt: list[tuple[str, int]]) -> None:
        self.buyer, self.price, self.seller = action.buyer, action.price, self.turn
        self.phase = "buy"
        self.turn = action.buyer

    def _on_KeepDeal(self, action: KeepDeal, dealt: list[tuple[str, int]]) -> None:
        self._begin_round(dealt)

    def _on_AcceptSale(self, action: AcceptSale, dealt: list[tuple[str, int]]) -> None:
        self._pay([Payment(self._names[self.buyer], self._names[self.seller], self.price)],
                  "the deal is sold")  # fmt: skip
        self.dealer = self.buyer
        self._begin_round(dealt)

    def _on_DeclineSale(self, action: DeclineSale, dealt: list[tuple[str, int]]) -> None:
        self.buyer = -1
        self._begin_round(dealt)

    def _on_Stake(self, action: Stake, dealt: list[tuple[str, int]]) -> None:
        self.hands[self.order[self.turn]][0].set_stake(action.amount)
        self.turn += 1
        if self.turn == len(self.order):
            self.phase = "double"

    def _on_Double(self, action: Double, dealt: list[tuple[str, int]]) -> None:
        self.double = action.call
        if action.call:
            for seat in self.order:
                self.hands[seat][0].set_stake(2 * self.hands[seat][0].stake)
        for seat in self.order:
            self.hands[seat][0].add(self._card(dealt, self._names[seat]))
        self.dealer_hands[0].add(self._card(dealt, self._names[self.dealer]))
        self._declare_naturals(dealt)

    def _declare_naturals(self, dealt: list[tuple[str, int]]) -> None:
        self.naturals = [s for s in self.order if self.hands[s][0].strength() == NATURAL]
        if self.dealer_hands[0].strength() == NATURAL:
            # "he at once declares it ... and collects the stakes from the other
            # players, the amount in this case being double from each"
            for seat in self.order:
                hand = self.hands[seat][0]
                if seat not in self.naturals:
                    self._settle_player(seat, -2 * hand.stake, "the dealer's natural")
                hand.finish()
            self.naturals = []
            self._end_round(dealt)
            return
        for seat in self.naturals:
            hand = self.hands[seat][0]
            self._settle_player(seat, 2 * hand.stake, "a natural")
            hand.finish()
        if self.naturals and not self._natural_disregarded():
            self._natural_privileges()
        self.phase = "draw"
        self.turn = 0
        self.hand_index = 0
        self._advance(dealt)

    def _natural_disregarded(self) -> bool:
        """A natural on the first hand of the deal, where naturals put the dealer out:
        "the dealer disregards it, except that he has to pay to the holder as for a
        drawn Vingt-un" (seed 002), so no privilege and no pool go with it."""
        return (self.deal_round == 0 and self.options.deal_passes == "natural"
                and self.options.natural_puts_out)  # fmt: skip

    def _natural_privileges(self) -> None:
        privilege = self.options.natural_privilege
        if privilege:
            for holder in self.naturals:
                amount = self.hands[holder][0].stake // (2 if self.double else 1)
                amount *= 2 if privilege == "double" else 1
                payers = [s for s in self.order if s not in self.naturals]
                self._pay([Payment(self._names[s], self._names[holder], amount) for s in payers],
                          f"p{holder}'s natural: a {privilege} from each player")  # fmt: skip
        if self.options.pool_to_natural:
            pool = self._ledger.balance("pool")
            shares = split(pool, self.naturals, self.order)
            self._pay([Payment("pool", self._names[s], a) for s, a in shares.items()],
                      "the pool to the natural")  # fmt: skip

    def _advance(self, dealt: list[tuple[str, int]]) -> None:
        """Move to the next hand that needs a decision, playing the dealer's part when due."""
        while self.phase == "draw":
            if self.turn >= len(self.order):
                self._dealer_turn(dealt)
                return
            hands = self.hands[self.order[self.turn]]
            while self.hand_index < len(hands) and hands[self.hand_index].done:
                self.hand_index += 1
            if self.hand_index < len(hands):
                hand = hands[self.hand_index]
                if points(hand.cards) >= 21 and not hand.is_pair():
                    hand.finish()  # 21 stands; over-drawn was settled when drawn
                    continue
                return
            self.turn += 1
            self.hand_index = 0
        if self.phase == "dealer":
            hands = self.dealer_hands
            while self.hand_index < len(hands) and (hands[self.hand_index].done
                                                    or points(hands[self.hand_index].cards) >= 21):
                hands[self.hand_index].finish()
                self.hand_index += 1
            if self.hand_index == len(hands):
                self._showdown(dealt)

    def _dealer_turn(self, dealt: list[tuple[str, int]]) -> None:
        standing = any(not self._over(h) for s in self.order for h in self.hands[s] if s not in self.naturals)
        self.phase = "dealer"
        self.hand_index = 0
        if not standing:  # nobody left to play against: the dealer need not draw
            self._end_round(dealt)
            return
        self._advance(dealt)

    @staticmethod
    def _over(hand: _Hand) -> bool:
        return points(hand.cards) > 21

    def _on_Draw(self, action: Draw, dealt: list[tuple[str, int]]) -> None:
        hand = self._current()
        who = self._names[self.dealer if self.phase == "dealer" else self.order[self.turn]]
        hand.add(self._card(dealt, who))
        if self.phase == "draw" and points(hand.cards) > 21:
            # "Had his third card been a 9, it would have been an over-draw, and the
            # player would have had to pay the dealer the amount he staked. At the same
            # time he would throw up his cards, or hand them to ... the pone"
            self._settle_player(self.order[self.turn], -hand.stake, "over-drawn")
            hand.collected = True
            hand.finish()  # forgets the cached views, which now show no cards
            self.used.extend(hand.cards)
        self._advance(dealt)

    def _on_Content(self, action: Content, dealt: list[tuple[str, int]]) -> None:
        self._current().finish()
        self._advance(dealt)

    def _on_Divide(self, action: Divide, dealt: list[tuple[str, int]]) -> None:
        hands = self.dealer_hands if self.phase == "dealer" else self.hands[self.order[self.turn]]
        hand = hands[self.hand_index]
        who = self._names[self.dealer if self.phase == "dealer" else self.order[self.turn]]
        stake = action.stake * (2 if self.double else 1)
        second = _Hand([hand.take_last()], stake, divided=True)
        hand.mark_divided()
        hand.add(self._card(dealt, who))
        second.add(self._card(dealt, who))
        hands.insert(self.hand_index + 1, second)
        self._advance(dealt)

    def _showdown(self, dealt: list[tuple[str, int]]) -> None:
        """Settle every standing player hand against each of the dealer's hands, as one batch."""
        payments: list[Payment] = []
        tie_receipts = 0
        dealer_name = self._names[self.dealer]
        for dealer_hand in self.dealer_hands:
            theirs = dealer_hand.strength()
            if theirs == OVER_DRAWN and self.options.pool_overdraw_penalty:
                payments.append(Payment(dealer_name, "pool", self.options.pool_overdraw_penalty))
            for seat in self.order:
                if seat in self.naturals:
                    continue
                for hand in self.hands[seat]:
                    mine = hand.strength()
                    if mine == OVER_DRAWN:
                        continue  # paid when he over-drew
                    result = settle_strengths(theirs, mine, hand.stake)
                    if mine == theirs:  # a tie: the dealer receives (single, even at 21)
                        tie_receipts += -result
                    payments.append(self._between(seat, result))
        if self.options.pool_tie_share and tie_receipts:
            payments.append(Payment(dealer_name, "pool", tie_receipts // self.options.pool_tie_share))
        self._pay(payments, "the show")
        self._end_round(dealt)

    def _end_round(self, dealt: list[tuple[str, int]]) -> None:
        """Collect the cards, count the round, and pass the deal when it is due."""
        for seat in self.order:
            for hand in self.hands[seat]:
                if not hand.collected:
                    self.used.extend(hand.cards)
        for hand in self.dealer_hands:
            self.used.extend(hand.cards)
        self.rounds_played += 1
        self.deal_round += 1
        next_dealer = self._next_dealer()
        if self.rounds_played >= self.options.rounds:
            self.phase = "over"
            return
        if next_dealer is None:
            self._begin_round(dealt)
        else:
            self._begin_deal(next_dealer, dealt)

    def _next_dealer(self) -> int | None:
        """Who deals next, or None if the dealer goes on."""
        rule = self.options.deal_passes
        left = (self.proper_dealer + 1) % self.players
        if rule == "natural":
            first_hand = self.deal_round == 1
            if self.naturals and self.options.natural_puts_out and not first_hand:
                return self.naturals[0] if self.options.deal_to == "holder" else left
            return None
        if rule == "hands":
            return left if self.deal_round >= self.options.deal_hands else None
        # "twice" through the pack, or "two_packs" once: the round that used the last
        # of the dealer's supply was completed from the used cards; now the deal passes.
        limit = 2 if rule == "twice" else 1
        return left if self.passes > limit else None

    # Copies and JSON -----------------------------------------------------------------------

    def copy(self) -> VingtUn:
        twin = VingtUn.__new__(VingtUn)
        twin.options, twin.players, twin.seed = self.options, self.players, self.seed
        twin._names, twin._stakes, twin._divides = self._names, self._stakes, self._divides
        twin._top = ()
        twin._payments = []
        twin._ledger = self._ledger.copy()
        twin.history = list(self.history)
        for name in _STATE:
            value = getattr(self, name)
            if name == "hands":
                value = [[h.copy() for h in hs] for hs in value]
            elif name == "dealer_hands":
                value = [h.copy() for h in value]
            elif isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            setattr(twin, name, value)
        return twin

    def to_dict(self) -> dict[str, Any]:
        state = {name: _plain_copy(getattr(self, name)) for name in _STATE}
        state["hands"] = [[h.to_list() for h in hs] for hs in self.hands]
        state["dealer_hands"] = [h.to_list() for h in self.dealer_hands]
        return {
            "game": self.name,
            "players": self.players,
            "seed": self.seed,
            "options": {f.name: getattr(self.options, f.name) for f in fields(self.options)},
            "ledger": self._ledger.to_dict(),
            "history": [r.to_dict() for r in self.history],
            "state": state,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> VingtUn:
        game = cls.__new__(cls)
        game.options = VingtUnOptions.from_kwargs(data["options"])
        game.players, game.seed = data["players"], data["seed"]
        game._names = tuple(f"p{i}" for i in range(game.players))
        game._top = ()
        game._payments = []
        lo, hi = game.options.min_stake, game.options.max_stake
        game._stakes = [Stake(a) for a in range(lo, hi + 1)]
        game._divides = [Divide(a) for a in range(lo, hi + 1)]
        game._ledger = Ledger.from_dict(data["ledger"])
        game.history = [
            Record(
                r["seat"],
                None if r["action"] is None else cls.action_from_dict(r["action"]),
                tuple((d[0], d[1]) for d in r["dealt"]),
                tuple(Payment(*p) for p in r["payments"]),
                r["note"],
            )
            for r in data["history"]
        ]
        state = dict(data["state"])
        state["hands"] = [[_Hand.from_list(h) for h in hs] for hs in state["hands"]]
        state["dealer_hands"] = [_Hand.from_list(h) for h in state["dealer_hands"]]
        for name in _STATE:
            value = state[name]
            if isinstance(value, list) and name not in ("hands", "dealer_hands"):
                value = [list(v) if isinstance(v, list) else v for v in value]
            setattr(game, name, value)
        return game
