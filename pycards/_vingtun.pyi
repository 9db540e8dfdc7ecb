"""Type stubs for the compiled Vingt-un totals (src/_vingtun.pyx)."""

from collections.abc import Iterable
from typing import Union

import numpy as np
import numpy.typing as npt

def total(hand: Union[str, Iterable[Union[str, int]]]) -> int: ...
def pack_total(cards: Union[list[int], tuple[int, ...]]) -> int: ...
def totals_many(hands: npt.ArrayLike, pad: int = -1, check: bool = True) -> npt.NDArray[np.int32]: ...
