//! Outside maturin (which sets `PYO3_BUILD_EXTENSION_MODULE` and links no
//! libpython), `cargo test` and `cargo build` link libpython like an
//! embedding program: an rpath to the interpreter's library folder lets the
//! test binaries find it without `LD_LIBRARY_PATH`. For the wheel this is a
//! no-op (pyo3-build-config checks the same variable).
fn main() {
    pyo3_build_config::add_libpython_rpath_link_args();
}
