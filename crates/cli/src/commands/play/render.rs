//! What the table sees: the combatants, menus and roll prompts, with
//! combatants named rather than numbered. Ruleset-generic: it works from
//! `Ruleset::roster` and the `Display` of actions, questions and answers.

use super::prompt::to_inline;
use crate::commands::fight::describe;
use fray_core::{CombatantView, RollRequest, Ruleset};

/// The commands every prompt knows, with `R`'s own action examples
/// (`Ruleset::ACTION_EXAMPLES`) for typing an action as inline TOML.
pub fn help<R: Ruleset>() -> String {
    let examples = R::ACTION_EXAMPLES.join("  or  ");
    format!(
        "\
Commands at every prompt:
  NUMBER      choose that entry of the menu
  {{ ... }}     type an action or answer as inline TOML, e.g.
              {examples}
  Enter       at a roll: roll for me; or type a total (11) or the faces (3 4 4)
  state       show the combatants again
  undo        take back your last decision (and the AI moves after it)
  save FILE   write the input log (fray play SCENARIO --resume FILE continues it,
              fray fight SCENARIO --inputs FILE replays it)
  quit        leave the game (inputs not saved are lost)"
    )
}

/// Replaces combatant numbers (`#1`, as ids display) with names.
pub fn named(text: &str, roster: &[CombatantView]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('#') {
        out.push_str(&rest[..at]);
        let digits = rest[at + 1..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len() - at - 1);
        let number = &rest[at + 1..at + 1 + digits];
        let name = number
            .parse::<u16>()
            .ok()
            .and_then(|n| roster.iter().find(|c| c.id.0 == n));
        match name {
            Some(c) => out.push_str(&c.name),
            None => out.push_str(&rest[at..at + 1 + digits]),
        }
        rest = &rest[at + 1 + digits..];
    }
    out.push_str(rest);
    out
}

/// The state block: round, whose turn, and every combatant with its controller.
pub fn state<R: Ruleset>(state: &R::State, turn: Option<fray_core::CombatantId>) -> Vec<String> {
    let roster = R::roster(state);
    let mut lines = vec![match turn {
        Some(who) => format!(
            "== Round {}: {}'s turn ==",
            R::round(state),
            R::name(state, who)
        ),
        None => format!("== Round {} ==", R::round(state)),
    }];
    for c in &roster {
        let mark = if Some(c.id) == turn { ">" } else { " " };
        lines.push(format!(
            "{mark} {} [{}]",
            describe(c),
            R::controller(state, c.id)
        ));
    }
    lines
}

/// A numbered menu of `items` worded by `label`, named; entries that would
/// read alike get their inline TOML so each can be told apart (and typed).
pub fn menu<T: serde::Serialize>(
    items: &[T],
    label: impl Fn(&T) -> String,
    roster: &[CombatantView],
) -> Vec<String> {
    let labels: Vec<String> = items.iter().map(|i| named(&label(i), roster)).collect();
    labels
        .iter()
        .zip(items)
        .enumerate()
        .map(|(n, (label, item))| {
            if labels.iter().filter(|l| *l == label).count() > 1 {
                format!("  {:>2}. {label}   {}", n + 1, to_inline(item))
            } else {
                format!("  {:>2}. {label}", n + 1)
            }
        })
        .collect()
}

/// "Sir Bors rolls 3d6 for attack (target 9): press Enter to roll, or type the dice".
pub fn roll_prompt<R: Ruleset>(state: &R::State, req: &RollRequest) -> String {
    let who = match req.roller {
        Some(id) => R::name(state, id).to_string(),
        None => "The game master".to_string(),
    };
    let target = req
        .target
        .map(|t| format!(" (target {t})"))
        .unwrap_or_default();
    format!(
        "{who} rolls {} for {}{target}: press Enter to roll, or type the dice \
         (a total like 11, or faces like 3 4 4)",
        req.kind, req.label
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_core::{CombatantId, SideId, Vitality};
    use fray_gurps::Gurps;

    fn view(id: u16, name: &str) -> CombatantView {
        CombatantView {
            id: CombatantId(id),
            name: name.into(),
            side: SideId(0),
            side_name: "A".into(),
            pools: vec![],
            vitality: Vitality::Active,
            conditions: vec![],
            position: String::new(),
        }
    }

    #[test]
    fn numbers_become_names_and_unknown_ones_stay() {
        let roster = [view(0, "Ann"), view(1, "Bob")];
        assert_eq!(named("Attack #1", &roster), "Attack Bob");
        assert_eq!(named("#0 and #12, #", &roster), "Ann and #12, #");
        assert_eq!(named("no ids", &roster), "no ids");
    }

    #[test]
    fn the_help_shows_the_rulesets_own_action_examples() {
        let help = help::<Gurps>();
        assert!(
            help.contains("\n              do_nothing  or  { move = { to = { q = 1, r = 0 } } }\n"),
            "{help}"
        );
        assert!(help.contains("{ ... }     type an action"), "{help}");
    }
}
