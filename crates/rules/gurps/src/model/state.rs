//! The state of a GURPS fight: plain data, cloned per simulated trial.

use crate::model::data::{AttackMode, Balance, Weapon};
use crate::model::location::{LOCATION_COUNT, Location};
use crate::model::occupancy::Occupancy;
use crate::model::options::Options;
use crate::model::sheet::Trait;
use fray_core::grid::{Facing, HexPos, Pose};
use fray_core::{CombatantId, Controller, SideId};
use serde::Serialize;
use std::sync::Arc;

/// The bit and byte helpers of a word of packed fields ([`CarriedFlags`],
/// [`FighterFlags`]).
macro_rules! packed_word {
    ($($t:ident),*) => {$(
        impl $t {
            /// The word.
            #[inline]
            pub fn bits(self) -> u32 {
                self.0
            }

            #[inline]
            fn has(self, bit: u32) -> bool {
                self.0 & bit != 0
            }

            #[inline]
            fn put(&mut self, bit: u32, on: bool) {
                self.0 = self.0 & !bit | if on { bit } else { 0 };
            }

            /// The eight bits from `shift` up.
            #[inline]
            fn byte(self, shift: u32) -> u8 {
                (self.0 >> shift) as u8
            }

            #[inline]
            fn put_byte(&mut self, shift: u32, v: u8) {
                self.0 = self.0 & !(0xFF << shift) | u32::from(v) << shift;
            }
        }
    )*};
}

packed_word!(CarriedFlags, FighterFlags);

/// A getter and a setter for each named bit of a packed word field.
macro_rules! flag_accessors {
    ($field:ident: $( $(#[$doc:meta])* $get:ident, $set:ident = $bit:expr; )*) => {
        $(
            $(#[$doc])*
            #[inline]
            pub fn $get(&self) -> bool {
                self.$field.has($bit)
            }
            #[doc = concat!("Sets [`Self::", stringify!($get), "`].")]
            #[inline]
            pub fn $set(&mut self, on: bool) {
                self.$field.put($bit, on);
            }
        )*
    };
}

fray_core::postures! {
    /// Posture (G-POS-001..011).
    pub enum Posture, lying: "Lying prone or face up.";
}

impl Posture {
    /// G-POS-002..007: modifier to own melee attacks (G-POS-002 standing,
    /// G-POS-003 crouching, G-POS-004 kneeling, G-POS-005 sitting,
    /// G-POS-006 crawling, G-POS-007 lying).
    pub fn attack(self) -> i32 {
        match self {
            Posture::Standing => 0,
            Posture::Crouching | Posture::Kneeling | Posture::Sitting => -2,
            Posture::Crawling | Posture::Lying => -4,
        }
    }
    /// G-POS-002..007: modifier to own active defenses.
    pub fn defense(self) -> i32 {
        match self {
            Posture::Standing | Posture::Crouching => 0,
            Posture::Kneeling | Posture::Sitting => -2,
            Posture::Crawling | Posture::Lying => -3,
        }
    }
    /// G-POS-001..007: modifier to ranged attacks on the torso, groin or legs.
    pub fn target(self) -> i32 {
        match self {
            Posture::Standing => 0,
            _ => -2,
        }
    }
    /// G-POS-007 decision: lying figures use reach C only; G-POS-006: crawling likewise.
    pub fn close_only(self) -> bool {
        self.down()
    }
}

/// Kind of stun, which sets the recovery roll (G-INJ-010 decision).
///
/// The discriminants are the AI memo's codes for a fighter's stun (0 is
/// not stunned), so its key reads `s as u8` instead of a `match`
/// (issue 10); they do not show in the serialized form (the names do).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Stun {
    /// From injury or knockdown: HT to recover.
    Physical = 1,
    /// From surprise or fright: IQ to recover, +6 with Combat Reflexes.
    Mental = 2,
}

/// Whether a combatant is conscious, and alive.
///
/// The discriminants are the AI memo's codes, read `as u8` by its key
/// (issue 10); the serialized form is the names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Life {
    /// Awake.
    Conscious = 0,
    /// Knocked out or passed out.
    Unconscious = 1,
    /// Dead (G-INJ-013, G-INJ-014).
    Dead = 2,
}

/// The maneuver a combatant chose last, which limits its defenses until its
/// next turn (G-TURN-002).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stance {
    /// No limit.
    #[default]
    Normal,
    /// All-Out Attack: no defense (G-AOA-006).
    AllOutAttack,
    /// All-Out Defense, Increased: +2 to one defense (G-AOD-001).
    IncreasedDefense(DefenseKind),
    /// All-Out Defense, Double (G-AOD-002).
    DoubleDefense,
    /// Move and Attack: Dodge or Block only, no Retreat (G-MAA-006).
    MoveAndAttack,
}

/// The three active defenses.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum DefenseKind {
    /// Dodge.
    Dodge,
    /// Parry.
    Parry,
    /// Block.
    Block,
    /// A blocking spell cast in place of an active defense (G-SPL-012).
    Spell,
}

/// A weapon as carried: its data, the wielder's skill, and whether it is ready.
///
/// Its flags and counters that change in a fight are packed in one word
/// ([`CarriedFlags`]), read and written through the accessors below
/// ([`Carried::ready`], [`Carried::set_ready`], [`Carried::add_parry`]...);
/// it serializes as the fields it packs, under their names and types.
#[derive(Debug)]
pub struct Carried {
    /// The armory entry.
    pub weapon: Arc<Weapon>,
    /// Effective skill for each attack mode (sheet skill, or the default).
    pub skill: Arc<[i32]>,
    /// Ready, attacked, parried before the turn, broken, taken, loaded, the
    /// parries and the reload left, and whether the weapon is unbalanced.
    pub flags: CarriedFlags,
    /// Lying on the ground here after a drop (G-INJ-008).
    pub dropped_at: Option<HexPos>,
    /// The weapon's own HP left, for attacks on it (G-ATK-013).
    pub hp: i32,
    /// Not a weapon but a charged melee or missile spell in the hand
    /// (G-SPL-011); it leaves the list once thrown, discharged or dropped.
    pub spell: Option<HeldSpell>,
    /// What the weapon and its wielder's skills fix for the fight
    /// ([`CarriedFixed::of`]), worked out when it is carried.
    pub fixed: CarriedFixed,
}

// Refilling a carried weapon writes no shared reference count
// ([`fray_core::refill`]): the weapon and its skills are the start state's,
// shared by every worker thread.
fray_core::refill_clone!(Carried {
    arcs: [weapon, skill],
    option_arcs: [],
    rest: [flags, dropped_at, hp, spell, fixed],
});

/// A carried weapon's flags and counters that change in a fight, in one
/// word (issue 10: the AI's memo copies it into its key masked, in one
/// step, instead of packing field after field). Read and written only
/// through [`Carried`]'s accessors.
///
/// Bits: 0 ready, 1 attacked, 2 parried before the turn, 3 broken, 4 taken,
/// 5 loaded; 6 and 7 always clear; 8-15 the parries (a whole `u8`, as
/// before: nothing is cut); 16-23 the Ready maneuvers left to reload (a
/// whole `u8`); 25 and 26 both set when the weapon is unbalanced (fixed
/// when it is carried, [`Carried::new`]).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CarriedFlags(u32);

impl CarriedFlags {
    /// Ready in hand.
    pub const READY: u32 = 1;
    /// An unbalanced weapon attacked this turn, so cannot parry (G-DEF-005).
    pub const ATTACKED: u32 = 1 << 1;
    /// It parried between the wielder's last turn and this one, so an
    /// unbalanced weapon cannot attack this turn (G-DEF-005 decision): a
    /// feint's follow-up with it is thrown away too (G-FNT-004).
    pub const PARRIED_BEFORE_TURN: u32 = 1 << 2;
    /// Broken on a critical miss or by an attack on it (G-EXT-009, G-ATK-012).
    pub const BROKEN: u32 = 1 << 3;
    /// Taken away by a foe's grip (G-GRP-003): out of the fight.
    pub const TAKEN: u32 = 1 << 4;
    /// A missile weapon holds a shot (bows, crossbows, slings).
    pub const LOADED: u32 = 1 << 5;
    /// The first bit of the parries made since the wielder's last turn
    /// began (G-DEF-003), eight bits.
    pub const PARRIES_SHIFT: u32 = 8;
    /// The first bit of the Ready maneuvers still needed to load the next
    /// shot (G-RDY-001), eight bits.
    pub const RELOAD_SHIFT: u32 = 16;
    /// The first of the two bits set for an unbalanced weapon (G-DEF-005):
    /// shifted down by this, they are [`CarriedFlags::ATTACKED`] and
    /// [`CarriedFlags::PARRIED_BEFORE_TURN`], so a mask that keeps those
    /// two only for an unbalanced weapon is a shift and an `and`.
    pub const UNBALANCED_SHIFT: u32 = 24;
    /// Both bits of an unbalanced weapon.
    pub const UNBALANCED: u32 = (CarriedFlags::ATTACKED | CarriedFlags::PARRIED_BEFORE_TURN)
        << CarriedFlags::UNBALANCED_SHIFT;
}

impl std::fmt::Debug for CarriedFlags {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CarriedFlags")
            .field("ready", &self.has(CarriedFlags::READY))
            .field("attacked", &self.has(CarriedFlags::ATTACKED))
            .field(
                "parried_before_turn",
                &self.has(CarriedFlags::PARRIED_BEFORE_TURN),
            )
            .field("broken", &self.has(CarriedFlags::BROKEN))
            .field("taken", &self.has(CarriedFlags::TAKEN))
            .field("loaded", &self.has(CarriedFlags::LOADED))
            .field("parries", &self.byte(CarriedFlags::PARRIES_SHIFT))
            .field("reload_left", &self.byte(CarriedFlags::RELOAD_SHIFT))
            .field("unbalanced", &self.has(CarriedFlags::UNBALANCED))
            .finish()
    }
}

impl Serialize for Carried {
    /// The fields as they were before [`CarriedFlags`] packed them: the
    /// same names, types and order (session saves, the CLI's JSON).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let Carried {
            weapon,
            skill,
            flags: _,
            dropped_at,
            hp,
            spell,
            fixed: _,
        } = self;
        let mut st = s.serialize_struct("Carried", 13)?;
        st.serialize_field("weapon", weapon)?;
        st.serialize_field("skill", skill)?;
        st.serialize_field("ready", &self.ready())?;
        st.serialize_field("dropped_at", dropped_at)?;
        st.serialize_field("parries", &self.parries())?;
        st.serialize_field("attacked", &self.attacked())?;
        st.serialize_field("parried_before_turn", &self.parried_before_turn())?;
        st.serialize_field("broken", &self.broken())?;
        st.serialize_field("taken", &self.taken())?;
        st.serialize_field("hp", hp)?;
        st.serialize_field("loaded", &self.loaded())?;
        st.serialize_field("reload_left", &self.reload_left())?;
        st.serialize_field("spell", spell)?;
        st.end()
    }
}

/// What a carried weapon's data and its wielder's skills fix for the whole
/// fight, worked out once when the weapon is carried instead of at every
/// parry: the parry base (G-DEF-002) and whether a bare-handed parry is
/// trained (G-EXT-023, G-DEF-009). Debug builds check each read against
/// [`CarriedFixed::of`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CarriedFixed {
    /// [`Carried::parry_base`]: the parrying mode and its base.
    pub parry: Option<(usize, i32)>,
    /// An unarmed attack whose wielder knows Judo or Karate: it parries a
    /// swung weapon without the -3 (G-EXT-023).
    pub judo_or_karate: bool,
    /// An unarmed attack whose wielder knows Boxing, Judo or Karate: it
    /// parries with the fencing retreat bonus (G-DEF-009).
    pub trained_hands: bool,
}

impl CarriedFixed {
    /// The fixed values of `w` in `wielder`'s hands.
    pub fn of(w: &Carried, wielder: &Fighter) -> CarriedFixed {
        let unarmed = w.weapon.unarmed.is_some();
        CarriedFixed {
            parry: w.parry_base(),
            judo_or_karate: unarmed && wielder.skill_level(&["Judo", "Karate"]).is_some(),
            trained_hands: unarmed && wielder.skill_level(&["Boxing", "Judo", "Karate"]).is_some(),
        }
    }

    /// Works out every weapon's fixed values (at setup, and whenever a
    /// weapon is carried).
    pub fn fix_all(f: &mut Fighter) {
        let mut weapons = std::mem::take(&mut f.weapons);
        for w in &mut weapons {
            w.fixed = CarriedFixed::of(w, f);
        }
        f.weapons = weapons;
    }
}

impl Carried {
    /// A weapon (or a charged spell) newly carried: ready and loaded, with
    /// no parries, no reload left, nothing broken or taken, and its
    /// balance fixed in [`Carried::flags`]. `fixed` waits for the wielder
    /// ([`CarriedFixed::of`]).
    pub fn new(
        weapon: Arc<Weapon>,
        skill: Arc<[i32]>,
        hp: i32,
        spell: Option<HeldSpell>,
    ) -> Carried {
        let unbalanced = if weapon.balance == Some(Balance::Unbalanced) {
            CarriedFlags::UNBALANCED
        } else {
            0
        };
        Carried {
            weapon,
            skill,
            flags: CarriedFlags(CarriedFlags::READY | CarriedFlags::LOADED | unbalanced),
            dropped_at: None,
            hp,
            spell,
            fixed: CarriedFixed::default(),
        }
    }
    flag_accessors! { flags:
        /// Ready in hand.
        ready, set_ready = CarriedFlags::READY;
        /// An unbalanced weapon attacked this turn, so cannot parry (G-DEF-005).
        attacked, set_attacked = CarriedFlags::ATTACKED;
        /// It parried between the wielder's last turn and this one, so an
        /// unbalanced weapon cannot attack this turn (G-DEF-005 decision).
        parried_before_turn, set_parried_before_turn = CarriedFlags::PARRIED_BEFORE_TURN;
        /// Broken on a critical miss or by an attack on it (G-EXT-009, G-ATK-012).
        broken, set_broken = CarriedFlags::BROKEN;
        /// Taken away by a foe's grip (G-GRP-003): out of the fight.
        taken, set_taken = CarriedFlags::TAKEN;
        /// A missile weapon holds a shot (bows, crossbows, slings).
        loaded, set_loaded = CarriedFlags::LOADED;
    }
    /// Parries made since the wielder's last turn began (G-DEF-003).
    #[inline]
    pub fn parries(&self) -> u8 {
        self.flags.byte(CarriedFlags::PARRIES_SHIFT)
    }
    /// Sets [`Carried::parries`] (G-DEF-003).
    #[inline]
    pub fn set_parries(&mut self, n: u8) {
        self.flags.put_byte(CarriedFlags::PARRIES_SHIFT, n);
    }
    /// The wielder's turn begins: the parries start again from none
    /// (G-DEF-003), whether the weapon parried is kept for this turn as
    /// [`Carried::parried_before_turn`] (an unbalanced weapon that parried
    /// cannot attack, G-DEF-005 decision), and [`Carried::attacked`] is
    /// cleared (G-DEF-005). Field by field: the compiler merges the writes
    /// into one (the instruction count equals a one-word reset's).
    #[inline]
    pub fn start_turn(&mut self) {
        let parried = self.flags.byte(CarriedFlags::PARRIES_SHIFT) > 0;
        self.flags.put(CarriedFlags::PARRIED_BEFORE_TURN, parried);
        self.flags.put_byte(CarriedFlags::PARRIES_SHIFT, 0);
        self.flags.put(CarriedFlags::ATTACKED, false);
    }
    /// One more parry (G-DEF-003), saturating at `u8::MAX` as the count
    /// always has.
    #[inline]
    pub fn add_parry(&mut self) {
        self.set_parries(self.parries().saturating_add(1));
    }
    /// Ready maneuvers still needed to load the next shot (G-RDY-001).
    #[inline]
    pub fn reload_left(&self) -> u8 {
        self.flags.byte(CarriedFlags::RELOAD_SHIFT)
    }
    /// Sets [`Carried::reload_left`] (G-RDY-001).
    #[inline]
    pub fn set_reload_left(&mut self, n: u8) {
        self.flags.put_byte(CarriedFlags::RELOAD_SHIFT, n);
    }
    /// Whether it is held in a hand, and so can be dropped: fists, feet,
    /// teeth and claws are not (G-INJ-008, G-LOC-010, G-EXT-007/009/010:
    /// only held items drop).
    pub fn is_held(&self) -> bool {
        self.weapon.unarmed.is_none()
    }
    /// An attack mode by index.
    #[inline]
    pub fn mode(&self, i: usize) -> Option<&AttackMode> {
        self.weapon.modes.get(i)
    }
    /// The best Parry base for this weapon: floor(skill/2) + 3 + mode parry (G-DEF-002).
    pub fn parry_base(&self) -> Option<(usize, i32)> {
        self.weapon
            .modes
            .iter()
            .enumerate()
            .filter(|(_, m)| m.is_melee())
            .filter_map(|(i, m)| m.parry.map(|p| (i, self.skill[i] / 2 + 3 + p)))
            .max_by_key(|&(i, v)| (v, std::cmp::Reverse(i)))
    }
    /// Whether the weapon is a fencing weapon.
    #[inline]
    pub fn is_fencing(&self) -> bool {
        self.weapon.balance == Some(Balance::Fencing)
    }
    /// Whether the weapon is unbalanced.
    #[inline]
    pub fn is_unbalanced(&self) -> bool {
        let fixed = self.flags.has(CarriedFlags::UNBALANCED);
        debug_assert_eq!(
            fixed,
            self.weapon.balance == Some(Balance::Unbalanced),
            "the balance fixed when the weapon was carried"
        );
        fixed
    }
    /// Whether mode `i` is a ranged mode (no reach).
    #[inline]
    pub fn is_ranged(&self, i: usize) -> bool {
        self.mode(i).is_some_and(|m| !m.is_melee())
    }
    /// Whether any of the weapon's modes is ranged (it can shoot or be
    /// thrown).
    #[inline]
    pub fn has_ranged_mode(&self) -> bool {
        (0..self.weapon.modes.len()).any(|m| self.is_ranged(m))
    }
    /// Whether mode `i` throws the weapon itself (knives, axes, spears).
    #[inline]
    pub fn is_thrown(&self, i: usize) -> bool {
        self.mode(i).is_some_and(|m| {
            !m.is_melee()
                && (m.name.eq_ignore_ascii_case("thrown")
                    || m.skill
                        .as_deref()
                        .unwrap_or(&self.weapon.skill)
                        .to_ascii_lowercase()
                        .starts_with("thrown"))
        })
    }
}

/// A charged melee or missile spell held in the hand (G-SPL-011).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct HeldSpell {
    /// The spell, numbered in the caster's spell list.
    pub spell: u8,
    /// The energy put in (a missile's dice).
    pub energy: u8,
}

/// A spell the combatant knows, with its skill.
#[derive(Clone, Debug, Serialize)]
pub struct KnownSpell {
    /// The grimoire entry.
    pub spell: Arc<crate::model::spell::Spell>,
    /// Skill level.
    pub skill: i32,
}

/// A spell being cast: one Concentrate maneuver per second (G-CON-001)
/// until the casting roll at the end of the last one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Casting {
    /// The spell, numbered in the caster's spell list.
    pub spell: u8,
    /// The subject of a Regular spell (the caster when it names none).
    pub subject: Option<CombatantId>,
    /// The centre of an Area spell.
    pub at: Option<HexPos>,
    /// Energy put in, before any reduction for skill.
    pub energy: u8,
    /// An Area spell's radius in yards, or the radius an Information
    /// spell searches, in map tiles.
    pub radius: u16,
    /// Information spells: known items passed over (G-SPL-013).
    pub ignore: u8,
    /// Seconds of concentration done.
    pub seconds: u8,
    /// Seconds the spell needs.
    pub needed: u8,
    /// A Wizard's Baton or Staff (its weapon number) pointed at the subject
    /// from the start (G-SPL-004).
    pub implement: Option<(u8, crate::model::data::Implement)>,
}

/// A shield or cloak as carried.
#[derive(Debug, Serialize)]
pub struct CarriedShield {
    /// Its name.
    pub name: Arc<str>,
    /// Defense Bonus.
    pub db: i32,
    /// Shield or Cloak skill.
    pub skill: i32,
    /// Ready (strapped on).
    pub ready: bool,
}

// Refilled in place ([`fray_core::refill`]): a derived `clone_from` cloned
// the name's `Arc` on every fight's refill, a reference count every
// simulator thread writes (issue 38).
fray_core::refill_clone!(CarriedShield {
    arcs: [name],
    option_arcs: [],
    rest: [db, skill, ready],
});

/// Fixed statistics, derived once at setup.
#[derive(Clone, Debug, Serialize)]
pub struct Stats {
    /// Strength.
    pub st: i32,
    /// Dexterity.
    pub dx: i32,
    /// Intelligence.
    pub iq: i32,
    /// Health.
    pub ht: i32,
    /// Maximum HP.
    pub hp: i32,
    /// Maximum FP.
    pub fp: i32,
    /// Will.
    pub will: i32,
    /// Perception.
    pub per: i32,
    /// Basic Speed in quarters.
    pub speed_quarters: i32,
    /// Move after encumbrance.
    pub move_: i32,
    /// Dodge before situational modifiers: floor(Speed) + 3 - encumbrance + bought levels.
    pub dodge: i32,
    /// Encumbrance level 0-4.
    pub encumbrance: u8,
    /// Size Modifier.
    pub sm: i32,
    /// The body type: hit-location table and locations (G-LOC-006 decision).
    #[serde(skip_serializing_if = "is_humanoid")]
    pub body_type: crate::model::location::BodyType,
    /// Natural DR on every location (part of `Fighter::dr`).
    pub natural_dr: i32,
    /// Basic Lift in pounds (G-EXT-014), for parrying heavy weapons (G-EXT-025).
    pub basic_lift: f32,
    /// Magery level: a missile spell's energy per second of casting.
    pub magery: i32,
    /// Traits.
    pub traits: crate::model::sheet::TraitSet,
}

fn is_humanoid(b: &crate::model::location::BodyType) -> bool {
    *b == crate::model::location::BodyType::Humanoid
}

impl Stats {
    /// Whether the combatant has a trait.
    pub fn has(&self, t: Trait) -> bool {
        self.traits.contains(&t)
    }
}

/// A fighter's crippled locations ([`Fighter::crippled`]): each location
/// at most once, so they always fit.
pub type Crippled = arrayvec::ArrayVec<Location, LOCATION_COUNT>;

/// One combatant.
#[derive(Debug)]
pub struct Fighter {
    /// Name from the scenario.
    pub name: Arc<str>,
    /// Side.
    pub side: SideId,
    /// Who controls it.
    pub controller: Arc<Controller>,
    /// Knobs for an AI controller (aim, retreat).
    pub ai: crate::model::tactics::Knobs,
    /// Lasting situation modifiers from the scenario (G-ATK-026).
    pub situation: Situation,
    /// Fixed statistics.
    pub stats: Stats,
    /// Skills by name (for defaults and contests).
    pub skills: Arc<[(String, i32)]>,
    /// The best level among the unarmed skills the sheet lists
    /// (`rules::maneuver::UNARMED_SKILLS`), fixed with the skills at setup:
    /// a feint's resistance (G-FNT-002) reads it at every feint weighed or
    /// rolled instead of comparing skill names. Debug builds check each read
    /// against the skills. Follows from `skills`, so neither the AI's memo
    /// nor the odds key reads it.
    pub unarmed_skill: Option<i32>,
    /// Played by the first AI (`ai:basic...`, [`Tactics::is_basic`] of the
    /// controller), fixed at setup: the AI asks at every decision and
    /// every defense, and the controller's tactics are a name. Debug
    /// builds check each read. Follows from the controller, so neither the
    /// AI's memo nor the odds key reads it.
    ///
    /// [`Tactics::is_basic`]: crate::model::tactics::Tactics::is_basic
    pub basic_ai: bool,
    /// Weapons carried (and a charged spell in hand, last).
    pub weapons: Vec<Carried>,
    /// Spells known, in the sheet's (alphabetical) order.
    pub spells: Arc<[KnownSpell]>,
    /// The spell being cast, if any (G-CON-001, G-SPL-001).
    pub casting: Option<Casting>,
    /// The per-turn flags (a blocking spell cast, asleep, the stun's -4
    /// kept, blocked, off balance, dropped guard, Do Nothing next, mortally
    /// wounded, suffocating) and the turns left frozen, in one word: read
    /// and written through the accessors ([`Fighter::blocked`],
    /// [`Fighter::set_blocked`]...).
    pub flags: FighterFlags,
    /// Shield or cloak.
    pub shield: Option<CarriedShield>,
    /// DR by location (armor plus natural).
    pub dr: [i32; LOCATION_COUNT],
    /// DR by location against crushing blows: lower than `dr` where split
    /// DR is worn (mail is 4/2, G-DMG-003).
    pub crushing_dr: [i32; LOCATION_COUNT],
    /// Locations covered only by flexible armor, for blunt trauma (G-EXT-021).
    pub flexible: [bool; LOCATION_COUNT],
    /// Current HP.
    pub hp: i32,
    /// Current FP.
    pub fp: i32,
    /// Position and facing.
    pub pose: Pose,
    /// Posture.
    pub posture: Posture,
    /// Conscious, unconscious or dead.
    pub life: Life,
    /// Stunned, and how.
    pub stun: Option<Stun>,
    /// Shock for this turn (G-INJ-001).
    pub shock: i32,
    /// Injury taken since the last turn began, feeding next turn's shock.
    pub injury_since_turn: i32,
    /// Limit on defenses from the last maneuver (G-TURN-002).
    pub stance: Stance,
    /// Retreated from this attacker since the last turn began (G-DEF-010).
    pub retreated_from: Option<CombatantId>,
    /// Death checks already made, as multiples of -HP (G-INJ-013).
    pub death_checks: i32,
    /// Crippled locations (G-LOC-009), each once (pushed only when not
    /// there yet): inline, room for all [`LOCATION_COUNT`], so crippling
    /// one allocates nothing and reading them costs what a `Vec` costs.
    pub crippled: Crippled,
    /// Feint won against a foe, for the next attack (G-FNT-003).
    pub feint: Option<Feint>,
    /// Aiming a ranged weapon (G-AIM-001..005).
    pub aim: Option<AimState>,
    /// Dodged and dropped against this attacker this turn: +3 to Dodge its
    /// other attacks until the next turn (G-DEF-012).
    pub dropped_vs: Option<CombatantId>,
    /// A torn muscle: -1 to attacks and defenses until the start of this
    /// turn number, and -3 to unarmed attacks for the fight (G-EXT-010 row 15).
    pub torn_until_turn: u32,
    /// Torn muscle's lasting penalty to unarmed attacks (0, -1 or -3).
    pub torn_muscle: i32,
    /// The hexsides this figure controls after entering a foe's hex (G-CC-001).
    pub close: Option<CloseEntry>,
    /// What this figure holds in its grip (G-GRP-001..017).
    pub grip: Option<Grip>,
    /// Shock cap for the injury since the last turn: 4, or 8 after a doubled hit (G-INJ-004).
    pub shock_cap: i32,
    /// Where this combatant began its current or last turn (G-DEF-014).
    pub turn_start: HexPos,
    /// The second hex a lying or crawling humanoid fills (G-POS-009).
    pub body: Option<HexPos>,
    /// Thrown down by this foe, who places the body (G-GRP-007).
    pub thrown_by: Option<CombatantId>,
    /// Consecutive turns ending with a Move that went somewhere (G-MOV-002).
    pub move_streak: u32,
    /// Consecutive turns of sprinting, for the HT roll every 15 (G-MOV-003).
    pub sprint_turns: u32,
    /// Leads its side for initiative (G-TURN-006).
    pub leader: bool,
    /// A Wait declared on the last turn, until it goes off or the next turn
    /// begins (G-WAIT-001).
    pub waiting: Option<Waiting>,
    /// Turns spent watching one hex with a ranged weapon: they count as
    /// Aim (G-RNG-006).
    pub watch: Option<Watch>,
    /// Set while a Wait's response is resolved (G-STP-002, G-RNG-005).
    pub responding: Option<Responding>,
    /// A pinned figure's next try to break free waits for this turn (G-GRP-017).
    pub next_break_free: u32,
    /// Hexes moved on the last turn.
    pub moved: u32,
    /// Turns this combatant has taken.
    pub turns: u32,
    /// Statistics: injury inflicted, injury taken, knockdowns and stuns.
    pub record: Record,
}

/// A fighter's flags that change in a fight, in one word (issue 10: the
/// AI's memo copies it into its key masked, in one step). Read and written
/// only through [`Fighter`]'s accessors.
///
/// Bits: 0 a blocking spell cast, 1 asleep, 2 the stun's -4 to defenses
/// kept, 3 blocked, 4 off balance, 5 dropped guard, 6 Do Nothing next, 7
/// mortally wounded, 8 suffocating; 16-23 the turns left frozen (a whole
/// `u8`, as before).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct FighterFlags(u32);

impl std::fmt::Debug for FighterFlags {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        type F = FighterFlags;
        f.debug_struct("FighterFlags")
            .field("blocking_spell", &self.has(F::BLOCKING_SPELL))
            .field("asleep", &self.has(F::ASLEEP))
            .field(
                "stun_defense_until_turn",
                &self.has(F::STUN_DEFENSE_UNTIL_TURN),
            )
            .field("blocked", &self.has(F::BLOCKED))
            .field("off_balance", &self.has(F::OFF_BALANCE))
            .field("dropped_guard", &self.has(F::DROPPED_GUARD))
            .field("do_nothing_next", &self.has(F::DO_NOTHING_NEXT))
            .field("mortal_wound", &self.has(F::MORTAL_WOUND))
            .field("suffocating", &self.has(F::SUFFOCATING))
            .field("frozen", &self.byte(F::FROZEN_SHIFT))
            .finish()
    }
}

impl FighterFlags {
    /// A blocking spell was cast since the last turn began (G-SPL-012).
    pub const BLOCKING_SPELL: u32 = 1;
    /// Asleep from a Sleep spell: down until a blow wakes it.
    pub const ASLEEP: u32 = 1 << 1;
    /// The -4 to defenses stays until the next turn even after recovery
    /// (G-DEF-015 decision).
    pub const STUN_DEFENSE_UNTIL_TURN: u32 = 1 << 2;
    /// A block was used since the last turn began (G-DEF-006).
    pub const BLOCKED: u32 = 1 << 3;
    /// Off balance after a critical miss (G-EXT-009 row 7, G-EXT-010 9-11).
    pub const OFF_BALANCE: u32 = 1 << 4;
    /// Dropped guard (G-EXT-010 row 13).
    pub const DROPPED_GUARD: u32 = 1 << 5;
    /// Must Do Nothing on the next turn (G-EXT-008 row 8).
    pub const DO_NOTHING_NEXT: u32 = 1 << 6;
    /// Mortally wounded (G-EXT-031).
    pub const MORTAL_WOUND: u32 = 1 << 7;
    /// Choking after strangling damage got through (G-GRP-010).
    pub const SUFFOCATING: u32 = 1 << 8;
    /// Every flag bit.
    pub const ALL: u32 = (1 << 9) - 1;
    /// The flags that last until the fighter's next turn begins, cleared
    /// then in one `and` ([`Fighter::start_turn_flags`]): a blocking spell
    /// (G-SPL-012), a block used (G-DEF-006), off balance (G-EXT-009 row 7,
    /// G-EXT-010 9-11), a dropped guard (G-EXT-010 row 13) and the stun's
    /// -4 kept (G-DEF-015 decision).
    pub const UNTIL_TURN: u32 = FighterFlags::BLOCKING_SPELL
        | FighterFlags::BLOCKED
        | FighterFlags::OFF_BALANCE
        | FighterFlags::DROPPED_GUARD
        | FighterFlags::STUN_DEFENSE_UNTIL_TURN;
    /// The first bit of the turns of Do Nothing left frozen (G-TURN-005),
    /// eight bits.
    pub const FROZEN_SHIFT: u32 = 16;
}

impl Serialize for Fighter {
    /// The fields as they were before [`FighterFlags`] packed some of them:
    /// the same names, types and order (session saves, the CLI's JSON).
    /// `unarmed_skill` and `basic_ai` follow from the sheet and are left
    /// out, as they always were.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let Fighter {
            name,
            side,
            controller,
            ai,
            situation,
            stats,
            skills,
            unarmed_skill: _,
            basic_ai: _,
            weapons,
            spells,
            casting,
            flags: _,
            shield,
            dr,
            crushing_dr,
            flexible,
            hp,
            fp,
            pose,
            posture,
            life,
            stun,
            shock,
            injury_since_turn,
            stance,
            retreated_from,
            death_checks,
            crippled,
            feint,
            aim,
            dropped_vs,
            torn_until_turn,
            torn_muscle,
            close,
            grip,
            shock_cap,
            turn_start,
            body,
            thrown_by,
            move_streak,
            sprint_turns,
            leader,
            waiting,
            watch,
            responding,
            next_break_free,
            moved,
            turns,
            record,
        } = self;
        let mut st = s.serialize_struct("Fighter", 57)?;
        st.serialize_field("name", name)?;
        st.serialize_field("side", side)?;
        st.serialize_field("controller", controller)?;
        st.serialize_field("ai", ai)?;
        st.serialize_field("situation", situation)?;
        st.serialize_field("stats", stats)?;
        st.serialize_field("skills", skills)?;
        st.serialize_field("weapons", weapons)?;
        st.serialize_field("spells", spells)?;
        st.serialize_field("casting", casting)?;
        st.serialize_field("blocking_spell", &self.blocking_spell())?;
        st.serialize_field("asleep", &self.asleep())?;
        st.serialize_field("shield", shield)?;
        st.serialize_field("dr", dr)?;
        st.serialize_field("crushing_dr", crushing_dr)?;
        st.serialize_field("flexible", flexible)?;
        st.serialize_field("hp", hp)?;
        st.serialize_field("fp", fp)?;
        st.serialize_field("pose", pose)?;
        st.serialize_field("posture", posture)?;
        st.serialize_field("life", life)?;
        st.serialize_field("stun", stun)?;
        st.serialize_field("stun_defense_until_turn", &self.stun_defense_until_turn())?;
        st.serialize_field("shock", shock)?;
        st.serialize_field("injury_since_turn", injury_since_turn)?;
        st.serialize_field("stance", stance)?;
        st.serialize_field("blocked", &self.blocked())?;
        st.serialize_field("retreated_from", retreated_from)?;
        st.serialize_field("death_checks", death_checks)?;
        st.serialize_field("crippled", crippled)?;
        st.serialize_field("feint", feint)?;
        st.serialize_field("aim", aim)?;
        st.serialize_field("dropped_vs", dropped_vs)?;
        st.serialize_field("off_balance", &self.off_balance())?;
        st.serialize_field("dropped_guard", &self.dropped_guard())?;
        st.serialize_field("torn_until_turn", torn_until_turn)?;
        st.serialize_field("torn_muscle", torn_muscle)?;
        st.serialize_field("do_nothing_next", &self.do_nothing_next())?;
        st.serialize_field("close", close)?;
        st.serialize_field("grip", grip)?;
        st.serialize_field("shock_cap", shock_cap)?;
        st.serialize_field("turn_start", turn_start)?;
        st.serialize_field("mortal_wound", &self.mortal_wound())?;
        st.serialize_field("body", body)?;
        st.serialize_field("thrown_by", thrown_by)?;
        st.serialize_field("move_streak", move_streak)?;
        st.serialize_field("sprint_turns", sprint_turns)?;
        st.serialize_field("frozen", &self.frozen())?;
        st.serialize_field("leader", leader)?;
        st.serialize_field("waiting", waiting)?;
        st.serialize_field("watch", watch)?;
        st.serialize_field("responding", responding)?;
        st.serialize_field("suffocating", &self.suffocating())?;
        st.serialize_field("next_break_free", next_break_free)?;
        st.serialize_field("moved", moved)?;
        st.serialize_field("turns", turns)?;
        st.serialize_field("record", record)?;
        st.end()
    }
}

impl Fighter {
    flag_accessors! { flags:
        /// A blocking spell was cast since the last turn began (G-SPL-012).
        blocking_spell, set_blocking_spell = FighterFlags::BLOCKING_SPELL;
        /// Asleep from a Sleep spell: down until a blow wakes it.
        asleep, set_asleep = FighterFlags::ASLEEP;
        /// The -4 to defenses stays until the next turn even after recovery
        /// (G-DEF-015 decision).
        stun_defense_until_turn, set_stun_defense_until_turn = FighterFlags::STUN_DEFENSE_UNTIL_TURN;
        /// A block was used since the last turn began (G-DEF-006).
        blocked, set_blocked = FighterFlags::BLOCKED;
        /// Off balance after a critical miss: no further action and -2 to
        /// defenses until the next turn (G-EXT-009 row 7, G-EXT-010 9-11).
        off_balance, set_off_balance = FighterFlags::OFF_BALANCE;
        /// Dropped guard: -2 to defenses, feints count double, until the
        /// next turn (G-EXT-010 row 13).
        dropped_guard, set_dropped_guard = FighterFlags::DROPPED_GUARD;
        /// Must Do Nothing on the next turn (G-EXT-008 row 8).
        do_nothing_next, set_do_nothing_next = FighterFlags::DO_NOTHING_NEXT;
        /// Mortally wounded (G-EXT-031).
        mortal_wound, set_mortal_wound = FighterFlags::MORTAL_WOUND;
        /// Choking after strangling damage got through: 1 FP a turn (G-GRP-010).
        suffocating, set_suffocating = FighterFlags::SUFFOCATING;
    }

    /// Frozen by total surprise: turns of Do Nothing left before the stun
    /// can be shaken off (G-TURN-005).
    #[inline]
    pub fn frozen(&self) -> u8 {
        self.flags.byte(FighterFlags::FROZEN_SHIFT)
    }

    /// Sets [`Fighter::frozen`] (G-TURN-005).
    #[inline]
    pub fn set_frozen(&mut self, turns: u8) {
        self.flags.put_byte(FighterFlags::FROZEN_SHIFT, turns);
    }

    /// The fighter's turn begins: the flags that last until then
    /// ([`FighterFlags::UNTIL_TURN`]: G-SPL-012, G-DEF-006, G-EXT-009,
    /// G-EXT-010, G-DEF-015) cleared in one `and`.
    #[inline]
    pub fn start_turn_flags(&mut self) {
        self.flags.0 &= !FighterFlags::UNTIL_TURN;
    }

    /// Able to act or defend: conscious and alive.
    pub fn is_conscious(&self) -> bool {
        self.life == Life::Conscious
    }

    /// Whether the combatant has a trait.
    pub fn has(&self, t: Trait) -> bool {
        self.stats.has(t)
    }

    /// Whether the first AI plays this figure ([`Fighter::basic_ai`]).
    #[inline]
    pub fn is_basic_ai(&self) -> bool {
        debug_assert_eq!(
            self.basic_ai,
            crate::model::tactics::Tactics::is_basic(&self.controller),
            "the mind fixed at setup"
        );
        self.basic_ai
    }

    /// G-INJ-011: Move and Dodge are halved (round up) below 1/3 of HP.
    pub fn low_hp(&self) -> bool {
        self.hp * 3 < self.stats.hp
    }

    /// G-FAT-001: Move and Dodge are halved (round up) below 1/3 of FP.
    pub fn low_fp(&self) -> bool {
        self.fp * 3 < self.stats.fp
    }

    /// The legs (and feet) crippled (G-LOC-009), each location once.
    #[inline]
    pub fn legs_lost(&self) -> u32 {
        self.crippled
            .iter()
            .filter(|l| l.is_leg() || l.is_foot())
            .count() as u32
    }

    /// Current Move (G-TAC-002 base, halved for low HP or FP, rounding up
    /// as every "half Move" does, G-EXT-028; less for a body of four or six
    /// legs that lost some, Basic B54-55, G-LOC-010 decision).
    pub fn current_move(&self) -> i32 {
        let mut m = self.stats.move_;
        if !self.crippled.is_empty() {
            let tenths = self.stats.body_type.move_tenths(self.legs_lost());
            if tenths < 10 {
                m = (m * tenths / 10).max(1);
            }
        }
        if self.low_hp() {
            m = (m + 1) / 2;
        }
        if self.low_fp() {
            m = (m + 1) / 2;
        }
        m
    }

    /// The best skill among names (G-DICE-002), falling back to `default`.
    pub fn best_skill(&self, names: &[&str], default: i32) -> i32 {
        self.skills
            .iter()
            .filter(|(n, _)| names.iter().any(|x| n.eq_ignore_ascii_case(x)))
            .map(|&(_, v)| v)
            .fold(default, i32::max)
    }

    /// The best level among the named skills, if the sheet lists any.
    pub fn skill_level(&self, names: &[&str]) -> Option<i32> {
        self.skills
            .iter()
            .filter(|(n, _)| names.iter().any(|x| n.eq_ignore_ascii_case(x)))
            .map(|&(_, v)| v)
            .max()
    }

    /// Whether any weapon in hand is ready for melee.
    pub fn ready_melee(&self) -> impl Iterator<Item = (usize, &Carried)> {
        self.weapons
            .iter()
            .enumerate()
            .filter(|(_, w)| w.ready() && w.weapon.modes.iter().any(AttackMode::is_melee))
    }

    /// Shield DB that counts: the shield must be ready (G-DEF-007).
    pub fn shield_db(&self) -> i32 {
        self.shield.as_ref().filter(|s| s.ready).map_or(0, |s| s.db)
    }

    /// Facing, for short.
    pub fn facing(&self) -> Facing {
        self.pose.facing
    }

    /// Whether the figure fills `hex`: its own, or the second hex of a
    /// lying or crawling body (G-POS-009).
    pub fn occupies(&self, hex: HexPos) -> bool {
        self.pose.pos == hex || self.body == Some(hex)
    }

    /// Whether lying or crawling makes this figure fill two hexes:
    /// humanoids of SM 0 or more (G-POS-009); other bodies keep one.
    pub fn sprawls(&self) -> bool {
        matches!(self.posture, Posture::Lying | Posture::Crawling)
            && self.stats.sm >= 0
            && self.stats.body_type == crate::model::location::BodyType::Humanoid
            && !self.has(Trait::Quadruped)
            && self.life != Life::Dead
    }
}

/// Close combat entered: the hex, the three hexsides the entrant controls
/// (the one it came through and its neighbours), and when (G-CC-001).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CloseEntry {
    /// The shared hex.
    pub hex: HexPos,
    /// The controlled hexsides, as seen from that hex.
    pub sides: [Facing; 3],
    /// The entrant's turn number when it came in (its shield's -DB waits a turn, G-CC-004).
    pub turn: u32,
}

/// A hold on a foe (G-GRP-001..017).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Grip {
    /// Who is held.
    pub target: CombatantId,
    /// Where: a body location, or the held item.
    pub at: GripAt,
    /// Hands used (1 or 2).
    pub hands: u8,
    /// The foe is pinned (G-GRP-008).
    pub pinned: bool,
}

/// What a grip holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GripAt {
    /// A body location.
    Body(Location),
    /// The foe's weapon with this number (G-GRP-003).
    Item(u8),
}

/// A Wait in force (G-WAIT-001..003).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Waiting {
    /// The declaration.
    pub wait: crate::model::action::Wait,
    /// It stepped on its own turn, so the response takes no step (G-WAIT-002).
    pub stepped: bool,
    /// It defended since: a planned All-Out Attack becomes an Attack (G-WAIT-003).
    pub defended: bool,
}

/// One hex watched with a ranged weapon, and for how many turns (G-RNG-006).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Watch {
    /// The hex.
    pub hex: HexPos,
    /// The weapon and its ranged mode.
    pub weapon: u8,
    /// The mode.
    pub mode: u8,
    /// Consecutive turns spent watching it.
    pub turns: u8,
}

/// What a Wait's response carries while it is resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Responding {
    /// The figure that set it off.
    pub foe: CombatantId,
    /// Stop Thrust: +1 damage per 2 full hexes the foe came toward the waiter (G-STP-002).
    pub thrust_bonus: i32,
    /// Opportunity fire: the penalty for the area watched (G-RNG-005).
    pub watch_penalty: i32,
}

/// How the fight begins (G-TURN-005, G-TURN-006): `[surprise]` in a scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Surprise {
    /// `"total"`: the `surprised` sides are caught unaware; `"partial"`:
    /// the sides' leaders roll for initiative and the losers start stunned.
    pub kind: SurpriseKind,
    /// Total surprise: the sides taken unaware, by name.
    #[serde(default)]
    pub surprised: Vec<String>,
    /// Partial surprise: a bonus per side for good preparation (the GM's +1).
    #[serde(default)]
    pub bonus: std::collections::BTreeMap<String, i32>,
}

/// Total or partial surprise.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum SurpriseKind {
    /// G-TURN-005.
    Total,
    /// G-TURN-006.
    Partial,
}

/// Situation modifiers a scenario gives one combatant (G-ATK-026).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields, default)]
pub struct Situation {
    /// Blind: -10 to attacks.
    pub blind: bool,
    /// A distraction (clothes on fire...): 2 to 4 points off attacks.
    pub distraction: u8,
}

/// Turns spent aiming one ranged weapon at one target (G-AIM-001, G-AIM-002).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct AimState {
    /// The target.
    pub target: CombatantId,
    /// The weapon and its ranged mode.
    pub weapon: u8,
    /// The mode.
    pub mode: u8,
    /// Consecutive turns of Aim.
    pub turns: u8,
    /// Braced (+1, G-AIM-002).
    pub braced: bool,
}

impl AimState {
    /// G-AIM-001/002: Acc after one turn, +1 after two, +2 after three or
    /// more (at most Acc+2), +1 more when braced. The only way Acc reaches
    /// the roll (G-RNG-003).
    pub fn bonus(&self, acc: i32) -> i32 {
        let extra = match self.turns {
            0 => return 0,
            1 => 0,
            2 => 1,
            _ => 2,
        };
        acc + extra + i32::from(self.braced)
    }
}

/// A won feint: the margin comes off that foe's defense against the next attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Feint {
    /// The foe feinted.
    pub target: CombatantId,
    /// The margin of victory.
    pub margin: i32,
    /// The feint lapses at the start of the feinter's turn with this number.
    pub expires_before_turn: u32,
}

/// What a combatant did and suffered in this fight, for statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Record {
    /// Injury inflicted on others.
    pub dealt: i32,
    /// Injury taken.
    pub taken: i32,
    /// Times knocked down.
    pub knockdowns: u16,
    /// Times stunned.
    pub stuns: u16,
    /// Critical hits scored on attack rolls (G-EXT-006).
    pub critical_hits: u16,
    /// Critical misses on attack rolls (G-EXT-003).
    pub critical_misses: u16,
}

/// How far [`State::nearest_active_foe`] looks ring by ring at least
/// before it looks at everyone: 127 hexes, more than a duel needs.
pub const NEAR_RINGS: u32 = 6;

/// How far [`State::nearest_active_foe`] looks ring by ring on a field of
/// `figures`: [`NEAR_RINGS`], and further while the hexes looked at stay
/// within half the figures (a hex's lookup costs about two figures' reads
/// in a pass). A battle's rear ranks find their foes ten rings off
/// without a pass over 2,000 figures.
fn ring_limit(figures: usize) -> u32 {
    let mut r = NEAR_RINGS;
    // The hexes within radius r + 1: 1 + 3 (r + 1) (r + 2).
    while 3 * (r as usize + 1) * (r as usize + 2) < figures / 2 {
        r += 1;
    }
    r
}

/// Up to this many fighters a pass over everyone is cheaper than the
/// ring-by-ring lookups (which allocate their rings): a duel or a skirmish.
pub const SMALL_FIELD: usize = 32;

/// The whole fight.
#[derive(Debug, Serialize)]
pub struct State {
    /// Scenario name.
    pub name: Arc<str>,
    /// Side names.
    pub sides: Arc<[String]>,
    /// Who answers for each side and for the game master.
    pub seats: Arc<fray_core::Seats>,
    /// Combatants in scenario order.
    pub fighters: Vec<Fighter>,
    /// Turn order, fixed at the start (G-EXT-015).
    pub order: Vec<CombatantId>,
    /// Index into `order` of the combatant acting now; `None` before the first turn.
    pub cursor: Option<usize>,
    /// Round (1-based once started).
    pub round: u32,
    /// Round limit.
    pub max_rounds: u32,
    /// Map bounds and terrain.
    pub map: Arc<fray_core::grid::Map>,
    /// Rule options.
    pub options: Options,
    /// Surprise at the start, applied with the turn order (G-TURN-005/006).
    pub surprise: Option<Arc<Surprise>>,
    /// The aftermath has been reported (G-AFT-001..005).
    pub aftermath_told: bool,
    /// Who stands where, kept by [`State::place`] (not serialized: it is
    /// the fighters' poses and bodies again).
    #[serde(skip)]
    pub occupancy: Occupancy,
    /// How many fighters hold a grip, kept by [`State::set_grip`]: with
    /// none, "who holds this figure" needs no pass over the field.
    #[serde(skip)]
    pub grips: u32,
    /// The fighters that know spells (fixed at setup): only they can hold
    /// one, so only they need tidying after a maneuver.
    #[serde(skip)]
    pub casters: Arc<[CombatantId]>,
    /// The scenario's data (the bundled armory with the scenario's data
    /// folders), kept for late arrivals a game master adds (issue 15);
    /// `None`: the bundled armory alone. Fixed through a fight.
    #[serde(skip)]
    pub armory: Option<Arc<crate::model::data::Armory>>,
    /// The identity of the fighters' fixed parts (their sheets: statistics,
    /// skills, knobs, controller, shield) and of the scenario's fixed
    /// fields: every clone shares it, and whatever changes such a part after
    /// setup renews it (`Stamp::renew`), so the AI's memo, which pins them
    /// by this stamp instead of comparing them each decision, starts again.
    #[serde(skip)]
    pub stamp: fray_core::memo::Stamp,
}

// Refilled in place ([`fray_core::refill`]): the simulator keeps one state
// per worker and refills it from the start state for every fight; the
// fighters' `Vec` keeps its room, each fighter refilled by its own
// `clone_from` (its weapons keep theirs), and the `Arc`s write no
// reference count shared with the other workers (issues 10, 38).
fray_core::refill_clone!(State {
    arcs: [name, sides, seats, map, casters],
    option_arcs: [surprise, armory],
    rest: [
        fighters,
        order,
        cursor,
        round,
        max_rounds,
        options,
        aftermath_told,
        occupancy,
        grips,
        stamp
    ],
});

// Refilled in place ([`fray_core::refill`]): each fighter's `weapons` keeps
// its room instead of being allocated again (issue 10), and its `Arc`s
// write no reference count shared with the other workers (issue 38).
fray_core::refill_clone!(Fighter {
    arcs: [name, controller, skills, spells],
    option_arcs: [],
    rest: [
        side,
        ai,
        situation,
        stats,
        unarmed_skill,
        basic_ai,
        weapons,
        casting,
        flags,
        shield,
        dr,
        crushing_dr,
        flexible,
        hp,
        fp,
        pose,
        posture,
        life,
        stun,
        shock,
        injury_since_turn,
        stance,
        retreated_from,
        death_checks,
        crippled,
        feint,
        aim,
        dropped_vs,
        torn_until_turn,
        torn_muscle,
        close,
        grip,
        shock_cap,
        turn_start,
        body,
        thrown_by,
        move_streak,
        sprint_turns,
        leader,
        waiting,
        watch,
        responding,
        next_break_free,
        moved,
        turns,
        record
    ],
});

impl State {
    /// A combatant by id. Ids come from the engine, so they are in range.
    #[inline]
    pub fn fighter(&self, id: CombatantId) -> &Fighter {
        &self.fighters[id.index()]
    }

    /// A combatant by id, mutable.
    #[inline]
    pub fn fighter_mut(&mut self, id: CombatantId) -> &mut Fighter {
        &mut self.fighters[id.index()]
    }

    /// Whether a combatant id exists.
    pub fn exists(&self, id: CombatantId) -> bool {
        id.index() < self.fighters.len()
    }

    /// Moves `id` to `pose`, its sprawled body (if any) to `body`, and
    /// keeps [`State::occupancy`] in step: the one way to change where a
    /// figure stands.
    pub fn place(&mut self, id: CombatantId, pose: Pose, body: Option<HexPos>) {
        let f = &mut self.fighters[id.index()];
        let (old_pos, old_body) = (f.pose.pos, f.body);
        f.pose = pose;
        f.body = body;
        if (old_pos, old_body) == (pose.pos, body) {
            return;
        }
        if let Some(b) = old_body {
            self.occupancy.remove(b, id);
        }
        self.occupancy.relocate(old_pos, pose.pos, id);
        if let Some(b) = body {
            self.occupancy.insert(b, id);
        }
    }

    /// Sets `id`'s sprawled body hex ([`State::place`] with the same pose).
    pub fn set_body(&mut self, id: CombatantId, body: Option<HexPos>) {
        let pose = self.fighter(id).pose;
        self.place(id, pose, body);
    }

    /// Gives `id` a grip, or takes it away, keeping [`State::grips`] in
    /// step: the one way to change a grip.
    pub fn set_grip(&mut self, id: CombatantId, grip: Option<Grip>) {
        let f = &mut self.fighters[id.index()];
        match (f.grip.is_some(), grip.is_some()) {
            (false, true) => self.grips += 1,
            (true, false) => self.grips -= 1,
            _ => {}
        }
        f.grip = grip;
    }

    /// Builds [`State::occupancy`], [`State::grips`] and [`State::casters`] from the fighters
    /// (at setup, or after a test changed fighters by hand).
    pub fn reindex(&mut self) {
        self.occupancy = Occupancy::of(self.fighters.iter().map(|f| (f.pose.pos, f.body)));
        self.grips = self.counted_grips();
        self.casters = self
            .ids()
            .filter(|&id| !self.fighter(id).spells.is_empty())
            .collect();
    }

    /// Whether [`State::occupancy`] matches the fighters (asserted after
    /// every step in debug builds).
    pub fn occupancy_in_step(&self) -> bool {
        self.occupancy == Occupancy::of(self.fighters.iter().map(|f| (f.pose.pos, f.body)))
    }

    /// Whether [`State::grips`] matches the fighters (asserted like the occupancy).
    pub fn grips_in_step(&self) -> bool {
        self.grips == self.counted_grips()
    }

    fn counted_grips(&self) -> u32 {
        self.fighters.iter().filter(|f| f.grip.is_some()).count() as u32
    }

    /// The figures filling `hex` (any state of life), in id order.
    #[inline]
    pub fn at(&self, hex: HexPos) -> impl Iterator<Item = CombatantId> + '_ {
        self.occupancy.at(hex)
    }

    /// Who stands in a hex (conscious or not), other than `except`.
    pub fn occupant(&self, hex: HexPos, except: Option<CombatantId>) -> Option<CombatantId> {
        self.at(hex)
            .find(|&id| Some(id) != except && self.fighter(id).life != Life::Dead)
    }

    /// Foes of `who` (living) that share its hex: close combat (G-CC-001).
    #[inline]
    pub fn close_foes(&self, who: CombatantId) -> impl Iterator<Item = CombatantId> + '_ {
        let f = self.fighter(who);
        let (side, hex) = (f.side, f.pose.pos);
        self.at(hex).filter(move |&id| {
            let o = self.fighter(id);
            id != who && o.side != side && o.life != Life::Dead && o.pose.pos == hex
        })
    }

    /// Whether `who` is in close combat. With every figure alone in its
    /// hex ([`Occupancy::crowded`]) nobody is, and the hex is not searched.
    #[inline]
    pub fn in_close_combat(&self, who: CombatantId) -> bool {
        debug_assert!(
            self.occupancy.crowded() || self.close_foes(who).next().is_none(),
            "an uncrowded field with a figure in close combat"
        );
        self.occupancy.crowded() && self.close_foes(who).next().is_some()
    }

    /// Who holds `who` in a grip (G-GRP-004).
    pub fn grabbers(&self, who: CombatantId) -> impl Iterator<Item = CombatantId> + '_ {
        let anyone = if self.grips == 0 {
            0
        } else {
            self.fighters.len()
        };
        CombatantId::all(anyone).filter(move |&id| {
            let f = self.fighter(id);
            f.is_conscious() && f.grip.is_some_and(|g| g.target == who)
        })
    }

    /// The grip on `who` that holds it hardest: a pin first (G-GRP-017).
    /// Inlined: with nobody holding anyone ([`State::grips`]) the answer is
    /// known without a call.
    #[inline]
    pub fn held_by(&self, who: CombatantId) -> Option<(CombatantId, Grip)> {
        if self.grips == 0 {
            return None;
        }
        self.held_by_anyone(who)
    }

    /// [`State::held_by`] once someone holds someone.
    fn held_by_anyone(&self, who: CombatantId) -> Option<(CombatantId, Grip)> {
        self.grabbers(who)
            .filter_map(|id| self.fighter(id).grip.map(|g| (id, g)))
            .max_by_key(|(id, g)| (g.pinned, std::cmp::Reverse(*id)))
    }

    /// Ids of every combatant.
    pub fn ids(&self) -> impl Iterator<Item = CombatantId> + '_ {
        CombatantId::all(self.fighters.len())
    }

    /// The foe of `who` that can still fight standing nearest it (ties:
    /// lowest id). Looks hex ring by hex ring through the occupancy out to
    /// [`ring_limit`], where a battle's foes are, and only then over the
    /// whole field.
    pub fn nearest_active_foe(&self, who: CombatantId) -> Option<CombatantId> {
        let here = self.fighter(who).pose.pos;
        let rings = if self.fighters.len() <= SMALL_FIELD {
            0..0
        } else {
            0..ring_limit(self.fighters.len()) + 1
        };
        for radius in rings {
            let ring = if radius == 0 {
                vec![here]
            } else {
                here.ring(radius)
            };
            let nearest = ring
                .into_iter()
                .flat_map(|h| self.active_foes_at(who, h))
                .min();
            if nearest.is_some() {
                return nearest;
            }
        }
        self.active_foes(who)
            .min_by_key(|&id| (here.distance(self.fighter(id).pose.pos), id))
    }

    /// Whether a foe of `who` that can still fight stands within `radius` hexes.
    pub fn active_foe_within(&self, who: CombatantId, radius: u32) -> bool {
        self.any_active_foe_within(who, radius, |_| true)
    }

    /// The foes of `who` that can still fight standing within `radius`
    /// hexes, in id order.
    pub fn active_foes_within(
        &self,
        who: CombatantId,
        radius: u32,
    ) -> smallvec::SmallVec<[CombatantId; 8]> {
        let mut out = smallvec::SmallVec::new();
        self.any_active_foe_within(who, radius, |id| {
            out.push(id);
            false
        });
        out.sort_unstable();
        out
    }

    /// Shows `stop` the foes of `who` that can still fight standing within
    /// `radius` hexes until it answers true, and says whether it did. On a
    /// field of more than [`SMALL_FIELD`] figures only the hexes within
    /// `radius` are looked at, so a battle's far ranks cost nothing.
    fn any_active_foe_within(
        &self,
        who: CombatantId,
        radius: u32,
        mut stop: impl FnMut(CombatantId) -> bool,
    ) -> bool {
        let here = self.fighter(who).pose.pos;
        if self.fighters.len() <= SMALL_FIELD {
            return self
                .active_foes(who)
                .filter(|&id| self.fighter(id).pose.pos.distance(here) <= radius)
                .any(stop);
        }
        here.area(radius)
            .into_iter()
            .any(|h| self.active_foes_at(who, h).any(&mut stop))
    }

    /// Foes of `who` that can still fight standing in `hex` (not merely
    /// lying across it).
    fn active_foes_at(
        &self,
        who: CombatantId,
        hex: HexPos,
    ) -> impl Iterator<Item = CombatantId> + '_ {
        let side = self.fighter(who).side;
        self.at(hex).filter(move |&id| {
            let f = self.fighter(id);
            f.side != side && f.is_conscious() && f.pose.pos == hex
        })
    }

    /// Foes of `who` that can still fight.
    pub fn active_foes(&self, who: CombatantId) -> impl Iterator<Item = CombatantId> + '_ {
        let side = self.fighter(who).side;
        self.ids().filter(move |&id| {
            let f = self.fighter(id);
            f.side != side && f.is_conscious()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn duel() -> State {
        crate::test_support::scenario("duel.toml")
    }

    /// G-DEF-003, G-DEF-005, G-RDY-001, G-TURN-005: each packed field is
    /// written alone, and the counters keep their whole `u8` (the parries
    /// saturate as they always have; nothing is cut to fewer bits).
    #[test]
    fn g_def_003_g_rdy_001_packed_fields_are_written_alone_and_whole() {
        let mut s = duel();
        let f = &mut s.fighters[0];
        let w = &mut f.weapons[0];
        let before = (w.ready(), w.loaded(), w.is_unbalanced());
        w.set_parries(254);
        w.add_parry();
        w.add_parry();
        assert_eq!(w.parries(), 255);
        w.set_reload_left(200);
        w.set_broken(true);
        w.set_attacked(true);
        assert_eq!(w.reload_left(), 200);
        assert!(w.broken() && w.attacked() && !w.taken() && !w.parried_before_turn());
        assert_eq!((w.ready(), w.loaded(), w.is_unbalanced()), before);
        f.set_frozen(250);
        f.set_blocked(true);
        f.set_suffocating(true);
        assert_eq!(f.frozen(), 250);
        assert!(f.blocked() && f.suffocating() && !f.asleep() && !f.mortal_wound());
        f.set_blocked(false);
        assert!(!f.blocked() && f.suffocating() && f.frozen() == 250);
    }

    /// The packed fields serialize under their old names, types and
    /// places (session saves and the CLI's JSON read as before).
    #[test]
    fn packed_fields_serialize_under_their_old_names_and_places() {
        let s = duel();
        let json = serde_json::to_string(&s.fighters[0]).expect("a fighter serializes");
        for run in [
            r#""casting":null,"blocking_spell":false,"asleep":false,"shield":"#,
            r#""stun":null,"stun_defense_until_turn":false,"shock":0,"injury_since_turn":0,"stance":"normal","blocked":false,"retreated_from":null,"#,
            r#""dropped_vs":null,"off_balance":false,"dropped_guard":false,"torn_until_turn":0,"torn_muscle":0,"do_nothing_next":false,"close":null,"#,
            r#","mortal_wound":false,"body":null,"#,
            r#","sprint_turns":0,"frozen":0,"leader":"#,
            r#""responding":null,"suffocating":false,"next_break_free":0,"#,
            r#""ready":true,"dropped_at":null,"parries":0,"attacked":false,"parried_before_turn":false,"broken":false,"taken":false,"hp":"#,
            r#","loaded":true,"reload_left":0,"spell":null}"#,
        ] {
            assert!(json.contains(run), "{run} in {json}");
        }
        assert!(!json.contains("flags") && !json.contains("unarmed_skill"));
        assert!(json.starts_with(r#"{"name":"#) && json.ends_with('}'));
    }
}
