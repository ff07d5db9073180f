//! `fray list` and `fray show` for margin-3d6: weapons, armor, shields and
//! templates (bundled and read at run time) as tables and scenario TOML.
//! margin-3d6 keeps no spell list.

use crate::Margin;
use crate::model::data::{Armory, Dr, Gear, Mode};
use fray_core::data::{Catalog, Kind, Listing, word};

impl Catalog for Margin {
    type Data = Armory;

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

fray_core::catalog_conformance_test!(
    crate::Margin,
    include_str!("../../../../data/margin-3d6/creatures.toml"),
    "template"
);
