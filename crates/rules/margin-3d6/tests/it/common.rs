//! Shared helpers: inline sheets, scenarios built through the ruleset's
//! setup, and a strict runner that scripts every die and answer.

use fray_core::Engine;
use fray_core::engine::{self, Progress};
use fray_core::script;
use fray_core::{CombatantId, InputLog, InputOracle, Next};
use fray_margin_3d6::Margin;
use fray_margin_3d6::model::action::{Action, Answer, DefenseKind, Strike};
use fray_margin_3d6::model::event::{Event, Note};
use fray_margin_3d6::model::scenario::Scenario;
use fray_margin_3d6::model::state::State;

/// Short names.
pub const A: CombatantId = CombatantId(0);
pub const B: CombatantId = CombatantId(1);
pub const C: CombatantId = CombatantId(2);

/// A sheet: attributes, then extra TOML lines.
pub fn sheet(st: i32, dx: i32, ht: i32, extra: &str) -> String {
    format!("attributes = {{ st = {st}, dx = {dx}, iq = 10, ht = {ht} }}\n{extra}\n")
}

/// The summary's worked-example fighter: ST 12, Broadsword 14, a bastard
/// sword, no armor, no shield.
pub fn swordsman() -> String {
    sheet(
        12,
        12,
        12,
        "skills = { broadsword = 14 }\nweapons = [\"Bastard Sword\"]",
    )
}

/// A target with no armor and no shield: DX 10, HT 12.
pub fn dummy() -> String {
    sheet(10, 10, 12, "")
}

/// One combatant with an inline sheet.
pub fn fighter(name: &str, side: &str, q: i32, r: i32, facing: &str, sheet: &str) -> String {
    format!(
        "[[combatants]]\nname = \"{name}\"\nside = \"{side}\"\nposition = {{ q = {q}, r = {r} }}\nfacing = \"{facing}\"\n[combatants.sheet]\n{sheet}\n"
    )
}

/// One combatant from a bundled template.
pub fn templated(name: &str, side: &str, q: i32, r: i32, facing: &str, template: &str) -> String {
    format!(
        "[[combatants]]\nname = \"{name}\"\nside = \"{side}\"\ntemplate = \"{template}\"\nposition = {{ q = {q}, r = {r} }}\nfacing = \"{facing}\"\n"
    )
}

/// A scenario with `[options]` lines, terrain lines and combatants, on a
/// map of radius 12.
pub fn scenario(options: &str, terrain: &str, combatants: &[String]) -> Scenario {
    scenario_on(12, options, terrain, combatants)
}

/// [`scenario`] on a map of `radius`.
pub fn scenario_on(radius: u32, options: &str, terrain: &str, combatants: &[String]) -> Scenario {
    let text = scenario_text(radius, options, terrain, combatants);
    toml::from_str(&text).unwrap_or_else(|e| panic!("bad test scenario: {e}\n{text}"))
}

/// The file [`scenario_on`] reads.
fn scenario_text(radius: u32, options: &str, terrain: &str, combatants: &[String]) -> String {
    format!(
        "ruleset = \"margin-3d6\"\nname = \"test\"\nmax_rounds = 50\n[options]\n{options}\n[map]\nkind = \"hex\"\nradius = {radius}\n{terrain}\n{}",
        combatants.join("\n")
    )
}

/// Why a scenario of these combatants does not read (it must not).
pub fn unreadable(combatants: &[String]) -> String {
    toml::from_str::<Scenario>(&scenario_text(12, "", "", combatants))
        .expect_err("refused")
        .to_string()
}

/// The starting state.
pub fn state_with(options: &str, terrain: &str, combatants: &[String]) -> State {
    Margin::setup(&scenario(options, terrain, combatants)).expect("the test scenario sets up")
}

/// The starting state, no options or terrain.
pub fn state(combatants: &[String]) -> State {
    state_with("", "", combatants)
}

/// A toe-to-toe pair: A at (0,0) facing north, B at (0,-1) facing south.
pub fn duel(a: &str, b: &str) -> State {
    state(&[
        fighter("A", "a", 0, 0, "n", a),
        fighter("B", "b", 0, -1, "s", b),
    ])
}

fn log(rolls: &[i32], answers: &[Answer]) -> InputLog<Margin> {
    InputLog::scripted([], rolls.iter().copied(), answers.to_vec())
}

/// Checks and resolves `action` by `who` with exactly these dice and
/// answers (a strict script: running out is a failure, leftovers too).
pub fn act(
    state: &mut State,
    who: CombatantId,
    action: Action,
    rolls: &[i32],
    answers: &[Answer],
) -> Vec<Event> {
    script::resolve(state, who, &action, &log(rolls, answers)).unwrap_or_else(|e| panic!("{e}"))
}

/// Runs `next` with these dice.
pub fn next(state: &mut State, rolls: &[i32]) -> Next {
    let (next, _) = script::next(state, &log(rolls, &[])).unwrap_or_else(|e| panic!("{e}"));
    next
}

/// A whole fight under a seed with the AI, to its end.
pub fn fight(mut state: State, seed: u64) -> fray_core::Outcome {
    let mut oracle = InputOracle::<Margin>::script(&InputLog::default(), seed);
    let mut sink = fray_core::NullSink;
    loop {
        match engine::step(&mut state, &mut oracle, &mut sink) {
            Ok(Progress::Over(o)) => return o,
            Ok(Progress::Acted(..)) => {}
            Err(e) => panic!("halted: {e}"),
        }
    }
}

/// A plain attack with weapon 0, mode 0.
pub fn attack(target: CombatantId) -> Action {
    Action::Attack(Strike::at(target))
}

/// An attack with weapon `w`, mode `m`.
pub fn attack_with(target: CombatantId, w: u8, m: u8) -> Action {
    Action::Attack(Strike::at(target).with(w, m))
}

/// Defend with `kind`.
pub fn defend(kind: DefenseKind) -> Answer {
    Answer::Defend { kind, weapon: None }
}

/// The HP lost by `who` since the start.
pub fn lost(state: &State, who: CombatantId) -> i32 {
    let f = state.fighter(who);
    f.stats.hp - f.hp
}

/// Whether some note with `rule` was emitted.
pub fn noted(events: &[Event], rule: &str) -> bool {
    events.iter().any(|e| match e {
        Event::Note(Note { rule: r, .. }) => *r == rule,
        Event::Roll(r) => r.rule == rule,
        _ => false,
    })
}

/// Every figure of `state` played by the AI with these tactics
/// (`"basic"`: the first AI, `"default"`: the seasoned one).
pub fn tactics(mut state: State, name: &str) -> State {
    let n = state.fighters.len();
    state.controllers = (0..n)
        .map(|_| fray_core::Controller::Ai(name.to_string()))
        .collect();
    state
}
