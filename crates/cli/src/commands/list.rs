//! `fray list templates|weapons|armor|shields|spells [--ruleset R] [--data DIR]`:
//! the names a scenario may use, with the key figures of each, from the
//! bundled data and a data folder read at run time.

use crate::out::{self, Result};
use comfy_table::{Table, presets::UTF8_FULL_CONDENSED};
use fray_core::data::{Catalog, Kind, Listing};
use fray_core::scenario::{FileError, SourceFile};
use fray_session::registry::{REGISTERED, unsupported};
use fray_session::with_ruleset;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The kinds on the command line.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum KindArg {
    /// Creature and character templates (the bestiary).
    Templates,
    /// Weapons.
    Weapons,
    /// Armor.
    Armor,
    /// Shields.
    Shields,
    /// Spells (the grimoire).
    Spells,
}

impl From<KindArg> for Kind {
    fn from(k: KindArg) -> Kind {
        match k {
            KindArg::Templates => Kind::Templates,
            KindArg::Weapons => Kind::Weapons,
            KindArg::Armor => Kind::Armor,
            KindArg::Shields => Kind::Shields,
            KindArg::Spells => Kind::Spells,
        }
    }
}

/// Arguments of `fray list`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// What to list.
    pub kind: KindArg,
    /// One ruleset (default: every ruleset, one table each).
    #[arg(long)]
    pub ruleset: Option<String>,
    /// A folder of more data files (`*.toml`) for that ruleset, read with
    /// the bundled ones.
    #[arg(long, requires = "ruleset")]
    pub data: Option<PathBuf>,
}

/// Why `fray list` or `fray show` cannot answer.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum CatalogError {
    /// The ruleset keeps no data of this kind.
    #[error("the ruleset `{ruleset}` has no {kind}")]
    #[diagnostic(code(fray::no_such_kind))]
    NoSuchKind {
        /// The ruleset id.
        ruleset: String,
        /// The kind's word (`spells`).
        kind: &'static str,
    },
    /// No entry has this name.
    #[error("no {kind} `{name}` in {where_}{}", nearest_text(nearest))]
    #[diagnostic(code(fray::unknown_name))]
    UnknownName {
        /// The kind's word, singular (`template`).
        kind: &'static str,
        /// The name asked for.
        name: String,
        /// Which rulesets were searched (`gurps`, `any ruleset`).
        where_: String,
        /// The closest names, best first.
        nearest: Vec<String>,
    },
    /// The ruleset id is not registered.
    #[error("{0}")]
    #[diagnostic(code(fray::unknown_ruleset))]
    UnknownRuleset(String),
}

fn nearest_text(nearest: &[String]) -> String {
    if nearest.is_empty() {
        String::new()
    } else {
        format!("; nearest: {}", nearest.join(", "))
    }
}

/// The names closest to `name` (case-insensitive Jaro-Winkler), best
/// first, at most five; none when nothing is close.
pub fn nearest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let lower = name.to_lowercase();
    let mut scored: Vec<(f64, &str)> = known
        .into_iter()
        .map(|k| (strsim::jaro_winkler(&lower, &k.to_lowercase()), k))
        .filter(|&(score, _)| score >= 0.7)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    scored
        .into_iter()
        .take(5)
        .map(|(_, k)| k.to_string())
        .collect()
}

/// The data files of `--data DIR`, none without it.
pub fn extra(dir: Option<&Path>) -> Result<Vec<SourceFile>> {
    match dir {
        Some(dir) => fray_core::data::read_dir(dir).map_err(out::fail),
        None => Ok(Vec::new()),
    }
}

/// The rulesets a command looks at: the one named, or all.
pub fn rulesets(named: Option<&str>) -> Result<Vec<&'static str>> {
    match named {
        Some(id) => match REGISTERED.iter().find(|r| r.id == id) {
            Some(r) => Ok(vec![r.id]),
            None => Err(out::fail(CatalogError::UnknownRuleset(unsupported(id)))),
        },
        None => Ok(REGISTERED.iter().map(|r| r.id).collect()),
    }
}

/// One ruleset's listing of `kind`, `None` when it has no such kind.
fn listing<R: Catalog>(
    extra: &[SourceFile],
    kind: Kind,
) -> std::result::Result<Option<Listing>, FileError> {
    let data = R::catalog(extra)?;
    Ok(R::list(&data, kind))
}

/// A listing as a table.
pub fn table(l: &Listing) -> Table {
    let mut t = Table::new();
    t.load_preset(UTF8_FULL_CONDENSED)
        .set_header(l.columns.clone());
    for row in &l.rows {
        t.add_row(row.clone());
    }
    t
}

/// Runs the command.
pub fn run(args: &Args) -> Result {
    let kind = Kind::from(args.kind);
    let ids = rulesets(args.ruleset.as_deref())?;
    let extra = extra(args.data.as_deref())?;
    let mut w = out::stdout();
    let grouped = ids.len() > 1;
    for (n, id) in ids.iter().enumerate() {
        let found = with_ruleset!(id, R => listing::<R>(&extra, kind).map_err(out::fail)?,
            other => return Err(out::fail(CatalogError::UnknownRuleset(unsupported(other)))));
        if grouped {
            if n > 0 {
                out::line(&mut w, "")?;
            }
            out::line(&mut w, format_args!("{id}:"))?;
        }
        match found {
            Some(l) => out::line(&mut w, table(&l))?,
            None if grouped => out::line(&mut w, format_args!("(no {} in {id})", kind.word()))?,
            None => {
                return Err(out::fail(CatalogError::NoSuchKind {
                    ruleset: id.to_string(),
                    kind: kind.word(),
                }));
            }
        }
    }
    w.flush()?;
    Ok(())
}
