//! Sheets, templates and the bundled data (X-DAT).

use fray_core::Engine;
use fray_d20_3d6::D20;
use fray_d20_3d6::model::data::bundled;
use fray_d20_3d6::model::scenario::Scenario;
use fray_d20_3d6::model::sheet::Size;

const DUEL: &str = include_str!("../../../../../scenarios/d20-3d6/duel.toml");

#[test]
fn the_bundled_data_loads_and_sheets_follow_the_schema_rule_x_dat() {
    // rule: X-DAT-001, X-DAT-002, X-DAT-003, X-DAT-004, X-DAT-005, X-DAT-006
    // rule: X-DAT-007, X-DAT-008, X-DAT-009, X-DAT-010, X-DAT-011
    let a = bundled().unwrap();
    assert!(a.template.len() >= 6);
    let sizes: std::collections::BTreeSet<Size> = a.template.iter().map(|t| t.sheet.size).collect();
    assert!(sizes.len() >= 4, "creatures of different sizes");
    let sword = a.weapon("longsword").unwrap();
    assert_eq!(
        (sword.damage.count, sword.damage.sides, sword.explode_on),
        (1, 8, Some(7))
    );
    assert!(a.weapon("longspear").unwrap().long);
    assert!(a.weapon("composite longbow").unwrap().composite);
    let s: Scenario = toml::from_str(DUEL).unwrap();
    let state = D20::setup(&s).unwrap();
    let f = state.fighter(fray_core::CombatantId(0));
    // Defense parts from armor and shield records; pools and counters start clean.
    assert_eq!((f.stats.armor, f.stats.shield, f.stats.hp_max), (4, 2, 42));
    assert_eq!((f.hp, f.nonlethal, f.max_hp_loss, f.fatigue), (42, 0, 0, 0));
    assert_eq!(
        (f.stats.str, f.stats.dex, f.stats.con, f.stats.bab),
        (3, 1, 2, 5)
    );
    assert_eq!(f.potions.len(), 1);
    // Unknown keys are errors.
    let bad = DUEL.replace(
        "template = \"fighter\"",
        "template = \"fighter\"\nwings = 2",
    );
    assert!(toml::from_str::<Scenario>(&bad).is_err());
    let bad = DUEL.replacen("template = \"fighter\"", "template = \"fightr\"", 1);
    let s: Scenario = toml::from_str(&bad).unwrap();
    let e = D20::setup(&s).unwrap_err();
    assert_eq!(e.path, "combatants[0].template");
    // A hex map is refused.
    let bad = DUEL.replace(
        "kind = \"square\"\nwidth = 12\nheight = 12",
        "kind = \"hex\"\nradius = 6",
    );
    let s: Result<Scenario, _> = toml::from_str(&bad);
    if let Ok(s) = s {
        assert!(D20::setup(&s).is_err());
    }
}

/// The setup error of the duel with `sheet` lines added to its first
/// fighter's sheet and `options` lines in `[options]`.
fn refused(sheet: &str, options: &str) -> fray_core::SetupError {
    let sheet_text = crate::common::fighter(&["sword"], sheet);
    let text = format!(
        "ruleset = \"d20-3d6\"\nname = \"t\"\n[options]\n{options}\n[map]\nkind = \"square\"\nwidth = 20\nheight = 20\n{}{}",
        crate::common::entry("A", "a", 2, 2, &sheet_text),
        crate::common::entry("B", "b", 5, 2, &crate::common::fighter(&["sword"], "")),
    );
    let s: Scenario = toml::from_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let armory = fray_d20_3d6::model::data::parse_file("test", crate::common::ARMORY).unwrap();
    fray_d20_3d6::setup::setup_with(&s, &armory).expect_err("refused")
}

// rule: X-DAT-001, X-DAT-002, X-DAT-003, X-DAT-004, X-DEF-001, X-DMG-009, X-ATK-003
#[test]
fn sheet_numbers_outside_their_rules_ranges_are_refused_at_their_field() {
    // A modifier of -1 is a real d20 value (the bundled goblin's DEX), so
    // abilities, saves and skills are refused below -5 or -10, not at -1.
    let cases: &[(&str, &str, &str, &str)] = &[
        ("bab = -1", "bab", "-1", "0 and 40"),
        ("bab = 100000", "bab", "100000", "0 and 40"),
        ("bab = 2147483647", "bab", "2147483647", "0 and 40"),
        (
            "damage_reduction = -1",
            "damage_reduction",
            "-1",
            "0 and 50",
        ),
        (
            "damage_reduction = 100000",
            "damage_reduction",
            "100000",
            "0 and 50",
        ),
        ("defense_skill = -1", "defense_skill", "-1", "0 and 20"),
        (
            "defense_skill = 100000",
            "defense_skill",
            "100000",
            "0 and 20",
        ),
        ("ecl = -1", "ecl", "-1", "1 and 60"),
        ("ecl = 100000", "ecl", "100000", "1 and 60"),
        ("magic_defense = -1", "magic_defense", "-1", "0 and 10"),
        (
            "magic_defense = 100000",
            "magic_defense",
            "100000",
            "0 and 10",
        ),
        (
            "hp = { max = -2147483648 }",
            "hp.max",
            "-2147483648",
            "1 and 10000",
        ),
        (
            "hp = { max = 2147483647 }",
            "hp.max",
            "2147483647",
            "1 and 10000",
        ),
        ("move_m = 100000", "move_m", "100000", "0 and 40"),
    ];
    for &(line, field, found, range) in cases {
        // The fighter body sets bab, ecl, hp and defense_skill: the test's
        // line replaces them (TOML refuses a key written twice).
        let err = refused_with(&format!("{line}\n"));
        assert_eq!(err.path, format!("combatants[0].sheet.{field}"), "{line}");
        assert_eq!(
            err.message,
            format!("must be between {range}, found {found}"),
            "{line}"
        );
    }
    for (line, field) in [
        (
            "abilities = { str = 100000, dex = 1, con = 2 }",
            "abilities.str",
        ),
        (
            "abilities = { str = 3, dex = -6, con = 2 }",
            "abilities.dex",
        ),
        (
            "abilities = { str = 3, dex = 1, con = -2147483648 }",
            "abilities.con",
        ),
        ("saves = { fort = 100000 }", "saves.fort"),
        ("saves = { ref = -11 }", "saves.ref"),
        ("saves = { will = 2147483647 }", "saves.will"),
        ("skills = { athletics = 100000 }", "skills.athletics"),
        ("skills = { first_aid = -11 }", "skills.first_aid"),
        ("skills = { magic = -2147483648 }", "skills.magic"),
    ] {
        let err = refused_with(&format!("{line}\n"));
        assert_eq!(err.path, format!("combatants[0].sheet.{field}"), "{line}");
        assert!(err.message.starts_with("must be between"), "{err}");
    }
}

/// The setup error of a fighter whose sheet body is the common one with
/// `line` in place of the key it sets.
fn refused_with(line: &str) -> fray_core::SetupError {
    let key = line.split([' ', '=']).next().unwrap();
    let base = crate::common::fighter(&["sword"], "");
    let mut body: String = base
        .lines()
        .filter(|l| l.split([' ', '=']).next() != Some(key))
        .map(|l| format!("{l}\n"))
        .collect();
    body.insert_str(0, line);
    let text = format!(
        "ruleset = \"d20-3d6\"\nname = \"t\"\n[map]\nkind = \"square\"\nwidth = 20\nheight = 20\n{}{}",
        crate::common::entry("A", "a", 2, 2, &body),
        crate::common::entry("B", "b", 5, 2, &base),
    );
    let s: Scenario = toml::from_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let armory = fray_d20_3d6::model::data::parse_file("test", crate::common::ARMORY).unwrap();
    fray_d20_3d6::setup::setup_with(&s, &armory).expect_err("refused")
}

// rule: X-MUL-001, X-MAN-006, X-RNG-003, X-SPM-004, X-ATK-007, X-ATK-003
#[test]
fn option_and_weapon_numbers_outside_their_ranges_are_refused_at_their_field() {
    for (line, field) in [
        ("multiple_attack_step = -1", "multiple_attack_step"),
        ("multiple_attack_step = 100000", "multiple_attack_step"),
        (
            "charge_min_distance_m = 2147483648",
            "charge_min_distance_m",
        ),
        ("max_range_increments = 2147483648", "max_range_increments"),
        ("max_range_increments = 0", "max_range_increments"),
        ("escape_actions = 200", "escape_actions"),
        ("trust_to_luck_max = 255", "trust_to_luck_max"),
    ] {
        let err = refused("", line);
        assert_eq!(err.path, format!("options.{field}"), "{line}");
        assert!(err.message.starts_with("must be between"), "{err}");
    }
    let err = refused(
        "[[combatants.sheet.weapon]]\nname = \"sword\"\nhand = \"sheathed\"\nmagic = 2147483647",
        "",
    );
    assert_eq!(err.path, "combatants[0].sheet.weapon[0].magic");
    assert_eq!(err.message, "must be between 0 and 10, found 2147483647");
}

// rule: X-DAT-005, X-DAT-006, X-MAN-007
#[test]
fn a_data_file_record_out_of_range_is_refused_at_its_line() {
    use fray_core::scenario::SourceFile;
    for (text, at) in [
        (
            "[[weapon]]\nname = \"odd\"\ngroup = \"sword\"\ndamage = \"1d8\"\nhands = 9\nsource = \"t\"\n",
            "odd.toml:5:",
        ),
        (
            "[[armor]]\nname = \"odd\"\ndefense_bonus = -1\nsource = \"t\"\n",
            "odd.toml:3:",
        ),
        (
            "[[spell]]\nname = \"odd\"\nactions = 2\ndc = 100000\neffect = \"damage\"\ndice = \"1d4\"\nrange_m = 1\nsource = \"t\"\n",
            "odd.toml:4:",
        ),
    ] {
        let err = <fray_d20_3d6::model::data::Armory as fray_core::data::DataSet>::with_extra(&[
            SourceFile::new("odd.toml", text),
        ])
        .expect_err("refused");
        let shown = err.to_string();
        assert!(shown.contains("must be between"), "{shown}");
        assert!(shown.starts_with(at), "{shown}");
    }
}
