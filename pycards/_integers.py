"""Which values count as whole numbers where pycards takes one (every module asks here)."""

from __future__ import annotations

import operator
from typing import Optional

__all__ = ["integer"]


def integer(value: object) -> Optional[int]:
    """``value`` as an int if it is one or an integer scalar (NumPy's), but not a bool; else None.

    >>> import numpy as np
    >>> integer(3), integer(np.int8(3)), integer(True), integer(3.0)
    (3, 3, None, None)
    """
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]  # anything: TypeError is the answer
    except TypeError:
        return None
