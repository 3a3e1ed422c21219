#![no_main]
//! See `masai_fuzz::checks::position`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = masai_fuzz::checks::position(data);
});
