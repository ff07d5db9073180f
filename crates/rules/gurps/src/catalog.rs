//! `fray list` and `fray show` for GURPS: the armory, bestiary and
//! grimoire (bundled and read at run time) as tables and scenario TOML.

use crate::Gurps;
use crate::model::data::{Armory, AttackMode, Weapon};
use fray_core::data::shelf::add_new;
use fray_core::data::{Catalog, DataSet, Kind, Listing, Template, word};
use fray_core::scenario::{FileError, SourceFile};

/// The data set as the core loads it (`fray_core::data::set`): the
/// bundled data, grown by data files. It stands here, at the crate root,
/// because a template that names nothing is told with the closest ids
/// (`crate::input`), which the model layer does not import.
impl DataSet for Armory {
    type Sheet = crate::model::sheet::Sheet;
    fn bundled() -> Result<&'static Armory, String> {
        crate::model::data::bundled().map_err(|e| e.to_string())
    }
    /// A data file's records: each within its range, none already
    /// defined (a data file adds entries and never replaces one:
    /// docs/scenarios.md).
    fn add_file(&mut self, file: &SourceFile) -> Result<(), FileError> {
        let part = crate::model::data::parse_extra(file)?;
        add_new(file, "weapon", &mut self.weapons, part.weapons)?;
        add_new(file, "armor", &mut self.armor, part.armor)?;
        add_new(file, "shield", &mut self.shields, part.shields)?;
        add_new(file, "template", &mut self.templates, part.templates)?;
        add_new(file, "spell", &mut self.spells, part.spells)?;
        Ok(())
    }
    fn templates(&self) -> Vec<Template<'_, Self::Sheet>> {
        self.templates
            .iter()
            .map(|t| Template {
                id: &t.id,
                name: &t.name,
                sheet: &t.sheet,
            })
            .collect()
    }
    fn template(&self, id: &str) -> Option<Template<'_, Self::Sheet>> {
        self.templates()
            .into_iter()
            .find(|t| t.id.eq_ignore_ascii_case(id))
    }
    fn unknown_template(&self, id: &str) -> String {
        crate::input::unknown("template", id, self.template_ids()).to_string()
    }
}

impl Catalog for Gurps {
    type Data = Armory;

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

fray_core::catalog_conformance_test!(
    crate::Gurps,
    include_str!("../../../../data/gurps/creatures.toml"),
    "template"
);
