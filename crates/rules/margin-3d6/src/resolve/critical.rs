//! The Critical Miss table's effects (M-CRT-001/002), for an attack's or a
//! parry's critical failure (M-DEF-004), each told in words with what it
//! does to this weapon (a solid-metal weapon does not break, a self-hit
//! shows its damage).

use crate::model::action::Strike;
use crate::model::location::{DamageType, Limb, Location};
use crate::model::state::{Posture, State};
use crate::resolve::check::table_roll;
use crate::resolve::injury::{self, Wound};
use crate::rules::armor::dr_at;
use crate::rules::damage::{basic, wound};
use crate::rules::tables::{CritMiss, crit_miss};
use crate::{Flow, Margin};
use fray_core::grid::{Facing, HexPos};
use fray_core::{CombatantId, Cx};

/// The weapon a critical miss names: its index and whether it is ranged,
/// solid metal, fragile, and its name.
struct Named {
    index: u8,
    ranged: bool,
    solid_metal: bool,
    fragile: bool,
}

/// Rolls the Critical Miss table for `who`: for its attack `strike`, or for
/// the parrying weapon `parry`.
pub fn miss(
    state: &mut State,
    who: CombatantId,
    strike: Option<Strike>,
    parry: Option<u8>,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let r = table_roll(state, cx, Some(who), 3, "critical miss", "M-CRT-001")?;
    let index = strike.map_or(parry, |s| s.unarmed.is_none().then_some(s.weapon));
    let weapon = index.and_then(|i| {
        state
            .fighter(who)
            .weapons
            .get(usize::from(i))
            .map(|h| Named {
                index: i,
                ranged: h.weapon.ranged(),
                solid_metal: h.weapon.solid_metal,
                fragile: h.weapon.fragile,
            })
    });
    let rule = if r <= 8 || r == 12 || r == 13 || r >= 17 {
        "M-CRT-001"
    } else {
        "M-CRT-002"
    };
    let at = Fumble { who, roll: r, rule };
    match (crit_miss(r), weapon) {
        (CritMiss::HitSelfHalf, w) => {
            self_hit(state, &at, strike, w.is_some_and(|w| w.ranged), 2, cx)
        }
        (CritMiss::HitSelfQuarter, w) => {
            self_hit(state, &at, strike, w.is_some_and(|w| w.ranged), 4, cx)
        }
        (
            result @ (CritMiss::Breaks | CritMiss::Turns | CritMiss::Drops | CritMiss::Flies),
            Some(w),
        ) => weapon_fumble(state, &at, result, &w, cx),
        // M-CRT-002 decision: results that name the weapon are a loss of
        // balance unarmed.
        (CritMiss::Breaks | CritMiss::Turns | CritMiss::Drops | CritMiss::Flies, None) => {
            state.fighter_mut(who).guard.off_balance = true;
            at.say(
                state,
                cx,
                "loses its balance (an unarmed strike has no weapon to lose): -2 to defend until its next turn"
                    .into(),
            );
            Ok(())
        }
        (result, w) => {
            body_fumble(state, &at, result, w.is_some_and(|w| w.ranged), cx);
            Ok(())
        }
    }
}

/// Who fumbled, the table's roll and its row's rule.
struct Fumble {
    who: CombatantId,
    roll: i32,
    rule: &'static str,
}

impl Fumble {
    fn say(&self, state: &State, cx: &mut impl Cx<Margin>, text: String) {
        say(state, cx, self.who, self.roll, text, self.rule);
    }
}

/// M-CRT-001/002, the rows that name the weapon: 3-4 and 17-18 it breaks
/// (not a solid-metal one), 8 or 12 it turns in the hand, 9-11 it drops,
/// 14 it flies (a missile weapon drops).
fn weapon_fumble(
    state: &mut State,
    at: &Fumble,
    result: CritMiss,
    w: &Named,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let who = at.who;
    let name = weapon_name(state, who, w.index);
    match result {
        CritMiss::Breaks if w.solid_metal => at.say(
            state,
            cx,
            format!("the {name} would break, but it is solid metal: no effect"),
        ),
        CritMiss::Breaks => {
            lose(state, who, w.index, None);
            at.say(state, cx, format!("the {name} breaks"));
        }
        CritMiss::Turns => {
            if let Some(h) = state.fighter_mut(who).weapons.get_mut(usize::from(w.index)) {
                h.ready = false;
            }
            at.say(
                state,
                cx,
                format!(
                    "the {name} turns in the hand: a round of Ready Weapon before it is used again"
                ),
            );
        }
        // M-CRT-002, 14: a missile weapon is only dropped.
        CritMiss::Flies if !w.ranged => flies(state, at, w, cx)?,
        _ => dropped(state, at, w, cx)?,
    }
    Ok(())
}

/// M-CRT-001/002, the rows about the wielder: 7 or 13 it loses its
/// balance, 15 a strained shoulder (the weapon arm crippled for 600
/// rounds), 16 a melee fighter falls and a shooter loses its balance.
fn body_fumble(
    state: &mut State,
    at: &Fumble,
    result: CritMiss,
    ranged: bool,
    cx: &mut impl Cx<Margin>,
) {
    let who = at.who;
    match result {
        CritMiss::Shoulder => {
            at.say(
                state,
                cx,
                "strains its shoulder: the weapon arm counts as crippled for 30 minutes (600 rounds)"
                    .into(),
            );
            let until = state.round + 600;
            injury::cripple(state, who, Limb::WeaponArm, Some(until), cx);
        }
        CritMiss::Falls if !ranged => {
            state.fighter_mut(who).posture = Posture::Lying;
            at.say(state, cx, "falls down".into());
        }
        _ => {
            state.fighter_mut(who).guard.off_balance = true;
            let why = if result == CritMiss::Falls {
                " (a missile weapon)"
            } else {
                ""
            };
            at.say(
                state,
                cx,
                format!("loses its balance{why}: -2 to defend until its next turn"),
            );
        }
    }
}

/// One line for the result: "Aldric critical miss (3d6 = 10): drops ...".
fn say(
    state: &State,
    cx: &mut impl Cx<Margin>,
    who: CombatantId,
    roll: i32,
    text: String,
    rule: &'static str,
) {
    cx.note(rule, || {
        format!("{} critical miss ({roll}): {text}", state.fighter(who).name)
    });
}

fn weapon_name(state: &State, who: CombatantId, i: u8) -> String {
    state
        .fighter(who)
        .weapons
        .get(usize::from(i))
        .map_or_else(String::new, |h| h.weapon.name.clone())
}

/// M-CRT-001 (5, 6): the attacker's own full damage for its attack mode,
/// ½ or ¼ (rounded down), to its own torso through its own DR; nothing for
/// an impaling or ranged attack, a bite, or a parry (no blow of its own).
fn self_hit(
    state: &mut State,
    at: &Fumble,
    strike: Option<Strike>,
    ranged: bool,
    part: i32,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let who = at.who;
    let share = if part == 2 { "½" } else { "¼" };
    let Some(s) = strike else {
        at.say(
            state,
            cx,
            format!("would hit itself for {share} damage, but a parry has no blow: no effect"),
        );
        return Ok(());
    };
    let f = state.fighter(who);
    let b = basic(f, &s, 0, &state.options);
    if b.kind == DamageType::Imp || ranged || b.bite {
        let why = if ranged {
            "a missile"
        } else if b.bite {
            "a bite"
        } else {
            "an impaling attack"
        };
        at.say(
            state,
            cx,
            format!("would hit itself for {share} damage, but {why} does not: no effect"),
        );
        return Ok(());
    }
    let d = b.full / part;
    let dr = dr_at(f, Location::Torso, b.kind, &state.options);
    let loss = wound(d - dr, b.kind, Location::Torso, &state.options);
    let kind = b.kind;
    let full = b.full;
    at.say(
        state,
        cx,
        format!(
            "hits itself for {share} damage: {full} {} × {share} = {d}, DR {dr} at the torso: {}",
            kind.name(),
            crate::model::words::wound_words(
                d - dr,
                crate::rules::damage::factor(kind, Location::Torso, 3),
                loss
            )
        ),
    );
    injury::apply(
        state,
        Wound {
            target: who,
            attacker: None,
            loss,
            location: Location::Torso,
            kind,
            crippled: None,
            critical: None,
        },
        cx,
    )
}

/// M-CRT-002 (9-11): the weapon falls at the wielder's feet; a fragile one
/// breaks on 1d 1-3. Dropped whole, it can be picked up (M-MEL-012).
fn dropped(state: &mut State, at: &Fumble, w: &Named, cx: &mut impl Cx<Margin>) -> Flow<()> {
    let who = at.who;
    let name = weapon_name(state, who, w.index);
    let here = state.fighter(who).pos;
    if w.fragile {
        let d = table_roll(
            state,
            cx,
            Some(who),
            1,
            "fragile weapon breaks",
            "M-CRT-002",
        )?;
        if d <= 3 {
            lose(state, who, w.index, None);
            at.say(
                state,
                cx,
                format!("drops the {name}, which breaks (1d {d}: 1-3 breaks a fragile weapon)"),
            );
            return Ok(());
        }
    }
    lose(state, who, w.index, Some(here));
    at.say(
        state,
        cx,
        format!("drops the {name} at {here}: Ready Weapon picks it up"),
    );
    Ok(())
}

/// M-CRT-002 (14): the weapon flies 1d hexes (1 hex = 1 yard) in the
/// direction of a 1d roll (1 north, then clockwise), stopping before a
/// wall, a blocking hexside or the map's edge; it can be picked up where
/// it lands (M-MEL-012).
fn flies(state: &mut State, at: &Fumble, w: &Named, cx: &mut impl Cx<Margin>) -> Flow<()> {
    let who = at.who;
    let far = table_roll(state, cx, Some(who), 1, "yards it flies", "M-CRT-002")?;
    let side = table_roll(state, cx, Some(who), 1, "direction it flies", "M-CRT-002")?;
    let dir = Facing::ALL[(side.clamp(1, 6) - 1) as usize];
    let mut land: HexPos = state.fighter(who).pos;
    for _ in 0..far {
        let next = land.neighbour(dir);
        if !state.map.passable(next) || state.map.blocks_step(land, next) {
            break;
        }
        land = next;
    }
    let name = weapon_name(state, who, w.index);
    lose(state, who, w.index, Some(land));
    at.say(
        state,
        cx,
        format!(
            "the {name} flies {} {}: it lands at {land}",
            crate::model::words::count(far, "yard", "yards"),
            dir.name()
        ),
    );
    Ok(())
}

/// The weapon leaves the hand: lying at `ground`, or gone (`None`).
fn lose(state: &mut State, who: CombatantId, i: u8, ground: Option<HexPos>) {
    if let Some(h) = state.fighter_mut(who).weapons.get_mut(usize::from(i)) {
        h.lost = true;
        h.ready = false;
        h.ground = ground;
    }
}
