"""pytest-benchmark suite for five-card poker evaluation (pycards and peers).

One test per case of ``bench_cases.CASES`` (groups evaluate5, batch, all_hands, threads),
plus import time and table size. A missing peer or an unbuilt pycards skips its test.
Times are per round; the ns/hand figures are in ``extra_info`` and in the summary.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from typing import Any

import pytest

import bench_cases as bc

# eval7 imports pyparsing with deprecated names; not ours to fix
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

POKER_GROUPS = ("evaluate5", "batch", "all_hands", "threads")
CASE_IDS = [c.id for c in bc.CASES if c.group in POKER_GROUPS]


@pytest.mark.parametrize("case_id", CASE_IDS)
def test_bench(run_case: Any, case_id: str) -> None:
    run_case(case_id)


def _python(stmt: str) -> None:
    with tempfile.TemporaryDirectory() as cwd:
        subprocess.run([sys.executable, "-c", stmt], cwd=cwd, check=True, capture_output=True)


@pytest.mark.parametrize("stmt", ["pass", "import pycards", "import pycards.poker"])
def test_import_time(benchmark: Any, record: Any, stmt: str) -> None:
    """Wall time of a fresh ``python -c stmt`` (compare with ``pass``)."""
    benchmark.group = "import"
    if stmt != "pass":
        try:
            bc._import("pycards.poker")
        except bc.Unavailable as exc:
            record("import", stmt, None, str(exc))
            pytest.skip(str(exc))
    benchmark.pedantic(_python, args=(stmt,), rounds=10, warmup_rounds=1)
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        record("import", f"python -c {stmt!r}", stats.stats.min * 1e3, "ms")


def test_table_bytes(run_table_bytes: Any) -> None:
    """Total bytes of the five-card tables (pycards._poker.table_bytes())."""
    run_table_bytes("five-card table bytes", bc.table_bytes)
