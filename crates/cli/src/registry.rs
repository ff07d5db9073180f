//! The rulesets this binary knows, and dispatch by ruleset id.
//!
//! The core stays ignorant of rulesets (DESIGN.md invariant 3); this list
//! is where they meet. Commands are generic over `Ruleset` and monomorphized
//! per ruleset through [`with_ruleset!`].

/// One combat system, implemented or planned.
pub struct System {
    /// The id scenario files use.
    pub id: &'static str,
    /// A human name.
    pub name: &'static str,
    /// Whether this binary can play it yet.
    pub implemented: bool,
    /// Its coverage document (`docs/rules/<id>.md`), compiled in.
    pub coverage: Option<&'static str>,
}

/// Every system of the mission, in the order of `rules/`.
pub const SYSTEMS: [System; 4] = [
    System {
        id: "gurps",
        name: "GURPS 4th edition / Dungeon Fantasy",
        implemented: true,
        coverage: Some(include_str!("../../../docs/rules/gurps.md")),
    },
    System {
        id: "dragonquest",
        name: "SPI DragonQuest 2nd edition",
        implemented: false,
        coverage: None,
    },
    System {
        id: "d20-3d6",
        name: "d20 family, exploding 3d6, 3 actions a round",
        implemented: false,
        coverage: None,
    },
    System {
        id: "margin-3d6",
        name: "3d6 roll-under, damage scaled by margin",
        implemented: false,
        coverage: None,
    },
];

/// Why a ruleset id cannot be played.
pub fn unsupported(id: &str) -> String {
    match SYSTEMS.iter().find(|s| s.id == id) {
        Some(s) => format!("the ruleset `{id}` ({}) is not implemented yet", s.name),
        None => {
            let ids: Vec<&str> = SYSTEMS.iter().map(|s| s.id).collect();
            format!("unknown ruleset `{id}`: expected one of {}", ids.join(", "))
        }
    }
}

/// Runs `$body` with `$R` bound to the ruleset type named by `$id`, or
/// evaluates `$otherwise` with the id when no ruleset matches.
macro_rules! with_ruleset {
    ($id:expr, $R:ident => $body:expr, $other:ident => $otherwise:expr) => {
        match $id {
            "gurps" => {
                type $R = fray_gurps::Gurps;
                $body
            }
            $other => $otherwise,
        }
    };
}
pub(crate) use with_ruleset;
