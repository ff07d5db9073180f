//! fray-core
