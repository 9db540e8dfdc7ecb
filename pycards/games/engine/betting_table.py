"""The betting table: hands, stakes into a pool, the betting rounds and the show.

A :class:`BettingTable` is a :class:`~pycards.games.engine.hand_table.HandTable` (the
hands, their moves and shows are its) for the games whose hands are backed by stakes in
a pool: the poker family (:mod:`pycards.games.poker`) and Brag
(:mod:`pycards.games.brag`). It keeps what they share, so that neither copies the
other's money or show code:

* **The stakes**: every stake is paid at once into the game's betting pool
  (:attr:`BettingTable.POOL`); an ante is a live stake to make good or dead money;
  counters left in the pool by a deal nobody won are its *carry*, won with the next.
* **Betting** through :class:`~pycards.games.engine.betting.Betting`: the actions
  ``Fold``, ``Check``, ``Call`` and ``Raise`` in every round, with what each may do.
* **The show** (laws 58-64): an uncalled bet wins unshown; otherwise the hands still
  in are shown in turn from the left of the last to act and the pool divided by
  :func:`pycards.settlement.showdown`: side pots for all-in seats (laws 60-61), ties
  shared with the odd counter to the first winner from the dealer's left (law 76),
  a hand that may not win (a foul one, law 64) left out.
* **The turn bound**: every seat still in makes good, and the deal goes to the show.
* **The views**: the observation's and the encoding's betting part, the codec's
  betting actions, copies and the snapshot's summary of the hands and stakes.

A game adds its rules in hooks: :meth:`BettingTable._ante_and_deal` (its stakes, its
cards, its first round), :meth:`BettingTable._round_over`, :meth:`BettingTable._strength`
(a hand's worth at the show), and for phases of its own ``_turn_of_phase``,
``_own_legal``, ``_own_action`` and ``_phase_over``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Optional

from pycards.games.engine.actions import Action
from pycards.games.engine.betting import CALL, CHECK, FOLD, RAISE, Betting, Call, Check, Fold, Raise
from pycards.games.engine.events import Note
from pycards.games.engine.game import OVER
from pycards.games.engine.hand_table import THROWN, HandTable
from pycards.games.engine.table import Table
from pycards.settlement import Ledger, Payment, showdown

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from pycards.games.engine.codec import Domains

__all__ = ["BET", "MAX_LIMIT", "POOL", "THROWN", "BettingTable"]

BET = "bet"
"""The phase of a betting round (and ``OVER``, the session over)."""
POOL = "pool"
MAX_LIMIT = 1000
"""The largest limit: the codec numbers a raise of every amount up to the limit."""

_new = tuple.__new__
"""Make a record entry (a NamedTuple) from its fields without the keyword machinery."""
_FOLD, _CHECK, _CALL = Fold(), Check(), Call()
_RAISES = tuple(Raise(by) for by in range(1, MAX_LIMIT + 1))
"""Every raise the largest limit allows, shared by every game."""


class BettingTable(HandTable):
    """Base of the drivers whose hands are backed by stakes (see the module docstring)."""

    POOL: ClassVar[str] = POOL
    """The ledger's party the bets go into."""
    FOLD_BEFORE_A_BET: ClassVar[bool] = True
    """Whether a seat that may pass and keep its hand (before any bet of the round) may also
    throw it in (law 27: at any time); a game may say no (Three Stake Brag's second pool,
    where to pass out is to refuse a bet)."""
    base_actions: ClassVar[tuple[type[Action], ...]] = (Fold, Check, Call, Raise)

    options: Any
    """The game's terms: besides the table's, at least ``limit`` (the most one raise may be)."""
    _ledger: Ledger

    # -- setting up -------------------------------------------------------------------------

    def _pools(self) -> dict[str, int]:
        return {self.POOL: 0}

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
        self._bets = Betting([0] * players, [0] * players, out=range(players))
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
        return self._turn_of_phase()

    def _turn_of_phase(self) -> Optional[int]:
        """Whose turn it is in a phase of the game's own (a game with more phases overrides)."""
        raise NotImplementedError(self._phase)

    carry = property(lambda self: self._carry, doc="Counters in the pool from earlier deals.")
    stakes = property(lambda self: list(self._bets.stake), doc="Each seat's stake in this deal.")
    live = property(lambda self: list(self._bets.live), doc="The seats still in the deal.")

    def _rounds(self) -> int:
        """The betting rounds of a deal, at most."""
        return 1

    def max_decisions_per_deal(self) -> int:
        """A safe bound: per round every seat answers each raise, and every raise takes at
        least one counter from a seat (so there are fewer raises than counters at the table);
        plus the game's own decisions (or ``max_decisions``)."""
        return self._deal_bound(self.players, sum(self._stacks))

    def _deal_bound(self, players: int, counters: int) -> int:
        """The bound of :meth:`max_decisions_per_deal` for ``players`` seats and ``counters``
        counters in play."""
        natural = self._rounds() * players * (counters + 2) + self._own_decisions(players)
        bound = self.options.max_decisions
        return min(natural, bound) if bound else natural

    def _own_decisions(self, players: int) -> int:
        """The most decisions a deal of ``players`` seats takes outside its betting rounds."""
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
        """:meth:`Game.max_deals`: a session of ``deals`` that has had them plays on while a
        pool holds counters (:meth:`_end_deal`), so one more deal for every counter at the
        table: each deal played on takes at least one counter into a pool, and the pool keeps
        it until a deal wins it."""
        return super().max_deals() + sum(self._stacks)

    # -- legal actions ----------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.to_act is None:
            return []
        if self._phase == BET:
            may_check, may_call, least, most = self._bets.choices()
            if may_check:
                legal: list[Action] = [_FOLD, _CHECK] if self.FOLD_BEFORE_A_BET else [_CHECK]
            else:
                legal = [_FOLD]
            if may_call:
                legal.append(_CALL)
            if least <= most:
                legal += _RAISES[least - 1:most]
            return legal
        return self._own_legal()

    def _own_legal(self) -> list[Action]:
        raise NotImplementedError(self._phase)

    def _legal(self, key: tuple[Any, ...]) -> bool:
        if self._phase == BET:
            kind = key[0]
            may_check, may_call, least, most = self._bets.choices()
            if kind is Fold:
                return self.FOLD_BEFORE_A_BET or not may_check
            if kind is Check:
                return may_check
            if kind is Call:
                return may_call
            return kind is Raise and least <= int(key[1]) <= most
        return self._own_key_legal(key)

    def _own_key_legal(self, key: tuple[Any, ...]) -> bool:
        """Whether the action of ``key`` is legal in a phase of the game's own."""
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
            self._on_call(seat)
        elif kind is Raise:
            self._on_raise(seat, action.by)  # type: ignore[attr-defined]
        else:
            self._own_action(action, seat)

    def _own_action(self, action: Action, seat: int) -> None:
        raise NotImplementedError(type(action).__name__)

    def _on_call(self, seat: int) -> None:
        self._stake(seat, self._bets.act(CALL), "makes good")

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

    def _step(self) -> None:
        """Nobody has a decision to take: the deal goes uncontested, or on from its round or
        the game's own phase."""
        if self._uncontested_now():
            self._uncontested()
        elif self._phase == BET:
            self._round_over()
        else:
            self._phase_over()

    def _uncontested_now(self) -> bool:
        """Whether one seat (or none) is left in the deal, so that it goes uncontested."""
        return not self._bets.contested and self._phase == BET

    def _phase_over(self) -> None:
        raise NotImplementedError(self._phase)

    def _truncate(self) -> None:
        """The bound on decisions is reached: every seat still in makes good, the game ends
        its own business (:meth:`_finish_cards`), and the deal goes to the show."""
        self._entries.append(Note(self._TRUNCATED))
        self._make_good_all()
        self._finish_cards()
        self._show()

    _TRUNCATED: ClassVar[str] = "the bound on decisions is reached: all still in make good"
    """The note of a deal cut short by the bound on decisions."""

    def _make_good_all(self) -> None:
        """Every seat still in makes good the highest stake (all it holds, if less), and the
        round is closed."""
        bets = self._bets
        for seat in list(bets.live):
            owed = min(bets.owed(seat), bets.cash[seat])
            if owed:
                bets.put(seat, owed)
                self._stake(seat, owed, "makes good")
        bets.close()

    def _finish_cards(self) -> None:
        """Deal the cards still to come to every seat still in, and end what the game has in
        hand, when a deal is cut short (a game with streets or a draw overrides)."""

    def _stake(self, seat: int, amount: int, note: str, pool: Optional[str] = None) -> None:
        """``seat`` puts ``amount`` into ``pool`` (by default the betting pool; the betting
        count is kept by the caller)."""
        if amount:
            payment = _new(Payment, (self.names[seat], pool or self.POOL, amount))
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

    # -- the deal ----------------------------------------------------------------------------

    def _players_in(self) -> list[int]:
        """The seats holding counters, from the dealer's left."""
        return [s for s in self._turn_from(self._dealer) if self.cash(s) > 0]

    def _open_deal(self) -> None:
        """A new hand on a cleared table: the seats holding counters dealt in, the betting
        set, the pack made up; then the game's stakes and cards (:meth:`_ante_and_deal`)."""
        self._carry = self._ledger._balances[self.POOL]
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
        """The game's stakes, the deal of the cards and the first round."""
        raise NotImplementedError

    def _from_left_of(self, seat: int) -> list[int]:
        """The seats still in, in turn, starting on ``seat``'s left."""
        live = set(self._bets.live)
        return [s for s in self._turn_from(seat) if s in live]

    def _round_over(self) -> None:
        """A betting round is over with two or more seats still in (the game decides what next)."""
        raise NotImplementedError

    # -- the show (laws 58-64) ----------------------------------------------------------------

    def _strength(self, seat: int) -> Optional[int]:
        """The hand's strength at the show (None: a hand that may not win, law 64)."""
        raise NotImplementedError

    def _show_order(self) -> list[int]:
        """Law 59: "beginning with the player to the left of the last player"."""
        last = self._bets.last if self._bets.last is not None else self._dealer
        return self._from_left_of(last)

    def _show(self) -> None:
        """The hands still in are shown in turn and the pool divided (laws 59-64)."""
        self._divide(self._shown_strengths())

    def _shown_strengths(self, note: str = "the show") -> dict[int, Optional[int]]:
        """The hands still in shown in turn (law 59), under ``note``: each dealt seat's
        strength at the show (None for a seat out of it)."""
        self._entries.append(Note(note))
        for seat in self._show_order():
            self._reveal(seat)
        live = self._bets.live
        return {s: (self._strength(s) if s in live else None) for s in self._dealt_in()}

    def _divide(self, strengths: Mapping[int, Optional[int]]) -> None:
        """Divide this deal's pool among ``strengths`` (:meth:`_settle`), then the deal ends;
        if no hand may take it, it stays for the next deal."""
        if not any(v is not None for v in strengths.values()):
            self._carry_over("no hand may take the pool")
            return
        self._end_deal(self._next_dealer(self._settle(strengths)))

    def _settle(self, strengths: Mapping[int, Optional[int]]) -> dict[int, int]:
        """Pay out the betting pool among ``strengths`` (None: cannot win; at least one may)
        with side pots (law 60): the counters carried, the dead antes and the live ante and
        straddles go to the best hand; each stake beyond them is matched layer by layer, a
        player all in winning from each other only as much as he staked. What each took."""
        order = self._dealt_in()
        bets, blinds = self._bets, self._blinds
        won = showdown({s: bets.stake[s] for s in order}, dict(strengths), order, self._carry + self._dead,
                       {s: blinds[s] for s in order if blinds[s]})  # fmt: skip
        won = self._claims(won)
        self._pay([Payment(self.POOL, self.names[s], won[s]) for s in order if won.get(s)], "the pool is divided")
        return won

    def _claims(self, won: dict[int, int]) -> dict[int, int]:
        """What each seat may take of what the show gives it (a game may refuse a claim)."""
        return won

    def _uncontested(self) -> None:
        """One seat is left in: it takes the pool unshown (law 58), and the deal ends. None
        left (every hand still in was foul): the pool stays for the next deal."""
        if not self._bets.live:
            self._carry_over("every hand still in is foul")
            return
        seat = self._bets.live[0]
        self._end_deal(self._next_dealer({seat: self._take_unshown(seat)}))

    def _take_unshown(self, seat: int) -> int:
        """``seat``, the one left in, takes the pool unshown (law 58), unless a game's claim
        made him show his hand (law 33's jack-pot opener); what it took."""
        won = self._claims({seat: self._pot()})
        how = "uncalled, after showing his cards" if seat in self._shown else "unshown"
        self._pay([Payment(self.POOL, self.names[seat], won[seat])], f"p{seat} takes the pool {how}")
        return won[seat]

    def _pot(self) -> int:
        """The counters this deal may win: the pool less what is paid for the next deal."""
        return self._ledger._balances[self.POOL] - self._next_carry

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
        self._carry = self._ledger._balances[self.POOL]
        super()._close_deal(last)

    def _out_seats(self) -> list[int]:
        """The seats that sit out of the next deal (no counters; a table's own reasons)."""
        players_in = self._players_in()
        return [s for s in range(self.players) if s not in players_in]

    # -- observations and the codec -------------------------------------------------------------

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know now: its own hand, the cards face up or shown, every
        count of cards and counters, and the game's own public state
        (:meth:`_own_observation`, the declared pieces)."""
        me = self._check_seat(seat)
        bets = self._bets
        obs = self._table_view(me)  # type: ignore[arg-type]
        obs.update({
            **self._hands_view(me),  # type: ignore[arg-type]
            "live": tuple(bets.live),
            "stakes": tuple(bets.stake),
            "pool": self._ledger._balances[self.POOL],
            "carry": self._carry,
            "owed": bets.owed(me) if self._phase == BET else 0,  # type: ignore[arg-type]
            "limit": self.options.limit,
            **self._own_observation(me),  # type: ignore[arg-type]
            **self._declared_observation(),
        })  # fmt: skip
        return obs

    def _own_observation(self, seat: int) -> dict[str, Any]:
        """The observation's keys of the game's own that no declaration covers."""
        return {}

    def _domains(self) -> Domains:
        limit = self.options.limit
        return [(Fold, {}), (Check, {}), (Call, {}), (Raise, {"by": range(1, limit + 1)}), *self._own_domains()]

    def _own_domains(self) -> list[tuple[type, Mapping[str, Any]]]:
        return []

    _SCALARS: ClassVar[int] = 6
    """Per seat: in the deal, still in, cards held, stake, counters, the dealer (and the
    game's own, :meth:`_seat_scalars`)."""

    def observation_size(self) -> int:
        return 52 + 52 * self.players + self._SCALARS * self.players + len(self.PHASES) + 4 + self._declared_size()

    def _seat_scalars(self, seat: int) -> tuple[float, ...]:
        """The game's own features of ``seat`` among its per-seat scalars (before the dealer
        flag): ``_SCALARS - 6`` of them."""
        return ()

    def encode(self, seat: int) -> npt.NDArray[np.float32]:
        """``seat``'s observation as floats (docs/protocol.md): its own cards (52 one-hot);
        per seat from its own, the cards it can see face up or shown (52 one-hot); per seat,
        in the deal, still in, cards held, stake, counters (both over the starting counters),
        the game's own per-seat features, the dealer; the phase (one-hot); the pool, the carry
        and the owed amount over the starting counters, the limit over them; then the
        declared pieces' features."""
        import numpy as np

        me = self._check_seat(seat)
        players = self.players
        v = np.zeros(self.observation_size(), dtype=np.float32)
        base = self._encode_cards(v, me)  # type: ignore[arg-type]
        scale = 1.0 / self.options.counters
        live = set(self._bets.live)
        bets, width = self._bets, self._SCALARS
        for k in range(players):
            s = (me + k) % players  # type: ignore[operator]
            v[base:base + width] = (self._in[s], s in live, len(self._hands[s]), bets.stake[s] * scale,
                                    self.cash(s) * scale, *self._seat_scalars(s), s == self._dealer)  # fmt: skip
            base += width
        v[base + self.PHASES.index(self._phase)] = 1.0
        base += len(self.PHASES)
        owed = bets.owed(me) if self._phase == BET else 0  # type: ignore[arg-type]
        v[base:base + 4] = (self._ledger._balances[self.POOL] * scale, self._carry * scale, owed * scale,
                            self.options.limit * scale)  # fmt: skip
        base += 4
        own = self._declared_features(me, scale)  # type: ignore[arg-type]
        v[base:base + len(own)] = own
        return v

    # -- copies and documents ------------------------------------------------------------------

    _LISTS: ClassVar[tuple[str, ...]] = (*HandTable._LISTS, "_blinds")

    def _copy_table(self, twin: Any) -> None:
        """The hands (:meth:`HandTable._copy_table`) and the betting."""
        twin._bets = self._bets.copy()
        super()._copy_table(twin)

    def _summary(self) -> dict[str, Any]:
        return {**super()._summary(), "stakes": list(self._bets.stake),
                "live": list(self._bets.live)}  # fmt: skip
