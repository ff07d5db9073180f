//! Typed shortcuts read against a menu tree: `attack gawain neck`,
//! `all-out double gawain`, `defend parry`.
//!
//! The words are matched to the labels of the lists from the top down:
//! each word is a prefix of a word of a label (case-insensitive; a number
//! must be the whole word), several words may match one label in order
//! (`all-out double`), and a list the words say nothing about takes its
//! default choice (the torso, the plain strike). So a shortcut is just a
//! quicker walk: it reaches only leaves of the menu, which are legal
//! actions. Unknown and ambiguous words are typed errors naming the choices.

use fray_core::menu::{Choice, Menu, Node};

/// Why typed words do not pick one leaf.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShortcutError {
    /// Nothing was typed.
    #[error("type the words of a choice, e.g. the first word of each")]
    Empty,
    /// A word matches no choice of the list it was read against.
    #[error("`{word}` is not one of {menu}: {}", choices.join(", "))]
    Unknown {
        /// The word.
        word: String,
        /// The list's title.
        menu: String,
        /// The labels of its choices.
        choices: Vec<String>,
    },
    /// A word matches several choices equally well.
    #[error("`{word}` could be {}: type more of it", matches.join(" or "))]
    Ambiguous {
        /// The word.
        word: String,
        /// The labels it matches.
        matches: Vec<String>,
    },
    /// The words stop at a list that has no default choice.
    #[error("{menu} is still to choose: {}", choices.join(", "))]
    Incomplete {
        /// The list's title.
        menu: String,
        /// The labels of its choices.
        choices: Vec<String>,
    },
    /// Words are left once a finished choice is reached.
    #[error("`{chosen}` needs nothing more, but `{}` was typed after it", words.join(" "))]
    TooMany {
        /// The label of the finished choice.
        chosen: String,
        /// The words left over.
        words: Vec<String>,
    },
}

/// Reads `text` against `menu` and returns the leaf it names.
pub fn parse<'m, A>(menu: &'m Menu<A>, text: &str) -> Result<&'m A, ShortcutError> {
    let mut words = normalized(text);
    if words.is_empty() {
        return Err(ShortcutError::Empty);
    }
    // `defend parry` at the "Defend" list: a first word naming the list
    // itself rather than one of its choices is passed over.
    if best(menu, &words).is_empty() && normalized(&menu.title).iter().any(|t| t == &words[0]) {
        words.remove(0);
    }
    descend(menu, &words)
}

/// The words of a label or of typed text: lowercase, split at spaces and
/// punctuation (a `-` inside or before a word is kept: `all-out`, `-5`).
fn normalized(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\''))
        .map(|w| w.trim_matches('\'').to_lowercase())
        .filter(|w| !w.is_empty() && w != "-")
        .collect()
}

/// Whether a typed word matches a label word: a prefix of it, or the whole
/// of it for a number (`1` must not pick `12`).
fn matches(typed: &str, word: &str) -> bool {
    if typed.chars().all(|c| c.is_ascii_digit() || c == '-') {
        typed == word
    } else {
        word.starts_with(typed)
    }
}

/// How well the leading words match one label: how many words it takes,
/// whether the first one matched the label's first word, and how many
/// matched whole words.
fn score(label: &str, words: &[String]) -> (usize, bool, usize) {
    let label = normalized(label);
    let mut at = 0;
    let mut taken = 0;
    let mut first = false;
    let mut whole = 0;
    for w in words {
        let Some(found) = label[at..].iter().position(|l| matches(w, l)) else {
            break;
        };
        if taken == 0 {
            first = at + found == 0;
        }
        if label[at + found] == *w {
            whole += 1;
        }
        at += found + 1;
        taken += 1;
    }
    (taken, first, whole)
}

/// The choices the leading words match best, and how many words they take.
fn best<'m, A>(menu: &'m Menu<A>, words: &[String]) -> Vec<(&'m Choice<A>, usize)> {
    let scored: Vec<_> = menu
        .choices
        .iter()
        .map(|c| (c, score(&c.label, words)))
        .filter(|(_, s)| s.0 > 0)
        .collect();
    let Some(top) = scored.iter().map(|(_, s)| *s).max() else {
        return Vec::new();
    };
    scored
        .into_iter()
        .filter(|(_, s)| *s == top)
        .map(|(c, s)| (c, s.0))
        .collect()
}

fn labels<A>(menu: &Menu<A>) -> Vec<String> {
    menu.choices.iter().map(|c| c.label.clone()).collect()
}

fn descend<'m, A>(menu: &'m Menu<A>, words: &[String]) -> Result<&'m A, ShortcutError> {
    if words.is_empty() {
        return by_default(menu);
    }
    let found = best(menu, words);
    match found.as_slice() {
        [] => match menu.default_choice() {
            // The words say nothing about this list: take its default and
            // read them further down; if they fit nowhere, name this list.
            Some(Choice {
                next: Node::Menu(sub),
                ..
            }) => descend(sub, words).map_err(|e| match e {
                ShortcutError::Unknown { word, .. } if word == words[0] => ShortcutError::Unknown {
                    word,
                    menu: menu.title.clone(),
                    choices: labels(menu),
                },
                other => other,
            }),
            _ => Err(ShortcutError::Unknown {
                word: words[0].clone(),
                menu: menu.title.clone(),
                choices: labels(menu),
            }),
        },
        [(choice, taken)] => {
            let rest = &words[*taken..];
            match &choice.next {
                Node::Leaf(a) if rest.is_empty() => Ok(a),
                Node::Leaf(_) => Err(ShortcutError::TooMany {
                    chosen: choice.label.clone(),
                    words: rest.to_vec(),
                }),
                Node::Menu(sub) => descend(sub, rest),
            }
        }
        several => {
            // A tie ("all-out" for All-Out Attack and All-Out Defense):
            // the words that follow decide, if they fit one choice only.
            // Else the one whose label the words name whole (numbers
            // aside): "retreat" is "retreat: 12", not "retreat, feverishly
            // (1 FP): 14"; "toward orc" is "toward Orc", not "toward Orc chief".
            let fits: Vec<(bool, &'m A)> = several
                .iter()
                .filter_map(|(c, taken)| {
                    let rest = &words[*taken..];
                    let found = match &c.next {
                        Node::Leaf(a) if rest.is_empty() => Some(a),
                        Node::Leaf(_) => None,
                        Node::Menu(sub) if rest.is_empty() => by_default(sub).ok(),
                        Node::Menu(sub) => descend(sub, rest).ok(),
                    }?;
                    let typed = &words[..*taken];
                    let whole = normalized(&c.label).iter().all(|w| {
                        w.chars().all(|ch| ch.is_ascii_digit() || ch == '-')
                            || typed.iter().any(|t| matches(t, w))
                    });
                    Some((whole, found))
                })
                .collect();
            let best: Vec<&'m A> = if fits.len() == 1 {
                fits.iter().map(|(_, a)| *a).collect()
            } else {
                fits.iter().filter(|(w, _)| *w).map(|(_, a)| *a).collect()
            };
            match best.as_slice() {
                [one] => Ok(one),
                _ => Err(ShortcutError::Ambiguous {
                    word: words[0].clone(),
                    matches: several.iter().map(|(c, _)| c.label.clone()).collect(),
                }),
            }
        }
    }
}

/// Follows the default choices down to a leaf.
fn by_default<A>(menu: &Menu<A>) -> Result<&A, ShortcutError> {
    match menu.default_choice().map(|c| &c.next) {
        Some(Node::Leaf(a)) => Ok(a),
        Some(Node::Menu(sub)) => by_default(sub),
        None => Err(ShortcutError::Incomplete {
            menu: menu.title.clone(),
            choices: labels(menu),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strike() -> Menu<&'static str> {
        let mut aim = Menu::new("Hit location");
        aim.leaf("torso", "torso")
            .default_last()
            .leaf("neck (-5)", "neck")
            .leaf("skull (-7)", "skull");
        let mut weapon = Menu::new("Weapon");
        weapon
            .sub("Broadsword (swing)", aim.clone())
            .default_last()
            .leaf("Broadsword (thrust)", "thrust");
        let mut target = Menu::new("Target");
        target.sub("Sir Gawain", weapon).leaf("Sir Bors", "bors");
        let mut aoa = Menu::new("All-Out Attack");
        aoa.leaf("Double", "double")
            .leaf("Determined (+4)", "determined");
        let mut m = Menu::new("Action");
        m.sub("Attack", target)
            .sub("All-Out Attack", aoa)
            .leaf("Do Nothing", "nothing");
        m
    }

    #[test]
    fn words_name_choices_by_prefix_and_skip_defaults() {
        let m = strike();
        assert_eq!(parse(&m, "attack gawain neck"), Ok(&"neck"));
        assert_eq!(parse(&m, "ATT Gaw"), Ok(&"torso"));
        assert_eq!(parse(&m, "attack gawain broadsword thrust"), Ok(&"thrust"));
        assert_eq!(parse(&m, "all-out double"), Ok(&"double"));
        assert_eq!(parse(&m, "do"), Ok(&"nothing"));
    }

    #[test]
    fn unknown_words_name_the_choices() {
        let m = strike();
        let e = parse(&m, "attack gawain nek").unwrap_err();
        assert_eq!(
            e,
            ShortcutError::Unknown {
                word: "nek".into(),
                menu: "Weapon".into(),
                choices: vec!["Broadsword (swing)".into(), "Broadsword (thrust)".into()],
            }
        );
        assert!(e.to_string().contains("Broadsword (thrust)"), "{e}");
    }

    #[test]
    fn ambiguous_and_incomplete_words_are_errors() {
        let m = strike();
        assert!(matches!(
            parse(&m, "attack sir"),
            Err(ShortcutError::Ambiguous { .. })
        ));
        assert!(matches!(
            parse(&m, "all-out"),
            Err(ShortcutError::Incomplete { .. })
        ));
        assert!(matches!(
            parse(&m, "do nothing now"),
            Err(ShortcutError::TooMany { .. })
        ));
        assert_eq!(parse(&m, "  "), Err(ShortcutError::Empty));
    }

    #[test]
    fn numbers_match_whole_words() {
        let mut m = Menu::new("Deceptive");
        m.leaf("1 (-2 to hit)", 1).leaf("12 (-24 to hit)", 12);
        assert_eq!(parse(&m, "1"), Ok(&1));
        assert_eq!(parse(&m, "12"), Ok(&12));
    }

    #[test]
    fn a_first_word_naming_the_list_is_passed_over() {
        let mut m = Menu::new("Defend");
        m.leaf("Parry with Broadsword: 11", "parry")
            .leaf("Dodge: 9", "dodge");
        assert_eq!(parse(&m, "defend parry"), Ok(&"parry"));
    }
}
