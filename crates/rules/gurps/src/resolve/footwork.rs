//! Footwork beyond the plain Move and step: posture changes taken with a
//! step (G-CPO-002, G-POS-010), sprinting (G-MOV-002, G-MOV-003) and the
//! Jump maneuver (G-JMP-001).

use crate::Flow;
use crate::Gurps;
use crate::model::action::Jump;
use crate::model::state::{Posture, State};
use crate::resolve::check::{self, Check, Judged};
use crate::resolve::{effort, movement, say, wait};
use crate::rules::footwork::{SPRINT_ROLL_EVERY, plan_jump, plan_move, sprint_bonus};
use fray_core::grid::{Facing, HexPos, Pose};
use fray_core::{CombatantId, Cx, ModList};

use crate::resolve::position::set_posture;

/// Resolves a checked Move: the free posture changes, the route, and the
/// sprint's bookkeeping with its HT roll every 15 turns (G-MOV-003).
pub fn resolve_move(
    state: &mut State,
    mover: CombatantId,
    (to, face, path, posture): (HexPos, Option<Facing>, &[HexPos], Option<Posture>),
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let plan = plan_move(state, mover, to, face, path, posture)
        .map_err(|e| fray_core::Halt::illegal(mover, e))?;
    if posture == Some(Posture::Standing) {
        set_posture(state, mover, Posture::Standing, cx);
    }
    if plan.sprint {
        let bonus = sprint_bonus(state, mover);
        say(
            state,
            mover,
            format_args!("sprints: +{bonus} movement"),
            "G-MOV-002",
            cx,
        );
    }
    let (_, arrived) = movement::walk_route(state, mover, &plan.route, None, false, cx)?;
    if arrived && posture == Some(Posture::Crouching) {
        set_posture(state, mover, Posture::Crouching, cx);
    }
    let f = state.fighter_mut(mover);
    f.sprint_turns = if plan.sprint { f.sprint_turns + 1 } else { 0 };
    if f.sprint_turns >= SPRINT_ROLL_EVERY {
        f.sprint_turns = 0;
        sprint_roll(state, mover, cx)?;
    }
    Ok(())
}

/// G-MOV-003: HT or Running, whichever is better; a failure costs 1 FP.
fn sprint_roll(state: &mut State, who: CombatantId, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    let f = state.fighter(who);
    let mods = ModList::base(
        "best of HT, Running",
        f.best_skill(&["Running"], f.stats.ht),
        "G-MOV-003",
    );
    let r = check::roll(
        state,
        cx,
        Check::new(who, "keep sprinting", "G-MOV-003").outcome_only(&[]),
        &mods,
    )?;
    if !r.is_success() {
        effort::lose_fp(state, who, 1, cx)?;
        say(state, who, "tires from sprinting: 1 FP", "G-MOV-003", cx);
    }
    Ok(())
}

/// After each maneuver: a Move that went somewhere keeps the streak a
/// sprint needs (G-MOV-002); anything else ends it and the sprint.
///
/// Inlined: two stores after every maneuver.
#[inline]
pub fn after_maneuver(state: &mut State, who: CombatantId, moved_on_a_move: bool) {
    let f = state.fighter_mut(who);
    if moved_on_a_move {
        f.move_streak += 1;
    } else {
        f.move_streak = 0;
        f.sprint_turns = 0;
    }
}

/// Resolves a checked Jump: the run-up hex by hex, then the landing; a
/// foe's Wait may go off on the way (G-WAIT-001).
pub fn resolve_jump(
    state: &mut State,
    jumper: CombatantId,
    j: &Jump,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let plan = plan_jump(state, jumper, j).map_err(|e| fray_core::Halt::illegal(jumper, e))?;
    let facing = state.fighter(jumper).facing();
    let mut trail = vec![state.fighter(jumper).pose.pos];
    for &hex in plan.run.iter().chain(std::iter::once(&plan.landing)) {
        let why = if hex == plan.landing { "jumps" } else { "runs" };
        crate::resolve::position::set_pose(state, jumper, Pose::new(hex, facing), why, cx);
        trail.push(hex);
        state.fighter_mut(jumper).moved = trail.len() as u32 - 1;
        if !wait::on_enter(state, jumper, &trail, cx)? {
            return Ok(());
        }
    }
    state.fighter_mut(jumper).moved = u32::from(j.run_up) + u32::from(j.length);
    Ok(())
}

/// G-POS-009: gives every figure lying or crawling its second hex (asking
/// the faller, or the foe that threw it down, where), and takes it from
/// everyone back on its feet. A figure with no free hex beside it lies
/// cramped in one.
///
/// Inlined: asked after every maneuver, and when every figure is up with
/// no body to take back and no thrower to forget ([`nothing_to_settle`])
/// there is nothing to do: the pass itself is out of line.
#[inline]
pub fn settle_bodies(state: &mut State, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    if state.fighters.iter().all(nothing_to_settle) {
        return Ok(());
    }
    settle_bodies_pass(state, cx)
}

/// Standing (or kneeling, sitting) with no body to take back and no thrower
/// to forget: [`settle_bodies`] passes the figure by without the full test.
#[inline]
fn nothing_to_settle(f: &crate::model::state::Fighter) -> bool {
    f.body.is_none()
        && f.thrown_by.is_none()
        && !matches!(f.posture, Posture::Lying | Posture::Crawling)
}

/// [`settle_bodies`]' pass over every figure.
fn settle_bodies_pass(state: &mut State, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    // By index, not a collected list of ids: the simulator's path
    // allocates nothing here.
    for i in 0..state.ids().count() {
        let id = CombatantId::of_index(i);
        let f = state.fighter(id);
        if nothing_to_settle(f) {
            continue;
        }
        if !f.sprawls() {
            if f.body.is_some() || f.thrown_by.is_some() {
                state.set_body(id, None);
                state.fighter_mut(id).thrown_by = None;
            }
            continue;
        }
        if f.body.is_some_and(|b| b.distance(f.pose.pos) == 1) {
            continue;
        }
        let options: crate::model::action::FallHexes = f
            .pose
            .pos
            .neighbours()
            .into_iter()
            .filter(|&h| crate::rules::movement::free(state, id, h))
            .collect();
        if options.is_empty() {
            state.set_body(id, None);
            continue;
        }
        let chooser = f
            .thrown_by
            .filter(|&c| state.fighter(c).is_conscious())
            .unwrap_or(id);
        let q = || crate::model::action::Question::Fall {
            chooser,
            faller: id,
            options,
        };
        let hex = match cx.ask(state, q)? {
            crate::model::action::Answer::Fall { hex } => hex,
            _ => continue,
        };
        state.set_body(id, Some(hex));
        state.fighter_mut(id).thrown_by = None;
        say(
            state,
            id,
            format_args!("lies across {hex} too"),
            "G-POS-009",
            cx,
        );
    }
    Ok(())
}
