//! The dispatch of one maneuver: announce it, carry it out, wrap up the
//! turn (M-FLO-001: whatever it does to the figure's defenses lasts until
//! its next turn).

use crate::model::action::{Action, AllOut, Strike};
use crate::model::data::RateClass;
use crate::model::event::Event;
use crate::model::state::{AodKind, ShieldState, State, Stun};
use crate::resolve::attack::{Blow, attack};
use crate::resolve::check;
use crate::rules::attack::{HitCtx, held};
use crate::{Flow, Margin};
use fray_core::dice::systems::margin3d6::{Winner, contest};
use fray_core::grid::HexPos;
use fray_core::{CombatantId, Cx, ModList};

/// Resolves a checked maneuver.
pub fn resolve(
    state: &mut State,
    who: CombatantId,
    action: &Action,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    cx.emit(|| Event::Declared {
        who: state.fighter(who).name.to_string(),
        what: crate::model::words::action(state, who, action),
    });
    let aiming = matches!(action, Action::Aim { .. });
    carry_out(state, who, action, cx)?;
    wrap_up(state, who, action, aiming);
    Ok(())
}

fn carry_out(
    state: &mut State,
    who: CombatantId,
    action: &Action,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    match action {
        Action::DoNothing => {}
        Action::Move { to, face } => {
            step(state, who, *to, None);
            if let Some(fc) = face {
                state.fighter_mut(who).facing = *fc;
            }
        }
        Action::Attack(s) => {
            let from = step(
                state,
                who,
                s.to.unwrap_or(state.fighter(who).pos),
                Some(s.target),
            );
            let shots = shots(state, who, s, false);
            for shot in 0..shots {
                strike(
                    state,
                    who,
                    s,
                    from,
                    HitCtx {
                        shot,
                        ..HitCtx::default()
                    },
                    0,
                    cx,
                )?;
            }
        }
        Action::AllOutAttack { strike: s, bonus } => {
            // M-MEL-002: no active defense until its next turn.
            state.fighter_mut(who).guard.no_active = true;
            let from = step(
                state,
                who,
                s.to.unwrap_or(state.fighter(who).pos),
                Some(s.target),
            );
            let ctx = HitCtx {
                all_out_skill: *bonus == AllOut::Skill,
                ..HitCtx::default()
            };
            let dmg = if *bonus == AllOut::Damage { 2 } else { 0 };
            strike(state, who, s, from, ctx, dmg, cx)?;
        }
        Action::RapidAttack(s) => {
            // M-MIS-003, M-ROA-006: no active defense until its next turn.
            state.fighter_mut(who).guard.no_active = true;
            let from = step(
                state,
                who,
                s.to.unwrap_or(state.fighter(who).pos),
                Some(s.target),
            );
            // M-ROA-006: the crossbow's reload is folded into the round.
            if let Some(h) = state
                .fighter_mut(who)
                .weapons
                .get_mut(usize::from(s.weapon))
            {
                h.loaded = true;
            }
            let shots = shots(state, who, s, true);
            for shot in 0..shots {
                let ctx = HitCtx {
                    shot,
                    rapid: true,
                    ..HitCtx::default()
                };
                strike(state, who, s, from, ctx, 0, cx)?;
            }
        }
        Action::Feint { target, weapon } => feint(state, who, *target, *weapon, cx)?,
        Action::AllOutDefense { kind, foe } => {
            let g = &mut state.fighter_mut(who).guard;
            g.aod = Some(*kind);
            if *kind == AodKind::SingleFoe {
                g.single_foe = *foe;
                g.single_bonus = true;
            }
        }
        Action::Retreat => state.fighter_mut(who).guard.retreat = true,
        Action::Aim { target, .. } => {
            let f = state.fighter_mut(who);
            f.aim = match f.aim {
                Some((t, n)) if t == *target => Some((t, n.saturating_add(1))),
                _ => Some((*target, 1)),
            };
        }
        Action::Reload { weapon } => {
            if let Some(h) = state.fighter_mut(who).weapons.get_mut(usize::from(*weapon)) {
                h.reload_left = h.reload_left.saturating_sub(1);
                if h.reload_left == 0 {
                    h.loaded = true;
                }
            }
        }
        Action::ReadyWeapon { weapon } => {
            if let Some(h) = state.fighter_mut(who).weapons.get_mut(usize::from(*weapon)) {
                h.ready = true;
            }
        }
        Action::ReadyShield => {
            if let Some(s) = state.fighter_mut(who).shield.as_mut() {
                match s.state {
                    // M-DEF-007: one round frees a tangled shield.
                    ShieldState::Tangled => s.state = ShieldState::Ready,
                    // M-MEL-013: PD rounds from the back or the ground.
                    ShieldState::Back | ShieldState::Ground => {
                        s.readying += 1;
                        if i32::from(s.readying) >= s.shield.pd {
                            s.state = ShieldState::Ready;
                            s.readying = 0;
                        }
                    }
                    _ => {}
                }
            }
        }
        Action::ChangePosture { to } => state.fighter_mut(who).posture = *to,
    }
    Ok(())
}

/// M-ROA-005: light missiles fire twice a round at skill ≥ SS, three times
/// with Ranged Rapid Attack; M-MIS-002: other missiles twice with it;
/// crossbows once (M-ROA-006); everything else once.
fn shots(state: &State, who: CombatantId, s: &Strike, rapid: bool) -> u8 {
    let f = state.fighter(who);
    let Some(h) = held(f, s) else { return 1 };
    if !h.weapon.ranged() {
        return 1;
    }
    let fast = h.weapon.snap_shot.is_none_or(|ss| h.skill >= ss);
    let n: u8 = match (h.weapon.rate_class, rapid) {
        (RateClass::Crossbow, _) => 1,
        (RateClass::LightMissile, false) if fast => 2,
        (RateClass::LightMissile, true) => 3,
        (RateClass::Normal, true) => 2,
        _ => 1,
    };
    let ammo = h.ammo.map_or(u16::from(n), |a| a.min(u16::from(n)));
    (ammo as u8).max(1)
}

/// One strike, if the target is still up.
fn strike(
    state: &mut State,
    who: CombatantId,
    s: &Strike,
    from: HexPos,
    ctx: HitCtx,
    bonus: i32,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let f = state.fighter(who);
    if !f.awake() || !state.fighter(s.target).awake() {
        return Ok(());
    }
    if let Some(h) = held(f, s)
        && (h.lost || !h.ready || h.ammo == Some(0))
    {
        return Ok(());
    }
    attack(
        state,
        Blow {
            attacker: who,
            strike: *s,
            ctx,
            bonus,
        },
        from,
        cx,
    )
}

/// Moves to `to` (checked) and, with a target, turns to face it (the free
/// facing change, M-FLO-006). Returns the hex it attacks from.
fn step(state: &mut State, who: CombatantId, to: HexPos, face: Option<CombatantId>) -> HexPos {
    let f = state.fighter_mut(who);
    f.pos = to;
    if let Some(t) = face {
        let tp = state.fighter(t).pos;
        let f = state.fighter_mut(who);
        if let Some(dir) = f.pos.facing_toward(tp) {
            f.facing = dir;
        }
    }
    to
}

/// M-MEL-006/007, M-FLO-005: a contest of the feinter's weapon skill
/// against the target's best defensive skill; the winner's successes come
/// off the target's defense rolls against the feinter until the end of the
/// feinter's next turn. A critical failure gives the target +1 instead.
fn feint(
    state: &mut State,
    who: CombatantId,
    target: CombatantId,
    weapon: u8,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let skill = state
        .fighter(who)
        .weapons
        .get(usize::from(weapon))
        .map_or(0, |h| h.skill);
    let t = state.fighter(target);
    let best = t
        .weapons
        .iter()
        .filter(|h| !h.weapon.ranged() && !h.lost)
        .map(|h| h.skill)
        .chain(t.skills.shield)
        .chain(t.skills.brawling)
        .chain(t.skills.boxing)
        .max()
        .unwrap_or(t.stats.dx);
    let a = check::roll(
        state,
        cx,
        who,
        "feint",
        "M-MEL-006",
        &ModList::base("weapon skill", skill, ""),
    )?;
    let b = check::roll(
        state,
        cx,
        target,
        "resist feint",
        "M-MEL-006",
        &ModList::base("best defensive skill", best, ""),
    )?;
    let c = contest(a, b);
    let until = state.round + 1;
    let penalty = if a.outcome == fray_core::dice::systems::margin3d6::Outcome::CriticalFailure {
        -1
    } else if c.winner == Winner::A {
        c.successes
    } else {
        0
    };
    if penalty != 0 {
        state.fighter_mut(target).feinted = Some((who, penalty, until));
        cx.emit(|| Event::Note {
            text: format!("feint: {} to the defense against it", -penalty),
            rule: "M-MEL-006",
        });
    }
    Ok(())
}

/// The end of the turn: a stun from before it ends (M-EFF-001), aim is
/// kept only by Aim (M-MIS-008), running is remembered (M-AOD-006), and
/// fighting costs fatigue by encumbrance (M-PEN-005).
fn wrap_up(state: &mut State, who: CombatantId, action: &Action, aiming: bool) {
    let fatigue = state.options.fatigue;
    let f = state.fighter_mut(who);
    if f.guard.stun_held && f.stun == Some(Stun::NextTurn) {
        f.stun = None;
    }
    if !aiming {
        f.aim = None;
    }
    f.ran = matches!(action, Action::Move { .. });
    if fatigue && f.stats.enc > 0 {
        f.fatigue = (f.fatigue - f.stats.enc).max(0);
    }
}
