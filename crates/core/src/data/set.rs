//! A ruleset's data set (armory, bestiary, grimoire) as the core handles it:
//! the bundled set, the set with the data files read at run time, and its
//! templates by id.
//!
//! Each ruleset keeps its own types and checks; through [`DataSet`] the
//! core does the steps that are the same for all of them: the scenario
//! parsed with its templates adjusted ([`parse_scenario`]), the set a fight
//! is built from ([`or_bundled`]), and the template of a late arrival
//! ([`newcomer_template`]).

use super::Template;
use crate::overrides::Refusal;
use crate::ruleset::SetupError;
use crate::scenario::{FileError, SourceFile};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::sync::Arc;

/// A ruleset's data: bundled, grown by data files, with templates by id.
pub trait DataSet: Clone + Sized + 'static {
    /// A template's sheet, as a scenario's `[combatants.sheet]` writes and
    /// reads it.
    type Sheet: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug;

    /// The bundled data, loaded once, or why it does not load.
    fn bundled() -> Result<&'static Self, String>;

    /// Adds the records of data file `file`: each checked against its
    /// ranges, and a name already defined is an error at its second
    /// definition (a data file adds entries, it never replaces one; the
    /// lists' steps are [`super::shelf`]'s).
    fn add_file(&mut self, file: &SourceFile) -> Result<(), FileError>;

    /// The bundled data plus the data files `extra`, in order.
    fn with_extra(extra: &[SourceFile]) -> Result<Self, FileError> {
        let bundled = Self::bundled().map_err(|message| FileError::Io {
            file: "(bundled data)".into(),
            message,
        })?;
        let mut all = bundled.clone();
        for file in extra {
            all.add_file(file)?;
        }
        Ok(all)
    }

    /// Every template of the bestiary, in data file order.
    fn templates(&self) -> Vec<Template<'_, Self::Sheet>>;

    /// The template `id` (exactly as written; a ruleset may ignore case).
    fn template(&self, id: &str) -> Option<Template<'_, Self::Sheet>> {
        self.templates().into_iter().find(|t| t.id == id)
    }

    /// The template ids, in the order errors list them.
    fn template_ids(&self) -> Vec<&str> {
        self.templates().into_iter().map(|t| t.id).collect()
    }

    /// Why a scenario's `template = "id"` names nothing. The default lists
    /// the ids.
    fn unknown_template(&self, id: &str) -> String {
        format!(
            "no template `{id}`; known: {}",
            self.template_ids().join(", ")
        )
    }
}

/// The bundled data plus `extra`, or `None` when there are no data files
/// (a fight then reads the bundled data).
pub fn extended<D: DataSet>(extra: &[SourceFile]) -> Result<Option<D>, FileError> {
    if extra.is_empty() {
        return Ok(None);
    }
    D::with_extra(extra).map(Some)
}

/// Parses a scenario, each combatant's `sheet` laid over its `template`'s
/// from `data` (the bundled data when `None`), as
/// [`super::parse_with_templates`] describes.
pub fn parse_scenario<T: DeserializeOwned, D: DataSet>(
    file: &SourceFile,
    data: Option<&D>,
) -> Result<T, FileError> {
    let known = data.or(D::bundled().ok());
    let sheet = |id: &str| -> Result<String, String> {
        let data = known.ok_or_else(|| "the bundled data does not load".to_string())?;
        let t = data.template(id).ok_or_else(|| data.unknown_template(id))?;
        toml::to_string(t.sheet).map_err(|e| e.to_string())
    };
    super::parse_with_templates(file, &sheet)
}

/// A scenario read with the data files `extra` joined to the bundled set
/// ([`extended`]) and its templates adjusted from that set
/// ([`parse_scenario`]); `keep` stores the set in the scenario (its
/// `armory`), so setup reads its names there.
pub fn parse_extended<T: DeserializeOwned, D: DataSet>(
    file: &SourceFile,
    extra: &[SourceFile],
    keep: impl FnOnce(&mut T, Option<Arc<D>>),
) -> Result<T, FileError> {
    let data = extended::<D>(extra)?.map(Arc::new);
    let mut scenario: T = parse_scenario(file, data.as_deref())?;
    keep(&mut scenario, data);
    Ok(scenario)
}

/// The data a scenario's fight is built from: `data` when the scenario read
/// data files, else the bundled data (an error at `(bundled data)` when it
/// does not load).
pub fn or_bundled<D: DataSet>(data: Option<&D>) -> Result<&D, SetupError> {
    match data {
        Some(d) => Ok(d),
        None => D::bundled().map_err(|e| SetupError::new("(bundled data)", e)),
    }
}

/// A late arrival's `template` (a game master's override),
/// from `data` or else the bundled data.
pub fn newcomer_template<'d, D: DataSet>(
    data: Option<&'d D>,
    template: &str,
) -> Result<(&'d D, Template<'d, D::Sheet>), Refusal> {
    let data = match data {
        Some(d) => d,
        None => D::bundled().map_err(|why| Refusal::BadTemplate {
            template: template.to_string(),
            why,
        })?,
    };
    let found = data
        .template(template)
        .ok_or_else(|| Refusal::UnknownTemplate {
            template: template.to_string(),
            known: data.template_ids().join(", "),
        })?;
    Ok((data, found))
}
