//! Fuzzes zip member name decoding (UTF-8 flag, Unicode Path field, archive-wide GBK/UTF-8
//! decision) and path sanitation: a sanitized path never climbs out or is absolute.

#![no_main]

use bianpai::ingest::{RawName, decode_member_names, sanitize_member_path};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let parts: Vec<&[u8]> = rest.split(|&b| b == 0xFF).collect();
    let names: Vec<RawName<'_>> = parts
        .iter()
        .enumerate()
        .map(|(i, bytes)| RawName {
            bytes,
            utf8_flag: flags & (1 << (i % 8)) != 0,
            unicode_path: if i % 3 == 2 {
                parts.first().copied()
            } else {
                None
            },
        })
        .collect();
    let decoded = decode_member_names(&names);
    assert_eq!(decoded.len(), names.len());
    for name in &decoded {
        if let Some(safe) = sanitize_member_path(name) {
            assert!(!safe.is_empty());
            assert!(!safe.starts_with('/'));
            assert!(!safe.contains('\\'));
            assert!(!safe.contains('\0'));
            assert!(
                safe.split('/')
                    .all(|p| !p.is_empty() && p != "." && p != "..")
            );
            assert!(
                !(safe.len() >= 2
                    && safe.as_bytes()[1] == b':'
                    && safe.as_bytes()[0].is_ascii_alphabetic())
            );
        }
    }
});
