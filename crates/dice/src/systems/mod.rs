//! Typed system rolls: pure functions on top of [`crate::RollKind`], each
//! with an allocation-free sampler path and exact odds. Every rule cites its
//! checklist ID.

pub mod dragonquest;
pub mod golden;
pub mod gurps;
pub mod margin3d6;
mod three_d6;
