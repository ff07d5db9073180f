//! Movement on the hex map: steps, moves along paths, retreats, and the
//! costs GURPS puts on them (checklist section 8).
//!
//! The pure part: values and checks read from the state, no dice.

use crate::model::state::{Posture, State};
use fray_core::CombatantId;
use fray_core::Illegal;
use fray_core::grid::{
    Facing, HexPos, Map, MoveCosts, Path, Pose, ReachMap, StepKind, WalkError, reachable,
};
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
    if terrain.contains(crate::model::terrain::WALL) {
        return None;
    }
    let me = state.fighter(mover);
    let mut extra = 0u16;
    for other in state.at(hex).filter(|&id| id != mover) {
        let o = state.fighter(other);
        if o.life == crate::model::state::Life::Dead {
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
        use crate::model::terrain::{
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
///
/// On a field of [`FEW`] figures or fewer it asks each figure whether it (or
/// its sprawled body) fills the hex rather than searching the occupancy
/// index: the same answer as [`State::occupant`], checked in debug builds.
pub fn free(state: &State, mover: CombatantId, hex: HexPos) -> bool {
    if !state.map.passable(hex) {
        return false;
    }
    if state.fighters.len() > FEW {
        return state.occupant(hex, Some(mover)).is_none();
    }
    let empty = !state.fighters.iter().enumerate().any(|(i, f)| {
        (f.pose.pos == hex || f.body == Some(hex))
            && i != mover.index()
            && f.life != crate::model::state::Life::Dead
    });
    debug_assert_eq!(empty, state.occupant(hex, Some(mover)).is_none());
    empty
}

/// Whether `who` is in close combat ([`State::in_close_combat`]: a living
/// foe stands in its hex), on a field of [`FEW`] figures or fewer by asking
/// each figure rather than searching the occupancy index (checked in debug
/// builds).
pub fn in_close_combat(state: &State, who: CombatantId) -> bool {
    // Every figure alone in its hex: nobody is in close combat.
    if !state.occupancy.crowded() {
        debug_assert!(!state.in_close_combat(who));
        return false;
    }
    if state.fighters.len() > FEW {
        return state.in_close_combat(who);
    }
    let me = state.fighter(who);
    let close = state.fighters.iter().enumerate().any(|(i, f)| {
        f.pose.pos == me.pose.pos
            && i != who.index()
            && f.side != me.side
            && f.life != crate::model::state::Life::Dead
    });
    debug_assert_eq!(close, state.in_close_combat(who));
    close
}

/// Whether a move or step may end in `hex`: free, or held only by conscious
/// foes, which starts close combat (G-CC-001).
pub fn may_end_in(state: &State, mover: CombatantId, hex: HexPos) -> bool {
    if !state.map.passable(hex) {
        return false;
    }
    let side = state.fighter(mover).side;
    state.at(hex).filter(|&id| id != mover).all(|id| {
        let o = state.fighter(id);
        // A sprawled body's second hex is never shared (G-POS-009 decision).
        o.life == crate::model::state::Life::Dead
            || (o.pose.pos != hex && o.body != Some(hex))
            || (o.pose.pos == hex && o.side != side && o.is_conscious())
    })
}

/// G-CC-002 / G-GRP-013: whether a held figure may move (only one with
/// more than twice its grabber's ST); a pinned one never.
pub fn held_in_place(state: &State, mover: CombatantId) -> Option<Illegal> {
    let (by, grip) = state.held_by(mover)?;
    let st = state.fighter(mover).stats.st;
    if grip.pinned || st <= 2 * state.fighter(by).stats.st {
        return Some(Illegal::new(
            "G-CC-002, G-GRP-013",
            format!(
                "{} is held by {} and cannot move away",
                state.fighter(mover).name,
                state.fighter(by).name
            ),
        ));
    }
    None
}

/// G-TAC-003: a step, to an adjacent free hex and/or to any facing: one
/// hex whatever the Move (G-EXT-028 decision).
pub fn check_step(
    state: &State,
    mover: CombatantId,
    step: &crate::model::action::Step,
) -> Result<(), Illegal> {
    check_step_from(state, mover, state.fighter(mover).pose, step)
}

/// [`check_step`] for a figure standing at `from` (after an earlier step).
pub fn check_step_from(
    state: &State,
    mover: CombatantId,
    from: Pose,
    step: &crate::model::action::Step,
) -> Result<(), Illegal> {
    let f = state.fighter(mover);
    crate::rules::footwork::step_posture(
        f.posture,
        crate::rules::footwork::legs_crippled(f),
        step,
    )?;
    if let Some(to) = step.to {
        if from.pos.distance(to) != 1 {
            return Err(Illegal::input(format!(
                "a step goes to an adjacent hex; {to} is {} hexes away",
                from.pos.distance(to)
            )));
        }
        if !may_end_in(state, mover, to) {
            return Err(Illegal::input(format!(
                "cannot step into {to}: it is occupied, impassable or off the map"
            )));
        }
        if f.posture == Posture::Lying {
            return Err(Illegal::new("G-POS-007", "a lying figure cannot step"));
        }
        if let Some(why) = held_in_place(state, mover) {
            return Err(why);
        }
    }
    Ok(())
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
    let mut steps = fray_core::grid::Steps::new();
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

/// G-CC-002: the foe sharing `mover`'s hex that controls the side it would
/// leave through toward `to`, if any (it must be evaded).
///
/// On a field of [`FEW`] figures or fewer it asks each figure in id order
/// (the order the occupancy index gives a hex's figures) rather than
/// searching the index: the same foe, checked in debug builds.
pub fn exit_controller(state: &State, mover: CombatantId, to: HexPos) -> Option<CombatantId> {
    // Every figure alone in its hex ([`crate::model::occupancy::Occupancy::crowded`]):
    // no foe shares the mover's, so none controls a side of it.
    if !state.occupancy.crowded() {
        debug_assert!(state.close_foes(mover).next().is_none());
        return None;
    }
    let me = state.fighter(mover);
    let here = me.pose.pos;
    let side = here.direction_to_neighbour(to)?;
    let controls = |f: &crate::model::state::Fighter| {
        f.is_conscious()
            && f.close
                .is_some_and(|c| c.hex == here && c.sides.contains(&side))
    };
    if state.fighters.len() > FEW {
        return state
            .close_foes(mover)
            .find(|&id| controls(state.fighter(id)));
    }
    // `State::close_foes`' test (a living foe whose own hex is `here`),
    // the control test first: most figures control nothing.
    let found = state.fighters.iter().enumerate().find_map(|(i, f)| {
        (controls(f)
            && i != mover.index()
            && f.side != me.side
            && f.life != crate::model::state::Life::Dead
            && f.pose.pos == here)
            .then_some(CombatantId::of_index(i))
    });
    debug_assert_eq!(
        found,
        state
            .close_foes(mover)
            .find(|&id| controls(state.fighter(id)))
    );
    found
}

/// The most figures a field may have for [`exit_controller`], [`free`] and
/// [`in_close_combat`] to ask each of them instead of searching the
/// occupancy index (a duel has two).
const FEW: usize = 4;

/// `(3,-1) facing ne`.
pub fn describe(p: Pose) -> String {
    format!("{} facing {}", p.pos, p.facing)
}

/// The movement costs of `mover` on this map (G-TAC-004..007, half points).
pub(crate) fn costs(
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
) -> Result<(Pose, u32), Illegal> {
    plan_route(state, mover, to, face, route).map(|p| (p.end, p.hexes))
}

/// [`plan_move`] with the walked route.
pub fn plan_route(
    state: &State,
    mover: CombatantId,
    to: HexPos,
    face: Option<Facing>,
    route: &[HexPos],
) -> Result<Planned, Illegal> {
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
) -> Result<Planned, Illegal> {
    let f = state.fighter(mover);
    if f.posture == Posture::Lying {
        return crawl(state, mover, to, face, route);
    }
    check_destination(state, mover, to)?;
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
        searched = search_route(state, mover, to, face, points)?;
        &searched
    } else {
        if route.last() != Some(&to) {
            return Err(Illegal::input(format!(
                "the path must end at {to}, where the move goes"
            )));
        }
        route
    };
    // One pass of the walk prices every end facing; only the path taken is
    // rebuilt (the cheapest walk's cost alone settles the budget).
    let mut priced =
        fray_core::grid::price(f.pose, route, &costs).map_err(|e| walk_refusal(e, route))?;
    let end = priced.cheapest_end();
    let cheapest = priced.cost(end);
    if cheapest > budget {
        return Err(Illegal::input(format!(
            "that path costs {} movement points; Move is {points}",
            half_points(cheapest)
        )));
    }
    // G-TAC-008: turning on the way (paid for), or any facing with at
    // least half the points left, else one hexside for free.
    let (walked, facing) = match face {
        None => (end, end),
        Some(want) if priced.cost(want) <= budget => (want, want),
        Some(want)
            if fray_core::grid::final_facings(end, budget, budget - cheapest).contains(&want) =>
        {
            (end, want)
        }
        Some(want) => {
            return Err(Illegal::new(
                "G-TAC-008",
                format!(
                    "cannot end facing {want}: more than half the movement points are used, so only one hexside of turn is left"
                ),
            ));
        }
    };
    let path = priced.path(walked, &costs);
    Ok(Planned {
        path,
        end: Pose::new(to, facing),
        hexes: route.len() as u32,
    })
}

/// G-TAC-007: a lying figure crawls 1 hex per turn regardless of Move.
fn crawl(
    state: &State,
    mover: CombatantId,
    to: HexPos,
    face: Option<Facing>,
    route: &[HexPos],
) -> Result<Planned, Illegal> {
    let f = state.fighter(mover);
    if f.pose.pos.distance(to) > 1 || !may_end_in(state, mover, to) || route.len() > 1 {
        return Err(Illegal::input(
            "a lying figure crawls at most 1 hex, into a free hex",
        ));
    }
    let end = Pose::new(to, face.unwrap_or(f.facing()));
    let hexes = u32::from(f.pose.pos != to);
    let steps = if hexes == 1 {
        smallvec::smallvec![fray_core::grid::PathStep {
            kind: StepKind::Sidestep,
            pose: end,
            cost: 0,
            total: 0,
        }]
    } else {
        fray_core::grid::Steps::new()
    };
    Ok(Planned {
        path: Path {
            start: f.pose,
            steps,
        },
        end,
        hexes,
    })
}

/// Where a move may end: not from sitting (G-POS-005), into a hex the
/// mover may stand in, and not while held in place.
fn check_destination(state: &State, mover: CombatantId, to: HexPos) -> Result<(), Illegal> {
    let f = state.fighter(mover);
    if f.posture == Posture::Sitting && to != f.pose.pos {
        return Err(Illegal::new("G-POS-005", "a sitting figure cannot move"));
    }
    if to != f.pose.pos && !may_end_in(state, mover, to) {
        return Err(Illegal::input(format!(
            "cannot end a move in {to}: occupied, impassable or off the map"
        )));
    }
    if to != f.pose.pos
        && let Some(why) = held_in_place(state, mover)
    {
        return Err(why);
    }
    Ok(())
}

/// The cheapest route that ends facing as asked, else the cheapest.
fn search_route(
    state: &State,
    mover: CombatantId,
    to: HexPos,
    face: Option<Facing>,
    points: i32,
) -> Result<Vec<HexPos>, Illegal> {
    let path = face
        .and_then(|w| seek(state, mover, points, to, 0, Some(w)))
        .or_else(|| seek(state, mover, points, to, 0, None))
        .ok_or_else(|| Illegal::input(format!("{to} is out of reach with Move {points}")))?;
    Ok(hexes_of(&path))
}

/// Why a declared route cannot be walked, naming the hex.
fn walk_refusal(e: WalkError, route: &[HexPos]) -> Illegal {
    match e {
        WalkError::NotAdjacent { index } => Illegal::input(format!(
            "path hex {} {} is not next to the one before it",
            index + 1,
            route[index]
        )),
        WalkError::Blocked { index } => Illegal::input(format!(
            "path hex {} {} cannot be entered: occupied by a foe, impassable or off the map",
            index + 1,
            route[index]
        )),
        WalkError::Crossing { index } => Illegal::input(format!(
            "path hex {} {} is behind a wall on the hexside",
            index + 1,
            route[index]
        )),
    }
}

/// The hexes a path enters, in order (turns left out).
pub fn hexes_of(path: &Path) -> Vec<HexPos> {
    route_hexes(path).collect()
}

/// [`hexes_of`] one at a time (collected where they are read: a Move's
/// walk keeps them on the stack).
pub fn route_hexes(path: &Path) -> impl Iterator<Item = HexPos> + '_ {
    path.steps
        .iter()
        .filter(|s| !matches!(s.kind, StepKind::Turn(_)))
        .map(|s| s.pose.pos)
}

/// A Move's hexes on the stack: routes of up to 12 hexes (every Move in
/// play; longer ones spill to the heap).
pub type RouteHexes = smallvec::SmallVec<[HexPos; 12]>;

/// Half points as points for messages: `7` or `3.5`.
pub(crate) fn half_points(h: u32) -> String {
    if h % 2 == 0 {
        (h / 2).to_string()
    } else {
        format!("{}.5", h / 2)
    }
}

/// How far ([`NEAR`]) the hexes [`facing_toward`] reads from its table may
/// lie from each other along each axis.
const NEAR: i32 = 8;

/// `from.facing_toward(to)` ([`HexPos::facing_toward`]), read from a table
/// when the two hexes are near: the answer depends only on `to - from`, so
/// the table holds that function's own answers for the deltas up to
/// [`NEAR`] (worked out once by calling it), each a byte (6 for `None`).
/// A retreat asks it for every defense offered and rolled, where it cost
/// about a third of [`retreat_hex`]. Debug builds check every read.
fn facing_toward(from: HexPos, to: HexPos) -> Option<Facing> {
    const SIDE: usize = (2 * NEAR + 1) as usize;
    static TABLE: std::sync::OnceLock<[u8; SIDE * SIDE]> = std::sync::OnceLock::new();
    let (Some(dq), Some(dr)) = (to.q.checked_sub(from.q), to.r.checked_sub(from.r)) else {
        return from.facing_toward(to);
    };
    if dq.abs() > NEAR || dr.abs() > NEAR {
        return from.facing_toward(to);
    }
    let at = |dq: i32, dr: i32| ((dq + NEAR) as usize) * SIDE + (dr + NEAR) as usize;
    let table = TABLE.get_or_init(|| {
        let mut t = [6; SIDE * SIDE];
        for dq in -NEAR..=NEAR {
            for dr in -NEAR..=NEAR {
                t[at(dq, dr)] = HexPos::new(0, 0)
                    .facing_toward(HexPos::new(dq, dr))
                    .map_or(6, Facing::index);
            }
        }
        t
    });
    let b = table[at(dq, dr)];
    let read = (b < 6).then(|| Facing::from_index(b));
    debug_assert_eq!(
        read,
        from.facing_toward(to),
        "facing table for {from} -> {to}"
    );
    read
}

/// G-DEF-009: the hex a retreating defender steps into: a free neighbour
/// farther from the attacker (striking from `a`), straight away first. Out
/// of close combat every neighbour is farther, so any side will do
/// (G-CC-006).
pub fn retreat_hex(state: &State, defender: CombatantId, a: HexPos) -> Option<HexPos> {
    let d = state.fighter(defender).pose.pos;
    let now = d.distance(a);
    // Every hex farther than now is exactly one farther (a step changes the
    // distance by one at most), so the loop below picks the free one the
    // least turned from straight away: the hex straight away, when it is
    // farther and free, is that one (no other is turned by 0).
    let straight = if now == 1 {
        // An attacker in the next hex (nearly every retreat: a reach-1
        // blow): straight away is the hex across from it, `d + (d - a)`,
        // two from it, found without the facing table (checked in debug
        // builds).
        let h = HexPos::new(d.q + (d.q - a.q), d.r + (d.r - a.r));
        debug_assert_eq!(Some(h), facing_toward(a, d).map(|w| d.neighbour(w)));
        Some(h)
    } else {
        facing_toward(a, d)
            .map(|w| d.neighbour(w))
            .filter(|h| h.distance(a) > now)
    };
    if let Some(h) = straight
        && free(state, defender, h)
    {
        return Some(h);
    }
    let away = facing_toward(a, d);
    let mut best: Option<(u32, u8, HexPos)> = None;
    for facing in Facing::ALL {
        let h = d.neighbour(facing);
        let far = h.distance(a);
        if far <= now {
            continue;
        }
        let straight = away.map_or(3, |w| facing.turn_distance(w));
        let key = (u32::MAX - far, straight, h);
        // Whether the hex is free is asked only of one that would be
        // better than the best free one so far: the same hex is chosen.
        if best.is_none_or(|b| (key.0, key.1) < (b.0, b.1)) && free(state, defender, h) {
            best = Some(key);
        }
    }
    best.map(|b| b.2)
}
