#![no_main]
//! The `table` target: [`fray_fuzz::table`] must end without a panic.
libfuzzer_sys::fuzz_target!(|data: &[u8]| fray_fuzz::table(data));
