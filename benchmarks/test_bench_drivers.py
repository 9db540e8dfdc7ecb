"""pytest-benchmark suite for the game drivers.

One test per case of ``bench_cases.CASES`` in the driver groups:

* ``drivers``: sessions of Vingt-un (4 and 2 players, ``DrawBelow(16)`` at every seat,
  through ``observation``, ``legal_actions`` and ``apply``) and gymnasium's
  ``Blackjack-v1`` (1 player, hit below 17); ns/deal.
* ``state``: Vingt-un ``copy()`` and ``json.dumps(to_dict())``, fresh and after 5,000
  deals; ns/call. The snapshot sizes (``bench_cases.METRICS``) are recorded in the summary.
* ``random_play``: random legal play of Vingt-un, pokerkit's no-limit hold'em and
  OpenSpiel's games (each skipped when not installed); ns/decision.
* ``codec``: the Vingt-un RL-loop step (``encode``, ``legal_mask``, ids); ns/decision.
* ``adapters``: the PettingZoo adapter's AEC loop on Vingt-un (4 players) against PettingZoo's
  ``leduc_holdem_v4`` (``env()`` and ``raw_env()``; skipped without rlcard or pygame), the
  raw random play and the same steps without the adapter; ns/decision.
"""

from __future__ import annotations

from typing import Any

import pytest

import bench_cases as bc

GROUPS = ("drivers", "state", "random_play", "codec", "adapters")
CASE_IDS = [c.id for c in bc.CASES if c.group in GROUPS]
METRIC_KEYS = [m.key for m in bc.METRICS if m.group in GROUPS]


@pytest.mark.parametrize("case_id", CASE_IDS)
def test_bench(run_case: Any, case_id: str) -> None:
    run_case(case_id)


@pytest.mark.parametrize("key", METRIC_KEYS)
def test_metric(benchmark: Any, ctx: bc.Context, record: Any, key: str) -> None:
    """Record a metric's value; the benchmark times computing it (for a snapshot size:
    ``len(json.dumps(game.to_dict()))``)."""
    m = next(m for m in bc.METRICS if m.key == key)
    benchmark.group = m.group
    try:
        value = m.value(ctx)
    except bc.Unavailable as exc:
        record(m.group, m.text, None, str(exc))
        pytest.skip(str(exc))
    benchmark.extra_info[m.key] = value
    record(m.group, m.text, float(value), m.unit or "")
    benchmark(m.value, ctx)
