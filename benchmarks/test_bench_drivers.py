"""pytest-benchmark suite for the game drivers.

One test per case of ``bench_cases.CASES`` in the group drivers: complete rounds of
Vingt-un (4 and 2 players, ``DrawBelow(16)`` at every seat, through ``observation``,
``legal_actions`` and ``apply``) and gymnasium's ``Blackjack-v1`` (1 player, hit below
17). A round is a "hand" here: the summary's ns/hand reads ns per round.
"""

from __future__ import annotations

from typing import Any

import pytest

import bench_cases as bc

CASE_IDS = [c.id for c in bc.CASES if c.group == "drivers"]


@pytest.mark.parametrize("case_id", CASE_IDS)
def test_bench(run_case: Any, case_id: str) -> None:
    run_case(case_id)
