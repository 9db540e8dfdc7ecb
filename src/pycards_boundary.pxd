# The Python boundary shared by the compiled evaluators: reading card ids out of
# Python objects, turning batches into strided buffers, and handing strengths
# back as shared int objects. Everything here runs once per call; the loops
# themselves are C (batch.h) and run without the GIL.

from cpython.buffer cimport PyBUF_RECORDS_RO, PyBuffer_Release, PyObject_GetBuffer
from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF
from libc.stdint cimport int32_t, uint64_t

cdef extern from "Python.h":
    bint PyLong_CheckExact(PyObject *)

cdef extern from "small_int.h":
    long pc_small_nonnegative(PyObject *) noexcept
    PyObject **PySequence_Fast_ITEMS(object)
    Py_ssize_t PySequence_Fast_GET_SIZE(object)

cdef extern from "batch.h" nogil:
    ctypedef Py_ssize_t (*pc_batch_fn)(const char *base, Py_ssize_t rows, Py_ssize_t row_stride,
                                       Py_ssize_t col_stride, int32_t *out)


cdef inline long small_id(PyObject *item) noexcept:
    """The id held by an exact int in 0..51, or -1 (then the slow path explains).

    An int beyond the C long range is -1 too, never a wrapped or truncated
    value: ``2**64`` must not be read as card 0.
    """
    if not PyLong_CheckExact(item):
        return -1
    cdef long value = pc_small_nonnegative(item)
    return value if value < 52 else -1


cdef inline bint read_ids(object hand, Py_ssize_t k, uint64_t *ids) noexcept:
    """Fill ``ids`` from a tuple or list of ``k`` exact ints in 0..51; False otherwise.

    The fast path of the single-hand evaluators: anything else (text, other
    iterables, bad ids) goes through pycards.parse, which explains what is wrong.
    Repeated ids are left to the caller's C check.
    """
    if not (type(hand) is tuple or type(hand) is list) or PySequence_Fast_GET_SIZE(hand) != k:
        return False
    cdef PyObject **items = PySequence_Fast_ITEMS(hand)
    cdef long value
    cdef Py_ssize_t j
    for j in range(k):
        value = small_id(items[j])
        if value < 0:
            return False
        ids[j] = <uint64_t>value
    return True


cdef inline object cached_int(PyObject **cache, unsigned size, unsigned value):
    """``value`` as a shared int object, made on first use (``cache`` has ``size`` slots).

    A strength handed to Python costs a lookup instead of allocating (and later
    freeing) a new int. A value past the cache (never expected: each caller
    sizes its cache for its largest result) is a fresh int, not a wild write.
    """
    if value >= size:
        return <object>value
    cdef PyObject *found = cache[value]
    if found is NULL:
        obj = <object>value
        Py_INCREF(obj)
        cache[value] = <PyObject *>obj
        return obj
    return <object>found


cdef inline object id_array(object hands, Py_ssize_t k):
    """``hands`` as a native-endian integer numpy array of shape (N, k) (any k if k < 0).

    numpy is imported here, on first use, never by ``import pycards``.
    """
    import numpy
    from pycards.errors import CardTypeError
    if isinstance(hands, numpy.ma.MaskedArray):  # its mask would be ignored: the hidden ids evaluated
        raise CardTypeError("hands must be a plain array of card ids, not a masked array (fill it first)")
    try:
        array = numpy.asarray(hands)
    except ValueError:  # rows of different lengths
        from pycards._messages import shown
        raise CardTypeError(f"hands must be a rectangular array of card ids, not {shown(hands)}") from None
    if array.dtype.kind not in "iu":
        from pycards.errors import WrongTypeError
        raise WrongTypeError(f"hands must be an array of integer card ids, not dtype {array.dtype}")
    if array.ndim != 2 or (k >= 0 and array.shape[1] != k):
        shape = f"(N, {k})" if k >= 0 else "(N, K)"
        raise ValueError(f"hands must have shape {shape}, not {array.shape}")
    if not array.dtype.isnative:
        array = array.astype(array.dtype.newbyteorder("="))
    return array


cdef inline str row_problem(object row):
    """Why a row of ids is not a hand (for the error message)."""
    values = [int(v) for v in row]
    for v in values:
        if not 0 <= v < 52:
            return f"card id {v} is outside 0..51"
    for v in values:
        if values.count(v) > 1:
            return f"card id {v} appears twice"
    return "no problem found"


cdef inline object run_batch(pc_batch_fn loop, object array, str what):
    """Run a C batch loop over an id array; an int32 array of results.

    The loop was chosen for the array's id width and the checking mode; it
    returns the index of the first invalid row (checked mode) or -1.
    """
    import numpy
    cdef Py_buffer view
    PyObject_GetBuffer(array, &view, PyBUF_RECORDS_RO)
    cdef Py_ssize_t rows = view.shape[0], row_stride = view.strides[0]
    cdef Py_ssize_t col_stride = view.strides[1], bad = -1
    cdef const char *base = <const char *>view.buf
    result = numpy.empty(rows, dtype=numpy.int32)
    cdef int32_t[::1] out = result
    try:
        if rows:
            with nogil:
                bad = loop(base, rows, row_stride, col_stride, &out[0])
    finally:
        PyBuffer_Release(&view)
    if bad >= 0:
        row = array[bad]
        raise ValueError(
            f"row {bad} of hands is not {what}: {row.tolist()} ({row_problem(row)})"
        )
    return result


cdef inline bint flag(object value, str name) except -1:
    """``value`` as a C flag, when it is exactly ``True`` or ``False``.

    A plain truth test would let ``check=None`` or ``check=0`` silently turn
    validation off.
    """
    if value is True:
        return True
    if value is False:
        return False
    from pycards._messages import shown
    from pycards.errors import WrongTypeError
    raise WrongTypeError(f"{name} must be True or False, not {shown(value)}")


cdef inline int profile_index(object rules, tuple names, str family) except -1:
    """Position of ``rules`` in ``names``, or RulesError naming the bad value.

    Identity first: defaults and literals are the same interned strings.
    """
    cdef Py_ssize_t i
    for i in range(len(names)):
        if rules is names[i]:
            return i
    if isinstance(rules, str) and rules in names:
        return names.index(rules)
    from pycards._messages import shown
    from pycards.errors import RulesError
    raise RulesError(
        f"unknown {family} rules {shown(rules)}; expected one of {', '.join(map(repr, names))}"
    )
