"""American jack pots, laws 40-46 (``new_game("jack_pots", ...)``).

Follows seed ``004_7d6a6396833e304f.txt`` (laws 39-46 of its Draw Poker) with
the hands ranked by profile ``american`` unless the option ``profile`` says
otherwise; docs/rules.md section 6.3 gives the decisions taken where the text
is silent. Every pot is a jack pot: nobody may open it without a pair of jacks
or better (a player may open without them: that is his choice, and the laws
punish it). A deal goes:

1. Every player antes ``ante``, except those whose ante another paid (below).
2. Five cards each, face down, from the dealer's left.
3. From the dealer's left, each player opens for an amount within the limit
   (:class:`~pycards.games.engine.betting.Raise`) or passes and keeps his hand
   (:class:`~pycards.games.engine.betting.Check`). Every player still holding
   cards has his say, the last one too when all the others have thrown their
   hands away (he may open though nobody is left to come in: he then takes the
   pool, showing his openers, law 45) or are all in from their antes. Nobody
   opens: "fattening" (law 40: "If no player will open"): the same dealer deals
   again and each player adds ``fatten`` counters. Once it is opened, each
   player in turn, those who passed on the opener's right included, comes in
   (:class:`~pycards.games.engine.betting.Call`), raises, or abandons his hand
   (law 41).
4. Raising the opener (law 42): an opener who abandons his hand before the
   draw shows it whole (:class:`~pycards.games.engine.betting.Fold`), or declines
   to (:class:`Conceal`) and pays an ante for every other player "for another
   jack".
5. The draw from the dealer's left (law 43). The opener's discard goes under
   the chips, so that he may split his openers; it is never gathered into a
   reshuffle when the pack runs short.
6. The opener bets first, or the first player still in on his left (law 45);
   whoever declines to bet abandons his hand; the opener shows his openers
   when he abandons his hand. If no bet is called, the last player holding
   cards takes the pool unshown (the opener shows his openers to take it).
7. At the call, each player in turn from the left of the last to act shows his
   hand (:class:`Show`) or declines (:class:`Conceal`), paying an ante for every
   other player for another jack (law 45).

A false opener (law 44) is found out when he shows his openers: his hand is
foul and cannot win; found out after the draw, he also pays an ante for every
other player for another jack. Those who came in play on for the pool (law 39).
Shy bets (law 46) are not simulated: every bet is put up.

>>> from pycards.games import new_game
>>> game = new_game("jack_pots", players=4, seed=5, deals=2)
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[0])
>>> sum(game.payoffs().values())
0
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal, Optional

from pycards.errors import StateError
from pycards.games.base import OVER, Action
from pycards.games.engine.betting import FOLD
from pycards.games.engine.events import Note
from pycards.games.engine.fields import Flag, PerSeat, Piece, Seat, Seats, Value
from pycards.games.engine.options import Options, Range
from pycards.games.poker.table import APART, BET, DRAW, PokerOptions, PokerTable
from pycards.poker import opens

__all__ = ["SHOW", "Conceal", "JackPots", "JackPotsOptions", "Show"]

SHOW = "show"
MINIMUM = "J"
"""The least pair that opens a jack pot."""


@dataclass(frozen=True, slots=True)
class Show(Action):
    """Show the hand at the call (law 45)."""


@dataclass(frozen=True, slots=True)
class Conceal(Action):
    """Decline to show the hand: abandon it and ante for every other player for another
    jack (law 42 for the opener who meets no raise, law 45 at the call)."""


@dataclass(frozen=True)
class JackPotsOptions(PokerOptions):
    """The terms of American jack pots: those of every poker game
    (:class:`~pycards.games.poker.table.PokerOptions`, profile ``american`` by
    default) and ``fatten`` (1..500), what each player adds to an unopened pot
    (law 40: "each player adds one counter")."""

    profile: Literal["english", "american", "no_straight_flush"] = "american"
    fatten: Annotated[int, Range(1, 500)] = 1


class JackPots(PokerTable):
    """A session of American jack pots for 2 to 8 players (see the module docstring)."""

    name: ClassVar[str] = "jack_pots"
    Options: ClassVar[type[Options]] = JackPotsOptions  # type: ignore[assignment]
    PHASES: ClassVar[tuple[str, ...]] = (BET, DRAW, SHOW, OVER)
    actions: ClassVar[tuple[type[Action], ...]] = (*PokerTable.base_actions, Show, Conceal)

    options: JackPotsOptions

    STATE: ClassVar[tuple[Piece, ...]] = (
        Piece("opener", Seat()),
        Piece("fattening", Flag(), lasts="session"),  # this deal fattens an unopened pot (law 40)
        Piece("prepaid", PerSeat(0, 1), lasts="session"),
        # per seat, antes another player has paid for it "for another jack"
        Piece("fatten_next", Flag(), seen=False),  # this deal was not opened: the next fattens it
        Piece("qualified", Flag(), seen=False),  # the opener holds openers
        Piece("drawn_yet", Flag(), seen=False),
        Piece("showers", Seats(), seen=False),  # the seats still to show at the call
        Piece("concealed", Seats(), seen=False),  # the seats that declined to show
        Piece("original", Value(lambda players: [], list), seen=False),  # each hand as dealt
    )

    _opener: Optional[int]
    _fattening: bool
    _prepaid: list[int]
    _fatten_next: bool
    _qualified: bool
    _drawn_yet: bool
    _original: list[tuple[int, ...]]
    _showers: list[int]
    _concealed: list[int]

    # -- the deal ---------------------------------------------------------------------------

    def _ante_and_deal(self) -> None:
        seats = list(self._bets.live)
        amount = self.options.fatten if self._fattening else self.options.ante
        for seat in seats:
            if self._prepaid[seat] and not self._fattening:
                self._prepaid[seat] = 0
                self._entries.append(Note(f"p{seat}'s ante was paid for him"))
            else:
                self._ante(seat, amount, live=False, note="fattens the pot (law 40)" if self._fattening else "antes")
        self._deal_hands()
        self._original = [tuple(h) for h in self._hands]
        self._bets.begin(self._from_left_of(self._dealer), self.options.limit, checks=True, opens=True)  # law 40

    def _on_raise(self, seat: int, by: int) -> None:
        if self._opener is None:
            self._opener = seat
            self._qualified = self._openers_qualify(seat)
        super()._on_raise(seat, by)

    def _openers_qualify(self, seat: int) -> bool:
        """Whether ``seat``'s hand as dealt holds openers (laws 40-42)."""
        return opens(self._original[seat], MINIMUM, self.options.profile)

    def _relabel_own(self) -> None:
        if self._opener is not None:
            self._qualified = self._openers_qualify(self._opener)

    def _openers_shown(self, seat: int) -> bool:
        """The opener shows his openers (his hand as dealt: the cards he kept and his discard
        under the chips, never the cards he drew); whether they open. A false opener's hand
        is foul (law 44), and found out after the draw he pays for another jack."""
        self._reveal(seat, self._original[seat])
        if self._qualified:
            return True
        self._foul[seat] = True
        self._entries.append(Note(f"p{seat} opened without jacks or better: a foul hand (law 44)"))
        if self._drawn_yet:
            self._for_another_jack(seat)
        return False

    def _for_another_jack(self, seat: int) -> None:
        """``seat`` antes for every other player of the next deal ("for another jack"): their
        antes of the next deal are paid, as many as the counters he could pay cover (from
        his left); counters paid twice for one player simply stay in the pool."""
        others = self._from_left_of_all(seat)
        paid = self._penalty(seat, self.options.ante * len(others), "antes for every other player for another jack")
        for other in others[:paid // self.options.ante]:
            self._prepaid[other] = 1

    def _from_left_of_all(self, seat: int) -> list[int]:
        """The other seats dealt into this deal, from ``seat``'s left."""
        return [s for s in self._turn_from(seat) if s != seat and self._in[s]]

    def _on_fold(self, seat: int) -> None:
        if seat == self._opener:
            if self._drawn_yet:
                self._openers_shown(seat)  # law 45: he shows his openers
            else:
                self._reveal(seat)  # law 42: he shows his entire hand
                if not self._qualified:
                    self._foul[seat] = True
        super()._on_fold(seat)

    def _round_over(self) -> None:
        if not self._drawn_yet:
            if self._opener is None:
                self._unopened()
                return
            self._drawn_yet = True
            self._begin_draw()
            return
        self._phase = SHOW
        self._showers = self._show_order()

    def _unopened(self) -> None:
        """Law 40: nobody opens; the same dealer deals again and the pot is fattened."""
        self._fatten_next = True
        self._carry_over("nobody opens: the pot is fattened and dealt again (law 40)")

    def _keep_discard(self, seat: int, cards: list[int]) -> None:
        if seat == self._opener:
            self._move_out(seat, cards, APART)
            self._apart.extend(cards)  # under the chips (law 43)
        else:
            super()._keep_discard(seat, cards)

    def _after_draw(self) -> None:
        self._phase = BET
        opener = self._opener
        assert opener is not None
        first = opener if opener in self._bets.live else self._from_left_of(opener)[0]
        self._bets.begin(self._from_left_of((first - 1) % self.players), self.options.limit)

    def _own_turn(self) -> Optional[int]:
        return self._showers[0] if self._showers else None

    def _own_legal(self) -> list[Action]:
        if self._phase == SHOW:
            return [Show(), Conceal()]
        seat = self.to_act
        if seat == self._opener and not self._drawn_yet and self._bets.owed(seat) > 0:  # type: ignore[arg-type]
            return [Conceal()]
        return []

    def legal_actions(self) -> list[Action]:
        legal = super().legal_actions()
        if self._phase == BET:
            legal.extend(self._own_legal())
        return legal

    def _legal(self, key: tuple[Any, ...]) -> bool:
        if key[0] is Conceal or key[0] is Show:
            return any(a.key() == key for a in self._own_legal())
        if self._phase == SHOW:
            return False
        return super()._legal(key)

    def _game_action(self, action: Action, seat: int) -> None:
        if type(action) is Conceal:
            self._entries.append(Note(f"p{seat} declines to show his hand"))
            self._for_another_jack(seat)
            if self._phase == SHOW:
                self._showers.pop(0)
                self._concealed.append(seat)
            else:
                self._bets.act(FOLD)
                self._throw_down(seat)
            return
        self._showers.pop(0)
        if seat == self._opener:  # his openers, then "his entire hand, whether it is the best or not"
            self._openers_shown(seat)
        self._reveal(seat)

    def _phase_over(self) -> None:
        """Everyone in the call has shown or declined: divide the pool."""
        live = self._bets.live
        strengths = {s: (self._strength(s) if s in live and s not in self._concealed else None)
                     for s in self._dealt_in()}  # fmt: skip
        self._divide(strengths)

    def _show(self) -> None:
        """The deal cut short: everyone still in (still to show, at the call) shows."""
        self._entries.append(Note("the show"))
        showers = self._showers if self._phase == SHOW else self._show_order()
        self._showers = []
        for seat in showers:
            if seat == self._opener:
                self._openers_shown(seat)
            self._reveal(seat)
        self._phase_over()

    def _uncontested(self) -> None:
        if self._opener is None:
            self._unopened()
            return
        seat = self._bets.live[0] if self._bets.live else None
        if seat is not None and seat == self._opener and seat not in self._shown and not self._openers_shown(seat):
            self._bets.retire(seat)
            self._carry_over("the opener's hand is foul")
            return
        super()._uncontested()

    def _on_deal_ended(self) -> None:
        self._fattening, self._fatten_next = self._fatten_next, False

    def _next_dealer(self, won: Mapping[int, int]) -> int:
        """The same dealer deals a fattened pot again (law 40); else the deal passes left
        (a deal cut short before it was opened, its pool won at the show, too)."""
        return self._dealer if self._fatten_next else super()._next_dealer(won)

    def _extra_decisions(self) -> int:
        return 2 * self.players

    # -- views, codec, state --------------------------------------------------------------------

    def _game_domains(self) -> list[tuple[type, Mapping[str, Any]]]:
        return [(Show, {}), (Conceal, {})]

    def _check_session(self) -> None:
        if self._fattening and not self._session.deals:
            raise StateError("document.deal.game.fattening: the first deal has no unopened deal before it")
