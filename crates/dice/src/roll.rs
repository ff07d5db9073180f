//! Rolling an expression with a seeded RNG, keeping a full per-die history.
//!
//! Rules (shared with the exact evaluator in [`crate::dist`], which must agree):
//! * Each physical roll draws one face uniformly ([`crate::kind`] Lemire draw).
//! * Reroll (`r`): while the face matches, it is set aside (flag `rerolled`)
//!   and rolled again, at most [`MAX_EXPLOSION_DEPTH`] times; `ro` once.
//!   Rerolls apply to explosion rolls as well.
//! * Explosion: while a roll matches the explode compare point, roll again,
//!   at most [`MAX_EXPLOSION_DEPTH`] extra rolls per die (so `1d1!` = 101).
//!   `!p` subtracts 1 from every extra roll. `!o` explodes once.
//! * A die's *value* is the sum of its explosion chain. With `!`/`!p` and no
//!   keep/drop, each extra roll is listed (and counted for successes) as its
//!   own die, as in Roll20; with `!!`, `!o`, or any keep/drop, the chain is one
//!   die ranked by its value.
//! * Keep/drop ranks dice by value (ties: earlier die ranks higher).
//! * Success counting: the term is (#dice matching the success point) minus
//!   (#dice matching the failure point); otherwise the sum of kept values.
//! * `/` is integer division rounding toward negative infinity (floor).

use crate::ast::*;
use crate::error::DiceError;
use crate::kind::below;
use crate::limits::*;
use crate::pmf::check_value;

/// Flags on one die of a roll.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DieFlags {
    /// Counted toward the result (not dropped, not rerolled).
    pub kept: bool,
    /// Removed by keep/drop.
    pub dropped: bool,
    /// Its roll matched the explode point (another roll followed).
    pub exploded: bool,
    /// Set aside by a reroll (never counted).
    pub rerolled: bool,
    /// Matched the success point.
    pub success: bool,
    /// Matched the failure point.
    pub failure: bool,
}

/// One die (or one explosion chain, or one group item) in a roll history.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DieResult {
    /// Its value (chain total for compounded dice; item total for groups).
    pub value: i64,
    /// The physical faces rolled for it (one unless a chain).
    pub faces: Vec<i64>,
    /// What happened to it.
    pub flags: DieFlags,
}

/// One dice term or group of a roll.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TermResult {
    /// The term as written.
    pub text: String,
    /// Its dice in roll order.
    pub dice: Vec<DieResult>,
    /// The term's value (sum of kept dice, or successes).
    pub value: i64,
}

/// The result of rolling an expression.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RollResult {
    /// Every dice term and group, in evaluation order.
    pub terms: Vec<TermResult>,
    /// The final total.
    pub total: i64,
}

impl std::fmt::Display for DieResult {
    /// `6`, `1d` (dropped), `6!` (exploded), `1r` (rerolled), `8*` (success),
    /// `1f` (failure), `6!+6!+2` (compounded chain).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.faces.len() > 1 {
            write!(f, "{}", self.value)?;
            write!(f, "(")?;
            for (i, x) in self.faces.iter().enumerate() {
                if i > 0 {
                    write!(f, "+")?;
                }
                write!(f, "{x}")?;
            }
            write!(f, ")")?;
        } else {
            write!(f, "{}", self.value)?;
        }
        let fl = self.flags;
        if fl.exploded {
            write!(f, "!")?;
        }
        if fl.rerolled {
            write!(f, "r")?;
        }
        if fl.dropped {
            write!(f, "d")?;
        }
        if fl.success {
            write!(f, "*")?;
        }
        if fl.failure {
            write!(f, "f")?;
        }
        Ok(())
    }
}

impl std::fmt::Display for TermResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: [", self.text)?;
        for (i, d) in self.dice.iter().enumerate() {
            if i > 0 {
                write!(f, ", ")?;
            }
            write!(f, "{d}")?;
        }
        write!(f, "]")
    }
}

impl std::fmt::Display for RollResult {
    /// `4d6kh3: [6, 5, 3, 1d] = 14`; several terms are joined with `; `.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, t) in self.terms.iter().enumerate() {
            if i > 0 {
                write!(f, "; ")?;
            }
            write!(f, "{t}")?;
        }
        if self.terms.is_empty() {
            write!(f, "{}", self.total)
        } else {
            write!(f, " = {}", self.total)
        }
    }
}

/// Floor division, the rounding `/` uses everywhere (roll and distribution).
pub(crate) fn div_floor(a: i64, b: i64) -> Result<i64, DiceError> {
    if b == 0 {
        return Err(DiceError::DivisionByZero);
    }
    let q = a.checked_div(b).ok_or(DiceError::Overflow)?;
    Ok(if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    })
}

/// Apply a binary operator with overflow checks.
pub(crate) fn apply(op: BinOp, a: i64, b: i64) -> Result<i64, DiceError> {
    let v = match op {
        BinOp::Add => a.checked_add(b),
        BinOp::Sub => a.checked_sub(b),
        BinOp::Mul => a.checked_mul(b),
        BinOp::Div => return div_floor(a, b).and_then(check_value),
    };
    v.ok_or(DiceError::Overflow).and_then(check_value)
}

pub(crate) struct Roller<'a, R: rand::Rng + ?Sized> {
    pub rng: &'a mut R,
    pub src: &'a str,
    pub rolls: u64,
    pub terms: Vec<TermResult>,
}

impl<R: rand::Rng + ?Sized> Roller<'_, R> {
    fn face(&mut self, die: &Die) -> Result<i64, DiceError> {
        self.rolls += 1;
        if self.rolls > MAX_ROLLS {
            return Err(DiceError::limit("die rolls in one evaluation", MAX_ROLLS));
        }
        Ok(match die {
            Die::Sides(s) => below(self.rng, *s) as i64 + 1,
            Die::Fudge => below(self.rng, 3) as i64 - 1,
            Die::Faces(f) => f
                .get(below(self.rng, f.len() as u64) as usize)
                .copied()
                .unwrap_or(0),
        })
    }

    /// One physical roll with rerolls applied; set-aside faces go to `aside`.
    fn physical(&mut self, t: &DiceTerm, aside: &mut Vec<DieResult>) -> Result<i64, DiceError> {
        let mut v = self.face(&t.die)?;
        if let Some(r) = t.mods.reroll {
            let cap = if r.once { 1 } else { MAX_EXPLOSION_DEPTH };
            let mut n = 0;
            while n < cap && r.on.matches(v) {
                aside.push(DieResult {
                    value: v,
                    faces: vec![v],
                    flags: DieFlags {
                        rerolled: true,
                        ..DieFlags::default()
                    },
                });
                v = self.face(&t.die)?;
                n += 1;
            }
        }
        Ok(v)
    }

    pub fn node(&mut self, n: &Node) -> Result<i64, DiceError> {
        match n {
            Node::Num(v) => Ok(*v),
            Node::Neg(a) => {
                let v = self.node(a)?;
                v.checked_neg().ok_or(DiceError::Overflow)
            }
            Node::Bin(op, a, b) => {
                let x = self.node(a)?;
                let y = self.node(b)?;
                apply(*op, x, y)
            }
            Node::Dice(t) => self.dice(t),
            Node::Group(g) => self.group(g),
        }
    }

    fn text(&self, s: Span) -> String {
        self.src.get(s.start..s.end).unwrap_or("?").to_string()
    }

    fn dice(&mut self, t: &DiceTerm) -> Result<i64, DiceError> {
        let mut dice: Vec<DieResult> = Vec::with_capacity(t.count.min(1024) as usize);
        let separate = t.mods.keep.is_none()
            && matches!(
                t.mods.explode.map(|e| e.kind),
                Some(ExplodeKind::Standard) | Some(ExplodeKind::Penetrate)
            );
        for _ in 0..t.count {
            let first = self.physical(t, &mut dice)?;
            let mut chain = vec![first];
            let mut value = first;
            if let Some(e) = t.mods.explode {
                let cap = if e.kind == ExplodeKind::Once {
                    1
                } else {
                    MAX_EXPLOSION_DEPTH
                };
                let mut last = first;
                let mut n = 0;
                while n < cap && e.on.matches(last) {
                    last = self.physical(t, &mut dice)?;
                    let add = if e.kind == ExplodeKind::Penetrate {
                        last - 1
                    } else {
                        last
                    };
                    chain.push(add);
                    value = value.checked_add(add).ok_or(DiceError::Overflow)?;
                    n += 1;
                }
            }
            if separate && chain.len() > 1 {
                let k = chain.len();
                for (i, v) in chain.into_iter().enumerate() {
                    dice.push(DieResult {
                        value: v,
                        faces: vec![v],
                        flags: DieFlags {
                            exploded: i + 1 < k,
                            ..DieFlags::default()
                        },
                    });
                }
            } else {
                let exploded = chain.len() > 1;
                dice.push(DieResult {
                    value,
                    faces: if exploded { chain } else { vec![value] },
                    flags: DieFlags {
                        exploded,
                        ..DieFlags::default()
                    },
                });
            }
        }
        let value = finish(&mut dice, &t.mods)?;
        self.terms.push(TermResult {
            text: self.text(t.span),
            dice,
            value,
        });
        Ok(value)
    }

    fn group(&mut self, g: &Group) -> Result<i64, DiceError> {
        let mut dice = Vec::with_capacity(g.items.len());
        for item in &g.items {
            let v = self.node(item)?;
            dice.push(DieResult {
                value: v,
                faces: vec![v],
                flags: DieFlags::default(),
            });
        }
        let value = finish(&mut dice, &g.mods)?;
        self.terms.push(TermResult {
            text: self.text(g.span),
            dice,
            value,
        });
        Ok(value)
    }
}

/// Apply keep/drop and success counting to the listed dice; return the value.
fn finish(dice: &mut [DieResult], m: &Mods) -> Result<i64, DiceError> {
    let live: Vec<usize> = (0..dice.len())
        .filter(|&i| !dice[i].flags.rerolled)
        .collect();
    for &i in &live {
        dice[i].flags.kept = true;
    }
    if let Some(k) = m.keep {
        let (highest, n) = k.kept(live.len() as u64);
        let mut order = live.clone();
        // Stable sort: ties keep roll order, earlier dice rank first.
        if highest {
            order.sort_by(|&a, &b| dice[b].value.cmp(&dice[a].value));
        } else {
            order.sort_by(|&a, &b| dice[a].value.cmp(&dice[b].value));
        }
        for &i in order.iter().skip(n as usize) {
            dice[i].flags.kept = false;
            dice[i].flags.dropped = true;
        }
    }
    let mut total: i64 = 0;
    for d in dice.iter_mut().filter(|d| d.flags.kept) {
        if let Some(s) = m.success {
            if s.matches(d.value) {
                d.flags.success = true;
                total += 1;
            } else if m.failure.is_some_and(|f| f.matches(d.value)) {
                d.flags.failure = true;
                total -= 1;
            }
        } else {
            total = total.checked_add(d.value).ok_or(DiceError::Overflow)?;
        }
    }
    check_value(total)
}
