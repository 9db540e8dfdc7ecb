"""The exchange table: going round, trading cards, until a stand or a knock; then the show.

An :class:`ExchangeTable` is a :class:`~pycards.games.engine.hand_table.HandTable` for
the family of games that "go round and round" exchanging cards until somebody is
satisfied, then show every hand (seed ``002_93c3d51ac699f33f.txt`` "COMMERCE", seed
``004_7d6a6396833e304f.txt`` "COMMERCE", "My Ship Sails", "THIRTY-ONE", "WHISKEY
POKER"). It holds the family's two engine pieces, so that a game is its options, its
choices on a turn and its settlement:

**Going round** (:attr:`ExchangeTable.STOP`, docs/rules.md 6.1 and 6.4). Turns pass
to the left from the eldest hand, round and round, past the seats that stood (or passed
for the deal). A stand or a knock ends the exchanges as the game's text says:

* :data:`AT_ONCE`: the first stand (knock) ends them (modern Commerce, American
  Commerce);
* :data:`ALL_STAND`: they go on until every player has stood (extended Commerce);
* :data:`TWO_STANDS`: two stands end them, each other player having one more turn
  (the old game of Commerce);
* :data:`ONE_MORE_ROUND`: a knock gives every other player one more turn, the knocker
  excluded (Thirty-one, Whiskey Poker);

and :attr:`ExchangeTable.ROUNDS` ends them after so many rounds (My Ship Sails: two), a
declaration (:meth:`ExchangeTable._declaration`: "my ship sails") at once. The turn
bound (option ``max_turns``): when a deal has begun that many turns, the player whose
turn comes is held to stand (knock), and the going round goes on as after a stand.

**Exchanges.** Each moves cards with the audience the rules give them (docs/rules.md
6.1, "What a player sees"):

* *ready money* (:meth:`ExchangeTable._buy`): the price to the dealer, the discard to
  the bottom of the stock or left on the table (:data:`DISCARDS`), unseen, the top card
  of the stock to the buyer;
* *barter* (:meth:`ExchangeTable._offer`, then :meth:`ExchangeTable._give`): a card
  offered face down to the next player, who gives one of his own before seeing it; each
  card passed is seen by its giver and its receiver;
* *the widow* (:data:`WIDOW`): one card of the hand for one of the widow's
  (:meth:`ExchangeTable._swap`), the whole hand for it (:meth:`ExchangeTable._take_widow`,
  the hand left face up as the widow), the widow turned up
  (:meth:`ExchangeTable._turn_up_widow`). A widow face up is seen by all; one face down
  by nobody, until a player takes it into his hand.

**The show**: when the exchanges end, every hand is shown from the eldest
(:meth:`ExchangeTable._show_hands`) and the game settles (:meth:`ExchangeTable._settle`).

The game's part, in hooks: :meth:`ExchangeTable._ante` (the stakes before the deal),
:meth:`ExchangeTable._choices` (what a player may do on his turn),
:meth:`ExchangeTable._answers` (how he may answer a barter), :meth:`ExchangeTable._exchange`
(its own actions), :meth:`ExchangeTable._strength` and :meth:`ExchangeTable._settle`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Optional

from pycards.games.engine.actions import Action
from pycards.games.engine.events import STOCK, Dealt, Moved, Note, Place, hand_place
from pycards.games.engine.fields import Flag, Number, Piece, Seat, Seats
from pycards.games.engine.game import OVER
from pycards.games.engine.hand_table import HandTable
from pycards.games.engine.options import Options, Range
from pycards.errors import StateError
from pycards.settlement import Payment, _first_of_best, split

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from pycards.games.engine.codec import Domains

__all__ = [
    "ALL_STAND", "AT_ONCE", "DISCARDS", "EXCHANGE", "MAX_TURNS", "ONE_MORE_ROUND", "POOL", "SHOW", "TWO_STANDS",
    "WHISKEY", "WIDOW", "Barter", "Buy", "ExchangeOptions", "ExchangeTable", "Give", "Knock", "Pass", "Stand", "Swap",
    "TakeWidow", "TurnUp", "offered",
]  # fmt: skip

EXCHANGE, SHOW = "exchange", "show"
"""The phases: going round; the show (no decision: the hands are shown and settled at once)."""
POOL = "pool"
AT_ONCE, ALL_STAND, TWO_STANDS, ONE_MORE_ROUND = "at_once", "all_stand", "two_stands", "one_more_round"
"""How a stand (a knock) ends the going round (see the module docstring)."""
WIDOW = Place("widow")
"""The widow: an extra hand on the table, face up or face down."""
DISCARDS = Place("discards")
"""Cards traded away for ready money and left on the table, face down (American Commerce)."""
MAX_TURNS = 10**4
"""The largest turn bound an option may set."""


@dataclass(frozen=True)
class ExchangeOptions(Options):
    """The terms every exchange game takes. ``counters`` (1..10**9): what each player starts
    with. The session: ``until`` ``"deals"`` (after ``deals`` deals), ``"rotations"`` (just
    before the deal comes to the first dealer for the ``rotations``-th time: every player
    has dealt equally often), ``"freeze_out"`` (until one player holds every counter) or
    ``"first_out"`` (until the first player has lost all his counters).
    ``max_turns`` (1..10**4): the turn bound of docs/rules.md 6.1, the turns a deal may
    begin before the player whose turn comes is held to stand (knock). ``max_decisions``
    (0: no bound): when a deal has taken that many decisions, every player is held to
    stand and the hands are shown."""

    counters: Annotated[int, Range(1, 10**9)] = 100
    until: Literal["deals", "rotations", "freeze_out", "first_out"] = "deals"
    deals: Annotated[int, Range(1, 10**6)] = 1
    rotations: Annotated[int, Range(1, 1000)] = 1
    max_turns: Annotated[int, Range(1, MAX_TURNS)] = 500
    max_decisions: Annotated[int, Range(0, 10**5)] = 0


WHISKEY = Piece("whiskey", Seat(), lasts="session")
"""Who pays for the whiskey (the first player to lose all his counters; None yet): declared by
the games that name him (Whiskey Poker with markers, Commerce with a widow)."""


def offered(seat: int) -> Place:
    """Where the card ``seat`` offers in barter lies, face down, until it is taken."""
    return Place("offered", seat)


@dataclass(frozen=True, slots=True)
class Stand(Action):
    """Stand on the cards held."""


@dataclass(frozen=True, slots=True)
class Knock(Action):
    """Knock on the table: stand on the cards held (the American texts' word)."""


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Exchange nothing this turn (where the game says so, nothing more this deal)."""


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Trade for ready money: throw out ``card``, pay the price to the dealer, take the top
    card of the stock."""

    card: int


@dataclass(frozen=True, slots=True)
class Barter(Action):
    """Offer ``card`` face down to the next player, who gives one of his own before seeing it."""

    card: int


@dataclass(frozen=True, slots=True)
class Give(Action):
    """Give ``card`` for the card offered, before seeing it."""

    card: int


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Put ``card`` on the table, in the widow, in place of ``take``, one of its cards."""

    card: int
    take: int


@dataclass(frozen=True, slots=True)
class TakeWidow(Action):
    """Exchange the whole hand for the widow; the hand left becomes the widow, face up."""


@dataclass(frozen=True, slots=True)
class TurnUp(Action):
    """Turn the widow face up instead of taking it."""


_new = tuple.__new__
_STAND, _KNOCK, _PASS, _TAKE, _TURN_UP = Stand(), Knock(), Pass(), TakeWidow(), TurnUp()
_BUYS = tuple(Buy(card) for card in range(52))
_BARTERS = tuple(Barter(card) for card in range(52))
_GIVES = tuple(Give(card) for card in range(52))
_SWAPS = tuple(tuple(Swap(card, take) for take in range(52)) for card in range(52))
"""Every action of a card, made once."""
_KEYS: dict[int, tuple[Any, ...]] = {
    id(action): action.key()
    for action in (_STAND, _KNOCK, _PASS, _TAKE, _TURN_UP, *_BUYS, *_BARTERS, *_GIVES,
                   *(swap for row in _SWAPS for swap in row))
}
"""The key of each action made once, by its identity: legality compares keys, and these never
change."""


class ExchangeTable(HandTable):
    """Base of the exchange games' drivers (see the module docstring)."""

    HAND: ClassVar[int] = 3
    """Cards in a hand."""
    WIDOW_CARDS: ClassVar[int] = 0
    """Cards in the widow (none: no widow)."""
    WIDOW_FACE_UP: ClassVar[bool] = False
    """Whether the widow is dealt face up (the old game of Commerce, Thirty-one)."""
    STOP: ClassVar[str] = AT_ONCE
    """How a stand (a knock) ends the going round."""
    ROUNDS: ClassVar[int] = 0
    """The most rounds of turns a deal has (0: no bound but the turn bound)."""
    PASS_DEBARS: ClassVar[bool] = False
    """Whether a player who passes may exchange no more that deal (the old game's "I pass")."""
    PHASES: ClassVar[tuple[str, ...]] = (EXCHANGE, OVER)
    MIN_PLAYERS: ClassVar[int] = 3
    MAX_PLAYERS: ClassVar[int] = 12
    base_actions: ClassVar[tuple[type[Action], ...]] = (Stand, Knock, Pass, Buy, Barter, Give, Swap, TakeWidow,
                                                        TurnUp)  # fmt: skip
    """The family's actions; a game lists those it uses (``actions``), in this order."""

    STATE: ClassVar[tuple[Piece, ...]] = (
        Piece("turn", Seat()),
        Piece("standers", Seats()),
        Piece("passed", Seats()),
        Piece("last_turns", Seats()),
        Piece("offerer", Seat()),
        Piece("turn_count", Number(0, 2 * MAX_TURNS + 24)),
        Piece("widow_up", Flag()),
    )
    """Whose turn it is; who stood (or knocked), in order; who passed; who still has a last
    turn (after the stands or the knock that end the going round), in order; who offered a
    card in barter, waiting for the answer; the turns begun this deal; whether the widow
    lies face up."""

    options: Any
    """The game's terms: besides the table's, at least ``max_turns`` (the turn bound)."""
    _turn: Optional[int]
    _standers: list[int]
    _passed: list[int]
    _last_turns: list[int]
    _offerer: Optional[int]
    _turn_count: int
    _widow_up: bool
    _whiskey: Optional[int]
    """Who pays for the whiskey, in a game declaring :data:`WHISKEY`."""

    def _pools(self) -> dict[str, int]:
        return {POOL: 0}

    def _clear_deal(self) -> None:
        super()._clear_deal()
        self._widow: list[int] = []
        self._discards: list[int] = []
        self._offer: list[int] = []
        """The card offered in barter (one, or none), lying at ``offered(offerer)``."""
        self._closing = False
        """Whether the going round is in its last turns (after two stands, after a knock)."""

    # -- reading ----------------------------------------------------------------------------

    @property
    def to_act(self) -> Optional[int]:
        if self._phase != EXCHANGE:
            return None
        offerer = self._offerer
        return self._turn if offerer is None else self._receiver(offerer)

    widow = property(lambda self: list(self._widow), doc="The widow's cards (omniscient; a copy).")

    def _own_places(self) -> dict[Place, list[int]]:
        places: dict[Place, list[int]] = {}
        if self._widow:
            places[WIDOW] = self._widow
        if self._discards:
            places[DISCARDS] = self._discards
        if self._offerer is not None:
            places[offered(self._offerer)] = self._offer
        return places

    def _relabel_kept(self, new: Any) -> None:
        self._widow, self._discards, self._offer = new(self._widow), new(self._discards), new(self._offer)

    def _strength(self, seat: int) -> int:
        """The strength of ``seat``'s hand at the show (higher is better, equal a tie)."""
        raise NotImplementedError

    # -- the deal ------------------------------------------------------------------------------

    def _open_deal(self) -> None:
        """The seats holding counters dealt in, the game's stakes, the pack made up, the cards
        dealt (the widow's just before the dealer's), then the going round from the eldest."""
        out = self._session.out  # the seats holding no counters (the table's _begin_deal)
        players_in = [s for s in self._turn_from(self._dealer) if s not in out]
        for seat in players_in:
            self._in[seat] = True
        self._ante(players_in)
        self._widow_up = self.WIDOW_FACE_UP
        self._make_up_pack()
        self._deal_round()
        self._open_round()

    def _ante(self, players: list[int]) -> None:
        """The game's stakes before the deal (``players``: the seats dealt in, from the
        dealer's left)."""

    def _deal_round(self) -> None:
        """:attr:`HAND` cards a seat, one at a time from the dealer's left, face down; a widow's
        card each round just before the dealer's (Whiskey Poker: "dealing to the widow just
        before he deals to himself")."""
        seats = self._dealt_in()
        dealer = self._dealer
        pop, entries, hands, alone = self._pack.stock.pop, self._entries, self._hands, self._alone
        widow = self.WIDOW_CARDS
        for k in range(self.HAND):
            for seat in seats:
                if seat == dealer and k < widow:
                    self._widow_card(pop())
                card = pop()
                hands[seat].append(card)
                entries.append(_new(Dealt, (seat, 0, card, alone[seat])))
            if dealer not in seats and k < widow:
                self._widow_card(pop())

    def _widow_card(self, card: int) -> None:
        """Deal ``card`` to the widow: face up if it lies face up, else seen by nobody."""
        self._widow.append(card)
        self._entries.append(_new(Moved, (card, STOCK, WIDOW, None if self._widow_up else ())))

    # -- going round ----------------------------------------------------------------------------

    def _open_round(self) -> None:
        """The going round begins with the eldest hand (unless a declaration ends it first)."""
        self._phase = EXCHANGE
        order = self._dealt_in()
        if len(order) < 2:
            self._end_round("no other player to trade with")
            return
        if self._declared():
            return
        self._begin_turn(order[0])

    def _eligible(self, seat: int) -> bool:
        """Whether ``seat`` still takes turns: in the deal, not stood, not debarred by a pass."""
        return self._in[seat] and seat not in self._standers and not (self.PASS_DEBARS and seat in self._passed)

    def _begin_turn(self, seat: int) -> None:
        """``seat``'s turn begins; at the turn bound he is held to stand (knock)."""
        self._turn = seat
        self._turn_count += 1
        if not self._closing and self._turn_count > self.options.max_turns:
            self._entries.append(Note(f"the bound on turns is reached: p{seat} is held to stand"))
            self._stand(seat)

    def _next_turn(self) -> None:
        """The turn passes to the left, to the next seat still taking turns (in the last
        turns, to the next of them); nobody: the going round is over."""
        if self._declared():
            return
        if self._closing:
            if self._last_turns:
                self._begin_turn(self._last_turns.pop(0))
            else:
                self._end_round()
            return
        order = self._dealt_in()
        if self.ROUNDS and self._turn_count >= self.ROUNDS * len(order):
            self._end_round(f"{self.ROUNDS} rounds are over")
            return
        turn = self._turn if self._turn is not None else self._dealer
        following = [s for s in self._turn_from(turn) if self._eligible(s)]
        if not following:
            self._end_round()
        else:
            self._begin_turn(following[0])

    def _stand(self, seat: int) -> None:
        """``seat`` stands (knocks): the going round goes on, or ends, by :attr:`STOP`."""
        self._standers.append(seat)
        stop = self._stop_rule()
        if stop == AT_ONCE:
            self._end_round()
        elif stop == ONE_MORE_ROUND and not self._closing:
            self._close([s for s in self._turn_from(seat) if s != seat and self._in[s]])
        elif stop == TWO_STANDS and len(self._standers) == 2 and not self._closing:
            self._close([s for s in self._turn_from(seat) if self._eligible(s)])
        else:
            self._next_turn()

    def _stop_rule(self) -> str:
        """How a stand ends the going round in this game's terms (by default :attr:`STOP`)."""
        return self.STOP

    def _close(self, last: list[int]) -> None:
        """The last turns begin: each of ``last`` has one more, in order."""
        self._closing = True
        self._last_turns = last
        self._next_turn()

    def _end_round(self, why: str = "") -> None:
        """The exchanges are over: the hands are shown (at the next step)."""
        if why:
            self._entries.append(Note(why))
        self._turn = None
        self._last_turns = []
        self._phase = SHOW

    def _declared(self) -> bool:
        """Whether a player's declaration ends the going round now (:meth:`_declaration`)."""
        said = self._declaration()
        if said is None:
            return False
        self._end_round(said)
        return True

    def _declaration(self) -> Optional[str]:
        """The note of a declaration that ends the going round at once (My Ship Sails' flush),
        checked after every exchange; None: none."""
        return None

    def _receiver(self, seat: int) -> int:
        """Who ``seat``'s barter goes to: the next player on his left still taking turns."""
        return next(s for s in self._turn_from(seat) if s != seat and self._eligible(s))

    # -- legal actions -------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        seat = self.to_act
        if seat is None:
            return []
        if self._offerer is not None:
            return self._answers(seat)
        return self._choices(seat)

    def _choices(self, seat: int) -> list[Action]:
        """What ``seat`` may do on his turn."""
        raise NotImplementedError

    def _answers(self, seat: int) -> list[Action]:
        """How ``seat`` may answer a barter: give one of his cards (a game adds a stand)."""
        return self._gives(seat)

    def _gives(self, seat: int) -> list[Action]:
        return [_GIVES[card] for card in self._hands[seat]]

    def _buys(self, seat: int) -> list[Action]:
        return [_BUYS[card] for card in self._hands[seat]]

    def _barters(self, seat: int) -> list[Action]:
        return [_BARTERS[card] for card in self._hands[seat]]

    def _trades(self, seat: int, price: int) -> list[Action]:
        """One card traded for ready money (while the stock holds a card and he can pay
        ``price``: the dealer pays nobody) or by barter (while another player still takes
        turns): Commerce's trades, English and American."""
        legal: list[Action] = []
        if self._pack.stock and (seat == self._dealer or self.cash(seat) >= price):
            legal += self._buys(seat)
        if self._has_partner(seat):
            legal += self._barters(seat)
        return legal

    def _swaps(self, seat: int) -> list[Action]:
        return [_SWAPS[card][take] for card in self._hands[seat] for take in self._widow]

    STAND, KNOCK, PASS, TAKE_WIDOW, TURN_UP = _STAND, _KNOCK, _PASS, _TAKE, _TURN_UP
    """The actions without fields, made once."""

    def _legal(self, key: tuple[Any, ...]) -> bool:
        keys = _KEYS
        return any((keys.get(id(a)) or a.key()) == key for a in self.legal_actions())

    def _has_partner(self, seat: int) -> bool:
        """Whether another player still takes turns, to barter with."""
        if not self._standers and not self._passed:
            return True  # the going round opened with two players or more
        return any(self._eligible(s) for s in self._turn_from(seat) if s != seat)

    def _where(self) -> str:
        return f"seat {self.to_act} to act in the {self._phase} phase"

    # -- carrying out ----------------------------------------------------------------------------

    def _act(self, action: Action, seat: int) -> None:
        """The family's actions; a game's own in :meth:`_exchange`. A turn's action ends the
        turn; a barter waits for its answer."""
        kind = type(action)
        if self._offerer is not None:
            self._answer(action, seat)
        elif kind is Stand or kind is Knock:
            self._stand(seat)
        elif kind is Pass:
            if seat not in self._passed:
                self._passed.append(seat)
            self._next_turn()
        elif kind is Barter:
            self._offer_card(seat, action.card)  # type: ignore[attr-defined]
        else:
            self._exchange(action, seat)
            self._next_turn()

    def _exchange(self, action: Action, seat: int) -> None:
        """Carry out the game's exchange ``action`` of ``seat`` (a buy, a swap, the widow)."""
        raise NotImplementedError(type(action).__name__)

    def _answer(self, action: Action, seat: int) -> None:
        """``seat`` answers a barter: gives a card (the trade is done and the turn passes, to
        him), or stands (knocks) and the card offered goes back."""
        offerer = self._offerer
        assert offerer is not None
        if type(action) is Give:
            self._give(seat, action.card)
            self._next_turn()
        else:
            self._withdraw()
            self._turn = offerer
            self._stand(seat)

    # -- the exchanges ---------------------------------------------------------------------------

    def _buy(self, seat: int, card: int, price: int, to_bottom: bool) -> None:
        """Ready money: ``seat`` pays ``price`` to the dealer (nothing if he deals), throws out
        ``card`` unseen, to the bottom of the stock (``to_bottom``) or left on the table, and
        takes the top card of the stock."""
        if seat != self._dealer:
            self._pay([Payment(self.names[seat], self.names[self._dealer], price)],
                      f"p{seat} trades for ready money with the dealer")  # fmt: skip
        self._hands[seat].remove(card)
        target = STOCK if to_bottom else DISCARDS
        self._move_out(seat, (card,), target)
        self._drop_up(seat, card)
        if to_bottom:
            self._pack.to_bottom(card)
        else:
            self._discards.append(card)
        self._deal_card(seat)

    def _offer_card(self, seat: int, card: int) -> None:
        """Barter: ``seat`` offers ``card`` face down to the next player."""
        self._hands[seat].remove(card)
        self._move_out(seat, (card,), offered(seat))
        self._drop_up(seat, card)
        self._offer = [card]
        self._offerer = seat

    def _give(self, seat: int, card: int) -> None:
        """``seat`` gives ``card`` for the card offered him: each card is seen by the two."""
        offerer = self._offerer
        assert offerer is not None
        pair = (offerer, seat) if offerer < seat else (seat, offerer)
        (taken,) = self._offer
        self._hands[seat].remove(card)
        public = card in self._up[seat]
        self._drop_up(seat, card)
        self._entries.append(_new(Moved, (card, hand_place(seat), hand_place(offerer), None if public else pair)))
        self._hands[offerer].append(card)
        if public:
            self._up[offerer].append(card)
        self._entries.append(_new(Moved, (taken, offered(offerer), hand_place(seat), pair)))
        self._hands[seat].append(taken)
        self._offer, self._offerer = [], None

    def _withdraw(self) -> None:
        """The card offered goes back to its giver's hand."""
        offerer = self._offerer
        assert offerer is not None
        (card,) = self._offer
        self._entries.append(_new(Moved, (card, offered(offerer), hand_place(offerer), self._alone[offerer])))
        self._hands[offerer].append(card)
        self._offer, self._offerer = [], None

    def _swap(self, seat: int, card: int, take: int) -> None:
        """``seat`` takes ``take`` from the widow and puts ``card`` in its place, face up if
        the widow lies face up."""
        up = self._widow_up
        widow = self._widow
        self._entries.append(_new(Moved, (take, WIDOW, hand_place(seat), None if up else self._alone[seat])))
        self._hands[seat].append(take)
        if up:
            self._up[seat].append(take)
        self._hands[seat].remove(card)
        self._move(card, seat, hand_place(seat), WIDOW, up or card in self._up[seat])
        self._drop_up(seat, card)
        widow[widow.index(take)] = card

    def _take_widow(self, seat: int) -> None:
        """``seat`` exchanges his whole hand for the widow: his hand goes to the table face up
        as the widow; the widow's cards he alone sees, if it lay face down."""
        old, widow, up = self._hands[seat], self._widow, self._widow_up
        seen = None if up else self._alone[seat]
        entries = self._entries
        for card in widow:
            entries.append(_new(Moved, (card, WIDOW, hand_place(seat), seen)))
        for card in old:
            entries.append(_new(Moved, (card, hand_place(seat), WIDOW, None)))
        self._hands[seat], self._widow = list(widow), list(old)
        self._up[seat] = list(widow) if up else []
        self._widow_up = True

    def _turn_up_widow(self) -> None:
        """The widow is turned face up, seen by all."""
        self._widow_up = True
        self._entries += [_new(Moved, (card, WIDOW, WIDOW, None)) for card in self._widow]

    def _drop_up(self, seat: int, card: int) -> None:
        if card in self._up[seat]:
            self._up[seat].remove(card)

    # -- the show and the end of the deal ----------------------------------------------------------

    def _step(self) -> None:
        """Nobody has a decision to take: the exchanges are over, the hands are shown and the
        game settles."""
        if self._phase != SHOW:
            raise RuntimeError(f"{self.name}: no decision in the {self._phase} phase")
        strengths = self._show_hands()
        if strengths:
            self._settle(strengths)
        else:  # nobody dealt in (a document's tampered balances): nothing to settle
            self._deal_passes()

    def _deal_passes(self) -> None:
        """The deal passes to the left, to the next player holding counters (docs/rules.md 6.1)."""
        self._end_deal(self._left_holder(self._dealer))

    def _show_hands(self) -> dict[int, int]:
        """Every hand is shown, from the eldest; each dealt seat's strength."""
        self._entries.append(Note("the hands are shown"))
        seats = self._dealt_in()
        for seat in seats:
            self._reveal(seat)
        return {seat: self._strength(seat) for seat in seats}

    def _settle(self, strengths: dict[int, int]) -> None:
        """The game's payments after the show, then the deal's end (:meth:`_end_deal`)."""
        raise NotImplementedError

    def _truncate(self) -> None:
        """The bound on decisions: every player is held to stand, a card offered goes back,
        and the hands are shown."""
        self._entries.append(Note("the bound on decisions is reached: every player is held to stand"))
        if self._offerer is not None:
            self._withdraw()
        self._end_round()

    def _stake_each(self, players: list[int], stake: int, dealer_pays: int = 1) -> None:
        """Each of ``players`` pays ``stake`` into the pool (the dealer ``dealer_pays`` times
        it), all he holds if less."""
        dealer, names, balances = self._dealer, self.names, self._ledger._balances
        owed = {s: stake * (dealer_pays if s == dealer else 1) for s in players}
        payments = [_new(Payment, (names[s], POOL, min(owed[s], balances[names[s]]))) for s in players]
        note = f"each player pays {stake} into the pool" + (", the dealer double" if dealer_pays == 2 else "")
        self._pay(payments, note)

    def _best_share_the_pool(self, strengths: Mapping[int, int]) -> list[int]:
        """The best hand takes the pool; equal best hands share it, the odd counter to the
        first of them from the dealer's left (law 76). The winners, in that order."""
        order = self._dealt_in()
        best = max(strengths.values())
        winners = [s for s in order if strengths[s] == best]
        shares = split(self._ledger._balances[POOL], winners, order)
        note = "the best hand takes the pool" if len(winners) == 1 else "equal best hands share the pool (law 76)"
        self._pay([_new(Payment, (POOL, self.names[s], shares[s])) for s in winners], note)
        return winners

    def _first_of_best_takes_the_pool(self, strengths: Mapping[int, int], order: list[int]) -> int:
        """The best hand takes the whole pool, equal best hands the first of them in ``order``
        (the American texts' ties by seat, docs/rules.md 6.4). The winner."""
        winner = _first_of_best(strengths, order)
        assert winner is not None
        self._pay([_new(Payment, (POOL, self.names[winner], self._ledger._balances[POOL]))],
                  f"p{winner}, the best hand, takes the pool")  # fmt: skip
        return winner

    def _name_whiskey_payer(self, strengths: Mapping[int, int]) -> None:
        """Once a deal has frozen a player out, name who pays for the whiskey (a game declaring
        :data:`WHISKEY`), once a session (:meth:`_pays_for_whiskey`)."""
        if self._whiskey is not None:
            return
        payer = self._pays_for_whiskey(strengths)
        if payer is not None:
            self._whiskey = payer
            self._entries.append(Note(f"p{payer} is the first to lose all his counters: he pays for the whiskey"))

    def _check_whiskey(self, named: bool) -> None:
        """A snapshot's payer for the whiskey (``named``: whether these terms name one): none
        unless they do; then a player out of counters, named as soon as one is."""
        payer, broke = self._whiskey, [s for s in range(self.players) if not self._holding(s)]
        if payer is not None and (not named or payer not in broke):
            raise StateError(f"document.deal.game.whiskey: p{payer} is named to pay for the whiskey, but "
                             + ("these terms name nobody" if not named else "he holds counters"))  # fmt: skip
        if payer is None and named and broke:
            raise StateError(f"document.deal.game.whiskey: p{broke[0]} has lost his counters, so somebody "
                             "pays for the whiskey")  # fmt: skip

    def _check_session(self) -> None:
        """A snapshot's dealer holds counters: the deal passes to a holder."""
        if not self._holding(self._dealer):
            raise StateError(f"document.deal.dealer: p{self._dealer} holds no counters and cannot deal")

    def _pays_for_whiskey(self, strengths: Mapping[int, int]) -> Optional[int]:
        """Who "pays for the whiskey" once a settled deal has left players without counters
        (seed 004, Commerce with a widow: "The first player to lose his three counters pays
        for the whiskey; and if two or more are frozen out at the same time, the one with the
        worst hand pays"; Whiskey Poker): the worst hand of those frozen out by it, equal
        worst the first from the dealer's left. None if nobody is out."""
        out = [s for s in self._dealt_in() if not self._holding(s)]
        if not out:
            return None
        worst = min(strengths[s] for s in out)
        return next(s for s in out if strengths[s] == worst)

    def _pay_up_to(self, seat: int, to: str, amount: int, note: str) -> int:
        """``seat`` pays ``amount`` to the party ``to`` (all he holds, if less, under table
        stakes); what he paid."""
        paid = amount if self.CREDIT else min(amount, self.cash(seat))
        self._pay([Payment(self.names[seat], to, paid)], note)
        return paid

    # -- bounds -------------------------------------------------------------------------------------

    def _natural_bound(self) -> int:
        """Each turn takes at most two decisions (a barter and its answer); there are at most
        ``max_turns`` turns and a last turn each, and a turn each held to stand; and the
        widow may be turned up."""
        return 2 * (int(self.options.max_turns) + 2 * self.players) + 2

    def payoff_bound(self) -> float:
        """No seat goes below zero (table stakes), so none wins more than every other seat's
        counters, nor loses more than its own."""
        return float(sum(self._stacks) - min(self._stacks))

    # -- the views ---------------------------------------------------------------------------------

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know now: its hand, the cards face up or shown, how many each
        holds, the widow as far as it lies face up, the stock's size, the pool, a barter
        waiting (``offer``: the giver and the receiver), the game's own keys and the declared
        pieces; ``stop``: how a stand ends the going round (:attr:`STOP`)."""
        me = self._check_seat(seat)
        assert me is not None
        offerer = self._offerer
        obs = self._table_view(me)
        obs.update({
            **self._hands_view(me),
            "widow": tuple(self._widow) if self._widow_up else (),
            "widow_cards": len(self._widow),
            "stock": len(self._pack.stock),
            "pool": self._ledger._balances[POOL] if POOL in self._pool_names else 0,
            "offer": None if offerer is None else (offerer, self._receiver(offerer)),
            "stop": self._stop_rule(),
            **self._own_observation(me),
            **self._declared_observation(),
        })  # fmt: skip
        return obs

    def _own_observation(self, seat: int) -> dict[str, Any]:
        """The observation's keys of the game's own that no declaration covers."""
        return {}

    def _domains(self) -> Domains:
        cards = range(52)
        domains: dict[type, Mapping[str, Any]] = {Buy: {"card": cards}, Barter: {"card": cards},
                                                  Give: {"card": cards}, Swap: {"card": cards, "take": cards}}
        return [(kind, domains.get(kind, {})) for kind in self.actions]

    _SCALARS: ClassVar[int] = 5
    """Per seat: in the deal, cards held, counters (over the starting counters), the dealer,
    whose turn."""

    def observation_size(self) -> int:
        return 52 * (2 + self.players) + self._SCALARS * self.players + len(self.PHASES) + 3 + self._declared_size()

    def encode(self, seat: int) -> npt.NDArray[np.float32]:
        """``seat``'s observation as floats (docs/protocol.md): its own cards (52 one-hot);
        per seat from its own, the cards it can see face up or shown (52 one-hot); the widow's
        cards face up (52 one-hot); per seat, in the deal, cards held, counters (over the
        starting counters), the dealer, to act; the phase (one-hot); the pool over the
        starting counters, the stock's size over 52, the turns over the turn bound; then the
        declared pieces' features."""
        import numpy as np

        me = self._check_seat(seat)
        assert me is not None
        players = self.players
        v = np.zeros(self.observation_size(), dtype=np.float32)
        base = self._encode_cards(v, me)
        if self._widow_up:
            for card in self._widow:
                v[base + card] = 1.0
        base += 52
        scale = 1.0 / self.options.counters
        to_act = self.to_act
        for k in range(players):
            s = (me + k) % players
            v[base:base + 5] = (self._in[s], len(self._hands[s]), self.cash(s) * scale, s == self._dealer,
                                s == to_act)  # fmt: skip
            base += 5
        v[base + self.PHASES.index(self._phase if self._phase in self.PHASES else OVER)] = 1.0
        base += len(self.PHASES)
        pool = self._ledger._balances[POOL] if POOL in self._pool_names else 0
        v[base:base + 3] = (pool * scale, len(self._pack.stock) / 52, self._turn_count / self.options.max_turns)
        base += 3
        own = self._declared_features(me, scale)
        v[base:base + len(own)] = own
        return v

    # -- copies and documents -------------------------------------------------------------------------

    _LISTS: ClassVar[tuple[str, ...]] = (*HandTable._LISTS, "_widow", "_discards", "_offer")

    def _summary(self) -> dict[str, Any]:
        return {**super()._summary(), "widow": list(self._widow)}
