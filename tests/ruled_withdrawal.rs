//! Issue 43 point 2's companion: a withdrawal ruled by the arbiter in `event.toml`
//! (`decision = "withdrawn"`, `round = N`): the team or player is not paired from round N on,
//! the games played stay, the entrant stays ranked; a `round.withdrawal` warning at the
//! ruling's line. Run as a user would, on copies of the B-league and xiangqi samples.

mod util;

use std::fs;
use std::path::Path;

use calamine::{Reader, Xlsx};
use util::{run_json, s, sample_copy};

/// The cells of a workbook's first sheet, row by row, as text.
fn first_sheet(path: &Path) -> Vec<Vec<String>> {
    let mut wb: Xlsx<_> = calamine::open_workbook(path).unwrap();
    let name = wb.sheet_names()[0].clone();
    let range = wb.worksheet_range(&name).unwrap();
    range
        .rows()
        .map(|r| r.iter().map(ToString::to_string).collect())
        .collect()
}

/// Appends a ruling to the folder's `event.toml`; the line of its `[[rulings]]` header.
fn rule(dir: &Path, body: &str) -> usize {
    let toml = dir.join("event.toml");
    let mut text = fs::read_to_string(&toml).unwrap();
    text.push_str("\n[[rulings]]\n");
    let line = text.lines().count();
    text.push_str(body);
    fs::write(&toml, text).unwrap();
    line
}

/// The findings with `code`: (source, message).
fn findings(json: &serde_json::Value, code: &str) -> Vec<(String, String)> {
    json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| s(f, "code") == code)
        .map(|f| (s(f, "source"), s(f, "message")))
        .collect()
}

#[test]
fn a_team_ruled_withdrawn_is_not_paired_from_the_round_named() {
    let (_tmp, dir) = sample_copy("cca-b-league-2025");
    for r in 5..=9 {
        fs::remove_file(dir.join(format!("results/r{r:02}.xlsx"))).unwrap();
    }
    let line = rule(
        &dir,
        "team = \"广西八桂队\"\ndecision = \"withdrawn\"\nround = 5\nclause = \"规程 八(三)\"\n",
    );
    let (_, json, err) = run_json(&dir, &[]);
    assert_eq!(
        findings(&json, "round.withdrawal"),
        [(
            format!("event.toml!第{line}行"),
            format!(
                "广西八桂队经裁定自第5轮起退赛：不再编排，已赛成绩保留（event.toml 第{line}行，规程 八(三)）"
            )
        )],
        "{err}"
    );
    // Round 5 is paired without the team: 15 teams, 吉林 (last) has the bye.
    let r05 = first_sheet(&dir.join("results/r05.xlsx"));
    assert!(!r05.iter().flatten().any(|c| c.contains("广西八桂队")));
    assert!(
        r05.iter()
            .any(|row| row.contains(&"吉林长白山队".to_string())
                && row.contains(&"轮空".to_string())),
        "{r05:?}"
    );
    // Its four rounds stand: 9th after round 4 with 4 match points, 10 game points.
    let row = json["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| s(t, "name") == "广西八桂队")
        .unwrap();
    assert_eq!(
        (
            row["rank"].as_u64(),
            row["points"].to_string(),
            row["game_points"].to_string()
        ),
        (Some(9), "4.0".to_string(), "10.0".to_string())
    );
}

#[test]
fn a_player_ruled_withdrawn_is_not_paired_from_the_round_named() {
    let (_tmp, dir) = sample_copy("cxa-amateur-king-2023");
    for r in 5..=7 {
        fs::remove_file(dir.join(format!("results/junior-men-r{r:02}.xlsx"))).unwrap();
    }
    let line = rule(
        &dir,
        "person = \"江俊然\"\nteam = \"河北省\"\ndecision = \"withdrawn\"\nround = 5\n",
    );
    let (_, json, err) = run_json(&dir, &[]);
    let ruled: Vec<_> = findings(&json, "round.withdrawal")
        .into_iter()
        .filter(|(src, _)| src.starts_with("event.toml"))
        .collect();
    assert_eq!(
        ruled,
        [(
            format!("event.toml!第{line}行"),
            format!(
                "少年组男子：江俊然（河北省）经裁定自第5轮起退赛：不再编排，已赛成绩保留（event.toml 第{line}行）"
            )
        )],
        "{err}"
    );
    // Round 5 is paired without him: the section is odd now, 马天远 has the bye.
    let r05 = first_sheet(&dir.join("results/junior-men-r05.xlsx"));
    assert!(!r05.iter().flatten().any(|c| c.contains("江俊然")));
    assert!(
        r05.iter().any(
            |row| row.get(1).map(String::as_str) == Some("马天远（浙江省）")
                && row.get(3).map(String::as_str) == Some("轮空")
        ),
        "{r05:?}"
    );
}
