//! The seasoned AI, the default: it plays as an experienced GURPS player.
//!
//! Every blow is weighed as chance to hit × chance to get past the foe's
//! best defense × expected injury, for each ready mode, each location worth
//! aiming at and each level of Deceptive Attack (G-ATK-001), so the
//! location and the deception follow the foe's armor and defenses. A feint
//! is made only when feint-then-strike beats two strikes, over the exact
//! Quick Contest (G-FNT-002/003). All-Out Attack only when no foe can
//! strike back before its next turn (G-AOA-001); All-Out Defense when the
//! +2 it gives saves more injury than its own blow would deal, the more so
//! the more hurt it is (G-AOD-001). Against several
//! foes it holds the hex with the fewest open approaches (bad footing and
//! obstructions count less, flanks more) and waits there (G-WAIT-001); it
//! strikes the foe worth it, each one's blow weighed by how much that foe
//! threatens it, and will not step where a second foe stands on its flank
//! or at its back (G-DEF-014). It defends with the best real chance,
//! saving a retreat and the Dodge on ties; pressed by several foes it
//! spends its defenses in order (`rules::defense`: the retreat on a Dodge,
//! the Parry and the Block kept for the blows to come).
//!
//! What it reads from the rules: `to_hit`, `reaches_from`,
//! `defense::each_option`, `feint_resistance`, the damage and wounding
//! tables. It keeps no state of its own between turns.

use super::{basic, grappling, magic};
use crate::model::action::{Action, AllOutVariant, DefenseVariant, Step, Strike};
use crate::model::location::Location;
use crate::model::state::{DefenseKind, Posture, State};
use crate::model::tactics::{AimKnob, Tactics};
use crate::rules::attack::{DECEPTIVE_FLOOR, How, reaches_from, to_hit};
use crate::rules::chance::p_success;
use arrayvec::ArrayVec;
use fray_core::grid::{Arc, HexPos, Pose};
use fray_core::{CombatantId, Total};

/// One blow: a strike at one location, its effective skill before any
/// Deceptive Attack, its expected injury when it lands, and its odds at
/// each level of deception (read for every defense the AI weighs it
/// against: a row of [`ODDS_FROM`], so a blow stays small to write and
/// copy).
#[derive(Clone, Copy, Debug)]
struct Blow {
    strike: Strike,
    skill: i32,
    injury: f64,
    odds: &'static [Odds; MAX_DECEPTIVE as usize + 1],
}

/// The chance of a blow at one level of deception: to hit without a
/// critical (`open`, which a defense may stop) and to hit critically
/// (`crit`, which none may, G-DEF-001).
#[derive(Clone, Copy, Debug, Default)]
struct Odds {
    open: f64,
    crit: f64,
}

impl Blow {
    fn new(strike: Strike, skill: i32, injury: f64) -> Blow {
        Blow {
            strike,
            skill,
            injury,
            odds: &ODDS_FROM[(skill.clamp(4, 24) - 4) as usize],
        }
    }
}

/// The most blows weighed in a turn (modes × locations).
const MAX_BLOWS: usize = 32;
type Blows = ArrayVec<Blow, MAX_BLOWS>;

/// The deepest Deceptive Attack weighed (G-ATK-001).
const MAX_DECEPTIVE: i32 = 4;

/// G-DICE-005: the chance of a critical success at `skill` (3-4 always, 5
/// at 15, 6 at 16 or more): the reference [`ODDS`] is held to in tests.
#[cfg(test)]
fn p_critical(skill: i32) -> f64 {
    let top = match skill {
        16.. => 6,
        15 => 5,
        _ => 4,
    };
    p_success(top).min(p_success(skill))
}

/// A blow's [`Odds`] at each effective skill from 4 to 16, read for every
/// blow a decision weighs (about 15 blows of 5 levels each) instead of
/// worked out there. Below 4 and above 16 the odds are those of 4 and 16
/// ([`p_success`] clamps there, and [`p_critical`] gives 4's at 3 and
/// less, 16's at 17 and more), so the skill is clamped to read them. Built
/// with the same float operations as [`p_success`] and [`p_critical`]
/// (a test holds them equal to the bit).
const ODDS: [Odds; 13] = {
    const fn p(level: usize) -> f64 {
        crate::rules::chance::AT_MOST_3D6[level] as f64 / 216.0
    }
    let mut t = [Odds {
        open: 0.0,
        crit: 0.0,
    }; 13];
    let mut level = 4;
    while level <= 16 {
        let top = match level {
            16 => 6,
            15 => 5,
            _ => 4,
        };
        // `f64::min` of two numbers, neither NaN.
        let crit = if p(level) < p(top) { p(level) } else { p(top) };
        t[level - 4] = Odds {
            open: p(level) - crit,
            crit,
        };
        level += 1;
    }
    t
};

/// A blow's [`Odds`] at each level of deception, by its effective skill
/// from 4 to 24: row `skill - 4` holds [`ODDS`] at `skill - 2 * dec`
/// (clamped to 4..=16) for each `dec`. Below 4 every level reads 4's
/// odds, and from 24 up every level reads 16's, as row 0 and the last row
/// do, so the skill is clamped to read a row.
static ODDS_FROM: [[Odds; MAX_DECEPTIVE as usize + 1]; 21] = {
    let mut t = [[ODDS[0]; MAX_DECEPTIVE as usize + 1]; 21];
    let mut row = 0;
    while row < 21 {
        let mut dec = 0;
        while dec <= MAX_DECEPTIVE as usize {
            let level = row as i32 + 4 - 2 * dec as i32;
            let level = if level < 4 {
                4
            } else if level > 16 {
                16
            } else {
                level
            };
            t[row][dec] = ODDS[(level - 4) as usize];
            dec += 1;
        }
        row += 1;
    }
    t
};

/// `1 - p_success(level)` for each level (read at 4..=16, where
/// [`p_success`] clamps): the chance a defense at that level fails.
const THROUGH: [f64; 19] = {
    let mut t = [0.0; 19];
    let mut level = 0;
    while level < 19 {
        t[level] = 1.0 - crate::rules::chance::AT_MOST_3D6[level] as f64 / 216.0;
        level += 1;
    }
    t
};

/// The expected injury of `b` with `dec` levels of Deceptive Attack against
/// a best defense of `defense` (`None`: no defense). A critical hit is not
/// defended (G-DEF-001).
fn value(b: &Blow, defense: Option<i32>, dec: i32) -> f64 {
    let o = b.odds[dec as usize];
    let through = defense.map_or(1.0, |d| THROUGH[(d - dec).clamp(4, 16) as usize]);
    (o.open * through + o.crit) * b.injury
}

/// The most [`value`] gives for `b` at any level of deception and against
/// any defense: what it gives with no defense at the best level. A defense
/// lets a part of the open hits through (a factor of at most 1), and the
/// float products and sums keep that order, so no value is above it.
fn ceiling(b: &Blow) -> f64 {
    b.odds
        .iter()
        .map(|o| (o.open + o.crit) * b.injury)
        .fold(0.0, f64::max)
}

/// The best level of Deceptive Attack for `b` (G-ATK-001: never below
/// effective skill 10) and its value.
#[inline]
fn best_value(b: &Blow, defense: Option<i32>) -> (f64, u8) {
    let mut best = (value(b, defense, 0), 0u8);
    if defense.is_some() {
        for dec in 1..=MAX_DECEPTIVE {
            if b.skill - 2 * dec < DECEPTIVE_FLOOR {
                break;
            }
            let v = value(b, defense, dec);
            if v > best.0 + 1e-12 {
                best = (v, dec as u8);
            }
        }
    }
    best
}

/// Every blow worth weighing on `target`: each ready melee mode at each
/// location its damage type makes worth aiming at (or the scenario's aim),
/// written into `out` (emptied first) where the caller keeps them: the
/// list is a few kilobytes, and returned it was copied once more.
fn blows(state: &State, me: CombatantId, target: CombatantId, aim: AimKnob, out: &mut Blows) {
    let a = state.fighter(me);
    let t = state.fighter(target);
    out.clear();
    for (wi, w) in a.weapons.iter().enumerate() {
        if !w.ready()
            || (w.is_unbalanced() && w.parried_before_turn())
            || (w.weapon.unarmed == Some(crate::model::data::Unarmed::Punch)
                && !crate::rules::attack::has_a_fist(a))
        {
            continue;
        }
        for (mi, m) in w.weapon.modes.iter().enumerate() {
            if !m.is_melee() || !grappling::may_strike(state, me, wi, mi) {
                continue;
            }
            let dice = crate::rules::damage::dice_for(m.damage, a.stats.st);
            let base = Strike::at(target).with(wi as u8, mi as u8);
            // G-LOC-002: only the location's own penalty differs, except
            // on the shield arm, so the torso's total is worked out once.
            let torso = to_hit::<Total>(state, me, &base, How::ATTACK).0;
            let mut aims: ArrayVec<crate::model::action::Aim, 6> = ArrayVec::new();
            match aim {
                AimKnob::Best => {
                    aims.extend(
                        basic::candidate_locations(m.damage_type)
                            .iter()
                            .map(|&l| crate::model::action::Aim::At(l)),
                    );
                    if m.damage_type != crate::model::damage::DamageType::Fatigue {
                        // The weapon arm and a leg, of the body the target
                        // has: a wolf's foreleg, never an arm it lacks.
                        aims.extend(
                            [Location::RightArm, crate::rules::location::leg_to_aim(t)]
                                .into_iter()
                                .filter(|&l| {
                                    crate::rules::location::may_target(l, m.damage_type)
                                        && crate::rules::location::has_location(t, l)
                                })
                                .map(crate::model::action::Aim::At),
                        );
                    }
                }
                AimKnob::Aim(crate::model::action::Aim::At(loc))
                    if !crate::rules::location::may_target(loc, m.damage_type)
                        || !crate::rules::location::has_location(t, loc) =>
                {
                    aims.push(crate::model::action::Aim::At(Location::Torso))
                }
                AimKnob::Aim(x) => aims.push(x),
            }
            for aim in aims {
                let strike = base.aimed(aim);
                let loc = aim.location().unwrap_or(Location::Torso);
                let skill = if matches!(loc, Location::LeftArm | Location::LeftHand) {
                    to_hit::<Total>(state, me, &strike, How::ATTACK).0
                } else {
                    torso + aim.location().map_or(0, Location::aim_penalty)
                };
                if skill < 3 || out.is_full() {
                    continue;
                }
                let dr = crate::rules::injury::divided_dr(
                    crate::rules::injury::armor_dr(t, loc, m.damage_type),
                    m.armor_divisor,
                );
                let mult = crate::rules::location::multiplier_halves(loc, m.damage_type);
                let cap = crate::rules::location::cap_injury(loc, t.stats.hp, i32::MAX / 4);
                let table = super::tables::blow_injury(dice, dr, mult, cap);
                let mut injury = table.mean;
                if cap < i32::MAX / 4 {
                    injury += table.p_cap * crippled_worth(state, target, loc);
                }
                if let Some(fu) = m.follow_up {
                    injury += follow_up_worth(t, fu, (dice, dr), loc);
                }
                out.push(Blow::new(strike, skill, injury));
            }
        }
    }
}

/// P(one hit with `dice` against `dr`, wounding `mult_halves`, deals at
/// least `k` injury): at the crippling cap, the chance to cripple (G-LOC-008).
pub(super) fn p_at_least(
    dice: crate::model::damage::Dice,
    dr: i32,
    mult_halves: i32,
    k: i32,
) -> f64 {
    let n = dice.dice.max(1) as usize;
    basic::dice_sums(n)
        .iter()
        .enumerate()
        .filter(|&(s, _)| {
            let basic = (s as i32 + dice.adds).max(0);
            crate::rules::injury::injury_from(basic - dr, mult_halves) >= k
        })
        .map(|(_, p)| p)
        .sum()
}

/// What a follow-up adds to a blow that hits, in HP of injury (decision,
/// docs/rules/gurps.md): the chance the blow gets through DR times the
/// follow-up's mean injury at the location, less what a successful HT roll
/// takes off.
fn follow_up_worth(
    t: &crate::model::state::Fighter,
    fu: crate::model::data::FollowUp,
    (dice, dr): (crate::model::damage::Dice, i32),
    loc: Location,
) -> f64 {
    let loc = crate::rules::injury::follow_up_location(fu.damage_type, loc);
    let mult = crate::rules::location::multiplier_halves(loc, fu.damage_type);
    let cap = crate::rules::location::cap_injury(loc, t.stats.hp, i32::MAX / 4);
    let mean = |d: crate::model::damage::FixedDamage| {
        if d.is_points() {
            f64::from(crate::rules::injury::injury_from(d.0.adds, mult).min(cap))
        } else {
            basic::expected_injury(d.0, 0, 0, mult, cap)
        }
    };
    let full = mean(fu.damage);
    let expected = match fu.resist {
        None => full,
        Some(m) => {
            let p = crate::rules::chance::p_success(t.stats.ht + m);
            (1.0 - p) * full + p * fu.resisted.map_or(0.0, mean)
        }
    };
    p_at_least(dice, dr, 2, 1) * expected
}

/// What crippling a limb is worth, in HP of injury (G-LOC-008..010): the
/// weapon arm drops what it holds and parries no more, a leg that throws
/// the foe down (a biped's, or the second of a quadruped's, Basic B54-55)
/// weighs as most of the HP it has left, read in bands
/// ([`super::bands::hp_left`], at least 1); a leg that only slows a
/// many-legged foe, a little.
fn crippled_worth(state: &State, target: CombatantId, loc: Location) -> f64 {
    let t = state.fighter(target);
    let left = super::bands::hp_left(t.hp, t.stats.hp).max(1.0);
    match loc {
        Location::RightArm if t.ready_melee().any(|(_, w)| w.weapon.unarmed.is_none()) => {
            0.6 * left
        }
        l if l.is_leg() => {
            let fells = t.legs_lost() + 1 >= t.stats.body_type.legs_to_fall();
            if fells { 0.4 * left } else { 0.1 * left }
        }
        _ => 0.0,
    }
}

/// The target's best defense against a melee strike from `from`, and
/// whether a feint can lower it (not a blocking spell, G-SPL-012).
fn best_defense(state: &State, me: CombatantId, target: CombatantId, from: HexPos) -> Defense {
    let inc = crate::rules::defense::Incoming {
        from,
        ..crate::rules::defense::Incoming::melee(state, me, target)
    };
    let mut best: Option<(i32, bool)> = None;
    crate::rules::defense::each_option(state, &inc, None, |o| {
        let v = o.with_retreat.unwrap_or(o.value).max(o.value);
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, o.kind != DefenseKind::Spell));
        }
    });
    Defense {
        value: best.map(|(v, _)| v),
        feintable: best.is_some_and(|(_, f)| f),
    }
}

/// The best value of each blow against one defense value (see
/// [`best_value`]): many poses meet the same defense.
type Values = (Option<i32>, ArrayVec<(f64, u8), MAX_BLOWS>);

/// A foe's best defense against the AI from one hex.
#[derive(Clone, Copy, Debug)]
struct Defense {
    value: Option<i32>,
    feintable: bool,
}

/// The defenses met from each hex weighed this turn (they depend on the
/// attacker's hex, not its facing), and the blows' values against each
/// defense value met (worked out once per turn for all the poses that
/// meet it).
#[derive(Default)]
struct Defenses(ArrayVec<(HexPos, Defense), 8>, ArrayVec<Values, 4>);

impl Defenses {
    /// Where the blows' values against `defense` are kept (worked out now
    /// if they are not yet); `None` when there is no more room (then each
    /// is worked out when read).
    fn slot(&mut self, blows: &[Blow], defense: Option<i32>) -> Option<usize> {
        match self.1.iter().position(|(d, _)| *d == defense) {
            Some(slot) => Some(slot),
            None if self.1.is_full() => None,
            None => {
                self.1.push((
                    defense,
                    blows.iter().map(|b| best_value(b, defense)).collect(),
                ));
                Some(self.1.len() - 1)
            }
        }
    }

    /// [`best_value`] of `blows[i]` against `defense`, whose values are
    /// kept at `slot` ([`Defenses::slot`]).
    #[inline]
    fn value(
        &self,
        blows: &[Blow],
        slot: Option<usize>,
        i: usize,
        defense: Option<i32>,
    ) -> (f64, u8) {
        match slot {
            Some(slot) => self.1[slot].1[i],
            None => best_value(&blows[i], defense),
        }
    }

    fn from(
        &mut self,
        state: &State,
        me: CombatantId,
        target: CombatantId,
        hex: HexPos,
    ) -> Defense {
        if let Some(&(_, d)) = self.0.iter().find(|(h, _)| *h == hex) {
            return d;
        }
        let d = best_defense(state, me, target, hex);
        if !self.0.is_full() {
            self.0.push((hex, d));
        }
        d
    }
}

/// A strike from one pose, with its value.
#[derive(Clone, Copy, Debug)]
struct Plan {
    strike: Strike,
    step: Option<Step>,
    /// The expected injury this turn.
    raw: f64,
    /// `raw` weighed by the pose's footing and flanks.
    score: f64,
    defense: Defense,
}

/// Whether `hex` is bad footing (G-ATK-026: -2 to attack from it).
fn bad_footing(state: &State, hex: HexPos) -> bool {
    state.map.terrain_at(hex).is_some_and(|t| {
        t.contains(crate::model::terrain::TREACHEROUS) || t.contains(crate::model::terrain::WATER)
    })
}

/// What a pose is worth for each other foe within two hexes on its flank
/// (G-DEF-014: -2 to every defense against that foe, which about doubles
/// what it lands against the defenses of 10 to 12 a fighter has: a roll
/// of 12 fails 26% of the time, of 10 50%). Measured on knight-vs-orcs
/// (docs/ai.md): 0.8 there gave the knight 11.2%, 0.5 11.7%.
const FLANKED: f64 = 0.5;

/// The same for a foe at its back: one that starts its turn there strikes
/// where it cannot defend at all (G-DEF-014).
const AT_ITS_BACK: f64 = 0.25;

/// How much worse a pose is than the blow's value says: bad footing
/// (G-ATK-026) and each other foe within two hexes outside the front arc
/// ([`FLANKED`], [`AT_ITS_BACK`]).
fn pose_factor(state: &State, me: CombatantId, target: CombatantId, pose: Pose) -> f64 {
    let mut k = if bad_footing(state, pose.pos) {
        0.75
    } else {
        1.0
    };
    for id in state.active_foes(me) {
        let p = state.fighter(id).pose.pos;
        if id == target || p.distance(pose.pos) > 2 {
            continue;
        }
        match pose.arc_of(p) {
            Some(Arc::Side) => k *= FLANKED,
            Some(Arc::Back) => k *= AT_ITS_BACK,
            _ => {}
        }
    }
    k
}

/// The best blow on `target` from `pose`, if one reaches.
fn best_from(
    state: &State,
    me: CombatantId,
    target: CombatantId,
    pose: Pose,
    step: Option<Step>,
    blows: &[Blow],
    defenses: &mut Defenses,
) -> Option<Plan> {
    let mut best: Option<Plan> = None;
    let mut mode: Option<(u8, u8)> = None;
    let mut reaches = false;
    let mut met: Option<(Defense, Option<usize>)> = None;
    for (i, b) in blows.iter().enumerate() {
        let m = (b.strike.weapon, b.strike.mode);
        if mode != Some(m) {
            mode = Some(m);
            reaches = reaches_from(state, me, pose, target, usize::from(m.0), usize::from(m.1));
        }
        if !reaches {
            continue;
        }
        // The foe's defense from this hex, and where the blows' values
        // against it are kept: the same for every blow from here, so
        // looked up at the first that reaches.
        let (defense, slot) = *met.get_or_insert_with(|| {
            let d = defenses.from(state, me, target, pose.pos);
            (d, defenses.slot(blows, d.value))
        });
        let (raw, dec) = defenses.value(blows, slot, i, defense.value);
        if best.is_none_or(|p| raw > p.raw + 1e-12) {
            let mut strike = b.strike;
            strike.deceptive = dec;
            best = Some(Plan {
                strike,
                step,
                raw,
                score: raw,
                defense,
            });
        }
    }
    best.map(|mut p| {
        p.score = p.raw * pose_factor(state, me, target, pose);
        p
    })
}

/// The longest reach among `blows`' modes (at least 1 for a mode that
/// strikes at all; 0 without blows). The blows come mode by mode, so each
/// mode is read once.
fn reach_of(state: &State, me: CombatantId, blows: &[Blow]) -> u32 {
    let f = state.fighter(me);
    let mut reach = 0;
    let mut last = None;
    for b in blows {
        let m = (b.strike.weapon, b.strike.mode);
        if last == Some(m) {
            continue;
        }
        last = Some(m);
        if let Some(mode) = f.weapons[usize::from(m.0)].mode(usize::from(m.1)) {
            reach = reach.max(mode.max_reach().max(1));
        }
    }
    reach
}

/// How much `foe` threatens `me`: the expected injury of its best blow on
/// `me` past `me`'s best defense from where it stands (wherever `me` is:
/// a foe a step away will close in); nothing for a foe with no blow and
/// no other means, and `None` (not weighed here) for one that shoots or
/// casts instead.
fn danger(state: &State, foe: CombatantId, me: CombatantId) -> Option<f64> {
    let o = state.fighter(foe);
    let mut bl = Blows::new();
    blows(state, foe, me, o.ai.aim, &mut bl);
    if bl.is_empty() {
        let shoots = o.weapons.iter().any(|w| w.has_ranged_mode());
        return (o.spells.is_empty() && !shoots).then_some(0.0);
    }
    let defense = best_defense(state, foe, me, o.pose.pos).value;
    Some(
        bl.iter()
            .map(|b| best_value(b, defense).0)
            .fold(0.0, f64::max),
    )
}

/// The most foes weighed as targets in a turn besides the nearest ([`other_target`]).
const MAX_TARGETS: usize = 8;

/// Against several foes, another foe worth striking more than the nearest
/// (whose blows and best plan are `near` and `plan`), with its blows and
/// plan; `None` to strike the nearest. Other foes count when they stand
/// within a step and a blow's reach: each one's best plan is weighed by
/// the square root of how much that foe threatens `me` ([`danger`]), so
/// the AI strikes the foe that is open (All-Out, stunned, down) or
/// dangerous, and leaves a disarmed one for last. The square root keeps
/// both halves: the blow's own value alone gave the knight of
/// knight-vs-orcs 7.2%, the danger counted in full 10.8-11.3%, its square
/// root 11.2-11.8% (docs/ai.md).
fn other_target(
    state: &State,
    me: CombatantId,
    nearest: CombatantId,
    near: &[Blow],
    plan: Option<Plan>,
) -> Option<(CombatantId, Blows, Plan)> {
    // A duel has no other foe.
    if state.fighters.len() <= 2 {
        return None;
    }
    let f = state.fighter(me);
    let within = reach_of(state, me, near) + 1;
    let others: ArrayVec<CombatantId, MAX_TARGETS> = state
        .active_foes_within(me, within)
        .into_iter()
        .filter(|&id| id != nearest)
        .take(MAX_TARGETS)
        .collect();
    if others.is_empty() {
        return None;
    }
    // How much each threatens; an archer or a caster with no blow to weigh
    // counts as much as the most dangerous other.
    let mut dangers: ArrayVec<Option<f64>, { MAX_TARGETS + 1 }> = ArrayVec::new();
    dangers.push(danger(state, nearest, me));
    dangers.extend(others.iter().map(|&id| danger(state, id, me)));
    let most = dangers.iter().flatten().copied().fold(0.0, f64::max);
    let weight = |d: Option<f64>| d.unwrap_or(most).sqrt();
    let mut best_value = plan.map(|p| p.score * weight(dangers[0]));
    let mut best = None;
    for (&id, &d) in others.iter().zip(&dangers[1..]) {
        let mut bl = Blows::new();
        blows(state, me, id, f.ai.aim, &mut bl);
        let Some(p) = best_plan(state, me, id, &bl, &mut Defenses::default(), false) else {
            continue;
        };
        let value = p.score * weight(d);
        if best_value.is_none_or(|v| value > v + 1e-12) {
            best_value = Some(value);
            best = Some((id, bl, p));
        }
    }
    best
}

/// The best strike from here or after a step (a turn, a free neighbour in
/// reach, or rising from kneeling when `rise`).
fn best_plan(
    state: &State,
    me: CombatantId,
    target: CombatantId,
    blows: &[Blow],
    defenses: &mut Defenses,
    rise: bool,
) -> Option<Plan> {
    let f = state.fighter(me);
    let mut plan = if rise {
        None
    } else {
        best_from(state, me, target, f.pose, None, blows, defenses)
    };
    for mut s in basic::steps_toward(state, me, target, reach_of(state, me, blows)) {
        if rise {
            if s.to.is_some() {
                continue;
            }
            s.posture = Some(Posture::Standing);
        }
        let pose = Pose::new(s.to.unwrap_or(f.pose.pos), s.face.unwrap_or(f.facing()));
        if pose == f.pose && !rise {
            continue;
        }
        if let Some(p) = best_from(state, me, target, pose, Some(s), blows, defenses)
            && plan.is_none_or(|b| p.score > b.score + 1e-12)
        {
            plan = Some(p);
        }
    }
    if rise && plan.is_none() {
        // Rising while keeping the facing.
        let s = Step {
            to: None,
            face: None,
            after: false,
            posture: Some(Posture::Standing),
        };
        plan = best_from(state, me, target, f.pose, Some(s), blows, defenses);
    }
    plan
}

/// [`feint_margins`] for the few (skill, resistance) pairs a fight meets,
/// kept per thread: a fixed-size table, so nothing is allocated.
fn feint_margins_cached(skill: i32, resistance: i32) -> [f64; 19] {
    type Table = ArrayVec<((i32, i32), [f64; 19]), 16>;
    thread_local! {
        static CACHE: std::cell::RefCell<Table> = const { std::cell::RefCell::new(ArrayVec::new_const()) };
    }
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if let Some((_, m)) = c.iter().find(|(k, _)| *k == (skill, resistance)) {
            return *m;
        }
        let m = feint_margins(skill, resistance);
        if c.is_full() {
            c.remove(0);
        }
        c.push(((skill, resistance), m));
        m
    })
}

/// P(the feint wins by m) for m = 0..=18 (index 0: no effect), over the
/// engine's own Quick Contest (G-FNT-002/003, G-EXT-004).
fn feint_margins(skill: i32, resistance: i32) -> [f64; 19] {
    let sums = basic::dice_sums(3);
    let mut out = [0.0; 19];
    for (ra, pa) in sums.iter().enumerate().skip(3) {
        for (rb, pb) in sums.iter().enumerate().skip(3) {
            let c = fray_core::dice::systems::gurps::quick_contest(
                ra as i32, skill, rb as i32, resistance,
            );
            let m = if c.winner == fray_core::dice::systems::gurps::Winner::A {
                c.margin_of_victory.clamp(0, 18) as usize
            } else {
                0
            };
            out[m] += pa * pb;
        }
    }
    out
}

/// G-FNT-001: a feint now when feint-then-strike beats two strikes: the
/// margin's whole distribution is weighed against the best blow (and its
/// deception) at each lowered defense.
fn feint_first(
    state: &State,
    me: CombatantId,
    target: CombatantId,
    p: &Plan,
    blows: &[Blow],
) -> Option<Action> {
    let f = state.fighter(me);
    let d = p.defense.value?;
    if !f.ai.feint
        || p.step.is_some_and(|s| s.posture.is_some())
        || !p.defense.feintable
        || f.feint.is_some_and(|x| x.target == target)
    {
        return None;
    }
    let weapon_skill = f.weapons[usize::from(p.strike.weapon)]
        .skill
        .iter()
        .copied()
        .max()
        .unwrap_or(0);
    let shield = f
        .shield
        .as_ref()
        .filter(|s| s.ready)
        .map_or(i32::MIN, |s| s.skill);
    let skill = weapon_skill.max(shield) + f.shock;
    let resistance = crate::rules::maneuver::feint_resistance(state, target);
    let pose = p.step.map_or(f.pose, |s| {
        Pose::new(s.to.unwrap_or(f.pose.pos), s.face.unwrap_or(f.facing()))
    });
    // Which blows reach from the feint's pose: one reach test per mode
    // (the blows come mode by mode).
    let mut reaching: ArrayVec<&Blow, MAX_BLOWS> = ArrayVec::new();
    let mut mode: Option<(u8, u8)> = None;
    let mut reaches = false;
    for b in blows {
        let m = (b.strike.weapon, b.strike.mode);
        if mode != Some(m) {
            mode = Some(m);
            reaches = reaches_from(state, me, pose, target, usize::from(m.0), usize::from(m.1));
        }
        if reaches {
            reaching.push(b);
        }
    }
    let compute = || {
        let margins = feint_margins_cached(skill, resistance);
        // A blow is worth no more against a defense than with none
        // ([`ceiling`]); with the blows in order of that, the search for
        // the best stops at the first whose ceiling is no more than the
        // best found, which leaves the maximum as it is.
        let mut order: ArrayVec<(f64, &Blow), MAX_BLOWS> =
            reaching.iter().map(|&b| (ceiling(b), b)).collect();
        order.sort_unstable_by(|x, y| y.0.total_cmp(&x.0));
        let best_at = |def: i32| {
            let mut best = 0.0f64;
            for &(top, b) in &order {
                if top <= best {
                    break;
                }
                best = best.max(best_value(b, Some(def)).0);
            }
            best
        };
        // A defense of 4 or less succeeds as often as 4 does (G-DICE-005),
        // and so does each level of deception below it: every such defense
        // gives the same best blow, worked out once.
        let mut floor: Option<f64> = None;
        margins
            .iter()
            .enumerate()
            .filter(|(_, pm)| **pm > 0.0)
            .map(|(m, pm)| {
                let def = d - m as i32;
                let best = if def <= 4 {
                    *floor.get_or_insert_with(|| best_at(def))
                } else {
                    best_at(def)
                };
                pm * best
            })
            .sum::<f64>()
    };
    // The same feint against the same defense with the same blows to
    // follow is worth what it was last time: kept per thread.
    let after = if reaching.len() <= super::tables::FEINT_KEY_BLOWS {
        let mut key = super::tables::FeintKey {
            skill,
            resistance,
            defense: d,
            len: reaching.len() as u8,
            blows: [(0, 0); super::tables::FEINT_KEY_BLOWS],
        };
        for (k, b) in key.blows.iter_mut().zip(&reaching) {
            *k = (b.skill, b.injury.to_bits());
        }
        super::tables::feint_after(&key, compute)
    } else {
        compute()
    };
    if after <= 2.0 * p.raw + 1e-12 {
        return None;
    }
    let feint = Action::Feint {
        target,
        weapon: p.strike.weapon,
        step: p.step,
    };
    crate::rules::maneuver::check(state, me, &feint)
        .is_ok()
        .then_some(feint)
}

/// Whether no foe can strike `me` before its next turn: the target is
/// stunned (it does nothing on its turn, G-INJ-010) and every other foe is
/// farther than its Move and a hex.
fn all_out_is_safe(state: &State, me: CombatantId, target: CombatantId) -> bool {
    let here = state.fighter(me).pose.pos;
    state.fighter(target).stun.is_some()
        && state.active_foes(me).filter(|&id| id != target).all(|id| {
            let o = state.fighter(id);
            o.pose.pos.distance(here) as i32 > o.current_move().max(0) + 1
        })
}

/// The All-Out Attack variant with the best value (G-AOA-001..003):
/// Determined (+4 to hit), Strong (+2 or +1 per die) or Double.
fn all_out(state: &State, me: CombatantId, p: &Plan, blows: &[Blow]) -> Action {
    let mut strike = p.strike;
    let Some(b) = blows.iter().find(|b| {
        (b.strike.weapon, b.strike.mode, b.strike.location)
            == (strike.weapon, strike.mode, strike.location)
    }) else {
        return Action::DoNothing;
    };
    let a = state.fighter(me);
    let t = state.fighter(strike.target);
    let dec = i32::from(strike.deceptive);
    let mode = &a.weapons[usize::from(strike.weapon)].weapon.modes[usize::from(strike.mode)];
    let loc = strike.location.location().unwrap_or(Location::Torso);
    let determined = Blow::new(b.strike, b.skill + 4, b.injury);
    let strong = if mode.damage.is_muscle_powered() {
        let dice = crate::rules::damage::dice_for(mode.damage, a.stats.st);
        let dr = crate::rules::injury::divided_dr(
            crate::rules::injury::armor_dr(t, loc, mode.damage_type),
            mode.armor_divisor,
        );
        let mult = crate::rules::location::multiplier_halves(loc, mode.damage_type);
        let cap = crate::rules::location::cap_injury(loc, t.stats.hp, i32::MAX / 4);
        let injury = super::expected_injury(dice, dice.dice.max(2), dr, mult, cap);
        value(&Blow { injury, ..*b }, p.defense.value, dec)
    } else {
        0.0
    };
    let options = [
        (
            AllOutVariant::Determined,
            value(&determined, p.defense.value, dec),
        ),
        (AllOutVariant::Double, 2.0 * value(b, p.defense.value, dec)),
        (AllOutVariant::Strong, strong),
    ];
    let mut variants: ArrayVec<(AllOutVariant, f64), 3> = options.into_iter().collect();
    variants.sort_by(|x, y| y.1.total_cmp(&x.1));
    strike.deceptive = p.strike.deceptive;
    for (variant, _) in variants {
        let act = Action::AllOutAttack {
            variant,
            strike,
            advance: 0,
        };
        if crate::rules::maneuver::check(state, me, &act).is_ok() {
            return act;
        }
    }
    Action::Attack {
        strike,
        step: p.step,
        extra: None,
        giant_step: None,
    }
}

/// The expected injury `foe` deals `me` with its best blow on its next
/// turn, from where it stands: as `me`'s defenses are, and `bonus` higher.
fn threat(state: &State, foe: CombatantId, me: CombatantId, bonus: i32) -> (f64, f64) {
    let o = state.fighter(foe);
    if !o.is_conscious() || o.stun.is_some() {
        return (0.0, 0.0);
    }
    let mut bl = Blows::new();
    blows(state, foe, me, o.ai.aim, &mut bl);
    let defense = best_defense(state, foe, me, o.pose.pos).value;
    let raised = defense.map(|v| v + bonus);
    let mut best = (0.0f64, 0.0f64);
    let mut mode: Option<(u8, u8)> = None;
    let mut reaches = false;
    for b in &bl {
        let m = (b.strike.weapon, b.strike.mode);
        if mode != Some(m) {
            mode = Some(m);
            reaches = reaches_from(state, foe, o.pose, me, usize::from(m.0), usize::from(m.1));
        }
        if reaches {
            best.0 = best.0.max(best_value(b, defense).0);
            best.1 = best.1.max(best_value(b, raised).0);
        }
    }
    best
}

/// G-AOD-001: All-Out Defense (Increased, +2 to its best defense) when
/// what the +2 saves against the foes in reach outweighs the blow it gives
/// up (`mine`), injury counting more the more hurt it is; a figure alone
/// does so only against a pending feint (G-FNT-003), since waiting helps
/// only those with friends still fighting.
fn defend_all_out(state: &State, me: CombatantId, mine: f64) -> Option<Action> {
    let f = state.fighter(me);
    // Alone, time is on the foes' side: only a feint that lowered its
    // defense is worth a turn of waiting out.
    let friends = || {
        state.ids().any(|id| {
            id != me && state.fighter(id).side == f.side && state.fighter(id).is_conscious()
        })
    };
    let feinted = || {
        state.active_foes(me).any(|id| {
            state
                .fighter(id)
                .feint
                .is_some_and(|x| x.target == me && x.margin > 0)
        })
    };
    // Only the foes in reach are weighed: when none is, nothing is saved
    // and the field need not be searched for friends or feints.
    let in_reach = state.active_foes_within(me, 1);
    if in_reach.is_empty() || (!friends() && !feinted()) {
        return None;
    }
    let mut saved = 0.0;
    let mut best_kind: Option<(i32, DefenseKind)> = None;
    for id in in_reach {
        let (now, raised) = threat(state, id, me, 2);
        saved += now - raised;
        crate::rules::defense::each_option(
            state,
            &crate::rules::defense::Incoming::melee(state, id, me),
            None,
            |o| {
                if o.kind != DefenseKind::Spell && best_kind.is_none_or(|(v, _)| o.value > v) {
                    best_kind = Some((o.value, o.kind));
                }
            },
        );
    }
    // How hurt, from the HP band (`bands`): 1 unhurt, 2 at 0 HP or less.
    let hp = f64::from(f.stats.hp.max(1));
    let hurt = 2.0 - super::bands::hp_left(f.hp, f.stats.hp) / hp;
    if saved * hurt <= mine + 1e-12 {
        return None;
    }
    let act = Action::AllOutDefense {
        variant: DefenseVariant::Increased(best_kind.map_or(DefenseKind::Dodge, |(_, k)| k)),
        step: None,
        path: Vec::new(),
    };
    crate::rules::maneuver::check(state, me, &act)
        .is_ok()
        .then_some(act)
}

/// How open a hex is to attack: each neighbour a foe could stand in counts
/// 1, half when it is bad footing for the foe (G-ATK-026), 0.8 for an
/// obstruction to climb (G-TAC-007), nothing when a wall or a friend fills
/// it; those outside the front arc (facing `toward`) count 1.5 times.
fn exposure(state: &State, me: CombatantId, hex: HexPos, toward: HexPos) -> f64 {
    let Some(face) = hex.facing_toward(toward) else {
        return f64::MAX;
    };
    let pose = Pose::new(hex, face);
    let side = state.fighter(me).side;
    let mut sum = 0.0;
    for n in hex.neighbours() {
        if !state.map.passable(n) {
            continue;
        }
        if state
            .occupant(n, Some(me))
            .is_some_and(|id| state.fighter(id).side == side && state.fighter(id).is_conscious())
        {
            continue;
        }
        let t = state.map.terrain_at(n);
        let mut w = if bad_footing(state, n) {
            0.5
        } else if t.is_some_and(|t| t.contains(crate::model::terrain::OBSTRUCTION)) {
            0.8
        } else {
            1.0
        };
        if pose.arc_of(n) != Some(Arc::Front) {
            w *= 1.5;
        }
        sum += w;
    }
    if bad_footing(state, hex) {
        sum += 2.0;
    }
    sum
}

/// Whether `me` holds its ground: outnumbered by two or more foes that
/// all fight in melee. The others come on, and nobody holds against foes
/// that shoot or cast (they would be shot where they stand).
fn holds(state: &State, me: CombatantId) -> bool {
    let side = state.fighter(me).side;
    let (mut foes, mut friends) = (0usize, 0usize);
    for f in state.fighters.iter().filter(|f| f.is_conscious()) {
        if f.side == side {
            friends += 1;
        } else {
            foes += 1;
        }
    }
    // The weapons are looked at only when the numbers tell for holding.
    foes >= 2
        && foes > friends
        && !state.active_foes(me).any(|id| {
            let o = state.fighter(id);
            !o.spells.is_empty() || o.weapons.iter().any(|w| w.has_ranged_mode())
        })
}

/// Outnumbered by foes that fight in melee, none yet in reach: move to the hex within
/// this turn's Move with the fewest open approaches when it is clearly
/// better, else wait there for the first foe to come in reach.
fn hold_ground(
    state: &State,
    me: CombatantId,
    target: CombatantId,
    blows: &[Blow],
) -> Option<Action> {
    let f = state.fighter(me);
    if state.active_foe_within(me, 2) || !holds(state, me) {
        return None;
    }
    let goal = state.fighter(target).pose.pos;
    let here = exposure(state, me, f.pose.pos, goal);
    let reach = crate::rules::movement::reach(state, me, f.current_move());
    let mut best: Option<(f64, HexPos)> = None;
    for hex in reach.hexes() {
        if hex == f.pose.pos || !crate::rules::movement::free(state, me, hex) {
            continue;
        }
        // Holding ground is not advancing: at most a hex nearer the foe.
        if hex.distance(goal) + 1 < f.pose.pos.distance(goal) {
            continue;
        }
        let e = exposure(state, me, hex, goal) + 0.05 * f64::from(hex.distance(f.pose.pos));
        if best.is_none_or(|(b, h)| e < b - 1e-9 || (e < b + 1e-9 && hex < h)) {
            best = Some((e, hex));
        }
    }
    if let Some((e, hex)) = best
        && e + 0.75 < here
        && let Some((_, facing)) = reach.cheapest_to(hex)
        && let Some(path) = reach.path_to(hex, facing)
    {
        let path: crate::model::action::MovePath =
            crate::rules::movement::route_hexes(&path).collect();
        let want = hex.facing_toward(goal);
        let face = want
            .filter(|&w| crate::rules::movement::plan_move(state, me, hex, Some(w), &path).is_ok());
        let mv = Action::Move {
            to: hex,
            face,
            path,
            posture: None,
        };
        if crate::rules::maneuver::check(state, me, &mv).is_ok() {
            return Some(mv);
        }
    }
    waiting(state, me, blows)
}

/// A Wait to strike whoever comes in reach with the best blow (a Stop
/// Thrust with a thrust, G-STP-001).
fn waiting(state: &State, me: CombatantId, blows: &[Blow]) -> Option<Action> {
    let best = blows.iter().max_by(|a, b| {
        (p_success(a.skill) * a.injury).total_cmp(&(p_success(b.skill) * b.injury))
    })?;
    basic::wait_to_strike(state, me, &best.strike)
}

/// The seasoned AI's maneuver, always a legal one.
pub(super) fn action(state: &State, me: CombatantId) -> Action {
    let chosen = choose(state, me);
    if crate::rules::maneuver::check(state, me, &chosen).is_ok() {
        chosen
    } else {
        grappling::fallback(state, me)
    }
}

/// Whether `me` kneels and may rise as the step of an attack or a grab
/// (G-CPO-002): a crippled leg keeps it down (G-LOC-010).
fn may_rise(state: &State, me: CombatantId) -> bool {
    let f = state.fighter(me);
    f.stun.is_none() && f.posture == Posture::Kneeling && !crate::rules::footwork::legs_crippled(f)
}

fn choose(state: &State, me: CombatantId) -> Action {
    let rise = may_rise(state, me);
    let target = state.nearest_active_foe(me);
    // Kneeling next to a foe: rise as the step of a grab or a blow.
    if rise && let Some(target) = target {
        if let Some(a) = grappling::plan_rising(state, me, target) {
            return a;
        }
        let f = state.fighter(me);
        let mut bl = Blows::new();
        blows(state, me, target, f.ai.aim, &mut bl);
        let mut defenses = Defenses::default();
        if grappling::plan(state, me, target).is_none()
            && let Some(p) = best_plan(state, me, target, &bl, &mut defenses, true)
        {
            return Action::Attack {
                strike: p.strike,
                step: p.step,
                extra: None,
                giant_step: None,
            };
        }
    }
    if let Some(a) = basic::recover(state, me) {
        return a;
    }
    let Some(target) = target else {
        return Action::DoNothing;
    };
    if let Some(a) = grappling::plan(state, me, target) {
        return a;
    }
    if let Some(a) = magic::plan(state, me) {
        return a;
    }
    if let Some(a) = basic::from_afar(state, me, target) {
        return a;
    }
    let f = state.fighter(me);
    let tactics = Tactics::of(&f.controller);
    let mut near = Blows::new();
    blows(state, me, target, f.ai.aim, &mut near);
    let mut defenses = Defenses::default();
    if tactics == Tactics::AllOut
        && let Some(p) = best_from(state, me, target, f.pose, None, &near, &mut defenses)
    {
        return all_out(state, me, &p, &near);
    }
    let plan = best_plan(state, me, target, &near, &mut defenses, false);
    // The nearest foe's blows stay where they are unless another foe is
    // struck (they are a few kilobytes: moved, they cost a copy).
    let other = other_target(state, me, target, &near, plan);
    let (target, bl, plan): (_, &[Blow], _) = match &other {
        Some((id, bl, p)) => (*id, bl, Some(*p)),
        None => (target, &near, plan),
    };
    if let Some(a) = defend_all_out(state, me, plan.map_or(0.0, |p| p.raw)) {
        return a;
    }
    let Some(p) = plan else {
        if let Some(a) = hold_ground(state, me, target, bl) {
            return a;
        }
        // Defensive tactics let the foe come on (G-WAIT-001, G-STP-001).
        if tactics == Tactics::Defensive && f.pose.pos.distance(state.fighter(target).pose.pos) <= 3
        {
            return waiting(state, me, bl).unwrap_or(Action::AllOutDefense {
                variant: DefenseVariant::Increased(DefenseKind::Dodge),
                step: None,
                path: Vec::new(),
            });
        }
        return basic::approach(state, me, target).unwrap_or(Action::DoNothing);
    };
    if tactics == Tactics::Defensive
        && p.step.is_some_and(|s| s.to.is_some())
        && let Some(w) = waiting(state, me, bl)
    {
        return w;
    }
    let alone = state
        .active_foes_within(me, 1)
        .iter()
        .all(|&id| id == target);
    if p.step.is_none()
        && (all_out_is_safe(state, me, target) || (tactics == Tactics::Aggressive && alone))
    {
        return all_out(state, me, &p, bl);
    }
    if let Some(feint) = feint_first(state, me, target, &p, bl) {
        return feint;
    }
    Action::Attack {
        strike: p.strike,
        step: p.step,
        extra: None,
        giant_step: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::scenario;
    use fray_core::grid::Facing;

    /// The table of odds gives, at every skill a blow may have, exactly
    /// what [`p_success`] and [`p_critical`] give.
    #[test]
    fn the_odds_table_is_the_odds_worked_out() {
        for skill in -30..=40 {
            let crit = p_critical(skill);
            let o = ODDS[(skill.clamp(4, 16) - 4) as usize];
            assert_eq!(o.crit.to_bits(), crit.to_bits(), "skill {skill}");
            assert_eq!(
                o.open.to_bits(),
                (p_success(skill) - crit).to_bits(),
                "skill {skill}"
            );
            // And each blow's row reads them at each level of deception.
            let b = Blow::new(Strike::at(CombatantId(1)), skill, 1.0);
            for dec in 0..=MAX_DECEPTIVE {
                let crit = p_critical(skill - 2 * dec);
                let o = b.odds[dec as usize];
                assert_eq!(o.crit.to_bits(), crit.to_bits(), "{skill} {dec}");
                assert_eq!(
                    o.open.to_bits(),
                    (p_success(skill - 2 * dec) - crit).to_bits(),
                    "{skill} {dec}"
                );
            }
        }
    }

    /// G-DEF-014: each other foe within two hexes on a pose's flank halves
    /// what the pose is worth, one at its back quarters it.
    #[test]
    fn g_def_014_a_pose_with_a_foe_on_its_flank_or_at_its_back_is_worth_less() {
        // The knight of knight-vs-orcs weighs a pose among the three orcs:
        // the chief (4, -2) north of it, the orc (4, 0) south, the runt
        // (5, -1) south-east.
        let s = scenario("knight-vs-orcs.toml");
        let (knight, chief, orc) = (CombatantId(0), CombatantId(1), CombatantId(2));
        let among = HexPos::new(4, -1);
        let facing_chief = Pose::new(among, Facing::N);
        assert_eq!(
            pose_factor(&s, knight, chief, facing_chief),
            FLANKED * AT_ITS_BACK
        );
        // Facing the orc instead: the runt is in front, the chief behind.
        let facing_orc = Pose::new(among, Facing::S);
        assert_eq!(pose_factor(&s, knight, orc, facing_orc), AT_ITS_BACK);
        // Where it stands, the orcs are five hexes and more away.
        let f = s.fighter(knight);
        assert_eq!(pose_factor(&s, knight, chief, f.pose), 1.0);
    }
}
