//! `fray list` and `fray show` for GURPS: the armory, bestiary and
//! grimoire (bundled and read at run time) as tables and scenario TOML.

use crate::Gurps;
use crate::model::data::{Armory, AttackMode, Weapon};
use fray_core::data::{Catalog, Kind, Listing, template_toml, word};
use fray_core::scenario::{FileError, SourceFile};

impl Catalog for Gurps {
    type Data = Armory;

    fn catalog(extra: &[SourceFile]) -> Result<Armory, FileError> {
        crate::model::data::with_extra(extra)
    }

    fn list(a: &Armory, kind: Kind) -> Option<Listing> {
        Some(match kind {
            Kind::Templates => templates(a),
            Kind::Weapons => weapons(a),
            Kind::Armor => {
                let mut l = Listing::new(&["Name", "DR", "Covers", "Flexible", "Weight"]);
                for x in &a.armor {
                    let dr = match x.dr_crushing {
                        Some(c) => format!("{}/{c}*", x.dr),
                        None => x.dr.to_string(),
                    };
                    let flexible = if x.flexible { "yes" } else { "" };
                    l.row(vec![
                        x.name.clone(),
                        dr,
                        x.covers.join(", "),
                        flexible.into(),
                        x.weight.to_string(),
                    ]);
                }
                l
            }
            Kind::Shields => {
                let mut l = Listing::new(&["Name", "DB", "Skill", "Weight", "HP", "DR"]);
                for s in &a.shields {
                    l.row(vec![
                        s.name.clone(),
                        s.db.to_string(),
                        s.skill.clone(),
                        s.weight.to_string(),
                        s.hp.to_string(),
                        s.dr.to_string(),
                    ]);
                }
                l
            }
            Kind::Spells => {
                let mut l =
                    Listing::new(&["Name", "College", "Class", "Cost", "Time", "Resisted by"]);
                for s in &a.spells {
                    l.row(vec![
                        s.name.clone(),
                        s.college.clone(),
                        word(&s.class),
                        s.cost.to_string(),
                        s.time.to_string(),
                        s.resisted_by.as_ref().map(word).unwrap_or_default(),
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

/// ST, DX, IQ, HT, HP (ST when not given), gear.
fn templates(a: &Armory) -> Listing {
    let mut l = Listing::new(&[
        "Id", "Name", "ST", "DX", "IQ", "HT", "HP", "Weapons", "Armor",
    ]);
    for t in &a.templates {
        let s = &t.sheet;
        l.row(vec![
            t.id.clone(),
            t.name.clone(),
            s.st.to_string(),
            s.dx.to_string(),
            s.iq.to_string(),
            s.ht.to_string(),
            s.hp.unwrap_or(s.st).to_string(),
            s.weapons.join(", "),
            s.armor.join(", "),
        ]);
    }
    l
}

/// Each mode as `swing sw+1 cut reach 1`, the skill, weight.
fn weapons(a: &Armory) -> Listing {
    let mut l = Listing::new(&["Name", "Skill", "Modes", "Min ST", "Weight"]);
    for w in &a.weapons {
        let min_st = w.modes.iter().map(|m| m.min_st).max().unwrap_or(0);
        l.row(vec![
            w.name.clone(),
            w.skill.clone(),
            modes(w),
            min_st.to_string(),
            w.weight.to_string(),
        ]);
    }
    l
}

fn modes(w: &Weapon) -> String {
    w.modes.iter().map(mode).collect::<Vec<_>>().join("; ")
}

fn mode(m: &AttackMode) -> String {
    let mut s = format!("{} {} {}", m.name, m.damage, m.damage_type);
    if m.is_melee() {
        let reach: Vec<String> = m
            .reach
            .iter()
            .map(|&r| if r == 0 { "C".into() } else { r.to_string() })
            .collect();
        s.push_str(&format!(" reach {}", reach.join(",")));
    }
    if let Some(acc) = m.acc {
        s.push_str(&format!(" acc {acc}"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_core::data::Kind;

    fn bundled() -> Armory {
        Gurps::catalog(&[]).expect("the bundled data loads")
    }

    /// `fray show template` prints TOML that reads back as the very sheet.
    #[test]
    fn every_template_shows_as_toml_that_reads_back_as_its_sheet() {
        let a = bundled();
        let all: Vec<(String, crate::model::sheet::Sheet)> = a
            .templates
            .iter()
            .map(|t| (t.id.clone(), t.sheet.clone()))
            .collect();
        assert!(!all.is_empty());
        for (id, sheet) in all {
            let text = Gurps::show_template(&a, &id).expect("shown");
            let doc: toml::Table = toml::from_str(&text).expect("TOML");
            let entry = &doc["combatants"].as_array().expect("a list")[0];
            assert_eq!(entry["template"].as_str(), Some(id.as_str()));
            let back: crate::model::sheet::Sheet =
                entry["sheet"].clone().try_into().expect("a sheet");
            assert_eq!(back, sheet, "{id}");
        }
        assert!(Gurps::show_template(&a, "no such template").is_none());
    }

    #[test]
    fn each_listing_has_a_row_per_entry_and_a_cell_per_column() {
        let a = bundled();
        for kind in Kind::ALL {
            let Some(l) = Gurps::list(&a, kind) else {
                continue;
            };
            assert!(!l.rows.is_empty(), "{kind:?}");
            for row in &l.rows {
                assert_eq!(row.len(), l.columns.len(), "{kind:?}: {row:?}");
            }
        }
        let templates = Gurps::list(&a, Kind::Templates).expect("templates");
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
            .map(|t| (t.id.clone(), t.sheet.clone()))
            .next()
            .expect("a template");
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../data/gurps/creatures.toml"
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
        let err = Gurps::catalog(&[again])
            .expect_err("a second definition")
            .to_string();
        assert!(
            err.starts_with("again.toml:") && err.contains(&format!("`{id}` is already defined")),
            "{err}"
        );
        first.insert("id".into(), "newcomer".into());
        file.insert("template".into(), toml::Value::Array(vec![first.into()]));
        let new = SourceFile::new("new.toml", toml::to_string(&file).expect("TOML"));
        let more = Gurps::catalog(&[new]).expect("a new template");
        assert!(Gurps::show_template(&more, "newcomer").is_some());
        let before = Gurps::list(&a, Kind::Templates)
            .expect("templates")
            .rows
            .len();
        assert_eq!(
            Gurps::list(&more, Kind::Templates)
                .expect("templates")
                .rows
                .len(),
            before + 1
        );
    }
}
