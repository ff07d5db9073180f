//! Who answers for a combatant: AI tactics, a script, or a person.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
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
}
