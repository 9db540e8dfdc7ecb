"""pytest-benchmark suite for the three-card games (Commerce, Brag) and Vingt-un.

One test per case of ``bench_cases.CASES`` in the groups three1 (single calls on a
tuple), three_batch (``evaluate_many`` on 200,000 random three-card hands and on all
22,100) and vingtun_batch (``totals_many`` on 200,000 hands of 2-6 cards), plus the
size of the three-card tables (shared by Commerce and Brag). An unbuilt pycards skips.
Times are per round; the ns/hand figures are in ``extra_info`` and in the summary.
"""

from __future__ import annotations

from typing import Any

import pytest

import bench_cases as bc

THREE_GROUPS = ("three1", "three_batch", "vingtun_batch")
CASE_IDS = [c.id for c in bc.CASES if c.group in THREE_GROUPS]


@pytest.mark.parametrize("case_id", CASE_IDS)
def test_bench(run_case: Any, case_id: str) -> None:
    run_case(case_id)


def test_three_table_bytes(run_table_bytes: Any) -> None:
    """Bytes of the three-card tables (pycards._commerce.table_bytes(); Brag shares them)."""
    run_table_bytes("three-card table bytes", bc.three_table_bytes)
