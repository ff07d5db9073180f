//! The default AI: close in, strike where the expected injury is highest,
//! defend with the best chance (retreating when it helps).
//!
//! It is deterministic (no dice of its own), cheap enough for the
//! simulator's hot loop, and reads its knobs from the controller's tactics.

use crate::action::{Action, Aim, AllOutVariant, Answer, Question, Step, Strike};
use crate::damage::Dice;
use crate::location::{self, Location};
use crate::resolve::{attack, defense, injury, movement};
use crate::state::{Posture, State};
use fray_core::grid::{Facing, Pose};
use fray_core::{CombatantId, Controller};

/// Tactics named by `ai:<tactics>` controllers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tactics {
    /// Balanced: best expected injury, All-Out Attack only on helpless foes.
    Default,
    /// Prefers All-Out Attack (Determined) whenever no other foe is adjacent.
    Aggressive,
    /// Stays on All-Out Defense until a foe is adjacent, then attacks.
    Defensive,
}

impl Tactics {
    /// Reads the tactics of a controller (unknown names are rejected at setup).
    pub fn of(c: &Controller) -> Tactics {
        match c.tactics() {
            Some("aggressive") => Tactics::Aggressive,
            Some("defensive") => Tactics::Defensive,
            _ => Tactics::Default,
        }
    }

    /// The tactics names setup accepts.
    pub const NAMES: [&'static str; 3] = ["default", "aggressive", "defensive"];
}

/// Ways (of 216) to roll 3..=18 on 3d6. The AI wants floats in its hot
/// loop; exact odds live in `fray_dice::systems::gurps::success_odds`.
const WAYS_3D6: [u32; 16] = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1];

/// Probability that 3d6 succeeds against `level` (3-4 always succeed, 17-18 always fail).
fn p_success(level: i32) -> f64 {
    let l = level.clamp(4, 16);
    let ways: u32 = WAYS_3D6[..(l - 2) as usize].iter().sum();
    f64::from(ways) / 216.0
}

/// Expected injury of one hit with `dice` against `dr`, wounding `mult_halves`.
fn expected_injury(dice: Dice, bonus: i32, dr: i32, mult_halves: i32, cap: i32) -> f64 {
    // Exact expectation over the damage dice, in f64 (a handful of values).
    let n = dice.dice.clamp(1, 12);
    let mut dist = vec![1.0f64];
    for _ in 0..n {
        let mut next = vec![0.0; dist.len() + 6];
        for (s, p) in dist.iter().enumerate() {
            for face in 1..=6 {
                next[s + face] += p / 6.0;
            }
        }
        dist = next;
    }
    dist.iter()
        .enumerate()
        .filter(|(_, p)| **p > 0.0)
        .map(|(s, p)| {
            let basic = (s as i32 + dice.adds + bonus).max(0);
            p * f64::from(injury::injury_from(basic - dr, mult_halves).min(cap))
        })
        .sum()
}

/// A candidate attack with its score.
#[derive(Clone, Copy, Debug)]
struct Plan {
    strike: Strike,
    step: Option<Step>,
    score: f64,
}

/// The locations worth considering for a damage type.
fn candidate_locations(t: crate::damage::DamageType) -> &'static [Location] {
    use crate::damage::DamageType::*;
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

/// The best strike on `target` from `pose`, if any weapon reaches.
fn best_strike(
    state: &State,
    me: CombatantId,
    target: CombatantId,
    pose: Pose,
    step: Option<Step>,
    bonus_to_hit: i32,
) -> Option<Plan> {
    let a = state.fighter(me);
    let t = state.fighter(target);
    let mut best: Option<Plan> = None;
    for (wi, w) in a.weapons.iter().enumerate() {
        if !w.ready || (w.is_unbalanced() && w.parried_before_turn) {
            continue;
        }
        for (mi, m) in w.weapon.modes.iter().enumerate() {
            if !m.is_melee() || attack::in_reach_from(state, me, pose, target, wi, mi).is_err() {
                continue;
            }
            for &loc in candidate_locations(m.damage_type) {
                let strike = Strike {
                    target,
                    weapon: wi as u8,
                    mode: mi as u8,
                    location: Aim::At(loc),
                };
                let skill = attack::to_hit(state, me, &strike, None).total() + bonus_to_hit;
                if skill < 3 {
                    continue;
                }
                let inc = defense::Incoming {
                    attacker: me,
                    defender: target,
                    melee: true,
                    penalty: 0,
                };
                let best_def = defense::options(state, &inc, None)
                    .iter()
                    .map(|o| o.with_retreat.unwrap_or(o.value).max(o.value))
                    .max();
                let p_hit = p_success(skill);
                let p_through = best_def.map_or(1.0, |d| 1.0 - p_success(d));
                let dr = injury::divided_dr(t.dr[loc.index()], m.armor_divisor);
                let mult = location::multiplier_halves(loc, m.damage_type);
                let cap = location::cap_injury(loc, t.stats.hp, i32::MAX / 4);
                let e = expected_injury(m.damage.dice_for(a.stats.st), 0, dr, mult, cap);
                let score = p_hit * p_through * e;
                if best.is_none_or(|b| score > b.score + 1e-12) {
                    best = Some(Plan {
                        strike,
                        step,
                        score,
                    });
                }
            }
        }
    }
    best
}

/// The nearest foe that can still fight (ties: lowest id).
fn nearest_foe(state: &State, me: CombatantId) -> Option<CombatantId> {
    let here = state.fighter(me).pose.pos;
    state
        .active_foes(me)
        .min_by_key(|&id| (here.distance(state.fighter(id).pose.pos), id))
}

/// The AI's maneuver.
pub fn action(state: &State, me: CombatantId) -> Action {
    let f = state.fighter(me);
    if f.stun.is_some() {
        return Action::DoNothing;
    }
    match f.posture {
        Posture::Lying => {
            return Action::ChangePosture {
                to: Posture::Kneeling,
            };
        }
        Posture::Sitting | Posture::Crawling | Posture::Kneeling | Posture::Crouching => {
            return Action::ChangePosture {
                to: Posture::Standing,
            };
        }
        Posture::Standing => {}
    }
    // Pick up or ready a weapon when none is ready.
    if f.ready_melee().next().is_none()
        && let Some((i, _)) = f
            .weapons
            .iter()
            .enumerate()
            .find(|(_, w)| w.dropped_at.is_none_or(|h| h == f.pose.pos))
    {
        return Action::Ready { weapon: i as u8 };
    }
    let Some(target) = nearest_foe(state, me) else {
        return Action::DoNothing;
    };
    // Strap the shield back on when no foe is close enough to strike now.
    let foe_close = state
        .active_foes(me)
        .any(|id| state.fighter(id).pose.pos.distance(f.pose.pos) <= 2);
    if !foe_close && crate::resolve::maneuver::check(state, me, &Action::ReadyShield).is_ok() {
        return Action::ReadyShield;
    }
    let tactics = Tactics::of(&f.controller);
    let t = state.fighter(target);
    // Attack from here, or after a step (any facing, any free neighbour).
    let mut plan = best_strike(
        state,
        me,
        target,
        Pose::new(f.pose.pos, f.facing()),
        None,
        0,
    );
    let mut step_poses: Vec<Step> = Vec::new();
    if let Some(face) = f.pose.pos.facing_toward(t.pose.pos) {
        step_poses.push(Step {
            to: None,
            face: Some(face),
        });
    }
    for n in f.pose.pos.neighbours() {
        if movement::free(state, me, n)
            && let Some(face) = n.facing_toward(t.pose.pos)
        {
            step_poses.push(Step {
                to: Some(n),
                face: Some(face),
            });
        }
    }
    for s in step_poses {
        let pose = Pose::new(s.to.unwrap_or(f.pose.pos), s.face.unwrap_or(f.facing()));
        if let Some(p) = best_strike(state, me, target, pose, Some(s), 0)
            && plan.is_none_or(|b| p.score > b.score + 1e-12)
        {
            plan = Some(p);
        }
    }
    if let Some(p) = plan {
        let others_adjacent = state
            .active_foes(me)
            .filter(|&id| id != target)
            .any(|id| state.fighter(id).pose.pos.distance(f.pose.pos) <= 1);
        let helpless = t.stun.is_some() || t.posture == Posture::Lying;
        let go_all_out = p.step.is_none_or(|s| s.to.is_none())
            && !others_adjacent
            && (helpless || tactics == Tactics::Aggressive);
        if go_all_out && p.step.is_none() {
            return Action::AllOutAttack {
                variant: AllOutVariant::Determined,
                strike: p.strike,
                advance: 0,
            };
        }
        return Action::Attack {
            strike: p.strike,
            step: p.step,
        };
    }
    if tactics == Tactics::Defensive && f.pose.pos.distance(t.pose.pos) <= 3 {
        return Action::AllOutDefense {
            variant: crate::action::DefenseVariant::Increased(crate::state::DefenseKind::Dodge),
            step: None,
        };
    }
    approach(state, me, target).unwrap_or(Action::DoNothing)
}

/// A Move that ends adjacent to the target, facing it, as close as the Move allows.
fn approach(state: &State, me: CombatantId, target: CombatantId) -> Option<Action> {
    let f = state.fighter(me);
    let goal = state.fighter(target).pose.pos;
    let reach = movement::reach(state, me, f.current_move());
    let mut best: Option<((u32, u32), fray_core::grid::HexPos)> = None;
    for hex in reach.hexes() {
        if hex != f.pose.pos && !movement::free(state, me, hex) {
            continue;
        }
        let Some((cost, _)) = reach.cheapest_to(hex) else {
            continue;
        };
        let key = (hex.distance(goal), cost);
        if best.is_none_or(|(k, h)| key < k || (key == k && hex < h)) {
            best = Some((key, hex));
        }
    }
    let (_, hex) = best?;
    if hex == f.pose.pos {
        let face = hex.facing_toward(goal)?;
        return (face != f.facing()).then_some(Action::AllOutDefense {
            variant: crate::action::DefenseVariant::Increased(crate::state::DefenseKind::Dodge),
            step: Some(Step {
                to: None,
                face: Some(face),
            }),
        });
    }
    let want: Option<Facing> = hex.facing_toward(goal);
    let face = want.filter(|&w| movement::plan_move(state, me, hex, Some(w)).is_ok());
    Some(Action::Move { to: hex, face })
}

/// The AI's answer: the defense with the best value, retreating when allowed.
pub fn answer(state: &State, q: &Question) -> Answer {
    let _ = state;
    match q {
        Question::Defend { options, .. } => {
            let best = options.iter().max_by_key(|o| {
                (
                    o.with_retreat.unwrap_or(o.value).max(o.value),
                    std::cmp::Reverse(o.kind as u8),
                )
            });
            match best {
                Some(o) => Answer::Defend {
                    kind: o.kind,
                    weapon: o.weapon,
                    retreat: o.with_retreat.is_some_and(|r| r > o.value),
                },
                None => Answer::NoDefense,
            }
        }
    }
}
