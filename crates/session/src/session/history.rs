//! Undo and redo as records of their own.
//!
//! Undo takes back the last input of the step in progress; else every
//! record in effect back to and including the last one decided at the
//! table (a step that asked a person, with the inputs given to it; an
//! override; a dice setting; a seating), so the AI's moves after it are not
//! just played again. Redo gives back exactly what the last undo of
//! records took. Both are written as records naming the revisions they
//! move, and the state is rebuilt by replaying the records in effect, so a
//! watcher follows an undo from the log alone.

use super::Session;
use crate::log::Entry;
use crate::refused::Refused;
use crate::seat::Seat;
use fray_core::Ruleset;

impl<R: Ruleset> Session<R> {
    /// Undo from `seat`: the GM any, a player only its own last input of
    /// the step in progress.
    pub(super) fn undo(&mut self, seat: &Seat) -> Result<(), Refused> {
        let group = match self.now.given.last() {
            Some(&last) => {
                let by = &self.records[last].seat;
                if *seat != Seat::Gm && by != seat {
                    return Err(Refused::NotYours {
                        seat: seat.clone(),
                        wanted: by.clone(),
                    });
                }
                vec![last]
            }
            None => {
                Self::gm_only(seat, "take back what was decided")?;
                self.undo_group().ok_or(Refused::NothingToUndo)?
            }
        };
        let revs = self.revs(&group);
        let idx = self.append(seat.clone(), Entry::Undo(revs));
        self.take_out(&group)
            .map_err(|why| Refused::Rejected(format!("the log does not replay: {why}")))?;
        self.settle(Some(idx));
        Ok(())
    }

    /// Redo from `seat` (the GM's): the records the last undo took, put
    /// back in effect in order.
    pub(super) fn redo(&mut self, seat: &Seat) -> Result<(), Refused> {
        Self::gm_only(seat, "redo")?;
        let group = self
            .now
            .redo
            .last()
            .cloned()
            .ok_or(Refused::NothingToRedo)?;
        let revs = self.revs(&group);
        let idx = self.append(seat.clone(), Entry::Redo(revs));
        self.put_back(idx, &group)
            .map_err(|why| Refused::Rejected(format!("the log does not replay: {why}")))?;
        Ok(())
    }

    /// A logged undo of `revs`, read back.
    pub(super) fn undo_logged(&mut self, idx: usize, revs: &[u64]) -> Result<(), String> {
        let group = self.indexes(revs)?;
        let last_given = self.now.given.last().map(|&g| vec![g]);
        let fits = last_given.as_ref() == Some(&group)
            || (self.now.given.is_empty() && self.undo_group().as_ref() == Some(&group));
        if !fits {
            return Err("it does not take back the last input or the last decision".into());
        }
        self.take_out(&group)?;
        self.settle(Some(idx));
        Ok(())
    }

    /// A logged redo of `revs`, read back.
    pub(super) fn redo_logged(&mut self, idx: usize, revs: &[u64]) -> Result<(), String> {
        let group = self.indexes(revs)?;
        if self.now.redo.last() != Some(&group) {
            return Err("it does not give back what the last undo took".into());
        }
        self.put_back(idx, &group)
    }

    /// The records in effect from the last one decided at the table (a
    /// step with the inputs given to it) to the end.
    fn undo_group(&self) -> Option<Vec<usize>> {
        let at = self.now.decided.iter().rposition(|&d| d)?;
        let active = &self.now.active;
        let mut from = at;
        if matches!(self.records[active[at]].entry, Entry::Step(_)) {
            while from > 0 && matches!(self.records[active[from - 1]].entry, Entry::Input(_)) {
                from -= 1;
            }
        }
        Some(active[from..].to_vec())
    }

    /// Takes `group` out of effect: the last input of the step in progress
    /// (the step is attempted again without it), or records at the end of
    /// what is in effect (kept for redo; the state rebuilt without them).
    fn take_out(&mut self, group: &[usize]) -> Result<(), String> {
        self.now.told_in_step = 0;
        self.now.waiting = None;
        if self.now.given.last().map(std::slice::from_ref) == Some(group) {
            let mark = self.now.marks.pop().unwrap_or(0);
            self.now.current.truncate(mark);
            self.now.given.pop();
            self.now.active.pop();
            self.now.decided.pop();
            return Ok(());
        }
        if !self.now.active.ends_with(group) {
            return Err("what it takes back is not the last in effect".into());
        }
        let keep = self.now.active.len() - group.len();
        let active: Vec<usize> = self.now.active[..keep].to_vec();
        let mut redo = std::mem::take(&mut self.now.redo);
        redo.push(group.to_vec());
        self.rebuild(active, redo)
    }

    /// Puts `group` back in effect as redo record `idx` tells it.
    fn put_back(&mut self, idx: usize, group: &[usize]) -> Result<(), String> {
        self.now.redo.pop();
        self.now.told_in_step = 0;
        self.now.waiting = None;
        for &g in group {
            self.effect(g, Some(idx))?;
        }
        self.settle(Some(idx));
        Ok(())
    }

    /// The state of `active`, the records in effect, replayed from the
    /// start; `redo` kept.
    fn rebuild(&mut self, active: Vec<usize>, redo: Vec<Vec<usize>>) -> Result<(), String> {
        self.now = super::apply::Now::new(&self.start);
        self.now.redo = redo;
        for idx in active {
            self.effect(idx, None)?;
        }
        Ok(())
    }

    fn revs(&self, group: &[usize]) -> Vec<u64> {
        group.iter().map(|&i| self.records[i].rev).collect()
    }

    /// Record indexes of `revs`, each an earlier record that takes effect.
    fn indexes(&self, revs: &[u64]) -> Result<Vec<usize>, String> {
        revs.iter()
            .map(|&rev| {
                let i = usize::try_from(rev).ok().and_then(|r| r.checked_sub(1));
                match i.and_then(|i| self.records.get(i).map(|r| (i, r))) {
                    Some((i, r))
                        if !matches!(r.entry, Entry::Undo(_) | Entry::Redo(_) | Entry::Open) =>
                    {
                        Ok(i)
                    }
                    _ => Err(format!(
                        "revision {rev} is not an earlier entry that can be undone"
                    )),
                }
            })
            .collect()
    }
}
