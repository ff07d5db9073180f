//! Maneuvers: whether one is allowed now (G-TURN-001/002), and resolving it.
//!
//! The pure part: values and checks read from the state, no dice.

use crate::model::action::{Action, AllOutVariant, DefenseVariant, Step, Strike};
use crate::model::location::Location;
use crate::model::state::{Posture, State};
use crate::rules::attack::How;
use fray_core::grid::Pose;
use fray_core::{CombatantId, Illegal};
/// The pose after an optional step.
pub(crate) fn after_step(state: &State, actor: CombatantId, step: Option<&Step>) -> Pose {
    let p = state.fighter(actor).pose;
    match step {
        Some(s) => Pose::new(s.to.unwrap_or(p.pos), s.face.unwrap_or(p.facing)),
        None => p,
    }
}

/// G-AOA-005: the pose after advancing `n` hexes straight ahead, or why not.
pub fn advance_pose(state: &State, actor: CombatantId, n: u8) -> Result<Pose, Illegal> {
    let f = state.fighter(actor);
    let half = (f.current_move() + 1) / 2; // G-TAC-002: half Move rounds up.
    if i32::from(n) > half {
        return Err(Illegal::new(
            "G-AOA-005",
            format!("All-Out Attack moves at most half Move ({half})"),
        ));
    }
    if n > 0 && f.posture != Posture::Standing {
        return Err(Illegal::input("only a standing figure can advance"));
    }
    let mut p = f.pose;
    for _ in 0..n {
        let next = p.pos.neighbour(p.facing);
        if !crate::rules::movement::free(state, actor, next) {
            return Err(Illegal::input(format!("cannot advance into {next}")));
        }
        p = Pose::new(next, p.facing);
    }
    Ok(p)
}

pub(crate) fn check_step(
    state: &State,
    actor: CombatantId,
    step: Option<&Step>,
) -> Result<(), Illegal> {
    step.map_or(Ok(()), |s| {
        crate::rules::movement::check_step(state, actor, s)
    })
}

/// G-AIM-001..003: Aim needs a ready, loaded ranged weapon and a target it
/// could shoot; bracing needs a rest (decision: a figure not standing, or
/// a wall or obstruction next to it) and forbids the step.
pub(crate) fn check_aim(
    state: &State,
    actor: CombatantId,
    target: CombatantId,
    weapon: u8,
    mode: u8,
    braced: bool,
    step: Option<&Step>,
) -> Result<(), Illegal> {
    let f = state.fighter(actor);
    if braced && step.is_some() {
        return Err(Illegal::new("G-AIM-003", "a braced Aim allows no step"));
    }
    if braced {
        let rest = f.posture != Posture::Standing
            || f.pose.pos.neighbours().iter().any(|&h| {
                state.map.terrain_at(h).is_some_and(|t| {
                    t.contains(crate::model::terrain::OBSTRUCTION)
                        || t.contains(crate::model::terrain::WALL)
                })
            });
        if !rest {
            return Err(Illegal::input(
                "bracing needs a rest: kneel, sit or lie, or stand by an obstruction or wall (decision, docs/rules/gurps.md)",
            ));
        }
    }
    check_step(state, actor, step)?;
    let w = f
        .weapons
        .get(usize::from(weapon))
        .ok_or_else(|| Illegal::input(format!("{} has no weapon {weapon}", f.name)))?;
    if !w.is_ranged(usize::from(mode)) {
        return Err(Illegal::new(
            "G-AIM-001",
            format!(
                "Aim is for ranged weapons; {} mode {mode} is not one",
                w.weapon.name
            ),
        ));
    }
    let strike = Strike::at(target).with(weapon, mode);
    let (wi, mi) = crate::rules::attack::check_strike(state, actor, &strike)?;
    crate::rules::attack::in_reach_from(
        state,
        actor,
        after_step(state, actor, step),
        target,
        wi,
        mi,
    )
}

/// Checks a declared maneuver against the rules: first what keeps the
/// figure from choosing at all, then the grip it is in, then the maneuver.
pub fn check(state: &State, actor: CombatantId, action: &Action) -> Result<(), Illegal> {
    check_dazed(state, actor, action)?;
    crate::rules::grapple::allows(state, actor, action)?;
    match action {
        Action::Attack {
            strike,
            step,
            extra,
            giant_step,
        } => crate::rules::strikes::check_attack(
            state,
            actor,
            strike,
            step.as_ref(),
            extra.as_ref(),
            giant_step.as_ref(),
        ),
        Action::MoveAndAttack(c) => crate::rules::strikes::plan_charge(state, actor, c).map(|_| ()),
        Action::Slam(o) => crate::rules::slam::plan(state, actor, o).map(|_| ()),
        Action::Shove(o) => crate::rules::slam::check_shove(state, actor, o),
        Action::Grapple(g) => crate::rules::grapple::check(state, actor, g),
        Action::Wait(w) => crate::rules::wait::check(state, actor, w),
        Action::AllOutAttack {
            variant,
            strike,
            advance,
        } => check_all_out_attack(state, actor, *variant, strike, *advance),
        Action::AllOutDefense {
            variant,
            step,
            path,
        } => check_all_out_defense(state, actor, *variant, step.as_ref(), path),
        Action::Concentrate(c) => crate::rules::magic::check(state, actor, c),
        Action::Feint {
            target,
            weapon,
            step,
        } => check_feint(state, actor, *target, *weapon, step.as_ref()),
        Action::Move {
            to,
            face,
            path,
            posture,
        } => {
            crate::rules::footwork::plan_move(state, actor, *to, *face, path, *posture).map(|_| ())
        }
        Action::Jump(j) => crate::rules::footwork::plan_jump(state, actor, j).map(|_| ()),
        Action::Aim {
            target,
            weapon,
            mode,
            braced,
            step,
        } => check_aim(
            state,
            actor,
            *target,
            *weapon,
            *mode,
            *braced,
            step.as_ref(),
        ),
        Action::ChangePosture { to } => check_posture(state, actor, *to),
        Action::Ready { weapon } => check_ready(state, actor, *weapon),
        Action::ReadyShield => check_ready_shield(state, actor),
        Action::DoNothing => Ok(()),
    }
}

/// A figure that must Do Nothing: stunned (G-INJ-009 / G-DON-001), or
/// dazed the turn after a critical head blow (G-EXT-008 row 8).
fn check_dazed(state: &State, actor: CombatantId, action: &Action) -> Result<(), Illegal> {
    let f = state.fighter(actor);
    // G-INJ-009 / G-DON-001: a stunned figure must Do Nothing.
    if f.stun.is_some() && *action != Action::DoNothing {
        return Err(Illegal::new(
            "G-INJ-009",
            format!("{} is stunned and must Do Nothing", f.name),
        ));
    }
    // G-EXT-008 row 8: Do Nothing on the turn after a critical head blow.
    if f.do_nothing_next() && *action != Action::DoNothing {
        return Err(Illegal::new(
            "G-EXT-008",
            format!(
                "{} is dazed by a critical head blow and must Do Nothing this turn",
                f.name
            ),
        ));
    }
    Ok(())
}

/// An All-Out Attack: the advance (G-AOA-005), then the strike from
/// where it ends.
fn check_all_out_attack(
    state: &State,
    actor: CombatantId,
    variant: AllOutVariant,
    strike: &Strike,
    advance: u8,
) -> Result<(), Illegal> {
    let pose = advance_pose(state, actor, advance)?;
    let (w, m) =
        crate::rules::attack::check_strike_as(state, actor, strike, How::all_out(variant))?;
    crate::rules::attack::in_reach_from(state, actor, pose, strike.target, w, m)
}

/// G-AOD-003: a step, or half Move with Increased Dodge; never a blocking
/// spell.
fn check_all_out_defense(
    state: &State,
    actor: CombatantId,
    variant: DefenseVariant,
    step: Option<&Step>,
    path: &[fray_core::grid::HexPos],
) -> Result<(), Illegal> {
    if variant == DefenseVariant::Increased(crate::model::state::DefenseKind::Spell) {
        return Err(Illegal::input(
            "All-Out Defense raises Dodge, Parry or Block, not a blocking spell",
        ));
    }
    if path.is_empty() {
        check_step(state, actor, step)
    } else {
        crate::rules::footwork::plan_half_move(state, actor, variant, step, path).map(|_| ())
    }
}

/// G-FNT-001: only against a foe you could attack in melee now (after the
/// step, if any).
fn check_feint(
    state: &State,
    actor: CombatantId,
    target: CombatantId,
    weapon: u8,
    step: Option<&Step>,
) -> Result<(), Illegal> {
    check_step(state, actor, step)?;
    let w = state
        .fighter(actor)
        .weapons
        .get(usize::from(weapon))
        .ok_or_else(|| Illegal::input("no such weapon"))?;
    let pose = after_step(state, actor, step);
    // The reach is tested without messages; the refusal's words are built
    // only when no mode reaches (the simulator's path allocates nothing).
    let mut last = None;
    for (mi, m) in w.weapon.modes.iter().enumerate() {
        if m.is_melee() && w.ready() && state.exists(target) && target != actor {
            let wi = usize::from(weapon);
            if crate::rules::attack::reaches_from(state, actor, pose, target, wi, mi) {
                return Ok(());
            }
            last = Some(mi);
        }
    }
    match last {
        Some(mi) => {
            crate::rules::attack::in_reach_from(state, actor, pose, target, usize::from(weapon), mi)
        }
        None => Err(Illegal::input(format!(
            "{} cannot reach the foe to feint",
            w.weapon.name
        ))),
    }
}

/// G-POS-011 / G-CPO-001: lying only to sitting, crawling or kneeling; a
/// crippled leg keeps a figure off its feet (G-LOC-010).
fn check_posture(state: &State, actor: CombatantId, to: Posture) -> Result<(), Illegal> {
    let f = state.fighter(actor);
    if to == f.posture {
        Err(Illegal::input(format!(
            "{} is already {}",
            f.name,
            to.name()
        )))
    } else if crate::rules::footwork::legs_crippled(f)
        && matches!(to, Posture::Standing | Posture::Crouching)
    {
        Err(Illegal::new(
            "G-LOC-010",
            format!("{} has a crippled leg and cannot stand", f.name),
        ))
    } else if f.posture == Posture::Lying
        && !matches!(to, Posture::Sitting | Posture::Crawling | Posture::Kneeling)
    {
        Err(Illegal::new(
            "G-CPO-001",
            "from lying, a figure can only sit, crawl or kneel first",
        ))
    } else {
        Ok(())
    }
}

/// G-RDY-001: a weapon that can be readied (or reloaded) now.
fn check_ready(state: &State, actor: CombatantId, weapon: u8) -> Result<(), Illegal> {
    match ready_refusal(state, actor, weapon) {
        None => Ok(()),
        Some(why) => Err(why.illegal(state, actor, weapon)),
    }
}

/// Why a Ready of a carried weapon is refused: typed, so that asking
/// whether a Ready is allowed ([`may_ready`], the AI's question every turn
/// a weapon lies out of reach or its arm is crippled) writes no words and
/// allocates nothing; [`ReadyRefusal::illegal`] words it for a refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ReadyRefusal {
    /// No such weapon.
    NoWeapon,
    /// A charged spell, not a weapon (G-SPL-011).
    Spell,
    /// Broken (G-EXT-009).
    Broken,
    /// Taken away by a foe (G-GRP-003).
    Taken,
    /// A grabbed figure needs a free hand (G-GRP-015).
    NoFreeHand,
    /// The weapon arm is crippled (G-LOC-010).
    ArmCrippled,
    /// Already ready (and loaded).
    AlreadyReady,
    /// Lying in another hex.
    Elsewhere,
}

impl ReadyRefusal {
    /// The refusal in words, under its rule.
    fn illegal(self, state: &State, actor: CombatantId, weapon: u8) -> Illegal {
        let f = state.fighter(actor);
        let name = || {
            f.weapons
                .get(usize::from(weapon))
                .map_or("", |w| w.weapon.name.as_str())
        };
        match self {
            ReadyRefusal::NoWeapon => Illegal::input(format!("{} has no weapon {weapon}", f.name)),
            ReadyRefusal::Spell => Illegal::new(
                "G-SPL-011",
                format!("{} is a charged spell, not a weapon to ready", name()),
            ),
            ReadyRefusal::Broken => Illegal::new("G-EXT-009", format!("{} is broken", name())),
            ReadyRefusal::Taken => Illegal::new("G-GRP-003", format!("{} was taken away", name())),
            ReadyRefusal::NoFreeHand => Illegal::new("G-GRP-015", "no free hand to ready it with"),
            ReadyRefusal::ArmCrippled => Illegal::new("G-LOC-010", "the weapon arm is crippled"),
            ReadyRefusal::AlreadyReady => Illegal::input(format!("{} is already ready", name())),
            ReadyRefusal::Elsewhere => {
                Illegal::input(format!("{} lies in another hex; move there first", name()))
            }
        }
    }
}

/// [`check`] of a Ready of weapon `weapon` (G-RDY-001), as a yes or no
/// with the same checks in the same order (what keeps the figure from
/// choosing, its grip, then [`ready_refusal`]); the Ready's own refusals
/// (the ones the AI meets: a crippled arm, a weapon out of reach) are not
/// worded, so they allocate nothing. Debug builds compare it with [`check`].
pub fn may_ready(state: &State, actor: CombatantId, weapon: u8) -> bool {
    let action = Action::Ready { weapon };
    let may = check_dazed(state, actor, &action).is_ok()
        && crate::rules::grapple::allows(state, actor, &action).is_ok()
        && ready_refusal(state, actor, weapon).is_none();
    debug_assert_eq!(may, check(state, actor, &action).is_ok());
    may
}

/// Why a Ready of weapon `weapon` is refused, if it is.
fn ready_refusal(state: &State, actor: CombatantId, weapon: u8) -> Option<ReadyRefusal> {
    let f = state.fighter(actor);
    match f.weapons.get(usize::from(weapon)) {
        None => Some(ReadyRefusal::NoWeapon),
        Some(w) if w.spell.is_some() => Some(ReadyRefusal::Spell),
        Some(w) if w.broken() => Some(ReadyRefusal::Broken),
        Some(w) if w.taken() => Some(ReadyRefusal::Taken),
        // G-GRP-015: a grabbed figure readies only with a free hand.
        Some(_)
            if crate::rules::grapple::weapon_free(state, actor, usize::from(weapon)).is_err() =>
        {
            Some(ReadyRefusal::NoFreeHand)
        }
        Some(_)
            if f.crippled
                .iter()
                .any(|l| matches!(l, Location::RightArm | Location::RightHand)) =>
        {
            Some(ReadyRefusal::ArmCrippled)
        }
        Some(w) if w.ready() && !w.loaded() => None,
        Some(w) if w.ready() => Some(ReadyRefusal::AlreadyReady),
        Some(w) if w.dropped_at.is_some_and(|h| h != f.pose.pos) => Some(ReadyRefusal::Elsewhere),
        Some(_) => None,
    }
}

/// A shield to strap back on: not ready, its arm not crippled (G-LOC-010).
fn check_ready_shield(state: &State, actor: CombatantId) -> Result<(), Illegal> {
    let f = state.fighter(actor);
    match &f.shield {
        None => Err(Illegal::input(format!("{} has no shield", f.name))),
        Some(s) if s.ready => Err(Illegal::input(format!("{} is already ready", s.name))),
        Some(_)
            if f.crippled
                .iter()
                .any(|l| matches!(l, Location::LeftArm | Location::LeftHand)) =>
        {
            Err(Illegal::new("G-LOC-010", "the shield arm is crippled"))
        }
        Some(_) => Ok(()),
    }
}

/// The words and rule ID of a maneuver, for the log.
pub(crate) fn describe(state: &State, action: &Action) -> (String, &'static str) {
    let name = |id: CombatantId| state.fighter(id).name.clone();
    match action {
        Action::Attack { strike, .. } => {
            (format!("Attack on {}", name(strike.target)), "G-MATK-001")
        }
        Action::AllOutAttack {
            variant, strike, ..
        } => {
            let rule = match variant {
                AllOutVariant::Determined => "G-AOA-001",
                AllOutVariant::Strong => "G-AOA-002",
                AllOutVariant::Double => "G-AOA-003",
                AllOutVariant::Feint => "G-AOA-004",
            };
            (
                format!("All-Out Attack ({variant:?}) on {}", name(strike.target)),
                rule,
            )
        }
        Action::AllOutDefense { variant, .. } => match variant {
            DefenseVariant::Increased(k) => {
                (format!("All-Out Defense (Increased {k:?})"), "G-AOD-001")
            }
            DefenseVariant::Double => ("All-Out Defense (Double)".into(), "G-AOD-002"),
        },
        Action::Feint { target, .. } => (format!("Feint against {}", name(*target)), "G-FNT-001"),
        Action::Move { to, .. } => (format!("Move to {to}"), "G-MOV-001"),
        Action::Jump(j) => (format!("Jump {} hex(es)", j.length), "G-JMP-001"),
        Action::Aim { target, .. } => (format!("Aim at {}", name(*target)), "G-AIM-001"),
        Action::Slam(o) if o.shield_rush => {
            (format!("Shield Rush on {}", name(o.target)), "G-ATK-018")
        }
        Action::Slam(o) => (format!("Slam on {}", name(o.target)), "G-ATK-014"),
        Action::Shove(o) => (format!("Shove on {}", name(o.target)), "G-ATK-020"),
        Action::Grapple(g) => crate::rules::grapple::describe(state, g),
        Action::Wait(w) => match w.trigger {
            crate::model::action::Trigger::StopThrust => ("Stop Thrust".into(), "G-STP-001"),
            crate::model::action::Trigger::Enters { .. } => {
                ("Wait (opportunity fire)".into(), "G-RNG-005")
            }
            crate::model::action::Trigger::InReach { .. } => ("Wait".into(), "G-WAIT-001"),
        },
        Action::MoveAndAttack(c) => (
            format!("Move and Attack on {}", name(c.strike.target)),
            "G-MAA-001",
        ),
        Action::ChangePosture { to } => (format!("Change Posture to {}", to.name()), "G-CPO-001"),
        Action::Ready { weapon } => (format!("Ready weapon {weapon}"), "G-RDY-001"),
        Action::ReadyShield => ("Ready shield".into(), "G-RDY-001"),
        Action::Concentrate(c) => match &c.cast {
            Some(cast) => (format!("Concentrate: cast {}", cast.spell), "G-CON-001"),
            None => ("Concentrate".into(), "G-CON-001"),
        },
        Action::DoNothing => ("Do Nothing".into(), "G-DON-001"),
    }
}

/// G-FNT-002, G-FNT-003 and G-EXT-004: the feint's Quick Contest
/// (G-DICE-003). The feinter rolls its weapon skill; the foe the best of
/// DX, a ready melee skill, Shield or Cloak. The margin of victory comes
/// off the foe's next defense.
/// G-FNT-002: the unarmed skills (CHT: "skill for any ready melee weapon
/// (incl. unarmed)").
pub const UNARMED_SKILLS: [&str; 6] = [
    "Boxing",
    "Brawling",
    "Judo",
    "Karate",
    "Sumo Wrestling",
    "Wrestling",
];

/// G-FNT-002: the score that resists a feint: the best of DX, a ready
/// melee weapon's skill (unarmed included: the unarmed skills, whose
/// hands and feet are always ready) and a ready shield's or cloak's.
pub fn feint_resistance(state: &State, target: CombatantId) -> i32 {
    let t = state.fighter(target);
    debug_assert_eq!(
        t.unarmed_skill,
        t.skill_level(&UNARMED_SKILLS),
        "the unarmed skill fixed at setup"
    );
    let mut best = t.unarmed_skill.map_or(t.stats.dx, |s| s.max(t.stats.dx));
    for (_, w) in t.ready_melee() {
        best = best.max(w.skill.iter().copied().max().unwrap_or(0));
    }
    if let Some(s) = t.shield.as_ref().filter(|s| s.ready) {
        best = best.max(s.skill);
    }
    best
}
