//! Why a GCS file cannot be read: each error names where and why.
//!
//! No message repeats the file's name: the caller knows which file it read
//! and puts the name in front once (`chars/brakka.gcs: ...`).

/// An error reading a GCS file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GcsError {
    /// The file could not be opened or read.
    #[error("{message}")]
    Io {
        /// The path as given.
        file: String,
        /// What the system said.
        message: String,
    },
    /// Over the size cap.
    #[error("the file is larger than {limit} bytes; GCS characters are far smaller")]
    TooLarge {
        /// The cap in bytes.
        limit: u64,
    },
    /// Not UTF-8 text.
    #[error("the file is not UTF-8 text")]
    NotUtf8,
    /// Not JSON, or JSON nested too deep.
    #[error("not JSON: {message} (line {line}, column {column})")]
    Json {
        /// What the parser said.
        message: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// A version this reader does not know (GCS 5 writes 4 or 5).
    #[error("GCS file version {found}: only versions 4 and 5 (GCS 5.0 and later) are read")]
    Version {
        /// The version found, or `none`.
        found: String,
    },
    /// A GCS file of another kind (a template, a library list).
    #[error("not a GCS character: found {found}")]
    NotACharacter {
        /// What the file looks like.
        found: String,
    },
    /// A value of the wrong type or shape at a JSON path.
    #[error("{path}: {message}")]
    Field {
        /// The JSON path (`equipment[3].weapons[0].damage`).
        path: String,
        /// What is wrong.
        message: String,
    },
    /// A GCS notation that does not parse (`"2d cut"`, `"C,1-2*"`).
    #[error("{path}: `{text}` is not {expected}")]
    Notation {
        /// The JSON path.
        path: String,
        /// The text found.
        text: String,
        /// What was expected.
        expected: &'static str,
    },
}

impl GcsError {
    /// A notation error at a path.
    pub(crate) fn notation(path: &str, text: &str, expected: &'static str) -> Self {
        GcsError::Notation {
            path: path.to_string(),
            text: text.chars().take(80).collect(),
            expected,
        }
    }
}
