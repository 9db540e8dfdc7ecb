"""English Draw Poker, laws 19-64 (``new_game("draw_poker", ...)``).

Follows seed ``000_090407a6d9d4a9ee.txt``, laws 19-64, with the hands ranked by
laws 65-76 through :mod:`pycards.poker` (profile ``english`` unless the option
``profile`` says otherwise); docs/rules.md section 6.2 gives every decision
taken where the laws are silent. A deal goes:

1. The ante (law 20): the player on the dealer's left stakes ``ante``. The
   player on the ante's left may straddle (:class:`Straddle`), each straddle
   adding the ante to the last, and the players after him in turn, ending with
   the dealer, may each straddle again (laws 21-22): one who declines leaves
   the right to the next, but if the first declines nobody straddles; ante and
   straddles never stand above half the limit.
2. Five cards to each, face down, from the dealer's left.
3. The first say: left of the ante, or of the last straddler (laws 23-24). A
   player opens by staking at least double the ante or last straddle (law 25),
   and each after him makes good, raises within the limit, or passes, retiring
   (laws 26-27). If nobody opens, the pool stays and the next deal is a
   jack-pot (law 29).
4. The draw from the dealer's left (laws 34-51, :class:`~pycards.games.poker.table.Discard`
   and :class:`~pycards.games.poker.table.Demand`; law 41 when the pack runs short).
5. Betting from the ante's left (laws 52-57); the show (laws 58-64).

Jack-pots (laws 29-33): every player antes (dead money: no stake to make good),
no straddles, and nobody may open without two knaves or better in his original
hand; an unopened jack-pot is followed by one needing two queens, then two
kings, the series repeating. The first say is still on the left of the player
left of the dealer (the ante's place), who bets first after the draw. A player
may open without the hand (his choice); the opener who wins shows his hand as
dealt (the hand he holds, if the short pack of law 41 shuffled his discards to
deal them again), and without the openers he cannot claim the pool, pays double
the ante into it, and the next deal is a jack-pot as if this one had not been
opened (law 33).

Decisions where the laws are silent (docs/rules.md section 6.2): before the
game is opened a player opens or passes (retiring, law 27), in jack-pots too;
"the amount of ante" is the agreed ante, even when the ante-man could put in
less (laws 21 and 25); every player still in and holding counters has his say
to open (law 29: "not opened by any player"), though nobody could answer: the
last to say when all the others have passed (he then takes the pool unshown,
law 58), or one whose only adversaries are all in from their ante or straddles
(the deal goes on without a bet to the draw and the show, where each all-in
player has his show for what he put in, law 60); else the deal is unopened;
after the draw the first to say
makes good (stakes nothing more: :class:`~pycards.games.engine.betting.Check`), bets
or passes, and each after him the same until a bet is made (laws 53-54); if all pass
but one, he takes the pool unshown.

>>> from pycards.games import new_game
>>> game = new_game("draw_poker", players=4, seed=3, deals=3)
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[-1] if game.phase == "draw" else game.legal_actions()[0])
>>> sum(game.payoffs().values()), game.deal_number >= 3
(0, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Optional

from pycards.games.base import OVER, Action
from pycards.games.engine.fields import Derived, Flag, Number, Piece, Seat, Seats, Value
from pycards.games.engine.events import Note
from pycards.games.engine.options import Options
from pycards.games.poker.table import BET, DRAW, PokerOptions, PokerTable
from pycards.poker import jackpot_minimum, opens

__all__ = ["STRADDLE", "DrawPoker", "DrawPokerOptions", "Straddle"]

STRADDLE = "straddle"
_PAIR_NAMES = {"J": "knaves", "Q": "queens", "K": "kings"}
_RANK = {"J": 9 / 12, "Q": 10 / 12, "K": 11 / 12}
"""A jack-pot's least opening pair, as the encoding gives it (its rank over the ace's)."""


@dataclass(frozen=True, slots=True)
class Straddle(Action):
    """Straddle (``True``: add the ante to the last straddle, laws 21-22) or decline."""

    straddle: bool


@dataclass(frozen=True)
class DrawPokerOptions(PokerOptions):
    """The terms of English Draw Poker: those of every poker game
    (:class:`~pycards.games.poker.table.PokerOptions`; ``ante`` at most half
    the ``limit``, law 19) and ``straddles`` (whether straddling is allowed)."""

    straddles: bool = True


class DrawPoker(PokerTable):
    """A session of English Draw Poker for 2 to 8 players (see the module docstring)."""

    name: ClassVar[str] = "draw_poker"
    Options: ClassVar[type[Options]] = DrawPokerOptions  # type: ignore[assignment]
    PHASES: ClassVar[tuple[str, ...]] = (STRADDLE, BET, DRAW, OVER)
    actions: ClassVar[tuple[type[Action], ...]] = (*PokerTable.base_actions, Straddle)

    options: DrawPokerOptions

    STATE: ClassVar[tuple[Piece, ...]] = (
        Piece("jackpot", Number(0), lasts="session"),
        # 0 for an ordinary deal, else the number of this jack-pot in its series (laws 30-32)
        Piece("minimum", Derived(lambda game: jackpot_minimum(game._jackpot) if game._jackpot else None,
                                 lambda minimum, seat: (_RANK[minimum] if minimum else 0.0,), 1), lasts="derived"),
        # the least pair that opens this jack-pot
        Piece("opener", Seat()),
        Piece("ante_seat", Number(0, 7)),  # the seat that antes (the eldest hand)
        Piece("straddles", Number(0)),  # straddles made this deal (law 21)
        Piece("next_jackpot", Number(0), seen=False),
        Piece("qualified", Flag(), seen=False),  # the opener of a jack-pot holds openers
        Piece("straddlers", Seats(), seen=False),  # the seats still to be asked to straddle
        Piece("straddled_seat", Number(0), seen=False),
        Piece("after_first", Flag(), seen=False),  # the first betting round is over
        Piece("original", Value(lambda players: [], list), seen=False),
        # each seat's hand as dealt (law 33: the opener's hand is judged on it)
    )

    _jackpot: int
    _opener: Optional[int]
    _ante_seat: int
    _straddles: int
    _next_jackpot: int
    _qualified: bool
    _straddlers: list[int]
    _straddled_seat: int
    _after_first: bool
    _original: list[tuple[int, ...]]

    # -- the deal ---------------------------------------------------------------------------

    def _finish_cards(self) -> None:
        """A deal cut short before the cards were dealt: deal them (the straddles are over)."""
        if not any(self._hands):
            self._straddlers = []
            self._deal_hands()
            self._original = [tuple(h) for h in self._hands]

    def _ante_and_deal(self) -> None:
        seats = self._bets.live
        self._ante_seat = seats[0]
        ante = self.options.ante
        if self._jackpot:
            minimum = jackpot_minimum(self._jackpot)
            self._entries.append(Note(f"jack-pot {self._jackpot}: every player antes; two "
                                      f"{_PAIR_NAMES[minimum]} or better to open (laws 30-32)"))  # fmt: skip
            for seat in seats:
                self._ante(seat, ante, live=False, note="antes for the jack-pot")
            self._deal_and_bet()
            return
        self._ante(self._ante_seat, ante, live=True, note="antes (law 20)")
        self._straddlers = seats[1:] if self.options.straddles else []
        self._phase = STRADDLE
        self._next_straddler()

    def _said(self) -> int:
        """The ante or the last straddle as laws 21 and 25 count them: the agreed ante,
        even if the ante-man, all in, could put in less (he demands a show for what he put
        in, law 60), or the last straddle (a straddler pays it whole)."""
        return max(self._bets.level, self.options.ante)

    def _straddle_amount(self) -> int:
        """Law 21: each straddle increases the last "by the amount of the ante"."""
        return self._said() + self.options.ante

    def _next_straddler(self) -> None:
        """The next seat that may straddle, or the deal once nobody may: straddles end at
        half the limit (law 22); a player who cannot pay the straddle is passed over, but
        if the first, on the ante's left, does not straddle, no other shall (law 21)."""
        bets = self._bets
        while self._straddlers:
            seat = self._straddlers[0]
            amount = self._straddle_amount()
            if 2 * amount > self.options.limit:
                self._straddlers = []
            elif bets.cash[seat] >= amount:
                return
            else:
                self._pass_straddle()
        self._deal_and_bet()

    def _pass_straddle(self) -> None:
        """The seat asked does not straddle: the next may, unless nobody has straddled yet."""
        if self._straddles:
            self._straddlers.pop(0)
        else:
            self._straddlers = []

    def _deal_and_bet(self) -> None:
        self._deal_hands()
        self._original = [tuple(h) for h in self._hands]
        bets = self._bets
        last = self._straddled_seat if self._straddles else self._ante_seat
        first_raise = 2 * self._said() - bets.level  # law 25: the opener stakes at least double
        self._phase = BET
        bets.begin(self._from_left_of(last), self.options.limit, first_raise=first_raise, calls=False, opens=True)

    def _own_turn(self) -> Optional[int]:
        return self._straddlers[0] if self._straddlers else None

    def _own_legal(self) -> list[Action]:
        return [Straddle(True), Straddle(False)]

    def _game_action(self, action: Action, seat: int) -> None:
        if action.straddle:  # type: ignore[attr-defined]
            amount = self._straddle_amount()
            put = amount - self._bets.stake[seat]
            self._ante(seat, put, live=True, note=f"straddles to {amount} (law 21)")
            self._straddles += 1
            self._straddled_seat = seat
            self._straddlers.pop(0)
        else:
            self._pass_straddle()
        self._next_straddler()

    def _phase_over(self) -> None:
        self._next_straddler()

    def _on_raise(self, seat: int, by: int) -> None:
        if not self._after_first and self._opener is None:
            self._opener = seat
            if self._jackpot:
                self._qualified = self._openers_qualify(seat)
        super()._on_raise(seat, by)

    def _openers_qualify(self, seat: int) -> bool:
        """Whether ``seat``'s hand as dealt opens this jack-pot (laws 30-32)."""
        return opens(self._original[seat], jackpot_minimum(self._jackpot), self.options.profile)

    def _relabel_own(self) -> None:
        if self._opener is not None and self._jackpot:
            self._qualified = self._openers_qualify(self._opener)

    def _round_over(self) -> None:
        if not self._after_first:
            if self._opener is None:
                self._unopened()
                return
            self._after_first = True
            self._begin_draw()
            return
        self._show()

    def _after_draw(self) -> None:
        self._phase = BET
        self._bets.begin(self._from_left_of(self._ante_seat), self.options.limit, checks=True)  # laws 53-54

    def _uncontested(self) -> None:
        if self._opener is None:
            self._unopened()
        else:
            super()._uncontested()

    def _unopened(self) -> None:
        """Law 29 (and 31): nobody opened; the pool stays and the next deal is a jack-pot."""
        self._next_jackpot = self._jackpot + 1
        self._carry_over("nobody opens (law 29)")

    def _claims(self, won: dict[int, int]) -> dict[int, int]:
        """Law 33: the opener of a jack-pot who wins shows his hand; without the least hand
        that could open it, he cannot claim the pool and pays double the ante into it."""
        opener = self._opener
        self._next_jackpot = 0
        if not self._jackpot or opener is None or not won.get(opener):
            return won
        # law 33: "he shall show his hand": as dealt, which law 30 judges; but if the short pack
        # (law 41) shuffled his discards to deal them again, they may lie in others' hands
        # (law 28: seen by nobody), so he shows the hand he holds
        hand = tuple(self._hands[opener]) if self._discards_shuffled else self._original[opener]
        if not set(hand) <= set(self._shown.get(opener, ())):
            self._reveal(opener, hand)
        if self._qualified:
            return won
        self._entries.append(Note(f"p{opener} opened the jack-pot without two {_PAIR_NAMES[jackpot_minimum(self._jackpot)]}"
                                  " or better: he cannot claim the pool (law 33)"))  # fmt: skip
        self._penalty(opener, 2 * self.options.ante, "pays double the ante as a penalty (law 33)")
        self._next_jackpot = self._jackpot + 1
        return {**won, opener: 0}

    def _on_deal_ended(self) -> None:
        self._jackpot, self._next_jackpot = self._next_jackpot, 0

    def _extra_decisions(self) -> int:
        return self.players

    # -- views, codec, state --------------------------------------------------------------------

    def _game_domains(self) -> list[tuple[type, Mapping[str, Any]]]:
        return [(Straddle, {"straddle": (False, True)})]


