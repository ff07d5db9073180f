//! The files a scenario names beside itself (GURPS's `gcs =
//! "chars/brakka.gcs"`), read through one trait from a folder on disk or
//! from texts held in memory, so a scenario loads the same way from a
//! path, from a saved game that carries its files, or from an upload.
//!
//! [`Folder`] keeps every file it reads, so a front end can put them in a
//! saved game ([`Folder::kept`]) and the game reopens on another machine;
//! [`Texts`] serves those texts back by the same relative paths.

use crate::scenario::{FileError, SourceFile};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Mutex;

/// Files by a path relative to the scenario's folder, as the scenario
/// writes it.
pub trait Files {
    /// The file at `rel`.
    fn read(&self, rel: &str) -> Result<SourceFile, FileError>;
}

/// A folder on disk (the scenario's), keeping what it reads.
#[derive(Debug)]
pub struct Folder {
    dir: PathBuf,
    kept: Mutex<BTreeMap<String, String>>,
}

impl Folder {
    /// The folder `dir`.
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Folder {
            dir: dir.into(),
            kept: Mutex::new(BTreeMap::new()),
        }
    }

    /// Every file read so far, by the relative path it was asked by.
    pub fn kept(self) -> BTreeMap<String, String> {
        self.kept.into_inner().unwrap_or_else(|e| e.into_inner())
    }
}

impl Files for Folder {
    fn read(&self, rel: &str) -> Result<SourceFile, FileError> {
        let file = SourceFile::read(&self.dir.join(rel))?;
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.insert(rel.to_string(), file.text.clone());
        Ok(file)
    }
}

/// Texts in memory by relative path (a saved game's, an upload's).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Texts(pub BTreeMap<String, String>);

impl Files for Texts {
    fn read(&self, rel: &str) -> Result<SourceFile, FileError> {
        match self.0.get(rel) {
            Some(text) => Ok(SourceFile::new(rel, text.clone())),
            None => Err(FileError::Io {
                file: rel.to_string(),
                message: "not among the files given with the scenario".to_string(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_keeps_what_it_read_and_texts_serve_it_back() {
        let dir = std::env::temp_dir().join(format!("fray-files-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("chars")).unwrap();
        std::fs::write(dir.join("chars/a.txt"), "hello").unwrap();
        let folder = Folder::new(&dir);
        assert_eq!(folder.read("chars/a.txt").unwrap().text, "hello");
        assert!(folder.read("chars/missing.txt").is_err());
        let texts = Texts(folder.kept());
        assert_eq!(texts.read("chars/a.txt").unwrap().text, "hello");
        let err = texts.read("chars/missing.txt").unwrap_err().to_string();
        assert!(err.contains("chars/missing.txt"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
