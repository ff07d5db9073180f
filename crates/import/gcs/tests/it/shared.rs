//! The ten real GCS files of `../shared/gcs`, when that folder exists:
//! each parses, and its weapons' notations all parse.

use crate::common::shared_dir;

#[test]
fn every_shared_file_parses() {
    let Some(dir) = shared_dir() else {
        eprintln!("../shared/gcs not found: skipped");
        return;
    };
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "gcs") {
            continue;
        }
        let c = fray_gcs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(matches!(c.version, 4 | 5));
        assert!(c.attribute("st").is_some(), "{}", path.display());
        let weapons = c
            .weapons()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(!weapons.is_empty(), "{}", path.display());
        n += 1;
    }
    assert_eq!(n, 10);
}
