//! `fray list` and `fray show` for DragonQuest: the armory and bestiary
//! (bundled and read at run time) as tables and scenario TOML. DragonQuest
//! keeps no spell list.

use crate::DragonQuest;
use crate::model::data::Armory;
use fray_core::data::{Catalog, Kind, Listing, word};

impl Catalog for DragonQuest {
    type Data = Armory;

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
}

fray_core::catalog_conformance_test!(
    crate::DragonQuest,
    include_str!("../../../../data/dragonquest/creatures.toml"),
    "creature"
);
