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

Nothing here reads a game's state, so nothing here can show a seat a card it was
not shown: what it learns is exactly what its views hold.

>>> from pycards.games.engine.events import Dealt, Moved, Record, USED, hand_place
>>> records = [Record(None, None, (Dealt(0, 0, 51, (0,)), Dealt(1, 0, 7, (1,)))),
...            Record(0, None, (Moved(51, hand_place(0), USED, (0,)),))]
>>> mine = Knowledge(0)
>>> for record in records:
...     mine.learn(record.view(0))
>>> mine.places
{51: [Place(kind='used', seat=-1, number=0)]}
>>> theirs = Knowledge(1)
>>> for record in records:
...     theirs.learn(record.view(1))
>>> theirs.to_dict()
{'hand:1:0': [7]}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, Optional

from pycards.errors import StateError
from pycards.games.engine.document import Reader, shown
from pycards.games.engine.events import STOCK, USED, Dealt, Gathered, Moved, Place, Record, Reshuffled, Shown, hand_place

__all__ = ["Knowledge", "place_key"]


class Knowledge:
    """Where one seat (``None``: a spectator) knows each card to lie: ``places`` maps a
    card to its places (one per copy it knows of: a game of two packs holds each card
    twice), for the cards it knows; every other card it does not know.

    Feed it the seat's own views, oldest first (:meth:`learn`); a game gives it
    from the records of the current pack (:meth:`~pycards.games.base.Game.knowledge`).
    """

    __slots__ = ("seat", "places", "seen")

    def __init__(self, seat: Optional[int]) -> None:
        self.seat = seat
        self.places: dict[int, list[Place]] = {}
        self.seen: set[int] = set()
        """Every card the seat has been shown since the pack was made up, wherever it is now."""

    def learn(self, record: Record) -> None:
        """Take in one record as this seat sees it (``record.view(seat)``)."""
        for entry in record.entries:
            kind = type(entry)
            if kind is Dealt:
                if entry.hand < 0:  # type: ignore[union-attr]  # the lot for the first dealer: no place
                    continue
                if entry.card is None:  # type: ignore[union-attr]
                    self._forget(STOCK)
                else:
                    self.seen.add(entry.card)  # type: ignore[union-attr]
                    self._move(entry.card, STOCK, hand_place(entry.seat, entry.hand))  # type: ignore[union-attr]
            elif kind is Moved:
                if entry.card is None:  # type: ignore[union-attr]
                    self._forget(entry.source)  # type: ignore[union-attr]
                else:
                    self.seen.add(entry.card)  # type: ignore[union-attr]
                    self._move(entry.card, entry.source, entry.target)  # type: ignore[union-attr]
            elif kind is Shown:
                self.seen.update(card for card in entry.cards if card is not None)  # type: ignore[union-attr]
                if entry.hand < 0:  # type: ignore[union-attr]  # a hand as dealt: it says where no card lies
                    continue
                at = hand_place(entry.seat, entry.hand)  # type: ignore[union-attr]
                for card in entry.cards:  # type: ignore[union-attr]
                    if card is not None and at not in self.places.get(card, ()):
                        self._put(card, at)
            elif kind is Gathered:
                if entry.target == STOCK:  # type: ignore[union-attr]  # a fresh pack: every card in the stock
                    self.places.clear()
                    self.seen.clear()
                else:
                    self._relocate(lambda place: place != STOCK, entry.target)  # type: ignore[union-attr]
            elif kind is Reshuffled:
                self._relocate(lambda place: place == USED, STOCK)

    def _put(self, card: int, place: Place) -> None:
        self.places.setdefault(card, []).append(place)

    def _move(self, card: int, source: Place, target: Place) -> None:
        """A card the seat sees move from ``source`` (one copy, if it knew it there) to ``target``."""
        known = self.places.get(card)
        if known and source in known:
            known.remove(source)
        self._put(card, target)

    def _relocate(self, moves: Callable[[Place], bool], target: Place) -> None:
        for known in self.places.values():
            known[:] = [target if moves(place) else place for place in known]

    def copy(self) -> Knowledge:
        twin = Knowledge(self.seat)
        twin.places = {card: list(places) for card, places in self.places.items()}
        twin.seen = set(self.seen)
        return twin

    @classmethod
    def union(cls, knowledge: Iterable[Knowledge]) -> Knowledge:
        """What several seats know between them (a spectator's, as ``seat``): each card at each
        place as many times as one of them knows it there."""
        joint, every = cls(None), list(knowledge)
        for card in {card for known in every for card in known.places}:
            most: Counter[Place] = Counter()
            for known in every:
                most |= Counter(known.places.get(card, ()))
            joint.places[card] = list(most.elements())
        joint.seen = set().union(*(known.seen for known in every))
        return joint

    def learn_all(self, records: Iterable[Record]) -> Knowledge:
        """Take in each of ``records`` (the seat's views), in turn; this knowledge."""
        for record in records:
            self.learn(record)
        return self

    def _forget(self, place: Place) -> None:
        """A card the seat did not see left ``place``: it can no longer tell which of the
        cards it knew there are still there."""
        for card in [c for c, known in self.places.items() if place in known]:
            known = [at for at in self.places[card] if at != place]
            if known:
                self.places[card] = known
            else:
                del self.places[card]

    def where(self, card: int) -> list[Place]:
        """Where the seat knows copies of ``card`` to lie (one place in a game of one pack)."""
        return list(self.places.get(card, ()))

    def known_at(self) -> dict[Place, list[int]]:
        """The known cards by place, each place's in id order."""
        grouped: dict[Place, list[int]] = {}
        for card, known in self.places.items():
            for place in known:
                grouped.setdefault(place, []).append(card)
        return {place: sorted(cards) for place, cards in sorted(grouped.items())}

    def to_dict(self) -> dict[str, Any]:
        """As JSON values: ``places``, the known cards by place (``"hand:2:0"``: seat 2's first
        hand), and ``seen``, every card seen since the pack was made up, in id order."""
        places = {place_key(place): cards for place, cards in self.known_at().items()}
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
        if (any(len(at) > 2 for at in known.places.values()) or not known.seen.issuperset(known.places)
                or known.to_dict() != doc.data):  # fmt: skip
            raise StateError(f"{path} must name each card at most twice, each place once, in id order, "
                             "and every card placed among those seen")  # fmt: skip
        return known


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


def place_key(place: Place) -> str:
    """A place as a document's key: ``"used"``, ``"hand:2:0"`` (seat 2's first hand)."""
    return place.kind if place.seat < 0 and not place.number else f"{place.kind}:{place.seat}:{place.number}"
