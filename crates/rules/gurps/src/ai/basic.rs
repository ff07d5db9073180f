//! The first AI, kept as `ai:basic` so that people and tests can compare
//! it with the seasoned one: close in, strike where the expected injury is
//! highest, defend with the best value (retreating when it helps).
//!
//! It is deterministic (no dice of its own) and reads its knobs from the
//! controller's tactics. Its choices are unchanged since it was the default.

use crate::model::action::{Action, Aim, AllOutVariant, Answer, Step, Strike};
use crate::model::damage::Dice;
use crate::model::location::Location;
use crate::model::state::{Posture, State};
use crate::model::tactics::{AimKnob, Tactics};
use crate::rules::chance::p_success;
use fray_core::grid::{Facing, HexPos, Pose};
use fray_core::{CombatantId, Total};

/// G-FNT-001..003: whether a Feint now and a strike next turn beat two
/// plain strikes: the chance a hit gets past a defense of `defense` after
/// the feint's margin must be more than twice `through`, the chance
/// without. The margin is weighed as the skill difference plus the
/// difference of two 3d rolls, never below 0 (crits and the success rules
/// of the Quick Contest left out: a heuristic).
fn feint_pays(my_skill: i32, their_skill: i32, defense: i32, through: f64) -> bool {
    let d = my_skill - their_skill;
    let after: f64 = roll_differences()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let margin = (d + i as i32 - 15).max(0);
            p * (1.0 - p_success(defense - margin))
        })
        .sum();
    after > 2.0 * through + 1e-12
}

/// P(3d6 - 3d6 = k) for k = -15..=15, at index k + 15, built once.
fn roll_differences() -> &'static [f64; 31] {
    static TABLE: std::sync::OnceLock<[f64; 31]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let sums = dice_sums(3);
        let mut t = [0.0; 31];
        for (a, pa) in sums.iter().enumerate().skip(3) {
            for (b, pb) in sums.iter().enumerate().skip(3) {
                t[b + 15 - a] += pa * pb;
            }
        }
        t
    })
}

/// The most damage dice the AI weighs exactly; bigger rolls count as this many.
const MAX_EXACT_DICE: usize = 40;

/// P(sum of n d6 = s), for n = 0..=[`MAX_EXACT_DICE`], built once.
pub(super) fn dice_sums(n: usize) -> &'static [f64] {
    static TABLE: std::sync::OnceLock<Vec<Vec<f64>>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut rows = vec![vec![1.0]];
        for k in 1..=MAX_EXACT_DICE {
            let prev = &rows[k - 1];
            let mut row = vec![0.0; 6 * k + 1];
            for (s, p) in prev.iter().enumerate() {
                for face in 1..=6 {
                    row[s + face] += p / 6.0;
                }
            }
            rows.push(row);
        }
        rows
    });
    &table[n.min(MAX_EXACT_DICE)]
}

/// Expected injury of one hit with `dice` plus `bonus` against `dr`,
/// wounding `mult_halves`, capped at `cap`: an exact expectation over the dice.
pub(super) fn expected_injury(dice: Dice, bonus: i32, dr: i32, mult_halves: i32, cap: i32) -> f64 {
    let n = dice.dice.max(1) as usize;
    dice_sums(n)
        .iter()
        .enumerate()
        .skip(n.min(MAX_EXACT_DICE))
        .map(|(s, p)| {
            let basic = (s as i32 + dice.adds + bonus).max(0);
            p * f64::from(crate::rules::injury::injury_from(basic - dr, mult_halves).min(cap))
        })
        .sum()
}

/// One way to strike the target, valued before knowing where the AI stands.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    strike: Strike,
    /// Effective skill.
    skill: i32,
    /// Chance to hit (the target's defense is weighed per pose).
    p_hit: f64,
    /// Expected injury if it hits undefended.
    injury: f64,
}

/// A candidate attack from one pose, with its score.
#[derive(Clone, Copy, Debug)]
struct Plan {
    strike: Strike,
    step: Option<Step>,
    score: f64,
    /// The chance a hit gets past the target's defense from the plan's pose.
    through: f64,
    /// That best defense, when a feint could lower it (not a blocking spell).
    defense: Option<i32>,
}

/// The locations worth considering for a damage type.
pub(super) fn candidate_locations(t: crate::model::damage::DamageType) -> &'static [Location] {
    use crate::model::damage::DamageType::*;
    match t {
        Impaling | SmallPiercing | Piercing | LargePiercing | HugePiercing => &[
            Location::Torso,
            Location::Vitals,
            Location::Skull,
            Location::Neck,
        ],
        Cutting => &[Location::Torso, Location::Neck, Location::Skull],
        Crushing => &[Location::Torso, Location::Skull, Location::Neck],
        _ => &[Location::Torso],
    }
}

/// The strike worth weighing on `target` for each ready melee mode: its
/// best candidate location (or the scenario's preferred aim).
fn candidates(state: &State, me: CombatantId, target: CombatantId, aim: AimKnob) -> Vec<Candidate> {
    let a = state.fighter(me);
    let t = state.fighter(target);
    let mut out: Vec<Candidate> = Vec::new();
    for (wi, w) in a.weapons.iter().enumerate() {
        if !w.ready() || (w.is_unbalanced() && w.parried_before_turn()) {
            continue;
        }
        for (mi, m) in w.weapon.modes.iter().enumerate() {
            if !m.is_melee() || !super::grappling::may_strike(state, me, wi, mi) {
                continue;
            }
            let dice = crate::rules::damage::dice_for(m.damage, a.stats.st);
            // Only the location's own penalty differs between locations
            // (G-LOC-002), so the rest of the to-hit total is worked out once.
            let mut at_torso: Option<i32> = None;
            let mut add = |aim: Aim| {
                let strike = Strike::at(target).with(wi as u8, mi as u8).aimed(aim);
                let loc = aim.location().unwrap_or(Location::Torso);
                let skill = if matches!(loc, Location::LeftArm | Location::LeftHand) {
                    crate::rules::attack::to_hit::<Total>(
                        state,
                        me,
                        &strike,
                        crate::rules::attack::How::ATTACK,
                    )
                    .0
                } else {
                    let torso = *at_torso.get_or_insert_with(|| {
                        let plain = strike.aimed(Aim::At(Location::Torso));
                        crate::rules::attack::to_hit::<Total>(
                            state,
                            me,
                            &plain,
                            crate::rules::attack::How::ATTACK,
                        )
                        .0
                    });
                    torso + aim.location().map_or(0, Location::aim_penalty)
                };
                if skill < 3 {
                    return;
                }
                // A random location is weighed as the torso.
                let dr = crate::rules::injury::divided_dr(t.dr[loc.index()], m.armor_divisor);
                let mult = crate::rules::location::multiplier_halves(loc, m.damage_type);
                let cap = crate::rules::location::cap_injury(loc, t.stats.hp, i32::MAX / 4);
                let c = Candidate {
                    strike,
                    skill,
                    p_hit: p_success(skill),
                    injury: expected_injury(dice, 0, dr, mult, cap),
                };
                // Reach depends on the mode alone and the target's defense on
                // the pose alone, so each mode keeps only its best location.
                match out.last_mut() {
                    Some(b)
                        if b.strike.weapon == c.strike.weapon && b.strike.mode == c.strike.mode =>
                    {
                        if c.p_hit * c.injury > b.p_hit * b.injury + 1e-12 {
                            *b = c;
                        }
                    }
                    _ => out.push(c),
                }
            };
            match aim {
                AimKnob::Best => {
                    for &loc in candidate_locations(m.damage_type) {
                        add(Aim::At(loc));
                    }
                }
                AimKnob::Aim(Aim::At(loc))
                    if !crate::rules::location::may_target(loc, m.damage_type)
                        || !crate::rules::location::has_location(t, loc) =>
                {
                    add(Aim::At(Location::Torso))
                }
                AimKnob::Aim(a) => add(a),
            }
        }
    }
    out
}

/// The target's best defense, and whether a feint can lower it: a
/// blocking spell is rolled without the defense modifiers, feints
/// included (G-SPL-012 decision), so a feint is wasted against it.
fn best_defenses(
    state: &State,
    me: CombatantId,
    target: CombatantId,
    from: HexPos,
) -> (Option<i32>, bool) {
    let inc = crate::rules::defense::Incoming {
        from,
        ..crate::rules::defense::Incoming::melee(state, me, target)
    };
    let mut best: Option<(i32, bool)> = None;
    crate::rules::defense::each_option(state, &inc, None, |o| {
        let v = o.with_retreat.unwrap_or(o.value).max(o.value);
        let feintable = o.kind != crate::model::state::DefenseKind::Spell;
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, feintable));
        }
    });
    (best.map(|(v, _)| v), best.is_some_and(|(_, f)| f))
}

/// The target's best defense against strikes from each hex weighed this
/// turn: it depends on the attacker's hex, not its facing, so poses that
/// share a hex share it.
#[derive(Default)]
struct Defenses(arrayvec::ArrayVec<(HexPos, (Option<i32>, bool)), 8>);

impl Defenses {
    fn from(
        &mut self,
        state: &State,
        me: CombatantId,
        target: CombatantId,
        hex: HexPos,
    ) -> (Option<i32>, bool) {
        if let Some(&(_, d)) = self.0.iter().find(|(h, _)| *h == hex) {
            return d;
        }
        let d = best_defenses(state, me, target, hex);
        if !self.0.is_full() {
            self.0.push((hex, d));
        }
        d
    }
}

/// The best strike on `target` from `pose`, if any candidate reaches.
fn best_from(
    state: &State,
    me: CombatantId,
    target: CombatantId,
    pose: Pose,
    step: Option<Step>,
    candidates: &[Candidate],
    defenses: &mut Defenses,
) -> Option<Plan> {
    let mut best: Option<Plan> = None;
    for c in candidates {
        let (wi, mi) = (usize::from(c.strike.weapon), usize::from(c.strike.mode));
        if !crate::rules::attack::reaches_from(state, me, pose, target, wi, mi) {
            continue;
        }
        let (d, feintable) = defenses.from(state, me, target, pose.pos);
        let p = d.map_or(1.0, |d| 1.0 - p_success(d));
        let score = c.p_hit * p * c.injury;
        if best.is_none_or(|b| score > b.score + 1e-12) {
            best = Some(Plan {
                strike: c.strike,
                step,
                score,
                through: p,
                defense: d.filter(|_| feintable),
            });
        }
    }
    best
}

/// The All-Out Attack variant with the best expected injury for a plan:
/// Determined (+4 to hit), Strong (+2 or +1 per die for muscle-powered
/// damage) or Double (two attacks, each weighed as one).
fn all_out_variant(
    state: &State,
    me: CombatantId,
    plan: &Plan,
    cands: &[Candidate],
) -> AllOutVariant {
    let Some(c) = cands.iter().find(|c| c.strike == plan.strike) else {
        return AllOutVariant::Determined;
    };
    let a = state.fighter(me);
    let t = state.fighter(plan.strike.target);
    let mode = &a.weapons[usize::from(c.strike.weapon)].weapon.modes[usize::from(c.strike.mode)];
    let loc = c.strike.location.location().unwrap_or(Location::Torso);
    let dice = crate::rules::damage::dice_for(mode.damage, a.stats.st);
    let strong = if mode.damage.is_muscle_powered() {
        let dr = crate::rules::injury::divided_dr(t.dr[loc.index()], mode.armor_divisor);
        let mult = crate::rules::location::multiplier_halves(loc, mode.damage_type);
        let cap = crate::rules::location::cap_injury(loc, t.stats.hp, i32::MAX / 4);
        c.p_hit * expected_injury(dice, dice.dice.max(2), dr, mult, cap)
    } else {
        0.0
    };
    let options = [
        (AllOutVariant::Double, 2.0 * c.p_hit * c.injury),
        (AllOutVariant::Determined, p_success(c.skill + 4) * c.injury),
        (AllOutVariant::Strong, strong),
    ];
    let mut best = options[0];
    for o in options {
        if o.1 * plan.through > best.1 * plan.through + 1e-12 {
            best = o;
        }
    }
    best.0
}

/// With no foe close: reload, aim or shoot. The AI aims once (the weapon's
/// Acc) and shoots on the next turn, at the torso or, for impaling and
/// piercing shots, the vitals when that pays; it never throws a weapon it
/// could fight with in melee.
fn shoot_or_aim(state: &State, me: CombatantId, target: CombatantId) -> Option<Action> {
    let f = state.fighter(me);
    // Reload the first missile weapon that needs it.
    if let Some((i, _)) = f
        .weapons
        .iter()
        .enumerate()
        .find(|(_, w)| w.ready() && !w.loaded() && w.has_ranged_mode())
    {
        return Some(Action::Ready { weapon: i as u8 });
    }
    let t = state.fighter(target);
    let face = f.pose.pos.facing_toward(t.pose.pos)?;
    let facing_pose = Pose::new(f.pose.pos, face);
    let mut best: Option<(f64, Strike)> = None;
    for (wi, w) in f.weapons.iter().enumerate() {
        let melee_too = w.weapon.modes.iter().any(|m| m.is_melee());
        for (mi, m) in w.weapon.modes.iter().enumerate() {
            if !w.ready() || !w.is_ranged(mi) || (w.is_thrown(mi) && melee_too) {
                continue;
            }
            if !crate::rules::attack::reaches_from(state, me, facing_pose, target, wi, mi) {
                continue;
            }
            let locations: &[Location] = if m.damage_type.is_piercing_or_impaling() {
                &[Location::Torso, Location::Vitals]
            } else {
                &[Location::Torso]
            };
            for &loc in locations {
                let strike = Strike::at(target)
                    .with(wi as u8, mi as u8)
                    .aimed(Aim::At(loc));
                let skill = crate::rules::attack::to_hit::<Total>(
                    state,
                    me,
                    &strike,
                    crate::rules::attack::How::ATTACK,
                )
                .0 + m.acc.unwrap_or(0);
                let dr = crate::rules::injury::divided_dr(t.dr[loc.index()], m.armor_divisor);
                let mult = crate::rules::location::multiplier_halves(loc, m.damage_type);
                let e = expected_injury(
                    crate::rules::damage::dice_for(m.damage, f.stats.st),
                    0,
                    dr,
                    mult,
                    i32::MAX / 4,
                );
                let score = p_success(skill) * e;
                if best.is_none_or(|(b, _)| score > b + 1e-12) {
                    best = Some((score, strike));
                }
            }
        }
    }
    let (_, strike) = best?;
    let aimed = f.aim.is_some_and(|a| {
        (a.target, a.weapon, a.mode) == (target, strike.weapon, strike.mode) && a.turns >= 1
    });
    let step = (face != f.facing()).then_some(Step {
        to: None,
        face: Some(face),
        after: false,
        posture: None,
    });
    if aimed {
        return Some(Action::Attack {
            strike,
            step,
            extra: None,
            giant_step: None,
        });
    }
    Some(Action::Aim {
        target,
        weapon: strike.weapon,
        mode: strike.mode,
        braced: false,
        step,
    })
}

/// The nearest foe that can still fight (ties: lowest id).
fn nearest_foe(state: &State, me: CombatantId) -> Option<CombatantId> {
    state.nearest_active_foe(me)
}

/// The basic AI's maneuver, always a legal one: when a grip forbids what it
/// chose, it breaks free or does nothing.
pub(super) fn action(state: &State, me: CombatantId) -> Action {
    let chosen = choose(state, me);
    if crate::rules::maneuver::check(state, me, &chosen).is_ok() {
        chosen
    } else {
        super::grappling::fallback(state, me)
    }
}

/// The AI's pick, in order of urgency: get back up and armed, then
/// grapple or cast when that pays, then shoot, then the best strike from
/// here or after a step, and failing all that wait or close in.
fn choose(state: &State, me: CombatantId) -> Action {
    if let Some(a) = recover(state, me) {
        return a;
    }
    let Some(target) = nearest_foe(state, me) else {
        return Action::DoNothing;
    };
    if let Some(a) = super::grappling::plan(state, me, target) {
        return a;
    }
    if let Some(a) = super::magic::plan(state, me) {
        return a;
    }
    if let Some(a) = from_afar(state, me, target) {
        return a;
    }
    let f = state.fighter(me);
    let tactics = Tactics::of(&f.controller);
    let cands = candidates(state, me, target, f.ai.aim);
    let mut defenses = Defenses::default();
    let plan = best_plan(state, me, target, &cands, &mut defenses);
    // All-out tactics strike from where they stand whenever they can.
    if tactics == Tactics::AllOut
        && let Some(p) = best_from(state, me, target, f.pose, None, &cands, &mut defenses)
    {
        return Action::AllOutAttack {
            variant: all_out_variant(state, me, &p, &cands),
            strike: p.strike,
            advance: 0,
        };
    }
    match plan {
        Some(p) => strike(state, me, target, &p, &cands, tactics),
        None => hold_or_close_in(state, me, target, &cands, tactics),
    }
}

/// Shake off a stun, get up (a crippled leg keeps it kneeling, G-LOC-010),
/// or ready a real weapon when none is.
pub(super) fn recover(state: &State, me: CombatantId) -> Option<Action> {
    let f = state.fighter(me);
    if f.stun.is_some() {
        return Some(Action::DoNothing);
    }
    match f.posture {
        Posture::Lying => {
            return Some(Action::ChangePosture {
                to: Posture::Kneeling,
            });
        }
        // A crippled leg keeps it down (G-LOC-010): it fights kneeling.
        Posture::Sitting | Posture::Crawling | Posture::Kneeling | Posture::Crouching
            if !crate::rules::footwork::legs_crippled(f) =>
        {
            return Some(Action::ChangePosture {
                to: Posture::Standing,
            });
        }
        _ => {}
    }
    // Pick up or ready a weapon when no real weapon is ready (fists and
    // feet are always at hand, but a sword is better).
    let armed = |w: &&crate::model::state::Carried| w.weapon.unarmed.is_none();
    if !f.ready_melee().any(|(_, w)| armed(&w))
        && let Some((i, _)) = f.weapons.iter().enumerate().find(|(i, w)| {
            armed(w) && !w.ready() && crate::rules::maneuver::may_ready(state, me, *i as u8)
        })
    {
        return Some(Action::Ready { weapon: i as u8 });
    }
    None
}

/// With no foe within two hexes: strap the shield back on, or shoot
/// (reloading or aiming first).
pub(super) fn from_afar(state: &State, me: CombatantId, target: CombatantId) -> Option<Action> {
    if state.active_foe_within(me, 2) {
        return None;
    }
    // A shield that is not there or already ready is refused with words:
    // those are not built on every turn of an approach.
    if state.fighter(me).shield.as_ref().is_some_and(|s| !s.ready)
        && crate::rules::maneuver::check(state, me, &Action::ReadyShield).is_ok()
    {
        return Some(Action::ReadyShield);
    }
    shoot_or_aim(state, me, target)
}

/// The best strike from here or after a step (any facing, any free
/// neighbour within the longest reach); a step wins only when clearly
/// better.
fn best_plan(
    state: &State,
    me: CombatantId,
    target: CombatantId,
    cands: &[Candidate],
    defenses: &mut Defenses,
) -> Option<Plan> {
    let f = state.fighter(me);
    let mut plan = best_from(state, me, target, f.pose, None, cands, defenses);
    for s in steps_toward(state, me, target, reach(state, me, cands)) {
        let pose = Pose::new(s.to.unwrap_or(f.pose.pos), s.face.unwrap_or(f.facing()));
        if pose == f.pose {
            continue;
        }
        if let Some(p) = best_from(state, me, target, pose, Some(s), cands, defenses)
            && plan.is_none_or(|b| p.score > b.score + 1e-12)
        {
            plan = Some(p);
        }
    }
    plan
}

/// The longest reach among the candidate strikes (at least 1).
fn reach(state: &State, me: CombatantId, cands: &[Candidate]) -> u32 {
    let f = state.fighter(me);
    cands
        .iter()
        .filter_map(|c| f.weapons[usize::from(c.strike.weapon)].mode(usize::from(c.strike.mode)))
        .map(|m| m.max_reach().max(1))
        .max()
        .unwrap_or(0)
}

/// The steps worth trying: turning to face the foe, then each free
/// neighbour within `reach` of it, facing it.
pub(super) fn steps_toward(
    state: &State,
    me: CombatantId,
    target: CombatantId,
    reach: u32,
) -> arrayvec::ArrayVec<Step, 7> {
    let (f, t) = (state.fighter(me), state.fighter(target));
    let mut steps = arrayvec::ArrayVec::new();
    if let Some(face) = f.pose.pos.facing_toward(t.pose.pos) {
        steps.push(Step {
            to: None,
            face: Some(face),
            after: false,
            posture: None,
        });
    }
    for n in f.pose.pos.neighbours() {
        if n.distance(t.pose.pos) <= reach
            && crate::rules::movement::free(state, me, n)
            && let Some(face) = n.facing_toward(t.pose.pos)
        {
            steps.push(Step {
                to: Some(n),
                face: Some(face),
                after: false,
                posture: None,
            });
        }
    }
    steps
}

/// Carries out the chosen strike: defensive tactics wait instead of
/// stepping in, a helpless or lone foe draws an All-Out Attack, a high
/// defense a feint first.
fn strike(
    state: &State,
    me: CombatantId,
    target: CombatantId,
    p: &Plan,
    cands: &[Candidate],
    tactics: Tactics,
) -> Action {
    let (f, t) = (state.fighter(me), state.fighter(target));
    // Defensive tactics let the foe come on rather than step in.
    if tactics == Tactics::Defensive
        && p.step.is_some_and(|s| s.to.is_some())
        && let Some(w) = waiting(state, me, cands)
    {
        return w;
    }
    let others_adjacent = state
        .active_foes(me)
        .filter(|&id| id != target)
        .any(|id| state.fighter(id).pose.pos.distance(f.pose.pos) <= 1);
    let helpless = t.stun.is_some() || t.posture == Posture::Lying;
    if p.step.is_none() && !others_adjacent && (helpless || tactics == Tactics::Aggressive) {
        return Action::AllOutAttack {
            variant: AllOutVariant::Determined,
            strike: p.strike,
            advance: 0,
        };
    }
    if let Some(feint) = feint_first(state, me, target, p) {
        return feint;
    }
    Action::Attack {
        strike: p.strike,
        step: p.step,
        extra: None,
        giant_step: None,
    }
}

/// G-FNT-001: against a high defense, feint first (then strike with the
/// margin off the foe's defense).
fn feint_first(state: &State, me: CombatantId, target: CombatantId, p: &Plan) -> Option<Action> {
    let f = state.fighter(me);
    let skill = f.weapons[usize::from(p.strike.weapon)]
        .skill
        .iter()
        .copied()
        .max()
        .unwrap_or(0);
    let pays = f.ai.feint
        && p.step.is_none()
        && f.feint.is_none_or(|x| x.target != target)
        && p.defense.is_some_and(|d| {
            feint_pays(
                skill,
                crate::rules::maneuver::feint_resistance(state, target),
                d,
                p.through,
            )
        });
    let feint = Action::Feint {
        target,
        weapon: p.strike.weapon,
        step: None,
    };
    (pays && crate::rules::maneuver::check(state, me, &feint).is_ok()).then_some(feint)
}

/// No strike from here or a step away: defensive tactics wait for the
/// foe (G-WAIT-001 / G-STP-001, a Stop Thrust when the best strike is a
/// thrust) or defend all-out; others close in.
fn hold_or_close_in(
    state: &State,
    me: CombatantId,
    target: CombatantId,
    cands: &[Candidate],
    tactics: Tactics,
) -> Action {
    let (f, t) = (state.fighter(me), state.fighter(target));
    if tactics == Tactics::Defensive && f.pose.pos.distance(t.pose.pos) <= 3 {
        if let Some(w) = waiting(state, me, cands) {
            return w;
        }
        return Action::AllOutDefense {
            variant: crate::model::action::DefenseVariant::Increased(
                crate::model::state::DefenseKind::Dodge,
            ),
            step: None,
            path: Vec::new(),
        };
    }
    approach(state, me, target).unwrap_or(Action::DoNothing)
}

/// A Wait to strike with the best candidate whoever comes in reach
/// ([`wait_to_strike`]).
fn waiting(state: &State, me: CombatantId, cands: &[Candidate]) -> Option<Action> {
    let best = cands
        .iter()
        .max_by(|a, b| (a.p_hit * a.injury).total_cmp(&(b.p_hit * b.injury)))?;
    wait_to_strike(state, me, &best.strike)
}

/// A Wait to strike with `strike` whoever comes in reach: a Stop Thrust
/// when it is a melee thrust (G-STP-001); `None` when the rules refuse it.
/// Both AIs wait this way, each with the strike it rates best.
pub(super) fn wait_to_strike(state: &State, me: CombatantId, strike: &Strike) -> Option<Action> {
    use crate::model::action::{Response, Trigger, Wait};
    let mode =
        state.fighter(me).weapons[usize::from(strike.weapon)].mode(usize::from(strike.mode))?;
    let thrust = mode.is_melee() && mode.damage.base == crate::model::damage::DamageBase::Thrust;
    let wait = Action::Wait(Wait {
        trigger: if thrust {
            Trigger::StopThrust
        } else {
            Trigger::InReach { foe: None }
        },
        response: Response::Attack {
            weapon: strike.weapon,
            mode: strike.mode,
            location: strike.location,
            all_out: None,
        },
        step: None,
    });
    crate::rules::maneuver::check(state, me, &wait)
        .is_ok()
        .then_some(wait)
}

/// A Move that ends adjacent to the target, facing it, as close as the Move allows
/// (also the table menu's "move toward" entry).
pub(crate) fn approach(state: &State, me: CombatantId, target: CombatantId) -> Option<Action> {
    let f = state.fighter(me);
    let goal = state.fighter(target).pose.pos;
    let points = f.current_move();
    // Nothing can end nearer than this; a guided search finds the cheapest
    // such hex at once when the way is open.
    let nearest = goal
        .distance(f.pose.pos)
        .saturating_sub(points.max(0) as u32)
        .max(1);
    let (hex, path) = match crate::rules::movement::seek(state, me, points, goal, nearest, None) {
        Some(p) => (
            p.end().pos,
            crate::rules::movement::route_hexes(&p).collect(),
        ),
        None => closest_reachable(state, me, goal)?,
    };
    if hex == f.pose.pos {
        let face = hex.facing_toward(goal)?;
        return (face != f.facing()).then_some(Action::AllOutDefense {
            variant: crate::model::action::DefenseVariant::Increased(
                crate::model::state::DefenseKind::Dodge,
            ),
            step: Some(Step {
                to: None,
                face: Some(face),
                after: false,
                posture: None,
            }),
            path: Vec::new(),
        });
    }
    let want: Option<Facing> = hex.facing_toward(goal);
    let face =
        want.filter(|&w| crate::rules::movement::plan_move(state, me, hex, Some(w), &path).is_ok());
    Some(Action::Move {
        to: hex,
        face,
        path,
        posture: None,
    })
}

/// When the way is blocked: the reachable free hex nearest the goal
/// (cheapest, then lowest, on a tie) and the route there.
fn closest_reachable(
    state: &State,
    me: CombatantId,
    goal: HexPos,
) -> Option<(HexPos, crate::model::action::MovePath)> {
    let f = state.fighter(me);
    let reach = crate::rules::movement::reach(state, me, f.current_move());
    let mut best: Option<((u32, u32), HexPos, Facing)> = None;
    for hex in reach.hexes() {
        if hex != f.pose.pos && !crate::rules::movement::free(state, me, hex) {
            continue;
        }
        let Some((cost, facing)) = reach.cheapest_to(hex) else {
            continue;
        };
        let key = (hex.distance(goal), cost);
        if best.is_none_or(|(k, h, _)| key < k || (key == k && hex < h)) {
            best = Some((key, hex, facing));
        }
    }
    let (_, hex, facing) = best?;
    let path = reach.path_to(hex, facing)?;
    Some((hex, crate::rules::movement::route_hexes(&path).collect()))
}

/// The AI's answer to where a fallen body lies (G-POS-009): behind the
/// faller if it can. The defenses are chosen in
/// [`crate::rules::defense::ai_choice`], which resolution may call
/// directly.
pub(super) fn fall(state: &State, faller: CombatantId, options: &[HexPos]) -> Answer {
    let f = state.fighter(faller);
    let behind = f.pose.pos.neighbour(f.facing().opposite());
    let hex = if options.contains(&behind) {
        behind
    } else {
        options.first().copied().unwrap_or(behind)
    };
    Answer::Fall { hex }
}
