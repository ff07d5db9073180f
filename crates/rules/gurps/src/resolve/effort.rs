//! Extra effort paid in fatigue (G-EFF), and what losing FP does (G-FAT).

use crate::Flow;
use crate::Gurps;
use crate::model::state::{Life, State};
use crate::resolve::check::{self, Check, Judged};
use crate::resolve::injury;
use fray_core::{CombatantId, Cx, ModList};

/// The limb strained by a critical failure on an extra-effort roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limb {
    /// Attack, Parry or Block.
    Arm,
    /// Dodge or kick.
    Leg,
}

/// Pays `fp` FP for extra effort (G-EFF-001..006) and records it.
pub fn spend(
    state: &mut State,
    who: CombatantId,
    fp: i32,
    what: &'static str,
    rule: &'static str,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    cx.note(rule, || {
        format!("{} pays {fp} FP for {what}", state.fighter(who).name)
    });
    lose_fp(state, who, fp, cx)
}

/// Takes `n` FP away: below 0 FP each FP lost costs 1 HP as well
/// (G-FAT-003), and at -1xFP the figure falls unconscious (G-FAT-004).
pub fn lose_fp(state: &mut State, who: CombatantId, n: i32, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    let mut hp_lost = 0;
    let f = state.fighter_mut(who);
    for _ in 0..n.max(0) {
        if f.fp <= 0 {
            hp_lost += 1;
        }
        f.fp -= 1;
    }
    if hp_lost > 0 {
        f.hp -= hp_lost;
        f.injury_since_turn += hp_lost;
        f.record.taken += hp_lost;
        let (name, hp) = (&*f.name, f.hp);
        cx.condition("G-FAT-003", name, || {
            format!("loses {hp_lost} HP from fatigue below 0 FP (HP {hp})")
        });
        injury::death_checks(state, who, cx)?;
    }
    let f = state.fighter_mut(who);
    if f.fp <= -f.stats.fp && f.life == Life::Conscious {
        f.life = Life::Unconscious;
        let name = &*f.name;
        cx.condition("G-FAT-004", name, || {
            "collapses unconscious at -1xFP".into()
        });
    }
    Ok(())
}

/// G-EFF-006 decision (Basic B357): a critical failure on a roll made with
/// extra effort costs 1 HP of injury to the arm or leg used, ignoring DR.
pub fn strained(
    state: &mut State,
    who: CombatantId,
    limb: Limb,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let f = state.fighter_mut(who);
    f.hp -= 1;
    f.injury_since_turn += 1;
    f.record.taken += 1;
    let name = &*f.name;
    let part = match limb {
        Limb::Arm => "arm",
        Limb::Leg => "leg",
    };
    cx.condition("G-EFF-006", name, || {
        format!("strains the {part} on a critical failure with extra effort: 1 HP")
    });
    injury::death_checks(state, who, cx)
}

/// G-FAT-002: at 0 FP or less, a Will roll before any maneuver but Do
/// Nothing; on a failure the figure collapses, out of the fight until its
/// FP is above 0. Returns whether it stays up.
pub fn will_to_go_on(state: &mut State, who: CombatantId, cx: &mut impl Cx<Gurps>) -> Flow<bool> {
    let f = state.fighter(who);
    if f.fp > 0 {
        return Ok(true);
    }
    let mods = ModList::base("Will", f.stats.will, "");
    let r = check::roll(
        state,
        cx,
        Check::new(who, "stay on your feet at 0 FP", "G-FAT-002").outcome_only(&[]),
        &mods,
    )?;
    if r.is_success() {
        return Ok(true);
    }
    let f = state.fighter_mut(who);
    f.life = Life::Unconscious;
    let name = &*f.name;
    cx.condition("G-FAT-002", name, || "collapses from fatigue".into());
    Ok(false)
}
