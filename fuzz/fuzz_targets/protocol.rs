#![no_main]
//! See `masai_fuzz::checks::protocol`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = masai_fuzz::checks::protocol(data);
});
