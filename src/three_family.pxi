# The compiled functions of one three-card family (Commerce or Brag), included by
# _commerce.pyx and _brag.pyx after they define FIRST (the family's first
# profile in pc3_profile), PROFILES and FAMILY. One text, two modules, so each
# family's functions are its own compiled objects, re-exported as they are.

from cpython.object cimport PyObject
from libc.stdint cimport uint64_t

from pycards_boundary cimport (
    cached_int, flag, id_array, pc_batch_fn, profile_index, read_ids, run_batch,
)

from pycards.cards import parse

cdef extern from "three.h" nogil:
    ctypedef enum pc3_profile:
        pass
    enum: PC3_HANDS
    const int *pc3_classes
    const unsigned short **pc3_floors
    const size_t pc3_table_bytes
    unsigned pc3_evaluate(pc3_profile, unsigned, unsigned, unsigned)
    bint pc3_valid(const uint64_t *ids)
    pc_batch_fn pc3_batch(pc3_profile, int check, int width)

cdef PyObject *_strengths[PC3_HANDS + 1]


cdef inline pc3_profile _profile(object rules) except *:
    return <pc3_profile>(FIRST + profile_index(rules, PROFILES, FAMILY))


def evaluate(hand, rules="english"):
    """evaluate(hand, rules="english") -> int

    Strength of a three-card hand: higher is better, equal means the rules
    call the hands equal (ties the texts settle by seat are left to the game).
    ``hand`` is a tuple or list of three card ids, or anything
    :func:`pycards.parse` reads; ``rules`` is one of this module's ``PROFILES``.
    Strengths run from 1 (the worst class of hands) to ``classes(rules)``.
    """
    cdef pc3_profile profile = _profile(rules)
    cdef uint64_t ids[3]
    if not (read_ids(hand, 3, ids) and pc3_valid(ids)):
        parsed = parse(hand, count=3)
        for j in range(3):
            ids[j] = parsed[j]
    return cached_int(_strengths, PC3_HANDS + 1, pc3_evaluate(profile, ids[0], ids[1], ids[2]))


def evaluate_many(hands, rules="english", check=True):
    """evaluate_many(hands, rules="english", check=True) -> numpy.ndarray

    Strengths of many three-card hands: ``hands`` is an ``(N, 3)`` array (or
    anything numpy reads as one) of card ids of any integer dtype and layout;
    the result is an ``int32`` array equal to :func:`evaluate` on each row,
    computed in C without the GIL. ``check=True`` validates every row and
    raises ``ValueError`` naming the first bad one; ``check=False`` trusts the
    input (a bad row gives a meaningless strength but never reads out of bounds).
    ``check`` must be ``True`` or ``False``.
    """
    cdef pc3_profile profile = _profile(rules)
    cdef bint checked = flag(check, "check")
    array = id_array(hands, 3)
    return run_batch(pc3_batch(profile, checked, array.itemsize), array, "a three-card hand")


def classes(rules="english"):
    """classes(rules="english") -> int

    Number of distinct strengths under ``rules``: the strength of the best hand.
    """
    return pc3_classes[<int>_profile(rules)]


def category_floors(rules="english"):
    """category_floors(rules="english") -> tuple[int, ...]

    The lowest strength of each category, lowest category first; a category the
    profile does not have starts above its best strength.
    """
    cdef pc3_profile p = _profile(rules)
    cdef int n = CATEGORY_COUNT
    return tuple(pc3_floors[<int>p][i] for i in range(n))


def table_bytes():
    """table_bytes() -> int

    Bytes of all the three-card lookup tables together (Commerce and Brag share them).
    """
    return pc3_table_bytes
