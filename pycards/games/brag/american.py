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

from typing import Any, ClassVar, Optional

from pycards.brag import evaluate
from pycards.games.brag.single import Brag
from pycards.games.engine.events import Note, Shown

__all__ = ["AmericanBrag"]


class AmericanBrag(Brag):
    """A session of American Brag for 3 to 12 players (see the module docstring)."""

    name: ClassVar[str] = "american_brag"
    PROFILE: ClassVar[str] = "american"

    def _clear_deal(self) -> None:
        super()._clear_deal()
        self._seen: dict[int, dict[int, tuple[int, ...]]] = {}
        """What each seat has been shown privately in this deal: the other's hand, by seat."""

    def _rival(self, seat: int) -> Optional[int]:
        """The player (not the dealer) still in whose stake stands at the highest, other than
        ``seat``, once a player has raised: the bragger ``seat`` sees by calling."""
        bets, dealer = self._bets, self._dealer
        if bets.level == self._dealer_ante:
            return None  # nobody has raised the ante
        return next((s for s in bets.live if s != seat and s != dealer and bets.stake[s] == bets.level), None)

    def _on_call(self, seat: int) -> None:
        rival = self._rival(seat) if seat != self._dealer else None
        super()._on_call(seat)
        if rival is not None:
            self._exchange(rival, seat)

    def _exchange(self, bragger: int, caller: int) -> None:
        """The two exchange hands unseen by the others; the worse retires (equal: the elder
        stays), the better returns to its holder."""
        first, second = sorted((bragger, caller), key=self._dealt_in().index)
        audience = (first, second)
        self._entries.append(Note(f"p{caller} sees p{bragger}'s raise: they exchange hands unseen"))
        hands = self._hands
        for seat, other in ((first, second), (second, first)):
            self._entries.append(Shown(seat, 0, tuple(hands[seat]), audience))
            self._seen.setdefault(other, {})[seat] = tuple(hands[seat])
        loser = second if evaluate(hands[first], self.PROFILE) >= evaluate(hands[second], self.PROFILE) else first
        self._entries.append(Note(f"p{loser} holds the worse hand and retires"))
        self._throw_down(loser)

    def _own_observation(self, seat: int) -> dict[str, Any]:
        """``seen``: the hands ``seat`` was shown privately in this deal, by their holder."""
        return {**super()._own_observation(seat), "seen": dict(self._seen.get(seat, {}))}

    def _copy_own(self, twin: Any) -> None:
        twin._seen = {seat: dict(hands) for seat, hands in self._seen.items()}

    def _relabel_kept(self, new: Any) -> None:
        self._seen = {seat: {s: tuple(new(cards)) for s, cards in hands.items()} for seat, hands in self._seen.items()}

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
