"""What a seat knows of where the cards lie, derived from its own views of the records alone.

A seat sees a card when it is in the audience of the entry that moves it
(:mod:`~pycards.games.engine.events`); from then on it knows the card's place
until the card moves where the seat cannot follow it. The rules, entry by entry
as the seat sees them:

* :class:`Dealt`, :class:`Moved`, :class:`Shown`: a card the seat is shown lies
  at the entry's target (a dealt card left the stock; a shown card lies at its
  holder's hand). A card taken from a place where the seat knew cards (the stock
  after a reshuffle of cards it saw), without the seat seeing which: every card it
  knew there is in doubt, and it forgets them all (it still knows each was in one
  of the two places, which this module does not keep).
* :class:`Gathered`: every known card outside the stock goes to the target; into
  the stock, the pack is made up afresh, and the seat knows no card's place.
* :class:`Reshuffled`: the used cards join the stock.

:class:`Sight` (compiled, ``src/_sight.pyx``) keeps the same rules for every seat of
a table at once, reading each record once: what a game's observations show. This
module is its reference, and the tests hold the two to each other at every step of
every registered game.

Nothing here reads a game's state, so nothing here can show a seat a card it was
not shown: what it learns is exactly what its views hold (a full record teaches a
seat just what its view of the record does).

>>> from pycards.games.engine.events import Dealt, Moved, Record, USED, hand_place
>>> records = [Record(None, None, (Dealt(0, 0, 51, (0,)), Dealt(1, 0, 7, (1,)))),
...            Record(0, None, (Moved(51, hand_place(0), USED, (0,)),))]
>>> mine = Knowledge(0).learn_all(records)
>>> mine.places
{51: [Place(kind='used', seat=-1, number=0)]}
>>> Knowledge(1).learn_all(record.view(1) for record in records).to_dict()
{'places': {'hand:1:0': [7]}, 'seen': [7]}
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, Optional

from pycards.errors import StateError
from pycards.games.engine._sight import Sight
from pycards.games.engine.document import Reader, shown
from pycards.games.engine.events import (
    STOCK, USED, Dealt, Gathered, Moved, Place, Record, Reshuffled, Shown, hand_place, place_key,
)  # fmt: skip

__all__ = ["Knowledge", "Sight", "place_key"]


class Knowledge:
    """Where one seat (``None``: a spectator) knows each card to lie, for the cards it knows;
    every other card it does not know. Kept by place: :meth:`known_at` gives the cards known
    at each place, :attr:`places` each card's places (one per copy it knows of: a game of two
    packs holds each card twice).

    Feed it the records, oldest first (:meth:`learn`): it reads each as its seat sees it, so a
    full record and the seat's view of it teach the same. A game gives it from the records of
    the current pack (:meth:`~pycards.games.base.Game.knowledge`).
    """

    __slots__ = ("seat", "_at", "seen")

    def __init__(self, seat: Optional[int]) -> None:
        self.seat = seat
        self._at: dict[Place, tuple[int, ...]] = {}
        """The cards known at each place, in id order (a card twice for two copies); no place empty."""
        self.seen: set[int] = set()
        """Every card the seat has been shown since the pack was made up, wherever it is now."""

    def learn(self, record: Record) -> None:
        """Take in one record (the full one or the seat's view of it: a card is learnt only
        where the seat is in the entry's audience)."""
        seat, at = self.seat, self._at
        for entry in record.entries:
            kind = type(entry)
            if kind is Dealt:
                dealt: Dealt = entry  # type: ignore[assignment]
                holder, hand, card, audience = dealt
                if hand < 0:  # the lot for the first dealer: no place
                    continue
                if card is None or audience is not None and seat not in audience:
                    if STOCK in at:
                        del at[STOCK]
                else:
                    self.seen.add(card)
                    self._move(card, STOCK, hand_place(holder, hand))
            elif kind is Moved:
                moved: Moved = entry  # type: ignore[assignment]
                card, source, target, audience = moved
                if card is None or audience is not None and seat not in audience:
                    if source in at:
                        del at[source]
                else:
                    self.seen.add(card)
                    self._move(card, source, target)
            elif kind is Shown:
                shown: Shown = entry  # type: ignore[assignment]
                holder, hand, shown_cards, audience = shown
                if audience is not None and seat not in audience:
                    continue
                showing = [card for card in shown_cards if card is not None]
                self.seen.update(showing)
                if hand < 0:  # a hand as dealt: it says where no card lies
                    continue
                place = hand_place(holder, hand)
                for card in showing:
                    if card not in at.get(place, ()):
                        self._put(card, place)
            elif kind is Gathered:
                if entry.target == STOCK:  # type: ignore[union-attr]  # a fresh pack: every card in the stock
                    at.clear()
                    self.seen.clear()
                else:
                    _relocate(at, lambda place: place != STOCK, entry.target)  # type: ignore[union-attr]
            elif kind is Reshuffled:
                _relocate(at, lambda place: place == USED, STOCK)

    def _put(self, card: int, place: Place) -> None:
        """One more copy of ``card`` known at ``place``."""
        self._at[place] = _with(self._at.get(place, ()), card)

    def _move(self, card: int, source: Place, target: Place) -> None:
        """A card the seat sees move from ``source`` (one copy, if it knew it there) to ``target``."""
        at = self._at
        cards = at.get(source)
        if cards and card in cards:
            i = cards.index(card)
            rest = cards[:i] + cards[i + 1:]
            if rest:
                at[source] = rest
            else:
                del at[source]
        self._put(card, target)

    @property
    def places(self) -> dict[int, list[Place]]:
        """Each known card's places (one per copy it knows of), in place order: a new dict."""
        places: dict[int, list[Place]] = {}
        for place, cards in sorted(self._at.items()):
            for card in cards:
                places.setdefault(card, []).append(place)
        return places

    @classmethod
    def of(cls, seat: Optional[int], places: dict[Place, tuple[int, ...]], seen: set[int]) -> Knowledge:
        """The knowledge of ``seat`` whose known cards by place (each place's in id order) and
        seen cards are given (what a :class:`Sight` keeps)."""
        known = cls(seat)
        known._at, known.seen = places, seen
        return known

    def copy(self) -> Knowledge:
        twin = Knowledge(self.seat)
        twin._at = dict(self._at)
        twin.seen = set(self.seen)
        return twin

    @classmethod
    def union(cls, knowledge: Iterable[Knowledge]) -> Knowledge:
        """What several seats know between them (a spectator's, as ``seat``): each card at each
        place as many times as one of them knows it there."""
        joint = cls(None)
        most: dict[Place, Counter[int]] = {}
        for known in knowledge:
            for place, cards in known._at.items():
                most[place] = most.get(place, Counter()) | Counter(cards)
            joint.seen |= known.seen
        joint._at = {place: tuple(sorted(count.elements())) for place, count in most.items()}
        return joint

    def learn_all(self, records: Iterable[Record]) -> Knowledge:
        """Take in each of ``records``, in turn; this knowledge."""
        for record in records:
            self.learn(record)
        return self

    def where(self, card: int) -> list[Place]:
        """Where the seat knows copies of ``card`` to lie (one place in a game of one pack)."""
        return self.places.get(card, [])

    def known_at(self) -> dict[Place, list[int]]:
        """The known cards by place, each place's in id order."""
        return {place: list(cards) for place, cards in sorted(self._at.items())}

    def view(self) -> dict[str, tuple[int, ...]]:
        """The known cards by place, as an observation shows them: ``{"hand:2:0": (7, 40),
        "used": (51,)}``, the places in order, each one's cards in id order."""
        at = self._at
        return {place_key(place): at[place] for place in sorted(at)}

    def to_dict(self) -> dict[str, Any]:
        """As JSON values: ``places``, the known cards by place (``"hand:2:0"``: seat 2's first
        hand), and ``seen``, every card seen since the pack was made up, in id order."""
        places = {place_key(place): list(cards) for place, cards in sorted(self._at.items())}
        return {"places": places, "seen": sorted(self.seen)}

    @classmethod
    def from_dict(cls, data: object, seat: Optional[int], players: int, path: str) -> Knowledge:
        """The knowledge of ``seat`` from :meth:`to_dict`'s form, every key and card checked
        (at most two copies of a card, places of seats below ``players``, every card placed
        among those seen): StateError names the first problem, at ``path`` in the document."""
        doc = Reader(data, path).only("places", "seen")
        places = doc.reader("places")
        known = cls(seat)
        for key in places.data:
            place = _place_of(key, places.path, players)
            for card in places.cards(key, 104):
                known._put(card, place)
        known.seen = set(doc.cards("seen", 52))
        where = known.places
        if (any(len(at) > 2 for at in where.values()) or not known.seen.issuperset(where)
                or known.to_dict() != doc.data):  # fmt: skip
            raise StateError(f"{path} must name each card at most twice, each place once, in id order, "
                             "and every card placed among those seen")  # fmt: skip
        return known


def _with(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``cards`` (in id order) and one more copy of ``card``, in id order."""
    if not cards or card >= cards[-1]:
        return (*cards, card)
    i = bisect_right(cards, card)
    return (*cards[:i], card, *cards[i:])


def _relocate(at: dict[Place, tuple[int, ...]], moves: Callable[[Place], bool], target: Place) -> None:
    """Every card known at a place of ``at`` (the cards known by place) that ``moves``
    accepts is now known at ``target``."""
    cards = [card for place in [p for p in at if moves(p)] for card in at.pop(place)]
    if cards:
        at[target] = tuple(sorted((*at.get(target, ()), *cards)))


def _place_of(key: str, path: str, players: int) -> Place:
    """The place of a :meth:`Knowledge.to_dict` key (``"used"``, ``"hand:2:0"``)."""
    kind, *rest = key.split(":")
    ok = kind.isidentifier() and kind.isascii() and len(key) <= 40
    if rest:
        numbers = [part[1:] if i == 0 and part == "-1" else part for i, part in enumerate(rest)]  # seat -1: nobody's
        ok = ok and len(rest) == 2 and all(n.isdecimal() and n.isascii() and len(n) <= 3 for n in numbers)
        ok = ok and int(rest[0]) < players
    if not ok:
        raise StateError(f"{path} has a field {shown(key)} that names no place")
    return Place(kind, int(rest[0]), int(rest[1])) if rest else Place(kind)
