//! The dispatch of one maneuver: announce it, carry it out, wrap up the
//! turn (M-FLO-001: whatever it does to the figure's defenses lasts until
//! its next turn).

use crate::model::action::{Action, AllOut, ChargeOption, Strike};
use crate::model::data::RateClass;
use crate::model::data::Size;
use crate::model::event::Event;
use crate::model::state::{AodKind, ShieldState, State, Stun, trigger_bit};
use crate::model::state::{Posture, Waiting};
use crate::model::terrain::BAD_FOOTING;
use crate::resolve::attack::{Blow, attack};
use crate::resolve::check;
use crate::resolve::close;
use crate::resolve::wait;
use crate::rules::attack::{HitCtx, held};
use crate::{Flow, Margin};
use fray_core::dice::systems::margin3d6::Winner;
use fray_core::grid::HexPos;
use fray_core::{CombatantId, Cx, ModList};

/// Resolves a checked maneuver.
pub fn resolve(
    state: &mut State,
    who: CombatantId,
    action: &Action,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    cx.emit(|| Event::Declared {
        who: state.fighter(who).name.to_string(),
        what: crate::model::words::action(state, who, action),
    });
    let aiming = matches!(action, Action::Aim { .. });
    carry_out(state, who, action, cx)?;
    // Tested here: nearly every action leaves no Wait strike deferred.
    if state.deferred.is_some() {
        crate::resolve::wait::deferred(state, cx)?;
    }
    close::release(state);
    wrap_up(state, who, action, aiming);
    Ok(())
}

/// Carries out a checked maneuver: one step per kind.
fn carry_out(
    state: &mut State,
    who: CombatantId,
    action: &Action,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    match action {
        Action::DoNothing => {}
        Action::Move {
            to,
            face,
            evade,
            shoot,
            swing,
        } => {
            let moving = Moving {
                to: *to,
                face: *face,
                evade: *evade,
            };
            move_on(state, who, moving, shoot.as_ref(), swing.as_ref(), cx)?;
        }
        Action::WildSwing(s) => wild_swing(state, who, s, cx)?,
        Action::TwoWeaponAttack {
            target,
            first,
            second,
        } => two_weapon_attack(state, who, *target, *first, *second, cx)?,
        Action::AllOutCharge { strike: s, option } => charge(state, who, s, *option, cx)?,
        Action::PopUp(s) => pop_up(state, who, s, cx)?,
        Action::Slam { target, to } => slam(state, who, *target, *to, cx)?,
        Action::FlyingTackle { target, to } => flying_tackle(state, who, *target, *to, cx)?,
        Action::Grapple {
            target,
            two_hands,
            wrest,
        } => close::grapple(state, who, *target, *two_hands, *wrest, cx)?,
        Action::Takedown { target } => close::takedown(state, who, *target, cx)?,
        Action::BreakFree { to } => break_free(state, who, *to, cx)?,
        Action::Wait {
            weapon,
            mode,
            to,
            hexes,
        } => wait_to_strike(state, who, (*weapon, *mode), *to, hexes, cx)?,
        Action::OpportunityFire {
            weapon,
            watch,
            confirm,
        } => {
            state.fighter_mut(who).guard.wait = Some(Waiting::Fire {
                weapon: *weapon,
                watch: *watch,
                confirm: *confirm,
            });
        }
        Action::Attack(s) => plain_attack(state, who, s, cx)?,
        Action::AllOutAttack { strike: s, bonus } => all_out_attack(state, who, s, *bonus, cx)?,
        Action::RapidAttack(s) => rapid_attack(state, who, s, cx)?,
        Action::Feint { target, weapon } => feint_at(state, who, *target, *weapon, 0, cx)?,
        Action::AllOutDefense { kind, foe } => all_out_defense(state, who, *kind, *foe),
        Action::Retreat => state.fighter_mut(who).guard.retreat = true,
        Action::Aim { target, to, .. } => aim(state, who, *target, *to, cx)?,
        Action::Reload { weapon } => reload(state, who, *weapon),
        Action::ReadyWeapon { weapon, to } => ready_weapon(state, who, *weapon, *to, cx)?,
        Action::ReadyShield => ready_shield(state, who),
        Action::ChangePosture { to } => state.fighter_mut(who).posture = *to,
    }
    Ok(())
}

/// Where a Move goes and how (M-AOD-006, M-RNG-007).
#[derive(Clone, Copy)]
struct Moving {
    to: HexPos,
    face: Option<fray_core::grid::Facing>,
    evade: u8,
}

/// Adds `hexes` to the hexes the figure moved this turn.
fn count_moved(state: &mut State, who: CombatantId, hexes: u32) {
    let f = state.fighter_mut(who);
    f.moved = f.moved.saturating_add(hexes.min(255) as u8);
}

/// M-AOD-006: a Move, with a Wild Swing on the way (M-MEL-003) or one
/// shot at its end (M-PAT-003).
fn move_on(
    state: &mut State,
    who: CombatantId,
    m: Moving,
    shoot: Option<&Strike>,
    swing: Option<&Strike>,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let mut moved = 0;
    if let Some(s) = swing {
        match swing_on_the_way(state, who, s, m.to, cx)? {
            Some(hexes) => moved = hexes,
            None => return Ok(()),
        }
    }
    let here = state.fighter(who).pos;
    step(state, who, m.to, None, cx)?;
    moved += here.distance(m.to);
    {
        let f = state.fighter_mut(who);
        f.moved = f.moved.saturating_add(moved.min(255) as u8);
        f.evading = m.evade.min(2);
        if let Some(fc) = m.face {
            f.facing = fc;
        }
    }
    // M-PAT-003, M-AOD-006: one shot on the move, no aim bonus.
    if let Some(s) = shoot {
        let mut s = *s;
        s.to = None;
        state.fighter_mut(who).aim = None;
        let ctx = HitCtx {
            moving: Some(moved),
            ..HitCtx::default()
        };
        strike(state, who, &s, m.to, ctx, 0, cx)?;
    }
    Ok(())
}

/// M-MEL-003: a Wild Swing at a point along the path: the figure goes
/// there, turns to the foe and swings; the hexes moved so far when it
/// moves on, `None` when it stops there (it fell or was hurt out of the
/// fight, or its way on is now blocked: what it moved is counted).
fn swing_on_the_way(
    state: &mut State,
    who: CombatantId,
    s: &Strike,
    to: HexPos,
    cx: &mut impl Cx<Margin>,
) -> Flow<Option<u32>> {
    let start = state.fighter(who).pos;
    let point = s.to.unwrap_or(start);
    let from = step(state, who, point, Some(s.target), cx)?;
    let moved = start.distance(from);
    let ctx = HitCtx {
        wild: true,
        ..HitCtx::default()
    };
    let mut inner = *s;
    inner.to = None;
    strike(state, who, &inner, from, ctx, 0, cx)?;
    let f = state.fighter(who);
    if !f.awake()
        || f.posture != Posture::Standing
        || !crate::rules::maneuver::free_hex(state, who, to)
    {
        count_moved(state, who, moved);
        return Ok(None);
    }
    Ok(Some(moved))
}

/// M-MEL-003: a Wild Swing after its move.
fn wild_swing(
    state: &mut State,
    who: CombatantId,
    s: &Strike,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let start = state.fighter(who).pos;
    let from = step(state, who, s.to.unwrap_or(start), Some(s.target), cx)?;
    count_moved(state, who, start.distance(from));
    let ctx = HitCtx {
        wild: true,
        ..HitCtx::default()
    };
    strike(state, who, s, from, ctx, 0, cx)
}

/// M-MEL-004: one blow with each weapon, each at its penalty.
fn two_weapon_attack(
    state: &mut State,
    who: CombatantId,
    target: CombatantId,
    first: u8,
    second: u8,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let from = state.fighter(who).pos;
    let (p1, p2) = two_weapon_penalties(state, who, first, second);
    for (w, pen, off) in [(first, p1, false), (second, p2, true)] {
        let ctx = HitCtx {
            two_weapon: pen,
            off_hand: off,
            ..HitCtx::default()
        };
        let s = Strike::at(target).with(w, 0);
        strike(state, who, &s, from, ctx, 0, cx)?;
    }
    Ok(())
}

/// M-MIS-004: a Pop-Up Attack.
fn pop_up(state: &mut State, who: CombatantId, s: &Strike, cx: &mut impl Cx<Margin>) -> Flow<()> {
    let from = strike_step_taken(state, who, s, cx)?;
    let ctx = HitCtx {
        popup: true,
        ..HitCtx::default()
    };
    strike(state, who, s, from, ctx, 0, cx)
}

/// The step a strike takes before it (to `s.to`, facing the target):
/// the hex it strikes from.
fn strike_step_taken(
    state: &mut State,
    who: CombatantId,
    s: &Strike,
    cx: &mut impl Cx<Margin>,
) -> Flow<HexPos> {
    let to = s.to.unwrap_or(state.fighter(who).pos);
    step(state, who, to, Some(s.target), cx)
}

/// M-UNA-003/005: a slam is the entry into the foe's hex; win, lose or
/// tie, both are then in it.
fn slam(
    state: &mut State,
    who: CombatantId,
    target: CombatantId,
    to: Option<HexPos>,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let start = state.fighter(who).pos;
    let from = step(state, who, to.unwrap_or(start), Some(target), cx)?;
    count_moved(state, who, start.distance(from));
    close::slam(state, who, target, 0, cx)?;
    close::enter(state, who, target, cx);
    Ok(())
}

/// M-UNA-008: a Flying Tackle; a tackle that lands enters the foe's hex.
fn flying_tackle(
    state: &mut State,
    who: CombatantId,
    target: CombatantId,
    to: Option<HexPos>,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let start = state.fighter(who).pos;
    let from = step(state, who, to.unwrap_or(start), Some(target), cx)?;
    let closed = start.distance(from);
    count_moved(state, who, closed);
    if close::tackle(state, who, target, closed, cx)? {
        close::enter(state, who, target, cx);
    }
    Ok(())
}

/// M-UNA-011/012: a Break Free; once free, the figure may at once step
/// 1 hex.
fn break_free(
    state: &mut State,
    who: CombatantId,
    to: Option<HexPos>,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    close::break_free(state, who, cx)?;
    if let Some(to) = to
        && state.fighter(who).held_by.is_none()
        && state.fighter(who).awake()
    {
        own_step(state, who, to, cx)?;
    }
    Ok(())
}

/// M-MEL-011: up to 1 hex, then wait for the named hexes with the weapon
/// and mode `with`.
fn wait_to_strike(
    state: &mut State,
    who: CombatantId,
    with: (u8, u8),
    to: Option<HexPos>,
    hexes: &[HexPos],
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    if let Some(to) = to {
        own_step(state, who, to, cx)?;
    }
    let f = state.fighter_mut(who);
    let mask = hexes
        .iter()
        .filter_map(|&h| trigger_bit(f.pos, h))
        .fold(0, |m, b| m | b);
    if f.awake() {
        f.guard.wait = Some(Waiting::Strike {
            weapon: with.0,
            mode: with.1,
            hexes: mask,
        });
    }
    Ok(())
}

/// An Attack: its step, then each shot (M-MIS-001) or the blow.
fn plain_attack(
    state: &mut State,
    who: CombatantId,
    s: &Strike,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let from = strike_step_taken(state, who, s, cx)?;
    let shots = shots(state, who, s, false);
    for shot in 0..shots {
        let ctx = HitCtx {
            shot,
            ..HitCtx::default()
        };
        strike(state, who, s, from, ctx, 0, cx)?;
    }
    Ok(())
}

/// M-MEL-002: an All-Out Attack, +4 to skill or +2 damage, and no active
/// defense until its next turn.
fn all_out_attack(
    state: &mut State,
    who: CombatantId,
    s: &Strike,
    bonus: AllOut,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    state.fighter_mut(who).guard.no_active = true;
    let from = strike_step_taken(state, who, s, cx)?;
    let ctx = HitCtx {
        all_out_skill: bonus == AllOut::Skill,
        ..HitCtx::default()
    };
    let dmg = if bonus == AllOut::Damage { 2 } else { 0 };
    strike(state, who, s, from, ctx, dmg, cx)
}

/// M-MIS-003, M-ROA-006: a Ranged Rapid Attack, no active defense until
/// its next turn; a crossbow's reload is folded into the round.
fn rapid_attack(
    state: &mut State,
    who: CombatantId,
    s: &Strike,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    state.fighter_mut(who).guard.no_active = true;
    let from = strike_step_taken(state, who, s, cx)?;
    if let Some(h) = state
        .fighter_mut(who)
        .weapons
        .get_mut(usize::from(s.weapon))
    {
        h.loaded = true;
    }
    let shots = shots(state, who, s, true);
    for shot in 0..shots {
        let ctx = HitCtx {
            shot,
            rapid: true,
            ..HitCtx::default()
        };
        strike(state, who, s, from, ctx, 0, cx)?;
    }
    Ok(())
}

/// M-AOD-001/002: All-Out Defense; Single Foe Defense keeps its foe and
/// its bonus.
fn all_out_defense(state: &mut State, who: CombatantId, kind: AodKind, foe: Option<CombatantId>) {
    let g = &mut state.fighter_mut(who).guard;
    g.aod = Some(kind);
    if kind == AodKind::SingleFoe {
        g.single_foe = foe;
        g.single_bonus = true;
    }
}

/// M-MIS-007: up to ½ MV before a first round of aim, turning to the
/// target at the end of it; each round of aim at the same target counts.
fn aim(
    state: &mut State,
    who: CombatantId,
    target: CombatantId,
    to: Option<HexPos>,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    if let Some(to) = to {
        own_step(state, who, to, cx)?;
    }
    let tp = state.fighter(target).pos;
    let f = state.fighter_mut(who);
    if to.is_some()
        && let Some(dir) = f.pos.facing_toward(tp)
    {
        f.facing = dir;
    }
    f.aim = match f.aim {
        Some((t, n)) if t == target => Some((t, n.saturating_add(1))),
        _ => Some((target, 1)),
    };
    Ok(())
}

/// M-MIS-009: a round of reloading; the weapon is loaded after its last.
fn reload(state: &mut State, who: CombatantId, weapon: u8) {
    if let Some(h) = state.fighter_mut(who).weapons.get_mut(usize::from(weapon)) {
        h.reload_left = h.reload_left.saturating_sub(1);
        if h.reload_left == 0 {
            h.loaded = true;
        }
    }
}

/// M-MEL-012: a step of up to 1 hex with the readying; a dropped weapon
/// is picked up (checked within reach).
fn ready_weapon(
    state: &mut State,
    who: CombatantId,
    weapon: u8,
    to: Option<HexPos>,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    if let Some(to) = to {
        own_step(state, who, to, cx)?;
    }
    if let Some(h) = state.fighter_mut(who).weapons.get_mut(usize::from(weapon)) {
        h.ready = true;
        h.lost = false;
        h.ground = None;
    }
    Ok(())
}

/// M-DEF-007: one round frees a tangled shield; M-MEL-013: PD rounds
/// ready it from the back or the ground.
fn ready_shield(state: &mut State, who: CombatantId) {
    let Some(s) = state.fighter_mut(who).shield.as_mut() else {
        return;
    };
    match s.state {
        ShieldState::Tangled => s.state = ShieldState::Ready,
        ShieldState::Back | ShieldState::Ground => {
            s.readying += 1;
            if i32::from(s.readying) >= s.shield.pd {
                s.state = ShieldState::Ready;
                s.readying = 0;
            }
        }
        _ => {}
    }
}

/// M-MEL-004: two medium weapons -4 each, two small -1 each, one of each
/// -4 for the medium and -2 for the small (small: data size small or very small).
fn two_weapon_penalties(state: &State, who: CombatantId, a: u8, b: u8) -> (i32, i32) {
    let f = state.fighter(who);
    let small = |i: u8| {
        f.weapons
            .get(usize::from(i))
            .is_some_and(|h| matches!(h.weapon.size, Size::Small | Size::VerySmall))
    };
    match (small(a), small(b)) {
        (true, true) => (-1, -1),
        (false, false) => (-4, -4),
        (true, false) => (-2, -4),
        (false, true) => (-4, -2),
    }
}

/// M-MEL-008/009: an All-Out Charge: full MV to the foe, a DX roll if it
/// crossed bad footing (failing: it falls in the last hex and no attack),
/// then the option; no active defense until its next turn.
fn charge(
    state: &mut State,
    who: CombatantId,
    s: &Strike,
    option: ChargeOption,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    state.fighter_mut(who).guard.no_active = true;
    let start = state.fighter(who).pos;
    let to = s.to.unwrap_or(start);
    let rough = !state.open_map
        && crate::rules::path::way(
            state,
            who,
            start,
            to,
            crate::rules::maneuver::longest_move(state, who),
        )
        .unwrap_or_default()
        .iter()
        .chain(std::iter::once(&start))
        .any(|&h| {
            state
                .map
                .terrain_at(h)
                .and_then(|t| t.value(BAD_FOOTING))
                .is_some()
        });
    let from = step(state, who, to, Some(s.target), cx)?;
    {
        let f = state.fighter_mut(who);
        f.moved = f.moved.saturating_add(start.distance(from).min(255) as u8);
    }
    if rough {
        let dx = state.fighter(who).stats.dx;
        let c = check::roll_plain(state, cx, who, "DX not to trip", "M-MEL-008", "DX", dx)?;
        if !c.outcome.is_success() {
            state.fighter_mut(who).posture = Posture::Lying;
            cx.note("M-MEL-008", || "trips and falls".into());
            return Ok(());
        }
    }
    let mut inner = *s;
    inner.to = None;
    let (pen, bonus) = match option {
        ChargeOption::Attack => (-1, 0),
        ChargeOption::Strong => (-3, 2),
        ChargeOption::AttackSlam | ChargeOption::FeintSlam => (-3, 0),
    };
    match option {
        ChargeOption::FeintSlam => {
            feint_at(state, who, s.target, s.weapon, -3, cx)?;
            close::slam(state, who, s.target, 0, cx)?;
        }
        _ => {
            let ctx = HitCtx {
                charge: pen,
                ..HitCtx::default()
            };
            strike(state, who, &inner, from, ctx, bonus, cx)?;
            if option == ChargeOption::AttackSlam && state.fighter(s.target).awake() {
                close::slam(state, who, s.target, 0, cx)?;
            }
        }
    }
    // M-MEL-008: the charger must enter the foe's hex; it ends its charge
    // there (the attack was made on entering, without the close-combat -2).
    if state.fighter(who).awake() {
        close::enter(state, who, s.target, cx);
    }
    Ok(())
}

/// M-ROA-005: light missiles fire twice a round at skill ≥ SS, three times
/// with Ranged Rapid Attack; M-MIS-002: other missiles twice with it;
/// crossbows once (M-ROA-006); everything else once.
#[inline(always)]
fn shots(state: &State, who: CombatantId, s: &Strike, rapid: bool) -> u8 {
    let f = state.fighter(who);
    let Some(h) = held(f, s) else { return 1 };
    if !h.weapon.ranged() {
        return 1;
    }
    let fast = h.weapon.snap_shot.is_none_or(|ss| h.skill >= ss);
    let n: u8 = match (h.weapon.rate_class, rapid) {
        (RateClass::Crossbow, _) => 1,
        (RateClass::LightMissile, false) if fast => 2,
        (RateClass::LightMissile, true) => 3,
        (RateClass::Normal, true) => 2,
        _ => 1,
    };
    let ammo = h.ammo.map_or(u16::from(n), |a| a.min(u16::from(n)));
    (ammo as u8).max(1)
}

/// One strike, if the target is still up.
#[inline(always)]
fn strike(
    state: &mut State,
    who: CombatantId,
    s: &Strike,
    from: HexPos,
    ctx: HitCtx,
    bonus: i32,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let f = state.fighter(who);
    if !f.awake() || !state.fighter(s.target).awake() {
        return Ok(());
    }
    if let Some(h) = held(f, s)
        && (h.lost || !h.ready || h.ammo == Some(0))
    {
        return Ok(());
    }
    attack(
        state,
        Blow {
            attacker: who,
            strike: *s,
            ctx,
            bonus,
        },
        from,
        cx,
    )
}

/// Moves to `to` (checked) and, with a target, turns to face it (the free
/// facing change, M-FLO-006). Returns the hex it attacks from.
#[inline(always)]
fn step(
    state: &mut State,
    who: CombatantId,
    to: HexPos,
    face: Option<CombatantId>,
    cx: &mut impl Cx<Margin>,
) -> Flow<HexPos> {
    let start = state.fighter(who).pos;
    state.place(who, to);
    if let Some(t) = face {
        let tp = state.fighter(t).pos;
        let f = state.fighter_mut(who);
        if let Some(dir) = crate::rules::attack::face_toward(f.pos, tp) {
            f.facing = dir;
        }
    }
    // M-MEL-011, M-MIS-005: waiting figures strike or shoot as it comes.
    if start != to {
        wait::entered(state, who, start, to, face, cx)?;
    }
    Ok(state.fighter(who).pos)
}

/// A maneuver's own short move (M-MEL-011, M-MEL-012, M-MIS-007,
/// M-UNA-012): no foe is attacked, so Wait strikes first without a contest;
/// the hexes count toward the figure's speed this round (M-RNG-004).
fn own_step(state: &mut State, who: CombatantId, to: HexPos, cx: &mut impl Cx<Margin>) -> Flow<()> {
    let start = state.fighter(who).pos;
    if start == to {
        return Ok(());
    }
    let end = step(state, who, to, None, cx)?;
    let f = state.fighter_mut(who);
    f.moved = f.moved.saturating_add(start.distance(end).min(255) as u8);
    Ok(())
}

/// M-MEL-006/007, M-FLO-005: a contest of the feinter's weapon skill
/// against the target's best defensive skill; the winner's successes come
/// off the target's defense rolls against the feinter until the end of the
/// feinter's next turn. A critical failure gives the target +1 instead.
fn feint_at(
    state: &mut State,
    who: CombatantId,
    target: CombatantId,
    weapon: u8,
    modifier: i32,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let skill = state
        .fighter(who)
        .weapons
        .get(usize::from(weapon))
        .map_or(0, |h| h.skill);
    let best = crate::rules::attack::feint_resistance(state.fighter(target));
    let mut m = ModList::base("weapon skill", skill, "");
    m.add("All-Out Charge", modifier, "M-MEL-009");
    let a = check::roll(state, cx, who, "feint", "M-MEL-006", &m)?;
    let b = check::roll(
        state,
        cx,
        target,
        "resist feint",
        "M-MEL-006",
        &ModList::base("best defensive skill", best, ""),
    )?;
    let c = check::judged(state, cx, who, a, target, b);
    let until = state.round + 1;
    let penalty = if a.outcome == fray_core::dice::systems::margin3d6::Outcome::CriticalFailure {
        -1
    } else if c.winner == Winner::A {
        c.successes
    } else {
        0
    };
    if penalty != 0 {
        state.fighter_mut(target).feinted = Some((who, penalty, until));
        cx.note("M-MEL-006", || if penalty > 0 {
                format!(
                    "feint: -{penalty} to {}'s defense rolls against {} until the end of {}'s next turn",
                    state.fighter(target).name,
                    state.fighter(who).name,
                    state.fighter(who).name
                )
            } else {
                format!(
                    "feint: a critical failure gives {} +1 to defend against {}",
                    state.fighter(target).name,
                    state.fighter(who).name
                )
            });
    }
    Ok(())
}

/// The end of the turn: a stun from before it ends (M-EFF-001), aim is
/// kept only by Aim (M-MIS-008), running is remembered (M-AOD-006), and
/// fighting costs fatigue by encumbrance (M-PEN-005).
#[inline(always)]
fn wrap_up(state: &mut State, who: CombatantId, action: &Action, aiming: bool) {
    let fatigue = state.options.fatigue;
    let f = state.fighter_mut(who);
    if f.guard.stun_held && f.stun == Some(Stun::NextTurn) {
        f.stun = None;
    }
    if !aiming {
        f.aim = None;
    }
    // M-AOD-006: running is a Move this turn.
    f.ran = matches!(action, Action::Move { .. });
    // M-MEL-007: what follows a feint is checked against it.
    f.just_feinted = matches!(
        action,
        Action::Feint { .. }
            | Action::AllOutCharge {
                option: ChargeOption::FeintSlam,
                ..
            }
    );
    // M-PEN-005/007 (decision): a turn of Do Nothing is physical rest: it
    // costs no fatigue, and every 20 in a row (a minute) give a point back.
    if matches!(action, Action::DoNothing) {
        f.rested = f.rested.saturating_add(1);
        if f.rested >= 20 {
            f.rested = 0;
            f.fatigue = (f.fatigue + 1).min(f.stats.fatigue);
        }
    } else {
        f.rested = 0;
        if fatigue && f.stats.enc > 0 {
            f.fatigue = (f.fatigue - f.stats.enc).max(0);
        }
    }
}
