# cython: freethreading_compatible = True
"""Compiled five-card poker evaluators (RULES.md section 2).

The public functions are re-exported by :mod:`pycards.poker` as they are. The
inner loops are the plain C of ``src/poker5.h``; this module converts and
validates arguments once at the boundary and releases the GIL for batches.
"""

from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF
from libc.stdint cimport int32_t

from pycards.cards import parse
from pycards.errors import RulesError

cdef extern from "Python.h":
    bint PyLong_CheckExact(PyObject *)
    PyObject **PySequence_Fast_ITEMS(object)
    Py_ssize_t PySequence_Fast_GET_SIZE(object)

cdef extern from "poker5.h" nogil:
    ctypedef enum pc5_profile:
        PC5_ENGLISH
        PC5_AMERICAN
        PC5_NO_STRAIGHT_FLUSH
    const int *pc5_classes
    const unsigned short **pc5_floors
    const size_t pc5_table_bytes
    enum: PC5_MAX_CLASSES
    unsigned pc5_evaluate(pc5_profile, unsigned, unsigned, unsigned, unsigned, unsigned)
    bint pc5_valid(unsigned long long, unsigned long long, unsigned long long,
                   unsigned long long, unsigned long long)
    Py_ssize_t pc5_evaluate_batch(pc5_profile, int width, int check, const char *base,
                                  Py_ssize_t rows, Py_ssize_t row_stride, Py_ssize_t col_stride,
                                  int32_t *out)

PROFILES = ("english", "american", "no_straight_flush")
"""The rules profiles, in the order of their C enum."""

cdef object _numpy = None

# Strengths handed to Python are shared int objects, made once each on first
# use: a lookup costs less than allocating (and later freeing) a new int.
cdef PyObject *_strength_objects[PC5_MAX_CLASSES + 1]


cdef inline object _strength(unsigned strength):
    cdef PyObject *cached = _strength_objects[strength]
    if cached is NULL:
        value = <object>strength
        Py_INCREF(value)
        _strength_objects[strength] = <PyObject *>value
        return value
    return <object>cached


cdef inline pc5_profile _profile(object rules) except *:
    # Identity first: the default and any literal "english" are the same interned string.
    if rules is "english":
        return PC5_ENGLISH
    if rules is "american":
        return PC5_AMERICAN
    if rules is "no_straight_flush":
        return PC5_NO_STRAIGHT_FLUSH
    if isinstance(rules, str) and rules in PROFILES:
        return <pc5_profile><int>PROFILES.index(rules)
    raise RulesError(f"unknown poker rules {rules!r}; expected one of {', '.join(map(repr, PROFILES))}")


cdef inline long _small_id(PyObject *item) noexcept:
    """The id held by an exact int in 0..51, or -1 (then the slow path explains)."""
    if not PyLong_CheckExact(item):
        return -1
    cdef long value = <long><object>item
    return value if 0 <= value < 52 else -1


def evaluate(hand, rules="english"):
    """evaluate(hand, rules="english") -> int

    Strength of a five-card poker hand: higher is better, equal means the rules
    call the hands equal in value (law 76). ``hand`` is a tuple or list of five
    card ids, or anything :func:`pycards.parse` reads. ``rules`` is
    ``"english"`` (the seed's laws 65-76), ``"american"`` or
    ``"no_straight_flush"``. Strengths run from 1 (the worst class of hands) to
    the profile's number of classes.

    >>> evaluate("AH KH QH JH 10H") > evaluate("AS KS QS JS 9S")   # law 69
    True
    >>> evaluate((51, 47, 43, 39, 35), rules="american")            # royal flush
    7462
    """
    cdef pc5_profile profile = _profile(rules)
    cdef PyObject **items
    cdef long a, b, c, d, e
    if (type(hand) is tuple or type(hand) is list) and PySequence_Fast_GET_SIZE(hand) == 5:
        items = PySequence_Fast_ITEMS(hand)
        a = _small_id(items[0])
        b = _small_id(items[1])
        c = _small_id(items[2])
        d = _small_id(items[3])
        e = _small_id(items[4])
        if (a | b | c | d | e) >= 0 and pc5_valid(a, b, c, d, e):
            return _strength(pc5_evaluate(profile, a, b, c, d, e))
    ids = parse(hand, count=5)
    return _strength(pc5_evaluate(profile, ids[0], ids[1], ids[2], ids[3], ids[4]))


cdef object _as_id_array(object hands):
    """``hands`` as a native-endian integer numpy array of shape (N, 5)."""
    global _numpy
    if _numpy is None:
        import numpy
        _numpy = numpy
    array = _numpy.asarray(hands)
    if array.dtype.kind not in "iu":
        raise TypeError(f"hands must be an array of integer card ids, not dtype {array.dtype}")
    if array.ndim != 2 or array.shape[1] != 5:
        raise ValueError(f"hands must have shape (N, 5), not {array.shape}")
    if not array.dtype.isnative:
        array = array.astype(array.dtype.newbyteorder("="))
    return array


def _row_problem(row):
    """Why a row of ids is not a five-card hand (for the error message)."""
    values = [int(v) for v in row]
    for v in values:
        if not 0 <= v < 52:
            return f"card id {v} is outside 0..51"
    repeated = next(v for v in values if values.count(v) > 1)
    return f"card id {repeated} appears twice"


def evaluate_many(hands, rules="english", bint check=True):
    """evaluate_many(hands, rules="english", check=True) -> numpy.ndarray

    Strengths of many five-card hands at once: ``hands`` is an ``(N, 5)`` array
    (or anything numpy reads as one) of card ids of any integer dtype and
    layout; the result is an ``int32`` array of N strengths, equal to calling
    :func:`evaluate` on each row. The loop runs in C without the GIL, so
    threads evaluating different batches run in parallel.

    ``check=True`` first validates every row (ids in 0..51, no repeats) and
    raises ``ValueError`` naming the first bad row. ``check=False`` is the fast
    path for trusted input: a bad row gives a meaningless strength, but never
    reads outside the tables.

    >>> evaluate_many([[51, 47, 43, 39, 35], [0, 4, 8, 12, 21]], rules="american").tolist()
    [7462, 1]
    """
    cdef pc5_profile profile = _profile(rules)
    array = _as_id_array(hands)
    result = _numpy.empty(array.shape[0], dtype=_numpy.int32)
    cdef int32_t[::1] out = result
    cdef Py_ssize_t rows = array.shape[0]
    if rows == 0:
        return result
    cdef const char *base = <const char *><size_t>array.ctypes.data
    cdef int width = array.itemsize
    cdef Py_ssize_t row_stride = array.strides[0], col_stride = array.strides[1]
    cdef Py_ssize_t bad
    with nogil:
        bad = pc5_evaluate_batch(profile, width, check, base, rows, row_stride, col_stride, &out[0])
    if bad >= 0:
        row = array[bad]
        raise ValueError(
            f"row {bad} of hands is not a five-card hand: {row.tolist()} ({_row_problem(row)})"
        )
    return result


def classes(rules="english"):
    """classes(rules="english") -> int

    Number of distinct strengths (classes of equal hands) under ``rules``: the
    strength of the best hand.

    >>> classes("english"), classes("american")
    (9010, 7462)
    """
    return pc5_classes[<int>_profile(rules)]


def category_floors(rules="english"):
    """category_floors(rules="english") -> tuple[int, ...]

    The lowest strength of each category, no pair first and sequence flush
    last; a category the profile does not have starts above its best strength.
    """
    cdef int p = _profile(rules)
    return tuple(pc5_floors[p][i] for i in range(9))


def table_bytes():
    """table_bytes() -> int

    Bytes of all the five-card lookup tables together.
    """
    return pc5_table_bytes
