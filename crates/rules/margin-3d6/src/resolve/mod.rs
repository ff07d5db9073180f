//! The rules played with dice: procedures that roll and ask through `Cx`
//! and emit events. Each step reads `fn f(state, .., cx) -> Flow<T>`.

pub mod aftermath;
pub mod attack;
pub mod check;
pub mod close;
pub mod critical;
pub mod injury;
pub mod maneuver;
pub mod turn;
pub mod wait;
