"""What the English Commerce games share: the stake, the ranking, the pack.

Seed ``002_93c3d51ac699f33f.txt``, "COMMERCE": "Commerce is usually played with the full
pack of fifty-two cards, but if the number of players does not exceed seven the smaller
pack of thirty-two may be used"; "There is only one stake recognised in the game"; and
LIMITED COMMERCE: "It may be agreed that only the Tricon, Sequence, Flush, and Point shall
be recognised in the game, or even Tricon, Sequence, and Point only". The modern game
(:mod:`.commerce`) and the old game with Pool Commerce (:mod:`.old_commerce`) stand on
:class:`EnglishTable`; "The deal is decided and the cards are distributed in the same way"
in both.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from pycards.commerce import evaluate
from pycards.errors import GameOptionError
from pycards.games.engine.exchange_table import ExchangeOptions, ExchangeTable
from pycards.games.engine.options import Range
from pycards.games.engine.pack import FULL, SHORT, Pack, seed_key

__all__ = ["SHORT_PACK_PLAYERS", "EnglishTable", "EnglishTerms"]

SHORT_PACK_PLAYERS = 7
"""The most players of the 32-card pack ("say seven with the thirty-two cards")."""


@dataclass(frozen=True)
class EnglishTerms(ExchangeOptions):
    """The terms of the English Commerce games: those of every exchange game
    (:class:`~pycards.games.engine.exchange_table.ExchangeOptions`), ``stake`` (1..10**6),
    ``ranking`` (``"english"``, or Limited Commerce's ``"limited"`` and
    ``"limited_strict"``, docs/rules.md 3.1-3.2) and ``short_pack`` (the 32 cards, for up
    to seven players)."""

    stake: Annotated[int, Range(1, 10**6)] = 1
    ranking: Literal["english", "limited", "limited_strict"] = "english"
    short_pack: bool = False


class EnglishTable(ExchangeTable):
    """Base of the English Commerce drivers: the pack, and the hands by the ranking agreed."""

    options: Any
    """The game's terms: an :class:`EnglishTerms`."""
    MAX_PLAYERS: ClassVar[int] = 12

    def _check_terms(self) -> None:
        if self.options.short_pack and self.players > SHORT_PACK_PLAYERS:
            raise GameOptionError(f"the 32-card pack is for up to {SHORT_PACK_PLAYERS} players, not {self.players}")

    def _make_pack(self, seed: int) -> Pack:
        return Pack(SHORT if self.options.short_pack else FULL, seed_key(seed))

    def _strength(self, seat: int) -> int:
        return evaluate(self._hands[seat], self.options.ranking)

    def _own_observation(self, seat: int) -> dict[str, Any]:
        return {"stake": self.options.stake, "ranking": self.options.ranking}
