//! Rule options: the `opt:` switches of the checklist's decisions.
//!
//! Scenario files set them under `[options]`; every field defaults to the
//! engine's documented decision (docs/rules/gurps.md).

use crate::model::location::HitTable;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// How attacks from behind are defended (G-DEF-014).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RearAttacks {
    /// The cheat sheet: Dodge only at -4 against an attacker that started in the back hex.
    #[default]
    Source,
    /// Basic Set: no defense against such an attacker.
    Basic,
}

/// How total surprise plays (G-TURN-005).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SurpriseRule {
    /// The cheat sheet: frozen for 1d seconds (not with Combat Reflexes), then stunned.
    #[default]
    Source,
    /// Basic Set: no freeze; everyone surprised starts mentally stunned.
    Basic,
}

/// How much a sprint adds (G-MOV-002).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SprintRule {
    /// The summary: +1 movement point.
    #[default]
    Source,
    /// Basic Set: +20% of Move, fractions dropped, at least +1.
    Basic,
}

/// How far a Jump goes (G-JMP-001, G-EXT-032).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum JumpRule {
    /// The cheat sheet: Move/2 or Jumping/4 hexes, x2 running, x1/2 in combat.
    #[default]
    Source,
    /// Basic Set: a broad jump of 2 x Basic Move - 3 feet, in whole yards.
    Basic,
}

/// Rule switches for one scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// G-LOC-001: `summary` (default) or `basic` random hit-location table.
    pub hit_table: HitTable,
    /// G-DEF-014: `source` (default) or `basic` treatment of attacks from the back.
    pub rear_attacks: RearAttacks,
    /// G-ATK-005: the two foes of a Dual-Weapon Attack must stand in
    /// neighbouring hexes (default `true`).
    pub dual_targets_adjacent: bool,
    /// G-ATK-026: darkness, 0 (light) to 9 points off every attack.
    pub darkness: u8,
    /// G-DEF-008: parrying a weapon three times as heavy breaks the
    /// parrying weapon on 1d at most this (default 2; 0 never).
    pub parry_break_chance: u8,
    /// G-TURN-005: `source` (default) or `basic` total surprise.
    pub surprise: SurpriseRule,
    /// G-MOV-002: `source` (default, +1) or `basic` (+20% of Move) sprinting.
    pub sprint: SprintRule,
    /// G-AOD-003: All-Out Defense (Increased Dodge) may move half Move
    /// (default `true`); `false` allows a step only.
    pub aod_dodge_half_move: bool,
    /// G-JMP-001 / G-EXT-032: `source` (default) or `basic` jumping.
    pub jump: JumpRule,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hit_table: HitTable::default(),
            rear_attacks: RearAttacks::default(),
            dual_targets_adjacent: true,
            darkness: 0,
            parry_break_chance: 2,
            surprise: SurpriseRule::default(),
            sprint: SprintRule::default(),
            aod_dodge_half_move: true,
            jump: JumpRule::default(),
        }
    }
}
