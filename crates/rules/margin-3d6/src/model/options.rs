//! Rule switches: where the summary is silent or ambiguous the checklist
//! decides, and each decision has a switch (DESIGN.md invariant 6; the
//! list is in `docs/rules/margin-3d6.md`). A scenario sets them under
//! `[options]`; unknown keys are errors.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// How the defender's AD meets the attacker's successes (M-DEF-011).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DefenseModel {
    /// Net successes = attack successes - AD (the default).
    #[default]
    SubtractAd,
    /// Any successful defense stops the attack [GURPS 3e].
    Negate,
}

/// A defense that leaves exactly 0 net successes (M-DEF-011).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum NetZero {
    /// A 25% graze (the default).
    #[default]
    Graze25,
    /// A miss.
    Miss,
}

/// What PD does (M-ARM-010).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PdMode {
    /// Added to every active defense roll (the default) [GURPS 3e].
    #[default]
    AddToDefense,
    /// Subtracted from the attacker's successes.
    AttackPenalty,
    /// Ignored.
    Off,
}

/// Which hexes a shield's PD covers (M-ARM-004).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ShieldPdArc {
    /// Only the front-side hex on the shield's side (the default).
    #[default]
    ShieldSideFrontHex,
    /// The three front hexes and the shield-side hex [GURPS 3e].
    FrontAndShieldSide,
}

/// What a natural critical success on an attack does (M-FLO-004).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum NaturalCritical {
    /// A critical hit that allows no defense roll (the default).
    #[default]
    UndefendableCritical,
    /// Only its margin counts.
    MarginOnly,
}

/// When the ranged damage cap applies (M-DMG-005).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MaxDamageStage {
    /// To the full damage, before the fraction (the default).
    #[default]
    BeforeFraction,
    /// To the damage after the fraction.
    AfterFraction,
}

/// The ST table past ST 27 (M-DMG-010).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StBeyond {
    /// Extrapolate (the default).
    #[default]
    Extrapolate,
    /// Clamp at ST 27.
    Clamp,
}

/// How crippling blows compare with HT/2 and HT/3 (M-CKS-001/002).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Compare {
    /// At least (the default).
    #[default]
    Ge,
    /// More than.
    Gt,
}

/// How layered DR combines (M-ARM-003).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LayeredDr {
    /// Layers add (the default).
    #[default]
    Sum,
    /// Only the highest layer counts.
    Highest,
}

/// When the shield risks breaking after a block (M-DEF-007).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ShieldBreak {
    /// Only a block made exactly (0 successes; the default).
    #[default]
    Exact,
    /// Every successful block.
    AnySuccess,
}

/// Where the critical table's ×2 and ×3 apply (M-CRT-004).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CritStage {
    /// To the basic damage before DR (the default) [GURPS 3e].
    #[default]
    Basic,
    /// To what gets through DR.
    Penetrating,
}

/// When another death check is due below -HT (M-PEN-003).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeathRepeat {
    /// Every further 5 HP from any cause (the default).
    #[default]
    Every5Any,
    /// At each further multiple of HT [GURPS 3e].
    PerMultipleOfHt,
}

/// Melee weapon attacks from the ground (M-PAT-001).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LyingMelee {
    /// A crawling or lying figure makes no melee weapon attack (the
    /// default): the summary lists -4 for "ranged weapons only".
    #[default]
    Forbidden,
    /// It may, at the posture's -4.
    Minus4,
}

/// The rule switches of a scenario (`[options]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// M-DEF-011 `defense_model`.
    pub defense_model: DefenseModel,
    /// M-DEF-011 `net_zero_after_defense`.
    pub net_zero_after_defense: NetZero,
    /// M-ARM-010 `pd_mode`.
    pub pd_mode: PdMode,
    /// M-ARM-004 `shield_pd_arc`.
    pub shield_pd_arc: ShieldPdArc,
    /// M-FLO-004 `natural_critical_attack`.
    pub natural_critical_attack: NaturalCritical,
    /// M-FLO-003 `min_target`.
    pub min_target: i32,
    /// M-ARM-011 `pd_only_roll`.
    pub pd_only_roll: bool,
    /// M-DMG-005 `max_damage_stage`.
    pub max_damage_stage: MaxDamageStage,
    /// M-DMG-010 `st_table_beyond`.
    pub st_table_beyond: StBeyond,
    /// M-ARM-003 `layered_dr`.
    pub layered_dr: LayeredDr,
    /// M-CKS-007 `vital_impaling_multiplier` (3 or 2).
    pub vital_impaling_multiplier: i32,
    /// M-CKS-001/002 `cripple_compare`.
    pub cripple_compare: Compare,
    /// M-DEF-007 `shield_break_check`.
    pub shield_break_check: ShieldBreak,
    /// M-CRT-004 `crit_multiplier_stage`.
    pub crit_multiplier_stage: CritStage,
    /// M-PEN-003 `death_check_repeat`.
    pub death_check_repeat: DeathRepeat,
    /// M-PEN-002 `incapacitated_can_attack`.
    pub incapacitated_can_attack: bool,
    /// M-RHL-001 / M-OPT-001 `random_hit_location` (off by default).
    pub random_hit_location: bool,
    /// M-BLD-001 / M-OPT-001 `bleeding` (off by default).
    pub bleeding: bool,
    /// M-BLD-001 `post_battle_minutes`.
    pub post_battle_minutes: u32,
    /// M-PEN-005 fatigue costs per round by encumbrance (on by default).
    pub fatigue: bool,
    /// Play the aftermath when the fight ends: treatment, bleeding, waking,
    /// healing and lasting injuries (M-BLD, M-HEA, M-NAT; off by default).
    pub aftermath: bool,
    /// M-MMT-001 / M-OPT-001 `stray_missiles` (off by default).
    pub stray_missiles: bool,
    /// M-RNG-008 / M-DAT-008 `obstruction_move_cost`: hexes of a move spent
    /// to enter an obstruction hex (1 to 3; 2 by default: climbing over).
    pub obstruction_move_cost: u32,
    /// M-PAT-001 `lying_melee`.
    pub lying_melee: LyingMelee,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            defense_model: DefenseModel::default(),
            net_zero_after_defense: NetZero::default(),
            pd_mode: PdMode::default(),
            shield_pd_arc: ShieldPdArc::default(),
            natural_critical_attack: NaturalCritical::default(),
            min_target: 3,
            pd_only_roll: true,
            max_damage_stage: MaxDamageStage::default(),
            st_table_beyond: StBeyond::default(),
            layered_dr: LayeredDr::default(),
            vital_impaling_multiplier: 3,
            cripple_compare: Compare::default(),
            shield_break_check: ShieldBreak::default(),
            crit_multiplier_stage: CritStage::default(),
            death_check_repeat: DeathRepeat::default(),
            incapacitated_can_attack: false,
            random_hit_location: false,
            bleeding: false,
            post_battle_minutes: 60,
            fatigue: true,
            aftermath: false,
            stray_missiles: false,
            obstruction_move_cost: 2,
            lying_melee: LyingMelee::default(),
        }
    }
}
