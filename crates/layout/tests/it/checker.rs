//! The checker itself, on a small crate written for the test: it must find
//! what it is there to find.

use fray_layout::{Graph, circles, upward_references};
use std::path::{Path, PathBuf};

fn write(root: &Path, files: &[(&str, &str)]) {
    for (name, text) in files {
        let path = root.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fray-layout-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn an_upward_reference_is_found_in_a_use_inline_or_in_a_macro_and_not_in_a_test() {
    let dir = scratch("upward");
    write(
        &dir,
        &[
            ("lib.rs", "mod model; mod rules; mod resolve; mod ai;"),
            ("model/mod.rs", "pub mod state;"),
            (
                "model/state.rs",
                "pub fn f() -> bool { matches!(1, crate::ai::N) }",
            ),
            ("rules/mod.rs", "pub fn g() { crate::resolve::h(); }"),
            ("resolve/mod.rs", "use crate::rules::g; pub fn h() { g() }"),
            (
                "ai/mod.rs",
                "pub const N: i32 = 1;\n#[cfg(test)]\nmod tests { use crate::ai::N; }",
            ),
        ],
    );
    let graph = Graph::of_crate(&dir).unwrap();
    let found: Vec<(String, &str, &str)> = upward_references(&graph)
        .into_iter()
        .map(|u| {
            let file = u.file.strip_prefix(&dir).unwrap().display().to_string();
            (file, u.layer, u.names)
        })
        .collect();
    assert_eq!(
        found,
        [
            ("model/state.rs".to_string(), "model", "ai"),
            ("rules/mod.rs".to_string(), "rules", "resolve"),
        ]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_circle_is_found_through_super_self_and_re_exports_but_not_through_the_root() {
    let dir = scratch("circle");
    write(
        &dir,
        &[
            ("lib.rs", "pub mod a; pub use a::x::X; pub fn root() {}"),
            (
                "a/mod.rs",
                "pub mod x; pub mod y; pub mod z; pub use self::x::X;",
            ),
            ("a/x.rs", "pub struct X; pub fn fx() { super::y::fy() }"),
            (
                "a/y.rs",
                "pub fn fy() { let _ = crate::a::X; crate::root(); }",
            ),
            ("a/z.rs", "pub fn fz() { crate::root() }"),
        ],
    );
    let graph = Graph::of_crate(&dir).unwrap();
    assert_eq!(
        circles(&graph),
        [vec!["a/x".to_string(), "a/y".to_string()]]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_that_is_not_rust_is_refused_with_its_line() {
    let dir = scratch("broken");
    write(&dir, &[("lib.rs", "pub fn ok() {}\n\nfn (")]);
    let error = Graph::of_crate(&dir).unwrap_err().to_string();
    assert!(error.contains("lib.rs:3:"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}
