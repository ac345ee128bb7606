//! Corrections are routine (issue 43 point 3), end to end on a copy of the A-league sample
//! (entry deadline 2023-05-12 inclusive, 规程 十(三)) where 成都锦江队, whose form of
//! 2023-04-30 was in time, sends a correction filled in on 2023-05-20: it adds a fifth man
//! (甘子墨, a second men's reserve), removes the women's reserve 韦梦雯 and changes 韦远's rating.
//!
//! - the correction is late only for what it adds: `person.late` for 甘子墨 at his name cell,
//!   no `team.late` for the team;
//! - `late_changes = "warning"` names the removal and the change in one `team.late-change`;
//! - disqualifying 甘子墨 closes the `team.too-many-men` he caused (counted without him);
//! - a team-level `cleared` says 准予更正 on the late addition, 准予参赛 on the rest;
//! - a ruling on 韦梦雯, whom the correction removed, is a `ruling.not-entered` warning citing
//!   its line, not a blocking `ruling.unknown`.

mod util;

use std::path::{Path, PathBuf};

use serde_json::Value;
use util::{run_json, s, sample_copy};

const A: &str = "cca-a-league-2023";
const TEAM: &str = "成都锦江队";
const CORRECTION: &str = "成都锦江队报名表(更正).csv";

/// The correction as the team typed it (UTF-8 with a BOM, as Excel saves a CSV).
const CORRECTION_TEXT: &str = "\u{feff}2023年中国国际象棋甲级联赛报名表,,,,,,,,,
参赛单位（盖章）：成都锦江队    领队：罗晨睿    教练：白萱芳    联系电话：13800000044,,,,,,,,,
序号,台次,姓名,性别,出生日期,身份证号码,国际棋联ID,等级分,注册单位,备注
1,1,韦远,男,1990/6/14,510104199006145879,86975002,\"2,590\",成都锦江队,
2,2,曹航思,男,2007/4/6,5.10107E+17,8640989,2445,成都锦江队,
3,3,秦辉翔,男,2002/8/30,510104200208300852,8656707,2432,成都锦江队,
4,替补,任文,男,2005/12/4,510107200512041030,86933788,2401,成都锦江队,
5,替补,甘子墨,男,2003/3/15,510104200303150012,86912345,2300,成都锦江队,
6,4,丁静楠,女,1995/9/4,510104199509043284,86979590,2346,成都锦江队,
7,5,黎露涵,女,1995/2/16,510105199502162885,86903788,2319,成都锦江队,
,,,,,,,,,
填表日期：2023年5月20日,,,,,,,,,
";

/// A copy of the sample with the correction beside the team's first form.
fn corrected() -> (tempfile::TempDir, PathBuf) {
    let (tmp, dir) = sample_copy(A);
    std::fs::write(dir.join(CORRECTION), CORRECTION_TEXT).expect("write correction");
    (tmp, dir)
}

/// Appends a `[[rulings]]` entry to event.toml; returns the line of its header.
fn add_ruling(dir: &Path, body: &str) -> usize {
    let p = dir.join("event.toml");
    let mut text = std::fs::read_to_string(&p).expect("event.toml");
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text.push('\n');
    let line = text.lines().count() + 1;
    text.push_str("[[rulings]]\n");
    text.push_str(body);
    std::fs::write(&p, text).expect("write event.toml");
    line
}

/// The team's findings: (code, severity, person, source, message).
fn team_findings(json: &Value) -> Vec<(String, String, String, String, String)> {
    json["findings"]
        .as_array()
        .map(|v| v.iter().collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .filter(|f| s(f, "team") == TEAM || s(f, "code").starts_with("ruling."))
        .map(|f| {
            (
                s(f, "code"),
                s(f, "severity"),
                s(f, "person"),
                s(f, "source"),
                s(f, "message"),
            )
        })
        .collect()
}

fn of_code<'a>(
    all: &'a [(String, String, String, String, String)],
    code: &str,
) -> Vec<&'a (String, String, String, String, String)> {
    all.iter().filter(|f| f.0 == code).collect()
}

const LATE_MSG: &str = "甘子墨是成都锦江队在报名截止日2023-05-12后的更正报名表（填表日期2023-05-20）中新增的，按时报送的成都锦江队报名表.csv中没有此人";
const MEN_MSG: &str = "成都锦江队报名男子5人，超过4人（从甘子墨起超出）";

fn cell(row: u32, col: char) -> String {
    format!("{CORRECTION}!成都锦江队报名表(更正)!{col}{row}")
}

#[test]
fn a_late_correction_is_late_only_for_the_person_it_adds() {
    let (_tmp, dir) = corrected();
    let (_, json, err) = run_json(&dir, &[]);
    let all = team_findings(&json);
    assert!(of_code(&all, "team.late").is_empty(), "{all:?}\n{err}");
    assert_eq!(
        of_code(&all, "person.late"),
        [&(
            "person.late".to_string(),
            "error".to_string(),
            "甘子墨".to_string(),
            cell(8, 'C'),
            LATE_MSG.to_string()
        )]
    );
    assert_eq!(
        of_code(&all, "team.too-many-men"),
        [&(
            "team.too-many-men".to_string(),
            "error".to_string(),
            "甘子墨".to_string(),
            cell(8, 'B'),
            MEN_MSG.to_string()
        )]
    );
    // The removal and the changed rating are not lateness (late_changes defaults to accepted).
    assert!(of_code(&all, "team.late-change").is_empty(), "{all:?}");
    // The first form is superseded, not read.
    let superseded = of_code(&all, "file.superseded");
    assert_eq!(superseded.len(), 1);
    assert_eq!(superseded[0].3, "成都锦江队报名表.csv");
}

#[test]
fn late_changes_warning_names_each_removal_and_change() {
    let (_tmp, dir) = corrected();
    let p = dir.join("event.toml");
    let text = std::fs::read_to_string(&p).expect("event.toml");
    let from = "[deadlines.entry]";
    let at = text.find(from).expect("[deadlines.entry]");
    let end = at + text[at..].find('\n').expect("line end") + 1;
    let text = format!(
        "{}late_changes = \"warning\"\n{}",
        &text[..end],
        &text[end..]
    );
    std::fs::write(&p, text).expect("write event.toml");
    let (_, json, _) = run_json(&dir, &[]);
    let all = team_findings(&json);
    assert_eq!(
        of_code(&all, "team.late-change"),
        [&(
            "team.late-change".to_string(),
            "warning".to_string(),
            String::new(),
            cell(12, 'A'),
            "成都锦江队在报名截止日2023-05-12后报送更正报名表（填表日期2023-05-20，替代成都锦江队报名表.csv）：韦远的等级分由“2582”改为“2590”；删除韦梦雯".to_string()
        )]
    );
    assert_eq!(of_code(&all, "person.late").len(), 1);
}

#[test]
fn disqualifying_the_fifth_man_closes_too_many_men() {
    let (_tmp, dir) = corrected();
    let line = add_ruling(
        &dir,
        "person = \"甘子墨\"\nteam = \"成都锦江队\"\ndecision = \"disqualified\"\nclause = \"规程 十(三)\"\n",
    );
    let (_, json, _) = run_json(&dir, &[]);
    let all = team_findings(&json);
    // Counted without him, the team has 4 men: nothing to find.
    assert!(of_code(&all, "team.too-many-men").is_empty(), "{all:?}");
    // His own finding stays, and says what was decided.
    let late = of_code(&all, "person.late");
    assert_eq!(late.len(), 1);
    assert_eq!(late[0].1, "error");
    assert_eq!(
        late[0].4,
        format!("{LATE_MSG}（已裁定取消资格，规程 十(三)，event.toml 第{line}行）")
    );
    assert!(of_code(&all, "ruling.unknown").is_empty(), "{all:?}");
}

#[test]
fn a_team_ruling_says_correction_accepted_on_the_late_addition() {
    let (_tmp, dir) = corrected();
    let line = add_ruling(&dir, "team = \"成都锦江队\"\ndecision = \"cleared\"\n");
    let (_, json, _) = run_json(&dir, &[]);
    let all = team_findings(&json);
    let late = of_code(&all, "person.late");
    assert_eq!(late.len(), 1);
    assert_eq!(
        (late[0].1.as_str(), late[0].4.clone()),
        (
            "warning",
            format!("{LATE_MSG}（已裁定准予更正，event.toml 第{line}行）")
        )
    );
    let men = of_code(&all, "team.too-many-men");
    assert_eq!(men.len(), 1);
    assert_eq!(
        (men[0].1.as_str(), men[0].4.clone()),
        (
            "warning",
            format!("{MEN_MSG}（已裁定准予参赛，event.toml 第{line}行）")
        )
    );
}

#[test]
fn a_ruling_on_someone_the_correction_removed_is_a_warning_at_its_line() {
    let (_tmp, dir) = corrected();
    let line = add_ruling(
        &dir,
        "person = \"韦梦雯\"\nteam = \"成都锦江队\"\ndecision = \"disqualified\"\n",
    );
    let (_, json, _) = run_json(&dir, &[]);
    let all = team_findings(&json);
    assert!(of_code(&all, "ruling.unknown").is_empty(), "{all:?}");
    assert_eq!(
        of_code(&all, "ruling.not-entered"),
        [&(
            "ruling.not-entered".to_string(),
            "warning".to_string(),
            String::new(),
            format!("event.toml!第{line}行"),
            format!(
                "裁定（event.toml 第{line}行）中的“韦梦雯 / 成都锦江队”已不在报名名单中：见于成都锦江队报名表.csv，更正后的成都锦江队报名表(更正).csv已将其删除；此裁定无需执行"
            )
        )]
    );
    // Nobody ever entered: still a blocking ruling.unknown.
    let (_tmp2, dir2) = corrected();
    let line2 = add_ruling(
        &dir2,
        "person = \"某某某\"\nteam = \"成都锦江队\"\ndecision = \"disqualified\"\n",
    );
    let (_, json2, _) = run_json(&dir2, &[]);
    let unknown: Vec<(String, String)> = of_code(&team_findings(&json2), "ruling.unknown")
        .into_iter()
        .map(|f| (f.1.clone(), f.3.clone()))
        .collect();
    assert_eq!(
        unknown,
        [("error".to_string(), format!("event.toml!第{line2}行"))]
    );
}
