//! Which maneuvers are legal now: typed refusals with the rule that forbids.

use crate::model::action::{Action, Strike, Unarmed};
use crate::model::data::RateClass;
use crate::model::location::Limb;
use crate::model::state::{AodKind, Life, Posture, ShieldState, State, trigger_bit};
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
    let f = state.fighter(who);
    if s.target.index() >= state.fighters.len() || s.target == who {
        return Err(Illegal::input(format!("no target {}", s.target)));
    }
    let t = state.fighter(s.target);
    if t.life == Life::Dead {
        return Err(Illegal::input(format!("{} is dead", t.name)));
    }
    if incapacitated(f) && !state.options.incapacitated_can_attack {
        return Err(Illegal::new(
            "M-PEN-002",
            "an incapacitated figure cannot attack",
        ));
    }
    match s.unarmed {
        Some(u) if !f.strikes_with(u) => {
            return Err(Illegal::new(
                "M-UNA-001",
                format!("this figure does not {}", u.name()),
            ));
        }
        Some(Unarmed::ShieldBash) if !crate::rules::armor::shield_usable(f) => {
            return Err(Illegal::new("M-MEL-010", "no ready shield to bash with"));
        }
        Some(Unarmed::Punch) if f.is_crippled(Limb::WeaponHand) && f.is_crippled(Limb::OffHand) => {
            return Err(Illegal::new("M-PAT-005", "both hands are crippled"));
        }
        Some(_) => {}
        None => {
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
                let from = s.to.unwrap_or(f.pos);
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
            } else if f.posture.down()
                && state.options.lying_melee == crate::model::options::LyingMelee::Forbidden
            {
                return Err(Illegal::new(
                    "M-PAT-001",
                    "a crawling or lying figure may not make melee weapon attacks",
                ));
            }
        }
    }
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
fn missile_attack(f: &crate::model::state::Fighter, action: &Action) -> bool {
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
    if incapacitated(f) && !state.options.incapacitated_can_attack {
        return Err(Illegal::new(
            "M-PEN-002",
            "an incapacitated figure cannot attack",
        ));
    }
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

/// Checks one declared maneuver.
pub fn check(state: &State, who: CombatantId, action: &Action) -> Result<(), Illegal> {
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
    match action {
        Action::DoNothing => Ok(()),
        Action::Move {
            to,
            evade,
            shoot,
            swing,
            ..
        } => {
            if f.held_by.is_some() && *to != f.pos {
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
            move_ok(state, who, *to, limit, "M-AOD-006")?;
            if let Some(s) = swing {
                check_swing_on_the_move(state, who, *to, limit, s, shoot.is_some())?;
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
                moved.place(who, *to);
                check_strike(&moved, who, &s, false)?;
            }
            Ok(())
        }
        Action::WildSwing(s) => {
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
        Action::TwoWeaponAttack {
            target,
            first,
            second,
        } => {
            if first == second {
                return Err(Illegal::new("M-MEL-004", "two different weapons"));
            }
            for w in [*first, *second] {
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
                check_strike(state, who, &Strike::at(*target).with(w, 0), true)?;
            }
            if f.is_crippled(Limb::ShieldArm) || f.is_crippled(Limb::OffHand) {
                return Err(Illegal::new("M-PAT-005", "the off arm is crippled"));
            }
            Ok(())
        }
        Action::AllOutCharge { strike, option } => {
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
        Action::PopUp(s) => {
            if held(f, s).is_none_or(|h| !h.weapon.ranged()) {
                return Err(Illegal::new(
                    "M-MIS-004",
                    "a Pop-Up Attack shoots a missile weapon",
                ));
            }
            check_strike(state, who, s, false)
        }
        Action::Slam { target, to } => check_close(
            state,
            who,
            *target,
            *to,
            move_allowance(state, who),
            "M-UNA-003",
            Close::Enter,
        ),
        Action::FlyingTackle { target, to } => check_close(
            state,
            who,
            *target,
            *to,
            move_allowance(state, who) + 1,
            "M-UNA-008",
            Close::Enter,
        ),
        Action::Grapple { target, .. } => {
            check_close(state, who, *target, None, 0, "M-UNA-006", Close::InHex)
        }
        Action::Takedown { target } => {
            check_close(state, who, *target, None, 0, "M-UNA-007", Close::InHex)?;
            let t = state.fighter(*target);
            if t.held_by.is_none_or(|(by, _)| by != who) || t.posture != Posture::Standing {
                return Err(Illegal::new(
                    "M-UNA-007",
                    "a Takedown needs a standing foe it holds",
                ));
            }
            Ok(())
        }
        Action::Wait {
            weapon,
            mode,
            to,
            hexes,
        } => match f.weapons.get(usize::from(*weapon)) {
            Some(h)
                if !h.weapon.ranged()
                    && h.ready
                    && !h.lost
                    && usize::from(*mode) < h.weapon.modes.len() =>
            {
                if incapacitated(f) && !state.options.incapacitated_can_attack {
                    return Err(Illegal::new(
                        "M-PEN-002",
                        "an incapacitated figure cannot attack",
                    ));
                }
                let from = own_step(state, who, *to, 1, "M-MEL-011")?;
                check_triggers(from, u32::from(h.weapon.reach), hexes)?;
                Ok(())
            }
            _ => Err(Illegal::new("M-MEL-011", "Wait needs a ready melee weapon")),
        },
        Action::OpportunityFire { weapon, .. } => match f.weapons.get(usize::from(*weapon)) {
            Some(h) if h.weapon.ranged() && h.loaded && !h.lost && h.ammo != Some(0) => {
                if incapacitated(f) && !state.options.incapacitated_can_attack {
                    return Err(Illegal::new(
                        "M-PEN-002",
                        "an incapacitated figure cannot attack",
                    ));
                }
                Ok(())
            }
            _ => Err(Illegal::new(
                "M-MIS-005",
                "Opportunity Fire needs a loaded missile weapon",
            )),
        },
        Action::BreakFree { to } => match f.held_by {
            None => Err(Illegal::new("M-UNA-011", "not held")),
            Some(_) if state.round < f.break_free_from => Err(Illegal::new(
                "M-UNA-012",
                "pinned with both hands: only every 4th round",
            )),
            Some(_) => {
                // M-UNA-012: the step is taken only once free, so the hold
                // does not forbid it here.
                if let Some(to) = to {
                    move_ok(state, who, *to, 1, "M-UNA-012")?;
                }
                Ok(())
            }
        },
        Action::Attack(s) => check_strike(state, who, s, false),
        Action::AllOutAttack { strike, .. } => check_strike(state, who, strike, true),
        Action::RapidAttack(s) => {
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
            let h = held(f, s).ok_or_else(|| {
                Illegal::new("M-MIS-002", "Ranged Rapid Attack needs a missile weapon")
            })?;
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
        Action::Feint { target, weapon } => {
            let s = Strike::at(*target).with(*weapon, 0);
            check_strike(state, who, &s, true)?;
            if !state.fighter(*target).awake() {
                return Err(Illegal::new("M-MEL-007", "the target must see the feint"));
            }
            Ok(())
        }
        Action::AllOutDefense { kind, foe } => {
            if *kind == AodKind::SingleFoe && foe.is_none_or(|x| x.index() >= state.fighters.len())
            {
                return Err(Illegal::new(
                    "M-AOD-002",
                    "Single Foe Defense names one foe",
                ));
            }
            Ok(())
        }
        Action::Retreat => {
            if f.stun.is_some() {
                return Err(Illegal::new("M-AOD-005", "a stunned figure cannot retreat"));
            }
            Ok(())
        }
        Action::Aim { target, weapon, to } => {
            f.weapons
                .get(usize::from(*weapon))
                .filter(|h| h.weapon.ranged() && !h.lost)
                .ok_or_else(|| Illegal::new("M-MIS-007", "Aim needs a missile weapon"))?;
            if target.index() >= state.fighters.len() || *target == who {
                return Err(Illegal::input(format!("no target {target}")));
            }
            // M-MIS-007: ½ MV before a first round of aim; none after.
            let again = f.aim.is_some_and(|(t, _)| t == *target);
            if again && to.is_some_and(|to| to != f.pos) {
                return Err(Illegal::new(
                    "M-MIS-007",
                    "a further round of aiming allows no movement",
                ));
            }
            own_step(state, who, *to, move_allowance(state, who) / 2, "M-MIS-007")?;
            Ok(())
        }
        Action::Reload { weapon } => {
            let h = f
                .weapons
                .get(usize::from(*weapon))
                .ok_or_else(|| Illegal::input(format!("no weapon {weapon}")))?;
            if h.loaded || !h.weapon.ranged() {
                return Err(Illegal::new("M-MIS-009", "nothing to reload"));
            }
            if h.ammo == Some(0) {
                return Err(Illegal::new("M-MIS-009", "no missiles left"));
            }
            Ok(())
        }
        Action::ReadyWeapon { weapon, to } => {
            let h = f
                .weapons
                .get(usize::from(*weapon))
                .ok_or_else(|| Illegal::input(format!("no weapon {weapon}")))?;
            if h.lost {
                return check_pick_up(state, who, h, *to);
            }
            if h.ready {
                return Err(Illegal::new("M-MEL-012", "the weapon is ready"));
            }
            own_step(state, who, *to, 1, "M-MEL-012")?;
            Ok(())
        }
        Action::ChangePosture { to } => {
            let legs = [Limb::NearLeg, Limb::FarLeg, Limb::NearFoot, Limb::FarFoot];
            if matches!(to, Posture::Standing | Posture::Crouching)
                && legs.iter().any(|&l| f.is_crippled(l))
            {
                return Err(Illegal::new(
                    "M-PAT-005",
                    "with a crippled leg or foot the figure may only crawl or kneel",
                ));
            }
            if *to == f.posture {
                return Err(Illegal::input("already in that posture"));
            }
            Ok(())
        }
        Action::ReadyShield => match f.shield.as_ref().map(|s| s.state) {
            Some(ShieldState::Back | ShieldState::Ground | ShieldState::Tangled) => Ok(()),
            _ => Err(Illegal::new("M-MEL-013", "no shield to ready")),
        },
    }
}
