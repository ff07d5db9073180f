//! Roll requests (what the resolution asks the oracle) and roll records
//! (what the event log keeps).

use crate::ids::CombatantId;
use crate::modifier::ModList;
use crate::view::Screen;
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
    /// A roll the players must not see (the GM's secret roll): shown to them
    /// as "rolled in secret" ([`RollRecord::describe_for`]).
    pub secret: bool,
}

impl RollRequest {
    /// A roll by `roller` of `kind` for `label`, under `rule`.
    #[inline]
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
            secret: false,
        }
    }

    /// The same request with a target number.
    #[inline]
    pub fn against(mut self, target: i32) -> Self {
        self.target = Some(target);
        self
    }

    /// The same request, rolled in secret.
    #[inline]
    pub fn in_secret(mut self) -> Self {
        self.secret = true;
        self
    }
}

/// How a roll compares with its target.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reading {
    /// Succeeds at or under the target; margin = target - roll (GURPS,
    /// margin-3d6, DragonQuest percentiles).
    #[default]
    Under,
    /// Dice plus bonuses beat a number built from its own terms (d20-3d6's
    /// attack against Defense); margin = total - target.
    Over,
}

impl Reading {
    fn is_under(&self) -> bool {
        *self == Reading::Under
    }
}

/// Who reads a roll record: the GM sees everything, players not the secret rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    /// The game master (and narration of simulated or replayed fights).
    GameMaster,
    /// The players at the table.
    Players,
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

/// The dice of a roll one by one: the physical faces and the ruleset's
/// reading of them, in words (d20-3d6: `6 explodes, adds 4 = 10; 1 counts
/// 0; 3`), shown after the dice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Faces {
    /// The physical faces, in [`fray_dice::RollKind::from_faces`] order.
    pub faces: Vec<i32>,
    /// Their reading.
    pub detail: String,
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
    /// The dice one by one, when known (dice the engine drew, or typed
    /// die by die: [`crate::Oracle::last_faces`]); boxed, since most
    /// records have none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shown: Option<Box<Faces>>,
    /// The total rolled (for a roll-over, the dice plus the bonuses).
    pub total: i32,
    /// For a roll-over: what the dice alone showed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dice_total: Option<i32>,
    /// How the roll compares with its target.
    #[serde(skip_serializing_if = "Reading::is_under")]
    pub reading: Reading,
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
    /// For a roll-over: the terms added to the dice.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bonuses: Vec<ModifierRecord>,
    /// Rolled in secret by the GM.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub secret: bool,
    /// A secret roll as a player reads it: only that it was made, and
    /// what for ([`RollRecord::screen`]).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub withheld: bool,
}

fn records(mods: &ModList) -> Vec<ModifierRecord> {
    mods.iter()
        .map(|m| ModifierRecord {
            label: m.label.to_string(),
            value: m.value,
            rule: m.rule,
        })
        .collect()
}

/// `Broadsword 14 [G-X], neck -5 [G-LOC-002]`: the first term plain when it is a base.
fn terms(mods: &[ModifierRecord], first_is_base: bool) -> String {
    let parts: Vec<String> = mods
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let rule = if m.rule.is_empty() {
                String::new()
            } else {
                format!(" [{}]", m.rule)
            };
            if i == 0 && first_is_base {
                format!("{} {}{}", m.label, m.value, rule)
            } else {
                format!("{} {:+}{}", m.label, m.value, rule)
            }
        })
        .collect();
    parts.join(", ")
}

impl RollRecord {
    /// Records a roll of `req` that came out as `rolled`.
    pub fn new(req: &RollRequest, roller: Option<&str>, rolled: Rolled) -> Self {
        RollRecord {
            roller: roller.map(str::to_string),
            dice: req.kind.to_string(),
            ..Self::bare(req, rolled)
        }
    }

    /// The bare record of a roll of `req` that came out as `rolled`: what
    /// it was for and its total, without the roller's name or the dice
    /// written out. For sinks that read events without telling them
    /// ([`crate::Cx::telling`]: the exact odds' features).
    pub fn bare(req: &RollRequest, rolled: Rolled) -> Self {
        RollRecord {
            roller: None,
            label: req.label,
            rule: req.rule,
            dice: String::new(),
            shown: None,
            total: rolled.total,
            dice_total: None,
            reading: Reading::Under,
            target: None,
            margin: None,
            verdict: "",
            modifiers: Vec::new(),
            bonuses: Vec::new(),
            secret: req.secret,
            withheld: false,
        }
    }

    /// Adds the target, the margin (target - roll) and the modifiers behind
    /// it: a roll-under.
    pub fn with_target(mut self, mods: &ModList) -> Self {
        let target = mods.total();
        self.target = Some(target);
        self.margin = Some(target - self.total);
        self.modifiers = records(mods);
        self
    }

    /// A roll-over: the dice plus `bonuses` against the number `against`
    /// builds (a Defense), each list with its labels and rule IDs;
    /// margin = total - target.
    pub fn over(mut self, bonuses: &ModList, against: &ModList) -> Self {
        let target = against.total();
        self.dice_total = Some(self.total);
        self.total += bonuses.total();
        self.reading = Reading::Over;
        self.target = Some(target);
        self.margin = Some(self.total - target);
        self.bonuses = records(bonuses);
        self.modifiers = records(against);
        self
    }

    /// Adds the modifiers of a non-success roll (damage adds, for example).
    pub fn with_modifiers(mut self, mods: &ModList) -> Self {
        self.modifiers = records(mods);
        self
    }

    /// Adds the faces and the ruleset's reading of them.
    pub fn faces(mut self, faces: &[i32], detail: String) -> Self {
        self.shown = Some(Box::new(Faces {
            faces: faces.to_vec(),
            detail,
        }));
        self
    }

    /// Sets the verdict word.
    pub fn verdict(mut self, verdict: &'static str) -> Self {
        self.verdict = verdict;
        self
    }

    /// Renders `3d6 = 9 vs 9 (Broadsword 14, neck -5) -> success by 0`, or
    /// for a roll-over `3g6 = 11 + 7 (STR +4, magic +3) = 18 vs 15 (...) -> hit by 3`.
    pub fn describe(&self) -> String {
        if self.withheld {
            return format!("{} rolled in secret", self.dice);
        }
        let dice = match &self.shown {
            Some(shown) if !shown.detail.is_empty() => format!("{} ({})", self.dice, shown.detail),
            _ => self.dice.clone(),
        };
        let mut s = match self.dice_total {
            Some(total) if !self.bonuses.is_empty() => format!(
                "{dice} = {total} + {} ({}) = {}",
                self.total - total,
                terms(&self.bonuses, false),
                self.total
            ),
            _ => format!("{dice} = {}", self.total),
        };
        if let Some(t) = self.target {
            s.push_str(&format!(" vs {t}"));
        }
        if !self.modifiers.is_empty() {
            let base = self.target.is_some();
            s.push_str(&format!(" ({})", terms(&self.modifiers, base)));
        }
        if !self.verdict.is_empty() {
            s.push_str(&format!(" -> {}", self.verdict));
            if let Some(m) = self.margin {
                s.push_str(&format!(" by {}", m.abs()));
            }
        }
        s
    }

    /// The record as a seat behind `screen` may read it: a secret roll
    /// keeps only its dice and what it was for; a roll by a figure the
    /// screen hides keeps its dice, total and verdict, without the target,
    /// the margin or any term (they are the figure's sheet); and while any
    /// figure is hidden, a roll-over keeps the number it had to beat but
    /// not that number's terms (a hidden defender's sheet).
    pub fn screen(&mut self, screen: &Screen<'_>) {
        if self.secret {
            self.withheld = true;
            self.total = 0;
            self.shown = None;
            self.dice_total = None;
            self.target = None;
            self.margin = None;
            self.verdict = "";
            self.modifiers.clear();
            self.bonuses.clear();
        } else if self.roller.as_deref().is_some_and(|r| screen.hides(r)) {
            if let Some(dice) = self.dice_total.take() {
                self.total = dice;
            }
            self.target = None;
            self.margin = None;
            self.modifiers.clear();
            self.bonuses.clear();
        } else if self.reading == Reading::Over && screen.hides_any() {
            self.modifiers.clear();
        }
    }

    /// [`RollRecord::describe`] for `audience`: players see only that a
    /// secret roll was made, and what for.
    pub fn describe_for(&self, audience: Audience) -> String {
        match (self.secret, audience) {
            (true, Audience::Players) => format!("{} rolled in secret", self.dice),
            _ => self.describe(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_dice::RollKind;

    fn record(roller: &str, secret: bool) -> RollRecord {
        let mut req = RollRequest::new(Some(CombatantId(1)), RollKind::three_d6(), "attack", "G-X");
        if secret {
            req = req.in_secret();
        }
        let rolled = RollKind::three_d6().from_total(10).unwrap();
        let mut mods = ModList::base("Axe", 13, "G-ATK-024");
        mods.add("shock", -2, "G-INJ-001");
        RollRecord::new(&req, Some(roller), rolled)
            .with_target(&mods)
            .verdict("success")
    }

    #[test]
    fn a_screen_withholds_secret_rolls_and_hidden_figures_sheets() {
        let hide = |name: &str| name == "Orc";
        let screen = Screen::new(&hide, true);
        // A hidden figure's roll: the dice and the verdict, no target or terms.
        let orc = screen.roll(&record("Orc", false));
        assert_eq!(orc.describe(), "3d6 = 10 -> success");
        assert!(orc.target.is_none() && orc.modifiers.is_empty());
        // Another's stays whole.
        let knight = screen.roll(&record("Sir Ector", false));
        assert_eq!(knight.describe(), record("Sir Ector", false).describe());
        // A secret roll: only that it was made.
        let secret = Screen::secrets_only().roll(&record("Sir Ector", true));
        assert_eq!(secret.describe(), "3d6 rolled in secret");
        assert_eq!(secret.total, 0);
    }

    #[test]
    fn an_order_leaves_out_the_hidden_figures_values() {
        let hide = |name: &str| name.starts_with("Orc");
        let screen = Screen::new(&hide, true);
        let order = vec![("Sir Ector".to_string(), 6.0), ("Orc".to_string(), 5.5)];
        assert_eq!(screen.order(&order).as_deref(), Some("Sir Ector (6), Orc"));
        assert_eq!(Screen::secrets_only().order(&order), None);
    }
}
