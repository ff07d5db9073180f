//! Text from files and people (names, sides, titles, descriptions), checked
//! before it can reach a terminal, a log or a page.
//!
//! A name with an escape code, a carriage return or a newline could rewrite
//! what a terminal shows or forge a line that looks like Fray's own
//! (`Result: side B wins`); a bidirectional override or a zero-width
//! character makes two names look alike or one read backwards. Names refuse
//! all of them; prose (a scenario's description) may hold line breaks and
//! tabs, nothing else of the kind.

use std::fmt;

/// The longest name (of a figure, a side, a seat, a scenario), in characters.
pub const MAX_NAME_CHARS: usize = 64;

/// The longest prose (a scenario's description), in characters.
pub const MAX_PROSE_CHARS: usize = 4_000;

/// Why a text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// Nothing but blanks.
    #[error("it is empty")]
    Empty,
    /// Blanks at either end.
    #[error("`{0}` has blanks at an end")]
    Untrimmed(String),
    /// Longer than allowed.
    #[error("it has {found} characters, more than {max}")]
    TooLong {
        /// How many it has.
        found: usize,
        /// The most allowed.
        max: usize,
    },
    /// A control character (an escape code, a carriage return, a newline in a name).
    #[error("`{}` holds the control character U+{code:04X}", .text.escape_debug())]
    Control {
        /// The text.
        text: String,
        /// The character's code.
        code: u32,
    },
    /// An invisible formatting character (a bidirectional override, a zero-width space).
    #[error("`{}` holds the invisible formatting character U+{code:04X}", .text.escape_debug())]
    Format {
        /// The text.
        text: String,
        /// The character's code.
        code: u32,
    },
}

/// Invisible characters that change how text reads: bidirectional marks,
/// embeddings, overrides and isolates, zero-width characters, the byte
/// order mark.
pub fn is_format_char(c: char) -> bool {
    matches!(
        c,
        '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2069}'
            | '\u{061C}'
            | '\u{FEFF}'
    )
}

/// A name: 1 to [`MAX_NAME_CHARS`] characters, no blanks at the ends, no
/// control or invisible formatting character.
pub fn check_name(name: &str) -> Result<(), TextError> {
    if name.trim().is_empty() {
        return Err(TextError::Empty);
    }
    if name.trim() != name {
        return Err(TextError::Untrimmed(name.to_string()));
    }
    check_chars(name, |c| c.is_control())?;
    let found = name.chars().count();
    if found > MAX_NAME_CHARS {
        return Err(TextError::TooLong {
            found,
            max: MAX_NAME_CHARS,
        });
    }
    Ok(())
}

/// Prose: up to [`MAX_PROSE_CHARS`] characters; line breaks and tabs
/// allowed, no other control character and no invisible formatting one.
pub fn check_prose(text: &str) -> Result<(), TextError> {
    check_chars(text, |c| c.is_control() && c != '\n' && c != '\t')?;
    let found = text.chars().count();
    if found > MAX_PROSE_CHARS {
        return Err(TextError::TooLong {
            found,
            max: MAX_PROSE_CHARS,
        });
    }
    Ok(())
}

fn check_chars(text: &str, control: impl Fn(char) -> bool) -> Result<(), TextError> {
    for c in text.chars() {
        let code = u32::from(c);
        if control(c) {
            return Err(TextError::Control {
                text: text.to_string(),
                code,
            });
        }
        if is_format_char(c) {
            return Err(TextError::Format {
                text: text.to_string(),
                code,
            });
        }
    }
    Ok(())
}

/// Text shown with every control and invisible formatting character
/// escaped (`\u{1b}`), for messages that must quote what was refused.
pub struct Shown<'a>(pub &'a str);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            if c.is_control() || is_format_char(c) {
                write!(f, "{}", c.escape_unicode())?;
            } else {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_refuse_escapes_line_breaks_and_invisible_marks() {
        assert_eq!(check_name("Sir Bors"), Ok(()));
        assert_eq!(check_name("Orc 2"), Ok(()));
        assert_eq!(check_name("Élodie d'Aubigné"), Ok(()));
        for bad in [
            "",
            "  ",
            " Bors",
            "Bors ",
            "Bo\u{1b}[31mrs",
            "Bors\r",
            "A\nResult: side B wins",
            "Bo\u{202E}rs",
            "Bo\u{200B}rs",
            "\u{0}",
        ] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
        assert!(matches!(
            check_name(&"x".repeat(65)),
            Err(TextError::TooLong { found: 65, .. })
        ));
    }

    #[test]
    fn prose_keeps_line_breaks_and_refuses_escapes() {
        assert_eq!(check_prose("Two knights.\n\tThey fight."), Ok(()));
        assert!(check_prose("\u{1b}[2J").is_err());
        assert!(check_prose("a\rb").is_err());
        assert!(check_prose("a\u{202E}b").is_err());
    }

    #[test]
    fn refused_text_is_quoted_escaped() {
        let err = check_name("Bo\u{1b}rs").unwrap_err().to_string();
        assert!(!err.contains('\u{1b}'), "{err:?}");
        assert_eq!(Shown("a\u{1b}b\u{202E}").to_string(), "a\\u{1b}b\\u{202e}");
    }
}
