//! Footwork beyond the plain Move and step: posture changes taken with a
//! step (G-CPO-002, G-POS-010), sprinting (G-MOV-002, G-MOV-003) and the
//! Jump maneuver (G-JMP-001).

use crate::Gurps;
use crate::action::{Jump, Step};
use crate::check::{self, Check, Judged};
use crate::event::Event;
use crate::options::{JumpRule, SprintRule};
use crate::resolve::{effort, movement, say, wait};
use crate::state::{Posture, State};
use crate::tables::jump::{basic_broad_jump_feet, jump_hexes};
use fray_core::engine::Interrupt;
use fray_core::grid::{Facing, HexPos, Pose, StepKind};
use fray_core::{CombatantId, Ctx, EventSink, ModList, Oracle};

/// Turns of sprinting between HT rolls (G-MOV-003: every 15 seconds).
const SPRINT_ROLL_EVERY: u32 = 15;

/// The posture a step leaves its figure in, or why the change is not
/// allowed: dropping into or rising from a crouch is free (G-POS-010);
/// kneeling or standing up from kneeling is the step itself, so no hex
/// then (G-CPO-002). Other changes need Change Posture.
pub fn step_posture(from: Posture, crippled_legs: bool, step: &Step) -> Result<Posture, String> {
    use Posture::*;
    let Some(to) = step.posture else {
        return Ok(from);
    };
    if crippled_legs && matches!(to, Standing | Crouching) {
        return Err("a crippled leg keeps the figure off its feet (G-LOC-010)".into());
    }
    match (from, to) {
        _ if from == to => Err(format!("already {}", to.name())),
        (Standing, Crouching) | (Crouching, Standing) => Ok(to),
        (Standing, Kneeling) | (Kneeling, Standing) if step.to.is_none() => Ok(to),
        (Standing, Kneeling) | (Kneeling, Standing) => Err(
            "kneeling or standing up from kneeling is the step: no hex with it (G-CPO-002)".into(),
        ),
        _ => Err(format!(
            "a step changes posture only between standing and crouching or kneeling, not from {} to {} (G-CPO-002, G-POS-010)",
            from.name(),
            to.name()
        )),
    }
}

/// G-LOC-010 decision: a crippled leg or foot keeps the figure off its feet.
pub fn legs_crippled(f: &crate::state::Fighter) -> bool {
    use crate::location::Location::*;
    f.crippled
        .iter()
        .any(|l| matches!(l, RightLeg | LeftLeg | RightFoot | LeftFoot))
}

/// Sets a posture and says so.
pub fn set_posture<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    who: CombatantId,
    to: Posture,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) {
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
    say(state, who, format!("is now {}", to.name()), rule, ctx);
}

/// A Move as planned, and whether it needs the sprint's extra point.
pub struct MovePlan {
    /// The route.
    pub route: movement::Planned,
    /// It is a sprint (G-MOV-002).
    pub sprint: bool,
}

/// G-MOV-002: the sprint's extra movement points.
fn sprint_bonus(state: &State, who: CombatantId) -> i32 {
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
) -> Result<MovePlan, String> {
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
            return Err(format!(
                "a Move may only rise from a crouch first or drop into one after, not go {} (G-POS-010)",
                p.name()
            ));
        }
    };
    let plain = movement::plan_route(state, mover, to, face, path);
    let f = state.fighter(mover);
    let plan = match plain {
        Ok(route) => MovePlan {
            route,
            sprint: false,
        },
        Err(why) if f.move_streak > 0 && f.posture == Posture::Standing => {
            let points = f.current_move() + sprint_bonus(state, mover);
            match movement::plan_route_with(state, mover, to, face, path, points) {
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
        return Err(
            "dropping into a crouch after a Move is free only after at most one hex (G-POS-010)"
                .into(),
        );
    }
    Ok(plan)
}

/// Resolves a checked Move: the free posture changes, the route, and the
/// sprint's bookkeeping with its HT roll every 15 turns (G-MOV-003).
pub fn resolve_move<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    mover: CombatantId,
    (to, face, path, posture): (HexPos, Option<Facing>, &[HexPos], Option<Posture>),
    ctx: &mut Ctx<'_, Gurps, O, S>,
) -> Result<(), Interrupt<Gurps>> {
    let plan = plan_move(state, mover, to, face, path, posture)
        .map_err(|e| Interrupt::Illegal(mover, fray_core::Illegal(e)))?;
    if posture == Some(Posture::Standing) {
        set_posture(state, mover, Posture::Standing, ctx);
    }
    if plan.sprint {
        let bonus = sprint_bonus(state, mover);
        say(
            state,
            mover,
            format!("sprints: +{bonus} movement"),
            "G-MOV-002",
            ctx,
        );
    }
    let (_, arrived) = movement::walk_route(state, mover, &plan.route, None, false, ctx)?;
    if arrived && posture == Some(Posture::Crouching) {
        set_posture(state, mover, Posture::Crouching, ctx);
    }
    let f = state.fighter_mut(mover);
    f.sprint_turns = if plan.sprint { f.sprint_turns + 1 } else { 0 };
    if f.sprint_turns >= SPRINT_ROLL_EVERY {
        f.sprint_turns = 0;
        sprint_roll(state, mover, ctx)?;
    }
    Ok(())
}

/// G-MOV-003: HT or Running, whichever is better; a failure costs 1 FP.
fn sprint_roll<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    who: CombatantId,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) -> Result<(), Interrupt<Gurps>> {
    let f = state.fighter(who);
    let mods = ModList::base(
        "best of HT, Running",
        f.best_skill(&["Running"], f.stats.ht),
        "G-MOV-003",
    );
    let r = check::roll(
        state,
        ctx,
        Check::new(who, "keep sprinting", "G-MOV-003"),
        &mods,
    )?;
    if !r.is_success() {
        effort::lose_fp(state, who, 1, ctx)?;
        say(
            state,
            who,
            "tires from sprinting: 1 FP".into(),
            "G-MOV-003",
            ctx,
        );
    }
    Ok(())
}

/// After each maneuver: a Move that went somewhere keeps the streak a
/// sprint needs (G-MOV-002); anything else ends it and the sprint.
pub fn after_maneuver(state: &mut State, who: CombatantId, moved_on_a_move: bool) {
    let f = state.fighter_mut(who);
    if moved_on_a_move {
        f.move_streak += 1;
    } else {
        f.move_streak = 0;
        f.sprint_turns = 0;
    }
}

/// G-AOD-003 decision: All-Out Defense (Increased Dodge) may move half Move
/// (rounded up) along `path` instead of a step; option
/// `aod_dodge_half_move = false` allows the step only.
pub fn plan_half_move(
    state: &State,
    mover: CombatantId,
    variant: crate::action::DefenseVariant,
    step: Option<&Step>,
    path: &[HexPos],
) -> Result<movement::Planned, String> {
    use crate::action::DefenseVariant;
    use crate::state::DefenseKind;
    if variant != DefenseVariant::Increased(DefenseKind::Dodge)
        || !state.options.aod_dodge_half_move
    {
        return Err("only All-Out Defense (Increased Dodge) moves half Move (G-AOD-003)".into());
    }
    if step.is_some() {
        return Err("half Move or a step, not both (G-AOD-003)".into());
    }
    let Some(&to) = path.last() else {
        return Err("a half Move needs its path".into());
    };
    let half = (state.fighter(mover).current_move() + 1) / 2;
    movement::plan_route_with(state, mover, to, None, path, half)
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
pub fn plan_jump(state: &State, jumper: CombatantId, j: &Jump) -> Result<JumpPlan, String> {
    let f = state.fighter(jumper);
    if f.posture != Posture::Standing {
        return Err("only a standing figure jumps (G-JMP-001)".into());
    }
    if let Some(why) = movement::held_in_place(state, jumper) {
        return Err(why);
    }
    if j.length == 0 {
        return Err("a jump covers at least one hex".into());
    }
    let skill = f.skill_level(&["Jumping"]);
    let most = match state.options.jump {
        JumpRule::Source => jump_hexes(f.stats.move_, skill, j.run_up > 0),
        // G-EXT-032 decision: the broad jump in whole yards; no running bonus.
        JumpRule::Basic => basic_broad_jump_feet(f.stats.move_, skill) / 3,
    };
    if i32::from(j.length) > most {
        return Err(format!(
            "{} jumps at most {most} hex(es) {}(G-JMP-001)",
            f.name,
            if j.run_up > 0 {
                "with a run-up "
            } else {
                "standing "
            }
        ));
    }
    let dir = f.facing();
    let mut at = f.pose.pos;
    let mut run = Vec::new();
    let mut cost = 0u32;
    for _ in 0..j.run_up {
        at = at.neighbour(dir);
        let c = movement::enter_cost(state, jumper, at, movement::Through::NoFoes)
            .filter(|_| movement::free(state, jumper, at))
            .ok_or_else(|| format!("the run-up is blocked at {at}"))?;
        cost += u32::from(c);
        run.push(at);
    }
    for k in 1..=j.length {
        at = at.neighbour(dir);
        let terrain = state
            .map
            .terrain_at(at)
            .ok_or_else(|| format!("the jump leaves the map at {at}"))?;
        if terrain.contains(crate::terrain::WALL) {
            return Err(format!("a wall stands in the way at {at}"));
        }
        let standing = state.ids().any(|id| {
            let o = state.fighter(id);
            id != jumper && o.pose.pos == at && o.is_conscious() && o.posture == Posture::Standing
        });
        if standing && k < j.length {
            return Err(format!("someone stands in the way at {at}"));
        }
        cost += 2;
    }
    if !movement::free(state, jumper, at) {
        return Err(format!("cannot land in {at}: occupied or impassable"));
    }
    let budget = (f.current_move().max(0) as u32) * 2;
    if cost > budget {
        return Err(format!(
            "the run-up and the jump cost {} movement points; Move is {}",
            cost / 2,
            f.current_move()
        ));
    }
    Ok(JumpPlan { run, landing: at })
}

/// Resolves a checked Jump: the run-up hex by hex, then the landing; a
/// foe's Wait may go off on the way (G-WAIT-001).
pub fn resolve_jump<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    jumper: CombatantId,
    j: &Jump,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) -> Result<(), Interrupt<Gurps>> {
    let plan = plan_jump(state, jumper, j)
        .map_err(|e| Interrupt::Illegal(jumper, fray_core::Illegal(e)))?;
    let facing = state.fighter(jumper).facing();
    let mut trail = vec![state.fighter(jumper).pose.pos];
    for &hex in plan.run.iter().chain(std::iter::once(&plan.landing)) {
        let why = if hex == plan.landing { "jumps" } else { "runs" };
        movement::set_pose(state, jumper, Pose::new(hex, facing), why, ctx);
        trail.push(hex);
        state.fighter_mut(jumper).moved = trail.len() as u32 - 1;
        if !wait::on_enter(state, jumper, &trail, ctx)? {
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
pub fn settle_bodies<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) -> Result<(), Interrupt<Gurps>> {
    for id in state.ids().collect::<Vec<_>>() {
        let f = state.fighter(id);
        if !f.sprawls() {
            let f = state.fighter_mut(id);
            f.body = None;
            f.thrown_by = None;
            continue;
        }
        if f.body.is_some_and(|b| b.distance(f.pose.pos) == 1) {
            continue;
        }
        let options: Vec<HexPos> = f
            .pose
            .pos
            .neighbours()
            .into_iter()
            .filter(|&h| state.map.passable(h) && state.occupant(h, Some(id)).is_none())
            .collect();
        if options.is_empty() {
            state.fighter_mut(id).body = None;
            continue;
        }
        let chooser = f
            .thrown_by
            .filter(|&c| state.fighter(c).is_conscious())
            .unwrap_or(id);
        let q = crate::action::Question::Fall {
            chooser,
            faller: id,
            options,
        };
        let hex = match ctx.ask(state, &q)? {
            crate::action::Answer::Fall { hex } => hex,
            _ => continue,
        };
        let f = state.fighter_mut(id);
        f.body = Some(hex);
        f.thrown_by = None;
        say(
            state,
            id,
            format!("lies across {hex} too"),
            "G-POS-009",
            ctx,
        );
    }
    Ok(())
}
