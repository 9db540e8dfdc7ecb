"""Stud Poker, in both forms of the text (``new_game("stud_poker", ...)``).

Follows the Stud Poker text of seed ``004_7d6a6396833e304f.txt``: "The
arrangements for the cards, seats, antes, buck, etc., are precisely as at
Straight Poker" (:mod:`pycards.games.poker.straight`), hands ranked by profile
``no_straight_flush`` ("Straight flushes do not count") unless the option
``profile`` says otherwise; docs/rules.md section 6.3. The option ``form``:

``"by_card"`` (the default: "a much more popular method")
    One card face down and one face up to each; a betting round led by the
    best hand showing (:func:`pycards.poker.showing`: pairs, two pairs, threes
    and fours, then the high cards; no sequence or flush on fewer than five
    cards; equal showings: the one nearest the dealer's left bets first). The
    leader bets or abandons his hand, and so does each after him until a bet is
    made; then each in turn meets it, raises it, or passes out of the pool. "If
    no one will call, the player making the bet takes the pool, and the next
    deal." Those still in get another card face up and bet again, led by the
    best showing, until they hold five; then the down cards are shown.
``"one_round"``
    One card face down and four face up to each, then one betting round as at
    Straight Poker, "each player having the privilege of passing once before a
    bet is made" (should all pass, the next holder of the buck antes again).

>>> from pycards.games import new_game
>>> game = new_game("stud_poker", players=4, seed=9, deals=3)
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[-1])
>>> sum(game.payoffs().values())
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from pycards.games.engine.fields import Derived, Piece
from pycards.games.engine.options import Options
from pycards.games.poker.table import HAND
from pycards.games.poker.straight import StraightPoker, StraightPokerOptions
from pycards.poker import showing

__all__ = ["StudPoker", "StudPokerOptions"]


@dataclass(frozen=True)
class StudPokerOptions(StraightPokerOptions):
    """The terms of Stud Poker: those of Straight Poker and ``form``, ``"by_card"`` or
    ``"one_round"`` (the two methods of the text, see the module docstring)."""

    form: Literal["by_card", "one_round"] = "by_card"


class StudPoker(StraightPoker):
    """A session of Stud Poker for 2 to 8 players (see the module docstring)."""

    name: ClassVar[str] = "stud_poker"
    Options: ClassVar[type[Options]] = StudPokerOptions

    STATE: ClassVar[tuple[Piece, ...]] = (
        *StraightPoker.STATE,
        Piece("form", Derived(lambda game: game.options.form, lambda form, seat: (float(form == "by_card"),), 1),
              lasts="derived"),  # the form of the game, which says what the streets are
    )

    options: StudPokerOptions

    def _deal_cards(self) -> None:
        if self.options.form == "one_round":
            self._deal_hands((False, True, True, True, True))
        else:
            self._deal_hands((False, True))

    def _first_round(self) -> None:
        if self.options.form == "one_round":
            super()._first_round()
        else:
            self._betting_round()

    def _leader(self) -> int:
        """The best hand showing among the seats still in that may bet (one all in cannot:
        the best showing of the others leads); equal: nearest the dealer's left."""
        live = set(self._bets.live)
        seats = [s for s in self._turn_from(self._dealer) if s in live]
        betting = [s for s in seats if self._bets.cash[s] > 0] or seats
        return max(betting, key=lambda s: (showing(self._up[s]), -seats.index(s)))

    def _betting_round(self) -> None:
        leader = self._leader()
        self._bets.begin(self._from_left_of((leader - 1) % self.players), self.options.limit)

    def _round_over(self) -> None:
        if self.options.form == "one_round":
            super()._round_over()
            return
        if len(self._hands[self._bets.live[0]]) == HAND:
            self._show()
            return
        self._deal_street()
        self._betting_round()

    def _deal_street(self) -> None:
        """Another card face up to each seat still in, from the dealer's left."""
        live = set(self._bets.live)
        for seat in self._turn_from(self._dealer):
            if seat in live:
                self._deal_card(seat, face_up=True)

    def _finish_cards(self) -> None:
        while self._bets.live and len(self._hands[self._bets.live[0]]) < HAND:
            self._deal_street()

    def _rounds(self) -> int:
        return 4 if self.options.form == "by_card" else 1

