"""The exceptions Fray raises.

Every error of Fray is a :class:`FrayError`. Bad input is also a
``ValueError`` (a scenario, a sheet change, a dice expression, an action,
an argument), so code that catches ``ValueError`` catches it too.
"""

from __future__ import annotations

from typing import Any

__all__ = [
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


class FrayError(Exception):
    """Any error of Fray. Keyword arguments become attributes."""

    def __init__(self, text: str, /, **attrs: Any) -> None:
        super().__init__(text)
        self.message: str = text
        """What is wrong (for a scenario error, without its place)."""
        for key, value in attrs.items():
            setattr(self, key, value)

    def __reduce__(self):  # keep the attributes through pickling (Dask)
        attrs = {k: v for k, v in self.__dict__.items()}
        return (_rebuild, (type(self), self.args[0] if self.args else "", attrs))


def _rebuild(cls: type, message: str, attrs: dict) -> FrayError:
    err = cls.__new__(cls)
    Exception.__init__(err, message)
    err.__dict__.update(attrs)
    return err


class ScenarioError(FrayError, ValueError):
    """A scenario (or a data or GCS file it reads) that does not read or set up.

    Attributes: ``file``, ``line`` and ``column`` (1-based; ``None`` when
    the error has no place, such as a missing file) and ``message``, what
    is wrong without the place.
    """

    file: str | None
    line: int | None
    column: int | None

    def __init__(self, text: str, /, **attrs: Any) -> None:
        attrs.setdefault("file", None)
        attrs.setdefault("line", None)
        attrs.setdefault("column", None)
        super().__init__(text, **attrs)


class SheetError(ScenarioError):
    """A change of a scenario by field that the scenario refuses: an unknown
    combatant, a field its ruleset's sheet does not have, a value of the
    wrong type. ``file``/``line``/``column`` point into the changed text
    (``Scenario.toml``) when the ruleset refused it."""


class ArgumentError(FrayError, ValueError):
    """An argument of the wrong shape or out of range."""


class DiceError(FrayError, ValueError):
    """A dice expression that does not parse or is too large."""


class OddsError(FrayError, ValueError):
    """An action that does not read, an unknown actor, or odds past their budget."""


class SimError(FrayError, RuntimeError):
    """A simulation that stopped before its end (a bug in a ruleset)."""


class TableError(FrayError):
    """A request the table refused; nothing changed.

    Attributes: ``code`` (``not_yours``, ``illegal``, ``bad_request``...,
    docs/table.md), ``message`` and ``rule`` (the checklist ID, or None).
    """

    code: str
    rule: str | None


class SweepError(FrayError, ValueError):
    """A sweep that cannot be planned: an empty grid, axes of unequal points..."""
