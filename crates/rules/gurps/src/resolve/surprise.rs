//! How a fight begins: total surprise freezes and stuns the side caught
//! unaware (G-TURN-005); partial surprise is an initiative roll between
//! the sides' leaders, and the losers start stunned (G-TURN-006).

use crate::Flow;
use crate::Gurps;
use crate::model::options::SurpriseRule;
use crate::model::sheet::Trait;
use crate::model::state::{State, Stun, Surprise, SurpriseKind};
use crate::resolve::check;
use crate::resolve::say;
use crate::rules::surprise::{MAX_REROLLS, initiative_mods, leader};
use fray_core::dice::RollKind;
use fray_core::{CombatantId, Cx, SideId};

/// Applies the scenario's surprise, once, before the first turn.
pub fn apply(state: &mut State, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    let Some(surprise) = state.surprise.clone() else {
        return Ok(());
    };
    match surprise.kind {
        SurpriseKind::Total => total(state, &surprise, cx),
        SurpriseKind::Partial => partial(state, &surprise, cx),
    }
}

/// G-TURN-005: each figure of a surprised side freezes for 1d turns (Do
/// Nothing, no roll to recover), then is mentally stunned; Combat Reflexes
/// skips the freeze (G-EXT-016). Option `surprise = "basic"`: no freeze.
fn total(state: &mut State, surprise: &Surprise, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    let caught: Vec<CombatantId> = state
        .ids()
        .filter(|&id| {
            let side = &state.sides[usize::from(state.fighter(id).side.0)];
            surprise.surprised.contains(side)
        })
        .collect();
    for id in caught {
        let freeze = state.options.surprise == SurpriseRule::Source
            && !state.fighter(id).has(Trait::CombatReflexes);
        let turns = if freeze {
            check::dice(
                state,
                cx,
                Some(id),
                RollKind::d(1, 6),
                "frozen by surprise",
                "G-TURN-005",
                None,
            )?
        } else {
            0
        };
        let f = state.fighter_mut(id);
        f.stun = Some(Stun::Mental);
        f.set_frozen(u8::try_from(turns).unwrap_or(u8::MAX));
        let what = if turns > 0 {
            format!("is taken by surprise: frozen for {turns} second(s), then stunned")
        } else {
            "is taken by surprise: stunned".to_string()
        };
        say(state, id, what, "G-TURN-005", cx);
    }
    Ok(())
}

/// G-TURN-006: the leaders roll 1d plus modifiers; ties are rolled again
/// (decision); every side but the winner starts mentally stunned.
fn partial(state: &mut State, surprise: &Surprise, cx: &mut impl Cx<Gurps>) -> Flow<()> {
    let leaders: Vec<(SideId, CombatantId)> = (0..state.sides.len())
        .filter_map(|i| {
            let side = SideId(u8::try_from(i).ok()?);
            leader(state, side).map(|id| (side, id))
        })
        .collect();
    let mut contenders = leaders.clone();
    for _ in 0..=MAX_REROLLS {
        let mut scores = Vec::new();
        for &(side, id) in &contenders {
            let mods = initiative_mods(state, surprise, side, &leaders);
            let rolled = check::dice(
                state,
                cx,
                Some(id),
                RollKind::d(1, 6),
                "initiative",
                "G-TURN-006",
                Some(&mods),
            )?;
            let (bonus, total) = (
                fray_core::Mods::total(&mods),
                rolled + fray_core::Mods::total(&mods),
            );
            let name = state.sides[usize::from(side.0)].clone();
            cx.note("G-TURN-006", || {
                format!("side {name}: initiative {rolled} {bonus:+} = {total}")
            });
            scores.push((side, total));
        }
        let best = scores.iter().map(|&(_, v)| v).max().unwrap_or(0);
        let top: Vec<SideId> = scores
            .iter()
            .filter(|&&(_, v)| v == best)
            .map(|&(s, _)| s)
            .collect();
        if let [winner] = top[..] {
            let name = state.sides[usize::from(winner.0)].clone();
            cx.note("G-TURN-006", || format!("side {name} wins the initiative"));
            for id in state.ids().collect::<Vec<_>>() {
                if state.fighter(id).side != winner {
                    state.fighter_mut(id).stun = Some(Stun::Mental);
                    say(state, id, "loses the initiative: stunned", "G-TURN-006", cx);
                }
            }
            return Ok(());
        }
        contenders.retain(|(s, _)| top.contains(s));
    }
    cx.note("G-TURN-006", || {
        "the initiative stays tied: nobody is caught out".into()
    });
    Ok(())
}
