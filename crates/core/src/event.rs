//! Where resolution sends its events.
//!
//! Sinks are generic parameters, and [`EventSink::ENABLED`] is a constant, so
//! with [`NullSink`] the compiler removes event construction entirely: the
//! simulator pays nothing for the audit trail (DESIGN.md "Fast path").
//!
//! It also holds the events rulesets tell in the same words ([`Note`],
//! [`ConditionChange`], [`Declared`], [`Moved`]), which a ruleset's own event
//! enum wraps.

use std::fmt;

use serde::Serialize;

/// Receives the events of a fight.
pub trait EventSink<E> {
    /// Whether this sink wants events at all; `false` lets callers skip building them.
    const ENABLED: bool;
    /// Whether the events are told (narrated, logged, shown), not only read
    /// by code that looks at a few fields of them (the exact odds' features):
    /// `false` lets callers leave out their texts and modifier lists
    /// ([`crate::Cx::telling`]).
    const TELLS: bool = true;
    /// Takes one event.
    fn push(&mut self, event: E);
    /// The events kept so far, for sinks that keep them (the odds read the
    /// events before a checkpoint); empty otherwise.
    fn so_far(&self) -> &[E] {
        &[]
    }
}

/// Discards everything, and says so up front.
#[derive(Clone, Copy, Debug, Default)]
pub struct NullSink;

impl<E> EventSink<E> for NullSink {
    const ENABLED: bool = false;
    fn push(&mut self, _event: E) {}
}

/// Keeps every event in order.
#[derive(Clone, Debug)]
pub struct VecSink<E> {
    /// The events so far.
    pub events: Vec<E>,
}

impl<E> Default for VecSink<E> {
    fn default() -> Self {
        VecSink { events: Vec::new() }
    }
}

impl<E> EventSink<E> for VecSink<E> {
    const ENABLED: bool = true;
    fn push(&mut self, event: E) {
        self.events.push(event);
    }
    fn so_far(&self) -> &[E] {
        &self.events
    }
}

/// Hands every event to a closure as it happens (streaming narration).
pub struct FnSink<F>(pub F);

impl<E, F: FnMut(E)> EventSink<E> for FnSink<F> {
    const ENABLED: bool = true;
    fn push(&mut self, event: E) {
        (self.0)(event);
    }
}

/// Something the rules decided without a roll, with the checklist ID of the
/// rule that decided it (empty when no one rule did).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Note {
    /// The words.
    pub text: String,
    /// The checklist ID.
    pub rule: &'static str,
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.rule.is_empty() {
            write!(f, "  {}", self.text)
        } else {
            write!(f, "  {} [{}]", self.text, self.rule)
        }
    }
}

/// A condition began or ended: stunned, knocked down, unconscious, dead...
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConditionChange {
    /// Who.
    pub who: String,
    /// What happened, in words.
    pub what: String,
    /// The checklist ID.
    pub rule: &'static str,
}

impl fmt::Display for ConditionChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "  {} {} [{}]", self.who, self.what, self.rule)
    }
}

/// A figure declared what it does this turn (a maneuver, an action), in
/// words, under the checklist ID of that choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Declared {
    /// Who.
    pub who: String,
    /// What, in words.
    pub what: String,
    /// The checklist ID.
    pub rule: &'static str,
}

impl fmt::Display for Declared {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} [{}]", self.who, self.what, self.rule)
    }
}

/// Someone moved (stepped, charged, mounted, was thrown...) from one place
/// to another, both in the ruleset's words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Moved {
    /// Who.
    pub who: String,
    /// From where, in words.
    pub from: String,
    /// To where, in words.
    pub to: String,
    /// Why, as a verb (`steps`, `mounts`, `overruns`...).
    pub why: &'static str,
}

impl fmt::Display for Moved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "  {} {}: {} -> {}",
            self.who, self.why, self.from, self.to
        )
    }
}

/// Says `From` for each shared event a ruleset's event enum wraps, so that
/// [`crate::Cx::note`] and [`crate::Cx::condition`] can build it:
/// `fray_core::wraps_events!(Event { Note(Note), Condition(ConditionChange) });`.
#[macro_export]
macro_rules! wraps_events {
    ($event:ty { $($variant:ident($shared:ty)),+ $(,)? }) => {
        $(
            impl From<$shared> for $event {
                fn from(shared: $shared) -> Self {
                    Self::$variant(shared)
                }
            }
        )+
    };
}
