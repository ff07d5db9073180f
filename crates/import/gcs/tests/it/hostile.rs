//! Hostile input: wrong versions and kinds, wrong types, deep nesting,
//! huge files and random bytes give typed errors, never a panic.

use fray_gcs::{GcsError, MAX_BYTES};
use proptest::prelude::*;

fn minimal(extra: &str) -> String {
    format!(
        r#"{{"version": 5, "attributes": [{{"attr_id": "st", "calc": {{"value": 10}}}}]{extra}}}"#
    )
}

#[test]
fn versions_and_kinds_are_named() {
    assert_eq!(
        fray_gcs::parse(r#"{"version": 3, "attributes": []}"#).unwrap_err(),
        GcsError::Version { found: "3".into() }
    );
    assert_eq!(
        fray_gcs::parse(r#"{"attributes": []}"#).unwrap_err(),
        GcsError::Version {
            found: "none".into()
        }
    );
    assert!(matches!(
        fray_gcs::parse(r#"{"type": "template", "version": 4}"#).unwrap_err(),
        GcsError::NotACharacter { found } if found.contains("template")
    ));
    assert!(matches!(
        fray_gcs::parse(r#"{"version": 5, "rows": []}"#).unwrap_err(),
        GcsError::NotACharacter { found } if found.contains("library")
    ));
    assert!(matches!(
        fray_gcs::parse(r#"{"version": 5, "traits": []}"#).unwrap_err(),
        GcsError::NotACharacter { .. }
    ));
    assert!(matches!(
        fray_gcs::parse("[1, 2]").unwrap_err(),
        GcsError::NotACharacter { .. }
    ));
    assert!(matches!(
        fray_gcs::parse("{").unwrap_err(),
        GcsError::Json { .. }
    ));
    assert!(fray_gcs::parse(&minimal("")).is_ok());
}

#[test]
fn wrong_types_name_the_json_path() {
    let text = minimal(
        r#", "equipment": [{"id": "e1"}, {"id": "e2", "weapons": [{"id": "w1", "calc": {"level": "high"}}]}]"#,
    );
    match fray_gcs::parse(&text).unwrap_err() {
        GcsError::Field { path, .. } => assert_eq!(path, "equipment[1].weapons[0].calc.level"),
        e => panic!("{e}"),
    }
    // A table or a list where a number or a text belongs says what it
    // found and what was expected.
    for (field, expected) in [
        (
            r#""level": {"x": 1}"#,
            "expected a number, or a string holding one",
        ),
        (r#""damage": [1]"#, "expected a string or a number"),
    ] {
        let text = minimal(&format!(
            r#", "equipment": [{{"id": "e1", "weapons": [{{"id": "w1", "calc": {{{field}}}}}]}}]"#
        ));
        match fray_gcs::parse(&text).unwrap_err() {
            GcsError::Field { message, .. } => {
                assert!(message.starts_with("invalid type: "), "{message}");
                assert!(message.contains(expected), "{message}");
            }
            e => panic!("{e}"),
        }
    }
    let text = minimal(r#", "traits": {"name": "not a list"}"#);
    assert!(
        matches!(fray_gcs::parse(&text).unwrap_err(), GcsError::Field { path, .. } if path == "traits")
    );
}

#[test]
fn bad_notations_name_the_weapon() {
    let text = minimal(
        r#", "equipment": [{"id": "e1", "equipped": true}, {"id": "e2", "equipped": true, "weapons": [{"id": "w1"}, {"id": "w2", "calc": {"damage": "2d+x cut"}}]}]"#,
    );
    let c = fray_gcs::parse(&text).unwrap();
    match c.weapons().unwrap_err() {
        GcsError::Notation { path, text, .. } => {
            assert_eq!(path, "equipment[1].weapons[1].calc.damage");
            assert_eq!(text, "2d+x cut");
        }
        e => panic!("{e}"),
    }
}

#[test]
fn fractional_levels_and_unreadable_weights_are_refused_at_their_path() {
    // A level of 13.7 is not rounded to 14.
    let text = minimal(
        r#", "traits": [{"id": "t1", "weapons": [{"id": "w1", "calc": {"level": 13.7}}]}]"#,
    );
    match fray_gcs::parse(&text).unwrap_err() {
        GcsError::Field { path, message } => {
            assert_eq!(path, "traits[0].weapons[0].calc.level");
            assert!(
                message.contains("whole number") && message.contains("13.7"),
                "{message}"
            );
        }
        e => panic!("{e}"),
    }
    let text = minimal(r#", "skills": [{"id": "s1", "calc": {"level": 2000000}}]"#);
    assert!(matches!(
        fray_gcs::parse(&text).unwrap_err(),
        GcsError::Field { path, .. } if path == "skills[0].calc.level"
    ));
    // A weight that is none is refused where it stands, never read as 0.
    for weight in ["NaN lb", "1e308 lb", "-5 lb", "heavy"] {
        let text = minimal(&format!(
            r#", "equipment": [{{"id": "e1", "calc": {{"extended_weight": "{weight}"}}}}]"#
        ));
        match fray_gcs::parse(&text).unwrap().weapons().unwrap_err() {
            GcsError::Notation { path, text, .. } => {
                assert_eq!(path, "equipment[0].calc.extended_weight");
                assert_eq!(text, weight);
            }
            e => panic!("{weight}: {e}"),
        }
    }
}

#[test]
fn deep_nesting_is_refused() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert!(matches!(
        fray_gcs::parse(&deep).unwrap_err(),
        GcsError::Json { .. }
    ));
    let children = |n: usize| {
        format!(
            "{}{}",
            r#"{"id": "E", "children": ["#.repeat(n),
            "]}".repeat(n)
        )
    };
    let text = minimal(&format!(r#", "equipment": [{}]"#, children(5000)));
    assert!(matches!(
        fray_gcs::parse(&text).unwrap_err(),
        GcsError::Json { .. }
    ));
    // Within serde_json's depth limit the tree reads.
    let text = minimal(&format!(r#", "equipment": [{}]"#, children(40)));
    assert!(
        fray_gcs::parse(&text)
            .unwrap()
            .weapons()
            .unwrap()
            .is_empty()
    );
}

#[test]
fn huge_files_are_refused() {
    let big = " ".repeat(MAX_BYTES as usize + 1);
    assert_eq!(
        fray_gcs::parse(&big).unwrap_err(),
        GcsError::TooLarge { limit: MAX_BYTES }
    );
}

proptest! {
    #[test]
    fn random_text_never_panics(text in ".{0,300}") {
        let _ = fray_gcs::parse(&text);
    }

    #[test]
    fn random_weapon_notations_never_panic(
        damage in ".{0,20}", reach in ".{0,12}", parry in ".{0,8}",
        st in ".{0,8}", range in ".{0,12}", acc in ".{0,8}",
    ) {
        let row = serde_json::json!({
            "id": "w1", "reach": reach, "strength": st, "range": range, "accuracy": acc,
            "calc": {"damage": damage, "parry": parry, "block": parry}
        });
        let text = minimal(&format!(r#", "traits": [{{"id": "t1", "weapons": [{row}]}}]"#));
        if let Ok(c) = fray_gcs::parse(&text) {
            let _ = c.weapons();
        }
    }

    #[test]
    fn random_json_shapes_never_panic(v in json_value()) {
        let text = minimal(&format!(r#", "equipment": [{v}], "skills": [{v}], "traits": [{v}], "settings": {v}"#));
        if let Ok(c) = fray_gcs::parse(&text) {
            let _ = c.weapons();
        }
    }
}

/// Random JSON values, objects keyed by the names GCS uses.
fn json_value() -> impl Strategy<Value = serde_json::Value> {
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::from),
        any::<i32>().prop_map(serde_json::Value::from),
        "[a-z0-9+ ()-]{0,8}".prop_map(serde_json::Value::from),
    ];
    leaf.prop_recursive(4, 32, 6, |inner| {
        let key = prop::sample::select(vec![
            "id",
            "name",
            "calc",
            "weapons",
            "children",
            "damage",
            "level",
            "reach",
            "parry",
            "equipped",
            "features",
            "body_type",
            "locations",
            "dr",
            "all",
            "disabled",
        ]);
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(serde_json::Value::from),
            prop::collection::btree_map(key.prop_map(String::from), inner, 0..5)
                .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    })
}
