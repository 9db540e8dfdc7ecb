"""Type stubs for the compiled shuffle (src/_pack.pyx)."""

from collections.abc import Sequence

MAX_CARDS: int
MAX_ID: int

def shuffled(cards: Sequence[int], key: int, count: int) -> list[int]: ...
def checked_cards(cards: Sequence[int]) -> tuple[int, ...]: ...
