//! Procedures that roll, ask and emit, through `Cx`: the turn and the
//! round, the actions, attacks and damage, movement with its reactions,
//! special maneuvers, and life (first aid, potions, recovery).

pub mod action;
pub mod attack;
pub mod check;
pub mod damage;
pub mod initiative;
pub mod life;
pub mod maneuver;
pub mod mount;
pub mod movement;
pub mod saddle;
pub mod spell;
pub mod turn;

use crate::D20;
use fray_core::dice::RollKind;
use fray_core::{Cx, RollRecord};

/// The dice of the roll just made as narration shows them: the faces, when
/// the oracle knows them, and their reading (golden dice one by one, a 1
/// counting 0 and a 6 exploding with what it added, X-ATK-005/006; plain
/// dice each die). Taken right after the roll, before the next; empty
/// when the events are not told (the simulator, the odds: nothing copied).
#[derive(Clone, Debug, Default)]
pub struct Shown {
    faces: Vec<i32>,
    detail: String,
}

impl Shown {
    /// The faces of the roll of `kind` just made through `cx`.
    pub fn last(cx: &impl Cx<D20>, kind: RollKind) -> Shown {
        if !cx.telling() {
            return Shown::default();
        }
        let faces = cx.last_faces();
        let detail = match kind {
            RollKind::Golden { base, extra, .. } => {
                crate::model::words::golden_detail(base, extra, faces)
            }
            RollKind::Sum { dice, .. } if dice > 1 && faces.len() == usize::from(dice) => Some(
                faces
                    .iter()
                    .map(i32::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            _ => None,
        };
        match detail {
            Some(detail) => Shown {
                faces: faces.to_vec(),
                detail,
            },
            None => Shown::default(),
        }
    }

    /// The faces as read, die by die.
    pub fn faces(&self) -> &[i32] {
        &self.faces
    }

    /// `record` with these faces and their reading.
    pub fn on(self, record: RollRecord) -> RollRecord {
        if self.faces.is_empty() {
            record
        } else {
            record.faces(&self.faces, self.detail)
        }
    }
}
