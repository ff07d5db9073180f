//! Values a file may write in more than one shape (a name or a table, a
//! number or a table, a number or a list), read by the shape the input
//! has.
//!
//! serde's `#[serde(untagged)]` tries each variant in turn and, when none
//! fits, says only "data did not match any variant of untagged enum": the
//! one error that mattered (an unknown key in an inline weapon, a missing
//! field of a DR table) is lost. A type that implements [`Shapes`] instead
//! picks its variant from what the input is, so a mistake inside that
//! variant is reported as serde found it, at its key; and an input of no
//! accepted shape is refused with the type's own [`Shapes::EXPECTING`].
//! serde has no such derive, so this is the one visitor every such type
//! shares.

use serde::Deserializer;
use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{Error, MapAccess, SeqAccess, Unexpected, Visitor};
use std::fmt;
use std::marker::PhantomData;

/// A value read by its shape. Each method reads one shape; the defaults
/// refuse it, so a type implements only the shapes it accepts.
pub trait Shapes<'de>: Sized {
    /// What the value may be, for the error when it is none of them
    /// ("a weapon's name, or a table with its fields").
    const EXPECTING: &'static str;

    /// Reads a string.
    fn from_str<E: Error>(s: &str) -> Result<Self, E> {
        Err(E::invalid_type(
            Unexpected::Str(s),
            &Expecting::<Self>::new(),
        ))
    }

    /// Reads a whole number.
    fn from_int<E: Error>(n: i64) -> Result<Self, E> {
        Err(E::invalid_type(
            Unexpected::Signed(n),
            &Expecting::<Self>::new(),
        ))
    }

    /// Reads a list.
    fn from_list<D: Deserializer<'de>>(list: D) -> Result<Self, D::Error> {
        let _ = list;
        Err(D::Error::invalid_type(
            Unexpected::Seq,
            &Expecting::<Self>::new(),
        ))
    }

    /// Reads a table.
    fn from_table<D: Deserializer<'de>>(table: D) -> Result<Self, D::Error> {
        let _ = table;
        Err(D::Error::invalid_type(
            Unexpected::Map,
            &Expecting::<Self>::new(),
        ))
    }
}

/// Reads a [`Shapes`] value: what its `Deserialize` implementation calls.
pub fn by_shape<'de, T: Shapes<'de>, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
    d.deserialize_any(Expecting::<T>::new())
}

/// The visitor: hands each shape to its [`Shapes`] method. Being a
/// visitor, it is also what an error says was expected.
struct Expecting<T>(PhantomData<T>);

impl<T> Expecting<T> {
    fn new() -> Self {
        Expecting(PhantomData)
    }
}

impl<'de, T: Shapes<'de>> Visitor<'de> for Expecting<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(T::EXPECTING)
    }

    fn visit_str<E: Error>(self, s: &str) -> Result<T, E> {
        T::from_str(s)
    }

    fn visit_i64<E: Error>(self, n: i64) -> Result<T, E> {
        T::from_int(n)
    }

    fn visit_u64<E: Error>(self, n: u64) -> Result<T, E> {
        match i64::try_from(n) {
            Ok(n) => T::from_int(n),
            Err(_) => Err(E::invalid_value(Unexpected::Unsigned(n), &self)),
        }
    }

    fn visit_seq<A: SeqAccess<'de>>(self, list: A) -> Result<T, A::Error> {
        T::from_list(SeqAccessDeserializer::new(list))
    }

    fn visit_map<A: MapAccess<'de>>(self, table: A) -> Result<T, A::Error> {
        T::from_table(MapAccessDeserializer::new(table))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    /// A count or a table of counts.
    #[derive(Debug, PartialEq)]
    enum Count {
        One(i32),
        Each(Each),
    }

    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Each {
        a: i32,
    }

    impl<'de> Shapes<'de> for Count {
        const EXPECTING: &'static str = "a count, or a table of counts";

        fn from_int<E: Error>(n: i64) -> Result<Self, E> {
            i32::try_from(n).map(Count::One).map_err(|_| {
                E::invalid_value(Unexpected::Signed(n), &"a count that fits in 32 bits")
            })
        }

        fn from_table<D: Deserializer<'de>>(table: D) -> Result<Self, D::Error> {
            Each::deserialize(table).map(Count::Each)
        }
    }

    impl<'de> Deserialize<'de> for Count {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            by_shape(d)
        }
    }

    fn read(json: &str) -> Result<Count, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    #[test]
    fn each_shape_reads_its_variant_and_an_error_inside_it_is_the_inner_one() {
        assert_eq!(read("3"), Ok(Count::One(3)));
        assert_eq!(read(r#"{"a": 2}"#), Ok(Count::Each(Each { a: 2 })));
        let unknown = read(r#"{"a": 2, "b": 1}"#).unwrap_err();
        assert!(
            unknown.starts_with("unknown field `b`, expected `a`"),
            "{unknown}"
        );
        let missing = read("{}").unwrap_err();
        assert!(missing.starts_with("missing field `a`"), "{missing}");
    }

    #[test]
    fn a_shape_the_type_does_not_take_is_refused_with_what_it_takes() {
        for (json, found) in [
            (r#""x""#, "string \"x\""),
            ("[1]", "sequence"),
            ("1.5", "floating point `1.5`"),
            ("true", "boolean `true`"),
        ] {
            let e = read(json).unwrap_err();
            assert!(
                e.starts_with(&format!(
                    "invalid type: {found}, expected a count, or a table of counts"
                )),
                "{json}: {e}"
            );
        }
        let big = read("18446744073709551615").unwrap_err();
        assert!(
            big.starts_with("invalid value: integer `18446744073709551615`"),
            "{big}"
        );
        let wide = read("4294967296").unwrap_err();
        assert!(
            wide.contains("expected a count that fits in 32 bits"),
            "{wide}"
        );
    }
}
