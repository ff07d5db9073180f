//! The status panel: the round, whose turn it is and whose is next, and
//! every figure in turn order with its pools in its system's words and its
//! conditions with how long they last, laid out to a width.

use super::{fit, label_of, labels};
use fray_core::view::ConditionView;
use fray_core::{CombatantId, PoolView, Ruleset, Vitality};
use serde::Serialize;

/// The status of a fight at one moment, as data.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Status {
    /// The ruleset's round (turn, pulse) counter.
    pub round: u32,
    /// Whose turn it is.
    pub now: Option<CombatantId>,
    /// Who acts after it: the next in the order still able to act.
    pub next: Option<CombatantId>,
    /// Every figure, in turn order.
    pub figures: Vec<FigureStatus>,
}

/// One figure's line of the status.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FigureStatus {
    /// Who.
    pub id: CombatantId,
    /// The label the map shows it by.
    pub label: char,
    /// Its name.
    pub name: String,
    /// Its side's name.
    pub side: String,
    /// Its pools in the ruleset's order and words.
    pub pools: Vec<PoolView>,
    /// Coarse state.
    pub vitality: Vitality,
    /// Its conditions with how long they last.
    pub conditions: Vec<ConditionView>,
    /// Where it stands, in the ruleset's words.
    pub position: String,
    /// Who controls it (`human`, `ai:basic`).
    pub controller: String,
}

impl Status {
    /// The status of `state`; `now` is whose turn it is when the caller
    /// knows (the session waits for its action), else the ruleset's.
    pub fn of<R: Ruleset>(state: &R::State, now: Option<CombatantId>) -> Status {
        let roster = R::roster(state);
        let labels = labels(&roster);
        let order = R::turn_order(state);
        let now = now.or(order.now);
        let mut ids = order.order;
        // Figures the order leaves out (added late) go last, in roster order.
        for c in &roster {
            if !ids.contains(&c.id) {
                ids.push(c.id);
            }
        }
        let figures: Vec<FigureStatus> = ids
            .iter()
            .filter_map(|id| roster.iter().find(|c| c.id == *id))
            .map(|c| FigureStatus {
                id: c.id,
                label: label_of(&labels, c.id),
                name: c.name.clone(),
                side: c.side_name.clone(),
                pools: c.pools.clone(),
                vitality: c.vitality,
                conditions: R::conditions(state, c.id),
                position: c.position.clone(),
                controller: R::controller(state, c.id).to_string(),
            })
            .collect();
        let next = now.and_then(|now| {
            let at = figures.iter().position(|f| f.id == now)?;
            (1..figures.len())
                .map(|k| &figures[(at + k) % figures.len()])
                .find(|f| matches!(f.vitality, Vitality::Active | Vitality::Stunned))
                .map(|f| f.id)
        });
        Status {
            round: R::round(state),
            now,
            next,
            figures,
        }
    }

    fn name_of(&self, id: Option<CombatantId>) -> Option<&str> {
        let id = id?;
        self.figures
            .iter()
            .find(|f| f.id == id)
            .map(|f| f.name.as_str())
    }

    /// The panel as lines no wider than `width` (at least 20): a heading
    /// with whose turn it is and whose is next, then each figure in turn
    /// order (`>` marks whose turn it is) with its pools, controller, map
    /// label and place, and its conditions with how long they last on the
    /// lines below, wrapped.
    pub fn render(&self, width: usize) -> Vec<String> {
        let width = width.max(20);
        let mut heading = match self.name_of(self.now) {
            Some(now) => format!("== Round {}: {now}'s turn ==", self.round),
            None => format!("== Round {} ==", self.round),
        };
        if let Some(next) = self.name_of(self.next) {
            heading.push_str(&format!("  next: {next}"));
        }
        let mut lines = vec![fit(&heading, width)];
        for f in &self.figures {
            let mark = if Some(f.id) == self.now { '>' } else { ' ' };
            let pools = f
                .pools
                .iter()
                .map(|p| format!("{} {}/{}", p.label, p.current, p.max))
                .collect::<Vec<_>>()
                .join(", ");
            let state = match f.vitality {
                Vitality::Active => "",
                Vitality::Stunned => ", stunned",
                Vitality::Down => ", DOWN",
                Vitality::Dead => ", DEAD",
            };
            lines.push(fit(
                &format!(
                    "{mark} {} ({}): {pools}{state} [{}] {} {}",
                    f.name, f.side, f.controller, f.label, f.position
                ),
                width,
            ));
            let conditions: Vec<String> = f
                .conditions
                .iter()
                .map(|c| {
                    let notes: Vec<String> = [c.lasts.words(), c.rule.to_string()]
                        .into_iter()
                        .filter(|n| !n.is_empty())
                        .collect();
                    match notes.as_slice() {
                        [] => c.name.clone(),
                        _ => format!("{} ({})", c.name, notes.join(", ")),
                    }
                })
                .collect();
            lines.extend(wrap(&conditions, "    ", width));
        }
        lines
    }
}

/// `items` joined by ", " on lines starting with `indent`, none wider than
/// `width` (an item too long for a line alone is cut).
fn wrap(items: &[String], indent: &str, width: usize) -> Vec<String> {
    let room = width.saturating_sub(indent.len()).max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!("{item},")
        } else {
            item.clone()
        };
        let len = line.chars().count();
        if len > 0 && len + 1 + piece.chars().count() > room {
            lines.push(format!("{indent}{line}"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&fit(&piece, room));
    }
    if !line.is_empty() {
        lines.push(format!("{indent}{line}"));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions_wrap_at_the_width() {
        let items: Vec<String> = [
            "shock -2 (this turn)",
            "stunned (until shaken off)",
            "prone",
        ]
        .map(String::from)
        .to_vec();
        let lines = wrap(&items, "    ", 31);
        assert_eq!(
            lines,
            [
                "    shock -2 (this turn),",
                "    stunned (until shaken off),",
                "    prone"
            ]
        );
        assert!(lines.iter().all(|l| l.chars().count() <= 31));
    }
}
