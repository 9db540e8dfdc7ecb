# cython: freethreading_compatible = True
"""Compiled Brag evaluators (RULES.md sections 3.6-3.7), re-exported by pycards.brag.

>>> evaluate("8S 8D 8H") > evaluate("8C AD JC")   # "Three eights will beat an eight and two braggers"
True
"""

PROFILES = ("english", "american")
"""The Brag profiles, in the order of their C tables."""
cdef int FIRST = 7
cdef str FAMILY = "Brag"
cdef int CATEGORY_COUNT = 3

include "three_family.pxi"
