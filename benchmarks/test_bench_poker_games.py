"""pytest-benchmark suite for the poker drivers (``bench_poker_games``).

* ``poker_deals``: random legal play of every pycards poker game (4 players; Progressive
  Poker 8) and pokerkit's four-player draw; ns/deal.
* ``poker_decisions``: the same play; ns/decision.
"""

from __future__ import annotations

from typing import Any

import pytest

import bench_cases as bc

GROUPS = ("poker_deals", "poker_decisions")
CASE_IDS = [c.id for c in bc.CASES if c.group in GROUPS]


@pytest.mark.parametrize("case_id", CASE_IDS)
def test_bench(run_case: Any, case_id: str) -> None:
    run_case(case_id)
