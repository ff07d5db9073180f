//! Seats at a table and who decides what.
//!
//! A table has one game master's seat, any number of players' seats (each
//! plays the figures the GM gives it) and watchers, who only read. Who may
//! give an input is decided here, once, for every front end:
//!
//! * the GM's seat may give anything: any figure's action, answer and
//!   dice, overrides, dice settings, the seats, undo, redo, the end;
//! * a player's seat gives the actions, answers and dice of its own
//!   figures, and may take back its own last input of the step in progress;
//! * a watcher gives nothing.
//!
//! Whose a decision is follows the [`SeatPlan`] first (a figure given to a
//! player is that seat's, whatever its scenario controller), then the
//! scenario's controllers: a `human` figure, side or GM is the GM seat's,
//! an AI's is the AI's.

use fray_core::{Addressee, CombatantId, Controller, NpcView, PlayerSeat, Ruleset};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat at the table.
#[derive(
    Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Seat {
    /// The game master: sees and may do everything.
    Gm,
    /// A player's seat, by name: plays the figures the plan gives it.
    Player(String),
    /// Reads what players read, gives nothing.
    Watcher,
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Gm => f.write_str("the game master"),
            Seat::Player(name) => write!(f, "{name}"),
            Seat::Watcher => f.write_str("a watcher"),
        }
    }
}

/// The players' seats and what they see: the scenario's `[controllers]`
/// `players` and `npcs` at the start, changed by the GM during play
/// ([`crate::Entry::Seats`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatPlan {
    /// The players' seats, each with the figures it plays.
    #[serde(default)]
    pub players: Vec<PlayerSeat>,
    /// What players see of the figures no player plays.
    #[serde(default)]
    pub npcs: NpcView,
}

impl SeatPlan {
    /// The plan a scenario sets.
    pub fn of<R: Ruleset>(state: &R::State) -> Self {
        let seats = R::seats(state);
        SeatPlan {
            players: seats.players.clone(),
            npcs: seats.npcs,
        }
    }

    /// The player's seat that plays the figure named `name`, if any.
    pub fn player_of(&self, name: &str) -> Option<&str> {
        self.players
            .iter()
            .find(|p| p.figures.iter().any(|f| f == name))
            .map(|p| p.name.as_str())
    }

    /// Whether a player's seat of this name is in the plan.
    pub fn has_player(&self, name: &str) -> bool {
        self.players.iter().any(|p| p.name == name)
    }

    /// Whether `seat` reads the fight from behind the screen: any seat but
    /// the GM's (secret rolls withheld; hidden figures' sheets and pools
    /// left out under [`NpcView::Hidden`]).
    pub fn screened(&self, seat: &Seat) -> bool {
        *seat != Seat::Gm
    }

    /// Whether the figure named `name` is hidden from `seat`: under
    /// [`NpcView::Hidden`], every figure no player plays, for every seat but
    /// the GM's.
    pub fn hides(&self, seat: &Seat, name: &str) -> bool {
        self.npcs == NpcView::Hidden && self.screened(seat) && self.player_of(name).is_none()
    }

    /// The plan checked against the fight's figures: seat names clean and
    /// unique, every figure named once and present.
    pub fn check(&self, figures: &[String]) -> Result<(), String> {
        for (i, seat) in self.players.iter().enumerate() {
            fray_core::controller::check_seat_name(&seat.name)?;
            if self.players[..i].iter().any(|p| p.name == seat.name) {
                return Err(format!("two seats are named `{}`", seat.name));
            }
            for (k, figure) in seat.figures.iter().enumerate() {
                if !figures.contains(figure) {
                    return Err(format!("no combatant is named `{figure}`"));
                }
                let twice = self.players[..i].iter().any(|p| p.figures.contains(figure))
                    || seat.figures[..k].contains(figure);
                if twice {
                    return Err(format!("`{figure}` is given to two seats"));
                }
            }
        }
        Ok(())
    }
}

/// Who decides one thing: a person at a seat, the AI, or a script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Control {
    /// A person at this seat (the GM's or a player's).
    Person(Seat),
    /// The ruleset's AI.
    Ai,
    /// An input script: nobody at the table answers for it.
    Script,
}

impl Control {
    /// Whether a person decides.
    pub fn is_person(&self) -> bool {
        matches!(self, Control::Person(_))
    }

    /// The control a scenario's controller gives: a person is the GM seat.
    fn of_controller(c: &Controller) -> Control {
        match c {
            Controller::Human => Control::Person(Seat::Gm),
            Controller::Ai(_) => Control::Ai,
            Controller::Script => Control::Script,
        }
    }
}

/// Who decides for `who` in `state` under `plan`.
pub fn control<R: Ruleset>(state: &R::State, plan: &SeatPlan, who: Addressee) -> Control {
    match who {
        Addressee::Combatant(id) => figure_control::<R>(state, plan, id),
        Addressee::Side(side) => match R::seats(state).side(side) {
            // A person for a side is the seat of its leader when a player
            // plays the leader, else the GM's.
            Some(Controller::Human) => match R::leader(state, side) {
                Some(leader) => match figure_control::<R>(state, plan, leader) {
                    Control::Person(seat) => Control::Person(seat),
                    _ => Control::Person(Seat::Gm),
                },
                None => Control::Person(Seat::Gm),
            },
            Some(c) => Control::of_controller(c),
            None => match R::leader(state, side) {
                Some(leader) => figure_control::<R>(state, plan, leader),
                None => Control::of_controller(&R::seats(state).gm),
            },
        },
        Addressee::GameMaster => Control::of_controller(&R::seats(state).gm),
    }
}

/// Who decides for the figure `id`: the player's seat the plan gives it
/// to, else its scenario controller.
pub fn figure_control<R: Ruleset>(state: &R::State, plan: &SeatPlan, id: CombatantId) -> Control {
    match plan.player_of(R::name(state, id)) {
        Some(player) => Control::Person(Seat::Player(player.to_string())),
        None => Control::of_controller(R::controller(state, id)),
    }
}

/// The seat that rolls for `roller` (`None`: the game master) when the
/// roll is made by hand: the figure's person, else the GM (a roll the GM
/// takes over with a dice setting, `dice Orcs hand`).
pub fn roller_seat<R: Ruleset>(
    state: &R::State,
    plan: &SeatPlan,
    roller: Option<CombatantId>,
) -> Seat {
    match roller.map(|id| figure_control::<R>(state, plan, id)) {
        Some(Control::Person(seat)) => seat,
        _ => Seat::Gm,
    }
}

/// The seat that answers for `who`: its person, else the GM (who answers
/// for the AI and for scripts at the table).
pub fn seat_for<R: Ruleset>(state: &R::State, plan: &SeatPlan, who: Addressee) -> Seat {
    match control::<R>(state, plan, who) {
        Control::Person(seat) => seat,
        _ => Seat::Gm,
    }
}

/// Whether `seat` may give an input wanted from `wanted`: the GM always, a
/// player only its own.
pub fn may_give(seat: &Seat, wanted: &Seat) -> bool {
    match seat {
        Seat::Gm => true,
        Seat::Player(_) => seat == wanted,
        Seat::Watcher => false,
    }
}
