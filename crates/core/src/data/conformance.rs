//! The checks every ruleset's [`Catalog`] must pass, written once.
//!
//! Each ruleset's tests call [`check_catalog`] with its bundled bestiary;
//! a defect comes back as a typed [`Defect`], so a test fails with what is
//! wrong and where, and no check is copied into four crates.
//!
//! What is checked is what `fray list`, `fray show` and `--data DIR`
//! promise (docs/scenarios.md):
//! * every template shows as scenario TOML that reads back as the very
//!   sheet, and an unknown id shows nothing;
//! * every listing has rows, each with a cell per column, and the
//!   templates listing has a row per template;
//! * a data file adds entries and never redefines one: a bestiary entry
//!   given again is refused at its second definition, with the file and
//!   place, and the same entry under a new id is added.

use super::{Catalog, DataSet, Kind};
use crate::scenario::{FileError, SourceFile};
use serde::de::DeserializeOwned;

/// A ruleset's bundled bestiary: the text of its data file and the name of
/// the array its entries are in (`template`, `creature`).
#[derive(Clone, Copy, Debug)]
pub struct Bestiary<'a> {
    /// The data file's text.
    pub text: &'a str,
    /// The array of entries (`[[template]]` is `template`).
    pub key: &'a str,
}

/// The id a new entry gets when the redefinition check adds it.
const NEWCOMER: &str = "newcomer";

/// What a catalog does wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Defect {
    /// The bundled data does not load.
    #[error("the bundled data does not load: {0}")]
    BundledRefused(String),
    /// The bundled data holds no template.
    #[error("the bundled data holds no template")]
    NoTemplates,
    /// A template id shows nothing.
    #[error("template `{0}` is listed but not shown")]
    NotShown(String),
    /// A template shows as text that is not a scenario combatant.
    #[error("template `{id}` shows as TOML that does not read back: {reason}")]
    Unreadable {
        /// The template.
        id: String,
        /// What went wrong.
        reason: String,
    },
    /// A template shows as a sheet other than its own.
    #[error("template `{id}` reads back as {read:?}, not {sheet:?}")]
    Differs {
        /// The template.
        id: String,
        /// The sheet read back (Debug form).
        read: String,
        /// The template's sheet (Debug form).
        sheet: String,
    },
    /// An unknown id shows a template.
    #[error("an unknown template id shows a template")]
    UnknownShown,
    /// A kind of data lists no rows.
    #[error("the {0:?} listing has no rows")]
    EmptyListing(Kind),
    /// A row's cells do not match the columns.
    #[error("the {kind:?} listing's row {row} has {cells} cells for {columns} columns")]
    Ragged {
        /// The listing.
        kind: Kind,
        /// The row (0-based).
        row: usize,
        /// Its cells.
        cells: usize,
        /// The listing's columns.
        columns: usize,
    },
    /// The templates listing does not have a row per template.
    #[error("the templates listing has {rows} rows for {templates} templates")]
    TemplateRows {
        /// Rows listed.
        rows: usize,
        /// Templates held.
        templates: usize,
    },
    /// The bestiary given to the check has no entry under its key.
    #[error("the bestiary has no `[[{0}]]` entry to try")]
    NoBestiaryEntry(String),
    /// A data file redefining a bundled entry was accepted.
    #[error("a data file redefining `{0}` was accepted")]
    RedefinitionAccepted(String),
    /// The redefinition was refused, but not at its place in the data file.
    #[error("a redefinition was refused without pointing at the data file: {0}")]
    RedefinitionUnplaced(String),
    /// A new entry in a data file was refused.
    #[error("a data file adding a new template was refused: {0}")]
    NewEntryRefused(String),
    /// A new entry was accepted but does not show or list.
    #[error("a new template from a data file does not show or list")]
    NewEntryMissing,
}

/// Runs every check on `C`'s catalog.
pub fn check_catalog<C: Catalog>(bestiary: Bestiary<'_>) -> Result<(), Defect> {
    let data = bundled::<C>()?;
    templates_read_back::<C>(&data)?;
    listings_are_whole::<C>(&data)?;
    data_files_only_add::<C>(&data, bestiary)
}

fn bundled<C: Catalog>() -> Result<C::Data, Defect> {
    C::catalog(&[]).map_err(|e| Defect::BundledRefused(e.to_string()))
}

/// Every template shows as TOML that reads back as its sheet.
fn templates_read_back<C: Catalog>(data: &C::Data) -> Result<(), Defect> {
    let all = C::templates(data);
    if all.is_empty() {
        return Err(Defect::NoTemplates);
    }
    for t in all {
        let text = C::show_template(data, t.id).ok_or_else(|| Defect::NotShown(t.id.into()))?;
        let read: <C::Data as DataSet>::Sheet = shown_sheet(t.id, &text)?;
        if &read != t.sheet {
            return Err(Defect::Differs {
                id: t.id.into(),
                read: format!("{read:?}"),
                sheet: format!("{:?}", t.sheet),
            });
        }
    }
    match C::show_template(data, "no such template") {
        Some(_) => Err(Defect::UnknownShown),
        None => Ok(()),
    }
}

/// The sheet of the one `[[combatants]]` entry `text` holds, checking that
/// it names template `id`.
fn shown_sheet<S: DeserializeOwned>(id: &str, text: &str) -> Result<S, Defect> {
    let unreadable = |reason: String| Defect::Unreadable {
        id: id.into(),
        reason,
    };
    let doc: toml::Table = toml::from_str(text).map_err(|e| unreadable(e.to_string()))?;
    let entry = doc
        .get("combatants")
        .and_then(toml::Value::as_array)
        .and_then(|a| a.first())
        .ok_or_else(|| unreadable("no [[combatants]] entry".into()))?;
    if entry.get("template").and_then(toml::Value::as_str) != Some(id) {
        return Err(unreadable(format!(
            "the entry does not name template `{id}`"
        )));
    }
    let sheet = entry
        .get("sheet")
        .cloned()
        .ok_or_else(|| unreadable("no [combatants.sheet]".into()))?;
    sheet
        .try_into()
        .map_err(|e: toml::de::Error| unreadable(e.to_string()))
}

/// Every listing has rows with a cell per column; templates list one row each.
fn listings_are_whole<C: Catalog>(data: &C::Data) -> Result<(), Defect> {
    for kind in Kind::ALL {
        let Some(listing) = C::list(data, kind) else {
            continue;
        };
        if listing.rows.is_empty() {
            return Err(Defect::EmptyListing(kind));
        }
        for (row, cells) in listing.rows.iter().enumerate() {
            if cells.len() != listing.columns.len() {
                return Err(Defect::Ragged {
                    kind,
                    row,
                    cells: cells.len(),
                    columns: listing.columns.len(),
                });
            }
        }
    }
    let rows = C::list(data, Kind::Templates).map_or(0, |l| l.rows.len());
    let templates = C::templates(data).len();
    if rows != templates {
        return Err(Defect::TemplateRows { rows, templates });
    }
    Ok(())
}

/// A data file repeating the bestiary's first entry is refused at that
/// entry; the same entry under a new id is added.
fn data_files_only_add<C: Catalog>(data: &C::Data, bestiary: Bestiary<'_>) -> Result<(), Defect> {
    let missing = || Defect::NoBestiaryEntry(bestiary.key.into());
    let doc: toml::Table = toml::from_str(bestiary.text).map_err(|_| missing())?;
    let mut first = doc
        .get(bestiary.key)
        .and_then(toml::Value::as_array)
        .and_then(|a| a.first())
        .and_then(toml::Value::as_table)
        .cloned()
        .ok_or_else(missing)?;
    let id = first
        .get("id")
        .and_then(toml::Value::as_str)
        .unwrap_or_default()
        .to_string();
    let file_with = |entry: toml::Table, name: &str| {
        let mut file = toml::Table::new();
        file.insert(bestiary.key.into(), toml::Value::Array(vec![entry.into()]));
        SourceFile::new(name, toml::to_string(&file).unwrap_or_default())
    };
    match C::catalog(&[file_with(first.clone(), "again.toml")]) {
        Ok(_) => return Err(Defect::RedefinitionAccepted(id)),
        Err(FileError::At(at)) if at.file == "again.toml" && at.span.is_some() => {}
        Err(other) => return Err(Defect::RedefinitionUnplaced(other.to_string())),
    }
    first.insert("id".into(), NEWCOMER.into());
    let more = C::catalog(&[file_with(first, "new.toml")])
        .map_err(|e| Defect::NewEntryRefused(e.to_string()))?;
    let listed = |d: &C::Data| C::list(d, Kind::Templates).map_or(0, |l| l.rows.len());
    if C::show_template(&more, NEWCOMER).is_none() || listed(&more) != listed(data) + 1 {
        return Err(Defect::NewEntryMissing);
    }
    Ok(())
}

/// A ruleset crate's unit test that its catalog passes [`check_catalog`]:
/// templates show as TOML that reads back as their sheets, listings are
/// whole, data files add entries and never redefine one
/// (docs/scenarios.md). Given the ruleset's type (a full path), its
/// bestiary's text and the name of the bestiary's array:
/// `fray_core::catalog_conformance_test!(crate::Gurps, include_str!("..."), "template");`
#[macro_export]
macro_rules! catalog_conformance_test {
    ($ruleset:ty, $text:expr, $key:literal) => {
        #[cfg(test)]
        mod catalog_conformance {
            #[test]
            fn the_catalog_passes_the_core_conformance_checks() {
                let bestiary = $crate::data::conformance::Bestiary {
                    text: $text,
                    key: $key,
                };
                let checked = $crate::data::conformance::check_catalog::<$ruleset>(bestiary);
                assert_eq!(checked, Ok(()));
            }
        }
    };
}
