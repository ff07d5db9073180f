//! Follow-up attacks as GCS writes them: in a weapon row's notes, the way
//! DFRPG's monsters print them (`Follow-Up: 2d tox, or 1d with successful
//! HT roll`, `Follow-Up: 2d tox (HT-4 to resist)`, `Follow-Up: 1 FP`). A
//! note read is played (decision, docs/rules/gurps.md); what follows it
//! (`Anyone who loses more than HP/2 ... is paralyzed`) is reported as not
//! modelled, and a note that is no follow-up the engine can read is
//! reported whole.

use crate::model::damage::{DamageType, FixedDamage};
use crate::model::data::FollowUp;

/// A follow-up read from a note, and the rest of the note.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FollowUpNote {
    /// The follow-up.
    pub follow_up: FollowUp,
    /// What the note says after it, not modelled (empty when nothing).
    pub rest: String,
}

/// The follow-up a weapon row's note describes, or `None` when the note is
/// not one the engine can read (it is then reported whole).
pub fn follow_up_note(notes: &str) -> Option<FollowUpNote> {
    let t = notes.trim();
    let lower = t.to_ascii_lowercase();
    let after = ["follow-up", "follow up", "followup"]
        .iter()
        .find_map(|p| lower.starts_with(p).then_some(p.len()))?;
    let mut rest = t[after..].trim_start();
    rest = rest.strip_prefix(':').unwrap_or(rest).trim_start();
    let (damage, r) = word(rest);
    let damage: FixedDamage = damage.parse().ok()?;
    let (kind, r) = word(r);
    let damage_type = damage_type(kind.trim_end_matches(['.', ',', ';']))?;
    let mut follow_up = FollowUp {
        damage,
        damage_type,
        resist: None,
        resisted: None,
    };
    let r = resistance(r, &mut follow_up);
    let rest = r
        .trim_start_matches(|c: char| c.is_whitespace() || matches!(c, '.' | ',' | ';'))
        .trim_end();
    Some(FollowUpNote {
        follow_up,
        rest: rest.to_string(),
    })
}

/// The first word of `s` and what follows it.
fn word(s: &str) -> (&str, &str) {
    let s = s.trim_start();
    match s.find(char::is_whitespace) {
        Some(i) => (&s[..i], &s[i..]),
        None => (s, ""),
    }
}

/// A damage type as DFRPG's notes write it.
fn damage_type(w: &str) -> Option<DamageType> {
    use DamageType::*;
    Some(match w.to_ascii_lowercase().as_str() {
        "tox" | "toxic" => Toxic,
        "burn" | "burning" | "fire" => Burning,
        "cor" | "corr" | "corrosion" | "corrosive" => Corrosion,
        "fat" | "fatigue" | "fp" => Fatigue,
        "cr" | "crushing" => Crushing,
        "cut" | "cutting" => Cutting,
        "imp" | "impaling" => Impaling,
        "pi-" => SmallPiercing,
        "pi" | "piercing" => Piercing,
        "pi+" => LargePiercing,
        "pi++" => HugePiercing,
        _ => return None,
    })
}

/// Reads an HT roll to resist after the damage: `, or 1d with (a)
/// successful HT(-n) roll` (the lesser damage) or `(HT(-n) to resist)`
/// (none); returns what follows it.
fn resistance<'a>(s: &'a str, fu: &mut FollowUp) -> &'a str {
    let t = s.trim_start();
    let t = t.strip_prefix(',').unwrap_or(t).trim_start();
    let lower = t.to_ascii_lowercase();
    if let Some(r) = lower.strip_prefix("(ht") {
        let (modifier, used) = ht_modifier(r);
        let tail = r[used..].trim_start();
        if let Some(end) = tail.strip_prefix("to resist)") {
            fu.resist = Some(modifier);
            return &t[t.len() - end.len()..];
        }
        return s;
    }
    let Some(r) = lower.strip_prefix("or ") else {
        return s;
    };
    let (lesser, r2) = word(r);
    let Ok(lesser) = lesser.parse::<FixedDamage>() else {
        return s;
    };
    let r2 = r2.trim_start();
    let r2 = r2.strip_prefix("with ").map(str::trim_start).unwrap_or(r2);
    let r2 = r2.strip_prefix("a ").unwrap_or(r2);
    let Some(r3) = r2.strip_prefix("successful ht") else {
        return s;
    };
    let (modifier, used) = ht_modifier(r3);
    let Some(end) = r3[used..].trim_start().strip_prefix("roll") else {
        return s;
    };
    fu.resist = Some(modifier);
    fu.resisted = Some(lesser);
    &t[t.len() - end.len()..]
}

/// A modifier right after `HT` (`-4`, `+2`, none), and the bytes it took.
fn ht_modifier(s: &str) -> (i32, usize) {
    let sign = match s.as_bytes().first() {
        Some(b'-') => -1,
        Some(b'+') => 1,
        _ => return (0, 0),
    };
    let digits = s[1..].bytes().take_while(u8::is_ascii_digit).count();
    match s[1..1 + digits].parse::<i32>() {
        Ok(n) if n <= 10 => (sign * n, 1 + digits),
        _ => (0, 0),
    }
}

/// How the report words a follow-up: `2d tox (HT-4 resists)`.
pub(super) fn describe(fu: &FollowUp) -> String {
    let ht = |m: i32| match m {
        0 => "HT".to_string(),
        m => format!("HT{m:+}"),
    };
    match (fu.resist, fu.resisted) {
        (None, _) => format!("{} {}", fu.damage, fu.damage_type),
        (Some(m), None) => format!("{} {} ({} resists)", fu.damage, fu.damage_type, ht(m)),
        (Some(m), Some(l)) => format!(
            "{} {} ({l} on a successful {} roll)",
            fu.damage,
            fu.damage_type,
            ht(m)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Option<(String, Option<i32>, Option<String>, String)> {
        let n = follow_up_note(text)?;
        let f = n.follow_up;
        Some((
            format!("{} {}", f.damage, f.damage_type),
            f.resist,
            f.resisted.map(|d| d.to_string()),
            n.rest,
        ))
    }

    #[test]
    fn dfrpg_follow_ups_are_read() {
        // rule: G-DMG-001 (a follow-up's damage, decision)
        assert_eq!(
            read("Follow-Up: 2d tox, or 1d with successful HT roll"),
            Some(("2d tox".into(), Some(0), Some("1d".into()), String::new()))
        );
        assert_eq!(
            read("Follow-Up: 2d tox (HT-4 to resist)"),
            Some(("2d tox".into(), Some(-4), None, String::new()))
        );
        assert_eq!(
            read(
                "Follow-Up: 4d tox, or 2d with successful HT roll. Anyone who loses more than HP/2 is paralyzed."
            ),
            Some((
                "4d tox".into(),
                Some(0),
                Some("2d".into()),
                "Anyone who loses more than HP/2 is paralyzed.".into()
            ))
        );
        assert_eq!(
            read("Follow-Up 1d burn"),
            Some(("1d burn".into(), None, None, String::new()))
        );
        assert_eq!(
            read("Follow-Up: 1 FP"),
            Some(("1 fat".into(), None, None, String::new()))
        );
        assert_eq!(
            read("Follow-Up:  1d-3 cor every second for 10 seconds."),
            Some((
                "1d-3 cor".into(),
                None,
                None,
                "every second for 10 seconds.".into()
            ))
        );
    }

    #[test]
    fn other_notes_are_not_follow_ups() {
        for text in [
            "Follow-Up: 1 HP of bleeding injury from rough edge.",
            "Follow-Up: Flaming Aura",
            "Follow-Up: 2 cold",
            "Follow-Up: Roll vs. HT at -1 per 2 points",
            "Max damage 1d+1",
            "",
        ] {
            assert_eq!(read(text), None, "{text}");
        }
        // An unreadable resistance stays in the rest, nothing is guessed.
        let odd = read("Follow-Up: 2d tox (HT-40 to resist)").unwrap();
        assert_eq!((odd.1, odd.3.as_str()), (None, "(HT-40 to resist)"));
    }
}
