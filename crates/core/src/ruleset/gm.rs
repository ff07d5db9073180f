//! What a game master may change between steps, outside the rules.

use crate::ruleset::fight::Fight;

/// A game master's powers over a fight of this ruleset.
pub trait GmPowers: Fight {
    /// Applies a game master's override to the state between steps, and says
    /// what was done, one line per change, for the screen. Overrides are
    /// outside the rules: no dice, no questions; what follows from them
    /// (a consciousness roll at 0 HP) comes from the rules on later turns.
    /// [`crate::Override::EndFight`] never reaches it (sessions end the
    /// fight themselves). The default refuses every override.
    fn apply_override(
        state: &mut Self::State,
        ov: &crate::Override,
    ) -> Result<Vec<String>, crate::overrides::Refusal> {
        let _ = state;
        Err(crate::overrides::unsupported::<Self>(ov))
    }
}
