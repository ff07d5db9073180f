//! GCS characters made into sheets (issue 14): the engine's numbers equal
//! GCS's computed ones, v4 and v5 give the same sheet, the report names
//! what is left out, and every shared real file fights the bundled knight.

use fray_core::Ruleset;
use fray_core::run;
use fray_core::scenario::SourceFile;
use fray_gcs::{Character, Damage, Defense, OwnerKind};
use fray_gurps::Gurps;
use fray_gurps::import::{self, Reason};
use fray_gurps::model::location::ALL;
use fray_gurps::model::sheet::Trait;
use fray_gurps::state::{Fighter, State};
use std::path::{Path, PathBuf};

/// The project's own GCS test files.
fn own_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../import/gcs/tests/files")
}

/// `../shared/gcs` beside the workspace, when present.
fn shared_files() -> Option<Vec<PathBuf>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../../shared/gcs");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "gcs"))
        .collect();
    files.sort();
    Some(files)
}

/// A scenario in `dir` with the GCS character (path relative to `dir`)
/// against the bundled knight.
fn against_knight(dir: &Path, gcs: &str) -> State {
    let text = format!(
        r#"ruleset = "gurps"
name = "GCS character against the knight"
max_rounds = 40

[map]
kind = "hex"
radius = 6

[[combatants]]
name = "Imported"
side = "GCS"
gcs = "{gcs}"
position = {{ q = -1, r = 0 }}
facing = "se"
controller = "ai"

[[combatants]]
name = "Knight"
side = "Crown"
template = "knight"
position = {{ q = 1, r = 0 }}
facing = "nw"
controller = "ai"
"#
    );
    let name = dir.join("gcs-vs-knight.toml").display().to_string();
    run::load::<Gurps>(SourceFile::new(name, text))
        .unwrap_or_else(|e| panic!("{gcs}: {e}"))
        .state
}

/// Checks the engine's numbers for the imported fighter against every
/// value GCS computed in the file.
fn matches_gcs(c: &Character, f: &Fighter, file: &str) {
    let cr = i32::from(f.has(Trait::CombatReflexes));
    let db = f.shield_db();
    // rule: G-EXT-013 — attributes and pools as GCS computed them.
    assert_eq!(f.stats.st, c.attribute("st").unwrap() as i32, "{file}: ST");
    assert_eq!(f.stats.hp, c.attribute("hp").unwrap() as i32, "{file}: HP");
    let speed = c.attribute("basic_speed").unwrap();
    assert_eq!(
        f.stats.speed_quarters,
        (speed * 4.0) as i32,
        "{file}: speed"
    );
    // rule: G-DEF-001, G-EXT-014 — Dodge at the carried weight's encumbrance.
    let level = usize::from(f.stats.encumbrance);
    assert_eq!(
        f.stats.dodge + cr + db,
        c.calc.dodge[level],
        "{file}: Dodge"
    );
    // rule: G-DEF-006 — Block.
    let weapons = c.weapons().unwrap();
    if let Some(s) = &f.shield {
        let block = weapons
            .iter()
            .find_map(|w| match w.block {
                Some(Defense::Value { value, .. }) if w.owner.active => Some(value),
                _ => None,
            })
            .unwrap();
        assert_eq!(s.skill / 2 + 3 + cr + db, block, "{file}: Block");
    }
    // rule: G-DMG-001, G-DEF-002 — each weapon's skill, damage and Parry.
    let mut checked = 0;
    for carried in &f.weapons {
        let Some(path) = carried.weapon.notes.strip_prefix("imported from GCS (") else {
            continue;
        };
        let path = path.trim_end_matches(')');
        let rows = weapons.iter().filter(|w| {
            w.owner.path == path
                && matches!(
                    w.damage,
                    Damage::Dice {
                        per_point: false,
                        ..
                    }
                )
        });
        for (m, row) in rows.enumerate() {
            let mode = &carried.weapon.modes[m];
            let label = format!("{file}: {} {}", row.owner.name, row.usage);
            if carried.weapon.unarmed.is_none() {
                assert_eq!(carried.skill[m], row.level.unwrap(), "{label}: level");
            }
            let dice = fray_gurps::rules::damage::dice_for(mode.damage, f.stats.st);
            let Damage::Dice { dice: gcs, .. } = &row.damage else {
                unreachable!()
            };
            assert_eq!(
                (dice.dice, dice.adds),
                (gcs.count, gcs.adds),
                "{label}: damage"
            );
            if let Some(Defense::Value { value, .. }) = row.parry.filter(|_| mode.is_melee()) {
                let parry = carried.skill[m] / 2 + 3 + mode.parry.unwrap() + cr + db;
                assert_eq!(parry, value, "{label}: Parry");
            }
            checked += 1;
        }
    }
    assert!(checked > 0, "{file}: no weapon compared");
    // rule: G-LOC-011, G-DMG-003 — DR by location, split DR against crushing.
    for loc in c.locations() {
        let all = loc.calc.dr["all"];
        let crushing = all + loc.calc.dr.get("crushing").copied().unwrap_or(0);
        let table = loc.table_name.clone().unwrap_or_default().to_lowercase();
        for l in ALL {
            let key = fray_gurps::setup::location_key(l);
            let same_side = !(table.contains("left") && key.starts_with("right")
                || table.contains("right") && key.starts_with("left"));
            let id = loc.id.as_str();
            if key.ends_with(id) && same_side {
                assert_eq!(f.dr[l.index()], all, "{file}: DR {key}");
                assert_eq!(
                    f.crushing_dr[l.index()],
                    crushing,
                    "{file}: crushing DR {key}"
                );
            }
        }
    }
}

#[test]
fn own_character_numbers_match_gcs() {
    // rule: G-DEF-002 (Parry), G-DEF-006 (Block), G-DEF-001 (Dodge)
    let dir = own_dir();
    for file in ["brakka.v5.gcs", "brakka.v4.gcs"] {
        let state = against_knight(&dir, file);
        let c = fray_gcs::read(&dir.join(file)).unwrap();
        let f = &state.fighters[0];
        matches_gcs(&c, f, file);
        // Enhanced Dodge is in GCS's Dodge: 5 + 3 + CR 1 + DB 2 + 1.
        assert_eq!(f.stats.dodge + 1 + f.shield_db(), 12);
        // The disabled container's High Pain Threshold is not taken.
        assert!(f.has(Trait::CombatReflexes) && !f.has(Trait::HighPainThreshold));
        // FP starts where the file left it.
        assert_eq!((f.fp, f.stats.fp), (9, 11));
        // The leather on the torso is flexible (G-EXT-021).
        let torso = fray_gurps::model::location::Location::Torso.index();
        assert!(f.flexible[torso]);
        assert_eq!(f.weapons[0].weapon.name, "Axe");
        assert!(f.weapons[0].is_unbalanced());
    }
}

#[test]
fn own_character_report_names_what_is_left_out() {
    let imported = import::read(&own_dir().join("brakka.v5.gcs")).unwrap();
    let left: Vec<(&str, &Reason)> = imported
        .report
        .left_out
        .iter()
        .map(|e| (e.name.as_str(), &e.reason))
        .collect();
    assert!(left.contains(&("High Pain Threshold", &Reason::Disabled)));
    assert!(left.contains(&("Bad Temper", &Reason::NoRule)));
    assert!(left.contains(&("Throwing Axe", &Reason::NotEquipped)));
    assert!(left.contains(&("Feint", &Reason::NoRule)));
    assert!(left.contains(&("Torso", &Reason::DrByType("burning".into()))));
    let used: Vec<&str> = imported
        .report
        .used
        .iter()
        .map(|e| e.name.as_str())
        .collect();
    assert!(used.contains(&"Enhanced Dodge") && used.contains(&"Horns"));
    assert!(imported.report.to_string().contains("Left out"));
}

#[test]
fn v4_and_v5_of_one_character_give_one_sheet() {
    let v4 = import::read(&own_dir().join("brakka.v4.gcs")).unwrap();
    let v5 = import::read(&own_dir().join("brakka.v5.gcs")).unwrap();
    assert_eq!(v4.sheet, v5.sheet);
    assert_eq!(v4.report, v5.report);
}

#[test]
fn an_imported_sheet_round_trips_through_toml() {
    let imported = import::read(&own_dir().join("brakka.v5.gcs")).unwrap();
    let text = toml::to_string(&imported.sheet).unwrap();
    let back: fray_gurps::model::sheet::Sheet = toml::from_str(&text).unwrap();
    assert_eq!(back, imported.sheet);
}

#[test]
fn gcs_errors_name_the_combatant() {
    let dir = own_dir();
    let text = |extra: &str| {
        format!(
            r#"ruleset = "gurps"
name = "bad"
[map]
kind = "hex"
radius = 3
[[combatants]]
name = "A"
side = "A"
{extra}
position = {{ q = 0, r = 0 }}
[[combatants]]
name = "B"
side = "B"
template = "knight"
position = {{ q = 1, r = 0 }}
"#
        )
    };
    let load = |t: String| {
        run::load::<Gurps>(SourceFile::new(dir.join("x.toml").display().to_string(), t))
    };
    let missing = load(text("gcs = \"nobody.gcs\""))
        .err()
        .unwrap()
        .to_string();
    assert!(
        missing.contains("combatants[0].gcs") && missing.contains("nobody.gcs"),
        "{missing}"
    );
    let both = load(text("gcs = \"brakka.v5.gcs\"\ntemplate = \"knight\""))
        .err()
        .unwrap()
        .to_string();
    assert!(both.contains("combatants[0].gcs"), "{both}");
    // Set up without reading the file: a clear error, not a silent default.
    let sc: fray_gurps::model::scenario::Scenario =
        SourceFile::new("x.toml", text("gcs = \"brakka.v5.gcs\""))
            .parse()
            .unwrap();
    let e = Gurps::setup(&sc).unwrap_err();
    assert_eq!(e.path, "combatants[0].gcs");
}

#[test]
fn shared_files_import_match_gcs_and_fight_the_knight() {
    let Some(files) = shared_files() else {
        eprintln!("../shared/gcs not found: skipped");
        return;
    };
    assert_eq!(files.len(), 10);
    for path in &files {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let dir = path.parent().unwrap();
        let c = fray_gcs::read(path).unwrap();
        let state = against_knight(dir, &file);
        matches_gcs(&c, &state.fighters[0], &file);
        // A few seeded fights: each ends, and the same seed plays the same fight.
        for seed in [1, 2, 3] {
            let play = |mut s: State| {
                let mut events = 0usize;
                let out = run::fight::<Gurps>(&mut s, &Default::default(), seed, |_| events += 1)
                    .unwrap_or_else(|_| panic!("{file}: the fight halts"))
                    .0;
                (out.winner, out.rounds, events)
            };
            let a = play(state.clone());
            assert!(a.2 > 0, "{file}: nothing happened");
            assert_eq!(
                a,
                play(state.clone()),
                "{file}: seed {seed} is not deterministic"
            );
        }
    }
}

#[test]
fn shared_warrior_v4_and_v5_give_one_sheet() {
    let Some(files) = shared_files() else {
        return;
    };
    let find = |n: &str| files.iter().find(|p| p.ends_with(n)).unwrap();
    let v4 = import::read(find("dfa1-basic-warrior.v4.gcs")).unwrap();
    let v5 = import::read(find("dfa1-basic-warrior.v5.gcs")).unwrap();
    assert_eq!(v4.sheet, v5.sheet);
    let s = &v5.sheet;
    assert_eq!((s.st, s.dx, s.ht, s.hp), (13, 13, 12, Some(13)));
    assert_eq!(s.skill("Broadsword"), Some(15));
    assert!(s.has(Trait::CombatReflexes) && s.has(Trait::HighPainThreshold));
    // Mail: DR 4, 2 against crushing; skull 6 (G-LOC-011, G-DMG-003).
    assert_eq!(s.dr["torso"].dr, 4);
    assert_eq!(s.dr["torso"].crushing, Some(2));
    assert_eq!(s.dr["skull"].dr, 6);
    assert_eq!(s.dr["face"].dr, 0);
    let owners: Vec<OwnerKind> = fray_gcs::read(find("dfrpg-troll.gcs"))
        .unwrap()
        .weapons()
        .unwrap()
        .iter()
        .map(|w| w.owner.kind)
        .collect();
    assert!(owners.contains(&OwnerKind::Trait));
}
