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

    /// The tactics of an AI controller whichever AI plays them
    /// ([`tactic_word`]); `None` for a person or a script.
    pub fn tactic(&self) -> Option<&str> {
        self.tactics().map(tactic_word)
    }

    /// Whether an AI controller asks for the first AI (`ai:basic`,
    /// `ai:basic-<tactics>`), kept in every ruleset so that the two AIs can
    /// be compared.
    pub fn is_basic(&self) -> bool {
        self.tactics().is_some_and(is_basic_name)
    }
}

/// The tactics names of a ruleset whose AI plays `default`, `aggressive`
/// and `defensive`, each also as the first AI's (`basic-<tactics>`, and
/// `basic` alone): what setup accepts after `ai:`.
pub const STANDARD_TACTICS: [&str; 6] = [
    "default",
    "aggressive",
    "defensive",
    "basic",
    "basic-aggressive",
    "basic-defensive",
];

/// A tactics name without the prefix that picks the first AI:
/// `basic-aggressive` and `aggressive` are both `aggressive`, `basic` is
/// `default`.
pub fn tactic_word(name: &str) -> &str {
    match name.strip_prefix("basic") {
        Some("") => "default",
        Some(rest) => rest.strip_prefix('-').unwrap_or(rest),
        None => name,
    }
}

/// Whether a tactics name picks the first AI (`basic`, `basic-<tactics>`).
pub fn is_basic_name(name: &str) -> bool {
    name.starts_with("basic")
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
    /// The players' seats at a table, each with the figures it plays.
    pub players: Vec<PlayerSeat>,
    /// What players see of the figures no player plays.
    pub npcs: NpcView,
}

impl Seats {
    /// The controller named for `side`, if any.
    pub fn side(&self, side: SideId) -> Option<&Controller> {
        self.sides.get(side.index()).and_then(Option::as_ref)
    }
}

/// One player's seat at a table: a name and the figures it plays (asked
/// of that seat whatever their `controller`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerSeat {
    /// The seat's name ("Alice").
    pub name: String,
    /// The figures it plays, by name.
    pub figures: Vec<String>,
}

/// What players see of the figures no player plays (the GM's figures).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum NpcView {
    /// Everything, as the GM sees it (secret rolls aside).
    #[default]
    Shown,
    /// No pools and no sheet values: their rolls show the dice and the
    /// result, not the target or its terms; their damage shows no pool left.
    Hidden,
}

/// The longest name of a player's seat.
pub const MAX_SEAT_NAME: usize = 40;

/// The `[controllers]` table of a scenario file: who answers for the
/// sides and for the game master, and the players' seats at a table.
///
/// ```toml
/// [controllers]
/// gm = "human"                       # the GM's choices are asked at the table
/// sides = { Orcs = "ai:aggressive" } # a side left out answers through its leader
/// players = { Alice = ["Sir Bors"] } # Alice plays Sir Bors from her own seat
/// npcs = "hidden"                    # players see no pools or sheet values of the rest
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
    /// Players' seats by name, each with the names of the figures it plays.
    #[serde(default)]
    pub players: BTreeMap<String, Vec<String>>,
    /// What players see of the figures no player plays: `"shown"` (the
    /// default) or `"hidden"`.
    #[serde(default)]
    pub npcs: NpcView,
}

impl SeatsFile {
    /// The seats for sides named `side_names` (in [`SideId`] order) and
    /// figures named `figures`: a side the file names that has no
    /// combatant is an error at `controllers.sides.<name>`; a player's seat
    /// with a bad name, an unknown figure or a figure another seat plays is
    /// an error at `controllers.players.<name>`.
    pub fn seats(&self, side_names: &[String], figures: &[&str]) -> Result<Seats, SetupError> {
        if let Some(unknown) = self.sides.keys().find(|n| !side_names.contains(n)) {
            return Err(SetupError::new(
                format!("controllers.sides.{unknown}"),
                format!(
                    "no combatant is on side `{unknown}` (sides: {})",
                    side_names.join(", ")
                ),
            ));
        }
        let mut players: Vec<PlayerSeat> = Vec::new();
        for (name, plays) in &self.players {
            let at = || format!("controllers.players.{name}");
            check_seat_name(name).map_err(|why| SetupError::new(at(), why))?;
            for (i, figure) in plays.iter().enumerate() {
                if !figures.contains(&figure.as_str()) {
                    return Err(SetupError::new(
                        format!("{}[{i}]", at()),
                        format!("no combatant is named `{figure}`"),
                    ));
                }
                let taken = players
                    .iter()
                    .find(|p| p.figures.contains(figure))
                    .map(|p| p.name.as_str())
                    .or_else(|| plays[..i].contains(figure).then_some(name.as_str()));
                if let Some(other) = taken {
                    return Err(SetupError::new(
                        format!("{}[{i}]", at()),
                        format!("`{figure}` is already played by the seat `{other}`"),
                    ));
                }
            }
            players.push(PlayerSeat {
                name: name.clone(),
                figures: plays.clone(),
            });
        }
        Ok(Seats {
            sides: side_names
                .iter()
                .map(|n| self.sides.get(n).cloned())
                .collect(),
            gm: self.gm.clone(),
            players,
            npcs: self.npcs,
        })
    }
}

/// Whether `name` may name a player's seat: a clean name
/// ([`crate::text::check_name`]) of at most [`MAX_SEAT_NAME`] characters,
/// and not a word the table keeps for itself (`gm`, `watcher`).
pub fn check_seat_name(name: &str) -> Result<(), String> {
    crate::text::check_name(name).map_err(|e| format!("a seat's name is not clean: {e}"))?;
    if name.chars().count() > MAX_SEAT_NAME {
        return Err(format!(
            "a seat's name has at most {MAX_SEAT_NAME} characters: `{name}`"
        ));
    }
    if ["gm", "watcher"]
        .iter()
        .any(|w| name.eq_ignore_ascii_case(w))
    {
        return Err(format!(
            "`{name}` names a seat of its own: choose another name"
        ));
    }
    Ok(())
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
            ..SeatsFile::default()
        };
        let names = ["Knights".to_string(), "Orcs".to_string()];
        let seats = file.seats(&names, &[]).unwrap();
        assert_eq!(seats.side(SideId(0)), None);
        assert_eq!(seats.side(SideId(1)), Some(&Controller::Script));
        assert_eq!(seats.gm, Controller::Human);
        let err = file.seats(&names[..1], &[]).unwrap_err();
        assert_eq!(err.path, "controllers.sides.Orcs");
    }

    #[test]
    fn player_seats_name_known_figures_once() {
        let names = ["Knights".to_string(), "Orcs".to_string()];
        let figures = ["Sir Bors", "Sir Ector", "Orc"];
        let file = |players: &[(&str, &[&str])]| SeatsFile {
            players: players
                .iter()
                .map(|(n, f)| (n.to_string(), f.iter().map(|s| s.to_string()).collect()))
                .collect(),
            npcs: NpcView::Hidden,
            ..SeatsFile::default()
        };
        let seats = file(&[("Alice", &["Sir Bors"]), ("Bob", &["Sir Ector"])])
            .seats(&names, &figures)
            .unwrap();
        assert_eq!(seats.players.len(), 2);
        assert_eq!(seats.players[0].figures, vec!["Sir Bors".to_string()]);
        assert_eq!(seats.npcs, NpcView::Hidden);
        let err = file(&[("Alice", &["Sir Gawain"])])
            .seats(&names, &figures)
            .unwrap_err();
        assert_eq!(err.path, "controllers.players.Alice[0]");
        let err = file(&[("Alice", &["Sir Bors"]), ("Bob", &["Sir Bors"])])
            .seats(&names, &figures)
            .unwrap_err();
        assert!(
            err.message.contains("already played by the seat `Alice`"),
            "{err}"
        );
        for bad in ["gm", "", " Al", "A\u{202E}l", "x\ny"] {
            let err = file(&[(bad, &["Orc"])])
                .seats(&names, &figures)
                .unwrap_err();
            assert!(
                err.path.starts_with("controllers.players."),
                "{bad:?}: {err}"
            );
        }
    }
}
