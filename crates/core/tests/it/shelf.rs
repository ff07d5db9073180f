//! The lists of a data set (`fray_core::data::shelf`): look-ups by key,
//! records added by a data file, and the ranges checked record by record.

use fray_core::data::shelf::{Keyed, add_new, check_each, find, keys};
use fray_core::range::{bound, check};
use fray_core::scenario::SourceFile;
use serde::Deserialize;
use std::sync::Arc;

#[derive(Clone, Debug, Deserialize, PartialEq)]
struct Blade {
    name: String,
    reach: i32,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
struct Beast {
    id: String,
}

fray_core::keyed!(Blade: name, Beast: id);

#[derive(Default)]
struct Armory {
    blades: Vec<Arc<Blade>>,
    beasts: Vec<Beast>,
}

impl Armory {
    fray_core::lookups! { blade(blades) -> Arc<Blade>, beast(beasts) -> Beast }
}

#[derive(Deserialize)]
struct DataFile {
    #[serde(default)]
    blade: Vec<Blade>,
}

fn blade(name: &str, reach: i32) -> Blade {
    Blade {
        name: name.into(),
        reach,
    }
}

#[test]
fn a_record_is_named_by_its_key_field_and_found_whatever_the_case() {
    assert_eq!(Blade::KEY_FIELD, "name");
    assert_eq!(<Arc<Beast>>::KEY_FIELD, "id");
    let armory = Armory {
        blades: vec![Arc::new(blade("Broadsword", 1))],
        beasts: vec![Beast { id: "wolf".into() }],
    };
    assert_eq!(armory.blade("broadSWORD").map(|b| b.reach), Some(1));
    assert_eq!(armory.beast("Wolf").map(|b| b.id.as_str()), Some("wolf"));
    assert!(armory.blade("spear").is_none());
    assert_eq!(keys(&armory.blades), ["Broadsword"]);
    assert_eq!(find(&armory.beasts, "WOLF"), armory.beasts.first());
}

#[test]
fn a_data_file_adds_records_and_never_replaces_one() {
    let mut all = vec![blade("Broadsword", 1)];
    let file = SourceFile::new("more.toml", "[[blade]]\nname = \"Spear\"\nreach = 2\n");
    let new = file.parse::<DataFile>().unwrap().blade;
    add_new(&file, "blade", &mut all, new).unwrap();
    assert_eq!(keys(&all), ["Broadsword", "Spear"]);

    let text =
        "[[blade]]\nname = \"Dagger\"\nreach = 0\n\n[[blade]]\nname = \"BROADSWORD\"\nreach = 1\n";
    let file = SourceFile::new("again.toml", text);
    let new = file.parse::<DataFile>().unwrap().blade;
    let err = add_new(&file, "blade", &mut all, new)
        .unwrap_err()
        .to_string();
    assert!(err.contains("again.toml:6:"), "{err}");
    assert!(err.contains("`BROADSWORD` is already defined"), "{err}");
    assert_eq!(all.len(), 2, "nothing of a refused file is added");
}

#[test]
fn the_first_record_out_of_range_is_named_by_its_entry_path() {
    let blades = [blade("Dagger", 0), blade("Pike", 9), blade("Lance", 12)];
    let reach = |b: &Blade| check([bound("reach", b.reach, 0, 4)]);
    let err = check_each("blade", &blades, reach).unwrap_err();
    assert_eq!(
        err.to_string(),
        "blade[1].reach: must be between 0 and 4, found 9"
    );
    assert!(check_each("blade", &blades[..1], reach).is_ok());
}
