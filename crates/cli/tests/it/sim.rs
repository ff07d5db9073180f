//! End-to-end tests of `fray sim`. Every run is seeded.

use crate::common::{fray, root, stdout_of};
use predicates::prelude::*;
use std::path::{Path, PathBuf};

fn duel() -> String {
    root()
        .join("scenarios/gurps/duel.toml")
        .display()
        .to_string()
}

/// A scratch directory of this test binary.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sim-tests");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir.join(name)
}

#[test]
fn json_is_identical_for_one_and_four_threads() {
    let d = duel();
    let base = ["sim", &d, "-n", "2000", "--seed", "5", "--json"];
    let one = stdout_of(&[&base[..], &["--threads", "1"]].concat());
    let four = stdout_of(&[&base[..], &["--threads", "4"]].concat());
    assert_eq!(one, four);
    let doc: serde_json::Value = serde_json::from_str(&one).expect("valid JSON");
    assert_eq!(doc["fights"], 2000);
    assert_eq!(doc["seed"], 5);
    assert_eq!(doc["sides"][0]["name"], "Bors");
    let wins = |i: usize| doc["sides"][i]["wins"]["count"].as_u64().unwrap();
    let rest =
        doc["draws"]["count"].as_u64().unwrap() + doc["round_limit"]["count"].as_u64().unwrap();
    assert_eq!(wins(0) + wins(1) + rest, 2000);
    assert_eq!(doc["combatants"].as_array().unwrap().len(), 2);
}

#[test]
fn the_table_shows_the_win_rates_and_the_scenario_seed_is_the_default() {
    let d = duel();
    let out = stdout_of(&["sim", &d, "-n", "200"]);
    assert!(
        out.starts_with("Duel of knights: 200 fights (gurps, seed 1)"),
        "{out}"
    );
    let doc: serde_json::Value =
        serde_json::from_str(&stdout_of(&["sim", &d, "-n", "200", "--json"])).unwrap();
    for (i, side) in ["Bors", "Gawain"].iter().enumerate() {
        let rate = doc["sides"][i]["wins"]["rate"].as_f64().unwrap();
        let row = out
            .lines()
            .find(|l| l.contains(&format!("{side} wins")))
            .unwrap_or_else(|| panic!("a row for {side}: {out}"));
        assert!(row.contains(&format!("{:.2}%", rate * 100.0)), "{row}");
    }
    assert!(
        out.contains("Sir Gawain") && out.contains("Round limit"),
        "{out}"
    );
}

#[test]
fn csv_has_one_row_per_combatant_and_plot_writes_an_svg() {
    let d = duel();
    let csv = scratch("duel.csv");
    let svg = scratch("duel.svg");
    stdout_of(&[
        "sim",
        &d,
        "-n",
        "100",
        "--csv",
        csv.to_str().unwrap(),
        "--plot",
        svg.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&csv).expect("the CSV is written");
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 3, "a header and two combatants: {text}");
    assert!(
        rows[1].contains("Sir Bors") && rows[2].contains("Sir Gawain"),
        "{text}"
    );
    let picture = std::fs::read_to_string(&svg).expect("the SVG is written");
    assert!(picture.contains("<svg"), "{picture}");
}

#[test]
fn human_controllers_are_played_by_the_ai_and_say_so() {
    let text = std::fs::read_to_string(duel()).unwrap().replacen(
        "controller = \"ai\"",
        "controller = \"human\"",
        1,
    );
    let path = scratch("duel-human.toml");
    std::fs::write(&path, text).unwrap();
    let out = stdout_of(&["sim", path.to_str().unwrap(), "-n", "50"]);
    assert!(
        out.contains("Played by the AI") && out.contains("Sir Bors"),
        "{out}"
    );
}

#[test]
fn compare_reports_both_and_the_difference() {
    let d = duel();
    let out = stdout_of(&["sim", "--compare", &d, &d, "-n", "200", "--seed", "3"]);
    assert!(
        out.contains("A: Duel of knights") && out.contains("B: Duel of knights"),
        "{out}"
    );
    assert!(out.contains("Newcombe"), "{out}");
    // The same scenario with the same seeds: the difference is exactly zero.
    let row = out
        .lines()
        .find(|l| l.contains("Bors") && l.contains("+0.00%"))
        .unwrap_or_else(|| panic!("a zero difference for Bors: {out}"));
    assert!(row.contains(" to "), "{row}");
    let doc: serde_json::Value = serde_json::from_str(&stdout_of(&[
        "sim",
        "--compare",
        &d,
        &d,
        "-n",
        "100",
        "--json",
    ]))
    .unwrap();
    assert_eq!(doc["sides"][0]["difference"], 0.0);
    let ci = doc["sides"][0]["ci95"].as_array().unwrap();
    assert!(ci[0].as_f64().unwrap() < 0.0 && ci[1].as_f64().unwrap() > 0.0);
}

#[test]
fn bad_arguments_fail_cleanly() {
    let d = duel();
    // No scenario at all.
    fray().args(["sim"]).assert().failure().code(2);
    // Zero fights, zero threads, a non-number.
    fray()
        .args(["sim", &d, "-n", "0"])
        .assert()
        .failure()
        .code(2);
    fray()
        .args(["sim", &d, "--threads", "0"])
        .assert()
        .failure()
        .code(2);
    fray()
        .args(["sim", &d, "-n", "lots"])
        .assert()
        .failure()
        .code(2);
    // A scenario and --compare together; --compare with one file.
    fray()
        .args(["sim", &d, "--compare", &d, &d])
        .assert()
        .failure()
        .code(2);
    fray()
        .args(["sim", "--compare", &d])
        .assert()
        .failure()
        .code(2);
    // A missing file.
    fray()
        .args(["sim", "no/such/file.toml"])
        .assert()
        .failure()
        .code(1)
        .stderr(predicate::str::contains("no/such/file.toml"));
    // A plot that cannot be written.
    fray()
        .args(["sim", &d, "-n", "10", "--plot", "/no/such/dir/x.svg"])
        .assert()
        .failure()
        .code(1)
        .stderr(predicate::str::contains("cannot write"));
    // An unknown ruleset.
    let path = scratch("other.toml");
    std::fs::write(&path, "ruleset = \"chess\"\nname = \"x\"\n").unwrap();
    fray()
        .args(["sim", path.to_str().unwrap()])
        .assert()
        .failure()
        .code(1)
        .stderr(predicate::str::contains("unknown ruleset"));
}

/// Every ruleset's resolution returns `Flow` values whose halt is two
/// words (its payloads are boxed or a word at most), so a `Flow` of a small
/// value comes back in registers on the simulator's every call.
#[test]
fn every_rulesets_halt_is_two_words() {
    use fray_core::{Flow, Halt};
    fn two_words<R: fray_core::Ruleset>() {
        assert_eq!(std::mem::size_of::<Halt<R>>(), 16, "{}", R::ID);
        assert_eq!(std::mem::size_of::<Flow<(), R>>(), 16, "{}", R::ID);
        assert_eq!(std::mem::size_of::<Flow<bool, R>>(), 16, "{}", R::ID);
        assert_eq!(std::mem::size_of::<Flow<i32, R>>(), 16, "{}", R::ID);
    }
    two_words::<fray_gurps::Gurps>();
    two_words::<fray_margin_3d6::Margin>();
    two_words::<fray_dragonquest::DragonQuest>();
    two_words::<fray_d20_3d6::D20>();
}
