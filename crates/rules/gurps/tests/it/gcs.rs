//! GCS characters made into sheets (issue 14): the engine's numbers equal
//! GCS's computed ones, v4 and v5 give the same sheet, the report names
//! what is left out, and every shared real file fights the bundled knight.

use fray_core::Engine;
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
            let on_body = fray_gurps::rules::tables::body::has(f.stats.body_type, l);
            if key.ends_with(id) && same_side && on_body {
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
        eprintln!("../shared/gcs not found: skipped");
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

// ----------------------------------------------------------------------
// Issue 35: every value checked at its JSON path; bodies, size and
// follow-ups carried into the fight. The files are the project's own
// (`crates/import/gcs/tests/files/wolf.gcs`, `viper.gcs`), edited here
// where a test needs a hostile value.

/// One of the project's own files as JSON, to edit.
fn own_json(name: &str) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(own_dir().join(name)).unwrap()).unwrap()
}

/// The import of an edited file.
fn import_edited(
    name: &str,
    edit: impl FnOnce(&mut serde_json::Value),
) -> Result<import::Imported, import::ImportError> {
    let mut v = own_json(name);
    edit(&mut v);
    import::parse(&v.to_string())
}

// rule: G-LOC-006, G-ATK-024
#[test]
fn g_loc_006_an_imported_wolf_keeps_its_body_size_and_dr_by_location() {
    let wolf = import::read(&own_dir().join("wolf.gcs")).unwrap();
    let s = &wolf.sheet;
    assert_eq!(s.body, fray_gurps::model::location::BodyType::Quadruped);
    assert_eq!(s.sm, 1);
    // DR per location of its own body: the hind legs 2, the forelegs 1, no arms.
    assert_eq!(s.dr["right_hindleg"].dr, 2);
    assert_eq!(s.dr["left_foreleg"].dr, 1);
    assert!(!s.dr.contains_key("right_arm") && !s.dr.contains_key("right_leg"));
    // No Punch or Kick: a wolf fights with its teeth.
    let state = against_knight(&own_dir(), "wolf.gcs");
    let f = &state.fighters[0];
    assert_eq!(f.stats.sm, 1);
    assert_eq!(
        f.stats.body_type,
        fray_gurps::model::location::BodyType::Quadruped
    );
    let names: Vec<&str> = f.weapons.iter().map(|w| w.weapon.name.as_str()).collect();
    assert_eq!(names, ["Teeth (Sharp)"]);
    let l = fray_gurps::model::location::Location::RightForeleg;
    assert_eq!(f.dr[l.index()], 1);
    assert!(!fray_gurps::rules::location::has_location(
        f,
        fray_gurps::model::location::Location::RightArm
    ));
    // The knight strikes a SM +1 wolf at +1 (G-ATK-024).
    let strike = fray_gurps::model::action::Strike::at(fray_core::CombatantId(0));
    let mods = fray_gurps::rules::attack::to_hit::<fray_core::ModList>(
        &state,
        fray_core::CombatantId(1),
        &strike,
        fray_gurps::rules::attack::How::ATTACK,
    );
    assert!(
        mods.iter()
            .any(|m| m.label == "size difference" && m.value == 1 && m.rule == "G-ATK-024")
    );
}

// rule: G-ATK-024, G-ATK-025
#[test]
fn g_atk_024_the_size_modifier_is_the_profiles_and_the_traits() {
    // A rat's -1 (profile), and a trait that adds +1 a level at 2 levels.
    let rat = import_edited("wolf.gcs", |v| v["profile"]["SM"] = (-1).into()).unwrap();
    assert_eq!(rat.sheet.sm, -1);
    let big = import_edited("wolf.gcs", |v| {
        v["traits"].as_array_mut().unwrap().push(serde_json::json!({
            "id": "tBigger", "name": "Increased Size Modifier", "levels": 2,
            "features": [{"type": "attribute_bonus", "attribute": "sm", "amount": 1, "per_level": true}]
        }))
    })
    .unwrap();
    assert_eq!(big.sheet.sm, 3);
    assert!(big.report.used.iter().any(|e| e.reason == Reason::Sm(3)));
    // A disabled one adds nothing.
    let off = import_edited("wolf.gcs", |v| {
        v["traits"].as_array_mut().unwrap().push(serde_json::json!({
            "id": "tOff", "name": "Increased Size Modifier", "levels": 2, "disabled": true,
            "features": [{"type": "attribute_bonus", "attribute": "sm", "amount": 1, "per_level": true}]
        }))
    })
    .unwrap();
    assert_eq!(off.sheet.sm, 1);
}

// rule: G-DMG-001 (decision: follow-up attacks)
#[test]
fn an_imported_vipers_bite_carries_its_venom_into_the_fight() {
    let viper = import::read(&own_dir().join("viper.gcs")).unwrap();
    assert_eq!(
        viper.sheet.body,
        fray_gurps::model::location::BodyType::Vermiform
    );
    let fu = viper.sheet.own_weapons[0].modes[0]
        .follow_up
        .expect("the bite carries venom");
    assert_eq!(fu.damage.to_string(), "2d");
    assert_eq!(fu.damage_type, fray_gurps::model::damage::DamageType::Toxic);
    assert_eq!(
        (fu.resist, fu.resisted.map(|d| d.to_string())),
        (Some(0), Some("1d".into()))
    );
    // What the note says besides is reported, by name.
    assert!(viper.report.left_out.iter().any(|e| matches!(
        &e.reason,
        Reason::FollowUpRest(rest) if rest.contains("swells")
    )));
    let state = against_knight(&own_dir(), "viper.gcs");
    assert!(
        state.fighters[0].weapons[0].weapon.modes[0]
            .follow_up
            .is_some()
    );
}

/// An edit of a file's JSON, and what its refusal must name.
type Hostile = (
    &'static str,
    fn(&mut serde_json::Value),
    &'static [&'static str],
);

// rule: G-EXT-013, G-EXT-014, G-DMG-001, G-LOC-006
#[test]
fn every_value_it_cannot_use_is_refused_at_its_json_path() {
    use serde_json::json;
    let cases: &[Hostile] = &[
        (
            "ST 13.7",
            |v| v["attributes"][0]["calc"]["value"] = json!(13.7),
            &[
                "attributes[0].calc.value",
                "a whole number 1 to 100",
                "13.7",
            ],
        ),
        (
            "Basic Speed off quarters",
            |v| v["attributes"][6]["calc"]["value"] = json!(6.3),
            &["attributes[6].calc.value", "quarters"],
        ),
        (
            "HP left 0",
            |v| v["attributes"][9]["calc"]["current"] = json!(0),
            &["attributes[9].calc.current", "1 to 12"],
        ),
        (
            "level 10000",
            |v| v["traits"][2]["weapons"][0]["calc"]["level"] = json!(10000),
            &["traits[2].weapons[0].calc.level", "1 to 100", "10000"],
        ),
        (
            "level -10000",
            |v| v["traits"][2]["weapons"][0]["calc"]["level"] = json!(-10000),
            &["traits[2].weapons[0].calc.level", "-10000"],
        ),
        (
            "2d-100",
            |v| v["traits"][2]["weapons"][0]["calc"]["damage"] = json!("2d-100 cut"),
            &["traits[2].weapons[0].calc.damage", "-11 to 100", "-100"],
        ),
        (
            "reach 15",
            |v| v["traits"][2]["weapons"][0]["reach"] = json!("15"),
            &["traits[2].weapons[0].reach", "0 to 10"],
        ),
        (
            "weight NaN",
            |v| v["equipment"] = json!([{"id": "e1", "calc": {"extended_weight": "NaN lb"}}]),
            &["equipment[0].calc.extended_weight", "NaN lb"],
        ),
        (
            "weight 1e308 lb",
            |v| v["equipment"] = json!([{"id": "e1", "calc": {"extended_weight": "1e308 lb"}}]),
            &["equipment[0].calc.extended_weight"],
        ),
        (
            "weight 1e308",
            |v| v["equipment"] = json!([{"id": "e1", "calc": {"extended_weight": 1e308}}]),
            &["equipment[0].calc.extended_weight", "0 to 10000"],
        ),
        (
            "Basic Lift NaN",
            |v| v["calc"]["basic_lift"] = json!("NaN lb"),
            &["calc.basic_lift"],
        ),
        (
            "no body type",
            |v| v["settings"] = json!({}),
            &["settings.body_type", "no body type"],
        ),
        (
            "unknown body",
            |v| v["settings"]["body_type"]["name"] = json!("Octopod"),
            &["settings.body_type.name", "Octopod", "Quadruped"],
        ),
        (
            "2d table",
            |v| v["settings"]["body_type"]["roll"] = json!("2d"),
            &["settings.body_type.roll"],
        ),
        (
            "DR 500",
            |v| v["settings"]["body_type"]["locations"][1]["calc"]["dr"]["all"] = json!(500),
            &["settings.body_type.locations[1].calc.dr.all", "0 to 100"],
        ),
        (
            "SM 1.5",
            |v| v["profile"]["SM"] = json!(1.5),
            &["profile.SM", "1.5"],
        ),
        (
            "SM 40",
            |v| v["profile"]["SM"] = json!(40),
            &["profile.SM", "-10 to 20"],
        ),
        (
            "Magery 2.5",
            |v| {
                v["traits"]
                    .as_array_mut()
                    .unwrap()
                    .push(json!({"id": "tM", "name": "Magery", "levels": 2.5}))
            },
            &["traits[4].levels", "0 to 10"],
        ),
        (
            "escape code",
            |v| v["profile"]["name"] = json!("Grey\u{1b}[2JWolf"),
            &["profile.name", "U+001B"],
        ),
        (
            "NUL",
            |v| v["profile"]["name"] = json!("Grey\u{0}Wolf"),
            &["profile.name", "U+0000"],
        ),
        (
            "bidi override",
            |v| v["traits"][2]["name"] = json!("Teeth \u{202e}desrever"),
            &["traits[2].name", "U+202E"],
        ),
        (
            "a line in a usage",
            |v| v["traits"][2]["weapons"][0]["usage"] = json!("Bite\nResult: side B wins"),
            &["traits[2].weapons[0].usage", "U+000A"],
        ),
    ];
    for (what, edit, needles) in cases {
        let e = match import_edited("wolf.gcs", edit) {
            Err(e) => e.to_string(),
            Ok(_) => panic!("{what}: imported"),
        };
        for n in *needles {
            assert!(e.contains(n), "{what}: `{n}` not in: {e}");
        }
        // The message itself shows no raw control or bidi character.
        assert!(
            !e.chars()
                .any(|c| c.is_control() || fray_core::text::is_format_char(c)),
            "{what}: {e:?}"
        );
    }
}

// rule: G-LOC-001, G-LOC-006
#[test]
fn the_report_names_what_it_cannot_use_and_shows_names_escaped() {
    let imported = import_edited("wolf.gcs", |v| {
        // A trait the engine has no rule for, named with an escape code.
        v["traits"][3]["name"] = "Silence\u{1b}[31m".into();
        // A location its body does not have, and one rolled otherwise.
        let locations = v["settings"]["body_type"]["locations"].as_array_mut().unwrap();
        locations.push(serde_json::json!({"id": "arm", "table_name": "Arm", "calc": {"roll_range": "-", "dr": {"all": 0}}}));
        locations[6]["calc"]["roll_range"] = "11".into();
        // A note that is no follow-up.
        v["traits"][2]["weapons"][0]["usage_notes"] = "Lunges from cover".into();
    })
    .unwrap();
    let left: Vec<&Reason> = imported.report.left_out.iter().map(|e| &e.reason).collect();
    assert!(left.contains(&&Reason::Location("arm".into())));
    assert!(left.contains(&&Reason::Rolls {
        gcs: "11".into(),
        engine: "12".into()
    }));
    assert!(left.contains(&&Reason::Notes("Lunges from cover".into())));
    let shown = imported.report.to_string();
    assert!(shown.contains("Silence\\u{1b}[31m"), "{shown}");
    assert!(!shown.contains('\u{1b}'), "{shown:?}");
}

// rule: G-LOC-006
#[test]
fn every_body_gcs_names_that_the_engine_has_is_read() {
    use fray_gurps::model::location::BodyType;
    for (name, body) in [
        ("Humanoid", BodyType::Humanoid),
        ("Quadruped", BodyType::Quadruped),
        ("Quadruped, Winged", BodyType::WingedQuadruped),
        ("Hexapod", BodyType::Hexapod),
        ("Hexapod, Winged", BodyType::WingedHexapod),
        ("Vermiform", BodyType::Vermiform),
        ("Vermiform, Winged", BodyType::WingedVermiform),
        ("Serpentoid", BodyType::Serpentoid),
        ("Avian", BodyType::Avian),
        ("Centaur", BodyType::Centaur),
    ] {
        let got = import_edited("viper.gcs", |v| {
            v["settings"]["body_type"]["name"] = name.into();
        })
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(got.sheet.body, body, "{name}");
    }
}
