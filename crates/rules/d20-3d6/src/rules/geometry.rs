//! The square grid as the rules read it: spaces, distances between
//! creatures, reach and threatened squares, lines, facing (X-MOV-004,
//! X-MOV-008..011, X-SIT-001..003, X-DAT-007).

use crate::model::state::{Fighter, State};
use crate::model::terrain::DIFFICULT;
use fray_core::CombatantId;
use fray_core::grid::SquarePos;

/// Gap between two intervals `[a, a + la)` and `[b, b + lb)` in squares.
fn gap(a: i32, la: u8, b: i32, lb: u8) -> u32 {
    let (a_end, b_end) = (a + i32::from(la) - 1, b + i32::from(lb) - 1);
    if b > a_end {
        (b - a_end) as u32
    } else if a > b_end {
        (a - b_end) as u32
    } else {
        0
    }
}

/// X-MOV-004, X-MOV-009: the Chebyshev distance between the nearest
/// squares of two spaces (edges in squares).
pub fn space_distance(a: SquarePos, ea: u8, b: SquarePos, eb: u8) -> u32 {
    gap(a.x, ea, b.x, eb).max(gap(a.y, ea, b.y, eb))
}

/// The distance between two fighters.
pub fn distance(state: &State, a: CombatantId, b: CombatantId) -> u32 {
    let (fa, fb) = (state.fighter(a), state.fighter(b));
    space_distance(fa.pos, fa.edge(), fb.pos, fb.edge())
}

/// X-MOV-010: a creature's own reach, max(1, ceil(edge / 2)) metres (a
/// touch reaches 1 m, X-MOV-008).
///
/// A rider reaches by its own size from any square of its mount's space
/// (X-QCK-008), so this reads the size, not the space it fills.
pub fn natural_reach(f: &Fighter) -> u32 {
    (u32::from(f.stats.size.edge()).div_ceil(2)).max(1)
}

/// X-MOV-009, X-QCK-001: melee reach with weapon `w`: the creature's reach,
/// +1 m with a long weapon. `None` for a weapon that cannot strike in melee.
pub fn weapon_reach(f: &Fighter, w: u8) -> Option<u32> {
    let a = f.weapon(w)?;
    if !a.weapon.melee {
        return None;
    }
    Some(natural_reach(f) + u32::from(a.weapon.long))
}

/// The longest melee reach among the weapons in its hands.
pub fn best_reach(f: &Fighter) -> Option<u32> {
    [f.main, f.off]
        .into_iter()
        .flatten()
        .filter_map(|w| weapon_reach(f, w))
        .max()
}

/// Whether `who` threatens a space at `pos` of edge `edge`: able, a melee
/// weapon in hand, the space within its reach (X-ACT-007, X-RNG-004).
///
/// The distance is measured first, against the longest reach on the field
/// ([`longest_reach`]): most fighters asked about stand beyond it, and
/// their weapons (behind the sheet's pointers) need not be read.
pub fn threatens_at(state: &State, who: CombatantId, pos: SquarePos, edge: u8) -> bool {
    let f = state.fighter(who);
    let d = space_distance(f.pos, f.edge(), pos, edge);
    debug_assert!(best_reach(f).is_none_or(|r| r <= longest_reach(state)));
    d <= longest_reach(state) && f.able() && best_reach(f).is_some_and(|r| d <= r)
}

/// Whether any foe of `who` threatens it where it stands.
pub fn threatened(state: &State, who: CombatantId) -> bool {
    let f = state.fighter(who);
    state
        .first_near(f.pos, f.edge(), longest_reach(state), |o, _| {
            o != who && state.foes(o, who) && threatens_at(state, o, f.pos, f.edge())
        })
        .is_some()
}

/// The longest melee reach any fighter of the field could have: its
/// widest space's natural reach, +1 m for a long weapon (X-MOV-009,
/// X-MOV-010, X-QCK-001); how far [`State::first_near`] looks for a
/// threat.
#[inline]
pub fn longest_reach(state: &State) -> u32 {
    u32::from(state.widest).div_ceil(2).max(1) + 1
}

/// Whether the space at `pos` (edge `edge`) overlaps `other`'s.
pub fn overlaps(pos: SquarePos, edge: u8, other: &Fighter) -> bool {
    space_distance(pos, edge, other.pos, other.edge()) == 0
}

/// Who, other than `except` and the rider or mount it shares its space
/// with (X-QCK-008), fills a square of the space at `pos`. The dead lie
/// where they fell and fill nothing.
pub fn occupant(
    state: &State,
    pos: SquarePos,
    edge: u8,
    except: CombatantId,
) -> Option<CombatantId> {
    state.first_near(pos, edge, 0, |o, f| {
        o != except
            && f.life != crate::model::state::Life::Dead
            && overlaps(pos, edge, f)
            && !state.linked(except, o)
    })
}

/// Whether every square of the space at `pos` is on the map and passable.
pub fn fits(state: &State, pos: SquarePos, edge: u8) -> bool {
    (0..i32::from(edge)).all(|dy| {
        (0..i32::from(edge)).all(|dx| state.map.passable(SquarePos::new(pos.x + dx, pos.y + dy)))
    })
}

/// The edge of the space a creature fills in the open: its size's
/// (X-DAT-007), or the shared space while it rides or carries a rider
/// (X-QCK-008).
pub fn natural_space(f: &Fighter) -> u8 {
    if f.is_mount() || f.mounted {
        f.space
    } else {
        f.stats.size.edge()
    }
}

/// X-SIT-011 (decision): the narrowest space a creature can squeeze into:
/// half its edge, rounded up (a 2 m creature into a 1 m corridor).
pub fn squeezed_edge(edge: u8) -> u8 {
    edge.div_ceil(2).max(1)
}

/// X-SIT-011: the edge of the space `who` fills with its corner at `pos`,
/// by the map alone (occupants are the caller's to check): its natural
/// space when that fits; else, squeezed, the narrowest it can take when
/// that fits (riders and mounts never squeeze: they share one space);
/// `None` when neither fits.
pub fn fitting_space(state: &State, who: CombatantId, pos: SquarePos) -> Option<u8> {
    let f = state.fighter(who);
    let natural = natural_space(f);
    if fits(state, pos, natural) {
        return Some(natural);
    }
    let narrow = squeezed_edge(natural);
    let may_squeeze = !(f.is_mount() || f.mounted) && narrow < natural;
    (may_squeeze && fits(state, pos, narrow)).then_some(narrow)
}

/// Whether `who` can stand with its corner at `pos`: a space fits there
/// ([`fitting_space`]) and no one else fills it. The edge it would fill.
pub fn free_space(state: &State, who: CombatantId, pos: SquarePos) -> Option<u8> {
    let e = fitting_space(state, who, pos)?;
    occupant(state, pos, e, who).is_none().then_some(e)
}

/// X-MOV-003: the cost of entering the space at `pos`: 2 when any square
/// of it is difficult, else 1.
pub fn enter_cost(state: &State, pos: SquarePos, edge: u8) -> u32 {
    let difficult = (0..i32::from(edge)).any(|dy| {
        (0..i32::from(edge)).any(|dx| {
            state
                .map
                .terrain_at(SquarePos::new(pos.x + dx, pos.y + dy))
                .is_some_and(|t| t.contains(DIFFICULT))
        })
    });
    if difficult { 2 } else { 1 }
}

/// `a / b` rounded to nearest, halves away from the start (as the grid's lines).
fn round_div(a: i64, b: i64) -> i64 {
    let q = a.div_euclid(b);
    let r = a.rem_euclid(b);
    if 2 * r > b || (2 * r == b && a > 0) {
        q + 1
    } else {
        q
    }
}

/// Whether any square strictly between `from` and `to` on the grid's line
/// satisfies `hit`, without allocating (the same squares as
/// `SquarePos::line_to`).
pub fn line_any(from: SquarePos, to: SquarePos, mut hit: impl FnMut(SquarePos) -> bool) -> bool {
    let (dx, dy) = (i64::from(to.x - from.x), i64::from(to.y - from.y));
    let n = dx.abs().max(dy.abs());
    (1..n).any(|i| {
        let p = SquarePos::new(
            from.x + round_div(dx * i, n) as i32,
            from.y + round_div(dy * i, n) as i32,
        );
        hit(p)
    })
}

/// The step from `a` toward `b`, as signs.
pub fn toward(a: SquarePos, b: SquarePos) -> (i8, i8) {
    ((b.x - a.x).signum() as i8, (b.y - a.y).signum() as i8)
}

/// X-SIT-001: flanking. An ally of the attacker that threatens the target
/// stands so that the line between the allies' squares crosses the
/// target's space (for 1-square creatures: on the opposite side).
#[inline]
pub fn flanked(state: &State, attacker: CombatantId, target: CombatantId) -> bool {
    // A flanker is a third figure: with two in the fight (a duel, asked
    // at every swing) there is none to look for, and no call made.
    state.fighters.len() >= 3 && flanker_near(state, attacker, target)
}

/// [`flanked`]'s search of the figures near the target.
fn flanker_near(state: &State, attacker: CombatantId, target: CombatantId) -> bool {
    let t = state.fighter(target);
    state
        .first_near(t.pos, t.edge(), longest_reach(state), |o, _| {
            flanks(state, attacker, target, o)
        })
        .is_some()
}

/// X-SIT-001 for one fighter: whether `o` flanks `target` with
/// `attacker` (an ally of the attacker that threatens the target, the
/// line between their squares crossing the target's space). Only a
/// fighter that threatens the target can: [`flanked`] asks it of those
/// near the target.
pub fn flanks(state: &State, attacker: CombatantId, target: CombatantId, o: CombatantId) -> bool {
    let (a, t) = (state.fighter(attacker), state.fighter(target));
    o != attacker
        && o != target
        && !state.foes(o, attacker)
        && threatens_at(state, o, t.pos, t.edge())
        && line_any(a.pos, state.fighter(o).pos, |s| overlaps(s, 1, t))
}

/// X-SIT-003: the attacker is behind the target: the angle between the
/// target's facing and the direction from the target to the attacker is
/// more than 135 degrees.
pub fn behind(state: &State, attacker: CombatantId, target: CombatantId) -> bool {
    let (a, t) = (state.fighter(attacker), state.fighter(target));
    let (fx, fy) = (i64::from(t.facing.0), i64::from(t.facing.1));
    if fx == 0 && fy == 0 {
        return false;
    }
    let (vx, vy) = (i64::from(a.pos.x - t.pos.x), i64::from(a.pos.y - t.pos.y));
    let dot = fx * vx + fy * vy;
    // cos < -sqrt(2)/2  <=>  dot < 0 and 2 dot^2 > |f|^2 |v|^2.
    dot < 0 && 2 * dot * dot > (fx * fx + fy * fy) * (vx * vx + vy * vy)
}
