//! The AI's choices remembered across fights and threads (the core's
//! [`fray_core::memo`]: one table per set of pins, shared by a simulation's
//! threads; this module holds only the key and the pins).
//!
//! [`super::action`] is a pure function of the state: no dice, no clock.
//! A duel's rounds meet the same few thousand situations over and over,
//! so the simulator reads most choices back instead of weighing every
//! weapon mode and hex again.
//!
//! * **Pins**: what never changes in a fight is compared, not keyed: the
//!   `Arc`s of the options, the map and the controllers by identity, and
//!   the state's [`Stamp`] for every fighter's fixed part ([`Fixed`]: side,
//!   leader flag, attributes, skills, hand and traits, armor, weapons and
//!   shield by `Arc`, each weapon's skill and familiarity, innate and
//!   magical PD and DR, fear rating, erratic trait, mounted flags): one
//!   address a lookup, the fields themselves compared only in debug
//!   builds, which panic when they changed under the same stamp. A state
//!   built on other parts empties the table.
//! * **Key**: everything the AI and the rules it consults read that
//!   changes in a fight, at fixed bit positions: one word for the turn,
//!   two a fighter and two more for rare parts ([`fighter`]; a duel's key
//!   is 5 words). HP and fatigue are read only in comparisons (see
//!   [`health`]), so the key holds those, not the values. The round
//!   number is read only in three comparisons (a heavy weapon that
//!   attacked last round, M-ROA-002; a feint still in force, M-MEL-006;
//!   the round a grappled figure may next break free, M-UNA-012), so the
//!   key holds those comparisons, not the number: round 3 and round 9 of
//!   the same situation share an entry. Left out, because nothing in
//!   `ai/` or `rules/` reads them: names, the record, death checks made,
//!   fears already checked, limbs crippled for a while (the crippled bits
//!   are in the key), the physician flag, the spell hook, this turn's
//!   Riding roll, the fencing dagger's riposte and the stun held over,
//!   reload rounds left, the turn order, its cursor and tie-break ranks,
//!   the deferred Wait strike, the round limit and the aftermath flag.
//!
//! A fight of more than [`FIGHTERS`] fighters, a fighter waiting (a Wait or
//! Opportunity Fire in force), values too big for their bits, or a key
//! longer than [`KEY_WORDS`] words, is not remembered: the AI works it out every time.

use crate::model::action::Action;
use crate::model::data::{Armor, Hand, Shield, Weapon};
use crate::model::options::Options;
use crate::model::state::{AodKind, Fighter, Guard, Held, Skills, State, Stats, Stun};
use fray_core::grid::Map;
use fray_core::memo::{self, Stamp, Words};
use fray_core::{CombatantId, Controller, SideId};
use std::sync::Arc;

/// Entries a table keeps at most, for all the threads that share it: each
/// a key's 16-byte digest and the maneuver, and twice as many slots of 4
/// bytes.
pub const CAPACITY: usize = 1 << 16;

/// Fighters a key holds at most (bigger fights are not remembered).
pub const FIGHTERS: usize = 6;

/// Words a key holds at most: the turn and 2 to 4 a fighter; six fighters
/// of 2 words fit, or fewer with rare parts (a situation that does not
/// fit is not remembered).
pub const KEY_WORDS: usize = 20;

/// Weapons per fighter a key holds at most.
const WEAPONS: usize = 8;

/// A key: the turn's word and every fighter's changing part ([`fighter`]).
type Key = Words<KEY_WORDS>;

/// A fighter's part that never changes in a fight.
struct Fixed {
    side: SideId,
    leader: bool,
    stats: Stats,
    skills: Skills,
    hand: Hand,
    traits: [bool; 3],
    strikes: (u8, Option<crate::model::data::Mode>),
    weapons: Vec<(Arc<Weapon>, i32, bool)>,
    armor: Arc<[Arc<Armor>]>,
    shield: Option<Arc<Shield>>,
    pd_dr: [i32; 4],
    fear: i32,
    erratic: u8,
    mounted: (bool, bool),
}

impl Fixed {
    fn of(f: &Fighter) -> Fixed {
        // Every field named, so a new one does not compile until it is
        // placed here, in the key, or among the parts the AI never reads.
        let Fighter {
            name: _,
            side,
            leader,
            stats,
            skills,
            hand,
            ambidextrous,
            advanced_aod,
            fencing_dagger,
            strikes,
            bite,
            weapons,
            armor,
            shield,
            innate_pd,
            innate_dr,
            magic_pd,
            magic_dr,
            pos: _,
            facing: _,
            posture: _,
            hp: _,
            fatigue: _,
            life: _,
            stun: _,
            crippled: _,
            crippled_until: _,
            blind_eyes: _,
            death_checks: _,
            guard: _,
            aim: _,
            feinted: _,
            just_feinted: _,
            ran: _,
            fear,
            feared: _,
            parried_foes: _,
            panic: _,
            casting: _,
            mounted,
            needs_physician: _,
            moved: _,
            riding_roll: _,
            evading: _,
            erratic,
            surprised: _,
            held_by: _,
            pinned: _,
            break_free_from: _,
            rested: _,
            record: _,
        } = f;
        Fixed {
            side: *side,
            leader: *leader,
            stats: *stats,
            skills: *skills,
            hand: *hand,
            traits: [*ambidextrous, *advanced_aod, *fencing_dagger],
            strikes: (*strikes, *bite),
            weapons: weapons
                .iter()
                .map(|h| (h.weapon.clone(), h.skill, h.unfamiliar))
                .collect(),
            armor: armor.list().clone(),
            shield: shield.as_ref().map(|s| s.shield.clone()),
            pd_dr: [*innate_pd, *innate_dr, *magic_pd, *magic_dr],
            fear: *fear,
            erratic: *erratic,
            mounted: *mounted,
        }
    }

    /// Whether `f` has this fixed part (field by field: every lookup).
    fn is(&self, f: &Fighter) -> bool {
        self.side == f.side
            && self.leader == f.leader
            && self.stats == f.stats
            && self.skills == f.skills
            && self.hand == f.hand
            && self.traits == [f.ambidextrous, f.advanced_aod, f.fencing_dagger]
            && self.strikes == (f.strikes, f.bite)
            && self.weapons.len() == f.weapons.len()
            && self
                .weapons
                .iter()
                .zip(&f.weapons)
                .all(|((w, skill, unfamiliar), h)| {
                    Arc::ptr_eq(w, &h.weapon) && *skill == h.skill && *unfamiliar == h.unfamiliar
                })
            && Arc::ptr_eq(&self.armor, f.armor.list())
            && match (&self.shield, &f.shield) {
                (None, None) => true,
                (Some(a), Some(b)) => Arc::ptr_eq(a, &b.shield),
                _ => false,
            }
            && self.pd_dr == [f.innate_pd, f.innate_dr, f.magic_pd, f.magic_dr]
            && self.fear == f.fear
            && self.erratic == f.erratic
            && self.mounted == f.mounted
    }
}

/// The parts of a state that never change in a fight.
struct Pins {
    options: Arc<Options>,
    map: Arc<Map>,
    controllers: Arc<[Controller]>,
    /// The fighters' fixed parts by identity: one address compared a
    /// lookup ([`State::stamp`]).
    stamp: Stamp,
    /// The fixed parts themselves, compared only in debug builds, to catch
    /// a change made without a new stamp ([`Stamp::CHECK_FIELDS`]).
    fighters: Vec<Fixed>,
}

impl Pins {
    /// Whether every fighter of `state` has the fixed part pinned (field
    /// by field: debug builds only).
    fn fields_match(&self, state: &State) -> bool {
        self.fighters.len() == state.fighters.len()
            && self
                .fighters
                .iter()
                .zip(&state.fighters)
                .all(|(fixed, f)| fixed.is(f))
    }
}

impl memo::Pins<State> for Pins {
    fn of(state: &State) -> Pins {
        Pins {
            options: state.options.clone(),
            map: state.map.clone(),
            controllers: state.controllers.clone(),
            stamp: state.stamp.clone(),
            fighters: state.fighters.iter().map(Fixed::of).collect(),
        }
    }

    #[inline]
    fn matches(&self, state: &State) -> bool {
        let same = self.stamp.same(&state.stamp)
            && Arc::ptr_eq(&self.options, &state.options)
            && Arc::ptr_eq(&self.map, &state.map)
            && Arc::ptr_eq(&self.controllers, &state.controllers)
            && self.fighters.len() == state.fighters.len();
        if Stamp::CHECK_FIELDS && same {
            assert!(
                self.fields_match(state),
                "a fighter's fixed part changed under the same stamp: renew `State::stamp` where it is changed"
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

/// Writes into `k` what the AI reads of `state` that changes in a fight,
/// for `who`; `None` when it does not fit.
fn key(k: &mut Key, state: &State, who: CombatantId) -> Option<()> {
    if state.fighters.len() > FIGHTERS {
        return None;
    }
    // The seasoned AI reads every fighter's exact HP and where its dropped
    // weapons lie: one more word a fighter for it (`exact`).
    let seasoned = !super::Tactics::is_basic(state.controllers[who.index()].tactics());
    k.push(u64::from(who.0) | u64::from(state.open_map) << 16 | u64::from(seasoned) << 17)?;
    let own = state.fighter(who).hp;
    for f in &state.fighters {
        fighter(k, state, f, own)?;
    }
    if seasoned {
        for f in &state.fighters {
            k.push(exact(f)?)?;
        }
    }
    Some(())
}

/// What the seasoned AI reads of a fighter besides the rest of its key:
/// its HP (16 bits), its fatigue (8) and where its first two weapons lie
/// when dropped (M-CRT-002: a flag and q, r in 7 bits each); `None` when a
/// value does not fit or a later weapon lies on the ground.
#[inline]
fn exact(f: &Fighter) -> Option<u64> {
    let hp = i16::try_from(f.hp).ok()? as u16;
    let fatigue = u8::try_from(f.fatigue).ok()?;
    let mut out = u64::from(hp) | u64::from(fatigue) << 16;
    for (i, h) in f.weapons.iter().enumerate() {
        let Some(at) = h.ground else { continue };
        if i >= 2 || !(-64..64).contains(&at.q) || !(-64..64).contains(&at.r) {
            return None;
        }
        let spot = 1 | u64::from(at.q as u8 & 0x7f) << 1 | u64::from(at.r as u8 & 0x7f) << 8;
        out |= spot << (24 + 15 * i);
    }
    Some(out)
}

/// An optional fighter id in 4 bits: presence, then the id (below 8).
#[inline]
fn opt_id(v: Option<CombatantId>) -> u64 {
    v.map_or(0, |c| 1 | u64::from(c.0) << 1)
}

/// One fighter's changing part, at fixed bit positions: two words always,
/// a third when it has a rare part (held, aiming, feinted, a shield being
/// readied, more than 3 weapons) and a fourth when it carries counted
/// missiles. Two flags of the first word say whether the third and fourth
/// follow, so two different situations never write the same words. A
/// duel's key is 5 words (cheaper to hash and compare than 8 a fighter,
/// and the table a third of the size).
///
/// Written straight through, for the simulator calls it at every turn
/// for every fighter: the enums by their discriminants, the flags and the
/// range checks by plain shifts and ORs, the rare part only when some of
/// it is there.
#[inline]
fn fighter(k: &mut Key, state: &State, f: &Fighter, own: i32) -> Option<()> {
    let Guard {
        no_active,
        aod,
        single_foe,
        single_bonus,
        retreat,
        parries,
        blocks,
        acrobatic,
        off_balance,
        swung,
        stun_held: _,
        riposted: _,
        wait,
    } = f.guard;
    // The foes parried since its turn, as bits of their ids (past
    // [`FIGHTERS`]: unkeyed, below).
    let parried_foes = f.parried_foes.iter().fold(0u64, |bits, c| {
        bits | 1u64.checked_shl(u32::from(c.0)).unwrap_or(u64::MAX)
    });
    let (q, r) = (f.pos.q, f.pos.r);
    // Everything that must fit its bits, in one test (a value that does
    // not leaves the situation unkeyed).
    let fits = wait.is_none()
        && f.weapons.len() <= WEAPONS
        && (f.blind_eyes | f.evading) < 4
        && (parries | blocks) < 16
        && parried_foes >> FIGHTERS == 0
        && q == i32::from(q as i16)
        && r == i32::from(r as i16)
        && single_foe.is_none_or(|c| c.0 < 8);
    if !fits {
        return None;
    }
    let (shield, readying) = match &f.shield {
        None => (0u64, 0u8),
        Some(s) => (s.state as u64 + 1, s.readying),
    };
    let mut gear = 0u64;
    let mut ammo = 0u64;
    for (i, h) in f.weapons.iter().enumerate() {
        gear |= held(state, h) << (4 * i);
        if let Some(n) = h.ammo {
            if i >= 3 {
                return None;
            }
            ammo |= (1 | u64::from(n) << 1) << (17 * i);
        }
    }
    // The rare part: held (6 bits), aim (12), feint (13), the shield's
    // readying (8), weapons 4 to 8 (20).
    let extra = if f.aim.is_none()
        && f.feinted.is_none()
        && f.held_by.is_none()
        && readying == 0
        && gear >> 12 == 0
    {
        0
    } else {
        rare(state, f, readying, gear)?
    };
    // Each word built field by field into one accumulator, so few values
    // are live at once.
    let mut a = u64::from(q as u16) | u64::from(r as u16) << 16;
    a |= health(f, own) << 32;
    a |= u64::from(f.facing as u8) << 38;
    a |= (f.posture as u64) << 41;
    a |= (f.life as u64) << 44;
    a |= match f.stun {
        None => 0u64,
        Some(Stun::NextTurn) => 1,
        Some(Stun::UntilWill) => 2,
    } << 46;
    a |= match aod {
        None => 0u64,
        Some(AodKind::MultipleFoe) => 1,
        Some(AodKind::SingleFoe) => 2,
        Some(AodKind::Brace) => 3,
    } << 48;
    a |= match swung {
        None => 0u64,
        Some(false) => 1,
        Some(true) => 3,
    } << 50;
    a |= u64::from(f.just_feinted) << 52;
    a |= u64::from(f.ran) << 53;
    a |= u64::from(f.surprised) << 54;
    a |= u64::from(f.pinned) << 55;
    // M-UNA-012: may it try to break free this round?
    a |= u64::from(state.round < f.break_free_from) << 56;
    a |= u64::from(no_active) << 57;
    a |= u64::from(single_bonus) << 58;
    a |= u64::from(retreat) << 59;
    a |= u64::from(acrobatic) << 60;
    a |= u64::from(off_balance) << 61;
    a |= u64::from(extra != 0) << 62;
    a |= u64::from(ammo != 0) << 63;
    let mut b = u64::from(f.crippled);
    b |= u64::from(f.blind_eyes) << 8;
    b |= u64::from(f.panic) << 10;
    b |= u64::from(f.moved) << 18;
    b |= u64::from(f.evading) << 26;
    b |= u64::from(parries) << 28;
    b |= u64::from(blocks) << 32;
    b |= opt_id(single_foe) << 36;
    b |= parried_foes << 40;
    b |= shield << 46;
    b |= (gear & 0xfff) << 49;
    k.push_all([a, b])?;
    if extra != 0 {
        k.push(extra)?;
    }
    if ammo != 0 {
        k.push(ammo)?;
    }
    Some(())
}

/// A fighter's rare part ([`fighter`]'s third word): held (6 bits), aim
/// (12), feint (13), the shield's readying (8), weapons 4 to 8 (20);
/// `None` when an id or count does not fit its bits.
#[cold]
fn rare(state: &State, f: &Fighter, readying: u8, gear: u64) -> Option<u64> {
    let in_range = f.aim.is_none_or(|(t, _)| t.0 < 8)
        && f.feinted.is_none_or(|(by, _, _)| by.0 < 8)
        && f.held_by.is_none_or(|(by, hands)| by.0 < 8 && hands < 4);
    if !in_range {
        return None;
    }
    let aim = f
        .aim
        .map_or(0u64, |(t, n)| 1 | u64::from(t.0) << 1 | u64::from(n) << 4);
    // M-MEL-006: a feint counts while the round is not past its end.
    let feinted = match f.feinted {
        None => 0u64,
        Some((by, n, until)) => {
            1 | u64::from(state.round <= until) << 1
                | u64::from(by.0) << 2
                | u64::from(i8::try_from(n).ok()? as u8) << 5
        }
    };
    let held_by = f.held_by.map_or(0u64, |(by, hands)| {
        1 | u64::from(by.0) << 1 | u64::from(hands) << 4
    });
    Some(held_by | aim << 6 | feinted << 18 | u64::from(readying) << 31 | (gear >> 12) << 39)
}

/// What the AI and the rules it consults read of a fighter's HP and
/// fatigue: never the numbers, only these comparisons. 0 HP or less or
/// 0 fatigue (incapacitated, DX and ST halved: M-PEN-002, M-PEN-006,
/// M-PAT-009); 1-3 HP (Move and Dodge halved, M-PEN-001); a third and a
/// half of its HP or less (the AI's retreat, M-AOD-005); and more than
/// twice the HP of the figure whose turn it is (`own`: whether its foe is
/// healthier). So a duel's HP values, which differ in nearly every
/// fight, fold into a few classes.
#[inline]
fn health(f: &Fighter, own: i32) -> u64 {
    let (hp, max) = (f.hp, f.stats.hp);
    u64::from(hp <= 0)
        | u64::from(hp <= 3) << 1
        | u64::from(hp * 3 <= max) << 2
        | u64::from(hp * 2 <= max) << 3
        | u64::from(hp > 2 * own) << 4
        | u64::from(f.stats.fatigue > 0 && f.fatigue <= 0) << 5
}

/// A weapon's changing part in 4 bits: ready, lost, loaded, and whether
/// it attacked last round (M-ROA-002: a heavy weapon's penalty).
#[inline]
fn held(state: &State, h: &Held) -> u64 {
    u64::from(h.ready)
        | u64::from(h.lost) << 1
        | u64::from(h.loaded) << 2
        | u64::from(h.last_attack.is_some_and(|r| r + 1 == state.round)) << 3
}
