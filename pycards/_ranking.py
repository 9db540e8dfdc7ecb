"""What every evaluator family derives from its strengths (one implementation).

An evaluator is a function ``evaluate(hand, rules) -> int`` under the strength
contract: higher is better, equal means a tie. Comparing, finding the winners
and naming the category follow from that alone.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from pycards._messages import shown

Evaluate = Callable[[Any, str], int]
C = TypeVar("C")


def compare_with(evaluate: Evaluate, a: Any, b: Any, rules: str) -> int:
    """1 if ``a`` beats ``b``, -1 if it loses, 0 if they tie."""
    x, y = evaluate(a, rules), evaluate(b, rules)
    return (x > y) - (x < y)


def winners_with(evaluate: Evaluate, hands: Sequence[Any], rules: str) -> list[int]:
    """Indices of every hand that ties for best.

    ``hands`` is a list of hands: one hand given alone (a string) is refused
    with that said, rather than read as a list of one-character hands.
    """
    from pycards.errors import CardTypeError

    if isinstance(hands, (str, bytes)):
        raise CardTypeError(
            f"winners() takes a list of hands, not one string: {shown(hands)}; "
            f"write [{shown(hands)}] for a single hand"
        )
    try:
        hands = list(hands)
    except TypeError:
        raise CardTypeError(f"winners() takes a list of hands, not {type(hands).__name__}: {shown(hands)}") from None
    if not hands:
        raise ValueError("winners() needs at least one hand")
    strengths = [evaluate(h, rules) for h in hands]
    best = max(strengths)
    return [i for i, s in enumerate(strengths) if s == best]


def category_of(strength: int, floors: Sequence[int], kinds: Callable[[int], C]) -> C:
    """The category whose band of strengths holds ``strength``.

    ``floors`` are the lowest strength of each category, lowest category first
    (an absent category's floor lies above every strength).
    """
    return kinds(max(i for i, floor in enumerate(floors) if floor <= strength))


class NamedCategory(enum.IntEnum):
    """Base of the families' category enums: ``str()`` is the name in words."""

    def __str__(self) -> str:
        return self.name.lower().replace("_", " ")
