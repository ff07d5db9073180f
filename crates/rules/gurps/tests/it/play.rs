//! Interactive play: suspended steps resumed with answers give exactly what
//! a script gives, and undo rebuilds the state from the log.

use crate::common::*;
use fray_core::engine::{self, Progress};
use fray_core::{Halt, Pending};
use fray_core::{InputLog, InputOracle, RollInput, VecSink};
use fray_gurps::Gurps;
use fray_gurps::model::action::Question;
use fray_gurps::model::event::Event;
use fray_gurps::model::state::{DefenseKind, State};

fn humans() -> State {
    state(
        "",
        &[
            fighter_with("A", "a", 0, 0, "n", "human", &swordsman(12, 14)),
            fighter_with("B", "b", 0, -1, "s", "human", &swordsman(11, 13)),
        ],
    )
}

fn json(s: &State) -> String {
    serde_json::to_string(s).unwrap()
}

// rule: G-TURN-004
#[test]
fn a_suspended_step_resumed_with_answers_equals_the_script() {
    let start = humans();
    // attack 10, dodge 12 (fails vs 8), damage 6 (9 injury), knockdown 10.
    let mut dice = vec![10, 12, 6, 10].into_iter();
    let mut oracle = InputOracle::<Gurps>::table(&InputLog::default(), 7);
    let mut asked = Vec::new();
    let (resumed, events) = loop {
        let mut s = start.clone();
        let mut sink = VecSink::default();
        oracle.rewind();
        match engine::step::<Gurps, _, _>(&mut s, &mut oracle, &mut sink) {
            Ok(Progress::Acted(..)) => {
                oracle.commit_step();
                break (s, sink.events);
            }
            Ok(Progress::Over(o)) => panic!("over: {o:?}"),
            Err(Halt::Pending(Pending::Action(who))) => {
                asked.push(format!("action {who}"));
                oracle.supply_action("A", attack(B));
            }
            Err(Halt::Pending(Pending::Roll(req))) => {
                asked.push(format!("roll {}", req.label));
                oracle.supply_roll(RollInput::Total(dice.next().unwrap()));
            }
            Err(Halt::Pending(Pending::Answer(q))) => {
                let Question::Defend {
                    defender, options, ..
                } = &*q
                else {
                    panic!("only a defense is asked here: {q}");
                };
                assert_eq!(*defender, B);
                assert_eq!(options[0].value, 8);
                asked.push("defend".into());
                oracle.supply_answer(defend(DefenseKind::Dodge, false));
            }
            Err(e) => panic!("{e}"),
        }
        assert!(asked.len() < 20, "no progress: {asked:?}");
    };
    assert_eq!(
        asked,
        [
            "action #0",
            "roll attack",
            "defend",
            "roll dodge",
            "roll damage",
            "roll knockdown"
        ]
    );
    // The same inputs given up front, strictly.
    let l = log(
        vec![("A", attack(B))],
        &[10, 12, 6, 10],
        vec![defend(DefenseKind::Dodge, false)],
    );
    let (scripted, script_events) = run_steps(start.clone(), &l, 1);
    assert_eq!(events, script_events);
    assert_eq!(json(&resumed), json(&scripted));
    assert_eq!(resumed.fighter(B).hp, 3);
    // And the recorded step replays to the same state.
    let (replayed, replay_events) = run_steps(start, &oracle.log(), 1);
    assert_eq!(json(&replayed), json(&resumed));
    assert_eq!(replay_events, events);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Damage { injury: 9, .. }))
    );
}

// rule: G-TURN-001
#[test]
fn undo_rebuilds_the_state_before_the_last_step() {
    let start = duel(&swordsman(12, 14), &swordsman(11, 13));
    let mut oracle = InputOracle::<Gurps>::table(&InputLog::default(), 42);
    let mut state = start.clone();
    let mut history = vec![json(&state)];
    for _ in 0..4 {
        let mut next = state.clone();
        let mut sink = VecSink::default();
        match engine::step::<Gurps, _, _>(&mut next, &mut oracle, &mut sink) {
            Ok(Progress::Acted(..)) => oracle.commit_step(),
            other => panic!("{other:?}"),
        }
        state = next;
        history.push(json(&state));
    }
    let steps = oracle.recorded().to_vec();
    assert_eq!(steps.len(), 4);
    // Undo: the scenario plus the log minus its last step.
    let undo = InputLog::from_steps(steps[..3].to_vec());
    let mut rebuilt = start.clone();
    let mut strict = InputOracle::strict(&undo);
    let mut sink = VecSink::default();
    for _ in 0..3 {
        engine::step::<Gurps, _, _>(&mut rebuilt, &mut strict, &mut sink).unwrap();
    }
    assert!(!strict.has_unused_inputs());
    assert_eq!(json(&rebuilt), history[3]);
    assert_ne!(history[3], history[4]);
    // Replaying the whole log gets the last state back.
    let (all, _) = run_steps(start, &InputLog::from_steps(steps), 4);
    assert_eq!(json(&all), history[4]);
}

// rule: G-TURN-001
#[test]
fn seeded_ai_fights_never_declare_an_illegal_action() {
    let axe = sheet(
        13,
        11,
        10,
        12,
        "skills = { \"Axe/Mace\" = 13, Shield = 12 }\nweapons = [\"Axe\"]\nshield = \"Medium Shield\"\narmor = [\"Mail\"]",
    );
    let fencer = sheet(
        10,
        13,
        10,
        11,
        "skills = { Rapier = 15 }\nweapons = [\"Rapier\"]",
    );
    let sp = sheet(
        12,
        12,
        10,
        12,
        "skills = { Spear = 14 }\nweapons = [\"Spear\"]",
    );
    for seed in 0..40u64 {
        let s = state(
            "",
            &[
                fighter("A", "a", -3, 0, "se", &axe),
                fighter_with("B", "b", 3, 0, "nw", "ai:aggressive", &fencer),
                fighter_with("C", "b", 3, -2, "sw", "ai:defensive", &sp),
            ],
        );
        let mut st = s;
        let mut oracle = fray_core::SimOracle::<Gurps>::seeded(seed);
        let mut sink = VecSink::default();
        let out = engine::run::<Gurps, _, _>(&mut st, &mut oracle, &mut sink);
        assert!(out.is_ok(), "seed {seed}: {}", out.unwrap_err());
    }
}

// rule: G-EXT-015
#[test]
fn the_bundled_duel_sets_up_and_plays_to_the_end() {
    let text = include_str!("../../../../../scenarios/gurps/duel.toml");
    let sc: fray_gurps::model::scenario::Scenario = toml::from_str(text).unwrap();
    let mut st = <Gurps as fray_core::Engine>::setup(&sc).unwrap();
    let mut oracle = fray_core::SimOracle::<Gurps>::seeded(1);
    let out = engine::run::<Gurps, _, _>(&mut st, &mut oracle, &mut fray_core::NullSink).unwrap();
    assert!(out.rounds >= 1);
}
