//! The Critical Miss table's effects (M-CRT-001/002), for an attack's or a
//! parry's critical failure (M-DEF-004), each told in words with what it
//! does to this weapon (a solid-metal weapon does not break, a self-hit
//! shows its damage).

use crate::model::action::Strike;
use crate::model::event::Event;
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
    let mut result = crit_miss(r);
    let index = strike.map_or(parry, |s| {
        if s.unarmed.is_some() {
            None
        } else {
            Some(s.weapon)
        }
    });
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
    let ranged = weapon.as_ref().is_some_and(|w| w.ranged);
    // M-CRT-002 decision: results that name the weapon are a loss of balance unarmed.
    let unarmed = weapon.is_none()
        && matches!(
            result,
            CritMiss::Breaks | CritMiss::Turns | CritMiss::Drops | CritMiss::Flies
        );
    if unarmed {
        result = CritMiss::LoseBalance;
    }
    let rule = if r <= 8 || r == 12 || r == 13 || r >= 17 {
        "M-CRT-001"
    } else {
        "M-CRT-002"
    };
    let say = |state: &State, cx: &mut _, text: String| say(state, cx, who, r, text, rule);
    let round = state.round;
    match result {
        CritMiss::Breaks => match weapon {
            Some(w) if !w.solid_metal => {
                lose(state, who, w.index, None);
                let text = format!("the {} breaks", weapon_name(state, who, w.index));
                say(state, cx, text);
            }
            Some(w) => {
                let text = format!(
                    "the {} would break, but it is solid metal: no effect",
                    weapon_name(state, who, w.index)
                );
                say(state, cx, text);
            }
            None => {}
        },
        CritMiss::HitSelfHalf | CritMiss::HitSelfQuarter => {
            let part = if result == CritMiss::HitSelfHalf {
                2
            } else {
                4
            };
            self_hit(state, who, strike, ranged, part, r, rule, cx)?;
        }
        CritMiss::LoseBalance => {
            state.fighter_mut(who).guard.off_balance = true;
            let why = if unarmed {
                " (an unarmed strike has no weapon to lose)"
            } else {
                ""
            };
            say(
                state,
                cx,
                format!("loses its balance{why}: -2 to defend until its next turn"),
            );
        }
        CritMiss::Turns => {
            if let Some(w) = &weapon
                && let Some(h) = state.fighter_mut(who).weapons.get_mut(usize::from(w.index))
            {
                h.ready = false;
            }
            if let Some(w) = weapon {
                let text = format!(
                    "the {} turns in the hand: a round of Ready Weapon before it is used again",
                    weapon_name(state, who, w.index)
                );
                say(state, cx, text);
            }
        }
        CritMiss::Drops => {
            if let Some(w) = weapon {
                dropped(state, who, &w, r, rule, cx)?;
            }
        }
        CritMiss::Flies => {
            if let Some(w) = weapon {
                if w.ranged {
                    // M-CRT-002, 14: a missile weapon is only dropped.
                    dropped(state, who, &w, r, rule, cx)?;
                } else {
                    flies(state, who, &w, r, rule, cx)?;
                }
            }
        }
        CritMiss::Shoulder => {
            say(
                state,
                cx,
                "strains its shoulder: the weapon arm counts as crippled for 30 minutes (600 rounds)"
                    .into(),
            );
            injury::cripple(state, who, Limb::WeaponArm, Some(round + 600), cx);
        }
        CritMiss::Falls => {
            if ranged {
                state.fighter_mut(who).guard.off_balance = true;
                say(
                    state,
                    cx,
                    "loses its balance (a missile weapon): -2 to defend until its next turn".into(),
                );
            } else {
                state.fighter_mut(who).posture = Posture::Lying;
                say(state, cx, "falls down".into());
            }
        }
    }
    Ok(())
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
    cx.emit(|| Event::Note {
        text: format!("{} critical miss ({roll}): {text}", state.fighter(who).name),
        rule,
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
#[allow(clippy::too_many_arguments)]
fn self_hit(
    state: &mut State,
    who: CombatantId,
    strike: Option<Strike>,
    ranged: bool,
    part: i32,
    roll: i32,
    rule: &'static str,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let share = if part == 2 { "½" } else { "¼" };
    let Some(s) = strike else {
        say(
            state,
            cx,
            who,
            roll,
            format!("would hit itself for {share} damage, but a parry has no blow: no effect"),
            rule,
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
        say(
            state,
            cx,
            who,
            roll,
            format!("would hit itself for {share} damage, but {why} does not: no effect"),
            rule,
        );
        return Ok(());
    }
    let d = b.full / part;
    let dr = dr_at(f, Location::Torso, b.kind, &state.options);
    let loss = wound(d - dr, b.kind, Location::Torso, &state.options);
    let kind = b.kind;
    let full = b.full;
    say(
        state,
        cx,
        who,
        roll,
        format!(
            "hits itself for {share} damage: {full} {} × {share} = {d}, DR {dr} at the torso: {}",
            kind.name(),
            crate::model::words::wound_words(
                d - dr,
                crate::rules::damage::factor(kind, Location::Torso, 3),
                loss
            )
        ),
        rule,
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
fn dropped(
    state: &mut State,
    who: CombatantId,
    w: &Named,
    roll: i32,
    rule: &'static str,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let name = weapon_name(state, who, w.index);
    let at = state.fighter(who).pos;
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
            say(
                state,
                cx,
                who,
                roll,
                format!("drops the {name}, which breaks (1d {d}: 1-3 breaks a fragile weapon)"),
                rule,
            );
            return Ok(());
        }
    }
    lose(state, who, w.index, Some(at));
    say(
        state,
        cx,
        who,
        roll,
        format!("drops the {name} at {at}: Ready Weapon picks it up"),
        rule,
    );
    Ok(())
}

/// M-CRT-002 (14): the weapon flies 1d hexes (1 hex = 1 yard) in the
/// direction of a 1d roll (1 north, then clockwise), stopping before a
/// wall, a blocking hexside or the map's edge; it can be picked up where
/// it lands (M-MEL-012).
fn flies(
    state: &mut State,
    who: CombatantId,
    w: &Named,
    roll: i32,
    rule: &'static str,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let far = table_roll(state, cx, Some(who), 1, "yards it flies", "M-CRT-002")?;
    let side = table_roll(state, cx, Some(who), 1, "direction it flies", "M-CRT-002")?;
    let dir = Facing::ALL[(side.clamp(1, 6) - 1) as usize];
    let mut at: HexPos = state.fighter(who).pos;
    for _ in 0..far {
        let next = at.neighbour(dir);
        if !state.map.passable(next) || state.map.blocks_step(at, next) {
            break;
        }
        at = next;
    }
    let name = weapon_name(state, who, w.index);
    lose(state, who, w.index, Some(at));
    say(
        state,
        cx,
        who,
        roll,
        format!(
            "the {name} flies {} {}: it lands at {at}",
            crate::model::words::count(far, "yard", "yards"),
            dir.name()
        ),
        rule,
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
