#![no_main]
//! The `inputs` target: [`fray_fuzz::inputs`] must end without a panic.
libfuzzer_sys::fuzz_target!(|data: &[u8]| fray_fuzz::inputs(data));
