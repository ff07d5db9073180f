//! Damage (X-FLW-001 steps 10-12): the weapon's dice, exploding only
//! without criticals (X-DMG-004), critical dice (X-DMG-003), adds
//! (X-DMG-001), reductions and the minimum (X-DMG-009), to HP or the
//! nonlethal counter (X-DMG-010), then the target's health and seat.

use crate::model::event::Event;
use crate::model::options::{CriticalExplosion, NonlethalModel};
use crate::model::state::State;
use crate::resolve::Shown;
use crate::resolve::life::update_life;
use crate::rules::attack::{Mode, Swing};
use crate::rules::damage::{adds, critical_dice, explode_on, final_damage};
use crate::{D20, Flow};
use fray_core::dice::RollKind;
use fray_core::{CombatantId, Cx, RollRecord, RollRequest};

/// What the weapon and the switches say about one hit's damage, copied
/// out: the rolls take the state, and nothing in the attacker's sheet
/// changes meanwhile.
struct Dice {
    /// The weapon's dice.
    count: u8,
    /// Their sides.
    sides: u8,
    /// Critical dice added (X-DMG-003).
    crit_dice: u16,
    /// The face a weapon die explodes on, when it may (X-DMG-004/005).
    explode: Option<u8>,
    /// The adds (X-DMG-001).
    plus: i32,
    /// The weapon deals nonlethal damage.
    weapon_nonlethal: bool,
    /// How nonlethal damage is kept.
    nonlethal_model: NonlethalModel,
}

/// The damage dice of `sw` with `crits` criticals; `None` without the weapon.
fn dice_of(state: &State, sw: &Swing, crits: u8) -> Option<Dice> {
    let o = &*state.options;
    let a = state.fighter(sw.attacker);
    let armed = a.weapon(sw.strike.weapon)?;
    let w = &armed.weapon;
    let may_explode = crits == 0 || o.critical_explosion == CriticalExplosion::BaseDieOnly;
    Some(Dice {
        count: w.damage.count,
        sides: w.damage.sides,
        crit_dice: u16::from(crits) * critical_dice(w, o),
        explode: explode_on(w, o).filter(|_| may_explode),
        plus: adds(a, armed, sw.mode == Mode::Offhand),
        weapon_nonlethal: w.nonlethal,
        nonlethal_model: o.nonlethal_model,
    })
}

/// Step 10-12: damage dice (exploding only without criticals, X-DMG-004),
/// critical dice (X-DMG-003), adds (X-DMG-001), reductions and the minimum
/// of 1 (X-DMG-009), to HP or the nonlethal counter (X-DMG-010), then the
/// target's health (X-LIF).
pub fn damage(state: &mut State, sw: Swing, crits: u8, cx: &mut impl Cx<D20>) -> Flow<i32> {
    let target = sw.strike.target;
    let terms = adds_terms(state, &sw, cx);
    let Some(dice) = dice_of(state, &sw, crits) else {
        return Ok(0);
    };
    let (rolled, explosions) = match dice.explode {
        Some(on) => roll_exploding(state, sw.attacker, &dice, on, cx)?,
        None => (roll_plain(state, sw.attacker, &dice, cx)?, 0),
    };
    let raw = rolled + dice.plus;
    let reduction = state.fighter(target).stats.reduction;
    let dealt = final_damage(raw, reduction, false);
    let nonlethal = (sw.strike.nonlethal || dice.weapon_nonlethal)
        && dice.nonlethal_model == NonlethalModel::SeparateCounter;
    let hit = Hit {
        rolled,
        plus: dice.plus,
        raw,
        reduction,
        dealt,
        nonlethal,
        crits,
        explosions,
    };
    apply(state, &sw, &hit);
    tell(state, target, &hit, &terms, cx);
    update_life(state, target, cx);
    // X-QCK-009 (X-FLW-001 step 12): a rider hit keeps its seat or falls.
    crate::resolve::saddle::stay_mounted(state, target, cx)?;
    cx.checkpoint(state, &(target, "dealt"))?;
    Ok(dealt)
}

/// The adds term by term, for narration only.
fn adds_terms(
    state: &State,
    sw: &Swing,
    cx: &impl Cx<D20>,
) -> Vec<(&'static str, i32, &'static str)> {
    if !cx.telling() {
        return Vec::new();
    }
    let a = state.fighter(sw.attacker);
    a.weapon(sw.strike.weapon)
        .map(|armed| crate::rules::damage::adds_terms(a, armed, sw.mode == Mode::Offhand))
        .unwrap_or_default()
}

/// Each weapon die rolled and exploding on its own (X-DMG-005..008), then
/// the critical dice in one roll; the sum and how many dice exploded.
fn roll_exploding(
    state: &mut State,
    attacker: CombatantId,
    dice: &Dice,
    on: u8,
    cx: &mut impl Cx<D20>,
) -> Flow<(i32, u32)> {
    let mut rolled = 0;
    let mut explosions = 0u32;
    for _ in 0..dice.count {
        let (v, exploded) = weapon_die(state, attacker, dice.sides, on, cx)?;
        rolled += v;
        explosions += u32::from(exploded);
    }
    if dice.crit_dice > 0 {
        let kind = RollKind::d(dice.crit_dice, u16::from(dice.sides));
        let req = RollRequest::new(Some(attacker), kind, "critical dice", "X-DMG-003");
        let r = cx.roll(state, req)?;
        let shown = Shown::last(cx, req.kind);
        cx.emit(|| Event::Roll {
            roll: shown.on(RollRecord::new(
                &req,
                Some(&state.fighter(attacker).name),
                r,
            )),
        });
        rolled += r.total;
    }
    Ok((rolled, explosions))
}

/// The weapon's dice and the critical dice (X-DMG-003) as one roll of
/// plain dice: the same sum, and one branch point for the exact odds
/// instead of two.
fn roll_plain(
    state: &mut State,
    attacker: CombatantId,
    dice: &Dice,
    cx: &mut impl Cx<D20>,
) -> Flow<i32> {
    let n = u16::from(dice.count) + dice.crit_dice;
    let kind = RollKind::d(n, u16::from(dice.sides));
    let (label, rule) = if dice.crit_dice > 0 {
        ("damage and critical dice", "X-DMG-003")
    } else {
        ("damage", "X-DMG-001")
    };
    let req = RollRequest::new(Some(attacker), kind, label, rule);
    let r = cx.roll(state, req)?;
    let shown = Shown::last(cx, req.kind);
    cx.emit(|| Event::Roll {
        roll: shown.on(RollRecord::new(
            &req,
            Some(&state.fighter(attacker).name),
            r,
        )),
    });
    Ok(r.total)
}

/// Rolls one weapon die, exploding once on `on` or more (X-DMG-005..008).
fn weapon_die(
    state: &mut State,
    who: CombatantId,
    sides: u8,
    on: u8,
    cx: &mut impl Cx<D20>,
) -> Flow<(i32, bool)> {
    let kind = RollKind::d(1, u16::from(sides));
    let req = RollRequest::new(Some(who), kind, "damage die", "X-DMG-001");
    let r = cx.roll(state, req)?;
    let exploded = r.total >= i32::from(on);
    cx.emit(|| Event::Roll {
        roll: RollRecord::new(&req, Some(&state.fighter(who).name), r).verdict(if exploded {
            "explodes: rolled again and added"
        } else {
            ""
        }),
    });
    if !exploded {
        return Ok((r.total, false));
    }
    let rule = if on < sides { "X-DMG-007" } else { "X-DMG-005" };
    let again = RollRequest::new(Some(who), kind, "damage explosion", rule);
    let e = cx.roll(state, again)?;
    cx.emit(|| Event::Roll {
        roll: RollRecord::new(&again, Some(&state.fighter(who).name), e)
            .verdict("added to the die; it explodes once at most (X-DMG-008)"),
    });
    Ok((r.total + e.total, true))
}

/// One hit's damage as rolled and dealt.
struct Hit {
    /// The dice's sum.
    rolled: i32,
    /// The adds.
    plus: i32,
    /// Dice and adds.
    raw: i32,
    /// The target's damage reduction.
    reduction: i32,
    /// What it takes (X-DMG-009).
    dealt: i32,
    /// To the nonlethal counter (X-DMG-010).
    nonlethal: bool,
    /// Criticals scored.
    crits: u8,
    /// Weapon dice that exploded.
    explosions: u32,
}

/// X-DMG-010: the damage to HP or the nonlethal counter, and both
/// fighters' records.
fn apply(state: &mut State, sw: &Swing, hit: &Hit) {
    {
        let t = state.fighter_mut(sw.strike.target);
        if hit.nonlethal {
            t.nonlethal += hit.dealt;
        } else {
            t.hp -= hit.dealt;
        }
        t.record.taken += hit.dealt;
    }
    let f = state.fighter_mut(sw.attacker);
    f.record.dealt += hit.dealt;
    f.record.criticals += u32::from(hit.crits);
    f.record.explosions += hit.explosions;
}

/// Tells the damage with its terms and the rules that made it.
fn tell(
    state: &State,
    target: CombatantId,
    hit: &Hit,
    terms: &[(&'static str, i32, &'static str)],
    cx: &mut impl Cx<D20>,
) {
    let t = state.fighter(target);
    let (hp, hp_max) = (t.hp, t.stats.hp_max);
    cx.emit(|| Event::Damage {
        target: t.name.to_string(),
        dice: hit.rolled,
        adds: hit.plus,
        terms: terms
            .iter()
            .map(|&(label, value, rule)| fray_core::roll::ModifierRecord {
                label: label.to_string(),
                value,
                rule,
            })
            .collect(),
        reduction: hit.reduction,
        criticals: hit.crits,
        amount: hit.dealt,
        nonlethal: hit.nonlethal,
        hp,
        hp_max,
        rules: {
            let mut r = vec!["X-DMG-001"];
            if hit.crits > 0 {
                r.push("X-DMG-002");
            }
            if hit.explosions > 0 {
                r.push("X-DMG-005");
            }
            if hit.raw - hit.reduction < 1 {
                r.push("X-DMG-009");
            }
            r.push("X-DMG-010");
            r
        },
    });
}
