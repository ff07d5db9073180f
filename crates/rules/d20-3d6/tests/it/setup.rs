//! Sheets, templates and the bundled data (X-DAT).

use fray_core::Ruleset;
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
