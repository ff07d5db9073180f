//! Changing a scenario's text by field: `with_sheet`, `with_values` and
//! the points of a sweep.
//!
//! An edit is a *target* and a value. A target is either a dotted path
//! from the top of the scenario (`max_rounds`, `map.radius`) or a
//! combatant's name, a slash, and a dotted path inside its `[[combatants]]`
//! entry (`Sir Bors/sheet.skills.Broadsword`, `Orc/template`). A segment
//! may be double-quoted to hold a dot (`sheet.spells."Iron Arm"`).
//!
//! The edit is made on the TOML document itself (`toml_edit`, which keeps
//! the rest of the text, comments and all, as written), so the changed
//! scenario is read by exactly the code that reads a file: the ruleset's
//! strict types refuse an unknown field with the file, line and column, and
//! a template's sheet is laid under the changed fields as in a file. A
//! table value merges key by key into a table already there (as a sheet's
//! maps merge over a template's); any other value replaces.

use serde_json::Value;
use toml_edit::{Array, DocumentMut, InlineTable, Item, Table, TableLike};

/// Why an edit cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EditError(pub String);

/// One change: where, and the new value (JSON-shaped, from Python).
#[derive(Clone, Debug)]
pub struct Edit {
    /// The target, as written (`Sir Bors/sheet.skills.Broadsword`).
    pub target: String,
    /// The value to set there.
    pub value: Value,
}

/// A target read: the combatant it is inside (if any) and the path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// The combatant's name, for a `Name/path` target.
    pub combatant: Option<String>,
    /// The keys, outermost first.
    pub path: Vec<String>,
}

impl Target {
    /// Reads `Name/a.b."c.d"` or `a.b`.
    pub fn parse(text: &str) -> Result<Target, EditError> {
        let (combatant, rest) = match text.split_once('/') {
            Some((name, rest)) => (Some(name.to_string()), rest),
            None => (None, text),
        };
        if combatant.as_deref().is_some_and(|n| n.trim().is_empty()) {
            return Err(EditError(format!(
                "`{text}`: no combatant name before the `/`"
            )));
        }
        let path = split_path(rest).map_err(|why| EditError(format!("`{text}`: {why}")))?;
        Ok(Target { combatant, path })
    }
}

/// Splits `a.b."c.d"` into its keys; empty keys are refused.
fn split_path(text: &str) -> Result<Vec<String>, String> {
    let mut keys = Vec::new();
    let mut key = String::new();
    let mut quoted = false;
    let mut was_quoted = false;
    for c in text.chars() {
        match (c, quoted) {
            ('"', _) => {
                quoted = !quoted;
                was_quoted = true;
            }
            ('.', false) => {
                if key.is_empty() && !was_quoted {
                    return Err("an empty key in the path".into());
                }
                keys.push(std::mem::take(&mut key));
                was_quoted = false;
            }
            (c, _) => key.push(c),
        }
    }
    if quoted {
        return Err("a quote is not closed".into());
    }
    if key.is_empty() && !was_quoted {
        return Err(if keys.is_empty() {
            "no key to change".into()
        } else {
            "an empty key in the path".into()
        });
    }
    keys.push(key);
    Ok(keys)
}

/// Applies `edits` in order to the scenario `text`; the new text.
pub fn apply(text: &str, edits: &[Edit]) -> Result<String, EditError> {
    let mut doc: DocumentMut = text
        .parse()
        .map_err(|e| EditError(format!("the scenario is not valid TOML: {e}")))?;
    for edit in edits {
        let target = Target::parse(&edit.target)?;
        let (root, inline): (&mut dyn TableLike, bool) = match &target.combatant {
            None => (doc.as_table_mut(), false),
            Some(name) => combatant(&mut doc, name)?,
        };
        set(root, inline, &target.path, &edit.value)
            .map_err(|why| EditError(format!("`{}`: {why}", edit.target)))?;
    }
    Ok(doc.to_string())
}

/// The names of the combatants the text lists, in order (for messages).
pub fn combatant_names(doc: &DocumentMut) -> Vec<String> {
    let mut names = Vec::new();
    match doc.get("combatants") {
        Some(Item::ArrayOfTables(a)) => {
            for t in a.iter() {
                if let Some(n) = t.get("name").and_then(Item::as_str) {
                    names.push(n.to_string());
                }
            }
        }
        Some(Item::Value(toml_edit::Value::Array(a))) => {
            for v in a.iter() {
                if let Some(n) = v
                    .as_inline_table()
                    .and_then(|t| t.get("name"))
                    .and_then(|v| v.as_str())
                {
                    names.push(n.to_string());
                }
            }
        }
        _ => {}
    }
    names
}

/// The `[[combatants]]` entry named `name`, as a table to edit, and
/// whether it is an inline table (`combatants = [{ ... }]`).
fn combatant<'d>(
    doc: &'d mut DocumentMut,
    name: &str,
) -> Result<(&'d mut dyn TableLike, bool), EditError> {
    let names = combatant_names(doc);
    let unknown = || {
        EditError(format!(
            "no combatant is named `{name}`; the scenario has {}",
            if names.is_empty() {
                "none".to_string()
            } else {
                names
                    .iter()
                    .map(|n| format!("`{n}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        ))
    };
    let named = |t: &dyn TableLike| t.get("name").and_then(Item::as_str) == Some(name);
    match doc.get_mut("combatants") {
        Some(Item::ArrayOfTables(a)) => a
            .iter_mut()
            .find(|t| named(*t))
            .map(|t| (t as &mut dyn TableLike, false))
            .ok_or_else(unknown),
        Some(Item::Value(toml_edit::Value::Array(a))) => a
            .iter_mut()
            .filter_map(|v| v.as_inline_table_mut())
            .find(|t| t.get("name").and_then(|v| v.as_str()) == Some(name))
            .map(|t| (t as &mut dyn TableLike, true))
            .ok_or_else(unknown),
        _ => Err(unknown()),
    }
}

/// Sets `path` under `table` (an inline table when `inline`) to `value`,
/// making the tables on the way (inline inside an inline table, as TOML
/// requires).
fn set(
    table: &mut dyn TableLike,
    mut inline: bool,
    path: &[String],
    value: &Value,
) -> Result<(), String> {
    let Some((last, inner)) = path.split_last() else {
        return Err("no key to change".into());
    };
    let mut at: &mut dyn TableLike = table;
    for (depth, key) in inner.iter().enumerate() {
        if at.get(key).is_none() {
            let fresh = if inline {
                Item::Value(toml_edit::Value::InlineTable(InlineTable::new()))
            } else {
                Item::Table(Table::new())
            };
            at.insert(key, fresh);
        }
        let item = at.get_mut(key).ok_or("cannot make the table")?;
        inline = inline || item.is_inline_table();
        at = item.as_table_like_mut().ok_or_else(|| {
            format!(
                "`{}` is a value, not a table, so `{}` cannot be set inside it",
                inner[..=depth].join("."),
                path.join(".")
            )
        })?;
    }
    merge(at, last, value)
}

/// Sets `key` of `table` to `value`: an object merges key by key into a
/// table already there, anything else replaces.
fn merge(table: &mut dyn TableLike, key: &str, value: &Value) -> Result<(), String> {
    if let Value::Object(map) = value
        && let Some(existing) = table.get_mut(key).and_then(Item::as_table_like_mut)
    {
        for (k, v) in map {
            merge(existing, k, v)?;
        }
        return Ok(());
    }
    let v = to_toml(value)?;
    match table.get_mut(key) {
        // Keep the key's place and its comments; only the value changes.
        Some(Item::Value(old)) => {
            let decor = old.decor().clone();
            *old = v;
            *old.decor_mut() = decor;
        }
        _ => {
            table.insert(key, Item::Value(v));
        }
    }
    Ok(())
}

/// A JSON-shaped value as a TOML value.
fn to_toml(value: &Value) -> Result<toml_edit::Value, String> {
    Ok(match value {
        Value::Null => {
            return Err(
                "None cannot be written: a scenario has no null; to leave a template's field out, \
                 write the whole sheet without `template` (`fray show template NAME`)"
                    .into(),
            );
        }
        Value::Bool(b) => (*b).into(),
        Value::Number(n) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => i.into(),
            (None, Some(f)) if n.is_f64() => f.into(),
            _ => return Err(format!("{n} is too large for a TOML integer")),
        },
        Value::String(s) => s.as_str().into(),
        Value::Array(items) => {
            let mut a = Array::new();
            for item in items {
                a.push(to_toml(item)?);
            }
            toml_edit::Value::Array(a)
        }
        Value::Object(map) => {
            let mut t = InlineTable::new();
            for (k, v) in map {
                t.insert(k, to_toml(v)?);
            }
            toml_edit::Value::InlineTable(t)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const DUEL: &str = r#"# Two knights
ruleset = "gurps"
max_rounds = 200

[map]
kind = "hex"
radius = 6

[[combatants]]
name = "Sir Bors"
side = "Bors"
template = "knight"   # the reference knight

[[combatants]]
name = "Sir Gawain"
side = "Gawain"
template = "knight"

[combatants.sheet]
skills = { Broadsword = 15, Shield = 13 }
"#;

    fn edit(target: &str, value: Value) -> Edit {
        Edit {
            target: target.into(),
            value,
        }
    }

    #[test]
    fn targets_read_a_combatant_and_a_path_with_quoted_keys() {
        assert_eq!(
            Target::parse("Sir Bors/sheet.skills.Broadsword").unwrap(),
            Target {
                combatant: Some("Sir Bors".into()),
                path: vec!["sheet".into(), "skills".into(), "Broadsword".into()]
            }
        );
        assert_eq!(
            Target::parse(r#"sheet.spells."Iron.Arm""#).unwrap().path,
            ["sheet", "spells", "Iron.Arm"]
        );
        assert_eq!(Target::parse("max_rounds").unwrap().combatant, None);
        for bad in ["a..b", "Bors/", "/x", "a.\"b", "x."] {
            assert!(Target::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_new_sheet_is_made_and_an_existing_map_merges_key_by_key() {
        let text = apply(
            DUEL,
            &[
                edit("Sir Bors/sheet.skills.Broadsword", json!(16)),
                edit(
                    "Sir Gawain/sheet",
                    json!({"skills": {"Broadsword": 12}, "st": 13}),
                ),
                edit("max_rounds", json!(50)),
            ],
        )
        .unwrap();
        let doc: toml::Table = toml::from_str(&text).unwrap();
        let c = doc["combatants"].as_array().unwrap();
        assert_eq!(c[0]["sheet"]["skills"]["Broadsword"].as_integer(), Some(16));
        assert_eq!(c[1]["sheet"]["skills"]["Broadsword"].as_integer(), Some(12));
        assert_eq!(
            c[1]["sheet"]["skills"]["Shield"].as_integer(),
            Some(13),
            "kept"
        );
        assert_eq!(c[1]["sheet"]["st"].as_integer(), Some(13));
        assert_eq!(doc["max_rounds"].as_integer(), Some(50));
        assert!(
            text.contains("# the reference knight"),
            "comments stay: {text}"
        );
    }

    #[test]
    fn lists_and_strings_replace() {
        let text = apply(
            DUEL,
            &[
                edit("Sir Bors/sheet.weapons", json!(["Broadsword", "Dagger"])),
                edit("Sir Bors/template", json!("squire")),
            ],
        )
        .unwrap();
        let doc: toml::Table = toml::from_str(&text).unwrap();
        let bors = &doc["combatants"].as_array().unwrap()[0];
        assert_eq!(bors["template"].as_str(), Some("squire"));
        assert_eq!(bors["sheet"]["weapons"].as_array().unwrap().len(), 2);
    }

    #[test]
    fn inline_combatants_are_edited_inline() {
        let text = apply(
            "ruleset = \"gurps\"\ncombatants = [{ name = \"A\", template = \"knight\" }, { name = \"B\" }]\n",
            &[edit("A/sheet.skills.Broadsword", json!(11))],
        )
        .unwrap();
        let doc: toml::Table = toml::from_str(&text).unwrap();
        let a = &doc["combatants"].as_array().unwrap()[0];
        assert_eq!(a["sheet"]["skills"]["Broadsword"].as_integer(), Some(11));
    }

    #[test]
    fn unknown_names_values_in_the_way_and_nulls_are_refused_in_words() {
        let e = apply(DUEL, &[edit("Sir Lancelot/sheet.st", json!(12))]).unwrap_err();
        assert!(
            e.0.contains("no combatant is named `Sir Lancelot`") && e.0.contains("`Sir Bors`"),
            "{e:?}"
        );
        let e = apply(DUEL, &[edit("max_rounds.x", json!(1))]).unwrap_err();
        assert!(e.0.contains("is a value, not a table"), "{e:?}");
        let e = apply(DUEL, &[edit("Sir Bors/sheet.shield", Value::Null)]).unwrap_err();
        assert!(e.0.contains("None cannot be written"), "{e:?}");
        let e = apply("not = [valid", &[]).unwrap_err();
        assert!(e.0.contains("not valid TOML"), "{e:?}");
    }
}
