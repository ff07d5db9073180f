//! Numbers read from files, checked against the range their rule allows.
//!
//! Every ruleset reads sheets, data records and options whose numbers feed
//! pools and modifiers. A number outside what the rules read is refused at
//! its field, with the allowed range and the value found, so that no later
//! sum can wrap and no pool starts in a state the rules cannot reach
//! (issue 35). One message for every ruleset: `must be between MIN and MAX,
//! found V`.

use crate::SetupError;

/// One number and the inclusive range its rule allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound {
    /// The field, relative to the record checked (`bab`, `saves.fort`).
    pub field: &'static str,
    /// The value read; `None` for an optional field left out.
    pub value: Option<i64>,
    /// The least value allowed.
    pub min: i64,
    /// The greatest value allowed.
    pub max: i64,
}

/// A number out of its range: the field, the range and the value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field}: must be between {min} and {max}, found {found}")]
pub struct OutOfRange {
    /// The field, relative to the record checked.
    pub field: String,
    /// The least value allowed.
    pub min: i64,
    /// The greatest value allowed.
    pub max: i64,
    /// The value found.
    pub found: i64,
}

impl OutOfRange {
    /// The message without the field, for an error that names its path.
    pub fn message(&self) -> String {
        format!(
            "must be between {} and {}, found {}",
            self.min, self.max, self.found
        )
    }

    /// The same fault as a setup error at `prefix` + the field (`prefix`
    /// ends with the dot or bracket that joins them).
    pub fn at(&self, prefix: &str) -> SetupError {
        SetupError::new(format!("{prefix}{}", self.field), self.message())
    }
}

/// A bound for a field that is always there.
pub fn bound(field: &'static str, value: impl Into<i64>, min: i64, max: i64) -> Bound {
    Bound {
        field,
        value: Some(value.into()),
        min,
        max,
    }
}

/// A bound for an optional field (checked only when given).
pub fn optional<T: Into<i64>>(field: &'static str, value: Option<T>, min: i64, max: i64) -> Bound {
    Bound {
        field,
        value: value.map(Into::into),
        min,
        max,
    }
}

/// The first bound whose value is outside its range.
pub fn check(bounds: impl IntoIterator<Item = Bound>) -> Result<(), OutOfRange> {
    for b in bounds {
        if let Some(v) = b.value
            && !(b.min..=b.max).contains(&v)
        {
            return Err(OutOfRange {
                field: b.field.to_string(),
                min: b.min,
                max: b.max,
                found: v,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_value_out_of_its_range_is_named_with_the_range() {
        let ok = check([bound("a", 3, 0, 5), optional::<i32>("b", None, 0, 1)]);
        assert!(ok.is_ok());
        let e = check([bound("a", 3, 0, 5), bound("b", i32::MIN, -1, 1)]).unwrap_err();
        assert_eq!(e.field, "b");
        assert_eq!(
            e.at("x.").to_string(),
            format!("x.b: must be between -1 and 1, found {}", i32::MIN)
        );
    }
}
