# cython: freethreading_compatible = True
"""Compiled Vingt-un totals (docs/rules.md section 4), re-exported by pycards.vingtun.

>>> total("4H 9C 7D")        # seed 002: "a 4, and then a 9, making 13 ... a 7, making his total 20"
20
>>> totals_many([[50, 46, -1], [50, 46, 44]], pad=-1).tolist()   # A K = 21; A K Q = 21 with the ace as 1
[21, 21]
"""

from cpython.buffer cimport PyBUF_RECORDS_RO, PyBuffer_Release, PyObject_GetBuffer
from cpython.object cimport PyObject
from libc.stdint cimport int32_t, uint64_t

from pycards_boundary cimport cached_int, flag, id_array, read_ids

from pycards._messages import shown
from pycards.cards import parse
from pycards.errors import CardTypeError, DuplicateCardError, HandSizeError, UnknownCardError, WrongTypeError

cdef extern from "vingtun.h" nogil:
    int pcv_total(const uint64_t *ids, Py_ssize_t n)
    Py_ssize_t pcv_totals(int width, const char *base, Py_ssize_t rows, Py_ssize_t cols,
                          Py_ssize_t row_stride, Py_ssize_t col_stride, uint64_t pad, int check,
                          int32_t *out)

DEF MAX_FAST = 16      # hands read straight from a tuple or list of ints
DEF MAX_CARDS = 52     # distinct cards of one pack
DEF CACHED = 64        # totals handed out as shared ints; larger ones are made fresh
cdef PyObject *_totals[CACHED]


def total(hand):
    """total(hand) -> int

    The total of a Vingt-un hand: aces count 11 where that keeps the hand at 21
    or under, otherwise 1; court cards 10; the others their pips. A total over
    21 means the hand has over-drawn (every ace then counts 1). ``hand`` is any
    number of card ids, at least one, or anything :func:`pycards.parse` reads.

    >>> total("AS 6D"), total("AS 6D 9C"), total("10C 10D 10H 10S JC JD JH JS QC QD")
    (17, 16, 100)
    """
    cdef uint64_t ids[MAX_CARDS]
    cdef Py_ssize_t n = len(hand) if type(hand) is tuple or type(hand) is list else -1
    if not (1 <= n <= MAX_FAST and read_ids(hand, n, ids) and _distinct(ids, n)):
        parsed = parse(hand)
        n = len(parsed)  # at most MAX_CARDS: parse rejects a repeated card
        if n == 0:
            raise HandSizeError(f"a Vingt-un hand holds at least one card, got none: {shown(hand)}")
        for j in range(n):
            ids[j] = parsed[j]
    return cached_int(_totals, CACHED, pcv_total(ids, n))


DEF MAX_PACKS_CARDS = 104  # the cards of two packs


def pack_total(cards):
    """pack_total(cards) -> int

    :func:`total` for a hand dealt from two packs shuffled together, where the
    same card may come twice: ``cards`` is a list or tuple of 1 to 104 card ids
    0..51, each at most twice (the game drivers' hands). The count is the same C
    count as :func:`total`'s.

    >>> pack_total([51, 51]), pack_total((48, 36, 44))
    (12, 21)
    """
    cdef uint64_t ids[MAX_PACKS_CARDS]
    cdef Py_ssize_t n = len(cards) if type(cards) is tuple or type(cards) is list else -1
    if not 1 <= n <= MAX_PACKS_CARDS or not read_ids(cards, n, ids) or not _at_most_twice(ids, n):
        _bad_pack_hand(cards, n)
    return cached_int(_totals, CACHED, pcv_total(ids, n))


cdef int _bad_pack_hand(object cards, Py_ssize_t n) except -1:
    """The error naming what is wrong with a hand for :func:`pack_total`."""
    if n < 0:
        raise WrongTypeError(f"a hand for pack_total is a list or tuple of card ids, not {shown(cards)}")
    if not 1 <= n <= MAX_PACKS_CARDS:
        raise HandSizeError(f"a hand for pack_total holds 1 to 104 cards, not {n}: {shown(cards)}")
    copies = {}
    for card in cards:
        if type(card) is not int:
            raise CardTypeError(f"a card id is an int, not {type(card).__name__}: {shown(card)}")
        if not 0 <= card < 52:
            raise UnknownCardError(f"card id {shown(card)} is outside 0..51")
        copies[card] = copies.get(card, 0) + 1
        if copies[card] > 2:
            raise DuplicateCardError(f"card id {card} appears three times in {shown(cards)}: two packs hold two")
    raise CardTypeError(f"not a hand of card ids: {shown(cards)}")


cdef inline bint _at_most_twice(const uint64_t *ids, Py_ssize_t n) noexcept:
    """Whether no id 0..51 comes more than twice (two packs hold two of each card)."""
    cdef uint64_t once = 0, twice = 0, bit
    cdef Py_ssize_t j
    for j in range(n):
        bit = 1ull << ids[j]
        if twice & bit:
            return False
        twice |= once & bit
        once |= bit
    return True


cdef inline bint _distinct(const uint64_t *ids, Py_ssize_t n) noexcept:
    cdef uint64_t seen = 0
    cdef Py_ssize_t j
    for j in range(n):
        if seen & (1ull << ids[j]):
            return False
        seen |= 1ull << ids[j]
    return True


def totals_many(hands, pad=-1, check=True):
    """totals_many(hands, pad=-1, check=True) -> numpy.ndarray

    Totals of many hands of different lengths: ``hands`` is an ``(N, K)``
    integer array, each row a hand of up to K card ids followed by ``pad``.
    ``pad`` is an integer of the array's dtype outside 0..51; the default
    ``-1`` means the dtype's largest value for unsigned dtypes (255 for
    ``uint8``). The result is an ``int32`` array of N totals, as :func:`total`
    gives them, computed in C without the GIL. ``check=True`` also rejects ids
    outside 0..51 that are not the pad, ids after a pad, repeated cards and
    rows without a card, naming the first bad row; ``check`` must be ``True``
    or ``False``.

    >>> import numpy
    >>> totals_many(numpy.array([[50, 46, 255], [8, 255, 255]], dtype=numpy.uint8)).tolist()
    [21, 4]
    """
    cdef bint checked = flag(check, "check")
    array = id_array(hands, -1)
    import numpy
    cdef int width = array.itemsize
    cdef uint64_t pad_bits = _pad_bits(pad, array.dtype)
    cdef Py_buffer view
    PyObject_GetBuffer(array, &view, PyBUF_RECORDS_RO)
    cdef Py_ssize_t rows = view.shape[0], cols = view.shape[1], bad = -1
    result = numpy.empty(rows, dtype=numpy.int32)
    cdef int32_t[::1] out = result
    try:
        if rows:
            with nogil:
                bad = pcv_totals(width, <const char *>view.buf, rows, cols, view.strides[0],
                                 view.strides[1], pad_bits, checked, &out[0])
    finally:
        PyBuffer_Release(&view)
    if bad >= 0:
        row = array[bad]
        raise ValueError(
            f"row {bad} of hands is not a hand padded with {shown(pad)}: {row.tolist()}"
            f" ({_padded_row_problem(row.tolist(), pad_bits, width)})"
        )
    return result


cdef uint64_t _pad_bits(object pad, object dtype) except? 0:
    """The pad as the unsigned bits the C loop compares ids with.

    It must be an int of ``dtype`` (``-1`` stands for all bits set in an
    unsigned dtype) and must not be a card id.
    """
    import numpy
    from pycards.errors import WrongTypeError
    if isinstance(pad, bool) or not isinstance(pad, (int, numpy.integer)):
        raise WrongTypeError(f"pad must be an int, not {shown(pad)}")
    value = int(pad)
    info = numpy.iinfo(dtype)
    if value == -1 and info.min == 0:
        value = int(info.max)
    if not info.min <= value <= info.max:
        raise ValueError(f"pad {shown(pad)} does not fit the hands' dtype {dtype} ({info.min}..{info.max})")
    if 0 <= value < 52:
        raise ValueError(f"pad {shown(pad)} is a card id; use a value outside 0..51, such as -1")
    return <uint64_t>(value & ((1 << (8 * dtype.itemsize)) - 1))  # a negative pad's bits


cdef str _padded_row_problem(list values, object pad_bits, object width):
    """Why a row of a padded batch is not a hand (for the error message)."""
    mask = (1 << (8 * width)) - 1  # Python ints: no overflow at 64 bits
    bits = [v & mask for v in values]
    cards = [b for b in bits if b < 52]
    for v, b in zip(values, bits):
        if b >= 52 and b != pad_bits:
            return f"{v} is neither a card id in 0..51 nor the pad"
    if not cards:
        return "it holds no card"
    if len(set(cards)) != len(cards):
        return f"card id {next(c for c in cards if cards.count(c) > 1)} appears twice"
    return "a card id follows the pad"
