//! Movement on the hex map: steps, moves along paths, retreats, and the
//! costs GURPS puts on them (checklist section 8).

use crate::Gurps;
use crate::event::Event;
use crate::state::{Posture, State};
use fray_core::engine::Interrupt;
use fray_core::grid::{
    Facing, HexPos, Map, MoveCosts, Path, Pose, ReachMap, StepKind, WalkError, reachable, walk,
};
use fray_core::{CombatantId, Ctx, EventSink, Oracle};

/// G-TAC-004..006 in half points: forward 1, sidestep or back 2, turn 1.
pub const FORWARD: u16 = 2;
/// Sidestep or backward move, in half points (G-TAC-005).
pub const SIDESTEP: u16 = 4;
/// One hexside turned, in half points (G-TAC-006).
pub const TURN: u16 = 2;

/// Which foe-held hexes a route may enter: none (a search for a route),
/// one (the close combat a move ends in, G-CC-001), or any (a declared
/// route that evades through foes, G-TAC-009).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Through {
    /// No hex a foe stands in.
    NoFoes,
    /// Only this one.
    Ending(HexPos),
    /// Any.
    Foes,
}

/// G-TAC-007: the extra cost, in half points, to enter `hex`; `None` when
/// it cannot be entered (off the map, a wall, an unconscious body, or a foe
/// unless `through` allows it). Allies can be passed at +1 point (a minor
/// obstruction).
pub fn enter_cost(state: &State, mover: CombatantId, hex: HexPos, through: Through) -> Option<u16> {
    let terrain = state.map.terrain_at(hex)?;
    if terrain.contains(crate::terrain::WALL) {
        return None;
    }
    let me = state.fighter(mover);
    let mut extra = 0u16;
    for other in state.ids().filter(|&id| id != mover) {
        let o = state.fighter(other);
        if o.life == crate::state::Life::Dead || !o.occupies(hex) {
            continue;
        }
        // G-POS-009 decision: the second hex of a sprawled body is crossed
        // like a minor obstruction (never ended in: [`may_end_in`]).
        if o.pose.pos != hex {
            extra += 2;
            continue;
        }
        let foe_ok = o.side != me.side
            && o.is_conscious()
            && match through {
                Through::NoFoes => false,
                Through::Ending(h) => h == hex,
                Through::Foes => true,
            };
        if foe_ok {
            continue;
        }
        if o.side != me.side || !o.is_conscious() {
            return None;
        }
        extra += 2;
    }
    for (t, _) in terrain.iter() {
        use crate::terrain::{
            DIFFICULT, GENTLE_SLOPE, OBSTRUCTION, STAIRS, STEEP_SLOPE, TREACHEROUS, WATER,
        };
        extra += match t {
            OBSTRUCTION | TREACHEROUS | WATER | STEEP_SLOPE | STAIRS => 2,
            GENTLE_SLOPE => 1,
            DIFFICULT => 2,
            // Walls, refused above.
            _ => return None,
        };
    }
    // Posture surcharge per hex: crouching +1/2, kneeling or crawling +2.
    extra += match me.posture {
        Posture::Crouching => 1,
        Posture::Kneeling | Posture::Crawling => 4,
        _ => 0,
    };
    Some(extra)
}

/// Every place `mover` can reach with `points` movement points (G-TAC-002).
pub fn reach(state: &State, mover: CombatantId, points: i32) -> ReachMap {
    let f = state.fighter(mover);
    reachable(
        f.pose.pos,
        f.facing(),
        (points.max(0) as u32) * 2,
        &costs(state, mover, Through::NoFoes),
    )
}

/// Whether a hex is free to end a move or step in.
pub fn free(state: &State, mover: CombatantId, hex: HexPos) -> bool {
    state.map.passable(hex) && state.occupant(hex, Some(mover)).is_none()
}

/// Whether a move or step may end in `hex`: free, or held only by conscious
/// foes, which starts close combat (G-CC-001).
pub fn may_end_in(state: &State, mover: CombatantId, hex: HexPos) -> bool {
    if !state.map.passable(hex) {
        return false;
    }
    let side = state.fighter(mover).side;
    state.ids().filter(|&id| id != mover).all(|id| {
        let o = state.fighter(id);
        // A sprawled body's second hex is never shared (G-POS-009 decision).
        o.life == crate::state::Life::Dead
            || (o.pose.pos != hex && o.body != Some(hex))
            || (o.pose.pos == hex && o.side != side && o.is_conscious())
    })
}

/// G-CC-002 / G-GRP-013: whether a held figure may move (only one with
/// more than twice its grabber's ST); a pinned one never.
pub fn held_in_place(state: &State, mover: CombatantId) -> Option<String> {
    let (by, grip) = state.held_by(mover)?;
    let st = state.fighter(mover).stats.st;
    if grip.pinned || st <= 2 * state.fighter(by).stats.st {
        return Some(format!(
            "{} is held by {} and cannot move away (G-CC-002, G-GRP-013)",
            state.fighter(mover).name,
            state.fighter(by).name
        ));
    }
    None
}

/// G-TAC-003: a step, to an adjacent free hex and/or to any facing.
pub fn check_step(
    state: &State,
    mover: CombatantId,
    step: &crate::action::Step,
) -> Result<(), String> {
    check_step_from(state, mover, state.fighter(mover).pose, step)
}

/// [`check_step`] for a figure standing at `from` (after an earlier step).
pub fn check_step_from(
    state: &State,
    mover: CombatantId,
    from: Pose,
    step: &crate::action::Step,
) -> Result<(), String> {
    let f = state.fighter(mover);
    crate::resolve::footwork::step_posture(
        f.posture,
        crate::resolve::footwork::legs_crippled(f),
        step,
    )?;
    if let Some(to) = step.to {
        if from.pos.distance(to) != 1 {
            return Err(format!(
                "a step goes to an adjacent hex; {to} is {} hexes away",
                from.pos.distance(to)
            ));
        }
        if !may_end_in(state, mover, to) {
            return Err(format!(
                "cannot step into {to}: it is occupied, impassable or off the map"
            ));
        }
        if f.posture == Posture::Lying {
            return Err("a lying figure cannot step (G-POS-007)".into());
        }
        if let Some(why) = held_in_place(state, mover) {
            return Err(why);
        }
    }
    Ok(())
}

/// Takes a checked step; leaving close combat through a side a foe
/// controls needs an Evade first (G-CC-002, G-TAC-009), and a failed one
/// leaves the figure where it was.
pub fn take_step<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    mover: CombatantId,
    step: &crate::action::Step,
    ctx: &mut fray_core::Ctx<'_, Gurps, O, S>,
) -> Result<bool, Interrupt<Gurps>> {
    let from = state.fighter(mover).pose;
    let to = Pose::new(
        step.to.unwrap_or(from.pos),
        step.face.unwrap_or(from.facing),
    );
    if let Some(foe) = step.to.and_then(|h| exit_controller(state, mover, h))
        && !evade(state, mover, foe, to.pos, false, ctx)?
    {
        let name = state.fighter(mover).name.clone();
        ctx.emit(|| Event::Note {
            text: format!("{name} fails to break away and stays in close combat"),
            rule: "G-CC-002",
        });
        return Ok(true);
    }
    let posture = state.fighter(mover).posture;
    let lame = crate::resolve::footwork::legs_crippled(state.fighter(mover));
    let after = crate::resolve::footwork::step_posture(posture, lame, step).unwrap_or(posture);
    // Rising from a crouch comes first, dropping into one last (G-POS-010).
    if after == Posture::Standing {
        crate::resolve::footwork::set_posture(state, mover, after, ctx);
    }
    let mut going = true;
    if to != from {
        set_pose(state, mover, to, "steps", ctx);
        if step.to.is_some() {
            state.fighter_mut(mover).moved += 1;
            // G-WAIT-001: a foe's Wait may go off.
            going = crate::resolve::wait::on_enter(state, mover, &[from.pos, to.pos], ctx)?;
        }
    }
    if going && after != Posture::Standing {
        crate::resolve::footwork::set_posture(state, mover, after, ctx);
    }
    Ok(going)
}

/// Walks a planned route hex by hex (G-MOV-001), stopping after `stop_after`
/// hexes if given: a foe controlling the side it leaves a close combat by
/// (G-CC-002) or standing in a hex it passes through (G-TAC-009) must be
/// evaded, and one that wins keeps the mover there, in close combat.
/// Returns the hexes entered and whether it got as far as it meant to.
pub fn walk_route<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    mover: CombatantId,
    planned: &Planned,
    stop_after: Option<u32>,
    charging: bool,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) -> Result<(u32, bool), Interrupt<Gurps>> {
    let hexes = hexes_of(&planned.path);
    let limit = stop_after.map_or(hexes.len(), |n| (n as usize).min(hexes.len()));
    let start = state.fighter(mover).pose.pos;
    let side = state.fighter(mover).side;
    let before = |i: usize| if i == 0 { start } else { hexes[i - 1] };
    // G-WAIT-001: with a foe waiting, the mover goes hex by hex so that
    // its Wait can go off where the trigger happens.
    let watched = crate::resolve::wait::watched(state, mover);
    let mut trail = vec![start];
    for (i, &hex) in hexes.iter().enumerate().take(limit) {
        let mut blockers: Vec<CombatantId> = Vec::new();
        if i == 0 {
            blockers.extend(exit_controller(state, mover, hex));
        }
        if i + 1 < hexes.len() {
            blockers.extend(state.ids().filter(|&id| {
                let o = state.fighter(id);
                o.side != side && o.is_conscious() && o.pose.pos == hex
            }));
        }
        for foe in blockers {
            if evade(state, mover, foe, before(i), charging, ctx)? {
                continue;
            }
            // Stopped: in the foe's hex when passing through it, else where it stood.
            let (stop, entered) = if state.fighter(foe).pose.pos == hex {
                (hex, i as u32 + 1)
            } else {
                (before(i), i as u32)
            };
            let facing = state.fighter(mover).facing();
            if stop != state.fighter(mover).pose.pos {
                let prev = if entered == 0 { start } else { before(i) };
                set_pose_from(
                    state,
                    mover,
                    Pose::new(stop, facing),
                    prev,
                    "is stopped",
                    ctx,
                );
            }
            let name = state.fighter(mover).name.clone();
            ctx.emit(|| Event::Note {
                text: format!("{name} is stopped and stays in close combat"),
                rule: "G-TAC-009",
            });
            state.fighter_mut(mover).moved = entered;
            return Ok((entered, false));
        }
        if watched {
            let pose = pose_after_hexes(&planned.path, i as u32 + 1);
            set_pose_from(state, mover, pose, before(i), "moves", ctx);
            state.fighter_mut(mover).moved = i as u32 + 1;
            trail.push(hex);
            if !crate::resolve::wait::on_enter(state, mover, &trail, ctx)? {
                return Ok((i as u32 + 1, false));
            }
        }
    }
    let end = if limit == hexes.len() {
        planned.end
    } else {
        pose_after_hexes(&planned.path, limit as u32)
    };
    if end != state.fighter(mover).pose {
        let prev = if limit >= 2 { hexes[limit - 2] } else { start };
        set_pose_from(state, mover, end, prev, "moves", ctx);
    }
    state.fighter_mut(mover).moved = limit as u32;
    Ok((limit as u32, true))
}

/// G-AOA-005: advances `n` hexes straight ahead to `to`, hex by hex when a
/// foe waits (G-WAIT-001). Returns whether the figure may go on.
pub fn advance<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    mover: CombatantId,
    to: Pose,
    n: u8,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) -> Result<bool, Interrupt<Gurps>> {
    if !crate::resolve::wait::watched(state, mover) {
        set_pose(state, mover, to, "advances", ctx);
        state.fighter_mut(mover).moved = u32::from(n);
        return Ok(true);
    }
    let mut trail = vec![state.fighter(mover).pose.pos];
    for k in 1..=n {
        let p = state.fighter(mover).pose;
        set_pose(
            state,
            mover,
            Pose::new(p.pos.neighbour(p.facing), p.facing),
            "advances",
            ctx,
        );
        state.fighter_mut(mover).moved = u32::from(k);
        trail.push(state.fighter(mover).pose.pos);
        if !crate::resolve::wait::on_enter(state, mover, &trail, ctx)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether a figure stopped on its way is still up to its attack:
/// conscious, not stunned, standing.
pub fn able(state: &State, who: CombatantId) -> bool {
    let f = state.fighter(who);
    f.is_conscious() && f.stun.is_none() && f.posture == Posture::Standing
}

/// The part of a planned route after its first `n` hexes.
pub fn rest_of(planned: &Planned, n: u32) -> Planned {
    let start = pose_after_hexes(&planned.path, n);
    let mut entered = 0;
    let mut steps = Vec::new();
    for s in &planned.path.steps {
        if !matches!(s.kind, StepKind::Turn(_)) {
            entered += 1;
        }
        if entered > n {
            steps.push(*s);
        }
    }
    Planned {
        path: Path { start, steps },
        end: planned.end,
        hexes: planned.hexes.saturating_sub(n),
    }
}

/// Where a walked path stands after entering `n` hexes, turns taken there included.
pub fn pose_after_hexes(path: &Path, n: u32) -> Pose {
    let mut entered = 0;
    let mut pose = path.start;
    for s in &path.steps {
        if !matches!(s.kind, StepKind::Turn(_)) {
            if entered == n {
                break;
            }
            entered += 1;
        }
        pose = s.pose;
    }
    pose
}

/// Moves a combatant and records it.
pub fn set_pose<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    mover: CombatantId,
    to: Pose,
    why: &'static str,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) {
    let f = state.fighter_mut(mover);
    let from = f.pose;
    f.pose = to;
    trail_body(f, from.pos);
    let name = f.name.clone();
    ctx.emit(|| Event::Moved {
        who: name.to_string(),
        from: describe(from),
        to: describe(to),
        why,
    });
    if from.pos != to.pos {
        enter_hex(state, mover, from.pos, to.pos, ctx);
    }
}

/// G-POS-009: a sprawled body that moves drags its second hex behind it
/// (into the hex it left); otherwise it is placed again afterwards.
fn trail_body(f: &mut crate::state::Fighter, left: HexPos) {
    if f.body.is_some() && f.pose.pos != left {
        f.body = (f.pose.pos.distance(left) == 1).then_some(left);
    }
}

/// [`set_pose`] for a move whose last hex before `to` was `prev` (the side
/// it came in by matters for close combat, G-CC-001).
pub fn set_pose_from<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    mover: CombatantId,
    to: Pose,
    prev: HexPos,
    why: &'static str,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) {
    let f = state.fighter_mut(mover);
    let from = f.pose;
    f.pose = to;
    trail_body(f, prev);
    let name = f.name.clone();
    ctx.emit(|| Event::Moved {
        who: name.to_string(),
        from: describe(from),
        to: describe(to),
        why,
    });
    if from.pos != to.pos {
        enter_hex(state, mover, prev, to.pos, ctx);
    }
}

/// G-CC-001: leaving a hex gives up its hexsides; coming into a foe's hex
/// starts close combat, and the entrant controls the side it came through
/// and the two beside it.
fn enter_hex<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    mover: CombatantId,
    from: HexPos,
    to: HexPos,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) {
    let joined = state.in_close_combat(mover);
    let f = state.fighter_mut(mover);
    f.close = None;
    if !joined {
        return;
    }
    let turn = f.turns;
    if let Some(side) = to.direction_to_neighbour(from) {
        f.close = Some(crate::state::CloseEntry {
            hex: to,
            sides: [side.turn(-1), side, side.turn(1)],
            turn,
        });
    }
    let name = f.name.clone();
    ctx.emit(|| Event::Note {
        text: format!("{name} enters close combat"),
        rule: "G-CC-001",
    });
}

/// G-CC-002: the foe sharing `mover`'s hex that controls the side it would
/// leave through toward `to`, if any (it must be evaded).
pub fn exit_controller(state: &State, mover: CombatantId, to: HexPos) -> Option<CombatantId> {
    let here = state.fighter(mover).pose.pos;
    let side = here.direction_to_neighbour(to)?;
    state.close_foes(mover).find(|&id| {
        let f = state.fighter(id);
        f.is_conscious()
            && f.close
                .is_some_and(|c| c.hex == here && c.sides.contains(&side))
    })
}

/// G-TAC-009: the Evade contest of DX against a foe trying to stop the
/// mover: -5 against a standing foe, -2 kneeling, +5 lying; +2 coming from
/// the foe's side, +5 from behind; -2 in a Move and Attack (G-MAA-005).
/// Returns whether the mover got past (a tie lets it through, decision).
pub fn evade<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    mover: CombatantId,
    foe: CombatantId,
    from: HexPos,
    charging: bool,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) -> Result<bool, Interrupt<Gurps>> {
    use crate::check::{self, Check};
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
    let a = check::roll(state, ctx, Check::new(mover, "evade", "G-TAC-009"), &mine)?;
    let b = check::roll(
        state,
        ctx,
        Check::new(foe, "stop the evader", "G-TAC-009"),
        &theirs,
    )?;
    let contest = fray_core::dice::systems::gurps::quick_contest(a.roll, a.level, b.roll, b.level);
    Ok(contest.winner != fray_core::dice::systems::gurps::Winner::B)
}

/// `(3,-1) facing ne`.
pub fn describe(p: Pose) -> String {
    format!("{} facing {}", p.pos, p.facing)
}

/// The movement costs of `mover` on this map (G-TAC-004..007, half points).
fn costs(
    state: &State,
    mover: CombatantId,
    through: Through,
) -> MoveCosts<impl Fn(HexPos) -> Option<u16> + '_, &Map> {
    MoveCosts::new(FORWARD, SIDESTEP, TURN, move |h| {
        enter_cost(state, mover, h, through)
    })
    .with_walls(&*state.map)
}

/// The cheapest route for `mover` within `points` movement points to a
/// free hex `within` hexes of `goal` (`within` 0: `goal` itself), ending
/// facing `facing` if given, or `None`. The AI closes in with it; a Move
/// without a route finds its route with it.
pub fn seek(
    state: &State,
    mover: CombatantId,
    points: i32,
    goal: HexPos,
    within: u32,
    facing: Option<Facing>,
) -> Option<Path> {
    let f = state.fighter(mover);
    let here = f.pose.pos;
    // A route to a hex of its own may end in close combat there (G-CC-001).
    let through = if within == 0 {
        Through::Ending(goal)
    } else {
        Through::NoFoes
    };
    let accept = |h: HexPos, g: Facing| {
        let ends_ok = if within == 0 {
            may_end_in(state, mover, h)
        } else {
            free(state, mover, h)
        };
        h.distance(goal) == within && (h == here || ends_ok) && facing.is_none_or(|w| w == g)
    };
    fray_core::grid::seek(
        f.pose,
        (points.max(0) as u32) * 2,
        &costs(state, mover, through),
        goal,
        within,
        &accept,
    )
}

/// A move as planned: the walked route, where it ends and how far.
#[derive(Clone, Debug)]
pub struct Planned {
    /// The route with every step and turn, from the start.
    pub path: Path,
    /// Where the figure stands at the end, facing as allowed.
    pub end: Pose,
    /// Hexes entered.
    pub hexes: u32,
}

/// The path and final facing of a Move (G-MOV-001, G-TAC-002..008), or why
/// not: along `route` (the hexes entered, ending at `to`) or, when it is
/// empty, the cheapest route. Returns the end pose and the hexes moved.
pub fn plan_move(
    state: &State,
    mover: CombatantId,
    to: HexPos,
    face: Option<Facing>,
    route: &[HexPos],
) -> Result<(Pose, u32), String> {
    plan_route(state, mover, to, face, route).map(|p| (p.end, p.hexes))
}

/// [`plan_move`] with the walked route.
pub fn plan_route(
    state: &State,
    mover: CombatantId,
    to: HexPos,
    face: Option<Facing>,
    route: &[HexPos],
) -> Result<Planned, String> {
    plan_route_with(
        state,
        mover,
        to,
        face,
        route,
        state.fighter(mover).current_move(),
    )
}

/// [`plan_route`] with `points` movement points (a sprint has one more, G-MOV-002).
pub fn plan_route_with(
    state: &State,
    mover: CombatantId,
    to: HexPos,
    face: Option<Facing>,
    route: &[HexPos],
    points: i32,
) -> Result<Planned, String> {
    let f = state.fighter(mover);
    if f.posture == Posture::Lying {
        // G-TAC-007: a lying figure moves 1 hex per turn regardless.
        if f.pose.pos.distance(to) > 1 || !may_end_in(state, mover, to) || route.len() > 1 {
            return Err("a lying figure crawls at most 1 hex, into a free hex".into());
        }
        let end = Pose::new(to, face.unwrap_or(f.facing()));
        let hexes = u32::from(f.pose.pos != to);
        let steps = if hexes == 1 {
            vec![fray_core::grid::PathStep {
                kind: StepKind::Sidestep,
                pose: end,
                cost: 0,
                total: 0,
            }]
        } else {
            Vec::new()
        };
        return Ok(Planned {
            path: Path {
                start: f.pose,
                steps,
            },
            end,
            hexes,
        });
    }
    if f.posture == Posture::Sitting && to != f.pose.pos {
        return Err("a sitting figure cannot move (G-POS-005)".into());
    }
    if to != f.pose.pos && !may_end_in(state, mover, to) {
        return Err(format!(
            "cannot end a move in {to}: occupied, impassable or off the map"
        ));
    }
    if to != f.pose.pos
        && let Some(why) = held_in_place(state, mover)
    {
        return Err(why);
    }
    let budget = (points.max(0) as u32) * 2;
    // A declared route may pass foes (they must be evaded, G-TAC-009); a
    // searched one goes round them.
    let costs = costs(
        state,
        mover,
        if route.is_empty() {
            Through::Ending(to)
        } else {
            Through::Foes
        },
    );
    let searched;
    let route: &[HexPos] = if route.is_empty() {
        // The cheapest route that ends facing as asked, else the cheapest.
        let path = face
            .and_then(|w| seek(state, mover, points, to, 0, Some(w)))
            .or_else(|| seek(state, mover, points, to, 0, None))
            .ok_or_else(|| format!("{to} is out of reach with Move {points}"))?;
        searched = hexes_of(&path);
        &searched
    } else {
        if route.last() != Some(&to) {
            return Err(format!("the path must end at {to}, where the move goes"));
        }
        route
    };
    let cheapest = walk(f.pose, route, None, &costs).map_err(|e| match e {
        WalkError::NotAdjacent { index } => format!(
            "path hex {} {} is not next to the one before it",
            index + 1,
            route[index]
        ),
        WalkError::Blocked { index } => format!(
            "path hex {} {} cannot be entered: occupied by a foe, impassable or off the map",
            index + 1,
            route[index]
        ),
        WalkError::Crossing { index } => format!(
            "path hex {} {} is behind a wall on the hexside",
            index + 1,
            route[index]
        ),
    })?;
    if cheapest.cost() > budget {
        return Err(format!(
            "that path costs {} movement points; Move is {points}",
            half_points(cheapest.cost())
        ));
    }
    let end = cheapest.end().facing;
    let (path, facing) = match face {
        None => (cheapest, end),
        Some(want) => {
            // G-TAC-008: turning on the way (paid for), or any facing with at
            // least half the points left, else one hexside for free.
            match walk(f.pose, route, Some(want), &costs) {
                Ok(turned) if turned.cost() <= budget => (turned, want),
                _ if fray_core::grid::final_facings(end, budget, budget - cheapest.cost())
                    .contains(&want) =>
                {
                    (cheapest, want)
                }
                _ => {
                    return Err(format!(
                        "cannot end facing {want}: more than half the movement points are used, so only one hexside of turn is left (G-TAC-008)"
                    ));
                }
            }
        }
    };
    Ok(Planned {
        path,
        end: Pose::new(to, facing),
        hexes: route.len() as u32,
    })
}

/// The hexes a path enters, in order (turns left out).
pub fn hexes_of(path: &Path) -> Vec<HexPos> {
    path.steps
        .iter()
        .filter(|s| !matches!(s.kind, StepKind::Turn(_)))
        .map(|s| s.pose.pos)
        .collect()
}

/// Half points as points for messages: `7` or `3.5`.
fn half_points(h: u32) -> String {
    if h % 2 == 0 {
        (h / 2).to_string()
    } else {
        format!("{}.5", h / 2)
    }
}

/// G-DEF-009: the hex a retreating defender steps into: a free neighbour
/// farther from the attacker (striking from `a`), straight away first.
pub fn retreat_hex(state: &State, defender: CombatantId, a: HexPos) -> Option<HexPos> {
    let d = state.fighter(defender).pose.pos;
    let now = d.distance(a);
    let away = a.facing_toward(d);
    let mut best: Option<(u32, u8, HexPos)> = None;
    for facing in Facing::ALL {
        let h = d.neighbour(facing);
        if h.distance(a) <= now || !free(state, defender, h) {
            continue;
        }
        let straight = away.map_or(3, |w| facing.turn_distance(w));
        let key = (u32::MAX - h.distance(a), straight, h);
        if best.is_none_or(|b| (key.0, key.1) < (b.0, b.1)) {
            best = Some(key);
        }
    }
    best.map(|b| b.2)
}

/// Takes the retreat step (facing unchanged) and remembers it for the turn.
pub fn retreat<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    defender: CombatantId,
    attacker: CombatantId,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) {
    let from = state.fighter(attacker).pose.pos;
    if let Some(h) = retreat_hex(state, defender, from) {
        let facing = state.fighter(defender).facing();
        set_pose(state, defender, Pose::new(h, facing), "retreats", ctx);
    }
    state.fighter_mut(defender).retreated_from = Some(attacker);
}
