"""``simulate`` on a real Dask cluster: worker processes on loopback, one result.

The cluster is a ``distributed.LocalCluster`` of two worker processes (one
thread each) that talk to their scheduler over TCP on 127.0.0.1, exactly as the
workers of a cluster on other machines would; only the scheduler's address
differs (docs/simulation.md). The sessions are shipped to the workers through
``Client.get_executor()``, and the result must be the serial one, whatever the
block size, because the experiment (sessions and their seeds) never depends on
the execution.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from distributed import Client, LocalCluster

from pycards.games.policies import DrawBelow, RandomLegal
from pycards.games.simulate import simulate

CASE: dict[str, Any] = {"deals": 1_200, "seed": 11, "players": 4, "session_deals": 100}


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None, silence_logs=40) as cluster:  # fmt: skip
        with Client(cluster, timeout=60) as dask_client:
            dask_client.wait_for_workers(2, timeout=60)
            yield dask_client


def test_the_workers_are_processes_on_loopback(client: Client) -> None:
    workers = client.scheduler_info()["workers"]
    assert len(workers) == 2
    assert all(address.startswith("tcp://127.0.0.1:") for address in workers)
    assert client.scheduler.address.startswith("tcp://127.0.0.1:")
    pids = set(client.run(os.getpid).values())
    assert len(pids) == 2 and os.getpid() not in pids


@pytest.mark.parametrize("block", [1, 3, 12])
def test_a_cluster_gives_the_serial_result(client: Client, block: int) -> None:
    alone = simulate("vingt_un", DrawBelow(16), **CASE)
    with client.get_executor() as executor:
        spread = simulate("vingt_un", DrawBelow(16), executor=executor, block=block, **CASE)
    assert spread == alone
    assert spread.deals == CASE["deals"] and sum(spread.totals) == 0


def test_a_cluster_runs_seeded_random_policies_as_here(client: Client) -> None:
    kwargs: dict[str, Any] = {"deals": 300, "seed": 5, "players": 3, "session_deals": 50}
    alone = simulate("vingt_un", RandomLegal(7), **kwargs)
    with client.get_executor() as executor:
        assert simulate("vingt_un", RandomLegal(7), executor=executor, block=2, **kwargs) == alone
