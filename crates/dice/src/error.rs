//! The single error type of the crate. Every variant carries enough context
//! to print a clear message; parse errors carry a byte span so the CLI can
//! point at the offending column with `miette`.

use miette::{Diagnostic, SourceSpan};

/// Everything that can go wrong while parsing, rolling or evaluating dice.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Diagnostic)]
pub enum DiceError {
    /// The expression text is malformed.
    #[error("column {column}: expected {expected}, found {found}")]
    #[diagnostic(code(fray_dice::parse))]
    Parse {
        /// 1-based column (in characters) where the problem starts.
        column: usize,
        /// What the parser was looking for.
        expected: String,
        /// What it found instead (quoted text or "end of input").
        found: String,
        /// Byte span of the offending text, for `miette` labels.
        #[label("expected {expected}")]
        span: SourceSpan,
    },
    /// A limit from [`crate::limits`] was exceeded.
    #[error("{what} exceeds the limit of {limit}{}", column.map(|c| format!(" (column {c})")).unwrap_or_default())]
    #[diagnostic(code(fray_dice::limit))]
    Limit {
        /// What was too large.
        what: String,
        /// The limit that applies.
        limit: u64,
        /// 1-based column of the offending term, when known.
        column: Option<usize>,
        /// Byte span of the offending term, when known.
        #[label("too large")]
        span: Option<SourceSpan>,
    },
    /// The expression is well-formed but meaningless (e.g. a reroll that can
    /// never stop, `d{}`, keep more dice than rolled is allowed, so not that).
    #[error("{}{message}", column.map(|c| format!("column {c}: ")).unwrap_or_default())]
    #[diagnostic(code(fray_dice::invalid))]
    Invalid {
        /// Human-readable explanation.
        message: String,
        /// 1-based column, when known.
        column: Option<usize>,
        /// Byte span, when known.
        #[label("here")]
        span: Option<SourceSpan>,
    },
    /// Integer division or remainder by zero while rolling or evaluating.
    #[error("division by zero")]
    #[diagnostic(code(fray_dice::division_by_zero))]
    DivisionByZero,
    /// A total went outside the supported integer range.
    #[error(
        "arithmetic overflow (values are limited to ±{})",
        crate::limits::MAX_ABS_VALUE
    )]
    #[diagnostic(code(fray_dice::overflow))]
    Overflow,
    /// A total typed at the table is impossible for the roll.
    #[error("total {total} is impossible for {roll}: expected {}..={}", min.map(|m| m.to_string()).unwrap_or_else(|| "(open-ended)".into()), max.map(|m| m.to_string()).unwrap_or_else(|| "(open-ended)".into()))]
    #[diagnostic(code(fray_dice::out_of_range))]
    OutOfRange {
        /// The roll kind, displayed.
        roll: String,
        /// The total given.
        total: i64,
        /// Smallest possible total, `None` when open-ended (penalty dice).
        min: Option<i64>,
        /// Largest possible total, `None` when open-ended.
        max: Option<i64>,
    },
    /// Rolls typed at the table (or recorded in a log) do not fit a roll-off.
    #[error("{roll}: {problem}")]
    #[diagnostic(code(fray_dice::roll_off_entry))]
    RollOffEntry {
        /// The roll kind, displayed.
        roll: String,
        /// What is wrong.
        problem: crate::kind::RollOffEntryError,
    },
    /// A roll-off that could not be built.
    #[error("invalid roll-off: {0}")]
    #[diagnostic(code(fray_dice::roll_off))]
    RollOff(#[from] crate::kind::RollOffError),
    /// A banded die that could not be built.
    #[error("invalid bands: {0}")]
    #[diagnostic(code(fray_dice::bands))]
    Bands(#[from] crate::kind::BandsError),
    /// Individual dice typed at the table do not fit the roll.
    #[error("faces do not fit {roll}: {message}")]
    #[diagnostic(code(fray_dice::bad_faces))]
    BadFaces {
        /// The roll kind, displayed.
        roll: String,
        /// What is wrong.
        message: String,
    },
    /// A tolerance or option was out of range.
    #[error("invalid option: {0}")]
    #[diagnostic(code(fray_dice::option))]
    BadOption(String),
}

impl DiceError {
    /// Build a parse error at byte offset `at` of `src`, `len` bytes long.
    pub(crate) fn parse(src: &str, at: usize, len: usize, expected: impl Into<String>) -> Self {
        let at = at.min(src.len());
        let found = match src.get(at..).and_then(|s| s.chars().next()) {
            None => "end of input".to_string(),
            Some(_) => {
                let end = (at + len.max(1)).min(src.len());
                let text: String = src.get(at..end).unwrap_or("").chars().take(12).collect();
                if text.is_empty() {
                    let c: String = src.get(at..).unwrap_or("").chars().take(1).collect();
                    format!("'{c}'")
                } else {
                    format!("'{text}'")
                }
            }
        };
        let l = src
            .get(at..)
            .and_then(|s| s.chars().next())
            .map(|c| c.len_utf8())
            .unwrap_or(0)
            .max(len.min(src.len() - at));
        DiceError::Parse {
            column: column_of(src, at),
            expected: expected.into(),
            found,
            span: SourceSpan::new(at.into(), l),
        }
    }

    /// A limit error without position.
    pub(crate) fn limit(what: impl Into<String>, limit: u64) -> Self {
        DiceError::Limit {
            what: what.into(),
            limit,
            column: None,
            span: None,
        }
    }

    /// An "invalid" error without position.
    pub(crate) fn invalid(message: impl Into<String>) -> Self {
        DiceError::Invalid {
            message: message.into(),
            column: None,
            span: None,
        }
    }
}

/// 1-based column (counted in characters) of byte offset `at` in `src`.
pub(crate) fn column_of(src: &str, at: usize) -> usize {
    src.char_indices().take_while(|(i, _)| *i < at).count() + 1
}
