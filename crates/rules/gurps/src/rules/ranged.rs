//! Ranged attacks (checklist section 9): range and the target's speed,
//! Aim, the line of fire (walls, cover, figures in the way, stray shots),
//! half damage, and what a shot spends.
//!
//! The pure part: values and checks read from the state, no dice.

use crate::model::action::Strike;
use crate::model::location::Location;
use crate::model::state::{Life, Posture, State};
use crate::model::terrain;
use crate::rules::how::How;
use crate::rules::tables;
use fray_core::grid::HexPos;
use fray_core::{CombatantId, Mods};
/// 1/2D and Max of a ranged mode for its user, in yards (G-DMG-002).
pub fn ranges(state: &State, attacker: CombatantId, wi: usize, mi: usize) -> Option<(u32, u32)> {
    let a = state.fighter(attacker);
    let range = a.weapons.get(wi)?.mode(mi)?.range.as_ref()?;
    let st = a.stats.st;
    Some((range.half.yards(st).ok()?, range.max.yards(st).ok()?))
}

/// The hexes strictly between two hexes on the line of fire.
pub(crate) fn between(from: HexPos, to: HexPos) -> impl Iterator<Item = HexPos> {
    let line = from.line_to(to);
    let n = line.len();
    line.into_iter().skip(1).take(n.saturating_sub(2))
}

/// Whether a wall stands between two hexes: no line of fire (decision).
pub fn blocked(state: &State, from: HexPos, to: HexPos) -> bool {
    between(from, to).any(|h| {
        state
            .map
            .terrain_at(h)
            .is_none_or(|t| t.contains(terrain::WALL))
    })
}

/// G-RNG-007 decision: conscious or not, every figure standing strictly
/// between shooter and target, nearest first.
pub fn in_the_way(
    state: &State,
    from: HexPos,
    to: HexPos,
    except: &[CombatantId],
) -> Vec<CombatantId> {
    let mut out = Vec::new();
    // Nobody else on the field: no line to trace.
    if state
        .ids()
        .all(|id| except.contains(&id) || state.fighter(id).life == Life::Dead)
    {
        return out;
    }
    for h in between(from, to) {
        out.extend(
            state
                .at(h)
                .filter(|&id| state.fighter(id).life != Life::Dead && !except.contains(&id)),
        );
    }
    out
}

/// G-ATK-027 decision: obstruction hexes between shooter and target give
/// the target partial cover: -2 for one, -4 for two or more. An
/// obstruction right next to the shooter is the shooter's own cover, not
/// the target's ([`behind_cover`]).
pub fn cover(state: &State, from: HexPos, to: HexPos) -> i32 {
    let n = between(from, to)
        .filter(|&h| h.distance(from) > 1 && obstruction(state, h))
        .count();
    match n {
        0 => 0,
        1 => -2,
        _ => -4,
    }
}

pub(crate) fn obstruction(state: &State, h: HexPos) -> bool {
    state
        .map
        .terrain_at(h)
        .is_some_and(|t| t.contains(terrain::OBSTRUCTION))
}

/// G-ATK-027 decision: a shooter whose line of fire leaves through an
/// obstruction next to it shoots from behind cover (-2).
pub fn behind_cover(state: &State, from: HexPos, to: HexPos) -> bool {
    between(from, to).any(|h| h.distance(from) == 1 && obstruction(state, h))
}

/// G-POS-001 decision and G-POS-008: a ranged attack on a lying target is
/// at -2 wherever it is aimed; on a crouching, kneeling, sitting or
/// crawling one, at -2 on the torso, groin or legs (a random location counts as the torso).
pub(crate) fn posture_penalty(posture: Posture, location: Option<Location>) -> (i32, &'static str) {
    use Location::*;
    match posture {
        Posture::Standing => (0, "G-POS-001"),
        Posture::Lying => (-2, "G-POS-008"),
        _ => match location.unwrap_or(Torso) {
            Torso | Groin => (-2, "G-POS-001"),
            l if l.is_leg() || l.is_foot() => (-2, "G-POS-001"),
            _ => (0, "G-POS-001"),
        },
    }
}

/// G-ATK-025: the modifiers a ranged strike adds to skill: range and
/// speed (G-RNG-001/002), Aim (G-AIM-001/002), target SM, target posture,
/// figures in the way, cover, height, and Move and Attack (G-MAA-003).
pub fn mods<M: Mods>(
    state: &State,
    attacker: CombatantId,
    strike: &Strike,
    how: How,
    mods: &mut M,
) {
    let a = state.fighter(attacker);
    let t = state.fighter(strike.target);
    let (from, to) = (a.pose.pos, t.pose.pos);
    // G-RNG-002 decision: one lookup of range plus the hexes the target moved on its last turn.
    let yards = from.distance(to) + t.moved;
    let rule = if t.moved > 0 {
        "G-RNG-002"
    } else {
        "G-RNG-001"
    };
    mods.add("range and speed", tables::speed_range_penalty(yards), rule);
    let w = &a.weapons[usize::from(strike.weapon)];
    let mode = &w.weapon.modes[usize::from(strike.mode)];
    if how.move_and_attack.is_none()
        && let Some(aim) = a.aim
        && (aim.target, aim.weapon, aim.mode) == (strike.target, strike.weapon, strike.mode)
    {
        mods.add("Aim", aim.bonus(mode.acc.unwrap_or(0)), "G-AIM-001");
    }
    mods.add("target size", t.stats.sm, "G-ATK-025");
    let (pen, rule) = posture_penalty(t.posture, strike.location.location());
    mods.add("target's posture", pen, rule);
    let others = in_the_way(state, from, to, &[attacker, strike.target]).len() as i32;
    mods.add("figures in the way", -4 * others, "G-RNG-007");
    mods.add("cover", cover(state, from, to), "G-ATK-027");
    if behind_cover(state, from, to) {
        mods.add("shooting from behind cover", -2, "G-ATK-027");
    }
    let height = state.map.level_at(from) - state.map.level_at(to);
    mods.add("shooting from above or below", height.signum(), "G-ATK-027");
    // G-RNG-004 / G-CC-003: a shot from close combat is at minus Bulk.
    if state.in_close_combat(attacker) {
        mods.add(
            "shooting in close combat",
            mode.bulk.unwrap_or(0).min(0),
            "G-RNG-004",
        );
    }
    if how.move_and_attack.is_some() {
        // G-MAA-003: -2 or the Bulk, whichever is worse; no Aim.
        mods.add(
            "Move and Attack",
            mode.bulk.unwrap_or(0).min(-2),
            "G-MAA-003",
        );
    }
}

/// G-RNG-007 decision: who a missed shot may hit instead: figures between
/// shooter and target or next to the target, nearest the shooter first.
pub fn stray_candidates(
    state: &State,
    attacker: CombatantId,
    target: CombatantId,
) -> Vec<CombatantId> {
    let from = state.fighter(attacker).pose.pos;
    let to = state.fighter(target).pose.pos;
    let mut out = in_the_way(state, from, to, &[attacker, target]);
    let mut beside: Vec<CombatantId> = state
        .ids()
        .filter(|&id| {
            let f = state.fighter(id);
            id != attacker
                && id != target
                && f.life != Life::Dead
                && f.pose.pos.distance(to) == 1
                && !out.contains(&id)
        })
        .collect();
    beside.sort_by_key(|&id| (state.fighter(id).pose.pos.distance(from), id));
    out.extend(beside);
    out
}

/// The most a stray shot may roll against (G-RNG-007, G-DICE-004).
pub const STRAY_CAP: i32 = 9;
