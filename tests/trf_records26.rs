//! TRF-26 input read whole (issue 47): `299` penalties and bonuses in the standings and the
//! Dutch score groups (other `299` types refused with line and column), `240` byes, `250`
//! acceleration, `260` prohibited pairings, and a team file's PAB game points as its own `310`
//! line and TieBreakServer count them. Pairings worked out by hand from C.04.3 (score groups,
//! transpositions, colour preferences) and printed as `trf pair` prints them (bbpPairings'
//! format: the number of pairs, then White Black per board, the PAB as `n 0`).

mod util;

use std::path::Path;

use bianpai::tournament::ViewOptions;
use bianpai::tournament::scored::ScoreKind;
use util::{bianpai, fixture};

/// Six players, three rounds; round 1: 1-4 1-0, 5-2 0-1, 3-6 1-0 (White first). `extra`
/// header lines go before the players.
fn six(dir: &Path, name: &str, extra: &[&str]) -> String {
    let rows = [
        (1, "Alpha, A", 2400, "1.0", "   4 w 1"),
        (2, "Beta, B", 2300, "1.0", "   5 b 1"),
        (3, "Gamma, C", 2200, "1.0", "   6 w 1"),
        (4, "Delta, D", 2100, "0.0", "   1 b 0"),
        (5, "Eta, E", 2000, "0.0", "   2 w 0"),
        (6, "Zeta, F", 1900, "0.0", "   3 b 0"),
    ];
    write(dir, name, extra, &rows)
}

fn write(dir: &Path, name: &str, extra: &[&str], rows: &[(u16, &str, u16, &str, &str)]) -> String {
    let mut text = String::from("012 Records 26\nXXR 3\n");
    for l in extra {
        text.push_str(l);
        text.push('\n');
    }
    for (no, name, rating, pts, r1) in rows {
        text.push_str(&format!(
            "001 {no:>4} m    {name:<33} {rating:>4} CHN             1990/01/01 {pts:>4}       {r1}\n"
        ));
    }
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write");
    path.to_str().expect("utf-8").to_string()
}

fn pair(file: &str) -> (i32, String, String) {
    let out = bianpai(&["trf", "pair", file]);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn history(file: &str) -> bianpai::tournament::History {
    let text = std::fs::read_to_string(file).expect("read");
    let trf = bianpai::trf::parse(&text).expect("parses");
    bianpai::trf::history(&trf).expect("reads")
}

/// Without any record: 1, 2, 3 on 1 point pair 1-2 and float 3 down to 4 (3 met 6); each
/// player gets the colour it did not have.
#[test]
fn the_six_player_round_two_without_records() {
    let dir = tempfile::tempdir().expect("tmp");
    let (code, out, err) = pair(&six(dir.path(), "plain.trf", &[]));
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "3\n2 1\n4 3\n6 5\n");
}

/// `299` takes a point from player 2 from round 1 on: 1 and 3 are the 1-point group (1, the
/// higher, gets the Black both want), 2 drops to the 0-point group where 2-5 is a rematch,
/// so 2-6 and 4-5.
#[test]
fn a_299_penalty_moves_the_player_to_the_lower_score_group() {
    let dir = tempfile::tempdir().expect("tmp");
    let f = six(dir.path(), "p299.trf", &["299          -1.0    1    2"]);
    let (code, out, err) = pair(&f);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "3\n3 1\n2 6\n4 5\n");
    // The standings: player 2 has 1 - 1 = 0 points.
    let t = history(&f).scored(ViewOptions::default());
    let points: Vec<String> = t
        .competitors
        .iter()
        .map(|c| c.standing_total(ScoreKind::Game).to_string())
        .collect();
    assert_eq!(points, ["1.0", "0.0", "1.0", "0.0", "0.0", "0.0"]);
}

/// A `299` of round 999 counts in the final standings' score only (FIDE's reader): not in the
/// pairing, not in the score tie-breaks read.
#[test]
fn a_299_of_round_999_counts_in_the_final_score_only() {
    let dir = tempfile::tempdir().expect("tmp");
    let f = six(dir.path(), "p999.trf", &["299           -13  999    3"]);
    let (code, out, err) = pair(&f);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "3\n2 1\n4 3\n6 5\n");
    let t = history(&f).scored(ViewOptions::default());
    let c = &t.competitors[2];
    assert_eq!(c.total(ScoreKind::Game).to_string(), "1.0");
    assert_eq!(c.standing_total(ScoreKind::Game).to_string(), "-12.0");
}

/// A `299` that assigns a result to a game (type `W`) is refused with its line and column,
/// never paired around.
#[test]
fn a_299_of_another_type_is_refused_with_line_and_column() {
    let dir = tempfile::tempdir().expect("tmp");
    let f = six(dir.path(), "w299.trf", &["299 W         1.0    1    4"]);
    let (code, out, err) = pair(&f);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("line 3, column 5"), "{err}");
    assert!(err.contains("record 299 of type W"), "{err}");
}

/// A malformed `260` is a parse error at its column.
#[test]
fn a_malformed_260_is_refused_at_its_column() {
    let text = "012 x\n260 001 00x    1    2\n";
    let e = bianpai::trf::parse(text).expect_err("refused");
    assert_eq!((e.line, e.column), (2, 11));
}

/// `260` forbids 1-2 in round 2. In the 1-point bracket {1, 2, 3} either 1-3 (both want
/// Black) or 2-3 (each gets its colour) leaves one player of 1 point to float: the colour
/// criterion (C.04.3 C12) takes 2-3 and floats 1, who has met 4 and meets 6 (1 gets the Black
/// it wants); 4-5 remain. Without the record: 2-1, 4-3, 6-5.
#[test]
fn a_260_prohibited_pairing_is_never_made() {
    let dir = tempfile::tempdir().expect("tmp");
    let f = six(dir.path(), "p260.trf", &["260 002 002    1    2"]);
    let (code, out, err) = pair(&f);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "3\n2 3\n6 1\n4 5\n");
    // Round 3 is not covered by the record.
    assert!(history(&f).prohibited_pairs(3).is_empty());
    assert_eq!(history(&f).prohibited_pairs(2), [(1, 2)]);
}

/// `250` gives players 1-2 one fictitious point in round 1: they are a score group of their
/// own, 3-4 the other; in round 1 the higher of a pair takes the initial colour (White) when
/// its pairing number is odd (C.04.3 5.2.5): 1-2 and 3-4, where without the record 1-3, 4-2.
#[test]
fn a_250_acceleration_makes_its_own_score_group() {
    let dir = tempfile::tempdir().expect("tmp");
    let rows = [
        (1, "Alpha, A", 2400, "0.0", ""),
        (2, "Beta, B", 2300, "0.0", ""),
        (3, "Gamma, C", 2200, "0.0", ""),
        (4, "Delta, D", 2100, "0.0", ""),
    ];
    let plain = write(dir.path(), "plain4.trf", &[], &rows);
    assert_eq!(pair(&plain).1, "2\n1 3\n4 2\n");
    let f = write(
        dir.path(),
        "p250.trf",
        &["250       1.0 001 001 0001 0002"],
        &rows,
    );
    let (code, out, err) = pair(&f);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "2\n1 2\n3 4\n");
}

/// `240 H 002 5`: player 5's half-point bye in round 2, entered only in the 240 record; the
/// other five are paired and 6 (lowest, 0 points, 3 met it) gets the PAB.
#[test]
fn a_240_bye_takes_the_player_out_of_the_round() {
    let dir = tempfile::tempdir().expect("tmp");
    let f = six(dir.path(), "p240.trf", &["240 H 002    5"]);
    let (code, out, err) = pair(&f);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "3\n2 1\n4 3\n6 0\n");
}

/// TieBreakServer's `fideteam_nocolor.trf` (no `320`): team 2's PAB in round 7 is worth a
/// drawn match's match points and each board's `U` (1.0 each), so 9.0 match points and 10.5
/// game points, as its `310` line says; no `310` warning for any team.
#[test]
fn a_team_pab_without_320_counts_the_boards_game_points() {
    let text = std::fs::read_to_string(fixture("trf26/fideteam_nocolor.trf")).expect("fixture");
    let trf = bianpai::trf::parse(&text).expect("parses");
    let h = bianpai::trf::history(&trf).expect("reads");
    let t = h.scored(ViewOptions::default());
    let two = t
        .competitors
        .iter()
        .find(|c| c.start_no == 2)
        .expect("team 2");
    assert_eq!(two.total(ScoreKind::Game).to_string(), "10.5");
    assert_eq!(two.total(ScoreKind::Match).to_string(), "9.0");
    assert_eq!(bianpai::trf::check_310(&trf, &t), Vec::<String>::new());
}
