//! The GURPS tables as plain functions of numbers: no state, no dice, no
//! events. Resolution code looks rows up here; each function cites the
//! checklist IDs it encodes and is unit-tested row by row.
