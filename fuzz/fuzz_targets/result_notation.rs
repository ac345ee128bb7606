#![no_main]

use bianpai::rounds::notation::{Sport, parse};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for sport in [Sport::Chess, Sport::Xiangqi] {
        if let Ok(r) = parse(&text, sport) {
            // What parses must print back to a notation that parses to the same result.
            assert_eq!(
                parse(bianpai::rounds::notation::format(r, sport), sport),
                Ok(r)
            );
        }
    }
});
