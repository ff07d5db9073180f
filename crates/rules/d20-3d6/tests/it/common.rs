//! Shared helpers: a small armory (the tests never depend on the bundled
//! data), inline sheets, states built through setup, and a strict runner.

use fray_core::Engine;
use fray_core::script;
use fray_core::{CombatantId, InputLog, RollInput};
use fray_d20_3d6::D20;
use fray_d20_3d6::model::action::{Action, Answer};
use fray_d20_3d6::model::data::parse_file;
use fray_d20_3d6::model::event::Event;
use fray_d20_3d6::model::scenario::Scenario;
use fray_d20_3d6::model::state::{State, Turn};
use fray_d20_3d6::setup::setup_with;

pub const A: CombatantId = CombatantId(0);
pub const B: CombatantId = CombatantId(1);
pub const C: CombatantId = CombatantId(2);

/// Just the gear the tests use.
pub const ARMORY: &str = r#"
[[weapon]]
name = "sword"
group = "sword"
damage = "1d8"
[[weapon]]
name = "edge"
group = "sword"
damage = "1d8"
explode_on = 7
[[weapon]]
name = "club"
group = "club"
damage = "1d6"
[[weapon]]
name = "kris"
group = "dagger"
damage = "1d4"
explode_on = 4
light = true
[[weapon]]
name = "dagger"
group = "dagger"
damage = "1d4"
light = true
versatile = true
thrown = true
range_m = 2
[[weapon]]
name = "axe"
group = "axe"
damage = "1d6"
[[weapon]]
name = "spear"
group = "spear"
damage = "1d8"
long = true
hands = 2
[[weapon]]
name = "bow"
group = "bow"
damage = "1d8"
bow = true
melee = false
range_m = 10
hands = 2
[[weapon]]
name = "composite"
group = "bow"
damage = "1d8"
bow = true
composite = true
melee = false
range_m = 10
hands = 2
[[weapon]]
name = "crossbow"
group = "crossbow"
damage = "1d8"
crossbow = true
melee = false
range_m = 10
hands = 2
reload_actions = 1
[[weapon]]
name = "sap"
group = "club"
damage = "1d6"
nonlethal = true
[[weapon]]
name = "hand"
group = "club"
damage = "1d3"
touch = true
[[weapon]]
name = "stick"
group = "club"
damage = "1d2"
[[armor]]
name = "mail"
defense_bonus = 4
[[shield]]
name = "shield"
defense_bonus = 2
[[potion]]
name = "cure"
heal = "1d8+1"
[[spell]]
name = "bolt"
actions = 2
dc = 12
effect = "damage"
dice = "2d4+2"
range_m = 10
[[spell]]
name = "mend"
actions = 1
dc = 10
effect = "heal"
dice = "1d8"
range_m = 1
"#;

/// A fighter's sheet body: +10 to hit with the first weapon (BAB 5, STR 3,
/// List 1, Skill 1), Defense 18 (10 + DEX 1 + shield 2 + skill 1 + mail 4).
pub fn fighter(weapons: &[&str], extra: &str) -> String {
    let mut s = String::from(
        "move_m = 6\nabilities = { str = 3, dex = 1, con = 2 }\nbab = 5\necl = 5\n\
         saves = { fort = 6, ref = 2, will = 1 }\n\
         skills = { athletics = 7, acrobatics = 2, first_aid = 1 }\n\
         defense_skill = 1\nhp = { max = 42 }\n\
         proficient = [\"sword\", \"club\", \"dagger\", \"axe\", \"spear\", \"bow\", \"crossbow\"]\n\
         armor = \"mail\"\n",
    );
    s.push_str(extra);
    s.push('\n');
    for (i, w) in weapons.iter().enumerate() {
        let bonus = if i == 0 {
            "list_bonus = 1\nskill_bonus = 1\n"
        } else {
            ""
        };
        s.push_str(&format!(
            "[[combatants.sheet.weapon]]\nname = \"{w}\"\n{bonus}"
        ));
    }
    s
}

/// One combatant entry.
pub fn entry(name: &str, side: &str, x: i32, y: i32, sheet: &str) -> String {
    format!(
        "[[combatants]]\nname = \"{name}\"\nside = \"{side}\"\nposition = {{ x = {x}, y = {y} }}\n[combatants.sheet]\n{sheet}\n"
    )
}

/// A state from combatant entries and optional top-level text (options, map patches).
pub fn state(head: &str, entries: &[String]) -> State {
    let text = format!(
        "ruleset = \"d20-3d6\"\nname = \"test\"\n{head}\n[map]\nkind = \"square\"\nwidth = 60\nheight = 20\n{}",
        entries.join("\n")
    );
    let scenario: Scenario = toml::from_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let armory = parse_file("test", ARMORY).unwrap();
    setup_with(&scenario, &armory).unwrap()
}

/// Two fighters: A at (5, 5) with a shield and `a_weapons`, B east of it
/// at `dist` with a shield and a sword.
pub fn duel(a_weapons: &[&str], dist: i32) -> State {
    state(
        "",
        &[
            entry("A", "a", 5, 5, &fighter(a_weapons, "shield = \"shield\"")),
            entry(
                "B",
                "b",
                5 + dist,
                5,
                &fighter(&["sword"], "shield = \"shield\""),
            ),
        ],
    )
}

/// Makes it `who`'s turn with 3 actions (round 1, everyone else done).
pub fn turn_of(s: &mut State, who: CombatantId) {
    s.round = 1;
    s.order = s.ids().collect();
    s.order.retain(|&c| c != who);
    s.order.insert(0, who);
    s.cursor = 1;
    s.turn = Turn {
        actor: Some(who),
        actions: 3,
        ..Turn::default()
    };
}

/// Faces of a roll.
pub fn f(faces: &[i32]) -> RollInput {
    RollInput::Faces(faces.to_vec())
}

/// A total.
pub fn t(total: i32) -> RollInput {
    RollInput::Total(total)
}

/// Checks and resolves `action` with exactly these dice and answers.
pub fn act(
    s: &mut State,
    who: CombatantId,
    action: Action,
    rolls: Vec<RollInput>,
    answers: Vec<Answer>,
) -> Result<Vec<Event>, String> {
    let log = InputLog::<D20>::scripted([], rolls, answers);
    script::resolve(s, who, &action, &log).map_err(|e| e.to_string())
}

/// The refusal's rule, if `action` is refused.
pub fn refused(s: &State, who: CombatantId, action: &Action) -> Option<&'static str> {
    D20::check_action(s, who, action).err().map(|e| e.rule)
}

/// The verdicts of the rolls labelled `label`.
pub fn verdicts(events: &[Event], label: &str) -> Vec<&'static str> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Roll { roll } if roll.label == label => Some(roll.verdict),
            _ => None,
        })
        .collect()
}

/// The roll records labelled `label`.
pub fn rolls<'a>(events: &'a [Event], label: &str) -> Vec<&'a fray_core::RollRecord> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Roll { roll } if roll.label == label => Some(roll),
            _ => None,
        })
        .collect()
}

/// The damage amounts dealt.
pub fn damage(events: &[Event]) -> Vec<i32> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Damage { amount, .. } => Some(*amount),
            _ => None,
        })
        .collect()
}

/// Runs the ruleset's `next` with exactly these dice and answers.
pub fn next(
    s: &mut State,
    rolls: Vec<RollInput>,
    answers: Vec<Answer>,
) -> (fray_core::Next, Vec<Event>) {
    let log = InputLog::<D20>::scripted([], rolls, answers);
    script::next(s, &log).unwrap_or_else(|e| panic!("{e}"))
}
