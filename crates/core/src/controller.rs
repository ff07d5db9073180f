//! Who answers: for a combatant, for a side, or as the game master.
//!
//! Questions are addressed ([`Addressee`]) to a combatant (which defense?),
//! to a side (DragonQuest's winning side picks who goes first and orders its
//! figures) or to the game master (choices the rules leave to the GM). Each
//! seat has a [`Controller`]: AI tactics, a script, or a person.

use crate::ids::{CombatantId, SideId};
use crate::ruleset::SetupError;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// The controller of a combatant, written in scenario files as
/// `"ai"`, `"ai:<tactics>"`, `"human"` or `"script"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(try_from = "String", into = "String")]
#[schemars(with = "String")]
pub enum Controller {
    /// The ruleset's AI with the named tactics (`"default"` when omitted).
    Ai(String),
    /// A person at the table: the engine asks and waits ([`crate::Pending`]).
    Human,
    /// Every action comes from the input script; running out is an error.
    Script,
}

impl Controller {
    /// The tactics name for AI controllers.
    pub fn tactics(&self) -> Option<&str> {
        match self {
            Controller::Ai(t) => Some(t),
            _ => None,
        }
    }
}

impl Default for Controller {
    fn default() -> Self {
        Controller::Ai("default".into())
    }
}

impl FromStr for Controller {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "ai" => Ok(Controller::Ai("default".into())),
            "human" => Ok(Controller::Human),
            "script" => Ok(Controller::Script),
            _ => match s.strip_prefix("ai:") {
                Some(t) if !t.is_empty() => Ok(Controller::Ai(t.to_string())),
                _ => Err(format!(
                    "unknown controller `{s}`: expected \"ai\", \"ai:<tactics>\", \"human\" or \"script\""
                )),
            },
        }
    }
}

impl TryFrom<String> for Controller {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        s.parse()
    }
}

impl From<Controller> for String {
    fn from(c: Controller) -> String {
        c.to_string()
    }
}

impl fmt::Display for Controller {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Controller::Ai(t) if t == "default" => f.write_str("ai"),
            Controller::Ai(t) => write!(f, "ai:{t}"),
            Controller::Human => f.write_str("human"),
            Controller::Script => f.write_str("script"),
        }
    }
}

/// Whom a question is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Addressee {
    /// One combatant (its controller answers).
    Combatant(CombatantId),
    /// A side: its controller, or its leader's when the scenario names none.
    Side(SideId),
    /// The game master.
    GameMaster,
}

impl From<CombatantId> for Addressee {
    fn from(c: CombatantId) -> Self {
        Addressee::Combatant(c)
    }
}

/// Who answers for each side and for the game master, as a scenario sets it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seats {
    /// Per side (by [`SideId`] index): the controller the scenario names for
    /// the side, or `None` to let the side's leader answer.
    pub sides: Vec<Option<Controller>>,
    /// The game master: the AI by default, `human` when a GM runs the table.
    pub gm: Controller,
}

impl Seats {
    /// The controller named for `side`, if any.
    pub fn side(&self, side: SideId) -> Option<&Controller> {
        self.sides.get(side.index()).and_then(Option::as_ref)
    }
}

/// The `[controllers]` table of a scenario file: who answers for the
/// sides and for the game master.
///
/// ```toml
/// [controllers]
/// gm = "human"                     # the GM's choices are asked at the table
/// sides = { Orcs = "ai:aggressive" } # a side left out answers through its leader
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatsFile {
    /// The game master: `"ai"` (the default) or `"human"`.
    #[serde(default)]
    pub gm: Controller,
    /// Controllers by side name.
    #[serde(default)]
    pub sides: BTreeMap<String, Controller>,
}

impl SeatsFile {
    /// The seats for sides named `side_names` (in [`SideId`] order); a side
    /// the file names that has no combatant is an error at `controllers.sides.<name>`.
    pub fn seats(&self, side_names: &[String]) -> Result<Seats, SetupError> {
        if let Some(unknown) = self.sides.keys().find(|n| !side_names.contains(n)) {
            return Err(SetupError::new(
                format!("controllers.sides.{unknown}"),
                format!(
                    "no combatant is on side `{unknown}` (sides: {})",
                    side_names.join(", ")
                ),
            ));
        }
        Ok(Seats {
            sides: side_names
                .iter()
                .map(|n| self.sides.get(n).cloned())
                .collect(),
            gm: self.gm.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_form_and_round_trips() {
        for (text, want) in [
            ("ai", Controller::Ai("default".into())),
            ("ai:aggressive", Controller::Ai("aggressive".into())),
            ("human", Controller::Human),
            ("script", Controller::Script),
        ] {
            let c: Controller = text.parse().unwrap();
            assert_eq!(c, want);
            assert_eq!(c.to_string(), text);
        }
    }

    #[test]
    fn rejects_unknown_controllers_with_the_choices() {
        let err = "robot".parse::<Controller>().unwrap_err();
        assert!(err.contains("robot") && err.contains("\"human\""), "{err}");
        assert!("ai:".parse::<Controller>().is_err());
    }

    #[test]
    fn seats_name_known_sides_only() {
        let file = SeatsFile {
            gm: Controller::Human,
            sides: BTreeMap::from([("Orcs".to_string(), Controller::Script)]),
        };
        let names = ["Knights".to_string(), "Orcs".to_string()];
        let seats = file.seats(&names).unwrap();
        assert_eq!(seats.side(SideId(0)), None);
        assert_eq!(seats.side(SideId(1)), Some(&Controller::Script));
        assert_eq!(seats.gm, Controller::Human);
        let err = file.seats(&names[..1]).unwrap_err();
        assert_eq!(err.path, "controllers.sides.Orcs");
    }
}
