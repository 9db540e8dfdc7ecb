"""American Brag (``new_game("american_brag", ...)``): the lose-and-drop-out brag of seed 004.

Seed ``004_7d6a6396833e304f.txt``, "American Brag"; docs/rules.md, "Brag". The deal and
the betting are single Brag's (:mod:`pycards.games.brag.single`), with the American
braggers: "the Jacks and nines of each suit, and they are all of equal rank when used as
braggers" (:mod:`pycards.brag`, profile ``american``). Then:

* "If the players simply equal the dealer's ante, nothing unusual occurs, and all the
  hands are shown at once."
* "But if any player raises, and another sees this raise, these two immediately exchange
  hands, without showing them to the other players": a private show (each of the two
  sees the other's cards, nobody else does). "The one who held the worse hand retires
  from that pool, returning the better hand to its original holder, who then awaits a
  call or raise from the next player in order, the entire amount staked still remaining
  in the pool." Equal hands ("three Jacks and three nines are a tie"): the elder hand,
  the nearer the dealer's left, stays (as the American games give ties to the eldest).
  Who exchanges: a player who sees a raise exchanges with the *bragger*, the player (not
  the dealer) whose raise is to be seen: the last to raise, or the survivor of the last
  exchange (all in or not); if the raise seen is the dealer's and no player has bragged
  yet, the caller becomes the bragger.
* "This lose-and-drop-out system is continued until only one player remains to dispute
  the pool with the dealer. If they come to a call, both hands are shown to the table.
  If the bragger is not called, he takes the pool without showing his hand." The dealer
  seeing a raise shows nothing privately: his call brings the show.

>>> from pycards.games import new_game
>>> game = new_game("american_brag", players=4, seed=7, dealer=0, deals=3)
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[-1])
>>> sum(game.payoffs().values()), game.ledger.balance("pool")
(0, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Optional

from pycards.brag import evaluate
from pycards.games.brag.single import Brag
from pycards.games.engine.events import Note, Shown
from pycards.games.engine.fields import Piece, Seat, Seats

__all__ = ["AmericanBrag"]


class AmericanBrag(Brag):
    """A session of American Brag for 3 to 12 players (see the module docstring)."""

    name: ClassVar[str] = "american_brag"
    PROFILE: ClassVar[str] = "american"
    STATE: ClassVar[tuple[Piece, ...]] = (*Brag.STATE, Piece("bragger", Seat()), Piece("retired", Seats()))
    """Besides the dealer's ante, the bragger: the player (not the dealer) whose raise is to
    be seen, the last to raise or the better of the last two to exchange hands (None: none);
    and the players who retired from exchanges, holding the worse hand, in turn."""

    _bragger: Optional[int]
    _retired: list[int]

    def _clear_deal(self) -> None:
        super()._clear_deal()
        self._seen: dict[int, dict[int, tuple[int, ...]]] = {}
        """What each seat has been shown privately in this deal: the other's hand, by seat."""
        self._exchanges: list[tuple[tuple[int, ...], tuple[int, ...], bool]] = []
        """Each exchange of the deal: the elder's hand, the other's, whether the elder stayed."""

    def _on_raise(self, seat: int, by: int) -> None:
        super()._on_raise(seat, by)
        if seat != self._dealer:
            self._bragger = seat

    def _on_call(self, seat: int) -> None:
        """A player sees a raise: he and the bragger exchange hands (if there is none, the
        dealer's raise is seen: the caller is the bragger now). Meeting the ante, nobody
        having raised it, and the dealer's calls are plain calls."""
        raised = self._bets.level > self._dealer_ante
        super()._on_call(seat)
        if seat == self._dealer or not raised:
            return
        bragger = self._bragger
        if bragger is None or bragger not in self._bets.live:
            self._bragger = seat
        elif bragger != seat:  # the bragger himself sees the dealer's raise: nobody to exchange with
            self._bragger = self._exchange(bragger, seat)

    def _exchange(self, bragger: int, caller: int) -> int:
        """The two exchange hands unseen by the others; the worse retires (equal: the elder
        stays), the better returns to its holder, who is returned."""
        first, second = sorted((bragger, caller), key=self._dealt_in().index)
        audience = (first, second)
        self._entries.append(Note(f"p{caller} sees p{bragger}'s raise: they exchange hands unseen"))
        hands = self._hands
        for seat, other in ((first, second), (second, first)):
            self._entries.append(Shown(seat, 0, tuple(hands[seat]), audience))
            self._seen.setdefault(other, {})[seat] = tuple(hands[seat])
        elder_stays = self._elder_stays(hands[first], hands[second])
        self._exchanges.append((tuple(hands[first]), tuple(hands[second]), elder_stays))
        loser, winner = (second, first) if elder_stays else (first, second)
        self._entries.append(Note(f"p{loser} holds the worse hand and retires"))
        self._retired.append(loser)
        self._throw_down(loser)
        return winner

    def _elder_stays(self, elder: Sequence[int], other: Sequence[int]) -> bool:
        """Whether the elder hand stays after an exchange: his hand is at least as good."""
        return evaluate(elder, self.PROFILE) >= evaluate(other, self.PROFILE)

    def _fits(self, names: Mapping[int, int]) -> bool:
        """A copy's cards must give every exchange of the deal the outcome the table heard."""
        def new(cards: tuple[int, ...]) -> list[int]:
            return [names.get(card, card) for card in cards]

        return all(self._elder_stays(new(elder), new(other)) == stayed for elder, other, stayed in self._exchanges)

    def _own_observation(self, seat: int) -> dict[str, Any]:
        """``seen``: the hands ``seat`` was shown privately in this deal, by their holder."""
        return {**super()._own_observation(seat), "seen": dict(self._seen.get(seat, {}))}

    def _copy_own(self, twin: Any) -> None:
        twin._seen = {seat: dict(hands) for seat, hands in self._seen.items()}
        twin._exchanges = list(self._exchanges)

    def _relabel_kept(self, new: Any) -> None:
        self._seen = {seat: {s: tuple(new(cards)) for s, cards in hands.items()} for seat, hands in self._seen.items()}
        self._exchanges = [(tuple(new(a)), tuple(new(b)), stayed) for a, b, stayed in self._exchanges]

    def encode(self, seat: int) -> Any:
        """The betting table's encoding, the hands ``seat`` was shown privately among the cards
        it sees of each seat."""
        v = super().encode(seat)
        players = self.players
        for other, cards in self._seen.get(seat, {}).items():
            start = 52 + 52 * ((other - seat) % players)
            for card in cards:
                v[start + card] = 1.0
        return v
