"""Sweeps on a Dask LocalCluster of 2 worker processes: the same result as
on the local cores, even when a worker is killed mid-sweep."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time

import cloudpickle
import pytest

import distributed

import fray
from conftest import QUICK

# The task hook below travels to the workers by value: they cannot import
# this test module.
cloudpickle.register_pickle_by_value(sys.modules[__name__])

GRID = {"Ser Alda/sheet.bab": [3, 5, 7], "Ser Bran/sheet.abilities.str": [2, 4]}
N = 40


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, host="127.0.0.1"
    ) as c:
        yield c


@pytest.fixture(scope="module")
def client(cluster):
    with distributed.Client(cluster) as c:
        c.wait_for_workers(2, timeout=120)
        yield c


@pytest.fixture(scope="module")
def local():
    return fray.sweep(QUICK, GRID, n=N, seed=3)


def test_a_sweep_on_the_cluster_equals_the_same_sweep_run_locally(client, local):
    for shard_size in (N, 17):
        on_dask = fray.sweep(QUICK, GRID, n=N, seed=3, client=client, shard_size=shard_size)
        assert on_dask.rows() == local.rows()
        assert on_dask.totals == local.totals
    # The tasks ran on both workers' processes, not here.
    assert len(client.run(os.getpid)) == 2


class BlockOnce:
    """The first task to start writes its worker's PID to `marker` and
    waits to be killed; every later task (the retry included) goes on."""

    def __init__(self, marker: str) -> None:
        self.marker = marker

    def __call__(self) -> None:
        try:
            fd = os.open(self.marker + ".lock", os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return
        os.close(fd)
        with open(self.marker + ".tmp", "w") as f:
            f.write(str(os.getpid()))
        os.replace(self.marker + ".tmp", self.marker)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            time.sleep(0.05)
        raise RuntimeError("the test did not kill this worker in time")


def test_a_worker_killed_mid_sweep_leaves_the_result_unchanged(client, local, tmp_path):
    marker = str(tmp_path / "blocked.pid")
    workers = set(client.run(os.getpid).values())
    box: dict = {}

    def run():
        try:
            box["result"] = fray.sweep(
                QUICK, GRID, n=N, seed=3, client=client, shard_size=25, _task_hook=BlockOnce(marker)
            )
        except BaseException as e:  # reported by the assertion below
            box["error"] = e

    t = threading.Thread(target=run)
    t.start()
    deadline = time.monotonic() + 120
    while not os.path.exists(marker) and time.monotonic() < deadline and t.is_alive():
        time.sleep(0.05)
    assert os.path.exists(marker), box.get("error", "no task started")
    pid = int(open(marker).read())
    assert pid in workers, "the blocked task runs in one of the cluster's worker processes"
    os.kill(pid, signal.SIGKILL)
    t.join(timeout=300)
    assert not t.is_alive(), "the sweep did not finish after the kill"
    assert "error" not in box, box.get("error")
    assert box["result"].rows() == local.rows()
    # The nanny started a new worker in the killed one's place.
    client.wait_for_workers(2, timeout=120)
    assert pid not in set(client.run(os.getpid).values())
