//! Casting a spell (X-MAN-007): the cast is spent, the Magic check rolls
//! (3 golden d6 + Magic against the spell's DC, -1d6 Distracted,
//! X-CON-003), and on a success the spell's dice damage a foe (at least 1,
//! X-DMG-009) or heal an ally (X-LIF-005, X-LIF-010).

use crate::model::data::SpellEffect;
use crate::model::event::Event;
use crate::model::state::State;
use crate::resolve::check::check;
use crate::resolve::life::{magic_heal, update_life};
use crate::rules::damage::final_damage;
use crate::rules::spell::magic_check;
use crate::{D20, Flow};
use fray_core::dice::RollKind;
use fray_core::{CombatantId, Cx, ModList, RollRecord, RollRequest};

/// What a cast came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cast {
    /// The Magic check succeeded.
    pub success: bool,
    /// Damage dealt or HP healed.
    pub amount: i32,
}

/// X-MAN-007: `caster` casts spell `spell` at `target` (already checked
/// by `rules::legal::check_cast`). The cast is used up whether or not the
/// check succeeds (the spell is lost, d20 practice).
pub fn cast(
    state: &mut State,
    caster: CombatantId,
    spell: u8,
    target: CombatantId,
    cx: &mut impl Cx<D20>,
) -> Flow<Cast> {
    let Some(k) = state.fighter_mut(caster).spells.get_mut(usize::from(spell)) else {
        return Ok(Cast {
            success: false,
            amount: 0,
        });
    };
    if let Some(n) = &mut k.left {
        *n = n.saturating_sub(1);
    }
    let sp = k.spell.clone();
    let mut plus = ModList::new();
    let mut dice = ModList::new();
    magic_check(state.fighter(caster), &mut plus, &mut dice);
    if !dice.is_empty() && cx.narrating() {
        let list = dice.describe();
        cx.note("X-CON-003", || {
            format!("Magic check dice modifiers, netted: {list}")
        });
    }
    let dc = ModList::base("spell DC", sp.dc, "X-MAN-007");
    let extra = dice.total().clamp(-20, 20) as i8;
    let c = check(
        state,
        caster,
        &plus,
        extra,
        &dc,
        "magic check",
        "X-MAN-007",
        cx,
    )?;
    if !c.success {
        return Ok(Cast {
            success: false,
            amount: 0,
        });
    }
    let kind = RollKind::Sum {
        dice: u16::from(sp.dice.count),
        sides: u16::from(sp.dice.sides),
        modifier: i32::from(sp.dice.plus),
    };
    let label = match sp.effect {
        SpellEffect::Damage => "spell damage",
        SpellEffect::Heal => "spell healing",
    };
    let req = RollRequest::new(Some(caster), kind, label, "X-MAN-007");
    let r = cx.roll(state, req)?;
    let shown = crate::resolve::Shown::last(cx, req.kind);
    let name = &*state.fighter(caster).name;
    cx.emit(|| Event::Roll {
        roll: shown.on(RollRecord::new(&req, Some(name), r)),
    });
    let amount = match sp.effect {
        SpellEffect::Damage => {
            let reduction = state.fighter(target).stats.reduction;
            let dealt = final_damage(r.total, reduction, false);
            let t = state.fighter_mut(target);
            t.hp -= dealt;
            t.record.taken += dealt;
            state.fighter_mut(caster).record.dealt += dealt;
            let t = state.fighter(target);
            let (tname, hp, hp_max) = (&*t.name, t.hp, t.stats.hp_max);
            cx.emit(|| Event::Damage {
                target: tname.to_string(),
                dice: r.total,
                adds: 0,
                terms: Vec::new(),
                reduction,
                criticals: 0,
                amount: dealt,
                nonlethal: false,
                hp,
                hp_max,
                rules: if r.total - reduction < 1 {
                    vec!["X-MAN-007", "X-DMG-009"]
                } else {
                    vec!["X-MAN-007"]
                },
            });
            update_life(state, target, cx);
            dealt
        }
        SpellEffect::Heal => {
            let amount = r.total.max(1);
            magic_heal(state, target, amount, cx);
            amount
        }
    };
    Ok(Cast {
        success: true,
        amount,
    })
}
