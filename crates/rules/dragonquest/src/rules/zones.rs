//! Facing, melee zones, rear hexes, engagement and the Ranged Zone on the
//! hex grid (DQ-00-013, DQ-00-014, DQ-00-015, DQ-12-008).

use crate::model::options::RangedZone;
use crate::model::state::{Figure, State};
use crate::rules::values::Quarter;
use arrayvec::ArrayVec;
use fray_core::CombatantId;
use fray_core::grid::{HexPos, RelativeBearing, Side, Zone, arc};

/// DQ-00-013, DQ-00-015: the melee zone, the front hexes (f-1, f, f+1 for
/// a 1-hex figure; the two hexes sharing the faced corner for a multi-hex
/// one).
pub fn melee_zone(f: &Figure) -> ArrayVec<HexPos, 3> {
    f.front()
}

/// DQ-12-008: whether a figure projects a melee zone (dead and unconscious
/// figures do not; stunned ones do unless `stunned_projects_mz` is off).
pub fn projects_mz(state: &State, f: &Figure) -> bool {
    f.conscious()
        && f.status.restrained_by.is_none()
        && (state.options.stunned_projects_mz || !f.status.stunned)
}

/// Whether any hex of `other` lies in `owner`'s melee zone.
pub fn in_mz(state: &State, owner: CombatantId, other: CombatantId) -> bool {
    let o = state.fig(owner);
    if !projects_mz(state, o) {
        return false;
    }
    let t = state.fig(other);
    if t.is_single() {
        return crate::model::state::front_contains(o.shape, o.pos, o.heading, t.pos);
    }
    let mz = melee_zone(o);
    t.cells().iter().any(|c| mz.contains(c))
}

/// Whether `hex` lies in the melee zone of a conscious foe of `who`.
///
/// A front hex lies next to the figure's body, so only the figures within
/// a hex of `hex` are asked ([`State::any_near`], issue 35).
pub fn hex_in_foe_mz(state: &State, who: CombatantId, hex: HexPos) -> bool {
    state.any_near(hex, |o, of| {
        o != who
            && state.hostile(o, who)
            && projects_mz(state, of)
            && crate::model::state::front_contains(of.shape, of.pos, of.heading, hex)
    })
}

/// DQ-00-013: whether any hex of `other` is in one of `owner`'s rear hexes.
pub fn in_rear(state: &State, owner: CombatantId, other: CombatantId) -> bool {
    let (o, t) = (state.fig(owner), state.fig(other));
    if o.is_single() && t.is_single() {
        return in_rear_hexes(o, t.pos);
    }
    let body = o.body();
    state
        .fig(other)
        .body()
        .cells()
        .iter()
        .any(|&c| body.zone_of(c) == Some(Zone::Rear))
}

/// DQ-00-013: a 1-hex figure's rear hexes (f+2, f+3, f+4), in that order.
pub fn rear_hexes(f: &Figure) -> ArrayVec<HexPos, 3> {
    // DQ-23: a rider in the saddle (a 1-hex figure facing a corner).
    if let fray_core::grid::Heading::Corner(c) = f.heading
        && f.is_single()
    {
        return crate::model::state::rider_rear(f.pos, c);
    }
    let i = usize::from(f.facing().index());
    let mut v = ArrayVec::new();
    for k in [i + 2, i + 3, i + 4] {
        v.push(crate::model::state::step(f.pos, k));
    }
    v
}

/// Whether `hex` is one of [`rear_hexes`] of `f`: for a 1-hex figure
/// facing a side, three comparisons of offsets and nothing built (every
/// strike's Defense asks it).
#[inline]
pub fn in_rear_hexes(f: &Figure, hex: HexPos) -> bool {
    match f.heading {
        fray_core::grid::Heading::Side(s) if f.is_single() => {
            use crate::model::state::DIRECTIONS;
            let i = usize::from(s.index());
            let d = (hex.q - f.pos.q, hex.r - f.pos.r);
            d == DIRECTIONS[(i + 2) % 6]
                || d == DIRECTIONS[(i + 3) % 6]
                || d == DIRECTIONS[(i + 4) % 6]
        }
        _ => rear_hexes(f).contains(&hex),
    }
}

/// Whether two figures share a hex in close combat (DQ-13-016).
pub fn in_close_with(state: &State, a: CombatantId, b: CombatantId) -> bool {
    let (fa, fb) = (state.fig(a), state.fig(b));
    fa.status.close && fb.status.close && fa.pos == fb.pos
}

/// DQ-12-008: two hostile figures are engaged when they are adjacent and
/// one stands in the other's melee zone, or share a hex in close combat.
/// Dead and unconscious figures engage no one.
pub fn engaged_pair(state: &State, a: CombatantId, b: CombatantId) -> bool {
    if a == b || !state.hostile(a, b) {
        return false;
    }
    let (fa, fb) = (state.fig(a), state.fig(b));
    if !fa.conscious() || !fb.conscious() {
        return false;
    }
    if in_close_with(state, a, b) {
        return true;
    }
    fa.distance(fb) == 1 && (in_mz(state, a, b) || in_mz(state, b, a))
}

/// Whether `who` is engaged with anyone now.
///
/// An engaged pair stands within a hex of each other, so with the
/// occupancy index kept only the figures near `who`'s body are asked
/// ([`any_near_body`], issue 35); debug builds compare the pass.
pub fn engaged(state: &State, who: CombatantId) -> bool {
    let pass = || state.ids().any(|o| engaged_pair(state, who, o));
    if !state.occupancy.indexed() {
        return pass();
    }
    let found = any_near_body(state, who, |o| engaged_pair(state, who, o));
    debug_assert_eq!(found, pass(), "{who:?} engaged, by the occupancy index");
    found
}

/// Whether `pred` holds for a figure the occupancy index holds within a
/// hex of `who`'s body (filling one of its hexes or a neighbour), asked
/// in no set order and maybe more than once; `false` at once when the
/// index is off (the caller then passes over everyone).
fn any_near_body(
    state: &State,
    who: CombatantId,
    mut pred: impl FnMut(CombatantId) -> bool,
) -> bool {
    use crate::model::state::step;
    state.fig(who).cells().iter().any(|&c| {
        (0..7).any(|k| {
            let h = if k == 6 { c } else { step(c, k) };
            state.occupancy.at(h).any(&mut pred)
        })
    })
}

/// DQ-12-008: the engagements, as a group number per figure (`u16::MAX`
/// for figures not engaged), groups numbered by their lowest figure id.
pub fn engagements(state: &State, out: &mut crate::model::state::SeqList<u16>) {
    let n = state.figures.len();
    out.clear();
    // Two figures (a duel): one pair, one group or none.
    if n == 2 {
        let g = if engaged_pair(state, CombatantId(0), CombatantId(1)) {
            0
        } else {
            u16::MAX
        };
        out.push(g);
        out.push(g);
        return;
    }
    out.resize(n, u16::MAX);
    for a in 0..n {
        let ia = CombatantId::of_index(a);
        if !state.occupancy.indexed() {
            for b in (a + 1)..n {
                join_if_engaged(state, out, a, b);
            }
            continue;
        }
        // With the index, only the figures near `a`'s body can be engaged
        // with it (issue 35). Pairs come in another order than the pass's,
        // but a group still gets its lowest id: when the pass over `a`
        // reaches a group's lowest figure none of its figures has a group
        // yet, and groups merge toward the lower number.
        any_near_body(state, ia, |ib| {
            if ib.index() > a {
                join_if_engaged(state, out, a, ib.index());
            }
            false
        });
    }
    #[cfg(debug_assertions)]
    if state.occupancy.indexed() {
        let mut pass = crate::model::state::SeqList::new();
        pass.resize(n, u16::MAX);
        for a in 0..n {
            for b in (a + 1)..n {
                join_if_engaged(state, &mut pass, a, b);
            }
        }
        debug_assert_eq!(*out, pass, "the engagements, by the occupancy index");
    }
}

/// [`engagements`]' step for one pair `a < b`: when engaged, the two join
/// one group (a new one numbered `a`, or the one either has, or the lower
/// of their two).
fn join_if_engaged(state: &State, out: &mut [u16], a: usize, b: usize) {
    if !engaged_pair(state, CombatantId::of_index(a), CombatantId::of_index(b)) {
        return;
    }
    let (ga, gb) = (out[a], out[b]);
    match (ga == u16::MAX, gb == u16::MAX) {
        (true, true) => {
            out[a] = a as u16;
            out[b] = a as u16;
        }
        (false, true) => out[b] = ga,
        (true, false) => out[a] = gb,
        (false, false) if ga != gb => {
            let (keep, drop) = (ga.min(gb), ga.max(gb));
            for g in out.iter_mut() {
                if *g == drop {
                    *g = keep;
                }
            }
        }
        _ => {}
    }
}

/// DQ-00-014: whether `target` is in `f`'s Ranged Zone.
pub fn in_ranged_zone(state: &State, f: &Figure, target: HexPos) -> bool {
    match state.options.ranged_zone {
        RangedZone::Wedge120 => {
            arc::arc(f.pos, f.facing(), target) == Some(fray_core::grid::Arc::Front)
        }
        RangedZone::HalfPlane180 => arc::in_front_half(f.pos, f.facing(), target),
    }
}

/// DQ-17-010, DQ-17-011: where an attack from `from` comes from, as the
/// defender sees it. Shields are on the left arm (decision), so the
/// shield-side front hex is f-1.
pub fn quarter(state: &State, defender: CombatantId, from: HexPos, ranged: bool) -> Quarter {
    let d = state.fig(defender);
    // A melee blow from a neighbouring hex at a 1-hex figure facing a side
    // (nearly every strike): the turn from its facing to the side the blow
    // comes across says it all: 2 to 4 sixths are its rear hexes
    // (DQ-00-013), the faced side and the one to its left the shield side
    // (DQ-17-011). The same answers as below (a test holds them).
    if !ranged
        && d.is_single()
        && let fray_core::grid::Heading::Side(s) = d.heading
        && let Some(k) = crate::model::state::side_toward(d.pos, from)
    {
        return match (k + 6 - usize::from(s.index())) % 6 {
            2..=4 => Quarter::Rear,
            0 | 5 => Quarter::ShieldFront,
            _ => Quarter::Front,
        };
    }
    quarter_by_bearing(state, d, from, ranged)
}

/// [`quarter`] by the rear hexes and the grid's bearing, for any blow
/// (DQ-00-013, DQ-17-010, DQ-17-011).
fn quarter_by_bearing(state: &State, d: &Figure, from: HexPos, ranged: bool) -> Quarter {
    let rear = if ranged {
        !in_ranged_zone(state, d, from)
    } else if d.is_single() {
        in_rear_hexes(d, from)
    } else {
        d.body().zone_of(from) == Some(Zone::Rear)
    };
    if rear {
        return Quarter::Rear;
    }
    match crate::model::state::bearing(d.pos, d.facing(), from) {
        Some(RelativeBearing::Front) | Some(RelativeBearing::FrontSide(Side::Left)) => {
            Quarter::ShieldFront
        }
        _ => Quarter::Front,
    }
}

/// DQ-11-002, DQ-11-003: what is wrong with the start distance, if
/// anything, and the rule it breaks: without surprise the nearest figures
/// of the two sides start at least 8 hexes apart, with it 8 or closer.
pub fn start_distance(state: &State) -> Option<(String, &'static str)> {
    let d = state
        .ids()
        .flat_map(|a| state.ids().map(move |b| (a, b)))
        .filter(|&(a, b)| state.hostile(a, b))
        .map(|(a, b)| state.fig(a).body().distance(&state.fig(b).body()))
        .min()?;
    let apart = if d == 1 {
        "1 hex".to_string()
    } else {
        format!("{d} hexes")
    };
    match state.surprise {
        None if d < 8 => Some((
            format!("the sides start {apart} apart; without surprise they should be at least 8"),
            "DQ-11-002",
        )),
        Some(_) if d > 8 => Some((
            format!("the sides start {apart} apart; with surprise they should be 8 or closer"),
            "DQ-11-003",
        )),
        _ => None,
    }
}
