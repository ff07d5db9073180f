#![no_main]
//! The `saved_game` target: [`fray_fuzz::saved_game`] must end without a panic.
libfuzzer_sys::fuzz_target!(|data: &[u8]| fray_fuzz::saved_game(data));
