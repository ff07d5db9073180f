"""Bad input is refused with a clear exception, never a crash."""

from __future__ import annotations

import pytest

import fray
from conftest import DUELS, QUICK, SCENARIOS


def test_a_scenario_error_carries_file_line_and_column(tmp_path, fray_bin):
    import subprocess

    bad = tmp_path / "bad.toml"
    bad.write_text((DUELS["gurps"]).read_text().replace('facing = "se"', 'facing = "se"\nspeed = 9'))
    with pytest.raises(fray.ScenarioError) as e:
        fray.load(bad)
    err = e.value
    assert isinstance(err, ValueError) and isinstance(err, fray.FrayError)
    assert err.file == str(bad) and (err.line, err.column) == (19, 1)
    assert "unknown field `speed`" in err.message
    # The place is the one `fray validate` gives.
    out = subprocess.run([str(fray_bin), "validate", str(bad)], capture_output=True, text=True)
    assert f"{bad}:19:1" in out.stderr + out.stdout


def test_a_toml_syntax_error_and_an_unknown_ruleset_have_places():
    with pytest.raises(fray.ScenarioError) as e:
        fray.Scenario.from_toml('ruleset = "gurps"\nname = [\n', name="cut.toml")
    assert e.value.file == "cut.toml" and e.value.line is not None
    with pytest.raises(fray.ScenarioError) as e:
        fray.Scenario.from_toml('ruleset = "chess"\n', name="chess.toml")
    assert (e.value.line, e.value.column) == (1, 11) and "unknown ruleset `chess`" in str(e.value)


def test_a_missing_file_names_it_without_a_line():
    with pytest.raises(fray.ScenarioError) as e:
        fray.load("no/such/scenario.toml")
    assert e.value.file == "no/such/scenario.toml" and e.value.line is None


def test_an_unknown_sheet_field_is_refused_with_the_fields_there_are():
    duel = fray.load(DUELS["gurps"])
    with pytest.raises(fray.SheetError) as e:
        duel.with_sheet("Sir Bors", skillz={"Broadsword": 16})
    msg = str(e.value)
    assert msg.startswith("Sir Bors's sheet: skillz = ")
    assert "unknown field `skillz`" in msg and "`skills`" in msg
    assert e.value.line is not None and isinstance(e.value, fray.ScenarioError)


def test_an_unknown_combatant_a_bad_value_and_none_are_refused():
    duel = fray.load(DUELS["gurps"])
    with pytest.raises(fray.SheetError, match="no combatant is named `Sir Lancelot`.*`Sir Bors`"):
        duel.with_sheet("Sir Lancelot", st=12)
    with pytest.raises(fray.SheetError, match="st"):
        duel.with_sheet("Sir Bors", st="strong")
    with pytest.raises(fray.SheetError, match="None cannot be written"):
        duel.with_sheet("Sir Bors", shield=None)
    with pytest.raises(fray.SheetError, match="not a table"):
        duel.with_values([("max_rounds.x", 1)])
    with pytest.raises(fray.ArgumentError):
        duel.with_sheet("Sir Bors")
    with pytest.raises(fray.ArgumentError):
        duel.with_sheet("Sir Bors", st=object())


@pytest.mark.parametrize(
    "call",
    [
        lambda: fray.sim(QUICK, n=0),
        lambda: fray.sim(QUICK, n=-5),
        lambda: fray.sim(QUICK, n="many"),
        lambda: fray.sim(QUICK, n=10, seed=-1),
        lambda: fray.sim(QUICK, n=10, seed=2**64),
        lambda: fray.sim(QUICK, n=10, threads=0),
        lambda: fray.sim(42, n=10),
        lambda: fray.odds(),
        lambda: fray.odds("3d6", scenario=QUICK),
        lambda: fray.odds(scenario=QUICK),
        lambda: fray.sweep(QUICK, {}, n=10),
        lambda: fray.sweep(QUICK, {"max_rounds": []}, n=10),
        lambda: fray.sweep(QUICK, [{"max_rounds": 5}, {}], n=10),
        lambda: fray.sweep(QUICK, {"max_rounds": [5]}, n=10, shard_size=0),
    ],
)
def test_bad_arguments_raise_a_value_error(call):
    with pytest.raises(ValueError) as e:
        call()
    assert isinstance(e.value, fray.FrayError)


@pytest.mark.parametrize("expr", ["3x", "d0", "1000000000d6", "(((", "3d6kh99999999999999999999", ""])
def test_bad_dice_raise_dice_errors(expr):
    with pytest.raises(fray.DiceError):
        fray.odds(expr)


def test_bad_actions_and_actors_raise_odds_errors():
    demo = SCENARIOS / "gurps" / "odds-demo.toml"
    with pytest.raises(fray.OddsError, match="action"):
        fray.odds(scenario=demo, action="{ fly = 3 }")
    with pytest.raises(fray.OddsError, match="no combatant is named `Nobody`"):
        fray.odds(scenario=demo, action="do_nothing", actor="Nobody")
    with pytest.raises(fray.OddsError):
        fray.odds(scenario=demo, action={"attack": "nonsense"})


def test_a_refused_table_request_raises_with_its_code_and_changes_nothing():
    table = fray.Table(SCENARIOS / "gurps" / "duel-human.toml", seed=3)
    rev = table.revision
    with pytest.raises(fray.TableError) as e:
        table.submit("watcher", "continue")
    assert e.value.code == "watcher"
    with pytest.raises(fray.TableError) as e:
        table.submit("gm", {"no such request": 1})
    assert e.value.code == "bad_request"
    with pytest.raises(fray.ArgumentError):
        table.submit(3, "continue")
    assert table.revision == rev


def test_a_grid_target_the_scenario_lacks_is_refused_before_any_fight():
    with pytest.raises(fray.SheetError, match="no combatant is named"):
        fray.sweep(DUELS["gurps"], {"Sir Nobody/sheet.st": [10, 11]}, n=5)
    with pytest.raises(fray.SheetError, match="unknown field"):
        fray.sweep(DUELS["gurps"], {"Sir Bors/sheet.strength": [10, 11]}, n=5)
