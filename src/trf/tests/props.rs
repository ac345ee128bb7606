//! Property tests of the patching writer: any in-range change to a read record writes out and
//! reads back to the changed record, whatever the original line looked like.

use super::{RULES_EXAMPLE, one_player};
use crate::model::{Colour, Points};
use crate::trf::{Line, PlayerRecord, ResultCode, RoundEntry, TeamRecord, Trf, parse, write};
use proptest::prelude::*;

/// Original lines of different shapes: full, short, trailing spaces, blank middle block,
/// left-aligned title, junk in separator columns.
const ORIGINALS: [&str; 6] = [
    RULES_EXAMPLE,
    "001   12      Short",
    "001    3 wFM  Liang, Xiangfu                    2386 CHN     8835073 1982/09/07  7.0    4    48 w 1    33 w =   ",
    "001    1      A                                 2000                             1.0    1     2 w 1               3 b 0",
    "001    2 m    B                                 1900 CHN                         0.0    2xx   1 b 0xx0000 - Zxx",
    "001    9      C                                                                            0000 - H",
];

fn text(max: usize) -> impl Strategy<Value = String> {
    proptest::string::string_regex(&format!(
        "([A-Za-z,.]([A-Za-z ,.]{{0,{}}}[A-Za-z.])?)?",
        max.saturating_sub(2)
    ))
    .expect("valid regex")
}

fn result_code() -> impl Strategy<Value = ResultCode> {
    prop::sample::select(vec![
        ResultCode::Win,
        ResultCode::Draw,
        ResultCode::Loss,
        ResultCode::ForfeitWin,
        ResultCode::ForfeitLoss,
        ResultCode::WinUnrated,
        ResultCode::DrawUnrated,
        ResultCode::LossUnrated,
        ResultCode::HalfBye,
        ResultCode::FullBye,
        ResultCode::Pab,
        ResultCode::ZeroBye,
        ResultCode::Blank,
    ])
}

fn entry() -> impl Strategy<Value = RoundEntry> {
    (
        prop::option::of(1u16..=9999),
        prop::option::of(
            prop::bool::ANY.prop_map(|w| if w { Colour::White } else { Colour::Black }),
        ),
        result_code(),
    )
        .prop_map(|(opponent, colour, result)| RoundEntry {
            opponent,
            colour,
            result,
        })
}

prop_compose! {
    fn changes()(
        start_no in 1u16..=9999,
        sex in prop::sample::select(vec![' ', 'm', 'w', 'f']),
        title in text(3),
        name in text(33),
        rating in 0u16..=9999,
        federation in text(3),
        birth in text(10),
        points in prop::option::of(-99i32..=1999),
        rank in prop::option::of(0u16..=9999),
        rounds in prop::collection::vec(entry(), 0..14),
        mask in 0u32..(1 << 11),
    ) -> (u32, PlayerRecord) {
        (mask, PlayerRecord {
            start_no, sex, title, name, rating, federation,
            fide_id: String::new(), birth,
            points: points.map(Points::from_halves), rank, rounds,
            ..PlayerRecord::default()
        })
    }
}

proptest! {
    // Regression seeds are kept next to this file, not in a top-level folder.
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..ProptestConfig::default()
    })]
    #[test]
    fn patched_player_reads_back(which in 0usize..ORIGINALS.len(), (mask, new) in changes()) {
        let mut p = one_player(ORIGINALS[which]);
        // Change only the fields selected by the mask, so partial patches are covered.
        let bit = |i: u32| mask & (1 << i) != 0;
        if bit(0) { p.start_no = new.start_no; }
        if bit(1) { p.sex = new.sex; }
        if bit(2) { p.title = new.title.clone(); }
        if bit(3) { p.name = new.name.clone(); }
        if bit(4) { p.rating = new.rating; }
        if bit(5) { p.federation = new.federation.clone(); }
        if bit(6) { p.birth = new.birth.clone(); }
        if bit(7) { p.points = new.points; }
        if bit(8) { p.rank = new.rank; }
        if bit(9) { p.rounds = new.rounds.clone(); }
        if bit(10) {
            // Change a single round, or append one.
            let e = new.rounds.first().copied().unwrap_or(RoundEntry {
                opponent: None, colour: None, result: ResultCode::Blank,
            });
            let k = usize::from(new.start_no) % (p.rounds.len() + 1);
            match p.rounds.get_mut(k) {
                Some(slot) => *slot = e,
                None => p.rounds.push(e),
            }
        }
        let out = write(&Trf { lines: vec![Line::Player(p.clone())] });
        let back = parse(&out).map_err(|e| TestCaseError::fail(format!("{e}: {out:?}")))?;
        prop_assert_eq!(back.lines, vec![Line::Player(p)], "{:?}", out);
    }

    #[test]
    fn patched_team_reads_back(
        number in 1u16..=999,
        name in text(32),
        mp in prop::option::of(0i32..=400),
        members in prop::collection::vec(1u16..=9999, 0..12),
        mask in 0u32..16,
    ) {
        let original = "310  17 Sichuan Zhongxin                 SICHU   2076    7.0   21.5  19    81   82   83   84   85";
        let Some(Line::Team(mut t)) = parse(original).ok().and_then(|t| t.lines.into_iter().next()) else {
            return Err(TestCaseError::fail("original team line"));
        };
        if mask & 1 != 0 { t.number = number; }
        if mask & 2 != 0 { t.name = name; }
        if mask & 4 != 0 { t.match_points = mp.map(Points::from_halves); }
        if mask & 8 != 0 { t.members = members; }
        let out = write(&Trf { lines: vec![Line::Team(t.clone())] });
        let back = parse(&out).map_err(|e| TestCaseError::fail(format!("{e}: {out:?}")))?;
        let expected: Vec<Line> = vec![Line::Team(TeamRecord { ..t })];
        prop_assert_eq!(back.lines, expected, "{:?}", out);
    }
}
