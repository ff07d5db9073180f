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
            text: include_str!(concat!("../../../scenarios/", $path)),
        }
    };
}

/// Every bundled scenario, by ruleset then name (a test checks that the
/// list is the folder's).
pub const BUNDLED: &[Bundled] = &[
    bundled!("d20-3d6/adept_and_guard.toml"),
    bundled!("d20-3d6/duel.toml"),
    bundled!("d20-3d6/large_monster.toml"),
    bundled!("d20-3d6/mounted_knight.toml"),
    bundled!("d20-3d6/party_vs_goblins.toml"),
    bundled!("d20-3d6/ranged_skirmish.toml"),
    bundled!("dragonquest/archers-and-charge.toml"),
    bundled!("dragonquest/duel.toml"),
    bundled!("dragonquest/giant-lizard.toml"),
    bundled!("dragonquest/mounted-knight.toml"),
    bundled!("dragonquest/odds-demo.toml"),
    bundled!("dragonquest/party-vs-orcs.toml"),
    bundled!("gurps/ambush.toml"),
    bundled!("gurps/archers-vs-warriors.toml"),
    bundled!("gurps/bouncer-vs-knight.toml"),
    bundled!("gurps/duel-human.toml"),
    bundled!("gurps/duel.toml"),
    bundled!("gurps/knight-vs-beasts.toml"),
    bundled!("gurps/knight-vs-orcs-table.toml"),
    bundled!("gurps/knight-vs-orcs.toml"),
    bundled!("gurps/odds-demo.toml"),
    bundled!("gurps/wizard-vs-goblins.toml"),
    bundled!("gurps/wrestler-vs-swordsman.toml"),
    bundled!("margin-3d6/brawl.toml"),
    bundled!("margin-3d6/crossbows-vs-charge.toml"),
    bundled!("margin-3d6/duel.toml"),
    bundled!("margin-3d6/piecemeal.toml"),
];

/// The files the bundled scenarios name, by their path under `scenarios/`.
pub const FILES: &[(&str, &str)] = &[(
    "gurps/chars/brakka.gcs",
    include_str!("../../../scenarios/gurps/chars/brakka.gcs"),
)];

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
