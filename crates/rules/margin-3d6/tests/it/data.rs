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
    let e = <fray_margin_3d6::Margin as fray_core::Ruleset>::setup(&sc).unwrap_err();
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
        <fray_margin_3d6::Margin as fray_core::Ruleset>::setup(&sc)
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
    let text = format!(
        "ruleset = \"margin-3d6\"\nname = \"t\"\n[map]\nkind = \"hex\"\nradius = 3\n{}",
        fighter("A", "a", 0, 0, "n", &sheet(10, 10, 10, bad))
    );
    assert!(toml::from_str::<fray_margin_3d6::model::scenario::Scenario>(&text).is_err());
}
