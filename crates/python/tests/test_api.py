"""The API gives the CLI's own results for the same inputs and seed."""

from __future__ import annotations

import json
import pickle
import threading

import pandas as pd
import polars as pl
import pytest

import fray
from conftest import DUELS, QUICK, REPO, SCENARIOS


@pytest.mark.parametrize("ruleset", sorted(DUELS))
def test_sim_report_equals_fray_sim_json_for_the_same_seed(ruleset, cli_json):
    path = DUELS[ruleset]
    ours = fray.sim(path, n=120, seed=11).to_dict()
    theirs = cli_json("sim", str(path), "-n", "120", "--seed", "11", "--json")
    assert ours == theirs


def test_sim_defaults_to_the_scenarios_seed_like_the_cli(cli_json):
    duel = fray.load(DUELS["d20-3d6"])
    theirs = cli_json("sim", str(DUELS["d20-3d6"]), "-n", "50", "--json")
    assert fray.sim(duel, n=50).to_dict() == theirs


def test_sim_rows_are_the_cli_csv_as_pandas_and_polars(cli, tmp_path):
    out = tmp_path / "r.csv"
    cli("sim", str(QUICK), "-n", "80", "--seed", "3", "--csv", str(out))
    r = fray.sim(QUICK, n=80, seed=3)
    assert r.csv == out.read_text()
    expected = pd.read_csv(out)
    pd.testing.assert_frame_equal(r.to_pandas(), expected)
    assert r.to_polars().shape == expected.shape
    assert list(r.to_polars().columns) == list(expected.columns)
    assert isinstance(r.to_polars(), pl.DataFrame)


def test_sim_is_the_same_on_any_number_of_threads():
    one = fray.sim(QUICK, n=150, seed=5, threads=1).to_dict()
    assert fray.sim(QUICK, n=150, seed=5, threads=2).to_dict() == one
    assert fray.sim(QUICK, n=150, seed=5, threads=3).to_dict() == one


def test_win_rates_carry_their_95_percent_interval():
    r = fray.sim(QUICK, n=100, seed=2)
    for side in fray.load(QUICK).sides:
        rate, lo, hi = r.win_rate(side)
        assert 0 <= lo <= rate <= hi <= 1
    with pytest.raises(KeyError):
        r.win_rate("nobody")


def test_fight_events_are_fray_fight_json_lines(cli):
    lines = [json.loads(x) for x in cli("fight", str(DUELS["gurps"]), "--seed", "4", "--json").splitlines()]
    f = fray.fight(DUELS["gurps"], seed=4)
    assert f.lines == lines
    assert f.start["event"] == "start" and f.end["event"] == "end"
    assert len(f.narration) == len(f.events) > 0
    narrated = cli("fight", str(DUELS["gurps"]), "--seed", "4")
    assert all(line in narrated for line in f.narration)


def test_odds_of_dice_equal_fray_odds_json(cli_json):
    for expr in ["3d6", "4d6kh3", "2d+1"]:
        assert fray.odds(expr) == cli_json("odds", expr, "--json")


def test_odds_of_an_action_equal_fray_odds_json(cli_json):
    demo = SCENARIOS / "gurps" / "odds-demo.toml"
    action = "{ attack = { strike = { target = 1, location = \"torso\" } } }"
    theirs = cli_json("odds", "--scenario", str(demo), "--actor", "Sir Bors", "--action", action, "--json")
    ours = fray.odds(scenario=demo, action=action, actor="Sir Bors")
    assert ours == theirs
    # The same action as the ruleset's JSON (a menu's `value`) gives the same odds.
    as_json = {"attack": {"strike": {"target": 1, "location": "torso"}}}
    again = fray.odds(scenario=fray.load(demo), action=as_json, actor="Sir Bors")
    assert again["features"] == ours["features"]


def test_a_changed_sheet_plays_as_the_same_scenario_written_to_a_file(cli_json, tmp_path):
    duel = fray.load(DUELS["gurps"])
    strong = duel.with_sheet("Sir Bors", skills={"Broadsword": 17}, st=13)
    assert strong != duel
    path = tmp_path / "strong.toml"
    path.write_text(strong.toml)
    theirs = cli_json("sim", str(path), "-n", "40", "--seed", "9", "--json")
    ours = fray.sim(strong, n=40, seed=9).to_dict()
    theirs["scenario"] = ours["scenario"]  # the same title either way; the path differs
    assert ours == theirs
    # The template's other skill stays: maps merge key by key.
    assert "Broadsword = 17" in strong.toml and "Shield" not in strong.toml.split("[combatants.sheet]")[1].split("[[")[0]


def test_with_values_reaches_combatant_keys_and_top_level_keys():
    duel = fray.load(DUELS["gurps"])
    s = duel.with_values([("max_rounds", 3), ("Sir Gawain/template", "squire")])
    assert "max_rounds = 3" in s.toml and 'template = "squire"' in s.toml
    r = fray.sim(s, n=20, seed=1).to_dict()
    assert r["fights"] == 20


def test_scenarios_pickle_whole_with_their_texts(tmp_path):
    bouncer = fray.load(SCENARIOS / "gurps" / "bouncer-vs-knight.toml")  # names a GCS file
    again = pickle.loads(pickle.dumps(bouncer))
    assert again == bouncer and again.combatants == bouncer.combatants
    assert fray.sim(again, n=10, seed=1).to_dict() == fray.sim(bouncer, n=10, seed=1).to_dict()


def test_totals_merge_exactly_and_pickle():
    s = fray.load(QUICK)
    whole = fray._native.shard_totals(s, 3, 0, 90)
    a = fray._native.shard_totals(s, 3, 0, 31)
    b = fray._native.shard_totals(s, 3, 31, 90)
    a.merge(pickle.loads(pickle.dumps(b)))
    assert a == whole and a.fights == 90
    assert fray.Totals.from_bytes(whole.to_bytes()) == whole
    assert fray._native.report_of(s, whole, 3)[0] == fray.sim(s, n=90, seed=3).to_dict()


def test_rust_work_runs_with_the_gil_released():
    # This thread can call the release (Python code) while the other waits
    # inside Rust work only if that work released the GIL; the release says
    # whether it found the waiter there.
    got = []
    t = threading.Thread(target=lambda: got.append(fray._native._gil_probe_wait(60_000)))
    t.start()
    found = False
    while t.is_alive() and not found:
        found = fray._native._gil_probe_release()
        t.join(0.001)
    t.join()
    assert found and got == [True]


def test_two_threads_simulate_at_once_with_their_own_results():
    results = {}

    def run(seed):
        results[seed] = fray.sim(QUICK, n=60, seed=seed).to_dict()

    threads = [threading.Thread(target=run, args=(s,)) for s in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results[1] == fray.sim(QUICK, n=60, seed=1).to_dict()
    assert results[2] == fray.sim(QUICK, n=60, seed=2).to_dict()


def test_the_rulesets_are_listed():
    ids = [r[0] for r in fray.rulesets()]
    assert set(DUELS) <= set(ids)


def _drive(table: fray.Table, seat: str, steps: int = 2000) -> int:
    """Plays the table to its end from `seat`, taking the AI's suggestions
    and letting the table roll: the number of requests given."""
    given = 0
    while not table.is_over and given < steps:
        view = table.view(seat)
        pending = view["pending"]
        if view["paused"] or pending is None:
            table.submit("gm", "continue")
        elif pending["kind"] == "roll":
            table.submit(seat, "roll_for_me")
        elif pending["kind"] == "action":
            table.submit(seat, {"act": {"action": pending["suggested"]}})
        else:
            table.submit(seat, {"answer": {"answer": pending["suggested"]}})
        given += 1
    return given


def test_a_program_drives_a_fight_at_the_table_seat_by_seat():
    path = SCENARIOS / "gurps" / "duel-human.toml"
    table = fray.Table(path, seed=5)
    assert table.ruleset == "gurps" and table.seed == 5 and not table.is_over
    view = table.view("gm")
    assert {f["name"] for f in view["figures"]} == {"Sir Bors", "Sir Gawain"}
    # A watcher may give nothing; the log grows only with accepted requests.
    with pytest.raises(fray.TableError):
        table.submit("watcher", "roll_for_me")
    given = _drive(table, "gm")
    assert table.is_over and given > 0
    records = table.records("watcher", after=0)
    assert records[0]["kind"] == "open" and records[-1]["rev"] == table.revision
    # The save replays to the same table.
    again = fray.Table.load(table.save())
    assert again.revision == table.revision and again.view("gm") == table.view("gm")


def test_table_words_and_odds_answer_for_the_pending_turn():
    table = fray.Table(SCENARIOS / "gurps" / "duel-human.toml", seed=5)
    for _ in range(50):
        view = table.view("gm")
        if view["pending"] and view["pending"]["kind"] == "action":
            break
        if view["paused"] or view["pending"] is None:
            table.submit("gm", "continue")
        elif view["pending"]["kind"] == "roll":
            table.submit("gm", "roll_for_me")
        else:
            table.submit("gm", {"answer": {"answer": view["pending"]["suggested"]}})
    pending = table.view("gm")["pending"]
    assert pending["kind"] == "action"
    odds = table.odds("gm", pending["suggested"])
    assert odds["features"] and odds["complete"] and odds["actor"] == pending["figure"]
    with pytest.raises(fray.TableError) as e:
        table.words("gm", "fly to the moon")
    assert e.value.code in {"bad_request", "not_wanted"}
