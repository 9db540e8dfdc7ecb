"""The hand table: every seat's cards, dealt, moved, shown, and where each lies.

A :class:`HandTable` is a :class:`~pycards.games.engine.table.Table` whose deals give
each seat a hand of cards. It keeps what every such family shares, so that neither the
betting games (:mod:`~pycards.games.engine.betting_table`) nor the exchange games
(:mod:`~pycards.games.engine.exchange_table`) copies the other's card code:

* **The hands**: each seat's cards, those dealt or known face up marked (``up``),
  dealt one at a time from the dealer's left (:meth:`HandTable._deal_hands`), a card
  at a time (:meth:`HandTable._deal_card`); a hand thrown down lies face down on the
  table (:data:`THROWN`), seen by nobody but its holder (seed
  ``000_090407a6d9d4a9ee.txt``, laws 27-28).
* **Moves and shows**: each card move's entry has its audience (docs/rules.md 6.1,
  "What a player sees"): a card face up is seen by all, one face down by its holder
  (:meth:`HandTable._move_out`); a hand shown is seen by all (:meth:`HandTable._reveal`).
* **Where the cards lie**, for knowledge and honest chance: the hands, the cards thrown
  down, the game's own places, the stock and the used cards; all of them named anew for
  a resampled copy (:meth:`HandTable._relabel`).
* **The views' cards**: the observation's ``hand``, ``up``, ``shown`` and ``cards``
  (:meth:`HandTable._hands_view`) and the encoding's card features
  (:meth:`HandTable._encode_cards`); copies of the hands and the snapshot's summary.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from pycards.games.engine.events import STOCK, USED, Dealt, Place, Shown, hand_place
from pycards.games.engine.table import Table

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["THROWN", "HandTable"]

THROWN = Place("thrown")
"""Where a hand thrown down lies (laws 27-28): face down on the table until the deal ends."""

_new = tuple.__new__
"""Make a record entry (a NamedTuple) from its fields without the keyword machinery."""


class HandTable(Table):
    """Base of the drivers that deal each seat a hand (see the module docstring)."""

    def _clear_deal(self) -> None:
        super()._clear_deal()
        players = self.players
        self._hands: list[list[int]] = [[] for _ in range(players)]
        self._up: list[list[int]] = [[] for _ in range(players)]
        """The cards of each hand dealt face up (or that every seat has seen come to it)."""
        self._in = [False] * players
        """Whether each seat was dealt into this deal."""
        self._mucked: list[int] = []
        """Hands thrown down (laws 27-28), seen by nobody."""
        self._shown: dict[int, tuple[int, ...]] = {}
        """Every card each seat has shown the table in this deal."""

    # -- reading ----------------------------------------------------------------------------

    @property
    def hands(self) -> list[list[int]]:
        """Every seat's cards (omniscient; a copy)."""
        return [list(h) for h in self._hands]

    def _card_places(self) -> dict[Place, list[int]]:
        """Every card of the pack by where it lies (the lists themselves: omniscient)."""
        places = {hand_place(seat): hand for seat, hand in enumerate(self._hands)}
        places[THROWN] = self._mucked
        places.update(self._own_places())
        places.update({STOCK: self._pack.stock, USED: self._pack.used})
        return places

    def _own_places(self) -> dict[Place, list[int]]:
        """The places of the game's own where cards lie (cards kept apart, a widow)."""
        return {}

    def _relabel(self, names: Mapping[int, int]) -> None:
        """:meth:`Game._relabel`: the hands, the cards face up, shown, thrown down, stacked,
        in the stock and used, and the game's own (:meth:`_relabel_kept`)."""
        def new(cards: Sequence[int]) -> list[int]:
            return [names.get(card, card) for card in cards]

        self._hands, self._up = [new(h) for h in self._hands], [new(u) for u in self._up]
        self._shown = {seat: tuple(new(cards)) for seat, cards in self._shown.items()}
        self._mucked, self._top = new(self._mucked), new(self._top)
        self._pack.stock, self._pack.used = new(self._pack.stock), new(self._pack.used)
        self._relabel_kept(new)

    def _relabel_kept(self, new: Any) -> None:
        """Name anew (``new(cards)``) the cards the game keeps, and bring up to date what it
        derives from them."""

    def roles(self) -> tuple[str, ...]:
        return tuple("dealer" if s == self._dealer else "player" if self._in[s] else "out"
                     for s in range(self.players))  # fmt: skip

    def _dealt_in(self) -> list[int]:
        return [s for s in self._turn_from(self._dealer) if self._in[s]]

    # -- the cards -----------------------------------------------------------------------------

    def _deal_card(self, seat: int, face_up: bool = False) -> int:
        card = self._pack.deal()
        self._hands[seat].append(card)
        if face_up:
            self._up[seat].append(card)
        self._entries.append(Dealt(seat, 0, card, None if face_up else self._alone[seat]))
        return card

    def _deal_hands(self, face_up: Sequence[bool]) -> None:
        """One card at a time to each seat in, from the dealer's left, as many rounds as
        ``face_up`` has (face up where it says so)."""
        seats = [s for s in self._turn_from(self._dealer) if self._in[s]]
        pop, entries, hands, ups, alone = self._pack.stock.pop, self._entries, self._hands, self._up, self._alone
        for up in face_up:
            for seat in seats:
                card = pop()
                hands[seat].append(card)
                if up:
                    ups[seat].append(card)
                entries.append(_new(Dealt, (seat, 0, card, None if up else alone[seat])))

    def _move_out(self, seat: int, cards: Sequence[int], target: Place) -> None:
        """The entries of ``cards`` leaving ``seat``'s hand for ``target``: face down, seen by
        their holder only, but a card that lay face up is seen by all."""
        source, up = hand_place(seat), self._up[seat]
        for card in cards:
            self._move(card, seat, source, target, card in up)

    def _reveal(self, seat: int, cards: Sequence[int] | None = None) -> None:
        """Show ``seat``'s hand (or ``cards``: his hand as dealt; if some of it has been
        discarded since, it is shown as hand -1, which says where no card lies) to the table;
        ``shown`` keeps every card a seat has shown in the deal."""
        held = tuple(self._hands[seat])
        shown_cards = held if cards is None else tuple(cards)
        before = self._shown.get(seat, ())
        self._shown[seat] = before + tuple(c for c in shown_cards if c not in before)
        self._entries.append(Shown(seat, 0 if shown_cards == held else -1, shown_cards))

    # -- the views -------------------------------------------------------------------------------

    def _hands_view(self, me: int) -> dict[str, Any]:
        """The observation's cards: ``hand`` (the seat's own), ``up`` (each seat's cards face
        up), ``shown`` (each seat's cards shown) and ``cards`` (how many each holds)."""
        return {"hand": tuple(self._hands[me]),
                "up": {s: tuple(self._up[s]) for s in range(self.players) if self._up[s]},
                "shown": dict(self._shown), "cards": tuple(len(h) for h in self._hands)}  # fmt: skip

    def _encode_cards(self, v: npt.NDArray[np.float32], me: int) -> int:
        """Write the encoding's cards into ``v``: ``me``'s own (52 one-hot), then per seat
        from his own, the cards he can see face up or shown (52 one-hot each); the index
        after them."""
        for card in self._hands[me]:
            v[card] = 1.0
        players = self.players
        for k in range(players):
            s = (me + k) % players
            for card in self._shown.get(s, ()) or self._up[s]:
                v[52 + 52 * k + card] = 1.0
        return 52 + 52 * players

    # -- copies and documents ------------------------------------------------------------------

    _LISTS: ClassVar[tuple[str, ...]] = ("_in", "_mucked")
    """The lists of the table's own state, copied with a game (a game adds its own)."""
    _NESTED: ClassVar[tuple[str, ...]] = ("_hands", "_up")

    def _copy_table(self, twin: Any) -> None:
        """The hands, the cards face up, shown and thrown down, and the game's lists
        (:attr:`_LISTS`, :attr:`_NESTED`), then the game's own (:meth:`_copy_own`)."""
        for name in self._LISTS:
            setattr(twin, name, list(getattr(self, name)))
        for name in self._NESTED:
            setattr(twin, name, [list(x) for x in getattr(self, name)])
        twin._shown = dict(self._shown)
        self._copy_own(twin)

    def _copy_own(self, twin: Any) -> None:
        """Copy the game's own state that no declaration or list covers into ``twin``."""

    def _summary(self) -> dict[str, Any]:
        return {**super()._summary(), "hands": [list(h) for h in self._hands]}
