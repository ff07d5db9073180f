//! Rule switches (`[options]` in a scenario): every interpretation the
//! checklist decides where the summary is silent, with its alternatives
//! (DESIGN.md invariant 6; the list is in `docs/rules/d20-3d6.md`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// How the attack total is compared with Defense (X-ATK-004).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum HitCompare {
    /// total >= Defense.
    #[default]
    Ge,
    /// total > Defense.
    Gt,
}

/// How initiative is rolled (X-SEQ-001).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum InitiativeRoll {
    /// 3 golden d6 + DEX + circumstances.
    #[default]
    #[serde(rename = "golden_3d6_dex")]
    Golden3d6Dex,
    /// DEX + circumstances, no dice (ties still roll off).
    FixedDex,
}

/// When initiative is rolled (X-SEQ-001).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum InitiativeFrequency {
    /// Once, at the start of the fight.
    #[default]
    Once,
    /// At the start of every round.
    EveryRound,
}

/// Who rolls initiative (X-SEQ-001): each combatant, or each side's leader
/// for the whole side (group initiative, a common table practice that keeps
/// big fights quick at the table and in the exact odds).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum InitiativeGroups {
    /// Every combatant rolls.
    #[default]
    Individual,
    /// Each side's leader rolls; the side acts in scenario order.
    Side,
}

/// Fatigue penalties at levels 1/2/3 (X-DEF-004).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum FatiguePenalties {
    /// -1/-2/-4 (Common Conditions).
    #[default]
    #[serde(rename = "1_2_4")]
    OneTwoFour,
    /// -1/-2/-3 (Situational tables).
    #[serde(rename = "1_2_3")]
    OneTwoThree,
}

/// What a critical failure is (X-ATK-008).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CriticalFailure {
    /// Three 1s on the base dice.
    #[default]
    TripleOne,
    /// Three 1s, or failing by 8 or more.
    TripleOneOrFailBy8,
}

/// What a critical adds (X-DMG-003).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CriticalDie {
    /// The weapon's whole dice expression per critical.
    #[default]
    WeaponExpression,
    /// One die of the weapon's size per critical.
    SingleDie,
}

/// Whether a critical hit may still explode (X-DMG-004).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CriticalExplosion {
    /// No explosion at all on a hit with criticals.
    #[default]
    None,
    /// The base die may explode; critical dice never do.
    BaseDieOnly,
}

/// Attacks of opportunity (X-ACT-007).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Opportunity {
    /// Leaving a threatened square provokes.
    #[default]
    Movement,
    /// Nothing provokes.
    Off,
}

/// Scope of the -3 for a heavy off-hand weapon (X-MUL-004).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum HeavyOffhandScope {
    /// Every attack of the turn while fighting with two weapons: the
    /// off-hand attack and every attack after it in the turn, either hand
    /// (not a main-hand attack before any off-hand attack).
    #[default]
    AllAttacks,
    /// The off-hand attack only.
    OffhandOnly,
}

/// The low-level option (X-MUL-006).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LowLevelOption {
    /// Not available.
    Off,
    /// The attacker may choose it.
    #[default]
    Choice,
}

/// A helpless creature's Defense (X-SIT-006).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum HelplessDefense {
    /// DEX, shield and skill are dropped.
    #[default]
    DropDexShieldSkill,
    /// Full Defense.
    Full,
}

/// Facing, for attacks from behind (X-SIT-003).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FacingModel {
    /// A creature faces its last attack, else its last step.
    #[default]
    LastAction,
    /// No facing: never from behind.
    None,
}

/// The blinded miss chance die (X-CON-009).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MissChanceDie {
    /// A d6: 1-3 miss.
    #[default]
    D6,
    /// A d100: 1-50 miss.
    D100,
}

/// Magical healing on a dying creature (X-LIF-010).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DyingMagicHeal {
    /// Any amount sets HP to exactly 1.
    #[default]
    SetTo1,
    /// HP to 0, then the full amount.
    FromZero,
}

/// Rest healing (X-LIF-011).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RestHeal {
    /// CON + ECL (BAB for creatures without ECL).
    #[default]
    ConPlusEcl,
    /// CON + BAB.
    ConPlusBab,
}

/// Nonlethal damage (X-LIF-014).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum NonlethalModel {
    /// Its own counter.
    #[default]
    SeparateCounter,
    /// Nonlethal damage is lethal.
    Off,
}

/// A ranged critical failure into melee (X-RNG-007).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RangedFumble {
    /// A random creature near the target is hit.
    #[default]
    AutoHitRandom,
    /// Just a miss.
    Off,
}

/// A successful feint (X-SPM-002).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FeintEffect {
    /// No positive DEX in Defense against the feinter's next melee attack.
    #[default]
    NoDex,
    /// Surprised (-2) against that attack.
    Surprised,
}

/// Prone Defense against ranged attacks (X-DEF-003).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum ProneVsRanged {
    /// No change.
    #[default]
    #[serde(rename = "0")]
    Zero,
    /// -4, as in melee.
    #[serde(rename = "-4")]
    Minus4,
    /// +4 (d20 practice).
    #[serde(rename = "+4")]
    Plus4,
}

/// Every rule switch, each defaulting to the checklist's decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// X-ATK-004.
    pub hit_compare: HitCompare,
    /// X-SEQ-001.
    pub initiative_roll: InitiativeRoll,
    /// X-SEQ-001.
    pub initiative_frequency: InitiativeFrequency,
    /// X-SEQ-001 (group initiative).
    pub initiative_groups: InitiativeGroups,
    /// X-SEQ-003: +16 gives both benefits.
    pub critical_initiative_cumulative: bool,
    /// X-SEQ-004.
    pub surprise_blocks_reactions: bool,
    /// X-ATK-008.
    pub critical_failure: CriticalFailure,
    /// X-ATK-009.
    pub auto_hit_ignores_miss_chance: bool,
    /// X-ATK-011.
    pub golden_autos_on_checks: bool,
    /// X-DMG-002: the most criticals a hit may score (none: no cap).
    pub max_criticals: Option<u8>,
    /// X-DMG-003.
    pub critical_die: CriticalDie,
    /// X-DMG-004.
    pub critical_explosion: CriticalExplosion,
    /// X-DMG-007.
    pub edx_overrides_small_die: bool,
    /// X-ACT-007.
    pub attacks_of_opportunity: Opportunity,
    /// X-MUL-001: the step of the multiple-attack penalty.
    pub multiple_attack_step: i32,
    /// X-MUL-004.
    pub heavy_offhand_penalty_scope: HeavyOffhandScope,
    /// X-MUL-006.
    pub low_level_option: LowLevelOption,
    /// X-MAN-008: Prepared Defense more than once a turn.
    pub prep_defense_stack: bool,
    /// X-MAN-009.
    pub total_defense_forbids_attacks: bool,
    /// X-MAN-006: the shortest charge, in metres.
    pub charge_min_distance_m: u32,
    /// X-DEF-003.
    pub prone_defense_vs_ranged: ProneVsRanged,
    /// X-DEF-004.
    pub fatigue_penalties: FatiguePenalties,
    /// X-DEF-009: complete cover forbids the attack.
    pub complete_cover_blocks: bool,
    /// X-SIT-006.
    pub helpless_defense: HelplessDefense,
    /// X-SIT-003.
    pub facing_model: FacingModel,
    /// X-CON-009.
    pub miss_chance_die: MissChanceDie,
    /// X-LIF-010.
    pub dying_magic_heal: DyingMagicHeal,
    /// X-LIF-011.
    pub rest_heal: RestHeal,
    /// X-LIF-014.
    pub nonlethal_model: NonlethalModel,
    /// X-RNG-007.
    pub ranged_fumble_in_melee: RangedFumble,
    /// X-RNG-003: the last range increment allowed.
    pub max_range_increments: u32,
    /// X-SPM-001: maneuvers count (and are penalised) as attacks.
    pub maneuvers_use_attack_progression: bool,
    /// X-SPM-002.
    pub feint_effect: FeintEffect,
    /// X-SPM-006.
    pub overrun_knocks_prone: bool,
    /// X-SPM-003: the bull rusher follows its push, square for square.
    pub bull_rush_follow: bool,
    /// X-SPM-004: actions to escape a grapple.
    pub escape_actions: u8,
    /// X-CON-013.
    pub grappled_can_move: bool,
    /// X-DEF-008: the most normal actions a stunned creature has (none: 3).
    pub stunned_max_actions: Option<u8>,
    /// X-CON-012: the DEX -2 also on attacks and Defense.
    pub entangled_dex_stacks: bool,
    /// X-ATK-007: at most this many trust-to-luck dice per roll.
    pub trust_to_luck_max: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hit_compare: HitCompare::Ge,
            initiative_roll: InitiativeRoll::Golden3d6Dex,
            initiative_frequency: InitiativeFrequency::Once,
            initiative_groups: InitiativeGroups::Individual,
            critical_initiative_cumulative: true,
            surprise_blocks_reactions: true,
            critical_failure: CriticalFailure::TripleOne,
            auto_hit_ignores_miss_chance: false,
            golden_autos_on_checks: true,
            max_criticals: None,
            critical_die: CriticalDie::WeaponExpression,
            critical_explosion: CriticalExplosion::None,
            edx_overrides_small_die: true,
            attacks_of_opportunity: Opportunity::Movement,
            multiple_attack_step: 5,
            heavy_offhand_penalty_scope: HeavyOffhandScope::AllAttacks,
            low_level_option: LowLevelOption::Choice,
            prep_defense_stack: false,
            total_defense_forbids_attacks: true,
            charge_min_distance_m: 2,
            prone_defense_vs_ranged: ProneVsRanged::Zero,
            fatigue_penalties: FatiguePenalties::OneTwoFour,
            complete_cover_blocks: false,
            helpless_defense: HelplessDefense::DropDexShieldSkill,
            facing_model: FacingModel::LastAction,
            miss_chance_die: MissChanceDie::D6,
            dying_magic_heal: DyingMagicHeal::SetTo1,
            rest_heal: RestHeal::ConPlusEcl,
            nonlethal_model: NonlethalModel::SeparateCounter,
            ranged_fumble_in_melee: RangedFumble::AutoHitRandom,
            max_range_increments: 3,
            maneuvers_use_attack_progression: true,
            feint_effect: FeintEffect::NoDex,
            overrun_knocks_prone: false,
            bull_rush_follow: true,
            escape_actions: 2,
            grappled_can_move: false,
            stunned_max_actions: None,
            entangled_dex_stacks: false,
            trust_to_luck_max: 1,
        }
    }
}
