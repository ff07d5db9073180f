//! Scenario → starting state. The envelope's checks are the core's
//! (`fray_core::envelope::check`); this file adds the sheets (M-DAT-001..007).

use crate::ai::Tactics;
use crate::model::data::{Armor, Armory, Gear, Sheet};
use crate::model::scenario::{Combatant, Scenario};
use crate::model::state::{
    CarriedShield, Fighter, Guard, Held, Life, Record, Skills, State, Stats,
};
use fray_core::grid::{Map, MapKind};
use fray_core::overrides::arrival::{self, Arrival};
use fray_core::{Expect, SetupError, SideId};
use std::sync::Arc;

/// Builds the starting state.
pub fn setup(s: &Scenario, armory: &Armory) -> Result<State, SetupError> {
    let cast = fray_core::envelope::check(
        s,
        Expect::of::<crate::Margin>(MapKind::Hex, &Tactics::NAMES),
    )?;
    if !(2..=3).contains(&s.options.vital_impaling_multiplier) {
        return Err(SetupError::new(
            "options.vital_impaling_multiplier",
            "must be 2 or 3 (M-CKS-007)",
        ));
    }
    if !(1..=3).contains(&s.options.obstruction_move_cost) {
        return Err(SetupError::new(
            "options.obstruction_move_cost",
            "must be 1, 2 or 3 hexes (M-RNG-008)",
        ));
    }
    crate::model::bounds::options(&s.options).map_err(|e| e.at("options."))?;
    let mut fighters = Vec::with_capacity(s.combatants.len());
    for (i, c) in s.combatants.iter().enumerate() {
        let (sheet, prefix) = sheet_of(c, armory, i)?;
        let f = build(c, cast.side_of[i], &sheet, armory)
            .map_err(SetupError::under(format!("combatants[{i}].{prefix}")))?;
        fighters.push(f);
    }
    let map = s.map.clone().into_map();
    let mut state = State {
        name: s.name.clone().into(),
        sides: cast.sides.into(),
        seats: Arc::new(cast.seats),
        controllers: s.combatants.iter().map(|c| c.controller.clone()).collect(),
        fighters,
        order: Vec::new(),
        tie_rank: Vec::new(),
        cursor: None,
        order_sorted: false,
        round: 0,
        max_rounds: s.max_rounds,
        open_map: open_map(&map),
        map: Arc::new(map),
        options: Arc::new(s.options.clone()),
        aftermath_done: false,
        deferred: None,
        armory: s.armory.clone(),
        stamp: fray_core::memo::Stamp::new(),
        occupancy: Default::default(),
        standing: Default::default(),
    };
    state.reindex();
    Ok(state)
}

/// A late arrival a game master adds mid-fight (issue 15): the figure a
/// scenario entry `{ name, side, template, position }` would make from the
/// same data as setup, standing, with the controller of its side's first
/// figure (a player's reinforcement is the player's), facing the nearest
/// figure of another side. Returns the figure and its controller.
pub fn newcomer(
    state: &State,
    a: &Arrival<fray_core::grid::HexPos>,
) -> Result<(Fighter, fray_core::Controller), fray_core::Refusal> {
    let (armory, found) = fray_core::data::newcomer_template(state.armory.as_deref(), a.template)?;
    let sides = state.fighters.iter().map(|f| f.side);
    let controller = arrival::side_controller(sides.zip(state.controllers.iter()), a.side);
    let mut c = Combatant::from_template(
        a.name,
        &state.sides[a.side.index()],
        a.template,
        a.at,
        controller.clone(),
    );
    c.facing =
        arrival::facing_nearest_foe(a.at, state.fighters.iter().map(|f| (f.side, f.pos)), a.side);
    let f = arrival::built(build(&c, a.side, found.sheet, armory), a.template, "")?;
    Ok((f, controller))
}

/// M-UNA-001: the unarmed strikes a sheet makes: those listed in
/// `strikes`, else punch and kick, with bite when it `bites` or has a
/// `bite` damage.
fn strikes(sheet: &Sheet) -> Result<u8, (String, String)> {
    use crate::model::action::Unarmed;
    match &sheet.strikes {
        Some(list) => {
            let mut bits = 0;
            for u in list {
                if *u == Unarmed::ShieldBash {
                    return Err((
                        "strikes".into(),
                        "a shield bash comes with a shield (M-MEL-010); list punch, kick or bite"
                            .into(),
                    ));
                }
                bits |= u.bit();
            }
            Ok(bits)
        }
        None => {
            let bite = sheet.bites || sheet.bite.is_some();
            Ok(Unarmed::Punch.bit()
                | Unarmed::Kick.bit()
                | if bite { Unarmed::Bite.bit() } else { 0 })
        }
    }
}

/// Whether no hex of `map` has terrain or a height (State::open_map).
fn open_map(map: &Map) -> bool {
    map.cells().into_iter().all(|c| {
        map.terrain_at(c).is_none_or(|t| t.is_empty()) && map.height_at(c).unwrap_or(0) == 0
    })
}
fn sheet_of(c: &Combatant, armory: &Armory, i: usize) -> Result<(Sheet, &'static str), SetupError> {
    match (&c.template, &c.sheet) {
        (None, None) => Err(SetupError::new(
            format!("combatants[{i}].name"),
            "needs a `template` or a `sheet`",
        )),
        (Some(id), None) => armory
            .template(id)
            .cloned()
            .map(|s| (s, ""))
            .ok_or_else(|| {
                SetupError::new(
                    format!("combatants[{i}].template"),
                    format!(
                        "no template `{id}`; bundled: {}",
                        armory.template_ids().join(", ")
                    ),
                )
            }),
        // A template adjusted by the scenario: the sheet is already the
        // template's with the written fields laid over it.
        (_, Some(sheet)) => Ok((sheet.clone(), "sheet.")),
    }
}

fn skill(sheet: &Sheet, name: &str) -> Option<i32> {
    sheet
        .skills
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map(|(_, v)| *v)
}

/// M-DAT-001/002: attributes and derived values; gear from the armory.
fn build(
    c: &Combatant,
    side: SideId,
    sheet: &Sheet,
    armory: &Armory,
) -> Result<Fighter, (String, String)> {
    crate::model::bounds::sheet(sheet).map_err(|e| (e.field.clone(), e.message()))?;
    let stats = stats_of(sheet);
    let weapons = weapons_of(sheet, armory)?;
    let armor = armor_of(sheet, armory)?;
    let shield = shield_of(c, sheet, armory)?;
    let has = |t: &str| sheet.traits.iter().any(|x| x.eq_ignore_ascii_case(t));
    Ok(Fighter {
        name: c.name.as_str().into(),
        side,
        leader: c.leader,
        stats,
        skills: skills_of(sheet),
        hand: sheet.handedness,
        ambidextrous: has("ambidexterity"),
        advanced_aod: has("advanced_all_out_defense"),
        fencing_dagger: has("fencing_dagger"),
        strikes: strikes(sheet)?,
        bite: sheet.bite,
        weapons,
        armor: armor.into(),
        shield,
        innate_pd: sheet.innate_pd,
        innate_dr: sheet.innate_dr,
        magic_pd: sheet.magic_pd,
        magic_dr: sheet.magic_dr,
        pos: c.position,
        facing: c.facing,
        posture: c.posture,
        hp: stats.hp,
        fatigue: stats.fatigue,
        life: Life::Conscious,
        stun: None,
        crippled: 0,
        crippled_until: [None; 2],
        blind_eyes: 0,
        death_checks: 0,
        guard: Guard::default(),
        aim: None,
        feinted: None,
        just_feinted: false,
        ran: false,
        needs_physician: false,
        fear: sheet.fear,
        feared: smallvec::SmallVec::new(),
        parried_foes: smallvec::SmallVec::new(),
        panic: 0,
        casting: c.casting,
        mounted: (sheet.mounted, sheet.mounted_combat),
        moved: 0,
        riding_roll: None,
        evading: 0,
        erratic: sheet.erratic,
        surprised: c.surprised,
        held_by: None,
        pinned: false,
        break_free_from: 0,
        rested: 0,
        record: Record::default(),
    })
}

/// M-DAT-001/002: the attributes and the values derived from them.
fn stats_of(sheet: &Sheet) -> Stats {
    let a = sheet.attributes;
    let enc = i32::from(sheet.encumbrance);
    let speed4 = a.dx + a.ht;
    Stats {
        st: a.st,
        dx: a.dx,
        iq: a.iq,
        ht: a.ht,
        per: a.per.unwrap_or(a.iq),
        will: a.will.unwrap_or(a.iq),
        hp: sheet.hp.unwrap_or(a.ht),
        fatigue: sheet.fatigue.unwrap_or(a.st),
        speed4,
        mv: sheet.move_.unwrap_or((speed4 / 4 - enc).max(1)),
        enc,
    }
}

/// The skills the rules read by name.
fn skills_of(sheet: &Sheet) -> Skills {
    Skills {
        shield: skill(sheet, "shield"),
        brawling: skill(sheet, "brawling"),
        boxing: skill(sheet, "boxing"),
        acrobatics: skill(sheet, "acrobatics"),
        fencing: skill(sheet, "fencing"),
        knife: skill(sheet, "knife"),
        riding: skill(sheet, "riding"),
        first_aid: skill(sheet, "first_aid"),
        physician: skill(sheet, "physician"),
    }
}

/// The weapons carried, ready and loaded, each with its skill (DX - 5
/// without it) (M-DAT-010: a bundled name or an inline record).
fn weapons_of(sheet: &Sheet, armory: &Armory) -> Result<Vec<Held>, (String, String)> {
    let dx = sheet.attributes.dx;
    let mut weapons = Vec::with_capacity(sheet.weapons.len());
    for (k, gear) in sheet.weapons.iter().enumerate() {
        let w = gear.resolve(|n| armory.weapon(n)).ok_or_else(|| {
            (
                format!("weapons[{k}]"),
                format!("no weapon {} in data/margin-3d6/weapons.toml", named(gear)),
            )
        })?;
        let w = &w;
        weapons.push(Held {
            skill: skill(sheet, &w.skill).unwrap_or(dx - 5),
            weapon: w.clone(),
            ready: true,
            last_attack: None,
            loaded: true,
            reload_left: 0,
            ammo: w.ammo,
            lost: false,
            ground: None,
            unfamiliar: sheet
                .familiar
                .as_ref()
                .is_some_and(|l| !l.iter().any(|n| n.eq_ignore_ascii_case(&w.name))),
        });
    }
    if weapons.len() > 200 {
        return Err(("weapons".into(), "too many weapons".into()));
    }
    Ok(weapons)
}

/// The armor worn, from the armory or inline.
fn armor_of(sheet: &Sheet, armory: &Armory) -> Result<Vec<Arc<Armor>>, (String, String)> {
    let mut armor = Vec::with_capacity(sheet.armor.len());
    for (k, gear) in sheet.armor.iter().enumerate() {
        armor.push(gear.resolve(|n| armory.armor_piece(n)).ok_or_else(|| {
            (
                format!("armor[{k}]"),
                format!("no armor {} in data/margin-3d6/armor.toml", named(gear)),
            )
        })?);
    }
    Ok(armor)
}

/// The shield carried, in the state the scenario gives it.
fn shield_of(
    c: &Combatant,
    sheet: &Sheet,
    armory: &Armory,
) -> Result<Option<CarriedShield>, (String, String)> {
    let Some(gear) = &sheet.shield else {
        return Ok(None);
    };
    let shield = gear.resolve(|n| armory.shield(n)).ok_or_else(|| {
        (
            "shield".to_string(),
            format!("no shield {} in data/margin-3d6/shields.toml", named(gear)),
        )
    })?;
    Ok(Some(CarriedShield {
        shield,
        state: c.shield_state,
        readying: 0,
    }))
}

/// A gear entry's name in backquotes, for the error when the armory lacks it.
fn named<T>(gear: &Gear<T>) -> String {
    match gear {
        Gear::Named(n) => format!("`{n}`"),
        Gear::Inline(_) => "(inline)".to_string(),
    }
}
