//! Refilling a state from another without writing shared reference counts.
//!
//! The simulator refills each worker's state from one start before every
//! fight (`clone_from`), and an AI may refill a scratch copy before each
//! weighing. The start's `Arc`s (names, sheets, weapons, the map) are
//! shared by every worker thread, so a plain `clone` of one writes its
//! reference count, a cache line that every core then takes from the
//! others: the cost grows with the threads, not with the work (issue 38).
//! A refilled state almost always points at the very `Arc`s of its source
//! already, so [`arc`] leaves such a field alone and writes the counts only
//! when a fight replaced it (a spell's weapon, a new controller).
//!
//! A ruleset's `Clone::clone_from` calls these for its `Arc` fields and
//! `clone_from` for the others, field by field, so that the refill is a
//! copy of plain values and nothing else. A struct without an `Arc` may
//! refill so too: a derived `clone_from` builds a whole copy on the stack
//! and then moves it, which the core reads back right after writing it,
//! a stall on every refill (issue 38, docs/performance.md).

use std::sync::Arc;

/// Makes `dst` point where `src` does; does nothing when it already does.
#[inline]
pub fn arc<T: ?Sized>(dst: &mut Arc<T>, src: &Arc<T>) {
    if !Arc::ptr_eq(dst, src) {
        *dst = Arc::clone(src);
    }
}

/// [`arc`] for an optional `Arc`.
#[inline]
pub fn option_arc<T: ?Sized>(dst: &mut Option<Arc<T>>, src: &Option<Arc<T>>) {
    match (dst.as_mut(), src) {
        (Some(d), Some(s)) => arc(d, s),
        _ => dst.clone_from(src),
    }
}

/// Implements `Clone` for a struct whose `clone_from` refills it in place:
/// the fields listed under `arcs` with [`arc`], those under `option_arcs`
/// with [`option_arc`], and the `rest` with their own `clone_from` (which
/// keeps a `Vec`'s room). Both methods destructure every field, so a field
/// added to the struct does not compile until it is listed.
///
/// ```
/// use std::sync::Arc;
/// struct Figure { name: Arc<str>, kit: Option<Arc<[u8]>>, hp: i32, log: Vec<u8> }
/// fray_core::refill_clone!(Figure { arcs: [name], option_arcs: [kit], rest: [hp, log] });
/// let a = Figure { name: Arc::from("a"), kit: None, hp: 3, log: vec![1] };
/// let mut b = a.clone();
/// b.hp = 1;
/// b.clone_from(&a);
/// assert_eq!((b.hp, Arc::strong_count(&a.name)), (3, 2));
/// ```
#[macro_export]
macro_rules! refill_clone {
    ($ty:ident {
        arcs: [$($a:ident),* $(,)?],
        option_arcs: [$($o:ident),* $(,)?],
        rest: [$($r:ident),* $(,)?] $(,)?
    }) => {
        impl Clone for $ty {
            #[allow(clippy::clone_on_copy)] // every field alike, whatever its type becomes
            fn clone(&self) -> Self {
                let $ty { $($a,)* $($o,)* $($r,)* } = self;
                $ty {
                    $($a: ::std::sync::Arc::clone($a),)*
                    $($o: $o.clone(),)*
                    $($r: $r.clone(),)*
                }
            }

            fn clone_from(&mut self, source: &Self) {
                let $ty { $($a,)* $($o,)* $($r,)* } = source;
                $($crate::refill::arc(&mut self.$a, $a);)*
                $($crate::refill::option_arc(&mut self.$o, $o);)*
                $(self.$r.clone_from($r);)*
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shared_arc_keeps_its_count_and_another_is_taken() {
        let a: Arc<str> = Arc::from("knight");
        let mut d = Arc::clone(&a);
        arc(&mut d, &a);
        assert_eq!(Arc::strong_count(&a), 2, "no count written");
        let b: Arc<str> = Arc::from("goblin");
        arc(&mut d, &b);
        assert!(Arc::ptr_eq(&d, &b));
        assert_eq!(Arc::strong_count(&a), 1, "the old one let go");
        let mut o = None;
        option_arc(&mut o, &Some(Arc::clone(&a)));
        assert!(o.as_ref().is_some_and(|x| Arc::ptr_eq(x, &a)));
        option_arc(&mut o, &None);
        assert!(o.is_none());
    }
}
