#![no_main]
//! See `masai_fuzz::checks::record`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = masai_fuzz::checks::record(data);
});
