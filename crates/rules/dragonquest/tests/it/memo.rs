//! The AI's table of choices (`ai::memo`, shared by the threads) changes no fight:
//! every bundled scenario narrates byte for byte the same with and without
//! it, and the simulator reports the same on 1 and 4 threads
//! ([`fray_sim::memo_check`]). (Debug builds also recompute every choice
//! the table gives back and compare.)

use fray_dragonquest::DragonQuest;
use fray_dragonquest::ai::memo;
use fray_sim::memo_check::{self, MemoSwitches};

const SCENARIOS: [&str; 6] = [
    "duel",
    "archers-and-charge",
    "giant-lizard",
    "mounted-knight",
    "odds-demo",
    "party-vs-orcs",
];

const SWITCHES: MemoSwitches = MemoSwitches {
    set_enabled: memo::set_enabled,
    clear: memo::clear,
    len: memo::len,
};

fn start(name: &str) -> fray_dragonquest::model::state::State {
    let path = format!(
        "{}/../../../scenarios/dragonquest/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    fray_sim::probe::load::<DragonQuest>(&path).expect("a bundled scenario")
}

#[test]
fn the_memo_changes_no_fight_of_any_bundled_scenario() {
    // rule: DQ-12-001 (the same pulses, only faster)
    for name in SCENARIOS {
        let start = start(name);
        let fights = match name {
            "duel" | "odds-demo" => 30,
            "giant-lizard" | "mounted-knight" => 2,
            _ => 4,
        };
        let entries = memo_check::changes_no_fight::<DragonQuest>(&start, fights, SWITCHES)
            .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let fits = start.figures.len() <= memo::FIGHTERS;
        assert_eq!(entries > 0, fits, "{name}: remembered or not");
    }
}

#[test]
fn the_simulator_reports_the_same_on_one_and_four_threads() {
    // rule: DQ-12-001
    let start = start("duel");
    let run = |threads| memo_check::report_on::<DragonQuest>(&start, 2000, threads).unwrap();
    assert_eq!(run(1), run(4));
}

#[test]
fn a_sheet_changed_without_a_new_stamp_is_caught_in_debug_builds() {
    // rule: DQ-00-001 (characteristics do not change in a fight: the memo
    // pins them by the state's stamp)
    let mut s = start("duel");
    let a = fray_core::CombatantId(0);
    let before = fray_dragonquest::ai::remembered(&s, a);
    // Changed and stamped anew: the table starts again, no complaint.
    s.figures[0].stats.md += 5;
    s.stamp.renew();
    let _ = fray_dragonquest::ai::remembered(&s, a);
    // Changed under the same stamp: debug builds catch it.
    s.figures[0].stats.md += 5;
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        fray_dragonquest::ai::remembered(&s, a)
    }));
    assert_eq!(caught.is_err(), cfg!(debug_assertions));
    s.stamp.renew();
    s.figures[0].stats.md -= 10;
    assert_eq!(fray_dragonquest::ai::remembered(&s, a), before);
}

#[test]
fn dq_20_008_any_number_of_lodged_weapons_gets_the_ai_s_own_choice() {
    // rule: DQ-20-008 (a figure's key holds six lodged weapons; one with
    // more is worked out afresh each time, never read under a clipped key)
    let mut s = start("duel");
    let b = fray_core::CombatantId(1);
    for n in 1..=9 {
        s.figures[1].status.lodged.push((0, 3));
        let kept = fray_dragonquest::ai::remembered(&s, b);
        memo::set_enabled(false);
        let fresh = fray_dragonquest::ai::remembered(&s, b);
        memo::set_enabled(true);
        assert_eq!(kept, fresh, "{n} lodged");
    }
}
