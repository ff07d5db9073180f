//! What an import used and what it left out, each row named with its JSON
//! path and the reason. `fray import` prints this report and nothing else
//! says what was left out: it is the one place.

use crate::model::location::BodyType;
use crate::model::sheet::Trait;
use fray_core::text::Shown;
use std::fmt;

/// What an import used and left out, each with its JSON path.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// Rows that made it onto the sheet.
    pub used: Vec<Entry>,
    /// Rows the engine has no rule for, or that only partly made it.
    pub left_out: Vec<Entry>,
}

/// One row of the report.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// Where in the file (`traits[4]`).
    pub path: String,
    /// The row's name, as the file writes it (shown escaped).
    pub name: String,
    /// Why it is used or left out.
    pub reason: Reason,
}

/// Why a row is used, or left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Used: a trait the engine has a rule for.
    Trait(Trait),
    /// Used: Magery, for spell energy.
    Magery(i32),
    /// Used: its effect is already in GCS's computed values (Enhanced
    /// Parry in Parry, Damage Resistance in DR, Striking ST in damage).
    InComputedValues,
    /// Used: a trait the body type stands for (Quadruped, Vermiform).
    InBodyType,
    /// Used: a skill at its level.
    Skill(i32),
    /// Used: a spell of the grimoire at its level.
    Spell(i32),
    /// Used: a weapon with these attack modes.
    Weapon(usize),
    /// Used: the shield, with its Defense Bonus.
    Shield(i32),
    /// Used: DR by hit location.
    Dr,
    /// Used: the body type, its hit-location table (G-LOC-006 decision).
    Body(BodyType),
    /// Used: the Size Modifier (G-ATK-024, G-ATK-025).
    Sm(i32),
    /// Used: a follow-up the attack carries (decision).
    FollowUp(String),
    /// Used: encumbrance level from carried weight against Basic Lift.
    Encumbrance(u8),
    /// Used: Punch and Kick: the engine gives every humanoid its own.
    BuiltIn,
    /// Left out: a trait or technique the engine has no rule for.
    NoRule,
    /// Left out: the trait or one above it is disabled.
    Disabled,
    /// Left out: equipment not equipped, or not carried.
    NotEquipped,
    /// Left out: a skill no weapon of the sheet and no rule uses.
    NoCombatUse,
    /// Left out: a spell the grimoire does not have.
    NotInGrimoire,
    /// Left out: an attack that does no damage the engine knows (`Blinds`).
    NoDamage(String),
    /// Left out: a damage type the engine does not know.
    DamageType(String),
    /// Left out: damage per point of energy, from a spell not in the grimoire.
    PerPoint,
    /// Left out: a second shield (one is carried ready).
    SecondShield,
    /// Left out: DR against a damage type other than crushing differs.
    DrByType(String),
    /// Left out: a hit location the engine's body does not have.
    Location(String),
    /// Partly: GCS's rolls for a location differ from the engine's table.
    Rolls {
        /// GCS's roll range (`11`).
        gcs: String,
        /// The engine's (`9-11`, `-` for none).
        engine: String,
    },
    /// Left out: notes on an attack the engine has no rule for.
    Notes(String),
    /// Partly: the part of a follow-up's note the engine does not model.
    FollowUpRest(String),
    /// Partly: `‡` (unready after an attack) is not modelled; the weapon
    /// is kept two-handed.
    UnreadyAfterAttack,
    /// Partly: `*` (changing reach takes a Ready) is not modelled.
    ReachChange,
    /// Partly: a ranged weapon with no range; it shoots to 100 yards.
    NoRange,
    /// Partly: a rate of fire that is not a number (`3x2`); 1 is used.
    RateOfFire(String),
    /// Partly: shots whose reload is not a number (`T(1)`, `1(2)` read);
    /// no reload is used.
    Shots(String),
    /// Partly: no computed level in the file; for a weapon DX-5 is used,
    /// a skill or spell is left out.
    NoLevel(Option<i32>),
    /// Partly: no weight in the file; 0 lb is used.
    NoWeight,
    /// Partly: no Basic Lift in the file; the engine's ST x ST / 5 is used.
    NoBasicLift,
    /// Partly: the file has no FP (a nonliving being): FP = HT.
    NoFp,
    /// Partly: GCS's Move at this encumbrance differs from the engine's.
    Move {
        /// GCS's Move.
        gcs: i32,
        /// The engine's.
        engine: i32,
    },
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Reason::*;
        match self {
            Trait(t) => write!(f, "trait {t:?}"),
            Magery(n) => write!(f, "Magery {n}"),
            InComputedValues => f.write_str("already in GCS's computed values"),
            InBodyType => f.write_str("in the body type"),
            Skill(n) => write!(f, "skill {n}"),
            Spell(n) => write!(f, "spell {n}"),
            Weapon(n) => write!(f, "weapon, {n} attack mode(s)"),
            Shield(db) => write!(f, "shield, DB {db}"),
            Dr => f.write_str("DR by location"),
            Body(b) => write!(f, "body type {b}: its hit locations"),
            Sm(n) => write!(f, "Size Modifier {n:+}"),
            FollowUp(what) => write!(f, "follow-up {what}"),
            Encumbrance(l) => write!(f, "encumbrance level {l}"),
            BuiltIn => f.write_str("the engine's own Punch and Kick"),
            NoRule => f.write_str("the engine has no rule for it"),
            Disabled => f.write_str("disabled"),
            NotEquipped => f.write_str("not equipped"),
            NoCombatUse => f.write_str("no weapon or combat rule uses it"),
            NotInGrimoire => f.write_str("not in the grimoire (data/gurps/spells.toml)"),
            NoDamage(d) => write!(f, "`{}` is no damage the engine deals", Shown(d)),
            DamageType(t) => write!(f, "damage type `{}` is unknown to the engine", Shown(t)),
            PerPoint => f.write_str("damage per point of energy from a spell not in the grimoire"),
            SecondShield => f.write_str("a second shield: one is carried ready"),
            DrByType(t) => write!(
                f,
                "DR against `{}` differs: only crushing DR is modelled",
                Shown(t)
            ),
            Location(l) => write!(f, "hit location `{}` is not on the engine's body", Shown(l)),
            Rolls { gcs, engine } => write!(
                f,
                "GCS rolls `{}` for it, the engine's table `{engine}`",
                Shown(gcs)
            ),
            Notes(n) => write!(f, "notes `{}`: the engine has no rule for them", Shown(n)),
            FollowUpRest(n) => write!(f, "follow-up: `{}` is not modelled", Shown(n)),
            UnreadyAfterAttack => {
                f.write_str("`‡`, unready after an attack, is not modelled (kept two-handed)")
            }
            ReachChange => f.write_str("`*`, a Ready to change reach, is not modelled"),
            NoRange => f.write_str("no range in the file: 100 yards assumed"),
            RateOfFire(t) => write!(f, "rate of fire `{}` is not a number: 1 used", Shown(t)),
            Shots(t) => write!(f, "shots `{}`: no reload read", Shown(t)),
            NoLevel(Some(n)) => write!(f, "no skill level in the file: DX-5 = {n} used"),
            NoLevel(None) => f.write_str("no level in the file"),
            NoWeight => f.write_str("no weight in the file: 0 lb used"),
            NoBasicLift => f.write_str("no Basic Lift in the file: ST x ST / 5 used"),
            NoFp => f.write_str("no FP in the file (nonliving): FP = HT"),
            Move { gcs, engine } => write!(f, "GCS's Move is {gcs}, the engine's {engine}"),
        }
    }
}

/// Names and notes are the file's: shown with control and invisible
/// formatting characters escaped (`fray_core::text::Shown`), so no row can
/// move the cursor or forge a line.
impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Used ({}):", self.used.len())?;
        for e in &self.used {
            writeln!(f, "  {}: {} ({})", Shown(&e.name), e.reason, e.path)?;
        }
        writeln!(f, "Left out or partly modelled ({}):", self.left_out.len())?;
        for e in &self.left_out {
            writeln!(f, "  {}: {} ({})", Shown(&e.name), e.reason, e.path)?;
        }
        Ok(())
    }
}
