"""Shared fixtures of the Python tests (run by scripts/test).

The tests run against the installed `fray` package (the wheel scripts/test
builds) and compare it with the `fray` binary of the same checkout
(`target/debug/fray`, built by scripts/test before them; `FRAY_BIN`
overrides). Both are debug builds there, so fight counts are kept small:
the figures must be equal, not precise.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
SCENARIOS = REPO / "scenarios"

#: One duel per ruleset (the d20-3d6 and DragonQuest ones are the quickest
#: in a debug build, so the Dask tests use them).
DUELS = {
    "gurps": SCENARIOS / "gurps" / "duel.toml",
    "dragonquest": SCENARIOS / "dragonquest" / "duel.toml",
    "d20-3d6": SCENARIOS / "d20-3d6" / "duel.toml",
    "margin-3d6": SCENARIOS / "margin-3d6" / "duel.toml",
}
QUICK = SCENARIOS / "d20-3d6" / "duel.toml"


@pytest.fixture(scope="session")
def fray_bin() -> Path:
    """The `fray` binary of this checkout, built if missing."""
    path = Path(os.environ.get("FRAY_BIN", REPO / "target" / "debug" / "fray"))
    if not path.exists():
        subprocess.run(["cargo", "build", "-p", "fray-cli"], cwd=REPO, check=True)
    return path


@pytest.fixture(scope="session")
def cli(fray_bin):
    """Runs `fray ARGS...` in the repository; its stdout."""

    def run(*args: str) -> str:
        out = subprocess.run([str(fray_bin), *args], cwd=REPO, capture_output=True, text=True)
        assert out.returncode == 0, f"fray {' '.join(args)} failed:\n{out.stderr}"
        return out.stdout

    return run


@pytest.fixture(scope="session")
def cli_json(cli):
    def run(*args: str):
        return json.loads(cli(*args))

    return run
