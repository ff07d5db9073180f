//! Menus as data: labelled, numbered choices that lead to a sub-menu or to
//! a finished value (an action, an answer).
//!
//! A flat list of every legal action runs to 80 entries in a melee; people
//! at a table choose better in short steps: a maneuver, then a target, then
//! a weapon, then the options. A [`Menu`] is that tree. Front ends walk it
//! one short list at a time (the session's walker) or read a typed shortcut
//! against its labels (`attack gawain neck`); both only ever reach a leaf,
//! and every leaf a ruleset builds is a value its `check_action` (or
//! `check_answer`) accepts.

use serde::Serialize;

/// The longest list a menu should show at once: about what fits on a
/// screen beside the status, and what a person reads at a glance.
pub const SHORT_LIST: usize = 12;

/// One list of choices, with a title saying what is being chosen.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Menu<A> {
    /// What this list chooses: "Sir Bors's maneuver", "Target", "Weapon".
    pub title: String,
    /// The choices, in the order they are numbered (from 1).
    pub choices: Vec<Choice<A>>,
}

/// One numbered entry of a [`Menu`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Choice<A> {
    /// The words shown and matched by typed shortcuts: "Attack",
    /// "Sir Gawain", "Broadsword (swing)", "neck (-5)".
    pub label: String,
    /// What choosing it leads to.
    pub next: Node<A>,
    /// Taken when a typed shortcut says nothing about this list (the torso
    /// when no location is named, the plain strike when no option is).
    pub default: bool,
}

/// Where a [`Choice`] leads.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Node<A> {
    /// Another, shorter list.
    Menu(Menu<A>),
    /// A finished value.
    Leaf(A),
}

impl<A> Menu<A> {
    /// An empty menu titled `title`.
    pub fn new(title: impl Into<String>) -> Self {
        Menu {
            title: title.into(),
            choices: Vec::new(),
        }
    }

    /// Adds a choice that finishes with `value`.
    pub fn leaf(&mut self, label: impl Into<String>, value: A) -> &mut Self {
        self.choices.push(Choice {
            label: label.into(),
            next: Node::Leaf(value),
            default: false,
        });
        self
    }

    /// Adds a choice that opens `menu`; an empty `menu` is left out, and
    /// one with a single choice is replaced by that choice, labelled with
    /// both labels ("Attack: Sir Gawain"), so a list of one is never shown
    /// and typed shortcuts may still name it.
    pub fn sub(&mut self, label: impl Into<String>, menu: Menu<A>) -> &mut Self {
        let label = label.into();
        let mut menu = menu;
        match menu.choices.len() {
            0 => {}
            1 => {
                let only = menu.choices.remove(0);
                let label = join_label(&label, &only.label);
                self.choices.push(Choice {
                    label,
                    next: only.next,
                    default: false,
                });
            }
            _ => self.choices.push(Choice {
                label,
                next: Node::Menu(menu),
                default: false,
            }),
        }
        self
    }

    /// Marks the last choice added as the default of this list.
    pub fn default_last(&mut self) -> &mut Self {
        if let Some(c) = self.choices.last_mut() {
            c.default = true;
        }
        self
    }

    /// Whether there is nothing to choose.
    pub fn is_empty(&self) -> bool {
        self.choices.is_empty()
    }

    /// The number of choices in this list (not counting sub-menus).
    pub fn len(&self) -> usize {
        self.choices.len()
    }

    /// The default choice of this list, if one is marked.
    pub fn default_choice(&self) -> Option<&Choice<A>> {
        self.choices.iter().find(|c| c.default)
    }

    /// Every finished value in the tree, depth first in menu order.
    pub fn leaves(&self) -> Vec<&A> {
        let mut out = Vec::new();
        self.collect_leaves(&mut out);
        out
    }

    fn collect_leaves<'a>(&'a self, out: &mut Vec<&'a A>) {
        for c in &self.choices {
            match &c.next {
                Node::Leaf(a) => out.push(a),
                Node::Menu(m) => m.collect_leaves(out),
            }
        }
    }

    /// Every finished value with the labels chosen on the way to it.
    pub fn paths(&self) -> Vec<(Vec<&str>, &A)> {
        let mut out = Vec::new();
        self.collect_paths(&mut Vec::new(), &mut out);
        out
    }

    fn collect_paths<'a>(&'a self, at: &mut Vec<&'a str>, out: &mut Vec<(Vec<&'a str>, &'a A)>) {
        for c in &self.choices {
            at.push(&c.label);
            match &c.next {
                Node::Leaf(a) => out.push((at.clone(), a)),
                Node::Menu(m) => m.collect_paths(at, out),
            }
            at.pop();
        }
    }

    /// The longest list anywhere in the tree: what a person may have to read.
    pub fn longest_list(&self) -> usize {
        self.choices
            .iter()
            .filter_map(|c| match &c.next {
                Node::Menu(m) => Some(m.longest_list()),
                Node::Leaf(_) => None,
            })
            .fold(self.choices.len(), usize::max)
    }

    /// The sub-menu reached by choosing the numbered entries of `path`
    /// (0-based), if every one leads to a menu.
    pub fn at(&self, path: &[usize]) -> Option<&Menu<A>> {
        let mut menu = self;
        for &i in path {
            match &menu.choices.get(i)?.next {
                Node::Menu(m) => menu = m,
                Node::Leaf(_) => return None,
            }
        }
        Some(menu)
    }

    /// A menu built from a flat list of worded values (the ruleset's legal
    /// actions with their descriptions), grouped by their first word (the
    /// verb: "Attack", "Move", "Ready"), and again by the next word while a
    /// group is longer than [`SHORT_LIST`]. Order is kept: groups appear
    /// where their first member was. The default menu of every ruleset.
    pub fn grouped(title: impl Into<String>, items: Vec<(String, A)>) -> Self {
        let mut menu = Menu::new(title);
        let items = items
            .into_iter()
            .map(|(label, a)| (label.split_whitespace().map(str::to_string).collect(), a))
            .collect();
        fill_grouped(&mut menu, items, 0);
        menu.fold_overflow();
        menu
    }

    /// A menu built from values each with the way to it: one [`Step`] per
    /// list, from the top (`[Melee Attack, Orc, trip]`). Values sharing the
    /// labels of their first steps share those lists; lists keep the order
    /// in which their entries first appear; a step marked default makes
    /// its entry the list's default; a list of one is folded into its
    /// parent, and a list longer than [`SHORT_LIST`] overflows into
    /// "more". How the rulesets other than GURPS build their menus: the
    /// ruleset says what each action is called at each level, the tree is
    /// made here.
    pub fn tree(title: impl Into<String>, items: Vec<(Vec<Step>, A)>) -> Self {
        let mut menu = Menu::new(title);
        fill_tree(&mut menu, items);
        menu.fold_overflow();
        menu
    }

    /// Keeps every list of the tree to [`SHORT_LIST`] entries: the entries
    /// past the first `SHORT_LIST - 1` of a longer list move into a last
    /// entry, "more", itself folded the same way.
    pub fn fold_overflow(&mut self) {
        for c in &mut self.choices {
            if let Node::Menu(m) = &mut c.next {
                m.fold_overflow();
            }
        }
        if self.choices.len() > SHORT_LIST {
            let rest = self.choices.split_off(SHORT_LIST - 1);
            let mut more = Menu {
                title: format!("{} (more)", self.title),
                choices: rest,
            };
            more.fold_overflow();
            self.choices.push(Choice {
                label: "more".into(),
                next: Node::Menu(more),
                default: false,
            });
        }
    }
}

/// One step of the way to a value in [`Menu::tree`]: the label of the
/// entry, whether it is its list's default, and what the list it opens
/// chooses ("target", "where to"), for that list's title.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The entry's words.
    pub label: String,
    /// Whether a typed shortcut that says nothing of this list takes it.
    pub default: bool,
    /// What the list this entry opens chooses; empty for none.
    pub then: &'static str,
}

impl Step {
    /// A step labelled `label`, not a default, opening a list of no title.
    pub fn new(label: impl Into<String>) -> Self {
        Step {
            label: label.into(),
            default: false,
            then: "",
        }
    }

    /// The same step, its list's default.
    pub fn default(self) -> Self {
        Step {
            default: true,
            ..self
        }
    }

    /// The same step, opening a list that chooses `what`.
    pub fn then(self, what: &'static str) -> Self {
        Step { then: what, ..self }
    }
}

impl From<&str> for Step {
    fn from(label: &str) -> Self {
        Step::new(label)
    }
}

impl From<String> for Step {
    fn from(label: String) -> Self {
        Step::new(label)
    }
}

/// A value with the steps still to take to it.
type Stepped<A> = (Vec<Step>, A);

/// Adds `items` to `menu`, grouped by their first step.
fn fill_tree<A>(menu: &mut Menu<A>, items: Vec<Stepped<A>>) {
    let mut groups: Vec<(Step, Vec<Stepped<A>>)> = Vec::new();
    for (mut path, a) in items {
        if path.is_empty() {
            continue;
        }
        let first = path.remove(0);
        match groups.iter_mut().find(|(s, _)| s.label == first.label) {
            Some((s, g)) => {
                s.default |= first.default;
                if s.then.is_empty() {
                    s.then = first.then;
                }
                g.push((path, a));
            }
            None => groups.push((first, vec![(path, a)])),
        }
    }
    for (step, mut group) in groups {
        if group.len() == 1 {
            // One value down this way: one entry, named by the steps that
            // say something (a default step, "plain", goes without saying).
            let (rest, a) = group.remove(0);
            let label = rest
                .iter()
                .filter(|s| !s.default)
                .fold(step.label.clone(), |l, s| join_label(&l, &s.label));
            menu.leaf(label, a);
        } else {
            let title = if step.then.is_empty() {
                step.label.clone()
            } else {
                format!("{}: {}", step.label, step.then)
            };
            // A value that ends here while others go on is the plain one;
            // two values with the same words are told apart by number.
            let mut ended = 0;
            for (path, _) in &mut group {
                if path.is_empty() {
                    ended += 1;
                    path.push(if ended == 1 {
                        Step::new("plain").default()
                    } else {
                        Step::new(format!("plain ({ended})"))
                    });
                }
            }
            let mut sub = Menu::new(title);
            fill_tree(&mut sub, group);
            menu.sub(step.label, sub);
        }
        if step.default {
            menu.default_last();
        }
    }
}

/// "Attack" and "Sir Gawain" read "Attack Sir Gawain" when the one choice of
/// a sub-menu is folded into its parent.
fn join_label(parent: &str, only: &str) -> String {
    if parent.is_empty() || only.to_lowercase().starts_with(&parent.to_lowercase()) {
        only.to_string()
    } else {
        format!("{parent}: {only}")
    }
}

type Worded<A> = (Vec<String>, A);

/// Adds `items` to `menu`: as leaves when they fit a short list, else
/// grouped by the word at `depth`.
fn fill_grouped<A>(menu: &mut Menu<A>, items: Vec<Worded<A>>, depth: usize) {
    let label = |words: &[String]| words.join(" ");
    if items.len() <= SHORT_LIST {
        for (words, a) in items {
            menu.leaf(label(&words), a);
        }
        return;
    }
    // Groups in order of first appearance, keyed by the word at `depth`.
    let mut groups: Vec<(String, Vec<Worded<A>>)> = Vec::new();
    for (words, a) in items {
        let key = words.get(depth).cloned().unwrap_or_default();
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, g)) => g.push((words, a)),
            None => groups.push((key, vec![(words, a)])),
        }
    }
    if groups.len() == 1 {
        // Every item shares this word: no split here; try the next one, or
        // cut the list into numbered parts when the words run out.
        let (_, group) = groups.remove(0);
        if group.iter().any(|(w, _)| w.len() > depth + 1) {
            return fill_grouped(menu, group, depth + 1);
        }
        return fill_parts(menu, group);
    }
    for (key, group) in groups {
        if group.len() == 1 {
            let (words, a) = group.into_iter().next().expect("one item");
            menu.leaf(label(&words), a);
            continue;
        }
        let prefix = group[0].0[..=depth.min(group[0].0.len().saturating_sub(1))].join(" ");
        let mut sub = Menu::new(if prefix.is_empty() { key } else { prefix });
        let title = sub.title.clone();
        // Inside the group, labels drop the words all its items share.
        let trimmed = group
            .into_iter()
            .map(|(words, a)| {
                let rest = words.get(depth + 1..).map(<[String]>::to_vec);
                match rest {
                    Some(rest) if !rest.is_empty() => (rest, a),
                    _ => (words, a),
                }
            })
            .collect();
        fill_grouped(&mut sub, trimmed, 0);
        menu.sub(title, sub);
    }
}

/// A list with nothing left to group by, cut into parts of a short list each.
fn fill_parts<A>(menu: &mut Menu<A>, items: Vec<Worded<A>>) {
    let total = items.len();
    let mut items = items.into_iter().peekable();
    let mut first = 1;
    while items.peek().is_some() {
        let mut part = Menu::new(format!("entries {first} to ..."));
        for (words, a) in items.by_ref().take(SHORT_LIST) {
            part.leaf(words.join(" "), a);
        }
        let last = first + part.len() - 1;
        part.title = format!("entries {first} to {last} of {total}");
        let title = part.title.clone();
        menu.sub(title, part);
        first = last + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn worded(labels: &[&str]) -> Vec<(String, usize)> {
        labels
            .iter()
            .enumerate()
            .map(|(i, l)| (l.to_string(), i))
            .collect()
    }

    #[test]
    fn a_short_list_stays_flat() {
        let m = Menu::grouped(
            "Action",
            worded(&["Attack Ann", "Move to (1,0)", "Do Nothing"]),
        );
        assert_eq!(m.len(), 3);
        assert_eq!(m.longest_list(), 3);
        assert_eq!(m.leaves(), vec![&0, &1, &2]);
    }

    #[test]
    fn a_long_list_is_grouped_by_verb_in_order() {
        let mut labels = Vec::new();
        for foe in ["Ann", "Bob", "Cy"] {
            for w in ["Sword", "Axe", "Knife", "Fist", "Kick"] {
                labels.push(format!("Attack {foe} with {w}"));
            }
        }
        labels.push("Do Nothing".into());
        labels.push("Ready Sword".into());
        labels.push("Ready Axe".into());
        let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
        let m = Menu::grouped("Action", worded(&refs));
        let top: Vec<&str> = m.choices.iter().map(|c| c.label.as_str()).collect();
        assert_eq!(top, ["Attack", "Do Nothing", "Ready"]);
        assert!(m.longest_list() <= SHORT_LIST, "{m:#?}");
        // Every item is still reachable, in the original order.
        assert_eq!(
            m.leaves(),
            (0..labels.len())
                .collect::<Vec<_>>()
                .iter()
                .collect::<Vec<_>>()
        );
        let attack = m.at(&[0]).expect("a sub-menu");
        assert_eq!(attack.choices[0].label, "Ann");
    }

    #[test]
    fn a_sub_menu_of_one_is_folded_into_its_parent() {
        let mut one = Menu::new("Weapon");
        one.leaf("Sword", 7);
        let mut m = Menu::new("Action");
        m.sub("Attack", one).sub("Nothing", Menu::new("empty"));
        assert_eq!(m.len(), 1);
        assert_eq!(m.choices[0].label, "Attack: Sword");
        assert_eq!(m.choices[0].next, Node::Leaf(7));
    }

    #[test]
    fn too_many_groups_overflow_into_more() {
        let labels: Vec<String> = (0..20).map(|i| format!("Verb{i} x")).collect();
        let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
        let m = Menu::grouped("Action", worded(&refs));
        assert_eq!(m.len(), SHORT_LIST);
        assert_eq!(m.choices[SHORT_LIST - 1].label, "more");
        assert_eq!(m.leaves().len(), 20);
        assert!(m.longest_list() <= SHORT_LIST);
    }

    #[test]
    fn a_tree_groups_by_steps_with_defaults_and_titles() {
        let path = |steps: &[&str]| -> Vec<Step> {
            steps
                .iter()
                .map(|s| match s.strip_suffix('*') {
                    Some(d) => Step::new(d).default(),
                    None => Step::new(*s).then("next"),
                })
                .collect()
        };
        let m = Menu::tree(
            "Action",
            vec![
                (path(&["Attack", "Ann", "plain*"]), 0),
                (path(&["Attack", "Ann", "trip"]), 1),
                (path(&["Attack", "Bob", "plain*"]), 2),
                (path(&["Pass"]), 3),
            ],
        );
        let top: Vec<&str> = m.choices.iter().map(|c| c.label.as_str()).collect();
        assert_eq!(top, ["Attack", "Pass"]);
        let attack = m.at(&[0]).expect("a list");
        assert_eq!(attack.title, "Attack: next");
        // Bob's one entry is folded, its default step unsaid.
        assert_eq!(attack.choices[1].label, "Bob");
        assert_eq!(
            m.at(&[0, 0]).unwrap().default_choice().unwrap().label,
            "plain"
        );
        assert_eq!(m.leaves(), vec![&0, &1, &2, &3]);
    }

    #[test]
    fn identical_words_are_cut_into_parts() {
        let labels: Vec<String> = (0..30).map(|_| "Same".to_string()).collect();
        let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
        let m = Menu::grouped("Action", worded(&refs));
        assert_eq!(m.len(), 3);
        assert_eq!(m.choices[2].label, "entries 25 to 30 of 30");
        assert_eq!(m.leaves().len(), 30);
    }
}
