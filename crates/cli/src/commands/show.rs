//! `fray show template NAME [--ruleset R] [--data DIR]`: a template as the
//! TOML a scenario accepts, to paste and adjust.

use super::list::{CatalogError, extra, nearest, rulesets};
use crate::out::{self, Result};
use fray_core::data::{Catalog, Kind};
use fray_core::scenario::{FileError, SourceFile};
use fray_session::registry::unsupported;
use fray_session::with_ruleset;
use std::io::Write;
use std::path::PathBuf;

/// What `fray show` shows.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShowKind {
    /// A creature or character template.
    Template,
}

/// Arguments of `fray show`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// What to show.
    pub kind: ShowKind,
    /// Its id (`fray list templates`).
    pub name: String,
    /// The ruleset (default: every ruleset that has it).
    #[arg(long)]
    pub ruleset: Option<String>,
    /// A folder of more data files (`*.toml`) for that ruleset.
    #[arg(long, requires = "ruleset")]
    pub data: Option<PathBuf>,
}

/// The template as TOML, and the template ids (for "nearest").
fn find<R: Catalog>(
    extra: &[SourceFile],
    id: &str,
) -> std::result::Result<(Option<String>, Vec<String>), FileError> {
    let data = R::catalog(extra)?;
    let names = R::list(&data, Kind::Templates)
        .map(|l| l.names().map(str::to_string).collect())
        .unwrap_or_default();
    Ok((R::show_template(&data, id), names))
}

/// Runs the command.
pub fn run(args: &Args) -> Result {
    let ShowKind::Template = args.kind;
    let ids = rulesets(args.ruleset.as_deref())?;
    let extra = extra(args.data.as_deref())?;
    let mut shown = Vec::new();
    let mut known = Vec::new();
    for id in &ids {
        let (toml, names) = with_ruleset!(id, R => find::<R>(&extra, &args.name).map_err(out::fail)?,
            other => return Err(out::fail(CatalogError::UnknownRuleset(unsupported(other)))));
        if let Some(t) = toml {
            shown.push((*id, t));
        }
        known.extend(names);
    }
    if shown.is_empty() {
        return Err(out::fail(CatalogError::UnknownName {
            kind: "template",
            name: args.name.clone(),
            where_: match args.ruleset.as_deref() {
                Some(r) => r.to_string(),
                None => "any ruleset".into(),
            },
            nearest: nearest(&args.name, known.iter().map(String::as_str)),
        }));
    }
    let mut w = out::stdout();
    for (n, (id, text)) in shown.iter().enumerate() {
        if n > 0 {
            out::line(&mut w, "")?;
        }
        out::line(
            &mut w,
            format_args!(
                "# {id} template `{}`: add `side` and `position`, keep `template` and\n\
                 # only the sheet lines you change (maps such as skills merge key by key).",
                args.name
            ),
        )?;
        write!(w, "{text}")?;
    }
    w.flush()?;
    Ok(())
}
