//! cargo-fuzz target `interp`: [`tensor_fuzz::Target::Interp`] (fuzz/README.md).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tensor_fuzz::run(tensor_fuzz::Target::Interp, data));
