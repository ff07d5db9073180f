"""Sweeps on the local cores: seeds, shards and merging."""

from __future__ import annotations

import pytest

import fray
from fray.sweep import Piece, plan, point_key
from conftest import DUELS


def test_plan_cuts_points_into_tasks_of_the_shard_size():
    assert plan(2, 5, 3) == [
        [Piece(0, 0, 3)],
        [Piece(0, 3, 5), Piece(1, 0, 1)],
        [Piece(1, 1, 4)],
        [Piece(1, 4, 5)],
    ]
    assert plan(3, 4, 100) == [[Piece(0, 0, 4), Piece(1, 0, 4), Piece(2, 0, 4)]]
    for points, n, size in [(1, 1, 1), (4, 7, 3), (5, 10, 10), (3, 9, 4)]:
        tasks = plan(points, n, size)
        assert all(sum(p.end - p.begin for p in t) <= size for t in tasks)
        covered = sorted((p.point, i) for t in tasks for p in t for i in range(p.begin, p.end))
        assert covered == [(p, i) for p in range(points) for i in range(n)]


def test_point_keys_are_canonical():
    assert point_key({"b": 1, "a": "x"}) == '{"a":"x","b":1}'


@pytest.fixture(scope="module")
def duel():
    return fray.load(DUELS["gurps"])


def broadsword(duel):
    return {"Sir Bors/sheet.skills.Broadsword": [11, 17], "Sir Gawain/sheet.st": [11, 13]}


def test_each_point_is_fray_sim_of_its_scenario_with_its_seed(duel, cli_json, tmp_path):
    s = fray.sweep(duel, broadsword(duel), n=24, seed=5)
    assert len(s) == 4 and s.axes == list(broadsword(duel))
    assert s.points[1] == {"Sir Bors/sheet.skills.Broadsword": 11, "Sir Gawain/sheet.st": 13}
    for scenario, seed, report in zip(s.scenarios, s.seeds, s.reports):
        assert report == fray.sim(scenario, n=24, seed=seed).to_dict()
    # And with the CLI itself, for one point written to a file.
    path = tmp_path / "point.toml"
    path.write_text(s.scenarios[3].toml)
    theirs = cli_json("sim", str(path), "-n", "24", "--seed", str(s.seeds[3]), "--json")
    theirs["scenario"] = s.reports[3]["scenario"]
    assert s.reports[3] == theirs


def test_the_result_does_not_depend_on_shard_size_or_threads(duel):
    grid = broadsword(duel)
    first = fray.sweep(duel, grid, n=20, seed=2, shard_size=7).rows()
    for shard_size, threads in [(1, 2), (20, 1), (33, 3), (10_000, None)]:
        again = fray.sweep(duel, grid, n=20, seed=2, shard_size=shard_size, threads=threads)
        assert again.rows() == first, (shard_size, threads)


def test_seeds_depend_on_the_point_not_on_the_grid_around_it(duel):
    a = fray.sweep(duel, {"Sir Bors/sheet.skills.Broadsword": [11, 13, 15]}, n=10, seed=8)
    b = fray.sweep(duel, {"Sir Bors/sheet.skills.Broadsword": [15, 13]}, n=10, seed=8)
    assert a.seeds[2] == b.seeds[0] and a.reports[2] == b.reports[0]
    assert len(set(a.seeds)) == 3
    c = fray.sweep(duel, {"Sir Bors/sheet.skills.Broadsword": [11, 13, 15]}, n=10, seed=9)
    assert c.seeds != a.seeds


def test_common_seed_uses_the_sweeps_seed_at_every_point(duel):
    s = fray.sweep(duel, {"Sir Bors/sheet.skills.Broadsword": [12, 16]}, n=15, seed=4, common_seed=True)
    assert s.seeds == [4, 4]
    assert s.reports[1] == fray.sim(s.scenarios[1], n=15, seed=4).to_dict()


def test_points_may_be_listed_one_by_one(duel):
    pts = [{"Sir Gawain/template": "squire"}, {"Sir Gawain/template": "knight"}]
    s = fray.sweep(duel, pts, n=10, seed=1)
    assert s.points == pts
    df = s.to_pandas()
    assert list(df["Sir Gawain/template"]) == ["squire", "knight"]
    assert {"wins[Bors]", "win_rate[Bors]", "win_lo[Bors]", "win_hi[Bors]", "rounds_mean"} <= set(df.columns)
    assert (df["fights"] == 10).all()
    assert s.to_polars().shape == df.shape


def test_counts_merge_to_the_fights_played(duel):
    s = fray.sweep(duel, {"max_rounds": [1, 200]}, n=13, seed=1, shard_size=4)
    for t, r in zip(s.totals, s.reports):
        assert t.fights == 13
        assert sum(side["wins"]["count"] for side in r["sides"]) + r["draws"]["count"] + r["round_limit"]["count"] == 13
