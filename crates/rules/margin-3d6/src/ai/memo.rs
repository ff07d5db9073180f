//! The AI's choices remembered per thread, across fights (the core's
//! [`fray_core::memo`] table; this module holds only the key and the pins).
//!
//! [`super::action`] is a pure function of the state: no dice, no clock.
//! A duel's rounds meet the same few thousand situations over and over,
//! so the simulator reads most choices back instead of weighing every
//! weapon mode and hex again.
//!
//! * **Pins**: what never changes in a fight is compared, not keyed: the
//!   `Arc`s of the options, the map and the controllers by identity, and
//!   every fighter's fixed part by value or identity ([`Fixed`]: side,
//!   leader flag, attributes, skills, hand and traits, armor, weapons and
//!   shield by `Arc`, each weapon's skill and familiarity, innate and
//!   magical PD and DR, fear rating, erratic trait, mounted flags). A state
//!   built on other parts empties the table.
//! * **Key**: everything the AI and the rules it consults read that
//!   changes in a fight, packed into one word for the turn and [`WORDS`]
//!   per fighter. HP and fatigue are read only in comparisons (see
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
//! Opportunity Fire in force), or values too big for their bits, is not
//! remembered: the AI works it out every time.

use crate::model::action::Action;
use crate::model::data::{Armor, Hand, Shield, Weapon};
use crate::model::options::Options;
use crate::model::state::{
    AodKind, CarriedShield, Fighter, Guard, Held, Life, Posture, ShieldState, Skills, State, Stats,
    Stun,
};
use fray_core::grid::Map;
use fray_core::memo::{self, Memo, Words};
use fray_core::{CombatantId, Controller, SideId};
use std::cell::RefCell;
use std::sync::Arc;

/// Entries kept at most per thread (each about 450 bytes: a key of up to
/// 49 words and the maneuver).
pub const CAPACITY: usize = 1 << 16;

/// Fighters a key holds at most (bigger fights are not remembered).
pub const FIGHTERS: usize = 6;

/// Words per fighter in a key.
const WORDS: usize = 8;

/// Weapons per fighter a key holds at most.
const WEAPONS: usize = 8;

/// A key: one word for the turn, [`WORDS`] per fighter.
type Key = Words<{ 1 + WORDS * FIGHTERS }>;

/// A fighter's part that never changes in a fight.
struct Fixed {
    side: SideId,
    leader: bool,
    stats: Stats,
    skills: Skills,
    hand: Hand,
    traits: [bool; 4],
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
            bites,
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
            record: _,
        } = f;
        Fixed {
            side: *side,
            leader: *leader,
            stats: *stats,
            skills: *skills,
            hand: *hand,
            traits: [*ambidextrous, *advanced_aod, *fencing_dagger, *bites],
            weapons: weapons
                .iter()
                .map(|h| (h.weapon.clone(), h.skill, h.unfamiliar))
                .collect(),
            armor: armor.clone(),
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
            && self.traits == [f.ambidextrous, f.advanced_aod, f.fencing_dagger, f.bites]
            && self.weapons.len() == f.weapons.len()
            && self
                .weapons
                .iter()
                .zip(&f.weapons)
                .all(|((w, skill, unfamiliar), h)| {
                    Arc::ptr_eq(w, &h.weapon) && *skill == h.skill && *unfamiliar == h.unfamiliar
                })
            && Arc::ptr_eq(&self.armor, &f.armor)
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
    fighters: Vec<Fixed>,
}

impl memo::Pins<State> for Pins {
    fn of(state: &State) -> Pins {
        Pins {
            options: state.options.clone(),
            map: state.map.clone(),
            controllers: state.controllers.clone(),
            fighters: state.fighters.iter().map(Fixed::of).collect(),
        }
    }

    fn matches(&self, state: &State) -> bool {
        Arc::ptr_eq(&self.options, &state.options)
            && Arc::ptr_eq(&self.map, &state.map)
            && Arc::ptr_eq(&self.controllers, &state.controllers)
            && self.fighters.len() == state.fighters.len()
            && self
                .fighters
                .iter()
                .zip(&state.fighters)
                .all(|(fixed, f)| fixed.is(f))
    }
}

thread_local! {
    static MEMO: RefCell<Memo<Key, Action, Pins>> = RefCell::new(Memo::new(CAPACITY));
}

/// Turns the table on or off for this thread (on by default); tests
/// compare fights played both ways.
pub fn set_enabled(on: bool) {
    memo::set_enabled(&MEMO, on);
}

/// Entries in this thread's table.
pub fn len() -> usize {
    memo::len(&MEMO)
}

/// How this thread's lookups went (hits, misses, situations not keyed).
pub fn counts() -> memo::Counts {
    memo::counts(&MEMO)
}

/// Empties this thread's table.
pub fn clear() {
    memo::clear(&MEMO);
}

/// The remembered choice of `who` in `state`, or `choose`'s, remembered
/// (debug builds recompute every hit and compare).
pub fn remembered(state: &State, who: CombatantId, choose: impl Fn() -> Action) -> Action {
    memo::recall(&MEMO, state, |k, s| key(k, s, who), choose)
}

fn id(v: Option<CombatantId>) -> u64 {
    u64::from(v.map_or(u16::MAX, |c| c.0))
}

/// Writes into `k` what the AI reads of `state` that changes in a fight,
/// for `who`; `None` when it does not fit.
fn key(k: &mut Key, state: &State, who: CombatantId) -> Option<()> {
    if state.fighters.len() > FIGHTERS {
        return None;
    }
    k.push(u64::from(who.0) | u64::from(state.open_map) << 16);
    let own = state.fighter(who).hp;
    for f in &state.fighters {
        fighter(k, state, f, own)?;
    }
    Some(())
}

/// One fighter's changing part, in [`WORDS`] words.
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
        parried_foes,
    } = f.guard;
    if wait.is_some() || f.weapons.len() > WEAPONS {
        return None;
    }
    let posture = match f.posture {
        Posture::Standing => 0u64,
        Posture::Crouching => 1,
        Posture::Kneeling => 2,
        Posture::Sitting => 3,
        Posture::Crawling => 4,
        Posture::Lying => 5,
    };
    let life = match f.life {
        Life::Conscious => 0u64,
        Life::Unconscious => 1,
        Life::Dead => 2,
    };
    let stun = match f.stun {
        None => 0u64,
        Some(Stun::NextTurn) => 1,
        Some(Stun::UntilWill) => 2,
    };
    let aod = match aod {
        None => 0u64,
        Some(AodKind::MultipleFoe) => 1,
        Some(AodKind::SingleFoe) => 2,
        Some(AodKind::Brace) => 3,
    };
    let swung = swung.map_or(0u64, |s| 1 | u64::from(s) << 1);
    let flags = [
        f.just_feinted,
        f.ran,
        f.surprised,
        f.pinned,
        // M-UNA-012: may it try to break free this round?
        state.round < f.break_free_from,
        no_active,
        single_bonus,
        retreat,
        acrobatic,
        off_balance,
    ]
    .iter()
    .enumerate()
    .fold(0u64, |acc, (i, &b)| acc | u64::from(b) << i);
    let aim = f
        .aim
        .map_or(0u64, |(t, n)| 1 | u64::from(t.0) << 1 | u64::from(n) << 17);
    // M-MEL-006: a feint counts while the round is not past its end.
    let feinted = match f.feinted {
        None => 0u64,
        Some((by, n, until)) => {
            1 | u64::from(state.round <= until) << 1
                | u64::from(by.0) << 2
                | u64::from(i8::try_from(n).ok()? as u8) << 18
        }
    };
    let held_by = f.held_by.map_or(0u64, |(by, hands)| {
        1 | u64::from(by.0) << 1 | u64::from(hands) << 17
    });
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
    let shield = f.shield.as_ref().map_or(0u64, |s| {
        let CarriedShield {
            shield: _,
            state,
            readying,
        } = s;
        let at = match state {
            ShieldState::Ready => 0u64,
            ShieldState::Back => 1,
            ShieldState::Ground => 2,
            ShieldState::Broken => 3,
            ShieldState::Tangled => 4,
        };
        1 | at << 1 | u64::from(*readying) << 4
    });
    k.try_extend_from_slice(&[
        u64::from(f.pos.q as u32) | u64::from(f.pos.r as u32) << 32,
        health(f, own),
        u64::from(f.facing.index())
            | posture << 3
            | life << 6
            | stun << 8
            | aod << 10
            | swung << 12
            | u64::from(f.crippled) << 16
            | u64::from(f.blind_eyes) << 24
            | u64::from(f.panic) << 32
            | u64::from(f.moved) << 40
            | u64::from(f.evading) << 48
            | u64::from(parries) << 56,
        flags | u64::from(blocks) << 10 | id(single_foe) << 18 | held_by << 34,
        aim | feinted << 25,
        parried_foes,
        gear | shield << 32,
        ammo,
    ])
    .ok()
}

/// What the AI and the rules it consults read of a fighter's HP and
/// fatigue: never the numbers, only these comparisons. 0 HP or less or
/// 0 fatigue (incapacitated, DX and ST halved: M-PEN-002, M-PEN-006,
/// M-PAT-009); 1-3 HP (Move and Dodge halved, M-PEN-001); a third and a
/// half of its HP or less (the AI's retreat, M-AOD-005); and more than
/// twice the HP of the figure whose turn it is (`own`: whether its foe is
/// healthier). So a duel's HP values, which differ in nearly every
/// fight, fold into a few classes.
fn health(f: &Fighter, own: i32) -> u64 {
    let max = f.stats.hp;
    [
        f.hp <= 0,
        f.hp <= 3,
        f.hp * 3 <= max,
        f.hp * 2 <= max,
        f.hp > 2 * own,
        f.stats.fatigue > 0 && f.fatigue <= 0,
    ]
    .iter()
    .enumerate()
    .fold(0u64, |acc, (i, &b)| acc | u64::from(b) << i)
}

/// A weapon's changing part in 4 bits: ready, lost, loaded, and whether
/// it attacked last round (M-ROA-002: a heavy weapon's penalty).
fn held(state: &State, h: &Held) -> u64 {
    u64::from(h.ready)
        | u64::from(h.lost) << 1
        | u64::from(h.loaded) << 2
        | u64::from(h.last_attack.is_some_and(|r| r + 1 == state.round)) << 3
}
