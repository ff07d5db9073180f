//! What a person at the table sees: menus, shortcuts, the status panel and
//! the map, as data and as text.
//!
//! * [`menu::walk`] walks a ruleset's menu tree
//!   ([`fray_core::TableView::action_menu`], [`fray_core::TableView::answer_menu`])
//!   with a front end's [`menu::Chooser`]; typed words are read by
//!   [`shortcut::parse`].
//! * [`status::Status`] is the turn order and every figure's pools and
//!   conditions, laid out to a width; [`map::render`] draws the battle map
//!   around the figures.
//! * [`cell::move_to`] reads `move C4`, a move to a cell by its name on
//!   the map.
//! * [`named`] writes figures' names for the numbers ids display as
//!   (`#1`) in a ruleset's words.
//! * [`labels`] gives each figure the one-character label the map and the
//!   status share.

pub mod cell;
pub mod map;
pub mod menu;
pub mod shortcut;
pub mod status;

use fray_core::{CombatantId, CombatantView};

/// One character per figure, shared by the map and the status: its
/// initial, else (when several share it) a trailing number or the initial
/// of a later word ("Orc 2" is `2`, "Sir Gawain" is `G`), else any free
/// letter. Deterministic: roster order decides.
pub fn labels(roster: &[CombatantView]) -> Vec<(CombatantId, char)> {
    let initial = |name: &str| name.chars().next().map(|c| c.to_ascii_uppercase());
    let mut taken: Vec<char> = Vec::new();
    let mut out = Vec::new();
    for c in roster {
        let shared = roster
            .iter()
            .filter(|o| initial(&o.name) == initial(&c.name))
            .count()
            > 1;
        let mut candidates: Vec<char> = Vec::new();
        let words: Vec<&str> = c.name.split_whitespace().collect();
        if shared {
            if let Some(d) = c.name.chars().last().filter(char::is_ascii_digit) {
                candidates.push(d);
            }
            candidates.extend(words.iter().skip(1).filter_map(|w| initial(w)));
        }
        candidates.extend(initial(&c.name));
        candidates.extend(
            c.name
                .chars()
                .filter(char::is_ascii_alphanumeric)
                .map(|ch| ch.to_ascii_uppercase()),
        );
        candidates.extend('A'..='Z');
        candidates.extend('a'..='z');
        candidates.extend('0'..='9');
        let label = candidates
            .into_iter()
            .find(|ch| !taken.contains(ch) && !ch.is_whitespace())
            .unwrap_or('?');
        taken.push(label);
        out.push((c.id, label));
    }
    out
}

/// The label of `id` in `labels`, `?` if it has none.
pub fn label_of(labels: &[(CombatantId, char)], id: CombatantId) -> char {
    labels
        .iter()
        .find(|(c, _)| *c == id)
        .map_or('?', |(_, l)| *l)
}

/// Replaces combatant numbers (`#1`, as ids display) with the roster's
/// names; a number nobody has stays as it is.
pub fn named(text: &str, roster: &[CombatantView]) -> String {
    fray_core::ids::with_names(text, |id| {
        roster.iter().find(|c| c.id == id).map(|c| c.name.as_str())
    })
}

/// Cuts `text` to `width` characters, ending with `…` when cut.
pub fn fit(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    if width == 0 {
        return String::new();
    }
    let mut out: String = text.chars().take(width - 1).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_core::{SideId, Vitality};

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
    fn labels_are_initials_then_numbers_then_later_words() {
        let roster = [
            view(0, "Sir Bors"),
            view(1, "Orc 1"),
            view(2, "Orc 2"),
            view(3, "Sir Gawain"),
            view(4, "Thorn"),
        ];
        let got: String = labels(&roster).into_iter().map(|(_, l)| l).collect();
        assert_eq!(got, "B12GT");
    }

    #[test]
    fn numbers_become_names_and_unknown_ones_stay() {
        let roster = [view(0, "Ann"), view(1, "Bob")];
        assert_eq!(named("Attack #1", &roster), "Attack Bob");
        assert_eq!(named("#0 and #12, #", &roster), "Ann and #12, #");
        assert_eq!(named("no ids", &roster), "no ids");
    }

    #[test]
    fn text_is_cut_with_an_ellipsis() {
        assert_eq!(fit("Sir Gawain", 5), "Sir …");
        assert_eq!(fit("Bors", 5), "Bors");
    }
}
