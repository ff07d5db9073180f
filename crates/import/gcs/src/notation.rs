//! GCS's notations for weapons and weights: `2d+1(2) cut`, `C,1-2*`,
//! `16F`, `13†`, `165/220`, `34 lb`. Each parser takes the JSON path so its
//! error can name the place.

use crate::GcsError;

/// Dice and adds as GCS writes them, `2d-1`; kept as text for the ruleset's
/// own damage parser, with the numbers checked here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dice {
    /// The text, `2d-1`.
    pub text: String,
    /// Number of dice, 1 to 100.
    pub count: i32,
    /// Adds, -100 to 100.
    pub adds: i32,
}

/// A weapon's computed damage.
#[derive(Clone, Debug, PartialEq)]
pub enum Damage {
    /// Dice: `1d+1 imp`, `2d(2) cut`, `1d burn/point`.
    Dice {
        /// The dice.
        dice: Dice,
        /// The armor divisor, `(2)`; 1 when none.
        divisor: f32,
        /// The damage type code, `cut`, `imp`, `pi+`, `burn`.
        kind: String,
        /// Damage per point of energy (a spell's missile).
        per_point: bool,
    },
    /// A fixed number of points, `1 point burn/point`.
    Points {
        /// The points.
        points: i32,
        /// The damage type code.
        kind: String,
        /// Per point of energy.
        per_point: bool,
    },
    /// Not damage at all (`Blinds`), or no damage written.
    Other(String),
}

/// Parses a computed damage (`weapons[i].calc.damage`).
pub fn damage(text: &str, path: &str) -> Result<Damage, GcsError> {
    const EXPECTED: &str = "damage like `2d+1 cut`, `1d(2) imp` or `1d burn/point`";
    let t = text.trim();
    let mut words = t.split_whitespace();
    let Some(first) = words.next() else {
        return Ok(Damage::Other(String::new()));
    };
    let starts_with_digit = first.starts_with(|c: char| c.is_ascii_digit());
    if !starts_with_digit {
        return Ok(Damage::Other(t.to_string()));
    }
    let (kind_word, points) = if let Ok(n) = first.parse::<i32>() {
        // `1 point burn/point`
        if words.next() != Some("point") {
            return Err(GcsError::notation(path, text, EXPECTED));
        }
        (words.next(), Some(n))
    } else {
        (words.next(), None)
    };
    let kind_word = kind_word.unwrap_or("");
    let (kind, per_point) = match kind_word.strip_suffix("/point") {
        Some(k) => (k.to_string(), true),
        None => (kind_word.to_string(), false),
    };
    // Anything after the type (`cut inc`, follow-ups) stays out of the
    // type; the ruleset is told the whole text in its report.
    if let Some(n) = points {
        return Ok(Damage::Points {
            points: n,
            kind,
            per_point,
        });
    }
    let (dice_text, divisor) = match first.split_once('(') {
        Some((d, rest)) => {
            let div = rest
                .strip_suffix(')')
                .and_then(|n| n.parse::<f32>().ok())
                .filter(|f| f.is_finite() && *f > 0.0 && *f <= 100.0)
                .ok_or_else(|| GcsError::notation(path, text, EXPECTED))?;
            (d, div)
        }
        None => (first, 1.0),
    };
    let dice = dice_of(dice_text).ok_or_else(|| GcsError::notation(path, text, EXPECTED))?;
    Ok(Damage::Dice {
        dice,
        divisor,
        kind,
        per_point,
    })
}

fn dice_of(t: &str) -> Option<Dice> {
    let (n, rest) = t.split_once('d')?;
    let count: i32 = n.parse().ok().filter(|c| (1..=100).contains(c))?;
    let adds = if rest.is_empty() {
        0
    } else if rest.starts_with('+') || rest.starts_with('-') {
        rest.parse::<i32>().ok().filter(|a| a.abs() <= 100)?
    } else {
        return None;
    };
    Some(Dice {
        text: t.to_string(),
        count,
        adds,
    })
}

/// Reach in yards, 0 for C (close combat).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    /// Each reach, in order: `C,1-2` is `[0, 1, 2]`.
    pub yards: Vec<u8>,
    /// `*`: changing reach takes a Ready maneuver.
    pub change_needs_ready: bool,
}

/// Parses a reach (`C`, `1-2*`, `C,1`); `None` when empty.
pub fn reach(text: &str, path: &str) -> Result<Option<Reach>, GcsError> {
    const EXPECTED: &str = "a reach like `C`, `1`, `1-2*` or `C,1`";
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let (body, star) = match t.strip_suffix('*') {
        Some(b) => (b, true),
        None => (t, false),
    };
    let bad = || GcsError::notation(path, text, EXPECTED);
    let one = |s: &str| -> Option<u8> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("c") {
            Some(0)
        } else {
            s.parse::<u8>().ok().filter(|n| *n <= 20)
        }
    };
    let mut yards = Vec::new();
    for part in body.split(',') {
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (one(a).ok_or_else(bad)?, one(b).ok_or_else(bad)?);
                if a > b {
                    return Err(bad());
                }
                yards.extend(a..=b);
            }
            None => yards.push(one(part).ok_or_else(bad)?),
        }
    }
    yards.sort_unstable();
    yards.dedup();
    Ok(Some(Reach {
        yards,
        change_needs_ready: star,
    }))
}

/// A Parry or Block, written or computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Defense {
    /// `No`: the weapon cannot parry (or block).
    No,
    /// A value (`12`, `+0`, `-1`), with its balance letters.
    Value {
        /// The number.
        value: i32,
        /// `F`: a fencing weapon.
        fencing: bool,
        /// `U`: an unbalanced weapon.
        unbalanced: bool,
    },
}

/// Parses a parry or block (`0F`, `16F`, `11U`, `No`, `+0`); `None` when empty.
pub fn defense(text: &str, path: &str) -> Result<Option<Defense>, GcsError> {
    let t = text.trim();
    if t.is_empty() || t == "-" {
        return Ok(None);
    }
    if t.eq_ignore_ascii_case("no") {
        return Ok(Some(Defense::No));
    }
    let digits_end = t
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_digit() || (i == 0 && (c == '+' || c == '-'))))
        .map_or(t.len(), |(i, _)| i);
    let value: i32 = t[..digits_end]
        .parse()
        .ok()
        .filter(|v: &i32| v.abs() <= 1000)
        .ok_or_else(|| {
            GcsError::notation(path, text, "a defense like `12`, `0F`, `-1U` or `No`")
        })?;
    let flags = &t[digits_end..];
    if !flags.chars().all(|c| matches!(c, 'F' | 'U' | 'f' | 'u')) {
        return Err(GcsError::notation(
            path,
            text,
            "a defense like `12`, `0F`, `-1U` or `No`",
        ));
    }
    Ok(Some(Defense::Value {
        value,
        fencing: flags.contains(['F', 'f']),
        unbalanced: flags.contains(['U', 'u']),
    }))
}

/// Minimum ST and its marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// The minimum ST.
    pub st: i32,
    /// `†`: needs two hands.
    pub two_handed: bool,
    /// `‡`: needs two hands and is unready after an attack.
    pub unready_after_attack: bool,
}

/// Parses a minimum ST (`13†`, `11‡`, `10`); `None` when empty. Other marks
/// (`B` bipod, `R` rest) are kept out of the number.
pub fn strength(text: &str, path: &str) -> Result<Option<Strength>, GcsError> {
    let t = text.trim();
    if t.is_empty() || t == "-" {
        return Ok(None);
    }
    let end = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let st: i32 = t[..end]
        .parse()
        .ok()
        .filter(|v| *v <= 1000)
        .ok_or_else(|| GcsError::notation(path, text, "a minimum ST like `13` or `13†`"))?;
    let marks = &t[end..];
    let unready = marks.contains('‡');
    Ok(Some(Strength {
        st,
        two_handed: unready || marks.contains('†'),
        unready_after_attack: unready,
    }))
}

/// A range in yards, or a multiple of ST.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Yards {
    /// Fixed yards.
    Fixed(u32),
    /// A multiple of the user's ST (`x15`).
    TimesSt(f32),
}

/// Parses a range (`165/220`, `x15/x20`, `100`): half-damage range and
/// maximum; a single number is the maximum only.
pub fn range(text: &str, path: &str) -> Result<Option<(Option<Yards>, Yards)>, GcsError> {
    let t = text.trim();
    if t.is_empty() || t == "-" {
        return Ok(None);
    }
    let bad = || GcsError::notation(path, text, "a range like `165/220` or `x15/x20`");
    let one = |s: &str| -> Option<Yards> {
        let s = s.trim().replace(',', "");
        match s.strip_prefix(['x', '×']) {
            Some(m) => m
                .parse::<f32>()
                .ok()
                .filter(|f| f.is_finite() && *f >= 0.0 && *f <= 1000.0)
                .map(Yards::TimesSt),
            None => s
                .parse::<u32>()
                .ok()
                .filter(|y| *y <= 1_000_000)
                .map(Yards::Fixed),
        }
    };
    Ok(Some(match t.split_once('/') {
        Some((h, m)) => (Some(one(h).ok_or_else(bad)?), one(m).ok_or_else(bad)?),
        None => (None, one(t).ok_or_else(bad)?),
    }))
}

/// Parses a small signed number (`-7`, `+0`, `2`), or a sum (`3+1`, a
/// scope's bonus to Accuracy); `None` when empty.
pub fn number(text: &str, path: &str, expected: &'static str) -> Result<Option<i32>, GcsError> {
    let t = text.trim();
    if t.is_empty() || t == "-" {
        return Ok(None);
    }
    let mut total = 0i32;
    let mut rest = t;
    let mut first = true;
    while !rest.is_empty() {
        let sign_len = usize::from(rest.starts_with(['+', '-']));
        if sign_len == 0 && !first {
            return Err(GcsError::notation(path, text, expected));
        }
        let end = rest[sign_len..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(rest.len(), |i| i + sign_len);
        let n: i32 = rest[..end]
            .parse()
            .ok()
            .filter(|n: &i32| n.abs() <= 1000)
            .ok_or_else(|| GcsError::notation(path, text, expected))?;
        total = total.saturating_add(n);
        rest = &rest[end..];
        first = false;
    }
    Ok(Some(total))
}

/// A weight in pounds (`34 lb`), or an error naming the path: a weight
/// that is not one (`NaN lb`, `1e308 lb`, `-5 lb`) is refused, never read
/// as 0.
pub fn weight(text: &str, path: &str) -> Result<f64, GcsError> {
    parse_weight(text).ok_or_else(|| {
        GcsError::notation(
            path,
            text,
            "a weight like `34 lb`, `0.5 lb`, `8 oz` or `2 kg`",
        )
    })
}

/// A weight in pounds from GCS's text (`34 lb`, `0.5 lb`, `8 oz`, `2 kg`;
/// GURPS counts 1 kg as 2 lb): finite and not negative, else `None`.
pub fn parse_weight(text: &str) -> Option<f64> {
    let t = text.trim();
    let end = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(t.len());
    let n: f64 = t[..end].replace(',', "").parse().ok()?;
    let unit = t[end..].trim();
    let factor = match unit {
        "" | "lb" | "#" => 1.0,
        "oz" => 1.0 / 16.0,
        "kg" => 2.0,
        "g" => 0.002,
        "tn" => 2000.0,
        "t" => 2000.0,
        _ => return None,
    };
    Some(n * factor).filter(|w| w.is_finite() && *w >= 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damages() {
        let d = damage("2d+1(2) cut", "p").unwrap();
        assert!(
            matches!(d, Damage::Dice { divisor, ref kind, .. } if divisor == 2.0 && kind == "cut")
        );
        assert!(matches!(
            damage("1d burn/point", "p").unwrap(),
            Damage::Dice {
                per_point: true,
                ..
            }
        ));
        assert!(matches!(
            damage("1 point burn/point", "p").unwrap(),
            Damage::Points { points: 1, .. }
        ));
        assert_eq!(
            damage("Blinds", "p").unwrap(),
            Damage::Other("Blinds".into())
        );
        assert!(damage("2d+x cut", "p").is_err());
        assert!(damage("0d cut", "p").is_err());
    }

    #[test]
    fn reaches_defenses_strengths_ranges() {
        assert_eq!(reach("C,1-2*", "p").unwrap().unwrap().yards, vec![0, 1, 2]);
        assert!(reach("2-1", "p").is_err());
        assert_eq!(
            defense("16F", "p").unwrap(),
            Some(Defense::Value {
                value: 16,
                fencing: true,
                unbalanced: false
            })
        );
        assert_eq!(defense("No", "p").unwrap(), Some(Defense::No));
        assert!(defense("1X", "p").is_err());
        let s = strength("11‡", "p").unwrap().unwrap();
        assert!(s.two_handed && s.unready_after_attack && s.st == 11);
        assert_eq!(
            range("x15/x20", "p").unwrap(),
            Some((Some(Yards::TimesSt(15.0)), Yards::TimesSt(20.0)))
        );
        assert_eq!(number("3+1", "p", "n").unwrap(), Some(4));
        assert_eq!(number("-7", "p", "n").unwrap(), Some(-7));
        assert_eq!(parse_weight("34 lb"), Some(34.0));
        assert_eq!(parse_weight("8 oz"), Some(0.5));
        for bad in ["NaN lb", "1e308 lb", "-5 lb", "inf", "", "12 stone"] {
            assert_eq!(parse_weight(bad), None, "{bad}");
            assert!(weight(bad, "p").is_err(), "{bad}");
        }
    }
}
