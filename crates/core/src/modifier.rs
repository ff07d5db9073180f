//! Modifiers to a roll, each with its label and checklist rule ID.
//!
//! A [`ModList`] lives on the stack (no heap allocation on the simulator's
//! fast path) and is turned into owned records only when events are wanted.

use arrayvec::ArrayVec;
use serde::Serialize;

/// One term of a roll's target: `Broadsword skill 14`, `neck -5 (G-LOC-002)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Modifier {
    /// What the term is, in a few words.
    pub label: &'static str,
    /// Its value (the base skill is a modifier too, so the list sums to the target).
    pub value: i32,
    /// The checklist ID of the rule that applies it, or `""` for a plain stat.
    pub rule: &'static str,
}

/// How many terms one roll may list; more are folded into the last slot.
pub const MAX_MODIFIERS: usize = 24;

/// Where modifiers go while a target number is worked out: a [`ModList`]
/// keeps every term for a roll that is recorded; a [`Total`] keeps only the
/// sum, for the AI and menus, which weigh many options and need numbers
/// only. Rules that build modifiers are written once, generic over this.
pub trait Mods {
    /// Adds a term.
    fn add(&mut self, label: &'static str, value: i32, rule: &'static str) -> &mut Self;
    /// The sum of the terms.
    fn total(&self) -> i32;
    /// A start with a base value (a skill or attribute).
    fn base(label: &'static str, value: i32, rule: &'static str) -> Self
    where
        Self: Default,
    {
        let mut m = Self::default();
        m.add(label, value, rule);
        m
    }
}

/// Only the sum of the modifiers: the cheap [`Mods`] for weighing options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Total(pub i32);

impl Mods for Total {
    #[inline]
    fn add(&mut self, _: &'static str, value: i32, _: &'static str) -> &mut Self {
        self.0 = self.0.wrapping_add(value);
        self
    }
    #[inline]
    fn total(&self) -> i32 {
        self.0
    }
}

impl Mods for ModList {
    #[inline]
    fn add(&mut self, label: &'static str, value: i32, rule: &'static str) -> &mut Self {
        ModList::add(self, label, value, rule)
    }
    #[inline]
    fn total(&self) -> i32 {
        ModList::total(self)
    }
}

/// A fixed-capacity list of modifiers whose sum is the effective target.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ModList {
    items: ArrayVec<Modifier, MAX_MODIFIERS>,
}

impl ModList {
    /// An empty list.
    pub fn new() -> Self {
        Self::default()
    }

    /// A list starting with a base value (a skill or attribute).
    pub fn base(label: &'static str, value: i32, rule: &'static str) -> Self {
        let mut list = Self::new();
        list.add(label, value, rule);
        list
    }

    /// Adds a term. Zero-valued terms are kept out so narration stays short;
    /// use [`ModList::add_always`] to record a zero on purpose.
    pub fn add(&mut self, label: &'static str, value: i32, rule: &'static str) -> &mut Self {
        if value != 0 || self.items.is_empty() {
            self.add_always(label, value, rule);
        }
        self
    }

    /// Adds a term even when it is zero.
    pub fn add_always(&mut self, label: &'static str, value: i32, rule: &'static str) -> &mut Self {
        let m = Modifier { label, value, rule };
        if let Err(full) = self.items.try_push(m) {
            // Never panic: fold the overflow into the last slot, keeping the sum right.
            if let Some(last) = self.items.last_mut() {
                last.value += full.element().value;
                last.label = "other modifiers";
                last.rule = "";
            }
        }
        self
    }

    /// The sum of all terms: the effective target of the roll.
    pub fn total(&self) -> i32 {
        self.items.iter().map(|m| m.value).sum()
    }

    /// The terms in the order they were added.
    pub fn iter(&self) -> impl Iterator<Item = &Modifier> {
        self.items.iter()
    }

    /// Number of terms.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether no term was added.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Renders `Broadsword 14, neck -5` style text.
    pub fn describe(&self) -> String {
        let mut out = String::new();
        for (i, m) in self.items.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            if i == 0 {
                out.push_str(&format!("{} {}", m.label, m.value));
            } else {
                out.push_str(&format!("{} {:+}", m.label, m.value));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn total_is_the_sum_and_zero_terms_are_skipped() {
        let mut m = ModList::base("Broadsword", 14, "");
        m.add("neck", -5, "G-LOC-002").add("nothing", 0, "");
        assert_eq!(m.total(), 9);
        assert_eq!(m.len(), 2);
        assert_eq!(m.describe(), "Broadsword 14, neck -5");
    }

    fn build<M: Mods + Default>() -> M {
        let mut m = M::base("Broadsword", 14, "");
        m.add("neck", -5, "G-LOC-002").add("nothing", 0, "");
        m
    }

    #[test]
    fn a_total_sums_the_same_terms_as_a_list() {
        let list: ModList = build();
        let total: Total = build();
        assert_eq!(Mods::total(&list), 9);
        assert_eq!(total, Total(9));
    }

    #[test]
    fn overflow_folds_into_last_slot_and_keeps_the_sum() {
        let mut m = ModList::new();
        for _ in 0..(MAX_MODIFIERS + 10) {
            m.add("x", 1, "");
        }
        assert_eq!(m.len(), MAX_MODIFIERS);
        assert_eq!(m.total(), (MAX_MODIFIERS + 10) as i32);
    }
}
