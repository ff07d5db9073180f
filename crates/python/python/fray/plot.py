"""Plots of a sweep: a line (one axis) or a heatmap (two axes) of one
column of the sweep's table, written as SVG (or PNG, by the file's suffix).

The SVG is reproducible: no date in its metadata and fixed element ids
(``svg.hashsalt``), so the same sweep gives the same file byte for byte.
"""

from __future__ import annotations

import os
from typing import Any

from .errors import SweepError
from .sweep import SweepResult


def default_outcome(result: SweepResult) -> str:
    """The first side's win rate."""
    first = result.reports[0]["sides"][0]["name"]
    return f"win_rate[{first}]"


def plot(
    result: SweepResult,
    path: str | os.PathLike[str],
    outcome: str | None = None,
    title: str | None = None,
) -> str:
    """Writes the plot of ``outcome`` (a column of ``result.rows()``; the
    first side's win rate by default) to ``path``; returns the outcome."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = result.rows()
    outcome = outcome or default_outcome(result)
    if outcome not in rows[0]:
        raise SweepError(
            f"no column {outcome!r} in the sweep's table; it has {', '.join(rows[0])}"
        )
    axes = result.axes
    if len(axes) > 2:
        raise SweepError(f"a plot shows one or two axes; this sweep has {len(axes)}: {', '.join(axes)}")
    band = _band(outcome)
    with matplotlib.rc_context({"svg.hashsalt": "fray", "svg.fonttype": "path"}):
        fig, ax = plt.subplots(figsize=(7, 4.5) if len(axes) == 1 else (7, 6))
        if len(axes) == 1:
            _line(ax, rows, axes[0], outcome, band)
        else:
            _heatmap(fig, ax, rows, axes[0], axes[1], outcome)
        ax.set_title(title or f"{outcome}: {result.fights} fights per point")
        fig.tight_layout()
        fig.savefig(os.fspath(path), metadata=_metadata(os.fspath(path)))
        plt.close(fig)
    return outcome


def _metadata(path: str) -> dict[str, Any]:
    if path.lower().endswith(".svg"):
        return {"Date": None, "Creator": "fray"}
    if path.lower().endswith(".png"):
        return {"Software": "fray"}
    return {}


def _band(outcome: str) -> tuple[str, str] | None:
    """The interval columns of a win rate."""
    if outcome.startswith("win_rate[") and outcome.endswith("]"):
        side = outcome[len("win_rate[") : -1]
        return (f"win_lo[{side}]", f"win_hi[{side}]")
    return None


def _line(ax, rows, axis: str, outcome: str, band) -> None:
    xs = [r[axis] for r in rows]
    numeric = all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in xs)
    pos = xs if numeric else list(range(len(xs)))
    ys = [r[outcome] for r in rows]
    if band is not None:
        ax.fill_between(pos, [r[band[0]] for r in rows], [r[band[1]] for r in rows],
                        alpha=0.25, label="95% interval")
    ax.plot(pos, ys, marker="o", label=outcome)
    if not numeric:
        ax.set_xticks(pos, [str(x) for x in xs], rotation=30, ha="right")
    if outcome.startswith(("win_rate[", "survival_rate[")) or outcome == "draw_rate":
        ax.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
        ax.set_ylim(0, 1)
    ax.set_xlabel(axis)
    ax.set_ylabel(outcome)
    ax.legend(loc="best")


def _heatmap(fig, ax, rows, y_axis: str, x_axis: str, outcome: str) -> None:
    ys = list(dict.fromkeys(r[y_axis] for r in rows))
    xs = list(dict.fromkeys(r[x_axis] for r in rows))
    grid = [[float("nan")] * len(xs) for _ in ys]
    for r in rows:
        grid[ys.index(r[y_axis])][xs.index(r[x_axis])] = r[outcome]
    rate = outcome.endswith("]") and "rate" in outcome
    im = ax.imshow(grid, origin="lower", aspect="auto", cmap="RdBu_r" if rate else "viridis",
                   vmin=0 if rate else None, vmax=1 if rate else None)
    ax.set_xticks(range(len(xs)), [str(x) for x in xs])
    ax.set_yticks(range(len(ys)), [str(y) for y in ys])
    ax.set_xlabel(x_axis)
    ax.set_ylabel(y_axis)
    if len(xs) * len(ys) <= 400:
        for i, row in enumerate(grid):
            for j, v in enumerate(row):
                ax.text(j, i, f"{v:.2f}", ha="center", va="center", fontsize=7,
                        color="white" if rate and abs(v - 0.5) > 0.3 else "black")
    fig.colorbar(im, ax=ax, label=outcome)
