//! The scenario envelope: what every scenario holds, whatever the ruleset,
//! and the checks every ruleset needs.
//!
//! A scenario file has a title, a description, a seed, a round limit, a
//! map, controllers for the sides and the game master, and combatants with
//! a name, a side, a place, a controller and perhaps a leader's flag. A
//! ruleset adds its own fields (sheets, options, surprise...).
//!
//! Each ruleset keeps its own scenario struct, so that serde reads it
//! strictly (`deny_unknown_fields`) with errors pointing at the line; serde's
//! `flatten` would let a shared struct hold the common fields, but it turns
//! off unknown-field errors and loses toml's positions. So the common fields
//! are declared by [`scenario_file!`](crate::scenario_file), which writes
//! them into the ruleset's one flat struct with the [`Envelope`] impl that
//! shows them. Setup calls [`check`], which returns the [`Cast`]: side names
//! and ids in order of first appearance, and the seats.

use crate::controller::{Controller, Seats, SeatsFile};
use crate::ids::{CombatantId, SideId};
use crate::ruleset::SetupError;
use fray_grid::{Cell, Map, MapKind};

/// The common fields of a ruleset's scenario file.
pub trait Envelope {
    /// The `ruleset` key.
    fn ruleset(&self) -> &str;
    /// Rounds before the fight is called a draw.
    fn max_rounds(&self) -> u32;
    /// The battle map.
    fn map(&self) -> &Map;
    /// Who answers for the sides and the game master.
    fn controllers(&self) -> &SeatsFile;
    /// The combatants in file order (ids count from 0 in this order).
    fn placements(&self) -> Vec<Placement<'_>>;
}

/// One combatant as the envelope sees it.
#[derive(Clone, Debug)]
pub struct Placement<'a> {
    /// A unique name.
    pub name: &'a str,
    /// Side name; combatants with the same side fight together.
    pub side: &'a str,
    /// The cells it fills: one for most figures, more for large ones (the
    /// head cell first).
    pub cells: Vec<Cell>,
    /// AI tactics, human or script.
    pub controller: &'a Controller,
    /// Leads its side (initiative, questions for the side).
    pub leader: bool,
}

/// What a ruleset tells [`check`] about itself.
#[derive(Clone, Copy, Debug)]
pub struct Expect<'a> {
    /// The ruleset id (`"gurps"`).
    pub ruleset: &'a str,
    /// The kind of map it fights on.
    pub map: MapKind,
    /// The AI tactics it knows (`ai:<tactics>`).
    pub tactics: &'a [&'a str],
    /// Whether foes may start in one cell (GURPS close combat, G-CC-001).
    /// Friends never may.
    pub foes_share_cells: bool,
}

impl<'a> Expect<'a> {
    /// What ruleset `R` expects: its id, its map kind and tactics, and
    /// foes in separate cells (GURPS sets `foes_share_cells` over it).
    pub fn of<R: crate::Fight>(map: MapKind, tactics: &'a [&'a str]) -> Self {
        Expect {
            ruleset: R::ID,
            map,
            tactics,
            foes_share_cells: false,
        }
    }
}

/// The sides and seats of a checked scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cast {
    /// Side names in order of first appearance: `SideId(k)` is `sides[k]`.
    pub sides: Vec<String>,
    /// Each combatant's side, in file order.
    pub side_of: Vec<SideId>,
    /// Who answers for each side and for the game master.
    pub seats: Seats,
}

/// The figure that leads `side` among `figures` (id, side, leader flag, in
/// id order): the one flagged as leader, else the side's first.
pub fn side_leader(
    side: SideId,
    figures: impl Iterator<Item = (CombatantId, SideId, bool)>,
) -> Option<CombatantId> {
    let mut first = None;
    for (id, _, leader) in figures.filter(|f| f.1 == side) {
        if leader {
            return Some(id);
        }
        first = first.or(Some(id));
    }
    first
}

/// The checks every scenario needs: this ruleset and its kind of map, two to
/// 65535 combatants on at least two sides (at most 256), a round limit of at
/// least one, unique names, known tactics, every cell on the map and
/// passable, no two friends in one cell, at most one leader per side, and
/// controllers only for sides that exist. Errors name the entry
/// (`combatants[2].position`).
pub fn check(scenario: &impl Envelope, expect: Expect<'_>) -> Result<Cast, SetupError> {
    check_header(scenario, expect)?;
    let placements = scenario.placements();
    check_count(&placements)?;
    let mut seen = Seen::default();
    for i in 0..placements.len() {
        check_name(&placements, i, &mut seen)?;
        check_tactics(&placements[i], i, expect.tactics)?;
        check_cells(
            scenario.map(),
            &placements,
            i,
            expect.foes_share_cells,
            &mut seen,
        )?;
    }
    let (sides, side_of) = sides(&placements)?;
    check_leaders(&placements, &sides)?;
    let names: Vec<&str> = placements.iter().map(|p| p.name).collect();
    let seats = scenario.controllers().seats(&sides, &names)?;
    Ok(Cast {
        sides,
        side_of,
        seats,
    })
}

/// The ruleset, map kind and round limit.
fn check_header(scenario: &impl Envelope, expect: Expect<'_>) -> Result<(), SetupError> {
    if scenario.ruleset() != expect.ruleset {
        return Err(SetupError::new(
            "ruleset",
            format!(
                "expected \"{}\", found \"{}\"",
                expect.ruleset,
                scenario.ruleset()
            ),
        ));
    }
    if scenario.map().kind() != expect.map {
        let kind = match expect.map {
            MapKind::Hex => "hex",
            MapKind::Square => "square",
        };
        return Err(SetupError::new(
            "map.kind",
            format!(
                "{} fights on a {kind} map: set kind = \"{kind}\"",
                expect.ruleset
            ),
        ));
    }
    if scenario.max_rounds() == 0 {
        return Err(SetupError::new("max_rounds", "must be at least 1"));
    }
    Ok(())
}

/// Two to 65535 combatants.
fn check_count(placements: &[Placement<'_>]) -> Result<(), SetupError> {
    if placements.len() < 2 {
        return Err(SetupError::new(
            "combatants",
            "a fight needs at least two combatants",
        ));
    }
    if placements.len() > usize::from(u16::MAX) {
        return Err(SetupError::new("combatants", "too many combatants"));
    }
    Ok(())
}

/// The names and the cells of the combatants checked so far, so that each
/// is checked against those before it by a look-up, not a pass over them
/// (a field of 2,000 figures made 4 million comparisons).
#[derive(Default)]
struct Seen<'a> {
    names: std::collections::HashSet<&'a str>,
    /// Who fills each cell, in the order checked.
    cells: std::collections::HashMap<Cell, Vec<usize>>,
}

/// Combatant `i` has a clean name and side ([`crate::text::check_name`])
/// and a name not used before it.
fn check_name<'a>(
    placements: &[Placement<'a>],
    i: usize,
    seen: &mut Seen<'a>,
) -> Result<(), SetupError> {
    let name = placements[i].name;
    for (what, text) in [("name", name), ("side", placements[i].side)] {
        crate::text::check_name(text).map_err(|e| {
            SetupError::new(
                format!("combatants[{i}].{what}"),
                format!("a {what} must be a clean name: {e}"),
            )
        })?;
    }
    if !seen.names.insert(name) {
        return Err(SetupError::new(
            format!("combatants[{i}].name"),
            format!("the name `{name}` is used twice"),
        ));
    }
    Ok(())
}

/// An AI controller names tactics the ruleset knows.
fn check_tactics(p: &Placement<'_>, i: usize, known: &[&str]) -> Result<(), SetupError> {
    match p.controller.tactics() {
        Some(t) if !known.contains(&t) => Err(SetupError::new(
            format!("combatants[{i}].controller"),
            format!(
                "unknown tactics `{t}`: expected one of {}",
                known.join(", ")
            ),
        )),
        _ => Ok(()),
    }
}

/// Combatant `i` stands on the map, on passable ground, and shares no cell
/// with a friend (nor with a foe unless the ruleset allows it).
fn check_cells(
    map: &Map,
    placements: &[Placement<'_>],
    i: usize,
    foes_share_cells: bool,
    seen: &mut Seen<'_>,
) -> Result<(), SetupError> {
    let p = &placements[i];
    let at = format!("combatants[{i}].position");
    if p.cells.is_empty() {
        return Err(SetupError::new(at, "fills no cell"));
    }
    for &cell in &p.cells {
        if !map.passable(cell) {
            return Err(SetupError::new(
                at,
                format!("{cell} is off the map or impassable"),
            ));
        }
        let before = seen.cells.get(&cell).map_or(&[][..], Vec::as_slice);
        for other in before.iter().map(|&j| &placements[j]) {
            let friend = other.side == p.side;
            if friend || !foes_share_cells {
                let who = if friend { "a friend" } else { "a foe" };
                return Err(SetupError::new(
                    at,
                    format!("{cell} is already taken by {who}, {}", other.name),
                ));
            }
        }
    }
    for &cell in &p.cells {
        seen.cells.entry(cell).or_default().push(i);
    }
    Ok(())
}

/// Side names in order of first appearance, each combatant's side id, and
/// at least two sides.
fn sides(placements: &[Placement<'_>]) -> Result<(Vec<String>, Vec<SideId>), SetupError> {
    let mut sides: Vec<String> = Vec::new();
    let mut side_of = Vec::with_capacity(placements.len());
    for (i, p) in placements.iter().enumerate() {
        let k = match sides.iter().position(|n| n == p.side) {
            Some(k) => k,
            None => {
                sides.push(p.side.to_string());
                sides.len() - 1
            }
        };
        let id = u8::try_from(k).map_err(|_| {
            SetupError::new(
                format!("combatants[{i}].side"),
                "too many sides (256 at most)",
            )
        })?;
        side_of.push(SideId(id));
    }
    if sides.len() < 2 {
        return Err(SetupError::new(
            "combatants",
            "everyone is on one side: a fight needs two sides",
        ));
    }
    Ok((sides, side_of))
}

/// At most one leader per side; the error points at the second.
fn check_leaders(placements: &[Placement<'_>], sides: &[String]) -> Result<(), SetupError> {
    for side in sides {
        let leaders: Vec<usize> = placements
            .iter()
            .enumerate()
            .filter(|(_, p)| p.leader && p.side == side)
            .map(|(i, _)| i)
            .collect();
        if let [_, second, ..] = leaders[..] {
            return Err(SetupError::new(
                format!("combatants[{second}].leader"),
                format!("side `{side}` has {} leaders; give it one", leaders.len()),
            ));
        }
    }
    Ok(())
}
