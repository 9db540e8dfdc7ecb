"""The table every game driver stands on: seats, counters, pools, the deal and the session.

A :class:`Table` is a :class:`~pycards.games.base.Game` that knows nothing of any
family's rules. It does what every game of cards for counters shares (docs/rules.md
section 6.1), so that a game declares its options, its state and its actions and
writes only its rules:

* **Construction**: the players, the seed, a fixed first dealer, cards stacked on
  top of the first pack, each seat's starting counters (``stacks``), the options:
  each checked, a :class:`~pycards.errors.GameOptionError` naming the bad value.
* **The first dealer**: cards turned up one to each seat in turn from the shuffled
  pack until the first of rank :attr:`Table.FIRST_DEALER` (a knave; Vingt-un's an ace).
* **The ledger**: each seat and each of the game's pools and compartments
  (:meth:`Table._pools`) is a party; the money model is the game's: table stakes
  (no seat below zero, a seat without counters sits out) or credit (balances may go
  below zero, settled at the end: :attr:`Table.CREDIT`); a freeze-out (``until``)
  ends when one seat holds out.
* **The deal and the session**: each deal begins from the state the session carries
  (:meth:`Table._begin_deal`), and :meth:`Table._end_deal` closes it: its rewards, the
  cards gathered, the session's counts (every ``until`` of section 6.1), play going on
  while a pool holds counters (:attr:`Table.PLAY_ON`), the next dealer.
* **The turn bound** (section 6.1): with ``max_decisions``, when a deal has taken that
  many decisions the game's :meth:`Table._truncate` says what every player still to
  act is held to have done, and the deal ends ``truncated``.
* **Declared state** (:mod:`pycards.games.engine.fields`): each piece of a game's
  own state (``STATE``) is declared once; its fresh values, its copy, its place in
  the observation and the encoding, and its part of a snapshot follow.
* **Snapshots by replay**: :meth:`Table.to_dict` holds the state the session carried
  into the deal in play and the deal's actions; :meth:`Table.from_dict` checks the
  first (each declared piece by its kind, then the game's own ties between them,
  :meth:`Table._check_session`), deals again from it and replays the actions, each
  checked legal, and compares where they lead with the state the document states.
  A game writes no restore code; a snapshot's size is bounded by one deal.

The game's part, in hooks: :meth:`Table._open_deal` (the stakes, the cards and the
first decision), :meth:`Table._act` (an action's rules), :meth:`Table._step` (move on
when nobody has a decision to take), :meth:`Table._truncate`, ``to_act``,
``legal_actions``, the views (``observation``, ``encode``), and where its cards lie
(:meth:`Table._card_places`, for knowledge and honest chance).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Optional

from pycards.cards import parse
from pycards.errors import GameOptionError, StateError
from pycards.games.engine.actions import Action, GameInfo
from pycards.games.engine.document import Reader, same, shown
from pycards.games.engine.events import (
    GATHERED_USED,
    PACK_MADE_UP,
    STOCK,
    USED,
    DealEnded,
    History,
    Moved,
    Note,
    Place,
    Record,
    makes_up_pack,
    turned_up,
)
from pycards.games.engine.fields import Derived, Piece
from pycards.games.engine.game import OVER, Game, check_seed
from pycards.games.engine.knowledge import Knowledge
from pycards.games.engine.pack import FULL, Pack, seed_key
from pycards.games.engine.seats import Session, rotation
from pycards.settlement import MAX_COUNTERS, Ledger, Payment, split

__all__ = ["KNAVE", "Table"]

KNAVE = 9
"""The rank index of a knave: by default, the first knave turned up chooses the first dealer."""
_new = tuple.__new__
"""Make a record entry (a NamedTuple) from its fields without the keyword machinery."""


class Table(Game):
    """Base of the game drivers on the shared table (see the module docstring)."""

    FIRST_DEALER: ClassVar[int] = KNAVE
    """The rank whose first card turned up chooses the first dealer (docs/rules.md 6.1)."""
    CREDIT: ClassVar[bool] = False
    """The money model: False, table stakes (no seat goes below zero; a seat without
    counters sits out); True, credit (balances may go below zero, settled at the end)."""
    PLAY_ON: ClassVar[bool] = True
    """Whether a session plays on while a pool holds counters nobody has won (a jack-pot):
    until a deal wins them, or until only one seat holds counters, who takes them."""
    PACK_LASTS: ClassVar[str] = "deal"
    """``"deal"``: every deal makes up the pack afresh; ``"session"``: the stock and the used
    cards go on from deal to deal (a snapshot then holds the pack and what each seat knows)."""
    STATE: ClassVar[tuple[Piece, ...]] = ()
    """The game's own state, declared (:mod:`pycards.games.engine.fields`)."""
    PHASES: ClassVar[tuple[str, ...]]
    MIN_STACK: ClassVar[int] = 1
    """The fewest counters a seat may start with."""

    options: Any
    """The agreed terms: the game's ``Options``, which hold at least ``counters`` (each seat's
    start), ``until``, ``deals`` and ``rotations`` (how the session ends) and
    ``max_decisions`` (the turn bound, 0 for none)."""
    _ledger: Ledger
    _DEAL: ClassVar[tuple[Piece, ...]] = ()
    _SESSION: ClassVar[tuple[Piece, ...]] = ()
    _KEPT: ClassVar[tuple[Piece, ...]] = ()
    _SEEN: ClassVar[tuple[Piece, ...]] = ()
    """The declared pieces that last a deal, that last the session, that are kept (not
    derived), that the seats see: sorted out once per class."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        state = cls.STATE
        cls._DEAL = tuple(p for p in state if p.lasts == "deal")
        cls._SESSION = tuple(p for p in state if p.lasts == "session")
        cls._KEPT = tuple(p for p in state if p.lasts != "derived")
        cls._SEEN = tuple(p for p in state if p.seen)

    def __init__(self, players: int = 4, seed: int = 0, *, dealer: int | None = None,
                 top: Sequence[int | str] = (), stacks: Sequence[int] | None = None,
                 **options: Any) -> None:  # fmt: skip
        if type(players) is not int or not self.MIN_PLAYERS <= players <= self.MAX_PLAYERS:
            raise GameOptionError(f"{self.name} needs {self.MIN_PLAYERS} to {self.MAX_PLAYERS} players, "
                                  f"not {shown(players)}")  # fmt: skip
        check_seed(seed)
        if dealer is not None and (type(dealer) is not int or not 0 <= dealer < players):
            raise GameOptionError(f"the dealer must be a seat 0..{players - 1}, not {shown(dealer)}")
        terms = self.Options.from_dict(options, self.name)
        stacked = list(parse(top))
        counts = self._check_stacks(stacks, players, terms.counters)  # type: ignore[attr-defined]
        self._setup(players, seed, terms, counts)
        self._pack.check_top(stacked)
        self._start_args: dict[str, Any] = {"dealer": dealer, "top": stacked, "stacks": counts}
        self._start(dealer, stacked)

    @classmethod
    def _check_stacks(cls, stacks: object, players: int, counters: int) -> list[int]:
        """Each seat's counters at the start: ``counters`` each, or ``stacks`` (one whole number
        per seat, from :attr:`MIN_STACK` to MAX_COUNTERS)."""
        if stacks is None:
            return [counters] * players
        least = cls.MIN_STACK
        if not isinstance(stacks, (list, tuple)) or len(stacks) != players or not all(
            type(n) is int and least <= n <= MAX_COUNTERS for n in stacks
        ):
            raise GameOptionError(f"stacks must be one whole number {least}..{MAX_COUNTERS} per seat ({players}), "
                                  f"not {shown(stacks)}")  # fmt: skip
        return list(stacks)

    # -- setting up -------------------------------------------------------------------------

    def _make_pack(self, seed: int) -> Pack:
        """The game's pack (by default the 52 cards), keyed by ``seed``."""
        return Pack(FULL, seed_key(seed))

    def _pools(self) -> dict[str, int]:
        """The ledger's parties besides the seats (pools, compartments, a banker), empty at
        the start of a session."""
        return {}

    def new_session(self, seed: int) -> Any:
        """:meth:`Game.new_session`, made faster: the new session shares with this one what the
        players, the options and the stacks alone decide (the seats' names and turns, the
        pack's cards, the opening ledger), and checks only the seed."""
        check_seed(seed)
        game = type(self).__new__(type(self))
        start = getattr(self, "_start_args", None) or {"dealer": None, "top": [], "stacks": list(self._stacks)}
        game._setup(self.players, seed, self.options, start["stacks"], table=self)
        game._start_args = start
        game._start(start["dealer"], start["top"])
        return game

    _SHARED: ClassVar[tuple[str, ...]] = ("names", "_alone", "_turns", "_pool_names", "_credit_all", "_opening")
    """What :meth:`_setup` makes from the players, the options and the stacks alone: a new
    session at the same table shares it (none of it is ever changed once made)."""

    def _setup(self, players: int, seed: int, options: Any, stacks: Sequence[int] = (),
               table: Optional[Table] = None) -> None:  # fmt: skip
        """The session before its start: the terms (or those of ``table``, a session of the same
        players, options and stacks), the ledger, the declared state."""
        self.players, self.seed, self.options = players, seed, options
        self._stacks = list(stacks) or [options.counters] * players
        """Each seat's counters at the start of the session."""
        if table is None:
            self._check_terms()
            self.names = tuple(f"p{i}" for i in range(players))
            self._alone = tuple((seat,) for seat in range(players))
            """Each seat's audience of one (a card dealt face down to it), shared by every record."""
            self._turns = tuple(tuple(rotation(seat, players)) for seat in range(players))
            """Per seat, every seat in turn from its left (it last)."""
            pools = self._pools()
            self._pool_names = tuple(pools)
            self._credit_all = self.CREDIT and options.until != "freeze_out"
            """Whether every seat plays every deal, whatever its balance (credit, no freeze-out)."""
            self._opening = Ledger({**dict(zip(self.names, self._stacks)), **pools},
                                   credit=self.names if self.CREDIT else (), journal=False)  # fmt: skip
            """The ledger at the start of a session (never paid through: each session copies it)."""
            self._pack = self._make_pack(seed)
        else:
            self.__dict__.update({name: table.__dict__[name] for name in self._SHARED})
            self._pack = table._pack.renewed(seed_key(seed))
        self._ledger = self._opening.copy()
        self._money = None
        self._records = History()
        self._busy = False
        self._entries: list[Any] = []
        until = options.until
        limit = options.rotations if until == "rotations" else players if until == "first_out" else options.deals
        self._session = Session(options.until, limit, 0)
        self._phase = OVER
        self._dealer = 0
        self._top: list[int] = []
        for piece in self._SESSION:
            setattr(self, piece.attribute, piece.kind.fresh(players))
        self._clear_deal()
        self._decisions = 0
        self._truncated = self._last_truncated = False
        self._rewards = [0] * players
        self._deal_start = list(self._stacks)
        self._base: tuple[Any, ...] = ()
        self._deal_actions: list[Action] = []
        self._first_dealer_draw: list[list[int]] = []
        self._deal_mark: Optional[tuple[int, int]] = None
        """Where the deal in play began: the index of the record then being made among those
        kept, and the entries it held then (None: before the records kept, in a game restored
        from a snapshot of this deal)."""
        self._deal_prefix: list[Record] = []
        """The records of the deal in play made before the records kept (a restored game's)."""
        self._known_at_deal: list[Knowledge] = []
        """What each seat, then a spectator, knew at the start of the deal a game was restored
        in (where the pack lasts from deal to deal)."""

    def _check_terms(self) -> None:
        """GameOptionError for terms that do not fit the number of players (the options'
        own ``check`` has seen the rest)."""

    def _clear_deal(self) -> None:
        """Clear the table for a deal: every declared piece that lasts a deal made fresh (a
        game clears its other per-deal state in an override)."""
        players = self.players
        for piece in self._DEAL:
            setattr(self, piece.attribute, piece.kind.fresh(players))

    def _start(self, dealer: int | None, top: Sequence[int]) -> None:
        """Choose the first dealer (docs/rules.md 6.1), then deal."""
        self._entries = []
        if dealer is None:
            dealer, draws = self._pack.first_to_turn_up(self.players, self.FIRST_DEALER)
            self._first_dealer_draw = draws
            self._entries.append(Note(f"the first {_RANK_NAMES.get(self.FIRST_DEALER, 'card')} falls to "
                                      f"p{dealer}, who deals"))  # fmt: skip
            self._entries.extend(turned_up(draws))
        else:
            self._entries.append(Note(f"p{dealer} deals"))
        self._session.first_dealer = self._dealer = dealer
        self._top = list(top)
        self._begin_deal()
        self._advance()
        self._records.append(Record(None, None, tuple(self._entries)))

    # -- reading ----------------------------------------------------------------------------

    dealer = property(lambda self: self._dealer, doc="The seat dealing the deal in play.")
    session = property(lambda self: self._session.copy(), doc="A copy of the session's counts.")

    @property
    def pack(self) -> Pack:
        """A copy of the pack (omniscient)."""
        return self._pack.copy()

    def cash(self, seat: int) -> int:
        """``seat``'s counters now."""
        return self._ledger._balances[self.names[seat]]

    def rewards(self) -> dict[int, int]:
        return dict(enumerate(self._rewards))

    def payoffs(self) -> dict[int, int]:
        return {seat: self.cash(seat) - self._stacks[seat] for seat in range(self.players)}

    def roles(self) -> tuple[str, ...]:
        """Each seat's part in the deal in play (or the last): the dealer, a player, or out."""
        out, dealer = self._session.out, self._dealer
        return tuple(["dealer" if s == dealer else "out" if s in out else "player" for s in range(self.players)])

    @property
    def info(self) -> GameInfo:
        return GameInfo(self.name, self.MIN_PLAYERS, self.MAX_PLAYERS, self.max_decisions_per_deal(),
                        self._pack.cards, self.num_actions, self.observation_size())  # fmt: skip

    def max_decisions_per_deal(self) -> int:
        """The most decisions one deal can take: the game's own bound
        (:meth:`_natural_bound`), or ``max_decisions`` if that is less."""
        natural = self._natural_bound()
        bound = self.options.max_decisions
        return min(natural, bound) if bound else natural

    def _natural_bound(self) -> int:
        """The most decisions a deal can take under the rules alone."""
        raise NotImplementedError

    def observation_size(self) -> int:
        raise NotImplementedError

    # -- carrying out -----------------------------------------------------------------------

    def _apply(self, action: Action, seat: int) -> Record:
        self._entries = []
        self._decisions += 1
        self._deal_actions.append(action)
        self._act(action, seat)
        if self.options.max_decisions or self.to_act is None:
            self._advance()
        return _new(Record, (seat, action, tuple(self._entries)))

    def _act(self, action: Action, seat: int) -> None:
        """Carry out a legal ``action`` of ``seat`` by the game's rules."""
        raise NotImplementedError

    def _advance(self) -> None:
        """After an action: move the deal on while nobody has a decision to take, and cut
        the deal short where the bound on decisions is reached."""
        bound = self.options.max_decisions
        while self._phase != OVER:
            if self.to_act is not None:
                if not bound or self._decisions < bound:
                    return
                self._truncated = True
                self._truncate()
                if self._phase != OVER and self._decisions >= bound and self.to_act is not None:
                    raise RuntimeError(f"{self.name}: _truncate() left seat {self.to_act} to act at the bound "
                                       "on decisions")  # fmt: skip
            else:
                self._step()

    def _step(self) -> None:
        """Nobody has a decision to take and the session is not over: move the deal on."""
        raise NotImplementedError(self._phase)

    def _truncate(self) -> None:
        """The bound on decisions is reached: every player still to act is held to have done
        what the game says (its entries say so), and the deal goes on to its end without
        another decision (a seat still to act after it is a RuntimeError: the game's bug)."""
        raise NotImplementedError

    # -- money -------------------------------------------------------------------------------

    def _pay(self, payments: list[Payment], note: str) -> None:
        """Pay through the ledger as one batch (zero payments left out), and record it."""
        payments = [p for p in payments if p.amount]
        if payments:
            self._ledger.apply(payments, note)
            self._money = None
            self._entries.append(_new(Note, (note,)))
            self._entries.extend(payments)

    _money: Optional[tuple[tuple[int, ...], int]] = None

    def _money_view(self) -> tuple[tuple[int, ...], int]:
        """Every seat's counters and the pools' together, as the views show them: made once
        after each payment (whatever writes the ledger sets ``_money`` to None)."""
        money = self._money
        if money is None:
            balances = self._ledger._balances
            money = self._money = (tuple([balances[name] for name in self.names]),
                                   sum(balances[name] for name in self._pool_names))  # fmt: skip
        return money

    def _holding(self, seat: int) -> bool:
        """Whether ``seat`` holds counters: with credit, always, but in a freeze-out (where a
        seat at or below zero stands out)."""
        return self._credit_all or self._ledger._balances[self.names[seat]] > 0

    def _holders(self) -> int:
        """The seats holding counters (:meth:`_holding`: a game whose counters are not its
        money, as Pool Commerce's, says so there alone)."""
        if self._credit_all:
            return self.players
        holding = self._holding
        return sum(holding(seat) for seat in range(self.players))

    def _pooled(self) -> int:
        """The counters the pools hold now."""
        balances = self._ledger._balances
        return sum(balances[name] for name in self._pool_names)

    # -- the deal and the session ---------------------------------------------------------------

    def _turn_from(self, seat: int) -> Sequence[int]:
        """Every seat at the table in turn, starting on ``seat``'s left and ending with it."""
        return self._turns[seat]

    def _out_seats(self) -> list[int]:
        """The seats that sit out of the next deal: those holding no counters
        (:meth:`_holding`)."""
        if self._credit_all:
            return []
        holding = self._holding
        return [s for s in range(self.players) if not holding(s)]

    def _begin_deal(self) -> None:
        """Keep the state the session carries into the deal (the snapshot's), then open it."""
        self._session.out = set(self._out_seats())
        self._deal_mark = (len(self._records), len(self._entries))
        self._deal_prefix = []
        self._base = self._base_values()
        self._deal_actions = []
        self._decisions = 0
        self._truncated = False
        balances = self._ledger._balances
        self._deal_start = [balances[name] for name in self.names]
        self._open_deal()

    def _open_deal(self) -> None:
        """The game's deal: its stakes, its cards and its first decision."""
        raise NotImplementedError

    def _move(self, card: int, holder: int, source: Place, target: Place, face_up: bool) -> None:
        """The entry of ``card`` leaving ``holder``'s ``source`` for ``target`` (docs/rules.md
        6.1, "What a player sees"): a card that lay face up is seen to go by all; one face
        down, by its holder alone (the others see a card go, not which)."""
        self._entries.append(_new(Moved, (card, source, target, None if face_up else self._alone[holder])))

    def _make_up_pack(self) -> None:
        """The pack made up and shuffled (the cards stacked for the first deal on top)."""
        self._entries.append(PACK_MADE_UP)
        self._pack.shuffle(self._top)
        self._top = []

    def cards_on_table(self) -> list[int]:
        """Every card out of the pack (in hands, on the table, in compartments)."""
        return [c for place, cards in self._card_places().items() if place not in (STOCK, USED) for c in cards]

    def _gather(self) -> None:
        """The deal's cards join the used ones (the next making up shuffles them all in)."""
        self._pack.used += self.cards_on_table()
        self._entries.append(GATHERED_USED)

    def _end_deal(self, dealer: int, passes: Optional[bool] = None) -> None:
        """Close the deal: its rewards, the cards gathered, the session's counts; then the next
        deal, dealt by ``dealer`` (``passes``: whether the deal changes hands in the sense of
        the session's rotations, by default whether ``dealer`` is another seat), unless the
        session is over.

        Under table stakes a session does not end while a pool holds counters nobody won
        (:attr:`PLAY_ON`): it plays on until a deal wins them, unless fewer than two seats
        hold counters, when the last holder takes what is left. If nobody holds counters
        after a deal whose pools nobody won, the deal's players share them (law 76's rule for
        the odd counter), and the session goes on or ends as their counters then say; but if
        nobody took a decision in that deal and the pools held only its own stakes, the
        shares leave each about what he had, the next deal could go no otherwise, and the
        session ends there."""
        pooled = self._pooled()
        shared = not self.CREDIT and bool(pooled) and not self._holders()
        if shared:
            self._share_pools()
            dealer = self._next_dealer_after_share()
        if passes is None:
            passes = dealer != self._dealer
        holding = self._holders()
        over = self._session.deal_ended(dealer, passes, holding, self._passed_over(dealer))
        if not self.CREDIT and (holding < 2 or shared and not self._deal_actions and not self._carried()):
            over = True
            self._last_takes_all()
        elif over and self.PLAY_ON and self._pooled():
            self._session.play_on()  # the pool is played for
            over = False
        self._session.over = over
        self._close_deal(last=over)
        if over:
            self._put_away()  # the last deal's dealer stays with its table
        else:
            self._dealer = dealer
            self._begin_deal()


    def _carried(self) -> int:
        """The counters the pools held at the start of the deal in play."""
        balances = self._base[0]
        return sum(balances[name] for name in self._pool_names)

    def _share_pools(self) -> None:
        """Nobody holds counters: the deal's players share the pools (law 76's odd counter)."""
        dealt = self._dealt_in()
        balances = self._ledger._balances
        for pool in self._pool_names:
            shares = split(balances[pool], dealt, dealt)
            self._pay([Payment(pool, self.names[s], shares[s]) for s in dealt],
                      "nobody holds counters: the last deal's players share the pool (law 76)")  # fmt: skip

    def _next_dealer_after_share(self) -> int:
        """Who deals after the pools were shared: the first holder on the dealer's left."""
        return self._left_holder(self._dealer)

    def _last_takes_all(self) -> None:
        """The session is over with counters in the pools: the first holder takes them."""
        holders = [s for s in range(self.players) if self._holding(s)]
        balances = self._ledger._balances
        for pool in self._pool_names:
            if balances[pool] and holders:
                self._pay([Payment(pool, self.names[holders[0]], balances[pool])], f"p{holders[0]} takes what is left")

    def _dealt_in(self) -> list[int]:
        """The seats dealt into the deal in play, from the dealer's left."""
        out = self._session.out
        return [s for s in self._turn_from(self._dealer) if s not in out]

    def _close_deal(self, last: bool = False) -> None:
        """The deal's rewards and its closing entry; then, unless it is the session's ``last``
        (whose table stays as it ended, to be seen), the cards gathered and the table cleared
        for the next deal."""
        balances = self._ledger._balances
        self._rewards = [balances[name] - start for name, start in zip(self.names, self._deal_start)]
        self._last_truncated = self._truncated
        ended = (self._session.deals - 1, tuple(self._rewards), self._truncated, self.roles())
        self._entries.append(_new(DealEnded, ended))
        self._on_deal_ended()
        if not last:
            self._gather()
            self._clear_deal()

    def _on_deal_ended(self) -> None:
        """What the game carries to the next deal, from the deal just ended."""

    def _left_holder(self, seat: int) -> int:
        """The first seat on ``seat``'s left holding counters (the next seat if none does)."""
        seats = self._turn_from(seat)
        return next((s for s in seats if self._holding(s)), seats[0])

    def _passed_over(self, dealer: int) -> list[int]:
        """The seats the deal goes past on its way left to ``dealer`` (none when it jumps, as
        to Straight Poker's winner): those without counters between."""
        if dealer == self._dealer or dealer != self._left_holder(self._dealer):
            return []
        seats = self._turn_from(self._dealer)
        return list(seats[:seats.index(dealer)])

    def _put_away(self) -> None:
        """The session is over: the last deal's table stays as it ended, to be seen (its cards
        where they lie). A snapshot of it is the last deal's: its start and its actions, which
        end the session again."""
        self._session.out = set(self._out_seats())
        self._phase = OVER

    # -- the views ------------------------------------------------------------------------------

    def _table_view(self, seat: int) -> dict[str, Any]:
        """The keys every game's observation shares: ``seat``, ``deal_number``, ``phase``,
        ``to_act``, ``dealer``, ``balances`` (each seat's counters), ``out`` (the seats
        sitting out) and ``knowledge`` (where the seat knows each card it knows to lie,
        :meth:`~pycards.games.engine.knowledge.Knowledge.view`); a game adds its own, and its
        declared pieces (:meth:`_declared_observation`)."""
        return {"seat": seat, "deal_number": self.deal_number, "phase": self._phase, "to_act": self.to_act,
                "dealer": self._dealer, "balances": self._money_view()[0],
                "out": tuple(sorted(self._session.out)), "knowledge": self._known_view(seat)}  # fmt: skip


    def _declared_observation(self) -> dict[str, Any]:
        """The declared pieces every seat sees, as an observation shows them."""
        return {p.name: p.kind.view(self._value(p)) for p in self._SEEN}

    def _value(self, piece: Piece) -> Any:
        """The declared ``piece``'s value now."""
        kind = piece.kind
        return kind.compute(self) if isinstance(kind, Derived) else getattr(self, piece.attribute)

    def _declared_size(self) -> int:
        players = self.players
        return sum(p.kind.size(players) for p in self._SEEN)

    def _declared_features(self, seat: int, scale: float) -> list[float]:
        """The declared pieces' features as ``seat`` sees them (their layout:
        :func:`~pycards.games.engine.fields.layout`)."""
        players = self.players
        features: list[float] = []
        for p in self._SEEN:
            features += p.kind.features(self._value(p), seat, players, scale)
        return features

    # -- copies and documents ------------------------------------------------------------------

    _COPIED: ClassVar[tuple[str, ...]] = ("_rewards", "_deal_start", "_deal_actions", "_top")

    def copy(self) -> Any:
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)
        for name in self._COPIED:
            setattr(twin, name, list(getattr(self, name)))
        for piece in self._KEPT:
            setattr(twin, piece.attribute, piece.kind.copy(getattr(self, piece.attribute)))
        twin._pack = self._pack.copy()
        twin._ledger = self._ledger.copy()
        twin._ledger_view = twin._viewed = None
        twin._records = self._records.copy()
        twin._session = self._session.copy()
        twin._busy = False
        twin._entries = []
        self._share_known(twin)
        self._copy_table(twin)
        return twin

    def _copy_table(self, twin: Any) -> None:
        """Copy into ``twin`` (a shallow copy of this game) the state of the family's table
        that no declaration covers."""

    def _base_values(self) -> tuple[Any, ...]:
        """The state the session carries into a deal, kept as it is now (copies of what will
        change); :meth:`_base_state` writes it out when a snapshot asks."""
        return (dict(self._ledger._balances), self._dealer, self._session.to_dict(), self._pack.shuffles,
                self._top, self._rewards, self._last_truncated,
                [p.kind.copy(getattr(self, p.attribute)) for p in self._SESSION],
                self._pack.copy() if self.PACK_LASTS == "session" else None)  # fmt: skip

    def _base_state(self) -> dict[str, Any]:
        """The state the session carried into the deal in play (or the last, once the session is
        over): the snapshot's ``deal``."""
        balances, dealer, session, shuffles, top, rewards, truncated, pieces, pack = self._base
        base: dict[str, Any] = {
            "balances": dict(balances),
            "dealer": dealer,
            "session": dict(session, out=list(session["out"])),
            "shuffles": shuffles,
            "top": list(top),
            "rewards": list(rewards),
            "last_truncated": truncated,
            "first_dealer_draw": [list(cards) for cards in self._first_dealer_draw],
            "game": {p.name: p.kind.write(value) for p, value in zip(self._SESSION, pieces)},
        }
        if pack is not None:
            base["pack"] = pack.to_dict()
        return base

    def _knowledge_at_deal(self) -> list[Knowledge]:
        """What each seat, then a spectator, knew when the deal in play began: from the records
        kept since the pack was last made up, to the point of the record in which the deal
        began (worked out only for a snapshot: a deal's start costs nothing)."""
        mark = self._deal_mark
        if mark is None:
            return self._known_at_deal
        start, entries = mark
        before: list[Record] = []
        for index, record in zip(range(len(self._records) - 1, -1, -1), reversed(self._records)):
            if index > start:
                continue
            if index == start:
                record = Record(record.seat, record.action, record.entries[:entries])
            before.append(record)
            if makes_up_pack(record):
                break
        before.reverse()
        return [self._knowledge_from(before, seat) for seat in (*range(self.players), None)]

    def _deal_records(self) -> list[tuple[Any, ...]]:
        """The entries of every record of the deal in play, from its start (omniscient)."""
        mark = self._deal_mark
        if mark is None:
            return [r.entries for r in self._deal_prefix] + [r.entries for r in self._records]
        start, entries = mark
        records = [r.entries for r in self._records.since(start)]
        return [records[0][entries:], *records[1:]] if records else []

    def _summary(self) -> dict[str, Any]:
        """The state a document states for the deal in play, compared with where its actions
        lead: the phase, whose turn, the balances, every declared piece of the deal, and a
        digest of the deal's records (its actions must lead to the very same events)."""
        digest = int.from_bytes(hashlib.blake2b(repr(self._deal_records()).encode(), digest_size=6).digest(), "big")
        return {"phase": self._phase, "to_act": self.to_act, "balances": self._ledger.balances, "events": digest,
                **{p.name: p.kind.write(getattr(self, p.attribute)) for p in self._DEAL
                   if p.kind.size(self.players)}}  # fmt: skip

    def to_dict(self, history: bool = False) -> dict[str, Any]:
        """The state as plain JSON values: the session at the start of the deal in play, the
        deal's actions so far and the state they lead to; its size is bounded by one deal's
        (``history=True`` adds the session's start and every action, to replay it all).

        It holds the seed, which decides every future card: keep it on the server side. What
        each seat knows of the cards follows from the deal's actions (and, where the pack
        lasts between deals, what it knew at the deal's start), so a restored game knows it too.
        """
        self._check_snapshot()
        data: dict[str, Any] = {
            "game": self.name,
            "version": 2,
            "players": self.players,
            "seed": self.seed,
            "options": self.options.to_dict(),
            "stacks": list(self._stacks),
            "first_record": self.records,
            "deal": self._deal_document(),
            "actions": [a.to_dict() for a in self._deal_actions],
            "state": self._summary(),
        }
        if history:
            if self._first_record:
                raise StateError("this game was restored from a snapshot: its earlier actions are not kept")
            data["history"] = {
                "start": {"dealer": self._start_args["dealer"], "top": list(self._start_args["top"]),
                          "stacks": list(self._start_args["stacks"])},
                "actions": [r.action.to_dict() for r in self._records if r.action is not None],
            }
        return data

    def _deal_document(self) -> dict[str, Any]:
        """The state the session carried into the deal in play, as a snapshot holds it (where
        the pack lasts from deal to deal, with what each seat knew of it then)."""
        deal = self._base_state()
        if "pack" in deal:
            deal["knowledge"] = [known.to_dict() for known in self._knowledge_at_deal()]
        return deal

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Any:
        """A game from :meth:`to_dict`, every field checked: StateError names the first problem."""
        doc = Reader(data, "document").only("game", "version", "players", "seed", "options", "stacks",
                                            "first_record", "deal", "actions", "state", "history")  # fmt: skip
        if doc.value("game") != cls.name:
            raise StateError(f"document.game must be {cls.name!r}, not {shown(doc.value('game'))}")
        if type(doc.value("version")) is not int or doc.value("version") != 2:
            raise StateError(f"document.version must be 2, not {shown(doc.value('version'))}")
        players = doc.int("players", cls.MIN_PLAYERS, cls.MAX_PLAYERS)
        seed = doc.value("seed")
        try:
            check_seed(seed)
            options = cls.Options.from_dict(doc.value("options"), cls.name, complete=True)
        except ValueError as error:
            raise StateError(f"document: {error}") from None
        if "history" in data:
            game = cls._replay_history(doc, players, seed, options)
        else:
            game = cls.__new__(cls)
            stacks = doc.ints("stacks", cls.MIN_STACK, MAX_COUNTERS, players)
            try:
                game._setup(players, seed, options, cls._check_stacks(stacks, players, options.counters))  # type: ignore[attr-defined]
            except ValueError as error:
                raise StateError(f"document.stacks: {error}") from None
            game._start_args = {"dealer": None, "top": [], "stacks": stacks}
            game._restore_base(doc.reader("deal"))
            game._records.append(Record(None, None, tuple(game._entries)))  # the deal's opening
            game._replay(doc.list("actions", game.max_decisions_per_deal()), "document.actions")
            game._deal_mark = None  # the deal began before the records this game keeps
            game._first_record = doc.int("first_record", 1, 2**62)  # the session's start made one
            game._known_before = [game.knowledge(seat) for seat in (*range(players), None)]
            game._deal_prefix = list(game._records)
            game._records = History()
            game._forget_known()
        for key, value in game.to_dict().items():
            if not same(doc.value(key), value):
                raise StateError(f"document.{key} is not where the document's actions lead")
        return game

    @classmethod
    def _replay_history(cls, doc: Reader, players: int, seed: int, options: Any) -> Any:
        history = doc.reader("history").only("start", "actions")
        start = history.reader("start").only("dealer", "top", "stacks")
        dealer = start.seat("dealer", players, none=True)
        top = start.cards("top", 104)
        stacks = start.ints("stacks", cls.MIN_STACK, MAX_COUNTERS, players)
        try:
            game = cls(players, seed, dealer=dealer, top=top, stacks=stacks, **options.to_dict())
        except ValueError as error:
            raise StateError(f"document.history.start: {error}") from None
        game._replay(history.list("actions", 10**7), "document.history.actions")
        if doc.int("first_record", 0, 2**62) != game.records:
            raise StateError("document.first_record is not where its history leads")
        return game

    def _restore_base(self, base: Reader) -> None:
        """Take the state the session carried into a deal, checked, and open that deal."""
        keys = ["balances", "dealer", "session", "shuffles", "top", "rewards", "last_truncated",
                "first_dealer_draw", "game"]
        if self.PACK_LASTS == "session":
            keys += ["pack", "knowledge"]
        base.only(*keys)
        players = self.players
        parties, credit = self._ledger.parties, self._ledger.credit
        balances = base.reader("balances").only(*parties)
        values = {name: balances.int(name, -MAX_COUNTERS if name in credit else 0, MAX_COUNTERS)
                  for name in parties}  # fmt: skip
        total = sum(values.values())
        if total != self._ledger.total:
            raise StateError(f"document.deal.balances add up to {total}, not {self._ledger.total}")
        self._ledger = Ledger(values, credit=credit, journal=False)
        self._ledger_view = self._money = None
        self._dealer = base.int("dealer", 0, players - 1)
        self._session.restore(base.reader("session").only("first_dealer", "deals", "returns", "out", "over"),
                              players)  # fmt: skip
        if self._session.over:
            raise StateError("document.deal.session.over: a snapshot's deal is one in play (a finished "
                             "session's snapshot is its last deal's)")  # fmt: skip
        self._pack.shuffles = base.int("shuffles", 0, 2**62)
        self._top = base.cards("top", len(self._pack.cards))
        self._pack.check_top(self._top, StateError)
        self._rewards = base.ints("rewards", -MAX_COUNTERS, MAX_COUNTERS, players)
        if len(self._rewards) != players:
            raise StateError(f"document.deal.rewards must hold one number per seat ({players})")
        if self._session.deals == 0 and any(self._rewards):
            raise StateError(f"document.deal.rewards must be zeros before the first deal ends, not {self._rewards}")
        self._last_truncated = base.bool("last_truncated")
        self._first_dealer_draw = self._read_first_dealer_draw(base)
        if "pack" in keys:  # the stock and the used cards go on from the last deal
            self._pack = Pack.from_dict(base.value("pack"), self._pack.cards, self._pack.key, "document.deal.pack")
            if self._pack.used and not self._session.deals:
                raise StateError("document.deal.pack: before the first deal no card has been used")
            self._restore_knowledge(base.value("knowledge"), "document.deal.knowledge")
            self._known_at_deal = list(self._known_before or ())
        game = base.reader("game").only(*(p.name for p in self._SESSION))
        for piece in self._SESSION:
            setattr(self, piece.attribute, piece.kind.read(game, piece.name, players))
        self._check_counts()
        self._check_session()
        self._begin_deal()
        self._advance()

    def _read_first_dealer_draw(self, base: Reader) -> list[list[int]]:
        """The cards turned up to find the first dealer (none if he was given), checked: a list
        of distinct cards per seat, the last of them the first of its rank, the first dealer's."""
        draw = base.list("first_dealer_draw", self.players)
        if not draw:
            return []
        rows = [Reader({"cards": cards}, f"document.deal.first_dealer_draw[{i}]").cards("cards", 52)
                for i, cards in enumerate(draw)]  # fmt: skip
        first = self._session.first_dealer
        turned = [c for row in rows for c in row]
        wanted = [c for c in turned if c >> 2 == self.FIRST_DEALER]
        if (len(rows) != self.players or len(set(turned)) != len(turned) or not rows[first]
                or [len(row) for row in rows] != [len(rows[first]) - (s > first) for s in range(self.players)]
                or wanted != [rows[first][-1]]):  # fmt: skip
            raise StateError("document.deal.first_dealer_draw must be the cards turned up one to each seat in "
                             "turn, until the first of the first dealer's rank, his")  # fmt: skip
        return rows

    def _check_counts(self) -> None:
        """A snapshot's session counts and flags must fit the options: a session of deals still
        in play has deals to go (or a pool to play for); a deal is truncated only under a
        bound; the stacked cards are the first deal's."""
        o, session = self.options, self._session
        if o.until == "deals" and not session.over and (
            session.deals >= self.max_deals() or session.deals >= o.deals and not (self.PLAY_ON and self._pooled())
        ):
            raise StateError(f"document.deal.session: {session.deals} deals, and no pool to play for, end a "
                             f"session of {o.deals} deals")  # fmt: skip
        if not o.max_decisions and self._last_truncated:
            raise StateError("document.deal.last_truncated: a deal is truncated only under max_decisions")
        if session.deals and self._top:
            raise StateError("document.deal.top: the stacked cards are the first deal's, not this one's")
        if self._last_truncated and not session.deals:
            raise StateError("document.deal.last_truncated: no deal has ended yet")
        if self._pack.shuffles < session.deals and self.PACK_LASTS == "deal":
            raise StateError(f"document.deal.shuffles: each of the {session.deals} deals shuffled the pack, "
                             f"so not {self._pack.shuffles}")  # fmt: skip
        if sum(self._rewards) < -self._left_unwon():  # the seats lose to the pools no more than they hold
            raise StateError(f"document.deal.rewards add up to {sum(self._rewards)}, more lost than the pools'"
                             f" {self._left_unwon()} counters")  # fmt: skip
        if not self.ONE_TABLE:
            return
        balances = self._ledger._balances
        for seat, reward in enumerate(self._rewards):
            if reward > balances[self.names[seat]] and not self.CREDIT:
                raise StateError(f"document.deal.rewards: p{seat} cannot have won {reward} in the last deal "
                                 f"and hold {balances[self.names[seat]]} now")  # fmt: skip
        if not session.deals:
            if [balances[name] for name in self.names] != self._stacks:
                raise StateError(f"document.deal.balances: before the first deal each seat holds its stack, "
                                 f"{self._stacks}")  # fmt: skip
            if self._dealer != session.first_dealer:
                raise StateError(f"document.deal.dealer: the first deal's dealer is the first dealer, "
                                 f"p{session.first_dealer}, not {self._dealer!r}")  # fmt: skip

    ONE_TABLE: ClassVar[bool] = True
    """Whether the session is the deals of one table, so that a snapshot's first deal starts
    from the stacks with the first dealer, and under table stakes each seat holds what it won
    in the last deal (not so in Progressive Poker's evening of tables and bells)."""

    def _left_unwon(self) -> int:
        """The counters the last deal can have left unwon (what a document's rewards may have
        lost to the pools): the pools' now; a game keeping pools apart says otherwise."""
        return self._pooled()

    def _check_session(self) -> None:
        """StateError for a snapshot's session state whose pieces do not fit together (each
        piece is already checked alone): the game's own ties between them."""


_RANK_NAMES = {KNAVE: "knave", 12: "ace"}
