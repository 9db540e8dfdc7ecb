"""Shared test set-up: the Hypothesis profile, and the exhaustive five-card fixtures.

Under CI (``CI`` set in the environment) Hypothesis runs derandomized, so a run
is reproducible and a red CI names a real bug that replays locally with
``CI=1 pytest``.

All 2,598,960 five-card hands are built once per session, in
``itertools.combinations(range(52), 5)`` order, as an (N, 5) uint8 array
(13 MB). Reference strengths (from ``tests/reference_poker.py``) and pycards
strengths are computed at most once per profile and shared between test files.
"""

from __future__ import annotations

import itertools
import os
import sys
from math import comb

import numpy as np
import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

# the test modules import ``reference_poker`` by name, whatever pytest's import mode
_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

from reference_poker import reference_key  # noqa: E402

N_HANDS = comb(52, 5)


def _all_hands() -> np.ndarray:
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
        dtype=np.uint8,
        count=N_HANDS * 5,
    )
    return flat.reshape(N_HANDS, 5)


class ReferenceStrengths:
    """Dense reference strengths of every hand under one profile.

    ``strengths[i]`` is 1 + the number of distinct reference keys below the key of
    hand ``i`` (so equal keys give equal strengths, and a higher key a higher
    strength): exactly what a correct evaluator must return. ``keys`` holds the
    distinct keys in ascending order (``keys[s - 1]`` is the key of strength s).
    """

    def __init__(self, rules: str) -> None:
        key_ids: dict[tuple[int, ...], int] = {}
        first_seen = np.fromiter(
            (
                key_ids.setdefault(reference_key(hand, rules), len(key_ids))
                for hand in itertools.combinations(range(52), 5)
            ),
            dtype=np.int32,
            count=N_HANDS,
        )
        self.keys: list[tuple[int, ...]] = sorted(key_ids)
        dense_of_id = np.empty(len(self.keys), dtype=np.int32)
        for position, key in enumerate(self.keys):
            dense_of_id[key_ids[key]] = position + 1
        self.strengths: np.ndarray = dense_of_id[first_seen]
        # category of each strength class, index s - 1
        self.class_category = np.array([key[0] for key in self.keys], dtype=np.int8)


@pytest.fixture(scope="session")
def all_hands() -> np.ndarray:
    hands = _all_hands()
    hands.setflags(write=False)
    return hands


@pytest.fixture(scope="session")
def reference_strengths():
    """``reference_strengths(rules) -> ReferenceStrengths``, cached per profile."""
    cache: dict[str, ReferenceStrengths] = {}

    def get(rules: str) -> ReferenceStrengths:
        if rules not in cache:
            cache[rules] = ReferenceStrengths(rules)
        return cache[rules]

    return get


@pytest.fixture(scope="session")
def pycards_strengths(all_hands):
    """``pycards_strengths(rules)``: ``pycards.poker.evaluate_many`` over all hands, cached."""
    import pycards.poker

    cache: dict[str, np.ndarray] = {}

    def get(rules: str) -> np.ndarray:
        if rules not in cache:
            cache[rules] = pycards.poker.evaluate_many(all_hands, rules)
        return cache[rules]

    return get
