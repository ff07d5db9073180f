//! Building an encounter: data files read at run time and templates
//! adjusted in a scenario, the same way for every ruleset.
//!
//! * **Data at run time.** Besides the armory, bestiary and grimoire each
//!   ruleset compiles in, a fight may read more data files (`*.toml`) from a
//!   folder named on the command line (`--data DIR`) and from the folder a
//!   scenario names (`data = "mydata"`, relative to the scenario file). They
//!   are read once, when the scenario is loaded ([`scenario_data`]), so the
//!   simulator's hot path never sees them. A name defined twice (in the
//!   bundled data and a data file, or in two data files) is an error at the
//!   second definition ([`check_new`]): a data file adds entries, it never
//!   silently replaces one.
//! * **A template adjusted in the scenario.** A combatant with both
//!   `template = "knight"` and a `[combatants.sheet]` table is the template's
//!   sheet with the table's fields laid over it ([`parse_with_templates`]):
//!   tables (maps such as `skills`) merge key by key, everything else
//!   (numbers, strings, lists) replaces the template's value. The merge is
//!   made on the parsed TOML before the ruleset's strict types read it, so
//!   every error keeps the file, line and column of the scenario.
//! * **Listing the data.** [`Catalog`] is what `fray list` and `fray show`
//!   ask a ruleset: tables of its templates, weapons, armor, shields and
//!   spells, and a template written as the TOML a scenario accepts.
//! * **The ruleset's data set.** [`DataSet`] is what the core needs of a
//!   ruleset's data (bundled, grown by data files, templates by id), so
//!   loading a scenario and a late arrival's template are written once
//!   ([`set`]).
//! * **The lists of a data set.** Looking a record up by its key, adding a
//!   data file's records and checking each record's ranges are the same
//!   steps for every list of every ruleset ([`shelf`]).

use crate::ruleset::{Ruleset, SetupError};
use crate::scenario::{FileError, SourceFile};
use serde::de::DeserializeOwned;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

pub mod conformance;
pub mod set;
pub mod shelf;

pub use set::{DataSet, extended, newcomer_template, or_bundled, parse_extended, parse_scenario};

/// The top-level scenario key that names a data folder.
pub const DATA_KEY: &str = "data";

/// The most data files one folder may hold: a folder of thousands of TOML
/// files is a wrong path, not an armory.
pub const MAX_DATA_FILES: usize = 256;

/// Reads every `*.toml` file of `dir` (not its subfolders), sorted by file
/// name so the order, and so any error, is the same on every machine.
pub fn read_dir(dir: &Path) -> Result<Vec<SourceFile>, FileError> {
    let io = |e: std::io::Error| FileError::Io {
        file: dir.display().to_string(),
        message: e.to_string(),
    };
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(io)?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "toml"))
        .collect();
    if paths.len() > MAX_DATA_FILES {
        return Err(FileError::Io {
            file: dir.display().to_string(),
            message: format!("more than {MAX_DATA_FILES} data files: is this the right folder?"),
        });
    }
    paths.sort();
    paths.iter().map(|p| SourceFile::read(p)).collect()
}

/// The data files a scenario is played with: those of `cli` (`--data DIR`)
/// first, then those of the folder the scenario's `data` key names,
/// relative to the scenario file (a folder that cannot be read is an
/// error at the key). A folder named both ways is read once.
pub fn scenario_data(file: &SourceFile, cli: Option<&Path>) -> Result<Vec<SourceFile>, FileError> {
    let mut files = match cli {
        Some(dir) => read_dir(dir)?,
        None => Vec::new(),
    };
    if let Some(rel) = file.top_level_string(DATA_KEY)? {
        let base = Path::new(&file.name).parent().unwrap_or(Path::new(""));
        let dir = base.join(&rel);
        let same = cli.is_some_and(|c| same_folder(c, &dir));
        if !same {
            let more = read_dir(&dir).map_err(|e| {
                file.setup_error(&SetupError::new(
                    DATA_KEY,
                    format!("the data folder `{rel}` cannot be read: {e}"),
                ))
            })?;
            files.extend(more);
        }
    }
    Ok(files)
}

fn same_folder(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Checks that the entries `new` of data file `file` (found under
/// `key[i].field` in it, as in `[[weapon]]`) define no name already in
/// `known` nor twice among themselves (names compare case-insensitively, as
/// scenarios look them up). The error points at the second definition.
pub fn check_new<'a, T>(
    file: &SourceFile,
    key: &str,
    field: &str,
    known: impl Iterator<Item = &'a str> + Clone,
    new: &[T],
    name_of: impl Fn(&T) -> &str,
) -> Result<(), FileError> {
    for (i, entry) in new.iter().enumerate() {
        let name = name_of(entry);
        let twice = known.clone().any(|k| k.eq_ignore_ascii_case(name))
            || new[..i]
                .iter()
                .any(|k| name_of(k).eq_ignore_ascii_case(name));
        if twice {
            return Err(file.setup_error(&SetupError::new(
                format!("{key}[{i}].{field}"),
                format!(
                    "`{name}` is already defined (in the bundled data or an earlier data file); \
                     a data file adds entries and never replaces one: give it another name"
                ),
            )));
        }
    }
    Ok(())
}

/// Parses a scenario into `T`, first laying each combatant's `sheet` table
/// over its `template`'s sheet.
///
/// Every table of the file (at any depth: combatants, their mounts) that
/// holds both a string `template` and a table `sheet` is adjusted:
/// `template_sheet(id)` gives the template's sheet as TOML text (or why
/// there is no such template: an error at the `template` value), and the
/// written `sheet` is merged over it: tables key by key, at any depth;
/// other values, lists included, replace the template's. The `template`
/// key stays, so the ruleset knows where the sheet came from; its setup
/// uses the merged `sheet`. Values taken from the template point at the
/// `template` key in errors; the written ones keep their own places.
pub fn parse_with_templates<T: DeserializeOwned>(
    file: &SourceFile,
    template_sheet: &dyn Fn(&str) -> Result<String, String>,
) -> Result<T, FileError> {
    let syntax = |e: toml::de::Error| file.at(e.span(), e.message().trim().to_string(), "here");
    // First pass: the templates to expand, in document order.
    let mut wanted = Vec::new();
    {
        let root = DeTable::parse(&file.text).map_err(syntax)?;
        find_adjusted(root.get_ref(), &mut wanted);
    }
    let mut texts = Vec::with_capacity(wanted.len());
    for (id, span) in &wanted {
        let text =
            template_sheet(id).map_err(|why| file.at(Some(span.clone()), why, "this template"))?;
        texts.push((text, span.clone()));
    }
    let mut sheets = Vec::with_capacity(texts.len());
    for (text, span) in &texts {
        let table = DeTable::parse(text).map_err(|e| {
            file.at(
                Some(span.clone()),
                format!("the template does not read back: {}", e.message().trim()),
                "this template",
            )
        })?;
        sheets.push(respan_table(table.into_inner(), span));
    }
    let mut root = DeTable::parse(&file.text).map_err(syntax)?;
    let mut sheets = sheets.into_iter();
    adjust(root.get_mut(), &mut sheets);
    T::deserialize(toml::de::Deserializer::from(root))
        .map_err(|e| file.at(e.span(), e.message().trim().to_string(), "here"))
}

/// The `template` id and its span of every table holding a template and a
/// sheet table, depth first in document order.
fn find_adjusted(table: &DeTable<'_>, out: &mut Vec<(String, Range<usize>)>) {
    if let Some((id, span)) = adjusted(table) {
        out.push((id.to_string(), span));
    }
    for (_, v) in table.iter() {
        visit_children(v.get_ref(), &mut |t| find_adjusted(t, out));
    }
}

fn visit_children<'i>(v: &DeValue<'i>, f: &mut dyn FnMut(&DeTable<'i>)) {
    match v {
        DeValue::Table(t) => f(t),
        DeValue::Array(a) => {
            for item in a.iter() {
                visit_children(item.get_ref(), f);
            }
        }
        _ => {}
    }
}

/// `Some((id, span))` when `table` has a string `template` and a table `sheet`.
fn adjusted<'t>(table: &'t DeTable<'_>) -> Option<(&'t str, Range<usize>)> {
    let template = table.iter().find(|(k, _)| k.get_ref() == "template")?.1;
    let sheet = table.iter().find(|(k, _)| k.get_ref() == "sheet")?.1;
    match (template.get_ref(), sheet.get_ref()) {
        (DeValue::String(id), DeValue::Table(_)) => Some((id.as_ref(), template.span())),
        _ => None,
    }
}

/// Merges the next template sheet into each adjusted table, in the order
/// [`find_adjusted`] found them.
fn adjust<'i>(table: &mut DeTable<'i>, sheets: &mut impl Iterator<Item = DeTable<'i>>) {
    if adjusted(table).is_some()
        && let Some(mut base) = sheets.next()
        && let Some(sheet) = table.get_mut("sheet")
    {
        let span = sheet.span();
        let written = std::mem::replace(sheet.get_mut(), DeValue::Boolean(false));
        if let DeValue::Table(written) = written {
            merge(&mut base, written);
        }
        *sheet = Spanned::new(span, DeValue::Table(base));
    }
    for (_, v) in table.iter_mut() {
        adjust_children(v.get_mut(), sheets);
    }
}

fn adjust_children<'i>(v: &mut DeValue<'i>, sheets: &mut impl Iterator<Item = DeTable<'i>>) {
    match v {
        DeValue::Table(t) => adjust(t, sheets),
        DeValue::Array(a) => {
            for item in a.iter_mut() {
                adjust_children(item.get_mut(), sheets);
            }
        }
        _ => {}
    }
}

/// Lays `patch` over `base`: tables merge key by key at any depth; any
/// other value (lists included) replaces the base's.
pub fn merge<'i>(base: &mut DeTable<'i>, patch: DeTable<'i>) {
    for (key, value) in patch {
        let name = key.get_ref().clone();
        match (base.get_mut(name.as_ref()), value.get_ref()) {
            (Some(old), DeValue::Table(_)) if matches!(old.get_ref(), DeValue::Table(_)) => {
                let span = value.span();
                let DeValue::Table(patch) = value.into_inner() else {
                    continue;
                };
                if let DeValue::Table(t) = old.get_mut() {
                    merge(t, patch);
                }
                let inner = std::mem::replace(old.get_mut(), DeValue::Boolean(false));
                *old = Spanned::new(span, inner);
            }
            _ => {
                base.insert(key, value);
            }
        }
    }
}

/// The same table with every span set to `span` (the `template` key), so
/// an error in a value taken from a template points at the template.
fn respan_table<'i>(table: DeTable<'i>, span: &Range<usize>) -> DeTable<'i> {
    table
        .into_iter()
        .map(|(k, v)| {
            (
                Spanned::new(span.clone(), k.into_inner()),
                Spanned::new(span.clone(), respan_value(v.into_inner(), span)),
            )
        })
        .collect()
}

fn respan_value<'i>(value: DeValue<'i>, span: &Range<usize>) -> DeValue<'i> {
    match value {
        DeValue::Table(t) => DeValue::Table(respan_table(t, span)),
        DeValue::Array(a) => DeValue::Array(
            a.into_iter()
                .map(|v| Spanned::new(span.clone(), respan_value(v.into_inner(), span)))
                .collect(),
        ),
        other => other,
    }
}

/// The kinds of data `fray list` shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Creature and character templates (the bestiary).
    Templates,
    /// Weapons.
    Weapons,
    /// Armor.
    Armor,
    /// Shields (and cloaks).
    Shields,
    /// Spells (the grimoire).
    Spells,
}

impl Kind {
    /// Every kind, in the order `fray list` shows them.
    pub const ALL: [Kind; 5] = [
        Kind::Templates,
        Kind::Weapons,
        Kind::Armor,
        Kind::Shields,
        Kind::Spells,
    ];

    /// The word on the command line (`templates`).
    pub fn word(self) -> &'static str {
        match self {
            Kind::Templates => "templates",
            Kind::Weapons => "weapons",
            Kind::Armor => "armor",
            Kind::Shields => "shields",
            Kind::Spells => "spells",
        }
    }
}

/// One kind of data as a table: a heading per column, the name first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Listing {
    /// Column headings; the first is the name scenarios use.
    pub columns: Vec<&'static str>,
    /// One row per entry, as many cells as columns, in data file order.
    pub rows: Vec<Vec<String>>,
}

impl Listing {
    /// A listing with these columns and no rows yet.
    pub fn new(columns: &[&'static str]) -> Self {
        Listing {
            columns: columns.to_vec(),
            rows: Vec::new(),
        }
    }

    /// Adds one row.
    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    /// The names (first cells), for "did you mean".
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.rows
            .iter()
            .filter_map(|r| r.first().map(String::as_str))
    }
}

/// What `fray list` and `fray show` ask of a ruleset: its data, bundled
/// and read at run time, as tables and as scenario TOML.
///
/// Every ruleset's catalog must pass the checks of [`conformance`], which
/// its tests run.
pub trait Catalog: Ruleset {
    /// The ruleset's data set (its armory, with its templates' sheets).
    type Data: DataSet;

    /// The bundled data plus the data files `extra` (`--data DIR`), with
    /// the same checks as a scenario load (a name defined twice is an error).
    fn catalog(extra: &[SourceFile]) -> Result<Self::Data, FileError> {
        Self::Data::with_extra(extra)
    }

    /// One kind of data as a table; `None` when the ruleset keeps no such
    /// kind (DragonQuest and margin-3d6 have no spell list).
    fn list(data: &Self::Data, kind: Kind) -> Option<Listing>;

    /// Every template of the bestiary, in data file order.
    fn templates(data: &Self::Data) -> Vec<Template<'_, <Self::Data as DataSet>::Sheet>> {
        data.templates()
    }

    /// The template `id` as the TOML of a scenario's combatant (a
    /// `[[combatants]]` entry with its `[combatants.sheet]`), `None` when
    /// there is no such template.
    fn show_template(data: &Self::Data, id: &str) -> Option<String> {
        let t = Self::templates(data)
            .into_iter()
            .find(|t| t.id.eq_ignore_ascii_case(id))?;
        template_toml(t.id, t.name, t.sheet).ok()
    }
}

/// One template of a bestiary, borrowed from the ruleset's data.
#[derive(Clone, Copy, Debug)]
pub struct Template<'a, S> {
    /// The id scenarios name it by (`template = "orc"`).
    pub id: &'a str,
    /// Its display name.
    pub name: &'a str,
    /// Its sheet.
    pub sheet: &'a S,
}

/// Writes a template's sheet as the TOML of a scenario's combatant:
/// `[[combatants]]` with `name` and `template`, then the whole sheet as
/// `[combatants.sheet]`, so that deleting lines leaves a valid adjustment.
pub fn template_toml<S: serde::Serialize>(
    id: &str,
    name: &str,
    sheet: &S,
) -> Result<String, toml::ser::Error> {
    let sheet = toml::Table::try_from(sheet)?;
    let mut entry = toml::Table::new();
    entry.insert("name".into(), name.into());
    entry.insert("template".into(), id.into());
    entry.insert("sheet".into(), toml::Value::Table(sheet));
    let mut doc = toml::Table::new();
    doc.insert(
        "combatants".into(),
        toml::Value::Array(vec![toml::Value::Table(entry)]),
    );
    toml::to_string(&doc)
}

/// The word a data file writes for a value (`"regular"` for a spell class,
/// `"cut"`), for listings: its TOML form without quotes, or `""`.
pub fn word<T: serde::Serialize>(value: &T) -> String {
    match toml::Value::try_from(value) {
        Ok(toml::Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use std::collections::BTreeMap;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Doc {
        combatants: Vec<Fighter>,
    }
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Fighter {
        name: String,
        #[serde(default)]
        template: Option<String>,
        #[serde(default)]
        sheet: Option<Sheet>,
    }
    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Sheet {
        st: i32,
        dx: i32,
        #[serde(default)]
        skills: BTreeMap<String, i32>,
        #[serde(default)]
        weapons: Vec<String>,
    }

    const KNIGHT: &str = "st = 12\ndx = 12\nweapons = [\"Broadsword\", \"Dagger\"]\n[skills]\nBroadsword = 14\nShield = 13\n";

    fn templates(id: &str) -> Result<String, String> {
        match id {
            "knight" => Ok(KNIGHT.into()),
            other => Err(format!("no template `{other}`")),
        }
    }

    fn parse(text: &str) -> Result<Doc, FileError> {
        parse_with_templates(&SourceFile::new("s.toml", text), &templates)
    }

    #[test]
    fn maps_merge_key_by_key_and_other_values_replace() {
        let doc = parse(
            "[[combatants]]\nname = \"Bors\"\ntemplate = \"knight\"\n[combatants.sheet]\nst = 13\nweapons = [\"Axe\"]\nskills = { Broadsword = 18 }\n",
        )
        .unwrap();
        let sheet = doc.combatants[0].sheet.as_ref().unwrap();
        assert_eq!(sheet.st, 13);
        assert_eq!(sheet.dx, 12);
        assert_eq!(sheet.weapons, ["Axe"]);
        assert_eq!(sheet.skills["Broadsword"], 18);
        assert_eq!(sheet.skills["Shield"], 13);
        assert_eq!(doc.combatants[0].template.as_deref(), Some("knight"));
    }

    #[test]
    fn a_template_without_a_sheet_and_a_sheet_without_a_template_stay_as_written() {
        let doc = parse(
            "[[combatants]]\nname = \"A\"\ntemplate = \"knight\"\n[[combatants]]\nname = \"B\"\nsheet = { st = 9, dx = 10 }\n",
        )
        .unwrap();
        assert!(doc.combatants[0].sheet.is_none());
        let b = doc.combatants[1].sheet.as_ref().unwrap();
        assert_eq!((b.st, b.dx, b.skills.len()), (9, 10, 0));
        assert_eq!(doc.combatants[1].name, "B");
    }

    #[test]
    fn an_error_in_the_written_sheet_keeps_its_line_and_column() {
        let err = parse(
            "[[combatants]]\nname = \"Bors\"\ntemplate = \"knight\"\n[combatants.sheet]\nst = \"big\"\n",
        )
        .unwrap_err()
        .to_string();
        assert!(err.starts_with("s.toml:5:6: "), "{err}");
        let err = parse(
            "[[combatants]]\nname = \"Bors\"\ntemplate = \"knight\"\n[combatants.sheet]\nsst = 1\n",
        )
        .unwrap_err()
        .to_string();
        assert!(
            err.starts_with("s.toml:5:1: ") && err.contains("sst"),
            "{err}"
        );
    }

    #[test]
    fn an_unknown_template_is_an_error_at_its_name() {
        let err = parse(
            "[[combatants]]\nname = \"Bors\"\ntemplate = \"knigt\"\n[combatants.sheet]\nst = 13\n",
        )
        .unwrap_err()
        .to_string();
        assert!(err.starts_with("s.toml:3:12: no template `knigt`"), "{err}");
    }

    #[test]
    fn nested_tables_such_as_mounts_are_adjusted_too() {
        #[derive(Debug, Deserialize)]
        struct Outer {
            mount: Fighter,
        }
        let doc: Outer = parse_with_templates(
            &SourceFile::new(
                "m.toml",
                "[mount]\nname = \"Steed\"\ntemplate = \"knight\"\nsheet = { dx = 14 }\n",
            ),
            &templates,
        )
        .unwrap();
        let s = doc.mount.sheet.unwrap();
        assert_eq!((s.st, s.dx), (12, 14));
    }

    #[test]
    fn syntax_errors_never_panic_and_have_a_position() {
        for text in ["combatants = ", "[[combatants]\n", "a.b = 1\na = 2"] {
            let err = parse(text).unwrap_err().to_string();
            assert!(err.starts_with("s.toml:"), "{err}");
        }
    }

    #[test]
    fn a_name_defined_again_points_at_the_second_definition() {
        let file = SourceFile::new(
            "extra.toml",
            "[[weapon]]\nname = \"Club\"\n[[weapon]]\nname = \"broadsword\"\n",
        );
        let new = ["Club", "broadsword"];
        let err = check_new(
            &file,
            "weapon",
            "name",
            ["Broadsword"].into_iter(),
            &new,
            |n| n,
        )
        .unwrap_err()
        .to_string();
        assert!(
            err.starts_with("extra.toml:4:8: weapon[1].name: `broadsword` is already defined"),
            "{err}"
        );
        let twice = ["Club", "club"];
        let err = check_new(&file, "weapon", "name", [].into_iter(), &twice, |n| n)
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("extra.toml:4:8: weapon[1].name"), "{err}");
        assert!(check_new(&file, "weapon", "name", ["Axe"].into_iter(), &new, |n| n).is_ok());
    }

    #[test]
    fn a_folder_is_read_in_file_name_order_toml_files_only() {
        let dir = std::env::temp_dir().join(format!("fray-data-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        for (name, text) in [
            ("b.toml", "b = 1"),
            ("a.toml", "a = 1"),
            ("notes.txt", "x"),
            ("sub/c.toml", "c = 1"),
        ] {
            std::fs::write(dir.join(name), text).unwrap();
        }
        let files = read_dir(&dir).unwrap();
        let texts: Vec<&str> = files.iter().map(|f| f.text.as_str()).collect();
        assert_eq!(texts, ["a = 1", "b = 1"]);
        assert!(matches!(
            read_dir(&dir.join("nowhere")),
            Err(FileError::Io { .. })
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_scenario_data_folder_that_cannot_be_read_is_an_error_at_the_key() {
        let file = SourceFile::new("/nonexistent/s.toml", "name = \"x\"\ndata = \"gone\"\n");
        let err = scenario_data(&file, None).unwrap_err().to_string();
        assert!(
            err.starts_with("/nonexistent/s.toml:2:8: data: the data folder `gone` cannot be read"),
            "{err}"
        );
        let none = SourceFile::new("s.toml", "name = \"x\"\n");
        assert!(scenario_data(&none, None).unwrap().is_empty());
    }

    #[test]
    fn a_template_is_written_as_a_combatant_with_its_sheet() {
        let sheet: toml::Table = toml::from_str(KNIGHT).unwrap();
        let text = template_toml("knight", "Knight", &sheet).unwrap();
        assert!(
            text.starts_with("[[combatants]]\nname = \"Knight\"\ntemplate = \"knight\"\n"),
            "{text}"
        );
        let doc = parse(&text).unwrap();
        let s = doc.combatants[0].sheet.as_ref().unwrap();
        assert_eq!((s.st, s.skills["Shield"]), (12, 13));
    }

    #[test]
    fn words_are_the_data_files_own() {
        #[derive(serde::Serialize)]
        #[serde(rename_all = "snake_case")]
        enum Class {
            OneHanded,
        }
        assert_eq!(word(&Class::OneHanded), "one_handed");
        assert_eq!(word(&3), "3");
        assert_eq!(
            Kind::ALL.map(Kind::word),
            ["templates", "weapons", "armor", "shields", "spells"]
        );
    }
}
