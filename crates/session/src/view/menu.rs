//! Walking a [`Menu`] one short list at a time, with back and cancel.
//!
//! The walker owns the path through the tree; a [`Chooser`] (the terminal
//! prompt, a test script, a web form) only shows one list and says what the
//! person picked. A reply may also be typed words, read as a shortcut from
//! the list on screen ([`super::shortcut`]), or something the walker does
//! not know (a command such as `undo`), handed back unchanged so the front
//! end deals with it: one call covers a whole choice.

use super::shortcut::{self, ShortcutError};
use fray_core::menu::{Menu, Node};

/// What a person replied to one list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply<O> {
    /// The entry at this index (0-based) of the list shown.
    Pick(usize),
    /// Words to read as a shortcut, from the list shown down.
    Words(String),
    /// Up one list.
    Back,
    /// Leave the menu without choosing.
    Cancel,
    /// Something for the front end (a command): the walk stops with it.
    Other(O),
}

/// Shows lists and reads replies.
pub trait Chooser {
    /// What a front end may answer besides a choice (its commands).
    type Other;

    /// Shows `menu` (its title and numbered choices; `depth` lists above
    /// it, so the front end can offer "back") and returns the reply.
    fn choose<A>(&mut self, menu: &Menu<A>, depth: usize) -> Reply<Self::Other>;

    /// Tells the person why the last reply did nothing (a number off the
    /// list, a shortcut that matched nothing); the list is asked again.
    fn refuse(&mut self, why: &WalkError);
}

/// How a walk ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Walk<A, O> {
    /// A finished value: a leaf of the menu.
    Chosen(A),
    /// The person left the menu (cancel, or back from the top list).
    Cancelled,
    /// The chooser answered something else; the front end handles it.
    Other(O),
}

/// Why one reply did nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WalkError {
    /// A number off the list.
    #[error("{given} is not on the list: choose 1 to {len}")]
    OffTheList {
        /// The 1-based number typed.
        given: usize,
        /// How many entries the list has.
        len: usize,
    },
    /// Typed words that name no choice.
    #[error(transparent)]
    Shortcut(#[from] ShortcutError),
}

/// Walks `menu` with `chooser` until a leaf is chosen, the person cancels,
/// or the chooser hands back a command. Back from the top list cancels.
pub fn walk<A: Clone, C: Chooser>(menu: &Menu<A>, chooser: &mut C) -> Walk<A, C::Other> {
    let mut path: Vec<usize> = Vec::new();
    loop {
        let Some(here) = menu.at(&path) else {
            // Cannot happen: the path only ever holds sub-menus. Start over.
            path.clear();
            continue;
        };
        match chooser.choose(here, path.len()) {
            Reply::Pick(i) => match here.choices.get(i) {
                Some(c) => match &c.next {
                    Node::Leaf(a) => return Walk::Chosen(a.clone()),
                    Node::Menu(_) => path.push(i),
                },
                None => chooser.refuse(&WalkError::OffTheList {
                    given: i + 1,
                    len: here.len(),
                }),
            },
            Reply::Words(text) => match shortcut::parse(here, &text) {
                Ok(a) => return Walk::Chosen(a.clone()),
                Err(e) => match sub_menu_named(here, &text) {
                    Some(i) => path.push(i),
                    None => chooser.refuse(&e.into()),
                },
            },
            Reply::Back => {
                if path.pop().is_none() {
                    return Walk::Cancelled;
                }
            }
            Reply::Cancel => return Walk::Cancelled,
            Reply::Other(o) => return Walk::Other(o),
        }
    }
}

/// The one sub-menu of `menu` whose label starts with `text` (ignoring
/// case): words that name a list rather than a finished choice (`wait`)
/// open that list, as its number would.
fn sub_menu_named<A>(menu: &Menu<A>, text: &str) -> Option<usize> {
    let typed = text.trim().to_lowercase();
    if typed.is_empty() {
        return None;
    }
    let mut named = menu
        .choices
        .iter()
        .enumerate()
        .filter(|(_, c)| c.label.to_lowercase().starts_with(&typed));
    match (named.next(), named.next()) {
        (Some((i, c)), None) if matches!(c.next, Node::Menu(_)) => Some(i),
        _ => None,
    }
}

/// One list as numbered lines: `  1. Attack >` (a `>` leads to another
/// list), the default marked `(default)`.
pub fn numbered<A>(menu: &Menu<A>) -> Vec<String> {
    menu.choices
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let more = if matches!(c.next, Node::Menu(_)) {
                " >"
            } else {
                ""
            };
            let default = if c.default { " (default)" } else { "" };
            format!("  {:>2}. {}{more}{default}", i + 1, c.label)
        })
        .collect()
}

/// The whole tree as indented lines, `depth` lists deep (deeper lists
/// show as a count of what they hold): for documentation and tests.
pub fn outline<A>(menu: &Menu<A>, depth: usize) -> Vec<String> {
    let mut out = Vec::new();
    outline_into(menu, depth, 0, &mut out);
    out
}

fn outline_into<A>(menu: &Menu<A>, depth: usize, at: usize, out: &mut Vec<String>) {
    let indent = "  ".repeat(at);
    for c in &menu.choices {
        let default = if c.default { " *" } else { "" };
        match &c.next {
            Node::Leaf(_) => out.push(format!("{indent}{}{default}", c.label)),
            Node::Menu(m) if at + 1 < depth => {
                out.push(format!("{indent}{}{default} >", c.label));
                outline_into(m, depth, at + 1, out);
            }
            Node::Menu(m) => out.push(format!(
                "{indent}{}{default} > ({} choices)",
                c.label,
                m.leaves().len()
            )),
        }
    }
}

/// A chooser that plays a fixed list of replies, for tests and scripts;
/// once they run out it cancels. It records the titles it was shown and
/// the refusals.
#[derive(Clone, Debug, Default)]
pub struct Scripted<O> {
    replies: std::collections::VecDeque<Reply<O>>,
    /// The title of each list shown, in order.
    pub shown: Vec<String>,
    /// Each refusal, in order.
    pub refused: Vec<WalkError>,
}

impl<O> Scripted<O> {
    /// A chooser that replies `replies` in order.
    pub fn new(replies: impl IntoIterator<Item = Reply<O>>) -> Self {
        Scripted {
            replies: replies.into_iter().collect(),
            shown: Vec::new(),
            refused: Vec::new(),
        }
    }
}

impl<O> Chooser for Scripted<O> {
    type Other = O;

    fn choose<A>(&mut self, menu: &Menu<A>, _depth: usize) -> Reply<O> {
        self.shown.push(menu.title.clone());
        self.replies.pop_front().unwrap_or(Reply::Cancel)
    }

    fn refuse(&mut self, why: &WalkError) {
        self.refused.push(why.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn menu() -> Menu<&'static str> {
        let mut weapon = Menu::new("Weapon");
        weapon.leaf("Sword", "sword").leaf("Axe", "axe");
        let mut m = Menu::new("Action");
        m.sub("Attack", weapon).leaf("Do Nothing", "nothing");
        m
    }

    #[test]
    fn picks_go_down_the_tree_to_a_leaf() {
        let mut c = Scripted::<()>::new([Reply::Pick(0), Reply::Pick(1)]);
        assert_eq!(walk(&menu(), &mut c), Walk::Chosen("axe"));
        assert_eq!(c.shown, ["Action", "Weapon"]);
    }

    #[test]
    fn back_goes_up_and_back_at_the_top_cancels() {
        let mut c = Scripted::<()>::new([Reply::Pick(0), Reply::Back, Reply::Pick(1)]);
        assert_eq!(walk(&menu(), &mut c), Walk::Chosen("nothing"));
        let mut c = Scripted::<()>::new([Reply::Back]);
        assert_eq!(walk(&menu(), &mut c), Walk::Cancelled);
    }

    #[test]
    fn a_number_off_the_list_is_refused_and_asked_again() {
        let mut c = Scripted::<()>::new([Reply::Pick(5), Reply::Pick(1)]);
        assert_eq!(walk(&menu(), &mut c), Walk::Chosen("nothing"));
        assert_eq!(c.refused, [WalkError::OffTheList { given: 6, len: 2 }]);
    }

    #[test]
    fn words_are_read_from_the_list_on_screen() {
        let mut c = Scripted::<()>::new([Reply::Pick(0), Reply::Words("sw".into())]);
        assert_eq!(walk(&menu(), &mut c), Walk::Chosen("sword"));
        let mut c = Scripted::<()>::new([Reply::Words("attack axe".into())]);
        assert_eq!(walk(&menu(), &mut c), Walk::Chosen("axe"));
    }

    #[test]
    fn words_that_name_a_list_open_it() {
        let mut c = Scripted::<()>::new([Reply::Words("att".into()), Reply::Pick(0)]);
        assert_eq!(walk(&menu(), &mut c), Walk::Chosen("sword"));
        assert_eq!(c.shown, ["Action", "Weapon"]);
        assert!(c.refused.is_empty());
    }

    #[test]
    fn a_command_is_handed_back() {
        let mut c = Scripted::new([Reply::Pick(0), Reply::Other("undo")]);
        assert_eq!(walk(&menu(), &mut c), Walk::Other("undo"));
    }
}
