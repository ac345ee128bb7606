//! Unit tests of the TRF reader, writer and accessors, with exact values per record type.

mod access;
mod errors;
mod history;
mod props;
mod read;
mod write;

use super::{Line, PlayerRecord, Trf, parse};

/// The example player line of RULES.md §D.1.
pub(super) const RULES_EXAMPLE: &str = "001    1 m GM Zhang, San                        2690 CHN     8600001 1990/01/01  3.5    1     4 w 1  0000 - U     2 b =     3 w +";

/// Parses text that must be valid.
pub(super) fn ok(text: &str) -> Trf {
    match parse(text) {
        Ok(t) => t,
        Err(e) => panic!("{text:?}: {e}"),
    }
}

/// The only player of a one-line file.
pub(super) fn one_player(line: &str) -> PlayerRecord {
    let t = ok(line);
    match t.lines.as_slice() {
        [Line::Player(p)] => p.clone(),
        other => panic!("expected one player line, got {other:?}"),
    }
}
