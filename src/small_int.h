/*
 * The value of a small exact Python int without a function call, for the
 * single-hand fast path (pycards_boundary.pxd, small_id).
 *
 * Only ints held in one machine digit are read (CPython's "compact" ints,
 * |value| < 2**30); any other int is reported as -1, so the caller takes its
 * slow path, which names an out-of-range id instead of reading 2**64 as 0.
 */
#ifndef PYCARDS_SMALL_INT_H
#define PYCARDS_SMALL_INT_H

#include <Python.h>

/* `item` must be an exact int. Its value when it is a compact non-negative
   int, else -1. */
static inline long pc_small_nonnegative(PyObject *item) {
#if PY_VERSION_HEX >= 0x030C0000
    PyLongObject *number = (PyLongObject *)item;
    if (!PyUnstable_Long_IsCompact(number)) return -1;
    Py_ssize_t value = PyUnstable_Long_CompactValue(number);
    return value >= 0 ? (long)value : -1;
#else
    Py_ssize_t size = Py_SIZE(item); /* signed count of 30-bit digits */
    if (size == 0) return 0;
    if (size == 1) return (long)((PyLongObject *)item)->ob_digit[0];
    return -1;
#endif
}

#endif
