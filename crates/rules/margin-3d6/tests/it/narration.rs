//! The narration explains every number (issue 34): each roll with its
//! target and the terms behind it, each defense's AD, each damage with its
//! basis, fraction, DR, wound multiplier and caps; no internal names.

use fray_core::Fight;
use fray_core::engine::{self, Progress};
use fray_core::{InputLog, InputOracle, VecSink};
use fray_margin_3d6::Margin;

const SCENARIOS: [&str; 4] = ["duel", "brawl", "crossbows-vs-charge", "piecemeal"];

fn start(name: &str) -> fray_margin_3d6::model::state::State {
    let path = format!(
        "{}/../../../scenarios/margin-3d6/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    fray_sim::probe::load::<Margin>(&path).expect("a bundled scenario")
}

/// A whole fight under `seed`, every event in its words, one a line.
fn narrate(name: &str, seed: u64) -> String {
    let mut state = start(name);
    let mut oracle = InputOracle::<Margin>::script(&InputLog::default(), seed);
    let mut sink = VecSink::default();
    let mut lines = Vec::new();
    loop {
        let step = engine::step(&mut state, &mut oracle, &mut sink);
        lines.extend(sink.events.drain(..).map(|e| e.to_string()));
        match step {
            Ok(Progress::Over(o)) => {
                let how = match o.reason {
                    fray_core::EndReason::RoundLimit => "the round limit",
                    fray_core::EndReason::Victory => "a victory",
                    _ => "nobody left standing",
                };
                lines.push(format!("over after round {}: {how}", o.rounds));
                break;
            }
            Ok(Progress::Acted(..)) => {}
            Err(e) => panic!("halted: {e}"),
        }
    }
    let _ = Margin::ID;
    lines.join("\n")
}

#[test]
fn the_reference_duel_narrated_m_dmg_007_m_def_011() {
    // rule: M-DMG-007, M-DEF-011, M-FLO-003
    insta::assert_snapshot!(narrate("duel", 7));
}

#[test]
fn no_internal_name_or_bad_plural_in_any_narration() {
    // rule: M-DMG-013, M-CRT-003, M-AOD-001
    for name in SCENARIOS {
        for seed in 1..=12 {
            let text = narrate(name, seed);
            for bad in ["HexPos(", "Hex(", "Some(", "None"] {
                assert!(
                    !text.contains(bad),
                    "{name} seed {seed}: {bad:?} in\n{text}"
                );
            }
            // "1 successes", not "11 successes".
            for bad in ["1 successes", "1 rounds", "1 yards"] {
                let wrong = text
                    .match_indices(bad)
                    .any(|(i, _)| !text[..i].ends_with(|c: char| c.is_ascii_digit() || c == '-'));
                assert!(!wrong, "{name} seed {seed}: {bad:?} in\n{text}");
            }
            // No CamelCase word (an enum's Debug name): "LimbDouble", "MultipleFoe".
            let camel = text.split(|c: char| !c.is_alphanumeric()).find(|w| {
                let mut cs = w.chars();
                cs.next().is_some_and(|c| c.is_uppercase())
                    && w.chars().skip(1).any(|c| c.is_uppercase())
                    && w.chars().any(|c| c.is_lowercase())
            });
            assert!(camel.is_none(), "{name} seed {seed}: {camel:?} in\n{text}");
            // Every roll against a target lists the terms behind it.
            for line in text.lines().filter(|l| l.contains(" vs ")) {
                assert!(
                    line.contains('(') && line.contains(')'),
                    "{name} seed {seed}: {line}"
                );
            }
        }
    }
}
