//! The lists of a ruleset's data (weapons, armor, spells, creatures...):
//! each record named by one key, looked up by it, grown by data files
//! without ever replacing an entry, and checked record by record.
//!
//! Every ruleset's armory keeps its own record types and lists; these are
//! the steps each list takes the same way in all of them. A record type
//! says which field is its key with [`keyed!`](crate::keyed), its armory
//! declares its look-ups with [`lookups!`](crate::lookups).

use super::check_new;
use crate::range::OutOfRange;
use crate::ruleset::SetupError;
use crate::scenario::{FileError, SourceFile};
use std::sync::Arc;

/// A record named by one key: a weapon's `name`, a creature's `id`.
pub trait Keyed {
    /// The key's field as a data file writes it, for errors.
    const KEY_FIELD: &'static str;
    /// The key.
    fn key(&self) -> &str;
}

/// A shared record (a ruleset may keep its gear behind `Arc`s) is named as
/// the record is.
impl<T: Keyed> Keyed for Arc<T> {
    const KEY_FIELD: &'static str = T::KEY_FIELD;
    fn key(&self) -> &str {
        (**self).key()
    }
}

/// The entry of `list` named `key`. Keys compare case-insensitively, as
/// [`check_new`] does when a data file adds one, so no two entries a data
/// set accepts can answer the same look-up.
pub fn find<'a, T: Keyed>(list: &'a [T], key: &str) -> Option<&'a T> {
    list.iter().find(|r| r.key().eq_ignore_ascii_case(key))
}

/// Every key of `list`, in order: for "known: ..." in errors and catalogs.
pub fn keys<T: Keyed>(list: &[T]) -> Vec<&str> {
    list.iter().map(Keyed::key).collect()
}

/// Adds the entries `new` that data file `file` lists as `[[list]]` to
/// `all`. A key already in `all`, or twice in `new`, is an error at its
/// second definition ([`check_new`]): a data file never replaces an entry.
pub fn add_new<T: Keyed>(
    file: &SourceFile,
    list: &str,
    all: &mut Vec<T>,
    new: Vec<T>,
) -> Result<(), FileError> {
    check_new(
        file,
        list,
        T::KEY_FIELD,
        all.iter().map(Keyed::key),
        &new,
        Keyed::key,
    )?;
    all.extend(new);
    Ok(())
}

/// Checks every record of `[[list]]` with `check`; the first one out of its
/// range is named by its entry path (`weapon[2].hands`).
pub fn check_each<T>(
    list: &str,
    records: &[T],
    check: impl Fn(&T) -> Result<(), OutOfRange>,
) -> Result<(), SetupError> {
    for (k, record) in records.iter().enumerate() {
        check(record).map_err(|e| e.at(&format!("{list}[{k}].")))?;
    }
    Ok(())
}

/// Names the key field of record types: `keyed!(Weapon: name, Sheet: id)`
/// implements [`Keyed`] for each, its key being that `String` field.
#[macro_export]
macro_rules! keyed {
    ($($record:ty : $field:ident),+ $(,)?) => {
        $(
            impl $crate::data::shelf::Keyed for $record {
                const KEY_FIELD: &'static str = stringify!($field);
                fn key(&self) -> &str {
                    &self.$field
                }
            }
        )+
    };
}

/// Declares an armory's look-ups by key, inside its `impl` block:
/// `lookups! { weapon(weapons) -> Weapon, shield(shields) -> Shield }`
/// gives `fn weapon(&self, key: &str) -> Option<&Weapon>` over the list
/// `self.weapons`, and so on ([`find`]: case-insensitive).
#[macro_export]
macro_rules! lookups {
    ($($method:ident($list:ident) -> $record:ty),+ $(,)?) => {
        $(
            #[doc = concat!("The entry of `", stringify!($list), "` with this key (case-insensitive).")]
            pub fn $method(&self, key: &str) -> Option<&$record> {
                $crate::data::shelf::find(&self.$list, key)
            }
        )+
    };
}
