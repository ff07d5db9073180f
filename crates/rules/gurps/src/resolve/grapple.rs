//! Grappling (checklist section 16): grabbing, what a grip does to both
//! sides, takedowns, pins, strangling, taking items, and breaking free.

use crate::Flow;
use crate::Gurps;
use crate::model::action::Grapple;
use crate::model::damage::{DamageType, Dice};
use crate::model::location::Location;
use crate::model::state::{Grip, GripAt, Life, Posture, State};
use crate::resolve::check::{self, Check, Judged};
use crate::resolve::defense::{self};
use crate::resolve::injury::{self};
use crate::resolve::movement;
use crate::resolve::say;
use crate::rules::defense::Touch;
use crate::rules::grapple::{
    GRABBED_DX, GRAPPLING, assistance, grab_penalty, grapple_score, st_for_rolls,
};
use crate::rules::injury::{Blow, Push};
use fray_core::dice::systems::gurps::{Winner, quick_contest, regular_contest_levels};
use fray_core::{CombatantId, Cx, ModList, Mods};

/// Resolves a checked grappling action.
pub fn resolve(
    state: &mut State,
    actor: CombatantId,
    g: &Grapple,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    match g {
        Grapple::Grab {
            target,
            location,
            item,
            hands,
            step,
        } => {
            if let Some(s) = step
                && !movement::take_step(state, actor, s, cx)?
            {
                return Ok(());
            }
            let at = match item {
                Some(i) => GripAt::Item(*i),
                None => GripAt::Body(*location),
            };
            grab(state, actor, *target, at, *hands, cx)
        }
        Grapple::Takedown => takedown(state, actor, cx),
        Grapple::Pin => pin(state, actor, cx),
        Grapple::Strangle => strangle(state, actor, cx),
        Grapple::TakeItem | Grapple::ForceDrop => wrest(state, actor, *g == Grapple::TakeItem, cx),
        Grapple::Release => {
            state.set_grip(actor, None);
            say(state, actor, "lets go", "G-GRP-012", cx);
            Ok(())
        }
        Grapple::BreakFree => break_free(state, actor, cx),
    }
}

/// G-GRP-001 / G-GRP-002: the grab roll, the foe's defense, and the hold.
fn grab(
    state: &mut State,
    actor: CombatantId,
    target: CombatantId,
    at: GripAt,
    hands: u8,
    cx: &mut impl Cx<Gurps>,
) -> Flow<()> {
    let a = state.fighter(actor);
    let t = state.fighter(target);
    let mut mods = ModList::base(
        "best of DX, Judo, Sumo Wrestling, Wrestling",
        grapple_score(state, actor),
        "G-GRP-001",
    );
    mods.add("shock", a.shock, "G-INJ-001");
    mods.add("posture", a.posture.attack(), "G-POS-001");
    mods.add(
        "larger than the foe",
        (a.stats.sm - t.stats.sm).max(0),
        "G-GRP-002",
    );
    mods.add("where", grab_penalty(at), "G-GRP-002");
    mods.add(
        "hands beyond two",
        2 * (i32::from(hands) - 2).max(0),
        "G-GRP-002",
    );
    if state.held_by(actor).is_some() {
        mods.add("grabbed", GRABBED_DX, "G-GRP-014");
    }
    let words = |s: &State| {
        let (a, t) = (&s.fighter(actor).name, &s.fighter(target).name);
        format!("{a} grabs at {t}")
    };
    let check = Check::new(actor, "grab", "G-GRP-001");
    let stood = state.fighter(target).pose;
    if defense::touch(state, (actor, target), check, &mods, words, cx)? != Touch::Landed {
        return Ok(());
    }
    state.set_grip(
        actor,
        Some(Grip {
            target,
            at,
            hands,
            pinned: false,
        }),
    );
    held_where_caught(state, actor, target, stood, cx);
    let where_ = match at {
        GripAt::Body(l) => format!("the {l}"),
        GripAt::Item(i) => format!("weapon {i}"),
    };
    let tn = &*state.fighter(target).name;
    say(
        state,
        actor,
        format_args!("grabs {tn} by {where_}"),
        "G-GRP-001",
        cx,
    );
    // G-SPL-001: a caster grappled while casting.
    crate::resolve::magic::distracted(
        state,
        target,
        crate::rules::magic::Distraction::Grappled,
        cx,
    )
}

/// G-GRP-013: a grab that lands after a failed retreating defense caught
/// the foe before it got away: it stands where it stood when grabbed,
/// unless its ST is more than twice the grabber's (then it may leave, and
/// the hold lapses as it would on a move). Without this the retreat left
/// the two two hexes apart and the hold lapsed at the next turn's start.
fn held_where_caught(
    state: &mut State,
    actor: CombatantId,
    target: CombatantId,
    stood: fray_core::grid::Pose,
    cx: &mut impl Cx<Gurps>,
) {
    let now = state.fighter(target).pose.pos;
    if now == stood.pos
        || state.fighter(actor).pose.pos.distance(now) <= 1
        || crate::rules::movement::held_in_place(state, target).is_none()
    {
        return;
    }
    let facing = state.fighter(target).facing();
    crate::resolve::position::set_pose(
        state,
        target,
        fray_core::grid::Pose::new(stood.pos, facing),
        "is held where the grab caught it",
        cx,
    );
}

/// G-GRP-007: the takedown's Quick Contest, each side with the best of ST,
/// DX and its grappling skill, +3 holding a leg or foot; the loser falls
/// (a tie: nothing happens; an attacker who loses falls, decision).
fn takedown(state: &mut State, actor: CombatantId, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    let Some(grip) = state.fighter(actor).grip else {
        return Ok(());
    };
    let target = grip.target;
    let best = |id: CombatantId| {
        let f = state.fighter(id);
        f.best_skill(&GRAPPLING, f.stats.st.max(f.stats.dx))
    };
    let mut mine = ModList::base("best of ST, DX, grappling", best(actor), "G-GRP-007");
    mine.add(
        "assistants",
        assistance(state, actor, target, 2, best),
        "G-CC-007",
    );
    let leg = matches!(grip.at, GripAt::Body(l) if l.is_leg() || l.is_foot());
    mine.add("holding a leg", if leg { 3 } else { 0 }, "G-GRP-005");
    let mut theirs = ModList::base("best of ST, DX, grappling", best(target), "G-GRP-007");
    theirs.add("grabbed", GRABBED_DX, "G-GRP-004");
    let a = check::roll(state, cx, Check::new(actor, "takedown", "G-GRP-007"), &mine)?;
    let b = check::roll(
        state,
        cx,
        Check::new(target, "resist the takedown", "G-GRP-007"),
        &theirs,
    )?;
    let faller = match quick_contest(a.roll, a.level, b.roll, b.level).winner {
        Winner::A => target,
        Winner::B => actor,
        Winner::Tie => return Ok(()),
    };
    let winner = if faller == target { actor } else { target };
    let f = state.fighter_mut(faller);
    f.posture = Posture::Lying;
    // G-GRP-007: the winner places the body's second hex.
    f.thrown_by = Some(winner);
    state.set_body(faller, None);
    say(state, faller, "is thrown down", "G-GRP-007", cx);
    // G-SPL-001: knocked down while casting.
    crate::resolve::magic::distracted(
        state,
        faller,
        crate::rules::magic::Distraction::KnockedDown,
        cx,
    )
}

/// One round of a Regular Contest (G-EXT-005; for Pin, Take Item and Force
/// Drop, G-DICE-003): both levels lowered so the higher is at most 14;
/// `actor` wins if it succeeds and the other fails.
fn regular_round(
    state: &State,
    (actor, mine, label): (CombatantId, ModList, &'static str),
    (other, theirs, other_label): (CombatantId, ModList, &'static str),
    rule: &'static str,
    cx: &mut impl Cx<Gurps>,
) -> Flow<bool> {
    let (la, lb) = regular_contest_levels(mine.total(), theirs.total());
    let mut mine = mine;
    let mut theirs = theirs;
    mine.add("Regular Contest", la - Mods::total(&mine), "G-EXT-005");
    theirs.add("Regular Contest", lb - Mods::total(&theirs), "G-EXT-005");
    let a = check::roll(state, cx, Check::new(actor, label, rule), &mine)?;
    let b = check::roll(state, cx, Check::new(other, other_label, rule), &theirs)?;
    Ok(a.is_success() && !b.is_success())
}

/// G-GRP-008: the pin's Regular Contest of ST: +3 per point of SM
/// difference to the larger side, +3 to the side with more free hands.
fn pin(state: &mut State, actor: CombatantId, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    let Some(grip) = state.fighter(actor).grip else {
        return Ok(());
    };
    let target = grip.target;
    let st = |id| st_for_rolls(state, id);
    let mut mine = ModList::base("ST", st(actor), "G-GRP-008");
    mine.add(
        "assistants",
        assistance(state, actor, target, 3, st),
        "G-CC-007",
    );
    let mut theirs = ModList::base("ST", st(target), "G-GRP-008");
    let sm = state.fighter(actor).stats.sm - state.fighter(target).stats.sm;
    if sm > 0 {
        mine.add("larger", 3 * sm, "G-GRP-008");
    } else {
        theirs.add("larger", -3 * sm, "G-GRP-008");
    }
    // Free hands: the grabber's hands minus those in the hold; the foe's two.
    let my_free = 2 - i32::from(grip.hands.min(2));
    match my_free.cmp(&2) {
        std::cmp::Ordering::Greater => mine.add("more free hands", 3, "G-GRP-008"),
        std::cmp::Ordering::Less => theirs.add("more free hands", 3, "G-GRP-008"),
        std::cmp::Ordering::Equal => &mut mine,
    };
    if regular_round(
        state,
        (actor, mine, "pin"),
        (target, theirs, "resist the pin"),
        "G-GRP-008",
        cx,
    )? {
        if let Some(g) = state.fighter_mut(actor).grip.as_mut() {
            g.pinned = true;
        }
        say(state, target, "is pinned", "G-GRP-008", cx);
    }
    Ok(())
}

/// G-GRP-009 / G-GRP-010: the strangle's Quick Contest of the grabber's ST
/// against the better of the foe's ST and HT (-5 one-handed, +2 per hand
/// beyond two); the margin of victory is crushing damage to the neck, and
/// any that gets through starts the foe suffocating.
fn strangle(state: &mut State, actor: CombatantId, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    let Some(grip) = state.fighter(actor).grip else {
        return Ok(());
    };
    let target = grip.target;
    let mut mine = ModList::base("ST", st_for_rolls(state, actor), "G-GRP-009");
    mine.add(
        "one hand",
        if grip.hands == 1 { -5 } else { 0 },
        "G-GRP-009",
    );
    mine.add(
        "hands beyond two",
        2 * (i32::from(grip.hands) - 2).max(0),
        "G-GRP-009",
    );
    let t = state.fighter(target);
    let theirs = ModList::base(
        "better of ST and HT",
        st_for_rolls(state, target).max(t.stats.ht),
        "G-GRP-009",
    );
    let a = check::roll(state, cx, Check::new(actor, "strangle", "G-GRP-009"), &mine)?;
    let b = check::roll(
        state,
        cx,
        Check::new(target, "resist strangling", "G-GRP-009"),
        &theirs,
    )?;
    let c = quick_contest(a.roll, a.level, b.roll, b.level);
    if c.winner != Winner::A || c.margin_of_victory <= 0 {
        return Ok(());
    }
    let hp_before = state.fighter(target).hp;
    let dice = Dice {
        dice: 0,
        adds: c.margin_of_victory,
    };
    let blow = Blow {
        push: Push::None,
        ..Blow::plain(actor, target, dice, DamageType::Crushing, Location::Neck)
    };
    injury::strike_rolled(state, blow, c.margin_of_victory, cx)?;
    if state.fighter(target).hp < hp_before && !state.fighter(target).suffocating() {
        state.fighter_mut(target).set_suffocating(true);
        say(
            state,
            target,
            "is choking: 1 FP a turn until free",
            "G-GRP-010",
            cx,
        );
    }
    Ok(())
}

/// G-GRP-003 / G-GRP-005: a Regular Contest of ST to take the held item
/// away, or to make the held weapon arm drop what it holds.
fn wrest(state: &mut State, actor: CombatantId, take: bool, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    let Some(grip) = state.fighter(actor).grip else {
        return Ok(());
    };
    let target = grip.target;
    let rule = if take { "G-GRP-003" } else { "G-GRP-005" };
    let mine = ModList::base("ST", st_for_rolls(state, actor), rule);
    let theirs = ModList::base("ST", st_for_rolls(state, target), rule);
    let label = if take {
        "take the item"
    } else {
        "force a drop"
    };
    if !regular_round(
        state,
        (actor, mine, label),
        (target, theirs, "hold on"),
        rule,
        cx,
    )? {
        return Ok(());
    }
    let pos = state.fighter(target).pose.pos;
    let t = state.fighter_mut(target);
    let mut what = Vec::new();
    for (i, w) in t.weapons.iter_mut().enumerate() {
        let this = match grip.at {
            GripAt::Item(n) => usize::from(n) == i,
            _ => w.ready() && w.weapon.unarmed.is_none(),
        };
        if this {
            w.set_ready(false);
            w.dropped_at = (!take).then_some(pos);
            w.set_taken(w.taken() || take);
            what.push(w.weapon.name.to_string());
        }
    }
    if take {
        state.set_grip(actor, None);
    }
    let verb = if take { "loses" } else { "drops" };
    say(
        state,
        target,
        format_args!("{verb} {}", what.join(", ")),
        rule,
        cx,
    );
    Ok(())
}

/// G-GRP-016 / G-GRP-017: breaking free: a Quick Contest of ST against the
/// one holding hardest, who gets +5 with two hands and +2 per hand beyond,
/// +5 more for a pin (+10 in all for a two-handed pin, decision), and -4 if
/// stunned; a tie leaves the hold. A pinned figure may try once per 10 seconds.
fn break_free(state: &mut State, actor: CombatantId, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    let Some((by, grip)) = state.held_by(actor) else {
        return Ok(());
    };
    let f = state.fighter(actor);
    if grip.pinned && f.turns < f.next_break_free {
        say(
            state,
            actor,
            "strains against the pin (one try per 10 seconds)",
            "G-GRP-017",
            cx,
        );
        return Ok(());
    }
    let mine = ModList::base("ST", st_for_rolls(state, actor), "G-GRP-016");
    let mut theirs = ModList::base("ST", st_for_rolls(state, by), "G-GRP-016");
    let hands = i32::from(grip.hands);
    theirs.add("two hands", if hands >= 2 { 5 } else { 0 }, "G-GRP-016");
    theirs.add("hands beyond two", 2 * (hands - 2).max(0), "G-GRP-016");
    theirs.add("pinning", if grip.pinned { 5 } else { 0 }, "G-GRP-017");
    theirs.add(
        "stunned",
        if state.fighter(by).stun.is_some() {
            -4
        } else {
            0
        },
        "G-GRP-016",
    );
    if grip.pinned {
        let f = state.fighter_mut(actor);
        f.next_break_free = f.turns + 10;
    }
    let a = check::roll(
        state,
        cx,
        Check::new(actor, "break free", "G-GRP-016"),
        &mine,
    )?;
    let b = check::roll(state, cx, Check::new(by, "keep hold", "G-GRP-016"), &theirs)?;
    if quick_contest(a.roll, a.level, b.roll, b.level).winner == Winner::A {
        state.set_grip(by, None);
        say(state, actor, "breaks free", "G-GRP-016", cx);
    }
    Ok(())
}

/// Holds lapse when the two are more than a hex apart (the holder moved
/// away or the held figure was knocked back) or the holder is out.
#[inline]
pub fn lapse(state: &mut State) {
    if state.grips == 0 {
        // Inlined: nobody holds anyone ([`State::grips`]), nothing lapses.
        return;
    }
    lapse_grips(state);
}

/// [`lapse`] once someone holds someone.
fn lapse_grips(state: &mut State) {
    for id in 0..state.fighters.len() {
        let f = &state.fighters[id];
        if let Some(g) = f.grip {
            let t = state.fighter(g.target);
            if !f.is_conscious() || t.life == Life::Dead || f.pose.pos.distance(t.pose.pos) > 1 {
                state.set_grip(CombatantId::of_index(id), None);
            }
        }
    }
}

/// Start of a turn: holds lapse ([`lapse`]); a choking figure loses 1 FP
/// (G-GRP-010).
pub fn upkeep(state: &mut State, who: CombatantId, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    lapse(state);
    let f = state.fighter(who);
    if f.suffocating() {
        let strangled = state.grabbers(who).any(|id| {
            state
                .fighter(id)
                .grip
                .is_some_and(|g| g.at == GripAt::Body(Location::Neck))
        });
        if !strangled {
            state.fighter_mut(who).set_suffocating(false);
        } else {
            say(state, who, "chokes: 1 FP", "G-GRP-010", cx);
            crate::resolve::effort::lose_fp(state, who, 1, cx)?;
        }
    }
    Ok(())
}
