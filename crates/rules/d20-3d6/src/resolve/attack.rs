//! One attack, as the rebuilt flowchart runs it (X-FLW-001): bonuses and
//! dice, the golden roll against Defense, automatic results, the blinded
//! miss chance and criticals; the damage and what it does are in
//! `resolve/damage` (re-exported here).

use crate::model::event::Event;
use crate::model::options::RangedFumble;
use crate::model::options::{CriticalExplosion, CriticalFailure, HitCompare, MissChanceDie};
use crate::model::state::{Condition, State};
use crate::resolve::Shown;
use crate::rules::attack::{Mode, Swing, bonus_with, criticals, defense_of, engaged, is_ranged};
use crate::rules::geometry::{distance, flanked, toward};
use crate::{D20, Flow};
use fray_core::dice::systems::golden::attack_kind;
use fray_core::dice::{Natural, RollKind, Rolled};
use fray_core::{CombatantId, Cx, ModList, Mods, RollRecord, RollRequest, Total};

pub use crate::resolve::damage::damage;

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

/// Resolves one swing: the terms (steps 3-4, 7), a Precise Strike's d4,
/// what the attack changes, the golden roll judged (steps 5-7), then a
/// fumble's stray shot, a blinded miss chance (step 8) or the damage.
pub fn swing(state: &mut State, sw: Swing, cx: &mut impl Cx<D20>) -> Flow<Outcome> {
    // Steps 3-4: flat bonuses and dice, and Defense (step 7): every term
    // when the fight is narrated, only the sums otherwise (the simulator).
    // (Declared one by one: a tuple of three lists would be copied, 3 KB a swing.)
    let mut plus = ModList::new();
    let mut dice = ModList::new();
    let mut def = ModList::new();
    let ranged = is_ranged(state, &sw);
    let (mut plus_total, dice_total, def_total) =
        terms(state, &sw, ranged, cx, &mut plus, &mut dice, &mut def);
    if sw.mode == Mode::Precise {
        plus_total += precise_die(state, sw.attacker, &mut plus, cx)?;
    }
    mark_attack(state, &sw, ranged);
    let j = roll_attack(state, &sw, ranged, (dice_total, plus_total, def_total), cx)?;
    tell_attack(state, &sw, &j, &plus, &def, cx);
    if j.crits > 0 {
        tell_criticals(state, &sw, j.crits, j.margin, def_total, cx);
    }
    if !dice.is_empty() && cx.narrating() {
        let list = dice.describe();
        cx.note("X-ATK-010", || format!("dice modifiers, netted: {list}"));
    }
    if j.fumble {
        return fumbled(state, sw, ranged, cx);
    }
    if !j.hit {
        return Ok(MISS);
    }
    if blind_miss(state, sw.attacker, j.auto_hit, cx)? {
        return Ok(MISS);
    }
    // Step 9: what follows depends on the state, the swing and the criticals.
    cx.checkpoint(state, &(sw.attacker, sw.strike, sw.mode, j.crits, "hit"))?;
    let damage = damage(state, sw, j.crits, cx)?;
    Ok(Outcome {
        hit: true,
        criticals: j.crits,
        damage,
    })
}

/// Steps 3-4 and 7: the attack's flat bonuses, its dice and the target's
/// Defense, term by term when narrated (else only the sums); their totals.
fn terms(
    state: &State,
    sw: &Swing,
    ranged: bool,
    cx: &impl Cx<D20>,
    plus: &mut ModList,
    dice: &mut ModList,
    def: &mut ModList,
) -> (i32, i32, i32) {
    let flanking = || flanked(state, sw.attacker, sw.strike.target);
    let (a, t) = (sw.attacker, sw.strike.target);
    if cx.narrating() {
        bonus_with(state, sw, ranged, flanking, plus, dice);
        defense_of(state, a, t, ranged, def);
        (plus.total(), dice.total(), def.total())
    } else {
        let (mut p, mut d, mut df) = (Total::default(), Total::default(), Total::default());
        bonus_with(state, sw, ranged, flanking, &mut p, &mut d);
        defense_of(state, a, t, ranged, &mut df);
        (p.total(), d.total(), df.total())
    }
}

/// X-MAN-011: a Precise Strike's plain d4 added to the roll; returns it.
fn precise_die(
    state: &State,
    attacker: CombatantId,
    plus: &mut ModList,
    cx: &mut impl Cx<D20>,
) -> Flow<i32> {
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
    Ok(r.total)
}

/// What the attack itself changes: the count (X-MUL-001), the facing
/// (X-SIT-003), a feint spent (X-SPM-002), a crossbow shot (X-RNG-010).
fn mark_attack(state: &mut State, sw: &Swing, ranged: bool) {
    let target = sw.strike.target;
    let turn = &mut state.turn;
    if sw.mode.counted() {
        turn.attacks += 1;
        turn.low_level |= sw.strike.low_level;
        if sw.mode == Mode::Offhand {
            turn.offhand_attack = true;
        }
    }
    let tpos = state.fighters[target.index()].pos;
    let f = state.fighter_mut(sw.attacker);
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

/// The attack roll judged.
struct Judged {
    /// The request made.
    req: RollRequest,
    /// The dice.
    rolled: Rolled,
    /// Their faces, for narration.
    shown: Shown,
    /// Total less Defense.
    margin: i32,
    /// Three 1s, or a failure by 8 (X-ATK-008).
    fumble: bool,
    /// Three 6s (X-ATK-009).
    auto_hit: bool,
    /// It hit.
    hit: bool,
    /// Criticals scored (X-DMG-002).
    crits: u8,
    /// The verdict told.
    verdict: &'static str,
}

/// Step 5: the roll, golden d6, a 6 explodes (X-ATK-005), a 1 counts 0
/// (X-ATK-006); steps 6-7 judge it against Defense (X-ATK-004, X-ATK-008,
/// X-ATK-009). `totals`: the dice modifier, the flat bonus and Defense.
fn roll_attack(
    state: &State,
    sw: &Swing,
    ranged: bool,
    (dice_total, plus_total, def_total): (i32, i32, i32),
    cx: &mut impl Cx<D20>,
) -> Flow<Judged> {
    let o = &*state.options;
    let extra = dice_total.clamp(-20, 20) as i8;
    let rule = if ranged { "X-ATK-002" } else { "X-ATK-001" };
    let req = RollRequest::new(Some(sw.attacker), attack_kind(extra, 0), "attack", rule)
        .against(def_total - plus_total);
    let rolled = cx.roll(state, req)?;
    let shown = Shown::last(cx, req.kind);
    let total = rolled.total + plus_total;
    let margin = total - def_total;
    let by_total = match o.hit_compare {
        HitCompare::Ge => margin >= 0,
        HitCompare::Gt => margin > 0,
    };
    let fumble = rolled.natural == Natural::AllLowest
        || (o.critical_failure == CriticalFailure::TripleOneOrFailBy8 && margin <= -8);
    let auto_hit = rolled.natural == Natural::AllHighest;
    let hit = !fumble && (auto_hit || by_total);
    let crits = if hit {
        criticals(margin, o.max_criticals)
    } else {
        0
    };
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
    Ok(Judged {
        req,
        rolled,
        shown,
        margin,
        fumble,
        auto_hit,
        hit,
        crits,
        verdict,
    })
}

/// Tells the attack roll with its terms and verdict.
fn tell_attack(
    state: &State,
    sw: &Swing,
    j: &Judged,
    plus: &ModList,
    def: &ModList,
    cx: &mut impl Cx<D20>,
) {
    cx.emit(|| Event::Roll {
        roll: j.shown.clone().on(RollRecord::new(
            &j.req,
            Some(&state.fighter(sw.attacker).name),
            j.rolled,
        )
        .over(plus, def)
        .verdict(j.verdict)),
    });
}

/// X-DMG-002: how the criticals were counted and what they add.
fn tell_criticals(
    state: &State,
    sw: &Swing,
    crits: u8,
    margin: i32,
    def_total: i32,
    cx: &mut impl Cx<D20>,
) {
    cx.note("X-DMG-002", || {
        format!(
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
                .fighter(sw.attacker)
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
        )
    });
}

/// A fumble counted; X-RNG-007: shot into melee, a random creature next
/// to the target is hit.
fn fumbled(state: &mut State, sw: Swing, ranged: bool, cx: &mut impl Cx<D20>) -> Flow<Outcome> {
    state.fighter_mut(sw.attacker).record.fumbles += 1;
    if ranged
        && state.options.ranged_fumble_in_melee == RangedFumble::AutoHitRandom
        && engaged(state, sw.attacker, sw.strike.target)
    {
        return stray(state, sw, cx);
    }
    Ok(MISS)
}

/// Step 8 (X-CON-009): a blinded attacker's miss chance (not for an
/// automatic hit when `auto_hit_ignores_miss_chance`); whether it missed.
fn blind_miss(
    state: &State,
    attacker: CombatantId,
    auto_hit: bool,
    cx: &mut impl Cx<D20>,
) -> Flow<bool> {
    let o = &*state.options;
    if !state.fighter(attacker).cond.has(Condition::Blinded)
        || (auto_hit && o.auto_hit_ignores_miss_chance)
    {
        return Ok(false);
    }
    let (kind, cut) = match o.miss_chance_die {
        MissChanceDie::D6 => (RollKind::d(1, 6), 3),
        MissChanceDie::D100 => (RollKind::d(1, 100), 50),
    };
    let req = RollRequest::new(Some(attacker), kind, "miss chance", "X-CON-009");
    let r = cx.roll(state, req)?;
    let missed = r.total <= cut;
    cx.emit(|| Event::Roll {
        roll: RollRecord::new(&req, Some(&state.fighter(attacker).name), r).verdict(if missed {
            "blind miss"
        } else {
            "still hits"
        }),
    });
    Ok(missed)
}

/// X-RNG-007: a critical failure into melee hits a random creature within
/// 1 m of the target (not the target, not the shooter) for normal damage
/// without criticals; with none there, a miss.
fn stray(state: &mut State, sw: Swing, cx: &mut impl Cx<D20>) -> Flow<Outcome> {
    // Everyone near, however many (28 round a colossal target): sixteen
    // kept inline.
    let near: smallvec::SmallVec<[CombatantId; 16]> = state
        .ids()
        .filter(|&c| {
            c != sw.attacker
                && c != sw.strike.target
                && state.fighter(c).life != crate::model::state::Life::Dead
                && distance(state, c, sw.strike.target) <= 1
        })
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
    let vname = &*state.fighter(victim).name;
    cx.note("X-RNG-007", || {
        format!("the shot goes astray and hits {vname}")
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
