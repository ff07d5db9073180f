//! The game master's commands as typed at a prompt, read against the
//! fight's names: `dice orcs hand`, `damage Orc chief 3`, `set Sir Ector FP 8`.
//!
//! Names may hold spaces: the longest name of a figure (or side) that the
//! words start with is taken, ignoring case.

use crate::dice::{DiceMode, DiceRule, Roller};
use fray_core::{Override, Ruleset};

/// A GM command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A dice setting.
    Dice(DiceRule),
    /// An override.
    Override(Override),
}

/// Why a GM command was not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// The words after the command do not fit it.
    #[error("usage: {0}")]
    Usage(&'static str),
    /// No figure (or side) has that name.
    #[error("no combatant or side is named `{0}`")]
    UnknownName(String),
    /// A number was expected.
    #[error("`{0}` is not a number")]
    NotANumber(String),
}

/// The GM commands with their usage, for help texts.
pub const USAGE: &[&str] = &[
    "dice WHO hand|auto      who rolls: a figure, a side, gm or all (e.g. dice Orcs hand)",
    "damage NAME N           NAME takes N points of injury",
    "heal NAME N             NAME heals N points",
    "set NAME POOL N         set a pool (HP, FP...) to N",
    "condition NAME COND     add a condition (stunned, kneeling...)",
    "recover NAME COND       remove a condition",
    "join NAME TEMPLATE SIDE Q R   a late arrival from a template, at cell (Q, R) or (X, Y)",
    "remove NAME             take a figure off the field",
    "delay NAME              NAME acts after the next figure in the order",
    "end [SIDE]              end the fight, SIDE winning (none if left out)",
];

/// Reads `line` as a GM command: `None` when its first word names none.
pub fn parse<R: Ruleset>(state: &R::State, line: &str) -> Option<Result<Command, CommandError>> {
    let line = line.trim();
    let (word, rest) = line
        .split_once(char::is_whitespace)
        .map_or((line, ""), |(w, r)| (w, r.trim()));
    let names = Names::<R>::of(state);
    Some(match word {
        "dice" => dice(&names, rest),
        "damage" | "heal" => names.figure_then(rest, 1).and_then(|(who, words)| {
            let amount = number(words[0])?;
            Ok(Command::Override(if word == "damage" {
                Override::Damage { who, amount }
            } else {
                Override::Heal { who, amount }
            }))
        }),
        "set" => names.figure_then(rest, 2).and_then(|(who, words)| {
            Ok(Command::Override(Override::SetPool {
                who,
                pool: words[0].to_string(),
                value: number(words[1])?,
            }))
        }),
        "condition" | "recover" => names.figure_prefix(rest).and_then(|(who, cond)| {
            if cond.is_empty() {
                return Err(CommandError::Usage("condition|recover NAME CONDITION"));
            }
            let condition = cond.to_string();
            Ok(Command::Override(if word == "condition" {
                Override::AddCondition { who, condition }
            } else {
                Override::RemoveCondition { who, condition }
            }))
        }),
        "remove" | "delay" => names.figure_then(rest, 0).map(|(who, _)| {
            Command::Override(if word == "remove" {
                Override::RemoveCombatant { who }
            } else {
                Override::Delay { who }
            })
        }),
        "join" => join(rest),
        "end" => Ok(Command::Override(Override::EndFight {
            winner: (!rest.is_empty()).then(|| rest.to_string()),
        })),
        _ => return None,
    })
}

fn number(word: &str) -> Result<i32, CommandError> {
    word.parse()
        .map_err(|_| CommandError::NotANumber(word.to_string()))
}

fn dice<R: Ruleset>(names: &Names<R>, rest: &str) -> Result<Command, CommandError> {
    const USE: &str = "dice WHO hand|auto (WHO: a figure, a side, gm or all)";
    let (who, mode) = rest
        .rsplit_once(char::is_whitespace)
        .ok_or(CommandError::Usage(USE))?;
    let mode = match mode {
        "hand" => DiceMode::Hand,
        "auto" => DiceMode::Auto,
        _ => return Err(CommandError::Usage(USE)),
    };
    let who = who.trim();
    let roller = if who.eq_ignore_ascii_case("all") {
        Roller::All
    } else if who.eq_ignore_ascii_case("gm") {
        Roller::Gm
    } else if let Some(n) = names.figures.iter().find(|n| n.eq_ignore_ascii_case(who)) {
        Roller::Figure(n.clone())
    } else if let Some(s) = names.sides.iter().find(|s| s.eq_ignore_ascii_case(who)) {
        Roller::Side(s.clone())
    } else {
        return Err(CommandError::UnknownName(who.to_string()));
    };
    Ok(Command::Dice(DiceRule { who: roller, mode }))
}

fn join(rest: &str) -> Result<Command, CommandError> {
    const USE: &str = "join NAME TEMPLATE SIDE Q R (NAME may hold spaces; the last four are words)";
    let words: Vec<&str> = rest.split_whitespace().collect();
    if words.len() < 5 {
        return Err(CommandError::Usage(USE));
    }
    let n = words.len();
    Ok(Command::Override(Override::AddCombatant {
        name: words[..n - 4].join(" "),
        template: words[n - 4].to_string(),
        side: words[n - 3].to_string(),
        cell: [number(words[n - 2])?, number(words[n - 1])?],
    }))
}

/// The fight's names.
struct Names<R> {
    figures: Vec<String>,
    sides: Vec<String>,
    _ruleset: std::marker::PhantomData<R>,
}

impl<R: Ruleset> Names<R> {
    fn of(state: &R::State) -> Self {
        let roster = R::roster(state);
        let mut sides: Vec<String> = Vec::new();
        for c in &roster {
            if !sides.contains(&c.side_name) {
                sides.push(c.side_name.clone());
            }
        }
        Names {
            figures: roster.into_iter().map(|c| c.name).collect(),
            sides,
            _ruleset: std::marker::PhantomData,
        }
    }

    /// The longest figure name `text` starts with, and what follows it.
    fn figure_prefix<'t>(&self, text: &'t str) -> Result<(String, &'t str), CommandError> {
        let lower = text.to_lowercase();
        self.figures
            .iter()
            .filter(|n| {
                let n = n.to_lowercase();
                lower.starts_with(&n)
                    && text[n.len()..]
                        .chars()
                        .next()
                        .is_none_or(char::is_whitespace)
            })
            .max_by_key(|n| n.len())
            .map(|n| (n.clone(), text[n.len()..].trim()))
            .ok_or_else(|| {
                CommandError::UnknownName(text.split_whitespace().next().unwrap_or("").into())
            })
    }

    /// A figure name followed by exactly `n` words.
    fn figure_then<'t>(
        &self,
        text: &'t str,
        n: usize,
    ) -> Result<(String, Vec<&'t str>), CommandError> {
        const USE: &str = "damage|heal NAME N, set NAME POOL N, remove|delay NAME";
        let (who, rest) = self.figure_prefix(text)?;
        let words: Vec<&str> = rest.split_whitespace().collect();
        if words.len() != n {
            return Err(CommandError::Usage(USE));
        }
        Ok((who, words))
    }
}
