"""`python -m fray sweep`: the table and the plot, the same with and without Dask."""

from __future__ import annotations

import subprocess
import sys

import pandas as pd
import pytest

from conftest import QUICK, REPO

SWEEP = f"""
scenario = "{QUICK}"
fights = 12
seed = 4

[grid]
"Ser Alda/sheet.bab" = {{ from = 3, to = 6 }}
"Ser Bran/sheet.abilities.str" = [2, 4]

[plot]
outcome = "win_rate[Alda]"
"""


def fray_cmd(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "fray", *args], capture_output=True, text=True,
                          cwd=cwd or REPO, timeout=600)


def test_a_sweep_file_gives_the_same_table_and_plot_with_and_without_dask(tmp_path):
    spec = tmp_path / "s.toml"
    spec.write_text(SWEEP)
    here = fray_cmd("sweep", str(spec), "--out", str(tmp_path / "local.parquet"), "--plot", str(tmp_path / "local.svg"))
    assert here.returncode == 0, here.stderr
    there = fray_cmd("sweep", str(spec), "--workers", "2", "--shard-size", "5",
                     "--out", str(tmp_path / "dask.parquet"), "--plot", str(tmp_path / "dask.svg"))
    assert there.returncode == 0, there.stderr
    local = pd.read_parquet(tmp_path / "local.parquet")
    dask = pd.read_parquet(tmp_path / "dask.parquet")
    assert len(local) == 8
    pd.testing.assert_frame_equal(local, dask)
    assert (tmp_path / "local.svg").read_bytes() == (tmp_path / "dask.svg").read_bytes()
    assert (tmp_path / "local.svg").read_text().lstrip().startswith("<?xml")
    assert here.stdout == there.stdout and "win_rate[Alda]" in here.stdout


def test_a_line_plot_and_a_csv_for_one_axis(tmp_path):
    spec = tmp_path / "one.toml"
    spec.write_text(SWEEP.replace('"Ser Bran/sheet.abilities.str" = [2, 4]\n', ""))
    out = fray_cmd("sweep", str(spec), "--quiet", "--out", str(tmp_path / "t.csv"), "--plot", str(tmp_path / "p.svg"))
    assert out.returncode == 0, out.stderr
    assert out.stdout == ""
    assert len(pd.read_csv(tmp_path / "t.csv")) == 4
    assert "<svg" in (tmp_path / "p.svg").read_text()


def test_the_readme_sweep_file_plans_a_100_point_sweep():
    from fray import sweepfile
    from fray.sweep import _points

    spec = sweepfile.read(REPO / "sweeps" / "broadsword.toml")
    axes, points = _points(spec.grid)
    assert len(points) == 100 and len(axes) == 2


@pytest.mark.parametrize(
    "text, words",
    [
        ("fights = 3\n[grid]\nmax_rounds = [1]\n", "missing `scenario`"),
        (f'scenario = "{QUICK}"\nfights = 3\n[grid]\nmax_rounds = []\n', "has no values"),
        (f'scenario = "{QUICK}"\nfights = 3\nfight = 2\n[grid]\nmax_rounds = [1]\n', "unknown key 'fight'"),
        (f'scenario = "{QUICK}"\nfights = 3\n[grid]\n"Nobody/sheet.bab" = [1]\n', "no combatant is named"),
        (f'scenario = "{QUICK}"\nfights = 0\n[grid]\nmax_rounds = [1]\n', "at least 1"),
        ('scenario = "missing.toml"\nfights = 3\n[grid]\nmax_rounds = [1]\n', "cannot read"),
    ],
)
def test_a_bad_sweep_file_is_refused_with_a_message(tmp_path, text, words):
    spec = tmp_path / "bad.toml"
    spec.write_text(text)
    out = fray_cmd("sweep", str(spec))
    assert out.returncode == 2 and words in out.stderr, out.stderr
    assert "Traceback" not in out.stderr
