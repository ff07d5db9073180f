//! What a figure may declare now (DQ-13, DQ-14, DQ-15, DQ-16, DQ-00-020):
//! typed refusals naming the rule that forbids an action.

use crate::model::action::{Action, Activity, AttackKind};
use crate::model::data::{Category, Size, Use};
use crate::model::state::{Hold, Posture, State};
use crate::rules::movement::{self, free_for};
use crate::rules::values::{self, MoveKind};
use crate::rules::{mounted, zones};
use fray_core::grid::{Facing, Heading, HexPos};
use fray_core::{CombatantId, Illegal};

/// A figure's situation when it starts an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// In close combat (DQ-13-019).
    Close,
    /// Engaged (DQ-13-001).
    Engaged,
    /// Not engaged (DQ-14).
    Free,
}

/// The status that decides which actions a figure may take (DQ-12-001).
pub fn status(state: &State, who: CombatantId) -> Status {
    if state.fig(who).status.close {
        Status::Close
    } else if zones::engaged(state, who) {
        Status::Engaged
    } else {
        Status::Free
    }
}

/// Whether `who` stands in the melee zone of a conscious foe.
pub fn in_any_foe_mz(state: &State, who: CombatantId) -> bool {
    state
        .ids()
        .any(|o| state.hostile(o, who) && zones::in_mz(state, o, who))
}

/// TMR for an action of `kind` (DQ-15-001, DQ-15-002), before halving.
pub fn tmr_for(state: &State, who: CombatantId, kind: MoveKind) -> i32 {
    let f = state.fig(who);
    (f.tmr + values::ag_tmr_mod(f, kind, state.options.very_high_ag_tmr_bonus)).max(0)
}

/// A fixed allowance (Pass 2, one-hex shifts) with the AG adjustment
/// (DQ-15-002 decision `ag_tmr_mod_on_fixed_moves`) and the one-hex minimum.
pub fn fixed(state: &State, who: CombatantId, n: i32, kind: MoveKind) -> i32 {
    let f = state.fig(who);
    (n + values::ag_tmr_mod(f, kind, state.options.very_high_ag_tmr_bonus)).max(1)
}

/// DQ-13-010, DQ-13-011, DQ-14-014: how far a Pass moves.
pub fn pass_allowance(state: &State, who: CombatantId) -> i32 {
    match status(state, who) {
        Status::Close => 0,
        _ if state.fig(who).status.prone => 0,
        Status::Engaged if in_any_foe_mz(state, who) => fixed(state, who, 1, MoveKind::Pass),
        _ => fixed(state, who, 2, MoveKind::Pass),
    }
}

/// DQ-14-011, DQ-15-001, DQ-15-002: a Retreat's hexes straight back: the
/// fixed 2 with the AG adjustment, as a Pass's (decision
/// `ag_tmr_mod_on_fixed_moves`): 1 at modAG 8 or less, 3 at 22 to 25.
pub fn retreat_steps(state: &State, who: CombatantId) -> i32 {
    fixed(state, who, 2, MoveKind::Retreat)
}

/// DQ-14-008: a charge with a pole weapon moves full TMR, other charges ½.
pub fn charge_allowance(state: &State, who: CombatantId) -> i32 {
    let pole = state.fig(who).weapon().is_some_and(|h| h.weapon.pole);
    if pole {
        tmr_for(state, who, MoveKind::PoleCharge)
    } else {
        values::half_of(&state.options, tmr_for(state, who, MoveKind::Other))
    }
}

fn refuse(rule: &'static str, reason: impl Into<String>) -> Result<(), Illegal> {
    Err(Illegal::new(rule, reason))
}

/// The target is a living foe that `who` can reach from where it stands
/// (DQ-23-004: a rider, from straight ahead of its mount, only with a
/// long-hafted weapon).
pub fn check_foe(state: &State, who: CombatantId, target: CombatantId) -> Result<(), Illegal> {
    foe(state, who, target)
}

fn foe(state: &State, who: CombatantId, target: CombatantId) -> Result<(), Illegal> {
    if target.index() >= state.figures.len() {
        return refuse("", format!("there is no figure #{}", target.0));
    }
    if !state.hostile(who, target) {
        return refuse("", "that figure is a friend");
    }
    if state.fig(target).life == crate::model::state::Life::Dead {
        return refuse("DQ-19-001", "that figure is dead");
    }
    mounted::check_attacker(state, who, target)
}

/// Whether `target` would be in `who`'s melee zone with `who` at `pos`
/// facing `heading`.
pub fn reaches(
    state: &State,
    who: CombatantId,
    pos: HexPos,
    heading: Heading,
    target: CombatantId,
) -> bool {
    let f = state.fig(who);
    let t = state.fig(target);
    if t.is_single() {
        return crate::model::state::front_contains(f.shape, pos, heading, t.pos);
    }
    let mz = crate::model::state::front_of(f.shape, pos, heading);
    t.body().cells().iter().any(|c| mz.contains(c))
}

/// The facing toward `target` from `pos` (a corner for multi-hex figures).
pub fn face_toward(state: &State, who: CombatantId, pos: HexPos, target: CombatantId) -> Heading {
    let f = state.fig(who);
    let tf = state.fig(target);
    // DQ-23: a rider in the saddle faces where its mount faces.
    if f.aboard {
        return f.heading;
    }
    // A 1-hex figure toward a 1-hex target: no footprint to build.
    if let (Heading::Side(old), true) = (f.heading, tf.is_single()) {
        return Heading::Side(crate::model::state::facing_toward(pos, tf.pos).unwrap_or(old));
    }
    let t = tf.body();
    let goal = t
        .cells()
        .iter()
        .copied()
        .min_by_key(|c| (c.distance(pos), c.q, c.r))
        .unwrap_or(tf.pos);
    match f.heading {
        Heading::Side(old) => {
            Heading::Side(crate::model::state::facing_toward(pos, goal).unwrap_or(old))
        }
        Heading::Corner(old) => fray_core::grid::Corner::ALL
            .into_iter()
            .map(Heading::Corner)
            .find(|&h| {
                crate::model::state::footprint(f.shape, pos, h)
                    .front_hexes()
                    .iter()
                    .any(|c| t.contains(*c))
            })
            .unwrap_or(Heading::Corner(old)),
    }
}

/// DQ-16-009, DQ-16-011, DQ-16-016, DQ-16-018, DQ-16-020, DQ-21-004: the
/// attack type fits the weapon and the target.
pub fn check_kind(
    state: &State,
    who: CombatantId,
    target: CombatantId,
    kind: AttackKind,
) -> Result<(), Illegal> {
    let f = state.fig(who);
    let w = values::weapon_of(state, f);
    let small = state.fig(target).size != Size::Large;
    match kind {
        AttackKind::Normal => Ok(()),
        AttackKind::Trip => {
            let kick = w.category == Category::Unarmed && f.unarmed_rank.unwrap_or(0) >= 3;
            if !w.trip && !kick {
                refuse(
                    "DQ-16-009",
                    format!(
                        "{} cannot trip (quarterstaff, spear, halberd, poleaxe, glaive, or kicks at Unarmed rank 3, DQ-21-004)",
                        w.name
                    ),
                )
            } else if !small {
                refuse(
                    "DQ-16-009",
                    "only targets of human size or smaller can be tripped",
                )
            } else {
                Ok(())
            }
        }
        AttackKind::Entangle if !w.entangle => {
            refuse("DQ-16-011", "only a net, whip or bola entangles")
        }
        AttackKind::Entangle => Ok(()),
        AttackKind::Knockout => {
            if w.knockout_excluded
                || (w.category == Category::Unarmed && !state.options.knockout_unarmed)
            {
                refuse("DQ-16-016", format!("{} cannot knock out", w.name))
            } else if !small {
                refuse(
                    "DQ-16-016",
                    "only targets of human size or smaller can be knocked out",
                )
            } else {
                Ok(())
            }
        }
        AttackKind::ShieldRush => match f.shield {
            Some(s) if f.shield_ready && s.shield_rush => Ok(()),
            _ => refuse(
                "DQ-16-018",
                "Shield Rush needs a prepared shield other than a main gauche or tower shield",
            ),
        },
        AttackKind::Disarm if !(w.rated(Use::Melee) || w.rated(Use::Close)) => {
            refuse("DQ-16-020", "Disarm needs a melee or close weapon")
        }
        AttackKind::Disarm => Ok(()),
    }
}

/// Checks one declared action against the figure's status now: what its
/// condition allows whatever the action, then one step per kind of action.
pub fn check(state: &State, who: CombatantId, action: &Action) -> Result<(), Illegal> {
    if let Some(verdict) = condition_allows(state, who, action) {
        return verdict;
    }
    match action {
        Action::Recover => Ok(()),
        Action::Pass { activity, to, .. } => check_pass(state, who, *activity, *to),
        Action::Move { to, facing } => check_move(state, who, *to, *facing),
        Action::Attack { target, kind, from } => check_attack(state, who, *target, *kind, *from),
        Action::Charge { target, to, kind } => check_charge(state, who, *target, *to, *kind),
        Action::TwoWeapons { targets } => check_two_weapons(state, who, targets),
        Action::Sweep { targets } => check_sweep(state, who, targets),
        Action::ChargeAndClose { target, to } => check_charge_and_close(state, who, *target, *to),
        Action::Close { target } => check_close(state, who, *target),
        Action::Grapple { target, .. } => check_grapple(state, who, *target),
        Action::Evade { to, facing } => check_evade(state, who, *to, *facing),
        Action::Withdraw {
            to,
            posture,
            strike,
        } => check_withdraw(state, who, status(state, who), *to, *posture, *strike),
        Action::Retreat => check_retreat(state, who),
        Action::Trample { to } => check_trample(state, who, *to),
        Action::Jump { to } => check_jump(state, who, *to),
        Action::Fire { target, step, .. } => check_fire(state, who, *target, *step),
    }
}

/// What the figure's condition allows whatever the action: `Some` when
/// that alone decides (DQ-17-012 out of the fight, DQ-15-003 the second
/// action of a slot, DQ-15-004 and DQ-19-006 stuns, DQ-17-008 and
/// DQ-16-012 forced Passes, DQ-00-017 prone, DQ-23-001..004 riders and
/// mounts), `None` when the action's own check decides.
fn condition_allows(
    state: &State,
    who: CombatantId,
    action: &Action,
) -> Option<Result<(), Illegal>> {
    let f = state.fig(who);
    if !f.in_fight() {
        return Some(refuse("DQ-17-012", format!("{} cannot act", f.name)));
    }
    // DQ-15-003 (decision): the second action is optional; an empty Pass
    // (no move, no turn, no activity) declines it, whatever the first.
    if let Some(slot) = state.seq.slot
        && slot.who == who
        && let Some(first) = slot.used
        && first == action.kind_index()
        && *action != Action::PASS
        && !state.options.allow_repeat_action
    {
        return Some(refuse(
            "DQ-15-003",
            "the two actions of a pulse must differ",
        ));
    }
    // DQ-15-004: a stunned figure may only try to recover.
    if f.status.stunned {
        return Some(if matches!(action, Action::Recover) {
            Ok(())
        } else {
            refuse("DQ-15-004", "a stunned figure may only try to recover")
        });
    }
    if matches!(action, Action::Recover) {
        return Some(refuse("DQ-19-006", "only a stunned figure recovers"));
    }
    let must_pass = f.status.forced_pass == state.pulse && state.pulse > 0;
    let forced = must_pass || f.status.entangled.is_some();
    if forced && !matches!(action, Action::Pass { .. }) {
        let rule = if must_pass { "DQ-17-008" } else { "DQ-16-012" };
        return Some(refuse(rule, "this figure must Pass this pulse"));
    }
    if f.status.prone && !matches!(action, Action::Pass { .. } | Action::Move { .. }) {
        return Some(refuse(
            "DQ-00-017",
            "a prone figure must Pass to stand up, or crawl",
        ));
    }
    // DQ-23-001..004: riders in the saddle and ridden mounts.
    if f.aboard || f.is_mount {
        if let Err(e) = mounted::check(state, who, action) {
            return Some(Err(e));
        }
        if f.aboard && matches!(action, Action::Move { .. } | Action::Charge { .. }) {
            return Some(mounted::check_pair_move(state, who, action));
        }
    }
    None
}

/// DQ-13-001, DQ-14-001, DQ-14-002: a Move, by a figure not engaged,
/// within its TMR (a crawl when prone), with the facing change's cost.
fn check_move(
    state: &State,
    who: CombatantId,
    to: HexPos,
    facing: Option<Facing>,
) -> Result<(), Illegal> {
    let f = state.fig(who);
    if status(state, who) != Status::Free {
        return refuse(
            "DQ-13-001",
            "an engaged figure cannot Move; it may Pass, Evade or Withdraw",
        );
    }
    let budget = if f.status.prone {
        values::crawl(f.tmr)
    } else {
        tmr_for(state, who, MoveKind::Other)
    };
    let Some(r) = movement::route(state, who, to, budget, false) else {
        return refuse("DQ-14-001", format!("{to} is out of reach this pulse"));
    };
    // DQ-14-002 (option `facing_change_cost`): each hexside turned
    // from the starting facing costs TMR.
    let per_side = state.options.facing_change_cost;
    if per_side > 0
        && let (Some(nf), Heading::Side(_)) = (facing, f.heading)
    {
        let turn = per_side * i32::from(f.facing().turn_distance(nf));
        if turn > 0 && r.cost + turn > budget {
            return refuse(
                "DQ-14-002",
                format!(
                    "the move costs {} TMR and the facing change {turn}, over {budget}",
                    r.cost
                ),
            );
        }
    }
    Ok(())
}

/// DQ-13-001..003, DQ-13-019: a Melee Attack on a foe, with a melee
/// weapon, from where the attacker stands or its shift or move.
fn check_attack(
    state: &State,
    who: CombatantId,
    target: CombatantId,
    kind: AttackKind,
    from: Option<HexPos>,
) -> Result<(), Illegal> {
    let f = state.fig(who);
    if status(state, who) == Status::Close {
        return refuse(
            "DQ-13-019",
            "in close combat only Grapple, Pass or Withdraw",
        );
    }
    foe(state, who, target)?;
    check_kind(state, who, target, kind)?;
    let w = values::weapon_of(state, f);
    if !w.rated(Use::Melee) && kind != AttackKind::ShieldRush {
        return refuse("DQ-13-001", format!("{} is not a melee weapon", w.name));
    }
    let (pos, heading) = attack_place(state, who, target, from)?;
    if !reaches(state, who, pos, heading, target) {
        return refuse(
            "DQ-13-003",
            "the target is not in the attacker's melee zone (facing may change only after the attack)",
        );
    }
    Ok(())
}

/// DQ-13-002, DQ-13-003: where a Melee Attack strikes from, and facing
/// where: in place (turned toward a defender whose zone it stands in),
/// a one-hex shift inside the defender's zone, or up to ½ TMR with the
/// facing kept.
fn attack_place(
    state: &State,
    who: CombatantId,
    target: CombatantId,
    from: Option<HexPos>,
) -> Result<(HexPos, Heading), Illegal> {
    let f = state.fig(who);
    let inside = zones::in_mz(state, target, who);
    match from {
        None if inside => Ok((f.pos, face_toward(state, who, f.pos, target))),
        None => Ok((f.pos, f.heading)),
        Some(h) if inside => {
            // DQ-13-002: one hex, empty, inside the defender's zone.
            let in_zone = zones::melee_zone(state.fig(target)).contains(&h);
            if f.pos.distance(h) != 1 || !free_for(state, who, h) || !in_zone {
                return Err(Illegal::new(
                    "DQ-13-002",
                    "the shift must be one empty hex inside the defender's melee zone",
                ));
            }
            Ok((h, face_toward(state, who, h, target)))
        }
        Some(h) => {
            // DQ-13-003: up to ½ TMR, facing unchanged until after the strike.
            let budget = values::half_of(&state.options, tmr_for(state, who, MoveKind::Attack));
            match movement::route(state, who, h, budget, true) {
                Some(r) => Ok((r.head, r.heading)),
                None => Err(Illegal::new(
                    "DQ-13-003",
                    format!("{h} is more than ½ TMR away"),
                )),
            }
        }
    }
}

/// DQ-14-007, DQ-14-008: a charge by a figure not engaged, within its
/// charge's reach, ending with the target in its melee zone.
fn check_charge(
    state: &State,
    who: CombatantId,
    target: CombatantId,
    to: HexPos,
    kind: AttackKind,
) -> Result<(), Illegal> {
    if status(state, who) != Status::Free {
        return refuse("DQ-14-007", "only a figure that is not engaged may charge");
    }
    foe(state, who, target)?;
    check_kind(state, who, target, kind)?;
    let budget = charge_allowance(state, who);
    let Some(r) = movement::route(state, who, to, budget, false) else {
        return refuse("DQ-14-007", format!("{to} is beyond the charge's reach"));
    };
    let heading = face_toward(state, who, r.head, target);
    if !reaches(state, who, r.head, heading, target) {
        return refuse(
            "DQ-14-008",
            "the charge must end with the target in the melee zone",
        );
    }
    Ok(())
}

/// DQ-16-006: a two-weapon Melee Attack: engaged, two prepared melee
/// weapons, each target in the melee zone.
fn check_two_weapons(
    state: &State,
    who: CombatantId,
    targets: &[CombatantId; 2],
) -> Result<(), Illegal> {
    let f = state.fig(who);
    if status(state, who) != Status::Engaged {
        return refuse("DQ-16-006", "a two-weapon Melee Attack needs engaged foes");
    }
    let (Some(m), Some(o)) = (
        f.weapon(),
        f.off.and_then(|i| f.weapons.get(usize::from(i))),
    ) else {
        return refuse("DQ-16-006", "two prepared weapons are needed");
    };
    if !m.weapon.rated(Use::Melee) || !o.weapon.rated(Use::Melee) {
        return refuse(
            "DQ-16-006",
            "every attack of the pulse must be the same type: both weapons strike in melee",
        );
    }
    for &t in targets {
        foe(state, who, t)?;
        if !zones::in_mz(state, who, t) {
            return refuse(
                "DQ-16-006",
                "each target must be in the attacker's melee zone",
            );
        }
    }
    Ok(())
}

/// DQ-16-007: a sweep: engaged, a two-handed class B weapon at rank 4 or
/// more, two or more distinct foes in the melee zone.
fn check_sweep(state: &State, who: CombatantId, targets: &[CombatantId]) -> Result<(), Illegal> {
    let f = state.fig(who);
    if status(state, who) != Status::Engaged {
        return refuse("DQ-16-007", "a sweep needs engaged foes");
    }
    let Some(h) = f.weapon() else {
        return refuse("DQ-16-007", "a sweep needs a two-handed class B weapon");
    };
    let two_handed = match h.weapon.hands {
        crate::model::data::Hands::Two => true,
        // Decision: a one-or-two-handed weapon is held in both hands
        // when no shield is prepared.
        crate::model::data::Hands::OneOrTwo => !(f.shield.is_some() && f.shield_ready),
        _ => false,
    };
    if !two_handed || h.weapon.class != Some(crate::model::data::Class::B) {
        return refuse(
            "DQ-16-007",
            format!("{} is not a two-handed class B weapon", h.weapon.name),
        );
    }
    if h.rank.unwrap_or(0) < 4 {
        return refuse("DQ-16-007", "a sweep needs rank 4 or more with the weapon");
    }
    if targets.len() < 2 {
        return refuse("DQ-16-007", "a sweep strikes two or more foes");
    }
    for (k, &t) in targets.iter().enumerate() {
        foe(state, who, t)?;
        if targets[..k].contains(&t) {
            return refuse("DQ-16-007", "each target is attacked only once");
        }
        if !zones::in_mz(state, who, t) {
            return refuse(
                "DQ-16-007",
                "every target must be in the attacker's melee zone",
            );
        }
    }
    Ok(())
}

/// DQ-14-009: Charge and Close: not engaged, up to ½ TMR without facing
/// changes, ending with the target ahead in the melee zone.
fn check_charge_and_close(
    state: &State,
    who: CombatantId,
    target: CombatantId,
    to: HexPos,
) -> Result<(), Illegal> {
    if status(state, who) != Status::Free {
        return refuse(
            "DQ-14-009",
            "only a figure that is not engaged may Charge and Close",
        );
    }
    foe(state, who, target)?;
    check_close_target(state, who, target)?;
    let budget = values::half_of(&state.options, tmr_for(state, who, MoveKind::Other));
    let Some(r) = movement::route(state, who, to, budget, true) else {
        return refuse(
            "DQ-14-009",
            format!("{to} is beyond ½ TMR without facing changes"),
        );
    };
    if !reaches(state, who, r.head, r.heading, target) {
        return refuse(
            "DQ-14-009",
            "the target must be ahead, in the melee zone, without a facing change",
        );
    }
    Ok(())
}

/// DQ-13-016: Close and Grapple: engaged with an adjacent foe.
fn check_close(state: &State, who: CombatantId, target: CombatantId) -> Result<(), Illegal> {
    if status(state, who) != Status::Engaged {
        return refuse("DQ-13-016", "Close and Grapple is an engaged action");
    }
    foe(state, who, target)?;
    check_close_target(state, who, target)?;
    if !zones::engaged_pair(state, who, target)
        || state.fig(target).pos.distance(state.fig(who).pos) != 1
    {
        return refuse("DQ-13-016", "closing needs an adjacent, engaged foe");
    }
    Ok(())
}

/// DQ-13-019: a Grapple, in close combat with the target.
fn check_grapple(state: &State, who: CombatantId, target: CombatantId) -> Result<(), Illegal> {
    if status(state, who) != Status::Close {
        return refuse("DQ-13-019", "Grapple is made in close combat");
    }
    foe(state, who, target)?;
    if !zones::in_close_with(state, who, target) {
        return refuse("DQ-13-019", "the target is not in this close combat");
    }
    Ok(())
}

/// DQ-13-004, DQ-13-005, DQ-13-019: an Evade: in place, one hex within a
/// foe's melee zone (one hexside of turn), or up to ½ TMR outside one.
fn check_evade(
    state: &State,
    who: CombatantId,
    to: Option<HexPos>,
    facing: Option<Facing>,
) -> Result<(), Illegal> {
    let f = state.fig(who);
    if status(state, who) == Status::Close {
        return refuse(
            "DQ-13-019",
            "in close combat only Grapple, Pass or Withdraw",
        );
    }
    let Some(to) = to else { return Ok(()) };
    if !in_any_foe_mz(state, who) {
        let budget = values::half_of(&state.options, tmr_for(state, who, MoveKind::Evade));
        return movement::route(state, who, to, budget, false)
            .map(|_| ())
            .ok_or_else(|| Illegal::new("DQ-13-005", format!("{to} is more than ½ TMR away")));
    }
    // DQ-13-004, DQ-13-005: one hex within the zone, one hexside.
    let stays = state.ids().any(|o| {
        state.hostile(o, who)
            && zones::in_mz(state, o, who)
            && zones::melee_zone(state.fig(o)).contains(&to)
    });
    if f.pos.distance(to) != 1 || !free_for(state, who, to) || !stays {
        return refuse(
            "DQ-13-004",
            "evading inside a melee zone moves one empty hex within it",
        );
    }
    if let Some(nf) = facing
        && f.facing().turn_distance(nf) > 1
    {
        return refuse(
            "DQ-13-005",
            "one facing change (one hexside) while evading in a melee zone",
        );
    }
    Ok(())
}

/// DQ-14-011: a Retreat, by a figure not engaged.
fn check_retreat(state: &State, who: CombatantId) -> Result<(), Illegal> {
    if status(state, who) != Status::Free {
        return refuse(
            "DQ-14-011",
            "Retreat is an action of figures that are not engaged",
        );
    }
    Ok(())
}

/// DQ-13-001, DQ-22-004: a trample, by a monster not engaged, along a
/// path its TMR allows.
fn check_trample(state: &State, who: CombatantId, to: HexPos) -> Result<(), Illegal> {
    if status(state, who) != Status::Free {
        return refuse(
            "DQ-13-001",
            "an engaged figure cannot Move or trample; it may Pass, Evade or Withdraw",
        );
    }
    let budget = tmr_for(state, who, MoveKind::Other);
    movement::trample_path(state, who, to, budget)
        .map(|_| ())
        .map_err(|why| Illegal::new("DQ-22-004", why))
}

/// DQ-14-005: a jump by a 1-hex figure not engaged, 1 TMR per 5 feet (a
/// hex is 5 feet, DQ-00-013), onto an empty hex, over no wall.
fn check_jump(state: &State, who: CombatantId, to: HexPos) -> Result<(), Illegal> {
    let f = state.fig(who);
    if status(state, who) != Status::Free {
        return refuse("DQ-14-005", "only a figure that is not engaged may jump");
    }
    let d = f.pos.distance(to) as i32;
    let tmr = tmr_for(state, who, MoveKind::Other);
    if d == 0 || d > tmr || !f.is_single() || !free_for(state, who, to) {
        return refuse(
            "DQ-14-005",
            format!(
                "a jump of {} feet costs {d} TMR of {tmr}, onto an empty hex",
                5 * d
            ),
        );
    }
    let line = f.pos.line_to(to);
    if line.iter().any(|&h| !state.map.passable(h)) {
        return refuse("DQ-14-005", "a wall stands in the way of the jump");
    }
    Ok(())
}

/// DQ-16-001, DQ-00-010, DQ-13-001, DQ-14-012, DQ-14-013: a shot: a
/// ranged weapon ready (a crossbow loaded), the target in range, not
/// engaged (unless `engaged_may_fire`), a loaded crossbow's 2-hex step.
fn check_fire(
    state: &State,
    who: CombatantId,
    target: CombatantId,
    step: Option<HexPos>,
) -> Result<(), Illegal> {
    let f = state.fig(who);
    if let Some(h) = step {
        check_fire_step(state, who, h)?;
    }
    let st = status(state, who);
    if st == Status::Close || (st == Status::Engaged && !state.options.engaged_may_fire) {
        return refuse("DQ-13-001", "an engaged figure may not fire or throw");
    }
    if target.index() >= state.figures.len() || target == who {
        return refuse("", "fire at another figure");
    }
    let Some(h) = f.weapon() else {
        return refuse("DQ-16-001", "no weapon prepared to fire or throw");
    };
    if !h.weapon.rated(Use::Ranged) {
        return refuse(
            "DQ-16-001",
            format!("{} is not a ranged weapon", h.weapon.name),
        );
    }
    if h.weapon.crossbow && !h.loaded {
        return refuse("DQ-14-013", "the crossbow is not loaded: Pass to reload");
    }
    let d = state.fig(target).body().distance_to(f.pos);
    if d > h.weapon.range {
        return refuse(
            "DQ-00-010",
            format!(
                "the target is {d} hexes away, beyond the range of {}",
                h.weapon.range
            ),
        );
    }
    Ok(())
}

/// DQ-14-012, DQ-14-013: only a loaded crossbow moves when firing, 2 hexes.
fn check_fire_step(state: &State, who: CombatantId, h: HexPos) -> Result<(), Illegal> {
    let f = state.fig(who);
    let loaded = f.weapon().is_some_and(|w| w.weapon.crossbow && w.loaded);
    if !loaded {
        return refuse(
            "DQ-14-012",
            "a figure firing may neither move nor turn, except with a loaded crossbow",
        );
    }
    if movement::route(state, who, h, 2, false).is_none_or(|r| r.steps > 2) {
        return refuse("DQ-14-013", format!("{h} is more than 2 hexes away"));
    }
    Ok(())
}

/// DQ-13-016 (decision): only a 1-hex figure's hex can be entered.
fn check_close_target(state: &State, who: CombatantId, target: CombatantId) -> Result<(), Illegal> {
    let _ = who;
    if state.fig(target).aboard {
        return refuse(
            "DQ-13-016",
            "a rider in the saddle cannot be closed with (decision); strike it or its mount",
        );
    }
    if !matches!(state.fig(target).heading, Heading::Side(_)) {
        return refuse(
            "DQ-13-016",
            "a multi-hex monster's hexes cannot be entered to grapple",
        );
    }
    if state.fig(target).status.close {
        return Ok(());
    }
    Ok(())
}

fn check_pass(
    state: &State,
    who: CombatantId,
    activity: Activity,
    to: Option<HexPos>,
) -> Result<(), Illegal> {
    let f = state.fig(who);
    match activity {
        Activity::None => {}
        Activity::Ready(Some(i)) => match f.weapons.get(usize::from(i)) {
            Some(h) if h.hold == Hold::Stowed => {}
            _ => return refuse("DQ-13-012", "no such weapon carried to ready"),
        },
        Activity::Ready(None) => {}
        Activity::Shield => {
            if f.shield.is_none() || f.shield_ready || f.status.close {
                return refuse("DQ-13-012", "no dropped or slung shield to ready");
            }
        }
        Activity::StandUp if !f.status.prone => return refuse("DQ-00-017", "not prone"),
        Activity::StandUp => {}
        Activity::Reload => match f.weapon() {
            Some(h) if h.weapon.crossbow && !h.loaded => {}
            _ => return refuse("DQ-14-013", "no unloaded crossbow prepared"),
        },
        Activity::PullOut if f.status.lodged.is_empty() => {
            return refuse("DQ-20-010", "no weapon lodged");
        }
        Activity::PullOut => {}
        Activity::PullOutFrom(c) => {
            // DQ-20-010 (decision): an adjacent friend may pull it out.
            let c = CombatantId(c);
            let ok = c.index() < state.figures.len()
                && c != who
                && !state.hostile(c, who)
                && !state.fig(c).status.lodged.is_empty()
                && state.fig(c).distance(f) == 1;
            if !ok {
                return refuse(
                    "DQ-20-010",
                    "pull out a weapon lodged in an adjacent friend",
                );
            }
        }
        Activity::Disentangle if f.status.entangled.is_none() => {
            return refuse("DQ-16-012", "not entangled");
        }
        Activity::Disentangle => {}
        Activity::PickUp(i) => {
            // DQ-13-012 (decision): from the hex where the Pass ends, on foot.
            let end = to.unwrap_or(f.pos);
            match f.weapons.get(usize::from(i)) {
                Some(h) if h.hold == Hold::Dropped && h.at == Some(end) && f.on_foot() => {}
                Some(h) if h.hold == Hold::Dropped && h.at.is_some() && f.on_foot() => {
                    return refuse(
                        "DQ-13-012",
                        "the weapon lies elsewhere: pick it up from its hex (a Pass may move there first)",
                    );
                }
                _ => return refuse("DQ-13-012", "no such weapon lies within reach"),
            }
        }
        Activity::Mount => {
            if to.is_some() {
                return refuse("DQ-23-001", "mounting moves the rider into the saddle only");
            }
            return mounted::check_mount(state, who);
        }
        Activity::Dismount => return mounted::check_dismount(state, who, to),
    }
    if let Some(to) = to {
        let budget = pass_allowance(state, who);
        if budget == 0 {
            return refuse("DQ-13-010", "this Pass allows no movement");
        }
        if movement::route(state, who, to, budget, false).is_none_or(|r| r.steps > budget) {
            return refuse(
                "DQ-14-014",
                format!("{to} is beyond this Pass's {budget} hexes"),
            );
        }
    }
    Ok(())
}

fn check_withdraw(
    state: &State,
    who: CombatantId,
    st: Status,
    to: HexPos,
    posture: Option<Posture>,
    strike: Option<CombatantId>,
) -> Result<(), Illegal> {
    let f = state.fig(who);
    if st == Status::Close {
        // DQ-13-020: break out to any adjacent empty hex.
        if f.pos.distance(to) != 1 || !free_for(state, who, to) {
            return refuse("DQ-13-020", "breaking out goes to an adjacent empty hex");
        }
        return Ok(());
    }
    let mutual = state.ids().any(|o| {
        state.hostile(o, who) && zones::in_mz(state, o, who) && zones::in_mz(state, who, o)
    });
    if mutual {
        // DQ-13-006: into a rear hex, without turning, with a posture.
        if !zones::rear_hexes(f).contains(&to) || !free_for(state, who, to) {
            return refuse("DQ-13-006", "withdraw into one of the own empty rear hexes");
        }
        match posture {
            None => return refuse("DQ-13-006", "declare an Offensive or Defensive posture"),
            Some(Posture::Defensive) if !(f.shield.is_some() && f.shield_ready) => {
                return refuse("DQ-13-008", "the Defensive posture needs a prepared shield");
            }
            Some(Posture::Defensive) if strike.is_some() => {
                return refuse("DQ-13-007", "only the Offensive posture strikes");
            }
            _ => {}
        }
        if let Some(t) = strike {
            foe(state, who, t)?;
            if !zones::in_mz(state, who, t) {
                return refuse(
                    "DQ-13-007",
                    "the foe struck must be in the withdrawer's melee zone",
                );
            }
        }
        Ok(())
    } else {
        // DQ-13-009: a normal move.
        let tmr = tmr_for(state, who, MoveKind::Withdraw);
        let budget = match state.options.withdraw_free_move {
            crate::model::options::WithdrawMove::FullTmr => tmr,
            crate::model::options::WithdrawMove::HalfTmr => values::half_of(&state.options, tmr),
        };
        if posture.is_some() || strike.is_some() {
            return refuse(
                "DQ-13-009",
                "no posture when the foe is not in the withdrawer's melee zone",
            );
        }
        movement::route(state, who, to, budget, false)
            .map(|_| ())
            .ok_or_else(|| Illegal::new("DQ-13-009", format!("{to} is out of reach")))
    }
}
