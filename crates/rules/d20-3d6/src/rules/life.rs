//! Life and death (X-LIF), and the time scale (X-QCK-004..007).

use crate::model::options::{NonlethalModel, RestHeal};
use crate::model::state::Life;

/// X-QCK-004: seconds in a round.
pub const ROUND_SECONDS: u32 = 10;
/// X-QCK-005: rounds in a minute.
pub const ROUNDS_PER_MINUTE: u32 = 6;
/// X-QCK-006: rounds in a time-turn of 10 minutes.
pub const ROUNDS_PER_TIME_TURN: u32 = 60;
/// X-LIF-007: rounds in an hour.
pub const ROUNDS_PER_HOUR: u32 = 360;

/// X-LIF-004: dead at -(10 + CON/2) or lower; CON/2 rounds toward zero
/// (`con_in_formulas = modifier`).
pub const fn death_at(con: i32) -> i32 {
    -(10 + con / 2)
}

/// X-LIF-001..004, X-LIF-014: health from HP and nonlethal damage. Death is final.
pub fn life_of(hp: i32, nonlethal: i32, con: i32, was: Life, model: NonlethalModel) -> Life {
    if was == Life::Dead || hp <= death_at(con) {
        Life::Dead
    } else if hp < 0 {
        Life::Dying
    } else if hp == 0 {
        Life::Unconscious
    } else if model == NonlethalModel::SeparateCounter && nonlethal >= hp {
        Life::KnockedOut
    } else {
        Life::Fine
    }
}

/// X-LIF-006, X-LIF-008, X-LIF-009: the First Aid DC: 12 at 0 HP; 12 + the
/// negative HP + 2 per earlier attempt for a dying patient.
pub fn first_aid_dc(hp: i32, tries: u8) -> i32 {
    if hp >= 0 {
        12
    } else {
        12 + (-hp) + 2 * i32::from(tries)
    }
}

/// X-LIF-011: HP back from 8 hours of rest: max(1, CON + ECL), BAB for
/// creatures without ECL (or always, `rest_heal = con_plus_bab`).
pub fn rest_heal(con: i32, ecl: Option<i32>, bab: i32, rule: RestHeal) -> i32 {
    let level = match rule {
        RestHeal::ConPlusEcl => ecl.unwrap_or(bab),
        RestHeal::ConPlusBab => bab,
    };
    (con + level).max(1)
}

/// X-LIF-012: nonlethal damage recovered per hour: CON, at least 1.
pub fn nonlethal_per_hour(con: i32) -> i32 {
    con.max(1)
}

/// X-LIF-013: maximum HP recovered per rest: max(1, 1d4 + CON).
pub fn max_hp_recovery(d4: i32, con: i32) -> i32 {
    (d4 + con).max(1)
}

/// X-LIF-007: the Fortitude DC after an hour at 0 HP.
pub const HOUR_AT_ZERO_DC: i32 = 15;
/// X-LIF-006, X-LIF-008: First Aid costs 2 actions.
pub const FIRST_AID_ACTIONS: u8 = 2;
