# cython: freethreading_compatible = True
"""Compiled Brag evaluators (docs/rules.md sections 3.6-3.7), re-exported by pycards.brag.

>>> evaluate("8S 8D 8H") > evaluate("8C AD JC")   # "Three eights will beat an eight and two braggers"
True
"""

from pycards._three_keys import BRAG_PROFILES as PROFILES  # the order of the C tables
cdef int FIRST = 7
cdef str FAMILY = "Brag"
cdef int CATEGORY_COUNT = 3

include "three_family.pxi"
