//! The terminal report (issue 18, item 6): who leads, and the next step. Figures counted by hand
//! from the round workbooks (a separate count: 2 match points a won match, 1 a drawn one; the
//! bye 1 and 2.5 game points as the template says).

mod util;

use std::fs;

/// The report's lines, without the per-finding and per-file lines.
fn report(args: &[&str]) -> Vec<String> {
    let o = util::bianpai(args);
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .filter(|l| !l.starts_with("  "))
        .map(str::to_string)
        .collect()
}

/// The B-league after four rounds (r05–r09 removed: round 5 is paired again, blank): 福建海峡队
/// leads on 7 MP and 13.5 GP (辽宁 6 / 13.5, 河北 6 / 11.5), with open findings; the next step
/// names the workbook to fill in. In English too, with plurals.
#[test]
fn mid_event_the_leader_and_the_workbook_to_fill_in() {
    let (_tmp, folder) = util::sample_copy("cca-b-league-2025");
    for r in 5..=9 {
        fs::remove_file(folder.join(format!("results/r{r:02}.xlsx"))).expect("remove");
    }
    let dir = folder.to_str().expect("utf-8");
    let lines = report(&["run", dir]);
    let tail: Vec<&str> = lines
        .iter()
        .rev()
        .take(3)
        .rev()
        .map(String::as_str)
        .collect();
    assert_eq!(
        tail,
        [
            "目前第1名：福建海峡队（场分 7，局分 13.5，资格待查）",
            "已写入：",
            "下一步：在 results/r05.xlsx 录入成绩，然后再次运行；另有 13 条错误待处理（修正文件，或在 event.toml 的 [[rulings]] 中裁定）",
        ]
    );
    assert!(lines.contains(&"轮次：共 9 轮，已编排 5 轮，已完成 4 轮".to_string()));
    let en = report(&["run", dir, "--lang", "en"]);
    assert!(en.contains(&"leading: 福建海峡队 (7 MP, 13.5 GP, eligibility pending)".to_string()));
    // On a machine without a CJK font (a fresh one: `.ci/run` installs fonts-wqy-zenhei) the run
    // also warns that it drew no pictures (`output.no-cjk-font`); the sample's own warnings are 7.
    let raw = util::bianpai(&["run", dir, "--lang", "en"]);
    let no_font = String::from_utf8_lossy(&raw.stdout).contains("output.no-cjk-font");
    let warnings = format!("findings: 13 errors, {} warnings", 7 + usize::from(no_font));
    assert!(en.contains(&warnings), "{en:#?}");
    assert_eq!(
        en.last().map(String::as_str),
        Some(
            "next: type the results into results/r05.xlsx, then run again; 13 error(s) to deal with (fix the files, or rule under [[rulings]] in event.toml)"
        )
    );
}

/// The played B-league: 河北燕赵队 first on 14 / 28.5 (tests/b_league_season.rs counts it from
/// the workbooks); the event is over.
#[test]
fn at_the_end_the_winner_and_the_event_is_over() {
    let (_tmp, folder) = util::sample_copy("cca-b-league-2025");
    let lines = report(&["run", folder.to_str().expect("utf-8")]);
    assert!(lines.contains(&"第1名：河北燕赵队（场分 14，局分 28.5，资格待查）".to_string()));
    assert_eq!(
        lines.last().map(String::as_str),
        Some(
            "比赛结束：全部轮次已完成，最终排名、奖金和费用已写入 out/；另有 13 条错误待处理（修正文件，或在 event.toml 的 [[rulings]] 中裁定）"
        )
    );
}

/// The header names the event by its own `[event] id` when event.toml gives one (the youth
/// sample), by the template it was made from otherwise (the B-league sample has no id).
#[test]
fn the_header_names_the_events_own_id() {
    let (_tmp, folder) = util::sample_copy("youth-chess-2026");
    let dir = folder.to_str().expect("utf-8");
    let lines = report(&["run", dir]);
    assert_eq!(
        lines.first().map(String::as_str),
        Some("2026年安徽省青少年国际象棋锦标赛（ah-youth-chess-2026）")
    );
    let (_tmp_b, b) = util::sample_copy("cca-b-league-2025");
    let lines = report(&["run", b.to_str().expect("utf-8")]);
    assert_eq!(
        lines.first().map(String::as_str),
        Some("2025年中国国际象棋乙级联赛（cca-b-league-2025）")
    );
}

/// A folder fresh from `bianpai init`: its blank form is not a team, and the next step is to
/// collect the forms.
#[test]
fn the_blank_form_of_init_is_not_a_team() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("新赛事");
    let d = dir.to_str().expect("utf-8");
    let o = util::bianpai(&["init", d, "--template", "cca-b-league-2025"]);
    assert!(o.status.success());
    let lines = report(&["run", d]);
    assert_eq!(
        lines[1],
        "文件 1 个：报名表 0，成绩表 0，无法读取 0，已忽略 0，空白报名表 1（不计）"
    );
    assert_eq!(lines[2], "参赛队 0，人员 0，棋手 0");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("下一步：把各队的报名表放进赛事文件夹，然后再次运行")
    );
    let o = util::bianpai(&["run", d, "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!(json["files"][0]["kind"], "blank-form");
}

/// `bianpai trf export <dir>`: the A-league's two reports (the season and the finals), by their
/// paths in the folder; status 1 as the run has blocking findings. A folder with no round: 2.
#[test]
fn trf_export_prints_the_reports_it_wrote() {
    let (_tmp, folder) = util::sample_copy("cca-a-league-2023");
    // The sample is not FIDE-rated and writes no TRF: rated here.
    let toml = folder.join("event.toml");
    let text = fs::read_to_string(&toml).expect("event.toml");
    fs::write(
        &toml,
        text.replacen("fide_rated = false", "fide_rated = true", 1),
    )
    .expect("toml");
    let o = util::bianpai(&["trf", "export", folder.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "out/cca-a-league-2023.trf\nout/cca-a-league-2023-finals.trf\n"
    );
    let trf = fs::read_to_string(folder.join("out/cca-a-league-2023.trf")).expect("trf");
    assert!(trf.lines().any(|l| l.starts_with("012 ")), "{trf}");
    let tmp = tempfile::tempdir().expect("tempdir");
    let d = tmp.path().join("空");
    let d = d.to_str().expect("utf-8");
    assert!(
        util::bianpai(&["init", d, "--template", "cca-b-league-2025"])
            .status
            .success()
    );
    let o = util::bianpai(&["trf", "export", d]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("还没有可报告的轮次"));
}
