//! Where a figure stands and how: placing it (with the close-combat
//! bookkeeping of the hex it enters), its posture, an Evade, a retreat.
//! None of these sets off a Wait (only the moves of
//! [`crate::resolve::movement`] do), so injury, criticals and defenses
//! place figures through here without depending on movement.

use crate::Flow;
use crate::Gurps;
use crate::model::event::Moved;
use crate::model::state::{Posture, State};
use crate::resolve::say;
use crate::rules::movement::{describe, retreat_hex};
use fray_core::grid::{HexPos, Pose};
use fray_core::{CombatantId, Cx};

/// Sets a posture and says so.
pub fn set_posture(state: &mut State, who: CombatantId, to: Posture, cx: &mut impl Cx<Gurps>) {
    let from = state.fighter(who).posture;
    if from == to {
        return;
    }
    state.fighter_mut(who).posture = to;
    let rule = if matches!((from, to), (Posture::Kneeling, _) | (_, Posture::Kneeling)) {
        "G-CPO-002"
    } else {
        "G-POS-010"
    };
    say(state, who, format_args!("is now {}", to.name()), rule, cx);
}

/// Moves a combatant and records it.
pub fn set_pose(
    state: &mut State,
    mover: CombatantId,
    to: Pose,
    why: &'static str,
    cx: &mut impl Cx<Gurps>,
) {
    set_pose_joining(state, mover, to, None, why, cx);
}

/// [`set_pose`] (or [`set_pose_from`], with `prev`): returns whether the
/// move started a close combat (G-CC-001).
pub(crate) fn set_pose_joining(
    state: &mut State,
    mover: CombatantId,
    to: Pose,
    prev: Option<HexPos>,
    why: &'static str,
    cx: &mut impl Cx<Gurps>,
) -> bool {
    let from = place_told(state, mover, to, prev, why, cx);
    from.pos != to.pos && enter_hex(state, mover, prev.unwrap_or(from.pos), to.pos, cx)
}

/// Places `mover` at `to` (its body trailing into `prev`, or the hex it
/// left) and tells of the move; returns where it stood.
fn place_told(
    state: &mut State,
    mover: CombatantId,
    to: Pose,
    prev: Option<HexPos>,
    why: &'static str,
    cx: &mut impl Cx<Gurps>,
) -> Pose {
    let from = state.fighter(mover).pose;
    let prev = prev.unwrap_or(from.pos);
    state.place(mover, to, trailed_body(state.fighter(mover), to.pos, prev));
    cx.emit(|| {
        Moved {
            who: state.fighter(mover).name.to_string(),
            from: describe(from),
            to: describe(to),
            why,
        }
        .into()
    });
    from
}

/// G-POS-009: a sprawled body that moves to `to` drags its second hex
/// behind it (into the hex it left); otherwise it is placed again afterwards.
fn trailed_body(f: &crate::model::state::Fighter, to: HexPos, left: HexPos) -> Option<HexPos> {
    match f.body {
        Some(_) if to != left => (to.distance(left) == 1).then_some(left),
        body => body,
    }
}

/// [`set_pose`] for a move whose last hex before `to` was `prev` (the side
/// it came in by matters for close combat, G-CC-001).
pub fn set_pose_from(
    state: &mut State,
    mover: CombatantId,
    to: Pose,
    prev: HexPos,
    why: &'static str,
    cx: &mut impl Cx<Gurps>,
) {
    set_pose_joining(state, mover, to, Some(prev), why, cx);
}

/// G-CC-001: leaving a hex gives up its hexsides; coming into a foe's hex
/// starts close combat, and the entrant controls the side it came through
/// and the two beside it. Returns whether the figure is in close combat
/// now.
fn enter_hex(
    state: &mut State,
    mover: CombatantId,
    from: HexPos,
    to: HexPos,
    cx: &mut impl Cx<Gurps>,
) -> bool {
    let joined = crate::rules::movement::in_close_combat(state, mover);
    let f = state.fighter_mut(mover);
    f.close = None;
    if !joined {
        return false;
    }
    let turn = f.turns;
    if let Some(side) = to.direction_to_neighbour(from) {
        f.close = Some(crate::model::state::CloseEntry {
            hex: to,
            sides: [side.turn(-1), side, side.turn(1)],
            turn,
        });
    }
    let name = &*f.name;
    cx.note("G-CC-001", || format!("{name} enters close combat"));
    true
}

/// G-TAC-009: the Evade contest of DX against a foe trying to stop the
/// mover: -5 against a standing foe, -2 kneeling, +5 lying; +2 coming from
/// the foe's side, +5 from behind; -2 in a Move and Attack (G-MAA-005).
/// Returns whether the mover got past (a tie lets it through, decision).
pub fn evade(
    state: &mut State,
    mover: CombatantId,
    foe: CombatantId,
    from: HexPos,
    charging: bool,
    cx: &mut impl Cx<Gurps>,
) -> Flow<bool> {
    use crate::resolve::check::{self, Check};
    let (m, o) = (state.fighter(mover), state.fighter(foe));
    let mut mine = fray_core::ModList::base("DX", m.stats.dx, "");
    let posture = match o.posture {
        Posture::Standing | Posture::Crouching => -5,
        Posture::Kneeling | Posture::Sitting => -2,
        Posture::Crawling | Posture::Lying => 5,
    };
    mine.add("foe's posture", posture, "G-TAC-009");
    let arc = match o.pose.arc_of(from) {
        Some(fray_core::grid::Arc::Side) => 2,
        Some(fray_core::grid::Arc::Back) => 5,
        _ => 0,
    };
    mine.add("from the foe's side or back", arc, "G-TAC-009");
    if charging {
        mine.add("Move and Attack", -2, "G-MAA-005");
    }
    let theirs = fray_core::ModList::base("DX", o.stats.dx, "");
    let a = check::roll(state, cx, Check::new(mover, "evade", "G-TAC-009"), &mine)?;
    let b = check::roll(
        state,
        cx,
        Check::new(foe, "stop the evader", "G-TAC-009"),
        &theirs,
    )?;
    let contest = fray_core::dice::systems::gurps::quick_contest(a.roll, a.level, b.roll, b.level);
    Ok(contest.winner != fray_core::dice::systems::gurps::Winner::B)
}

/// Takes the retreat step (facing unchanged) and remembers it for the turn.
pub fn retreat(
    state: &mut State,
    defender: CombatantId,
    attacker: CombatantId,
    cx: &mut impl Cx<Gurps>,
) {
    let from = state.fighter(attacker).pose.pos;
    let hex = retreat_hex(state, defender, from);
    retreat_to(state, defender, attacker, hex, cx);
}

/// [`retreat`] to `hex`, the step [`retreat_hex`] gives away from the
/// attacker (found already for the defense's options); `None`: no step.
pub(crate) fn retreat_to(
    state: &mut State,
    defender: CombatantId,
    attacker: CombatantId,
    hex: Option<HexPos>,
    cx: &mut impl Cx<Gurps>,
) {
    if let Some(h) = hex {
        // [`set_pose`] without [`enter_hex`]'s search for a foe in the new
        // hex: the step is into a free hex ([`retreat_hex`]: no living
        // figure but the defender there), so it starts no close combat
        // (G-CC-001) and only gives up the hexsides it held. Debug builds
        // check that search.
        let facing = state.fighter(defender).facing();
        let from = place_told(state, defender, Pose::new(h, facing), None, "retreats", cx);
        debug_assert!(
            from.pos == h || !crate::rules::movement::in_close_combat(state, defender),
            "a retreat stepped into a foe's hex"
        );
        let f = state.fighter_mut(defender);
        if from.pos != h {
            f.close = None;
        }
        f.retreated_from = Some(attacker);
        return;
    }
    state.fighter_mut(defender).retreated_from = Some(attacker);
}
