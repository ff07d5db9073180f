//! One attack, as the rebuilt flowchart runs it (X-FLW-001): bonuses and
//! dice, the golden roll against Defense, automatic results, the blinded
//! miss chance, criticals, damage with explosion, the minimum, and what
//! the damage does.

use crate::model::event::Event;
use crate::model::options::{CriticalExplosion, HitCompare, MissChanceDie, NonlethalModel};
use crate::model::options::{CriticalFailure, RangedFumble};
use crate::model::state::{Condition, State};
use crate::resolve::Shown;
use crate::resolve::life::update_life;
use crate::rules::attack::{Mode, Swing, bonus, criticals, defense, engaged, is_ranged};
use crate::rules::damage::{adds, critical_dice, explode_on, final_damage};
use crate::rules::geometry::{distance, toward};
use crate::{D20, Flow};
use fray_core::dice::systems::golden::attack_kind;
use fray_core::dice::{Natural, RollKind};
use fray_core::{CombatantId, Cx, ModList, Mods, RollRecord, RollRequest, Total};

/// What a swing came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// It hit.
    pub hit: bool,
    /// Criticals scored.
    pub criticals: u8,
    /// Damage dealt.
    pub damage: i32,
}

const MISS: Outcome = Outcome {
    hit: false,
    criticals: 0,
    damage: 0,
};

/// Resolves one swing.
pub fn swing(state: &mut State, sw: Swing, cx: &mut impl Cx<D20>) -> Flow<Outcome> {
    // The switches this swing reads, copied out: the state changes below.
    let (hit_compare, critical_failure, fumble_in_melee, auto_ignores, miss_die, max_crits) = {
        let o = &*state.options;
        (
            o.hit_compare,
            o.critical_failure,
            o.ranged_fumble_in_melee,
            o.auto_hit_ignores_miss_chance,
            o.miss_chance_die,
            o.max_criticals,
        )
    };
    let attacker = sw.attacker;
    let target = sw.strike.target;
    // Steps 3-4: flat bonuses and dice, and Defense (step 7): every term
    // when the fight is narrated, only the sums otherwise (the simulator).
    // (Declared one by one: a tuple of three lists would be copied, 3 KB a swing.)
    let mut plus = ModList::new();
    let mut dice = ModList::new();
    let mut def = ModList::new();
    let (mut plus_total, dice_total, def_total) = if cx.narrating() {
        bonus(state, &sw, &mut plus, &mut dice);
        defense(state, &sw, &mut def);
        (plus.total(), dice.total(), def.total())
    } else {
        let (mut p, mut d, mut df) = (Total::default(), Total::default(), Total::default());
        bonus(state, &sw, &mut p, &mut d);
        defense(state, &sw, &mut df);
        (p.total(), d.total(), df.total())
    };
    let ranged = is_ranged(state, &sw);
    if sw.mode == Mode::Precise {
        // X-MAN-011: a plain d4 added to the roll.
        let req = RollRequest::new(
            Some(attacker),
            RollKind::d(1, 4),
            "precise strike",
            "X-MAN-011",
        );
        let r = cx.roll(state, req)?;
        cx.emit(|| Event::Roll {
            roll: RollRecord::new(&req, Some(&state.fighter(attacker).name), r)
                .verdict("added to the attack roll"),
        });
        plus.add("precise strike d4", r.total, "X-MAN-011");
        plus_total += r.total;
    }
    // What the attack itself changes: the count (X-MUL-001), the facing
    // (X-SIT-003), a feint spent (X-SPM-002), a crossbow shot (X-RNG-010).
    {
        let turn = &mut state.turn;
        if sw.mode.counted() {
            turn.attacks += 1;
            turn.low_level |= sw.strike.low_level;
            if sw.mode == Mode::Offhand {
                turn.offhand_attack = true;
            }
        }
        let tpos = state.fighters[target.index()].pos;
        let f = state.fighter_mut(attacker);
        f.facing = toward(f.pos, tpos);
        if !ranged && f.feint.is_some_and(|(t, _)| t == target) {
            f.feint = None;
        }
        if f.weapon(sw.strike.weapon)
            .is_some_and(|a| a.weapon.crossbow && ranged)
        {
            f.unloaded |= 1 << sw.strike.weapon.min(7);
        }
    }
    // Step 5: the roll: golden d6, a 6 explodes (X-ATK-005), a 1 counts 0 (X-ATK-006).
    let extra = dice_total.clamp(-20, 20) as i8;
    let rule = if ranged { "X-ATK-002" } else { "X-ATK-001" };
    let req = RollRequest::new(Some(attacker), attack_kind(extra, 0), "attack", rule)
        .against(def_total - plus_total);
    let rolled = cx.roll(state, req)?;
    let shown = Shown::last(cx, req.kind);
    let total = rolled.total + plus_total;
    let margin = total - def_total;
    // Steps 6-7 (X-ATK-004, X-ATK-008, X-ATK-009).
    let by_total = match hit_compare {
        HitCompare::Ge => margin >= 0,
        HitCompare::Gt => margin > 0,
    };
    let fumble = rolled.natural == Natural::AllLowest
        || (critical_failure == CriticalFailure::TripleOneOrFailBy8 && margin <= -8);
    let auto_hit = rolled.natural == Natural::AllHighest;
    let hit = !fumble && (auto_hit || by_total);
    let crits = if hit { criticals(margin, max_crits) } else { 0 };
    let verdict = if fumble {
        "automatic miss"
    } else if auto_hit && !by_total {
        "automatic hit"
    } else if crits > 0 {
        "critical hit"
    } else if hit {
        "hit"
    } else {
        "miss"
    };
    cx.emit(|| Event::Roll {
        roll: shown.on(
            RollRecord::new(&req, Some(&state.fighter(attacker).name), rolled)
                .over(&plus, &def)
                .verdict(verdict),
        ),
    });
    if crits > 0 {
        cx.emit(|| Event::Note {
            text: format!(
                "{crits} critical{}: {margin} over Defense {def_total} holds {} full 8{}{}; each adds one more {} of the weapon's dice, without STR, List, Skill or Magic{}",
                if crits == 1 { "" } else { "s" },
                margin / 8,
                if margin / 8 == 1 { "" } else { "s" },
                if i32::from(crits) < margin / 8 {
                    format!(", capped at {crits} (max_criticals)")
                } else {
                    String::new()
                },
                state
                    .fighter(attacker)
                    .weapon(sw.strike.weapon)
                    .map(|a| {
                        let n = crate::rules::damage::critical_dice(&a.weapon, &state.options);
                        format!("{n}d{}", a.weapon.damage.sides)
                    })
                    .unwrap_or_default(),
                if state.options.critical_explosion == CriticalExplosion::None {
                    ", and no die explodes (X-DMG-004)"
                } else {
                    ""
                },
            ),
            rule: "X-DMG-002",
        });
    }
    if !dice.is_empty() && cx.narrating() {
        let list = dice.describe();
        cx.emit(|| Event::Note {
            text: format!("dice modifiers, netted: {list}"),
            rule: "X-ATK-010",
        });
    }
    if fumble {
        state.fighter_mut(attacker).record.fumbles += 1;
        // X-RNG-007: into melee, a random creature next to the target is hit.
        if ranged
            && fumble_in_melee == RangedFumble::AutoHitRandom
            && engaged(state, attacker, target)
        {
            return stray(state, sw, cx);
        }
        return Ok(MISS);
    }
    if !hit {
        return Ok(MISS);
    }
    // Step 8 (X-CON-009): a blinded attacker's miss chance.
    if state.fighter(attacker).cond.has(Condition::Blinded) && !(auto_hit && auto_ignores) {
        let (kind, cut) = match miss_die {
            MissChanceDie::D6 => (RollKind::d(1, 6), 3),
            MissChanceDie::D100 => (RollKind::d(1, 100), 50),
        };
        let req = RollRequest::new(Some(attacker), kind, "miss chance", "X-CON-009");
        let r = cx.roll(state, req)?;
        let missed = r.total <= cut;
        cx.emit(|| Event::Roll {
            roll: RollRecord::new(&req, Some(&state.fighter(attacker).name), r)
                .verdict(if missed { "blind miss" } else { "still hits" }),
        });
        if missed {
            return Ok(MISS);
        }
    }
    // Step 9: what follows depends on the state, the swing and the criticals.
    cx.checkpoint(state, &(attacker, sw.strike, sw.mode, crits, "hit"))?;
    let damage = damage(state, sw, crits, cx)?;
    Ok(Outcome {
        hit: true,
        criticals: crits,
        damage,
    })
}

/// X-RNG-007: a critical failure into melee hits a random creature within
/// 1 m of the target (not the target, not the shooter) for normal damage
/// without criticals; with none there, a miss.
fn stray(state: &mut State, sw: Swing, cx: &mut impl Cx<D20>) -> Flow<Outcome> {
    let near: arrayvec::ArrayVec<CombatantId, 16> = state
        .ids()
        .filter(|&c| {
            c != sw.attacker
                && c != sw.strike.target
                && state.fighter(c).life != crate::model::state::Life::Dead
                && distance(state, c, sw.strike.target) <= 1
        })
        .take(16)
        .collect();
    if near.is_empty() {
        return Ok(MISS);
    }
    let pick = if near.len() == 1 {
        0
    } else {
        let req = RollRequest::new(
            None,
            RollKind::d(1, near.len() as u16),
            "stray shot",
            "X-RNG-007",
        );
        (cx.roll(state, req)?.total - 1).clamp(0, near.len() as i32 - 1) as usize
    };
    let victim = near[pick];
    let vname = state.fighter(victim).name.clone();
    cx.emit(|| Event::Note {
        text: format!("the shot goes astray and hits {vname}"),
        rule: "X-RNG-007",
    });
    let mut stray = sw;
    stray.strike.target = victim;
    let damage = damage(state, stray, 0, cx)?;
    Ok(Outcome {
        hit: true,
        criticals: 0,
        damage,
    })
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

/// Step 10-12: damage dice (exploding only without criticals, X-DMG-004),
/// critical dice (X-DMG-003), adds (X-DMG-001), reductions and the minimum
/// of 1 (X-DMG-009), to HP or the nonlethal counter (X-DMG-010), then the
/// target's health (X-LIF).
pub fn damage(state: &mut State, sw: Swing, crits: u8, cx: &mut impl Cx<D20>) -> Flow<i32> {
    let attacker = sw.attacker;
    let target = sw.strike.target;
    let offhand = sw.mode == Mode::Offhand;
    // What the weapon and the switches say, copied out: the rolls below
    // take the state, and nothing in the attacker's sheet changes meanwhile.
    let terms = if cx.telling() {
        let a = state.fighter(attacker);
        a.weapon(sw.strike.weapon)
            .map(|armed| crate::rules::damage::adds_terms(a, armed, offhand))
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    let (count, sides, crit_dice, explode, plus, weapon_nonlethal, nonlethal_model) = {
        let o = &*state.options;
        let a = state.fighter(attacker);
        let Some(armed) = a.weapon(sw.strike.weapon) else {
            return Ok(0);
        };
        let w = &armed.weapon;
        let may_explode = crits == 0 || o.critical_explosion == CriticalExplosion::BaseDieOnly;
        (
            w.damage.count,
            w.damage.sides,
            u16::from(crits) * critical_dice(w, o),
            explode_on(w, o).filter(|_| may_explode),
            adds(a, armed, offhand),
            w.nonlethal,
            o.nonlethal_model,
        )
    };
    let mut rolled = 0;
    let mut explosions = 0u32;
    match explode {
        Some(on) => {
            for _ in 0..count {
                let (v, exploded) = weapon_die(state, attacker, sides, on, cx)?;
                rolled += v;
                explosions += u32::from(exploded);
            }
            if crit_dice > 0 {
                let kind = RollKind::d(crit_dice, u16::from(sides));
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
        }
        None => {
            // The weapon's dice and the critical dice (X-DMG-003) are one
            // roll of plain dice: the same sum, and one branch point for
            // the exact odds instead of two.
            let n = u16::from(count) + crit_dice;
            let kind = RollKind::d(n, u16::from(sides));
            let (label, rule) = if crit_dice > 0 {
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
            rolled += r.total;
        }
    }
    let raw = rolled + plus;
    let reduction = state.fighter(target).stats.reduction;
    let dealt = final_damage(raw, reduction, false);
    let nonlethal = (sw.strike.nonlethal || weapon_nonlethal)
        && nonlethal_model == NonlethalModel::SeparateCounter;
    {
        let t = state.fighter_mut(target);
        if nonlethal {
            t.nonlethal += dealt;
        } else {
            t.hp -= dealt;
        }
        t.record.taken += dealt;
    }
    {
        let f = state.fighter_mut(attacker);
        f.record.dealt += dealt;
        f.record.criticals += u32::from(crits);
        f.record.explosions += explosions;
    }
    let t = state.fighter(target);
    let (hp, hp_max) = (t.hp, t.stats.hp_max);
    cx.emit(|| Event::Damage {
        target: t.name.to_string(),
        dice: rolled,
        adds: plus,
        terms: terms
            .iter()
            .map(|&(label, value, rule)| fray_core::roll::ModifierRecord {
                label: label.to_string(),
                value,
                rule,
            })
            .collect(),
        reduction,
        criticals: crits,
        amount: dealt,
        nonlethal,
        hp,
        hp_max,
        rules: {
            let mut r = vec!["X-DMG-001"];
            if crits > 0 {
                r.push("X-DMG-002");
            }
            if explosions > 0 {
                r.push("X-DMG-005");
            }
            if raw - reduction < 1 {
                r.push("X-DMG-009");
            }
            r.push("X-DMG-010");
            r
        },
    });
    update_life(state, target, cx);
    // X-QCK-009 (X-FLW-001 step 12): a rider hit keeps its seat or falls.
    crate::resolve::mount::stay_mounted(state, target, cx)?;
    cx.checkpoint(state, &(target, "dealt"))?;
    Ok(dealt)
}
