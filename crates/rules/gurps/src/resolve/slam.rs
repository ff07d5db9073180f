//! Bodily attacks: the Slam and the Shield Rush (G-ATK-014..018, G-MAA-004)
//! and the Shove (G-ATK-020).

use crate::Flow;
use crate::Gurps;
use crate::model::action::{Shove, Slam, SlamWith};
use crate::model::damage::{DamageType, Dice};
use crate::model::location::Location;
use crate::model::state::{Posture, Stance, State};
use crate::resolve::check::{self, Check, Judged};
use crate::resolve::defense::{self};
use crate::resolve::injury::{self};
use crate::resolve::movement;
use crate::rules::damage::thrust;
use crate::rules::defense::Touch;
use crate::rules::injury::{Blow, Push};
use crate::rules::slam::{check_shove, plan, rush_shield, slam_skill};
use crate::rules::tables;
use fray_core::grid::Pose;
use fray_core::{CombatantId, Cx, ModList, Mods};

/// Resolves a checked slam (G-ATK-014..018).
pub fn resolve(
    state: &mut State,
    actor: CombatantId,
    order: &Slam,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let planned = plan(state, actor, order).map_err(|e| fray_core::Halt::illegal(actor, e))?;
    state.fighter_mut(actor).stance = match order.with {
        SlamWith::Attack => Stance::Normal,
        SlamWith::Determined | SlamWith::Strong => Stance::AllOutAttack,
        // G-MAA-004: a slam in a Move and Attack takes no -4 and no cap.
        SlamWith::Charge => Stance::MoveAndAttack,
    };
    match &planned.run {
        // A run: foes on the way must be evaded (G-TAC-009); a stopped slammer slams no one.
        Some(run) => {
            let (_, on) =
                movement::walk_route(state, actor, run, None, order.with == SlamWith::Charge, cx)?;
            if !on {
                return Ok(());
            }
        }
        None if planned.from != state.fighter(actor).pose => {
            crate::resolve::position::set_pose(state, actor, planned.from, "runs in", cx);
        }
        None => {}
    }
    state.fighter_mut(actor).moved = planned.hexes;
    let target = order.target;
    let mods = slam_skill(state, actor, target, order.with);
    let words = |s: &State| {
        let (a, t) = (&s.fighter(actor).name, &s.fighter(target).name);
        format!("{a} slams into {t}")
    };
    let check = Check::new(actor, "slam", "G-ATK-014");
    match defense::touch(state, (actor, target), check, &mods, words, cx)? {
        Touch::Missed => return Ok(()),
        Touch::Defended(kind) => {
            if kind == crate::model::state::DefenseKind::Dodge {
                carry_on(state, actor, order, planned.hexes, cx);
            }
            return Ok(());
        }
        Touch::Landed => {}
    }
    collide(state, actor, target, order, planned.hexes, cx)
}

/// G-ATK-017: a slammer whose target dodged runs on 2 hexes past it, if its
/// movement allows (decision: only with All-Out Attack or Move and Attack,
/// whose full Move leaves room): through the dodger's hex to the hex beyond,
/// if that one is free; otherwise it stays.
fn carry_on(
    state: &mut State,
    actor: CombatantId,
    order: &Slam,
    hexes: u32,
    cx: &mut impl Cx<Gurps>,
) {
    let f = state.fighter(actor);
    let left = (f.current_move().max(0) as u32).saturating_sub(hexes);
    if order.with == SlamWith::Attack || left < 2 {
        return;
    }
    let Some(dir) = f
        .pose
        .pos
        .facing_toward(state.fighter(order.target).pose.pos)
    else {
        return;
    };
    let beyond = state.fighter(order.target).pose.pos.neighbour(dir);
    if crate::rules::movement::free(state, actor, beyond) {
        crate::resolve::position::set_pose(
            state,
            actor,
            Pose::new(beyond, dir),
            "carries on past",
            cx,
        );
    }
}

/// G-ATK-015, G-ATK-016, G-ATK-018: both sides roll slam damage (thrust
/// -2, plus a bonus per die for the hexes moved); each takes the other's to
/// the torso; the one who dealt less rolls DX or falls, and falls outright
/// if the other dealt twice as much (a tie: the target rolls, decision).
fn collide(
    state: &mut State,
    actor: CombatantId,
    target: CombatantId,
    order: &Slam,
    hexes: u32,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let (a, t) = (state.fighter(actor), state.fighter(target));
    let mine = tables::slam_damage(thrust(a.stats.st), hexes);
    let theirs = tables::slam_damage(thrust(t.stats.st), hexes);
    let mut my_bonus = ModList::new();
    let mut their_bonus = ModList::new();
    if order.with == SlamWith::Strong {
        // G-ATK-014 decision: Strong's +2 or +1 per die.
        my_bonus.add("All-Out Attack (Strong)", mine.dice.max(2), "G-AOA-002");
    }
    if order.shield_rush {
        let db = rush_shield(state, actor).unwrap_or(0);
        my_bonus.add("Shield Rush", db, "G-ATK-018");
        their_bonus.add("Shield Rush", -db, "G-ATK-018");
    }
    let dealt = roll_slam(state, actor, mine, &my_bonus, cx)?;
    let taken = roll_slam(state, target, theirs, &their_bonus, cx)?;
    hurt(state, actor, target, dealt, cx)?;
    hurt(state, target, actor, taken, cx)?;
    // G-ATK-016: whoever dealt less (the target on a tie) may fall.
    let (loser, least, other) = if dealt < taken {
        (actor, dealt, taken)
    } else {
        (target, taken, dealt)
    };
    if !state.fighter(loser).is_conscious() || state.fighter(loser).posture == Posture::Lying {
        return Ok(());
    }
    if other >= 2 * least.max(0) && other > least {
        fall(state, loser, "is bowled over", cx);
        return Ok(());
    }
    let dx = ModList::base("DX", state.fighter(loser).stats.dx, "");
    let r = check::roll(
        state,
        cx,
        Check::new(loser, "stay up after the slam", "G-ATK-016").outcome_only(&[]),
        &dx,
    )?;
    if !r.is_success() {
        fall(state, loser, "falls from the slam", cx);
    }
    Ok(())
}

fn roll_slam(
    state: &State,
    who: CombatantId,
    dice: Dice,
    bonus: &ModList,
    cx: &mut impl Cx<Gurps>,
) -> Flow<i32> {
    let rolled = check::dice(
        state,
        cx,
        Some(who),
        dice.kind(),
        "slam damage",
        "G-ATK-015",
        Some(bonus),
    )?;
    // G-EXT-020: crushing damage is at least 0.
    Ok((rolled + Mods::total(bonus)).max(0))
}

fn hurt(
    state: &mut State,
    from: CombatantId,
    to: CombatantId,
    basic: i32,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let dice = Dice {
        dice: 0,
        adds: basic,
    };
    let blow = Blow {
        push: Push::None,
        ..Blow::plain(from, to, dice, DamageType::Crushing, Location::Torso)
    };
    injury::strike_rolled(state, blow, basic, cx)
}

fn fall(state: &mut State, who: CombatantId, what: &'static str, cx: &mut impl Cx<Gurps>) {
    let f = state.fighter_mut(who);
    f.posture = Posture::Lying;
    let name = &*f.name;
    cx.condition("G-ATK-016", name, || what.into());
}

/// G-ATK-020: a shove rolls the best of DX and Sumo Wrestling, may be
/// defended, and does thrust damage (-1 per die one-handed) that only
/// pushes: double knockback, no injury.
pub fn resolve_shove(
    state: &mut State,
    actor: CombatantId,
    order: &Shove,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    if let Some(s) = &order.step
        && !movement::take_step(state, actor, s, cx)?
    {
        return Ok(());
    }
    if let Err(why) = check_shove(
        state,
        actor,
        &Shove {
            step: None,
            ..*order
        },
    ) {
        cx.note("G-ATK-020", || format!("the shove cannot be made: {why}"));
        return Ok(());
    }
    let a = state.fighter(actor);
    let best = a.best_skill(&["Sumo Wrestling"], a.stats.dx);
    let mut mods = ModList::base("best of DX, Sumo Wrestling", best, "G-ATK-020");
    mods.add("shock", a.shock, "G-INJ-001");
    mods.add("posture", a.posture.attack(), "G-POS-001");
    let target = order.target;
    let words = |s: &State| {
        let (a, t) = (&s.fighter(actor).name, &s.fighter(target).name);
        format!("{a} shoves {t}")
    };
    let check = Check::new(actor, "shove", "G-ATK-020");
    if defense::touch(state, (actor, target), check, &mods, words, cx)? != Touch::Landed {
        return Ok(());
    }
    let mut dice = thrust(state.fighter(actor).stats.st);
    if !order.both_hands {
        dice.adds -= dice.dice;
    }
    let blow = Blow {
        push: Push::Shove,
        ..Blow::plain(actor, target, dice, DamageType::Crushing, Location::Torso)
    };
    injury::strike(state, blow, cx)
}
