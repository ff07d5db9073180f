//! Counts with their nouns for the words of a fight: a leaf, so the
//! actions and events can word a count without naming the narration.

/// "1 success", "3 successes": a count with its noun (`one`, `many`).
pub fn count(n: i32, one: &str, many: &str) -> String {
    if n == 1 || n == -1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}
