#![no_main]
//! The `dice` target: [`fray_fuzz::dice`] must end without a panic.
libfuzzer_sys::fuzz_target!(|data: &[u8]| fray_fuzz::dice(data));
