#![no_main]
//! The `gcs` target: [`fray_fuzz::gcs`] must end without a panic.
libfuzzer_sys::fuzz_target!(|data: &[u8]| fray_fuzz::gcs(data));
