//! A map read from a scenario file against a ruleset's vocabulary.
//!
//! A ruleset's scenario type holds a `MapFile<R>` where `R` (usually the
//! ruleset type itself) implements [`MapVocabulary`]. Reading it checks the
//! map at load time, so a misspelt terrain name is an error pointing into
//! the file; its JSON Schema lists the ruleset's names for editors.

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;
use std::ops::Deref;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::map::Map;
use crate::spec::{MapError, MapSpec};
use crate::vocab::{FeatureKind, Vocabulary};

/// A type that names a ruleset's map vocabulary.
pub trait MapVocabulary {
    /// The ruleset's terrain kinds and edge features.
    const VOCABULARY: &'static Vocabulary;
}

/// A [`Map`] read and checked against `V`'s vocabulary: what a scenario
/// file's `[map]` table deserializes to. Derefs to the [`Map`].
pub struct MapFile<V> {
    map: Map,
    vocabulary: PhantomData<fn() -> V>,
}

impl<V> MapFile<V> {
    /// The checked map.
    #[must_use]
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// The checked map, owned.
    #[must_use]
    pub fn into_map(self) -> Map {
        self.map
    }
}

impl<V: MapVocabulary> MapFile<V> {
    /// Checks `spec` against `V`'s vocabulary.
    pub fn new(spec: MapSpec) -> Result<Self, MapError> {
        Ok(Self {
            map: Map::new(spec, V::VOCABULARY)?,
            vocabulary: PhantomData,
        })
    }
}

impl<V> Deref for MapFile<V> {
    type Target = Map;
    fn deref(&self) -> &Map {
        &self.map
    }
}

impl<V> Clone for MapFile<V> {
    fn clone(&self) -> Self {
        Self {
            map: self.map.clone(),
            vocabulary: PhantomData,
        }
    }
}

impl<V> fmt::Debug for MapFile<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.map.fmt(f)
    }
}

impl<V> PartialEq for MapFile<V> {
    fn eq(&self, other: &Self) -> bool {
        self.map == other.map
    }
}

impl<V> Eq for MapFile<V> {}

impl<V> Serialize for MapFile<V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.map.serialize(s)
    }
}

impl<'de, V: MapVocabulary> Deserialize<'de> for MapFile<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let spec = MapSpec::deserialize(d)?;
        Self::new(spec).map_err(serde::de::Error::custom)
    }
}

/// The schema of a name from `kinds`, each with its description.
fn names(what: &str, kinds: &[FeatureKind]) -> Schema {
    let variants: Vec<Schema> = kinds
        .iter()
        .map(|k| {
            let range = if k.min == k.max {
                String::new()
            } else {
                format!(" (value {}..={}, default {})", k.min, k.max, k.default)
            };
            json_schema!({ "const": k.name, "description": format!("{}{range}", k.doc) })
        })
        .collect();
    json_schema!({ "description": what, "type": "string", "oneOf": variants })
}

impl<V: MapVocabulary> JsonSchema for MapFile<V> {
    fn schema_name() -> Cow<'static, str> {
        format!("Map_{}", V::VOCABULARY.name).into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let vocabulary = V::VOCABULARY;
        let mut schema = MapSpec::json_schema(generator);
        if let Some(p) = schema.pointer_mut("/properties/terrain/items/properties/terrain") {
            let s = names("A terrain kind of the ruleset.", vocabulary.terrain);
            *p = s.to_value();
        }
        let edges = if vocabulary.edges.is_empty() {
            json_schema!({
                "description": "This ruleset declares no edge features.",
                "type": "array",
                "maxItems": 0
            })
        } else {
            let s = names("An edge feature of the ruleset.", vocabulary.edges);
            let mut e = schema
                .pointer("/properties/edges")
                .cloned()
                .and_then(|v| Schema::try_from(v).ok())
                .unwrap_or_default();
            if let Some(p) = e.pointer_mut("/items/properties/feature") {
                *p = s.to_value();
            }
            e
        };
        if let Some(p) = schema.pointer_mut("/properties/edges") {
            *p = edges.to_value();
        }
        schema
    }
}
