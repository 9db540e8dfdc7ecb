# cython: freethreading_compatible = True
"""What every seat, and a spectator, knows of where the cards lie, learnt record by record in
C (re-exported by :mod:`pycards.games.engine.knowledge` as ``Sight``).

The rules are those of :class:`pycards.games.engine.knowledge.Knowledge`, the slow
reference the tests hold this to at every step of every registered game; here they are
kept for all the viewers of a table at once. Per viewer (each seat, then a spectator) and
card id, the places where it knows the card's copies lie (two at most: a game of two
packs), and the cards it has seen. A record is read once, whoever asks; a viewer's view is
made again only after it changed. An observation can then show each seat its knowledge at
every decision for about the cost of one dict of its places.

>>> from pycards.games.engine.events import Dealt, Moved, Record, USED, hand_place
>>> sight = Sight(2)
>>> sight.learn(Record(None, None, (Dealt(0, 0, 51, (0,)), Dealt(1, 0, 7, None))))
>>> sight.view(0), sight.view(1), sight.view(None)
({'hand:0:0': (51,), 'hand:1:0': (7,)}, {'hand:1:0': (7,)}, {'hand:1:0': (7,)})
>>> sight.learn(Record(0, None, (Moved(51, hand_place(0), USED, (0,)),)))
>>> sight.view(0), sorted(sight.seen(0))
({'hand:1:0': (7,), 'used': (51,)}, [7, 51])
"""

from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.stdint cimport int16_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

from pycards_boundary cimport PyLong_CheckExact, pc_small_nonnegative

from pycards.games.engine import events
from pycards.games.engine.events import STOCK, USED, hand_place, place_key

# The kinds of entry, held in C variables: telling them apart costs a pointer's comparison.
cdef object Dealt = events.Dealt
cdef object Moved = events.Moved
cdef object Shown = events.Shown
cdef object Gathered = events.Gathered
cdef object Reshuffled = events.Reshuffled
cdef object Place = events.Place
cdef object Record = events.Record


cdef extern from *:
    int ctz64 "__builtin_ctzll"(unsigned long long) nogil

cdef enum:
    _SEATS = 63       # a mask of viewers fits 64 bits, a spectator's among them
    _CARDS = 64       # card ids 0..63: a pack of 52, and room
    _COPIES = 2       # two packs at most
    _PLACES = 4096    # the places of cards any game names
    _NOWHERE = -1

MAX_SEATS = _SEATS
"""The most seats a :class:`Sight` keeps."""
MAX_CARD = _CARDS - 1
"""The largest card id a :class:`Sight` keeps."""

# The places named so far, shared by every Sight (and so by every copy of a game): a place's
# id, its key in a view, and its rank in Place order (a view lists its places in that order).
cdef list _places = []
cdef list _keys = []
cdef dict _ids = {}
cdef int16_t _rank[_PLACES]


cdef str shown(object value):
    """``repr(value)`` for an error message (cut short), or its type where even that fails."""
    try:
        text = repr(value)
    except Exception:
        return f"<a {type(value).__name__}>"
    return text if len(text) <= 200 else text[:197] + "..."


cdef int16_t place_id(object place) except -2:
    """The id of ``place`` (a Place), named now if it is new."""
    cdef object got = None
    if type(place) is Place:
        try:
            got = _ids.get(place)
        except TypeError:  # a field that cannot be hashed: refused below
            pass
    if got is not None:
        return <int16_t>got
    if (type(place) is not Place or len(<tuple>place) != 3 or type(place[0]) is not str
            or not (small(place[1]) >= 0 or place[1] == -1) or small(place[2]) < 0):
        raise ValueError(f"a place of cards is a Place of a kind and small numbers, not {shown(place)}")
    cdef Py_ssize_t n = len(_places), i
    if n >= _PLACES:
        raise ValueError(f"a game names more than {_PLACES} places of cards: {shown(place)}")
    _ids[place] = n
    _places.append(place)
    _keys.append(place_key(place))
    for i, index in enumerate(sorted(range(n + 1), key=_places.__getitem__)):
        _rank[<Py_ssize_t>index] = <int16_t>i
    return <int16_t>n


cdef int16_t _STOCK = place_id(STOCK)
cdef int16_t _USED = place_id(USED)

cdef enum:
    _HAND_SEATS = 64
    _HANDS = 16

cdef int16_t _hand_ids[_HAND_SEATS][_HANDS]   # the id of each seat's hand place, once named
memset(_hand_ids, 0xFF, sizeof(_hand_ids))


cdef int16_t hand_id(object seat, object hand) except -2:
    """The id of ``seat``'s hand ``hand`` (the place :func:`hand_place` names)."""
    cdef long s = small(seat), h = small(hand)
    if s < 0 or h < 0:
        raise ValueError(f"a hand is a seat's and a number: {shown(seat)}, {shown(hand)}")
    if 0 <= s < _HAND_SEATS and 0 <= h < _HANDS:
        if _hand_ids[s][h] < 0:
            _hand_ids[s][h] = place_id(hand_place(seat, hand))
        return _hand_ids[s][h]
    return place_id(hand_place(seat, hand))


cdef inline long small(object value) noexcept:
    """The value of a small non-negative exact int, else -1."""
    return pc_small_nonnegative(<PyObject *>value) if PyLong_CheckExact(<PyObject *>value) else -1


cdef tuple fields(object entry, Py_ssize_t count):
    """An entry of one of the kinds read here (a NamedTuple: a tuple underneath) as that
    tuple, its number of fields checked before any is read."""
    if len(<tuple>entry) != count:
        raise ValueError(f"an entry of {count} fields, not {shown(entry)}")
    return <tuple>entry


cdef int card_of(object card) except -1:
    """``card`` (an id a record holds) as a bounded index, or the error naming it."""
    cdef long c = small(card)
    if not 0 <= c < _CARDS:
        raise ValueError(f"a Sight keeps card ids 0..{_CARDS - 1}, not {shown(card)}")
    return <int>c


cdef class Sight:
    """Every viewer's knowledge of a table of ``players`` seats (module doc)."""

    cdef int viewers
    cdef int16_t *slots       # [viewer][card][copy]: a place id, or _NOWHERE
    cdef uint64_t *known      # [viewer]: the cards with a copy known somewhere
    cdef uint64_t *seen_bits  # [viewer]: the cards seen since the pack was made up
    cdef uint64_t stale       # the viewers whose knowledge changed since their view was made
    cdef list views           # [viewer]: the view made last

    def __cinit__(self, int players):
        if not 0 < players <= _SEATS:
            raise ValueError(f"a Sight keeps 1..{_SEATS} seats, not {shown(players)}")
        self.viewers = players + 1
        self.slots = <int16_t *>malloc(self.viewers * _CARDS * _COPIES * sizeof(int16_t))
        self.known = <uint64_t *>malloc(self.viewers * sizeof(uint64_t))
        self.seen_bits = <uint64_t *>malloc(self.viewers * sizeof(uint64_t))
        if not self.slots or not self.known or not self.seen_bits:
            raise MemoryError()
        self._clear()

    def __dealloc__(self):
        free(self.slots)
        free(self.known)
        free(self.seen_bits)

    cdef void _clear(self):
        memset(self.slots, 0xFF, self.viewers * _CARDS * _COPIES * sizeof(int16_t))  # every slot -1
        memset(self.known, 0, self.viewers * sizeof(uint64_t))
        memset(self.seen_bits, 0, self.viewers * sizeof(uint64_t))
        self.stale = ~(<uint64_t>0)
        self.views = [None] * self.viewers

    def copy(self):
        """A copy that learns apart from this one."""
        cdef Sight twin = Sight.__new__(Sight, self.viewers - 1)
        memcpy(twin.slots, self.slots, self.viewers * _CARDS * _COPIES * sizeof(int16_t))
        memcpy(twin.known, self.known, self.viewers * sizeof(uint64_t))
        memcpy(twin.seen_bits, self.seen_bits, self.viewers * sizeof(uint64_t))
        twin.stale = self.stale
        twin.views = list(self.views)
        return twin

    @staticmethod
    def of(each):
        """From each seat's :class:`~pycards.games.engine.knowledge.Knowledge`, then a
        spectator's (what a snapshot carried): ValueError for a card held three times."""
        cdef Sight sight = Sight(len(each) - 1)
        cdef int v, c
        cdef int16_t p
        cdef int16_t *at
        for v, known in enumerate(each):
            for place, cards in known._at.items():
                p = place_id(place)
                for card in cards:
                    c = card_of(card)
                    at = sight.slots + (v * _CARDS + c) * _COPIES
                    if at[0] == _NOWHERE:
                        at[0] = p
                    elif at[1] == _NOWHERE:
                        at[1] = p
                    else:
                        raise ValueError(f"card {c} is known at three places")
                    sight.known[v] |= (<uint64_t>1) << c
            for card in known.seen:
                sight.seen_bits[v] |= (<uint64_t>1) << card_of(card)
        return sight

    # -- learning --------------------------------------------------------------------------

    cdef uint64_t _mask(self, object audience) except? 0x8000000000000000:
        """The viewers an entry's audience (``None``: everybody) names, as bits."""
        if audience is None:
            return ((<uint64_t>1) << self.viewers) - 1
        cdef uint64_t mask = 0
        cdef long seat
        if type(audience) is not tuple:
            raise ValueError(f"an audience is None or a tuple of seats, not {shown(audience)}")
        for item in <tuple>audience:
            seat = small(item)
            if not 0 <= seat < self.viewers - 1:
                raise ValueError(f"an audience names no seat of {self.viewers - 1}: {shown(audience)}")
            mask |= (<uint64_t>1) << seat
        return mask

    def learn(self, record):
        """Take in one full record, for every viewer at once."""
        cdef int16_t target
        cdef object kind
        cdef tuple e  # an entry: a NamedTuple, read as the tuple it is (its fields by place)
        if type(record) is not Record or len(<tuple>record) != 3 or type((<tuple>record)[2]) is not tuple:
            raise ValueError(f"a Sight learns from a Record of entries, not {shown(record)}")
        for entry in <tuple>((<tuple>record)[2]):
            kind = type(entry)
            if kind is Dealt:  # (seat, hand, card, seen_by)
                e = fields(entry, 4)
                if small(e[1]) < 0:  # the lot for the first dealer (hand -1): no place
                    continue
                self._move(card_of(e[2]), _STOCK, hand_id(e[0], e[1]), self._mask(e[3]))
            elif kind is Moved:  # (card, source, target, seen_by)
                e = fields(entry, 4)
                self._move(card_of(e[0]), place_id(e[1]), place_id(e[2]), self._mask(e[3]))
            elif kind is Shown:  # (seat, hand, cards, seen_by)
                e = fields(entry, 4)
                if type(e[2]) is not tuple:
                    raise ValueError(f"a show's cards are a tuple, not {shown(e[2])}")
                self._show(e[0], e[1], e[2], self._mask(e[3]))
            elif kind is Gathered:  # (target,)
                target = place_id(fields(entry, 1)[0])
                if target == _STOCK:  # a fresh pack: nobody knows a card's place, nor has seen one
                    self._clear()
                else:
                    self._relocate(-1, target)
            elif kind is Reshuffled:
                self._relocate(_USED, _STOCK)

    cdef void _move(self, int card, int16_t source, int16_t target, uint64_t mask):
        """``card`` goes from ``source`` to ``target``: each viewer in ``mask`` sees it (a copy
        it knew at ``source`` is at ``target`` now); every other forgets ``source``."""
        cdef int v
        cdef int16_t *at
        for v in range(self.viewers):
            if mask >> v & 1:
                at = self.slots + (v * _CARDS + card) * _COPIES
                if at[0] == source:
                    at[0] = target
                elif at[1] == source:
                    at[1] = target
                elif at[0] == _NOWHERE:
                    at[0] = target
                else:
                    at[1] = target
                self.known[v] |= (<uint64_t>1) << card
                self.seen_bits[v] |= (<uint64_t>1) << card
                self.stale |= (<uint64_t>1) << v
            else:
                self._forget(v, source)

    cdef void _forget(self, int v, int16_t place):
        """Viewer ``v`` saw a card leave ``place`` without seeing which: it forgets them all."""
        cdef uint64_t bits = self.known[v]
        cdef int c
        cdef int16_t *at
        cdef bint changed = False
        while bits:
            c = ctz64(bits)
            bits &= bits - 1
            at = self.slots + (v * _CARDS + c) * _COPIES
            if at[0] == place:
                at[0] = _NOWHERE
                changed = True
            if at[1] == place:
                at[1] = _NOWHERE
                changed = True
            if at[0] == _NOWHERE and at[1] == _NOWHERE:
                self.known[v] &= ~((<uint64_t>1) << c)
        if changed:
            self.stale |= (<uint64_t>1) << v

    cdef int _show(self, object holder, object hand, tuple cards, uint64_t mask) except -1:
        """``cards`` of ``holder``'s hand ``hand`` (-1: as dealt, wherever they are) shown to the
        viewers in ``mask``: seen, and known at the hand if not already."""
        cdef int v, c
        cdef int16_t place = hand_id(holder, hand) if small(hand) >= 0 else _NOWHERE
        cdef int16_t *at
        for card in cards:
            if card is None:
                continue
            c = card_of(card)
            for v in range(self.viewers):
                if not mask >> v & 1:
                    continue
                self.seen_bits[v] |= (<uint64_t>1) << c
                if place == _NOWHERE:
                    continue
                at = self.slots + (v * _CARDS + c) * _COPIES
                if at[0] == place or at[1] == place:
                    continue
                if at[0] == _NOWHERE:
                    at[0] = place
                else:
                    at[1] = place
                self.known[v] |= (<uint64_t>1) << c
                self.stale |= (<uint64_t>1) << v
        return 0

    cdef void _relocate(self, int16_t source, int16_t target):
        """Every known copy at ``source`` (-1: at any place but the stock) is at ``target``."""
        cdef int v, c, k
        cdef uint64_t bits
        cdef int16_t *at
        for v in range(self.viewers):
            bits = self.known[v]
            while bits:
                c = ctz64(bits)
                bits &= bits - 1
                at = self.slots + (v * _CARDS + c) * _COPIES
                for k in range(_COPIES):
                    if at[k] != _NOWHERE and at[k] != target and (at[k] == source if source >= 0 else at[k] != _STOCK):
                        at[k] = target
                        self.stale |= (<uint64_t>1) << v

    # -- reading ---------------------------------------------------------------------------

    cdef int _viewer(self, object viewer) except -1:
        if viewer is None:
            return self.viewers - 1
        if type(viewer) is not int or not 0 <= viewer < self.viewers - 1:
            raise ValueError(f"no seat {shown(viewer)} of {self.viewers - 1}")
        return <int>viewer

    cdef dict _made(self, int v, bint by_key):
        """Viewer ``v``'s known cards by place (its key, or the Place), the places in order,
        each one's cards in id order."""
        cdef int16_t ids[_CARDS * _COPIES]
        cdef unsigned char members[_CARDS * _COPIES][_CARDS * _COPIES]
        cdef int counts[_CARDS * _COPIES]
        cdef int order[_CARDS * _COPIES]
        cdef int places = 0, i, j, k, c
        cdef uint64_t bits = self.known[v]
        cdef int16_t *at
        while bits:  # the cards in id order, each into its place's list
            c = ctz64(bits)
            bits &= bits - 1
            at = self.slots + (v * _CARDS + c) * _COPIES
            for k in range(_COPIES):
                if at[k] == _NOWHERE:
                    continue
                i = 0
                while i < places and ids[i] != at[k]:
                    i += 1
                if i == places:  # a place not met yet (at most one per copy of a card)
                    ids[i], counts[i] = at[k], 0
                    places += 1
                members[i][counts[i]] = <unsigned char>c
                counts[i] += 1
        for i in range(places):  # the places in Place order (insertion sort: a few of them)
            j = i
            while j > 0 and _rank[ids[order[j - 1]]] > _rank[ids[i]]:
                order[j] = order[j - 1]
                j -= 1
            order[j] = i
        cdef dict made = {}
        cdef tuple cards
        for j in range(places):
            i = order[j]
            cards = PyTuple_New(counts[i])
            for k in range(counts[i]):
                item = members[i][k]
                Py_INCREF(item)
                PyTuple_SET_ITEM(cards, k, item)
            made[_keys[ids[i]] if by_key else _places[ids[i]]] = cards
        return made

    def view(self, viewer):
        """What ``viewer`` (``None``: a spectator) knows, by place: ``{"hand:2:0": (7, 40),
        "used": (51,)}``, the places in order, each one's cards in id order. Made again only
        when it changed, and shared with the later calls: a caller must not change it."""
        cdef int v = self._viewer(viewer)
        cdef uint64_t bit = (<uint64_t>1) << v
        if not self.stale & bit:
            return self.views[v]
        made = self.views[v] = self._made(v, True)
        self.stale &= ~bit
        return made

    def places(self, viewer):
        """What ``viewer`` knows, as ``Knowledge`` keeps it: each Place's cards, in id order."""
        return self._made(self._viewer(viewer), False)

    def seen(self, viewer):
        """Every card ``viewer`` has seen since the pack was made up, as a set."""
        cdef uint64_t bits = self.seen_bits[self._viewer(viewer)]
        cdef set cards = set()
        while bits:
            cards.add(ctz64(bits))
            bits &= bits - 1
        return cards

