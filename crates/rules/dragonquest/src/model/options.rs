//! Rule switches: every decision of `docs/rules/dragonquest.md` with an
//! alternative has its option here (DESIGN.md invariant 6). A scenario sets
//! them under `[options]`; unknown keys are errors.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// DQ-13-005: what Evading adds to Defense.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EvadeDefense {
    /// modAG counts a second time (default).
    #[default]
    AgilityAgain,
    /// A fixed bonus.
    Fixed(i32),
    /// Nothing (only the right to parry).
    None,
}

/// DQ-13-005, DQ-13-008: how long an Evade or Defensive posture lasts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StanceDuration {
    /// Until the figure's next action (default).
    #[default]
    UntilNextAction,
    /// Until the end of the pulse.
    EndOfPulse,
}

/// DQ-17-011: where a shield counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ShieldArc {
    /// Against everything but rear attacks (DQ-17-010, default).
    #[default]
    NotRear,
    /// The optional rule: the hex straight ahead and the shield-side front hex.
    FrontAndShieldSide,
}

/// DQ-18-010: the optional damage bonuses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DamageBonus {
    /// Neither (default).
    #[default]
    Off,
    /// PS over the minimum (DQ-18-008) for every weapon that may use it.
    Ps,
    /// Rank (DQ-18-009).
    Rank,
    /// The better of the two for each weapon, one system per weapon.
    BestOf,
}

/// DQ-17-006: what failing a mishap roll costs an unbreakable attack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MishapFallback {
    /// The next action is lost (default).
    #[default]
    LoseNextAction,
    /// Nothing.
    None,
}

/// DQ-11-004: how the start distance is checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DistanceCheck {
    /// A warning event at the start (default).
    #[default]
    Warn,
    /// A setup error.
    Error,
    /// No check.
    Off,
}

/// DQ-24-005: how the cure roll compares with original EN.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CureCompare {
    /// Strictly under (default).
    #[default]
    Lt,
    /// Under or equal.
    Le,
}

/// DQ-13-009: how far a withdrawer outside the foe's melee zone moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WithdrawMove {
    /// Full TMR (default).
    #[default]
    FullTmr,
    /// Half TMR.
    HalfTmr,
}

/// DQ-00-014: the Ranged Zone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RangedZone {
    /// The 120° wedge through the outer front hexes (default).
    #[default]
    Wedge120,
    /// Everything ahead of the line through the flank corners.
    HalfPlane180,
}

fn three() -> i32 {
    3
}

/// DQ-14-015: how the "½ TMR" allowances round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Rounding {
    /// Down, as crawling does (default).
    #[default]
    Floor,
    /// To the nearest hex, halves up.
    Nearest,
}

/// DQ-23-002 ([outside source, unverified] §83.2): the Horsemanship ranks a
/// rider needs for each thing the summary forbids unless the rank allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HorsemanshipThresholds {
    /// Wielding a two-handed weapon in the saddle.
    pub two_handed: u8,
    /// Firing or throwing while the mount is moving.
    pub missile_moving: u8,
    /// Using two weapons at once.
    pub two_weapons: u8,
}

impl Default for HorsemanshipThresholds {
    fn default() -> Self {
        HorsemanshipThresholds {
            two_handed: 3,
            missile_moving: 5,
            two_weapons: 7,
        }
    }
}

/// The rule switches (docs/rules/dragonquest.md, "Decisions").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// DQ-11-004.
    #[serde(default)]
    pub start_distance_check: DistanceCheck,
    /// DQ-12-008: stunned figures still project a melee zone.
    #[serde(default = "fray_core::serde_fields::yes")]
    pub stunned_projects_mz: bool,
    /// DQ-13-001: engaged figures may fire.
    #[serde(default)]
    pub engaged_may_fire: bool,
    /// DQ-13-005.
    #[serde(default)]
    pub evade_defense_bonus: EvadeDefense,
    /// DQ-13-005, DQ-13-008.
    #[serde(default)]
    pub stance_duration: StanceDuration,
    /// DQ-13-009.
    #[serde(default)]
    pub withdraw_free_move: WithdrawMove,
    /// DQ-13-017: a figure that gets into the hex grapples at once.
    #[serde(default = "fray_core::serde_fields::yes")]
    pub close_includes_grapple_attack: bool,
    /// DQ-14-005: the AG multiplier of a jump's landing roll.
    #[serde(default = "three")]
    pub jump_ag_multiplier: i32,
    /// DQ-14-015: fractional allowances never fall below one hex.
    #[serde(default = "fray_core::serde_fields::yes")]
    pub min_one_hex: bool,
    /// DQ-15-002: modAG 26+ also gets the +1 TMR.
    #[serde(default)]
    pub very_high_ag_tmr_bonus: bool,
    /// DQ-15-003: the two actions of modAG 26+ may be the same.
    #[serde(default)]
    pub allow_repeat_action: bool,
    /// DQ-16-017: bare hands may knock out.
    #[serde(default = "fray_core::serde_fields::yes")]
    pub knockout_unarmed: bool,
    /// DQ-00-014.
    #[serde(default)]
    pub ranged_zone: RangedZone,
    /// DQ-17-005: 99 and 100 always miss.
    #[serde(default = "fray_core::serde_fields::yes")]
    pub natural_99_100_miss: bool,
    /// DQ-17-006.
    #[serde(default)]
    pub mishap_fallback: MishapFallback,
    /// DQ-17-009: missiles may be parried.
    #[serde(default)]
    pub parry_missiles: bool,
    /// DQ-17-009: the free attack needs the attacker in the parrier's melee zone.
    #[serde(default = "fray_core::serde_fields::yes")]
    pub riposte_requires_mz: bool,
    /// DQ-17-011.
    #[serde(default)]
    pub shield_arc: ShieldArc,
    /// DQ-18-002: damage past the FT left goes on to EN.
    #[serde(default)]
    pub ft_overflow_to_en: bool,
    /// DQ-18-010.
    #[serde(default)]
    pub damage_bonus_system: DamageBonus,
    /// DQ-19-004: a stunning hit also checks the shield.
    #[serde(default)]
    pub stun_drop_checks_shield: bool,
    /// DQ-19-006: a figure that recovers acts in the same pulse.
    #[serde(default)]
    pub act_on_recovery: bool,
    /// DQ-16-020: Disarm's 1 point ignores armor and FT.
    #[serde(default = "fray_core::serde_fields::yes")]
    pub disarm_damage_ignores_armor: bool,
    /// DQ-24-005.
    #[serde(default)]
    pub infection_cure_compare: CureCompare,
    /// DQ-18-007: a resisted breath never halves 1 point to 0.
    #[serde(default)]
    pub breath_half_min_one: bool,
    /// DQ-14-002: TMR per hexside a Move's final facing turns from the
    /// starting one (0: facing changes are free).
    #[serde(default)]
    pub facing_change_cost: i32,
    /// DQ-16-003: the strike chance modifier for a target in an obscured hex.
    #[serde(default)]
    pub obscured_target_sc_mod: i32,
    /// DQ-14-015: how "½ TMR" rounds.
    #[serde(default)]
    pub movement_rounding: Rounding,
    /// DQ-23-002: the Horsemanship ranks of §83.2 (placeholders).
    #[serde(default)]
    pub horsemanship_thresholds: HorsemanshipThresholds,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            start_distance_check: DistanceCheck::Warn,
            stunned_projects_mz: true,
            engaged_may_fire: false,
            evade_defense_bonus: EvadeDefense::AgilityAgain,
            stance_duration: StanceDuration::UntilNextAction,
            withdraw_free_move: WithdrawMove::FullTmr,
            close_includes_grapple_attack: true,
            jump_ag_multiplier: 3,
            min_one_hex: true,
            very_high_ag_tmr_bonus: false,
            allow_repeat_action: false,
            knockout_unarmed: true,
            ranged_zone: RangedZone::Wedge120,
            natural_99_100_miss: true,
            mishap_fallback: MishapFallback::LoseNextAction,
            parry_missiles: false,
            riposte_requires_mz: true,
            shield_arc: ShieldArc::NotRear,
            ft_overflow_to_en: false,
            damage_bonus_system: DamageBonus::Off,
            stun_drop_checks_shield: false,
            act_on_recovery: false,
            disarm_damage_ignores_armor: true,
            infection_cure_compare: CureCompare::Lt,
            breath_half_min_one: false,
            facing_change_cost: 0,
            obscured_target_sc_mod: 0,
            movement_rounding: Rounding::Floor,
            horsemanship_thresholds: HorsemanshipThresholds::default(),
        }
    }
}
