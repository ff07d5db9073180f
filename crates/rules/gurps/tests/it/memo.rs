//! The AI's decision memo (`fray_gurps::ai::memo`) is exact: fights played
//! with it read back the very maneuvers the AI works out without it, so
//! the narration is byte-identical, in a fresh memo and in one warmed by
//! earlier fights. Debug builds also check each read against a fresh
//! computation inside the memo.

use fray_core::scenario::SourceFile;
use fray_core::{SimOracle, VecSink, engine, run};
use fray_gurps::Gurps;
use fray_gurps::ai::memo;
use fray_gurps::state::State;

/// Every bundled GURPS scenario a fight can be played from.
const SCENARIOS: [&str; 9] = [
    "ambush.toml",
    "archers-vs-warriors.toml",
    "bouncer-vs-knight.toml",
    "duel-human.toml",
    "duel.toml",
    "knight-vs-orcs.toml",
    "odds-demo.toml",
    "wizard-vs-goblins.toml",
    "wrestler-vs-swordsman.toml",
];

fn load(name: &str) -> State {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../scenarios/gurps")
        .join(name);
    let file = SourceFile::read(&path).expect("a bundled scenario reads");
    run::load::<Gurps>(file)
        .expect("a bundled scenario loads")
        .state
}

/// The narration of the fight from `start` with `seed`.
fn narration(start: &State, seed: u64) -> String {
    let mut state = start.clone();
    let mut oracle = SimOracle::<Gurps>::seeded(seed);
    let mut sink = VecSink::default();
    engine::run::<Gurps, _, _>(&mut state, &mut oracle, &mut sink).expect("the fight plays");
    sink.events
        .iter()
        .map(|e| e.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn fights_narrate_the_same_with_and_without_the_decision_memo() {
    for name in SCENARIOS {
        // The duel more often: its situations are keyed relative to the
        // deciding knight (`memo.rs`, `relative_frame`) and its HP in
        // bands, so reads come back in other parts of the ring and at
        // other HP of the same band, and each is checked here.
        let seeds: u64 = if name == "duel.toml" { 40 } else { 6 };
        let start = load(name);
        memo::set_enabled(false);
        let plain: Vec<String> = (0..seeds).map(|s| narration(&start, s)).collect();
        memo::set_enabled(true);
        let (hits_before, ..) = memo::counts();
        // Twice: the second pass reads decisions the first one left.
        for pass in 0..2 {
            for (seed, want) in (0..seeds).zip(&plain) {
                assert_eq!(
                    &narration(&start, seed),
                    want,
                    "{name}, seed {seed}, pass {pass}: the memo changed the fight"
                );
            }
        }
        let (hits, ..) = memo::counts();
        // The duel's situations repeat from fight to fight; a crowd's may
        // not fit a key (then every decision is worked out afresh).
        if name == "duel.toml" {
            assert!(
                hits > hits_before,
                "{name}: the second pass read nothing back"
            );
        }
    }
}
