//! Sheets, derived values, the map vocabulary and the options' defaults
//! (M-DAT, M-OPT-001).

use crate::common::*;
use fray_margin_3d6::model::options::Options;

#[test]
fn derived_values_m_dat_001_m_dat_002_m_dat_003() {
    // rule: M-DAT-001, M-DAT-002, M-DAT-003
    let s = duel(
        &sheet(
            11,
            13,
            12,
            "encumbrance = 2\nskills = { broadsword = 15, shield = 12, boxing = 13, first_aid = 11 }\nweapons = [\"Broadsword\", \"Spear\"]",
        ),
        &dummy(),
    );
    let f = s.fighter(A);
    // PER and Will default to IQ; HP to HT; fatigue to ST.
    assert_eq!(
        (f.stats.per, f.stats.will, f.stats.hp, f.stats.fatigue),
        (10, 10, 12, 11)
    );
    // Basic Speed (13 + 12) / 4 in quarters; MV floor(6.25) - 2 = 4.
    assert_eq!((f.stats.speed4, f.stats.mv), (25, 4));
    // Skills: listed, or DX - 5 for a weapon with none.
    assert_eq!((f.weapons[0].skill, f.weapons[1].skill), (15, 8));
    assert_eq!(
        (f.skills.shield, f.skills.boxing, f.skills.first_aid),
        (Some(12), Some(13), Some(11))
    );
    // Bad input: an encumbrance above 4 is refused with its path.
    let sc = scenario(
        "",
        "",
        &[
            fighter("A", "a", 0, 0, "n", &sheet(10, 10, 10, "encumbrance = 7")),
            fighter("B", "b", 0, -1, "s", &dummy()),
        ],
    );
    let e = <fray_margin_3d6::Margin as fray_core::Engine>::setup(&sc).unwrap_err();
    assert_eq!(e.path, "combatants[0].sheet.encumbrance");
    let sc = scenario(
        "",
        "",
        &[
            fighter(
                "A",
                "a",
                0,
                0,
                "n",
                &sheet(10, 10, 10, "weapons = [\"Lightsaber\"]"),
            ),
            fighter("B", "b", 0, -1, "s", &dummy()),
        ],
    );
    assert_eq!(
        <fray_margin_3d6::Margin as fray_core::Engine>::setup(&sc)
            .unwrap_err()
            .path,
        "combatants[0].sheet.weapons[0]"
    );
}

#[test]
fn the_map_vocabulary_and_state_m_dat_008_m_dat_009() {
    // rule: M-DAT-008, M-DAT-009
    let terrain = "[[map.terrain]]\nterrain = \"darkness\"\nvalue = 4\nhexes = [{ q = 1, r = 1 }]\n[[map.terrain]]\nheight = 6\nhexes = [{ q = 2, r = 2 }]";
    let s = state_with(
        "",
        terrain,
        &[
            fighter("A", "a", 0, 0, "n", &swordsman()),
            fighter("B", "b", 0, -1, "s", &dummy()),
        ],
    );
    assert_eq!(s.map.height_at(fray_core::grid::HexPos::new(2, 2)), Some(6));
    // An unknown terrain name is a parse error.
    let text = "ruleset = \"margin-3d6\"\nname = \"x\"\n[map]\nkind = \"hex\"\nradius = 3\n[[map.terrain]]\nterrain = \"lava\"\nhexes = [{ q = 0, r = 0 }]\n";
    assert!(
        toml::from_str::<fray_margin_3d6::model::scenario::Scenario>(&format!(
            "{text}combatants = []\n"
        ))
        .is_err()
    );
    // The state tracks HP, fatigue, posture, facing, hex, guard, aim, feints, stun, crippling, grips, ammunition.
    let f = s.fighter(A);
    assert_eq!(
        (
            f.hp, f.fatigue, f.aim, f.feinted, f.stun, f.crippled, f.held_by
        ),
        (12, 12, None, None, None, 0, None)
    );
}

#[test]
fn optional_rules_default_m_opt_001() {
    // rule: M-OPT-001
    let o = Options::default();
    assert!(!o.random_hit_location && !o.bleeding && !o.aftermath);
    assert!(o.fatigue && o.pd_only_roll);
}

#[test]
fn gear_written_inline_in_the_scenario_m_dat_010() {
    // rule: M-DAT-010
    let gear = "skills = { axe_mace = 13 }\n\
        weapons = [\"Broadsword\", { name = \"Spiked Club\", skill = \"axe_mace\", class = \"one_handed\", min_st = 11, modes = [{ type = \"cr\", base = \"sw\", mod = 3 }] }]\n\
        armor = [{ name = \"Hide Coat\", covers = [\"torso\", \"vitals\"], pd = 1, dr = { cr = 1, cut = 2, imp = 1 } }, \"Pot Helm\"]\n\
        shield = { name = \"Door\", pd = 3, ht = 14, size = \"large\" }";
    let s = duel(&sheet(12, 12, 12, gear), &dummy());
    let f = s.fighter(A);
    assert_eq!(f.weapons[0].weapon.name, "Broadsword");
    let club = &f.weapons[1];
    assert_eq!((club.weapon.name.as_str(), club.skill), ("Spiked Club", 13));
    assert_eq!(club.weapon.modes[0].modifier, 3);
    assert_eq!(f.armor[0].name, "Hide Coat");
    assert_eq!(f.armor[0].pd, 1);
    assert_eq!(f.armor[1].name, "Pot Helm");
    let shield = f.shield.as_ref().expect("the inline shield");
    assert_eq!(
        (shield.shield.name.as_str(), shield.shield.ht),
        ("Door", 14)
    );
    // An inline record is checked like a bundled one: unknown keys refused.
    let bad = "weapons = [{ name = \"Club\", skill = \"axe_mace\", class = \"one_handed\", colour = \"red\" }]";
    let e = unreadable(&[fighter("A", "a", 0, 0, "n", &sheet(10, 10, 10, bad))]);
    assert!(e.contains("weapons = [{ name = \"Club\""), "{e}");
    assert!(e.contains("unknown field `colour`"), "{e}");
    // A DR table is read as one: a missing or unknown type is named.
    for (dr, says) in [
        ("{ cr = 1, cut = 2 }", "missing field `imp`"),
        (
            "{ cr = 1, cut = 2, imp = 1, fire = 3 }",
            "unknown field `fire`",
        ),
        ("\"light\"", "expected a DR, or a table of DR by type"),
    ] {
        let armor = format!("armor = [{{ name = \"Hide\", covers = [\"torso\"], dr = {dr} }}]");
        let e = unreadable(&[fighter("A", "a", 0, 0, "n", &sheet(10, 10, 10, &armor))]);
        assert!(e.contains(says), "{dr}: {e}");
    }
}

/// The setup error of a duel whose first figure has `extra` sheet lines
/// (attributes `attrs`) and whose scenario has `options` lines.
fn refused(attrs: &str, extra: &str, options: &str) -> fray_core::SetupError {
    let sheet = format!("attributes = {{ {attrs} }}\n{extra}\n");
    let sc = scenario(
        options,
        "",
        &[
            fighter("A", "a", 0, 0, "n", &sheet),
            fighter("B", "b", 0, -1, "s", &dummy()),
        ],
    );
    <fray_margin_3d6::Margin as fray_core::Engine>::setup(&sc).expect_err("refused")
}

// rule: M-DAT-001, M-DAT-002, M-DAT-003, M-DAT-006, M-DAT-008
#[test]
fn sheet_numbers_outside_their_ranges_are_refused_at_their_field() {
    let attrs = "st = 10, dx = 10, iq = 10, ht = 10";
    for (extra, field, message) in [
        ("hp = -1", "hp", "must be between 1 and 1000, found -1"),
        ("hp = 0", "hp", "must be between 1 and 1000, found 0"),
        ("move = -1", "move", "must be between 0 and 100, found -1"),
        (
            "innate_dr = -1",
            "innate_dr",
            "must be between 0 and 100, found -1",
        ),
        (
            "innate_dr = -2147483648",
            "innate_dr",
            "must be between 0 and 100, found -2147483648",
        ),
        (
            "innate_pd = -1",
            "innate_pd",
            "must be between 0 and 20, found -1",
        ),
        (
            "magic_dr = 2147483647",
            "magic_dr",
            "must be between 0 and 100, found 2147483647",
        ),
        (
            "fear = -1000",
            "fear",
            "must be between -10 and 0, found -1000",
        ),
        ("fear = 1", "fear", "must be between -10 and 0, found 1"),
        (
            "fatigue = -1",
            "fatigue",
            "must be between 1 and 1000, found -1",
        ),
        ("erratic = 9", "erratic", "must be between 0 and 4, found 9"),
        (
            "skills = { broadsword = -1 }",
            "skills.broadsword",
            "must be between 1 and 100, found -1",
        ),
        (
            "skills = { shield = 2147483647 }",
            "skills.shield",
            "must be between 1 and 100, found 2147483647",
        ),
    ] {
        let e = refused(attrs, extra, "");
        assert_eq!(e.path, format!("combatants[0].sheet.{field}"), "{extra}");
        assert_eq!(e.message, message, "{extra}");
    }
    for (attrs, field) in [
        ("st = 10, dx = 10, iq = 10, ht = 10, per = -1", "per"),
        ("st = 10, dx = 10, iq = 10, ht = 10, will = 100000", "will"),
        ("st = 2147483647, dx = 10, iq = 10, ht = 10", "st"),
    ] {
        let e = refused(attrs, "", "");
        assert_eq!(e.path, format!("combatants[0].sheet.attributes.{field}"));
        assert!(e.message.starts_with("must be between 1 and 100"), "{e}");
    }
}

// rule: M-DAT-004, M-DAT-005, M-DAT-006, M-DAT-007, M-DAT-010, M-FLO-003, M-BLD-001
#[test]
fn inline_gear_and_options_out_of_range_are_refused_at_their_field() {
    let attrs = "st = 10, dx = 10, iq = 10, ht = 10";
    let weapon = |extra: &str| {
        format!(
            "weapons = [{{ name = \"Odd\", skill = \"axe\", class = \"one_handed\", modes = [{{ type = \"cut\", base = \"sw\" }}]{extra} }}]"
        )
    };
    for (extra, field) in [
        (weapon(", acc = -1"), "weapons[0].acc"),
        (weapon(", min_st = 2147483647"), "weapons[0].min_st"),
        (weapon(", reach = 0"), "weapons[0].reach"),
        (weapon(", parried = 100"), "weapons[0].parried"),
        (
            "weapons = [{ name = \"Odd\", skill = \"axe\", class = \"one_handed\", modes = [{ type = \"cut\", base = \"sw\", mod = -2147483648 }] }]".to_string(),
            "weapons[0].modes[0].mod",
        ),
        (
            "armor = [{ name = \"Odd\", covers = [\"torso\"], pd = -1 }]".to_string(),
            "armor[0].pd",
        ),
        (
            "armor = [{ name = \"Odd\", covers = [\"torso\"], dr = { cr = 1, cut = -5, imp = 1 } }]".to_string(),
            "armor[0].dr.cut",
        ),
        (
            "shield = { name = \"Odd\", pd = 2, ht = 0 }".to_string(),
            "shield.ht",
        ),
    ] {
        let e = refused(attrs, &extra, "");
        assert_eq!(e.path, format!("combatants[0].sheet.{field}"), "{extra}");
        assert!(e.message.starts_with("must be between"), "{e}");
    }
    for (line, field) in [
        ("min_target = -1", "min_target"),
        ("post_battle_minutes = 4294967295", "post_battle_minutes"),
    ] {
        let e = refused(attrs, "", line);
        assert_eq!(e.path, format!("options.{field}"));
    }
}

// rule: M-DAT-004, M-DAT-010
#[test]
fn a_data_file_record_out_of_range_is_refused_at_its_line() {
    use fray_core::scenario::SourceFile;
    let text = "[[weapon]]\nname = \"Odd\"\nskill = \"axe\"\nclass = \"one_handed\"\nmodes = [{ type = \"cut\", base = \"sw\" }]\nacc = 100000\n";
    let e = <fray_margin_3d6::model::data::Armory as fray_core::data::DataSet>::with_extra(&[
        SourceFile::new("odd.toml", text),
    ])
    .expect_err("refused")
    .to_string();
    assert!(
        e.starts_with("odd.toml:6:")
            && e.contains("weapon[0].acc: must be between 0 and 20, found 100000"),
        "{e}"
    );
}
