//! Hand-written recursive-descent parser for the dice notation.
//!
//! Hand-written rather than a combinator library because the notation is
//! small, context-sensitive (`d` is "dice" after a count but "drop lowest"
//! after a die; a bare GURPS `d` means `d6`), and because every error must
//! name its exact column and what was expected; a direct parser makes those
//! messages precise with no extra machinery. The parser never panics: every
//! index is checked, numbers are parsed with overflow checks, and nesting is
//! bounded by [`crate::limits::MAX_NESTING`].
//!
//! Grammar (whitespace allowed between tokens, not inside a dice term):
//!
//! ```text
//! expr   := term (('+' | '-') term)*
//! term   := unary (('*' | 'x' | '/') unary)*
//! unary  := ('-' | '+') unary | atom
//! atom   := INT | dice | '(' expr ')' | group
//! dice   := INT? 'd' die mods
//! die    := INT | '%' | 'F' | '{' SINT (',' SINT)* '}' | <nothing: GURPS d6>
//! group  := '{' expr (',' expr)* '}' gmods
//! mods   := ( '!' ('!' | 'p' | 'o')? cmp?      explode (default: highest face)
//!           | 'r' 'o'? cmp                      reroll
//!           | ('kh'|'kl'|'dh'|'dl'|'k'|'d') INT?  keep / drop (default 1)
//!           | 'f' cmp                           failures
//!           | cmp )*                            successes
//! cmp    := ('=' | '<' | '<=' | '>' | '>=') SINT | SINT   (bare number means '=')
//! ```

use crate::ast::*;
use crate::error::DiceError;
use crate::limits::*;

/// Parse `src` into a tree.
pub fn parse(src: &str) -> Result<Node, DiceError> {
    if src.len() > MAX_EXPR_LEN {
        return Err(DiceError::limit(
            "expression length in bytes",
            MAX_EXPR_LEN as u64,
        ));
    }
    let mut p = Parser {
        src,
        b: src.as_bytes(),
        pos: 0,
        depth: 0,
    };
    p.ws();
    if p.pos >= p.b.len() {
        return Err(p.err("a dice expression"));
    }
    let node = p.expr()?;
    p.ws();
    if p.pos < p.b.len() {
        return Err(p.err("an operator (+ - * /) or end of input"));
    }
    Ok(node)
}

struct Parser<'a> {
    src: &'a str,
    b: &'a [u8],
    pos: usize,
    depth: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }
    fn peek_at(&self, k: usize) -> Option<u8> {
        self.b.get(self.pos + k).copied()
    }
    fn ws(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }
    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn err(&self, expected: &str) -> DiceError {
        DiceError::parse(self.src, self.pos, 1, expected)
    }
    fn err_at(&self, at: usize, len: usize, expected: &str) -> DiceError {
        DiceError::parse(self.src, at, len, expected)
    }
    fn limit_at(&self, span: Span, what: &str, limit: u64) -> DiceError {
        DiceError::Limit {
            what: what.into(),
            limit,
            column: Some(crate::error::column_of(self.src, span.start)),
            span: Some((span.start, span.end.saturating_sub(span.start).max(1)).into()),
        }
    }
    fn invalid_at(&self, span: Span, message: String) -> DiceError {
        DiceError::Invalid {
            message,
            column: Some(crate::error::column_of(self.src, span.start)),
            span: Some((span.start, span.end.saturating_sub(span.start).max(1)).into()),
        }
    }

    fn enter(&mut self) -> Result<(), DiceError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            let s = Span {
                start: self.pos,
                end: self.pos + 1,
            };
            return Err(self.limit_at(s, "nesting depth", MAX_NESTING as u64));
        }
        Ok(())
    }

    fn expr(&mut self) -> Result<Node, DiceError> {
        self.enter()?;
        let mut left = self.term()?;
        loop {
            self.ws();
            let op = match self.peek() {
                Some(b'+') => BinOp::Add,
                Some(b'-') => BinOp::Sub,
                _ => break,
            };
            self.pos += 1;
            self.ws();
            let right = self.term()?;
            left = Node::Bin(op, Box::new(left), Box::new(right));
        }
        self.depth -= 1;
        Ok(left)
    }

    fn term(&mut self) -> Result<Node, DiceError> {
        let mut left = self.unary()?;
        loop {
            self.ws();
            let op = match self.peek() {
                Some(b'*') | Some(b'x') | Some(b'X') => BinOp::Mul,
                Some(b'/') => BinOp::Div,
                _ => break,
            };
            self.pos += 1;
            self.ws();
            let right = self.unary()?;
            left = Node::Bin(op, Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn unary(&mut self) -> Result<Node, DiceError> {
        self.ws();
        match self.peek() {
            Some(b'-') => {
                self.pos += 1;
                self.enter()?;
                let n = self.unary()?;
                self.depth -= 1;
                Ok(Node::Neg(Box::new(n)))
            }
            Some(b'+') => {
                self.pos += 1;
                self.enter()?;
                let n = self.unary();
                self.depth -= 1;
                n
            }
            _ => self.atom(),
        }
    }

    fn atom(&mut self) -> Result<Node, DiceError> {
        let start = self.pos;
        match self.peek() {
            Some(b'(') => {
                self.pos += 1;
                self.ws();
                let e = self.expr()?;
                self.ws();
                if !self.eat(b')') {
                    return Err(self.err("')'"));
                }
                Ok(e)
            }
            Some(b'{') => self.group(),
            Some(c) if c.is_ascii_digit() => {
                let n = self.uint("a number")?;
                if matches!(self.peek(), Some(b'd') | Some(b'D')) {
                    self.dice(start, n)
                } else {
                    let v = i64::try_from(n).ok().filter(|v| *v <= MAX_ABS_VALUE);
                    match v {
                        Some(v) => Ok(Node::Num(v)),
                        None => Err(self.limit_at(
                            Span {
                                start,
                                end: self.pos,
                            },
                            "constant",
                            MAX_ABS_VALUE as u64,
                        )),
                    }
                }
            }
            Some(b'd') | Some(b'D') => self.dice(start, 1),
            _ => Err(self.err("a number, a die ('d6'), '(' or '{'")),
        }
    }

    /// Unsigned integer (saturating at u64::MAX, which every limit rejects).
    fn uint(&mut self, expected: &str) -> Result<u64, DiceError> {
        let start = self.pos;
        let mut v: u64 = 0;
        while let Some(c) = self.peek().filter(|c| c.is_ascii_digit()) {
            v = v.saturating_mul(10).saturating_add((c - b'0') as u64);
            self.pos += 1;
        }
        if self.pos == start {
            return Err(self.err(expected));
        }
        Ok(v)
    }

    /// Optionally signed integer within ±MAX_ABS_VALUE.
    fn sint(&mut self, expected: &str) -> Result<i64, DiceError> {
        let start = self.pos;
        let neg = self.eat(b'-');
        if !neg {
            self.eat(b'+');
        }
        if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
            return Err(self.err(expected));
        }
        let v = self.uint(expected)?;
        if v > MAX_ABS_VALUE as u64 {
            return Err(self.limit_at(
                Span {
                    start,
                    end: self.pos,
                },
                "number",
                MAX_ABS_VALUE as u64,
            ));
        }
        Ok(if neg { -(v as i64) } else { v as i64 })
    }

    fn dice(&mut self, start: usize, count: u64) -> Result<Node, DiceError> {
        let dpos = self.pos;
        self.pos += 1; // the 'd'
        let die = match self.peek() {
            Some(c) if c.is_ascii_digit() => {
                let s0 = self.pos;
                let s = self.uint("a number of sides")?;
                if s == 0 {
                    return Err(self.err_at(s0, self.pos - s0, "a number of sides of at least 1"));
                }
                if s > MAX_SIDES {
                    return Err(self.limit_at(
                        Span {
                            start: s0,
                            end: self.pos,
                        },
                        "sides per die",
                        MAX_SIDES,
                    ));
                }
                Die::Sides(s)
            }
            Some(b'%') => {
                self.pos += 1;
                Die::Sides(100)
            }
            Some(b'F') | Some(b'f') => {
                self.pos += 1;
                Die::Fudge
            }
            Some(b'{') => self.faces()?,
            // GURPS: a bare `d` is a d6 (`2d+1`, `1d-3`, `3dx2`, `d`).
            None | Some(b'+') | Some(b'-') | Some(b'x') | Some(b'X') | Some(b'*') | Some(b'/')
            | Some(b')') | Some(b',') | Some(b'}') | Some(b' ') | Some(b'\t') => {
                let span = Span {
                    start,
                    end: self.pos,
                };
                if count > MAX_DICE {
                    return Err(self.limit_at(span, "dice in one term", MAX_DICE));
                }
                return Ok(Node::Dice(Box::new(DiceTerm {
                    count,
                    die: Die::Sides(6),
                    mods: Mods::default(),
                    span,
                })));
            }
            _ => {
                return Err(self.err_at(
                    self.pos,
                    1,
                    &format!(
                        "a number of sides, '%', 'F' or '{{' after 'd' (column {})",
                        crate::error::column_of(self.src, dpos)
                    ),
                ));
            }
        };
        let mods = self.mods(false, &die)?;
        let span = Span {
            start,
            end: self.pos,
        };
        if count > MAX_DICE {
            return Err(self.limit_at(span, "dice in one term", MAX_DICE));
        }
        let term = DiceTerm {
            count,
            die,
            mods,
            span,
        };
        self.validate(&term)?;
        Ok(Node::Dice(Box::new(term)))
    }

    fn faces(&mut self) -> Result<Die, DiceError> {
        self.pos += 1; // '{'
        let mut faces = Vec::new();
        loop {
            self.ws();
            faces.push(self.sint("a face value (an integer)")?);
            if faces.len() > MAX_CUSTOM_FACES {
                let s = Span {
                    start: self.pos,
                    end: self.pos + 1,
                };
                return Err(self.limit_at(s, "faces on a custom die", MAX_CUSTOM_FACES as u64));
            }
            self.ws();
            if self.eat(b',') {
                continue;
            }
            if self.eat(b'}') {
                break;
            }
            return Err(self.err("',' or '}' in the list of faces"));
        }
        Ok(Die::Faces(faces))
    }

    fn cmp(&mut self, required: bool) -> Result<Option<Compare>, DiceError> {
        let op = match (self.peek(), self.peek_at(1)) {
            (Some(b'<'), Some(b'=')) => {
                self.pos += 2;
                CmpOp::Le
            }
            (Some(b'>'), Some(b'=')) => {
                self.pos += 2;
                CmpOp::Ge
            }
            (Some(b'<'), _) => {
                self.pos += 1;
                CmpOp::Lt
            }
            (Some(b'>'), _) => {
                self.pos += 1;
                CmpOp::Gt
            }
            (Some(b'='), _) => {
                self.pos += 1;
                CmpOp::Eq
            }
            (Some(c), _) if c.is_ascii_digit() => CmpOp::Eq,
            _ => {
                if required {
                    return Err(self.err("a compare point (e.g. '1', '<3', '>=8')"));
                }
                return Ok(None);
            }
        };
        let value = self.sint("a number after the comparison")?;
        Ok(Some(Compare { op, value }))
    }

    fn mods(&mut self, group: bool, die: &Die) -> Result<Mods, DiceError> {
        let mut m = Mods::default();
        loop {
            let at = self.pos;
            let dup =
                |p: &Self, what: &str| p.err_at(at, 1, &format!("at most one {what} per term"));
            match self.peek() {
                Some(b'!') if !group => {
                    self.pos += 1;
                    let kind = if self.eat(b'!') {
                        ExplodeKind::Compound
                    } else if self.eat(b'p') {
                        ExplodeKind::Penetrate
                    } else if self.eat(b'o') {
                        ExplodeKind::Once
                    } else {
                        ExplodeKind::Standard
                    };
                    let on = self.cmp(false)?.unwrap_or(Compare {
                        op: CmpOp::Eq,
                        value: die.max_face(),
                    });
                    if m.explode.is_some() {
                        return Err(dup(self, "explosion"));
                    }
                    m.explode = Some(Explode { kind, on });
                }
                Some(b'r') if !group => {
                    self.pos += 1;
                    let once = self.eat(b'o');
                    let on = self.cmp(true)?.unwrap_or(Compare {
                        op: CmpOp::Eq,
                        value: 1,
                    });
                    if m.reroll.is_some() {
                        return Err(dup(self, "reroll"));
                    }
                    m.reroll = Some(Reroll { once, on });
                }
                Some(b'k') | Some(b'd') => {
                    let keep = self.peek() == Some(b'k');
                    self.pos += 1;
                    let kind = match (keep, self.peek()) {
                        (true, Some(b'h')) => {
                            self.pos += 1;
                            KeepKind::KeepHighest
                        }
                        (true, Some(b'l')) => {
                            self.pos += 1;
                            KeepKind::KeepLowest
                        }
                        (true, _) => KeepKind::KeepHighest,
                        (false, Some(b'h')) => {
                            self.pos += 1;
                            KeepKind::DropHighest
                        }
                        (false, Some(b'l')) => {
                            self.pos += 1;
                            KeepKind::DropLowest
                        }
                        (false, _) => KeepKind::DropLowest,
                    };
                    let start = self.pos;
                    let n = if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        self.uint("a number of dice")?
                    } else {
                        1
                    };
                    if n > crate::limits::MAX_DICE {
                        let span = Span {
                            start,
                            end: self.pos,
                        };
                        return Err(self.limit_at(
                            span,
                            "dice to keep or drop",
                            crate::limits::MAX_DICE,
                        ));
                    }
                    if m.keep.is_some() {
                        return Err(dup(self, "keep/drop"));
                    }
                    m.keep = Some(Keep { kind, n });
                }
                Some(b'f') => {
                    self.pos += 1;
                    let c = self.cmp(true)?;
                    if m.failure.is_some() {
                        return Err(dup(self, "failure compare point"));
                    }
                    m.failure = c;
                }
                Some(b'<') | Some(b'>') | Some(b'=') => {
                    let c = self.cmp(true)?;
                    if m.success.is_some() {
                        return Err(dup(self, "success compare point"));
                    }
                    m.success = c;
                }
                _ => break,
            }
        }
        Ok(m)
    }

    fn validate(&self, t: &DiceTerm) -> Result<(), DiceError> {
        let faces_match_all = |c: &Compare| -> bool {
            match &t.die {
                Die::Sides(s) => match c.op {
                    CmpOp::Eq => *s == 1 && c.value == 1,
                    CmpOp::Lt => c.value > *s as i64,
                    CmpOp::Le => c.value >= *s as i64,
                    CmpOp::Gt => c.value < 1,
                    CmpOp::Ge => c.value <= 1,
                },
                d => d.faces().iter().all(|&f| c.matches(f)),
            }
        };
        if let Some(r) = &t.mods.reroll
            && !r.once
            && faces_match_all(&r.on)
        {
            return Err(self.invalid_at(
                t.span,
                format!(
                    "reroll condition '{}' matches every face, so the die could never stop",
                    r.on
                ),
            ));
        }
        if t.mods.failure.is_some() && t.mods.success.is_none() {
            return Err(self.invalid_at(
                t.span,
                "failures ('f') need a success compare point too".into(),
            ));
        }
        if t.mods.keep.is_some()
            && t.mods.success.is_some()
            && matches!(
                t.mods.explode.map(|e| e.kind),
                Some(ExplodeKind::Standard) | Some(ExplodeKind::Penetrate)
            )
        {
            return Err(self.invalid_at(
                t.span,
                "keep/drop with success counting needs compounding explosions ('!!'), not '!' or '!p'".into(),
            ));
        }
        Ok(())
    }

    fn group(&mut self) -> Result<Node, DiceError> {
        let start = self.pos;
        self.pos += 1; // '{'
        self.enter()?;
        let mut items = Vec::new();
        loop {
            self.ws();
            items.push(self.expr()?);
            self.ws();
            if self.eat(b',') {
                continue;
            }
            if self.eat(b'}') {
                break;
            }
            return Err(self.err("',' or '}' in the group"));
        }
        self.depth -= 1;
        let mods = self.mods(true, &Die::Sides(1))?;
        let span = Span {
            start,
            end: self.pos,
        };
        if mods.failure.is_some() && mods.success.is_none() {
            return Err(self.invalid_at(
                span,
                "failures ('f') need a success compare point too".into(),
            ));
        }
        Ok(Node::Group(Box::new(Group { items, mods, span })))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msg(s: &str) -> String {
        parse(s).unwrap_err().to_string()
    }

    #[test]
    fn parses_common_forms() {
        for s in [
            "3d6",
            "2d+1",
            "1d-3",
            "3dx2",
            "d",
            "d%",
            "4dF",
            "d{0,2,3,4,5,6}",
            "d{-1,0,1}",
            "4d6kh3",
            "4d6k3",
            "4d6dl",
            "4d6d1",
            "5d10>=8",
            "3d6!>5",
            "10d10>=8f1",
            "4d6r1",
            "4d6ro<3",
            "1d6!!",
            "1d6!p",
            "1d6!o",
            "{3d6}<=12",
            "{4d6, 3d8}kh1",
            "(1d6+2)*3",
            "-1d4 + 10 / 3",
            "2d6 + 1d8 - 2",
        ] {
            assert!(parse(s).is_ok(), "{s}: {:?}", parse(s));
        }
    }

    #[test]
    fn gurps_forms() {
        let Node::Bin(BinOp::Add, l, r) = parse("2d+1").unwrap() else {
            panic!()
        };
        assert!(matches!(*l, Node::Dice(ref t) if t.count == 2 && t.die == Die::Sides(6)));
        assert_eq!(*r, Node::Num(1));
        assert!(matches!(
            parse("3dx2").unwrap(),
            Node::Bin(BinOp::Mul, _, _)
        ));
    }

    #[test]
    fn errors_name_columns() {
        assert_eq!(
            msg("3d6+"),
            "column 5: expected a number, a die ('d6'), '(' or '{', found end of input"
        );
        assert_eq!(
            msg("2d6+d?"),
            "column 6: expected a number of sides, '%', 'F' or '{' after 'd' (column 5), found '?'"
        );
        assert!(msg("(1d6").starts_with("column 5: expected ')'"));
        assert!(msg("4d6r").starts_with("column 5: expected a compare point"));
        assert!(msg("d0").starts_with("column 2"));
        assert!(msg("1d6 2").starts_with("column 5: expected an operator"));
        assert!(msg("10001d6").contains("limit of 10000"));
        assert!(msg("d1000001").contains("limit of 1000000"));
        assert!(msg("1d6r<7").contains("matches every face"));
        assert!(msg("4d6!kh3>4").contains("'!!'"));
        assert!(msg(&"(".repeat(100)).contains("nesting"));
    }
}
