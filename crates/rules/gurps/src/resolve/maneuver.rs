//! Maneuvers: whether one is allowed now (G-TURN-001/002), and resolving it.

use crate::Gurps;
use crate::action::{Action, AllOutVariant, DefenseVariant, Step, Strike};
use crate::check::{self, Check, Judged};
use crate::event::Event;
use crate::location::Location;
use crate::resolve::attack::How;
use crate::resolve::{
    attack, effort, footwork, grapple, magic, movement, slam, strikes, turn, wait,
};
use crate::sheet::Trait;
use crate::state::{Feint, Posture, Stance, State, Stun};
use fray_core::dice::systems::gurps::{Winner, quick_contest};
use fray_core::engine::Interrupt;
use fray_core::grid::Pose;
use fray_core::{CombatantId, Ctx, EventSink, Illegal, ModList, Oracle};

/// The pose after an optional step.
fn after_step(state: &State, actor: CombatantId, step: Option<&Step>) -> Pose {
    let p = state.fighter(actor).pose;
    match step {
        Some(s) => Pose::new(s.to.unwrap_or(p.pos), s.face.unwrap_or(p.facing)),
        None => p,
    }
}

/// G-AOA-005: the pose after advancing `n` hexes straight ahead, or why not.
pub fn advance_pose(state: &State, actor: CombatantId, n: u8) -> Result<Pose, String> {
    let f = state.fighter(actor);
    let half = (f.current_move() + 1) / 2; // G-TAC-002: half Move rounds up.
    if i32::from(n) > half {
        return Err(format!(
            "All-Out Attack moves at most half Move ({half}) (G-AOA-005)"
        ));
    }
    if n > 0 && f.posture != Posture::Standing {
        return Err("only a standing figure can advance".into());
    }
    let mut p = f.pose;
    for _ in 0..n {
        let next = p.pos.neighbour(p.facing);
        if !movement::free(state, actor, next) {
            return Err(format!("cannot advance into {next}"));
        }
        p = Pose::new(next, p.facing);
    }
    Ok(p)
}

fn check_step(state: &State, actor: CombatantId, step: Option<&Step>) -> Result<(), String> {
    step.map_or(Ok(()), |s| movement::check_step(state, actor, s))
}

/// G-AIM-001..003: Aim needs a ready, loaded ranged weapon and a target it
/// could shoot; bracing needs a rest (decision: a figure not standing, or
/// a wall or obstruction next to it) and forbids the step.
fn check_aim(
    state: &State,
    actor: CombatantId,
    target: CombatantId,
    weapon: u8,
    mode: u8,
    braced: bool,
    step: Option<&Step>,
) -> Result<(), String> {
    let f = state.fighter(actor);
    if braced && step.is_some() {
        return Err("a braced Aim allows no step (G-AIM-003)".into());
    }
    if braced {
        let rest = f.posture != Posture::Standing
            || f.pose.pos.neighbours().iter().any(|&h| {
                state.map.terrain_at(h).is_some_and(|t| {
                    t.contains(crate::terrain::OBSTRUCTION) || t.contains(crate::terrain::WALL)
                })
            });
        if !rest {
            return Err(
                "bracing needs a rest: kneel, sit or lie, or stand by an obstruction or wall (decision, docs/rules/gurps.md)"
                    .into(),
            );
        }
    }
    check_step(state, actor, step)?;
    let w = f
        .weapons
        .get(usize::from(weapon))
        .ok_or_else(|| format!("{} has no weapon {weapon}", f.name))?;
    if !w.is_ranged(usize::from(mode)) {
        return Err(format!(
            "Aim is for ranged weapons; {} mode {mode} is not one (G-AIM-001)",
            w.weapon.name
        ));
    }
    let strike = Strike::at(target).with(weapon, mode);
    let (wi, mi) = attack::check_strike(state, actor, &strike)?;
    attack::in_reach_from(state, actor, after_step(state, actor, step), target, wi, mi)
}

/// Checks a declared maneuver against the rules.
pub fn check(state: &State, actor: CombatantId, action: &Action) -> Result<(), Illegal> {
    let f = state.fighter(actor);
    // G-INJ-009 / G-DON-001: a stunned figure must Do Nothing.
    if f.stun.is_some() && *action != Action::DoNothing {
        return Err(Illegal(format!(
            "{} is stunned and must Do Nothing (G-INJ-009)",
            f.name
        )));
    }
    // G-EXT-008 row 8: Do Nothing on the turn after a critical head blow.
    if f.do_nothing_next && *action != Action::DoNothing {
        return Err(Illegal(format!(
            "{} is dazed by a critical head blow and must Do Nothing this turn (G-EXT-008)",
            f.name
        )));
    }
    grapple::allows(state, actor, action).map_err(Illegal)?;
    let result = match action {
        Action::Attack {
            strike,
            step,
            extra,
            giant_step,
        } => strikes::check_attack(
            state,
            actor,
            strike,
            step.as_ref(),
            extra.as_ref(),
            giant_step.as_ref(),
        ),
        Action::MoveAndAttack(c) => strikes::plan_charge(state, actor, c).map(|_| ()),
        Action::Slam(o) => slam::plan(state, actor, o).map(|_| ()),
        Action::Shove(o) => slam::check_shove(state, actor, o),
        Action::Grapple(g) => grapple::check(state, actor, g),
        Action::Wait(w) => wait::check(state, actor, w),
        Action::AllOutAttack {
            variant,
            strike,
            advance,
        } => advance_pose(state, actor, *advance).and_then(|pose| {
            let (w, m) = attack::check_strike_as(state, actor, strike, How::all_out(*variant))?;
            attack::in_reach_from(state, actor, pose, strike.target, w, m)
        }),
        Action::AllOutDefense {
            variant: DefenseVariant::Increased(crate::state::DefenseKind::Spell),
            ..
        } => Err("All-Out Defense raises Dodge, Parry or Block, not a blocking spell".into()),
        // G-AOD-003: a step, or half Move with Increased Dodge.
        Action::AllOutDefense {
            variant,
            step,
            path,
        } => {
            if path.is_empty() {
                check_step(state, actor, step.as_ref())
            } else {
                footwork::plan_half_move(state, actor, *variant, step.as_ref(), path).map(|_| ())
            }
        }
        Action::Concentrate(c) => magic::check(state, actor, c),
        Action::Feint {
            target,
            weapon,
            step,
        } => check_step(state, actor, step.as_ref()).and_then(|_| {
            // G-FNT-001: only against a foe you could attack in melee now.
            let w = f
                .weapons
                .get(usize::from(*weapon))
                .ok_or("no such weapon")?;
            let pose = after_step(state, actor, step.as_ref());
            let mut any = Err(format!("{} cannot reach the foe to feint", w.weapon.name));
            for (mi, m) in w.weapon.modes.iter().enumerate() {
                if m.is_melee() && w.ready && state.exists(*target) && *target != actor {
                    any = attack::in_reach_from(
                        state,
                        actor,
                        pose,
                        *target,
                        usize::from(*weapon),
                        mi,
                    );
                    if any.is_ok() {
                        break;
                    }
                }
            }
            any
        }),
        Action::Move {
            to,
            face,
            path,
            posture,
        } => footwork::plan_move(state, actor, *to, *face, path, *posture).map(|_| ()),
        Action::Jump(j) => footwork::plan_jump(state, actor, j).map(|_| ()),
        Action::Aim {
            target,
            weapon,
            mode,
            braced,
            step,
        } => check_aim(
            state,
            actor,
            *target,
            *weapon,
            *mode,
            *braced,
            step.as_ref(),
        ),
        Action::ChangePosture { to } => {
            // G-POS-011 / G-CPO-001: lying only to sitting, crawling or kneeling.
            if *to == f.posture {
                Err(format!("{} is already {}", f.name, to.name()))
            } else if footwork::legs_crippled(f)
                && matches!(to, Posture::Standing | Posture::Crouching)
            {
                Err(format!(
                    "{} has a crippled leg and cannot stand (G-LOC-010)",
                    f.name
                ))
            } else if f.posture == Posture::Lying
                && !matches!(to, Posture::Sitting | Posture::Crawling | Posture::Kneeling)
            {
                Err("from lying, a figure can only sit, crawl or kneel first (G-CPO-001)".into())
            } else {
                Ok(())
            }
        }
        Action::Ready { weapon } => match f.weapons.get(usize::from(*weapon)) {
            None => Err(format!("{} has no weapon {weapon}", f.name)),
            Some(w) if w.spell.is_some() => Err(format!(
                "{} is a charged spell, not a weapon to ready (G-SPL-011)",
                w.weapon.name
            )),
            Some(w) if w.broken => Err(format!("{} is broken (G-EXT-009)", w.weapon.name)),
            Some(w) if w.taken => Err(format!("{} was taken away (G-GRP-003)", w.weapon.name)),
            // G-GRP-015: a grabbed figure readies only with a free hand.
            Some(_) if grapple::weapon_free(state, actor, usize::from(*weapon)).is_err() => {
                Err("no free hand to ready it with (G-GRP-015)".into())
            }
            Some(_)
                if f.crippled
                    .iter()
                    .any(|l| matches!(l, Location::RightArm | Location::RightHand)) =>
            {
                Err("the weapon arm is crippled (G-LOC-010)".into())
            }
            Some(w) if w.ready && !w.loaded => Ok(()),
            Some(w) if w.ready => Err(format!("{} is already ready", w.weapon.name)),
            Some(w) if w.dropped_at.is_some_and(|h| h != f.pose.pos) => Err(format!(
                "{} lies in another hex; move there first",
                w.weapon.name
            )),
            Some(_) => Ok(()),
        },
        Action::ReadyShield => match &f.shield {
            None => Err(format!("{} has no shield", f.name)),
            Some(s) if s.ready => Err(format!("{} is already ready", s.name)),
            Some(_)
                if f.crippled
                    .iter()
                    .any(|l| matches!(l, Location::LeftArm | Location::LeftHand)) =>
            {
                Err("the shield arm is crippled (G-LOC-010)".into())
            }
            Some(_) => Ok(()),
        },
        Action::DoNothing => Ok(()),
    };
    result.map_err(Illegal)
}

/// Resolves a checked maneuver.
pub fn resolve<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    actor: CombatantId,
    action: &Action,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) -> Result<(), Interrupt<Gurps>> {
    state.fighter_mut(actor).moved = 0;
    // G-INJ-012 / G-DON-001: at 0 HP or less, roll to stay conscious unless
    // Doing Nothing; G-FAT-002: likewise Will at 0 FP or less.
    if *action != Action::DoNothing
        && (!turn::consciousness_roll(state, actor, ctx)?
            || !effort::will_to_go_on(state, actor, ctx)?)
    {
        magic::tidy(state, actor);
        return Ok(());
    }
    ctx.emit(|| {
        let (what, rule) = describe(state, action);
        Event::Maneuver {
            who: state.fighter(actor).name.to_string(),
            what,
            rule,
        }
    });
    // G-CON-001 decision: any other maneuver abandons a spell under way.
    if !matches!(action, Action::Concentrate(_)) {
        magic::abandon(state, actor, ctx);
    }
    match action {
        Action::Concentrate(c) => magic::concentrate(state, actor, c, ctx)?,
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
                ctx,
            )?;
            spend_feint(state, actor, strike.target);
        }
        Action::MoveAndAttack(c) => {
            strikes::resolve_charge(state, actor, c, ctx)?;
            spend_feint(state, actor, c.strike.target);
        }
        Action::Slam(o) => slam::resolve(state, actor, o, ctx)?,
        Action::Shove(o) => slam::resolve_shove(state, actor, o, ctx)?,
        Action::Grapple(g) => grapple::resolve(state, actor, g, ctx)?,
        Action::Wait(w) => wait::resolve(state, actor, w, ctx)?,
        Action::AllOutAttack {
            variant,
            strike,
            advance,
        } => {
            state.fighter_mut(actor).stance = Stance::AllOutAttack;
            let pose = advance_pose(state, actor, *advance)
                .map_err(|e| Interrupt::Illegal(actor, Illegal(e)))?;
            if pose != state.fighter(actor).pose
                && !movement::advance(state, actor, pose, *advance, ctx)?
            {
                return Ok(());
            }
            match variant {
                AllOutVariant::Double => {
                    // G-AOA-003: two attacks on one foe (none after a critical miss
                    // leaves the attacker off balance, G-EXT-009).
                    attack::resolve(state, actor, *strike, How::all_out(*variant), ctx)?;
                    if !state.fighter(actor).off_balance {
                        attack::resolve(state, actor, *strike, How::all_out(*variant), ctx)?;
                    }
                }
                AllOutVariant::Feint => {
                    // G-AOA-004: a free feint, then the attack.
                    feint(state, actor, strike.target, strike.weapon, true, ctx)?;
                    attack::resolve(state, actor, *strike, How::all_out(*variant), ctx)?;
                }
                _ => attack::resolve(state, actor, *strike, How::all_out(*variant), ctx)?,
            }
            spend_feint(state, actor, strike.target);
        }
        Action::AllOutDefense {
            variant,
            step,
            path,
        } => {
            state.fighter_mut(actor).stance = match variant {
                DefenseVariant::Increased(k) => Stance::IncreasedDefense(*k),
                DefenseVariant::Double => Stance::DoubleDefense,
            };
            if let Some(s) = step {
                movement::take_step(state, actor, s, ctx)?;
            }
            if !path.is_empty() {
                let planned = footwork::plan_half_move(state, actor, *variant, None, path)
                    .map_err(|e| Interrupt::Illegal(actor, Illegal(e)))?;
                movement::walk_route(state, actor, &planned, None, false, ctx)?;
            }
        }
        Action::Feint {
            target,
            weapon,
            step,
        } => {
            if let Some(s) = step
                && !movement::take_step(state, actor, s, ctx)?
            {
                return Ok(());
            }
            feint(state, actor, *target, *weapon, false, ctx)?;
        }
        Action::Move {
            to,
            face,
            path,
            posture,
        } => footwork::resolve_move(state, actor, (*to, *face, path, *posture), ctx)?,
        Action::Jump(j) => footwork::resolve_jump(state, actor, j, ctx)?,
        Action::ChangePosture { to } => {
            state.fighter_mut(actor).posture = *to;
        }
        Action::Ready { weapon } => ready(state, actor, usize::from(*weapon), ctx)?,
        Action::Aim {
            target,
            weapon,
            mode,
            braced,
            step,
        } => {
            if let Some(s) = step {
                movement::take_step(state, actor, s, ctx)?;
            }
            // G-AIM-001/002: consecutive turns on the same target and weapon add up.
            let f = state.fighter_mut(actor);
            let turns = match f.aim {
                Some(a) if (a.target, a.weapon, a.mode) == (*target, *weapon, *mode) => {
                    a.turns.saturating_add(1)
                }
                _ => 1,
            };
            f.aim = Some(crate::state::AimState {
                target: *target,
                weapon: *weapon,
                mode: *mode,
                turns,
                braced: *braced,
            });
        }
        Action::ReadyShield => {
            if let Some(s) = state.fighter_mut(actor).shield.as_mut() {
                s.ready = true;
            }
        }
        Action::DoNothing => {
            state.fighter_mut(actor).do_nothing_next = false;
            // G-TURN-005: frozen by surprise, no roll to shake off the stun yet.
            if state.fighter(actor).frozen > 0 {
                let f = state.fighter_mut(actor);
                f.frozen -= 1;
                let left = f.frozen;
                crate::resolve::say(
                    state,
                    actor,
                    format!("is frozen by surprise ({left} more)"),
                    "G-TURN-005",
                    ctx,
                );
            } else {
                recover_from_stun(state, actor, ctx)?
            }
        }
    }
    grapple::lapse(state);
    footwork::settle_bodies(state, ctx)?;
    let moved_on_a_move = matches!(action, Action::Move { .. }) && state.fighter(actor).moved > 0;
    footwork::after_maneuver(state, actor, moved_on_a_move);
    for id in 0..state.fighters.len() {
        magic::tidy(state, CombatantId(id as u16));
    }
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
    Ok(())
}

/// G-FNT-003 decision: a feint is spent by the maneuver that attacks its
/// foe (both attacks of an All-Out Double benefit from it).
fn spend_feint(state: &mut State, actor: CombatantId, target: CombatantId) {
    let f = state.fighter_mut(actor);
    if f.feint.is_some_and(|x| x.target == target) {
        f.feint = None;
    }
}

/// The words and rule ID of a maneuver, for the log.
fn describe(state: &State, action: &Action) -> (String, &'static str) {
    let name = |id: CombatantId| state.fighter(id).name.clone();
    match action {
        Action::Attack { strike, .. } => {
            (format!("Attack on {}", name(strike.target)), "G-MATK-001")
        }
        Action::AllOutAttack {
            variant, strike, ..
        } => {
            let rule = match variant {
                AllOutVariant::Determined => "G-AOA-001",
                AllOutVariant::Strong => "G-AOA-002",
                AllOutVariant::Double => "G-AOA-003",
                AllOutVariant::Feint => "G-AOA-004",
            };
            (
                format!("All-Out Attack ({variant:?}) on {}", name(strike.target)),
                rule,
            )
        }
        Action::AllOutDefense { variant, .. } => match variant {
            DefenseVariant::Increased(k) => {
                (format!("All-Out Defense (Increased {k:?})"), "G-AOD-001")
            }
            DefenseVariant::Double => ("All-Out Defense (Double)".into(), "G-AOD-002"),
        },
        Action::Feint { target, .. } => (format!("Feint against {}", name(*target)), "G-FNT-001"),
        Action::Move { to, .. } => (format!("Move to {to}"), "G-MOV-001"),
        Action::Jump(j) => (format!("Jump {} hex(es)", j.length), "G-JMP-001"),
        Action::Aim { target, .. } => (format!("Aim at {}", name(*target)), "G-AIM-001"),
        Action::Slam(o) if o.shield_rush => {
            (format!("Shield Rush on {}", name(o.target)), "G-ATK-018")
        }
        Action::Slam(o) => (format!("Slam on {}", name(o.target)), "G-ATK-014"),
        Action::Shove(o) => (format!("Shove on {}", name(o.target)), "G-ATK-020"),
        Action::Grapple(g) => grapple::describe(state, g),
        Action::Wait(w) => match w.trigger {
            crate::action::Trigger::StopThrust => ("Stop Thrust".into(), "G-STP-001"),
            crate::action::Trigger::Enters { .. } => {
                ("Wait (opportunity fire)".into(), "G-RNG-005")
            }
            crate::action::Trigger::InReach { .. } => ("Wait".into(), "G-WAIT-001"),
        },
        Action::MoveAndAttack(c) => (
            format!("Move and Attack on {}", name(c.strike.target)),
            "G-MAA-001",
        ),
        Action::ChangePosture { to } => (format!("Change Posture to {}", to.name()), "G-CPO-001"),
        Action::Ready { weapon } => (format!("Ready weapon {weapon}"), "G-RDY-001"),
        Action::ReadyShield => ("Ready shield".into(), "G-RDY-001"),
        Action::Concentrate(c) => match &c.cast {
            Some(cast) => (format!("Concentrate: cast {}", cast.spell), "G-CON-001"),
            None => ("Concentrate".into(), "G-CON-001"),
        },
        Action::DoNothing => ("Do Nothing".into(), "G-DON-001"),
    }
}

/// G-RDY-001: readies a weapon (picking it up from the own hex) or loads
/// one more turn of a missile weapon's shot. G-RDY-002: in close combat it
/// takes a DX roll; on a failure the item drops and the turn is lost
/// (decision), and a grabbed figure rolls too (G-GRP-015).
fn ready<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    actor: CombatantId,
    wi: usize,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) -> Result<(), Interrupt<Gurps>> {
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
            ctx,
            Check::new(actor, "ready in close quarters", rule),
            &dx,
        )?;
        if !r.is_success() {
            let f = state.fighter_mut(actor);
            let pos = f.pose.pos;
            if let Some(w) = f.weapons.get_mut(wi) {
                w.ready = false;
                w.dropped_at = Some(pos);
            }
            let name = f.name.clone();
            ctx.emit(|| Event::Condition {
                who: name.to_string(),
                what: "fumbles and drops it".into(),
                rule,
            });
            return Ok(());
        }
    }
    if let Some(w) = state.fighter_mut(actor).weapons.get_mut(wi) {
        if w.ready {
            // G-RDY-001: one turn of reloading.
            w.reload_left = w.reload_left.saturating_sub(1);
            w.loaded = w.reload_left == 0;
        } else {
            w.ready = true;
            w.dropped_at = None;
        }
    }
    Ok(())
}

/// G-FNT-002/003 and G-EXT-004: the feint's Quick Contest. The feinter rolls
/// its weapon skill; the foe the best of DX, a ready melee skill, Shield or
/// Cloak. The margin of victory comes off the foe's next defense.
/// G-FNT-002: the score that resists a feint: the best of DX, a ready
/// melee weapon's skill and a ready shield's or cloak's.
pub fn feint_resistance(state: &State, target: CombatantId) -> i32 {
    let t = state.fighter(target);
    let mut best = t.stats.dx;
    for (_, w) in t.ready_melee() {
        best = best.max(w.skill.iter().copied().max().unwrap_or(0));
    }
    if let Some(s) = t.shield.as_ref().filter(|s| s.ready) {
        best = best.max(s.skill);
    }
    best
}

fn feint<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    actor: CombatantId,
    target: CombatantId,
    weapon: u8,
    same_turn: bool,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) -> Result<(), Interrupt<Gurps>> {
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
    let theirs = ModList::base("best of DX, weapon, Shield or Cloak", best, "G-FNT-002");
    let a_roll = check::roll(state, ctx, Check::new(actor, "feint", "G-FNT-002"), &mine)?;
    let t_roll = check::roll(
        state,
        ctx,
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
    let text = if won {
        format!("the feint wins by {margin}")
    } else {
        "the feint fails".to_string()
    };
    ctx.emit(|| Event::Note {
        text,
        rule: "G-FNT-003",
    });
    Ok(())
}

/// G-INJ-010 decision: at the end of a stunned turn, roll HT (physical) or
/// IQ +6 with Combat Reflexes (mental); success ends the stun, though the -4
/// to defenses lasts until the next turn (G-DEF-015).
fn recover_from_stun<O: Oracle<Gurps>, S: EventSink<Event>>(
    state: &mut State,
    actor: CombatantId,
    ctx: &mut Ctx<'_, Gurps, O, S>,
) -> Result<(), Interrupt<Gurps>> {
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
        ctx,
        Check::new(actor, "recover from stun", "G-INJ-010"),
        &mods,
    )?;
    if r.is_success() {
        let f = state.fighter_mut(actor);
        f.stun = None;
        f.stun_defense_until_turn = true;
        let name = f.name.clone();
        ctx.emit(|| Event::Condition {
            who: name.to_string(),
            what: "recovers from stun".into(),
            rule: "G-INJ-010",
        });
    }
    Ok(())
}
