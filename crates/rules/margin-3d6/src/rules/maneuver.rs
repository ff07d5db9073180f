//! Which maneuvers are legal now: typed refusals with the rule that forbids.

use crate::model::action::{Action, Strike, Unarmed};
use crate::model::data::RateClass;
use crate::model::location::Limb;
use crate::model::state::{AodKind, Fighter, Held, Life, Posture, ShieldState, State, trigger_bit};
use crate::rules::attack::{held, in_front_arc, in_reach};
use crate::rules::turn::incapacitated;
use fray_core::grid::HexPos;
use fray_core::{CombatantId, Illegal};

/// The hexes a Move may cover (M-AOD-006): full MV, +1 from the second
/// consecutive Move; halved at 1-3 HP (M-PEN-001); 1 while crawling.
pub fn move_allowance(state: &State, who: CombatantId) -> u32 {
    let f = state.fighter(who);
    if f.posture.down() {
        return 1;
    }
    let mut mv = f.stats.mv.max(1);
    if f.hp <= 3 {
        mv = (mv / 2).max(1);
    }
    (mv + i32::from(f.ran)) as u32
}

/// The longest move any maneuver allows `who` (full MV, +1 running, +1
/// for a Flying Tackle), whatever its state: a move already checked cost
/// no more, so the way it went is found within it (`rules::path::way`).
pub fn longest_move(state: &State, who: CombatantId) -> u32 {
    state.fighter(who).stats.mv.max(1) as u32 + 2
}

/// The move an attack allows before it: ½ MV for a melee weapon
/// (M-MEL-001, M-MEL-002), one hex for missiles (M-MIS-001) and unarmed
/// strikes (M-UNA-001).
pub fn strike_step(state: &State, who: CombatantId, s: &Strike) -> u32 {
    let f = state.fighter(who);
    match held(f, s) {
        Some(h) if !h.weapon.ranged() => (move_allowance(state, who) / 2).max(1),
        _ => 1,
    }
}

/// A hex the figure may move into: on the map, passable, and held by no
/// other living figure. Two figures share a hex only when one closes on
/// the other (a slam, a tackle or an All-Out Charge, M-UNA-003, M-MEL-008):
/// an ordinary move never enters an occupied hex, and a figure already
/// sharing its hex may stay in it.
pub fn free_hex(state: &State, who: CombatantId, to: HexPos) -> bool {
    state.map.passable(to) && (to == state.fighter(who).pos || !occupied_by_other(state, who, to))
}

/// Whether a living figure other than `who` stands on `hex`.
fn occupied_by_other(state: &State, who: CombatantId, hex: HexPos) -> bool {
    state
        .first_at(hex, |i, o| i != who && o.life != Life::Dead)
        .is_some()
}

/// How a close-combat maneuver meets its foe.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Close {
    /// Closes from the next hex and enters the foe's hex (a slam, a
    /// tackle, an All-Out Charge: M-UNA-003, M-UNA-008, M-MEL-008).
    Enter,
    /// Already in the foe's hex, no movement (a grapple or takedown:
    /// M-UNA-006, M-UNA-007).
    InHex,
}

fn move_ok(
    state: &State,
    who: CombatantId,
    to: HexPos,
    limit: u32,
    rule: &'static str,
) -> Result<(), Illegal> {
    move_from(state, who, state.fighter(who).pos, to, limit, rule)
}

/// M-FLO-006 (decision), M-DAT-008: a move from `from` to a free `to`
/// whose way ([`crate::rules::path`]: round walls, blocking hexsides and
/// conscious foes, obstructions costing more) costs at most `limit` hexes.
fn move_from(
    state: &State,
    who: CombatantId,
    from: HexPos,
    to: HexPos,
    limit: u32,
    rule: &'static str,
) -> Result<(), Illegal> {
    if from.distance(to) > limit {
        return Err(Illegal::new(
            rule,
            format!("{to} is more than {limit} hexes away"),
        ));
    }
    if !free_hex(state, who, to) {
        return Err(Illegal::new(rule, format!("{to} is not free")));
    }
    if crate::rules::path::cost(state, who, from, to, limit).is_none() {
        return Err(Illegal::new(
            rule,
            format!(
                "no way to {to} within {limit} hexes: walls, foes or obstructions are in the way"
            ),
        ));
    }
    Ok(())
}

/// Checks a strike: a foe to hit, a ready weapon or a usable unarmed
/// strike, the step before it, reach and the front arc (M-FLO-006).
pub fn check_strike(
    state: &State,
    who: CombatantId,
    s: &Strike,
    melee_only: bool,
) -> Result<(), Illegal> {
    check_strike_target(state, who, s.target)?;
    match s.unarmed {
        Some(u) => check_unarmed(state.fighter(who), u)?,
        None => check_weapon(state, who, s, melee_only)?,
    }
    check_strike_reach(state, who, s)
}

/// A foe to strike: another figure of the fight, not dead, and a striker
/// able to attack (M-PEN-002).
fn check_strike_target(
    state: &State,
    who: CombatantId,
    target: CombatantId,
) -> Result<(), Illegal> {
    if target.index() >= state.fighters.len() || target == who {
        return Err(Illegal::input(format!("no target {target}")));
    }
    let t = state.fighter(target);
    if t.life == Life::Dead {
        return Err(Illegal::input(format!("{} is dead", t.name)));
    }
    check_can_attack(state, who)
}

/// M-PEN-002: an incapacitated figure makes no attack (unless the option
/// allows it).
fn check_can_attack(state: &State, who: CombatantId) -> Result<(), Illegal> {
    if incapacitated(state.fighter(who)) && !state.options.incapacitated_can_attack {
        return Err(Illegal::new(
            "M-PEN-002",
            "an incapacitated figure cannot attack",
        ));
    }
    Ok(())
}

/// An unarmed strike the figure makes (M-UNA-001), a ready shield to bash
/// with (M-MEL-010), a hand to punch with (M-PAT-005).
fn check_unarmed(f: &Fighter, u: Unarmed) -> Result<(), Illegal> {
    match u {
        u if !f.strikes_with(u) => Err(Illegal::new(
            "M-UNA-001",
            format!("this figure does not {}", u.name()),
        )),
        Unarmed::ShieldBash if !crate::rules::armor::shield_usable(f) => {
            Err(Illegal::new("M-MEL-010", "no ready shield to bash with"))
        }
        Unarmed::Punch if f.is_crippled(Limb::WeaponHand) && f.is_crippled(Limb::OffHand) => {
            Err(Illegal::new("M-PAT-005", "both hands are crippled"))
        }
        _ => Ok(()),
    }
}

/// A weapon strike: the weapon in hand, ready (M-CRT-002, M-MEL-012), its
/// mode, an arm to wield it (M-PAT-005, M-UNA-006), then the missile's or
/// the melee blow's own conditions.
fn check_weapon(
    state: &State,
    who: CombatantId,
    s: &Strike,
    melee_only: bool,
) -> Result<(), Illegal> {
    let f = state.fighter(who);
    let Some(h) = held(f, s) else {
        return Err(Illegal::input(format!("no weapon {}", s.weapon)));
    };
    if h.lost {
        return Err(Illegal::new(
            "M-CRT-002",
            format!("the {} is lost", h.weapon.name),
        ));
    }
    if !h.ready {
        return Err(Illegal::new(
            "M-MEL-012",
            format!("the {} is not ready", h.weapon.name),
        ));
    }
    if usize::from(s.mode) >= h.weapon.modes.len() {
        return Err(Illegal::input(format!(
            "the {} has no mode {}",
            h.weapon.name, s.mode
        )));
    }
    if f.is_crippled(Limb::WeaponArm) || f.is_crippled(Limb::WeaponHand) {
        return Err(Illegal::new("M-PAT-005", "the weapon arm is crippled"));
    }
    if f.held_by.is_some() {
        return Err(Illegal::new("M-UNA-006", "the weapon arm is held"));
    }
    if h.weapon.ranged() {
        check_missile(state, who, s, h, melee_only)
    } else {
        check_melee_posture(state, f)
    }
}

/// A missile shot: not in an All-Out Attack (M-MEL-002), missiles left
/// (M-ROA-005), loaded (M-MIS-009), the target in sight (M-MOD-005).
fn check_missile(
    state: &State,
    who: CombatantId,
    s: &Strike,
    h: &Held,
    melee_only: bool,
) -> Result<(), Illegal> {
    if melee_only {
        return Err(Illegal::new(
            "M-MEL-002",
            "All-Out Attack is a melee maneuver",
        ));
    }
    if h.ammo == Some(0) {
        return Err(Illegal::new("M-ROA-005", "no missiles left"));
    }
    if !h.loaded {
        return Err(Illegal::new(
            "M-MIS-009",
            format!("the {} must be reloaded", h.weapon.name),
        ));
    }
    let t = state.fighter(s.target);
    let from = s.to.unwrap_or(state.fighter(who).pos);
    if !state
        .map
        .hex_sight(from, t.pos)
        .is_clear(fray_core::grid::Graze::Either)
    {
        return Err(Illegal::new(
            "M-MOD-005",
            format!("{} is out of sight", t.name),
        ));
    }
    Ok(())
}

/// M-PAT-001: a crawling or lying figure makes no melee weapon attack
/// (unless the option allows it).
fn check_melee_posture(state: &State, f: &Fighter) -> Result<(), Illegal> {
    if f.posture.down() && state.options.lying_melee == crate::model::options::LyingMelee::Forbidden
    {
        return Err(Illegal::new(
            "M-PAT-001",
            "a crawling or lying figure may not make melee weapon attacks",
        ));
    }
    Ok(())
}

/// The step before the strike (M-MEL-001), then reach and the front arc
/// from where it ends (M-FLO-006).
fn check_strike_reach(state: &State, who: CombatantId, s: &Strike) -> Result<(), Illegal> {
    let f = state.fighter(who);
    let t = state.fighter(s.target);
    let from = match s.to {
        Some(to) => {
            move_ok(state, who, to, strike_step(state, who, s), "M-MEL-001")?;
            to
        }
        None => f.pos,
    };
    if !in_reach(f, s, from, t.pos) {
        return Err(Illegal::new(
            "M-FLO-006",
            format!("{} is out of reach", t.name),
        ));
    }
    // A step includes its free facing change toward the foe (M-FLO-006).
    if s.to.is_none() && from != t.pos && !in_front_arc(from, f.facing, t.pos) {
        return Err(Illegal::new(
            "M-FLO-006",
            format!("{} is not in the front arc", t.name),
        ));
    }
    Ok(())
}

/// The hex a maneuver's own short move ends in (M-MEL-011, M-MEL-012,
/// M-MIS-007): `to` within `limit` and free, and a held figure stays put.
fn own_step(
    state: &State,
    who: CombatantId,
    to: Option<HexPos>,
    limit: u32,
    rule: &'static str,
) -> Result<HexPos, Illegal> {
    let f = state.fighter(who);
    match to {
        Some(to) if to != f.pos => {
            if f.held_by.is_some() {
                return Err(Illegal::new(
                    "M-UNA-006",
                    "a held figure cannot leave its hex",
                ));
            }
            move_ok(state, who, to, limit, rule)?;
            Ok(to)
        }
        _ => Ok(f.pos),
    }
}

/// M-MEL-011: named trigger hexes lie within the weapon's reach of the
/// waiting hex (and within the 3 hexes a trigger mask spans).
fn check_triggers(from: HexPos, reach: u32, hexes: &[HexPos]) -> Result<(), Illegal> {
    if hexes.len() > crate::model::action::MAX_TRIGGERS {
        return Err(Illegal::new("M-MEL-011", "too many trigger hexes"));
    }
    for &h in hexes {
        if h == from || from.distance(h) > reach || trigger_bit(from, h).is_none() {
            return Err(Illegal::new(
                "M-MEL-011",
                format!("{h} is not a hex within reach of {from}"),
            ));
        }
    }
    Ok(())
}

/// M-MEL-007: the maneuvers a feint may not be followed by: any missile
/// attack (Attack or Move shooting a missile weapon, Ranged Rapid Attack,
/// Pop-Up Attack, Opportunity Fire).
fn missile_attack(f: &Fighter, action: &Action) -> bool {
    let ranged = |s: &Strike| held(f, s).is_some_and(|h| h.weapon.ranged());
    match action {
        Action::RapidAttack(_) | Action::PopUp(_) | Action::OpportunityFire { .. } => true,
        Action::Attack(s) => ranged(s),
        Action::Move { shoot, .. } => shoot.is_some(),
        _ => false,
    }
}

/// Checks a close-combat move: a living foe and an able figure; for
/// [`Close::Enter`], a step to a free hex next to the foe (the entry into
/// the foe's hex is the last hex of the move, so the step is at most
/// `limit - 1`), a figure not yet in the foe's hex (a slam comes only on
/// first entering it, M-UNA-003) and a foe's hex holding no third figure;
/// for [`Close::InHex`], the foe's own hex (M-UNA-006).
fn check_close(
    state: &State,
    who: CombatantId,
    target: CombatantId,
    to: Option<HexPos>,
    limit: u32,
    rule: &'static str,
    how: Close,
) -> Result<(), Illegal> {
    let f = state.fighter(who);
    if target.index() >= state.fighters.len() || target == who {
        return Err(Illegal::input(format!("no target {target}")));
    }
    let t = state.fighter(target);
    if t.life == Life::Dead {
        return Err(Illegal::input("the target is dead"));
    }
    check_can_attack(state, who)?;
    if how == Close::InHex {
        if f.pos != t.pos {
            return Err(Illegal::new(rule, format!("{} is not in its hex", t.name)));
        }
        return Ok(());
    }
    if f.pos == t.pos {
        return Err(Illegal::new(
            rule,
            format!(
                "already in {}'s hex: this comes only on entering it",
                t.name
            ),
        ));
    }
    let from = match to {
        Some(to) if to != f.pos => {
            if f.held_by.is_some() {
                return Err(Illegal::new(
                    "M-UNA-006",
                    "a held figure cannot leave its hex",
                ));
            }
            move_ok(state, who, to, limit.saturating_sub(1), rule)?;
            to
        }
        _ => f.pos,
    };
    if from.distance(t.pos) != 1 {
        return Err(Illegal::new(
            rule,
            format!("{} is not next to {from}", t.name),
        ));
    }
    if !state.map.passable(t.pos)
        || state
            .first_at(t.pos, |i, o| {
                i != who && i != target && o.life != Life::Dead
            })
            .is_some()
    {
        return Err(Illegal::new(
            rule,
            format!("{}'s hex holds another figure already", t.name),
        ));
    }
    Ok(())
}

/// M-MEL-003, M-AOD-006: a Wild Swing during a Move: one attack, not with
/// a shot; from a free hex the move passes through (`s.to`, the figure's
/// own hex when left out), the two legs of the move within its allowance;
/// a melee strike at no hit location, at any arc (the figure turns to the
/// foe as it swings).
fn check_swing_on_the_move(
    state: &State,
    who: CombatantId,
    to: HexPos,
    limit: u32,
    s: &Strike,
    shooting: bool,
) -> Result<(), Illegal> {
    let f = state.fighter(who);
    if shooting {
        return Err(Illegal::new(
            "M-AOD-006",
            "a Move makes one attack: a shot or a Wild Swing",
        ));
    }
    if s.location.is_some() {
        return Err(Illegal::new(
            "M-MEL-003",
            "a Wild Swing cannot aim at a hit location",
        ));
    }
    if held(f, s).is_some_and(|h| h.weapon.ranged()) {
        return Err(Illegal::new("M-MEL-003", "a Wild Swing is a melee attack"));
    }
    if s.target.index() >= state.fighters.len() {
        return Err(Illegal::input(format!("no target {}", s.target)));
    }
    let point = s.to.unwrap_or(f.pos);
    let leg = |a: HexPos, b: HexPos| crate::rules::path::cost(state, who, a, b, limit);
    let legs = leg(f.pos, point).zip(leg(point, to)).map(|(a, b)| a + b);
    if legs.is_none_or(|c| c > limit) {
        return Err(Illegal::new(
            "M-MEL-003",
            format!("{point} is not on a path to {to} within {limit} hexes"),
        ));
    }
    move_ok(state, who, point, limit, "M-MEL-003")?;
    let mut inner = *s;
    inner.to = None;
    let mut moved = state.clone();
    let tp = state.fighter(s.target).pos;
    moved.place(who, point);
    let mf = moved.fighter_mut(who);
    if let Some(dir) = point.facing_toward(tp) {
        mf.facing = dir;
    }
    check_strike(&moved, who, &inner, true)
}

/// M-MEL-012, M-CRT-002 (decision): Ready Weapon picks a dropped weapon
/// up from the ground: after its step of up to 1 hex the figure is in the
/// weapon's hex or next to it, its weapon arm free (not held, M-UNA-006;
/// not crippled, M-PAT-005). A broken or wrested weapon is gone.
fn check_pick_up(
    state: &State,
    who: CombatantId,
    h: &crate::model::state::Held,
    to: Option<HexPos>,
) -> Result<(), Illegal> {
    let f = state.fighter(who);
    let Some(at) = h.ground else {
        return Err(Illegal::new(
            "M-CRT-002",
            format!("the {} is gone (broken or taken)", h.weapon.name),
        ));
    };
    if f.held_by.is_some() {
        return Err(Illegal::new("M-UNA-006", "the weapon arm is held"));
    }
    if f.is_crippled(Limb::WeaponArm) || f.is_crippled(Limb::WeaponHand) {
        return Err(Illegal::new("M-PAT-005", "the weapon arm is crippled"));
    }
    let from = own_step(state, who, to, 1, "M-MEL-012")?;
    if from.distance(at) > 1 {
        return Err(Illegal::new(
            "M-MEL-012",
            format!("the {} lies at {at}, out of reach of {from}", h.weapon.name),
        ));
    }
    Ok(())
}

/// Checks one declared maneuver: the figure able to declare it, then the
/// maneuver's own conditions, one step per kind.
pub fn check(state: &State, who: CombatantId, action: &Action) -> Result<(), Illegal> {
    check_able(state, who, action)?;
    match action {
        Action::DoNothing => Ok(()),
        Action::Move {
            to,
            evade,
            shoot,
            swing,
            ..
        } => check_move(state, who, *to, *evade, shoot.as_ref(), swing.as_ref()),
        Action::WildSwing(s) => check_wild_swing(state, who, s),
        Action::TwoWeaponAttack {
            target,
            first,
            second,
        } => check_two_weapons(state, who, *target, *first, *second),
        Action::AllOutCharge { strike, option } => check_charge(state, who, strike, *option),
        Action::PopUp(s) => check_pop_up(state, who, s),
        Action::Slam { target, to } => {
            let limit = move_allowance(state, who);
            check_close(state, who, *target, *to, limit, "M-UNA-003", Close::Enter)
        }
        Action::FlyingTackle { target, to } => {
            let limit = move_allowance(state, who) + 1;
            check_close(state, who, *target, *to, limit, "M-UNA-008", Close::Enter)
        }
        Action::Grapple { target, .. } => {
            check_close(state, who, *target, None, 0, "M-UNA-006", Close::InHex)
        }
        Action::Takedown { target } => check_takedown(state, who, *target),
        Action::Wait {
            weapon,
            mode,
            to,
            hexes,
        } => check_wait(state, who, *weapon, *mode, *to, hexes),
        Action::OpportunityFire { weapon, .. } => check_opportunity_fire(state, who, *weapon),
        Action::BreakFree { to } => check_break_free(state, who, *to),
        Action::Attack(s) => check_strike(state, who, s, false),
        Action::AllOutAttack { strike, .. } => check_strike(state, who, strike, true),
        Action::RapidAttack(s) => check_rapid_attack(state, who, s),
        Action::Feint { target, weapon } => check_feint(state, who, *target, *weapon),
        Action::AllOutDefense { kind, foe } => check_all_out_defense(state, *kind, *foe),
        Action::Retreat => check_retreat(state.fighter(who)),
        Action::Aim { target, weapon, to } => check_aim(state, who, *target, *weapon, *to),
        Action::Reload { weapon } => check_reload(state.fighter(who), *weapon),
        Action::ReadyWeapon { weapon, to } => check_ready_weapon(state, who, *weapon, *to),
        Action::ChangePosture { to } => check_posture(state.fighter(who), *to),
        Action::ReadyShield => check_ready_shield(state.fighter(who)),
    }
}

/// What any maneuver needs: a figure that can act, a panicked one only
/// fleeing (M-MOD-004), no missile attack after a feint (M-MEL-007).
fn check_able(state: &State, who: CombatantId, action: &Action) -> Result<(), Illegal> {
    let f = state.fighter(who);
    if !f.awake() {
        return Err(Illegal::input(format!("{} cannot act", f.name)));
    }
    if f.panic > 0
        && !matches!(
            action,
            Action::DoNothing | Action::Move { .. } | Action::AllOutDefense { .. }
        )
    {
        return Err(Illegal::new("M-MOD-004", "in panic: it can only flee"));
    }
    if f.just_feinted && missile_attack(f, action) {
        return Err(Illegal::new(
            "M-MEL-007",
            "a feint cannot be followed by a ranged attack or a Rapid Attack",
        ));
    }
    Ok(())
}

/// M-AOD-006: a Move within the allowance (M-RNG-007: swerving at most ½
/// MV, heavy evasion 1 hex), not while held (M-UNA-006), with at most one
/// Wild Swing (M-MEL-003) or a missile shot from where it ends (M-PAT-003).
fn check_move(
    state: &State,
    who: CombatantId,
    to: HexPos,
    evade: u8,
    shoot: Option<&Strike>,
    swing: Option<&Strike>,
) -> Result<(), Illegal> {
    let f = state.fighter(who);
    if f.held_by.is_some() && to != f.pos {
        return Err(Illegal::new(
            "M-UNA-006",
            "a held figure cannot leave its hex",
        ));
    }
    let limit = match evade {
        0 => move_allowance(state, who),
        // M-RNG-007: swerving at most ½ MV forward, heavy evasion 1 hex.
        1 => move_allowance(state, who) / 2,
        _ => 1,
    };
    move_ok(state, who, to, limit, "M-AOD-006")?;
    if let Some(s) = swing {
        check_swing_on_the_move(state, who, to, limit, s, shoot.is_some())?;
    }
    if let Some(s) = shoot {
        if held(f, s).is_none_or(|h| !h.weapon.ranged()) {
            return Err(Illegal::new(
                "M-PAT-003",
                "only a missile weapon shoots on the move",
            ));
        }
        let mut s = *s;
        s.to = None;
        let mut moved = state.clone();
        moved.place(who, to);
        check_strike(&moved, who, &s, false)?;
    }
    Ok(())
}

/// M-MEL-003: a Wild Swing: no hit location, a melee weapon, a move of up
/// to the full allowance first, and any arc (the figure faces the foe).
fn check_wild_swing(state: &State, who: CombatantId, s: &Strike) -> Result<(), Illegal> {
    let f = state.fighter(who);
    if s.location.is_some() {
        return Err(Illegal::new(
            "M-MEL-003",
            "a Wild Swing cannot aim at a hit location",
        ));
    }
    if held(f, s).is_some_and(|h| h.weapon.ranged()) {
        return Err(Illegal::new("M-MEL-003", "a Wild Swing is a melee attack"));
    }
    if s.target.index() >= state.fighters.len() {
        return Err(Illegal::input(format!("no target {}", s.target)));
    }
    let mut inner = *s;
    inner.to = None;
    let mut moved = state.clone();
    if let Some(to) = s.to {
        move_ok(state, who, to, move_allowance(state, who), "M-MEL-003")?;
        moved.place(who, to);
    }
    // Any arc: face the foe for the reach check.
    let tp = state.fighter(s.target).pos;
    let mf = moved.fighter_mut(who);
    if let Some(dir) = mf.pos.facing_toward(tp) {
        mf.facing = dir;
    }
    check_strike(&moved, who, &inner, true)
}

/// M-MEL-004: two different one-handed melee weapons, each able to
/// strike, and a sound off arm (M-PAT-005).
fn check_two_weapons(
    state: &State,
    who: CombatantId,
    target: CombatantId,
    first: u8,
    second: u8,
) -> Result<(), Illegal> {
    let f = state.fighter(who);
    if first == second {
        return Err(Illegal::new("M-MEL-004", "two different weapons"));
    }
    for w in [first, second] {
        let h = f
            .weapons
            .get(usize::from(w))
            .ok_or_else(|| Illegal::input(format!("no weapon {w}")))?;
        if h.weapon.ranged() || h.weapon.hands > 1 {
            return Err(Illegal::new(
                "M-MEL-004",
                "Two-Weapon Attack needs two one-handed melee weapons",
            ));
        }
        check_strike(state, who, &Strike::at(target).with(w, 0), true)?;
    }
    if f.is_crippled(Limb::ShieldArm) || f.is_crippled(Limb::OffHand) {
        return Err(Illegal::new("M-PAT-005", "the off arm is crippled"));
    }
    Ok(())
}

/// M-MEL-008: an All-Out Charge moves into the foe's hex, and (but for a
/// feint and slam) strikes from the hex before it, facing the foe.
fn check_charge(
    state: &State,
    who: CombatantId,
    strike: &Strike,
    option: crate::model::action::ChargeOption,
) -> Result<(), Illegal> {
    let Some(to) = strike.to else {
        return Err(Illegal::new(
            "M-MEL-008",
            "an All-Out Charge moves: give `to`",
        ));
    };
    check_close(
        state,
        who,
        strike.target,
        Some(to),
        move_allowance(state, who),
        "M-MEL-008",
        Close::Enter,
    )?;
    if !matches!(option, crate::model::action::ChargeOption::FeintSlam) {
        let mut inner = *strike;
        inner.to = None;
        let mut moved = state.clone();
        let tp = state.fighter(strike.target).pos;
        moved.place(who, to);
        let mf = moved.fighter_mut(who);
        if let Some(dir) = to.facing_toward(tp) {
            mf.facing = dir;
        }
        check_strike(&moved, who, &inner, true)?;
    }
    Ok(())
}

/// M-MIS-004: a Pop-Up Attack shoots a missile weapon.
fn check_pop_up(state: &State, who: CombatantId, s: &Strike) -> Result<(), Illegal> {
    if held(state.fighter(who), s).is_none_or(|h| !h.weapon.ranged()) {
        return Err(Illegal::new(
            "M-MIS-004",
            "a Pop-Up Attack shoots a missile weapon",
        ));
    }
    check_strike(state, who, s, false)
}

/// M-UNA-007: a Takedown of a standing foe the figure holds, in its hex.
fn check_takedown(state: &State, who: CombatantId, target: CombatantId) -> Result<(), Illegal> {
    check_close(state, who, target, None, 0, "M-UNA-007", Close::InHex)?;
    let t = state.fighter(target);
    if t.held_by.is_none_or(|(by, _)| by != who) || t.posture != Posture::Standing {
        return Err(Illegal::new(
            "M-UNA-007",
            "a Takedown needs a standing foe it holds",
        ));
    }
    Ok(())
}

/// M-MEL-011: a Wait with a ready melee weapon and mode, after a step of
/// up to 1 hex, its trigger hexes in reach.
fn check_wait(
    state: &State,
    who: CombatantId,
    weapon: u8,
    mode: u8,
    to: Option<HexPos>,
    hexes: &[HexPos],
) -> Result<(), Illegal> {
    match state.fighter(who).weapons.get(usize::from(weapon)) {
        Some(h)
            if !h.weapon.ranged()
                && h.ready
                && !h.lost
                && usize::from(mode) < h.weapon.modes.len() =>
        {
            check_can_attack(state, who)?;
            let from = own_step(state, who, to, 1, "M-MEL-011")?;
            check_triggers(from, u32::from(h.weapon.reach), hexes)
        }
        _ => Err(Illegal::new("M-MEL-011", "Wait needs a ready melee weapon")),
    }
}

/// M-MIS-005: Opportunity Fire needs a loaded missile weapon with shots.
fn check_opportunity_fire(state: &State, who: CombatantId, weapon: u8) -> Result<(), Illegal> {
    match state.fighter(who).weapons.get(usize::from(weapon)) {
        Some(h) if h.weapon.ranged() && h.loaded && !h.lost && h.ammo != Some(0) => {
            check_can_attack(state, who)
        }
        _ => Err(Illegal::new(
            "M-MIS-005",
            "Opportunity Fire needs a loaded missile weapon",
        )),
    }
}

/// M-UNA-011/012: breaking free of a hold, pinned only every 4th round;
/// the step comes once free, so the hold does not forbid it here.
fn check_break_free(state: &State, who: CombatantId, to: Option<HexPos>) -> Result<(), Illegal> {
    let f = state.fighter(who);
    match f.held_by {
        None => Err(Illegal::new("M-UNA-011", "not held")),
        Some(_) if state.round < f.break_free_from => Err(Illegal::new(
            "M-UNA-012",
            "pinned with both hands: only every 4th round",
        )),
        Some(_) => {
            if let Some(to) = to {
                move_ok(state, who, to, 1, "M-UNA-012")?;
            }
            Ok(())
        }
    }
}

/// M-MIS-002: Ranged Rapid Attack with a missile weapon, at least the
/// Snap Shot skill (not for a crossbow, whose reload is folded into the
/// round, M-ROA-006).
fn check_rapid_attack(state: &State, who: CombatantId, s: &Strike) -> Result<(), Illegal> {
    let f = state.fighter(who);
    // M-ROA-006: a crossbow's reload is folded into the round.
    let crossbow =
        held(f, s).is_some_and(|h| h.weapon.rate_class == RateClass::Crossbow && !h.loaded);
    if crossbow {
        let mut loaded = state.clone();
        loaded.fighter_mut(who).weapons[usize::from(s.weapon)].loaded = true;
        check_strike(&loaded, who, s, false)?;
    } else {
        check_strike(state, who, s, false)?;
    }
    let h = held(f, s)
        .ok_or_else(|| Illegal::new("M-MIS-002", "Ranged Rapid Attack needs a missile weapon"))?;
    if !h.weapon.ranged() {
        return Err(Illegal::new(
            "M-MIS-002",
            "Ranged Rapid Attack needs a missile weapon",
        ));
    }
    if h.weapon.rate_class != RateClass::Crossbow
        && h.weapon.snap_shot.is_some_and(|ss| h.skill < ss)
    {
        return Err(Illegal::new(
            "M-MIS-002",
            "Ranged Rapid Attack needs skill at least the Snap Shot",
        ));
    }
    Ok(())
}

/// M-MEL-007: a feint is a melee strike's check at a foe who sees it.
fn check_feint(
    state: &State,
    who: CombatantId,
    target: CombatantId,
    weapon: u8,
) -> Result<(), Illegal> {
    let s = Strike::at(target).with(weapon, 0);
    check_strike(state, who, &s, true)?;
    if !state.fighter(target).awake() {
        return Err(Illegal::new("M-MEL-007", "the target must see the feint"));
    }
    Ok(())
}

/// M-AOD-002: Single Foe Defense names one foe.
fn check_all_out_defense(
    state: &State,
    kind: AodKind,
    foe: Option<CombatantId>,
) -> Result<(), Illegal> {
    if kind == AodKind::SingleFoe && foe.is_none_or(|x| x.index() >= state.fighters.len()) {
        return Err(Illegal::new(
            "M-AOD-002",
            "Single Foe Defense names one foe",
        ));
    }
    Ok(())
}

/// M-AOD-005: a stunned figure cannot retreat.
fn check_retreat(f: &Fighter) -> Result<(), Illegal> {
    if f.stun.is_some() {
        return Err(Illegal::new("M-AOD-005", "a stunned figure cannot retreat"));
    }
    Ok(())
}

/// M-MIS-007: Aim with a missile weapon at another figure, ½ MV before a
/// first round of aim, none after.
fn check_aim(
    state: &State,
    who: CombatantId,
    target: CombatantId,
    weapon: u8,
    to: Option<HexPos>,
) -> Result<(), Illegal> {
    let f = state.fighter(who);
    f.weapons
        .get(usize::from(weapon))
        .filter(|h| h.weapon.ranged() && !h.lost)
        .ok_or_else(|| Illegal::new("M-MIS-007", "Aim needs a missile weapon"))?;
    if target.index() >= state.fighters.len() || target == who {
        return Err(Illegal::input(format!("no target {target}")));
    }
    // M-MIS-007: ½ MV before a first round of aim; none after.
    let again = f.aim.is_some_and(|(t, _)| t == target);
    if again && to.is_some_and(|to| to != f.pos) {
        return Err(Illegal::new(
            "M-MIS-007",
            "a further round of aiming allows no movement",
        ));
    }
    own_step(state, who, to, move_allowance(state, who) / 2, "M-MIS-007")?;
    Ok(())
}

/// M-MIS-009: a missile weapon to reload, not loaded, with missiles left.
fn check_reload(f: &Fighter, weapon: u8) -> Result<(), Illegal> {
    let h = f
        .weapons
        .get(usize::from(weapon))
        .ok_or_else(|| Illegal::input(format!("no weapon {weapon}")))?;
    if h.loaded || !h.weapon.ranged() {
        return Err(Illegal::new("M-MIS-009", "nothing to reload"));
    }
    if h.ammo == Some(0) {
        return Err(Illegal::new("M-MIS-009", "no missiles left"));
    }
    Ok(())
}

/// M-MEL-012: readying a weapon not ready (a lost one is picked up,
/// [`check_pick_up`]), with a step of up to 1 hex.
fn check_ready_weapon(
    state: &State,
    who: CombatantId,
    weapon: u8,
    to: Option<HexPos>,
) -> Result<(), Illegal> {
    let h = state
        .fighter(who)
        .weapons
        .get(usize::from(weapon))
        .ok_or_else(|| Illegal::input(format!("no weapon {weapon}")))?;
    if h.lost {
        return check_pick_up(state, who, h, to);
    }
    if h.ready {
        return Err(Illegal::new("M-MEL-012", "the weapon is ready"));
    }
    own_step(state, who, to, 1, "M-MEL-012")?;
    Ok(())
}

/// M-PAT-005: with a crippled leg or foot the figure may only crawl or
/// kneel; a change of posture is to another one.
fn check_posture(f: &Fighter, to: Posture) -> Result<(), Illegal> {
    let legs = [Limb::NearLeg, Limb::FarLeg, Limb::NearFoot, Limb::FarFoot];
    if matches!(to, Posture::Standing | Posture::Crouching)
        && legs.iter().any(|&l| f.is_crippled(l))
    {
        return Err(Illegal::new(
            "M-PAT-005",
            "with a crippled leg or foot the figure may only crawl or kneel",
        ));
    }
    if to == f.posture {
        return Err(Illegal::input("already in that posture"));
    }
    Ok(())
}

/// M-MEL-013: a shield on the back, on the ground or tangled to ready.
fn check_ready_shield(f: &Fighter) -> Result<(), Illegal> {
    match f.shield.as_ref().map(|s| s.state) {
        Some(ShieldState::Back | ShieldState::Ground | ShieldState::Tangled) => Ok(()),
        _ => Err(Illegal::new("M-MEL-013", "no shield to ready")),
    }
}
