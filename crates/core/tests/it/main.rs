//! The core's protocol, tested with two toy rulesets that know nothing of
//! any real system:
//!
//! * [`toy`]: a duel of alternating turns, a defense question mid-attack,
//!   open-ended dice; the protocol's basics (sim, scripts, table, odds);
//! * [`skirmish`]: what the three coming rulesets need of the core: a
//!   budget of actions per turn, a roll-off, a side's and the GM's
//!   questions, roll-over records against a Defense, a secret GM roll, and
//!   checkpoints that merge states in the odds; each through play
//!   (suspended and resumed), replay, simulation and odds;
//! * [`shelf`]: the lists of a data set, looked up, grown and checked.

mod envelope;
mod shelf;
mod skirmish;
mod toy;
