//! The syntax tree of a dice expression. Built by [`crate::parse`], rolled by
//! [`crate::roll`], evaluated exactly by [`crate::dist`]. Plain data: no
//! behaviour beyond small helpers, so the three consumers stay independent.

/// A byte range in the source text (for error labels and roll display).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// A comparison operator of a compare point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `=` (also a bare number: `r1`).
    Eq,
    /// `<` (strictly less).
    Lt,
    /// `<=`.
    Le,
    /// `>` (strictly greater; note Roll20 reads `>` as `>=`, Fray does not).
    Gt,
    /// `>=`.
    Ge,
}

/// A compare point such as `>=8` or `1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Compare {
    /// The operator.
    pub op: CmpOp,
    /// The value compared against.
    pub value: i64,
}

impl Compare {
    /// Does `v` satisfy the compare point?
    #[inline]
    pub fn matches(&self, v: i64) -> bool {
        match self.op {
            CmpOp::Eq => v == self.value,
            CmpOp::Lt => v < self.value,
            CmpOp::Le => v <= self.value,
            CmpOp::Gt => v > self.value,
            CmpOp::Ge => v >= self.value,
        }
    }
}

impl std::fmt::Display for Compare {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let op = match self.op {
            CmpOp::Eq => "=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        };
        write!(f, "{op}{}", self.value)
    }
}

/// The faces of one die.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Die {
    /// `dS`: faces `1..=S` (`d%` is `d100`; a bare GURPS `d` is `d6`).
    Sides(u64),
    /// `dF`: Fudge die, faces -1, 0, +1.
    Fudge,
    /// `d{...}`: custom faces, each equally likely (repeats allowed).
    Faces(Vec<i64>),
}

impl Die {
    /// Smallest face.
    pub fn min_face(&self) -> i64 {
        match self {
            Die::Sides(_) => 1,
            Die::Fudge => -1,
            Die::Faces(f) => f.iter().copied().min().unwrap_or(0),
        }
    }
    /// Largest face.
    pub fn max_face(&self) -> i64 {
        match self {
            Die::Sides(s) => *s as i64,
            Die::Fudge => 1,
            Die::Faces(f) => f.iter().copied().max().unwrap_or(0),
        }
    }
    /// Every face (with repeats for custom dice). Only call for small dice.
    pub fn faces(&self) -> Vec<i64> {
        match self {
            Die::Sides(s) => (1..=*s as i64).collect(),
            Die::Fudge => vec![-1, 0, 1],
            Die::Faces(f) => f.clone(),
        }
    }
}

/// How a die explodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExplodeKind {
    /// `!`: roll again and add; each extra roll is a separate die for success
    /// counting (when no keep/drop is present).
    Standard,
    /// `!!`: roll again and add into one die.
    Compound,
    /// `!p`: like `!`, but every extra roll counts one less.
    Penetrate,
    /// `!o`: explode at most once.
    Once,
}

/// An explosion rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Explode {
    /// Which kind.
    pub kind: ExplodeKind,
    /// Which faces explode (default: the highest face).
    pub on: Compare,
}

/// A reroll rule (`r`, `ro`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reroll {
    /// `ro`: reroll once; `r`: reroll while the face matches (capped).
    pub once: bool,
    /// Which faces are rerolled.
    pub on: Compare,
}

/// Which dice are kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeepKind {
    /// `khN`/`kN`: keep the N highest.
    KeepHighest,
    /// `klN`: keep the N lowest.
    KeepLowest,
    /// `dhN`: drop the N highest.
    DropHighest,
    /// `dlN`/`dN`: drop the N lowest.
    DropLowest,
}

/// A keep/drop rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Keep {
    /// Which kind.
    pub kind: KeepKind,
    /// How many (default 1).
    pub n: u64,
}

impl Keep {
    /// `(keep highest?, how many kept)` out of `total` dice.
    pub fn kept(&self, total: u64) -> (bool, u64) {
        match self.kind {
            KeepKind::KeepHighest => (true, self.n.min(total)),
            KeepKind::KeepLowest => (false, self.n.min(total)),
            KeepKind::DropHighest => (false, total.saturating_sub(self.n)),
            KeepKind::DropLowest => (true, total.saturating_sub(self.n)),
        }
    }
}

/// Modifiers of a dice term or group.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mods {
    /// `!`, `!!`, `!p`, `!o`.
    pub explode: Option<Explode>,
    /// `r`, `ro`.
    pub reroll: Option<Reroll>,
    /// `kh`, `kl`, `dh`, `dl`.
    pub keep: Option<Keep>,
    /// A bare compare point: count successes instead of summing.
    pub success: Option<Compare>,
    /// `f`: failures, each subtracts one success.
    pub failure: Option<Compare>,
}

/// `NdS` with modifiers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceTerm {
    /// Number of dice.
    pub count: u64,
    /// The die.
    pub die: Die,
    /// Modifiers.
    pub mods: Mods,
    /// Where it is in the source.
    pub span: Span,
}

/// `{a, b, ...}` with modifiers (keep/drop, success counting).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The sub-expressions, each rolled independently.
    pub items: Vec<Node>,
    /// Modifiers (only keep, success and failure are allowed).
    pub mods: Mods,
    /// Where it is in the source.
    pub span: Span,
}

/// A binary arithmetic operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*` (also `x` in GURPS `3dx2`)
    Mul,
    /// `/`: integer division rounding toward negative infinity (floor).
    Div,
}

/// A node of the expression tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// An integer constant.
    Num(i64),
    /// A dice term.
    Dice(Box<DiceTerm>),
    /// A group.
    Group(Box<Group>),
    /// Unary minus.
    Neg(Box<Node>),
    /// Binary arithmetic.
    Bin(BinOp, Box<Node>, Box<Node>),
}
