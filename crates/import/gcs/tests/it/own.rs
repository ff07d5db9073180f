//! The project's own small characters, in v4 and v5.

use crate::common::own;
use fray_gcs::{Damage, Defense, OwnerKind, RowKind, WeaponKind};

#[test]
fn v5_rows_and_computed_values() {
    let c = fray_gcs::read(&own("brakka.v5.gcs")).unwrap();
    assert_eq!(c.version, 5);
    assert_eq!(c.name(), "Brakka the Bouncer");
    assert_eq!(c.attribute("st"), Some(12.0));
    assert_eq!(c.attribute("basic_speed"), Some(5.75));
    assert_eq!(c.current("fp"), Some(9.0));
    assert_eq!(c.calc.dodge, [12, 11, 10, 9, 8]);
    assert_eq!(c.traits[1].row_kind(), RowKind::TraitContainer);
    assert!(c.traits[1].disabled);
    assert!(c.traits[2].modifiers[0].disabled);
    assert_eq!(c.skills[4].row_kind(), RowKind::Technique);
    assert_eq!(c.skills[1].full_name(), "Shield (Shield)");
    assert_eq!(c.locations().len(), 13);
    assert_eq!(c.locations()[5].calc.dr.get("burning"), Some(&1));
}

#[test]
fn weapons_wherever_they_sit() {
    let c = fray_gcs::read(&own("brakka.v5.gcs")).unwrap();
    let w = c.weapons().unwrap();
    let names: Vec<_> = w
        .iter()
        .map(|w| (w.owner.name.as_str(), w.owner.kind, w.owner.active))
        .collect();
    assert_eq!(
        names,
        [
            ("Axe", OwnerKind::Equipment, true),
            ("Medium Shield", OwnerKind::Equipment, true),
            ("Throwing Axe", OwnerKind::Equipment, false),
            ("Horns", OwnerKind::Trait, true),
        ]
    );
    let axe = &w[0];
    assert_eq!(axe.path, "equipment[0].weapons[0]");
    assert_eq!(axe.kind, WeaponKind::Melee);
    assert_eq!(axe.level, Some(13));
    assert_eq!(
        axe.parry,
        Some(Defense::Value {
            value: 12,
            fencing: false,
            unbalanced: true
        })
    );
    assert!(
        matches!(&axe.damage, Damage::Dice { dice, kind, .. } if dice.text == "1d+4" && kind == "cut")
    );
    assert_eq!(
        w[1].block,
        Some(Defense::Value {
            value: 12,
            fencing: false,
            unbalanced: false
        })
    );
    assert_eq!(w[2].kind, WeaponKind::Ranged);
    assert_eq!(w[2].path, "equipment[2].children[0].weapons[0]");
    assert_eq!(
        w[2].range,
        Some((Some(fray_gcs::Yards::Fixed(12)), fray_gcs::Yards::Fixed(18)))
    );
    assert_eq!(w[3].parry, Some(Defense::No));
}

#[test]
fn v4_reads_like_v5() {
    let v4 = fray_gcs::read(&own("brakka.v4.gcs")).unwrap();
    let v5 = fray_gcs::read(&own("brakka.v5.gcs")).unwrap();
    assert_eq!(v4.version, 4);
    assert_eq!(v4.skills[4].row_kind(), RowKind::Technique);
    assert_eq!(v4.traits[1].row_kind(), RowKind::TraitContainer);
    let strip = |c: &fray_gcs::Character| {
        c.weapons()
            .unwrap()
            .into_iter()
            .map(|w| {
                (
                    w.owner.name,
                    w.kind,
                    w.damage,
                    w.level,
                    w.parry,
                    w.block,
                    w.reach,
                    w.range,
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(&v4), strip(&v5));
}

#[test]
fn a_wolf_and_a_viper_read_their_size_bodies_and_notes() {
    let wolf = fray_gcs::read(&own("wolf.gcs")).unwrap();
    assert_eq!(wolf.profile.sm, Some(1.0));
    let body = wolf.settings.body_type.as_ref().unwrap();
    assert_eq!(body.name.as_deref(), Some("Quadruped"));
    assert_eq!(body.roll.as_deref(), Some("3d"));
    let fore = &wolf.locations()[4];
    assert_eq!(
        (fore.id.as_str(), fore.table_name.as_deref()),
        ("leg", Some("Foreleg"))
    );
    assert_eq!(fore.calc.roll_range.as_deref(), Some("7-8"));
    assert!(wolf.traits[1].features[0].per_level);
    assert_eq!(wolf.attribute_index("hp"), Some(9));
    let viper = fray_gcs::read(&own("viper.gcs")).unwrap();
    assert_eq!(viper.profile.sm, None);
    let bite = &viper.weapons().unwrap()[0];
    assert!(bite.usage_notes.starts_with("Follow-Up: 2d tox"));
    assert_eq!(bite.usage, "Bite");
}
