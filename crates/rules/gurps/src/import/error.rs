//! Why a GCS character cannot be made into a sheet, and the checks every
//! number read from the file goes through: each refusal names the value's
//! JSON path (a line of a GCS file says little: GCS writes them) and the
//! range the rule allows.

use fray_core::text::{Shown, TextError};
use std::fmt;

/// Why a GCS character cannot be made into a sheet.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The file itself.
    #[error(transparent)]
    Gcs(#[from] fray_gcs::GcsError),
    /// A value the engine needs is not in the file.
    #[error("{path}: no {what} in the file")]
    Missing {
        /// Where it belongs (`attributes`).
        path: String,
        /// What (`ST`).
        what: String,
    },
    /// A number outside the range its rule allows, or not whole where the
    /// rule counts whole points (ST 13.7).
    #[error("{path}: {what} must be {range}, found {found}")]
    Value {
        /// The JSON path (`attributes[0].calc.value`).
        path: String,
        /// What it is (`ST`).
        what: String,
        /// What is allowed.
        range: Allowed,
        /// What the file says.
        found: String,
    },
    /// A weapon's damage that the engine's damage notation refuses.
    #[error("{path}: {error}")]
    Damage {
        /// The JSON path.
        path: String,
        /// Why.
        #[source]
        error: crate::model::damage::DamageSpecError,
    },
    /// A name that reaches the sheet and the narration with a control or
    /// invisible formatting character (an escape code, a bidi override).
    #[error("{path}: the name is not clean: {error}")]
    Name {
        /// The JSON path (`profile.name`).
        path: String,
        /// Why.
        #[source]
        error: TextError,
    },
    /// A body type the engine has no hit-location table for.
    #[error(
        "{path}: body type `{}` has no hit-location table in the engine; it has {}",
        Shown(.found),
        super::body::KNOWN
    )]
    Body {
        /// `settings.body_type.name`.
        path: String,
        /// The name found.
        found: String,
    },
    /// Hit locations rolled on other dice than 3d.
    #[error("{path}: hit locations rolled on `{}`: the engine's tables are read on 3d", Shown(.found))]
    Roll {
        /// `settings.body_type.roll`.
        path: String,
        /// The dice found.
        found: String,
    },
    /// The sheet the import made fails the scenario's own checks (a
    /// guard: every value is checked at its JSON path first).
    #[error("the imported sheet: {0}")]
    Sheet(#[from] crate::input::Fault),
}

/// What a value may be: a whole number or any number, between two ends.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Allowed {
    /// Only whole numbers.
    pub whole: bool,
    /// The least.
    pub min: f64,
    /// The greatest.
    pub max: f64,
}

impl fmt::Display for Allowed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.whole {
            write!(f, "a whole number {} to {}", self.min, self.max)
        } else {
            write!(f, "{} to {}", self.min, self.max)
        }
    }
}

/// A whole number within `min..=max`, or an error at `path` naming `what`
/// and the range: 13.7 is refused, not rounded; NaN and infinities too.
pub(super) fn whole(
    v: f64,
    path: impl Into<String>,
    what: &str,
    (min, max): (i32, i32),
) -> Result<i32, ImportError> {
    if v.is_finite() && v.fract() == 0.0 && v >= f64::from(min) && v <= f64::from(max) {
        return Ok(v as i32);
    }
    Err(ImportError::Value {
        path: path.into(),
        what: what.to_string(),
        range: Allowed {
            whole: true,
            min: f64::from(min),
            max: f64::from(max),
        },
        found: shown(v),
    })
}

/// A number as a message shows it: `13.7`, `1e308` (not 309 digits).
fn shown(v: f64) -> String {
    if v.is_finite() && v != 0.0 && !(1e-6..1e9).contains(&v.abs()) {
        format!("{v:e}")
    } else {
        v.to_string()
    }
}

/// A finite number within `min..=max`, or an error at `path`.
pub(super) fn number(
    v: f64,
    path: impl Into<String>,
    what: &str,
    (min, max): (f64, f64),
) -> Result<f64, ImportError> {
    if v.is_finite() && v >= min && v <= max {
        return Ok(v);
    }
    Err(ImportError::Value {
        path: path.into(),
        what: what.to_string(),
        range: Allowed {
            whole: false,
            min,
            max,
        },
        found: shown(v),
    })
}

/// A name the sheet and the narration will show: trimmed, then 1 to 64
/// characters with no control or invisible formatting character
/// (`fray_core::text::check_name`), or an error at `path`.
pub(super) fn clean_name(name: &str, path: impl Into<String>) -> Result<String, ImportError> {
    let t = name.trim();
    fray_core::text::check_name(t).map_err(|error| ImportError::Name {
        path: path.into(),
        error,
    })?;
    Ok(t.to_string())
}
