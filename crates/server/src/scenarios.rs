//! The scenarios bundled with Fray (`scenarios/`), compiled in, and the
//! files they name (GURPS GCS characters); and the files given with an
//! uploaded scenario matched to the paths it names them by.

use std::collections::BTreeMap;

/// A bundled scenario.
#[derive(Clone, Copy, Debug)]
pub struct Bundled {
    /// Its path under `scenarios/` (`gurps/duel.toml`).
    pub path: &'static str,
    /// Its text.
    pub text: &'static str,
}

macro_rules! bundled {
    ($path:literal) => {
        Bundled {
            path: $path,
            text: include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../scenarios/",
                $path
            )),
        }
    };
}

// `BUNDLED` (every bundled scenario, by ruleset then name) and `FILES`
// (the files they name, by their path under `scenarios/`), listed from the
// folder by build.rs.
include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

/// A scenario's title (its `name`), if it has one.
pub fn title(text: &str) -> Option<String> {
    let file = fray_session::fray_core::scenario::SourceFile::new("scenario.toml", text);
    fray_session::fray_core::run::header(&file).ok()?.name
}

/// The bundled scenario at `path`.
pub fn find(path: &str) -> Option<Bundled> {
    BUNDLED.iter().find(|b| b.path == path).copied()
}

/// The files a bundled scenario may name, by the path relative to its
/// folder (`chars/brakka.gcs` for `gurps/bouncer-vs-knight.toml`).
pub fn files_of(bundled: Bundled) -> BTreeMap<String, String> {
    let folder = bundled.path.rsplit_once('/').map_or("", |(dir, _)| dir);
    FILES
        .iter()
        .filter_map(|(path, text)| {
            let rel = path.strip_prefix(folder)?.strip_prefix('/')?;
            Some((rel.to_string(), text.to_string()))
        })
        .collect()
}

/// The files given with an uploaded scenario, by the paths the scenario
/// names them by: a file given as `brakka.gcs` serves `chars/brakka.gcs`
/// when the scenario names that path (`gcs = "chars/brakka.gcs"`). Files
/// given by the full path, and any the scenario does not name, are kept
/// under the name they were given.
pub fn match_files(text: &str, given: &BTreeMap<String, String>) -> BTreeMap<String, String> {
    let mut files = given.clone();
    for path in quoted_paths(text) {
        let base = path.rsplit(['/', '\\']).next().unwrap_or(&path);
        if let Some(content) = given.get(base).filter(|_| !given.contains_key(&path)) {
            files.insert(path.clone(), content.clone());
        }
    }
    files
}

/// Every quoted string of the text that looks like a relative file path
/// (has an extension): the candidates a scenario names files by.
fn quoted_paths(text: &str) -> Vec<String> {
    text.split('"')
        .skip(1)
        .step_by(2)
        .filter(|s| s.contains('.') && !s.contains(char::is_whitespace) && s.len() < 260)
        .map(str::to_string)
        .collect()
}
