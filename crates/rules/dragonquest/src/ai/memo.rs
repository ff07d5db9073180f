//! The AI's choices remembered across fights and threads (the core's
//! [`fray_core::memo`]: one table per set of pins, shared by a simulation's
//! threads; this module holds only the key and the pins).
//!
//! [`super::action`] is a pure function of the state: no dice, no clock.
//! A duel's pulses meet the same few thousand situations over and over,
//! so the simulator reads most choices back instead of working them out
//! (the melee-zone, reach and check searches of every candidate).
//!
//! * **Pins**: what never changes in a fight is compared, not keyed, all
//!   by identity: the `Arc`s of the options and the map, and the state's
//!   [`Stamp`] for every figure's fixed part ([`Fixed`]: side, leader
//!   flag, characteristics, base TMR, shape, size, weapons and armor by
//!   their `'static` address, ranks, controller), which setup gives a new
//!   state and a late arrival or a removal renews. Debug builds also
//!   compare those parts field by field on every lookup and panic when
//!   they changed under the same stamp. A state built on other parts
//!   empties the table.
//! * **Key**: everything the AI and the rules it consults
//!   ([`crate::rules::actions::check`], the zones, reach and movement
//!   searches, the strike chance) read that changes in a fight, packed into
//!   two words for the pulse and [`WORDS`] per figure. The pulse number is
//!   read only as "this pulse" against a figure's timers (a forced Pass,
//!   when its body last moved, a mount held still or carried by momentum,
//!   DQ-17-008, DQ-23-001, DQ-23-006) and by a poison's expiry (DQ-20-007),
//!   so the key holds those comparisons, not the number: pulse 3 and pulse
//!   9 of the same situation share an entry. EN is read only to rank
//!   foes against each other and by `cautious` tactics, so a figure facing
//!   one foe without them has no EN in its key; FT is read by nothing the
//!   AI consults (see [`figure`]). Left out, because nothing the
//!   AI consults reads them: names, the fight's record, a mount's momentum
//!   direction (only the resolution reads it; its effect on steering is
//!   the "carried" timer), the order of the engagements and queues still
//!   to resolve (the AI sees only the slot), the round limit and the
//!   aftermath flag.
//!
//! A fight of more than [`FIGHTERS`] figures, or values too big for their
//! bits, is not remembered: the AI works it out every time.

use super::Action;
use crate::model::data::{Armor, ShapeName, Shield, Size, Weapon};
use crate::model::options::Options;
use crate::model::state::{Figure, Held, Hold, Life, Stage, State, Stats, Status};
use arrayvec::ArrayVec;
use fray_core::grid::{Heading, Map};
use fray_core::memo::{self, Stamp, Words};
use fray_core::{CombatantId, Controller, SideId};
use std::sync::Arc;

/// Entries a table keeps at most, for all the threads that share it (each
/// a key's 16-byte digest and the action; the table's slots, twice as
/// many, 4 bytes each).
pub const CAPACITY: usize = 1 << 16;

/// Figures a key holds at most (bigger fights are not remembered).
pub const FIGHTERS: usize = 8;

/// Words per figure in a key.
const WORDS: usize = 7;

/// The most words a key holds: two for the pulse, [`WORDS`] per figure.
const KEY_WORDS: usize = 2 + WORDS * FIGHTERS;

/// A key: two words for the pulse, [`WORDS`] per figure.
type Key = Words<KEY_WORDS>;

/// A `'static` item by address (the catalog's entries live as long as the
/// program, so an address names one entry).
fn addr<T>(v: Option<&'static T>) -> usize {
    v.map_or(0, |r| std::ptr::from_ref(r) as usize)
}

/// A figure's part that never changes in a fight, compared by value.
#[derive(PartialEq)]
struct Fixed {
    side: SideId,
    controller: Controller,
    leader: bool,
    stats: Stats,
    tmr: i32,
    shape: ShapeName,
    size: Size,
    monster: bool,
    weapons: ArrayVec<(usize, Option<u8>), 4>,
    armor: usize,
    natural_armor: i32,
    shield_rank: Option<u8>,
    unarmed_rank: Option<u8>,
    military_scientist: u8,
    horsemanship: u8,
    is_mount: bool,
    assassin: bool,
    resistance: i32,
}

impl Fixed {
    fn of(f: &Figure) -> Fixed {
        // Every field named, so a new one does not compile until it is
        // placed here, in the key, or among the parts the AI never reads.
        let Figure {
            name: _,
            side,
            controller,
            leader,
            stats,
            en: _,
            ft: _,
            tmr,
            shape,
            pos: _,
            heading: _,
            size,
            monster,
            weapons,
            main: _,
            off: _,
            armor,
            armor_damage: _,
            natural_armor,
            shield: _,
            shield_ready: _,
            shield_rank,
            unarmed_rank,
            military_scientist,
            horsemanship,
            is_mount,
            steed: _,
            aboard: _,
            rider: _,
            assassin,
            resistance,
            life: _,
            status: _,
            record: _,
        } = f;
        Fixed {
            side: *side,
            controller: (**controller).clone(),
            leader: *leader,
            stats: *stats,
            tmr: *tmr,
            shape: *shape,
            size: *size,
            monster: *monster,
            weapons: weapons
                .iter()
                .map(|h| (addr::<Weapon>(Some(h.weapon)), h.rank))
                .collect(),
            armor: addr::<Armor>(*armor),
            natural_armor: *natural_armor,
            shield_rank: *shield_rank,
            unarmed_rank: *unarmed_rank,
            military_scientist: *military_scientist,
            horsemanship: *horsemanship,
            is_mount: *is_mount,
            assassin: *assassin,
            resistance: *resistance,
        }
    }

    /// Whether `f` has this fixed part (compared field by field, without
    /// building a [`Fixed`]; debug builds run it on every lookup).
    fn is(&self, f: &Figure) -> bool {
        self.side == f.side
            && self.leader == f.leader
            && self.stats == f.stats
            && self.tmr == f.tmr
            && self.shape == f.shape
            && self.size == f.size
            && self.monster == f.monster
            && self.weapons.len() == f.weapons.len()
            && self
                .weapons
                .iter()
                .zip(&f.weapons)
                .all(|(&(w, rank), h)| w == addr::<Weapon>(Some(h.weapon)) && rank == h.rank)
            && self.armor == addr::<Armor>(f.armor)
            && self.natural_armor == f.natural_armor
            && self.shield_rank == f.shield_rank
            && self.unarmed_rank == f.unarmed_rank
            && self.military_scientist == f.military_scientist
            && self.horsemanship == f.horsemanship
            && self.is_mount == f.is_mount
            && self.assassin == f.assassin
            && self.resistance == f.resistance
            && self.controller == *f.controller
    }
}

/// The parts of a state that never change in a fight.
struct Pins {
    options: Arc<Options>,
    map: Arc<Map>,
    /// The figures' fixed parts by identity: one address compared per
    /// lookup ([`State::stamp`]).
    stamp: Stamp,
    /// The fixed parts themselves, compared only in debug builds, to catch
    /// a change made without a new stamp ([`Stamp::CHECK_FIELDS`]).
    figures: Vec<Fixed>,
    /// Each figure's shield as set up (a shield only ever breaks: the key
    /// says whether it is still there).
    shields: Vec<usize>,
}

impl Pins {
    /// Whether every figure of `state` has the fixed part pinned (field by
    /// field: debug builds only).
    fn fields_match(&self, state: &State) -> bool {
        self.figures.len() == state.figures.len()
            && self
                .figures
                .iter()
                .zip(&self.shields)
                .zip(&state.figures)
                .all(|((fixed, &shield), f)| {
                    fixed.is(f) && (f.shield.is_none() || shield == addr::<Shield>(f.shield))
                })
    }
}

impl memo::Pins<State> for Pins {
    fn of(state: &State) -> Pins {
        Pins {
            options: state.options.clone(),
            map: state.map.clone(),
            stamp: state.stamp.clone(),
            figures: state.figures.iter().map(Fixed::of).collect(),
            shields: state
                .figures
                .iter()
                .map(|f| addr::<Shield>(f.shield))
                .collect(),
        }
    }

    fn matches(&self, state: &State) -> bool {
        let same = Arc::ptr_eq(&self.options, &state.options)
            && Arc::ptr_eq(&self.map, &state.map)
            && self.stamp.same(&state.stamp)
            && self.figures.len() == state.figures.len();
        if Stamp::CHECK_FIELDS && same {
            assert!(
                self.fields_match(state),
                "a figure's fixed part changed under the same stamp: renew `State::stamp` where it is changed"
            );
        }
        same
    }
}

fray_core::memo_table!(Key, Action, Pins, CAPACITY);

/// The remembered choice of `who` in `state`, or `choose`'s, remembered
/// (debug builds recompute every hit and compare).
pub fn remembered(state: &State, who: CombatantId, choose: impl Fn() -> Action) -> Action {
    memo::recall(&MEMO, state, |k, s| key(k, s, who), choose)
}

fn id(v: Option<CombatantId>) -> u64 {
    u64::from(v.map_or(u16::MAX, |c| c.0))
}

fn opt(v: Option<u8>) -> u64 {
    v.map_or(0, |x| 0x100 | u64::from(x))
}

fn small(v: i32) -> Option<u64> {
    u16::try_from(v).ok().map(u64::from)
}

/// The most lodged weapons a figure's key holds (DQ-20-008: each 9 bits of
/// one word, above a 4-bit count).
const LODGED_KEYED: usize = 6;

/// Writes into `k` what the AI reads of `state` that changes in a fight,
/// for `who`; `None` when it does not fit.
fn key<const N: usize>(k: &mut Words<N>, state: &State, who: CombatantId) -> Option<()> {
    if state.figures.len() > FIGHTERS {
        return None;
    }
    let slot = state.seq.slot.map_or(0, |s| {
        1 | u64::from(s.who.0) << 1 | u64::from(s.left) << 17 | opt(s.used) << 25
    });
    let stage = match state.seq.stage {
        Stage::Begin => 0u64,
        Stage::Engaged => 1,
        Stage::NonEngaged => 2,
    };
    k.push(u64::from(who.0) | slot << 16)?;
    k.push(
        stage
            | u64::from(state.pulse > 0) << 2
            | u64::from(state.free_pulse) << 3
            | state.surprise.map_or(0, |s| 1 | u64::from(s.0) << 1) << 4,
    )?;
    // EN is read only to rank foes against each other (the score takes
    // the foe's EN off, so it finishes weakened foes) and by `cautious`
    // tactics against the figure's own EN (step back at a third of it):
    // a figure facing a single foe with other tactics reads no EN at all
    // (its life, unconscious at EN 3 or less, is keyed on its own).
    let me = state.fig(who);
    let mut foes = 0;
    for f in &state.figures {
        foes += u32::from(f.side != me.side && f.in_fight());
    }
    let en = foes > 1 || super::tactic(state, who) == "cautious";
    for (i, f) in state.figures.iter().enumerate() {
        // The seasoned AI keeps out of the charges still to come this
        // pulse (`seasoned::still_to_act`).
        let pending = super::seasoned::still_to_act(state, CombatantId::of_index(i));
        figure(k, state, f, en, pending)?;
    }
    Some(())
}

/// One figure's changing part, in [`WORDS`] words; its EN only when `en`;
/// `pending`: it still acts this pulse.
/// FT is not keyed: the AI reads it nowhere (damage and the recovery roll
/// do, in the resolution).
fn figure<const N: usize>(
    k: &mut Words<N>,
    state: &State,
    f: &Figure,
    en: bool,
    pending: bool,
) -> Option<()> {
    let now = |p: u32| state.pulse > 0 && p == state.pulse;
    let Status {
        prone,
        stunned,
        knocked_out,
        restrained_by,
        entangled,
        evading,
        defensive,
        forced_pass,
        lose_action,
        close,
        lodged,
        surprised,
        moved,
        still,
        momentum: _,
        carried,
        ran,
        infected,
    } = &f.status;
    let heading = match f.heading {
        Heading::Side(s) => u64::from(s.index()),
        Heading::Corner(c) => 8 | u64::from(c.index()),
    };
    let life = match f.life {
        Life::Conscious => 0u64,
        Life::Unconscious => 1,
        Life::Dead => 2,
    };
    let flags = u64::from(*prone)
        | u64::from(*stunned) << 1
        | u64::from(*evading) << 2
        | u64::from(*defensive) << 3
        | u64::from(*lose_action) << 4
        | u64::from(*close) << 5
        | u64::from(*surprised) << 6
        | u64::from(*infected) << 7
        | u64::from(now(*forced_pass)) << 8
        | u64::from(now(*moved)) << 9
        | u64::from(now(*still)) << 10
        | u64::from(now(*carried)) << 11
        | u64::from(f.shield_ready) << 12
        | u64::from(f.shield.is_some()) << 13
        | u64::from(f.aboard) << 14
        | u64::from(now(*ran)) << 15;
    // Up to six lodged weapons fit the word (9 bits each above the count);
    // a figure with more is not keyed.
    if lodged.len() > LODGED_KEYED {
        return None;
    }
    let mut wounds = lodged.len() as u64;
    for (i, &(barbed, penalty)) in lodged.iter().enumerate() {
        let p = u64::from(i8::try_from(penalty).ok()? as u8);
        wounds |= (u64::from(barbed.min(1)) | p << 1) << (4 + 9 * i);
    }
    let mut held = 0u64;
    let mut lying = 0u64;
    for (i, h) in f.weapons.iter().enumerate() {
        held |= weapon(state, h) << (16 * i);
        lying |= lies(f, h)? << (16 * i);
    }
    let words = [
        u64::from(f.pos.q as u32) | u64::from(f.pos.r as u32) << 32,
        if en { u64::from(f.en as u32) } else { 0 },
        heading
            | life << 4
            | opt(f.main) << 8
            | opt(f.off) << 20
            | small(f.armor_damage)? << 32
            | id(f.rider) << 48,
        id(f.steed)
            | id(*restrained_by) << 16
            | u64::from(u16::try_from(*knocked_out).ok()?) << 32
            | opt(*entangled) << 48
            | u64::from(pending) << 62,
        flags | wounds << 16,
        held,
        lying,
    ];
    k.push_all(words)
}

/// DQ-13-012: where a dropped weapon lies, from the figure's hex, in 16
/// bits (0: nowhere within reach); `None` when too far to pack.
fn lies(f: &Figure, h: &Held) -> Option<u64> {
    let Some(at) = h.at else { return Some(0) };
    let (dq, dr) = (at.q - f.pos.q, at.r - f.pos.r);
    let pack = |d: i32| u64::try_from(d + 64).ok().filter(|&v| v < 128);
    Some(1 << 14 | pack(dq)? | pack(dr)? << 7)
}

/// A carried weapon's changing part in 16 bits: where it is, its load and
/// reloading, and its poison (still potent this pulse, DQ-20-007).
fn weapon(state: &State, h: &Held) -> u64 {
    let hold = match h.hold {
        Hold::Stowed => 0u64,
        Hold::Dropped => 1,
        Hold::Broken => 2,
    };
    let poison = match h.poison {
        None => 0u64,
        Some(p) => 1 | u64::from(state.pulse < p.expires) << 1,
    };
    hold | u64::from(h.loaded) << 2 | poison << 3 | u64::from(h.reloading) << 8
}
