//! The first AI, kept as `ai:basic` (`ai:basic-aggressive`,
//! `ai:basic-defensive`) so that the seasoned one can be measured against
//! it: it closes on the nearest foe, picks the attack mode with the best
//! expected injury against the foe's armor (M-DMG-008), aims when its
//! skill is below the Snap Shot and fires at once when not (M-ROA-004,
//! M-MIS-008), reloads (M-MIS-009), goes all out against a stunned foe
//! (M-MEL-002), retreats when badly hurt (M-AOD-005), and defends with its
//! best defense.

use super::{Tactics, memo, table};
use crate::model::action::{Action, AllOut, Strike, Unarmed};
use crate::model::location::Location;
use crate::model::state::{AodKind, Fighter, Held, Posture, ShieldState, State};
use crate::rules::armor::dr_at;
use crate::rules::attack::{HitCtx, bearing, face_toward, in_front_arc, in_reach, to_hit};
use crate::rules::damage::{basic, wound};
use crate::rules::maneuver::{check, free_hex, move_allowance, strike_step};
use crate::rules::turn::incapacitated;
use fray_core::grid::{Facing, HexPos, RelativeBearing};
use fray_core::{CombatantId, Total};
use std::ops::ControlFlow;

/// Hexes within `radius` of `c`, without allocating.
pub(super) fn hexes_around(c: HexPos, radius: i32) -> impl Iterator<Item = HexPos> {
    (-radius..=radius).flat_map(move |dq| {
        let lo = (-radius).max(-dq - radius);
        let hi = radius.min(-dq + radius);
        (lo..=hi).map(move |dr| HexPos::new(c.q + dq, c.r + dr))
    })
}

/// The most hexes [`closing_hex`] watches for its early stop (a move of 10
/// hexes has 331 within it).
const CANDIDATES: usize = 400;

/// The free hex a move within `allowance` of `f_pos` can reach (round
/// walls and foes, M-FLO-006 decision) that is nearest to `tp` by the way
/// there, then nearest to `f_pos`, then first in hex order (`HexPos`
/// orders by q, then r): the Move that closes on a foe. The figure's own
/// hex is a candidate (`None` only when even that is not free).
pub(super) fn closing_hex(
    state: &State,
    who: CombatantId,
    f_pos: HexPos,
    tp: HexPos,
    allowance: i32,
) -> Option<HexPos> {
    use crate::rules::path::{INLINE_REACH as APPROACH, Reach};
    let allowance = allowance.max(0);
    let reach = Reach::from(state, who, f_pos, allowance as u32);
    // The hexes reached, in the box's order: the choice below is the least
    // of a total order and the candidates are all of them or none, so the
    // order of the walk changes nothing.
    let mut candidates = arrayvec::ArrayVec::<HexPos, { CANDIDATES }>::new();
    for hex in reach.reached() {
        if hex == tp || !free_hex(state, who, hex) {
            continue;
        }
        if candidates.try_push(hex).is_err() {
            candidates.clear();
            break;
        }
    }
    // The search from the foe stops once a candidate's cost is known: the
    // nearest by the way there then costs that or less, and every hex the
    // search has not reached costs more (`Reach::until`): the same choice
    // as the whole search's, without searching 20 hexes round a foe
    // across a field of thousands (issue 35). A figure with more
    // candidates than the list holds searches the whole way: up to
    // `APPROACH` (20 hexes, the search's box on the stack) round the foe,
    // a hex farther counting as after every hex within it.
    let to_foe = Reach::until(state, who, tp, APPROACH, |r, c| {
        candidates
            .iter()
            .any(|&h| r.cost(h).is_some_and(|k| k <= c))
    });
    let mut best: Option<(u32, u32, HexPos)> = None;
    for hex in reach.reached() {
        if hex == tp || !free_hex(state, who, hex) {
            continue;
        }
        // Beyond the search the straight distance, after every hex in it.
        let d = to_foe.cost(hex).unwrap_or(APPROACH + 1 + hex.distance(tp));
        let key = (d, f_pos.distance(hex), hex);
        if best.is_none_or(|b| key < b) {
            best = Some(key);
        }
    }
    best.map(|b| b.2)
}

/// The nearest conscious foe (ties: the lowest id). On a field with an
/// occupancy index it looks hex ring by hex ring out to [`NEAR_RINGS`],
/// where a battle's foes are, and only then over the whole field (issue
/// 35): the first ring holding a foe holds the nearest, and its lowest id
/// is the pass's answer.
pub(super) fn nearest_foe(state: &State, who: CombatantId) -> Option<CombatantId> {
    let f = state.fighter(who);
    let foe = |_: CombatantId, x: &Fighter| x.side != f.side && x.awake();
    if state.occupancy.indexed() {
        for radius in 0..=NEAR_RINGS {
            let nearest = ring(f.pos, radius)
                .filter_map(|h| state.first_at(h, foe))
                .min();
            if nearest.is_some() {
                return nearest;
            }
        }
    }
    state
        .ids()
        .filter(|&o| foe(o, state.fighter(o)))
        .min_by_key(|&o| (f.pos.distance(state.fighter(o).pos), o.0))
}

/// How far [`nearest_foe`] looks ring by ring before it passes over the
/// field.
const NEAR_RINGS: u32 = 8;

/// The hexes at exactly `radius` from `centre` (the centre itself for 0),
/// without allocating: from the south-west corner round the six sides.
pub(super) fn ring(centre: HexPos, radius: u32) -> impl Iterator<Item = HexPos> {
    let mut corner = centre;
    for _ in 0..radius {
        corner = corner.neighbour(Facing::Sw);
    }
    let sides = if radius == 0 { 1 } else { 6 };
    let steps = radius.max(1);
    (0..sides)
        .flat_map(move |side| (0..steps).map(move |step| (side, step)))
        .scan(corner, move |at, (side, _)| {
            let here = *at;
            if radius > 0 {
                *at = at.neighbour(Facing::ALL[side]);
            }
            Some(here)
        })
}

/// Chance in 216 of rolling `target` or less on 3d6.
pub(super) const CUMULATIVE: [u32; 19] = [
    0, 0, 0, 1, 4, 10, 20, 35, 56, 81, 108, 135, 160, 181, 196, 206, 212, 215, 216,
];

/// M-FLO-003: below 3 no roll; 3 and 4 always succeed, 17 and 18 always fail.
pub(super) fn chance(target: i32) -> u32 {
    if target < 3 {
        0
    } else {
        CUMULATIVE[target.clamp(4, 16) as usize]
    }
}

/// The wound (×4, +1) a strike at full damage leaves in the target's
/// torso or called location after its DR (M-DMG-008): the injury half of
/// the AI's value, which depends on the mode but not on the roll.
pub(super) fn injury_weight(state: &State, who: CombatantId, s: &Strike, bonus: i32) -> i64 {
    let f = state.fighter(who);
    let t = state.fighter(s.target);
    let b = basic(f, s, bonus, &state.options);
    let dmg = if b.bite { 3 + b.damage } else { b.damage };
    let loc = s.location.unwrap_or(Location::Torso);
    let injury = wound(
        dmg - dr_at(t, loc, b.kind, &state.options),
        b.kind,
        loc,
        &state.options,
    );
    i64::from(injury.max(0) * 4 + 1)
}

/// The chance in 216 to hit with a strike (M-FLO-003): the same for every
/// mode of a weapon, since no to-hit term reads the mode.
fn hit_chance(state: &State, who: CombatantId, s: &Strike, from: HexPos, ctx: HitCtx) -> i64 {
    let mut m = Total::default();
    to_hit(state, who, s, from, ctx, &mut m);
    i64::from(chance(m.0))
}

/// Expected injury (×216) of a strike at full damage against the target's
/// torso, weighted by the chance to hit (M-DMG-008).
fn value(
    state: &State,
    who: CombatantId,
    s: &Strike,
    from: HexPos,
    ctx: HitCtx,
    bonus: i32,
) -> i64 {
    hit_chance(state, who, s, from, ctx) * injury_weight(state, who, s, bonus)
}

/// The best strike at `target` from `from` over the weapons and modes.
/// Reach, the front arc and legality do not depend on the mode, nor does
/// the chance to hit: each weapon is checked and its to-hit summed once,
/// then each mode weighed by its injury.
fn best_strike(
    state: &State,
    who: CombatantId,
    target: CombatantId,
    from: HexPos,
    step: Option<HexPos>,
) -> Option<(Strike, i64)> {
    let f = state.fighter(who);
    let tp = state.fighter(target).pos;
    // The chance to hit with `s`, or `None` when it cannot be made. Reach
    // and the front arc come first: `check` refuses the same strikes, but
    // words its refusal, which the simulator should not pay for.
    let usable = |s: &Strike| {
        if !in_reach(f, s, from, tp)
            || (s.to.is_none() && from != tp && !in_front_arc(from, f.facing, tp))
            || check(state, who, &Action::Attack(*s)).is_err()
        {
            return None;
        }
        Some(hit_chance(state, who, s, from, HitCtx::default()))
    };
    table::with(state, who, |weights| {
        let mut best: Option<(Strike, i64)> = None;
        for (i, h) in f.weapons.iter().enumerate() {
            if h.lost || !h.ready {
                continue;
            }
            let mut s = Strike::at(target).with(i as u8, 0);
            s.to = step;
            let chance = if step.is_none() && !h.weapon.ranged() {
                let fast = melee_here(state, who, &s, h);
                debug_assert_eq!(fast, usable(&s), "melee_here disagrees with the rules");
                fast
            } else {
                usable(&s)
            };
            let Some(chance) = chance else { continue };
            // Every mode has this chance: the best is the mode of the
            // highest weight, or the first when the chance is 0 (all
            // weigh 0 then), as weighing them in turn would leave it.
            if let Some((m, w)) = weights.best_mode(&s, h.weapon.modes.len()) {
                let (m, v) = if chance == 0 { (0, 0) } else { (m, chance * w) };
                if best.is_none_or(|(_, b)| v > b) {
                    best = Some((s.with(i as u8, m), v));
                }
            }
        }
        if best.is_none() {
            // What the three strikes from the figure's hex share, once.
            let shared = step
                .is_none()
                .then(|| unarmed_shared(state, who, target))
                .flatten();
            for u in [Unarmed::Punch, Unarmed::Kick, Unarmed::Bite] {
                let mut s = Strike::at(target);
                s.unarmed = Some(u);
                s.to = step;
                let chance = if step.is_none() {
                    let fast = shared.and_then(|terms| unarmed_here(f, u, terms));
                    debug_assert_eq!(fast, usable(&s), "unarmed_here disagrees with the rules");
                    fast
                } else {
                    usable(&s)
                };
                if let Some(chance) = chance {
                    let v = chance * weights.get(&s);
                    if best.is_none_or(|(_, b)| v > b) {
                        best = Some((s, v));
                    }
                }
            }
        }
        best
    })
}

/// The chance in 216 to hit with a plain melee strike `s` (no step, no
/// called shot) with the ready weapon `h`, or `None` when the rules refuse
/// it: [`check`] of `Action::Attack(s)` and [`hit_chance`] for the one case
/// that makes up most of the AI's strike searches, written out so that
/// none of the terms only other strikes read is visited (debug builds
/// compare every answer with those two). The legality is M-FLO-006 (reach,
/// front arc), M-MOD-004 (panic), M-PEN-002 (incapacitated), M-CRT-002
/// and M-MEL-012 (lost, unready), M-PAT-005 (crippled weapon arm),
/// M-UNA-006 (held) and M-PAT-001 (no melee weapon from the ground); the
/// terms those of [`to_hit`] for a melee weapon.
#[inline]
fn melee_here(state: &State, who: CombatantId, s: &Strike, h: &Held) -> Option<i64> {
    use crate::model::location::Limb;
    use crate::rules::attack::heavy_penalty;
    if !may_strike(state, who, s) {
        return None;
    }
    let f = state.fighter(who);
    let tp = state.fighter(s.target).pos;
    let allowed = !h.lost
        && h.ready
        && usize::from(s.mode) < h.weapon.modes.len()
        && !f.is_crippled(Limb::WeaponArm)
        && !f.is_crippled(Limb::WeaponHand)
        && f.held_by.is_none()
        && (!f.posture.down()
            || state.options.lying_melee == crate::model::options::LyingMelee::Minus4)
        && f.pos.distance(tp) <= u32::from(h.weapon.reach)
        && (f.pos == tp || in_front_arc(f.pos, f.facing, tp));
    if !allowed {
        return None;
    }
    let mut target = h.skill + shared_terms(state, who, s);
    if f.pos == tp {
        target -= 2;
    }
    if h.unfamiliar {
        target -= 2;
    }
    target += heavy_penalty(f, h, state.round);
    Some(i64::from(chance(target)))
}

/// Whether the figure may strike `s.target` at all (no step, no called
/// shot): what [`check`] asks of every strike before its weapon's part
/// (M-MOD-004 panic, M-PEN-002 incapacitated, a living target).
#[inline]
fn may_strike(state: &State, who: CombatantId, s: &Strike) -> bool {
    let f = state.fighter(who);
    s.target.index() < state.fighters.len()
        && s.target != who
        && f.awake()
        && f.panic == 0
        && state.fighter(s.target).life != crate::model::state::Life::Dead
        && (!incapacitated(f) || state.options.incapacitated_can_attack)
}

/// The to-hit terms every strike from the figure's own hex shares
/// ([`to_hit`] with no called shot and a plain maneuver): DX halved,
/// stunned, posture, blinded eyes, bad footing and darkness.
#[inline(always)]
fn shared_terms(state: &State, who: CombatantId, s: &Strike) -> i32 {
    use crate::model::terrain::{BAD_FOOTING, DARKNESS};
    use crate::rules::attack::{dx_lost, terrain};
    let f = state.fighter(who);
    let posture = match f.posture {
        Posture::Standing => 0,
        Posture::Crouching | Posture::Kneeling | Posture::Sitting => -2,
        Posture::Crawling | Posture::Lying => -4,
    };
    let mut target = -dx_lost(f) + posture - 5 * i32::from(f.blind_eyes.min(2));
    if f.stun.is_some() {
        target -= 4;
    }
    if !state.open_map {
        if !f.aim.is_some_and(|(a, n)| a == s.target && n >= 1) {
            target -= terrain(state, f.pos, BAD_FOOTING);
        }
        target -= terrain(state, f.pos, DARKNESS);
    }
    target
}

/// What every unarmed strike at `target` from the figure's own hex shares
/// ([`melee_here`]'s counterpart): `None` when none may be made (the
/// figure may not strike, M-MOD-004, M-PEN-002; the foe beyond reach 1 or
/// outside the front arc, M-FLO-006), else the to-hit terms they share.
#[inline]
fn unarmed_shared(state: &State, who: CombatantId, target: CombatantId) -> Option<i32> {
    let s = Strike::at(target);
    if !may_strike(state, who, &s) {
        return None;
    }
    let f = state.fighter(who);
    let tp = state.fighter(target).pos;
    let reached = f.pos.distance(tp) <= 1 && (f.pos == tp || in_front_arc(f.pos, f.facing, tp));
    reached.then(|| shared_terms(state, who, &s))
}

/// The chance to hit with unarmed strike `u` given [`unarmed_shared`]'s
/// terms, or `None` when the rules refuse it (M-UNA-001: a bite only by a
/// figure that bites; M-PAT-005: a punch not with both hands crippled):
/// [`check`] and [`hit_chance`] written out, compared with them in debug
/// builds.
#[inline]
fn unarmed_here(f: &Fighter, u: Unarmed, terms: i32) -> Option<i64> {
    use crate::model::location::Limb;
    let allowed = match u {
        Unarmed::Bite => f.strikes_with(u),
        Unarmed::Punch => {
            f.strikes_with(u) && !(f.is_crippled(Limb::WeaponHand) && f.is_crippled(Limb::OffHand))
        }
        Unarmed::Kick => f.strikes_with(u),
        Unarmed::ShieldBash => false,
    };
    allowed.then(|| i64::from(chance(crate::rules::attack::unarmed_skill(f, u) + terms)))
}

/// Whether the figure has a melee weapon it has not lost.
pub(super) fn has_melee_weapon(f: &Fighter) -> bool {
    f.weapons.iter().any(|h| !h.lost && !h.weapon.ranged())
}

/// M-UNA-003/004: a slam by an unarmed figure: from the free hex next to a
/// standing foe that the figure can reach with the entry into the foe's
/// hex as the last hex of its move, preferring the foe's rear (+4), then
/// its side (+2), then the nearest; made only when the slammer's DX with
/// those terms, Boxing/10 and the shields (±2) beats the foe's DX by 2 or
/// more. A lost slam knocks the slammer down and stuns it, so an even
/// contest is not worth it; a won one leaves the foe down, stunned and in
/// the slammer's hex, where its own strikes take no close-combat penalty
/// (M-PAT-004) and the foe's weapons take -2.
pub(super) fn slam(state: &State, who: CombatantId, foe: CombatantId) -> Option<Action> {
    let f = state.fighter(who);
    let t = state.fighter(foe);
    if t.posture != Posture::Standing || f.pos == t.pos || f.held_by.is_some() {
        return None;
    }
    let limit = move_allowance(state, who).saturating_sub(1);
    let mut best: Option<(i32, std::cmp::Reverse<u32>, HexPos)> = None;
    for hex in hexes_around(t.pos, 1) {
        if hex == t.pos || f.pos.distance(hex) > limit || !free_hex(state, who, hex) {
            continue;
        }
        let edge = match bearing(t.pos, t.facing, hex) {
            Some(RelativeBearing::Rear) => 4,
            Some(RelativeBearing::Side(_)) => 2,
            _ => 0,
        };
        let key = (edge, std::cmp::Reverse(f.pos.distance(hex)), hex);
        if best.is_none_or(|b| (key.0, key.1) > (b.0, b.1)) {
            best = Some(key);
        }
    }
    let (position, _, hex) = best?;
    let shield = |x: &Fighter| {
        x.ready_shield()
            .is_some_and(|s| s.size != crate::model::data::ShieldSize::Small)
    };
    let edge = f.stats.dx - t.stats.dx
        + position
        + f.skills.boxing.map_or(0, |b| b / 10)
        + if shield(f) { 2 } else { 0 }
        - if shield(t) { 2 } else { 0 };
    if edge < 2 {
        return None;
    }
    let a = Action::Slam {
        target: foe,
        to: (hex != f.pos).then_some(hex),
    };
    check(state, who, &a).is_ok().then_some(a)
}

/// M-MIS-007: the ½ MV step before a first round of aim: away from a foe
/// with no missile weapon (each hex gained is one more turn before it can
/// strike), to the hex farthest from it that keeps it in sight; none
/// against a shooter or when no hex gains distance.
pub(super) fn aim_step(state: &State, who: CombatantId, foe: CombatantId) -> Option<HexPos> {
    let f = state.fighter(who);
    let t = state.fighter(foe);
    if f.held_by.is_some() || t.weapons.iter().any(|h| h.weapon.ranged() && !h.lost) {
        return None;
    }
    let half = (move_allowance(state, who) / 2) as i32;
    let here = f.pos.distance(t.pos);
    hexes_around(f.pos, half)
        .filter(|&h| {
            h != f.pos
                && h.distance(t.pos) > here
                && free_hex(state, who, h)
                && state
                    .map
                    .hex_sight(h, t.pos)
                    .is_clear(fray_core::grid::Graze::Either)
        })
        .max_by_key(|&h| (h.distance(t.pos), std::cmp::Reverse(f.pos.distance(h)), h))
}

/// The AI's maneuver, checked once so that the engine may trust it
/// (`Engine::AI_ACTIONS_ARE_LEGAL`). The choices made without a search
/// over hexes (above all the blow at a foe in reach, most of a duel's
/// turns) are worked out every time: with the injury table ([`table`])
/// that costs less than the memo's key and lookup. The rest (closing on a
/// foe, fleeing, missiles, unarmed slams and grapples) are remembered per
/// thread when the same situation came up before ([`memo`]).
pub(super) fn remembered(state: &State, who: CombatantId) -> Action {
    match choose(state, who, true) {
        Some((a, true)) => {
            debug_assert!(check(state, who, &a).is_ok(), "{a:?} was not checked");
            a
        }
        Some((a, false)) => checked(state, who, a),
        None => memo::remembered(state, who, || checked(state, who, action(state, who))),
    }
}

/// `chosen` when the rules allow it, else Do Nothing (always allowed).
pub(super) fn checked(state: &State, who: CombatantId, chosen: Action) -> Action {
    if check(state, who, &chosen).is_ok() {
        chosen
    } else {
        Action::DoNothing
    }
}

/// The AI's maneuver, worked out.
pub(super) fn action(state: &State, who: CombatantId) -> Action {
    match choose(state, who, false) {
        Some((a, _)) => a,
        None => unreachable!("a full choice always ends in a maneuver"),
    }
}

/// The AI's maneuver and whether it already passed the rules' check
/// (`true` for the maneuvers checked on the way, and for an Attack whose
/// strike [`best_strike`] checked: the check does not read the mode it
/// then picked). With `quick`, `None`
/// as soon as the choice needs a search over hexes or missile weapons
/// (the caller then asks the memo, which works the same choice out in
/// full); without it, never `None`.
fn choose(state: &State, who: CombatantId, quick: bool) -> Option<(Action, bool)> {
    match choice_steps(state, who, quick) {
        ControlFlow::Break(chosen) => chosen,
        ControlFlow::Continue(never) => match never {},
    }
}

/// What a step of the choice says: go on to the next step, or stop with
/// the choice (`None`: a quick choice gives up, see [`choose`]).
type Step = ControlFlow<Option<(Action, bool)>>;

/// Stops with `a` and whether it passed the check.
fn chosen(a: Action, checked: bool) -> Step {
    ControlFlow::Break(Some((a, checked)))
}

/// Stops a quick choice: the rest needs a search over hexes.
fn give_up_if(quick: bool) -> Step {
    if quick {
        ControlFlow::Break(None)
    } else {
        ControlFlow::Continue(())
    }
}

/// The steps of [`choose`], in order: the first that decides wins.
fn choice_steps(
    state: &State,
    who: CombatantId,
    quick: bool,
) -> ControlFlow<Option<(Action, bool)>, std::convert::Infallible> {
    recover(state, who)?;
    let nearest = nearest_foe(state, who);
    break_free(state, who)?;
    ready_weapon(state, who, nearest)?;
    let Some(foe) = nearest else {
        return ControlFlow::Break(Some((Action::DoNothing, false)));
    };
    flee(state, who, foe, quick)?;
    missiles(state, who, foe, quick)?;
    retreat_when_hurt(state, who, foe)?;
    unarmed(state, who, foe, quick)?;
    strike_in_reach(state, who, foe)?;
    give_up_if(quick)?;
    ControlFlow::Break(Some(close_in(state, who, foe)))
}

/// Whose tactics (`ai:aggressive`, `ai:defensive`): read only where a
/// choice turns on it (a name compared).
fn tactics_of(state: &State, who: CombatantId) -> Tactics {
    Tactics::of(state.controllers[who.index()].tactics())
}

/// Incapacitated, defend all out (M-PEN-002); down, stand up; a tangled
/// shield, free it (M-DEF-007).
fn recover(state: &State, who: CombatantId) -> Step {
    let f = state.fighter(who);
    if incapacitated(f) && !state.options.incapacitated_can_attack {
        let a = Action::AllOutDefense {
            kind: AodKind::MultipleFoe,
            foe: None,
        };
        return chosen(a, false);
    }
    if f.posture != Posture::Standing {
        let a = Action::ChangePosture {
            to: Posture::Standing,
        };
        if check(state, who, &a).is_ok() {
            return chosen(a, true);
        }
    }
    if f.shield
        .as_ref()
        .is_some_and(|s| s.state == ShieldState::Tangled)
    {
        return chosen(Action::ReadyShield, false);
    }
    ControlFlow::Continue(())
}

/// M-UNA-011/012: held with a weapon in hand, break free and step away
/// from the holder (its next Grapple must close again).
fn break_free(state: &State, who: CombatantId) -> Step {
    let f = state.fighter(who);
    if let Some((holder, _)) = f.held_by
        && f.weapons.iter().any(|h| h.ready && !h.lost)
    {
        let hp = state.fighter(holder).pos;
        let to = hexes_around(f.pos, 1)
            .filter(|&h| h != f.pos && free_hex(state, who, h))
            .max_by_key(|&h| (h.distance(hp), std::cmp::Reverse(h)));
        let a = Action::BreakFree { to };
        if check(state, who, &a).is_ok() {
            return chosen(a, true);
        }
    }
    ControlFlow::Continue(())
}

/// M-MEL-012: a weapon not ready is readied, with the step that comes
/// with readying toward a foe still out of reach.
fn ready_weapon(state: &State, who: CombatantId, nearest: Option<CombatantId>) -> Step {
    let f = state.fighter(who);
    let Some((i, h)) = f
        .weapons
        .iter()
        .enumerate()
        .find(|(_, h)| !h.ready && !h.lost)
    else {
        return ControlFlow::Continue(());
    };
    let to = nearest.and_then(|foe| {
        let tp = state.fighter(foe).pos;
        let reach = u32::from(h.weapon.reach).max(1);
        (f.pos.distance(tp) > reach && f.held_by.is_none())
            .then(|| {
                hexes_around(f.pos, 1)
                    .filter(|&x| x != f.pos && x != tp && free_hex(state, who, x))
                    .min_by_key(|&x| (x.distance(tp), x))
            })
            .flatten()
            .filter(|x| x.distance(tp) < f.pos.distance(tp))
    });
    let a = Action::ReadyWeapon {
        weapon: i as u8,
        to,
    };
    chosen(a, false)
}

/// M-MOD-004: in panic, flee to the farthest free hex from the foe.
fn flee(state: &State, who: CombatantId, foe: CombatantId, quick: bool) -> Step {
    let f = state.fighter(who);
    if f.panic == 0 {
        return ControlFlow::Continue(());
    }
    give_up_if(quick)?;
    let tp = state.fighter(foe).pos;
    let allowance = move_allowance(state, who) as i32;
    let best = hexes_around(f.pos, allowance)
        .filter(|&h| free_hex(state, who, h))
        .max_by_key(|&h| (h.distance(tp), std::cmp::Reverse(f.pos.distance(h)), h));
    let a = match best {
        Some(to) => Action::Move {
            to,
            face: None,
            evade: 0,
            shoot: None,
            swing: None,
        },
        None => Action::DoNothing,
    };
    chosen(a, false)
}

/// Missiles: reload, aim or shoot (M-ROA-004, M-MIS-008, M-MIS-009), with
/// a missile weapon that has shots and a foe beyond the next hex (or no
/// melee weapon at all); aim while the foe is far enough that it cannot
/// close first.
fn missiles(state: &State, who: CombatantId, foe: CombatantId, quick: bool) -> Step {
    let f = state.fighter(who);
    let dist = f.pos.distance(state.fighter(foe).pos);
    let Some((i, h)) = f
        .weapons
        .iter()
        .enumerate()
        .find(|(_, h)| h.weapon.ranged() && !h.lost && h.ammo != Some(0))
    else {
        return ControlFlow::Continue(());
    };
    if !(dist > 1 || f.weapons.iter().all(|w| w.weapon.ranged() || w.lost)) {
        return ControlFlow::Continue(());
    }
    give_up_if(quick)?;
    let i = i as u8;
    if !h.loaded {
        return chosen(Action::Reload { weapon: i }, false);
    }
    let s = Strike::at(foe).with(i, 0);
    if check(state, who, &Action::Attack(s)).is_err() {
        return ControlFlow::Continue(());
    }
    let slow = h.weapon.snap_shot.is_some_and(|ss| h.skill < ss);
    let aimed = f.aim.map_or(0, |(a, n)| if a == foe { n } else { 0 });
    if slow && (aimed < 2 && dist > 3 || aimed == 0 && dist > 1) {
        let to = (aimed == 0).then(|| aim_step(state, who, foe)).flatten();
        let a = Action::Aim {
            target: foe,
            weapon: i,
            to,
        };
        return chosen(a, false);
    }
    chosen(Action::Attack(s), false)
}

/// Badly hurt against a healthier foe: retreat (M-AOD-005), when the
/// step back can break contact. In the foe's own hex (close combat,
/// M-PAT-004) there is no hex "away from the attack" to step to, so a
/// retreat there only defends, every turn, while the foe strikes on:
/// the fight stalls (both fighters unarmed in one hex until the round
/// limit). There it fights instead.
fn retreat_when_hurt(state: &State, who: CombatantId, foe: CombatantId) -> Step {
    let f = state.fighter(who);
    let t = state.fighter(foe);
    let hurt = f.hp * 3 <= f.stats.hp && t.hp > 2 * f.hp;
    let tactics = || tactics_of(state, who);
    if f.pos.distance(t.pos) == 1
        && f.stun.is_none()
        && (hurt && tactics() != Tactics::Aggressive
            || f.hp * 2 <= f.stats.hp && tactics() == Tactics::Defensive)
    {
        return chosen(Action::Retreat, false);
    }
    ControlFlow::Continue(())
}

/// Unarmed: slam a standing foe when the contest leans its way, and
/// once in an armed foe's hex seize its weapon arm and wrest the
/// weapon away (M-UNA-003/006).
fn unarmed(state: &State, who: CombatantId, foe: CombatantId, quick: bool) -> Step {
    let f = state.fighter(who);
    let t = state.fighter(foe);
    if has_melee_weapon(f) {
        return ControlFlow::Continue(());
    }
    // The slam searches the hexes around the foe unless it is ruled
    // out at once (see [`slam`]): in the foe's hex, held, or the foe
    // not standing.
    give_up_if(quick && t.posture == Posture::Standing && f.pos != t.pos && f.held_by.is_none())?;
    if let Some(a) = slam(state, who, foe) {
        return chosen(a, true);
    }
    let armed = t
        .weapons
        .iter()
        .any(|h| h.ready && !h.lost && !h.weapon.ranged());
    let holds = t.held_by.is_some_and(|(by, _)| by == who);
    // Seize the weapon arm, then wrest the weapon away while the foe
    // stands (an ST contest); a foe without one is struck instead.
    if f.pos == t.pos && armed && (t.held_by.is_none() || holds && t.posture == Posture::Standing) {
        let a = Action::Grapple {
            target: foe,
            two_hands: f.ready_shield().is_none(),
            wrest: holds,
        };
        if check(state, who, &a).is_ok() {
            return chosen(a, true);
        }
    }
    ControlFlow::Continue(())
}

/// Melee in reach: strike, all out against a stunned or defenceless foe
/// (or always, aggressive), for the bonus worth more.
fn strike_in_reach(state: &State, who: CombatantId, foe: CombatantId) -> Step {
    let f = state.fighter(who);
    let t = state.fighter(foe);
    let Some((s, _)) = best_strike(state, who, foe, f.pos, None) else {
        return ControlFlow::Continue(());
    };
    let defenceless = t.stun.is_some() || t.guard.no_active || !t.awake() || t.posture.down();
    let is_melee = s.unarmed.is_some()
        || f.weapons
            .get(usize::from(s.weapon))
            .is_some_and(|h| !h.weapon.ranged());
    if is_melee && (defenceless || tactics_of(state, who) == Tactics::Aggressive) {
        let damage = value(state, who, &s, f.pos, HitCtx::default(), 2);
        let all_out = HitCtx {
            all_out_skill: true,
            ..HitCtx::default()
        };
        let skill = value(state, who, &s, f.pos, all_out, 0);
        let bonus = if damage >= skill {
            AllOut::Damage
        } else {
            AllOut::Skill
        };
        return chosen(Action::AllOutAttack { strike: s, bonus }, false);
    }
    chosen(Action::Attack(s), true)
}

/// Close in: attack with a step if a hex in reach is near enough, else
/// move toward the foe (or turn to face it).
fn close_in(state: &State, who: CombatantId, foe: CombatantId) -> (Action, bool) {
    let f = state.fighter(who);
    let t = state.fighter(foe);
    if let Some(hex) = step_in_reach(state, who, foe)
        && let Some((s, _)) = best_strike(state, who, foe, hex, Some(hex))
    {
        return (Action::Attack(s), true);
    }
    let allowance = move_allowance(state, who) as i32;
    let a = match closing_hex(state, who, f.pos, t.pos, allowance) {
        Some(to) if to != f.pos => Action::Move {
            to,
            face: face_toward(to, t.pos),
            evade: 0,
            shoot: None,
            swing: None,
        },
        _ if !in_front_arc(f.pos, f.facing, t.pos) => Action::Move {
            to: f.pos,
            face: face_toward(f.pos, t.pos),
            evade: 0,
            shoot: None,
            swing: None,
        },
        _ => Action::DoNothing,
    };
    (a, false)
}

/// The free hex within the strike's step from which the foe is in reach:
/// the nearest to the figure, then to the foe, then the first in hex
/// order.
fn step_in_reach(state: &State, who: CombatantId, foe: CombatantId) -> Option<HexPos> {
    let f = state.fighter(who);
    let t = state.fighter(foe);
    let probe = Strike::at(foe);
    let step = strike_step(state, who, &probe) as i32;
    let mut best_from: Option<(u32, u32, HexPos)> = None;
    // The hexes in reach of the foe are those within the melee reach of
    // its hex (in the same hex order as a scan around the figure, so ties
    // fall the same way); a missile weapon's reach is its range, scanned
    // from the figure.
    let melee_reach = match crate::rules::attack::held(f, &probe) {
        Some(h) if h.weapon.ranged() => None,
        Some(h) => Some(i32::from(h.weapon.reach)),
        None => Some(1),
    };
    let (centre, radius) = match melee_reach {
        Some(r) if r < step => (t.pos, r),
        _ => (f.pos, step),
    };
    for hex in hexes_around(centre, radius) {
        if f.pos.distance(hex) as i32 > step {
            continue;
        }
        if !free_hex(state, who, hex) || !in_reach(f, &probe, hex, t.pos) || hex == t.pos {
            continue;
        }
        let key = (f.pos.distance(hex), hex.distance(t.pos), hex);
        if best_from.is_none_or(|b| (key.0, key.1) < (b.0, b.1)) {
            best_from = Some(key);
        }
    }
    best_from.map(|(_, _, hex)| hex)
}

#[cfg(test)]
mod tests {
    use super::ring;
    use fray_core::grid::HexPos;

    #[test]
    fn a_ring_is_every_hex_at_its_radius_once() {
        let c = HexPos::new(3, -2);
        for radius in 0..6 {
            let mut got: Vec<HexPos> = ring(c, radius).collect();
            got.sort();
            got.dedup();
            let mut want = c.ring(radius);
            want.sort();
            assert_eq!(got, want, "radius {radius}");
        }
    }
}
