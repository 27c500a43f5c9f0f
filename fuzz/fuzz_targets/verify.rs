//! cargo-fuzz target `verify`: [`tensor_fuzz::Target::Verify`] (fuzz/README.md).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tensor_fuzz::run(tensor_fuzz::Target::Verify, data));
