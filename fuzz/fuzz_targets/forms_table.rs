#![no_main]

use libfuzzer_sys::fuzz_target;

// Placeholder: the owning module replaces this body with a call into its parser.
fuzz_target!(|data: &[u8]| {
    let _ = data;
});
