//! Maneuvers: whether one is allowed now (G-TURN-001/002), and resolving it.

use crate::Flow;
use crate::Gurps;
use crate::model::action::{Action, AllOutVariant, DefenseVariant, Step, Strike};
use crate::model::event::Declared;
use crate::model::sheet::Trait;
use crate::model::state::{Feint, Stance, State, Stun};
use crate::resolve::attack::Since;
use crate::resolve::check::{self, Check, Judged};
use crate::resolve::{
    attack, effort, footwork, grapple, magic, movement, sequence, slam, strikes, turn, wait,
};
use crate::rules::attack::How;
use crate::rules::maneuver::{advance_pose, describe, feint_resistance};
use fray_core::dice::systems::gurps::{Winner, quick_contest};
use fray_core::grid::HexPos;
use fray_core::{CombatantId, Cx, ModList};

/// Resolves a checked maneuver: the rolls to stay up, the announcement,
/// the maneuver itself, then the end-of-maneuver bookkeeping.
pub fn resolve(
    state: &mut State,
    actor: CombatantId,
    action: &Action,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    state.fighter_mut(actor).moved = 0;
    if !stays_up(state, actor, action, cx)? {
        magic::tidy(state, actor);
        return Ok(());
    }
    announce(state, actor, action, cx);
    // G-CON-001 decision: any other maneuver abandons a spell under way.
    if !matches!(action, Action::Concentrate(_)) {
        magic::abandon(state, actor, cx);
    }
    if !carry_out(state, actor, action, cx)? {
        return Ok(());
    }
    wrap_up(state, actor, action, cx)
}

/// G-INJ-012 / G-DON-001: at 0 HP or less, roll to stay conscious unless
/// Doing Nothing; G-FAT-002: likewise Will at 0 FP or less.
fn stays_up(
    state: &mut State,
    actor: CombatantId,
    action: &Action,
    cx: &mut impl Cx<Gurps>,
) -> Flow<bool> {
    Ok(*action == Action::DoNothing
        || (turn::consciousness_roll(state, actor, cx)?
            && effort::will_to_go_on(state, actor, cx)?))
}

/// The rest of `action` from the point before its second strike
/// ([`sequence::before_second_strike`]), which only the actions below reach: the
/// second strike of an All-Out Attack (Double, G-AOA-003) or of a Rapid
/// Strike or Dual-Weapon Attack (G-ATK-004..007), then what follows it.
pub(crate) fn second_strike(
    state: &mut State,
    actor: CombatantId,
    action: &Action,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    match action {
        Action::AllOutAttack {
            variant: variant @ AllOutVariant::Double,
            strike,
            ..
        } => attack::resolve_nth(
            state,
            actor,
            *strike,
            How::all_out(*variant),
            Some(1),
            Since::Changed,
            cx,
        )?,
        Action::Attack {
            strike,
            extra: Some(x),
            ..
        } => strikes::second_strike(state, actor, strike, x, cx)?,
        // No other action has a second strike.
        _ => return Ok(()),
    }
    after_strike(state, actor, action, 1, cx)
}

/// What `action`, the actor's own maneuver, does after its strike number
/// `n` (0 or 1) up to its end: the second strike and the steps after
/// ([`strikes::after_strike`], [`all_out_after`]), the feint spent, and the
/// end-of-maneuver bookkeeping. The normal path calls the same functions in
/// the same order; the exact odds call this to resume inside a strike
/// ([`crate::resolve::resume::resume`]).
pub(crate) fn after_strike(
    state: &mut State,
    actor: CombatantId,
    action: &Action,
    n: u8,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let target = match action {
        Action::Attack {
            strike,
            step,
            extra,
            giant_step,
        } => {
            let steps = (step.as_ref(), giant_step.as_ref());
            strikes::after_strike(state, actor, strike, steps, extra.as_ref(), n, cx)?;
            strike.target
        }
        Action::AllOutAttack {
            variant, strike, ..
        } => {
            all_out_after(state, actor, *variant, strike, n, cx)?;
            strike.target
        }
        // No other maneuver numbers its strikes.
        _ => return Ok(()),
    };
    spend_feint(state, actor, target);
    wrap_up(state, actor, action, cx)
}

/// Tells the table which maneuver `actor` takes.
fn announce(state: &State, actor: CombatantId, action: &Action, cx: &mut impl Cx<Gurps>) {
    cx.emit(|| {
        let (what, rule) = describe(state, action);
        Declared {
            who: state.fighter(actor).name.to_string(),
            what,
            rule,
        }
        .into()
    });
}

/// The maneuver itself. `false` when it was cut short (an advance or a
/// step that did not happen), which skips the end-of-maneuver bookkeeping.
fn carry_out(
    state: &mut State,
    actor: CombatantId,
    action: &Action,
    cx: &mut impl Cx<Gurps>,
) -> Flow<bool> {
    match action {
        Action::Concentrate(c) => magic::concentrate(state, actor, c, cx)?,
        Action::Attack {
            strike,
            step,
            extra,
            giant_step,
        } => {
            strikes::resolve_attack(
                state,
                actor,
                strike,
                step.as_ref(),
                extra.as_ref(),
                giant_step.as_ref(),
                cx,
            )?;
            spend_feint(state, actor, strike.target);
        }
        Action::MoveAndAttack(c) => {
            strikes::resolve_charge(state, actor, c, cx)?;
            spend_feint(state, actor, c.strike.target);
        }
        Action::Slam(o) => slam::resolve(state, actor, o, cx)?,
        Action::Shove(o) => slam::resolve_shove(state, actor, o, cx)?,
        Action::Grapple(g) => grapple::resolve(state, actor, g, cx)?,
        Action::Wait(w) => wait::resolve(state, actor, w, cx)?,
        Action::AllOutAttack {
            variant,
            strike,
            advance,
        } => return all_out_attack(state, actor, *variant, strike, *advance, cx),
        Action::AllOutDefense {
            variant,
            step,
            path,
        } => all_out_defense(state, actor, *variant, step.as_ref(), path, cx)?,
        Action::Feint {
            target,
            weapon,
            step,
        } => {
            if let Some(s) = step
                && !movement::take_step(state, actor, s, cx)?
            {
                return Ok(false);
            }
            feint(state, actor, *target, *weapon, false, cx)?;
        }
        Action::Move {
            to,
            face,
            path,
            posture,
        } => footwork::resolve_move(state, actor, (*to, *face, path, *posture), cx)?,
        Action::Jump(j) => footwork::resolve_jump(state, actor, j, cx)?,
        Action::ChangePosture { to } => {
            state.fighter_mut(actor).posture = *to;
        }
        Action::Ready { weapon } => ready(state, actor, usize::from(*weapon), cx)?,
        Action::Aim {
            target,
            weapon,
            mode,
            braced,
            step,
        } => {
            if let Some(s) = step {
                movement::take_step(state, actor, s, cx)?;
            }
            aim(state, actor, (*target, *weapon, *mode), *braced);
        }
        Action::ReadyShield => {
            if let Some(s) = state.fighter_mut(actor).shield.as_mut() {
                s.ready = true;
            }
        }
        Action::DoNothing => do_nothing(state, actor, cx)?,
    }
    Ok(true)
}

/// An All-Out Attack: the stance, the advance, then the variant's attacks.
/// `false` when the advance did not happen.
fn all_out_attack(
    state: &mut State,
    actor: CombatantId,
    variant: AllOutVariant,
    strike: &Strike,
    advance: u8,
    cx: &mut impl Cx<Gurps>,
) -> Flow<bool> {
    state.fighter_mut(actor).stance = Stance::AllOutAttack;
    let pose =
        advance_pose(state, actor, advance).map_err(|e| fray_core::Halt::illegal(actor, e))?;
    let advanced = pose != state.fighter(actor).pose;
    if advanced && !movement::advance(state, actor, pose, advance, cx)? {
        return Ok(false);
    }
    if variant == AllOutVariant::Feint {
        // G-AOA-004: a free feint, then the attack.
        feint(state, actor, strike.target, strike.weapon, true, cx)?;
    }
    // Without an advance or a feint before it, the strike is made as it
    // was declared.
    let since = if advanced || variant == AllOutVariant::Feint {
        Since::Changed
    } else {
        Since::Declared
    };
    attack::resolve_nth(
        state,
        actor,
        *strike,
        How::all_out(variant),
        Some(0),
        since,
        cx,
    )?;
    all_out_after(state, actor, variant, strike, 0, cx)?;
    spend_feint(state, actor, strike.target);
    Ok(true)
}

/// What an All-Out Attack does after its strike `n`: the Double's second
/// attack on the same foe after the first (G-AOA-003), none after a
/// critical miss that left the attacker off balance (G-EXT-009).
fn all_out_after(
    state: &mut State,
    actor: CombatantId,
    variant: AllOutVariant,
    strike: &Strike,
    n: u8,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    if n == 0 && variant == AllOutVariant::Double && !state.fighter(actor).off_balance() {
        // The first attack's outcomes come to a few states; what follows
        // is also `second_strike`'s.
        sequence::before_second_strike(state, actor, &(actor, *strike, "second attack"), cx)?;
        let how = How::all_out(variant);
        attack::resolve_nth(state, actor, *strike, how, Some(1), Since::Changed, cx)?;
        all_out_after(state, actor, variant, strike, 1, cx)?;
    }
    Ok(())
}

/// An All-Out Defense: the stance, then the step or half Move it allows.
fn all_out_defense(
    state: &mut State,
    actor: CombatantId,
    variant: DefenseVariant,
    step: Option<&Step>,
    path: &[HexPos],
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    state.fighter_mut(actor).stance = match variant {
        DefenseVariant::Increased(k) => Stance::IncreasedDefense(k),
        DefenseVariant::Double => Stance::DoubleDefense,
    };
    if let Some(s) = step {
        movement::take_step(state, actor, s, cx)?;
    }
    if !path.is_empty() {
        let planned = crate::rules::footwork::plan_half_move(state, actor, variant, None, path)
            .map_err(|e| fray_core::Halt::illegal(actor, e))?;
        movement::walk_route(state, actor, &planned, None, false, cx)?;
    }
    Ok(())
}

/// G-AIM-001/002: consecutive turns on the same target and weapon add up.
fn aim(
    state: &mut State,
    actor: CombatantId,
    (target, weapon, mode): (CombatantId, u8, u8),
    braced: bool,
) {
    let f = state.fighter_mut(actor);
    let turns = match f.aim {
        Some(a) if (a.target, a.weapon, a.mode) == (target, weapon, mode) => {
            a.turns.saturating_add(1)
        }
        _ => 1,
    };
    f.aim = Some(crate::model::state::AimState {
        target,
        weapon,
        mode,
        turns,
        braced,
    });
}

/// Do Nothing: a turn frozen by surprise (G-TURN-005), or a roll to shake
/// off a stun.
fn do_nothing(state: &mut State, actor: CombatantId, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    state.fighter_mut(actor).set_do_nothing_next(false);
    // G-TURN-005: frozen by surprise, no roll to shake off the stun yet.
    if state.fighter(actor).frozen() > 0 {
        let f = state.fighter_mut(actor);
        f.set_frozen(f.frozen() - 1);
        let left = f.frozen();
        crate::resolve::say(
            state,
            actor,
            format_args!("is frozen by surprise ({left} more)"),
            "G-TURN-005",
            cx,
        );
        Ok(())
    } else {
        recover_from_stun(state, actor, cx)
    }
}

/// After a maneuver that went through: holds, bodies, spells, and the
/// aims, watches and feints the maneuver ends.
fn wrap_up(
    state: &mut State,
    actor: CombatantId,
    action: &Action,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    grapple::lapse(state);
    footwork::settle_bodies(state, cx)?;
    let moved_on_a_move = matches!(action, Action::Move { .. }) && state.fighter(actor).moved > 0;
    footwork::after_maneuver(state, actor, moved_on_a_move);
    // By index, not over a clone of the list: the list is the start
    // state's, shared by every worker, and a clone writes its count.
    let mut i = 0;
    while let Some(&id) = state.casters.get(i) {
        magic::tidy(state, id);
        i += 1;
    }
    lapse_what_the_maneuver_ends(state, actor, action);
    Ok(())
}

#[inline]
fn lapse_what_the_maneuver_ends(state: &mut State, actor: CombatantId, action: &Action) {
    // G-AIM-005 decision: any maneuver but Aim ends the Aim (an attack
    // that used it has spent it already).
    if !matches!(action, Action::Aim { .. }) {
        state.fighter_mut(actor).aim = None;
    }
    // G-RNG-006: only Waiting on the same hex keeps the count of turns watched.
    if !matches!(action, Action::Wait(_)) {
        state.fighter_mut(actor).watch = None;
    }
    // G-FNT-003 decision: a feint not used on the feinter's next turn lapses
    // at the end of that turn.
    let f = state.fighter_mut(actor);
    if f.feint
        .is_some_and(|x| x.expires_before_turn <= f.turns + 1)
    {
        f.feint = None;
    }
}

/// G-FNT-003 decision: a feint is spent by the maneuver that attacks its
/// foe (both attacks of an All-Out Double benefit from it).
#[inline]
fn spend_feint(state: &mut State, actor: CombatantId, target: CombatantId) {
    let f = state.fighter_mut(actor);
    if f.feint.is_some_and(|x| x.target == target) {
        f.feint = None;
    }
}

/// G-RDY-001: readies a weapon (picking it up from the own hex) or loads
/// one more turn of a missile weapon's shot. G-RDY-002: in close combat it
/// takes a DX roll; on a failure the item drops and the turn is lost
/// (decision), and a grabbed figure rolls too (G-GRP-015).
fn ready(state: &mut State, actor: CombatantId, wi: usize, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    let grabbed = state.held_by(actor).is_some();
    if state.in_close_combat(actor) || grabbed {
        let f = state.fighter(actor);
        let mut dx = ModList::base("DX", f.stats.dx, "");
        if grabbed {
            dx.add("grabbed", -4, "G-GRP-004");
        }
        let rule = if grabbed { "G-GRP-015" } else { "G-RDY-002" };
        let r = check::roll(
            state,
            cx,
            Check::new(actor, "ready in close quarters", rule),
            &dx,
        )?;
        if !r.is_success() {
            let f = state.fighter_mut(actor);
            let pos = f.pose.pos;
            if let Some(w) = f.weapons.get_mut(wi) {
                w.set_ready(false);
                w.dropped_at = Some(pos);
            }
            let name = &*f.name;
            cx.condition(rule, name, || "fumbles and drops it".into());
            return Ok(());
        }
    }
    if let Some(w) = state.fighter_mut(actor).weapons.get_mut(wi) {
        if w.ready() {
            // G-RDY-001: one turn of reloading.
            w.set_reload_left(w.reload_left().saturating_sub(1));
            w.set_loaded(w.reload_left() == 0);
        } else {
            w.set_ready(true);
            w.dropped_at = None;
        }
    }
    Ok(())
}

fn feint(
    state: &mut State,
    actor: CombatantId,
    target: CombatantId,
    weapon: u8,
    same_turn: bool,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let a = state.fighter(actor);
    // G-FNT-002 decision: the feinting weapon's skill, or a ready shield's
    // or cloak's if better (never bare DX).
    let weapon_skill = a
        .weapons
        .get(usize::from(weapon))
        .and_then(|w| w.skill.iter().copied().max())
        .unwrap_or(a.stats.dx - 5);
    let skill = weapon_skill.max(
        a.shield
            .as_ref()
            .filter(|s| s.ready)
            .map_or(i32::MIN, |s| s.skill),
    );
    let mut mine = ModList::base("weapon, Shield or Cloak skill", skill, "G-FNT-002");
    mine.add("shock", a.shock, "G-INJ-001");
    let best = feint_resistance(state, target);
    let theirs = ModList::base(
        "best of DX, melee or unarmed skill, Shield or Cloak",
        best,
        "G-FNT-002",
    );
    let a_roll = check::roll(state, cx, Check::new(actor, "feint", "G-FNT-002"), &mine)?;
    let t_roll = check::roll(
        state,
        cx,
        Check::new(target, "resist feint", "G-FNT-002"),
        &theirs,
    )?;
    let contest = quick_contest(a_roll.roll, a_roll.level, t_roll.roll, t_roll.level);
    let won = contest.winner == Winner::A;
    let margin = contest.margin_of_victory;
    let f = state.fighter_mut(actor);
    if won && margin > 0 {
        let expires = if same_turn { f.turns + 1 } else { f.turns + 2 };
        f.feint = Some(Feint {
            target,
            margin,
            expires_before_turn: expires,
        });
    }
    cx.note("G-FNT-003", || {
        if won {
            format!("the feint wins by {margin}")
        } else {
            "the feint fails".to_string()
        }
    });
    Ok(())
}

/// G-INJ-010 decision: at the end of a stunned turn, roll HT (physical) or
/// IQ +6 with Combat Reflexes (mental); success ends the stun, though the -4
/// to defenses lasts until the next turn (G-DEF-015).
fn recover_from_stun(state: &mut State, actor: CombatantId, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    let f = state.fighter(actor);
    let Some(kind) = f.stun else {
        return Ok(());
    };
    let mods = match kind {
        Stun::Physical => {
            // G-EXT-027: pain thresholds count on stun rolls as on knockdown rolls.
            let mut m = ModList::base("HT", f.stats.ht, "");
            m.add(
                "High Pain Threshold",
                if f.has(Trait::HighPainThreshold) {
                    3
                } else {
                    0
                },
                "G-EXT-027",
            );
            m.add(
                "Low Pain Threshold",
                if f.has(Trait::LowPainThreshold) {
                    -4
                } else {
                    0
                },
                "G-EXT-027",
            );
            m
        }
        Stun::Mental => {
            let mut m = ModList::base("IQ", f.stats.iq, "");
            m.add(
                "Combat Reflexes",
                if f.has(Trait::CombatReflexes) { 6 } else { 0 },
                "G-EXT-016",
            );
            m
        }
    };
    let r = check::roll(
        state,
        cx,
        Check::new(actor, "recover from stun", "G-INJ-010").outcome_only(&[]),
        &mods,
    )?;
    if r.is_success() {
        let f = state.fighter_mut(actor);
        f.stun = None;
        f.set_stun_defense_until_turn(true);
        let name = &*f.name;
        cx.condition("G-INJ-010", name, || "recovers from stun".into());
    }
    Ok(())
}
