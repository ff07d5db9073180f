//! Seat tokens: 128 bits from the operating system's random source, as 32
//! hexadecimal digits. A token opens its own seat at its own table and
//! nothing else; it is the whole of the seat's key, so links carry it.

/// How many random bytes a token holds.
pub const TOKEN_BYTES: usize = 16;

/// A fresh token, or the OS's error when it has no randomness to give.
pub fn fresh() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; TOKEN_BYTES];
    getrandom::fill(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Whether `text` has a token's shape (checked before any look-up).
pub fn well_formed(text: &str) -> bool {
    text.len() == 2 * TOKEN_BYTES && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bits_and_differ() {
        let a = fresh().unwrap();
        let b = fresh().unwrap();
        assert!(well_formed(&a) && well_formed(&b));
        assert_ne!(a, b);
        assert!(!well_formed("ABCDEF"));
        assert!(!well_formed(&a.to_uppercase()));
        assert!(!well_formed(&format!("{a}0")));
    }
}
