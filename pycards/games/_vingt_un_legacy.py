"""Vingt-un, played through: the game driver (``new_game("vingt_un", ...)``).

Follows the Vingt-un text of seeds ``000_090407a6d9d4a9ee.txt`` and
``002_93c3d51ac699f33f.txt`` (docs/rules.md section 4). A round (a "hand of the
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

The rules run in C, in :class:`pycards.games._vingt_un_table.Table`; this module
adds the options, the set-up and JSON. Each shuffle is a Fisher-Yates shuffle
drawn from a SplitMix64 stream keyed by the seed (hashed with BLAKE2b) and the
number of the shuffle, so a seed gives the same game on every platform.

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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal, Optional

from pycards.games._vingt_un_table import Table, points
from pycards.cards import parse
from pycards.errors import GameOptionError
from pycards.games._vingt_un_actions import (
    ACCEPT, CALL, CONTENT, DECLINE, DRAW, KEEP, NO_CALL, AcceptSale, Content, DeclineSale, Divide,
    Double, Draw, HandState, HandView, KeepDeal, SellDeal, Stake,
)  # fmt: skip
from pycards.games._legacy_base import Action, Game, Record
from pycards.settlement import Ledger, Payment

__all__ = [
    "ACCEPT", "CALL", "CONTENT", "DECLINE", "DRAW", "KEEP", "NO_CALL",
    "AcceptSale", "Content", "DeclineSale", "Divide", "Double", "Draw", "HandState", "HandView",
    "KeepDeal", "SellDeal", "Stake", "VingtUn", "VingtUnOptions", "points",
]  # fmt: skip


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


class VingtUn(Table, Game):
    """A game of Vingt-un between ``players`` seats (0 .. players-1), one of them dealing.

    The rules run in the compiled :class:`Table` (``src/_vingt_un_table.pyx``);
    this class adds the protocol's set-up, copies and JSON.

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
        stacked = parse(top)
        self._setup(players, seed, VingtUnOptions.from_kwargs(options), stacked)
        self._open_ledger()
        self._start(dealer)

    def __reduce__(self) -> tuple[Any, ...]:
        return (VingtUn.from_dict, (self.to_dict(),))

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.name,
            "players": self.players,
            "seed": self.seed,
            "options": {f.name: getattr(self.options, f.name) for f in fields(self.options)},
            "ledger": self.ledger.to_dict(),
            "history": [r.to_dict() for r in self.history],
            "state": self._state(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> VingtUn:
        game = cls.__new__(cls)
        game._setup(data["players"], data["seed"], VingtUnOptions.from_kwargs(data["options"]), ())
        history = [
            Record(
                r["seat"],
                None if r["action"] is None else cls.action_from_dict(r["action"]),
                tuple((d[0], d[1]) for d in r["dealt"]),
                tuple(Payment(*p) for p in r["payments"]),
                r["note"],
            )
            for r in data["history"]
        ]
        game._restore(data["state"], Ledger.from_dict(data["ledger"]), history)
        return game
