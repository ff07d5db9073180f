//! The HP loss and its effects: crippling (M-CKS-001..003, M-PAT-005),
//! critical-hit effects (M-CRT-003/004), death (M-PEN-003/004), brain hits
//! and knockout (M-CKS-005, M-EFF-002), stun (M-EFF-001), knockback
//! (M-EFF-003).

use crate::model::location::{DamageType, Limb, Location};
use crate::model::options::DeathRepeat;
use crate::model::state::{AodKind, Life, Posture, State, Stun};
use crate::resolve::check::roll_plain;
use crate::rules::damage::{knocks_out, stuns};
use crate::rules::tables::CritHit;
use crate::{Flow, Margin};
use fray_core::{CombatantId, Cx};

/// One wound to apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wound {
    /// Who takes it.
    pub target: CombatantId,
    /// Who dealt it (none for a self-inflicted blow).
    pub attacker: Option<CombatantId>,
    /// HP lost (after the crippling cap).
    pub loss: i32,
    /// Where.
    pub location: Location,
    /// Damage type.
    pub kind: DamageType,
    /// The limb it crippled.
    pub crippled: Option<Limb>,
    /// The critical hit result, if any.
    pub critical: Option<CritHit>,
}

fn note(
    state: &State,
    cx: &mut impl Cx<Margin>,
    who: CombatantId,
    what: &'static str,
    rule: &'static str,
) {
    cx.note(rule, || format!("{} {what}", state.fighter(who).name));
}

/// Applies a wound and rolls what it calls for.
pub fn apply(state: &mut State, w: Wound, cx: &mut impl Cx<Margin>) -> Flow<()> {
    let t = w.target;
    {
        let f = state.fighter_mut(t);
        f.hp -= w.loss;
        f.record.taken += w.loss;
    }
    if let Some(a) = w.attacker
        && a != t
    {
        state.fighter_mut(a).record.dealt += w.loss;
    }
    if let Some(limb) = w.crippled {
        cripple(state, t, limb, None, cx);
    }
    critical_effects(state, &w, cx);
    // M-CKS-003: 2 HP at the eyes blinds one.
    if matches!(w.location, Location::Eyes | Location::EyesThroughHelm) && w.loss >= 2 {
        let f = state.fighter_mut(t);
        f.blind_eyes = (f.blind_eyes + 1).min(2);
        note(state, cx, t, "loses an eye", "M-CKS-003");
    }
    if death(state, t, cx)? {
        return Ok(());
    }
    if state.fighter(t).awake() {
        conscious_effects(state, &w, cx)?;
    }
    // M-EFF-003: the push comes from the blow itself, so a blow that
    // knocks its target out knocks it back too.
    if w.kind == DamageType::Cr
        && w.loss > 0
        && let Some(a) = w.attacker
        && state.fighter(t).life != Life::Dead
    {
        knockback(state, a, t, w.loss, cx)?;
    }
    Ok(())
}

/// What a wound does to a figure still awake after the death checks: the
/// brain hit's and the head blow's knockout rolls (M-CKS-005, M-EFF-002),
/// then, still awake, the stun check (M-EFF-001, M-CRT-005).
fn conscious_effects(state: &mut State, w: &Wound, cx: &mut impl Cx<Margin>) -> Flow<()> {
    let t = w.target;
    cx.checkpoint(
        state,
        &(
            "after death checks",
            w.target,
            w.attacker,
            w.loss,
            w.location,
            w.kind,
            w.critical.is_some(),
        ),
    )?;
    let ht = state.fighter(t).stats.ht;
    // M-CKS-005: a brain hit: HT or be knocked out, stunned anyway.
    if w.location == Location::Brain && w.loss > 0 {
        cx.note("M-CKS-005", || {
            "a brain hit: HT or be knocked out, and stunned anyway".into()
        });
        knockout_roll(state, t, "M-CKS-005", cx)?;
        stun(state, t, Stun::NextTurn, cx);
    } else if knocks_out(w.loss, ht, w.location) {
        // M-EFF-002: a head blow of HT/2.
        cx.note("M-EFF-002", || {
            format!(
                "a head blow of {} HP, at least HT/2 ({ht}/2): HT or be knocked out",
                w.loss
            )
        });
        knockout_roll(state, t, "M-EFF-002", cx)?;
    }
    if !state.fighter(t).awake() {
        return Ok(());
    }
    cx.checkpoint(
        state,
        &(
            "after knockout",
            w.target,
            w.attacker,
            w.loss,
            w.location,
            w.kind,
            w.critical.is_some(),
        ),
    )?;
    // M-EFF-001: the stun check (M-CRT-005: every critical hit calls for it).
    if (w.loss > 0 && stuns(w.loss, ht, w.location)) || w.critical.is_some() {
        cx.note("M-EFF-001", || {
            if w.loss > 0 && stuns(w.loss, ht, w.location) {
                if 2 * w.loss > ht {
                    format!(
                        "a wound of {} HP, more than HT/2 ({ht}/2): Will or be stunned",
                        w.loss
                    )
                } else {
                    format!(
                        "a head blow of {} HP, more than HT/3 ({ht}/3): Will or be stunned",
                        w.loss
                    )
                }
            } else {
                "a critical hit: Will or be stunned [M-CRT-005]".into()
            }
        });
        let will = state.fighter(t).stats.will;
        let c = roll_plain(state, cx, t, "Will against stun", "M-EFF-001", "Will", will)?;
        if !c.outcome.is_success() {
            stun(state, t, Stun::NextTurn, cx);
        }
    }
    cx.checkpoint(state, &("after stun", w.target, w.attacker, w.loss, w.kind))?;
    Ok(())
}

/// Stuns `t` (stuns do not stack; a stun until a Will roll outlasts one for a turn).
pub fn stun(state: &mut State, t: CombatantId, kind: Stun, cx: &mut impl Cx<Margin>) {
    let f = state.fighter_mut(t);
    if f.stun == Some(Stun::UntilWill) {
        return;
    }
    if f.stun.is_none() {
        f.record.stuns += 1;
    }
    f.stun = Some(kind);
    f.guard.stun_held = false;
    let what = match kind {
        Stun::NextTurn => "is stunned: -4 to every roll until the end of its next turn",
        Stun::UntilWill => {
            "is stunned: -4 to every roll until a Will roll at the start of a turn succeeds"
        }
    };
    note(state, cx, t, what, "M-EFF-001");
}

/// M-CKS-001/002, M-PAT-005: a crippled arm or hand drops what it holds
/// (the weapon arm: its weapons; the shield arm: the shield is of no use);
/// a crippled leg or foot puts the figure on the ground. `until`: a
/// temporary crippling from the critical table (M-CRT-004) or a strained
/// shoulder (M-CRT-002).
pub fn cripple(
    state: &mut State,
    t: CombatantId,
    limb: Limb,
    until: Option<u32>,
    cx: &mut impl Cx<Margin>,
) {
    let f = state.fighter_mut(t);
    if f.is_crippled(limb) {
        return;
    }
    f.crippled |= limb.bit();
    f.record.crippled += 1;
    if let Some(end) = until
        && let Some(slot) = f.crippled_until.iter_mut().find(|s| s.is_none())
    {
        *slot = Some((limb, end));
    }
    match limb {
        Limb::WeaponArm | Limb::WeaponHand => {
            for w in f.weapons.iter_mut().filter(|w| w.ready) {
                w.ready = false;
            }
        }
        Limb::NearLeg | Limb::FarLeg | Limb::NearFoot | Limb::FarFoot => {
            f.posture = Posture::Lying;
        }
        _ => {}
    }
    cx.note(
        if limb.extremity() {
            "M-CKS-002"
        } else {
            "M-CKS-001"
        },
        || format!("{}'s {} is crippled", state.fighter(t).name, limb.name()),
    );
}

/// M-CRT-003/004: what the Critical Hit table does besides damage.
fn critical_effects(state: &mut State, w: &Wound, cx: &mut impl Cx<Margin>) {
    let Some(c) = w.critical else { return };
    let t = w.target;
    let round = state.round;
    match c {
        CritHit::TorsoKnockout if w.location == Location::Torso => {
            let f = state.fighter_mut(t);
            if f.life == Life::Conscious {
                f.life = Life::Unconscious;
                f.record.knockouts += 1;
            }
            note(state, cx, t, "is knocked unconscious", "M-CRT-003");
        }
        CritHit::Stun => stun(state, t, Stun::UntilWill, cx),
        CritHit::LimbNormal | CritHit::LimbDouble => {
            if let Some(limb) = w.location.limb()
                && w.crippled.is_none()
            {
                cripple(state, t, limb, Some(round + 6), cx);
            }
        }
        CritHit::DropDouble => {
            // It falls at the foe's feet, to be picked up (M-MEL-012).
            let f = state.fighter_mut(t);
            let at = f.pos;
            if let Some(h) = f.weapons.iter_mut().find(|h| h.ready && !h.lost) {
                h.lost = true;
                h.ready = false;
                h.ground = Some(at);
                let name = h.weapon.name.clone();
                cx.note("M-CRT-004", || {
                    format!("{} drops the {name} at {at}", state.fighter(t).name)
                });
            }
        }
        _ => {}
    }
}

/// M-PEN-004: destroyed at −5 × HT; M-PEN-003: an HT roll on reaching −HT
/// and again at each further 5 HP (or each multiple of HT). True if dead.
pub fn death(state: &mut State, t: CombatantId, cx: &mut impl Cx<Margin>) -> Flow<bool> {
    let (hp, ht) = (state.fighter(t).hp, state.fighter(t).stats.ht);
    if state.fighter(t).life == Life::Dead {
        return Ok(true);
    }
    if hp <= -5 * ht {
        state.fighter_mut(t).life = Life::Dead;
        note(state, cx, t, "is destroyed", "M-PEN-004");
        return Ok(true);
    }
    loop {
        let k = i32::from(state.fighter(t).death_checks);
        let threshold = match state.options.death_check_repeat {
            DeathRepeat::Every5Any => -ht - 5 * k,
            DeathRepeat::PerMultipleOfHt => -ht * (k + 1),
        };
        if hp > threshold {
            return Ok(false);
        }
        // What follows depends on the state alone: merge the paths here.
        cx.checkpoint(state, &("death check", t))?;
        state.fighter_mut(t).death_checks += 1;
        cx.note("M-PEN-003", || {
            format!(
                "{} is at {hp} HP, at or below {threshold}: HT or die",
                state.fighter(t).name
            )
        });
        let c = roll_plain(state, cx, t, "HT against death", "M-PEN-003", "HT", ht)?;
        if !c.outcome.is_success() {
            state.fighter_mut(t).life = Life::Dead;
            note(state, cx, t, "dies", "M-PEN-003");
            return Ok(true);
        }
    }
}

fn knockout_roll(
    state: &mut State,
    t: CombatantId,
    rule: &'static str,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let ht = state.fighter(t).stats.ht;
    let c = roll_plain(state, cx, t, "HT against knockout", rule, "HT", ht)?;
    if !c.outcome.is_success() {
        let f = state.fighter_mut(t);
        f.life = Life::Unconscious;
        f.record.knockouts += 1;
        note(state, cx, t, "is knocked out", rule);
    }
    Ok(())
}

/// M-EFF-003: a crushing blow pushes the target 6 in per HP lost, straight
/// away from the attacker (1 hex per full 36 in); a braced target (Brace
/// for Impact, M-AOD-004) takes 12 in off per ST success. Moved at least
/// one hex, it rolls DX − 3 (DX if braced) or falls. A blocked hex stops
/// the push.
fn knockback(
    state: &mut State,
    a: CombatantId,
    t: CombatantId,
    loss: i32,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let braced = state.fighter(t).guard.aod == Some(AodKind::Brace);
    let mut inches = 6 * loss;
    if braced {
        let st = state.fighter(t).stats.st;
        let c = roll_plain(state, cx, t, "ST to brace", "M-AOD-004", "ST", st)?;
        if c.outcome.is_success() {
            inches -= 12 * c.successes();
        }
    }
    let hexes = inches.max(0) / 36;
    if hexes < 1 {
        return Ok(());
    }
    let (from, to) = (state.fighter(a).pos, state.fighter(t).pos);
    let Some(dir) = from.facing_toward(to) else {
        return Ok(());
    };
    let mut pos = to;
    for _ in 0..hexes {
        let next = pos.neighbour(dir);
        if !state.map.passable(next) || state.map.blocks_step(pos, next) || state.at(next).is_some()
        {
            break;
        }
        pos = next;
    }
    if pos == to {
        return Ok(());
    }
    state.place(t, pos);
    note(state, cx, t, "is knocked back", "M-EFF-003");
    if !state.fighter(t).awake() {
        // Out cold, it lies where it lands: no DX roll.
        state.fighter_mut(t).posture = Posture::Lying;
        return Ok(());
    }
    let dx = state.fighter(t).stats.dx;
    let target = if braced { dx } else { dx - 3 };
    let c = roll_plain(
        state,
        cx,
        t,
        "DX to stay standing",
        "M-EFF-003",
        "DX",
        target,
    )?;
    if !c.outcome.is_success() {
        state.fighter_mut(t).posture = Posture::Lying;
        note(state, cx, t, "falls down", "M-EFF-003");
    }
    Ok(())
}
