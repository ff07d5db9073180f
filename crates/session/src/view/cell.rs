//! `move C4`: a move to a cell named as the text map names it (column
//! letters above the map, row numbers down its side,
//! [`fray_core::view::CellNames`]), in every ruleset with a map
//! ([`fray_core::TableView::move_to`]).

use fray_core::{CombatantId, Ruleset};

/// Why `move C4` moves no one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The ruleset plays on no map.
    #[error("this fight has no map to move on")]
    NoMap,
    /// The name is not a cell of the map.
    #[error("{name} is not on the map")]
    OffTheMap {
        /// The name typed.
        name: String,
    },
    /// The rules allow no move there now (too far, taken, blocked).
    #[error("{who} cannot move to {name} now")]
    NotAllowed {
        /// Who was to move.
        who: String,
        /// The name typed.
        name: String,
    },
}

/// Reads `move C4` (also `move to C4`, `go C4`): `None` when the text is
/// not of that shape (so `move toward orc` stays a menu shortcut), else
/// the move the ruleset makes of it for `actor`, or why there is none.
pub fn move_to<R: Ruleset>(
    state: &R::State,
    actor: CombatantId,
    text: &str,
) -> Option<Result<R::Action, MoveError>> {
    let words: Vec<String> = text.split_whitespace().map(str::to_lowercase).collect();
    let name = match words.as_slice() {
        [verb, name] if verb == "move" || verb == "go" => name,
        [verb, to, name] if (verb == "move" || verb == "go") && to == "to" => name,
        _ => return None,
    };
    let looks_like_a_name = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && name.chars().last().is_some_and(|c| c.is_ascii_digit())
        && name.chars().all(|c| c.is_ascii_alphanumeric());
    if !looks_like_a_name {
        return None;
    }
    let Some(view) = R::map_view(state) else {
        return Some(Err(MoveError::NoMap));
    };
    let shown = name.to_uppercase();
    let Some(cell) = view.names().parse(name).filter(|c| view.cells.contains(c)) else {
        return Some(Err(MoveError::OffTheMap { name: shown }));
    };
    Some(
        R::move_to(state, actor, cell).ok_or_else(|| MoveError::NotAllowed {
            who: R::name(state, actor).to_string(),
            name: shown,
        }),
    )
}
