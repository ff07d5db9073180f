//! `fray list` and `fray show` for d20-3d6: weapons, armor, shields,
//! spells and templates (bundled and read at run time) as tables and
//! scenario TOML.

use crate::D20;
use crate::model::data::{Armory, Protection};
use fray_core::data::{Catalog, Kind, Listing, word};

impl Catalog for D20 {
    type Data = Armory;

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

fray_core::catalog_conformance_test!(
    crate::D20,
    include_str!("../../../../data/d20-3d6/creatures.toml"),
    "template"
);
