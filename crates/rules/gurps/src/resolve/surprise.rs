//! How a fight begins: total surprise freezes and stuns the side caught
//! unaware (G-TURN-005); partial surprise is an initiative roll between
//! the sides' leaders, and the losers start stunned (G-TURN-006).

use crate::Flow;
use crate::Gurps;
use crate::check;
use crate::event::Event;
use crate::options::SurpriseRule;
use crate::resolve::say;
use crate::sheet::Trait;
use crate::state::{State, Stun, Surprise, SurpriseKind};
use fray_core::dice::RollKind;
use fray_core::{CombatantId, Cx, ModList, SideId};

/// Rerolls of a tied initiative before the tie stands (nobody stunned).
const MAX_REROLLS: u32 = 20;

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
        f.frozen = u8::try_from(turns).unwrap_or(u8::MAX);
        let what = if turns > 0 {
            format!("is taken by surprise: frozen for {turns} second(s), then stunned")
        } else {
            "is taken by surprise: stunned".to_string()
        };
        say(state, id, what, "G-TURN-005", cx);
    }
    Ok(())
}

/// A side's leader: the combatant marked `leader`, else its first one.
fn leader(state: &State, side: SideId) -> Option<CombatantId> {
    let members: Vec<CombatantId> = state
        .ids()
        .filter(|&id| state.fighter(id).side == side)
        .collect();
    let marked = members.iter().copied().find(|&id| state.fighter(id).leader);
    marked.or(members.first().copied())
}

/// G-TURN-006: the initiative modifiers of one side's leader against the
/// other leaders: Combat Reflexes +2 (+1 if only another member has it),
/// +1 for the highest IQ, +1 for the best Tactics, and the scenario's bonus.
fn initiative_mods(
    state: &State,
    surprise: &Surprise,
    side: SideId,
    leaders: &[(SideId, CombatantId)],
) -> ModList {
    let me = leaders
        .iter()
        .find(|(s, _)| *s == side)
        .map(|&(_, id)| id)
        .expect("a leader");
    let f = state.fighter(me);
    let mut mods = ModList::base("initiative bonuses", 0, "G-TURN-006");
    let member_cr = state.ids().any(|id| {
        id != me && state.fighter(id).side == side && state.fighter(id).has(Trait::CombatReflexes)
    });
    let cr = if f.has(Trait::CombatReflexes) {
        2
    } else if member_cr {
        1
    } else {
        0
    };
    mods.add("Combat Reflexes", cr, "G-TURN-006");
    let best_of_others = |score: &dyn Fn(CombatantId) -> Option<i32>| {
        leaders
            .iter()
            .filter(|&&(s, _)| s != side)
            .filter_map(|&(_, id)| score(id))
            .max()
    };
    let iq = |id: CombatantId| Some(state.fighter(id).stats.iq);
    if best_of_others(&iq).is_none_or(|o| f.stats.iq > o) {
        mods.add("higher IQ", 1, "G-TURN-006");
    }
    let tactics = |id: CombatantId| state.fighter(id).skill_level(&["Tactics"]);
    if let Some(t) = tactics(me)
        && best_of_others(&tactics).is_none_or(|o| t > o)
    {
        mods.add("better Tactics", 1, "G-TURN-006");
    }
    let name = &state.sides[usize::from(side.0)];
    mods.add(
        "preparation",
        surprise.bonus.get(name).copied().unwrap_or(0),
        "G-TURN-006",
    );
    mods
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
            cx.emit(|| Event::Note {
                text: format!("side {name}: initiative {rolled} {bonus:+} = {total}"),
                rule: "G-TURN-006",
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
            cx.emit(|| Event::Note {
                text: format!("side {name} wins the initiative"),
                rule: "G-TURN-006",
            });
            for id in state.ids().collect::<Vec<_>>() {
                if state.fighter(id).side != winner {
                    state.fighter_mut(id).stun = Some(Stun::Mental);
                    say(
                        state,
                        id,
                        "loses the initiative: stunned".into(),
                        "G-TURN-006",
                        cx,
                    );
                }
            }
            return Ok(());
        }
        contenders.retain(|(s, _)| top.contains(s));
    }
    cx.emit(|| Event::Note {
        text: "the initiative stays tied: nobody is caught out".into(),
        rule: "G-TURN-006",
    });
    Ok(())
}
