"""``python -m fray sweep SWEEP.toml``: a sweep from a shell.

    python -m fray sweep sweeps/broadsword.toml                    # on the local cores
    python -m fray sweep sweeps/broadsword.toml --workers 2        # on a local Dask cluster of 2 processes
    python -m fray sweep sweeps/broadsword.toml --scheduler tcp://host:8786   # on a running Dask cluster
        [--out table.parquet|table.csv] [--plot plot.svg] [--outcome COLUMN] [--quiet]

It prints the table (one row per point), shows a progress bar on a
terminal, and writes the table and the plot when asked. The same sweep
file gives the same table and plot wherever it runs.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Sequence

from .errors import FrayError


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m fray", description="Fray from the shell (Python package).")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("sweep", help="run a sweep file: the same fight over a grid of sheet values")
    s.add_argument("file", metavar="SWEEP.toml", help="the sweep file (docs/python.md)")
    where = s.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="ADDRESS", help="a running Dask scheduler (tcp://host:8786)")
    where.add_argument("--workers", type=int, metavar="N",
                       help="start a local Dask cluster of N worker processes for this run")
    s.add_argument("--out", metavar="FILE", help="write the table: .parquet (pyarrow) or .csv")
    s.add_argument("--plot", metavar="FILE", help="write a line plot (one axis) or heatmap (two) as .svg or .png")
    s.add_argument("--outcome", metavar="COLUMN", help="the column to plot (default: the file's, else the first side's win rate)")
    s.add_argument("--fights", type=int, metavar="N", help="fights per point, in place of the file's `fights`")
    s.add_argument("--shard-size", type=int, metavar="FIGHTS", help="fights per task (the results do not depend on it)")
    s.add_argument("--quiet", action="store_true", help="no progress bar and no table on stdout")
    return p


def _table_text(df) -> str:
    import pandas as pd

    with pd.option_context("display.max_rows", None, "display.max_columns", None, "display.width", 200):
        keep = [c for c in df.columns if not c.startswith(("survival_rate[", "win_lo[", "win_hi["))]
        return df[keep].to_string(index=False, float_format=lambda v: f"{v:.4f}")


def sweep_command(args: argparse.Namespace) -> int:
    import fray
    from . import sweepfile
    from .sweep import DEFAULT_SHARD_SIZE

    spec = sweepfile.read(args.file)
    scenario = fray.load(spec.scenario, spec.data)
    shard = args.shard_size or spec.shard_size or DEFAULT_SHARD_SIZE
    progress = not args.quiet and sys.stderr.isatty()
    cluster = client = None
    try:
        if args.scheduler or args.workers:
            from distributed import Client, LocalCluster

            if args.workers:
                if args.workers < 1:
                    raise fray.ArgumentError("--workers needs at least 1")
                cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                                       dashboard_address=None, host="127.0.0.1")
                client = Client(cluster)
            else:
                client = Client(args.scheduler)
        fights = args.fights if args.fights is not None else spec.fights
        result = fray.sweep(scenario, spec.grid, fights, spec.seed, client,
                            shard_size=shard, common_seed=spec.common_seed, progress=progress)
    finally:
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
    df = result.to_pandas()
    if not args.quiet:
        print(_table_text(df))
    if args.out:
        if args.out.lower().endswith(".csv"):
            df.to_csv(args.out, index=False)
        else:
            df.to_parquet(args.out, index=False)
    if args.plot:
        from .plot import plot

        outcome = plot(result, args.plot, args.outcome or spec.outcome, spec.title)
        if not args.quiet:
            print(f"plot of {outcome}: {args.plot}", file=sys.stderr)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "sweep":
            return sweep_command(args)
    except FrayError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 1


if __name__ == "__main__":
    sys.exit(main())
