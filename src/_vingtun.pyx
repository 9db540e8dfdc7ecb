# cython: freethreading_compatible = True
"""Compiled Vingt-un totals (RULES.md section 4), re-exported by pycards.vingtun.

>>> total("4H 9C 7D")        # seed 002: "a 4, and then a 9, making 13 ... a 7, making his total 20"
20
>>> totals_many([[50, 46, -1], [50, 46, 44]], pad=-1).tolist()   # A K = 21; A K Q = 21 with the ace as 1
[21, 21]
"""

from cpython.buffer cimport PyBUF_RECORDS_RO, PyBuffer_Release, PyObject_GetBuffer
from cpython.object cimport PyObject
from libc.stdint cimport int32_t, uint64_t

from pycards_boundary cimport cached_int, id_array, read_ids, row_problem

from pycards.cards import parse

cdef extern from "vingtun.h" nogil:
    int pcv_total(const uint64_t *ids, Py_ssize_t n)
    Py_ssize_t pcv_totals(int width, const char *base, Py_ssize_t rows, Py_ssize_t cols,
                          Py_ssize_t row_stride, Py_ssize_t col_stride, uint64_t pad, int check,
                          int32_t *out)

DEF MAX_FAST = 16
cdef PyObject *_totals[64]


def total(hand):
    """total(hand) -> int

    The total of a Vingt-un hand: aces count 11 where that keeps the hand at 21
    or under, otherwise 1; court cards 10; the others their pips. A total over
    21 means the hand has over-drawn (every ace then counts 1). ``hand`` is any
    number of card ids or anything :func:`pycards.parse` reads.
    """
    cdef uint64_t ids[MAX_FAST]
    cdef Py_ssize_t n = len(hand) if type(hand) is tuple or type(hand) is list else -1
    if not (0 <= n <= MAX_FAST and read_ids(hand, n, ids) and _distinct(ids, n)):
        parsed = parse(hand)
        n = len(parsed)
        if n > MAX_FAST:
            raise ValueError(f"a Vingt-un hand has at most {MAX_FAST} cards, got {n}")
        for j in range(n):
            ids[j] = parsed[j]
    return cached_int(_totals, pcv_total(ids, n))


cdef inline bint _distinct(const uint64_t *ids, Py_ssize_t n) noexcept:
    cdef uint64_t seen = 0
    cdef Py_ssize_t j
    for j in range(n):
        if seen & (1ull << ids[j]):
            return False
        seen |= 1ull << ids[j]
    return True


def totals_many(hands, pad=-1, bint check=True):
    """totals_many(hands, pad=-1, check=True) -> numpy.ndarray

    Totals of many hands of different lengths: ``hands`` is an ``(N, K)``
    integer array, each row a hand of up to K card ids followed by ``pad``
    (``-1`` by default, read in the array's dtype, so 255 for ``uint8``). The
    result is an ``int32`` array of N totals, as :func:`total` gives them,
    computed in C without the GIL. ``check=True`` also rejects ids outside
    0..51 that are not the pad, ids after a pad, and repeated cards, naming the
    first bad row.
    """
    array = id_array(hands, -1)
    import numpy
    cdef int width = array.itemsize
    mask = (1 << (8 * array.itemsize)) - 1  # a Python int: no overflow at 64 bits
    cdef uint64_t pad_bits = int(pad) & mask
    if pad_bits < 52:
        raise ValueError(f"pad {pad!r} is a card id; use a value outside 0..51, such as -1")
    cdef Py_buffer view
    PyObject_GetBuffer(array, &view, PyBUF_RECORDS_RO)
    cdef Py_ssize_t rows = view.shape[0], cols = view.shape[1], bad = -1
    result = numpy.empty(rows, dtype=numpy.int32)
    cdef int32_t[::1] out = result
    try:
        if rows:
            with nogil:
                bad = pcv_totals(width, <const char *>view.buf, rows, cols, view.strides[0],
                                 view.strides[1], pad_bits, check, &out[0])
    finally:
        PyBuffer_Release(&view)
    if bad >= 0:
        row = array[bad]
        raise ValueError(
            f"row {bad} of hands is not a hand padded with {pad!r}: {row.tolist()}"
        )
    return result
