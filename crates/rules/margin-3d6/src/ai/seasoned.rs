//! The seasoned AI, the default: it plays margin-3d6 as an experienced
//! player would, by the numbers the rules give.
//!
//! Every blow it could strike this turn is weighed exactly: the attack
//! roll's successes less the AD of the foe's best defense from the hex it
//! strikes from (M-DEF-011), over every pair of 3d6 rolls
//! ([`super::odds`]), each outcome's damage after DR, the wound
//! multiplier and the crippling cap (M-DMG-007), a critical hit by its
//! table. It tries each ready weapon and mode (M-DMG-008), the torso and
//! the called shots worth a look (vitals, head, weapon arm, leg: M-LOC-001),
//! each hex its ½ MV step reaches (a foe's flank costs it 2 on defense,
//! its back every active defense: M-PDF-001, M-ARM-011), and All-Out
//! Attack for +4 or +2 (M-MEL-002). What a blow is worth is the share of
//! the foe's remaining HP it takes, more when it drops the foe, cripples
//! a limb, stuns or knocks out (M-EFF, M-CKS); from it comes off what the
//! foes are expected to take from it before its next turn, each striking
//! from the best hex it can reach, against the defense the maneuver
//! leaves it (none after an All-Out Attack: only the PD roll). A feint is
//! made when the AD it takes off the next blow is worth more than a blow
//! now (M-MEL-006); Retreat (+3) and All-Out Defense (+4) when nothing
//! pays better.
//!
//! Besides: it stands up after a fall, or kneels when a crippled leg keeps
//! it down (M-PAT-005); picks up a dropped weapon (M-MEL-012, M-CRT-002)
//! rather than kick at skill 10; exhausted or at 0 HP, it rests when no
//! foe can reach it (M-PEN-007) and defends all out when one can; a
//! creature bites with its own bite (M-UNA-002). Missiles, panic and
//! closing on a foe out of reach are played as the first AI plays them.
//!
//! Deterministic, allocation-free; it reads the exact HP of every
//! fighter, which the memo's key holds for it ([`super::memo`]).

use super::basic;
use super::odds::{self, BUCKETS, CRIT, PCT, STOP, crit};
use super::{Tactics, memo};
use crate::model::action::{Action, AllOut, Strike, Unarmed};
use crate::model::location::{Limb, Location};
use crate::model::state::{AodKind, Posture, ShieldState, State};
use crate::resolve::attack::{Blow, threat};
use crate::rules::armor::dr_at;
use crate::rules::attack::{HitCtx, face_toward, held, in_front_arc, in_reach, to_hit_total};
use crate::rules::damage::{basic as basic_damage, cripple, fractional, knocks_out, stuns, wound};
use crate::rules::defense::options_at;
use crate::rules::maneuver::{check, free_hex, move_allowance, strike_step};
use crate::rules::path;
use crate::rules::turn::incapacitated;
use arrayvec::ArrayVec;
use fray_core::CombatantId;
use fray_core::grid::{Facing, HexPos};

/// The seasoned AI's maneuver, remembered per thread ([`memo`]) and
/// checked: the engine may trust it.
pub(super) fn remembered(state: &State, who: CombatantId) -> Action {
    memo::remembered(state, who, || {
        basic::checked(state, who, action(state, who))
    })
}

/// The seasoned AI's maneuver, worked out.
pub(super) fn action(state: &State, who: CombatantId) -> Action {
    let f = state.fighter(who);
    if incapacitated(f) && !state.options.incapacitated_can_attack {
        return spent(state, who);
    }
    if let Some(a) = get_up(state, who) {
        return a;
    }
    if f.shield
        .as_ref()
        .is_some_and(|s| s.state == ShieldState::Tangled)
    {
        return Action::ReadyShield;
    }
    if f.held_by.is_some() || f.panic > 0 || shoots(state, who) {
        return basic::action(state, who);
    }
    if let Some(a) = recover_weapon(state, who) {
        return a;
    }
    if !basic::has_melee_weapon(f) && !f.strikes_with(Unarmed::Bite) {
        // Fists and feet: the first AI's slams and grapples.
        return basic::action(state, who);
    }
    melee(state, who).unwrap_or_else(|| basic::action(state, who))
}

/// How much the AI weighs its own blows against the foes' (`ai:aggressive`
/// and `ai:defensive`).
fn weights(state: &State, who: CombatantId) -> (f64, f64) {
    match Tactics::of(state.controllers[who.index()].tactics()) {
        Tactics::Aggressive => (1.0, 0.6),
        Tactics::Defensive => (1.0, 1.6),
        Tactics::Default => (1.0, 1.0),
    }
}

/// The foes awake.
fn foes(state: &State, who: CombatantId) -> impl Iterator<Item = CombatantId> + '_ {
    let side = state.fighter(who).side;
    state.ids().filter(move |&o| {
        let x = state.fighter(o);
        x.side != side && x.awake()
    })
}

/// Whether a foe can strike at all next turn (M-PEN-002/006, M-MOD-004).
fn can_strike(state: &State, foe: CombatantId) -> bool {
    let g = state.fighter(foe);
    g.awake() && g.panic == 0 && (!incapacitated(g) || state.options.incapacitated_can_attack)
}

/// M-PEN-002/006, M-PEN-007: incapacitated, the figure cannot attack. It
/// rests (Do Nothing: no fighting fatigue, and a point back every 20
/// rounds of it) when no foe can reach it before its next turn, and
/// defends all out when one can: Single Foe Defense against the one.
fn spent(state: &State, who: CombatantId) -> Action {
    let me = state.fighter(who).pos;
    let mut near = foes(state, who).filter(|&g| {
        can_strike(state, g) && {
            let x = state.fighter(g);
            x.pos.distance(me) <= move_allowance(state, g) + 1
                || x.weapons
                    .iter()
                    .any(|h| h.weapon.ranged() && h.loaded && !h.lost)
        }
    });
    match (near.next(), near.next()) {
        (None, _) => Action::DoNothing,
        (Some(g), None) => Action::AllOutDefense {
            kind: AodKind::SingleFoe,
            foe: Some(g),
        },
        _ => Action::AllOutDefense {
            kind: AodKind::MultipleFoe,
            foe: None,
        },
    }
}

/// M-PAT-001/005: down, it stands up; a crippled leg or foot lets it only
/// kneel, where it fights at -2 (a figure on the ground makes no weapon
/// attack): it kneels rather than lie for the rest of the fight.
fn get_up(state: &State, who: CombatantId) -> Option<Action> {
    let f = state.fighter(who);
    if f.posture == Posture::Standing {
        return None;
    }
    for to in [Posture::Standing, Posture::Kneeling] {
        if to == f.posture {
            return None;
        }
        let a = Action::ChangePosture { to };
        if check(state, who, &a).is_ok() {
            return Some(a);
        }
    }
    None
}

/// Whether the first AI's missile play applies: a missile weapon with
/// shots left, and a foe beyond the next hex or no melee weapon at all
/// (its own test).
fn shoots(state: &State, who: CombatantId) -> bool {
    let f = state.fighter(who);
    let Some(foe) = basic::nearest_foe(state, who) else {
        return false;
    };
    let dist = f.pos.distance(state.fighter(foe).pos);
    f.weapons
        .iter()
        .any(|h| h.weapon.ranged() && !h.lost && h.ammo != Some(0))
        && (dist > 1 || f.weapons.iter().all(|w| w.weapon.ranged() || w.lost))
}

/// M-MEL-012, M-CRT-002 decision: a weapon that turned in the hand is
/// readied (the first AI's step toward a foe out of reach comes with it);
/// with no melee weapon ready, a dropped one is picked up from the ground
/// when within a step, or walked to.
fn recover_weapon(state: &State, who: CombatantId) -> Option<Action> {
    let f = state.fighter(who);
    let arm_free = !f.is_crippled(Limb::WeaponArm) && !f.is_crippled(Limb::WeaponHand);
    if !arm_free {
        return None;
    }
    if f.weapons.iter().any(|h| !h.ready && !h.lost) {
        return Some(basic::action(state, who));
    }
    if f.weapons
        .iter()
        .any(|h| h.ready && !h.lost && !h.weapon.ranged())
    {
        return None;
    }
    let (i, at) = f
        .weapons
        .iter()
        .enumerate()
        .filter(|(_, h)| h.lost && !h.weapon.ranged())
        .find_map(|(i, h)| h.ground.map(|g| (i as u8, g)))?;
    // In reach after a step of up to 1 hex: pick it up.
    let step = basic::hexes_around(f.pos, 1)
        .filter(|&h| h.distance(at) <= 1 && (h == f.pos || free_hex(state, who, h)))
        .min_by_key(|&h| (h != f.pos, h.distance(at), h));
    if let Some(to) = step {
        let a = Action::ReadyWeapon {
            weapon: i,
            to: (to != f.pos).then_some(to),
        };
        if check(state, who, &a).is_ok() {
            return Some(a);
        }
    }
    // Else walk to the free hex nearest to it (by the way there).
    let allowance = move_allowance(state, who);
    let reach = path::Reach::from(state, who, f.pos, allowance);
    let to = reach
        .reached()
        .filter(|&h| free_hex(state, who, h))
        .min_by_key(|&h| (h.distance(at), f.pos.distance(h), h))?;
    (to != f.pos).then_some(Action::Move {
        to,
        face: face_toward(to, at),
        evade: 0,
        shoot: None,
        swing: None,
    })
}

/// Where the figure would stand, and what its maneuver leaves it to
/// defend with until its next turn.
#[derive(Clone, Copy, PartialEq)]
enum Stance {
    /// Its best active defense (an Attack, a Feint).
    Normal,
    /// No active defense, only the PD roll (All-Out Attack, M-MEL-002).
    Open,
    /// +3 on the first defense (Retreat, M-AOD-005).
    Retreat,
    /// +4 on the first defense against one foe (Single Foe Defense, M-AOD-002).
    SingleFoe(CombatantId),
}

/// A strike worth weighing, with the value of each outcome bucket.
#[derive(Clone, Copy)]
struct Weighed {
    strike: Strike,
    /// The value of each bucket ([`odds::BUCKETS`]): the share of the foe's
    /// HP and the effects (see [`worth`]).
    profile: [f64; BUCKETS],
}

/// The called shots weighed besides the torso (M-LOC-001): the vitals for
/// an impaling blow (M-CKS-007), the head (M-EFF-002, M-CKS-006), the
/// weapon arm (crippled, it drops the weapon, M-PAT-005) and a leg
/// (crippled, the foe falls).
const LOCATIONS: [Location; 5] = [
    Location::Torso,
    Location::Vitals,
    Location::Head,
    Location::WeaponArm,
    Location::Leg,
];

/// The most strikes weighed against one foe.
const MAX_STRIKES: usize = 48;
type Strikes = ArrayVec<Weighed, MAX_STRIKES>;

/// The strikes `who` may weigh against `foe` (each ready melee weapon's
/// modes at each location, or its unarmed strikes at the torso), not yet
/// weighed: telling which foes can be struck at all needs only these.
fn strike_choices(
    state: &State,
    who: CombatantId,
    foe: CombatantId,
    torso_only: bool,
    out: &mut ArrayVec<Strike, MAX_STRIKES>,
) {
    let f = state.fighter(who);
    out.clear();
    let armed = !f.is_crippled(Limb::WeaponArm)
        && !f.is_crippled(Limb::WeaponHand)
        && f.held_by.is_none()
        && !f.posture.down();
    for (i, h) in f.weapons.iter().enumerate() {
        if !armed || !h.ready || h.lost || h.weapon.ranged() {
            continue;
        }
        for m in 0..h.weapon.modes.len().min(4) {
            for loc in LOCATIONS {
                let imp = h.weapon.modes[m].kind == crate::model::location::DamageType::Imp;
                if (loc == Location::Vitals && !imp) || (torso_only && loc != Location::Torso) {
                    continue;
                }
                let mut s = Strike::at(foe).with(i as u8, m as u8);
                s.location = (loc != Location::Torso).then_some(loc);
                let _ = out.try_push(s);
            }
        }
    }
    if !out.is_empty() {
        return;
    }
    for u in [Unarmed::Bite, Unarmed::Punch, Unarmed::Kick] {
        if !f.strikes_with(u)
            || (u == Unarmed::Punch
                && f.is_crippled(Limb::WeaponHand)
                && f.is_crippled(Limb::OffHand))
        {
            continue;
        }
        let mut s = Strike::at(foe);
        s.unarmed = Some(u);
        let _ = out.try_push(s);
    }
}

/// `choices` by `who` at `foe` with their outcome values, the All-Out
/// Attack damage bonus `bonus` included (the first `N` of them).
fn weighed<const N: usize>(
    state: &State,
    who: CombatantId,
    foe: CombatantId,
    choices: &[Strike],
    bonus: i32,
    out: &mut ArrayVec<Weighed, N>,
) {
    out.clear();
    for &strike in choices.iter().take(N) {
        out.push(Weighed {
            strike,
            profile: profile(state, who, foe, &strike, bonus),
        });
    }
}

/// The value of each outcome of `s` by `who` on `foe` (M-DMG-007 to the
/// HP loss; [`worth`]): nothing when stopped, the 25-100% fractions, and a
/// critical hit by its table (M-CRT-003/004; a torso knockout on 3 or 18).
fn profile(
    state: &State,
    who: CombatantId,
    foe: CombatantId,
    s: &Strike,
    bonus: i32,
) -> [f64; BUCKETS] {
    let opts = &state.options;
    let (f, t) = (state.fighter(who), state.fighter(foe));
    let mut b = basic_damage(f, s, bonus, opts);
    if b.bite {
        // 1d - 4: the die's 3.5, rounded down.
        b.damage = (b.damage + 3).max(0);
        b.full = b.damage;
    }
    let loc = s.location.unwrap_or(Location::Torso);
    let dr = dr_at(t, loc, b.kind, opts) + if loc == Location::Brain { 2 } else { 0 };
    let hurt = |dmg: i32, dr: i32| {
        let loss = wound(dmg - dr, b.kind, loc, opts);
        let (loss, crippled) = match loc.limb() {
            Some(l) => {
                let (c, yes) = cripple(loss, t.stats.ht, l, opts);
                (c, yes.then_some(l))
            }
            None => (loss, None),
        };
        worth(state, foe, loss, loc, crippled)
    };
    let mut out = [0.0; BUCKETS];
    for i in 1..CRIT {
        out[i] = hurt(fractional(&b, b.damage, PCT[i], opts), dr);
    }
    let full = b.full;
    let normal = hurt(full, dr);
    let knockout = if loc == Location::Torso {
        normal + 1.0
    } else {
        hurt(3 * full, dr)
    };
    let limb = if loc.limb().is_some() {
        normal + 0.3
    } else {
        hurt(2 * full, dr)
    };
    let stun = 0.15 * (1.0 - odds::p_success(t.stats.will));
    out[CRIT] = crit::KNOCKOUT * knockout
        + crit::NO_ARMOR * hurt(full, 0)
        + crit::TRIPLE * hurt(3 * full, dr)
        + crit::DOUBLE * hurt(2 * full, dr)
        + crit::LIMB_DOUBLE * limb
        + crit::NORMAL * normal
        + stun;
    out[STOP] = 0.0;
    out
}

/// What `loss` HP at `loc` is worth against `t`: the share of its HP left
/// (up to all of it), a whole fight more when it drops it to 0 or below
/// (incapacitated, M-PEN-002), and the effects: a crippled weapon arm or
/// hand (no attack, M-PAT-005), a crippled leg or foot (down), a stun
/// check failed (M-EFF-001), a knockout roll failed (M-EFF-002, M-CKS-005).
fn worth(state: &State, t: CombatantId, loss: i32, loc: Location, crippled: Option<Limb>) -> f64 {
    if loss <= 0 {
        return 0.0;
    }
    let x = state.fighter(t);
    let left = x.hp.max(1);
    let mut v = f64::from(loss.min(left)) / f64::from(left);
    if loss >= x.hp {
        v += 0.5;
    }
    v += match crippled {
        Some(Limb::WeaponArm | Limb::WeaponHand) => 0.5,
        Some(Limb::NearLeg | Limb::FarLeg | Limb::NearFoot | Limb::FarFoot) => 0.3,
        Some(_) => 0.1,
        None => 0.0,
    };
    let ht = x.stats.ht;
    if stuns(loss, ht, loc) {
        v += 0.15 * (1.0 - odds::p_success(x.stats.will));
    }
    if knocks_out(loss, ht, loc) || loc == Location::Brain {
        v += 1.0 - odds::p_success(ht);
    }
    v
}

/// The defenses `defender` standing at `at`, facing `facing`, has against
/// a blow from `from`: the best active defense's target and the PD roll's
/// (M-ARM-011), before a stance (`under`) picks one.
///
/// They read of the blow its attacker, its strike and whether it charges
/// (`threat`), never its damage bonus nor an All-Out Attack's +4 to hit:
/// a plain blow and its all-out forms face the same defenses, worked out
/// once for the three.
#[derive(Clone, Copy)]
struct Defenses {
    attacker: CombatantId,
    active: Option<i32>,
    pd_roll: Option<i32>,
    stunned: bool,
}

impl Defenses {
    fn of(
        state: &State,
        defender: CombatantId,
        blow: &Blow,
        from: HexPos,
        at: HexPos,
        facing: Facing,
    ) -> Defenses {
        let loc = blow.strike.location.unwrap_or(Location::Torso);
        let th = threat(state, blow, from, loc);
        let (opts, pd) = options_at(state, defender, &th, at, facing);
        let o = &state.options;
        let pd_roll = (o.pd_only_roll
            && o.pd_mode == crate::model::options::PdMode::AddToDefense
            && pd >= o.min_target)
            .then_some(pd);
        let active = opts
            .iter()
            .map(|d| {
                d.target
                    - 2 * i32::from(d.kind == crate::model::action::DefenseKind::AcrobaticDodge)
            })
            .max();
        Defenses {
            attacker: blow.attacker,
            active,
            pd_roll,
            stunned: state.fighter(defender).stun.is_some(),
        }
    }

    /// The defense rolled under `stance`: the best active defense's
    /// target, or the PD roll's; `None` when no roll is made.
    fn under(self, stance: Stance) -> Option<i32> {
        match (stance, self.active) {
            (Stance::Open, _) | (_, None) => self.pd_roll,
            (Stance::Normal, Some(d)) => Some(d),
            (Stance::Retreat, Some(d)) => Some(if self.stunned { d } else { d + 3 }),
            (Stance::SingleFoe(g), Some(d)) => Some(if g == self.attacker { d + 4 } else { d }),
        }
    }
}

/// The defense the target of `strike` by `who` from `from`, standing
/// where it stands, puts up against it (the same against the plain blow
/// and its all-out forms, [`Defenses`]).
fn foe_defense(state: &State, who: CombatantId, strike: &Strike, from: HexPos) -> Option<i32> {
    let t = state.fighter(strike.target);
    let blow = Blow {
        attacker: who,
        strike: *strike,
        ctx: HitCtx::default(),
        bonus: 0,
    };
    Defenses::of(state, strike.target, &blow, from, t.pos, t.facing).under(Stance::Normal)
}

/// The expected value of a blow that hits on `hit` against the defense
/// `d` (M-FLO-003 to the HP loss), its outcomes worth `profile`.
#[inline]
fn expected(hit: i32, d: Option<i32>, profile: &[f64; BUCKETS]) -> f64 {
    let p = odds::net(hit, d);
    p.iter().zip(profile).map(|(p, v)| p * v).sum()
}

/// The foes that can strike `who` next turn, each with its strikes at
/// `who`'s torso (the danger it poses, weighed for every hex it may strike
/// from).
type Threats = ArrayVec<(CombatantId, ArrayVec<Weighed, 8>), 8>;

/// The first eight foes (in id order) that can strike `who` wherever its
/// step takes it: a foe farther than both figures' reach and step could
/// strike from no hex [`danger`] weighs. Counting only those keeps the
/// eight for the foes near, and a decision's cost to them, on a field of
/// thousands (issue 35).
fn threats(state: &State, who: CombatantId) -> Threats {
    let mut out = Threats::new();
    let here = state.fighter(who).pos;
    let mine = reach_bound(state, who);
    let near =
        |g: &CombatantId| here.distance(state.fighter(*g).pos) <= mine + reach_bound(state, *g);
    for g in foes(state, who).filter(near) {
        if out.is_full() {
            break;
        }
        if !can_strike(state, g) {
            continue;
        }
        let mut choices = ArrayVec::new();
        strike_choices(state, g, who, true, &mut choices);
        let mut list = ArrayVec::new();
        weighed(state, g, who, &choices, 0, &mut list);
        if !list.is_empty() {
            out.push((g, list));
        }
    }
    out
}

/// What the foes are expected to take from `who` before its next turn,
/// standing at `at` facing `facing`, under each of `stances`: each foe
/// that can strike, from the best hex its own step reaches (its flank or
/// back included), with its best weapon mode at the torso. The stances
/// share the search, the rolls and the defenses ([`Defenses`]): a blow
/// weighed both as defended and as met open is worked out once.
fn danger<const N: usize>(
    state: &State,
    who: CombatantId,
    threats: &Threats,
    reaches: &Searches,
    at: HexPos,
    facing: Facing,
    stances: [Stance; N],
) -> [f64; N] {
    let mut total = [0.0; N];
    let old = state.fighter(who).pos;
    for (g, list) in threats {
        let g = *g;
        let x = state.fighter(g);
        let step = strike_step(state, g, &list[0].strike);
        // A foe farther from `at` than its step and longest reach can
        // strike from no hex (each hex weighed below is within its reach
        // of `at` and its step of the foe): it adds nothing, and on a
        // field of thousands most of the threats are such (issue 35).
        let longest = list
            .iter()
            .map(|w| held(x, &w.strike).map_or(1, |h| u32::from(h.weapon.reach).max(1)))
            .max()
            .unwrap_or(1);
        if x.pos.distance(at) > step + longest {
            continue;
        }
        let mut best = [0.0f64; N];
        for w in list {
            let reach = match held(x, &w.strike) {
                Some(h) => u32::from(h.weapon.reach).max(1),
                None => 1,
            };
            for c in basic::hexes_around(at, reach as i32) {
                if c == at {
                    continue;
                }
                let open = c == x.pos
                    || ((c == old || free_hex(state, g, c))
                        && reaches.cost(state, g, x.pos, c, step).is_some());
                if !open {
                    continue;
                }
                let blow = Blow {
                    attacker: g,
                    strike: w.strike,
                    ctx: HitCtx::default(),
                    bonus: 0,
                };
                let hit = to_hit_total(state, g, &w.strike, c, HitCtx::default());
                let defenses = Defenses::of(state, who, &blow, c, at, facing);
                for (best, &stance) in best.iter_mut().zip(&stances) {
                    *best = best.max(expected(hit, defenses.under(stance), &w.profile));
                }
            }
        }
        for (total, best) in total.iter_mut().zip(best) {
            *total += best;
        }
    }
    total
}

/// The hexes `who` may strike `foe` from this turn with a reach of
/// `reach`: its own (turning to face the foe) and each free hex its step
/// of `step` reaches (round walls and foes, M-FLO-006) within reach.
fn strike_hexes(
    state: &State,
    reaches: &Searches,
    who: CombatantId,
    foe: CombatantId,
    reach: u32,
    step: u32,
) -> ArrayVec<HexPos, 19> {
    let f = state.fighter(who);
    let tp = state.fighter(foe).pos;
    let mut out = ArrayVec::new();
    for h in basic::hexes_around(tp, reach as i32) {
        if h == tp && f.pos != tp {
            continue;
        }
        let ok = h == f.pos
            || (free_hex(state, who, h) && reaches.cost(state, who, f.pos, h, step).is_some());
        if ok && out.try_push(h).is_err() {
            break;
        }
    }
    out
}

/// What a melee choice reads throughout: the state, who chooses, its
/// weights (its own blows, the foes') and the foes that threaten it.
struct Plan<'a> {
    state: &'a State,
    who: CombatantId,
    mine: f64,
    theirs: f64,
    threats: Threats,
    /// The steps searched so far (each threat's, the figure's own).
    reaches: Searches,
}

/// The searches of one decision: a step for each threat and the figure's own.
type Searches = path::Reaches<{ 8 + 2 }>;

impl Plan<'_> {
    /// The weighed danger at `at` facing `facing` under `stance`.
    fn danger(&self, at: HexPos, facing: Facing, stance: Stance) -> f64 {
        let [d] = self.dangers(at, facing, [stance]);
        d
    }

    /// The weighed danger at `at` facing `facing` under each of `stances`.
    fn dangers<const N: usize>(
        &self,
        at: HexPos,
        facing: Facing,
        stances: [Stance; N],
    ) -> [f64; N] {
        let (state, who) = (self.state, self.who);
        let by = danger(
            state,
            who,
            &self.threats,
            &self.reaches,
            at,
            facing,
            stances,
        );
        by.map(|d| d * self.theirs)
    }
}

/// The best choice so far, and the most any blow was worth (a share of the
/// foe's HP, before the danger comes off).
#[derive(Default)]
struct Choice {
    best: Option<(f64, Action)>,
    blow: f64,
}

impl Choice {
    /// Keeps `a` when it scores more and the rules allow it.
    fn keep(&mut self, p: &Plan, score: f64, a: Action) {
        keep(p.state, p.who, &mut self.best, score, a);
    }
}

/// The best maneuver against the foes in reach this turn, weighed as the
/// module says; `None` when no foe is in reach (the first AI closes in).
fn melee(state: &State, who: CombatantId) -> Option<Action> {
    let (mine, theirs) = weights(state, who);
    let p = Plan {
        state,
        who,
        mine,
        theirs,
        threats: threats(state, who),
        reaches: Searches::default(),
    };
    let mut c = Choice::default();
    // A foe farther than the longest reach plus the step cannot be struck
    // nor feinted this turn (`strike_hexes`, `feint`): skipping it changes
    // no choice, and keeps a decision's cost to the foes near by on a
    // field of thousands (issue 35).
    let here = state.fighter(who).pos;
    let near = reach_bound(state, who);
    for foe in foes(state, who).filter(|&g| here.distance(state.fighter(g).pos) <= near) {
        weigh_foe(&p, foe, &mut c);
    }
    c.best.as_ref()?;
    if c.blow <= WORTHLESS {
        defend_only(&p, &mut c);
    }
    c.best.map(|b| b.1)
}

/// At least the longest reach of `who`'s weapons (1 unarmed) plus its
/// longest strike step (`strike_step`: half its move, at least 1).
fn reach_bound(state: &State, who: CombatantId) -> u32 {
    let f = state.fighter(who);
    let reach = f
        .weapons
        .iter()
        .map(|h| u32::from(h.weapon.reach))
        .max()
        .unwrap_or(1)
        .max(1);
    reach + move_allowance(state, who).max(1)
}

/// Every blow at `foe` from every hex the step reaches, plain and all out,
/// and a feint. A foe no hex lets it strike and no weapon lets it feint
/// is passed over before any blow is weighed: most foes near on a
/// crowded field are such (issue 35).
fn weigh_foe(p: &Plan, foe: CombatantId, c: &mut Choice) {
    let (state, who) = (p.state, p.who);
    let f = state.fighter(who);
    let mut choices = ArrayVec::new();
    strike_choices(state, who, foe, false, &mut choices);
    let Some(first) = choices.first() else {
        return;
    };
    let reach = match held(f, first) {
        Some(h) => u32::from(h.weapon.reach).max(1),
        None => 1,
    };
    let step = strike_step(state, who, first);
    let hexes = strike_hexes(state, &p.reaches, who, foe, reach, step);
    if hexes.is_empty() && !may_feint(state, who, foe, &choices) {
        return;
    }
    let mut list = Strikes::new();
    weighed(state, who, foe, &choices, 0, &mut list);
    let mut plus2 = Strikes::new();
    if first.unarmed.is_none() {
        weighed(state, who, foe, &choices, 2, &mut plus2);
    }
    for from in hexes {
        weigh_hex(p, foe, from, &list, &plus2, c);
    }
    if let Some((score, a)) = feint(state, who, foe, &list) {
        c.blow = c.blow.max(score);
        let normal = p.danger(f.pos, f.facing, Stance::Normal);
        c.keep(p, score * p.mine - normal, a);
    }
}

/// Whether [`feint`] has a weapon to feint `foe` with: in the front arc
/// (or the same hex), a weapon strike in reach without a step.
fn may_feint(state: &State, who: CombatantId, foe: CombatantId, choices: &[Strike]) -> bool {
    let (f, t) = (state.fighter(who), state.fighter(foe));
    (in_front_arc(f.pos, f.facing, t.pos) || f.pos == t.pos)
        && choices
            .iter()
            .any(|s| s.unarmed.is_none() && in_reach(f, s, f.pos, t.pos))
}

/// The blows at `foe` from `from` (facing it): each strike of `list`
/// plain and, with a melee weapon, all out for +4 to hit or for +2 damage
/// (`plus2`, the same strikes weighed with the bonus).
fn weigh_hex(
    p: &Plan,
    foe: CombatantId,
    from: HexPos,
    list: &Strikes,
    plus2: &Strikes,
    c: &mut Choice,
) {
    let (state, who) = (p.state, p.who);
    let f = state.fighter(who);
    let tp = state.fighter(foe).pos;
    let ahead = in_front_arc(f.pos, f.facing, tp);
    let facing = if from == f.pos && ahead {
        f.facing
    } else {
        face_toward(from, tp).unwrap_or(f.facing)
    };
    let to = (from != f.pos || !ahead).then_some(from);
    let [normal, open] = if plus2.is_empty() {
        [p.danger(from, facing, Stance::Normal), 0.0]
    } else {
        p.dangers(from, facing, [Stance::Normal, Stance::Open])
    };
    let all_out = HitCtx {
        all_out_skill: true,
        ..HitCtx::default()
    };
    for (k, w) in list.iter().enumerate() {
        if !in_reach(f, &w.strike, from, tp) {
            continue;
        }
        let s = Strike { to, ..w.strike };
        // The plain blow and both all-out ones face the same defense
        // (`Defenses`), and all but the +4 to hit the same roll.
        let d = foe_defense(state, who, &w.strike, from);
        let hit = to_hit_total(state, who, &w.strike, from, HitCtx::default());
        let v = expected(hit, d, &w.profile);
        c.blow = c.blow.max(v);
        c.keep(p, v * p.mine - normal, Action::Attack(s));
        let Some(w2) = plus2.get(k) else { continue };
        let aimed = to_hit_total(state, who, &w.strike, from, all_out);
        let v4 = expected(aimed, d, &w.profile) * p.mine;
        let skill = Action::AllOutAttack {
            strike: s,
            bonus: AllOut::Skill,
        };
        c.keep(p, v4 - open, skill);
        let v2 = expected(hit, d, &w2.profile) * p.mine;
        let damage = Action::AllOutAttack {
            strike: s,
            bonus: AllOut::Damage,
        };
        c.keep(p, v2 - open, damage);
    }
}

/// Defending only, a Retreat's +3 (not stunned, M-AOD-005) or Single Foe
/// Defense's +4 (M-AOD-002), weighed only when no blow is worth anything:
/// two figures that only defend would stand there to the round limit, so
/// a blow that can hurt is always struck.
fn defend_only(p: &Plan, c: &mut Choice) {
    let f = p.state.fighter(p.who);
    if f.stun.is_none() {
        let r = p.danger(f.pos, f.facing, Stance::Retreat);
        c.keep(p, -r, Action::Retreat);
    }
    if let Some(g) = basic::nearest_foe(p.state, p.who) {
        let d = p.danger(f.pos, f.facing, Stance::SingleFoe(g));
        let a = Action::AllOutDefense {
            kind: AodKind::SingleFoe,
            foe: Some(g),
        };
        c.keep(p, -d, a);
    }
}

/// A blow worth less than this (a share of the foe's HP) is not worth
/// giving up a defense for.
const WORTHLESS: f64 = 0.01;

/// Keeps `a` as the best so far when it scores more and the rules allow it.
fn keep(state: &State, who: CombatantId, best: &mut Option<(f64, Action)>, score: f64, a: Action) {
    if best.as_ref().is_some_and(|(b, _)| score <= *b + 1e-9) {
        return;
    }
    if check(state, who, &a).is_ok() {
        *best = Some((score, a));
    }
}

/// M-MEL-006: a feint at `foe` (in reach, in the front arc, no step)
/// with the weapon of the best plain blow; its worth is what the margin it
/// wins takes off the foe's defense against the next blow, over the
/// contest's odds: a feint and that blow against two plain blows, so the
/// feint scores the blow after it less one plain blow.
fn feint(
    state: &State,
    who: CombatantId,
    foe: CombatantId,
    list: &Strikes,
) -> Option<(f64, Action)> {
    let f = state.fighter(who);
    let t = state.fighter(foe);
    if !in_front_arc(f.pos, f.facing, t.pos) && f.pos != t.pos {
        return None;
    }
    // The best plain blow now: its roll, the foe's defense and its worth.
    let (w, hit, d, now) = list
        .iter()
        .filter(|w| w.strike.unarmed.is_none() && in_reach(f, &w.strike, f.pos, t.pos))
        .map(|w| {
            let hit = to_hit_total(state, who, &w.strike, f.pos, HitCtx::default());
            let d = foe_defense(state, who, &w.strike, f.pos);
            (w, hit, d, expected(hit, d, &w.profile))
        })
        .max_by(|a, b| a.3.total_cmp(&b.3))?;
    let skill = f.weapons.get(usize::from(w.strike.weapon))?.skill;
    let resist = crate::rules::attack::feint_resistance(t);
    let margins = odds::contest_margins(skill, resist);
    // The blow after the feint: the same roll against a defense lowered
    // by the margin won.
    let mut next = 0.0;
    for (m, p) in margins.iter().enumerate() {
        if *p > 0.0 {
            next += p * expected(hit, d.map(|d| d - m as i32), &w.profile);
        }
    }
    let a = Action::Feint {
        target: foe,
        weapon: w.strike.weapon,
    };
    Some((next - now, a))
}
