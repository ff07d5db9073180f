//! The AI's choices remembered across fights and threads.
//!
//! [`super::action`] is a pure function of the state: the same inputs give
//! the same action. The simulator plays the same few situations over and
//! over (a duel's fighters stand in the same squares, with the same
//! weapons, at a few dozen HP values and turn budgets), so the choice is
//! kept in a table ([`fray_core::memo`]) keyed by exactly what the AI
//! reads, one table per set of pins, shared by a simulation's threads:
//!
//! * what never changes in a fight is compared by identity: the `Arc`s of
//!   the options and the map, and the roster the state was indexed for
//!   ([`crate::model::standing::Occupants::roster`]), which stands for
//!   each fighter's sheet, weapons and spells: those change only with the
//!   roster, and `State::reindex` gives every new roster a number no other
//!   has had (the AI's strike bound, `ai::reach`, rests on the same rule).
//!   The table holds clones of those `Arc`s ([`Pins`]), so an address it
//!   compares against can neither be freed and reused nor changed in place
//!   (`Arc::make_mut` clones a shared value); a state on other parts
//!   (another scenario, a test that swapped a sheet and reindexed) is
//!   looked up in another table. Debug builds also compare every sheet,
//!   weapon list and spell by identity at each lookup, and panic if one
//!   changed under the same roster;
//! * everything else the AI can read is packed, field by field, into the
//!   words of the key ([`key`]): the turn, the lighting, and for every fighter its
//!   place, health, conditions, budgets, hands, potions and spells left.
//!   Besides the state, the key holds whether the AI is predicting a
//!   foe's answer (it weighs no retreat there, `seasoned::answering`).
//!   Only what the AI never reads is left out: names, controllers (their
//!   tactics and whether they ask for `ai:basic` are in the key), the simulator's counters (`record`), the
//!   initiative totals, the round and the turn order.
//!
//! A fight too big for the key (more than [`FIGHTERS`] fighters, or more
//! potions or spells each than it holds) is not remembered: the AI works it out every time.
//! The table keeps each key's digest and the action ([`fray_core::memo`]),
//! and stops growing at [`CAPACITY`] entries, so its memory is bounded;
//! lookups go on. Nothing depends on what the table holds: a hit returns what the
//! AI would have computed (a test plays fights with and without it and
//! compares their narration byte for byte), so what one thread wrote
//! changes no other thread's fights.

use crate::model::action::Action;
use crate::model::data::Spell;
use crate::model::options::Options;
use crate::model::sheet::Place;
use crate::model::state::{Armed, Fighter, Life, Light, State, Stats};
use crate::model::tactics::Tactics;
use fray_core::CombatantId;
use fray_core::grid::Map;
use fray_core::memo::{self, Stamp, Words};
use std::sync::Arc;

/// Entries a table keeps at most, for all the threads that share it (each
/// a key's 16-byte digest and the action, and twice as many slots of 4
/// bytes): more than twice what the duel keeps in a million fights
/// (27,729, the foes' predicted answers included).
pub const CAPACITY: usize = 1 << 16;

/// A key: two words for the turn, [`WORDS`] per fighter.
type Key = Words<{ 2 + WORDS * FIGHTERS }>;

/// A fighter's sheet, weapons and spells, held by identity.
type Sheet = (Arc<Stats>, Arc<[Armed]>, Vec<Arc<Spell>>);

/// The parts of a state that never change in a fight, held by identity.
struct Pins {
    options: Arc<Options>,
    map: Arc<Map>,
    /// The roster's number: one comparison a lookup for every fighter's
    /// sheet, weapons and spells. 0, the number of a state never indexed,
    /// names no roster: such a state has its sheets compared one by one.
    roster: u64,
    fighters: Vec<Sheet>,
}

impl Pins {
    /// Whether every fighter of `state` has the sheet, weapons and spells
    /// pinned, by identity.
    fn sheets_match(&self, state: &State) -> bool {
        self.fighters.len() == state.fighters.len()
            && self
                .fighters
                .iter()
                .zip(&state.fighters)
                .all(|((stats, weapons, spells), f)| {
                    Arc::ptr_eq(stats, &f.stats)
                        && Arc::ptr_eq(weapons, &f.weapons)
                        && spells.len() == f.spells.len()
                        && spells
                            .iter()
                            .zip(&f.spells)
                            .all(|(s, k)| Arc::ptr_eq(s, &k.spell))
                })
    }
}

impl memo::Pins<State> for Pins {
    fn matches(&self, state: &State) -> bool {
        let roster = state.occupancy.roster();
        let same = Arc::ptr_eq(&self.options, &state.options)
            && Arc::ptr_eq(&self.map, &state.map)
            && self.roster == roster
            && self.fighters.len() == state.fighters.len();
        if !same {
            return false;
        }
        if roster == 0 {
            return self.sheets_match(state);
        }
        if Stamp::CHECK_FIELDS {
            assert!(
                self.sheets_match(state),
                "a fighter's sheet, weapons or spells changed under the same roster: \
                 `State::reindex` where they are changed"
            );
        }
        true
    }

    fn of(state: &State) -> Pins {
        Pins {
            options: state.options.clone(),
            map: state.map.clone(),
            roster: state.occupancy.roster(),
            fighters: state
                .fighters
                .iter()
                .map(|f| {
                    (
                        f.stats.clone(),
                        f.weapons.clone(),
                        f.spells.iter().map(|k| k.spell.clone()).collect(),
                    )
                })
                .collect(),
        }
    }
}

fray_core::memo_table!(Key, Action, Pins, CAPACITY);

/// The remembered choice of `actor` in `state`, or `choose`'s, remembered
/// (the table is the core's [`fray_core::memo`]; debug builds recompute
/// every hit and compare).
/// A fight too big for the key skips the table, its identity check
/// included (a pass over every fighter, issue 35).
pub fn remembered(state: &State, actor: CombatantId, choose: impl Fn() -> Action) -> Action {
    if state.fighters.len() <= FIGHTERS {
        memo::recall(&MEMO, state, |k, s| key(k, s, actor), choose)
    } else {
        choose()
    }
}

/// Fighters a key holds at most (bigger fights are not remembered).
pub const FIGHTERS: usize = 4;

/// Words per fighter in a key.
const WORDS: usize = 8;

/// The most potions and spells per fighter a key holds.
const POTIONS: usize = 16;
const SPELLS: usize = 4;

fn id(v: Option<CombatantId>) -> u64 {
    u64::from(v.map_or(u16::MAX, |c| c.0))
}

fn opt(v: Option<u8>) -> u64 {
    v.map_or(0, |x| 0x100 | u64::from(x))
}

/// Writes into `k` everything the AI reads of `state` that can change in
/// a fight, for `actor`, packed into words; `None` when it does not fit.
fn key<const N: usize>(k: &mut Words<N>, state: &State, actor: CombatantId) -> Option<()> {
    if state.fighters.len() > FIGHTERS {
        return None;
    }
    let t = state.turn;
    k.push(
        u64::from(actor.0)
            | id(t.actor) << 16
            | u64::from(t.actions) << 32
            | u64::from(t.attacks) << 40
            | u64::from(t.free_draws) << 48
            | u64::from(t.mount_actions) << 56,
    )?;
    let light = match state.light {
        Light::Bright => 0u64,
        Light::Dim => 1,
        Light::Dark => 2,
    };
    k.push(
        u64::from(t.low_level)
            | u64::from(t.offhand_attack) << 1
            | u64::from(t.heavy_offhand) << 2
            | u64::from(state.map_has_cover) << 3
            | light << 4
            | u64::from(super::seasoned::answering()) << 6,
    )?;
    for f in &state.fighters {
        fighter(k, f)?;
    }
    Some(())
}

/// One fighter's changing part, in [`WORDS`] words.
fn fighter<const N: usize>(k: &mut Words<N>, f: &Fighter) -> Option<()> {
    if f.potions.len() > POTIONS || f.spells.len() > SPELLS {
        return None;
    }
    let life = match f.life {
        Life::Fine => 0u64,
        Life::KnockedOut => 1,
        Life::Unconscious => 2,
        Life::Dying => 3,
        Life::Dead => 4,
    };
    let tactics = match f.tactics {
        Tactics::Default => 0u64,
        Tactics::Aggressive => 1,
        Tactics::Defensive => 2,
    };
    let flags = [
        f.leader,
        f.shield,
        f.mounted,
        f.carried,
        f.pinned,
        f.extra_reaction,
        f.extra_immediate,
        f.ran,
        f.charged,
        f.prepared,
        f.total_defense,
        f.offhand_defense,
        f.acted,
    ]
    .iter()
    .enumerate()
    .fold(0u64, |acc, (i, &b)| acc | u64::from(b) << i);
    let (feint_to, feint_begun) = match f.feint {
        Some((t, begun)) => (Some(t), 1 + u64::from(begun)),
        None => (None, 0),
    };
    let mut potions = f.potions.len() as u64;
    for (i, p) in f.potions.iter().enumerate() {
        let at = match p.at {
            None => 0u64,
            Some(Place::Hand) => 1,
            Some(Place::Belt) => 2,
            Some(Place::Backpack) => 3,
        };
        potions |= at << (8 + 2 * i);
    }
    let mut spells = 0u64;
    for (i, s) in f.spells.iter().enumerate() {
        spells |= s.left.map_or(0xffff, u64::from) << (16 * i);
    }
    k.push_all([
        u64::from(f.pos.x as u32) | u64::from(f.pos.y as u32) << 32,
        u64::from(f.hp as u32) | u64::from(f.nonlethal as u32) << 32,
        u64::from(f.max_hp_loss as u32)
            | u64::from(f.cond.bits()) << 32
            | u64::from(f.fatigue) << 48
            | life << 56
            | tactics << 60
            | u64::from(Tactics::is_basic(&f.controller)) << 62,
        flags
            | u64::from(f.space) << 16
            | u64::from(f.facing.0 as u8) << 24
            | u64::from(f.facing.1 as u8) << 32
            | u64::from(f.unloaded) << 40
            | u64::from(f.side.0) << 48
            | u64::from(f.first_aid_tries) << 56,
        opt(f.main) | opt(f.off) << 16 | id(f.grappled_by) << 32 | id(f.steed) << 48,
        id(f.rider)
            | id(feint_to) << 16
            | feint_begun << 32
            | u64::from(f.reactions) << 40
            | u64::from(f.immediates) << 48
            | u64::from(f.bonus_actions) << 56,
        potions,
        spells,
    ])
}
