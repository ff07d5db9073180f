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

/// Posture (G-POS-001..011).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Posture {
    /// Standing.
    #[default]
    Standing,
    /// Crouching.
    Crouching,
    /// Kneeling.
    Kneeling,
    /// Sitting.
    Sitting,
    /// Crawling.
    Crawling,
    /// Lying prone or face up.
    Lying,
}

impl Posture {
    /// G-POS-002..007: modifier to own melee attacks.
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
        matches!(self, Posture::Lying | Posture::Crawling)
    }
    /// A word for narration.
    pub fn name(self) -> &'static str {
        match self {
            Posture::Standing => "standing",
            Posture::Crouching => "crouching",
            Posture::Kneeling => "kneeling",
            Posture::Sitting => "sitting",
            Posture::Crawling => "crawling",
            Posture::Lying => "lying",
        }
    }
}

/// Kind of stun, which sets the recovery roll (G-INJ-010 decision).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stun {
    /// From injury or knockdown: HT to recover.
    Physical,
    /// From surprise or fright: IQ to recover, +6 with Combat Reflexes.
    Mental,
}

/// Whether a combatant is conscious, and alive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Life {
    /// Awake.
    Conscious,
    /// Knocked out or passed out.
    Unconscious,
    /// Dead (G-INJ-013, G-INJ-014).
    Dead,
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
#[derive(Clone, Debug, Serialize)]
pub struct Carried {
    /// The armory entry.
    pub weapon: Arc<Weapon>,
    /// Effective skill for each attack mode (sheet skill, or the default).
    pub skill: Arc<[i32]>,
    /// Ready in hand.
    pub ready: bool,
    /// Lying on the ground here after a drop (G-INJ-008).
    pub dropped_at: Option<HexPos>,
    /// Parries made since the wielder's last turn began (G-DEF-003).
    pub parries: u8,
    /// An unbalanced weapon attacked this turn, so cannot parry (G-DEF-005).
    pub attacked: bool,
    /// It parried between the wielder's last turn and this one, so an
    /// unbalanced weapon cannot attack this turn (G-DEF-005 decision).
    pub parried_before_turn: bool,
    /// Broken on a critical miss or by an attack on it (G-EXT-009, G-ATK-012).
    pub broken: bool,
    /// Taken away by a foe's grip (G-GRP-003): out of the fight.
    pub taken: bool,
    /// The weapon's own HP left, for attacks on it (G-ATK-013).
    pub hp: i32,
    /// A missile weapon holds a shot (bows, crossbows, slings).
    pub loaded: bool,
    /// Ready maneuvers still needed to load the next shot (G-RDY-001).
    pub reload_left: u8,
    /// Not a weapon but a charged melee or missile spell in the hand
    /// (G-SPL-011); it leaves the list once thrown, discharged or dropped.
    pub spell: Option<HeldSpell>,
    /// What the weapon and its wielder's skills fix for the fight
    /// ([`CarriedFixed::of`]), worked out when it is carried.
    #[serde(skip)]
    pub fixed: CarriedFixed,
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
        self.weapon.balance == Some(Balance::Unbalanced)
    }
    /// Whether mode `i` is a ranged mode (no reach).
    #[inline]
    pub fn is_ranged(&self, i: usize) -> bool {
        self.mode(i).is_some_and(|m| !m.is_melee())
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
#[derive(Clone, Debug, Serialize)]
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
    /// Natural DR on every location (part of `Fighter::dr`).
    pub natural_dr: i32,
    /// Basic Lift in pounds (G-EXT-014), for parrying heavy weapons (G-EXT-025).
    pub basic_lift: f32,
    /// Magery level: a missile spell's energy per second of casting.
    pub magery: i32,
    /// Traits.
    pub traits: crate::model::sheet::TraitSet,
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
#[derive(Clone, Debug, Serialize)]
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
    #[serde(skip)]
    pub unarmed_skill: Option<i32>,
    /// Played by the first AI (`ai:basic...`, [`Tactics::is_basic`] of the
    /// controller), fixed at setup: the AI asks at every decision and
    /// every defense, and the controller's tactics are a name. Debug
    /// builds check each read. Follows from the controller, so neither the
    /// AI's memo nor the odds key reads it.
    ///
    /// [`Tactics::is_basic`]: crate::model::tactics::Tactics::is_basic
    #[serde(skip)]
    pub basic_ai: bool,
    /// Weapons carried (and a charged spell in hand, last).
    pub weapons: Vec<Carried>,
    /// Spells known, in the sheet's (alphabetical) order.
    pub spells: Arc<[KnownSpell]>,
    /// The spell being cast, if any (G-CON-001, G-SPL-001).
    pub casting: Option<Casting>,
    /// A blocking spell was cast since the last turn began (G-SPL-012).
    pub blocking_spell: bool,
    /// Asleep from a Sleep spell: down until a blow wakes it.
    pub asleep: bool,
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
    /// The -4 to defenses stays until the next turn even after recovery (G-DEF-015 decision).
    pub stun_defense_until_turn: bool,
    /// Shock for this turn (G-INJ-001).
    pub shock: i32,
    /// Injury taken since the last turn began, feeding next turn's shock.
    pub injury_since_turn: i32,
    /// Limit on defenses from the last maneuver (G-TURN-002).
    pub stance: Stance,
    /// A block was used since the last turn began (G-DEF-006).
    pub blocked: bool,
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
    /// Off balance after a critical miss: no further action and -2 to
    /// defenses until the next turn (G-EXT-009 row 7, G-EXT-010 9-11).
    pub off_balance: bool,
    /// Dropped guard: -2 to defenses, feints count double, until the next turn (G-EXT-010 row 13).
    pub dropped_guard: bool,
    /// A torn muscle: -1 to attacks and defenses until the start of this
    /// turn number, and -3 to unarmed attacks for the fight (G-EXT-010 row 15).
    pub torn_until_turn: u32,
    /// Torn muscle's lasting penalty to unarmed attacks (0, -1 or -3).
    pub torn_muscle: i32,
    /// Must Do Nothing on the next turn (G-EXT-008 row 8).
    pub do_nothing_next: bool,
    /// The hexsides this figure controls after entering a foe's hex (G-CC-001).
    pub close: Option<CloseEntry>,
    /// What this figure holds in its grip (G-GRP-001..017).
    pub grip: Option<Grip>,
    /// Shock cap for the injury since the last turn: 4, or 8 after a doubled hit (G-INJ-004).
    pub shock_cap: i32,
    /// Where this combatant began its current or last turn (G-DEF-014).
    pub turn_start: HexPos,
    /// Mortally wounded (G-EXT-031).
    pub mortal_wound: bool,
    /// The second hex a lying or crawling humanoid fills (G-POS-009).
    pub body: Option<HexPos>,
    /// Thrown down by this foe, who places the body (G-GRP-007).
    pub thrown_by: Option<CombatantId>,
    /// Consecutive turns ending with a Move that went somewhere (G-MOV-002).
    pub move_streak: u32,
    /// Consecutive turns of sprinting, for the HT roll every 15 (G-MOV-003).
    pub sprint_turns: u32,
    /// Frozen by total surprise: turns of Do Nothing left before the
    /// stun can be shaken off (G-TURN-005).
    pub frozen: u8,
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
    /// Choking after strangling damage got through: 1 FP a turn (G-GRP-010).
    pub suffocating: bool,
    /// A pinned figure's next try to break free waits for this turn (G-GRP-017).
    pub next_break_free: u32,
    /// Hexes moved on the last turn.
    pub moved: u32,
    /// Turns this combatant has taken.
    pub turns: u32,
    /// Statistics: injury inflicted, injury taken, knockdowns and stuns.
    pub record: Record,
}

impl Fighter {
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

    /// Current Move (G-TAC-002 base, halved for low HP or FP).
    pub fn current_move(&self) -> i32 {
        let mut m = self.stats.move_;
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
            .filter(|(_, w)| w.ready && w.weapon.modes.iter().any(AttackMode::is_melee))
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
    /// humanoids of SM 0 or more (G-POS-009).
    pub fn sprawls(&self) -> bool {
        matches!(self.posture, Posture::Lying | Posture::Crawling)
            && self.stats.sm >= 0
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
    /// more (at most Acc+2), +1 more when braced.
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

/// How far [`State::nearest_active_foe`] looks ring by ring before it
/// looks at everyone: 127 hexes, fewer lookups than a pass over a large
/// field, more than a duel needs.
pub const NEAR_RINGS: u32 = 6;

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

/// Written out so that [`Clone::clone_from`] reuses the buffers of the
/// state it refills: the simulator keeps one state per worker and refills
/// it from the start state for every fight, and the fighters' `Vec` keeps
/// its room (each fighter's weapons are still cloned into a new `Vec`: see
/// docs/performance.md, branch gurps15alloc). Both list every field, so a
/// new one cannot be forgotten.
impl Clone for State {
    fn clone(&self) -> Self {
        let State {
            name,
            sides,
            seats,
            fighters,
            order,
            cursor,
            round,
            max_rounds,
            map,
            options,
            surprise,
            aftermath_told,
            occupancy,
            grips,
            casters,
            armory,
            stamp,
        } = self;
        State {
            name: name.clone(),
            sides: sides.clone(),
            seats: seats.clone(),
            fighters: fighters.clone(),
            order: order.clone(),
            cursor: *cursor,
            round: *round,
            max_rounds: *max_rounds,
            map: map.clone(),
            options: options.clone(),
            surprise: surprise.clone(),
            aftermath_told: *aftermath_told,
            occupancy: occupancy.clone(),
            grips: *grips,
            casters: casters.clone(),
            armory: armory.clone(),
            stamp: stamp.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let State {
            name,
            sides,
            seats,
            fighters,
            order,
            cursor,
            round,
            max_rounds,
            map,
            options,
            surprise,
            aftermath_told,
            occupancy,
            grips,
            casters,
            armory,
            stamp,
        } = source;
        self.name.clone_from(name);
        self.sides.clone_from(sides);
        self.seats.clone_from(seats);
        self.fighters.clone_from(fighters);
        self.order.clone_from(order);
        self.cursor = *cursor;
        self.round = *round;
        self.max_rounds = *max_rounds;
        self.map.clone_from(map);
        self.options.clone_from(options);
        self.surprise.clone_from(surprise);
        self.aftermath_told = *aftermath_told;
        self.occupancy.clone_from(occupancy);
        self.grips = *grips;
        self.casters.clone_from(casters);
        self.armory.clone_from(armory);
        self.stamp.clone_from(stamp);
    }
}

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
        (0..anyone)
            .map(|i| CombatantId(i as u16))
            .filter(move |&id| {
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
        (0..self.fighters.len()).map(|i| CombatantId(i as u16))
    }

    /// The foe of `who` that can still fight standing nearest it (ties:
    /// lowest id). Looks hex ring by hex ring through the occupancy out to
    /// [`NEAR_RINGS`], where a battle's foes are, and only then over the
    /// whole field.
    pub fn nearest_active_foe(&self, who: CombatantId) -> Option<CombatantId> {
        let here = self.fighter(who).pose.pos;
        let rings = if self.fighters.len() <= SMALL_FIELD {
            0..0
        } else {
            0..NEAR_RINGS + 1
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
        let here = self.fighter(who).pose.pos;
        if self.fighters.len() <= SMALL_FIELD {
            return self
                .active_foes(who)
                .any(|id| self.fighter(id).pose.pos.distance(here) <= radius);
        }
        here.area(radius)
            .into_iter()
            .any(|h| self.active_foes_at(who, h).next().is_some())
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
