//! Building the starting state from a scenario (DQ-11-001..004, DQ-00-001,
//! DQ-00-004, DQ-00-015): templates and sheets from the bundled data,
//! positions and headings, surprise.

use crate::model::data::{Armory, Sheet};
use crate::model::scenario::{Combatant, Scenario, heading};
use crate::model::state::{
    Applied, Figure, Held, Hold, Life, POISON_PULSES, Record, Sequence, State, Stats, Status,
};
use crate::rules::values;
use arrayvec::ArrayVec;
use fray_core::grid::MapKind;
use fray_core::overrides::arrival::{self, Arrival};
use fray_core::{CombatantId, Expect, SetupError, SideId};
use std::sync::Arc;

/// Builds the starting state; errors name the entry.
pub fn setup(s: &Scenario, armory: &'static Armory) -> Result<State, SetupError> {
    let cast = fray_core::envelope::check(
        s,
        Expect::of::<crate::DragonQuest>(MapKind::Hex, &crate::ai::TACTICS),
    )?;
    crate::model::bounds::options(&s.options).map_err(|e| e.at("options."))?;
    if cast.sides.len() != 2 {
        return Err(SetupError::new(
            "combatants",
            "a DragonQuest fight has exactly two sides (DQ-12-003, decision)",
        ));
    }
    let surprise = match &s.surprise {
        None => None,
        Some(name) => match cast.sides.iter().position(|n| n == name) {
            Some(k) => Some(SideId(k as u8)),
            None => {
                return Err(SetupError::new(
                    "surprise",
                    format!("no side `{name}`; the sides are {}", cast.sides.join(", ")),
                ));
            }
        },
    };
    let mut figures = Vec::with_capacity(s.combatants.len());
    for (i, c) in s.combatants.iter().enumerate() {
        let at = |field: &str| format!("combatants[{i}].{field}");
        let sheet = match (&c.template, &c.sheet) {
            (None, None) => {
                return Err(SetupError::new(
                    at("name"),
                    "needs a `template` or a `sheet`",
                ));
            }
            (Some(id), None) => armory.creature(id).ok_or_else(|| {
                let known: Vec<&str> = armory.creatures.iter().map(|c| c.id.as_str()).collect();
                SetupError::new(
                    at("template"),
                    format!("no template `{id}`; bundled: {}", known.join(", ")),
                )
            })?,
            // A template adjusted by the scenario: the sheet is already
            // the template's with the written fields laid over it.
            (_, Some(sheet)) => sheet,
        };
        let prefix = if c.sheet.is_none() {
            "template"
        } else {
            "sheet"
        };
        let fig = build(c, cast.side_of[i], sheet, armory)
            .map_err(SetupError::under(format!("combatants[{i}].{prefix}.")))?;
        figures.push(fig);
    }
    let mut state = State {
        name: s.name.as_str().into(),
        sides: cast.sides.into(),
        seats: Arc::new(cast.seats),
        figures,
        map: Arc::new(s.map.map().clone()),
        options: Arc::new(s.options.clone()),
        stamp: fray_core::memo::Stamp::new(),
        pulse: 0,
        max_pulses: s.max_rounds,
        surprise,
        free_pulse: false,
        seq: Sequence::default(),
        aftermath_done: false,
        armory: Some(armory),
        occupancy: Default::default(),
    };
    link_riders(&mut state, s)?;
    state.reindex();
    if let Some(side) = surprise {
        for f in &mut state.figures {
            f.status.surprised = f.side != side;
        }
    }
    check_distance(&state, s)?;
    Ok(state)
}

/// DQ-23 (decision): each rider named by a `mount` key starts in the
/// saddle of a 2-hex mount of its side that no one else rides, standing
/// next to it in the scenario. Errors name the entry.
fn link_riders(state: &mut State, s: &Scenario) -> Result<(), SetupError> {
    for (i, c) in s.combatants.iter().enumerate() {
        let Some(name) = &c.mount else { continue };
        let at = format!("combatants[{i}].mount");
        let Some(m) = s.combatants.iter().position(|o| &o.name == name) else {
            return Err(SetupError::new(at, format!("no combatant named `{name}`")));
        };
        let (rid, mid) = (CombatantId::of_index(i), CombatantId::of_index(m));
        let (r, mf) = (state.fig(rid), state.fig(mid));
        let problem = if m == i {
            Some("a figure cannot ride itself".to_string())
        } else if !mf.is_mount {
            Some(format!(
                "{name} is not a mount (its template has no `mount = true`)"
            ))
        } else if mf.is_single() {
            Some(format!("{name} fills one hex; a mount fills 2 (DQ-00-015)"))
        } else if mf.side != r.side {
            Some(format!("{name} is on the other side"))
        } else if mf.rider.is_some() {
            Some(format!("{name} already has a rider"))
        } else if !r.is_single() || r.is_mount {
            Some("only a 1-hex figure rides".to_string())
        } else if mf.distance(r) != 1 {
            Some(format!(
                "the rider's `position` must be an empty hex next to {name} (it starts in the saddle)"
            ))
        } else {
            None
        };
        if let Some(why) = problem {
            return Err(SetupError::new(at, why));
        }
        let (pos, heading) = (mf.pos, mf.heading);
        state.fig_mut(mid).rider = Some(rid);
        let r = state.fig_mut(rid);
        r.steed = Some(mid);
        r.aboard = true;
        r.pos = pos;
        r.heading = heading;
    }
    Ok(())
}

/// DQ-11-002, DQ-11-003 (decision `start_distance_check = error`): the
/// sides start at least 8 hexes apart without surprise, at most 8 with it.
/// The default `warn` leaves the warning to `rules::zones`' readers.
fn check_distance(state: &State, s: &Scenario) -> Result<(), SetupError> {
    if state.options.start_distance_check != crate::model::options::DistanceCheck::Error {
        return Ok(());
    }
    match start_distance_problem(state) {
        Some(why) => Err(SetupError::new("combatants", why)),
        None => {
            let _ = s;
            Ok(())
        }
    }
}

/// DQ-11-002, DQ-11-003: what is wrong with the start distance, if
/// anything, with the rule it breaks in brackets.
pub fn start_distance_problem(state: &State) -> Option<String> {
    crate::rules::zones::start_distance(state).map(|(why, rule)| format!("{why} ({rule})"))
}

type FieldError = (String, String);

fn build(
    c: &Combatant,
    side: SideId,
    sheet: &Sheet,
    armory: &'static Armory,
) -> Result<Figure, FieldError> {
    crate::model::bounds::sheet(sheet).map_err(|e| (e.field.clone(), e.message()))?;
    let mut weapons = ArrayVec::new();
    for (k, w) in sheet.weapons.iter().enumerate() {
        let weapon = armory.weapon(&w.id).ok_or_else(|| {
            (
                format!("weapons[{k}].id"),
                format!("no weapon `{}` in data/dragonquest/weapons.toml", w.id),
            )
        })?;
        // DQ-20-004: only class A and B weapons take poison.
        let poison = match &w.poison {
            None => None,
            Some(pid) => {
                let p = armory.poison(pid).ok_or_else(|| {
                    (
                        format!("weapons[{k}].poison"),
                        format!("no poison `{pid}` in data/dragonquest/poisons.toml"),
                    )
                })?;
                if !weapon.poisonable() {
                    return Err((
                        format!("weapons[{k}].poison"),
                        format!(
                            "{} cannot be poisoned: only class A and B weapons can (DQ-20-004)",
                            weapon.name
                        ),
                    ));
                }
                Some(Applied {
                    poison: p,
                    expires: POISON_PULSES,
                })
            }
        };
        weapons
            .try_push(Held {
                weapon,
                rank: w.rank,
                hold: Hold::Stowed,
                at: None,
                loaded: true,
                reloading: 0,
                poison,
            })
            .map_err(|_| ("weapons".to_string(), "at most 4 weapons".to_string()))?;
    }
    let armor = match &sheet.armor {
        None => None,
        Some(id) => Some(
            armory
                .armor(id)
                .ok_or_else(|| ("armor".to_string(), format!("no armor `{id}`")))?,
        ),
    };
    let shield = match &sheet.shield {
        None => None,
        Some(id) => Some(
            armory
                .shield(id)
                .ok_or_else(|| ("shield".to_string(), format!("no shield `{id}`")))?,
        ),
    };
    let mut f = Figure {
        name: c.name.as_str().into(),
        side,
        controller: Arc::new(c.controller.clone()),
        leader: c.leader,
        stats: Stats {
            ps: sheet.ps,
            md: sheet.md,
            ag: sheet.ag,
            ma: sheet.ma,
            en: sheet.en,
            ft: sheet.ft,
            wp: sheet.wp,
            pc: sheet.pc,
        },
        en: sheet.en,
        ft: sheet.ft,
        tmr: 0,
        shape: sheet.shape,
        pos: c.position,
        heading: heading(c, sheet.shape),
        size: sheet.size,
        monster: sheet.monster,
        main: if weapons.is_empty() { None } else { Some(0) },
        off: (sheet.two_weapons && weapons.len() >= 2).then_some(1),
        weapons,
        armor,
        armor_damage: 0,
        natural_armor: sheet.natural_armor,
        shield,
        shield_ready: shield.is_some(),
        shield_rank: sheet.shield_rank,
        unarmed_rank: sheet.unarmed,
        military_scientist: sheet.military_scientist,
        horsemanship: sheet.horsemanship,
        is_mount: sheet.mount,
        steed: None,
        aboard: false,
        rider: None,
        assassin: sheet.assassin.is_some(),
        resistance: sheet.passive_resistance.unwrap_or(sheet.wp),
        life: Life::Conscious,
        status: Status::default(),
        record: Record::default(),
    };
    // DQ-00-004: TMR from modAG unless the sheet gives it.
    f.tmr = values::base_tmr(&f, sheet.tmr);
    Ok(f)
}

/// A late arrival a game master adds mid-fight (issue 15): the figure a
/// scenario entry `{ name, side, template, position }` would make from the
/// same data as setup, with the controller of its side's first figure (a
/// player's reinforcement is the player's), facing the nearest figure of
/// another side (a multi-hex figure: the corner clockwise of that side,
/// DQ-22-001).
pub fn newcomer(
    state: &State,
    a: &Arrival<fray_core::grid::HexPos>,
) -> Result<Figure, fray_core::Refusal> {
    let (armory, found) = fray_core::data::newcomer_template(state.armory, a.template)?;
    let figures = || state.figures.iter();
    let controller = arrival::side_controller(figures().map(|f| (f.side, &*f.controller)), a.side);
    let mut c = Combatant::from_template(
        a.name,
        &state.sides[a.side.index()],
        a.template,
        a.at,
        controller,
    );
    c.facing = arrival::facing_nearest_foe(a.at, figures().map(|f| (f.side, f.pos)), a.side);
    arrival::built(build(&c, a.side, found.sheet, armory), a.template, "")
}
