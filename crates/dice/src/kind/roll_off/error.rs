//! Why a roll-off cannot be built, and why dice typed or recorded do not
//! fit one: a leaf, so that the crate's [`crate::DiceError`] can wrap
//! these without the roll-off depending back on it.

/// Why a [`RollOff`](super::RollOff) cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RollOffError {
    /// Fewer than 2 or more than [`MAX_ROLL_OFF_PARTIES`](super::MAX_ROLL_OFF_PARTIES) parties.
    #[error("a roll-off needs 2..={max} parties, got {given}")]
    Parties {
        /// Parties asked for.
        given: usize,
        /// [`MAX_ROLL_OFF_PARTIES`](super::MAX_ROLL_OFF_PARTIES).
        max: usize,
    },
    /// No dice, or dice without faces.
    #[error("each party must roll at least one die with at least one face")]
    NoDice,
    /// A party's dice could total more than 255 (rolls are kept as bytes).
    #[error("{dice}d{sides} can total more than 255")]
    TooManyPips {
        /// Dice per party.
        dice: u8,
        /// Faces per die.
        sides: u8,
    },
    /// Every roll would tie (1-sided dice and equal modifiers): the
    /// roll-off would never end.
    #[error("{dice}d1 with equal modifiers always ties")]
    AlwaysTies {
        /// Dice per party.
        dice: u8,
    },
    /// Modifiers were given for a roll-off of more than two parties.
    #[error("modifiers are supported for two parties only")]
    ModifiersNeedPair,
}

/// Why dice typed at the table (or recorded in a log) do not fit a roll-off.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RollOffEntryError {
    /// One total was given; a roll-off needs each party's roll.
    #[error("enter each party's roll, in party order, then any rerolls")]
    NeedsEachRoll,
    /// A roll no party's dice can show.
    #[error("roll {position} is {value}, expected {min}..={max}")]
    OutOfRange {
        /// 1-based position in the list typed.
        position: usize,
        /// The value typed.
        value: i32,
        /// Smallest roll of one party's dice.
        min: i32,
        /// Largest roll of one party's dice.
        max: i32,
    },
    /// Fewer first-round rolls than parties.
    #[error("expected one roll for each of the {parties} parties, got {given}")]
    Missing {
        /// Parties in the roll-off.
        parties: usize,
        /// Rolls given.
        given: usize,
    },
    /// The rolls end while parties are still tied.
    #[error("parties {} tied at {total}: enter their rerolls", list(.tied))]
    Unbroken {
        /// The tied parties (0-based), in party order.
        tied: Vec<u8>,
        /// The total they tied at.
        total: i64,
    },
    /// More rolls than the roll-off used.
    #[error("{extra} roll(s) too many: the tie was already broken")]
    TooMany {
        /// Rolls left over.
        extra: usize,
    },
    /// A recorded result (a saved game) that this roll-off cannot produce.
    #[error("recorded standings do not fit: {0}")]
    Recorded(RecordProblem),
}

/// What is wrong with recorded [`Standings`](super::Standings).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RecordProblem {
    /// The number of parties differs from the roll-off's.
    #[error("{recorded} parties recorded, the roll-off has {parties}")]
    Parties {
        /// Parties recorded.
        recorded: usize,
        /// Parties of the roll-off.
        parties: usize,
    },
    /// A recorded roll the dice cannot show.
    #[error("party {party} rolled {roll}, impossible")]
    Roll {
        /// The party (0-based).
        party: usize,
        /// Its recorded roll.
        roll: u8,
    },
    /// The recorded order contradicts the recorded rolls.
    #[error("the order contradicts the rolls")]
    Order,
    /// The total is not the winner's total.
    #[error("total {total} is not the winner's total {winner}")]
    Total {
        /// The recorded total.
        total: i32,
        /// The winner's total from the standings.
        winner: i64,
    },
    /// Standings on a roll that is no roll-off.
    #[error("standings recorded for a roll that is not a roll-off")]
    NotRollOff,
}

fn list(tied: &[u8]) -> String {
    let v: Vec<String> = tied.iter().map(|p| p.to_string()).collect();
    v.join(", ")
}
