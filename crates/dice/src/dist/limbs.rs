//! Fixed-width unsigned integers as little-endian `u64` limbs, stored side by
//! side in one flat buffer: the arithmetic of the keep/drop inner loop.
//!
//! `BigUint` allocates for every product, and the keep/drop DP does hundreds
//! of thousands of multiply-adds whose sizes are known before it starts (a
//! count over `j` dice is at most `K^j`). So each count lives in a fixed
//! number of limbs and is updated in place. The caller picks widths from
//! exact bounds, so no carry ever leaves the top limb (checked in debug
//! builds); nothing here wraps silently in a correct caller.

use num_bigint::BigUint;

/// Limbs for a number of at most `bits` bits (at least one limb).
pub(super) fn width(bits: u64) -> usize {
    bits.div_ceil(64).max(1) as usize
}

/// `acc += a * c` for one limb `c`; `acc` must be at least as wide as `a`.
#[inline]
pub(super) fn mul_add_limb(acc: &mut [u64], a: &[u64], c: u64) {
    debug_assert!(acc.len() >= a.len());
    let (low, high) = acc.split_at_mut(a.len());
    let mut carry = 0u64;
    for (x, &y) in low.iter_mut().zip(a) {
        // (2^64-1) + (2^64-1)^2 + (2^64-1) = 2^128 - 1: never overflows.
        let t = u128::from(*x) + u128::from(y) * u128::from(c) + u128::from(carry);
        *x = t as u64;
        carry = (t >> 64) as u64;
    }
    add_limb(high, carry);
}

/// `to[i] += from[i] * c` for consecutive counts of widths `tw >= fw`.
///
/// The widths the keep/drop DP meets most (up to four limbs) get a kernel
/// whose loops the compiler unrolls; the rest take the general loop.
pub(super) fn mul_add_limb_all(to: &mut [u64], tw: usize, from: &[u64], fw: usize, c: u64) {
    match (fw, tw) {
        (1, 1) => fixed::<1, 1>(to, from, c),
        (1, 2) => fixed::<1, 2>(to, from, c),
        (2, 2) => fixed::<2, 2>(to, from, c),
        (2, 3) => fixed::<2, 3>(to, from, c),
        (3, 3) => fixed::<3, 3>(to, from, c),
        (3, 4) => fixed::<3, 4>(to, from, c),
        (4, 4) => fixed::<4, 4>(to, from, c),
        (4, 5) => fixed::<4, 5>(to, from, c),
        _ => {
            for (acc, a) in to.chunks_exact_mut(tw).zip(from.chunks_exact(fw)) {
                mul_add_limb(acc, a, c);
            }
        }
    }
}

#[inline(always)]
fn fixed<const F: usize, const T: usize>(to: &mut [u64], from: &[u64], c: u64) {
    for (acc, a) in to.chunks_exact_mut(T).zip(from.chunks_exact(F)) {
        let mut carry = 0u64;
        for i in 0..F {
            let t = u128::from(acc[i]) + u128::from(a[i]) * u128::from(c) + u128::from(carry);
            acc[i] = t as u64;
            carry = (t >> 64) as u64;
        }
        for x in &mut acc[F..] {
            let (s, o) = x.overflowing_add(carry);
            *x = s;
            carry = u64::from(o);
        }
        debug_assert_eq!(carry, 0, "a fixed-width count overflowed its bound");
    }
}

/// `acc += a * b`; `acc` must be at least `a.len() + b.len() - 1` limbs wide.
///
/// The shorter operand drives the outer loop, so each carry chain runs
/// along the longer one and the carry out of a row is propagated only once
/// per limb of the shorter.
#[inline]
pub(super) fn mul_add(acc: &mut [u64], a: &[u64], b: &[u64]) {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    for (i, &c) in short.iter().enumerate() {
        if c != 0 {
            mul_add_limb(&mut acc[i..], long, c);
        }
    }
}

fn add_limb(acc: &mut [u64], mut carry: u64) {
    for x in acc {
        if carry == 0 {
            return;
        }
        let (s, o) = x.overflowing_add(carry);
        *x = s;
        carry = u64::from(o);
    }
    debug_assert_eq!(carry, 0, "a fixed-width count overflowed its bound");
}

/// `a` without its leading zero limbs (empty when `a` is zero).
#[inline]
pub(super) fn trim(a: &[u64]) -> &[u64] {
    let mut n = a.len();
    while n > 0 && a[n - 1] == 0 {
        n -= 1;
    }
    &a[..n]
}

/// The limbs of `b`, at least one.
pub(super) fn from_big(b: &BigUint) -> Vec<u64> {
    let mut v = b.to_u64_digits();
    if v.is_empty() {
        v.push(0);
    }
    v
}

/// The number whose limbs are `a`.
pub(super) fn to_big(a: &[u64]) -> BigUint {
    let digits = a
        .iter()
        .flat_map(|&x| [x as u32, (x >> 32) as u32])
        .collect();
    BigUint::new(digits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::One;

    fn padded(b: &BigUint, w: usize) -> Vec<u64> {
        let mut v = from_big(b);
        v.resize(w, 0);
        v
    }

    #[test]
    fn multiply_adds_match_big_integers() {
        let mut x = BigUint::from(0x9E37_79B9_7F4A_7C15u64);
        for round in 0..200u32 {
            // Pseudo-random operands of 1..6 limbs, including all-ones limbs.
            x = (&x * &x + BigUint::from(round)) % (BigUint::one() << 400u32);
            let a = &x >> ((round % 5) * 64 + round % 7);
            let b = if round % 3 == 0 {
                (BigUint::one() << 64u32) - 1u32
            } else {
                &x % (BigUint::one() << (1 + round % 190))
            };
            let acc0 = &x >> (round % 11);
            let want = &acc0 + &a * &b;
            let w = width(want.bits()) + 1;
            let mut acc = padded(&acc0, w);
            mul_add(&mut acc, &from_big(&a), &from_big(&b));
            assert_eq!(to_big(&acc), want, "round {round}");
        }
    }

    #[test]
    fn runs_of_counts_match_big_integers() {
        let mut x = BigUint::from(0x2545_F491_4F6C_DD1Du64);
        for fw in 1..=5usize {
            for tw in fw..=fw + 2 {
                let (mut to, mut from, mut want) = (Vec::new(), Vec::new(), Vec::new());
                // Operands that leave room for the sum in `tw` limbs:
                // a * c < 2^(64 tw - 1) and acc < 2^(64 tw - 2).
                let (c, abits) = if tw > fw {
                    (u64::MAX - fw as u64, (64 * fw).min(64 * tw - 65))
                } else {
                    ((1 << 31) + fw as u64, 64 * fw - 33)
                };
                for entry in 0..4u32 {
                    x = (&x * &x + BigUint::from(entry + 1)) % (BigUint::one() << 512u32);
                    let a = &x % (BigUint::one() << abits);
                    let acc0 = &x >> (512 - 64 * tw as u32 + 2);
                    want.push(&acc0 + &a * c);
                    to.extend(padded(&acc0, tw));
                    from.extend(padded(&a, fw));
                }
                mul_add_limb_all(&mut to, tw, &from, fw, c);
                let got: Vec<BigUint> = to.chunks_exact(tw).map(to_big).collect();
                assert_eq!(got, want, "widths {fw} -> {tw}");
            }
        }
    }

    #[test]
    fn widths_and_conversions() {
        assert_eq!(width(0), 1);
        assert_eq!(width(64), 1);
        assert_eq!(width(65), 2);
        assert_eq!(from_big(&BigUint::from(0u32)), vec![0]);
        assert!(trim(&[0, 0]).is_empty());
        assert_eq!(trim(&[1, 2, 0]), &[1, 2]);
        let b = (BigUint::one() << 130u32) + 5u32;
        assert_eq!(to_big(&from_big(&b)), b);
    }
}
