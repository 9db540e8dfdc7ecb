# cython: freethreading_compatible = True
"""The shuffle every game driver shares, compiled (re-exported by :mod:`pycards.games.engine.pack`).

A shuffle is a function of three numbers: the cards as they lie, the game's
64-bit key (its seed, hashed) and the number of the shuffle (0 for the game's
first, then 1, 2, ...). It is a Fisher-Yates shuffle drawn from a SplitMix64
stream started at ``key ^ (count * 0xD1B54A32D192ED03)``, with rejection on the
64-bit draws so that every order is equally likely. The algorithm is fixed: a
saved game replays only if every shuffle of every version deals the same cards.

>>> shuffled([0, 1, 2, 3], 7, 0) == shuffled((0, 1, 2, 3), 7, 0)   # the same shuffle
True
>>> sorted(shuffled(list(range(52)), 2**64 - 1, 3)) == list(range(52))   # the same cards
True
"""

from cpython.object cimport PyObject
from libc.stdint cimport uint64_t

from pycards_boundary cimport PyLong_CheckExact, PySequence_Fast_ITEMS, pc_small_nonnegative

import operator

from pycards.errors import CardTypeError, UnknownCardError, WrongTypeError

cdef enum:
    _MAX_CARDS = 1024   # ten packs and more: any game's cards, on the stack
    _MAX_ID = 255       # a card id fits a byte

MAX_CARDS = _MAX_CARDS
"""The most cards :func:`shuffled` takes at once."""

MAX_ID = _MAX_ID
"""The largest card id :func:`shuffled` takes (ids are 0..MAX_ID)."""

_UINT64_HIGH = 2**64 - 1


cdef inline uint64_t splitmix64(uint64_t *state) noexcept nogil:
    """The next number of a SplitMix64 generator (Steele, Lea and Flood, 2014)."""
    state[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef void shuffle_cards(unsigned char *cards, Py_ssize_t n, uint64_t key, uint64_t count) noexcept nogil:
    """Fisher-Yates shuffle of ``cards[0:n]``, drawn from a SplitMix64 stream keyed by the
    game's key and the number of the shuffle (unbiased: rejection on the 64-bit draws).

    The same steps as ``shuffle_cards`` of the Vingt-un table, bit for bit.
    """
    cdef uint64_t state = key ^ (count * 0xD1B54A32D192ED03ULL), draw, bound, limit
    cdef Py_ssize_t i, j
    cdef unsigned char card
    for i in range(n - 1, 0, -1):
        bound = <uint64_t>(i + 1)
        limit = <uint64_t>0 - (<uint64_t>0 - bound) % bound  # the largest multiple of bound, mod 2**64
        draw = splitmix64(&state)
        while limit and draw >= limit:
            draw = splitmix64(&state)
        j = <Py_ssize_t>(draw % bound)  # < bound = i + 1 <= n: inside the array
        card = cards[i]
        cards[i] = cards[j]
        cards[j] = card


cdef str shown(object value):
    """``repr(value)`` for an error message, cut short past 200 characters, or a description
    where even that fails (an int past Python's limit of digits for text)."""
    try:
        text = repr(value)
    except Exception:
        return f"<int of {value.bit_length()} bits>" if isinstance(value, int) else object.__repr__(value)
    return text if len(text) <= 200 else text[:197] + "..."


cdef int card_id(object card) except -1:
    """``card`` as an id 0..MAX_ID (an int, or an integer scalar such as numpy's), or the
    error naming it."""
    try:
        if isinstance(card, bool):
            raise TypeError
        value = operator.index(card)
    except TypeError:
        raise CardTypeError(f"a card id is an int, not {type(card).__name__}: {shown(card)}") from None
    if not 0 <= value <= _MAX_ID:
        raise UnknownCardError(f"card id {shown(card)} is outside 0..{_MAX_ID}")
    return value


cdef tuple card_tuple(object cards):
    """``cards`` (a list or a tuple) as a tuple of at most MAX_CARDS items, or the error."""
    if not isinstance(cards, (list, tuple)):
        raise CardTypeError(
            f"cards are a list or a tuple of card ids, not {type(cards).__name__}: {shown(cards)}"
        )
    if len(cards) > _MAX_CARDS:
        raise ValueError(f"a pack holds at most {_MAX_CARDS} cards, not {len(cards)!r}")
    # A tuple of our own: reading its items cannot be disturbed by a caller's __index__.
    items = cards if type(cards) is tuple else tuple(cards)
    if len(items) > _MAX_CARDS:  # a list subclass whose len() disagrees with its items
        raise ValueError(f"a pack holds at most {_MAX_CARDS} cards, not {len(items)!r}")
    return items


cdef Py_ssize_t read_cards(tuple items, unsigned char *into) except -1:
    """Copy the ids of ``items`` (at most MAX_CARDS) into ``into``; their number."""
    cdef Py_ssize_t n = len(items), i
    cdef PyObject **slots = PySequence_Fast_ITEMS(items)
    cdef long value
    for i in range(n):
        value = pc_small_nonnegative(slots[i]) if PyLong_CheckExact(slots[i]) else -1
        if value < 0 or value > _MAX_ID:  # anything but a small exact int: the slow path explains
            value = card_id(<object>slots[i])
        into[i] = <unsigned char>value
    return n


cdef uint64_t uint64_arg(object value, str name) except? 0:
    """``value`` (an int 0..2**64-1, not a bool) as a C number, or the error naming it."""
    try:
        if isinstance(value, bool):
            raise TypeError
        number = operator.index(value)
    except TypeError:
        raise WrongTypeError(f"the {name} is an int, not {type(value).__name__}: {shown(value)}") from None
    if not 0 <= number <= _UINT64_HIGH:
        raise ValueError(f"the {name} {shown(value)} is outside 0..2**64-1")
    return <uint64_t>number


def shuffled(cards, key, count):
    """shuffled(cards, key, count) -> list[int]

    The cards shuffled for the ``count``-th shuffle (0, 1, 2, ...) of the game
    whose key is ``key``: a new list; ``cards`` is not changed. ``cards`` is a
    list or a tuple of at most 1024 card ids 0..255 (ints, or integer scalars
    such as numpy's; not bools); ``key`` and ``count`` are ints 0..2**64-1.
    The order depends only on these (and on the positions of the cards, not
    their values), so a game replays from its key and its count of shuffles.
    Bad input raises a ``ValueError`` subclass naming the offending value.

    >>> cards = shuffled(list(range(10)), 12345, 0)
    >>> sorted(cards) == list(range(10)), cards == shuffled(list(range(10)), 12345, 0)
    (True, True)
    >>> cards == shuffled(list(range(10)), 12345, 1)   # the next shuffle of the same game
    False
    >>> shuffled([1, 2, 300], 0, 0)
    Traceback (most recent call last):
    ...
    pycards.errors.UnknownCardError: card id 300 is outside 0..255
    """
    cdef unsigned char buffer[_MAX_CARDS]
    cdef Py_ssize_t n = read_cards(card_tuple(cards), buffer), i
    cdef uint64_t c_key = uint64_arg(key, "key"), c_count = uint64_arg(count, "shuffle count")
    with nogil:
        shuffle_cards(buffer, n, c_key, c_count)
    return [buffer[i] for i in range(n)]


def checked_cards(cards):
    """checked_cards(cards) -> tuple[int, ...]

    ``cards`` as :func:`shuffled` takes them (a list or a tuple of at most 1024
    ids 0..255), as a tuple of exact ints; else the ``ValueError`` subclass
    :func:`shuffled` would raise, naming the offending value.

    >>> checked_cards([3, 1, 2])
    (3, 1, 2)
    >>> checked_cards([1, True])
    Traceback (most recent call last):
    ...
    pycards.errors.CardTypeError: a card id is an int, not bool: True
    """
    cdef unsigned char buffer[_MAX_CARDS]
    cdef Py_ssize_t n = read_cards(card_tuple(cards), buffer), i
    return tuple([buffer[i] for i in range(n)])
