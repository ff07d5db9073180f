//! `fray list` and `fray show` for margin-3d6: weapons, armor, shields and
//! templates (bundled and read at run time) as tables and scenario TOML.
//! margin-3d6 keeps no spell list.

use crate::Margin;
use crate::model::data::{Armory, Dr, Gear, Mode};
use fray_core::data::{Catalog, Kind, Listing, template_toml, word};
use fray_core::scenario::{FileError, SourceFile};

impl Catalog for Margin {
    type Data = Armory;

    fn catalog(extra: &[SourceFile]) -> Result<Armory, FileError> {
        crate::model::data::with_extra(extra)
    }

    fn list(a: &Armory, kind: Kind) -> Option<Listing> {
        Some(match kind {
            Kind::Templates => {
                let mut l = Listing::new(&[
                    "Id", "Name", "ST", "DX", "IQ", "HT", "HP", "Weapons", "Armor", "Shield",
                ]);
                for (id, name, s) in &a.templates {
                    let at = s.attributes;
                    l.row(vec![
                        id.clone(),
                        name.clone(),
                        at.st.to_string(),
                        at.dx.to_string(),
                        at.iq.to_string(),
                        at.ht.to_string(),
                        s.hp.unwrap_or(at.st).to_string(),
                        names(&s.weapons, |w| &w.name),
                        names(&s.armor, |a| &a.name),
                        names(s.shield.as_slice(), |sh| &sh.name),
                    ]);
                }
                l
            }
            Kind::Weapons => {
                let mut l = Listing::new(&[
                    "Name", "Skill", "Class", "Damage", "Reach", "Parry", "Min ST", "Hands",
                ]);
                for w in &a.weapons {
                    let modes: Vec<String> = w.modes.iter().map(mode).collect();
                    l.row(vec![
                        w.name.clone(),
                        w.skill.clone(),
                        word(&w.class),
                        modes.join("; "),
                        w.reach.to_string(),
                        word(&w.parry),
                        w.min_st.to_string(),
                        w.hands.to_string(),
                    ]);
                }
                l
            }
            Kind::Armor => {
                let mut l = Listing::new(&["Name", "PD", "DR", "Covers"]);
                for x in &a.armor {
                    let covers: Vec<String> = x.covers.iter().map(word).collect();
                    l.row(vec![
                        x.name.clone(),
                        x.pd.to_string(),
                        dr(x.dr),
                        covers.join(", "),
                    ]);
                }
                l
            }
            Kind::Shields => {
                let mut l = Listing::new(&["Name", "PD", "HT", "Size"]);
                for x in &a.shields {
                    l.row(vec![
                        x.name.clone(),
                        x.pd.to_string(),
                        x.ht.to_string(),
                        word(&x.size),
                    ]);
                }
                l
            }
            Kind::Spells => return None,
        })
    }

    fn show_template(a: &Armory, id: &str) -> Option<String> {
        let (id, name, sheet) = a.templates.iter().find(|t| t.0 == id)?;
        template_toml(id, name, sheet).ok()
    }
}

/// `sw+1 cut`.
fn mode(m: &Mode) -> String {
    let base = word(&m.base);
    let kind = word(&m.kind);
    match m.modifier {
        0 => format!("{base} {kind}"),
        n => format!("{base}{n:+} {kind}"),
    }
}

/// `3`, or `cr 2 / cut 3 / imp 3`.
fn dr(d: Dr) -> String {
    match d {
        Dr::All(n) => n.to_string(),
        Dr::PerType { cr, cut, imp } => format!("cr {cr} / cut {cut} / imp {imp}"),
    }
}

/// The names of a template's gear, bundled or written inline, joined.
fn names<T>(gear: &[Gear<T>], name: impl Fn(&T) -> &String) -> String {
    let each: Vec<&str> = gear
        .iter()
        .map(|g| match g {
            Gear::Named(n) => n.as_str(),
            Gear::Inline(t) => name(t).as_str(),
        })
        .collect();
    each.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_core::data::Kind;

    fn bundled() -> Armory {
        Margin::catalog(&[]).expect("the bundled data loads")
    }

    /// `fray show template` prints TOML that reads back as the very sheet.
    #[test]
    fn every_template_shows_as_toml_that_reads_back_as_its_sheet() {
        let a = bundled();
        let all: Vec<(String, crate::model::data::Sheet)> = a
            .templates
            .iter()
            .map(|t| (t.0.clone(), t.2.clone()))
            .collect();
        assert!(!all.is_empty());
        for (id, sheet) in all {
            let text = Margin::show_template(&a, &id).expect("shown");
            let doc: toml::Table = toml::from_str(&text).expect("TOML");
            let entry = &doc["combatants"].as_array().expect("a list")[0];
            assert_eq!(entry["template"].as_str(), Some(id.as_str()));
            let back: crate::model::data::Sheet =
                entry["sheet"].clone().try_into().expect("a sheet");
            assert_eq!(back, sheet, "{id}");
        }
        assert!(Margin::show_template(&a, "no such template").is_none());
    }

    #[test]
    fn each_listing_has_a_row_per_entry_and_a_cell_per_column() {
        let a = bundled();
        for kind in Kind::ALL {
            let Some(l) = Margin::list(&a, kind) else {
                continue;
            };
            assert!(!l.rows.is_empty(), "{kind:?}");
            for row in &l.rows {
                assert_eq!(row.len(), l.columns.len(), "{kind:?}: {row:?}");
            }
        }
        let templates = Margin::list(&a, Kind::Templates).expect("templates");
        assert_eq!(templates.rows.len(), a.templates.len());
    }

    /// Data files add entries; a name already defined is refused at its
    /// second definition (docs/scenarios.md).
    #[test]
    fn data_files_add_entries_and_never_redefine_one() {
        let a = bundled();
        let (id, _) = a
            .templates
            .iter()
            .map(|t| (t.0.clone(), t.2.clone()))
            .next()
            .expect("a template");
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../data/margin-3d6/creatures.toml"
        ))
        .expect("the bestiary");
        let doc: toml::Table = toml::from_str(&text).expect("TOML");
        let mut first = doc["template"][0].as_table().expect("an entry").clone();
        let mut file = toml::Table::new();
        file.insert(
            "template".into(),
            toml::Value::Array(vec![first.clone().into()]),
        );
        let again = SourceFile::new("again.toml", toml::to_string(&file).expect("TOML"));
        let err = Margin::catalog(&[again])
            .expect_err("a second definition")
            .to_string();
        assert!(
            err.starts_with("again.toml:") && err.contains(&format!("`{id}` is already defined")),
            "{err}"
        );
        first.insert("id".into(), "newcomer".into());
        file.insert("template".into(), toml::Value::Array(vec![first.into()]));
        let new = SourceFile::new("new.toml", toml::to_string(&file).expect("TOML"));
        let more = Margin::catalog(&[new]).expect("a new template");
        assert!(Margin::show_template(&more, "newcomer").is_some());
        let before = Margin::list(&a, Kind::Templates)
            .expect("templates")
            .rows
            .len();
        assert_eq!(
            Margin::list(&more, Kind::Templates)
                .expect("templates")
                .rows
                .len(),
            before + 1
        );
    }
}
