//! Building the starting state from a scenario: sheets from templates or
//! inline, gear from the armory, places, surprise (X-SEQ-004) and the
//! conditions a scenario starts with.

use crate::model::bounds;
use crate::model::data::Armory;
use crate::model::scenario::{Combatant, Scenario, mount_sheet, sheet_of};
use crate::model::sheet::{Hand, Sheet};
use crate::model::state::{
    Armed, Carried, Condition, Fighter, Known, Life, Record, State, Stats, Turn,
};
use crate::model::tactics::Tactics;
use fray_core::grid::{Map, MapKind, SquarePos};
use fray_core::overrides::arrival::{self, Arrival};
use fray_core::{CombatantId, Expect, SetupError, SideId};
use std::sync::Arc;

/// Builds the starting state with the scenario's armory (the bundled one
/// plus the data files read at load time), else the bundled one.
pub fn setup(s: &Scenario) -> Result<State, SetupError> {
    if let Some(armory) = &s.armory {
        return setup_with(s, armory);
    }
    let armory = crate::model::data::bundled()
        .map_err(|e| SetupError::new("(bundled data)", e.to_string()))?;
    setup_with(s, armory)
}

/// Builds the starting state; errors name the entry (`combatants[1].template`).
pub fn setup_with(s: &Scenario, armory: &Armory) -> Result<State, SetupError> {
    for (i, c) in s.combatants.iter().enumerate() {
        match (&c.sheet, &c.template) {
            (None, None) => {
                return Err(SetupError::new(
                    format!("combatants[{i}]"),
                    "needs a template or a sheet",
                ));
            }
            (None, Some(t)) if armory.template(t).is_none() => {
                let ids: Vec<&str> = armory.template.iter().map(|t| t.id.as_str()).collect();
                return Err(SetupError::new(
                    format!("combatants[{i}].template"),
                    format!("unknown template `{t}`: expected one of {}", ids.join(", ")),
                ));
            }
            _ => {}
        }
    }
    check_mounts(s, armory)?;
    bounds::options(&s.options).map_err(|e| e.at("options."))?;
    let cast = fray_core::envelope::check(
        s,
        Expect::of::<crate::D20>(MapKind::Square, &Tactics::NAMES),
    )?;
    let map = s.map.clone().into_map();
    let mut fighters = Vec::with_capacity(s.combatants.len());
    for (i, c) in s.combatants.iter().enumerate() {
        let sheet = sheet_of(c, Some(armory)).ok_or_else(|| {
            SetupError::new(format!("combatants[{i}]"), "needs a template or a sheet")
        })?;
        // A template with a sheet is the template adjusted by the scenario:
        // the sheet is already merged (fray_core::data::parse_with_templates).
        let prefix = if c.sheet.is_none() {
            format!("combatants[{i}].template")
        } else {
            format!("combatants[{i}].sheet")
        };
        let f = build(c, cast.side_of[i], sheet, armory).map_err(SetupError::under(prefix))?;
        if c.fatigue > 3 {
            return Err(SetupError::new(
                format!("combatants[{i}].fatigue"),
                format!("must be between 0 and 3, found {}", c.fatigue),
            ));
        }
        fighters.push(f);
    }
    // X-QCK-008: mounts join after everyone named in the scenario, on
    // their riders' sides, with their riders' controllers, ridden.
    for (i, c) in s.combatants.iter().enumerate() {
        let Some(m) = &c.mount else { continue };
        let sheet = mount_sheet(m, Some(armory)).ok_or_else(|| {
            SetupError::new(
                format!("combatants[{i}].mount"),
                "needs a template or a sheet",
            )
        })?;
        let as_combatant = Combatant {
            name: m.name.clone(),
            side: c.side.clone(),
            template: m.template.clone(),
            sheet: m.sheet.clone(),
            position: c.position,
            controller: c.controller.clone(),
            leader: false,
            unaware: c.unaware,
            conditions: Vec::new(),
            fatigue: 0,
            mount: None,
        };
        let prefix = if m.template.is_some() {
            format!("combatants[{i}].mount.template")
        } else {
            format!("combatants[{i}].mount.sheet")
        };
        let mut f = build(&as_combatant, cast.side_of[i], sheet, armory)
            .map_err(SetupError::under(prefix))?;
        let rider = CombatantId::of_index(i);
        let id = CombatantId::of_index(fighters.len());
        f.rider = Some(rider);
        let r = &mut fighters[i];
        r.steed = Some(id);
        r.mounted = true;
        r.space = f.space;
        fighters.push(f);
    }
    let mut state = State {
        name: s.name.as_str().into(),
        sides: cast.sides.into(),
        seats: Arc::new(cast.seats),
        fighters,
        order: Vec::new(),
        cursor: 0,
        round: 0,
        max_rounds: s.max_rounds,
        turn: Turn::default(),
        map_has_cover: has_cover(&map),
        map_has_height: map
            .cells()
            .into_iter()
            .any(|c| map.height_at(c).unwrap_or(0) != 0),
        map_has_shade: has_shade(&map),
        map: Arc::new(map),
        options: Arc::new(s.options.clone()),
        light: s.light,
        armory: s.armory.clone(),
        occupancy: Default::default(),
        widest: 1,
    };
    state.reindex();
    Ok(state)
}

/// A late arrival a game master adds mid-fight (issue 15): the figure a
/// scenario entry `{ name, side, template, position }` would make from the
/// same data as setup, with the controller of its side's first figure (a
/// player's reinforcement is the player's).
pub fn newcomer(state: &State, a: &Arrival<SquarePos>) -> Result<Fighter, fray_core::Refusal> {
    let (armory, t) = fray_core::data::newcomer_template(state.armory.as_deref(), a.template)?;
    let figures = state.fighters.iter().map(|f| (f.side, &*f.controller));
    let controller = arrival::side_controller(figures, a.side);
    let c = Combatant::from_template(a.name, &state.sides[a.side.index()], t.id, a.at, controller);
    arrival::built(build(&c, a.side, t.sheet, armory), t.id, "sheet")
}

/// X-QCK-008: each mount names a known template or carries a sheet, has a
/// name no one else has, and is larger than its rider.
fn check_mounts(s: &Scenario, armory: &Armory) -> Result<(), SetupError> {
    for (i, c) in s.combatants.iter().enumerate() {
        let Some(m) = &c.mount else { continue };
        let at = |field: &str| format!("combatants[{i}].mount{field}");
        match (&m.sheet, &m.template) {
            (None, None) => return Err(SetupError::new(at(""), "needs a template or a sheet")),
            (None, Some(t)) if armory.template(t).is_none() => {
                return Err(SetupError::new(
                    at(".template"),
                    format!("unknown template `{t}`"),
                ));
            }
            _ => {}
        }
        let taken = s.combatants.iter().any(|o| o.name == m.name)
            || s.combatants[..i]
                .iter()
                .filter_map(|o| o.mount.as_ref())
                .any(|o| o.name == m.name);
        if taken {
            return Err(SetupError::new(
                at(".name"),
                format!("the name `{}` is already taken", m.name),
            ));
        }
        if let (Some(rider), Some(steed)) =
            (sheet_of(c, Some(armory)), mount_sheet(m, Some(armory)))
            && steed.size <= rider.size
        {
            return Err(SetupError::new(
                at(""),
                "a mount must be at least one size larger than its rider",
            ));
        }
    }
    Ok(())
}

/// X-DEF-009: whether any cell or square side gives cover.
fn has_cover(map: &Map) -> bool {
    use crate::model::terrain::{COVER, EDGE_COVER};
    map.cells().into_iter().any(|c| {
        map.terrain_at(c)
            .and_then(|t| t.value(COVER))
            .is_some_and(|v| v > 0)
    }) || map
        .edges()
        .any(|(_, e)| e.value(EDGE_COVER).is_some_and(|v| v > 0))
}

/// Whether any cell is dim or dark (X-SIT-010).
fn has_shade(map: &Map) -> bool {
    use crate::model::terrain::{DARK, DIM};
    map.cells().into_iter().any(|c| {
        map.terrain_at(c)
            .is_some_and(|t| t.contains(DIM) || t.contains(DARK))
    })
}

type Built = Result<Fighter, (String, String)>;

/// A refusal of a sheet: the field (relative to the combatant) and why.
type Refused = (String, String);

/// The weapons carried, with the ones in the main and the off hand.
type Arms = (Vec<Armed>, Option<u8>, Option<u8>);

/// A fighter from its combatant entry and sheet: the sheet in bounds, its
/// weapons in hand, armor and shield, potions and spells from the armory,
/// in that order (the first refusal is the one told).
fn build(c: &Combatant, side: SideId, s: &Sheet, armory: &Armory) -> Built {
    if let Err(e) = bounds::sheet(s) {
        return Err((format!(".{}", e.field), e.message()));
    }
    let (weapons, main, off) = arm(s, armory)?;
    let armor = defense_item(
        ".armor",
        s.armor.as_deref(),
        |n| armory.armor(n).map(|a| (a.defense_bonus, a.magic)),
        "armor",
    )?;
    let shield = defense_item(
        ".shield",
        s.shield.as_deref(),
        |n| armory.shield(n).map(|a| (a.defense_bonus, a.magic)),
        "shield",
    )?;
    if s.shield.is_some() && off.is_some() {
        return Err((".shield".into(), "the shield needs the off hand".into()));
    }
    let potions = potions(s, armory)?;
    let spells = spells(s, armory)?;
    let mut cond = crate::model::state::Conditions::default();
    for &k in &c.conditions {
        cond.set(k, true);
    }
    if c.unaware {
        cond.set(Condition::Surprised, true);
    }
    let stats = Stats {
        size: s.size,
        move_m: s.move_m,
        str: s.abilities.str,
        dex: s.abilities.dex,
        con: s.abilities.con,
        bab: s.bab,
        ecl: s.ecl,
        saves: s.saves,
        skills: s.skills,
        defense_skill: s.defense_skill,
        armor,
        shield,
        magic_defense: s.magic_defense,
        reduction: s.damage_reduction,
        hp_max: s.hp.max,
    };
    Ok(fresh_fighter(
        c,
        side,
        s,
        stats,
        Kit {
            weapons,
            main,
            off,
            potions,
            spells,
            cond,
        },
    ))
}

/// The sheet's weapons from the armory (at most 8), with the main and
/// off hand's (the first weapon in the main hand unless told).
fn arm(s: &Sheet, armory: &Armory) -> Result<Arms, Refused> {
    if s.weapon.len() > 8 {
        return Err((".weapon".into(), "at most 8 weapons".into()));
    }
    let mut weapons = Vec::with_capacity(s.weapon.len());
    let (mut main, mut off) = (None, None);
    for (k, e) in s.weapon.iter().enumerate() {
        if let Err(b) = bounds::weapon_entry(e) {
            return Err((format!(".weapon[{k}].{}", b.field), b.message()));
        }
        let Some(w) = armory.weapon(&e.name) else {
            return Err((
                format!(".weapon[{k}].name"),
                format!("unknown weapon `{}`", e.name),
            ));
        };
        let proficient = s
            .proficient
            .iter()
            .any(|p| p.eq_ignore_ascii_case(&w.group) || p.eq_ignore_ascii_case(&w.name));
        weapons.push(Armed {
            weapon: Arc::new(w.clone()),
            list: e.list_bonus,
            skill: e.skill_bonus,
            magic: e.magic,
            proficient,
        });
        let hand = e
            .hand
            .unwrap_or(if k == 0 { Hand::Main } else { Hand::Sheathed });
        match hand {
            Hand::Main if main.is_none() => main = Some(k as u8),
            Hand::Off if off.is_none() => off = Some(k as u8),
            Hand::Sheathed => {}
            _ => {
                return Err((
                    format!(".weapon[{k}].hand"),
                    "that hand is already full".into(),
                ));
            }
        }
    }
    Ok((weapons, main, off))
}

/// The Defense bonus (with magic) of the armor or shield named, 0 for none.
fn defense_item(
    field: &str,
    name: Option<&str>,
    find: impl Fn(&str) -> Option<(i32, i32)>,
    what: &str,
) -> Result<i32, Refused> {
    match name {
        None => Ok(0),
        Some(n) => match find(n) {
            Some((bonus, magic)) => Ok(bonus + magic),
            None => Err((field.into(), format!("unknown {what} `{n}`"))),
        },
    }
}

/// The sheet's potions from the armory, each where it is carried (at
/// most 255: a potion is named by its index, a `u8`).
fn potions(s: &Sheet, armory: &Armory) -> Result<Vec<Carried>, Refused> {
    if s.potion.len() > usize::from(u8::MAX) {
        return Err((".potion".into(), "at most 255 potions".into()));
    }
    let mut potions = Vec::new();
    for (k, p) in s.potion.iter().enumerate() {
        let Some(d) = armory.potion(&p.name) else {
            return Err((
                format!(".potion[{k}].name"),
                format!("unknown potion `{}`", p.name),
            ));
        };
        potions.push(Carried {
            name: d.name.as_str().into(),
            heal: d.heal,
            at: Some(p.at),
        });
    }
    Ok(potions)
}

/// The sheet's spells from the armory (at most 16), with their uses.
fn spells(s: &Sheet, armory: &Armory) -> Result<Vec<Known>, Refused> {
    let mut spells = Vec::with_capacity(s.spell.len());
    for (k, e) in s.spell.iter().enumerate() {
        let Some(d) = armory.spell(&e.name) else {
            let names: Vec<&str> = armory.spell.iter().map(|x| x.name.as_str()).collect();
            return Err((
                format!(".spell[{k}].name"),
                format!(
                    "unknown spell `{}`: expected one of {}",
                    e.name,
                    names.join(", ")
                ),
            ));
        };
        spells.push(Known {
            spell: Arc::new(d.clone()),
            left: e.uses,
        });
    }
    if spells.len() > 16 {
        return Err((".spell".into(), "at most 16 spells".into()));
    }
    Ok(spells)
}

/// What a fighter carries and its conditions, read from the sheet.
struct Kit {
    /// Weapons.
    weapons: Vec<Armed>,
    /// The weapon in the main hand.
    main: Option<u8>,
    /// The weapon in the off hand.
    off: Option<u8>,
    /// Potions.
    potions: Vec<Carried>,
    /// Spells known.
    spells: Vec<Known>,
    /// Conditions at the start.
    cond: crate::model::state::Conditions,
}

/// A fighter at the start of the fight: full HP, one Reaction and one
/// Immediate, nothing spent yet.
fn fresh_fighter(c: &Combatant, side: SideId, s: &Sheet, stats: Stats, kit: Kit) -> Fighter {
    Fighter {
        name: c.name.as_str().into(),
        side,
        controller: Arc::new(c.controller.clone()),
        tactics: Tactics::of(&c.controller),
        leader: c.leader,
        stats: Arc::new(stats),
        weapons: kit.weapons.into(),
        proficient: s.proficient.clone().into(),
        main: kit.main,
        off: kit.off,
        shield: s.shield.is_some(),
        unloaded: 0,
        potions: kit.potions,
        spells: kit.spells,
        pos: c.position,
        space: s.size.edge(),
        steed: None,
        mounted: false,
        rider: None,
        carried: false,
        facing: (0, 0),
        hp: s.hp.max,
        nonlethal: 0,
        max_hp_loss: 0,
        fatigue: c.fatigue.min(3),
        cond: kit.cond,
        life: Life::Fine,
        grappled_by: None,
        pinned: false,
        reactions: 1,
        immediates: 1,
        bonus_actions: 0,
        extra_reaction: false,
        extra_immediate: false,
        ran: false,
        charged: false,
        prepared: false,
        total_defense: false,
        offhand_defense: false,
        feint: None,
        first_aid_tries: 0,
        acted: false,
        initiative: 0,
        record: Record::default(),
    }
}
