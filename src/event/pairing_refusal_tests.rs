//! The xiangqi Swiss's readings the regulation leaves open (issue 44 point 8): `three_in_a_row`
//! and `forfeit_rematch` are read on a xiangqi Swiss stage and refused on any other, at the key.

use std::path::Path;

use super::refusal_tests::{B, X, assert_refused, edit};
use super::*;

/// The pairing table of the xiangqi template with `from` replaced by `to`, read.
fn xiangqi(from: &str, to: &str) -> Pairing {
    let ev = parse(&edit(X, from, to), Path::new("event.toml")).expect("read");
    ev.stages()[0].pairing.clone().expect("pairing")
}

#[test]
fn the_xiangqi_template_reads_both_settings_with_their_defaults() {
    let p = xiangqi("", "");
    assert_eq!(p.three_in_a_row, Some(ThreeInARow::Never));
    assert_eq!(p.forfeit_rematch, Some(ForfeitRematch::Allowed));
    assert!(p.is_default);
    let p = xiangqi(
        "three_in_a_row = \"never\"",
        "three_in_a_row = \"last-round\"",
    );
    assert_eq!(p.three_in_a_row, Some(ThreeInARow::LastRound));
    let p = xiangqi(
        "forfeit_rematch = \"allowed\"",
        "forfeit_rematch = \"never\"",
    );
    assert_eq!(p.forfeit_rematch, Some(ForfeitRematch::Never));
}

#[test]
fn an_unknown_value_is_refused_at_its_key() {
    let t = edit(
        X,
        "three_in_a_row = \"never\"",
        "three_in_a_row = \"always\"",
    );
    assert_refused(
        &t,
        "stages[0].pairing.three_in_a_row",
        "不认识的取值 (unknown variant `always`, expected `never` or `last-round`)",
    );
}

#[test]
fn the_settings_are_refused_on_a_team_swiss_stage() {
    let t = edit(
        B,
        "numbers = \"average-rating-main\"",
        "three_in_a_row = \"last-round\"",
    );
    assert_refused(
        &t,
        "stages[0].pairing.three_in_a_row",
        "只有积分编排制（xiangqi-swiss）限制连续同先后手，three_in_a_row 不适用于本赛段 \
         (only the xiangqi Swiss limits runs of one side; three_in_a_row does not apply to this stage)",
    );
    let t = edit(
        B,
        "numbers = \"average-rating-main\"",
        "forfeit_rematch = \"never\"",
    );
    assert_refused(
        &t,
        "stages[0].pairing.forfeit_rematch",
        "本赛段的编排规则已规定弃权对局不算相遇（FIDE 规则），forfeit_rematch 只用于积分编排制（xiangqi-swiss） \
         (this stage's pairing rules fix it (FIDE: a forfeited game is not a meeting); forfeit_rematch is for the xiangqi Swiss only)",
    );
}

#[test]
fn forfeit_rematch_is_refused_on_a_dutch_stage() {
    let t = edit(
        "open-chess",
        "unrated = \"pinyin\"",
        "unrated = \"pinyin\"\nforfeit_rematch = \"allowed\"",
    );
    assert_eq!(
        super::refusal_tests::refused(&t).0,
        "stages[0].pairing.forfeit_rematch"
    );
}
