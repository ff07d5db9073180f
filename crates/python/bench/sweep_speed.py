"""Fights per second: `fray sim` on 2 threads against a sweep on a local
Dask cluster of 2 single-threaded worker processes, on the same scenario.

    python crates/python/bench/sweep_speed.py --fray target/release/fray -n 1000000 [--runs 3]

Both should be release builds (the wheel from `pip install ./crates/python`
or `maturin build --release`). The cluster is started and warmed (every
worker has imported fray and played a few fights) before the clock starts,
as a cluster one already runs would be. Prints one line per run and the
ratio of the medians (docs/python.md, "Speed").
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import time

import fray
from fray.sweep import DEFAULT_SHARD_SIZE
from distributed import Client, LocalCluster


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--fray", default="target/release/fray")
    ap.add_argument("--scenario", default="scenarios/gurps/duel.toml")
    ap.add_argument("-n", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--shard-size", type=int, default=DEFAULT_SHARD_SIZE)
    ap.add_argument("--points", type=int, default=1, help="split the fights over this many points (max_rounds 200+k)")
    args = ap.parse_args()

    duel = fray.load(args.scenario)
    # One point is the scenario itself (its own max_rounds); more points
    # change only the round limit, which the duel never reaches.
    grid = {"max_rounds": [200 + k for k in range(args.points)]}
    per_point = args.n // args.points
    cli, dask = [], []
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      host="127.0.0.1") as cluster, Client(cluster) as client:
        client.wait_for_workers(2)
        fray.sweep(duel, grid, n=2000, seed=99, client=client, shard_size=500)  # warm the workers
        for run in range(args.runs):
            t = time.perf_counter()
            subprocess.run([args.fray, "sim", args.scenario, "-n", str(args.n), "--threads", "2", "--json"],
                           check=True, capture_output=True)
            cli.append(args.n / (time.perf_counter() - t))
            t = time.perf_counter()
            s = fray.sweep(duel, grid, n=per_point, seed=1 + run, client=client, shard_size=args.shard_size)
            dask.append(per_point * args.points / (time.perf_counter() - t))
            assert sum(x.fights for x in s.totals) == per_point * args.points
            print(f"run {run + 1}: fray sim {cli[-1]:,.0f} fights/s, Dask sweep {dask[-1]:,.0f} fights/s "
                  f"({dask[-1] / cli[-1]:.1%})", flush=True)
    print(f"median: fray sim {statistics.median(cli):,.0f} fights/s, Dask sweep "
          f"{statistics.median(dask):,.0f} fights/s: {statistics.median(dask) / statistics.median(cli):.1%}")


if __name__ == "__main__":
    main()
