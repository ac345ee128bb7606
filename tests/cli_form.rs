//! Issue 43, points 1 and 2, run as a user would: `bianpai form` after event.toml was edited,
//! `init` writing a missing form, a hand-edited form never overwritten; round 1 re-paired when
//! the entries change before any result is typed (the old workbook in `results/superseded/`),
//! never when a result is typed; `[draw] pair = false` holding round 1 back.

mod util;

use std::collections::BTreeMap;
use std::fs;
use std::io::Read;
use std::path::Path;

use calamine::{Data, Reader, Xlsx};
use util::{bianpai, run_json, s, sample_copy};

fn utf8(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).unwrap()
}

fn init(dir: &Path) {
    let out = bianpai(&[
        "init",
        dir.to_str().unwrap(),
        "--template",
        "cxa-amateur-king-2023",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", utf8(&out.stderr));
}

/// The cells of the entry sheet as text, row by row.
fn entry_sheet(form: &Path) -> Vec<Vec<String>> {
    let mut xl: Xlsx<_> = calamine::open_workbook(form).unwrap();
    let r = xl.worksheet_range("报名表").unwrap();
    r.rows()
        .map(|row| {
            row.iter()
                .map(|c| match c {
                    Data::String(s) => s.clone(),
                    Data::Empty => String::new(),
                    other => other.to_string(),
                })
                .collect()
        })
        .collect()
}

fn member(path: &Path, name: &str) -> String {
    let mut z = zip::ZipArchive::new(fs::File::open(path).unwrap()).unwrap();
    let mut s = String::new();
    z.by_name(name).unwrap().read_to_string(&mut s).unwrap();
    s
}

/// Edits the template's event.toml as an organizer would for another event.
fn edit_event(dir: &Path) {
    let toml = dir.join("event.toml");
    let text = fs::read_to_string(&toml)
        .unwrap()
        .replace(
            "name = \"2023年全国业余棋王赛总决赛\"",
            "name = \"2026年某市象棋公开赛\"",
        )
        .replace("date = \"2023-12-15\"", "date = \"2026-06-20\"")
        .replace("group = \"公开组\"", "group = \"成人组\"");
    fs::write(&toml, text).unwrap();
}

#[test]
fn the_form_follows_the_edited_event() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("city-open");
    init(&dir);
    edit_event(&dir);
    let out = bianpai(&["form", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", utf8(&out.stderr));
    let form = dir.join("forms/报名表.xlsx");
    assert_eq!(
        utf8(&out.stdout),
        format!(
            "已按 event.toml 写出报名表 (blank form written from event.toml) {}\n",
            form.display()
        )
    );
    let rows = entry_sheet(&form);
    assert_eq!(rows[0][0], "2026年某市象棋公开赛 报名表");
    assert_eq!(
        rows[6],
        [
            "序号",
            "姓名",
            "性别",
            "出生日期",
            "身份证号码",
            "等级分",
            "组别",
            "家庭编号",
            "注册单位",
            "称号/技术等级",
            "联系电话",
            "备注"
        ]
    );
    // The example row takes the first 组别 of the edited sections.
    assert_eq!(rows[7][6], "成人组");
    let col: Vec<&str> = rows
        .iter()
        .filter_map(|r| r.first())
        .map(String::as_str)
        .collect();
    assert!(col.contains(
        &"1. 报名截止：2026-06-20（含当日），报名表扫描件和电子版发至 xqqws2017@163.com，逾期报名无效。（规程 十二(一)）"
    ));
    assert!(col.contains(
        &"3. 报名联系：吴玉媛，电话 18810610613，邮箱 xqqws2017@163.com。（规程 十二(一)）"
    ));
    let sheet = member(&form, "xl/worksheets/sheet1.xml");
    assert!(sheet.contains("<formula1>\"成人组,少年组,家庭双人组\"</formula1>"));
    // The template's name is nowhere in the form, the hidden sheet included.
    let mut z = zip::ZipArchive::new(fs::File::open(&form).unwrap()).unwrap();
    for i in 0..z.len() {
        let mut text = String::new();
        let _ = z.by_index(i).unwrap().read_to_string(&mut text);
        assert!(!text.contains("cxa-amateur-king-2023"), "{i}");
    }

    // The terminal's header names the event by its folder, not by the template.
    let out = bianpai(&["run", dir.to_str().unwrap()]);
    let first = utf8(&out.stdout)
        .lines()
        .next()
        .unwrap_or_default()
        .to_string();
    assert_eq!(first, "2026年某市象棋公开赛（city-open）");
}

#[test]
fn a_hand_edited_form_is_never_overwritten() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("e");
    init(&dir);
    let form = dir.join("forms/报名表.xlsx");
    let mut edited = fs::read(&form).unwrap();
    edited.extend_from_slice(b"organizer's notes");
    fs::write(&form, &edited).unwrap();
    edit_event(&dir);
    for _ in 0..2 {
        let out = bianpai(&["form", dir.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{}", utf8(&out.stderr));
        let second = dir.join("forms/报名表（2）.xlsx");
        assert_eq!(
            utf8(&out.stdout),
            format!(
                "{f} 不是 bianpai 写出的（或写出后被改过），未覆盖 ({f} was not written by bianpai or was changed since: kept)\n\
                 已按 event.toml 写出报名表 (blank form written from event.toml) {}\n",
                second.display(),
                f = form.display()
            )
        );
        assert_eq!(fs::read(&form).unwrap(), edited);
        assert_eq!(entry_sheet(&second)[0][0], "2026年某市象棋公开赛 报名表");
    }
    let mut names: Vec<String> = fs::read_dir(dir.join("forms"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, [".bianpai-forms", "报名表.xlsx", "报名表（2）.xlsx"]);
}

#[test]
fn init_writes_a_missing_form_from_the_edited_event() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("e");
    init(&dir);
    edit_event(&dir);
    let edited = fs::read_to_string(dir.join("event.toml")).unwrap();
    fs::remove_file(dir.join("forms/报名表.xlsx")).unwrap();
    init(&dir);
    assert_eq!(fs::read_to_string(dir.join("event.toml")).unwrap(), edited);
    let rows = entry_sheet(&dir.join("forms/报名表.xlsx"));
    assert_eq!(rows[0][0], "2026年某市象棋公开赛 报名表");
    // With the form there, init refuses as before and says how to rewrite it.
    let out = bianpai(&[
        "init",
        dir.to_str().unwrap(),
        "--template",
        "cxa-amateur-king-2023",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(utf8(&out.stderr).contains("如需按它重写报名表：bianpai form"));
}

/// The round workbooks directly under `results/` and in `results/superseded/`, by name.
fn workbooks(dir: &Path) -> (BTreeMap<String, Vec<u8>>, BTreeMap<String, Vec<u8>>) {
    let read = |d: &Path| -> BTreeMap<String, Vec<u8>> {
        fs::read_dir(d)
            .map(|it| {
                it.map(|e| e.unwrap().path())
                    .filter(|p| p.extension().is_some_and(|x| x == "xlsx"))
                    .map(|p| {
                        let name = p.file_name().unwrap().to_str().unwrap().to_string();
                        (name, fs::read(&p).unwrap())
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    (
        read(&dir.join("results")),
        read(&dir.join("results/superseded")),
    )
}

/// The youth sample before any round: the forms only.
fn youth_before_round_one() -> (tempfile::TempDir, std::path::PathBuf) {
    let (tmp, dir) = sample_copy("youth-chess-2026");
    fs::remove_dir_all(dir.join("results")).unwrap();
    (tmp, dir)
}

/// The sections where 黄山市棋类运动协会 has players: their round 1 changes without its form.
const HUANGSHAN: [&str; 5] = ["u12-boys", "u12-girls", "u14-boys", "u16-boys", "u16-girls"];

fn superseded_findings(json: &serde_json::Value) -> Vec<(String, String)> {
    json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| s(f, "code") == "round.superseded-workbook")
        .map(|f| (s(f, "source"), s(f, "message")))
        .collect()
}

#[test]
fn a_corrected_entry_before_any_result_pairs_round_one_again() {
    let (_tmp, dir) = youth_before_round_one();
    run_json(&dir, &[]);
    let (first, none) = workbooks(&dir);
    let mut names: Vec<String> = (util::YOUTH_SECTIONS.iter())
        .map(|s| format!("{s}-r01.xlsx"))
        .collect();
    names.sort();
    assert_eq!(first.keys().cloned().collect::<Vec<_>>(), names);
    assert!(none.is_empty());
    // A run with nothing changed leaves every workbook as it is.
    let (_, json, _) = run_json(&dir, &[]);
    assert!(superseded_findings(&json).is_empty());
    assert_eq!(workbooks(&dir).0, first);

    // A delegation withdraws its entry before round 1 is played.
    fs::remove_file(dir.join("黄山市棋类运动协会报名表.xlsx")).unwrap();
    let (_, json, err) = run_json(&dir, &[]);
    let (now, moved) = workbooks(&dir);
    let expected: Vec<String> = HUANGSHAN.iter().map(|s| format!("{s}-r01.xlsx")).collect();
    assert_eq!(moved.keys().cloned().collect::<Vec<_>>(), expected, "{err}");
    for name in &names {
        if expected.contains(name) {
            // The old workbook kept byte for byte; a new pairing in its place.
            assert_eq!(moved[name], first[name], "{name}");
            assert_ne!(now[name], first[name], "{name}");
        } else {
            assert_eq!(now[name], first[name], "{name}");
        }
    }
    let found = superseded_findings(&json);
    assert_eq!(found.len(), 5);
    assert_eq!(
        found[0],
        (
            "results/u12-boys-r01.xlsx".to_string(),
            "results/u12-boys-r01.xlsx 尚未录入成绩，其第1轮编排与现在的报名名单和排序不符：已移至 results/superseded/u12-boys-r01.xlsx（保留备查），按现在的名单重新编排并写出 results/u12-boys-r01.xlsx".to_string()
        )
    );

    // The delegation comes back and withdraws again: the new names are numbered, nothing is
    // overwritten, the earlier copies stay.
    fs::copy(
        util::sample("youth-chess-2026").join("黄山市棋类运动协会报名表.xlsx"),
        dir.join("黄山市棋类运动协会报名表.xlsx"),
    )
    .unwrap();
    let (_, json, _) = run_json(&dir, &[]);
    // The kept workbooks are never read again.
    assert_eq!(
        json["files"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| s(f, "path") == "results/superseded")
            .map(|f| s(f, "kind"))
            .collect::<Vec<_>>(),
        ["ignored"]
    );
    let (back, moved_again) = workbooks(&dir);
    // The first pairing again: the same entries give the same pairing.
    assert_eq!(back, first);
    assert_eq!(moved_again.len(), 10);
    assert_eq!(moved_again["u12-boys-r01.xlsx"], first["u12-boys-r01.xlsx"]);
    assert_eq!(
        moved_again["u12-boys-r01（2）.xlsx"],
        now["u12-boys-r01.xlsx"]
    );
}

#[test]
fn a_typed_result_keeps_round_one() {
    let (_tmp, dir) = youth_before_round_one();
    run_json(&dir, &[]);
    let typed = dir.join("results/u12-boys-r01.xlsx");
    // The result of board 1 typed, as the arbiter does once the game is over.
    util::edit::rewrite(&typed.clone(), &typed, true, |grid| {
        grid[2][2] = "1-0".into()
    });
    let (first, _) = workbooks(&dir);
    fs::remove_file(dir.join("黄山市棋类运动协会报名表.xlsx")).unwrap();
    let (_, json, _) = run_json(&dir, &[]);
    let (now, moved) = workbooks(&dir);
    assert_eq!(now["u12-boys-r01.xlsx"], first["u12-boys-r01.xlsx"]);
    assert_eq!(
        moved.keys().cloned().collect::<Vec<_>>(),
        [
            "u12-girls-r01.xlsx",
            "u14-boys-r01.xlsx",
            "u16-boys-r01.xlsx",
            "u16-girls-r01.xlsx"
        ]
    );
    assert!(
        !superseded_findings(&json)
            .iter()
            .any(|(src, _)| src == "results/u12-boys-r01.xlsx")
    );
}

/// Adds `[draw] pair = false` to the folder's `event.toml` and runs it: the file and stdout.
fn held_run(dir: &Path) -> (std::path::PathBuf, String) {
    let toml = dir.join("event.toml");
    let mut text = fs::read_to_string(&toml).unwrap();
    text.push_str("\n[draw]\npair = false\n");
    fs::write(&toml, text).unwrap();
    let out = bianpai(&["run", dir.to_str().unwrap()]);
    (toml, utf8(&out.stdout))
}

#[test]
fn pair_false_holds_round_one() {
    let (_tmp, dir) = youth_before_round_one();
    let (toml, stdout) = held_run(&dir);
    assert!(
        stdout.contains(
            "第1轮暂不编排（event.toml 中 [draw] pair = false）：报名审查完成后删去该行或改为 pair = true，再次运行"
        ),
        "{stdout}"
    );
    assert!(workbooks(&dir).0.is_empty());
    assert!(!dir.join("out/pairings-u12-boys-r01.xlsx").exists());
    // Released: round 1 is paired.
    let text = fs::read_to_string(&toml)
        .unwrap()
        .replace("pair = false", "pair = true");
    fs::write(&toml, text).unwrap();
    run_json(&dir, &[]);
    assert_eq!(workbooks(&dir).0.len(), 10);
}

#[test]
fn pair_false_holds_the_team_swiss_round_one() {
    let (_tmp, dir) = sample_copy("cca-b-league-2025");
    fs::remove_dir_all(dir.join("results")).unwrap();
    let (_, stdout) = held_run(&dir);
    assert_eq!(
        stdout.lines().last(),
        Some(
            "第1轮暂不编排（event.toml 中 [draw] pair = false）：报名审查完成后删去该行或改为 pair = true，再次运行；\
             另有 13 条错误待处理（修正文件，或在 event.toml 的 [[rulings]] 中裁定）"
        ),
        "{stdout}"
    );
    assert!(!dir.join("results/r01.xlsx").exists());
    // Everything else is written: the roster, the findings, the team packets.
    assert!(dir.join("out/roster.xlsx").exists());
    assert!(dir.join("out/eligibility.xlsx").exists());
    assert!(dir.join("out/teams/辽宁沈阳队.xlsx").exists());
    let (_, json, _) = run_json(&dir, &[]);
    assert_eq!(json["finished"], false);
    assert!(json.get("to_fill").is_none());
    let out = bianpai(&["run", dir.to_str().unwrap(), "--lang", "en"]);
    assert_eq!(
        utf8(&out.stdout).lines().last(),
        Some(
            "round 1 is held back ([draw] pair = false in event.toml): once the entries are reviewed, \
             remove the line or set pair = true, then run again; 13 error(s) to deal with \
             (fix the files, or rule under [[rulings]] in event.toml)"
        )
    );
    assert!(!dir.join("results/r01.xlsx").exists());
}

/// The B-league sample with round 1 just paired (no result): the folder and its round 1
/// workbook's bytes.
fn b_league_round_one() -> (tempfile::TempDir, std::path::PathBuf, Vec<u8>) {
    let (tmp, dir) = sample_copy("cca-b-league-2025");
    fs::remove_dir_all(dir.join("results")).unwrap();
    run_json(&dir, &[]);
    let (mut first, _) = workbooks(&dir);
    assert_eq!(first.keys().cloned().collect::<Vec<_>>(), ["r01.xlsx"]);
    let r01 = first.remove("r01.xlsx").unwrap_or_default();
    (tmp, dir, r01)
}

/// Runs again after a change to the entries: round 1 (bytes `first`, no result) must have
/// moved to `results/superseded/` unchanged. The summary and the workbooks now in `results/`.
fn rerun_superseding(dir: &Path, first: &[u8]) -> (serde_json::Value, BTreeMap<String, Vec<u8>>) {
    let (_, json, err) = run_json(dir, &[]);
    let (now, moved) = workbooks(dir);
    assert_eq!(
        moved.keys().cloned().collect::<Vec<_>>(),
        ["r01.xlsx"],
        "{err}"
    );
    assert_eq!(moved["r01.xlsx"], first, "the old bytes kept");
    (json, now)
}

#[test]
fn a_team_withdrawn_before_round_one_pairs_the_team_swiss_again() {
    let (_tmp, dir, first) = b_league_round_one();
    // 16 teams become 15: round 1 has a bye now.
    fs::remove_file(dir.join("广西八桂队报名表.xlsx")).unwrap();
    let (json, now) = rerun_superseding(&dir, &first);
    assert_ne!(now["r01.xlsx"], first);
    assert_eq!(
        superseded_findings(&json),
        [(
            "results/r01.xlsx".to_string(),
            "results/r01.xlsx 尚未录入成绩，其第1轮编排与现在的报名名单和排序不符：已移至 results/superseded/r01.xlsx（保留备查），按现在的名单重新编排并写出 results/r01.xlsx".to_string()
        )]
    );
    // The new round 1 names no team that withdrew and the old pairing's complaint is gone.
    assert!(
        !json["findings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| s(f, "code") == "result.pairing-changed")
    );
    let book = util::cells::read_book(&dir.join("results/r01.xlsx"));
    let text: Vec<String> = book[0]
        .rows
        .iter()
        .flat_map(|r| r.iter().map(util::cells::shown))
        .collect();
    assert!(!text.iter().any(|t| t == "广西八桂队"));
    assert!(text.iter().any(|t| t == "轮空"));
}

/// A corrected form that changes a team's players before any result (issue 43 point 2, team
/// events): bianpai recorded the line-ups it pre-filled in round 1's marker, so the untouched
/// workbook is told from an arbiter's line-up and paired again with the team's new players.
/// 哈尔滨冰城队's form now has 姜卓锐 on board 3 and 莫远军 as the reserve.
#[test]
fn a_corrected_team_line_up_before_round_one_pairs_it_again() {
    let (_tmp, dir, first) = b_league_round_one();
    let csv = dir.join("黑龙江省参赛队报名汇总.csv");
    let text = fs::read_to_string(&csv).unwrap();
    let edited = text
        .replace(
            "哈尔滨冰城队,运动员,3,莫远军",
            "哈尔滨冰城队,运动员,替补,莫远军",
        )
        .replace(
            "哈尔滨冰城队,运动员,替补,姜卓锐",
            "哈尔滨冰城队,运动员,3,姜卓锐",
        );
    assert_ne!(edited, text);
    fs::write(&csv, edited).unwrap();
    let (json, now) = rerun_superseding(&dir, &first);
    assert_eq!(superseded_findings(&json).len(), 1);
    let cells = |path: &Path| -> Vec<String> {
        util::cells::read_book(path)[0]
            .rows
            .iter()
            .flat_map(|r| r.iter().map(util::cells::shown))
            .collect()
    };
    let old = cells(&dir.join("results/superseded/r01.xlsx"));
    let new = cells(&dir.join("results/r01.xlsx"));
    assert!(old.iter().any(|t| t == "莫远军") && !old.iter().any(|t| t == "姜卓锐"));
    assert!(new.iter().any(|t| t == "姜卓锐") && !new.iter().any(|t| t == "莫远军"));
    // A third run keeps the new round 1: nothing changed since it was written.
    let (_, json, _) = run_json(&dir, &[]);
    assert!(superseded_findings(&json).is_empty());
    assert_eq!(workbooks(&dir).0["r01.xlsx"], now["r01.xlsx"]);
}
