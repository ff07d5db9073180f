//! The AI's per-thread table of choices (`ai::memo`) changes no fight:
//! every bundled scenario narrates byte for byte the same with and without
//! it, and the simulator reports the same on 1 and 4 threads. (Debug
//! builds also recompute every choice the table gives back and compare.)

use fray_core::scenario::SourceFile;
use fray_core::{InputLog, run};
use fray_margin_3d6::Margin;
use fray_margin_3d6::ai::memo;
use fray_margin_3d6::model::state::State;
use fray_sim::{SimConfig, simulate};
use std::fmt::Write;

const SCENARIOS: [&str; 4] = ["duel", "brawl", "crossbows-vs-charge", "piecemeal"];

fn start(name: &str) -> State {
    let path = format!(
        "{}/../../../scenarios/margin-3d6/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let file = SourceFile::read(std::path::Path::new(&path)).expect("a bundled scenario");
    run::load::<Margin>(file).expect("loads").state
}

/// The whole narration of the fight of `seed`, every event on a line.
fn narration(start: &State, seed: u64) -> String {
    let mut s = start.clone();
    let mut out = String::new();
    run::fight::<Margin>(&mut s, &InputLog::default(), seed, |e| {
        writeln!(out, "{e:?}").unwrap();
    })
    .unwrap();
    out
}

#[test]
fn the_memo_changes_no_fight_of_any_bundled_scenario() {
    // rule: M-FLO-001 (the same rounds, only faster)
    for name in SCENARIOS {
        let start = start(name);
        let fights = if name == "duel" { 30 } else { 6 };
        memo::set_enabled(false);
        let plain: Vec<String> = (0..fights).map(|seed| narration(&start, seed)).collect();
        memo::set_enabled(true);
        memo::clear();
        // The first pass fills the table, the second reads it back.
        for pass in 0..2 {
            for (seed, want) in plain.iter().enumerate() {
                let got = narration(&start, seed as u64);
                assert!(
                    got == *want,
                    "{name}, seed {seed}, pass {pass}: the memo changed the fight"
                );
            }
        }
        let fits = start.fighters.len() <= memo::FIGHTERS;
        assert_eq!(memo::len() > 0, fits, "{name}: remembered or not");
    }
}

#[test]
fn the_simulator_reports_the_same_on_one_and_four_threads() {
    // rule: M-FLO-001
    let start = start("duel");
    let run = |threads| {
        let config = SimConfig::new(2000, 7).with_threads(Some(threads));
        simulate::<Margin>(&start, &config, &|_| {}).unwrap()
    };
    assert_eq!(run(1), run(4));
}
