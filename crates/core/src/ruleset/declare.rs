//! The lines every ruleset crate would otherwise write alike, in `lib.rs`:
//! the marker type with its id and `Flow` alias ([`crate::ruleset_marker!`]),
//! the associated types of [`super::Fight`] ([`crate::fight_types!`]) and
//! the plain readings of a state that keeps its figures in a list
//! ([`crate::fight_reading!`]), and the methods of [`super::Engine`] that
//! only hand their arguments on ([`crate::engine_forwarding!`]); in
//! `table.rs`, the words of a menu ([`crate::menu_words!`]). Each crate
//! still names its own types, fields and functions; only the shape is
//! written once.

/// Declares a ruleset's marker type (all state lives in the ruleset's
/// `State`), its id usable in const contexts (`ID_STR`) and the `Flow`
/// alias its resolution functions return.
///
/// ```ignore
/// fray_core::ruleset_marker! {
///     /// The GURPS ruleset (a marker type; all state lives in [`State`]).
///     pub struct Gurps = "gurps", flow Flow;
/// }
/// ```
#[macro_export]
macro_rules! ruleset_marker {
    ($(#[$meta:meta])* $vis:vis struct $name:ident = $id:literal, flow $flow:ident;) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        $vis struct $name;

        impl $name {
            /// The ruleset id, usable in const contexts.
            pub const ID_STR: &'static str = $id;
        }

        /// What the ruleset's resolution functions return: a value, or why
        /// the step halted.
        $vis type $flow<T> = $crate::Flow<T, $name>;
    };
}

/// The id (the marker's `ID_STR`, [`crate::ruleset_marker!`]) and the
/// associated types of a [`crate::Fight`] impl, in the trait's order:
/// scenario, state, action, question, answer, event.
#[macro_export]
macro_rules! fight_types {
    ($scenario:ty, $state:ty, $action:ty, $question:ty, $answer:ty, $event:ty $(,)?) => {
        const ID: &'static str = Self::ID_STR;
        type Scenario = $scenario;
        type State = $state;
        type Action = $action;
        type Question = $question;
        type Answer = $answer;
        type Event = $event;
    };
}

/// The readings of a [`crate::Fight`] impl whose state keeps its figures in
/// a list (`figures`, read one at a time by `figure(id)`, each with its
/// `name`, `side`, `leader` flag and, unless `controllers` names a list
/// of its own, `controller`), its seats in `seats`, its sides' names in
/// `sides` and its round counter in `round`: `controller`, `seats`,
/// `name`, `side`, `side_names`, `combatants`, `round` and `leader`.
/// The leader is the figure marked `leader`, else the side's first
/// (`envelope::side_leader`), unless `leader` names a function of the
/// state and the side.
///
/// ```ignore
/// impl Fight for Gurps {
///     fray_core::fight_types! { model::scenario::Scenario, State, Action, Question, Answer, Event }
///     fray_core::fight_reading! { figures: fighters, figure: fighter, round: round,
///         controllers: in_figure, leader: marked }
/// }
/// ```
#[macro_export]
macro_rules! fight_reading {
    (
        figures: $list:ident, figure: $one:ident, round: $round:ident,
        controllers: $ctl:ident, $(#[$lmeta:meta])* leader: $($leader:ident)::+ $(,)?
    ) => {
        fn seats(state: &Self::State) -> &$crate::Seats {
            &state.seats
        }
        fn name(state: &Self::State, who: $crate::CombatantId) -> &str {
            &state.$one(who).name
        }
        fn side(state: &Self::State, who: $crate::CombatantId) -> $crate::SideId {
            state.$one(who).side
        }
        fn side_names(state: &Self::State) -> &[String] {
            &state.sides
        }
        fn combatants(state: &Self::State) -> usize {
            state.$list.len()
        }
        fn round(state: &Self::State) -> u32 {
            state.$round
        }
        $crate::fight_reading!(@controller $one $ctl);
        $crate::fight_reading!(@leader $one [$(#[$lmeta])*] $($leader)::+);
    };
    (@controller $one:ident in_figure) => {
        fn controller(state: &Self::State, who: $crate::CombatantId) -> &$crate::Controller {
            &state.$one(who).controller
        }
    };
    (@controller $one:ident $list:ident) => {
        fn controller(state: &Self::State, who: $crate::CombatantId) -> &$crate::Controller {
            &state.$list[who.index()]
        }
    };
    (@leader $one:ident [$(#[$lmeta:meta])*] marked) => {
        $(#[$lmeta])*
        fn leader(state: &Self::State, side: $crate::SideId) -> Option<$crate::CombatantId> {
            let flags = state.ids().map(|id| {
                let f = state.$one(id);
                (id, f.side, f.leader)
            });
            $crate::envelope::side_leader(side, flags)
        }
    };
    (@leader $one:ident [$(#[$lmeta:meta])*] $($leader:ident)::+) => {
        $(#[$lmeta])*
        fn leader(state: &Self::State, side: $crate::SideId) -> Option<$crate::CombatantId> {
            $($leader)::+(state, side)
        }
    };
}

/// The methods of an [`crate::Engine`] impl that only hand their arguments
/// to a function of the ruleset's own, named item by item: `next`,
/// `pass_turn`, `legal_actions`, `check_action`, `resolve`, `ai_action`,
/// `ai_answer`. `next` and `resolve` may be `checked`: debug builds then
/// assert after the step that every figure that moved went through the
/// state's occupancy index (`State::occupancy_in_step`).
///
/// ```ignore
/// impl Engine for Margin {
///     fray_core::engine_forwarding! {
///         next checked: resolve::turn::next, legal_actions: legal::actions,
///         check_action: rules::maneuver::check, resolve checked: resolve::maneuver::resolve,
///         ai_action: ai::remembered, ai_answer: ai::answer,
///     }
/// }
/// ```
#[macro_export]
macro_rules! engine_forwarding {
    ($($item:ident $($checked:ident)?: $($path:ident)::+),* $(,)?) => {
        $( $crate::engine_forwarding!(@$item [$($checked)?] $($path)::+); )*
    };
    (@next [$($checked:ident)?] $($f:ident)::+) => {
        fn next(
            state: &mut Self::State,
            cx: &mut impl $crate::Cx<Self>,
        ) -> $crate::Flow<$crate::Next, Self> {
            let next = $($f)::+(state, cx);
            $crate::engine_forwarding!(@check [$($checked)?] state, "after `next`");
            next
        }
    };
    (@check [] $state:ident, $when:literal) => {};
    (@check [checked] $state:ident, $when:literal) => {
        debug_assert!($state.occupancy_in_step(), concat!("the occupancy index ", $when));
    };
    (@pass_turn [] $($f:ident)::+) => {
        fn pass_turn(state: &mut Self::State, actor: $crate::CombatantId) {
            $($f)::+(state, actor)
        }
    };
    (@legal_actions [] $($f:ident)::+) => {
        fn legal_actions(state: &Self::State, actor: $crate::CombatantId) -> Vec<Self::Action> {
            $($f)::+(state, actor)
        }
    };
    (@check_action [] $($f:ident)::+) => {
        fn check_action(
            state: &Self::State,
            actor: $crate::CombatantId,
            action: &Self::Action,
        ) -> Result<(), $crate::Illegal> {
            $($f)::+(state, actor, action)
        }
    };
    (@resolve [$($checked:ident)?] $($f:ident)::+) => {
        fn resolve(
            state: &mut Self::State,
            actor: $crate::CombatantId,
            action: &Self::Action,
            cx: &mut impl $crate::Cx<Self>,
        ) -> $crate::Flow<(), Self> {
            let done = $($f)::+(state, actor, action, cx);
            $crate::engine_forwarding!(@check [$($checked)?] state, "after an action");
            done
        }
    };
    (@ai_action [] $($f:ident)::+) => {
        fn ai_action(state: &Self::State, actor: $crate::CombatantId) -> Self::Action {
            $($f)::+(state, actor)
        }
    };
    (@ai_answer [] $($f:ident)::+) => {
        fn ai_answer(state: &Self::State, question: &Self::Question) -> Self::Answer {
            $($f)::+(state, question)
        }
    };
}

/// The words of one actor's menu at the table (`TableView`): a struct
/// holding the state, the actor and the map's cell names
/// ([`crate::view::CellNames`], from the state's `map`), with `new` and
/// `who` (a figure's name from the state's list `figures`, its id for one
/// not there). The ruleset writes its other naming methods on it.
///
/// ```ignore
/// fray_core::menu_words! {
///     /// Words of one actor's menu.
///     struct Words for State, figures: fighters;
/// }
/// ```
#[macro_export]
macro_rules! menu_words {
    ($(#[$meta:meta])* struct $name:ident for $state:ty, figures: $list:ident;) => {
        $(#[$meta])*
        struct $name<'a> {
            state: &'a $state,
            actor: $crate::CombatantId,
            names: $crate::view::CellNames,
        }

        impl<'a> $name<'a> {
            fn new(state: &'a $state, actor: $crate::CombatantId) -> Self {
                $name {
                    state,
                    actor,
                    names: $crate::view::CellNames::of_map(&state.map),
                }
            }

            /// A figure's name, or its id when the state has no such figure.
            fn who(&self, id: $crate::CombatantId) -> String {
                self.state
                    .$list
                    .get(id.index())
                    .map_or_else(|| id.to_string(), |f| f.name.to_string())
            }
        }
    };
}
