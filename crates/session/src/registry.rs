//! The rulesets Fray plays, listed once, and dispatch by ruleset id.
//!
//! The core stays ignorant of rulesets (DESIGN.md invariant 3); this file
//! is where they meet, for every front end (the CLI, the server, the
//! Python bindings, tests). Adding a ruleset is one line in `rulesets!`
//! below: from it come [`REGISTERED`] (`fray systems`), the dispatch of
//! every command and of [`crate::Table`] (through
//! [`with_ruleset!`](crate::with_ruleset), which monomorphizes its body per
//! ruleset) and the list the CLI tests walk (`fray systems --json`).

use fray_core::Ruleset;

/// One combat system this binary plays.
pub struct Registered {
    /// The id scenario files use ([`Fight::ID`]).
    pub id: &'static str,
    /// A human name ([`Fight::NAME`]).
    pub name: &'static str,
    /// Its coverage document (`docs/rules/<id>.md`), compiled in.
    pub coverage: &'static str,
    /// Its bundled duel (`scenarios/<id>/duel.toml`), compiled in: the
    /// scenario every front end, test and fuzzer can start a fight of
    /// this ruleset from.
    pub duel: &'static str,
}

impl Registered {
    const fn of<R: Ruleset>(coverage: &'static str, duel: &'static str) -> Registered {
        Registered {
            id: R::ID,
            name: R::NAME,
            coverage,
            duel,
        }
    }
}

/// A system of the mission that this binary cannot play yet.
pub struct Planned {
    /// The id its scenario files will use.
    pub id: &'static str,
    /// A human name.
    pub name: &'static str,
}

/// The registry: `"id" => Type` per ruleset. It defines [`REGISTERED`] and
/// the [`with_ruleset!`] dispatch macro (the `$d` argument is a literal `$`,
/// so the inner macro can declare its own metavariables).
macro_rules! rulesets {
    ($($id:literal => $krate:ident :: $name:ident),+ $(,)?) => {
        $(
            /// A registered ruleset's crate, re-exported so that
            /// [`with_ruleset!`] resolves it from any crate.
            #[doc(hidden)]
            pub use $krate;
        )+
        rulesets!(@define ($) $($id => $crate::registry::$krate::$name),+);
    };
    (@define ($d:tt) $($id:literal => $ty:ty),+) => {
        /// Every ruleset this binary plays, in registry order.
        pub const REGISTERED: &[Registered] = &[$(
            Registered::of::<$ty>(
                include_str!(concat!("../../../docs/rules/", $id, ".md")),
                include_str!(concat!("../../../scenarios/", $id, "/duel.toml")),
            )
        ),+];

        /// The registry's ids are the rulesets' own (checked at compile time).
        const _: () = {$(
            assert!(
                $crate::registry::same($id, <$ty as fray_core::Fight>::ID),
                concat!("the registry id `", $id, "` is not the ruleset's ID")
            );
        )+};

        /// Runs `$body` with `$R` bound to the ruleset type whose id is
        /// `$key`, or evaluates `$otherwise` with the id bound to `$other`
        /// when no registered ruleset has it.
        #[macro_export]
        macro_rules! with_ruleset {
            ($d key:expr, $d R:ident => $d body:expr, $d other:ident => $d otherwise:expr) => {{
                let key: &str = $d key;
                $(
                    if key == <$ty as $crate::fray_core::Fight>::ID {
                        type $d R = $ty;
                        let () = <$ty as $crate::fray_core::Fight>::DECLARATIONS_FIT;
                        $d body
                    } else
                )+
                {
                    let $d other = key;
                    $d otherwise
                }
            }};
        }
    };
}

// The one line per ruleset.
rulesets! {
    "gurps" => fray_gurps::Gurps,
    "dragonquest" => fray_dragonquest::DragonQuest,
    "d20-3d6" => fray_d20_3d6::D20,
    "margin-3d6" => fray_margin_3d6::Margin,
}

/// The systems of the mission not yet implemented, shown by `fray systems`
/// as planned (an id that is also registered is shown as playable only).
pub const PLANNED: [Planned; 3] = [
    Planned {
        id: "dragonquest",
        name: "SPI DragonQuest 2nd edition",
    },
    Planned {
        id: "d20-3d6",
        name: "d20 family, exploding 3d6, 3 actions a round",
    },
    Planned {
        id: "margin-3d6",
        name: "3d6 roll-under, damage scaled by margin",
    },
];

/// The planned systems that are not registered yet.
pub fn planned() -> impl Iterator<Item = &'static Planned> {
    PLANNED
        .iter()
        .filter(|p| !REGISTERED.iter().any(|r| r.id == p.id))
}

/// String equality in a const context (for the registry's id check).
pub const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// A ruleset id that cannot be played, as an error at the `ruleset` key of
/// `file` (its line and column).
pub fn unsupported_in(
    file: &fray_core::scenario::SourceFile,
    id: &str,
) -> fray_core::scenario::FileError {
    file.setup_error(&fray_core::SetupError::new("ruleset", unsupported(id)))
}

/// Why a ruleset id cannot be played.
pub fn unsupported(id: &str) -> String {
    match planned().find(|s| s.id == id) {
        Some(s) => format!("the ruleset `{id}` ({}) is not implemented yet", s.name),
        None => {
            let ids: Vec<&str> = REGISTERED
                .iter()
                .map(|r| r.id)
                .chain(planned().map(|p| p.id))
                .collect();
            format!("unknown ruleset `{id}`: expected one of {}", ids.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_core::Fight;

    #[test]
    fn every_registered_ruleset_dispatches_to_itself() {
        for r in REGISTERED {
            let id = with_ruleset!(r.id, R => R::ID, other => panic!("{other} does not dispatch"));
            assert_eq!(id, r.id);
        }
        let other = with_ruleset!("chess", R => R::ID, other => other);
        assert_eq!(other, "chess");
    }

    #[test]
    fn const_string_equality() {
        assert!(same("gurps", "gurps"));
        assert!(!same("gurps", "gurp") && !same("gurps", "gurpz"));
    }

    #[test]
    fn unsupported_ids_say_planned_or_unknown() {
        if let Some(p) = planned().next() {
            assert!(unsupported(p.id).contains("not implemented yet"));
        }
        let unknown = unsupported("chess");
        assert!(unknown.contains("unknown ruleset `chess`") && unknown.contains("gurps"));
    }
}
