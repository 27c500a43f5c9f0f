//! cargo-fuzz target `lower`: [`tensor_fuzz::Target::Lower`] (fuzz/README.md).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tensor_fuzz::run(tensor_fuzz::Target::Lower, data));
