//! Game-master overrides: changes a GM makes to a fight by fiat, outside
//! the rules (damage and healing, a pool set, a condition added or removed,
//! a late arrival, a figure taken off, a turn delayed, the fight ended).
//!
//! An [`Override`] is plain data in the ruleset's words (names, pool labels,
//! condition words), so a session log and a saved game keep it as it was
//! typed, and a replay applies it again with [`crate::GmPowers::apply_override`].
//! A ruleset that cannot do one refuses it with a typed [`Refusal`]; the
//! default refuses all of them ([`Refusal::Unsupported`]).

pub mod arrival;

pub use arrival::{Arrival, built, facing_nearest_foe, side_controller};

use crate::grid::{Cell, Map};
use crate::ids::{CombatantId, SideId};
use crate::ruleset::{Fight, Illegal};
use serde::{Deserialize, Serialize};

/// One change the game master makes by fiat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Override {
    /// Injury taken outside the rules, off the vital pool (HP, EN).
    Damage {
        /// The figure's name.
        who: String,
        /// Points of injury (positive).
        amount: i32,
    },
    /// Healing outside the rules, onto the vital pool, up to its maximum.
    Heal {
        /// The figure's name.
        who: String,
        /// Points healed (positive).
        amount: i32,
    },
    /// A pool set to a value, by the ruleset's label (`HP`, `FP`, `EN`, `FT`).
    SetPool {
        /// The figure's name.
        who: String,
        /// The pool's label (any case).
        pool: String,
        /// The new value.
        value: i32,
    },
    /// A condition added, in the ruleset's words (`stunned`, `kneeling`).
    AddCondition {
        /// The figure's name.
        who: String,
        /// The condition.
        condition: String,
    },
    /// A condition removed.
    RemoveCondition {
        /// The figure's name.
        who: String,
        /// The condition.
        condition: String,
    },
    /// A late arrival built from a template of the ruleset's bestiary.
    AddCombatant {
        /// Its name (new in the fight).
        name: String,
        /// The template.
        template: String,
        /// Its side (an existing side's name).
        side: String,
        /// Where it enters: `(q, r)` on hexes, `(x, y)` on squares.
        cell: [i32; 2],
    },
    /// A figure taken off the field (fled, called away).
    RemoveCombatant {
        /// The figure's name.
        who: String,
    },
    /// A figure acts later: after the next figure in the order.
    Delay {
        /// The figure's name.
        who: String,
    },
    /// The game master ends the fight, naming the winning side or none.
    /// Sessions apply it themselves ([`crate::EndReason::Called`]); rulesets never see it.
    EndFight {
        /// The winning side's name, if any.
        winner: Option<String>,
    },
}

impl Override {
    /// The kind of override in words, for messages (`damage`, `set pool`).
    pub fn kind(&self) -> &'static str {
        match self {
            Override::Damage { .. } => "damage",
            Override::Heal { .. } => "healing",
            Override::SetPool { .. } => "set pool",
            Override::AddCondition { .. } => "add condition",
            Override::RemoveCondition { .. } => "remove condition",
            Override::AddCombatant { .. } => "add combatant",
            Override::RemoveCombatant { .. } => "remove combatant",
            Override::Delay { .. } => "delay",
            Override::EndFight { .. } => "end fight",
        }
    }

    /// The figure it is about, if one.
    pub fn who(&self) -> Option<&str> {
        match self {
            Override::Damage { who, .. }
            | Override::Heal { who, .. }
            | Override::SetPool { who, .. }
            | Override::AddCondition { who, .. }
            | Override::RemoveCondition { who, .. }
            | Override::RemoveCombatant { who }
            | Override::Delay { who } => Some(who),
            Override::AddCombatant { .. } | Override::EndFight { .. } => None,
        }
    }
}

/// Why an override was refused. Code tells them apart by variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The ruleset cannot apply this kind of override.
    #[error("{ruleset} cannot apply a {kind} override yet")]
    Unsupported {
        /// The ruleset id.
        ruleset: &'static str,
        /// [`Override::kind`].
        kind: &'static str,
    },
    /// No figure has that name.
    #[error("no combatant is named `{0}`")]
    UnknownCombatant(String),
    /// The ruleset has no pool with that label.
    #[error("no pool `{pool}` (pools: {known})")]
    UnknownPool {
        /// What was asked.
        pool: String,
        /// The ruleset's pool labels.
        known: String,
    },
    /// The ruleset has no such condition it can set or clear.
    #[error("no condition `{condition}` can be changed (conditions: {known})")]
    UnknownCondition {
        /// What was asked.
        condition: String,
        /// The conditions that can be changed.
        known: String,
    },
    /// No side has that name.
    #[error("no side is named `{0}`")]
    UnknownSide(String),
    /// An amount that makes no sense (negative damage).
    #[error("{0}")]
    BadAmount(String),
    /// The ruleset's data (bundled and the scenario's folders) has no such template.
    #[error("no template `{template}` (templates: {known})")]
    UnknownTemplate {
        /// What was asked.
        template: String,
        /// The templates known.
        known: String,
    },
    /// The template is there but does not make a figure (a weapon it names is missing).
    #[error("template `{template}` does not make a figure: {why}")]
    BadTemplate {
        /// The template.
        template: String,
        /// Why, with the field at fault.
        why: String,
    },
    /// A name that is not clean text (an escape code, an invisible mark,
    /// too long: [`crate::text::check_name`]).
    #[error("{0}")]
    BadName(String),
    /// A late arrival's name is empty or already in the fight (names are
    /// unique, ignoring case, since commands find figures by name).
    #[error("the name `{0}` is taken or empty: give the newcomer a name of its own")]
    NameTaken(String),
    /// A cell that is not on the map.
    #[error("cell ({}, {}) is off the map", cell[0], cell[1])]
    OffMap {
        /// The cell asked for.
        cell: [i32; 2],
    },
    /// A cell a figure already fills.
    #[error("cell ({}, {}) is taken by {by}", cell[0], cell[1])]
    CellTaken {
        /// The cell asked for.
        cell: [i32; 2],
        /// Who stands there.
        by: String,
    },
    /// A cell whose terrain no one can enter (a wall, deep water).
    #[error("cell ({}, {}) cannot be entered", cell[0], cell[1])]
    CellBlocked {
        /// The cell asked for.
        cell: [i32; 2],
    },
    /// The rules or the map forbid it now (a cell taken, nobody to delay after).
    #[error("{0}")]
    Illegal(Illegal),
}

/// The most points an override may take off or put on a pool, and the
/// farthest from zero a pool may be set or brought down by overrides: far
/// beyond any figure of the four systems (a dragon's HP), and far enough
/// from `i32`'s ends that the rules' own arithmetic on a pool (injury,
/// multiples of HP) can never wrap after a GM typed a huge number.
pub const MAX_OVERRIDE: i32 = 1_000_000;

/// An override's amount of points: refused unless `0..=`[`MAX_OVERRIDE`].
pub fn checked_amount(who: &str, amount: i32) -> Result<i32, Refusal> {
    if !(0..=MAX_OVERRIDE).contains(&amount) {
        return Err(Refusal::BadAmount(format!(
            "{who}: give 0 to {MAX_OVERRIDE} points, not {amount}"
        )));
    }
    Ok(amount)
}

/// A pool value set by an override: refused unless from
/// `-`[`MAX_OVERRIDE`] to the pool's maximum.
pub fn checked_value(label: &str, who: &str, value: i32, max: i32) -> Result<i32, Refusal> {
    if value > max || value < -MAX_OVERRIDE {
        return Err(Refusal::BadAmount(format!(
            "{label} of {who} may be set from {} to {max}, not {value}",
            -MAX_OVERRIDE
        )));
    }
    Ok(value)
}

/// `now` lowered by `amount` points of damage, never below
/// `-`[`MAX_OVERRIDE`] (nor below where it already was).
pub fn lowered(now: i32, amount: i32) -> i32 {
    now.saturating_sub(amount).max(now.min(-MAX_OVERRIDE))
}

/// `now` raised by `amount` points of healing, up to `max` (a pool above
/// its maximum stays where it is).
pub fn raised(now: i32, amount: i32, max: i32) -> i32 {
    now.saturating_add(amount).min(max).max(now)
}

/// The figure named `name` (exactly, then ignoring case).
pub fn combatant_named<R: Fight>(state: &R::State, name: &str) -> Result<CombatantId, Refusal> {
    let roster = R::roster(state);
    roster
        .iter()
        .find(|c| c.name == name)
        .or_else(|| roster.iter().find(|c| c.name.eq_ignore_ascii_case(name)))
        .map(|c| c.id)
        .ok_or_else(|| Refusal::UnknownCombatant(name.to_string()))
}

/// A late arrival's name, trimmed: refused when empty or when a figure
/// already has it (ignoring case).
pub fn new_name<R: Fight>(state: &R::State, name: &str) -> Result<String, Refusal> {
    let name = name.trim();
    if !name.is_empty()
        && let Err(e) = crate::text::check_name(name)
    {
        return Err(Refusal::BadName(format!("the newcomer's name: {e}")));
    }
    if name.is_empty()
        || R::roster(state)
            .iter()
            .any(|c| c.name.eq_ignore_ascii_case(name))
    {
        return Err(Refusal::NameTaken(name.to_string()));
    }
    Ok(name.to_string())
}

/// The side named `name` (exactly, then ignoring case) among `sides`, the
/// scenario's side names in order.
pub fn side_named(sides: &[String], name: &str) -> Result<SideId, Refusal> {
    sides
        .iter()
        .position(|s| s == name)
        .or_else(|| sides.iter().position(|s| s.eq_ignore_ascii_case(name)))
        .and_then(|i| u8::try_from(i).ok())
        .map(SideId)
        .ok_or_else(|| Refusal::UnknownSide(name.to_string()))
}

/// Whether a late arrival may stand on `cell` of `map`: on the map and
/// enterable (who else stands there is the ruleset's to check).
pub fn open_cell(map: &Map, cell: [i32; 2], pos: impl Into<Cell>) -> Result<(), Refusal> {
    let pos = pos.into();
    if !map.contains(pos) {
        return Err(Refusal::OffMap { cell });
    }
    if !map.passable(pos) {
        return Err(Refusal::CellBlocked { cell });
    }
    Ok(())
}

/// Where an id points once the figure `removed` is taken out of a list
/// indexed by id: `None` for the removed figure itself, one lower for the
/// figures after it. Rulesets run every id their state holds through it.
pub fn shifted(removed: CombatantId, id: CombatantId) -> Option<CombatantId> {
    use std::cmp::Ordering;
    match id.cmp(&removed) {
        Ordering::Less => Some(id),
        Ordering::Equal => None,
        Ordering::Greater => Some(CombatantId(id.0 - 1)),
    }
}

/// A list of ids (a turn order, a queue) without `removed` and with the
/// later ids shifted down ([`shifted`]).
pub fn shift_all(removed: CombatantId, ids: &mut Vec<CombatantId>) {
    ids.retain(|&id| id != removed);
    for id in ids.iter_mut() {
        *id = shifted(removed, *id).unwrap_or(*id);
    }
}

/// Where `new` goes in a turn order `order` sorted by `key`, highest
/// first: after every figure whose key is at least its own (a late
/// arrival loses ties, having come last), and the cursor moved so the
/// figure acting now stays the one acting. A figure slotted before the
/// cursor first acts next round; after it, this round.
pub fn slot_in<K: Ord>(
    order: &mut Vec<CombatantId>,
    cursor: &mut Option<usize>,
    new: CombatantId,
    key: impl Fn(CombatantId) -> K,
) {
    let k = key(new);
    let at = order
        .iter()
        .position(|&id| key(id) < k)
        .unwrap_or(order.len());
    order.insert(at, new);
    if let Some(c) = cursor
        && at <= *c
    {
        *c += 1;
    }
}

/// A turn order without `removed`, ids shifted ([`shift_all`]), and the
/// cursor (the index of the figure acting now or last) moved so that the
/// next figure to act stays next: when the removed figure was acting or
/// already acted this round, the cursor steps back. When it was first in
/// the order and acting, no index is "before the first": the cursor becomes
/// `None` and this returns `true`, for the ruleset to restart the round at
/// the first figure (GURPS counts the round back by one).
#[must_use]
pub fn shift_order(
    removed: CombatantId,
    order: &mut Vec<CombatantId>,
    cursor: &mut Option<usize>,
) -> bool {
    let mut restart = false;
    if let (Some(at), Some(c)) = (order.iter().position(|&id| id == removed), *cursor)
        && at <= c
    {
        // The figure after the cursor was at `c + 1`; it is at `c` now.
        *cursor = c.checked_sub(1);
        restart = cursor.is_none();
    }
    shift_all(removed, order);
    restart
}

/// Why a figure cannot delay in an order; each ruleset words the refusal
/// with its own rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DelayBlock {
    /// The figure has no place in the order (none made yet, or not in it).
    NotInOrder,
    /// Its turn has come already.
    HasActed,
    /// It acts last already.
    AlreadyLast,
}

/// A delay by fiat: `id` trades places with the figure after it in
/// `order`, provided it is in the order, has not had its turn (`acted`
/// tells, by slot) and is not last. Returns the figure it now acts after.
pub fn delay_in_order(
    order: &mut [CombatantId],
    id: CombatantId,
    acted: impl Fn(usize) -> bool,
) -> Result<CombatantId, DelayBlock> {
    let at = order
        .iter()
        .position(|&o| o == id)
        .ok_or(DelayBlock::NotInOrder)?;
    if acted(at) {
        return Err(DelayBlock::HasActed);
    }
    if at + 1 >= order.len() {
        return Err(DelayBlock::AlreadyLast);
    }
    order.swap(at, at + 1);
    Ok(order[at])
}

/// How a ruleset words a game master's delay: the rule its order follows,
/// why there is no order to delay in, the stretch of play the order covers
/// and how long the new place holds. The steps and sentences are the same
/// in every ruleset; these words are what differ.
#[derive(Clone, Copy, Debug)]
pub struct DelayWords {
    /// The rule that makes the order (`G-EXT-015`).
    pub rule: &'static str,
    /// Why a figure with no place in the order cannot delay; `{who}`
    /// stands for its name.
    pub no_order: &'static str,
    /// The stretch of play the order covers (`this round`).
    pub span: &'static str,
    /// How long the new place holds, as the log says it (`from now on`).
    pub holds: &'static str,
}

impl DelayWords {
    /// `who`'s delay ([`delay_in_order`]): the figure it now acts after, or
    /// the refusal in these words.
    pub fn delay(
        &self,
        order: &mut [CombatantId],
        id: CombatantId,
        who: &str,
        acted: impl Fn(usize) -> bool,
    ) -> Result<CombatantId, Refusal> {
        delay_in_order(order, id, acted).map_err(|block| {
            let why = match block {
                DelayBlock::NotInOrder => self.no_order.replace("{who}", who),
                DelayBlock::HasActed => format!("{who} has acted {} already", self.span),
                DelayBlock::AlreadyLast => format!("{who} acts last {} already", self.span),
            };
            Refusal::Illegal(Illegal::new(self.rule, why))
        })
    }

    /// What the log says: `name` now acts after `after`.
    pub fn said(&self, name: &str, after: &str) -> Vec<String> {
        vec![format!(
            "{name} delays: acts after {after} {} (game master).",
            self.holds
        )]
    }
}

/// The index in [`Fight::POOLS`] of the pool labelled `label` (any case).
pub fn pool_index<R: Fight>(label: &str) -> Result<usize, Refusal> {
    R::POOLS
        .iter()
        .position(|p| p.label.eq_ignore_ascii_case(label) || p.id.eq_ignore_ascii_case(label))
        .ok_or_else(|| Refusal::UnknownPool {
            pool: label.to_string(),
            known: R::POOLS
                .iter()
                .map(|p| p.label)
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// What the log says when a game master sets (`add`) or clears condition
/// `word` on `name`: the same words in every ruleset.
pub fn condition_said(name: &str, word: &str, add: bool) -> Vec<String> {
    let verb = if add { "is now" } else { "is no longer" };
    vec![format!("{name} {verb} {word} (game master).")]
}

/// The refusal of `cell` for a late arrival because `by` stands there.
pub fn cell_taken(cell: [i32; 2], by: &str) -> Refusal {
    Refusal::CellTaken {
        cell,
        by: by.to_string(),
    }
}

/// The id of a figure added to a fight of `count` figures, or the refusal
/// when ids run out.
pub fn next_id(count: usize) -> Result<CombatantId, Refusal> {
    u16::try_from(count)
        .map(CombatantId)
        .map_err(|_| Refusal::Illegal(Illegal::input("the fight holds no more figures")))
}

/// What the log says when a game master brings `name` (built from
/// `template`, with `more` said of it, if anything) onto side `side` at
/// `at`: the same words in every ruleset. A ruleset adds when it acts.
pub fn joined(
    name: &str,
    template: &str,
    more: &str,
    side: &str,
    at: impl std::fmt::Display,
) -> String {
    let more = if more.is_empty() {
        String::new()
    } else {
        format!(", {more}")
    };
    format!("{name} ({template}{more}) joins side {side} at {at} (game master)")
}

/// The refusal of a condition a ruleset cannot set or clear, listing the
/// `known` ones (a ruleset's words, comma-separated).
pub fn unknown_condition(condition: &str, known: &str) -> Refusal {
    Refusal::UnknownCondition {
        condition: condition.to_string(),
        known: known.to_string(),
    }
}

/// A refusal of `ov` as unsupported by `R`: the default of the hook.
pub fn unsupported<R: Fight>(ov: &Override) -> Refusal {
    Refusal::Unsupported {
        ruleset: R::ID,
        kind: ov.kind(),
    }
}

/// Where pool `index` (in [`Fight::POOLS`] order) of a combatant lives in
/// a ruleset's state, and its maximum.
pub type PoolAccess<S> = for<'a> fn(&'a mut S, CombatantId, usize) -> (&'a mut i32, i32);

/// Damage, healing and a pool set, for a ruleset whose pools are plain
/// numbers: damage comes off pool `vital` (HP, EN), healing goes onto it up
/// to its maximum, and any pool may be set up to its maximum. Other
/// overrides are refused as unsupported. What follows from a low pool
/// (unconsciousness, death) is left to the ruleset's own checks.
pub fn apply_to_pools<R: Fight>(
    state: &mut R::State,
    ov: &Override,
    vital: usize,
    pool: PoolAccess<R::State>,
) -> Result<Vec<String>, Refusal> {
    let (who, index) = match ov {
        Override::Damage { amount, who } | Override::Heal { amount, who } => {
            checked_amount(who, *amount)?;
            (who, vital)
        }
        Override::SetPool { who, pool, .. } => (who, pool_index::<R>(pool)?),
        other => return Err(unsupported::<R>(other)),
    };
    let id = combatant_named::<R>(state, who)?;
    let name = R::name(state, id).to_string();
    let label = R::POOLS.get(index).map_or("?", |p| p.label);
    let (slot, max) = pool(state, id, index);
    let before = *slot;
    let after = match ov {
        Override::Damage { amount, .. } => lowered(before, *amount),
        Override::Heal { amount, .. } => raised(before, *amount, max),
        Override::SetPool { value, .. } => checked_value(label, &name, *value, max)?,
        _ => before,
    };
    *slot = after;
    Ok(vec![match ov {
        Override::Damage { amount, .. } => {
            format!("{name} takes {amount} (game master): {label} {before} -> {after}.")
        }
        Override::Heal { amount, .. } => {
            format!("{name} heals {amount} (game master): {label} {before} -> {after}.")
        }
        _ => format!("{name}'s {label} set to {after} (game master, was {before})."),
    }])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(v: &[u16]) -> Vec<CombatantId> {
        v.iter().copied().map(CombatantId).collect()
    }

    #[test]
    fn a_delay_trades_places_with_the_next_figure_unless_it_cannot() {
        let mut order = ids(&[2, 0, 1]);
        // Slot 0 has acted: figure 2 cannot delay; figure 0 can.
        let acted = |at: usize| at == 0;
        assert_eq!(
            delay_in_order(&mut order, CombatantId(2), acted),
            Err(DelayBlock::HasActed)
        );
        assert_eq!(
            delay_in_order(&mut order, CombatantId(0), acted),
            Ok(CombatantId(1))
        );
        assert_eq!(order, ids(&[2, 1, 0]));
        assert_eq!(
            delay_in_order(&mut order, CombatantId(0), acted),
            Err(DelayBlock::AlreadyLast)
        );
        assert_eq!(
            delay_in_order(&mut order, CombatantId(7), acted),
            Err(DelayBlock::NotInOrder)
        );
        assert_eq!(order, ids(&[2, 1, 0]));
    }

    #[test]
    fn pool_arithmetic_of_overrides_never_wraps() {
        assert_eq!(lowered(13, i32::MAX), -MAX_OVERRIDE);
        assert_eq!(lowered(lowered(13, i32::MAX), i32::MAX), -MAX_OVERRIDE);
        assert_eq!(lowered(-2_000_000, 5), -2_000_000, "never raised by damage");
        assert_eq!(lowered(13, 5), 8);
        assert_eq!(raised(5, i32::MAX, 13), 13);
        assert_eq!(raised(15, 3, 13), 15, "never lowered by healing");
        assert!(checked_amount("Orc", 2_147_483_647).is_err());
        assert!(checked_amount("Orc", -1).is_err());
        assert_eq!(checked_amount("Orc", MAX_OVERRIDE), Ok(MAX_OVERRIDE));
        assert!(checked_value("HP", "Orc", i32::MIN, 13).is_err());
        assert!(checked_value("HP", "Orc", 14, 13).is_err());
        assert_eq!(checked_value("HP", "Orc", -13, 13), Ok(-13));
    }

    #[test]
    fn ids_after_a_removed_one_move_down() {
        let gone = CombatantId(2);
        assert_eq!(shifted(gone, CombatantId(1)), Some(CombatantId(1)));
        assert_eq!(shifted(gone, CombatantId(2)), None);
        assert_eq!(shifted(gone, CombatantId(5)), Some(CombatantId(4)));
        let mut order = ids(&[3, 2, 0, 1]);
        shift_all(gone, &mut order);
        assert_eq!(order, ids(&[2, 0, 1]));
    }

    #[test]
    fn a_removal_keeps_the_next_figure_next() {
        // Acting now: #0 at index 1; the next is #2.
        let (mut order, mut cursor) = (ids(&[1, 0, 2]), Some(1));
        assert!(!shift_order(CombatantId(1), &mut order, &mut cursor));
        assert_eq!((order.clone(), cursor), (ids(&[0, 1]), Some(0)));
        assert_eq!(order[cursor.unwrap() + 1], CombatantId(1), "old #2, now #1");
        // A figure still to act: the cursor stays.
        let (mut order, mut cursor) = (ids(&[1, 0, 2]), Some(0));
        assert!(!shift_order(CombatantId(2), &mut order, &mut cursor));
        assert_eq!((order, cursor), (ids(&[1, 0]), Some(0)));
        // The first, acting: no index before the first, so a restart.
        let (mut order, mut cursor) = (ids(&[1, 0, 2]), Some(0));
        assert!(shift_order(CombatantId(1), &mut order, &mut cursor));
        assert_eq!((order, cursor), (ids(&[0, 1]), None));
    }

    #[test]
    fn a_newcomer_is_slotted_after_its_equals() {
        let speed = |id: CombatantId| [6, 5, 5, 5][id.index()];
        // #3 (speed 5) joins [#0 6, #1 5, #2 5]: after #2.
        let (mut order, mut cursor) = (ids(&[0, 1, 2]), Some(2));
        slot_in(&mut order, &mut cursor, CombatantId(3), speed);
        assert_eq!((order, cursor), (ids(&[0, 1, 2, 3]), Some(2)));
        // Before the figure acting now: the cursor moves with it.
        let speed = |id: CombatantId| [6, 5, 5, 7][id.index()];
        let (mut order, mut cursor) = (ids(&[0, 1, 2]), Some(1));
        slot_in(&mut order, &mut cursor, CombatantId(3), speed);
        assert_eq!((order, cursor), (ids(&[3, 0, 1, 2]), Some(2)));
    }
}
