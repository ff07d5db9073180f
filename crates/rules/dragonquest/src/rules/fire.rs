//! The line of fire (DQ-16-001..004, DQ-16-002): who a missile meets, in
//! order, from the shooter to the target and on past it to 1.5 × range.
//! Pure: `resolve::fire` rolls the strike checks along it; the seasoned AI
//! reads it only for the friends on it (it sees its friends, DQ-16-005
//! forbids it nothing else: it does not read whether the line is open).

use crate::model::state::{Life, State};
use crate::rules::zones;
use fray_core::CombatantId;
use fray_core::grid::{Graze, HexPos};

/// What a shot from `a` at `target` meets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// No line of fire: blocked or obscured on the way (DQ-16-001,
    /// DQ-16-003).
    Blocked,
    /// The line leaves the shooter's Ranged Zone (DQ-16-001).
    OutsideZone,
    /// The figures strike-checked in order (DQ-16-004): those on the line
    /// nearest first, the target, then those on the extension (DQ-16-002).
    Open(Vec<CombatantId>),
}

/// The hex of `target` a shot from `from` aims at: its nearest hex (the
/// lowest q, then r, on ties).
pub fn aim(state: &State, from: HexPos, target: CombatantId) -> HexPos {
    state
        .fig(target)
        .body()
        .cells()
        .iter()
        .copied()
        .min_by_key(|c| (c.distance(from), c.q, c.r))
        .unwrap_or(state.fig(target).pos)
}

/// DQ-16-001..004, DQ-16-002: the line of a shot by `a` from `from` at
/// `target` with a weapon of `range` hexes.
pub fn line(state: &State, a: CombatantId, from: HexPos, target: CombatantId, range: u32) -> Line {
    let aim = aim(state, from, target);
    let sight = state.map.hex_sight(from, aim);
    let Some(trace) = sight
        .clear_trace()
        .filter(|_| sight.is_clear(Graze::Either))
    else {
        return Line::Blocked;
    };
    let shooter = state.fig(a);
    let cells = trace.cells();
    let zone = |c: HexPos| {
        if from == shooter.pos {
            zones::in_ranged_zone(state, shooter, c)
        } else {
            // From another hex (the AI's look from a step away): the
            // zone of the shooter turned toward the target.
            true
        }
    };
    if !cells.iter().skip(1).all(|&c| zone(c)) {
        return Line::OutsideZone;
    }
    let mut order: Vec<CombatantId> = Vec::new();
    let meet = |order: &mut Vec<CombatantId>, c: HexPos| {
        for o in state.ids() {
            if o != a
                && !order.contains(&o)
                && state.fig(o).life != Life::Dead
                && state.fig(o).body().contains(c)
            {
                order.push(o);
            }
        }
    };
    for &c in cells.iter().skip(1) {
        meet(&mut order, c);
    }
    if !order.contains(&target) {
        order.push(target);
    }
    // DQ-16-002: past the target, out to 1.5 × range.
    let limit = range.saturating_mul(3) / 2;
    let d = from.distance(aim).max(1);
    let k = (limit / d + 1) as i32;
    let far = HexPos::new(from.q + (aim.q - from.q) * k, from.r + (aim.r - from.r) * k);
    if far.in_supported_range() {
        for c in from.line_iter(far) {
            let dist = from.distance(c);
            if dist <= from.distance(aim) || dist > limit {
                continue;
            }
            if !state.map.passable(c) || state.map.opaque(c) {
                break;
            }
            meet(&mut order, c);
        }
    }
    Line::Open(order)
}
