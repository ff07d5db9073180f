//! `fray list` and `fray show` for d20-3d6: weapons, armor, shields,
//! spells and templates (bundled and read at run time) as tables and
//! scenario TOML.

use crate::D20;
use crate::model::data::{Armory, Protection};
use fray_core::data::{Catalog, Kind, Listing, template_toml, word};
use fray_core::scenario::{FileError, SourceFile};

impl Catalog for D20 {
    type Data = Armory;

    fn catalog(extra: &[SourceFile]) -> Result<Armory, FileError> {
        crate::model::data::with_extra(extra)
    }

    fn list(a: &Armory, kind: Kind) -> Option<Listing> {
        Some(match kind {
            Kind::Templates => {
                let mut l = Listing::new(&[
                    "Id", "Name", "STR", "DEX", "CON", "HP", "BAB", "Size", "Weapons", "Armor",
                ]);
                for t in &a.template {
                    let s = &t.sheet;
                    let weapons: Vec<&str> = s.weapon.iter().map(|w| w.name.as_str()).collect();
                    l.row(vec![
                        t.id.clone(),
                        t.name.clone(),
                        format!("{:+}", s.abilities.str),
                        format!("{:+}", s.abilities.dex),
                        format!("{:+}", s.abilities.con),
                        s.hp.max.to_string(),
                        format!("{:+}", s.bab),
                        word(&s.size),
                        weapons.join(", "),
                        s.armor.clone().unwrap_or_default(),
                    ]);
                }
                l
            }
            Kind::Weapons => {
                let mut l = Listing::new(&["Name", "Group", "Damage", "Hands", "Use", "Range (m)"]);
                for w in &a.weapon {
                    let mut uses = Vec::new();
                    if w.melee {
                        uses.push("melee");
                    }
                    if w.thrown {
                        uses.push("thrown");
                    }
                    if w.range_m.is_some() && !w.thrown {
                        uses.push("ranged");
                    }
                    l.row(vec![
                        w.name.clone(),
                        w.group.clone(),
                        w.damage.to_string(),
                        w.hands.to_string(),
                        uses.join(", "),
                        w.range_m.map(|r| r.to_string()).unwrap_or_default(),
                    ]);
                }
                l
            }
            Kind::Armor => protection(&a.armor),
            Kind::Shields => protection(&a.shield),
            Kind::Spells => {
                let mut l = Listing::new(&["Name", "Actions", "DC", "Effect", "Dice", "Range (m)"]);
                for s in &a.spell {
                    l.row(vec![
                        s.name.clone(),
                        s.actions.to_string(),
                        s.dc.to_string(),
                        word(&s.effect),
                        s.dice.to_string(),
                        s.range_m.to_string(),
                    ]);
                }
                l
            }
        })
    }

    fn show_template(a: &Armory, id: &str) -> Option<String> {
        let t = a.template(id)?;
        template_toml(&t.id, &t.name, &t.sheet).ok()
    }
}

/// Armor and shields: the Defense bonus they give (X-DEF-001) and magic.
fn protection(list: &[Protection]) -> Listing {
    let mut l = Listing::new(&["Name", "Defense bonus", "Magic"]);
    for p in list {
        l.row(vec![
            p.name.clone(),
            format!("{:+}", p.defense_bonus),
            format!("{:+}", p.magic),
        ]);
    }
    l
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_core::data::Kind;

    fn bundled() -> Armory {
        D20::catalog(&[]).expect("the bundled data loads")
    }

    /// `fray show template` prints TOML that reads back as the very sheet.
    #[test]
    fn every_template_shows_as_toml_that_reads_back_as_its_sheet() {
        let a = bundled();
        let all: Vec<(String, crate::model::sheet::Sheet)> = a
            .template
            .iter()
            .map(|t| (t.id.clone(), t.sheet.clone()))
            .collect();
        assert!(!all.is_empty());
        for (id, sheet) in all {
            let text = D20::show_template(&a, &id).expect("shown");
            let doc: toml::Table = toml::from_str(&text).expect("TOML");
            let entry = &doc["combatants"].as_array().expect("a list")[0];
            assert_eq!(entry["template"].as_str(), Some(id.as_str()));
            let back: crate::model::sheet::Sheet =
                entry["sheet"].clone().try_into().expect("a sheet");
            assert_eq!(back, sheet, "{id}");
        }
        assert!(D20::show_template(&a, "no such template").is_none());
    }

    #[test]
    fn each_listing_has_a_row_per_entry_and_a_cell_per_column() {
        let a = bundled();
        for kind in Kind::ALL {
            let Some(l) = D20::list(&a, kind) else {
                continue;
            };
            assert!(!l.rows.is_empty(), "{kind:?}");
            for row in &l.rows {
                assert_eq!(row.len(), l.columns.len(), "{kind:?}: {row:?}");
            }
        }
        let templates = D20::list(&a, Kind::Templates).expect("templates");
        assert_eq!(templates.rows.len(), a.template.len());
    }

    /// Data files add entries; a name already defined is refused at its
    /// second definition (docs/scenarios.md).
    #[test]
    fn data_files_add_entries_and_never_redefine_one() {
        let a = bundled();
        let (id, _) = a
            .template
            .iter()
            .map(|t| (t.id.clone(), t.sheet.clone()))
            .next()
            .expect("a template");
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../data/d20-3d6/creatures.toml"
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
        let err = D20::catalog(&[again])
            .expect_err("a second definition")
            .to_string();
        assert!(
            err.starts_with("again.toml:") && err.contains(&format!("`{id}` is already defined")),
            "{err}"
        );
        first.insert("id".into(), "newcomer".into());
        file.insert("template".into(), toml::Value::Array(vec![first.into()]));
        let new = SourceFile::new("new.toml", toml::to_string(&file).expect("TOML"));
        let more = D20::catalog(&[new]).expect("a new template");
        assert!(D20::show_template(&more, "newcomer").is_some());
        let before = D20::list(&a, Kind::Templates)
            .expect("templates")
            .rows
            .len();
        assert_eq!(
            D20::list(&more, Kind::Templates)
                .expect("templates")
                .rows
                .len(),
            before + 1
        );
    }
}
