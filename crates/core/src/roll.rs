//! Roll requests (what the resolution asks the oracle) and roll records
//! (what the event log keeps).

use crate::ids::CombatantId;
use crate::modifier::ModList;
use fray_dice::{RollKind, Rolled};
use serde::Serialize;

/// A request for one roll. Plain `Copy` data: building one costs nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RollRequest {
    /// Who rolls: a combatant, or `None` for the game master.
    pub roller: Option<CombatantId>,
    /// The dice: a typed kind whose exact distribution the dice crate knows.
    pub kind: RollKind,
    /// What the roll is for, e.g. `"attack"`, `"dodge"`, `"damage"`.
    pub label: &'static str,
    /// The checklist ID of the rule that calls for the roll.
    pub rule: &'static str,
    /// The number to roll against, when there is one (for people rolling by hand).
    pub target: Option<i32>,
}

impl RollRequest {
    /// A roll by `roller` of `kind` for `label`, under `rule`.
    pub fn new(
        roller: Option<CombatantId>,
        kind: RollKind,
        label: &'static str,
        rule: &'static str,
    ) -> Self {
        RollRequest {
            roller,
            kind,
            label,
            rule,
            target: None,
        }
    }

    /// The same request with a target number.
    pub fn against(mut self, target: i32) -> Self {
        self.target = Some(target);
        self
    }
}

/// One modifier as recorded in an event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ModifierRecord {
    /// What the term is.
    pub label: String,
    /// Its value.
    pub value: i32,
    /// The checklist ID, omitted for plain stats.
    #[serde(skip_serializing_if = "str::is_empty")]
    pub rule: &'static str,
}

/// A roll as the audit trail keeps it: the dice, what they were against,
/// the margin and every modifier with its rule ID.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RollRecord {
    /// Who rolled (a name), or `None` for the game master.
    pub roller: Option<String>,
    /// What the roll was for.
    pub label: &'static str,
    /// The rule that called for it.
    pub rule: &'static str,
    /// The dice, in notation (`3d6`).
    pub dice: String,
    /// The total rolled.
    pub total: i32,
    /// The effective target, for success rolls.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<i32>,
    /// Target minus roll, for success rolls.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margin: Option<i32>,
    /// A one-word verdict: `success`, `critical failure`, `hit`...
    #[serde(skip_serializing_if = "str::is_empty")]
    pub verdict: &'static str,
    /// The terms that make up the target (or the damage).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub modifiers: Vec<ModifierRecord>,
}

impl RollRecord {
    /// Records a roll of `req` that came out as `rolled`.
    pub fn new(req: &RollRequest, roller: Option<&str>, rolled: Rolled) -> Self {
        RollRecord {
            roller: roller.map(str::to_string),
            label: req.label,
            rule: req.rule,
            dice: req.kind.to_string(),
            total: rolled.total,
            target: None,
            margin: None,
            verdict: "",
            modifiers: Vec::new(),
        }
    }

    /// Adds the target, the margin (target - roll) and the modifiers behind it.
    pub fn with_target(mut self, mods: &ModList) -> Self {
        let target = mods.total();
        self.target = Some(target);
        self.margin = Some(target - self.total);
        self.modifiers = mods
            .iter()
            .map(|m| ModifierRecord {
                label: m.label.to_string(),
                value: m.value,
                rule: m.rule,
            })
            .collect();
        self
    }

    /// Adds the modifiers of a non-success roll (damage adds, for example).
    pub fn with_modifiers(mut self, mods: &ModList) -> Self {
        self.modifiers = mods
            .iter()
            .map(|m| ModifierRecord {
                label: m.label.to_string(),
                value: m.value,
                rule: m.rule,
            })
            .collect();
        self
    }

    /// Sets the verdict word.
    pub fn verdict(mut self, verdict: &'static str) -> Self {
        self.verdict = verdict;
        self
    }

    /// Renders `3d6 = 9 vs 9 (Broadsword 14, neck -5) -> success by 0`.
    pub fn describe(&self) -> String {
        let mut s = format!("{} = {}", self.dice, self.total);
        if let Some(t) = self.target {
            s.push_str(&format!(" vs {t}"));
        }
        if !self.modifiers.is_empty() {
            let parts: Vec<String> = self
                .modifiers
                .iter()
                .enumerate()
                .map(|(i, m)| {
                    let rule = if m.rule.is_empty() {
                        String::new()
                    } else {
                        format!(" [{}]", m.rule)
                    };
                    if i == 0 && self.target.is_some() {
                        format!("{} {}{}", m.label, m.value, rule)
                    } else {
                        format!("{} {:+}{}", m.label, m.value, rule)
                    }
                })
                .collect();
            s.push_str(&format!(" ({})", parts.join(", ")));
        }
        if !self.verdict.is_empty() {
            s.push_str(&format!(" -> {}", self.verdict));
            if let Some(m) = self.margin {
                s.push_str(&format!(" by {}", m.abs()));
            }
        }
        s
    }
}
