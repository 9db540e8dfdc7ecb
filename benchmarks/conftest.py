"""pytest-benchmark fixtures: seeded corpora shared by the benchmark files.

Not collected by a plain ``pytest`` in the repository (``testpaths = ["tests"]``); run with
``python -m pytest benchmarks --benchmark-only`` (``--bench-quick`` for smaller peer loops).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # --import-mode=importlib does not add it
    sys.path.insert(0, str(HERE))

import bench_cases as bc  # noqa: E402

bc.locate_pycards()

_SUMMARY: list[tuple[str, str, float | None, str]] = []


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--bench-quick", action="store_true", default=False,
                     help="pycards benchmarks: smaller peer-loop subsets")


@pytest.fixture(scope="session")
def ctx(request: pytest.FixtureRequest) -> Any:
    """Seeded corpora (bench_cases.SEED): 1000-hand corpus, 200,000-hand batch, all hands."""
    c = bc.Context(quick=request.config.getoption("--bench-quick"))
    yield c
    c.close()


@pytest.fixture
def record() -> Any:
    """Record a line for the ns/hand summary printed at the end of the session."""

    def add(group: str, name: str, value: float | None, unit: str) -> None:
        _SUMMARY.append((group, name, value, unit))

    return add


@pytest.fixture
def run_case(benchmark: Any, ctx: bc.Context, record: Any) -> Any:
    """Benchmark one case of ``bench_cases.CASES`` by its id (an unavailable one skips)."""

    def run(case_id: str) -> None:
        c = bc.find_case(case_id)
        benchmark.group = c.group
        try:
            timed = c.factory(ctx)
        except bc.Unavailable as exc:
            record(c.group, c.name, None, str(exc))
            pytest.skip(str(exc))
        benchmark.extra_info.update(library=c.library, hands_per_round=timed.items)
        benchmark(timed.fn)
        stats = getattr(benchmark, "stats", None)
        if stats is not None:  # None under --benchmark-disable
            ns = stats.stats.min / timed.items * 1e9
            benchmark.extra_info["ns_per_hand_min"] = ns
            record(c.group, c.name, ns, f"ns/{bc.unit_of(c.group)}")

    return run


@pytest.fixture
def run_table_bytes(benchmark: Any, record: Any) -> Any:
    """Record the size of a set of lookup tables; ``measure()`` gives it in bytes."""

    def run(label: str, measure: Any) -> None:
        benchmark.group = "tables"
        try:
            n = measure()
        except bc.Unavailable as exc:
            record("tables", label, None, str(exc))
            pytest.skip(str(exc))
        benchmark.extra_info["table_bytes"] = n
        record("tables", label, float(n), "bytes")
        benchmark(measure)

    return run


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not _SUMMARY:
        return
    tr = terminalreporter
    tr.section("pycards benchmarks: per item (min round / items per round; hands unless the unit says)")
    for group, name, value, unit in _SUMMARY:
        shown = "—" if value is None else f"{value:12,.2f} {unit}"
        tr.write_line(f"{group:10s} {name:70s} {shown}")
