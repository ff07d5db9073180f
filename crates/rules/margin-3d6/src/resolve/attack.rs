//! One attack from the roll to the wound: the attack roll (M-FLO-003), the
//! defense and its AD (M-DEF-011/012), the damage fraction or the critical
//! table (M-DMG-013, M-CRT), DR and wounding (M-DMG-007).

use crate::model::action::{Answer, DefenseKind, DefenseOption, DefenseOptions, Question, Strike};
use crate::model::data::{Base, Class};
use crate::model::event::{AdFrom, Event, Scale};
use crate::model::location::{DamageType, Limb, Location};
use crate::model::options::{
    CritStage, DefenseModel, NaturalCritical, NetZero, Options, PdMode, ShieldBreak,
};
use crate::model::state::{Posture, ShieldState, State};
use crate::resolve::check::{self, roll_plain, table_roll};
use crate::resolve::critical;
use crate::resolve::injury;
use crate::rules::armor::dr_at;
use crate::rules::attack::{HitCtx, aimed_at, held, to_hit, to_hit_total};
use crate::rules::damage::{basic, cripple, fractional, wound};
use crate::rules::defense::{Threat, best_answer, options};
use crate::rules::tables::{
    CritHit, Fraction, crit_hit, fraction, needs_side_roll, random_location,
};
use crate::{Flow, Margin};
use fray_core::dice::systems::margin3d6::Outcome;
use fray_core::grid::HexPos;
use fray_core::{CombatantId, Cx, ModList};

/// What one attack is: the strike, how it is made, and its damage bonus.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Blow {
    /// Who attacks.
    pub attacker: CombatantId,
    /// The strike.
    pub strike: Strike,
    /// All-Out Attack and the like.
    pub ctx: HitCtx,
    /// Damage added before the fraction (All-Out Attack +2, M-MEL-002).
    pub bonus: i32,
}

/// How the defense went (M-DEF-011).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Defended {
    /// The defender's AD (negative for a failed Acrobatic Dodge).
    pub ad: i32,
    /// A defense succeeded (for `defense_model = negate` and `net_zero_after_defense`).
    pub succeeded: bool,
    /// The active defense chosen.
    pub kind: Option<DefenseKind>,
    /// The parry was made bare-handed (M-LOC-002).
    pub unarmed: bool,
    /// Where the AD comes from, for the narration.
    pub from: AdFrom,
}

/// The attack's result after the defense.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Landed {
    /// Stopped: no damage.
    Stopped,
    /// This percentage of the damage.
    Percent(i32),
    /// A critical hit (M-CRT-005).
    Critical,
}

/// The to-hit terms of a blow from `from` (M-FLO-003), summed for the
/// dice and listed only when narrating ([`check::Terms`]).
struct ToHit<'a> {
    state: &'a State,
    blow: &'a Blow,
    from: HexPos,
}

impl check::Terms for ToHit<'_> {
    fn write<M: fray_core::Mods>(&self, m: &mut M) {
        let b = self.blow;
        to_hit(self.state, b.attacker, &b.strike, self.from, b.ctx, m);
    }

    #[inline]
    fn total(&self) -> i32 {
        let b = self.blow;
        to_hit_total(self.state, b.attacker, &b.strike, self.from, b.ctx)
    }
}

/// Marks the weapon's use for the rate of attack (M-ROA-002/006) and the
/// block arcs (M-DEF-006), and spends a missile (M-ROA-005).
#[inline(always)]
fn spend(state: &mut State, b: &Blow) {
    let round = state.round;
    let f = state.fighter_mut(b.attacker);
    let swing = match f.weapons.get(usize::from(b.strike.weapon)) {
        Some(h) if b.strike.unarmed.is_none() => h
            .weapon
            .modes
            .get(usize::from(b.strike.mode))
            .is_some_and(|m| m.base == Base::Sw),
        _ => false,
    };
    f.guard.swung = Some(swing || f.guard.swung == Some(true));
    if b.strike.unarmed.is_some() {
        return;
    }
    if let Some(h) = f.weapons.get_mut(usize::from(b.strike.weapon)) {
        h.last_attack = Some(round);
        if h.weapon.ranged() {
            if let Some(n) = h.ammo.as_mut() {
                *n = n.saturating_sub(1);
            }
            // M-ROA-006, M-MIS-009: a crossbow needs a Reload after each shot.
            if h.weapon.reload_rounds > 0 {
                h.loaded = false;
                h.reload_left = h.weapon.reload_rounds;
            }
            // M-CRT-002 (14): a thrown weapon leaves the hand.
            if h.weapon.class == Class::Thrown && h.ammo == Some(0) {
                h.lost = true;
            }
        }
    }
}

/// Resolves one attack from `from`.
pub fn attack(state: &mut State, b: Blow, from: HexPos, cx: &mut impl Cx<Margin>) -> Flow<()> {
    let target = b.strike.target;
    if !state.fighter(target).awake()
        && state.fighter(target).hp <= -5 * state.fighter(target).stats.ht
    {
        return Ok(());
    }
    let mut b = b;
    b.ctx.mounted = mounted(state, b.attacker, cx)?;
    let terms = ToHit {
        state,
        blow: &b,
        from,
    };
    let roll = check::roll(state, cx, b.attacker, "attack", "M-FLO-003", &terms)?;
    spend(state, &b);
    if !roll.outcome.is_success() {
        return missed(state, &b, roll.outcome, roll.margin, cx);
    }
    let mut location = hit_location(state, &b, cx)?;
    // What follows depends only on the state and these values.
    cx.checkpoint(state, &("hit", b, location, roll.successes(), roll.outcome))?;
    let natural = roll.outcome == Outcome::CriticalSuccess
        && state.options.natural_critical_attack == NaturalCritical::UndefendableCritical;
    let landed = if natural {
        cx.note("M-FLO-004", || {
            "a natural critical success: no defense roll".into()
        });
        Landed::Critical
    } else {
        let s = roll.successes();
        let threat = threat(state, &b, from, location);
        let d = defend(state, target, s, &threat, cx)?;
        // M-LOC-002: a failed unarmed parry: an uncalled blow goes to the parrying arm.
        if d.kind == Some(DefenseKind::Parry)
            && d.unarmed
            && !d.succeeded
            && b.strike.location.is_none()
        {
            location = Location::WeaponArm;
            cx.note("M-LOC-002", || {
                "the bare-handed parry failed: the blow lands on the parrying arm".into()
            });
        }
        let landed = net(state, target, s, d, cx);
        // M-MMT-001: a missile dodged clean may strike someone behind.
        if landed == Landed::Stopped
            && threat.ranged
            && d.kind == Some(DefenseKind::Dodge)
            && state.options.stray_missiles
        {
            return stray(state, &b, from, cx);
        }
        landed
    };
    if landed == Landed::Stopped {
        return Ok(());
    }
    cx.checkpoint(state, &("landed", b, location, landed))?;
    damage(state, &b, location, landed, cx)
}

/// M-MMT-001: the three hexes behind the target, away from the shooter:
/// the rear hex on the line of fire at skill 12 first, then the two beside
/// it that touch the target at skill 9, in an order a 1d roll picks (1-3:
/// the clockwise one first); the first hit stops it. The figure hit
/// defends as usual; the damage is the original attack's, scaled by the
/// new net successes.
fn stray(state: &mut State, b: &Blow, from: HexPos, cx: &mut impl Cx<Margin>) -> Flow<()> {
    let tp = state.fighter(b.strike.target).pos;
    let Some(dir) = from.facing_toward(tp) else {
        return Ok(());
    };
    let rear = tp.neighbour(dir);
    let (right, left) = (tp.neighbour(dir.turn(1)), tp.neighbour(dir.turn(-1)));
    let who = |state: &State, h: HexPos| {
        state
            .at(h)
            .filter(|&c| c != b.attacker && c != b.strike.target)
    };
    let mut order = [(rear, 12), (right, 9), (left, 9)];
    if who(state, right).is_some() && who(state, left).is_some() {
        let d = table_roll(state, cx, Some(b.attacker), 1, "stray order", "M-MMT-001")?;
        if d > 3 {
            order.swap(1, 2);
        }
    }
    for (hex, skill) in order {
        let Some(c) = who(state, hex) else { continue };
        let mods = ModList::base("stray missile", skill, "M-MMT-001");
        let roll = check::roll(state, cx, b.attacker, "stray missile", "M-MMT-001", &mods)?;
        if !roll.outcome.is_success() {
            continue;
        }
        let mut blow = *b;
        blow.strike.target = c;
        blow.strike.location = None;
        let t = threat(state, &blow, from, Location::Torso);
        let d = defend(state, c, roll.successes(), &t, cx)?;
        let landed = net(state, c, roll.successes(), d, cx);
        if landed != Landed::Stopped {
            damage(state, &blow, Location::Torso, landed, cx)?;
        }
        return Ok(());
    }
    Ok(())
}

/// M-PAT-006: attacking from a mount that moved this round: one Riding
/// roll a round, made before the first attack after moving and kept for
/// the turn's other attacks (double shots, Rapid Attack, two weapons);
/// -1 per hex moved on a success, -2 per hex on a failure; nothing with
/// mounted-combat skill or a mount standing still.
fn mounted(state: &mut State, who: CombatantId, cx: &mut impl Cx<Margin>) -> Flow<i32> {
    let f = state.fighter(who);
    let moved = i32::from(f.moved);
    if !f.mounted.0 || f.mounted.1 || moved == 0 {
        return Ok(0);
    }
    let success = match f.riding_roll {
        Some(s) => s,
        None => {
            let riding = f.skills.riding.unwrap_or(f.stats.dx - 5);
            let c = roll_plain(state, cx, who, "Riding", "M-PAT-006", "Riding", riding)?;
            let s = c.outcome.is_success();
            state.fighter_mut(who).riding_roll = Some(s);
            s
        }
    };
    Ok(if success { -moved } else { -2 * moved })
}

/// The threat the defender sees.
#[inline(always)]
pub fn threat(state: &State, b: &Blow, from: HexPos, location: Location) -> Threat {
    let f = state.fighter(b.attacker);
    let h = held(f, &b.strike);
    let thrust = match h {
        Some(h) => h
            .weapon
            .modes
            .get(usize::from(b.strike.mode))
            .is_some_and(|m| m.base == Base::Thr),
        None => true,
    };
    Threat {
        attacker: b.attacker,
        from,
        ranged: h.is_some_and(|h| h.weapon.ranged()),
        thrown: h.is_some_and(|h| h.weapon.class == Class::Thrown),
        parried: if b.strike.unarmed == Some(crate::model::action::Unarmed::ShieldBash) {
            -2
        } else {
            h.map_or(0, |h| h.weapon.parried)
        },
        unarmed_or_thrust: b.strike.unarmed.is_some() || thrust,
        location,
        charge: b.ctx.charge != 0,
        bash: b.strike.unarmed == Some(crate::model::action::Unarmed::ShieldBash),
    }
}

/// A miss: a critical failure rolls the Critical Miss table (M-CRT-001/002);
/// a 1½-handed weapon missed by more than 3 by a wielder with ST below its
/// minimum + 2 must be readied (M-ROA-003).
fn missed(
    state: &mut State,
    b: &Blow,
    outcome: Outcome,
    margin: i32,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    if outcome == Outcome::CriticalFailure {
        state.fighter_mut(b.attacker).record.fumbles += 1;
        return critical::miss(state, b.attacker, Some(b.strike), None, cx);
    }
    let f = state.fighter(b.attacker);
    if let Some(h) = held(f, &b.strike)
        && h.weapon.class == Class::OneAndHalf
        && margin <= -4
        && f.stats.st < h.weapon.min_st + 2
    {
        let i = usize::from(b.strike.weapon);
        state.fighter_mut(b.attacker).weapons[i].ready = false;
        cx.note("M-ROA-003", || {
            "the 1½-handed weapon must be readied".into()
        });
    }
    Ok(())
}

/// M-LOC-003, M-RHL-001: the called location, else the torso, or with
/// `random_hit_location` a roll on the table; fixed before the defense
/// (M-ARM-007).
fn hit_location(state: &State, b: &Blow, cx: &mut impl Cx<Margin>) -> Flow<Location> {
    if let Some(l) = b.strike.location {
        return Ok(l);
    }
    if !state.options.random_hit_location {
        return Ok(aimed_at(&b.strike));
    }
    let r = table_roll(state, cx, Some(b.attacker), 3, "hit location", "M-RHL-001")?;
    let side = if needs_side_roll(r) {
        table_roll(
            state,
            cx,
            Some(b.attacker),
            1,
            "hand or foot side",
            "M-RHL-001",
        )?
    } else {
        1
    };
    let loc = random_location(r, side);
    cx.note("M-RHL-001", || {
        if needs_side_roll(r) {
            format!("hit location {r}, side {side} (1-4: the weapon side): the {loc}")
        } else {
            format!("hit location {r}: the {loc}")
        }
    });
    Ok(loc)
}

/// The defense options copied in one block (they are `Copy`; `clone`
/// would copy them one by one).
#[inline(always)]
fn copied(opts: &DefenseOptions) -> DefenseOptions {
    DefenseOptions::from_slice(opts)
}

/// M-DEF-011/012, M-ARM-011: the defender chooses one active defense (or
/// none: then the PD-only roll), rolls it, and gets its AD.
pub fn defend(
    state: &mut State,
    defender: CombatantId,
    successes: i32,
    t: &Threat,
    cx: &mut impl Cx<Margin>,
) -> Flow<Defended> {
    let (opts, pd) = options(state, defender, t);
    let answer = if opts.is_empty() {
        Answer::NoDefense
    } else {
        // The simulator's AI answers without the question being built.
        cx.ask_or_ai(
            state,
            || Question::Defend {
                defender,
                attacker: t.attacker,
                successes,
                ranged: t.ranged,
                options: copied(&opts),
                pd,
            },
            || best_answer(&opts),
        )?
    };
    let chosen = match answer {
        Answer::Defend { kind, weapon } => opts
            .iter()
            .find(|o| o.kind == kind && (weapon.is_none() || o.weapon == weapon))
            .copied(),
        Answer::NoDefense | Answer::Fire { .. } => None,
    };
    let Some(o) = chosen else {
        return pd_only(state, defender, t, pd, cx);
    };
    // Spend the defense and the one-shot bonuses.
    {
        let d = state.fighter_mut(defender);
        match o.kind {
            DefenseKind::Parry => {
                d.guard.parries += 1;
                if !d.parried_foes.contains(&t.attacker) {
                    d.parried_foes.push(t.attacker);
                }
            }
            DefenseKind::Block => d.guard.blocks += 1,
            DefenseKind::AcrobaticDodge => d.guard.acrobatic = true,
            DefenseKind::Dodge => {}
        }
    }
    // M-PDF-002: a caster who defends rolls Will - 3 or loses the spell.
    if state.fighter(defender).casting {
        let will = state.fighter(defender).stats.will - 3;
        let c = roll_plain(
            state,
            cx,
            defender,
            "Will to keep the spell",
            "M-PDF-002",
            "Will - 3",
            will,
        )?;
        if !c.outcome.is_success() {
            state.fighter_mut(defender).casting = false;
            cx.note("M-PDF-002", || "the spell in progress is lost".into());
        }
    }
    let terms = DefenseTerms {
        state,
        defender,
        threat: t,
        option: o,
    };
    let c = check::roll(state, cx, defender, o.kind.name(), rule_of(o.kind), &terms)?;
    if state.fighter(defender).guard.retreat {
        state.fighter_mut(defender).guard.retreat = false;
        if state.fighter(defender).stun.is_none() {
            retreat_step(state, defender, t.from, cx);
        }
    }
    state.fighter_mut(defender).guard.single_bonus = false;
    let success = c.outcome.is_success();
    let ad = match (o.kind, success) {
        (DefenseKind::AcrobaticDodge, true) => c.successes(),
        (DefenseKind::AcrobaticDodge, false) => -2,
        (_, true) => 2 + c.successes(),
        (_, false) => 0,
    };
    if c.outcome == Outcome::CriticalFailure {
        defense_fumble(state, defender, o.kind, o.weapon, cx)?;
    }
    if o.kind == DefenseKind::Block && success && shield_at_risk(state, c.successes()) {
        shield_risk(state, defender, cx)?;
    }
    if o.kind == DefenseKind::Parry && success {
        riposte(state, defender, t.attacker, cx)?;
    }
    Ok(Defended {
        ad,
        succeeded: success,
        kind: Some(o.kind),
        unarmed: o.kind == DefenseKind::Parry && o.weapon.is_none(),
        from: if success {
            AdFrom::Made(o.kind, c.successes())
        } else {
            AdFrom::Failed(o.kind)
        },
    })
}

/// A defense roll's target: the option's number for the dice, its terms
/// (score, PD, modifiers) only when narrating (`rules::defense::option_terms`).
struct DefenseTerms<'a> {
    state: &'a State,
    defender: CombatantId,
    threat: &'a Threat,
    option: DefenseOption,
}

impl check::Terms for DefenseTerms<'_> {
    fn write<M: fray_core::Mods>(&self, m: &mut M) {
        crate::rules::defense::option_terms(
            self.state,
            self.defender,
            self.threat,
            &self.option,
            m,
        );
    }

    #[inline]
    fn total(&self) -> i32 {
        self.option.target
    }
}

/// The PD-only roll's target (M-ARM-011): the PD for the dice, its terms
/// only when narrating (`rules::armor::pd_terms`).
struct PdTerms<'a> {
    state: &'a State,
    defender: CombatantId,
    threat: &'a Threat,
    pd: i32,
}

impl check::Terms for PdTerms<'_> {
    fn write<M: fray_core::Mods>(&self, m: &mut M) {
        let d = self.state.fighter(self.defender);
        let seen = crate::rules::attack::bearing(d.pos, d.facing, self.threat.from);
        crate::rules::armor::pd_terms(
            d,
            seen,
            self.threat.location,
            !d.surprised,
            &self.state.options,
            m,
        );
    }

    #[inline]
    fn total(&self) -> i32 {
        self.pd
    }
}

/// M-AOD-005: the retreating figure steps 1 hex directly away from the
/// attack (the neighbour beyond it on the line from the attacker's hex),
/// if that hex is free; it keeps its facing. The step triggers no Wait.
fn retreat_step(state: &mut State, defender: CombatantId, from: HexPos, cx: &mut impl Cx<Margin>) {
    let pos = state.fighter(defender).pos;
    let Some(dir) = crate::rules::attack::face_toward(from, pos) else {
        return;
    };
    let to = pos.neighbour(dir);
    if !crate::rules::maneuver::free_hex(state, defender, to) || state.map.blocks_step(pos, to) {
        return;
    }
    state.place(defender, to);
    cx.note("M-AOD-005", || {
        format!("{} steps back to {to}", state.fighter(defender).name)
    });
}

/// M-AOD-003: a fencer with the `fencing_dagger` trait under All-Out
/// Defense strikes once a round, after its first successful parry, with the
/// off-hand dagger at half its Knife skill.
fn riposte(
    state: &mut State,
    fencer: CombatantId,
    foe: CombatantId,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    let f = state.fighter(fencer);
    if !f.fencing_dagger
        || f.guard.riposted
        || !matches!(
            f.guard.aod,
            Some(
                crate::model::state::AodKind::MultipleFoe | crate::model::state::AodKind::SingleFoe
            )
        )
        || !state.fighter(foe).awake()
        || f.pos.distance(state.fighter(foe).pos) > 1
    {
        return Ok(());
    }
    let Some(i) = f.weapons.iter().position(|h| {
        h.ready && !h.lost && h.weapon.skill.eq_ignore_ascii_case("knife") && !h.weapon.ranged()
    }) else {
        return Ok(());
    };
    let mode = f.weapons[i]
        .weapon
        .modes
        .iter()
        .position(|m| m.kind == DamageType::Imp)
        .unwrap_or(0);
    state.fighter_mut(fencer).guard.riposted = true;
    let pos = state.fighter(fencer).pos;
    let blow = Blow {
        attacker: fencer,
        strike: Strike::at(foe).with(i as u8, mode as u8),
        ctx: HitCtx {
            riposte: true,
            ..HitCtx::default()
        },
        bonus: 0,
    };
    attack(state, blow, pos, cx)
}

#[inline]
fn rule_of(kind: DefenseKind) -> &'static str {
    match kind {
        DefenseKind::Dodge => "M-DEF-008",
        DefenseKind::Parry => "M-DEF-001",
        DefenseKind::Block => "M-DEF-005",
        DefenseKind::AcrobaticDodge => "M-DEF-010",
    }
}

/// M-ARM-011: with no active defense the defender rolls against its PD
/// alone; a success gives AD = 2 + successes. No roll with PD below the
/// minimum target or with `pd_only_roll = false`.
fn pd_only(
    state: &State,
    defender: CombatantId,
    t: &Threat,
    pd: i32,
    cx: &mut impl Cx<Margin>,
) -> Flow<Defended> {
    if !state.options.pd_only_roll
        || pd < state.options.min_target
        || state.options.pd_mode != PdMode::AddToDefense
    {
        return Ok(Defended {
            ad: 0,
            succeeded: false,
            kind: None,
            unarmed: false,
            from: AdFrom::None,
        });
    }
    let terms = PdTerms {
        state,
        defender,
        threat: t,
        pd,
    };
    let c = check::roll(state, cx, defender, "PD only", "M-ARM-011", &terms)?;
    let made = c.outcome.is_success();
    Ok(Defended {
        ad: if made { 2 + c.successes() } else { 0 },
        succeeded: made,
        kind: None,
        unarmed: false,
        from: if made {
            AdFrom::PdMade(c.successes())
        } else {
            AdFrom::PdFailed
        },
    })
}

/// Critical failures of defenses: a parry rolls the Critical Miss table
/// for the parrying weapon (M-DEF-004), a dodger falls (M-DEF-009), a
/// block tangles the shield (M-DEF-007).
fn defense_fumble(
    state: &mut State,
    defender: CombatantId,
    kind: DefenseKind,
    weapon: Option<u8>,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    match kind {
        DefenseKind::Parry => critical::miss(state, defender, None, weapon, cx),
        DefenseKind::Dodge | DefenseKind::AcrobaticDodge => {
            state.fighter_mut(defender).posture = Posture::Lying;
            cx.note("M-DEF-009", || {
                format!(
                    "{} falls down (a Dodge's critical failure)",
                    state.fighter(defender).name
                )
            });
            Ok(())
        }
        DefenseKind::Block => {
            if let Some(s) = state.fighter_mut(defender).shield.as_mut() {
                s.state = ShieldState::Tangled;
            }
            cx.note("M-DEF-007", || "the shield tangles on the arm".into());
            Ok(())
        }
    }
}

/// M-DEF-007: whether a successful block with `successes` puts the shield
/// at risk: made exactly (0 successes), or every block with
/// `shield_break_check = any_success`. Tested before [`shield_risk`], so
/// the common safe block costs a comparison.
#[inline]
fn shield_at_risk(state: &State, successes: i32) -> bool {
    match state.options.shield_break_check {
        ShieldBreak::Exact => successes == 0,
        ShieldBreak::AnySuccess => true,
    }
}

/// M-DEF-007: a block at risk ([`shield_at_risk`]) rolls the shield's HT
/// or breaks it.
fn shield_risk(state: &mut State, defender: CombatantId, cx: &mut impl Cx<Margin>) -> Flow<()> {
    let Some(ht) = state.fighter(defender).shield.as_ref().map(|s| s.shield.ht) else {
        return Ok(());
    };
    let c = roll_plain(
        state,
        cx,
        defender,
        "shield HT",
        "M-DEF-007",
        "shield HT",
        ht,
    )?;
    if !c.outcome.is_success() {
        if let Some(s) = state.fighter_mut(defender).shield.as_mut() {
            s.state = ShieldState::Broken;
        }
        cx.note("M-DEF-007", || "the shield breaks".into());
    }
    Ok(())
}

/// M-DEF-011: net = successes − AD (a failed Acrobatic Dodge's −2 adds 2);
/// below 0 the attack is stopped; 0 / 1 / 2 / 3-5 / 6+ give 25 / 50 / 75 /
/// 100% / a critical (M-DMG-013). `defense_model = negate`: any successful
/// defense stops it. `pd_mode = attack_penalty` takes PD off the successes
/// (M-ARM-010).
#[inline(always)]
fn net(
    state: &State,
    target: CombatantId,
    s: i32,
    d: Defended,
    cx: &mut impl Cx<Margin>,
) -> Landed {
    let o = &state.options;
    let pd_penalty = if o.pd_mode == PdMode::AttackPenalty {
        let f = state.fighter(target);
        crate::rules::armor::total_pd(f, f.pos, Location::Torso, true, o)
    } else {
        0
    };
    let (ad, stopped) = match o.defense_model {
        DefenseModel::SubtractAd => (d.ad, false),
        DefenseModel::Negate => (d.ad.min(0), d.succeeded),
    };
    let n = s - ad - pd_penalty;
    let miss_at_zero = n == 0 && d.succeeded && o.net_zero_after_defense == NetZero::Miss;
    let landed = if stopped || miss_at_zero {
        Landed::Stopped
    } else {
        match fraction(n) {
            None => Landed::Stopped,
            Some(Fraction::Percent(p)) => Landed::Percent(p),
            Some(Fraction::Critical) => Landed::Critical,
        }
    };
    cx.emit(|| Event::Outcome {
        target,
        successes: s,
        ad,
        defense: match (o.defense_model, d.succeeded) {
            (DefenseModel::Negate, true) => AdFrom::Negated(d.kind),
            _ => d.from,
        },
        pd_penalty,
        net: n,
        pct: match landed {
            Landed::Stopped => 0,
            Landed::Percent(p) => p,
            Landed::Critical => 100,
        },
        critical: landed == Landed::Critical,
    });
    landed
}

/// M-DMG-007 steps 1-7: basic damage, the fraction or the critical table,
/// DR, the wound multiplier, crippling caps, and the HP loss with its
/// effects; the narration shows every step.
fn damage(
    state: &mut State,
    b: &Blow,
    loc: Location,
    landed: Landed,
    cx: &mut impl Cx<Margin>,
) -> Flow<()> {
    if landed == Landed::Stopped {
        return Ok(());
    }
    let target = b.strike.target;
    // A copy of the switches (plain values), not a second handle on the
    // shared `Arc`, whose count the simulator's threads would contend for.
    let opts = Options::clone(&state.options);
    let (basic, bite) = basic_damage(state, b, &opts, cx)?;
    let (loc, skull) = eye_to_brain(state, b, loc, cx)?;
    let hit = scaled(state, b, &basic, loc, landed, &opts, cx)?;
    let t = state.fighter(target);
    let dr = if hit.scale == Scale::CriticalNoArmor {
        0
    } else {
        dr_at(t, loc, basic.kind, &opts) + if loc == Location::Brain { skull } else { 0 }
    };
    let mut loss = wound(hit.damage - dr, basic.kind, loc, &opts);
    if opts.crit_multiplier_stage == CritStage::Penetrating {
        loss *= hit.multiplier;
    }
    let wounded = loss;
    let (loss, crippled) = crippling(state, target, loc, loss, hit.critical.is_some(), &opts);
    cx.emit(|| {
        damage_event(
            state, b, &basic, bite, loc, skull, &hit, dr, wounded, loss, crippled, &opts,
        )
    });
    state.fighter_mut(b.attacker).record.hits += 1;
    injury::apply(
        state,
        injury::Wound {
            target,
            attacker: Some(b.attacker),
            loss,
            location: loc,
            kind: basic.kind,
            crippled,
            critical: hit.critical,
        },
        cx,
    )
}

/// M-DMG-007 steps 1-2 ([`basic`]), with the bite's 1d rolled
/// (M-UNA-002: 1d - 4, at least 0); the die, for the narration.
fn basic_damage(
    state: &State,
    b: &Blow,
    opts: &Options,
    cx: &mut impl Cx<Margin>,
) -> Flow<(crate::rules::damage::Basic, Option<i32>)> {
    let mut basic = basic(state.fighter(b.attacker), &b.strike, b.bonus, opts);
    if !basic.bite {
        return Ok((basic, None));
    }
    let d = table_roll(state, cx, Some(b.attacker), 1, "bite damage", "M-UNA-002")?;
    basic.damage = (d + basic.damage).max(0);
    basic.full = basic.damage;
    Ok((basic, Some(d)))
}

/// M-CKS-004: a narrow missile in the eye reaches the brain on 1d 1-3,
/// without the skull's DR 2 (M-CKS-005); the location and the skull's DR.
fn eye_to_brain(
    state: &State,
    b: &Blow,
    loc: Location,
    cx: &mut impl Cx<Margin>,
) -> Flow<(Location, i32)> {
    let narrow = held(state.fighter(b.attacker), &b.strike).is_some_and(|h| h.weapon.narrow);
    if narrow && matches!(loc, Location::Eyes | Location::EyesThroughHelm) {
        let d = table_roll(state, cx, Some(b.attacker), 1, "eye to brain", "M-CKS-004")?;
        if d <= 3 {
            return Ok((Location::Brain, 0));
        }
    }
    Ok((loc, 2))
}

/// A landed blow's damage before DR (M-DMG-007 step 3).
struct Hit {
    /// The damage before DR.
    damage: i32,
    /// The critical multiplier (1 when none), applied to the basic damage
    /// or, with `crit_multiplier_stage = penetrating`, to the injury.
    multiplier: i32,
    /// How it was scaled.
    scale: Scale,
    /// The critical result, if any.
    critical: Option<CritHit>,
}

/// M-DMG-013/014 and M-DMG-005: the fraction of a non-critical hit; or
/// M-CRT-003/004: the Critical Hit table, its multiplier applied to the
/// full damage (the ranged cap ignored, M-CRT-005).
fn scaled(
    state: &mut State,
    b: &Blow,
    basic: &crate::rules::damage::Basic,
    loc: Location,
    landed: Landed,
    opts: &Options,
    cx: &mut impl Cx<Margin>,
) -> Flow<Hit> {
    let p = match landed {
        Landed::Percent(p) => p,
        Landed::Stopped => 0,
        Landed::Critical => return critical_hit(state, b, basic, loc, opts, cx),
    };
    Ok(Hit {
        damage: fractional(basic, basic.damage, p, opts),
        multiplier: 1,
        scale: Scale::Percent(p),
        critical: None,
    })
}

/// M-CRT-003/004: the Critical Hit table: ×3 for 3/18 off the torso and
/// 5/17, ×2 for 6/16, 15 and 14 off a limb, armor bypassed on 4/13.
fn critical_hit(
    state: &mut State,
    b: &Blow,
    basic: &crate::rules::damage::Basic,
    loc: Location,
    opts: &Options,
    cx: &mut impl Cx<Margin>,
) -> Flow<Hit> {
    state.fighter_mut(b.attacker).record.criticals += 1;
    let r = table_roll(state, cx, Some(b.attacker), 3, "critical hit", "M-CRT-003")?;
    let c = crit_hit(r);
    let multiplier = match c {
        CritHit::TorsoKnockout if loc != Location::Torso => 3,
        CritHit::Triple => 3,
        CritHit::Double | CritHit::DropDouble => 2,
        CritHit::LimbDouble if loc.limb().is_none() => 2,
        _ => 1,
    };
    cx.note(
        if matches!(r, 8..=12 | 14 | 15) {
            "M-CRT-004"
        } else {
            "M-CRT-003"
        },
        || format!("critical hit ({r}): {}", critical_words(c, loc)),
    );
    let mut damage = basic.full;
    if opts.crit_multiplier_stage == CritStage::Basic {
        damage *= multiplier;
    }
    Ok(Hit {
        damage,
        multiplier,
        scale: if c == CritHit::IgnoresArmor {
            Scale::CriticalNoArmor
        } else {
            Scale::Critical(multiplier)
        },
        critical: Some(c),
    })
}

/// The Critical Hit table's result in words, for the blow's location.
fn critical_words(c: CritHit, loc: Location) -> &'static str {
    let limb = loc.limb().is_some();
    match c {
        CritHit::TorsoKnockout if loc == Location::Torso => {
            "a torso blow: knocked unconscious, normal damage"
        }
        CritHit::TorsoKnockout => "not a torso blow: ×3 damage",
        CritHit::IgnoresArmor => "the blow bypasses armor: normal damage",
        CritHit::Triple => "×3 damage",
        CritHit::Double => "×2 damage",
        CritHit::Stun => "normal damage; stunned until a Will roll",
        CritHit::LimbNormal | CritHit::LimbDouble if limb => {
            "a limb: crippled for 6 rounds if the blow does not cripple it, normal damage"
        }
        CritHit::LimbNormal | CritHit::Normal => "normal damage",
        CritHit::LimbDouble => "not a limb: ×2 damage",
        CritHit::DropDouble => "the foe drops its weapon and takes ×2 damage",
    }
}

/// M-CKS-001/002: the crippling cap at a limb, and the limb crippled;
/// M-BLD-002: a lost limb (twice the crippling blow) or an organ critical
/// needs a physician.
fn crippling(
    state: &mut State,
    target: CombatantId,
    loc: Location,
    loss: i32,
    critical: bool,
    opts: &Options,
) -> (i32, Option<Limb>) {
    let mut grave = critical && matches!(loc, Location::Vitals | Location::Heart);
    let mut out = (loss, None);
    if let Some(limb) = loc.limb() {
        let (capped, c) = cripple(loss, state.fighter(target).stats.ht, limb, opts);
        if c {
            out.1 = Some(limb);
            grave |= loss >= 2 * capped;
        }
        out.0 = capped;
    }
    if grave {
        state.fighter_mut(target).needs_physician = true;
    }
    out
}

/// The damage line: every step of M-DMG-007 with its numbers.
#[allow(clippy::too_many_arguments)]
fn damage_event(
    state: &State,
    b: &Blow,
    basic: &crate::rules::damage::Basic,
    bite: Option<i32>,
    loc: Location,
    skull: i32,
    hit: &Hit,
    dr: i32,
    wounded: i32,
    loss: i32,
    crippled: Option<Limb>,
    opts: &Options,
) -> Event {
    let a = state.fighter(b.attacker);
    let t = state.fighter(b.strike.target);
    let bonus_label = if b.ctx.charge != 0 {
        "All-Out Charge"
    } else {
        "All-Out Attack"
    };
    let mut basis = ModList::new();
    if let Some(d) = bite {
        basis.add("1d", d, "M-UNA-002");
    }
    crate::rules::damage::basic_terms(
        a,
        &b.strike,
        (b.bonus, bonus_label, "M-MEL-002"),
        opts,
        &mut basis,
    );
    let cap = match hit.scale {
        Scale::Percent(_) => basic.cap.filter(|&c| basic.full > c),
        _ => None,
    };
    let mut dr_from = Vec::new();
    if hit.scale != Scale::CriticalNoArmor {
        if t.innate_dr != 0 {
            dr_from.push(format!("innate {}", t.innate_dr));
        }
        crate::rules::armor::dr_layers(t, loc, basic.kind, |name, v| {
            if v != 0 {
                dr_from.push(format!("{name} {v}"));
            }
        });
        if t.magic_dr != 0 {
            dr_from.push(format!("magic {}", t.magic_dr));
        }
        if loc == Location::Brain && skull != 0 {
            dr_from.push(format!("skull {skull} [M-CKS-005]"));
        }
    }
    let hp = (t.hp - loss, t.stats.hp);
    Event::Damage {
        target: b.strike.target,
        name: t.name.to_string(),
        location: loc,
        kind: basic.kind,
        basis: Box::new(basis),
        full: basic.full,
        cap,
        scale: hit.scale,
        damage: hit.damage,
        dr,
        dr_from: dr_from.join(", "),
        factor: crate::rules::damage::factor(basic.kind, loc, opts.vital_impaling_multiplier),
        wound: wounded,
        crippled: crippled.map(|l| (loss, l)),
        injury: loss,
        hp,
    }
}
