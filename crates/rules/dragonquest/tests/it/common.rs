//! Shared helpers: inline sheets over the bundled weapons, states built
//! through `setup`, and a strict step runner.

use fray_core::Engine;
use fray_core::script::{self, Leftovers};
use fray_core::{CombatantId, InputLog, RollRecord};
use fray_dragonquest::DragonQuest;
use fray_dragonquest::model::action::{Action, Answer, AttackKind};
use fray_dragonquest::model::event::Event;
use fray_dragonquest::model::scenario::Scenario;
use fray_dragonquest::state::State;
use std::collections::BTreeMap;

/// Short names.
pub const A: CombatantId = CombatantId(0);
pub const B: CombatantId = CombatantId(1);
pub const C: CombatantId = CombatantId(2);

/// A combatant with an inline sheet: a human swordsman (PS 16, MD 15,
/// AG 15, EN 16, FT 20, WP 14, PC 10, broadsword rank 2, no armor) with
/// `extra` overriding or adding sheet keys (`("ag", "20")`).
pub fn fighter(
    name: &str,
    side: &str,
    q: i32,
    r: i32,
    facing: &str,
    extra: &[(&str, &str)],
) -> String {
    let mut sheet: BTreeMap<&str, String> = BTreeMap::new();
    for (k, v) in [
        ("ps", "16"),
        ("md", "15"),
        ("ag", "15"),
        ("en", "16"),
        ("ft", "20"),
        ("wp", "14"),
        ("pc", "10"),
        ("tmr", "6"),
        ("weapons", "[{ id = \"broadsword\", rank = 2 }]"),
    ] {
        sheet.insert(k, v.to_string());
    }
    for (k, v) in extra {
        sheet.insert(k, v.to_string());
    }
    let body: Vec<String> = sheet.iter().map(|(k, v)| format!("{k} = {v}")).collect();
    format!(
        "[[combatants]]\nname = \"{name}\"\nside = \"{side}\"\nposition = {{ q = {q}, r = {r} }}\nfacing = \"{facing}\"\ncontroller = \"script\"\n[combatants.sheet]\n{}\n",
        body.join("\n")
    )
}

/// A scenario with `options` lines under `[options]`.
pub fn scenario(options: &str, combatants: &[String]) -> Scenario {
    scenario_with("", options, combatants)
}

/// A scenario with extra top-level lines (`surprise = "a"`, map terrain).
pub fn scenario_with(top: &str, options: &str, combatants: &[String]) -> Scenario {
    let text = scenario_text(top, options, combatants);
    toml::from_str(&text).unwrap_or_else(|e| panic!("bad test scenario: {e}\n{text}"))
}

/// The file [`scenario_with`] reads.
fn scenario_text(top: &str, options: &str, combatants: &[String]) -> String {
    format!(
        "ruleset = \"dragonquest\"\nname = \"test\"\nmax_rounds = 50\n{top}\n[map]\nkind = \"hex\"\nradius = 10\n[options]\nstart_distance_check = \"off\"\n{options}\n{}",
        combatants.join("\n")
    )
}

/// Why a scenario of these combatants does not read (it must not).
pub fn unreadable(combatants: &[String]) -> String {
    toml::from_str::<Scenario>(&scenario_text("", "", combatants))
        .expect_err("refused")
        .to_string()
}

/// The starting state.
pub fn state(options: &str, combatants: &[String]) -> State {
    DragonQuest::setup(&scenario(options, combatants)).expect("the test scenario sets up")
}

/// A duel toe to toe: "A" at (0,0) facing north, "B" at (0,-1) facing
/// south, each in the other's melee zone. A has AG 16 so it acts first.
pub fn duel(a: &[(&str, &str)], b: &[(&str, &str)]) -> State {
    let mut ea = vec![("ag", "16")];
    ea.extend_from_slice(a);
    state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &ea),
            fighter("B", "b", 0, -1, "s", b),
        ],
    )
}

/// A plain melee attack.
pub fn attack(target: CombatantId) -> Action {
    Action::Attack {
        target,
        kind: AttackKind::Normal,
        from: None,
    }
}

/// A melee attack of a type.
pub fn attack_kind(target: CombatantId, kind: AttackKind) -> Action {
    Action::Attack {
        target,
        kind,
        from: None,
    }
}

/// An input log: actions by actor name, dice totals, answers.
pub fn log(
    actions: Vec<(&str, Action)>,
    rolls: &[i32],
    answers: Vec<Answer>,
) -> InputLog<DragonQuest> {
    InputLog::scripted(actions, rolls.iter().copied(), answers)
}

/// Plays `n` steps with a strict oracle, checking every input was used.
pub fn run_steps(mut state: State, log: &InputLog<DragonQuest>, n: usize) -> (State, Vec<Event>) {
    let events =
        script::steps(&mut state, log, n, Leftovers::Refused).unwrap_or_else(|e| panic!("{e}"));
    (state, events)
}

/// Plays `n` steps of a longer script.
pub fn run_some(mut state: State, log: &InputLog<DragonQuest>, n: usize) -> (State, Vec<Event>) {
    let events =
        script::steps(&mut state, log, n, Leftovers::Allowed).unwrap_or_else(|e| panic!("{e}"));
    (state, events)
}

/// Plays until the fight is over (strict), returning the outcome's winner side index.
pub fn run_to_end(
    mut state: State,
    log: &InputLog<DragonQuest>,
) -> (State, Vec<Event>, Option<u8>) {
    let (outcome, events) = script::to_end(&mut state, log, 200).unwrap_or_else(|e| panic!("{e}"));
    (state, events, outcome.winner.map(|s| s.0))
}

/// The events as narration, for failure messages.
pub fn narrate(events: &[Event]) -> String {
    events
        .iter()
        .map(|e| e.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every roll record, in order.
pub fn rolls(events: &[Event]) -> Vec<&RollRecord> {
    events.iter().filter_map(Event::roll).collect()
}

/// The first roll with this label.
pub fn roll<'a>(events: &'a [Event], label: &str) -> &'a RollRecord {
    rolls(events)
        .into_iter()
        .find(|r| r.label == label)
        .unwrap_or_else(|| panic!("no `{label}` roll in\n{}", narrate(events)))
}

/// The value of the modifier with this label, if present (a term of the
/// target, or one added to the dice).
pub fn modifier(r: &RollRecord, label: &str) -> Option<i32> {
    r.modifiers
        .iter()
        .chain(&r.bonuses)
        .find(|m| m.label == label)
        .map(|m| m.value)
}

/// Whether an effect with these words happened.
pub fn happened(events: &[Event], what: &str) -> bool {
    events
        .iter()
        .any(|e| matches!(e, Event::Effect { what: w, .. } if w.contains(what)))
}
