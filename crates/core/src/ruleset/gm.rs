//! What a game master may change between steps, outside the rules.
//!
//! [`GmPowers::apply_override`] sorts an override to one hook per kind
//! (pools, conditions, delay, a late arrival, a removal); a ruleset writes
//! only the hooks it supports, in its own words, and every other kind is
//! refused as unsupported. The roster helpers the hooks share (names,
//! sides, free cells, ids shifted after a removal) are in
//! [`crate::overrides`].

use crate::Override;
use crate::overrides::{Refusal, unsupported};
use crate::ruleset::fight::Fight;

/// What a hook returns: the lines saying what was done, or why not.
pub type Said = Result<Vec<String>, Refusal>;

/// A game master's powers over a fight of this ruleset.
pub trait GmPowers: Fight {
    /// Applies a game master's override to the state between steps, and says
    /// what was done, one line per change, for the screen. Overrides are
    /// outside the rules: no dice, no questions; what follows from them
    /// (a consciousness roll at 0 HP) comes from the rules on later turns.
    /// [`crate::Override::EndFight`] never reaches it (sessions end the
    /// fight themselves). The default gives each kind to its hook.
    fn apply_override(state: &mut Self::State, ov: &Override) -> Said {
        match ov {
            Override::Damage { .. } | Override::Heal { .. } | Override::SetPool { .. } => {
                Self::change_pool(state, ov)
            }
            Override::AddCondition { who, condition } => {
                Self::change_condition(state, who, condition, true)
            }
            Override::RemoveCondition { who, condition } => {
                Self::change_condition(state, who, condition, false)
            }
            Override::Delay { who } => Self::delay(state, who),
            Override::AddCombatant {
                name,
                template,
                side,
                cell,
            } => Self::join(state, name, template, side, *cell),
            Override::RemoveCombatant { who } => Self::remove(state, who),
            Override::EndFight { .. } => Err(unsupported::<Self>(ov)),
        }
    }

    /// Damage, healing or a pool set (`ov` is one of the three). Refused
    /// by default; a ruleset whose pools are plain numbers hands it to
    /// [`crate::overrides::apply_to_pools`].
    fn change_pool(state: &mut Self::State, ov: &Override) -> Said {
        let _ = state;
        Err(unsupported::<Self>(ov))
    }

    /// The condition named `condition` put on (`add`) or taken off the
    /// figure named `who`, in the ruleset's words. Refused by default.
    fn change_condition(state: &mut Self::State, who: &str, condition: &str, add: bool) -> Said {
        let _ = state;
        let ov = if add {
            Override::AddCondition {
                who: who.into(),
                condition: condition.into(),
            }
        } else {
            Override::RemoveCondition {
                who: who.into(),
                condition: condition.into(),
            }
        };
        Err(unsupported::<Self>(&ov))
    }

    /// The figure named `who` acts later in the order. Refused by default.
    fn delay(state: &mut Self::State, who: &str) -> Said {
        let _ = state;
        Err(unsupported::<Self>(&Override::Delay { who: who.into() }))
    }

    /// A late arrival named `name`, built from `template`, on `side` at
    /// `cell`. Refused by default.
    fn join(
        state: &mut Self::State,
        name: &str,
        template: &str,
        side: &str,
        cell: [i32; 2],
    ) -> Said {
        let _ = state;
        Err(unsupported::<Self>(&Override::AddCombatant {
            name: name.into(),
            template: template.into(),
            side: side.into(),
            cell,
        }))
    }

    /// The figure named `who` taken off the field. Refused by default.
    fn remove(state: &mut Self::State, who: &str) -> Said {
        let _ = state;
        Err(unsupported::<Self>(&Override::RemoveCombatant {
            who: who.into(),
        }))
    }
}
