//! The bundled armory and bestiary (DQ-00-001, DQ-00-006..009,
//! DQ-00-011, DQ-00-012, DQ-00-015).

use crate::common::{fighter, scenario};
use fray_core::Engine;
use fray_dragonquest::model::data::{Class, Hands, ShapeName, Size, Use, bundled};

#[test]
fn the_weapon_table_reads_with_classes_hands_minimums_and_ratings() {
    // rule: DQ-00-007, DQ-00-008, DQ-00-009
    let a = bundled().expect("the bundled data reads");
    let w = |id| a.weapon(id).unwrap_or_else(|| panic!("{id}"));
    assert_eq!(w("dagger").class, Some(Class::A));
    assert_eq!(w("broadsword").class, Some(Class::B));
    assert_eq!(w("mace").class, Some(Class::C));
    assert_eq!(w("net").class, None);
    assert_eq!(w("two_handed_sword").hands, Hands::Two);
    assert_eq!(
        (
            w("broadsword").ps_min,
            w("broadsword").md_min,
            w("broadsword").base_chance,
            w("broadsword").damage
        ),
        (15, 15, 55, 4)
    );
    assert!(w("dagger").rated(Use::Close) && w("dagger").rated(Use::Ranged));
    assert!(!w("broadsword").rated(Use::Close));
    assert!(w("spear").pole && w("halberd").pole && w("long_bow").knockout_excluded);
    assert_eq!(w("long_bow").range, 180);
    assert!(a.weapons.iter().all(|w| !w.source.is_empty()));
}

#[test]
fn templates_carry_characteristics_skills_armor_and_shapes() {
    // rule: DQ-00-001, DQ-00-006, DQ-00-011, DQ-00-012, DQ-00-015
    let a = bundled().unwrap();
    let s = a.creature("swordsman").unwrap();
    assert_eq!(
        (s.ps, s.md, s.ag, s.en, s.ft, s.wp, s.pc),
        (16, 15, 16, 16, 22, 14, 12)
    );
    assert_eq!(s.military_scientist, 1);
    assert_eq!(s.weapons[0].rank, Some(3));
    assert!(a.armor("chain").unwrap().protection > a.armor("leather").unwrap().protection);
    assert!(!a.shield("tower").unwrap().shield_rush);
    assert_eq!(
        a.creature("giant_lizard").unwrap().shape,
        ShapeName::Triangle
    );
    assert_eq!(a.creature("warhorse").unwrap().shape, ShapeName::Pair);
    assert_eq!(a.creature("wolf").unwrap().size, Size::Small);
    assert_eq!(a.creatures.len(), 9);
    assert!(a.creatures.iter().all(|c| !c.source.is_empty()));
}

#[test]
fn breath_magic_and_poison_records_read_with_their_sources() {
    // rule: DQ-18-006, DQ-18-007, DQ-20-004
    let a = bundled().unwrap();
    let breath = a.weapon("fire_breath").unwrap();
    assert!(breath.breath && breath.ignores_armor() && !breath.breakable());
    assert!(a.weapon("mage_bolt").unwrap().magic);
    assert!(a.weapon("dagger").unwrap().poisonable());
    assert!(a.weapon("broadsword").unwrap().poisonable());
    assert!(!a.weapon("mace").unwrap().poisonable());
    assert_eq!(
        a.creature("fire_drake").unwrap().passive_resistance,
        Some(30)
    );
    assert!(!a.poisons.is_empty());
    assert!(
        a.poisons
            .iter()
            .all(|p| !p.source.is_empty() && p.en_damage > 0)
    );
}

/// The path of the setup error for `sheet` fields on the second figure, or
/// for `options` lines.
fn refused(sheet: &[(&str, &str)], options: &str) -> fray_core::SetupError {
    let s = scenario(
        options,
        &[
            fighter("A", "a", 0, 0, "n", &[]),
            fighter("B", "b", 0, -3, "s", sheet),
        ],
    );
    fray_dragonquest::DragonQuest::setup(&s).expect_err("refused")
}

// rule: DQ-00-004, DQ-00-011, DQ-18-007, DQ-14-002, DQ-14-005
#[test]
fn sheet_and_option_numbers_outside_their_ranges_are_refused_at_their_field() {
    for (field, bad) in [
        ("ma", "-1"),
        ("ma", "100000"),
        ("tmr", "-1"),
        ("tmr", "21"),
        ("tmr", "100000"),
        ("natural_armor", "-1"),
        ("natural_armor", "100000"),
        ("passive_resistance", "-1"),
        ("passive_resistance", "100000"),
        ("ft", "2147483647"),
        ("unarmed", "200"),
    ] {
        let err = refused(&[(field, bad)], "");
        assert_eq!(
            err.path,
            format!("combatants[1].sheet.{field}"),
            "{field} = {bad}"
        );
        assert!(err.message.contains("must be between"), "{err}");
    }
    for (field, bad) in [
        ("facing_change_cost", "-1"),
        ("facing_change_cost", "100000"),
        ("jump_ag_multiplier", "-1"),
        ("jump_ag_multiplier", "100000"),
    ] {
        let err = refused(&[], &format!("{field} = {bad}"));
        assert_eq!(err.path, format!("options.{field}"), "{field} = {bad}");
    }
}

// rule: DQ-00-001, DQ-17-001, DQ-23-002
#[test]
fn every_i32_at_its_extremes_and_a_weapon_rank_are_refused_at_their_field() {
    for field in [
        "ps",
        "md",
        "ag",
        "en",
        "wp",
        "pc",
        "ft",
        "ma",
        "natural_armor",
    ] {
        for bad in ["-2147483648", "2147483647"] {
            let err = refused(&[(field, bad)], "");
            assert_eq!(
                err.path,
                format!("combatants[1].sheet.{field}"),
                "{field} = {bad}"
            );
            assert!(err.message.ends_with(&format!("found {bad}")), "{err}");
        }
    }
    let err = refused(
        &[],
        "[options.horsemanship_thresholds]\ntwo_handed = 200\nmissile_moving = 1\ntwo_weapons = 1",
    );
    assert_eq!(err.path, "options.horsemanship_thresholds.two_handed");
    let err = refused(&[("weapons", "[{ id = \"broadsword\", rank = 200 }]")], "");
    assert_eq!(err.path, "combatants[1].sheet.weapons[0].rank");
}

// rule: DQ-17-001, DQ-00-011
#[test]
fn a_data_file_record_out_of_range_is_refused_at_its_line() {
    use fray_core::scenario::SourceFile;
    let weapon = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../data/dragonquest/weapons.toml"
    ))
    .unwrap();
    // The first bundled weapon again under a new id, with a base chance
    // of 100,000 percent.
    let start = weapon.find("[[weapon]]").unwrap();
    let end = weapon[start + 10..]
        .find("[[weapon]]")
        .map_or(weapon.len(), |e| start + 10 + e);
    let record = weapon[start..end]
        .lines()
        .map(|l| {
            if l.starts_with("id = ") {
                "id = \"odd\"".to_string()
            } else if l.starts_with("base_chance = ") {
                "base_chance = 100000".to_string()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let line = 1 + record
        .lines()
        .position(|l| l.starts_with("base_chance"))
        .unwrap();
    let e = <fray_dragonquest::model::data::Armory as fray_core::data::DataSet>::with_extra(&[
        SourceFile::new("odd.toml", record),
    ])
    .expect_err("refused")
    .to_string();
    assert!(
        e.starts_with(&format!("odd.toml:{line}:"))
            && e.contains("weapon[0].base_chance: must be between 0 and 100, found 100000"),
        "{e}"
    );
}
