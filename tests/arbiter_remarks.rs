//! The arbiter's smaller remarks on the seed events (issue 44 point 7), each on a copy of the
//! sample with the file!cell they named.

mod util;

use util::{run_json, s, sample_copy};

/// `finals.xlsx!对阵!C15`: 主队 of the third-place match is 浙江 (seed 4), first-named in legs 1
/// and 3, though it came from the away slot (loser of SF2); its points come first.
#[test]
fn the_home_team_of_a_finals_match_is_the_one_first_named_in_leg_1() {
    let (_tmp, dir) = sample_copy("cca-a-league-2023");
    let (_, _, err) = run_json(&dir, &[]);
    let book = util::cells::read_book(&dir.join("out/finals.xlsx"));
    let sh = util::cells::sheet(&book, "对阵");
    // Row 15 (index 14): match B.
    assert_eq!(
        sh.texts(14),
        [
            "B",
            "三四名决赛",
            "浙江西湖队（4）",
            "北京华清队（7）",
            "4.0:4.0",
            "9.0:11.0",
            "北京华清队（7）",
            "局分"
        ]
        .map(String::from),
        "{err}"
    );
    // A match whose better seed is in the home slot is unchanged (row 3: QF1).
    assert_eq!(sh.text(2, 2), "山东泉城队（1）");
    assert_eq!(sh.text(2, 5), "5.5:4.5");
}

/// `--json` final standings: the final places with each team's regular-season match points,
/// game points and tie-breaks (not `points: 0.0`).
#[test]
fn the_final_standings_carry_the_season_match_points() {
    let (_tmp, dir) = sample_copy("cca-a-league-2023");
    let (_, j, _) = run_json(&dir, &[]);
    let rows: Vec<(u64, String, String, String)> = j["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .take(3)
        .map(|t| {
            (
                t["rank"].as_u64().unwrap_or(0),
                s(t, "name"),
                t["points"].to_string(),
                t["game_points"].to_string(),
            )
        })
        .collect();
    let want = [
        (1, "山东泉城队", "14.0", "34.5"),
        (2, "重庆涪陵队", "14.0", "32.5"),
        (3, "北京华清队", "10.0", "26.0"),
    ]
    .map(|(r, n, p, g)| (r, n.to_string(), p.to_string(), g.to_string()));
    assert_eq!(rows, want);
    assert_eq!(j["standings"][2]["tiebreaks"]["BC"].to_string(), "79.5");
}

/// 规程 四(四): the A-league's check against the B-league is not run while no B-league roster is
/// named in event.toml, and the summary says so (`check.not-run` at event.toml).
#[test]
fn the_excluded_event_check_without_a_roster_is_reported_not_run() {
    let (_tmp, dir) = sample_copy("cca-a-league-2023");
    let (_, j, _) = run_json(&dir, &[]);
    let not_run: Vec<(String, String, String)> = j["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["code"] == "check.not-run" && f["source"] == "event.toml")
        .map(|f| (s(f, "severity"), s(f, "clause"), s(f, "message")))
        .collect();
    assert_eq!(
        not_run,
        [(
            "warning".to_string(),
            "规程 四(四)".to_string(),
            "未提供2023年中国国际象棋乙级联赛的名单（event.toml eligibility.excluded[0].roster），\
             规程 四(四)的核查未进行"
                .to_string()
        )]
    );
}
