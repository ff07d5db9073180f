//! Building the starting state from a scenario (G-TURN-005, G-TURN-006):
//! templates and sheets from the armory, weapons in hand, positions,
//! surprise. Part of the `Ruleset` impl: it uses the model and the tables.

use crate::model::data::{Armory, Template};
use crate::model::location::{ALL, LOCATION_COUNT, Location};
use crate::model::sheet::{Sheet, encumbered_move};
use crate::model::state::{Carried, CarriedShield, Fighter, Life, Stance, State, Stats};
use crate::model::tactics::Tactics;
use fray_core::grid::{MapKind, Pose};
use fray_core::overrides::arrival::{self, Arrival};
use fray_core::{Expect, SetupError, SideId};

use crate::model::scenario::{Combatant, Scenario};

/// A weapon in hand, ready, with the wielder's skill for each mode: the
/// sheet's skill, or DX-5 when unlisted (decision); unarmed attacks use the
/// best of DX, Brawling, Boxing and Karate (G-EXT-023, G-DICE-002).
fn carry(w: &crate::model::data::Weapon, sheet: &Sheet) -> Carried {
    let skill = w
        .modes
        .iter()
        .map(|m| {
            let skill_name = m.skill.as_deref().unwrap_or(&w.skill);
            if w.unarmed.is_some() {
                [skill_name, "Brawling", "Boxing", "Karate"]
                    .iter()
                    .filter_map(|n| sheet.skill(n))
                    .fold(sheet.dx, i32::max)
            } else if skill_name.eq_ignore_ascii_case("DX") {
                sheet.dx
            } else {
                sheet.skill(skill_name).unwrap_or(sheet.dx - 5)
            }
        })
        .collect();
    // `fixed` waits for the wielder: `CarriedFixed::fix_all`.
    Carried::new(
        w.clone().into(),
        skill,
        crate::rules::tables::weapon_hp(w.weight),
        None,
    )
}

/// Builds the starting state; errors name the entry (`combatants[1].template`).
pub fn setup(s: &Scenario, armory: &Armory) -> Result<State, SetupError> {
    let cast = fray_core::envelope::check(
        s,
        Expect {
            // G-CC-001: foes may start in one hex, in close combat.
            foes_share_cells: true,
            ..Expect::of::<crate::Gurps>(MapKind::Hex, &Tactics::NAMES)
        },
    )?;
    check_surprise(s, &cast.sides)?;
    // Ranges, known names, clean names, start hexes (issue 10).
    crate::input::check(s, armory)?;
    let mut fighters = Vec::with_capacity(s.combatants.len());
    for (i, c) in s.combatants.iter().enumerate() {
        let at = |field: &str| format!("combatants[{i}].{field}");
        let sheet = sheet_of(c, armory, &at)?;
        let prefix = if c.sheet.is_none() { "" } else { "sheet." };
        let fighter = build(c, cast.side_of[i], &sheet, armory)
            .map_err(SetupError::under(format!("combatants[{i}].{prefix}")))?;
        fighters.push(fighter);
    }
    let mut state = State {
        name: s.name.clone().into(),
        sides: cast.sides.into(),
        seats: cast.seats.into(),
        fighters,
        order: Vec::new(),
        cursor: None,
        round: 0,
        max_rounds: s.max_rounds,
        map: std::sync::Arc::new(s.map.clone().into_map()),
        options: s.options.clone(),
        surprise: s.surprise.clone().map(std::sync::Arc::new),
        aftermath_told: false,
        occupancy: Default::default(),
        grips: 0,
        casters: std::sync::Arc::from([]),
        armory: s.armory.clone(),
        stamp: fray_core::memo::Stamp::new(),
    };
    state.reindex();
    Ok(state)
}

/// The combatant's sheet: its template's from the armory, or its own.
fn sheet_of(
    c: &Combatant,
    armory: &Armory,
    at: &impl Fn(&str) -> String,
) -> Result<Sheet, SetupError> {
    if let Some(path) = &c.gcs {
        return Err(SetupError::new(
            at("gcs"),
            format!(
                "the GCS file `{path}` was not read: load the scenario from its file (fray_core::load)"
            ),
        ));
    }
    Ok(match (&c.template, &c.sheet) {
        // A template adjusted by the scenario: the sheet is already the
        // template's with the written fields laid over it
        // (fray_core::data::parse_with_templates).
        (_, Some(sheet)) => sheet.clone(),
        (None, None) => {
            return Err(SetupError::new(
                at("name"),
                "needs a `template` or a `sheet`",
            ));
        }
        (Some(id), None) => armory
            .template(id)
            .map(|t: &Template| t.sheet.clone())
            .ok_or_else(|| {
                SetupError::new(
                    at("template"),
                    format!(
                        "no template `{id}`; bundled: {}",
                        armory.names()["template"].join(", ")
                    ),
                )
            })?,
    })
}

/// The `[surprise]` table names sides that exist (the leaders are the
/// envelope's).
fn check_surprise(s: &Scenario, sides: &[String]) -> Result<(), SetupError> {
    let known = |name: &str| sides.iter().any(|n| n == name);
    let listed = sides.join(", ");
    let Some(sp) = &s.surprise else {
        return Ok(());
    };
    for (i, side) in sp.surprised.iter().enumerate() {
        if !known(side) {
            return Err(SetupError::new(
                format!("surprise.surprised[{i}]"),
                format!("no side `{side}`; the sides are {listed}"),
            ));
        }
    }
    if let Some(side) = sp.bonus.keys().find(|k| !known(k)) {
        return Err(SetupError::new(
            format!("surprise.bonus.{side}"),
            format!("no side `{side}`; the sides are {listed}"),
        ));
    }
    if sp.kind == crate::model::state::SurpriseKind::Total && sp.surprised.is_empty() {
        return Err(SetupError::new(
            "surprise.surprised",
            "total surprise needs the sides taken unaware",
        ));
    }
    Ok(())
}

/// An error naming the sheet field at fault and why.
type FieldError = (String, String);

/// Derives a fighter from a sheet (G-EXT-013, G-EXT-014); errors name the
/// field, checked in the sheet's order (attributes, weapons, shield,
/// magery, spells, armor, HP/FP).
fn build(
    c: &Combatant,
    side: SideId,
    sheet: &Sheet,
    armory: &Armory,
) -> Result<Fighter, FieldError> {
    check_attributes(sheet)?;
    let mut kit = Kit {
        weight: sheet.extra_weight,
        ..Kit::default()
    };
    kit.arm(sheet, armory)?;
    kit.shield(sheet, armory)?;
    kit.spells(sheet, armory)?;
    kit.armor(sheet, armory)?;
    let stats = stats(sheet, kit.weight)?;
    let mut f = fighter(c, side, sheet, kit, stats);
    crate::model::state::CarriedFixed::fix_all(&mut f);
    f.unarmed_skill = f.skill_level(&crate::rules::maneuver::UNARMED_SKILLS);
    Ok(f)
}

/// ST, DX, IQ and HT within 1 to 100.
fn check_attributes(sheet: &Sheet) -> Result<(), FieldError> {
    for (field, v) in [
        ("st", sheet.st),
        ("dx", sheet.dx),
        ("iq", sheet.iq),
        ("ht", sheet.ht),
    ] {
        if !(1..=100).contains(&v) {
            return Err((field.into(), format!("must be 1 to 100, found {v}")));
        }
    }
    Ok(())
}

/// What a fighter carries and knows, looked up in the armory, and the
/// weight it adds up to (summed in the sheet's order).
#[derive(Default)]
struct Kit {
    weight: f32,
    weapons: Vec<Carried>,
    shield: Option<CarriedShield>,
    spells: Vec<crate::model::state::KnownSpell>,
    dr: [i32; LOCATION_COUNT],
    crushing_dr: [i32; LOCATION_COUNT],
    flexible: [bool; LOCATION_COUNT],
}

impl Kit {
    /// The sheet's weapons in hand, then Punch and Kick.
    fn arm(&mut self, sheet: &Sheet, armory: &Armory) -> Result<(), FieldError> {
        for (k, name) in sheet.weapons.iter().enumerate() {
            let w = armory.weapon(name).ok_or_else(|| {
                (
                    format!("weapons[{k}]"),
                    format!("no weapon `{name}` in the armory"),
                )
            })?;
            self.weight += w.weight;
            self.weapons.push(carry(w, sheet));
        }
        // Weapons written out on the sheet (a GCS import), with their own modes.
        for (k, w) in sheet.own_weapons.iter().enumerate() {
            if w.modes.is_empty() {
                return Err((
                    format!("own_weapons[{k}].modes"),
                    format!("weapon `{}` has no attack mode", w.name),
                ));
            }
            self.weight += w.weight;
            self.weapons.push(carry(w, sheet));
        }
        // G-EXT-023: every humanoid can punch and kick (after its listed weapons,
        // so scripted weapon numbers do not move); four-legged creatures and
        // other bodies fight with their own weapons (decision).
        let humanoid = sheet.body == crate::model::location::BodyType::Humanoid;
        if humanoid && !sheet.has(crate::model::sheet::Trait::Quadruped) {
            for name in ["Punch", "Kick"] {
                let listed = self
                    .weapons
                    .iter()
                    .any(|c: &Carried| c.weapon.name.eq_ignore_ascii_case(name));
                if let Some(w) = armory.weapon(name).filter(|_| !listed) {
                    self.weapons.push(carry(w, sheet));
                }
            }
        }
        Ok(())
    }

    /// The shield, ready, with its skill (DX-4 when unlisted, decision).
    fn shield(&mut self, sheet: &Sheet, armory: &Armory) -> Result<(), FieldError> {
        let s = match (&sheet.shield, &sheet.own_shield) {
            (None, None) => return Ok(()),
            (Some(_), Some(_)) => {
                return Err((
                    "own_shield".into(),
                    "give `shield` or `own_shield`, not both".into(),
                ));
            }
            (None, Some(own)) => own,
            (Some(name), None) => armory.shield(name).ok_or_else(|| {
                (
                    "shield".to_string(),
                    format!("no shield `{name}` in the armory"),
                )
            })?,
        };
        self.weight += s.weight;
        self.shield = Some(CarriedShield {
            name: s.name.clone().into(),
            db: s.db,
            skill: sheet.skill(&s.skill).unwrap_or(sheet.dx - 4),
            ready: true,
        });
        Ok(())
    }

    /// Magery 0 to 10 and the spells known, from the grimoire.
    fn spells(&mut self, sheet: &Sheet, armory: &Armory) -> Result<(), FieldError> {
        if !(0..=10).contains(&sheet.magery) {
            return Err((
                "magery".into(),
                format!("must be 0 to 10, found {}", sheet.magery),
            ));
        }
        for (name, &skill) in &sheet.spells {
            let spell = armory.spell(name).ok_or_else(|| {
                (
                    format!("spells.{name}"),
                    format!(
                        "no spell `{name}` in the grimoire; bundled: {}",
                        armory.names()["spell"].join(", ")
                    ),
                )
            })?;
            self.spells.push(crate::model::state::KnownSpell {
                spell: spell.clone().into(),
                skill,
            });
        }
        if self.spells.len() > usize::from(u8::MAX) {
            return Err(("spells".into(), "too many spells".into()));
        }
        Ok(())
    }

    /// DR by location from natural DR and each piece of armor, and which
    /// locations only flexible armor covers (G-EXT-021).
    fn armor(&mut self, sheet: &Sheet, armory: &Armory) -> Result<(), FieldError> {
        if !sheet.dr.is_empty() {
            return self.written_dr(sheet);
        }
        let mut dr = [sheet.natural_dr; LOCATION_COUNT];
        // G-DMG-003: split DR (mail 4/2) is lower against crushing.
        let mut crushing_dr = [sheet.natural_dr; LOCATION_COUNT];
        let mut covered = [false; LOCATION_COUNT];
        let mut rigid = [false; LOCATION_COUNT];
        // G-LOC-011: the skull has +2 DR of its own.
        dr[Location::Skull.index()] += 2;
        crushing_dr[Location::Skull.index()] += 2;
        for (k, name) in sheet.armor.iter().enumerate() {
            let a = armory.armor(name).ok_or_else(|| {
                (
                    format!("armor[{k}]"),
                    format!("no armor `{name}` in the armory"),
                )
            })?;
            self.weight += a.weight;
            for key in &a.covers {
                let mut hit = false;
                for loc in ALL {
                    if loc.armor_key() == key {
                        dr[loc.index()] += a.dr;
                        crushing_dr[loc.index()] += a.dr_crushing.unwrap_or(a.dr);
                        covered[loc.index()] = true;
                        rigid[loc.index()] |= !a.flexible;
                        hit = true;
                    }
                }
                if !hit {
                    return Err((
                        format!("armor[{k}]"),
                        format!("armor `{name}` covers unknown location `{key}`"),
                    ));
                }
            }
        }
        self.dr = dr;
        self.crushing_dr = crushing_dr;
        self.flexible = std::array::from_fn(|i| covered[i] && !rigid[i]);
        Ok(())
    }

    /// DR by location as written on the sheet (a GCS import): the skull's
    /// own DR (G-LOC-011) and split DR (G-DMG-003) are already in.
    fn written_dr(&mut self, sheet: &Sheet) -> Result<(), FieldError> {
        if !sheet.armor.is_empty() || sheet.natural_dr != 0 {
            return Err((
                "dr".into(),
                "DR by location replaces `armor` and `natural_dr`: leave those out".into(),
            ));
        }
        for (key, d) in &sheet.dr {
            let at = || format!("dr.{key}");
            let loc = location_named(key).ok_or_else(|| {
                (
                    at(),
                    format!(
                        "no location `{key}`; the locations are {}",
                        ALL.map(location_key).join(", ")
                    ),
                )
            })?;
            // G-LOC-006 decision: DR only where the body has a location.
            let on_body = crate::rules::tables::body::has(sheet.body, loc)
                || (loc == Location::Tail && sheet.has(crate::model::sheet::Trait::Tail))
                || (matches!(loc, Location::RightWing | Location::LeftWing)
                    && sheet.has(crate::model::sheet::Trait::Winged));
            if !on_body {
                return Err((at(), format!("a {} body has no {}", sheet.body, loc.name())));
            }
            let crushing = d.crushing.unwrap_or(d.dr);
            for (what, v) in [("DR", d.dr), ("DR against crushing", crushing)] {
                if !(0..=100).contains(&v) {
                    return Err((at(), format!("{what} must be 0 to 100, found {v}")));
                }
            }
            self.dr[loc.index()] = d.dr;
            self.crushing_dr[loc.index()] = crushing;
            self.flexible[loc.index()] = d.flexible;
        }
        Ok(())
    }
}

/// The derived statistics for the weight carried (G-EXT-013, G-EXT-014).
fn stats(sheet: &Sheet, weight: f32) -> Result<Stats, FieldError> {
    let encumbrance = sheet.encumbrance_for(weight);
    let quarters = sheet.basic_speed_quarters();
    let basic_move = sheet.basic_move.unwrap_or(quarters / 4);
    let hp = sheet.hp.unwrap_or(sheet.st);
    let fp = sheet.fp.unwrap_or(sheet.ht);
    if hp < 1 || fp < 1 {
        return Err(("hp".into(), "HP and FP must be at least 1".into()));
    }
    Ok(Stats {
        st: sheet.st,
        dx: sheet.dx,
        iq: sheet.iq,
        ht: sheet.ht,
        hp,
        fp,
        will: sheet.will.unwrap_or(sheet.iq),
        per: sheet.per.unwrap_or(sheet.iq),
        speed_quarters: quarters,
        move_: encumbered_move(basic_move, encumbrance),
        // G-DEF-001: floor(Basic Speed) + 3 - encumbrance.
        dodge: quarters / 4 + 3 - i32::from(encumbrance) + sheet.dodge_bonus,
        encumbrance,
        sm: sheet.sm,
        body_type: sheet.body,
        natural_dr: sheet.natural_dr,
        basic_lift: sheet.basic_lift(),
        magery: sheet.magery,
        traits: sheet.traits.iter().copied().collect(),
    })
}

/// A fresh fighter at its starting place: conscious, unhurt, nothing
/// under way.
fn fighter(c: &Combatant, side: SideId, sheet: &Sheet, kit: Kit, stats: Stats) -> Fighter {
    let hp = sheet.hp_current.unwrap_or(stats.hp).min(stats.hp);
    let fp = sheet.fp_current.unwrap_or(stats.fp).min(stats.fp);
    Fighter {
        name: c.name.clone().into(),
        side,
        controller: c.controller.clone().into(),
        ai: c.ai,
        situation: c.situation,
        skills: sheet.skills.iter().map(|(k, v)| (k.clone(), *v)).collect(),
        unarmed_skill: None,
        basic_ai: crate::model::tactics::Tactics::is_basic(&c.controller),
        weapons: kit.weapons,
        spells: kit.spells.into(),
        casting: None,
        flags: Default::default(),
        shield: kit.shield,
        dr: kit.dr,
        crushing_dr: kit.crushing_dr,
        flexible: kit.flexible,
        hp,
        fp,
        pose: Pose::new(c.position, c.facing),
        posture: c.posture,
        life: Life::Conscious,
        stun: None,
        shock: 0,
        injury_since_turn: 0,
        shock_cap: 4,
        stance: Stance::Normal,
        retreated_from: None,
        death_checks: 0,
        crippled: Default::default(),
        feint: None,
        aim: None,
        dropped_vs: None,
        torn_until_turn: 0,
        torn_muscle: 0,
        close: None,
        grip: None,
        turn_start: c.position,
        move_streak: 0,
        body: None,
        thrown_by: None,
        sprint_turns: 0,
        leader: c.leader,
        waiting: None,
        watch: None,
        responding: None,
        next_break_free: 0,
        moved: 0,
        turns: 0,
        record: Default::default(),
        stats,
    }
}

/// A location's key in a sheet's `dr` table: its serialized name (`right_arm`).
pub fn location_key(loc: Location) -> String {
    serde_json::to_value(loc)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// The location a `dr` key names.
pub fn location_named(key: &str) -> Option<Location> {
    ALL.into_iter().find(|&l| location_key(l) == key)
}

/// A late arrival a game master adds mid-fight (issue 15): the figure a
/// scenario entry `{ name, side, template, position }` would make from the
/// same data as setup, standing, with the controller of its side's first
/// figure (a player's reinforcement is the player's) and facing the
/// nearest figure of another side.
pub fn newcomer(
    state: &State,
    a: &Arrival<fray_core::grid::HexPos>,
) -> Result<Fighter, fray_core::Refusal> {
    let (armory, t) = fray_core::data::newcomer_template(state.armory.as_deref(), a.template)?;
    let figures = || state.fighters.iter();
    let controller = arrival::side_controller(figures().map(|f| (f.side, &*f.controller)), a.side);
    let mut c =
        Combatant::from_template(a.name, &state.sides[a.side.index()], t.id, a.at, controller);
    c.facing = arrival::facing_nearest_foe(a.at, figures().map(|f| (f.side, f.pose.pos)), a.side);
    arrival::built(build(&c, a.side, t.sheet, armory), t.id, "sheet.")
}
