//! Close combat (DQ-13-016..020): entering a foe's hex with Repulse,
//! dropping what is not close-rated, grappling, breaking out.

use crate::model::action::{Answer, AttackKind, Question};
use crate::model::data::Use;
use crate::model::event::Event;
use crate::model::state::{Hold, State};
use crate::resolve::strike::{Blow, strike_at};
use crate::resolve::{effect, roll_d10};
use crate::rules::zones;
use crate::{DragonQuest, Flow};
use fray_core::grid::HexPos;
use fray_core::{CombatantId, Cx, ModList, RollRecord};

/// DQ-13-016, DQ-13-017: `a` tries to enter `d`'s hex. If `a` stands in
/// `d`'s melee zone, `d` may Repulse: D10 <= its rank with the prepared
/// weapon keeps `a` out and costs `a` its action.
pub fn close_in(
    state: &mut State,
    cx: &mut impl Cx<DragonQuest>,
    a: CombatantId,
    d: CombatantId,
) -> Flow<()> {
    let df = state.fig(d);
    if zones::in_mz(state, d, a) && df.in_fight() && !df.status.stunned && df.weapon().is_some() {
        let rank = i32::from(df.weapon().and_then(|h| h.rank).unwrap_or(0));
        if cx.ask(state, || Question::Repulse {
            who: d,
            attacker: a,
        })? == Answer::Yes(true)
        {
            let (req, rolled) = roll_d10(state, cx, Some(d), "repulse", "DQ-13-017")?;
            let roll = rolled.total;
            cx.emit(|| Event::Roll {
                roll: RollRecord::new(&req, Some(&state.fig(d).name), rolled)
                    .with_target(&ModList::base(
                        "rank with the prepared weapon",
                        rank,
                        "DQ-13-017",
                    ))
                    .verdict(if roll <= rank { "repulsed" } else { "fails" }),
                note: None,
            });
            if roll <= rank {
                effect(
                    state,
                    cx,
                    a,
                    "is repulsed and loses its action",
                    "DQ-13-017",
                );
                return Ok(());
            }
        }
    }
    let to = state.fig(d).pos;
    let heading = state.fig(a).heading;
    state.set_body(a, to, heading);
    state.fig_mut(a).status.close = true;
    state.fig_mut(d).status.close = true;
    effect(state, cx, a, "enters close combat", "DQ-13-016");
    drop_for_close(state, cx, a);
    drop_for_close(state, cx, d);
    if state.options.close_includes_grapple_attack {
        strike_at(state, cx, a, d, grapple_blow(state, a, false))?;
    }
    Ok(())
}

/// DQ-13-018: a figure in close combat drops its prepared shield and any
/// prepared weapon not rated for close combat.
pub fn drop_for_close(state: &mut State, cx: &mut impl Cx<DragonQuest>, who: CombatantId) {
    let f = state.fig_mut(who);
    let at = f.pos;
    let mut dropped = false;
    if f.shield.is_some() && f.shield_ready {
        f.shield_ready = false;
        dropped = true;
    }
    if let Some(i) = f.main
        && let Some(h) = f.weapons.get_mut(usize::from(i))
        && !h.weapon.rated(Use::Close)
        && h.weapon.droppable()
    {
        h.hold = Hold::Dropped;
        h.at = Some(at);
        f.main = None;
        dropped = true;
    }
    if let Some(i) = f.off
        && let Some(h) = f.weapons.get_mut(usize::from(i))
        && !h.weapon.rated(Use::Close)
        && h.weapon.droppable()
    {
        h.hold = Hold::Dropped;
        h.at = Some(at);
        f.off = None;
        dropped = true;
    }
    if dropped {
        effect(
            state,
            cx,
            who,
            "drops shield and weapons not rated for close combat",
            "DQ-13-018",
        );
    }
}

/// The close-combat attack (DQ-13-019), or a Restrain (DQ-16-013).
pub fn grapple_blow(state: &State, a: CombatantId, restrain: bool) -> Blow {
    let mut b = Blow::melee(AttackKind::Normal, state.fig(a).pos);
    b.grapple = true;
    b.restrain = restrain;
    b
}

/// DQ-13-020: breaking out: D10 + own PS - the PS of the hostile figures in
/// the close combat >= 10, or a natural 10; the figure lands prone in `to`.
pub fn break_out(
    state: &mut State,
    cx: &mut impl Cx<DragonQuest>,
    who: CombatantId,
    to: HexPos,
) -> Flow<()> {
    let hostile: i32 = state
        .ids()
        .filter(|&o| {
            state.hostile(o, who) && zones::in_close_with(state, o, who) && state.fig(o).conscious()
        })
        .map(|o| state.fig(o).stats.ps)
        .sum();
    let own = state.fig(who).stats.ps;
    let (req, rolled) = roll_d10(state, cx, Some(who), "break out", "DQ-13-020")?;
    let roll = rolled.total;
    let out = roll == 10 || roll + own - hostile >= 10;
    cx.emit(|| {
        let mut mods = ModList::base("own PS", own, "DQ-13-020");
        mods.add("hostile PS", -hostile, "DQ-13-020");
        Event::Roll {
            roll: RollRecord::new(&req, Some(&state.fig(who).name), rolled)
                .over(&mods, &ModList::base("needed", 10, "DQ-13-020"))
                .verdict(if out { "breaks out" } else { "fails" }),
            note: (roll == 10).then(|| "a natural 10 always breaks out".to_string()),
        }
    });
    if out {
        leave_close(state, who);
        let heading = state.fig(who).heading;
        state.set_body(who, to, heading);
        let f = state.fig_mut(who);
        f.status.prone = true;
        effect(
            state,
            cx,
            who,
            "breaks out of close combat and lands prone",
            "DQ-13-020",
        );
    } else {
        effect(state, cx, who, "fails to break out", "DQ-13-020");
    }
    Ok(())
}

/// `who` leaves its close combat; a foe left alone in the hex leaves it too.
pub fn leave_close(state: &mut State, who: CombatantId) {
    let at = state.fig(who).pos;
    state.fig_mut(who).status.close = false;
    let others: Vec<CombatantId> = state
        .ids()
        .filter(|&o| o != who && state.fig(o).status.close && state.fig(o).pos == at)
        .collect();
    if others.len() == 1 {
        state.fig_mut(others[0]).status.close = false;
    }
}
