"""The C lookup tables of the three-card evaluators (``pycards_three_tables.h``).

Written by ``src/gen_tables.py`` at build time. The rules live in
``pycards/_three_keys.py`` (loaded here by path: it is plain Python that imports
nothing from pycards), which the package's ``describe`` functions share.

Every profile is one table of 22,100 strengths, indexed by the combinatorial
number of the hand: for card ids ``a < b < c``, ``a + C(b, 2) + C(c, 3)``.
Strengths are dense, 1 for the worst class and N for the best, equal for hands
the rules call equal (docs/rules.md section 3).
"""

from __future__ import annotations

import importlib.util
import itertools
import os
from collections.abc import Callable, Sequence

from tablegen import c_array, header

HERE = os.path.dirname(os.path.abspath(__file__))


def _load_keys():  # type: ignore[no-untyped-def]
    path = os.path.join(HERE, "..", "pycards", "_three_keys.py")
    spec = importlib.util.spec_from_file_location("pycards_three_keys", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


keys = _load_keys()

HANDS = 22100
CATEGORIES = {"commerce": 6, "brag": 3}


def hand_index(cards: Sequence[int]) -> int:
    """Combinatorial number of three different card ids."""
    a, b, c = sorted(cards)
    return a + b * (b - 1) // 2 + c * (c - 1) * (c - 2) // 6


def dense_strengths(key: Callable[[tuple[int, ...]], tuple[int, ...]], categories: int):  # type: ignore[no-untyped-def]
    """Table of strengths (by hand index), number of classes, category floors."""
    hands = list(itertools.combinations(range(52), 3))
    hand_keys = {h: key(h) for h in hands}
    ordered = sorted(set(hand_keys.values()))
    strength = {k: i + 1 for i, k in enumerate(ordered)}
    table = [0] * HANDS
    for h in hands:
        table[hand_index(h)] = strength[hand_keys[h]]
    assert 0 not in table and len(hands) == HANDS
    floors = []
    for cat in range(categories):
        members = [v for k, v in strength.items() if k[0] == cat]
        floors.append(min(members) if members else len(ordered) + 1)
    # Categories must be bands of strengths, lowest first (an absent one: N + 1).
    present = [f for f in floors if f <= len(ordered)]
    assert present == sorted(present)
    return table, len(ordered), floors


def render() -> str:
    """The text of ``pycards_three_tables.h``."""
    assert sorted(hand_index(h) for h in itertools.combinations(range(52), 3)) == list(
        range(HANDS)
    )
    body = [f"#define PC3_HANDS {HANDS}\n\n"]
    families = [("commerce", p, keys.commerce_key) for p in keys.COMMERCE_PROFILES]
    families += [("brag", p, keys.brag_key) for p in keys.BRAG_PROFILES]
    for family, profile, key in families:
        table, classes, floors = dense_strengths(
            lambda h, p=profile, k=key: k(h, p), CATEGORIES[family]
        )
        name = f"pc3_{family}_{profile}"
        body.append(f"#define {name.upper()}_CLASSES {classes}\n")
        body.append(c_array("uint16_t", f"{name}_floors", floors))
        body.append(c_array("uint16_t", name, table))
    return header("PYCARDS_THREE_TABLES_H", "three_tables.py", body)
