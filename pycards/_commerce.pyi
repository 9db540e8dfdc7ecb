"""Type stubs for the compiled Commerce evaluators (src/_commerce.pyx, src/three_family.pxi)."""

from collections.abc import Iterable
from typing import Union

import numpy as np
import numpy.typing as npt

PROFILES: tuple[str, ...]

def evaluate(hand: Union[str, Iterable[Union[str, int]]], rules: str = "english") -> int: ...
def evaluate_many(
    hands: npt.ArrayLike, rules: str = "english", check: bool = True
) -> npt.NDArray[np.int32]: ...
def classes(rules: str = "english") -> int: ...
def category_floors(rules: str = "english") -> tuple[int, ...]: ...
def table_bytes() -> int: ...
