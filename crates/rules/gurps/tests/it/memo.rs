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
const SCENARIOS: [&str; 10] = [
    "ambush.toml",
    "archers-vs-warriors.toml",
    "bouncer-vs-knight.toml",
    "duel-human.toml",
    "duel.toml",
    "knight-vs-beasts.toml",
    "knight-vs-orcs.toml",
    "odds-demo.toml",
    "wizard-vs-goblins.toml",
    "wrestler-vs-swordsman.toml",
];

fn load(name: &str) -> State {
    load_with(name, |text| text)
}

/// A bundled scenario with its text changed by `edit` first.
fn load_with(name: &str, edit: impl FnOnce(String) -> String) -> State {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../scenarios/gurps")
        .join(name);
    let mut file = SourceFile::read(&path).expect("a bundled scenario reads");
    file.text = edit(file.text);
    run::load::<Gurps>(file)
        .expect("a bundled scenario loads")
        .state
}

/// The duel with Sir Bors on the first AI (`ai:basic`): its decisions are
/// keyed relative to the knight too, and checked here.
#[test]
fn a_duel_against_the_first_ai_narrates_the_same_with_and_without_the_memo() {
    let start = load_with("duel.toml", |t| {
        t.replacen("controller = \"ai\"", "controller = \"ai:basic\"", 1)
    });
    memo::set_enabled(false);
    let plain: Vec<String> = (0..30).map(|s| narration(&start, s)).collect();
    memo::set_enabled(true);
    for pass in 0..2 {
        for (seed, want) in (0..30).zip(&plain) {
            assert_eq!(
                &narration(&start, seed),
                want,
                "seed {seed}, pass {pass}: the memo changed the fight"
            );
        }
    }
}

/// Bodies and follow-ups (issue 35): the knight weighing where to strike
/// a wolf (its forelegs, never arms it lacks) and the viper weighing its
/// venom, with the memo as without it.
#[test]
fn g_loc_006_fights_against_other_bodies_narrate_the_same_with_the_memo() {
    let start = load_with("knight-vs-beasts.toml", |t| {
        t.replacen("aim = \"random\"", "aim = \"best\"", 1)
    });
    memo::set_enabled(false);
    let plain: Vec<String> = (0..12).map(|s| narration(&start, s)).collect();
    memo::set_enabled(true);
    for pass in 0..2 {
        for (seed, want) in (0..12).zip(&plain) {
            assert_eq!(
                &narration(&start, seed),
                want,
                "seed {seed}, pass {pass}: the memo changed the fight"
            );
        }
    }
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

/// The situations the memo keys relative to the deciding figure are
/// decided the same wherever they stand in the ring: the AI's maneuver
/// for the same exchange two hexes away is the same maneuver moved two
/// hexes (what lets the memo key them alike, `memo::relative_frame`).
#[test]
fn the_same_exchange_elsewhere_in_the_ring_is_decided_alike() {
    use fray_core::grid::HexPos;
    use fray_gurps::model::action::{Action, Step};
    let start = load("duel.toml");
    let ids: Vec<_> = start.ids().collect();
    let (bors, gawain) = (ids[0], ids[1]);
    let placed = |q: i32, r: i32| {
        let mut s = start.clone();
        for (id, at) in [(bors, HexPos::new(q, r)), (gawain, HexPos::new(q + 1, r))] {
            let f = s.fighter_mut(id);
            f.pose.pos = at;
            f.turn_start = at;
        }
        s.fighter_mut(gawain).pose.facing = s.fighter(bors).pose.facing.opposite();
        // Moved by hand: the occupancy index follows.
        s.reindex();
        s
    };
    memo::set_enabled(false);
    let here = fray_gurps::ai::action(&placed(-1, 0), bors);
    let there = fray_gurps::ai::action(&placed(1, -1), bors);
    memo::set_enabled(true);
    // `here` moved by (2, -1).
    let step = |s: Option<Step>| {
        s.map(|s| Step {
            to: s.to.map(|h| HexPos::new(h.q + 2, h.r - 1)),
            ..s
        })
    };
    let moved = match here.clone() {
        Action::Attack {
            strike,
            step: st,
            extra,
            giant_step,
        } => Action::Attack {
            strike,
            step: step(st),
            extra,
            giant_step: step(giant_step),
        },
        Action::Feint {
            target,
            weapon,
            step: st,
        } => Action::Feint {
            target,
            weapon,
            step: step(st),
        },
        other => other,
    };
    assert_eq!(there, moved, "decided {here:?} at (-1, 0)");
}

/// The key packs each fighter's counters and points into fixed bits
/// (`memo::fighter`); a value too large for its bits (here FP beyond 16
/// bits) makes a situation the key does not cover: it is worked out
/// afresh, never read back under a clipped key.
#[test]
fn a_value_too_large_for_the_key_is_worked_out_outside_the_memo() {
    let mut start = load("duel.toml");
    let ids: Vec<_> = start.ids().collect();
    start.fighter_mut(ids[0]).fp = 40_000;
    memo::set_enabled(false);
    let plain = fray_gurps::ai::action(&start, ids[0]);
    memo::set_enabled(true);
    let (_, _, outside_before) = memo::counts();
    for _ in 0..2 {
        assert_eq!(fray_gurps::ai::action(&start, ids[0]), plain);
    }
    let (_, _, outside) = memo::counts();
    assert_eq!(
        outside,
        outside_before + 2,
        "both decisions worked out outside"
    );
}

/// The hexes a fighter moved on its last turn are read by the AI only in a
/// ranged strike's to-hit (G-RNG-002), so the memo keys them only when a
/// weapon with a ranged mode is in the fight (`memo::Pins::ranged`): in
/// the melee duel the same situation after a move is read back (and, in
/// debug builds, checked against a fresh computation); with an archer in
/// the duel it is a situation of its own, worked out afresh.
#[test]
fn g_rng_002_the_hexes_moved_are_keyed_only_when_a_ranged_weapon_is_in_the_fight() {
    memo::set_enabled(true);
    let archer = |t: String| t.replacen("template = \"knight\"", "template = \"archer\"", 1);
    for (start, keyed) in [
        (load("duel.toml"), false),
        (load_with("duel.toml", archer), true),
    ] {
        let ids: Vec<_> = start.ids().collect();
        let mut moved = start.clone();
        moved.fighter_mut(ids[1]).moved = 3;
        let first = fray_gurps::ai::action(&start, ids[0]);
        let (_, kept_before, outside_before) = memo::counts();
        let again = fray_gurps::ai::action(&moved, ids[0]);
        let (_, kept, outside) = memo::counts();
        assert_eq!(outside, outside_before, "the key covers both");
        assert_eq!(
            kept,
            kept_before + u64::from(keyed),
            "worked out afresh only when the hexes moved are keyed (keyed: {keyed})"
        );
        if !keyed {
            assert_eq!(again, first, "read back");
        }
    }
}

/// G-DEF-005: whether a weapon attacked this turn, or parried since its
/// wielder's last turn, is read only for an unbalanced weapon, so the memo
/// keys it only for one: in the duel (no unbalanced weapon) the same
/// situation after an attack and a parry is read back (and, in debug
/// builds, checked against a fresh computation).
#[test]
fn g_def_005_a_balanced_weapons_attack_and_parry_are_not_keyed() {
    memo::set_enabled(true);
    let start = load("duel.toml");
    let ids: Vec<_> = start.ids().collect();
    assert!(
        start
            .fighters
            .iter()
            .all(|f| f.weapons.iter().all(|w| !w.is_unbalanced())),
        "the duel's weapons are balanced"
    );
    let mut after = start.clone();
    for f in &ids {
        for w in &mut after.fighter_mut(*f).weapons {
            w.set_attacked(true);
            w.set_parried_before_turn(true);
        }
    }
    let first = fray_gurps::ai::action(&start, ids[0]);
    let (_, kept_before, outside_before) = memo::counts();
    let again = fray_gurps::ai::action(&after, ids[0]);
    let (_, kept, outside) = memo::counts();
    assert_eq!((kept, outside), (kept_before, outside_before), "read back");
    assert_eq!(again, first);
}
