"""What ``fray.sim`` and ``fray.fight`` return."""

from __future__ import annotations

import io
from typing import Any


class SimResult:
    """The report of ``fray.sim``: exactly ``fray sim --json``'s (as
    :meth:`to_dict`) and ``fray sim --csv``'s rows (as :meth:`to_pandas`,
    :meth:`to_polars`: one row per combatant, its side's win rate on each
    row)."""

    def __init__(self, report: dict[str, Any], csv: str) -> None:
        self._report = report
        self.csv: str = csv
        """The CSV text ``fray sim --csv`` writes."""

    def to_dict(self) -> dict[str, Any]:
        """The report as plain dicts and lists (``fray sim --json``)."""
        return self._report

    @property
    def fights(self) -> int:
        return self._report["fights"]

    @property
    def seed(self) -> int:
        return self._report["seed"]

    def win_rate(self, side: str) -> tuple[float, float, float]:
        """``(rate, ci95_low, ci95_high)`` of a side's wins."""
        for s in self._report["sides"]:
            if s["name"] == side:
                w = s["wins"]
                return (w["rate"], w["ci95"][0], w["ci95"][1])
        names = ", ".join(s["name"] for s in self._report["sides"])
        raise KeyError(f"no side is named {side!r}; the sides are {names}")

    def win_rates(self) -> dict[str, float]:
        """Each side's win rate."""
        return {s["name"]: s["wins"]["rate"] for s in self._report["sides"]}

    def to_pandas(self):
        """One row per combatant, the columns of ``fray sim --csv``."""
        import pandas as pd

        return pd.read_csv(io.StringIO(self.csv))

    def to_polars(self):
        """One row per combatant, the columns of ``fray sim --csv``."""
        import polars as pl

        return pl.read_csv(io.StringIO(self.csv))

    def __repr__(self) -> str:
        rates = ", ".join(f"{k}: {v:.4f}" for k, v in self.win_rates().items())
        return f"SimResult({self._report['scenario']!r}, fights={self.fights}, seed={self.seed}, wins {{{rates}}})"


class FightResult:
    """One fight as ``fray fight --json`` tells it."""

    def __init__(self, lines: list[dict[str, Any]], narration: list[str]) -> None:
        self.lines: list[dict[str, Any]] = lines
        """Every line of ``fray fight --json``: start, each event, end."""
        self.narration: list[str] = narration
        """Each event as ``fray fight`` narrates it."""

    @property
    def start(self) -> dict[str, Any]:
        """Title, ruleset, seed and the roster at the start."""
        return self.lines[0]

    @property
    def events(self) -> list[dict[str, Any]]:
        """The events, each the ruleset's JSON of it."""
        return self.lines[1:-1]

    @property
    def end(self) -> dict[str, Any]:
        """The outcome and the roster at the end."""
        return self.lines[-1]

    @property
    def outcome(self) -> dict[str, Any]:
        """``{"winner": side index or None, "reason": ..., "rounds": ...}``."""
        return self.end["outcome"]

    def __repr__(self) -> str:
        return f"FightResult({len(self.events)} events, outcome={self.outcome})"
