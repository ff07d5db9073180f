#![no_main]
//! The `scenario` target: [`fray_fuzz::scenario`] must end without a panic.
libfuzzer_sys::fuzz_target!(|data: &[u8]| fray_fuzz::scenario(data));
