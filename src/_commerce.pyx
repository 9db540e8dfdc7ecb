# cython: freethreading_compatible = True
"""Compiled Commerce evaluators (docs/rules.md sections 3.1-3.5), re-exported by pycards.commerce.

>>> evaluate("QH KH AH") > evaluate("AC 2C 3C")   # Q-K-A the best sequence, A-2-3 the lowest
True
>>> evaluate_many([[51, 50, 49], [0, 5, 10]], rules="american").tolist()   # three aces; no point
[65, 1]
"""

from pycards._three_keys import COMMERCE_PROFILES as PROFILES  # the order of the C tables
cdef int FIRST = 0
cdef str FAMILY = "Commerce"
cdef int CATEGORY_COUNT = 6

include "three_family.pxi"
