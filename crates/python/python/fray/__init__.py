"""Fray from Python: scenarios, simulations, fights, exact odds, the table,
and sweeps over grids of sheet values on the local cores or a Dask cluster.

>>> import fray
>>> duel = fray.load("scenarios/gurps/duel.toml")
>>> r = fray.sim(duel, n=10_000, seed=7)            # as `fray sim -n 10000 --seed 7`
>>> r.win_rate("Bors")                                # (rate, ci95 low, ci95 high)
>>> stronger = duel.with_sheet("Sir Bors", skills={"Broadsword": 16})
>>> s = fray.sweep(duel, {"Sir Bors/sheet.skills.Broadsword": range(10, 20)}, n=2000, seed=1)
>>> s.to_pandas()

The work is done in Rust with the GIL released; results are those of the
`fray` command line for the same scenario and seed (docs/python.md).
"""

from __future__ import annotations

import os
from typing import Any, Iterable, Sequence

from . import _native
from ._native import Scenario, Table, Totals
from .errors import (
    ArgumentError,
    DiceError,
    FrayError,
    OddsError,
    ScenarioError,
    SheetError,
    SimError,
    SweepError,
    TableError,
)
from .results import FightResult, SimResult
from .sweep import SweepResult, sweep

__version__: str = _native.__version__

__all__ = [
    "Scenario",
    "Table",
    "Totals",
    "load",
    "rulesets",
    "sim",
    "fight",
    "odds",
    "sweep",
    "SimResult",
    "FightResult",
    "SweepResult",
    "FrayError",
    "ScenarioError",
    "SheetError",
    "ArgumentError",
    "DiceError",
    "OddsError",
    "SimError",
    "TableError",
    "SweepError",
]

ScenarioLike = "Scenario | str | os.PathLike[str]"


def load(path: str | os.PathLike[str], data: str | os.PathLike[str] | None = None) -> Scenario:
    """Reads a scenario file, with the data files of the folder ``data``
    (as ``--data DIR``). Raises :class:`ScenarioError` with the file, line
    and column of the first error."""
    return Scenario.from_file(os.fspath(path), None if data is None else os.fspath(data))


def rulesets() -> list[tuple[str, str]]:
    """The rulesets this build plays, as ``(id, name)``."""
    return list(_native.rulesets())


def _scenario(scenario: Any) -> Scenario:
    if isinstance(scenario, Scenario):
        return scenario
    if isinstance(scenario, (str, os.PathLike)):
        return load(scenario)
    raise ArgumentError(
        f"expected a fray.Scenario or a path to a scenario file, not {type(scenario).__name__}"
    )


def _count(name: str, value: Any, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentError(f"{name} must be an integer, not {type(value).__name__}")
    if value < minimum:
        raise ArgumentError(f"{name} must be at least {minimum}, not {value}")
    if value >= 2**64:
        raise ArgumentError(f"{name} must be below 2**64, not {value}")
    return value


def _seed(scenario: Scenario, seed: int | None) -> int:
    """The seed as the CLI takes it: the one given, else the scenario's, else 1."""
    if seed is None:
        return scenario.seed if scenario.seed is not None else 1
    return _count("seed", seed, 0)


def sim(
    scenario: Scenario | str | os.PathLike[str],
    n: int = 10_000,
    seed: int | None = None,
    threads: int | None = None,
) -> SimResult:
    """Plays ``n`` fights on ``threads`` threads (every core by default) and
    reports win rates with 95% Wilson intervals, fight lengths and
    per-combatant figures: ``fray sim SCENARIO -n N --seed SEED``, the same
    figures for the same seed whatever the thread count."""
    s = _scenario(scenario)
    n = _count("n", n, 1)
    if threads is not None:
        threads = _count("threads", threads, 1)
    report, csv = _native.sim_report(s, n, _seed(s, seed), threads)
    return SimResult(report, csv)


def fight(
    scenario: Scenario | str | os.PathLike[str], seed: int | None = None
) -> FightResult:
    """Plays one fight to its end with the AI and the seeded dice: the
    events as dicts (the ruleset's JSON of each, as ``fray fight --json``)
    and their narration."""
    s = _scenario(scenario)
    lines, narration = _native.fight_lines(s, _seed(s, seed))
    return FightResult(lines, narration)


def odds(
    expr: str | None = None,
    *,
    scenario: Scenario | str | os.PathLike[str] | None = None,
    action: str | dict | None = None,
    actor: str | None = None,
    after: Sequence[str | dict] = (),
    max_outcomes: int = 1_000_000,
) -> dict[str, Any]:
    """Exact odds, as ``fray odds --json``.

    ``fray.odds("3d6")``: the distribution of a dice expression.
    ``fray.odds(scenario=s, action='{ attack = { strike = { target = 1 } } }',
    actor="Sir Bors")``: the exact effects of one action from the scenario's
    start (``after``: actions taken earlier in the same turn). An action is
    TOML as on the command line, or the ruleset's JSON of it as a dict.
    ``max_outcomes`` is the budget of work, as ``fray odds --max-outcomes``
    (the same default): past it the answer is partial and says how much
    probability it covers.
    """
    if (expr is None) == (scenario is None):
        raise ArgumentError("give either a dice expression or scenario= and action=")
    if expr is not None:
        if not isinstance(expr, str):
            raise ArgumentError(f"a dice expression is a str, not {type(expr).__name__}")
        return _native.odds_dice(expr)
    if action is None:
        raise ArgumentError("odds of a scenario need action=")
    max_outcomes = _count("max_outcomes", max_outcomes, 1)
    return _native.odds_action(_scenario(scenario), action, actor, list(after), max_outcomes)
