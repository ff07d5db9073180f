"""Sweeps: the same fight over a grid of sheet or scenario values.

A sweep plays ``n`` fights at every point of a grid, on the local cores or,
given a ``distributed.Client``, as tasks on that Dask cluster. Its result
does not depend on where it ran:

* **Seeds.** Point ``p`` has the seed ``point_seed(seed, key(p))``:
  ``splitmix64(splitmix64(seed) ^ fnv1a64(key))``, where ``key`` is the
  point's values as compact JSON with sorted keys
  (``{"Sir Bors/sheet.skills.Broadsword":12}``). Fight ``i`` of the point is
  seeded by ``(point seed, i)`` exactly as fight ``i`` of ``fray sim --seed
  <point seed>``. So a point's figures are those of ``fray sim`` on the
  point's scenario (``SweepResult.scenarios``) with ``-n N --seed <point
  seed>`` (``SweepResult.seeds``), whatever the grid's order or size.
  With ``common_seed=True`` every point uses ``seed`` itself (common random
  numbers, as ``fray sim --compare``: neighbouring points then differ by
  their sheets only, not by their dice).
* **Shards.** The fights of all points, point after point, are cut into
  tasks of ``shard_size`` fights; a task may hold the end of one point and
  the start of the next. A task returns the integer totals of each piece
  (``fray.Totals``: counts and histograms, never rates), which the caller
  adds up per point. Addition is exact and order-free, so the totals, and
  the rates and 95% intervals computed from them at the end, are the same
  for any shard size, any number of workers and any order of completion.
* **Lost workers.** A task is a pure function of its arguments: when a
  worker dies mid-task, Dask runs the task again elsewhere (up to
  ``distributed.scheduler.allowed-failures`` times) and gets the same totals.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from . import _native
from ._native import Scenario, Totals
from .errors import ArgumentError, SweepError

__all__ = ["sweep", "SweepResult", "plan", "point_key", "DEFAULT_SHARD_SIZE"]

#: Fights per task by default: large enough that a task's overhead (a few
#: milliseconds to ship it, set the scenario up and send the totals back)
#: is well under 1% of its work with an optimized build, small enough that
#: two workers share a 100-point sweep evenly.
DEFAULT_SHARD_SIZE = 20_000


def point_key(point: Mapping[str, Any]) -> str:
    """The canonical text of a point, from which its seed is derived."""
    return json.dumps(point, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _points(grid: Any) -> tuple[list[str], list[dict[str, Any]]]:
    """The axes and the points of a grid: a mapping of target to values
    (every combination, the first axis slowest) or a sequence of points."""
    if isinstance(grid, Mapping):
        if not grid:
            raise SweepError("the grid is empty: give at least one target and its values")
        axes = [str(k) for k in grid]
        values = []
        for k in axes:
            v = grid[k]
            if isinstance(v, (str, bytes)) or not isinstance(v, Iterable):
                raise SweepError(f"the values of {k!r} must be a list (or a range), not {type(v).__name__}")
            v = list(v)
            if not v:
                raise SweepError(f"{k!r} has no values")
            values.append(v)
        return axes, [dict(zip(axes, combo)) for combo in itertools.product(*values)]
    if isinstance(grid, Sequence) and not isinstance(grid, (str, bytes)):
        points = [dict(p) for p in grid]
        if not points:
            raise SweepError("the grid has no points")
        axes: list[str] = []
        for p in points:
            for k in p:
                if k not in axes:
                    axes.append(k)
        for i, p in enumerate(points):
            missing = [a for a in axes if a not in p]
            if missing:
                raise SweepError(f"point {i} has no value for {', '.join(missing)}: every point sets every axis")
        return axes, points
    raise SweepError(f"a grid is a dict of target -> values or a list of points, not {type(grid).__name__}")


def _plain(value: Any) -> Any:
    """Values as JSON has them (a numpy integer, a tuple) for the key and the edit."""
    if isinstance(value, bool) or value is None or isinstance(value, (int, float, str)):
        return value
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    item = getattr(value, "item", None)  # numpy scalars
    if callable(item):
        return _plain(item())
    raise SweepError(f"{value!r} is not a value a scenario can hold (numbers, strings, bools, lists, dicts)")


@dataclass(frozen=True)
class Piece:
    """Fights ``begin..end`` of point ``point``."""

    point: int
    begin: int
    end: int


def plan(points: int, n: int, shard_size: int) -> list[list[Piece]]:
    """Cuts ``points`` x ``n`` fights, point after point, into tasks of
    ``shard_size`` fights (the last one shorter)."""
    tasks: list[list[Piece]] = []
    total = points * n
    for start in range(0, total, shard_size):
        stop = min(start + shard_size, total)
        pieces = []
        g = start
        while g < stop:
            p, i = divmod(g, n)
            end = min(n, i + (stop - g))
            pieces.append(Piece(p, i, end))
            g += end - i
        tasks.append(pieces)
    return tasks


def run_task(
    work: list[tuple[int, Scenario, int, int, int]],
    threads: int | None = 1,
    hook: Callable[[], None] | None = None,
) -> list[tuple[int, Totals]]:
    """One task: the totals of each ``(point, scenario, seed, begin, end)``.
    Runs on a Dask worker (or a local thread); the GIL is released while the
    fights are played. ``hook`` (tests only) runs first."""
    if hook is not None:
        hook()
    return [(p, _native.shard_totals(s, seed, b, e, threads)) for (p, s, seed, b, e) in work]


class SweepResult:
    """The result of a sweep: one report per point, in grid order."""

    def __init__(
        self,
        axes: list[str],
        points: list[dict[str, Any]],
        scenarios: list[Scenario],
        seeds: list[int],
        totals: list[Totals],
        n: int,
        seed: int,
    ) -> None:
        self.axes = axes
        """The targets swept, in order."""
        self.points = points
        """Each point's values, by target."""
        self.scenarios = scenarios
        """Each point's scenario (``.toml`` is its text)."""
        self.seeds = seeds
        """Each point's seed: ``fray sim -n N --seed SEED`` on its scenario gives its report."""
        self.totals = totals
        """Each point's integer totals, merged from its shards."""
        self.fights = n
        self.seed = seed
        self.reports: list[dict[str, Any]] = [
            _native.report_of(s, t, sd)[0] for s, t, sd in zip(scenarios, totals, seeds)
        ]
        """Each point's report, as ``fray sim --json``."""

    def rows(self) -> list[dict[str, Any]]:
        """One dict per point: its values, then its figures (the columns of
        :meth:`to_pandas`)."""
        return [_row(self.axes, p, r, sd) for p, r, sd in zip(self.points, self.reports, self.seeds)]

    def to_dicts(self) -> list[dict[str, Any]]:
        """Same as :meth:`rows`."""
        return self.rows()

    def to_pandas(self):
        """The table: one row per point (values, fights, seed, then per side
        ``wins[S]``, ``win_rate[S]``, ``win_lo[S]``, ``win_hi[S]``, draws,
        round-limit stops, rounds, and per combatant ``survival_rate[C]``)."""
        import pandas as pd

        return pd.DataFrame(self.rows())

    def to_polars(self):
        """The table of :meth:`to_pandas` as a polars DataFrame."""
        import polars as pl

        return pl.DataFrame(self.rows())

    def __len__(self) -> int:
        return len(self.points)

    def __repr__(self) -> str:
        return f"SweepResult({len(self.points)} points x {self.fights} fights, axes={self.axes})"


def _row(axes: list[str], point: dict[str, Any], r: dict[str, Any], seed: int) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for a in axes:
        v = point[a]
        row[a] = json.dumps(v) if isinstance(v, (list, dict)) else v
    row["fights"] = r["fights"]
    row["seed"] = seed
    for s in r["sides"]:
        name = s["name"]
        row[f"wins[{name}]"] = s["wins"]["count"]
        row[f"win_rate[{name}]"] = s["wins"]["rate"]
        row[f"win_lo[{name}]"] = s["wins"]["ci95"][0]
        row[f"win_hi[{name}]"] = s["wins"]["ci95"][1]
    row["draws"] = r["draws"]["count"]
    row["draw_rate"] = r["draws"]["rate"]
    row["round_limit"] = r["round_limit"]["count"]
    row["rounds_mean"] = r["rounds"]["mean"]
    row["rounds_median"] = r["rounds"]["median"]
    for c in r["combatants"]:
        row[f"survival_rate[{c['name']}]"] = c["survived"]["rate"]
    return row


def _progress(total: int, enabled: bool):
    """A progress bar over fights on stderr (tqdm when it is installed)."""
    if not enabled:
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=total, unit="fights", unit_scale=True, desc="sweep", leave=False)


def sweep(
    scenario: Scenario | str | os.PathLike[str],
    grid: Mapping[str, Iterable[Any]] | Sequence[Mapping[str, Any]],
    n: int,
    seed: int = 1,
    client: Any = None,
    *,
    shard_size: int = DEFAULT_SHARD_SIZE,
    common_seed: bool = False,
    threads: int | None = None,
    progress: bool = False,
    _task_hook: Callable[[], None] | None = None,
) -> SweepResult:
    """Plays ``n`` fights at every point of ``grid``.

    ``grid`` maps targets to values, every combination being a point
    (``{"Sir Bors/sheet.skills.Broadsword": range(10, 20), "Sir
    Bors/sheet.st": [11, 12, 13]}``), or lists the points
    (``[{"Orc/template": "orc"}, {"Orc/template": "ogre"}]``). A target is
    ``Name/path`` inside a combatant's entry or a path from the top of the
    scenario (``max_rounds``); see ``Scenario.with_values``.

    With ``client`` (a ``distributed.Client``) the fights run as tasks of
    ``shard_size`` fights on its cluster, one thread per task; without one,
    on ``threads`` local threads (every core by default). The result is the
    same either way, and for any ``shard_size`` (see the module's notes).
    """
    from . import _scenario, _count

    base = _scenario(scenario)
    n = _count("n", n, 1)
    seed = _count("seed", seed, 0)
    shard_size = _count("shard_size", shard_size, 1)
    axes, raw_points = _points(grid)
    points = [{k: _plain(v) for k, v in p.items()} for p in raw_points]
    scenarios = [base.with_values(list(p.items())) for p in points]
    seeds = [seed if common_seed else _native.point_seed(seed, point_key(p)) for p in points]
    tasks = plan(len(points), n, shard_size)
    works = [[(pc.point, scenarios[pc.point], seeds[pc.point], pc.begin, pc.end) for pc in t] for t in tasks]
    totals = [Totals() for _ in points]
    bar = _progress(len(points) * n, progress)

    def take(result: list[tuple[int, Totals]]) -> None:
        for p, t in result:
            totals[p].merge(t)
            if bar is not None:
                bar.update(t.fights)

    try:
        if client is None:
            _run_local(works, threads, take, _task_hook)
        else:
            _run_dask(client, works, take, _task_hook)
    finally:
        if bar is not None:
            bar.close()
    for p, t in enumerate(totals):
        if t.fights != n:
            raise SweepError(f"point {p} counted {t.fights} fights, not {n}: a shard was lost")
    return SweepResult(axes, points, scenarios, seeds, totals, n, seed)


def _run_local(works, threads, take, hook) -> None:
    """Every task on local threads (the GIL is released while they fight)."""
    workers = threads or os.cpu_count() or 1
    if workers == 1:
        for w in works:
            take(run_task(w, 1, hook))
        return
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for result in pool.map(lambda w: run_task(w, 1, hook), works):
            take(result)


def _run_dask(client, works, take, hook) -> None:
    """Every task on the client's cluster, merged as they finish."""
    from distributed import as_completed

    token = uuid.uuid4().hex[:12]
    futures = [
        client.submit(run_task, w, 1, hook, key=f"fray-sweep-{token}-{i}", pure=False)
        for i, w in enumerate(works)
    ]
    try:
        for _future, result in as_completed(futures, with_results=True):
            take(result)
    finally:
        for f in futures:
            f.release()
