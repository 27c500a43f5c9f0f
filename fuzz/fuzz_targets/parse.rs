//! cargo-fuzz target `parse`: [`tensor_fuzz::Target::Parse`] (fuzz/README.md).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tensor_fuzz::run(tensor_fuzz::Target::Parse, data));
