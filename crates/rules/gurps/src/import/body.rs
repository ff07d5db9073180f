//! The body: GCS's `settings.body_type` read into the engine's body types
//! (their hit-location tables, G-LOC-006 decision), DR kept per location,
//! and the Size Modifier from the profile and the traits that change it.

use super::Convert;
use super::error::{ImportError, whole};
use super::report::Reason;
use crate::model::location::{BodyType, HitTable, Location};
use crate::model::sheet::LocationDr;
use crate::rules::tables::body as tables;
use fray_gcs::{Character, HitLocation};
use std::collections::BTreeMap;

/// The GCS body types the engine has a table for, as GCS names them.
pub(super) const KNOWN: &str = "Humanoid; Quadruped; Quadruped, Winged; Hexapod; Hexapod, Winged; Vermiform; Vermiform, Winged; Serpentoid; Avian; Centaur";

/// The engine's body for a GCS body type's name (`Quadruped, Winged`):
/// case, commas and word order aside.
pub(super) fn body_named(name: &str) -> Option<BodyType> {
    let mut words: Vec<String> = name
        .split([',', ' '])
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    words.sort();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    Some(match words.as_slice() {
        ["humanoid"] => BodyType::Humanoid,
        ["quadruped"] => BodyType::Quadruped,
        ["quadruped", "winged"] => BodyType::WingedQuadruped,
        ["hexapod"] => BodyType::Hexapod,
        ["hexapod", "winged"] => BodyType::WingedHexapod,
        ["vermiform"] => BodyType::Vermiform,
        ["vermiform", "winged"] => BodyType::WingedVermiform,
        ["serpentoid"] => BodyType::Serpentoid,
        ["avian"] => BodyType::Avian,
        ["centaur"] => BodyType::Centaur,
        _ => return None,
    })
}

/// GCS location ids on the engine's locations: sided limbs by the
/// table name (`Right Arm`), legs by theirs (`Foreleg`, `Hindleg`,
/// `Midleg`); `None` for a location the engine has not (`abdomen`, `fin`).
pub(super) fn locations_of(id: &str, table: &str) -> Option<Vec<Location>> {
    use Location::*;
    let name = table.to_ascii_lowercase();
    let sided = |l: Location, r: Location| match (name.contains("left"), name.contains("right")) {
        (true, false) => vec![l],
        (false, true) => vec![r],
        _ => vec![l, r],
    };
    Some(match id {
        "eye" | "eyes" => vec![Eye],
        "skull" => vec![Skull],
        "face" => vec![Face],
        "neck" => vec![Neck],
        "torso" | "chest" => vec![Torso],
        "vitals" => vec![Vitals],
        "groin" => vec![Groin],
        "arm" | "arms" => sided(LeftArm, RightArm),
        "leg" | "legs" if name.contains("fore") => sided(LeftForeleg, RightForeleg),
        "leg" | "legs" if name.contains("hind") => sided(LeftHindleg, RightHindleg),
        "leg" | "legs" if name.contains("mid") => sided(LeftMidleg, RightMidleg),
        "leg" | "legs" => sided(LeftLeg, RightLeg),
        "hand" | "hands" => sided(LeftHand, RightHand),
        "foot" | "feet" => sided(LeftFoot, RightFoot),
        "wing" | "wings" => sided(LeftWing, RightWing),
        "tail" => vec![Tail],
        _ => return None,
    })
}

/// The 3d totals a table strikes any of `locs` on.
fn engine_rolls(body: BodyType, table: HitTable, locs: &[Location]) -> Vec<i32> {
    (3..=18)
        .filter(|&r| {
            let row = tables::row(body, table, r);
            locs.iter().any(|&l| row.pick(1) == l || row.pick(2) == l)
        })
        .collect()
}

/// The 3d totals of GCS's roll range (`6-7`, `9`, `6-7, 13`; `-` for
/// none), or `None` when it is no range of 3d totals.
fn gcs_rolls(text: &str) -> Option<Vec<i32>> {
    let t = text.trim();
    if t == "-" || t.is_empty() {
        return Some(Vec::new());
    }
    let mut out = Vec::new();
    for part in t.split(',') {
        let total = |s: &str| {
            s.trim()
                .parse::<i32>()
                .ok()
                .filter(|r| (3..=18).contains(r))
        };
        let (a, b) = match part.split_once('-') {
            Some((a, b)) => (total(a)?, total(b)?),
            None => (total(part)?, total(part)?),
        };
        out.extend(a..=b);
    }
    out.sort_unstable();
    out.dedup();
    Some(out)
}

/// 3d totals as GCS writes them: `6-7, 13`, `-` for none.
fn ranges(hits: &[i32]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < hits.len() {
        let mut j = i;
        while j + 1 < hits.len() && hits[j + 1] == hits[j] + 1 {
            j += 1;
        }
        parts.push(if i == j {
            hits[i].to_string()
        } else {
            format!("{}-{}", hits[i], hits[j])
        });
        i = j + 1;
    }
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(", ")
    }
}

/// GCS's rows that name the same engine locations (a hexapod's two
/// midleg rows), with their rolls together and the first row's place.
struct RollGroup {
    targets: Vec<Location>,
    rolls: Vec<i32>,
    path: String,
    table: String,
}

impl Convert {
    /// G-LOC-006 decision: the body type, which the file must name (GCS
    /// writes it with every character: without it the hit locations and
    /// their DR are unknown, and a knight would fight a wolf with arms and
    /// no armor).
    pub(super) fn body(&mut self, c: &Character) -> Result<(), ImportError> {
        let Some(bt) = &c.settings.body_type else {
            return Err(ImportError::Missing {
                path: "settings.body_type".into(),
                what: "body type (the hit locations and their DR)".into(),
            });
        };
        let name = bt.name.as_deref().unwrap_or("").trim();
        let body = body_named(name).ok_or_else(|| ImportError::Body {
            path: "settings.body_type.name".into(),
            found: name.chars().take(80).collect(),
        })?;
        if let Some(roll) = bt.roll.as_deref().filter(|r| r.trim() != "3d") {
            return Err(ImportError::Roll {
                path: "settings.body_type.roll".into(),
                found: roll.chars().take(20).collect(),
            });
        }
        self.sheet.body = body;
        self.used("settings.body_type", name, Reason::Body(body));
        Ok(())
    }

    /// DR by hit location from the body type's computed DR (G-DMG-003,
    /// G-LOC-011: the skull's own DR is in it), kept per location; flexible
    /// where only equipment noted `Flexible` covers the location
    /// (G-EXT-021). A location the engine's body lacks, or rolled otherwise
    /// than the engine's table, is reported.
    pub(super) fn dr(&mut self, c: &Character) -> Result<(), ImportError> {
        let flexible = super::flexible_locations(c);
        let mut groups: Vec<RollGroup> = Vec::new();
        for (i, loc) in c.locations().iter().enumerate() {
            let path = format!("settings.body_type.locations[{i}]");
            let table = loc.table_name.clone().unwrap_or_default();
            let targets: Vec<Location> = locations_of(&loc.id, &table)
                .unwrap_or_default()
                .into_iter()
                .filter(|&l| self.on_body(l))
                .collect();
            if targets.is_empty() {
                self.left_out(&path, &table, Reason::Location(loc.id.clone()));
                continue;
            }
            self.gather_rolls(loc, &targets, (&path, &table), &mut groups);
            let (all, crushing) = location_dr(loc, &path)?;
            for key in loc.calc.dr.keys() {
                if key != "all" && key != "crushing" {
                    self.left_out(&path, &table, Reason::DrByType(key.clone()));
                }
            }
            for t in targets {
                self.sheet.dr.insert(
                    crate::setup::location_key(t),
                    LocationDr {
                        dr: all,
                        crushing: (crushing != all).then_some(crushing),
                        flexible: all > 0 && flexible.get(loc.id.as_str()) == Some(&true),
                    },
                );
            }
        }
        self.compare_rolls(&groups);
        if !self.sheet.dr.is_empty() {
            self.used("settings.body_type", "hit locations", Reason::Dr);
        }
        Ok(())
    }

    /// Whether the sheet's body has `l` (its table's, or a humanoid's tail
    /// and wings by trait).
    fn on_body(&self, l: Location) -> bool {
        use crate::model::sheet::Trait;
        tables::has(self.sheet.body, l)
            || (l == Location::Tail && self.sheet.has(Trait::Tail))
            || (matches!(l, Location::RightWing | Location::LeftWing)
                && self.sheet.has(Trait::Winged))
    }

    /// Gathers a location's rolls with the other rows naming the same
    /// engine locations; a roll range that is none is reported at once.
    fn gather_rolls(
        &mut self,
        loc: &HitLocation,
        targets: &[Location],
        (path, table): (&str, &str),
        groups: &mut Vec<RollGroup>,
    ) {
        let Some(text) = loc.calc.roll_range.as_deref() else {
            return;
        };
        let Some(rolls) = gcs_rolls(text) else {
            let engine = ranges(&engine_rolls(self.sheet.body, HitTable::Summary, targets));
            let gcs = text.chars().take(40).collect();
            self.left_out(path, table, Reason::Rolls { gcs, engine });
            return;
        };
        match groups.iter_mut().find(|g| g.targets == targets) {
            Some(g) => {
                g.rolls.extend(rolls);
                g.rolls.sort_unstable();
                g.rolls.dedup();
            }
            None => groups.push(RollGroup {
                targets: targets.to_vec(),
                rolls,
                path: path.to_string(),
                table: table.to_string(),
            }),
        }
    }

    /// Reports the locations GCS rolls otherwise than the engine's table
    /// (for a humanoid, otherwise than both readings, G-LOC-001).
    fn compare_rolls(&mut self, groups: &[RollGroup]) {
        let body = self.sheet.body;
        for g in groups {
            let readings = [HitTable::Summary, HitTable::Basic];
            let engine: Vec<Vec<i32>> = readings
                .iter()
                .map(|&t| engine_rolls(body, t, &g.targets))
                .collect();
            if !engine.contains(&g.rolls) {
                let (gcs, engine) = (ranges(&g.rolls), ranges(&engine[0]));
                self.left_out(&g.path, &g.table, Reason::Rolls { gcs, engine });
            }
        }
    }

    /// The Size Modifier: the profile's plus what enabled traits and
    /// equipped gear add (`attribute_bonus` on `sm`, per level where so
    /// marked), every part whole; the sum -10 to 20 (G-ATK-024, G-ATK-025).
    pub(super) fn size(&mut self, c: &Character) -> Result<(), ImportError> {
        let mut sm = match c.profile.sm {
            Some(v) => whole(v, "profile.SM", "the Size Modifier", (-10, 20))?,
            None => 0,
        };
        let mut bonuses = Vec::new();
        super::sm_bonuses(c, &mut bonuses);
        for (path, amount) in bonuses {
            sm += whole(amount, path, "a Size Modifier bonus", (-10, 20))?;
        }
        let sm = whole(
            f64::from(sm),
            "profile.SM",
            "the Size Modifier with its bonuses",
            (-10, 20),
        )?;
        self.sheet.sm = sm;
        if sm != 0 {
            self.used("profile.SM", "Size Modifier", Reason::Sm(sm));
        }
        Ok(())
    }
}

/// A location's DR and DR against crushing (`all` plus its difference),
/// each a whole number 0 to 100.
fn location_dr(loc: &HitLocation, path: &str) -> Result<(i32, i32), ImportError> {
    let dr: &BTreeMap<String, i32> = &loc.calc.dr;
    let Some(&all) = dr.get("all") else {
        return Err(ImportError::Missing {
            path: format!("{path}.calc.dr"),
            what: "`all` DR".into(),
        });
    };
    let at = |k: &str| format!("{path}.calc.dr.{k}");
    let all = whole(f64::from(all), at("all"), "DR", (0, 100))?;
    let crushing = match dr.get("crushing") {
        Some(&d) => whole(
            f64::from(all) + f64::from(d),
            at("crushing"),
            "DR against crushing (`all` plus this)",
            (0, 100),
        )?,
        None => all,
    };
    Ok((all, crushing))
}
