//! fray-grid
