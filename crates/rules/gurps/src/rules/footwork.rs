//! Footwork beyond the plain Move and step: posture changes taken with a
//! step (G-CPO-002, G-POS-010), sprinting (G-MOV-002, G-MOV-003) and the
//! Jump maneuver (G-JMP-001).
//!
//! The pure part: values and checks read from the state, no dice.

use crate::model::action::{Jump, Step};
use crate::model::options::{JumpRule, SprintRule};
use crate::model::state::{Posture, State};
use crate::rules::tables::jump::{basic_broad_jump_feet, jump_hexes};
use fray_core::CombatantId;
use fray_core::Illegal;
use fray_core::grid::{Facing, HexPos, StepKind};
/// Turns of sprinting between HT rolls (G-MOV-003: every 15 seconds).
pub(crate) const SPRINT_ROLL_EVERY: u32 = 15;

/// The posture a step leaves its figure in, or why the change is not
/// allowed: dropping into or rising from a crouch is free (G-POS-010);
/// kneeling or standing up from kneeling is the step itself, so no hex
/// then (G-CPO-002). Other changes need Change Posture.
pub fn step_posture(from: Posture, crippled_legs: bool, step: &Step) -> Result<Posture, Illegal> {
    use Posture::*;
    let Some(to) = step.posture else {
        return Ok(from);
    };
    if crippled_legs && matches!(to, Standing | Crouching) {
        return Err(Illegal::new(
            "G-LOC-010",
            "a crippled leg keeps the figure off its feet",
        ));
    }
    match (from, to) {
        _ if from == to => Err(Illegal::input(format!("already {}", to.name()))),
        (Standing, Crouching) | (Crouching, Standing) => Ok(to),
        (Standing, Kneeling) | (Kneeling, Standing) if step.to.is_none() => Ok(to),
        (Standing, Kneeling) | (Kneeling, Standing) => Err(Illegal::new(
            "G-CPO-002",
            "kneeling or standing up from kneeling is the step: no hex with it",
        )),
        _ => Err(Illegal::new(
            "G-CPO-002, G-POS-010",
            format!(
                "a step changes posture only between standing and crouching or kneeling, not from {} to {}",
                from.name(),
                to.name()
            ),
        )),
    }
}

/// G-LOC-010 decision: a crippled leg or foot keeps a biped off its feet;
/// a body of four or six legs falls when two of four or four of six are
/// lost (Basic B54-55, [`crate::rules::location::legs_fail`]).
pub fn legs_crippled(f: &crate::model::state::Fighter) -> bool {
    crate::rules::location::legs_fail(f)
}

/// A Move as planned, and whether it needs the sprint's extra point.
pub struct MovePlan {
    /// The route.
    pub route: crate::rules::movement::Planned,
    /// It is a sprint (G-MOV-002).
    pub sprint: bool,
}

/// G-MOV-002: the sprint's extra movement points.
pub(crate) fn sprint_bonus(state: &State, who: CombatantId) -> i32 {
    match state.options.sprint {
        SprintRule::Source => 1,
        SprintRule::Basic => (state.fighter(who).current_move() / 5).max(1),
    }
}

/// G-MOV-001 / G-MOV-002 / G-POS-010: plans a Move: rising from a crouch
/// first if asked (free), then the route; a route out of reach may still
/// be a sprint when the figure moved on its last turn too, stands, and the
/// whole route goes forward (no turns, no sidesteps).
pub fn plan_move(
    state: &State,
    mover: CombatantId,
    to: HexPos,
    face: Option<Facing>,
    path: &[HexPos],
    posture: Option<Posture>,
) -> Result<MovePlan, Illegal> {
    let f = state.fighter(mover);
    let risen;
    let state = match posture {
        None => state,
        Some(Posture::Standing) if f.posture == Posture::Crouching => {
            let mut s = state.clone();
            s.fighter_mut(mover).posture = Posture::Standing;
            risen = s;
            &risen
        }
        Some(Posture::Crouching) if f.posture == Posture::Standing => state,
        Some(p) => {
            return Err(Illegal::new(
                "G-POS-010",
                format!(
                    "a Move may only rise from a crouch first or drop into one after, not go {}",
                    p.name()
                ),
            ));
        }
    };
    let plain = crate::rules::movement::plan_route(state, mover, to, face, path);
    let f = state.fighter(mover);
    let plan = match plain {
        Ok(route) => MovePlan {
            route,
            sprint: false,
        },
        Err(why) if f.move_streak > 0 && f.posture == Posture::Standing => {
            let points = f.current_move() + sprint_bonus(state, mover);
            match crate::rules::movement::plan_route_with(state, mover, to, face, path, points) {
                Ok(route) if route.path.steps.iter().all(|s| s.kind == StepKind::Forward) => {
                    MovePlan {
                        route,
                        sprint: true,
                    }
                }
                _ => return Err(why),
            }
        }
        Err(why) => return Err(why),
    };
    if posture == Some(Posture::Crouching) && plan.route.hexes > 1 {
        return Err(Illegal::new(
            "G-POS-010",
            "dropping into a crouch after a Move is free only after at most one hex",
        ));
    }
    Ok(plan)
}

/// G-AOD-003 decision: All-Out Defense (Increased Dodge) may move half Move
/// (rounded up) along `path` instead of a step; option
/// `aod_dodge_half_move = false` allows the step only.
pub fn plan_half_move(
    state: &State,
    mover: CombatantId,
    variant: crate::model::action::DefenseVariant,
    step: Option<&Step>,
    path: &[HexPos],
) -> Result<crate::rules::movement::Planned, Illegal> {
    use crate::model::action::DefenseVariant;
    use crate::model::state::DefenseKind;
    if variant != DefenseVariant::Increased(DefenseKind::Dodge)
        || !state.options.aod_dodge_half_move
    {
        return Err(Illegal::new(
            "G-AOD-003",
            "only All-Out Defense (Increased Dodge) moves half Move",
        ));
    }
    if step.is_some() {
        return Err(Illegal::new("G-AOD-003", "half Move or a step, not both"));
    }
    let Some(&to) = path.last() else {
        return Err(Illegal::input("a half Move needs its path"));
    };
    let half = (state.fighter(mover).current_move() + 1) / 2;
    crate::rules::movement::plan_route_with(state, mover, to, None, path, half)
}

/// A Jump as checked: the hexes run through and the landing.
pub struct JumpPlan {
    /// The run-up, hex by hex.
    pub run: Vec<HexPos>,
    /// Where it lands.
    pub landing: HexPos,
}

/// G-JMP-001: checks a Jump straight ahead: the run-up costs movement as
/// usual, each hex of the jump 1 point whatever lies below (decision), all
/// within Move; the jump spans at most Move/2 or Jumping/4 hexes (x2 after
/// a run-up of at least one hex, x1/2 in combat), over anything but walls
/// and standing figures, onto a free hex.
pub fn plan_jump(state: &State, jumper: CombatantId, j: &Jump) -> Result<JumpPlan, Illegal> {
    let f = state.fighter(jumper);
    if f.posture != Posture::Standing {
        return Err(Illegal::new("G-JMP-001", "only a standing figure jumps"));
    }
    if let Some(why) = crate::rules::movement::held_in_place(state, jumper) {
        return Err(why);
    }
    if j.length == 0 {
        return Err(Illegal::input("a jump covers at least one hex"));
    }
    let skill = f.skill_level(&["Jumping"]);
    let most = match state.options.jump {
        JumpRule::Source => jump_hexes(f.stats.move_, skill, j.run_up > 0),
        // G-EXT-032 decision: the broad jump in whole yards; no running bonus.
        JumpRule::Basic => basic_broad_jump_feet(f.stats.move_, skill) / 3,
    };
    if i32::from(j.length) > most {
        return Err(Illegal::new(
            "G-JMP-001",
            format!(
                "{} jumps at most {most} hex(es) {}",
                f.name,
                if j.run_up > 0 {
                    "with a run-up"
                } else {
                    "standing"
                }
            ),
        ));
    }
    let dir = f.facing();
    let mut at = f.pose.pos;
    let mut run = Vec::new();
    let mut cost = 0u32;
    for _ in 0..j.run_up {
        at = at.neighbour(dir);
        let c = crate::rules::movement::enter_cost(
            state,
            jumper,
            at,
            crate::rules::movement::Through::NoFoes,
        )
        .filter(|_| crate::rules::movement::free(state, jumper, at))
        .ok_or_else(|| Illegal::input(format!("the run-up is blocked at {at}")))?;
        cost += u32::from(c);
        run.push(at);
    }
    for k in 1..=j.length {
        at = at.neighbour(dir);
        let terrain = state
            .map
            .terrain_at(at)
            .ok_or_else(|| Illegal::input(format!("the jump leaves the map at {at}")))?;
        if terrain.contains(crate::model::terrain::WALL) {
            return Err(Illegal::input(format!("a wall stands in the way at {at}")));
        }
        let standing = state.ids().any(|id| {
            let o = state.fighter(id);
            id != jumper && o.pose.pos == at && o.is_conscious() && o.posture == Posture::Standing
        });
        if standing && k < j.length {
            return Err(Illegal::input(format!("someone stands in the way at {at}")));
        }
        cost += 2;
    }
    if !crate::rules::movement::free(state, jumper, at) {
        return Err(Illegal::input(format!(
            "cannot land in {at}: occupied or impassable"
        )));
    }
    let budget = (f.current_move().max(0) as u32) * 2;
    if cost > budget {
        return Err(Illegal::input(format!(
            "the run-up and the jump cost {} movement points; Move is {}",
            cost / 2,
            f.current_move()
        )));
    }
    Ok(JumpPlan { run, landing: at })
}
