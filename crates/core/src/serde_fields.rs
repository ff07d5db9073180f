//! What the rulesets' serialized types name in `#[serde(default = ...)]`
//! and `#[serde(skip_serializing_if = ...)]`: written once here, so a
//! file, a log or a saved game leaves out the same fields in every ruleset.

/// Whether a field holds its type's default (0, `false`): left out of the
/// written form, which reads back the same through `#[serde(default)]`.
pub fn is_default<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

/// 1, for fields whose absence means one (a count, a multiplier).
pub fn one<T: From<u8>>() -> T {
    T::from(1)
}

/// `true`, for switches that are on unless a file turns them off.
pub fn yes() -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_left_out_one_is_one_and_yes_is_true() {
        assert!(is_default(&0_i32) && is_default(&0_u8) && is_default(&false));
        assert!(!is_default(&-1_i32) && !is_default(&true));
        assert_eq!(one::<u8>(), 1);
        assert_eq!(one::<f32>(), 1.0);
        assert!(yes());
    }
}
