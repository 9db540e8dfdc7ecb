# cython: freethreading_compatible = True
"""Compiled five-card poker evaluators (docs/rules.md section 2).

The public functions are re-exported by :mod:`pycards.poker` as they are. The
inner loops are the plain C of ``src/poker5.h``; this module converts and
validates arguments once at the boundary and releases the GIL for batches.
"""

from cpython.object cimport PyObject
from libc.stdint cimport uint64_t

from pycards_boundary cimport (
    cached_int, flag, id_array, pc_batch_fn, profile_index, read_ids, run_batch,
)

from pycards.cards import parse

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
    bint pc5_valid(const uint64_t *ids)
    pc_batch_fn pc5_batch(pc5_profile, int check, int width)

PROFILES = ("english", "american", "no_straight_flush")
"""The rules profiles, in the order of their C enum."""

cdef PyObject *_strengths[PC5_MAX_CLASSES + 1]


cdef inline pc5_profile _profile(object rules) except *:
    return <pc5_profile>profile_index(rules, PROFILES, "poker")


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
    cdef uint64_t ids[5]
    if not (read_ids(hand, 5, ids) and pc5_valid(ids)):
        parsed = parse(hand, count=5)
        for j in range(5):
            ids[j] = parsed[j]
    return cached_int(_strengths, PC5_MAX_CLASSES + 1, pc5_evaluate(profile, ids[0], ids[1], ids[2], ids[3], ids[4]))


def evaluate_many(hands, rules="english", check=True):
    """evaluate_many(hands, rules="english", check=True) -> numpy.ndarray

    Strengths of many five-card hands at once: ``hands`` is an ``(N, 5)`` array
    (or anything numpy reads as one) of card ids of any integer dtype and
    layout; the result is an ``int32`` array of N strengths, equal to calling
    :func:`evaluate` on each row. The loop runs in C without the GIL, so
    threads evaluating different batches run in parallel.

    ``check=True`` first validates every row (ids in 0..51, no repeats) and
    raises ``ValueError`` naming the first bad row. ``check=False`` is the fast
    path for trusted input: a bad row gives a meaningless strength, but never
    reads outside the tables. ``check`` must be ``True`` or ``False``.

    >>> evaluate_many([[51, 47, 43, 39, 35], [0, 4, 8, 12, 21]], rules="american").tolist()
    [7462, 1]
    """
    cdef pc5_profile profile = _profile(rules)
    cdef bint checked = flag(check, "check")
    array = id_array(hands, 5)
    return run_batch(pc5_batch(profile, checked, array.itemsize), array, "a five-card hand")


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
