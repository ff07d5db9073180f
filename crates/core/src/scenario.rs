//! Reading scenario (and input) files: TOML with errors that say where.
//!
//! Every error names the file, line and column, what was expected and what
//! was found, and carries the source for a pointer (miette). Files are read
//! in two passes: the `ruleset` key first (to pick the ruleset), then the
//! whole file into that ruleset's strict types (`deny_unknown_fields`).

use crate::ruleset::SetupError;
use miette::{Diagnostic, NamedSource, SourceSpan};
use serde::de::DeserializeOwned;
use std::io::Read;
use std::ops::Range;
use std::path::Path;
use toml::de::{DeTable, DeValue};

/// A file's name and text.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The name shown in errors (the path as given).
    pub name: String,
    /// The whole text.
    pub text: String,
}

/// The largest file Fray reads: scenarios, input logs, saved games and data
/// files are all far smaller (the bundled ones are a few KiB; a saved game
/// of thousands of steps is well under 1 MiB). Reading stops at this size,
/// so `/dev/zero` or a wrong path to a huge file fails at once instead of
/// filling memory.
pub const MAX_FILE_BYTES: u64 = 4 << 20;

impl SourceFile {
    /// Reads a text file from disk: at most [`MAX_FILE_BYTES`], UTF-8. This
    /// is the one reader for every file Fray reads.
    pub fn read(path: &Path) -> Result<Self, FileError> {
        let name = path.display().to_string();
        let io = |e: std::io::Error| FileError::Io {
            file: name.clone(),
            message: e.to_string(),
        };
        // Only regular files: a FIFO would block the open for ever, a
        // device could stream without end, a folder is a wrong path.
        let meta = std::fs::metadata(path).map_err(io)?;
        if !meta.is_file() {
            return Err(FileError::Io {
                file: name.clone(),
                message: "not a regular file (a folder, a pipe or a device)".into(),
            });
        }
        let file = std::fs::File::open(path).map_err(io)?;
        let mut bytes = Vec::new();
        file.take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(io)?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(FileError::TooLarge {
                file: name,
                limit: MAX_FILE_BYTES,
            });
        }
        let text = String::from_utf8(bytes).map_err(|e| {
            let offset = e.utf8_error().valid_up_to();
            // The valid prefix is text: count lines and columns in it.
            let before = String::from_utf8_lossy(&e.as_bytes()[..offset]);
            let line = before.matches('\n').count() + 1;
            let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            FileError::NotUtf8 {
                file: name.clone(),
                line,
                col,
                offset,
            }
        })?;
        Ok(SourceFile { name, text })
    }

    /// A file from text in memory (tests, bundled data).
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        SourceFile {
            name: name.into(),
            text: text.into(),
        }
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..floor_char_boundary(&self.text, offset)];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }

    /// An error at `span` of this file (the whole file when `None`).
    pub(crate) fn at(
        &self,
        span: Option<std::ops::Range<usize>>,
        message: String,
        label: &str,
    ) -> FileError {
        let (line, col, span) = match span {
            Some(r) => {
                let (l, c) = self.line_col(r.start);
                (l, c, Some(SourceSpan::from(r.start..r.end.max(r.start))))
            }
            None => (1, 1, None),
        };
        FileError::At(Box::new(Located {
            file: self.name.clone(),
            line,
            col,
            message,
            label: label.to_string(),
            span,
            src: NamedSource::new(self.name.clone(), self.text.clone()),
        }))
    }

    /// Deserializes the whole file into `T`.
    pub fn parse<T: DeserializeOwned>(&self) -> Result<T, FileError> {
        toml::from_str(&self.text).map_err(|e| {
            let span = e.span().map(|s| unknown_key_at(&self.text, s, e.message()));
            self.at(span, clean_message(e.message()), "here")
        })
    }

    /// Reads one top-level string key without deserializing the rest.
    pub fn top_level_string(&self, key: &str) -> Result<Option<String>, FileError> {
        let table = DeTable::parse(&self.text)
            .map_err(|e| self.at(e.span(), clean_message(e.message()), "here"))?;
        for (k, v) in table.get_ref().iter() {
            if k.get_ref().as_ref() == key {
                return match v.get_ref() {
                    DeValue::String(s) => Ok(Some(s.to_string())),
                    _ => Err(self.at(
                        Some(v.span()),
                        format!("`{key}` must be a string"),
                        "expected a string",
                    )),
                };
            }
        }
        Ok(None)
    }

    /// Turns a setup error (a dotted path like `combatants[1].weapon`) into
    /// an error pointing at that entry of the file.
    pub fn setup_error(&self, err: &SetupError) -> FileError {
        let span = DeTable::parse(&self.text)
            .ok()
            .and_then(|t| locate(t.get_ref(), &err.path, t.span()));
        self.at(span, format!("{}: {}", err.path, err.message), "this entry")
    }
}

/// Rounds down to a char boundary so slicing never panics.
fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Where the unknown key of an "unknown field" error stands, when the
/// error points at the whole table holding it: serde's `flatten` (a
/// GURPS template's sheet laid into the template's table) reads the table
/// through a buffer, which keeps no position, so toml reports the table.
/// The key is found again in that table; any other error keeps `span`.
fn unknown_key_at(text: &str, span: Range<usize>, message: &str) -> Range<usize> {
    let Some(key) = message
        .strip_prefix("unknown field `")
        .and_then(|rest| rest.split('`').next())
    else {
        return span;
    };
    DeTable::parse(text)
        .ok()
        .and_then(|root| key_in_table_at(root.get_ref(), span.start, key))
        .unwrap_or(span)
}

/// The span of `key` in the table that starts at `start`, searched for
/// among the tables and arrays of tables under `table`.
fn key_in_table_at(table: &DeTable<'_>, start: usize, key: &str) -> Option<Range<usize>> {
    table
        .iter()
        .find_map(|(_, v)| key_in_value_at(v, start, key))
}

/// [`key_in_table_at`] for one value: the table itself when it starts at
/// `start`, else the tables inside it.
fn key_in_value_at(
    value: &toml::Spanned<DeValue<'_>>,
    start: usize,
    key: &str,
) -> Option<Range<usize>> {
    match value.get_ref() {
        DeValue::Table(t) if value.span().start == start => t
            .iter()
            .find(|(k, _)| k.get_ref() == key)
            .map(|(k, _)| k.span()),
        DeValue::Table(t) => key_in_table_at(t, start, key),
        DeValue::Array(items) => items.iter().find_map(|v| key_in_value_at(v, start, key)),
        _ => None,
    }
}

/// toml's messages end with a newline and sometimes repeat the position.
fn clean_message(m: &str) -> String {
    m.trim().to_string()
}

/// Finds the span of a dotted path (`a.b[2].c`) in a parsed table.
fn locate(
    table: &DeTable<'_>,
    path: &str,
    whole: std::ops::Range<usize>,
) -> Option<std::ops::Range<usize>> {
    let mut span = whole;
    let mut current: Option<&DeValue<'_>> = None;
    for part in path.split('.') {
        let (key, indices) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        if !key.is_empty() {
            let t = match current {
                None => table,
                Some(DeValue::Table(t)) => t,
                Some(_) => return Some(span),
            };
            let Some((_, v)) = t.iter().find(|(k, _)| k.get_ref().as_ref() == key) else {
                return Some(span);
            };
            span = v.span();
            current = Some(v.get_ref());
        }
        for idx in indices.split('[').filter(|s| !s.is_empty()) {
            let Ok(i) = idx.trim_end_matches(']').parse::<usize>() else {
                return Some(span);
            };
            match current {
                Some(DeValue::Array(a)) if i < a.len() => {
                    span = a[i].span();
                    current = Some(a[i].get_ref());
                }
                _ => return Some(span),
            }
        }
    }
    Some(span)
}

/// An error reading a file: cannot read it, or it says something wrong at a place.
#[derive(Debug, thiserror::Error, Diagnostic)]
pub enum FileError {
    /// The file could not be read.
    #[error("{file}: cannot read: {message}")]
    #[diagnostic(code(fray::io))]
    Io {
        /// The path.
        file: String,
        /// The OS's reason.
        message: String,
    },
    /// The file is larger than [`MAX_FILE_BYTES`]; nothing past the limit
    /// was read.
    #[error("{file}: larger than the limit of {limit} bytes ({} MiB) for files Fray reads", limit >> 20)]
    #[diagnostic(code(fray::too_large))]
    TooLarge {
        /// The path.
        file: String,
        /// [`MAX_FILE_BYTES`].
        limit: u64,
    },
    /// The file is not UTF-8 text.
    #[error("{file}:{line}:{col}: not UTF-8 text (byte {offset} starts an invalid sequence)")]
    #[diagnostic(code(fray::not_utf8))]
    NotUtf8 {
        /// The path.
        file: String,
        /// 1-based line of the first invalid byte.
        line: usize,
        /// 1-based column (in characters) of the first invalid byte.
        col: usize,
        /// 0-based byte offset of the first invalid byte.
        offset: usize,
    },
    /// Something at a place in the file.
    #[error(transparent)]
    #[diagnostic(transparent)]
    At(Box<Located>),
}

/// An error at a place in a file, with the source for a pointer.
#[derive(Debug, thiserror::Error, Diagnostic)]
#[error("{file}:{line}:{col}: {message}")]
#[diagnostic(code(fray::file))]
pub struct Located {
    /// The path.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub col: usize,
    /// What is wrong: what was expected and what was found.
    pub message: String,
    /// The short label under the pointer.
    pub label: String,
    /// The span, when known.
    #[label("{label}")]
    pub span: Option<SourceSpan>,
    /// The file, for the pointer.
    #[source_code]
    pub src: NamedSource<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Doc {
        ruleset: String,
        fighters: Vec<Fighter>,
    }
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Fighter {
        name: String,
        st: u8,
    }

    const TEXT: &str = "ruleset = \"gurps\"\n\n[[fighters]]\nname = \"Bors\"\nst = 12\n\n[[fighters]]\nname = \"Gawain\"\nsst = 11\n";

    #[test]
    fn unknown_key_error_names_file_line_and_column() {
        let f = SourceFile::new("duel.toml", TEXT);
        let err = f.parse::<Doc>().unwrap_err();
        let msg = err.to_string();
        assert!(msg.starts_with("duel.toml:9:1: "), "{msg}");
        assert!(msg.contains("sst"), "{msg}");
    }

    #[test]
    fn wrong_type_error_says_what_was_expected() {
        let f = SourceFile::new(
            "x.toml",
            "ruleset = \"gurps\"\nfighters = [{ name = \"A\", st = \"big\" }]\n",
        );
        let msg = f.parse::<Doc>().unwrap_err().to_string();
        assert!(msg.starts_with("x.toml:2:"), "{msg}");
        assert!(msg.contains("u8") || msg.contains("integer"), "{msg}");
    }

    #[test]
    fn reads_the_ruleset_key_alone() {
        let f = SourceFile::new("duel.toml", TEXT);
        assert_eq!(
            f.top_level_string("ruleset").unwrap().as_deref(),
            Some("gurps")
        );
        assert_eq!(f.top_level_string("missing").unwrap(), None);
    }

    #[test]
    fn setup_errors_point_at_the_entry() {
        let f = SourceFile::new("duel.toml", TEXT);
        let err = f.setup_error(&SetupError::new(
            "fighters[1].name",
            "no such template `Gawain`",
        ));
        let msg = err.to_string();
        assert!(
            msg.starts_with("duel.toml:8:8: fighters[1].name: no such template"),
            "{msg}"
        );
    }

    #[test]
    fn only_regular_files_are_read() {
        let dir = std::env::temp_dir();
        let err = SourceFile::read(&dir).unwrap_err().to_string();
        assert!(err.contains("not a regular file"), "{err}");
        let err = SourceFile::read(Path::new("/dev/zero"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("not a regular file"), "{err}");
        #[cfg(unix)]
        {
            let fifo = dir.join(format!("fray-fifo-{}", std::process::id()));
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            assert!(made.is_ok_and(|s| s.success()), "mkfifo makes the pipe");
            let err = SourceFile::read(&fifo).unwrap_err().to_string();
            assert!(err.contains("not a regular file"), "{err}");
            let _ = std::fs::remove_file(&fifo);
        }
    }

    #[test]
    fn syntax_errors_never_panic_and_have_a_position() {
        for text in ["ruleset = ", "[[a]\n", "x = \"\u{e9}", "a.b.c = 1\na = 2"] {
            let f = SourceFile::new("bad.toml", text);
            let msg = f.parse::<Doc>().unwrap_err().to_string();
            assert!(msg.starts_with("bad.toml:"), "{msg}");
        }
    }
}
