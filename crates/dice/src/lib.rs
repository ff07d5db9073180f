//! fray-dice
