//! Reading GURPS Character Sheet (GCS, richardwilkes/gcs) character files:
//! the file format only, versions 4 and 5, into typed rows.
//!
//! This crate knows the format, not the rules: it names no ruleset. A
//! ruleset turns a [`Character`] into its own sheet (the GURPS ruleset's
//! `fray_gurps::import`). The values GCS computed (the `calc` blocks) are
//! kept as they are, because tools that re-derive them disagree with GCS.
//!
//! Hostile input is bounded: at most [`MAX_BYTES`] are read, `serde_json`
//! refuses nesting deeper than 128 levels, and a wrong type anywhere is an
//! error naming its JSON path (`equipment[3].weapons[0].damage`), never a
//! panic.

mod error;
mod file;
pub mod notation;
mod weapon;

pub use error::GcsError;
pub use file::{
    Attribute, AttributeCalc, BodyType, Character, Default as SkillDefault, DrCalc, Equipment,
    EquipmentCalc, Feature, HitLocation, LocationCalc, Modifier, Profile, RowKind, SheetCalc,
    Skill, SkillCalc, Spell, Trait, WeaponCalc, WeaponDamage, WeaponRow,
};
pub use notation::{Damage, Defense, Dice, Reach, Strength, Yards, parse_weight};
pub use weapon::{Owner, OwnerKind, Weapon, WeaponKind};

use std::io::Read;
use std::path::Path;

/// The largest file read: real character files are 25 to 100 KiB.
pub const MAX_BYTES: u64 = 4 << 20;

/// Parses a GCS character from its JSON text.
pub fn parse(text: &str) -> Result<Character, GcsError> {
    if text.len() as u64 > MAX_BYTES {
        return Err(GcsError::TooLarge { limit: MAX_BYTES });
    }
    file::parse(text)
}

/// Reads and parses a GCS character file (at most [`MAX_BYTES`]).
pub fn read(path: &Path) -> Result<Character, GcsError> {
    let io = |e: std::io::Error| GcsError::Io {
        file: path.display().to_string(),
        message: e.to_string(),
    };
    // Only regular files: a FIFO would block the open for ever.
    if !std::fs::metadata(path).map_err(io)?.is_file() {
        return Err(GcsError::Io {
            file: path.display().to_string(),
            message: "not a regular file (a folder, a pipe or a device)".into(),
        });
    }
    let f = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    f.take(MAX_BYTES + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(GcsError::TooLarge { limit: MAX_BYTES });
    }
    let text = String::from_utf8(bytes).map_err(|_| GcsError::NotUtf8)?;
    parse(&text)
}
