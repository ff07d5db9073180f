//! `fray list` and `fray show` for DragonQuest: the armory and bestiary
//! (bundled and read at run time) as tables and scenario TOML. DragonQuest
//! keeps no spell list.

use crate::DragonQuest;
use crate::model::data::Armory;
use fray_core::data::{Catalog, Kind, Listing, template_toml, word};
use fray_core::scenario::{FileError, SourceFile};

impl Catalog for DragonQuest {
    type Data = Armory;

    fn catalog(extra: &[SourceFile]) -> Result<Armory, FileError> {
        crate::model::data::with_extra(extra)
    }

    fn list(a: &Armory, kind: Kind) -> Option<Listing> {
        Some(match kind {
            Kind::Templates => {
                let mut l = Listing::new(&[
                    "Id", "Name", "PS", "MD", "AG", "EN", "FT", "WP", "PC", "Weapons", "Armor",
                ]);
                for s in &a.creatures {
                    let weapons: Vec<&str> = s.weapons.iter().map(|c| c.id.as_str()).collect();
                    l.row(vec![
                        s.id.clone(),
                        s.name.clone(),
                        s.ps.to_string(),
                        s.md.to_string(),
                        s.ag.to_string(),
                        s.en.to_string(),
                        s.ft.to_string(),
                        s.wp.to_string(),
                        s.pc.to_string(),
                        weapons.join(", "),
                        s.armor.clone().unwrap_or_default(),
                    ]);
                }
                l
            }
            Kind::Weapons => {
                let mut l = Listing::new(&[
                    "Id",
                    "Name",
                    "Category",
                    "Class",
                    "Base chance",
                    "Damage",
                    "Range",
                    "PS min",
                    "MD min",
                ]);
                for w in &a.weapons {
                    l.row(vec![
                        w.id.clone(),
                        w.name.clone(),
                        word(&w.category),
                        w.class.as_ref().map(word).unwrap_or_default(),
                        w.base_chance.to_string(),
                        format!("D{:+}", w.damage),
                        w.range.to_string(),
                        w.ps_min.to_string(),
                        w.md_min.to_string(),
                    ]);
                }
                l
            }
            Kind::Armor => {
                let mut l = Listing::new(&["Id", "Name", "Protection", "AG mod"]);
                for x in &a.armor {
                    l.row(vec![
                        x.id.clone(),
                        x.name.clone(),
                        x.protection.to_string(),
                        x.ag_mod.to_string(),
                    ]);
                }
                l
            }
            Kind::Shields => {
                let mut l = Listing::new(&["Id", "Name", "Defense", "AG mod"]);
                for x in &a.shields {
                    l.row(vec![
                        x.id.clone(),
                        x.name.clone(),
                        x.defense.to_string(),
                        x.ag_mod.to_string(),
                    ]);
                }
                l
            }
            Kind::Spells => return None,
        })
    }

    fn show_template(a: &Armory, id: &str) -> Option<String> {
        let s = a.creature(id)?;
        template_toml(&s.id, &s.name, s).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_core::data::Kind;

    fn bundled() -> Armory {
        DragonQuest::catalog(&[]).expect("the bundled data loads")
    }

    /// `fray show template` prints TOML that reads back as the very sheet.
    #[test]
    fn every_template_shows_as_toml_that_reads_back_as_its_sheet() {
        let a = bundled();
        let all: Vec<(String, crate::model::data::Sheet)> = a
            .creatures
            .iter()
            .map(|s| (s.id.clone(), s.clone()))
            .collect();
        assert!(!all.is_empty());
        for (id, sheet) in all {
            let text = DragonQuest::show_template(&a, &id).expect("shown");
            let doc: toml::Table = toml::from_str(&text).expect("TOML");
            let entry = &doc["combatants"].as_array().expect("a list")[0];
            assert_eq!(entry["template"].as_str(), Some(id.as_str()));
            let back: crate::model::data::Sheet =
                entry["sheet"].clone().try_into().expect("a sheet");
            assert_eq!(back, sheet, "{id}");
        }
        assert!(DragonQuest::show_template(&a, "no such template").is_none());
    }

    #[test]
    fn each_listing_has_a_row_per_entry_and_a_cell_per_column() {
        let a = bundled();
        for kind in Kind::ALL {
            let Some(l) = DragonQuest::list(&a, kind) else {
                continue;
            };
            assert!(!l.rows.is_empty(), "{kind:?}");
            for row in &l.rows {
                assert_eq!(row.len(), l.columns.len(), "{kind:?}: {row:?}");
            }
        }
        let templates = DragonQuest::list(&a, Kind::Templates).expect("templates");
        assert_eq!(templates.rows.len(), a.creatures.len());
    }

    /// Data files add entries; a name already defined is refused at its
    /// second definition (docs/scenarios.md).
    #[test]
    fn data_files_add_entries_and_never_redefine_one() {
        let a = bundled();
        let (id, _) = a
            .creatures
            .iter()
            .map(|s| (s.id.clone(), s.clone()))
            .next()
            .expect("a template");
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../data/dragonquest/creatures.toml"
        ))
        .expect("the bestiary");
        let doc: toml::Table = toml::from_str(&text).expect("TOML");
        let mut first = doc["creature"][0].as_table().expect("an entry").clone();
        let mut file = toml::Table::new();
        file.insert(
            "creature".into(),
            toml::Value::Array(vec![first.clone().into()]),
        );
        let again = SourceFile::new("again.toml", toml::to_string(&file).expect("TOML"));
        let err = DragonQuest::catalog(&[again])
            .expect_err("a second definition")
            .to_string();
        assert!(
            err.starts_with("again.toml:") && err.contains(&format!("`{id}` is already defined")),
            "{err}"
        );
        first.insert("id".into(), "newcomer".into());
        file.insert("creature".into(), toml::Value::Array(vec![first.into()]));
        let new = SourceFile::new("new.toml", toml::to_string(&file).expect("TOML"));
        let more = DragonQuest::catalog(&[new]).expect("a new template");
        assert!(DragonQuest::show_template(&more, "newcomer").is_some());
        let before = DragonQuest::list(&a, Kind::Templates)
            .expect("templates")
            .rows
            .len();
        assert_eq!(
            DragonQuest::list(&more, Kind::Templates)
                .expect("templates")
                .rows
                .len(),
            before + 1
        );
    }
}
