//! fray-gurps
