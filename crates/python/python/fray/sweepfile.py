"""Sweep files (``SWEEP.toml``) for ``python -m fray sweep``.

```toml
scenario = "../scenarios/gurps/duel.toml"   # relative to this file
fights = 2000                                # per point
seed = 1
# shard_size = 20000                         # fights per task; results do not depend on it
# common_seed = false                        # true: every point uses `seed` (common random numbers)
# data = "mydata"                            # a data folder, as --data

[grid]                                       # every combination is a point
"Sir Bors/sheet.skills.Broadsword" = { from = 10, to = 19 }   # or a list: [10, 12, 14]
"Sir Gawain/sheet.skills.Broadsword" = [12, 14, 16]

# or, instead of [grid], the points one by one:
# [[points]]
# "Orc/template" = "orc"

[plot]
outcome = "win_rate[Bors]"                   # a column of the table (default: the first side's win rate)
title = "Sir Bors against Sir Gawain"
```
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from typing import Any

from .errors import SweepError

_TOP = {"scenario", "fights", "seed", "shard_size", "common_seed", "data", "grid", "points", "plot"}
_PLOT = {"outcome", "title"}


@dataclass
class SweepFile:
    """A sweep file read and checked."""

    path: str
    scenario: str
    fights: int
    seed: int = 1
    shard_size: int | None = None
    common_seed: bool = False
    data: str | None = None
    grid: Any = None
    outcome: str | None = None
    title: str | None = None
    extra: dict = field(default_factory=dict)


def _values(key: str, v: Any) -> list[Any]:
    if isinstance(v, dict):
        unknown = set(v) - {"from", "to", "step"}
        if unknown or "from" not in v or "to" not in v:
            raise SweepError(f"[grid] {key!r}: a range is {{ from = A, to = B, step = 1 }} (both ends included)")
        a, b, step = v["from"], v["to"], v.get("step", 1)
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (a, b, step)) or step <= 0:
            raise SweepError(f"[grid] {key!r}: from, to and step are integers, step above 0")
        return list(range(a, b + 1, step))
    if isinstance(v, list):
        if not v:
            raise SweepError(f"[grid] {key!r} has no values")
        return v
    raise SweepError(f"[grid] {key!r}: the values are a list or {{ from = A, to = B }}")


def read(path: str | os.PathLike[str]) -> SweepFile:
    """Reads a sweep file; paths in it are relative to its folder."""
    path = os.fspath(path)
    try:
        with open(path, "rb") as f:
            doc = tomllib.load(f)
    except OSError as e:
        raise SweepError(f"{path}: cannot read: {e.strerror or e}") from None
    except tomllib.TOMLDecodeError as e:
        raise SweepError(f"{path}: {e}") from None
    unknown = sorted(set(doc) - _TOP)
    if unknown:
        raise SweepError(f"{path}: unknown key {unknown[0]!r}; a sweep file has {', '.join(sorted(_TOP))}")
    for key in ("scenario", "fights"):
        if key not in doc:
            raise SweepError(f"{path}: missing `{key}`")
    here = os.path.dirname(path)
    if ("grid" in doc) == ("points" in doc):
        raise SweepError(f"{path}: give either [grid] or [[points]]")
    if "grid" in doc:
        if not isinstance(doc["grid"], dict) or not doc["grid"]:
            raise SweepError(f"{path}: [grid] names at least one target")
        grid: Any = {k: _values(k, v) for k, v in doc["grid"].items()}
    else:
        grid = doc["points"]
        if not isinstance(grid, list) or not all(isinstance(p, dict) for p in grid):
            raise SweepError(f"{path}: [[points]] are tables of target = value")
    plot = doc.get("plot", {})
    if not isinstance(plot, dict) or set(plot) - _PLOT:
        raise SweepError(f"{path}: [plot] has only {', '.join(sorted(_PLOT))}")
    data = doc.get("data")
    return SweepFile(
        path=path,
        scenario=os.path.join(here, doc["scenario"]),
        fights=doc["fights"],
        seed=doc.get("seed", 1),
        shard_size=doc.get("shard_size"),
        common_seed=bool(doc.get("common_seed", False)),
        data=None if data is None else os.path.join(here, data),
        grid=grid,
        outcome=plot.get("outcome"),
        title=plot.get("title"),
    )
