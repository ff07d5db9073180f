//! What a scenario may say: every number within its documented range,
//! every name one the armory or the rules know (with the closest known name
//! when it is not), clean and distinct combatant and side names, and start
//! hexes a figure can stand on. Run by [`crate::setup::setup`] before it
//! builds anything, so nonsense is refused with the entry at fault (the
//! file reader turns the path into file:line:column) instead of clamped or
//! ignored. [`warnings`] lists what is legal but likely not meant: a weapon
//! whose skill the sheet lacks, used at its default.

use crate::model::data::{Armory, Weapon};
use crate::model::scenario::{Combatant, Scenario};
use crate::model::sheet::Sheet;
use fray_core::SetupError;
use std::fmt;

/// A range of valid values, inclusive, for messages.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Range {
    /// The least valid value.
    pub min: f64,
    /// The greatest valid value.
    pub max: f64,
}

impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} to {}", self.min, self.max)
    }
}

/// What is wrong with a value of a scenario.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum InputError {
    /// A number outside its range (or not a number at all: inf, nan).
    #[error("must be {range}, found {found}")]
    OutOfRange {
        /// The valid range.
        range: Range,
        /// The value found, as written.
        found: String,
    },
    /// A name the armory, the grimoire or the rules do not know.
    #[error("no {kind} `{name}`{}", suggestion(.closest, .known))]
    Unknown {
        /// `weapon`, `armor`, `shield`, `template`, `spell` or `skill`.
        kind: &'static str,
        /// The name given.
        name: String,
        /// The closest known name, if one is close enough.
        closest: Option<String>,
        /// How many names are known (the list is long for skills).
        known: Vec<String>,
    },
    /// A name that cannot be shown safely: empty, blanks at an end, a
    /// control or invisible formatting character, too long
    /// ([`fray_core::text::check_name`]).
    #[error("the {what}: {error}")]
    Text {
        /// `name`, `side` or `weapon`.
        what: &'static str,
        /// Why.
        error: fray_core::text::TextError,
    },
    /// Two names that read the same once trimmed and case is ignored.
    #[error("the {what} `{name}` reads the same as `{other}` (combatant {index})")]
    SameName {
        /// `name` or `side`.
        what: &'static str,
        /// This name.
        name: String,
        /// The earlier one.
        other: String,
        /// The earlier combatant's index.
        index: usize,
    },
    /// The `quadruped` trait on a body with a table of its own.
    #[error(
        "the `quadruped` trait reads the humanoid table as four-legged (G-LOC-006); a {body} body is struck on its own table: leave the trait out"
    )]
    QuadrupedOnBody {
        /// The sheet's body.
        body: crate::model::location::BodyType,
    },
    /// A field that needs another one beside it.
    #[error("`{field}` needs `{needs}` beside it: {why}")]
    Needs {
        /// The field given.
        field: &'static str,
        /// The field missing.
        needs: &'static str,
        /// Why.
        why: &'static str,
    },
    /// A start hex holding an obstruction.
    #[error("{at} holds an obstruction (a rock, a log): a figure cannot start on it")]
    OnObstruction {
        /// The hex.
        at: fray_core::grid::HexPos,
    },
}

/// "; did you mean `X`?" or the known names when they are few.
fn suggestion(closest: &Option<String>, known: &[String]) -> String {
    match closest {
        Some(c) => format!("; did you mean `{c}`?"),
        None if !known.is_empty() && known.len() <= 12 => {
            format!("; known: {}", known.join(", "))
        }
        None => String::new(),
    }
}

/// An [`InputError`] at a path of the scenario (`combatants[1].sheet.sm`).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{path}: {error}")]
pub struct Fault {
    /// The dotted path of the entry.
    pub path: String,
    /// What is wrong.
    pub error: InputError,
}

impl From<Fault> for SetupError {
    fn from(f: Fault) -> Self {
        SetupError::new(f.path, f.error.to_string())
    }
}

/// The closest of `known` to `name`, when close enough to be a likely
/// slip (Jaro-Winkler similarity, case ignored, at least 0.8).
pub fn closest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let lower = name.to_lowercase();
    known
        .into_iter()
        .map(|k| (strsim::jaro_winkler(&lower, &k.to_lowercase()), k))
        .filter(|&(score, _)| score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| k.to_string())
}

/// An [`InputError::Unknown`] for `name` among `known`.
pub(crate) fn unknown<'a>(
    kind: &'static str,
    name: &str,
    known: impl IntoIterator<Item = &'a str> + Clone,
) -> InputError {
    InputError::Unknown {
        kind,
        name: name.to_string(),
        closest: closest(name, known.clone()),
        known: known.into_iter().map(str::to_string).collect(),
    }
}

/// The skills the rules look at by name, beside the armory's weapon and
/// shield skills: the unarmed skills (G-EXT-023, G-FNT-002, G-GRP-001),
/// Acrobatics (G-DEF-011), Jumping (G-JMP-001), Running (G-MOV-002),
/// Tactics (G-TURN-006) and Innate Attack (G-SPL-004).
pub const RULE_SKILLS: [&str; 11] = [
    "Acrobatics",
    "Boxing",
    "Brawling",
    "Innate Attack (Projectile)",
    "Judo",
    "Jumping",
    "Karate",
    "Running",
    "Sumo Wrestling",
    "Tactics",
    "Wrestling",
];

/// Every skill name a sheet may list: [`RULE_SKILLS`] and the armory's
/// weapon, mode and shield skills, sorted, without repeats.
pub fn known_skills(armory: &Armory) -> Vec<&str> {
    let mut all: Vec<&str> = RULE_SKILLS.to_vec();
    for w in &armory.weapons {
        all.push(&w.skill);
        all.extend(w.modes.iter().filter_map(|m| m.skill.as_deref()));
    }
    all.extend(armory.shields.iter().map(|s| s.skill.as_str()));
    all.sort_unstable_by_key(|s| s.to_lowercase());
    all.dedup_by(|a, b| a.eq_ignore_ascii_case(b));
    all
}

/// Checks a scenario's values before the state is built.
pub fn check(s: &Scenario, armory: &Armory) -> Result<(), Fault> {
    check_options(s)?;
    check_names(s)?;
    let skills = known_skills(armory);
    for (i, c) in s.combatants.iter().enumerate() {
        check_start(s, c, i)?;
        let at = |field: &str| format!("combatants[{i}].{field}");
        // G-ATK-026: a distraction takes 2 to 4 points (0: none).
        within(
            || at("situation.distraction"),
            c.situation.distraction.into(),
            0,
            4,
        )?;
        match (&c.template, &c.sheet) {
            (Some(id), None) if armory.template(id).is_none() => {
                let known = armory.templates.iter().map(|t| t.id.as_str());
                return Err(Fault {
                    path: at("template"),
                    error: unknown("template", id, known),
                });
            }
            (_, Some(sheet)) => {
                check_sheet(sheet, armory, &skills, &|f| at(&format!("sheet.{f}")))?
            }
            _ => {}
        }
    }
    Ok(())
}

/// A fault for a number outside `min..=max`.
fn range_fault(path: String, min: f64, max: f64, found: impl fmt::Display) -> Fault {
    Fault {
        path,
        error: InputError::OutOfRange {
            range: Range { min, max },
            found: found.to_string(),
        },
    }
}

/// `v` within `min..=max`, else a fault at `path`.
fn within(path: impl FnOnce() -> String, v: i64, min: i64, max: i64) -> Result<(), Fault> {
    if (min..=max).contains(&v) {
        Ok(())
    } else {
        Err(range_fault(path(), min as f64, max as f64, v))
    }
}

/// `v` a finite number within `min..=max`.
fn within_f(path: impl FnOnce() -> String, v: f32, min: f32, max: f32) -> Result<(), Fault> {
    if v.is_finite() && (min..=max).contains(&v) {
        Ok(())
    } else {
        Err(range_fault(path(), f64::from(min), f64::from(max), v))
    }
}

/// G-ATK-026: darkness 0 to 9; G-DEF-008: the breaking chance is a 1d
/// threshold, 0 to 6; the surprise bonus a few points (-10 to 10).
fn check_options(s: &Scenario) -> Result<(), Fault> {
    let o = &s.options;
    within(|| "options.darkness".into(), o.darkness.into(), 0, 9)?;
    within(
        || "options.parry_break_chance".into(),
        o.parry_break_chance.into(),
        0,
        6,
    )?;
    if let Some(sp) = &s.surprise {
        for (side, &b) in &sp.bonus {
            within(|| format!("surprise.bonus.{side}"), b.into(), -10, 10)?;
        }
    }
    Ok(())
}

/// Names and sides: not blank, no control characters, no blanks at the
/// ends, and no two names (or two different sides) that read the same
/// once trimmed and case is ignored.
fn check_names(s: &Scenario) -> Result<(), Fault> {
    // The first figure of each name (and side) up to case and blanks at
    // the ends, by that key: one look a figure, not a pass over those
    // before it (2,000 figures made 4 million comparisons). Until a fault,
    // every earlier figure of one key is spelled as the first, so the
    // first is the one a near-equal name is told apart from.
    let mut first: [std::collections::HashMap<String, usize>; 2] = Default::default();
    for (i, c) in s.combatants.iter().enumerate() {
        for (k, (what, value)) in [("name", &c.name), ("side", &c.side)]
            .into_iter()
            .enumerate()
        {
            let path = || format!("combatants[{i}].{what}");
            clean_name(what, value).map_err(|error| Fault {
                path: path(),
                error,
            })?;
            // Equal names are the envelope's to refuse (names) or one side
            // written twice (sides); only near-equal ones are faults here.
            let key = value.trim().to_ascii_lowercase();
            let j = *first[k].entry(key).or_insert(i);
            let o = &s.combatants[j];
            let other = if what == "name" { &o.name } else { &o.side };
            if other != value {
                return Err(Fault {
                    path: path(),
                    error: InputError::SameName {
                        what,
                        name: value.clone(),
                        other: other.clone(),
                        index: j,
                    },
                });
            }
        }
    }
    Ok(())
}

/// One name, as every text from a file: not blank, no blanks at the
/// ends, no control or invisible formatting character
/// ([`fray_core::text::check_name`]).
fn clean_name(what: &'static str, name: &str) -> Result<(), InputError> {
    fray_core::text::check_name(name).map_err(|error| InputError::Text { what, error })
}

/// G-TAC-007: an obstruction hex (a rock, a log) is crossed, not stood on
/// at the start.
fn check_start(s: &Scenario, c: &Combatant, i: usize) -> Result<(), Fault> {
    let blocked = s
        .map
        .map()
        .terrain_at(c.position)
        .is_some_and(|t| t.contains(crate::model::terrain::OBSTRUCTION));
    if blocked {
        return Err(Fault {
            path: format!("combatants[{i}].position"),
            error: InputError::OnObstruction { at: c.position },
        });
    }
    Ok(())
}

/// The most weapons a sheet lists (its own and the armory's together): a
/// weapon is named by its index (a `u8`), with room left for Punch, Kick
/// and a charged spell (G-EXT-023, G-SPL-011).
pub const MOST_WEAPONS: i64 = 200;

/// At most [`MOST_WEAPONS`] weapons on the sheet.
fn check_weapon_count(sheet: &Sheet, at: &dyn Fn(&str) -> String) -> Result<(), Fault> {
    let n = sheet.weapons.len() + sheet.own_weapons.len();
    within(
        || at("weapons"),
        i64::try_from(n).unwrap_or(i64::MAX),
        0,
        MOST_WEAPONS,
    )
}

/// A sheet's numbers within their ranges and its names known. `at` makes
/// the path of a field.
pub fn check_sheet(
    sheet: &Sheet,
    armory: &Armory,
    skills: &[&str],
    at: &dyn Fn(&str) -> String,
) -> Result<(), Fault> {
    for (field, v) in [
        ("st", sheet.st),
        ("dx", sheet.dx),
        ("iq", sheet.iq),
        ("ht", sheet.ht),
    ] {
        within(|| at(field), v.into(), 1, 100)?;
    }
    for (field, v, min, max) in [
        ("hp", sheet.hp, 1, 1000),
        ("fp", sheet.fp, 1, 1000),
        ("will", sheet.will, 1, 100),
        ("per", sheet.per, 1, 100),
        ("basic_move", sheet.basic_move, 0, 100),
    ] {
        if let Some(v) = v {
            within(|| at(field), v.into(), min, max)?;
        }
    }
    check_weapon_count(sheet, at)?;
    if let Some(bs) = sheet.basic_speed {
        within_f(|| at("basic_speed"), bs, 0.25, 100.0)?;
    }
    within(|| at("dodge_bonus"), sheet.dodge_bonus.into(), -20, 20)?;
    within(|| at("sm"), sheet.sm.into(), -10, 20)?;
    if sheet.body != crate::model::location::BodyType::Humanoid
        && sheet.has(crate::model::sheet::Trait::Quadruped)
    {
        return Err(Fault {
            path: at("traits"),
            error: InputError::QuadrupedOnBody { body: sheet.body },
        });
    }
    within(|| at("natural_dr"), sheet.natural_dr.into(), 0, 100)?;
    within(|| at("magery"), sheet.magery.into(), 0, 10)?;
    within_f(|| at("extra_weight"), sheet.extra_weight, 0.0, 10_000.0)?;
    if let Some(e) = sheet.encumbrance {
        within(|| at("encumbrance"), e.into(), 0, 4)?;
    }
    // Weapons and a shield written out on the sheet name skills of their own.
    let own_skill = |name: &str| {
        let own = sheet.own_weapons.iter().flat_map(|w| {
            std::iter::once(w.skill.as_str())
                .chain(w.modes.iter().filter_map(|m| m.skill.as_deref()))
        });
        let shield = sheet.own_shield.iter().map(|s| s.skill.as_str());
        own.chain(shield).any(|k| k.eq_ignore_ascii_case(name))
    };
    for (field, v) in [
        ("hp_current", sheet.hp_current),
        ("fp_current", sheet.fp_current),
    ] {
        if let Some(v) = v {
            within(|| at(field), v.into(), 1, 1000)?;
        }
    }
    for (name, &level) in &sheet.skills {
        if !skills.iter().any(|k| k.eq_ignore_ascii_case(name)) && !own_skill(name) {
            return Err(Fault {
                path: at(&format!("skills.{name}")),
                error: unknown("skill", name, skills.iter().copied()),
            });
        }
        within(|| at(&format!("skills.{name}")), level.into(), 1, 100)?;
    }
    for (name, &level) in &sheet.spells {
        if armory.spell(name).is_none() {
            let known = armory.spells.iter().map(|s| s.name.as_str());
            return Err(Fault {
                path: at(&format!("spells.{name}")),
                error: unknown("spell", name, known),
            });
        }
        within(|| at(&format!("spells.{name}")), level.into(), 1, 100)?;
    }
    for (k, name) in sheet.weapons.iter().enumerate() {
        if armory.weapon(name).is_none() {
            let known = armory.weapons.iter().map(|w| w.name.as_str());
            return Err(Fault {
                path: at(&format!("weapons[{k}]")),
                error: unknown("weapon", name, known),
            });
        }
    }
    if let Some(name) = &sheet.shield
        && armory.shield(name).is_none()
    {
        let known = armory.shields.iter().map(|s| s.name.as_str());
        return Err(Fault {
            path: at("shield"),
            error: unknown("shield", name, known),
        });
    }
    for (k, name) in sheet.armor.iter().enumerate() {
        if armory.armor(name).is_none() {
            let known = armory.armor.iter().map(|a| a.name.as_str());
            return Err(Fault {
                path: at(&format!("armor[{k}]")),
                error: unknown("armor", name, known),
            });
        }
    }
    for (k, w) in sheet.own_weapons.iter().enumerate() {
        let at = |field: &str| at(&format!("own_weapons[{k}].{field}"));
        check_own_weapon(w, sheet, skills, &at)?;
    }
    Ok(())
}

/// A weapon written out on a sheet (a GCS import, or by hand): a clean
/// name, a skill the sheet lists or the rules know, and every mode's
/// numbers within what the rules use (G-EXT-019 armor divisors, parry
/// modifiers, G-AIM-001 Acc, G-RNG-004 Bulk, RoF and reload, G-ATK-026
/// improvised).
fn check_own_weapon(
    w: &Weapon,
    sheet: &Sheet,
    skills: &[&str],
    at: &dyn Fn(&str) -> String,
) -> Result<(), Fault> {
    clean_name("weapon", &w.name).map_err(|error| Fault {
        path: at("name"),
        error,
    })?;
    let known = |name: &str| {
        skills.iter().any(|k| k.eq_ignore_ascii_case(name))
            || sheet.skills.keys().any(|k| k.eq_ignore_ascii_case(name))
    };
    let named = std::iter::once(("skill".to_string(), w.skill.as_str())).chain(
        w.modes
            .iter()
            .enumerate()
            .filter_map(|(m, mode)| Some((format!("modes[{m}].skill"), mode.skill.as_deref()?))),
    );
    for (field, skill) in named {
        if !known(skill) {
            let all = skills
                .iter()
                .copied()
                .chain(sheet.skills.keys().map(String::as_str));
            return Err(Fault {
                path: at(&field),
                error: unknown("skill", skill, all),
            });
        }
    }
    if let Some(f) = w.number_fault() {
        return Err(range_fault(at(&f.field), f.min, f.max, f.found));
    }
    for (m, mode) in w.modes.iter().enumerate() {
        if let Some(fu) = &mode.follow_up {
            check_follow_up(fu, &|f| at(&format!("modes[{m}].follow_up.{f}")))?;
        }
    }
    Ok(())
}

/// A follow-up's numbers (decision, docs/rules/gurps.md): an HT roll at
/// -10 to +10, and a lesser damage only with that roll.
fn check_follow_up(
    fu: &crate::model::data::FollowUp,
    at: &dyn Fn(&str) -> String,
) -> Result<(), Fault> {
    use crate::model::data::FollowUpFault;
    match fu.check() {
        Ok(()) => Ok(()),
        Err(FollowUpFault::Resist(r)) => Err(range_fault(at("resist"), -10.0, 10.0, r)),
        Err(FollowUpFault::ResistedWithoutRoll) => Err(Fault {
            path: at("resisted"),
            error: InputError::Needs {
                field: "resisted",
                needs: "resist",
                why: "the lesser damage is what a successful HT roll leaves",
            },
        }),
    }
}

/// What is legal but likely not meant, as setup errors for their place:
/// a weapon (or shield) whose skill the sheet lacks is used at its default
/// (DX-5 for a weapon, DX-4 for a shield; decisions in setup).
pub fn warnings(s: &Scenario, armory: &Armory) -> Vec<SetupError> {
    let mut out = Vec::new();
    for (i, c) in s.combatants.iter().enumerate() {
        // A template's gear is pointed at by the `template` line.
        let (sheet, template) = match (&c.template, &c.sheet) {
            (_, Some(sheet)) => (sheet, false),
            (Some(id), None) => match armory.template(id) {
                Some(t) => (&t.sheet, true),
                None => continue,
            },
            _ => continue,
        };
        let path = |field: String| {
            if template {
                format!("combatants[{i}].template")
            } else {
                format!("combatants[{i}].sheet.{field}")
            }
        };
        for (k, name) in sheet.weapons.iter().enumerate() {
            let Some(w) = armory.weapon(name) else {
                continue;
            };
            for skill in lacking(sheet, w) {
                out.push(SetupError::new(
                    path(format!("weapons[{k}]")),
                    format!(
                        "{} fights with the {} at its default, DX-5 = {}: the sheet lists no {skill} skill",
                        c.name,
                        w.name,
                        sheet.dx - 5
                    ),
                ));
            }
        }
        if let Some(sh) = sheet.shield.as_deref().and_then(|n| armory.shield(n))
            && sheet.skill(&sh.skill).is_none()
        {
            out.push(SetupError::new(
                path("shield".into()),
                format!(
                    "{} blocks with the {} at its default, DX-4 = {}: the sheet lists no {} skill",
                    c.name,
                    sh.name,
                    sheet.dx - 4,
                    sh.skill
                ),
            ));
        }
    }
    out
}

/// The skills of a weapon's modes that the sheet lacks (each once);
/// unarmed attacks default to DX and need none.
fn lacking<'a>(sheet: &Sheet, w: &'a Weapon) -> Vec<&'a str> {
    if w.unarmed.is_some() {
        return Vec::new();
    }
    let mut out: Vec<&str> = Vec::new();
    for m in &w.modes {
        let skill = m.skill.as_deref().unwrap_or(&w.skill);
        if !skill.eq_ignore_ascii_case("DX")
            && sheet.skill(skill).is_none()
            && !out.iter().any(|s| s.eq_ignore_ascii_case(skill))
        {
            out.push(skill);
        }
    }
    out
}
