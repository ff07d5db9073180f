//! The state of a fight: fighters, their gear and conditions, the turn
//! order and the clock (M-DAT-009). Plain data; rules live in `rules/`.

use crate::model::data::{Armor, Hand, Shield, Weapon};
use crate::model::location::{Cover, Limb};
use crate::model::options::Options;
use crate::model::standing::{OnHex, Standing};
use fray_core::grid::{Facing, HexPos, Map};
use fray_core::occupancy::Occupancy;
use fray_core::{CombatantId, Controller, Seats, SideId};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Alive and awake, unconscious, or dead.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Life {
    /// Awake.
    #[default]
    Conscious,
    /// Knocked out or passed out (M-EFF-002, M-PEN-002).
    Unconscious,
    /// Dead (M-PEN-003/004).
    Dead,
}

fray_core::postures! {
    /// A figure's posture (M-PAT-001, M-PDF-005).
    pub enum Posture, lying: "Lying down.";
}

/// How a stun ends (M-EFF-001, M-CRT-003 roll 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stun {
    /// At the end of the figure's next turn (M-EFF-001).
    NextTurn,
    /// Until a Will roll at the start of a turn succeeds (M-CRT-003, 7).
    UntilWill,
}

/// Where a shield is (M-DAT-007).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ShieldState {
    /// On the arm, ready.
    #[default]
    Ready,
    /// On the back: PD rounds of Ready Shield (M-MEL-013).
    Back,
    /// On the ground: PD rounds of Ready Shield (M-MEL-013).
    Ground,
    /// Broken (M-DEF-007): no PD, no block.
    Broken,
    /// Tangled on the arm after a critical failure (M-DEF-007): one Ready frees it.
    Tangled,
}

impl ShieldState {
    /// Its words.
    pub const fn name(self) -> &'static str {
        match self {
            ShieldState::Ready => "ready",
            ShieldState::Back => "on the back",
            ShieldState::Ground => "on the ground",
            ShieldState::Broken => "broken",
            ShieldState::Tangled => "tangled",
        }
    }
}

/// A shield carried.
#[derive(Debug, PartialEq, Eq, Serialize)]
pub struct CarriedShield {
    /// The shield.
    pub shield: Arc<Shield>,
    /// Where it is.
    pub state: ShieldState,
    /// Rounds spent readying it so far (M-MEL-013).
    pub readying: u8,
}

fray_core::refill_clone!(CarriedShield {
    arcs: [shield],
    option_arcs: [],
    rest: [state, readying],
});

/// The All-Out Defense option taken (M-AOD-001..004).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AodKind {
    /// Multiple Foe Defense (M-AOD-001).
    MultipleFoe,
    /// Single Foe Defense against one foe (M-AOD-002).
    SingleFoe,
    /// Brace for Impact (M-AOD-004).
    Brace,
}

impl AodKind {
    /// Its name.
    pub const fn name(self) -> &'static str {
        match self {
            AodKind::MultipleFoe => "Multiple Foe Defense",
            AodKind::SingleFoe => "Single Foe Defense",
            AodKind::Brace => "Brace for Impact",
        }
    }
}

/// A weapon in hand.
#[derive(Debug, PartialEq, Eq, Serialize)]
pub struct Held {
    /// The weapon.
    pub weapon: Arc<Weapon>,
    /// The wielder's skill with it (the sheet's, or DX - 5 unlisted).
    pub skill: i32,
    /// Ready to attack and parry (M-ROA-003, M-MEL-012).
    pub ready: bool,
    /// The round of its last attack (M-ROA-002, M-ROA-006).
    pub last_attack: Option<u32>,
    /// Loaded (crossbows: a Reload after each shot, M-ROA-006).
    pub loaded: bool,
    /// Reload rounds still needed (M-MIS-009).
    pub reload_left: u8,
    /// Missiles left (M-ROA-005).
    pub ammo: Option<u16>,
    /// Out of the hand: dropped, flown, broken or wrested (M-CRT-001/002,
    /// M-UNA-006).
    pub lost: bool,
    /// Where a dropped weapon lies, to be picked up with Ready Weapon
    /// (M-MEL-012, M-CRT-002 decision); `None` in hand or gone for good
    /// (broken, wrested).
    pub ground: Option<HexPos>,
    /// Not on the sheet's familiar list: -2 (M-PAT-008).
    pub unfamiliar: bool,
}

fray_core::refill_clone!(Held {
    arcs: [weapon],
    option_arcs: [],
    rest: [
        skill,
        ready,
        last_attack,
        loaded,
        reload_left,
        ammo,
        lost,
        ground,
        unfamiliar
    ],
});

/// Skills the rules read outside weapons (M-DAT-003): `None` when not on the sheet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Skills {
    /// Shield (Block, Shield Bash).
    pub shield: Option<i32>,
    /// Brawling.
    pub brawling: Option<i32>,
    /// Boxing.
    pub boxing: Option<i32>,
    /// Acrobatics (M-DEF-010).
    pub acrobatics: Option<i32>,
    /// Fencing (M-DEF-001/002).
    pub fencing: Option<i32>,
    /// Knife (M-AOD-003).
    pub knife: Option<i32>,
    /// Riding (M-PAT-006).
    pub riding: Option<i32>,
    /// First Aid (M-HEA-001).
    pub first_aid: Option<i32>,
    /// Physician (M-HEA-002).
    pub physician: Option<i32>,
}

/// Attributes and derived values (M-DAT-001/002).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// ST.
    pub st: i32,
    /// DX.
    pub dx: i32,
    /// IQ.
    pub iq: i32,
    /// HT.
    pub ht: i32,
    /// PER.
    pub per: i32,
    /// Will.
    pub will: i32,
    /// Maximum HP.
    pub hp: i32,
    /// Maximum fatigue.
    pub fatigue: i32,
    /// Basic Speed in quarters: DX + HT (M-FLO-002).
    pub speed4: i32,
    /// MV in hexes per round.
    pub mv: i32,
    /// Encumbrance level 0-4.
    pub enc: i32,
}

/// The area an opportunity shooter watches (M-MIS-005).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Watch {
    /// One hex: -2.
    Hex(HexPos),
    /// The forward arc: -4.
    Front,
    /// Every hex along a straight line from the shooter: -5.
    Line(Facing),
}

impl std::fmt::Display for Watch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Watch::Hex(h) => write!(f, "the hex {h} (-2)"),
            Watch::Front => f.write_str("the forward arc (-4)"),
            Watch::Line(dir) => write!(f, "the straight line {} (-5)", dir.name()),
        }
    }
}

/// The bit of `hex` in a Wait's trigger mask around `center` (M-MEL-011):
/// hexes up to 3 away have one (a 7 × 7 axial box fits in 64 bits); `None`
/// farther out or for the center itself.
pub fn trigger_bit(center: HexPos, hex: HexPos) -> Option<u64> {
    let (dq, dr) = (hex.q - center.q, hex.r - center.r);
    if hex == center || center.distance(hex) > 3 {
        return None;
    }
    Some(1 << ((dq + 3) * 7 + (dr + 3)))
}

/// What a waiting figure waits to do (M-MEL-011, M-MIS-005).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Waiting {
    /// Strike the first foe that comes within reach (Wait).
    Strike {
        /// The weapon.
        weapon: u8,
        /// Its mode.
        mode: u8,
        /// The named trigger hexes as a [`trigger_bit`] mask around the
        /// waiting hex; 0 for every hex within reach (M-MEL-011).
        hexes: u64,
    },
    /// Shoot the first figure that enters the area (Opportunity Fire).
    Fire {
        /// The missile weapon.
        weapon: u8,
        /// The area.
        watch: Watch,
        /// A PER roll to tell friend from foe, at -2 (M-MIS-006).
        confirm: bool,
    },
}

/// What a figure's own maneuver does to its defenses until its next turn (M-FLO-001).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Guard {
    /// No active defense (All-Out Attack, All-Out Charge, Ranged Rapid Attack; M-DEF-012).
    pub no_active: bool,
    /// All-Out Defense taken.
    pub aod: Option<AodKind>,
    /// The foe named under Single Foe Defense.
    pub single_foe: Option<CombatantId>,
    /// The Single Foe Defense +4 is still to come (M-AOD-002).
    pub single_bonus: bool,
    /// Retreat taken and not yet used: +3 against the first attack met
    /// after it (M-AOD-005, M-PDF-006).
    pub retreat: bool,
    /// Parries made since its turn.
    pub parries: u8,
    /// Blocks made since its turn.
    pub blocks: u8,
    /// Acrobatic Dodge used (M-DEF-010).
    pub acrobatic: bool,
    /// Lost its balance: -2 to defenses (M-CRT-001/002).
    pub off_balance: bool,
    /// Attacked this turn with a swing (Some(true)) or thrust (Some(false)) (M-DEF-006).
    pub swung: Option<bool>,
    /// A stun from before this turn, which ends with it (M-EFF-001).
    pub stun_held: bool,
    /// The fencing dagger struck back this round (M-AOD-003).
    pub riposted: bool,
    /// Waiting to strike or shoot (M-MEL-011, M-MIS-005).
    pub wait: Option<Waiting>,
}

/// Counts for simulation statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Record {
    /// HP it took from others.
    pub dealt: i32,
    /// HP it lost.
    pub taken: i32,
    /// Times stunned.
    pub stuns: u16,
    /// Critical hits it scored.
    pub criticals: u16,
    /// Times knocked out by a blow (M-EFF-002, M-CKS-005, M-CRT-003).
    pub knockouts: u16,
    /// Times it passed out at 0 HP or below (M-PEN-002): not a knockout.
    pub passed_out: u16,
    /// Hits it landed (attacks not stopped).
    pub hits: u16,
    /// Critical misses it rolled.
    pub fumbles: u16,
    /// Limbs it had crippled.
    pub crippled: u16,
}

/// The armor a figure wears, with the PD of its layers by location
/// group worked out once when the list is made (M-ARM-002/003: the
/// highest layer covering the location). The table is built from the
/// list it sits beside and the list cannot be changed in place, so it
/// cannot go stale; the defense reads it on every attack instead of
/// walking every layer's `covers`.
#[derive(Debug, PartialEq, Eq)]
pub struct Worn {
    list: Arc<[Arc<Armor>]>,
    /// By `Cover` discriminant: the highest PD of the layers covering it,
    /// `None` where none does.
    pd: [Option<i32>; Cover::COUNT],
}

fray_core::refill_clone!(Worn {
    arcs: [list],
    option_arcs: [],
    rest: [pd],
});

impl Worn {
    /// The list and its PD table.
    pub fn new(list: Arc<[Arc<Armor>]>) -> Worn {
        let mut pd = [None; Cover::COUNT];
        for a in list.iter() {
            for &c in &a.covers {
                let best = &mut pd[c as usize];
                *best = Some(best.map_or(a.pd, |b: i32| b.max(a.pd)));
            }
        }
        Worn { list, pd }
    }

    /// The list itself (shared: its `Arc` identifies it).
    #[inline]
    pub fn list(&self) -> &Arc<[Arc<Armor>]> {
        &self.list
    }

    /// M-ARM-002/003: the highest PD of the layers covering `c`, `None`
    /// where no layer does.
    #[inline]
    pub fn pd(&self, c: Cover) -> Option<i32> {
        self.pd[c as usize]
    }
}

impl From<Vec<Arc<Armor>>> for Worn {
    fn from(list: Vec<Arc<Armor>>) -> Worn {
        Worn::new(list.into())
    }
}

impl std::ops::Deref for Worn {
    type Target = [Arc<Armor>];

    #[inline]
    fn deref(&self) -> &[Arc<Armor>] {
        &self.list
    }
}

/// Serialized as the list alone (the table is derived from it).
impl Serialize for Worn {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.list.serialize(s)
    }
}

/// One combatant.
#[derive(Debug, PartialEq, Eq, Serialize)]
pub struct Fighter {
    /// Its name.
    pub name: Arc<str>,
    /// Its side.
    pub side: SideId,
    /// Leads its side.
    pub leader: bool,
    /// Attributes and derived values.
    pub stats: Stats,
    /// Skills outside weapons.
    pub skills: Skills,
    /// Right- or left-handed (M-RHL-001, M-ARM-004).
    pub hand: Hand,
    /// Traits (M-DAT-002).
    pub ambidextrous: bool,
    /// `advanced_all_out_defense` (M-AOD-001).
    pub advanced_aod: bool,
    /// `fencing_dagger` (M-AOD-003).
    pub fencing_dagger: bool,
    /// The unarmed strikes it can make (bits of [`Unarmed::bit`], M-UNA-001).
    pub strikes: u8,
    /// Its own bite damage, for a creature (M-UNA-002 decision); `None`:
    /// the human bite of 1d-4 crushing.
    pub bite: Option<crate::model::data::Mode>,
    /// Weapons, the first the main one.
    pub weapons: Vec<Held>,
    /// Armor worn, with its PD by location worked out at setup.
    pub armor: Worn,
    /// A shield, if any.
    pub shield: Option<CarriedShield>,
    /// Innate PD and DR, magical PD and DR (M-ARM-002/005/006).
    pub innate_pd: i32,
    /// Innate DR.
    pub innate_dr: i32,
    /// Magical PD.
    pub magic_pd: i32,
    /// Magical DR.
    pub magic_dr: i32,
    /// Where it stands.
    pub pos: HexPos,
    /// Which way it faces.
    pub facing: Facing,
    /// Its posture.
    pub posture: Posture,
    /// HP now.
    pub hp: i32,
    /// Fatigue now.
    pub fatigue: i32,
    /// Awake, out or dead.
    pub life: Life,
    /// Stunned, and how it ends.
    pub stun: Option<Stun>,
    /// Crippled limbs (bits of [`Limb::bit`]).
    pub crippled: u8,
    /// Limbs crippled for a while by a critical hit, and the round it ends (M-CRT-004).
    pub crippled_until: [Option<(Limb, u32)>; 2],
    /// Blinded eyes (M-CKS-003).
    pub blind_eyes: u8,
    /// The last -HT threshold whose death check was made (M-PEN-003).
    pub death_checks: u8,
    /// Its maneuver's effect on its defenses.
    pub guard: Guard,
    /// Aiming: at whom, and how many rounds (M-MIS-007/008).
    pub aim: Option<(CombatantId, u8)>,
    /// A feint against it: by whom, how much, until which round (M-MEL-006).
    pub feinted: Option<(CombatantId, i32, u32)>,
    /// Its last maneuver was a feint: the next may be no ranged attack
    /// and no Rapid Attack (M-MEL-007).
    pub just_feinted: bool,
    /// Moved last turn (running, M-AOD-006).
    pub ran: bool,
    /// Its fear rating, -1 to -10, 0 for none (M-MOD-004).
    pub fear: i32,
    /// The frightening foes it has checked against (M-MOD-004).
    pub feared: smallvec::SmallVec<[CombatantId; 2]>,
    /// The foes it has parried since its turn, each once, whatever its id
    /// (the Fencing -1 per other foe under Multiple Foe Defense,
    /// M-AOD-001). Beside [`Guard`], which is `Copy`; emptied with it at
    /// the start of its turn.
    pub parried_foes: smallvec::SmallVec<[CombatantId; 2]>,
    /// Rounds it must flee in panic (M-MOD-004).
    pub panic: u8,
    /// A spell in progress (M-PDF-002): the engine has no spells, only this hook.
    pub casting: bool,
    /// Mounted, and with mounted-combat skill (M-PAT-006).
    pub mounted: (bool, bool),
    /// A lost limb or an organ critical: only Physician stops its bleeding (M-BLD-002).
    pub needs_physician: bool,
    /// Hexes moved this round (M-RNG-004, M-UNA-004).
    pub moved: u8,
    /// This turn's Riding roll, once made: a success (M-PAT-006: one roll
    /// a round covers every attack of the turn from the moving mount).
    pub riding_roll: Option<bool>,
    /// Swerving (1) or heavy evasion (2) until its next turn (M-RNG-007).
    pub evading: u8,
    /// An erratic creature's trait, 3 or 4 (M-RNG-007).
    pub erratic: u8,
    /// Surprised until its first turn (M-PDF-007).
    pub surprised: bool,
    /// Held by a grappler: who, and with how many hands (M-UNA-006).
    pub held_by: Option<(CombatantId, u8)>,
    /// Pinned by its grappler (M-UNA-006, M-UNA-012).
    pub pinned: bool,
    /// The first round it may try to break free again (M-UNA-012).
    pub break_free_from: u32,
    /// Turns of rest (Do Nothing) in a row, toward the next point of
    /// fatigue back (M-PEN-007: 20 rounds).
    pub rested: u8,
    /// Statistics.
    pub record: Record,
}

fray_core::refill_clone!(Fighter {
    arcs: [name],
    option_arcs: [],
    rest: [
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
        pos,
        facing,
        posture,
        hp,
        fatigue,
        life,
        stun,
        crippled,
        crippled_until,
        blind_eyes,
        death_checks,
        guard,
        aim,
        feinted,
        just_feinted,
        ran,
        fear,
        feared,
        parried_foes,
        panic,
        casting,
        mounted,
        needs_physician,
        moved,
        riding_roll,
        evading,
        erratic,
        surprised,
        held_by,
        pinned,
        break_free_from,
        rested,
        record
    ],
});

impl Fighter {
    /// Whether it can make the unarmed strike `u` (M-UNA-001): a shield
    /// bash needs only the shield (M-MEL-010).
    #[inline]
    pub fn strikes_with(&self, u: crate::model::unarmed::Unarmed) -> bool {
        u == crate::model::unarmed::Unarmed::ShieldBash || self.strikes & u.bit() != 0
    }

    /// Conscious and alive.
    #[inline]
    pub fn awake(&self) -> bool {
        self.life == Life::Conscious
    }

    /// Whether `limb` is crippled.
    #[inline]
    pub fn is_crippled(&self, limb: Limb) -> bool {
        self.crippled & limb.bit() != 0
    }

    /// The shield, when ready on the arm and usable.
    #[inline]
    pub fn ready_shield(&self) -> Option<&Arc<Shield>> {
        match &self.shield {
            Some(s) if s.state == ShieldState::Ready => Some(&s.shield),
            _ => None,
        }
    }
}

/// The whole fight.
#[derive(Debug, Serialize)]
pub struct State {
    /// The scenario's title.
    pub name: Arc<str>,
    /// Side names.
    pub sides: Arc<[String]>,
    /// Who answers for the sides and the GM.
    pub seats: Arc<Seats>,
    /// Who controls each fighter, by id: shared, so that copying a state
    /// for the next simulated fight copies no controller's tactics name.
    pub controllers: Arc<[Controller]>,
    /// Everyone.
    pub fighters: Vec<Fighter>,
    /// This round's order (M-FLO-002).
    pub order: Vec<CombatantId>,
    /// Place of each fighter in the tie roll-off made once (M-FLO-002); empty until rolled.
    pub tie_rank: Vec<u16>,
    /// Whose turn it is, as an index into `order`.
    pub cursor: Option<usize>,
    /// `order` is known to hold every fighter sorted by its fixed key
    /// (`rules::turn::order_key`: speed, DX, the tie rank): set by the turn
    /// machinery once it has checked or sorted it, cleared wherever the
    /// order, the roster, the tie ranks or a sheet changes (the roll-off, a
    /// game master's override), so that each later round skips the check
    /// (debug builds check it anyway). Not serialized: a state read back
    /// checks once.
    #[serde(skip)]
    pub order_sorted: bool,
    /// The round (1 from the first).
    pub round: u32,
    /// The round limit.
    pub max_rounds: u32,
    /// The map.
    #[serde(skip)]
    pub map: Arc<Map>,
    /// Rule switches.
    pub options: Arc<Options>,
    /// The aftermath was played (M-BLD, M-HEA, M-NAT).
    pub aftermath_done: bool,
    /// A waiter that lost the Wait contest strikes once the mover's action
    /// is over: (waiter, mover) (M-MEL-011).
    pub deferred: Option<(CombatantId, CombatantId)>,
    /// No hex of the map has terrain or height: the to-hit and defense
    /// terms read from the map are all 0, so the simulator skips the
    /// lookups (set once at setup).
    #[serde(skip)]
    pub open_map: bool,
    /// The scenario's data (the bundled armory with the scenario's data
    /// folders), kept for late arrivals a game master adds (issue 15);
    /// `None`: the bundled armory alone. Fixed through a fight.
    #[serde(skip)]
    pub armory: Option<Arc<crate::model::data::Armory>>,
    /// The identity of the fighters' fixed parts (side, leader flag,
    /// attributes, skills, traits, weapons carried with their skill, armor,
    /// shield, innate and magical PD and DR...: what `ai::memo` pins):
    /// clones share it, and whatever changes one of those parts after
    /// setup renews it (`Stamp::renew`), so the AI's memo compares one
    /// address a lookup instead of every fighter's sheet.
    #[serde(skip)]
    pub stamp: fray_core::memo::Stamp,
    /// Who stands where (issue 35): each fighter's hex, any state of
    /// life, on a field of more than [`fray_core::occupancy::SMALL_FIELD`]
    /// figures (always in debug builds), so that "who is in this hex" is a
    /// search rather than a pass over the field. Kept by [`State::place`],
    /// the one way to move a figure, and rebuilt by [`State::reindex`]
    /// when the roster changes; debug builds compare it with the fighters
    /// after every step.
    #[serde(skip)]
    pub occupancy: Occupancy<HexPos>,
    /// [`State::occupancy`] as a dense grid over the map (issue 35): one
    /// load says a hex is empty or holds one figure; kept with the index
    /// (empty when the index is off).
    #[serde(skip)]
    pub standing: Standing,
}

fray_core::refill_clone!(State {
    arcs: [name, sides, seats, controllers, map, options],
    option_arcs: [armory],
    rest: [
        fighters,
        order,
        tie_rank,
        cursor,
        order_sorted,
        round,
        max_rounds,
        aftermath_done,
        deferred,
        open_map,
        stamp,
        occupancy,
        standing
    ],
});

impl State {
    /// A fighter.
    #[inline]
    pub fn fighter(&self, id: CombatantId) -> &Fighter {
        &self.fighters[id.index()]
    }

    /// A fighter, to change.
    #[inline]
    pub fn fighter_mut(&mut self, id: CombatantId) -> &mut Fighter {
        &mut self.fighters[id.index()]
    }

    /// Every id.
    pub fn ids(&self) -> impl Iterator<Item = CombatantId> + '_ {
        CombatantId::all(self.fighters.len())
    }

    /// Whoever stands on `hex`.
    pub fn at(&self, hex: HexPos) -> Option<CombatantId> {
        self.first_at(hex, |_, f| f.life != Life::Dead)
    }

    /// The first fighter by id standing on `hex` (any state of life) for
    /// which `pred` holds: a search of [`State::occupancy`] when it is
    /// kept, else a pass over everyone (debug builds compare the two).
    #[inline]
    pub fn first_at(
        &self,
        hex: HexPos,
        pred: impl Fn(CombatantId, &Fighter) -> bool,
    ) -> Option<CombatantId> {
        let scan = || {
            self.ids().find(|&id| {
                let f = self.fighter(id);
                f.pos == hex && pred(id, f)
            })
        };
        if !self.occupancy.indexed() {
            return scan();
        }
        let found = match self.standing.on(hex) {
            OnHex::Empty => None,
            OnHex::One(id) => {
                let f = self.fighter(id);
                (f.pos == hex && pred(id, f)).then_some(id)
            }
            OnHex::Ask => self.occupancy.at(hex).find(|&id| {
                let f = self.fighter(id);
                f.pos == hex && pred(id, f)
            }),
        };
        debug_assert_eq!(found, scan(), "the occupancy index at {hex}");
        found
    }

    /// Moves `id` to `to`, keeping [`State::occupancy`] in step: the one
    /// way to change where a figure stands.
    #[inline]
    pub fn place(&mut self, id: CombatantId, to: HexPos) {
        let f = &mut self.fighters[id.index()];
        let from = std::mem::replace(&mut f.pos, to);
        self.occupancy.relocate(from, to, id);
        if from != to && self.occupancy.indexed() {
            self.standing.renew(from, self.occupancy.at(from));
            self.standing.renew(to, self.occupancy.at(to));
        }
    }

    /// Builds [`State::occupancy`] afresh from the fighters (setup, and
    /// after the roster changes).
    pub fn reindex(&mut self) {
        let places = self.fighters.iter().enumerate();
        let places = places.map(|(i, f)| (f.pos, CombatantId::of_index(i)));
        self.occupancy = Occupancy::of(self.fighters.len(), places);
        self.standing = self.standing_afresh();
    }

    /// [`State::standing`] worked out from [`State::occupancy`].
    fn standing_afresh(&self) -> Standing {
        if !self.occupancy.indexed() {
            return Standing::default();
        }
        Standing::over(self.map.spec(), |h| self.occupancy.at(h))
    }

    /// Whether [`State::occupancy`] is off or holds every fighter's hex,
    /// and [`State::standing`] agrees with it (read only while the index
    /// is kept; asserted after every step in debug builds).
    pub fn occupancy_in_step(&self) -> bool {
        let places = self.fighters.iter().enumerate();
        self.occupancy
            .agrees(places.map(|(i, f)| (f.pos, CombatantId::of_index(i))))
            && (!self.occupancy.indexed() || self.standing == self.standing_afresh())
    }
}
