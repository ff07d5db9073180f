//! Shared helpers for the GURPS integration tests: inline sheets and a
//! small armory (so the tests never depend on the bundled data), states
//! built through `scenario::setup`, and a strict step runner.

use fray_core::script::{self, Leftovers};
use fray_core::{CombatantId, InputLog, RollRecord};
use fray_gurps::Gurps;
use fray_gurps::model::action::{Action, Aim, Answer, Strike};
use fray_gurps::model::data::{Armory, parse_file};
use fray_gurps::model::event::{ConditionChange, Declared, Event, Note};
use fray_gurps::model::location::Location;
use fray_gurps::model::scenario::Scenario;
use fray_gurps::model::state::{DefenseKind, State};
use fray_gurps::setup::setup;

/// Just the gear the tests use.
pub const ARMORY: &str = r#"
[[weapon]]
name = "Broadsword"
skill = "Broadsword"
weight = 3
[[weapon.modes]]
name = "swing"
damage = "sw+1"
type = "cut"
reach = [1]
parry = 0
[[weapon.modes]]
name = "thrust"
damage = "thr+1"
type = "cr"
reach = [1]
parry = 0

[[weapon]]
name = "Spear"
skill = "Spear"
weight = 4
[[weapon.modes]]
name = "thrust"
damage = "thr+2"
type = "imp"
reach = [1, 2]
parry = 0

[[weapon]]
name = "Axe"
skill = "Axe/Mace"
weight = 4
balance = "unbalanced"
[[weapon.modes]]
name = "swing"
damage = "sw+2"
type = "cut"
reach = [1]
parry = 0

[[weapon]]
name = "Rapier"
skill = "Rapier"
weight = 2.75
balance = "fencing"
[[weapon.modes]]
name = "thrust"
damage = "thr+1"
type = "imp"
reach = [1, 2]
parry = 0

[[weapon]]
name = "Knife"
skill = "Knife"
weight = 1
[[weapon.modes]]
name = "thrust"
damage = "thr"
type = "imp"
reach = [0, 1]
parry = -1

[[weapon]]
name = "Sap"
skill = "Axe/Mace"
weight = 1
[[weapon.modes]]
name = "swing"
damage = "sw"
type = "fat"
reach = [1]

[[weapon]]
name = "Fire Wand"
skill = "Wand"
weight = 1
[[weapon.modes]]
name = "touch"
damage = "2d"
type = "burn"
reach = [1]

[[weapon]]
name = "Short Staff"
skill = "Staff"
weight = 4
[[weapon.modes]]
name = "swing"
damage = "sw+2"
type = "cr"
reach = [1, 2]
parry = 2
two_handed = true

[[weapon]]
name = "Bow"
skill = "Bow"
weight = 2
[[weapon.modes]]
name = "shot"
damage = "thr+1"
type = "imp"
two_handed = true
acc = 2
range = { half = "x15", max = "x20" }
bulk = -7
reload = 2

[[weapon]]
name = "Throwing Knife"
skill = "Thrown Weapon (Knife)"
weight = 0.5
[[weapon.modes]]
name = "thrown"
damage = "thr-1"
type = "imp"
acc = 0
range = { half = "x0.5", max = "x1" }
bulk = -1
reload = 1

[[weapon]]
name = "Throwing Axe"
skill = "Thrown Weapon (Axe)"
weight = 4
[[weapon.modes]]
name = "thrown"
damage = "sw+2"
type = "cut"
acc = 2
range = { half = "x1", max = "x1.5" }
bulk = -3
reload = 1

[[weapon]]
name = "Acid Touch"
skill = "Brawling"
[[weapon.modes]]
name = "touch"
damage = "2d"
type = "cor"
reach = [1]

[[shield]]
name = "Large Shield"
db = 3
skill = "Shield"
weight = 25

[[shield]]
name = "Medium Shield"
db = 2
skill = "Shield"
weight = 15

[[armor]]
name = "Mail"
dr = 4
covers = ["torso", "vitals", "groin", "arms", "legs"]
flexible = true

[[armor]]
name = "Helm"
dr = 4
covers = ["skull"]
"#;

/// Punch and Kick: with these in the armory every humanoid gets them
/// (G-EXT-023), so only the tests of unarmed rules add them.
pub const UNARMED: &str = r#"
[[weapon]]
name = "Punch"
skill = "Brawling"
unarmed = "punch"
[[weapon.modes]]
name = "punch"
damage = "thr-1"
type = "cr"
reach = [0]
parry = 0

[[weapon]]
name = "Kick"
skill = "Brawling"
unarmed = "kick"
[[weapon.modes]]
name = "kick"
damage = "thr"
type = "cr"
reach = [0, 1]

"#;

/// Wizard's implements and a small grimoire, one spell or two of each
/// class, for the magic tests.
pub const MAGIC: &str = r#"
[[weapon]]
name = "Wizard's Staff"
skill = "Staff"
implement = "staff"
weight = 4
[[weapon.modes]]
name = "swing"
damage = "sw+2"
type = "cr"
reach = [1, 2]
parry = 2
two_handed = true

[[weapon]]
name = "Wizard's Baton"
skill = "Shortsword"
implement = "baton"
weight = 1
[[weapon.modes]]
name = "swing"
damage = "sw"
type = "cr"
reach = [1]
parry = 0

[[spell]]
name = "Fireball"
college = "Fire"
class = "missile"
cost = 1
time = 3
effect = { damage = { dice_per_energy = 1, type = "burn", acc = 1, range = { half = 25, max = 50 } } }

[[spell]]
name = "Deathtouch"
college = "Body Control"
class = "melee"
cost = 1
max_energy = 3
effect = { damage = { dice_per_energy = 1, type = "tox", armor_divisor = inf } }

[[spell]]
name = "Sleep"
college = "Mind Control"
class = "regular"
cost = 4
time = 3
resisted_by = "ht"
effect = "sleep"

[[spell]]
name = "Mass Sleep"
college = "Mind Control"
class = "area"
cost = 3
time_per_energy = true
min_radius = 2
resisted_by = "ht"
effect = "sleep"

[[spell]]
name = "Minor Healing"
college = "Healing"
class = "regular"
cost = 1
max_energy = 3
effect = { heal = { hp_per_energy = 1 } }

[[spell]]
name = "Iron Arm"
college = "Body Control"
class = "blocking"
cost = 1
effect = { block = { against = "melee" } }

[[spell]]
name = "Deflect Missile"
college = "Protection and Warning"
class = "blocking"
cost = 1
effect = { block = { against = "missiles" } }

[[spell]]
name = "Sense Foes"
college = "Communication and Empathy"
class = "information"
cost = 1
effect = "sense_foes"
"#;

/// The test armory with the implements and the grimoire.
pub fn armory_magic() -> Armory {
    parse_file("tests/armory.toml", &format!("{ARMORY}{MAGIC}")).expect("the test armory parses")
}

/// The test armory.
pub fn armory() -> Armory {
    parse_file("tests/armory.toml", ARMORY).expect("the test armory parses")
}

/// The test armory with Punch and Kick.
pub fn armory_unarmed() -> Armory {
    parse_file("tests/armory.toml", &format!("{ARMORY}{UNARMED}")).expect("the test armory parses")
}

/// A sheet as TOML lines: attributes, then anything extra (`skills = {...}`...).
pub fn sheet(st: i32, dx: i32, iq: i32, ht: i32, extra: &str) -> String {
    format!("st = {st}\ndx = {dx}\niq = {iq}\nht = {ht}\n{extra}\n")
}

/// A swordsman: ST 12 (sw 1d+2), Broadsword `skill`, no shield, no armor.
pub fn swordsman(dx: i32, skill: i32) -> String {
    sheet(
        12,
        dx,
        10,
        12,
        &format!("skills = {{ Broadsword = {skill} }}\nweapons = [\"Broadsword\"]"),
    )
}

/// One `[[combatants]]` entry.
pub fn fighter(name: &str, side: &str, q: i32, r: i32, facing: &str, sheet: &str) -> String {
    fighter_with(name, side, q, r, facing, "ai", sheet)
}

/// One `[[combatants]]` entry with a controller.
pub fn fighter_with(
    name: &str,
    side: &str,
    q: i32,
    r: i32,
    facing: &str,
    controller: &str,
    sheet: &str,
) -> String {
    format!(
        "[[combatants]]\nname = \"{name}\"\nside = \"{side}\"\nposition = {{ q = {q}, r = {r} }}\nfacing = \"{facing}\"\ncontroller = \"{controller}\"\n[combatants.sheet]\n{sheet}\n"
    )
}

/// A scenario from its combatants (and optional `[options]` lines).
pub fn scenario(options: &str, combatants: &[String]) -> Scenario {
    scenario_on("", options, combatants)
}

/// A scenario on a radius-8 hex map with extra `[[map.terrain]]` lines.
pub fn scenario_on(terrain: &str, options: &str, combatants: &[String]) -> Scenario {
    scenario_sized(8, terrain, options, combatants)
}

/// A scenario on a hex map of `radius` with extra `[[map.terrain]]` lines.
pub fn scenario_sized(
    radius: u32,
    terrain: &str,
    options: &str,
    combatants: &[String],
) -> Scenario {
    let text = format!(
        "ruleset = \"gurps\"\nname = \"test\"\nmax_rounds = 50\n[map]\nkind = \"hex\"\nradius = {radius}\n{terrain}\n[options]\n{options}\n{}",
        combatants.join("\n")
    );
    toml::from_str(&text).unwrap_or_else(|e| panic!("bad test scenario: {e}\n{text}"))
}

/// The starting state of a scenario, built with the test armory.
pub fn state(options: &str, combatants: &[String]) -> State {
    setup(&scenario(options, combatants), &armory()).expect("the test scenario sets up")
}

/// A duel: `a` ("A", faster) at (0,0) facing north, `b` ("B") adjacent at
/// (0,-1) facing south, toe to toe. Give `a` the higher Basic Speed or DX.
pub fn duel(a: &str, b: &str) -> State {
    state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", a),
            fighter("B", "b", 0, -1, "s", b),
        ],
    )
}

/// Short names.
pub const A: CombatantId = CombatantId(0);
pub const B: CombatantId = CombatantId(1);
pub const C: CombatantId = CombatantId(2);

/// A plain strike at the torso with weapon 0, mode 0.
pub fn strike(target: CombatantId) -> Strike {
    Strike::at(target)
}

/// A strike aimed at a location.
pub fn strike_at(target: CombatantId, loc: Location) -> Strike {
    Strike {
        location: Aim::At(loc),
        ..strike(target)
    }
}

/// An Attack maneuver without a step.
pub fn attack(target: CombatantId) -> Action {
    Action::Attack {
        strike: strike(target),
        step: None,
        extra: None,
        giant_step: None,
    }
}

/// A defense answer.
pub fn defend(kind: DefenseKind, retreat: bool) -> Answer {
    Answer::Defend {
        kind,
        weapon: (kind == DefenseKind::Parry).then_some(0),
        retreat,
        feverish: false,
        acrobatic: false,
        dive: None,
    }
}

/// An input log: actions by actor name, dice totals, answers.
pub fn log(actions: Vec<(&str, Action)>, rolls: &[i32], answers: Vec<Answer>) -> InputLog<Gurps> {
    InputLog::scripted(actions, rolls.iter().copied(), answers)
}

/// Plays `n` steps with a strict oracle over `log`, checking that every
/// scripted input was used; returns the state and the events.
pub fn run_steps(mut state: State, log: &InputLog<Gurps>, n: usize) -> (State, Vec<Event>) {
    let events =
        script::steps(&mut state, log, n, Leftovers::Refused).unwrap_or_else(|e| panic!("{e}"));
    (state, events)
}

/// Plays the first `n` steps of a longer script.
pub fn run_some(mut state: State, log: &InputLog<Gurps>, n: usize) -> (State, Vec<Event>) {
    let events =
        script::steps(&mut state, log, n, Leftovers::Allowed).unwrap_or_else(|e| panic!("{e}"));
    (state, events)
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
    events
        .iter()
        .filter_map(|e| match e {
            Event::Roll { roll } => Some(roll),
            _ => None,
        })
        .collect()
}

/// The first roll with this label.
pub fn roll<'a>(events: &'a [Event], label: &str) -> &'a RollRecord {
    rolls(events)
        .into_iter()
        .find(|r| r.label == label)
        .unwrap_or_else(|| panic!("no `{label}` roll in\n{}", narrate(events)))
}

/// Every roll with this label.
pub fn rolls_labelled<'a>(events: &'a [Event], label: &str) -> Vec<&'a RollRecord> {
    rolls(events)
        .into_iter()
        .filter(|r| r.label == label)
        .collect()
}

/// A roll's modifiers as (label, value, rule).
pub fn mods(r: &RollRecord) -> Vec<(String, i32, &'static str)> {
    r.modifiers
        .iter()
        .map(|m| (m.label.clone(), m.value, m.rule))
        .collect()
}

/// The value of the modifier with this label, if present.
pub fn modifier(r: &RollRecord, label: &str) -> Option<i32> {
    r.modifiers
        .iter()
        .find(|m| m.label == label)
        .map(|m| m.value)
}

/// The labels of all rolls, in order.
pub fn roll_labels(events: &[Event]) -> Vec<&'static str> {
    rolls(events).iter().map(|r| r.label).collect()
}

/// The damage events as (target, location, basic, dr, injury, hp).
pub fn damage(events: &[Event]) -> Vec<(String, String, i32, i32, i32, i32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Damage {
                target,
                location,
                basic,
                dr,
                injury,
                hp,
                ..
            } => Some((target.clone(), location.clone(), *basic, *dr, *injury, *hp)),
            _ => None,
        })
        .collect()
}

/// The condition events as (who, what, rule).
pub fn conditions(events: &[Event]) -> Vec<(String, String, &'static str)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Condition(ConditionChange { who, what, rule }) => {
                Some((who.clone(), what.clone(), *rule))
            }
            _ => None,
        })
        .collect()
}

/// The notes, as (text, rule).
pub fn notes(events: &[Event]) -> Vec<(String, &'static str)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Note(Note { text, rule }) => Some((text.clone(), *rule)),
            _ => None,
        })
        .collect()
}

/// The maneuvers, as (who, rule).
pub fn maneuvers(events: &[Event]) -> Vec<(String, &'static str)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Maneuver(Declared { who, rule, .. }) => Some((who.clone(), *rule)),
            _ => None,
        })
        .collect()
}
