//! A late arrival (a game master's `join`), the steps every ruleset takes
//! alike before building the figure from its template: the controller it
//! takes, the way it faces, and a build error as a refusal. The scenario
//! entry it is built from is `Combatant::from_template`
//! ([`crate::scenario_file!`]).

use super::Refusal;
use crate::controller::Controller;
use crate::grid::{Facing, HexPos};
use crate::ids::SideId;
use std::fmt::Display;

/// A late arrival as the game master's `join` names it, once checked: a
/// new name, a known side, its head cell on the map (`P`, the ruleset's
/// position), and the template it is built from.
#[derive(Clone, Copy, Debug)]
pub struct Arrival<'a, P> {
    /// Its name, not yet used in the fight.
    pub name: &'a str,
    /// The template's id, as the game master typed it.
    pub template: &'a str,
    /// Its side.
    pub side: SideId,
    /// Its head cell.
    pub at: P,
}

impl<'a, P> Arrival<'a, P> {
    /// `name` (checked new) of `side`, from `template`, at `at`.
    pub fn new(name: &'a str, template: &'a str, side: SideId, at: P) -> Self {
        Arrival {
            name,
            template,
            side,
            at,
        }
    }
}

/// The controller of `side`'s first figure in `figures` (each figure's
/// side and controller, in id order), so a player's reinforcement is the
/// player's; the default controller when the side has none left.
pub fn side_controller<'a>(
    figures: impl IntoIterator<Item = (SideId, &'a Controller)>,
    side: SideId,
) -> Controller {
    figures
        .into_iter()
        .find(|&(s, _)| s == side)
        .map_or_else(Controller::default, |(_, c)| c.clone())
}

/// The way a figure standing at `at` faces: toward the nearest figure of
/// another side than `side` (`figures`: each figure's side and hex, in id
/// order; the first of equals), else the default facing.
pub fn facing_nearest_foe(
    at: HexPos,
    figures: impl IntoIterator<Item = (SideId, HexPos)>,
    side: SideId,
) -> Facing {
    figures
        .into_iter()
        .filter(|&(s, _)| s != side)
        .min_by_key(|&(_, pos)| at.distance(pos))
        .and_then(|(_, pos)| at.facing_toward(pos))
        .unwrap_or_default()
}

/// A figure built from `template`, or the build's error (the field at
/// fault, written after `prefix`, and why) as [`Refusal::BadTemplate`].
pub fn built<T, F: Display, W: Display>(
    built: Result<T, (F, W)>,
    template: &str,
    prefix: &str,
) -> Result<T, Refusal> {
    built.map_err(|(field, why)| Refusal::BadTemplate {
        template: template.to_string(),
        why: format!("{prefix}{field}: {why}"),
    })
}
