//! Malformed lines give the 1-based line and column and a clear message.

use crate::trf::{ParseError, parse};

/// The error of `text`, which must not read.
fn err(text: &str) -> ParseError {
    match parse(text) {
        Ok(t) => panic!("{text:?} read as {t:?}"),
        Err(e) => e,
    }
}

/// A valid player line to break in one place.
const GOOD: &str = "001    1      A                                 2000                             1.0    1     2 w 1     3 b 0";

fn broken(col: usize, with: &str) -> String {
    let mut chars: Vec<char> = GOOD.chars().collect();
    for (i, c) in with.chars().enumerate() {
        if let Some(slot) = chars.get_mut(col - 1 + i) {
            *slot = c;
        }
    }
    chars.into_iter().collect()
}

#[test]
fn good_line_reads() {
    assert!(parse(GOOD).is_ok());
}

#[test]
fn non_numeric_start_rank() {
    let e = err(&format!("012 T\n{}", broken(7, "x")));
    assert_eq!((e.line, e.column), (2, 7));
    assert!(e.message.contains("start rank"), "{}", e.message);
    assert_eq!(
        e.to_string(),
        "line 2, column 7: start rank (columns 5-8) must be a number, found \"x1\""
    );
}

#[test]
fn missing_or_zero_start_rank() {
    let e = err(&broken(5, "    "));
    assert_eq!((e.line, e.column), (1, 5));
    assert!(e.message.contains("missing"));
    let e = err(&broken(5, "0000"));
    assert_eq!((e.line, e.column), (1, 5));
    assert!(e.message.contains("1-9999"));
}

#[test]
fn bad_result_code_names_round_and_column() {
    let e = err(&broken(109, "Q"));
    assert_eq!((e.line, e.column), (1, 109));
    assert_eq!(
        e.message,
        "round 2 result must be one of 1 = 0 + - W D L H F U Z, found 'Q'"
    );
}

#[test]
fn bad_colour() {
    let e = err(&broken(97, "x"));
    assert_eq!((e.line, e.column), (1, 97));
    assert_eq!(e.message, "round 1 colour must be w, b or -, found 'x'");
}

#[test]
fn bad_opponent_rating_points_rank() {
    assert_eq!(err(&broken(94, "a")).column, 94);
    let e = err(&broken(50, "k"));
    assert_eq!(e.column, 50);
    assert!(e.message.contains("rating"));
    let e = err(&broken(82, "x.y"));
    assert_eq!(e.column, 82);
    assert!(e.message.contains("points"));
    let e = err(&broken(82, "1.3"));
    assert_eq!(e.column, 82);
    assert_eq!(err(&broken(88, "?")).column, 88);
}

#[test]
fn error_line_numbers_count_crlf_and_cr_lines() {
    let text = format!("012 T\r\n\r\nXXR 5\r{}", broken(99, "9"));
    let e = err(&text);
    assert_eq!((e.line, e.column), (4, 99));
}

#[test]
fn bad_310_and_013() {
    let e = err("310  x7 Team");
    assert_eq!((e.line, e.column), (1, 6));
    let e = err("310   0 Team");
    assert_eq!((e.line, e.column), (1, 5));
    let e = err(
        "310   1 Team                                             0.0    0.0   1     1    2   x3",
    );
    assert_eq!(e.column, 86);
    assert!(e.message.contains("team member"));
    let e = err("310   1 Team                             NICK    2000    abc    0.0   1");
    assert_eq!(e.column, 58);
    assert!(e.message.contains("match points"));
    let e = err("013 Team                               1    2    y");
    assert_eq!(e.column, 50);
}

#[test]
fn bad_header_records() {
    let e = err("XXR five");
    assert_eq!(
        (e.column, e.message.as_str()),
        (5, "the number of rounds must be a number, found \"five\"")
    );
    assert_eq!(err("142").message, "the number of rounds is missing");
    assert_eq!(err("142 9 10").column, 7);
    assert_eq!(err("152 X").column, 5);
    let e = err("162  W 1.0    Q 0.5");
    assert_eq!(e.column, 15);
    assert!(e.message.contains("W D L A P X"));
    let e = err("162  W 1.0    D abc");
    assert_eq!(e.column, 17);
    assert_eq!(err("362  W").message, "score symbol W has no value");
    let e = err("352 WBWXW");
    assert_eq!(
        (e.column, e.message.as_str()),
        (8, "board colour must be W or B, found 'X'")
    );
    let e = err("330 ++ 001 002 003");
    assert_eq!(e.column, 5);
    let e = err("330 +- 001 002");
    assert!(e.message.contains("second team"), "{}", e.message);
    assert_eq!(err("330 +- 001 0x2 003").column, 12);
    assert_eq!(err("330 +- 001 002 003 004").column, 20);
    assert_eq!(err("320  1.0").column, 5);
    assert_eq!(err("320  1.0  5.0 001 0z2").column, 19);
}

#[test]
fn free_text_headers_are_never_rejected() {
    let text = "042 1st of May\n092 anything\n132                                                                                       26/05/01\nXXC rank\n240 whatever it is\n801 y\n";
    assert!(parse(text).is_ok());
    // TRF-26's acceleration record has a layout (issue 47): read, so a malformed one is refused.
    assert!(parse("250 x\n").is_err());
}
