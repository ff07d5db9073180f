//! A narrated fight leaves no number unexplained (issue 34): the reference
//! duel, played by the AI with a fixed seed, as `fray fight` prints it.
//! Every roll shows its target and terms (a strike its 15% and 5% bands),
//! every damage its check, the armor and the pools before and after with
//! the stun threshold, the initiatives both sides' totals and each IV's
//! parts.

use fray_core::run;
use fray_dragonquest::DragonQuest;

fn narrated(name: &str, seed: u64) -> String {
    let path = format!(
        "{}/../../../scenarios/dragonquest/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut state = fray_sim::probe::load::<DragonQuest>(&path).expect("a bundled scenario");
    let mut lines = Vec::new();
    let (outcome, _) = run::fight::<DragonQuest>(&mut state, &Default::default(), seed, |e| {
        lines.push(e.to_string())
    })
    .unwrap_or_else(|e| panic!("{name}: {e}"));
    lines.push(format!("{outcome:?}"));
    lines.join("\n")
}

#[test]
fn the_reference_duel_narrated_with_seed_1() {
    // rule: DQ-17-003, DQ-18-001, DQ-18-002, DQ-18-003, DQ-19-003, DQ-12-003, DQ-12-005
    insta::assert_snapshot!(narrated("duel", 1));
}

#[test]
fn every_damage_line_shows_the_check_the_armor_and_the_pools() {
    // rule: DQ-18-001, DQ-18-002, DQ-19-003
    for seed in 1..=5 {
        let text = narrated("party-vs-orcs", seed);
        for line in text.lines().filter(|l| l.contains(" takes ")) {
            let armor = line.contains("armor") || line.contains("poison");
            let end = line.contains("->") || line.contains("stops it all");
            assert!(armor && end, "seed {seed}: {line}");
        }
    }
}
