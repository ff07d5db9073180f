"""The wheel installs and imports in a fresh virtual environment."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import QUICK, REPO


def _wheel(tmp_path: Path) -> Path:
    """The wheel scripts/test built (FRAY_WHEEL), else one built here."""
    given = os.environ.get("FRAY_WHEEL")
    if given:
        return Path(given)
    out = tmp_path / "wheels"
    subprocess.run(["maturin", "build", "--profile", "dev", "-m", str(REPO / "crates/python/Cargo.toml"),
                    "--out", str(out)], check=True, cwd=REPO)
    return next(out.glob("fray-*.whl"))


def test_the_wheel_installs_and_imports_in_a_fresh_virtual_environment(tmp_path):
    wheel = _wheel(tmp_path)
    assert "abi3" in wheel.name, "one wheel for every CPython from 3.11"
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    # No index: the package needs nothing else to import and simulate.
    subprocess.run([str(py), "-m", "pip", "install", "--no-index", "--quiet", str(wheel)], check=True)
    code = (
        "import fray, sys; r = fray.sim(sys.argv[1], n=10, seed=1); "
        "print(fray.__version__, r.fights, sorted(r.win_rates()))"
    )
    out = subprocess.run([str(py), "-c", code, str(QUICK)], capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[1] == "10"
    stubs = subprocess.run([str(py), "-c", "import fray, pathlib; p = pathlib.Path(fray.__file__).parent; "
                            "print((p / '_native.pyi').exists(), (p / 'py.typed').exists())"],
                           capture_output=True, text=True)
    assert stubs.stdout.split() == ["True", "True"]
