//! Hostile and careless input (issue 46), each case built here from a sample by code: a NUL
//! byte in a CSV, escape sequences in names, an oversized or special `event.toml`, an excluded
//! event's roster that is a device or lies outside the folder.

mod util;

use std::fs;
use std::path::Path;
use util::{bianpai, run_json, s, sample, sample_copy};

const X: &str = "cxa-amateur-king-2023";

/// The findings of a run as (code, source, message).
fn findings(json: &serde_json::Value) -> Vec<(String, String, String)> {
    json["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| (s(f, "code"), s(f, "source"), s(f, "message")))
        .collect()
}

/// A folder with the xiangqi event's event.toml and one CSV form.
fn one_form(csv: &[u8]) -> (tempfile::TempDir, std::path::PathBuf) {
    let tmp = tempfile::tempdir().expect("tempdir");
    let folder = tmp.path().join("event");
    fs::create_dir(&folder).expect("folder");
    fs::copy(sample(X).join("event.toml"), folder.join("event.toml")).expect("event.toml");
    fs::write(folder.join("测试队报名表.csv"), csv).expect("form");
    (tmp, folder)
}

#[test]
fn a_nul_byte_in_a_csv_is_a_warning_at_its_line_and_the_rest_is_read() {
    let csv = "姓名,性别,出生日期\n张三,男,2010-01-01\n李\0四,男,2011-02-02\n王五,男,2012-03-03\n";
    let (_tmp, folder) = one_form(csv.as_bytes());
    let (_, json, err) = run_json(&folder, &[]);
    assert_eq!(json["players"], 3, "{err}");
    let f = findings(&json);
    assert!(
        f.contains(&(
            "file.converted".into(),
            "测试队报名表.csv".into(),
            "测试队报名表.csv：第 3 行含有空字符（NUL），已去掉后读取，请核对这些行".into()
        )),
        "{f:?}"
    );
    assert!(
        !f.iter().any(|(code, ..)| code == "file.unreadable"),
        "{f:?}"
    );
    // The name is read without the NUL.
    assert!(json.to_string().contains("李四"));
}

#[test]
fn escape_sequences_in_names_are_shown_escaped_on_the_terminal() {
    let mut csv = "姓名,性别,出生日期\n张\u{1b}[2J\u{1b}[H三,男,2010-01-01\n".to_string();
    for i in 1..=20 {
        csv.push_str(&format!("队员{i},男,2010-01-{i:02}\n"));
    }
    let (_tmp, folder) = one_form(csv.as_bytes());
    let out = bianpai(&["run", folder.to_str().expect("utf-8")]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains('\u{1b}'), "{text}");
    assert!(text.contains("张\\u{1b}[2J\\u{1b}[H三"), "{text}");
}

/// `run` refuses an event.toml it must not read, with exit 2 and the reason.
fn refused_event_file(folder: &Path) -> String {
    let out = bianpai(&["run", folder.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(2));
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn an_event_toml_over_a_megabyte_or_not_a_file_is_refused() {
    let (_tmp, folder) = sample_copy(X);
    let mut text = fs::read_to_string(folder.join("event.toml")).expect("event.toml");
    text.push_str(&format!("# {}\n", "注".repeat(400_000)));
    fs::write(folder.join("event.toml"), &text).expect("big");
    let err = refused_event_file(&folder);
    assert!(err.contains("文件太大（超过 1 MB）"), "{err}");

    fs::remove_file(folder.join("event.toml")).expect("rm");
    std::os::unix::fs::symlink("/dev/zero", folder.join("event.toml")).expect("link");
    let err = refused_event_file(&folder);
    assert!(err.contains("不是普通文件"), "{err}");
}

#[test]
fn an_excluded_roster_that_is_a_device_or_outside_the_folder_is_not_read() {
    // The A-league names the B-league as its excluded event (规程 四(四)); its roster line is
    // given here, as a link to a device and to a file outside the event's folder and its parent.
    let (_tmp, folder) = sample_copy("cca-a-league-2023");
    let toml = fs::read_to_string(folder.join("event.toml")).expect("event.toml");
    let Some(line) = toml.lines().find(|l| l.starts_with("# roster = ")) else {
        panic!("the A-league's event.toml has no roster line to fill in");
    };
    let edited = toml.replace(line, "roster = \"excluded-roster.csv\"");
    fs::write(folder.join("event.toml"), edited).expect("edit");
    for target in ["/dev/zero", "/etc/hostname"] {
        let link = folder.join("excluded-roster.csv");
        let _ = fs::remove_file(&link);
        std::os::unix::fs::symlink(target, &link).expect("link");
        let (code, json, err) = run_json(&folder, &[]);
        assert_eq!(code, 1, "{err}");
        let f = findings(&json);
        assert!(
            f.contains(&(
                "check.not-run".into(),
                "event.toml".into(),
                "无法读取2023年中国国际象棋乙级联赛的名单“excluded-roster.csv”，未能核查".into()
            )),
            "{target}: {f:?}"
        );
    }
}

#[test]
fn an_organizer_file_named_web_and_files_in_out_previous_are_kept() {
    let (_tmp, folder) = sample_copy("cca-b-league-2025");
    let out = folder.join("out");
    let _ = fs::remove_dir_all(&out);
    run_json(&folder, &[]);
    run_json(&folder, &[]);
    // The organizer puts a note in out/previous/ and replaces out/web/ by a file of his own.
    fs::write(out.join("previous/审核意见.txt"), "第3轮已核对").expect("note");
    fs::remove_dir_all(out.join("web")).expect("web");
    fs::write(out.join("web"), "我的记录").expect("web file");
    let (code, json, err) = run_json(&folder, &[]);
    assert_eq!(code, 1, "{err}");
    assert!(
        findings(&json).contains(&(
            "output.kept".into(),
            "out/web".into(),
            "out/web 不是 bianpai 上次写出的（或写出后被改过），已改名保留为 out/web（保留），新结果写入 out/web".into()
        )),
        "{:?}",
        findings(&json)
    );
    assert_eq!(
        fs::read_to_string(out.join("web（保留）")).expect("kept"),
        "我的记录"
    );
    assert!(out.join("web/index.html").is_file());
    // Two more runs: bianpai's files in previous/ are replaced, the note stays.
    run_json(&folder, &[]);
    run_json(&folder, &[]);
    assert_eq!(
        fs::read_to_string(out.join("previous/审核意见.txt")).expect("note kept"),
        "第3轮已核对"
    );
    assert!(out.join("previous/standings.xlsx").is_file());
}

const A: &str = "cca-a-league-2023";

/// The standings and prizes of a run, the result a hostile edit must leave unchanged.
fn result(json: &serde_json::Value) -> (serde_json::Value, serde_json::Value) {
    (json["standings"].clone(), json["prizes"].clone())
}

/// A copy of the A-league with its first round workbook rewritten by `edit` (every sheet,
/// the hidden marker included), and the result of the untouched copy.
fn a_league_edited(
    edit: impl FnOnce(&mut Vec<util::edit::EditSheet>),
) -> (tempfile::TempDir, std::path::PathBuf, serde_json::Value) {
    let (tmp, folder) = sample_copy(A);
    let (_, before, err) = run_json(&folder, &[]);
    assert!(before["standings"].is_array(), "{err}");
    let path = folder.join("results/r01.xlsx");
    let edited = folder.join("edited.tmp");
    util::edit::rewrite_sheets(&path, &edited, edit);
    fs::rename(&edited, &path).expect("replace");
    (tmp, folder, before)
}

/// Runs `folder` again: the result is `before`'s and the one new finding is `want`.
fn rerun_adds(folder: &Path, before: &serde_json::Value, want: (String, String, String)) {
    let (_, json, err) = run_json(folder, &[]);
    assert_eq!(result(&json), result(before), "{err}");
    assert_eq!(new_findings(before, &json), [want], "{err}");
}

/// One finding as [`findings`] gives it.
fn finding(code: &str, source: &str, message: &str) -> (String, String, String) {
    (code.into(), source.into(), message.into())
}

/// The findings of `after` that `before` does not have.
fn new_findings(
    before: &serde_json::Value,
    after: &serde_json::Value,
) -> Vec<(String, String, String)> {
    let old = findings(before);
    findings(after)
        .into_iter()
        .filter(|f| !old.contains(f))
        .collect()
}

#[test]
fn an_invisible_character_in_a_team_cell_does_not_split_the_match() {
    // A zero-width space typed into the 主队 cell of board 1 of round 1's first match (row 2,
    // column C): the match is still one match of the same two teams, scored as typed.
    let (_tmp, folder, before) = a_league_edited(|sheets| {
        let home = &mut sheets[0].grid[2][2];
        let at = home.chars().next().map_or(0, char::len_utf8);
        home.insert(at, '\u{200B}');
    });
    rerun_adds(
        &folder,
        &before,
        finding(
            "round.invisible-characters",
            "results/r01.xlsx!第1轮!C3",
            "“广东珠江队”含有不可见字符（U+200B），已去掉后比对；请删除这些字符",
        ),
    );
}

#[test]
fn a_second_round_sheet_hidden_in_the_workbook_is_an_error_naming_both() {
    // A hidden backup of the round sheet with one result changed, after the visible sheet and
    // before it: either way the visible sheet is the one read (the one the arbiter sees and
    // corrects), and the error names both.
    for at in [1, 0] {
        let (_tmp, folder, before) = a_league_edited(|sheets| {
            let mut backup = util::edit::EditSheet {
                name: "备份".into(),
                visible: false,
                grid: sheets[0].grid.clone(),
                merges: Vec::new(),
            };
            backup.grid[2][5] = "0-1".into();
            sheets.insert(at, backup);
        });
        rerun_adds(
            &folder,
            &before,
            finding(
                "round.extra-sheet",
                "results/r01.xlsx!备份",
                "results/r01.xlsx：工作表“第1轮”和“备份”（可能是隐藏的）都是成绩表；只读取“第1轮”，请只保留一张成绩表",
            ),
        );
    }
}

#[test]
fn merged_match_cells_in_a_round_sheet_are_read_on_every_board() {
    // The arbiter merges the 场次, 主队 and 客队 cells of round 1's first match over its five
    // boards (rows 3-7), as a printed sheet often has them: every board keeps its match and
    // teams, the run's result is the untouched one and nothing new is reported (before, the
    // four lower boards read as blank rows: boards deleted, the match scored on board 1).
    let (_tmp, folder, before) = a_league_edited(|sheets| {
        let sheet = &mut sheets[0];
        assert_eq!(sheet.grid[6][1], "5", "the first match has five boards");
        for col in [0u16, 2, 7] {
            for row in &mut sheet.grid[3..=6] {
                row[col as usize].clear();
            }
            sheet.merges.push((2, col, 6, col));
        }
    });
    let (_, json, err) = run_json(&folder, &[]);
    assert_eq!(result(&json), result(&before), "{err}");
    assert_eq!(new_findings(&before, &json), [], "{err}");
}

#[test]
fn a_round_workbook_of_another_event_is_an_error_and_not_read() {
    // Another event's round 1 (the marker's event changed) dropped into results/.
    let (_tmp, folder) = sample_copy(A);
    let (_, before, _) = run_json(&folder, &[]);
    let foreign = folder.join("results/其他赛事r01.xlsx");
    util::edit::rewrite_sheets(&folder.join("results/r01.xlsx"), &foreign, |sheets| {
        let marker = sheets
            .iter_mut()
            .find(|s| s.name == "bianpai")
            .expect("marker");
        let row = marker
            .grid
            .iter_mut()
            .find(|r| r[0] == "event")
            .expect("event row");
        row[1] = "2023年某市国际象棋团体赛".into();
    });
    rerun_adds(
        &folder,
        &before,
        finding(
            "round.foreign-event",
            "results/其他赛事r01.xlsx",
            "results/其他赛事r01.xlsx：标记写的是另一项赛事“2023年某市国际象棋团体赛”，\
             不是“2023年中国国际象棋甲级联赛”，未读取；请换回本赛事的成绩表\
             （如是赛事改了名，请把 event.toml 的 name 改回原名）",
        ),
    );
}

#[test]
fn lowering_rounds_below_the_played_rounds_is_refused() {
    // The xiangqi event played 7 rounds; `rounds = 6` would drop round 7 and move the prizes.
    let (_tmp, folder) = sample_copy(X);
    let toml = fs::read_to_string(folder.join("event.toml")).expect("event.toml");
    let edited = toml.replacen("rounds = 7\n", "rounds = 6\n", 1);
    assert_ne!(edited, toml);
    fs::write(folder.join("event.toml"), edited).expect("edit");
    let err = refused_event_file(&folder);
    assert!(
        err.contains(
            "event.toml: 键 (key) `stages[swiss].rounds`: 本阶段只安排 6 轮，但 \
             results/open-men-r07.xlsx 已是第7轮的成绩表；已进行的轮次不能删去：\
             请把 rounds 改回至少 7，或把该成绩表移出赛事文件夹"
        ),
        "{err}"
    );
    // Nothing is written: the results of the 7 rounds stay as they were.
    assert!(!folder.join("out").exists());
}

#[test]
fn an_invisible_character_does_not_make_one_person_two() {
    // One person (no ID given) entered by two teams, the second time with an invisible
    // character in the name: a left-to-right mark, a function application, a variation
    // selector. The duplicate check sees one person.
    for ch in ['\u{200E}', '\u{2061}', '\u{FE0F}', '\u{2060}', '\u{00AD}'] {
        let (_tmp, folder) = one_form("姓名,性别,出生日期\n张三,男,2010-01-01\n".as_bytes());
        fs::rename(
            folder.join("测试队报名表.csv"),
            folder.join("甲队报名表.csv"),
        )
        .expect("mv");
        let other = format!("姓名,性别,出生日期\n张{ch}三,男,2010-01-01\n");
        fs::write(folder.join("乙队报名表.csv"), other).expect("form");
        let (_, json, err) = run_json(&folder, &[]);
        let f = findings(&json);
        assert!(
            f.contains(&(
                "person.duplicate".into(),
                "甲队报名表.csv!甲队报名表!A2".into(),
                "张三重复报名：已见于乙队（乙队报名表.csv!乙队报名表!A2）".into()
            )),
            "U+{:04X}: {f:?} {err}",
            ch as u32
        );
    }
}

#[test]
fn lowering_a_round_robin_below_its_played_rounds_is_refused() {
    // The A-league's regular season played its 11 rounds; `rounds = 10` would drop round 11.
    // A round robin's rounds are its Berger schedule's: fewer are refused at the key already.
    let (_tmp, folder) = sample_copy(A);
    let toml = fs::read_to_string(folder.join("event.toml")).expect("event.toml");
    let edited = toml.replacen("rounds = 11\n", "rounds = 10\n", 1);
    assert_ne!(edited, toml);
    fs::write(folder.join("event.toml"), edited).expect("edit");
    let err = refused_event_file(&folder);
    assert!(
        err.contains(
            "event.toml: 键 (key) `stages[regular].rounds`: 12 队单循环需要 11 轮，但 rounds = 10"
        ),
        "{err}"
    );
    assert!(!folder.join("out").exists());
}

#[cfg(unix)]
#[test]
fn results_linked_inside_the_event_folder_is_read_and_outside_is_refused() {
    // The round workbooks kept in a shared sub-folder, `results` a link to it: read as
    // results/ (once), the run's result is the untouched one and nothing new is reported.
    let (_tmp, folder) = sample_copy(A);
    let (_, before, _) = run_json(&folder, &[]);
    fs::create_dir_all(folder.join("共享")).expect("shared folder");
    fs::rename(folder.join("results"), folder.join("共享/成绩")).expect("move results");
    std::os::unix::fs::symlink("共享/成绩", folder.join("results")).expect("link");
    let (_, json, err) = run_json(&folder, &[]);
    assert_eq!(result(&json), result(&before), "{err}");
    assert_eq!(new_findings(&before, &json), [], "{err}");

    // A link leading out of the event folder: refused (exit 2) naming it, nothing paired.
    let elsewhere = tempfile::tempdir().expect("temp");
    fs::remove_file(folder.join("results")).expect("unlink");
    fs::rename(folder.join("共享/成绩"), elsewhere.path().join("成绩")).expect("move out");
    std::os::unix::fs::symlink(elsewhere.path().join("成绩"), folder.join("results"))
        .expect("link out");
    let out = bianpai(&["run", folder.to_str().expect("utf-8")]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "results 是指向活动文件夹外（{}）的链接",
            elsewhere.path().join("成绩").display()
        )),
        "{stderr}"
    );
}

#[test]
fn invisible_characters_in_form_cells_are_a_warning_at_each_cell() {
    // A word joiner in the name, a zero-width non-joiner in the ID number, a soft hyphen in the
    // registered unit: each read without them (the ID number valid, the name and unit as
    // typed), and each cell named in Chinese and in English.
    let csv = "姓名,性别,身份证号,注册单位\n\
               张\u{2060}三,男,1101012010\u{200C}01011237,北京\u{00AD}棋院\n";
    let (_tmp, folder) = one_form(csv.as_bytes());
    let cell = |c: &str| format!("测试队报名表.csv!测试队报名表!{c}2");
    let invisible = |json: &serde_json::Value| -> Vec<(String, String)> {
        findings(json)
            .into_iter()
            .filter(|(code, ..)| code == "cell.invisible-characters")
            .map(|(_, source, message)| (source, message))
            .collect()
    };
    let (_, json, err) = run_json(&folder, &[]);
    assert_eq!(json["players"], 1, "{err}");
    assert_eq!(
        invisible(&json),
        [
            (
                cell("A"),
                "“张三”含有不可见字符（U+2060），已去掉后比对；请删除这些字符".to_string()
            ),
            (
                cell("C"),
                "“110101201001011237”含有不可见字符（U+200C），已去掉后比对；请删除这些字符"
                    .to_string()
            ),
            (
                cell("D"),
                "“北京棋院”含有不可见字符（U+00AD），已去掉后比对；请删除这些字符".to_string()
            ),
        ],
        "{err}"
    );
    assert!(
        !findings(&json)
            .iter()
            .any(|(code, ..)| code == "person.id-invalid"),
        "{err}"
    );
    let (_, json, err) = run_json(&folder, &["--lang", "en"]);
    assert_eq!(
        invisible(&json)[0],
        (
            cell("A"),
            "\"张三\" holds invisible characters (U+2060); compared without them: delete them"
                .to_string()
        ),
        "{err}"
    );
}

/// A copy of `sample` with event.toml edited by `(from, to)` replacements (each must apply),
/// refused with exit 2: its stderr, and nothing written.
fn refused_after_edit(sample: &str, edits: &[(&str, &str)]) -> String {
    let (_tmp, folder) = sample_copy(sample);
    let path = folder.join("event.toml");
    let mut toml = fs::read_to_string(&path).expect("event.toml");
    for (from, to) in edits {
        assert!(toml.contains(from), "{from}");
        toml = toml.replacen(from, to, 1);
    }
    fs::write(&path, toml).expect("edit");
    let err = refused_event_file(&folder);
    assert!(!folder.join("out").exists(), "{err}");
    err
}

#[test]
fn removing_a_board_under_played_rounds_is_refused() {
    // The A-league's 5th board (a woman's) struck from [boards], with the settings that
    // follow it, after 11 rounds of five boards: every round would lose its 5th game.
    let err = refused_after_edit(
        A,
        &[
            ("  { number = 5, sex = \"女\" },\n", ""),
            (
                "{ sex = \"女\", boards = [5] }",
                "{ sex = \"女\", boards = [4] }",
            ),
            ("women_main = 2\n", "women_main = 1\n"),
            ("first_named = \"WBWBW\"", "first_named = \"WBWB\""),
        ],
    );
    assert!(
        err.contains(
            "event.toml: 键 (key) `boards.boards`: [boards] 只列了 4 台，但 results/r01.xlsx\
             （第1轮）有第5台的对局；已进行的对局不能删去：请把台次改回至少 5 台，\
             或把该成绩表移出赛事文件夹"
        ),
        "{err}"
    );
}

#[test]
fn dropping_a_played_section_from_its_stage_is_refused() {
    // The xiangqi stage's sections listed without 家庭双人组, whose 7 rounds are played.
    let err = refused_after_edit(
        X,
        &[(
            "rounds = 7\n",
            "rounds = 7\nsections = [\"open-men\", \"open-women\", \"junior-men\", \"junior-women\"]\n",
        )],
    );
    assert!(
        err.contains(
            "event.toml: 键 (key) `stages[swiss].sections`: results/family-r01.xlsx \
             是组别“family”第1轮的成绩表，但本阶段的 sections 已不含这个组别；\
             已进行的轮次不能删去：请把“family”加回 sections，或把该成绩表移出赛事文件夹"
        ),
        "{err}"
    );
}

#[test]
fn removing_a_played_stage_is_refused() {
    // The B-league's team Swiss renamed (the stage `swiss` gone) after 9 rounds: read on, the
    // renamed stage would start again from round 1 with every team at zero.
    let err = refused_after_edit(
        "cca-b-league-2025",
        &[
            ("id = \"swiss\"\n", "id = \"main\"\n"),
            ("stage = \"swiss\"", "stage = \"main\""),
        ],
    );
    assert!(
        err.contains(
            "event.toml: 键 (key) `stages`: results/r01.xlsx 是阶段“swiss”第1轮的成绩表，\
             但 event.toml 已没有这个阶段；已进行的轮次不能删去：请把该阶段加回，\
             或把该成绩表移出赛事文件夹"
        ),
        "{err}"
    );
}

/// Runs `bianpai run <folder> --json` with `soffice` on `PATH` being `fake` (first) and the
/// conversion cache in `cache`.
#[cfg(unix)]
fn run_with_converter(folder: &Path, fake: &Path, cache: &Path) -> serde_json::Value {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut dirs = vec![fake.to_path_buf()];
    dirs.extend(std::env::split_paths(&path));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_bianpai"))
        .args(["run", folder.to_str().expect("utf-8"), "--json"])
        .env("PATH", std::env::join_paths(dirs).expect("PATH"))
        .env("BIANPAI_CACHE", cache)
        .output()
        .expect("bianpai runs");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&out.stderr));
    })
}

#[cfg(unix)]
#[test]
fn a_doc_is_converted_once_and_read_from_the_cache_after() {
    use std::os::unix::fs::PermissionsExt as _;
    // A team's old Word form, and a stand-in for LibreOffice that logs each call and writes
    // the form as it would convert it (a table of three players).
    let (_tmp, folder) = one_form(b"");
    fs::remove_file(folder.join("测试队报名表.csv")).expect("rm");
    fs::copy(
        util::fixture("received/folder/辽宁省报名表.doc"),
        folder.join("测试队报名表.doc"),
    )
    .expect("doc");
    let tools = tempfile::tempdir().expect("tempdir");
    let row = |cells: [&str; 3]| {
        let tcs: String = cells
            .iter()
            .map(|c| format!("<w:tc><w:p><w:r><w:t>{c}</w:t></w:r></w:p></w:tc>"))
            .collect();
        format!("<w:tr>{tcs}</w:tr>")
    };
    let body = format!(
        "<w:tbl>{}{}{}{}</w:tbl>",
        row(["姓名", "性别", "出生日期"]),
        row(["张三", "男", "2010-01-01"]),
        row(["李四", "男", "2011-02-02"]),
        row(["王五", "女", "2012-03-03"])
    );
    let converted = tools.path().join("converted.docx");
    util::write_docx(&converted, &body);
    let log = tools.path().join("calls.log");
    let fake = tools.path().join("bin");
    fs::create_dir(&fake).expect("bin");
    let script = format!(
        "#!/bin/sh\necho call >> '{}'\nwhile [ $# -gt 0 ]; do\n  if [ \"$1\" = --outdir ]; then out=\"$2\"; fi\n  last=\"$1\"; shift\ndone\nstem=$(basename \"$last\"); stem=${{stem%.*}}\nmkdir -p \"$out\" && cp '{}' \"$out/$stem.docx\"\n",
        log.display(),
        converted.display()
    );
    fs::write(fake.join("soffice"), script).expect("script");
    fs::set_permissions(fake.join("soffice"), fs::Permissions::from_mode(0o755)).expect("chmod");
    let cache = tools.path().join("cache");
    let calls = || fs::read_to_string(&log).unwrap_or_default().lines().count();
    let outputs = || util::snapshot(&folder.join("out"), &["previous"]);

    let first = run_with_converter(&folder, &fake, &cache);
    assert_eq!(first["players"], 3, "{first}");
    assert_eq!(calls(), 1);
    assert!(
        findings(&first)
            .iter()
            .any(|(code, source, _)| code == "file.converted" && source == "测试队报名表.doc"),
        "{first}"
    );
    let kept: Vec<String> = fs::read_dir(&cache)
        .expect("cache")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(
        kept[0].ends_with(".docx") && kept[0].len() == 64 + 5,
        "{kept:?}"
    );
    let written = outputs();

    // The second run reads the kept copy: LibreOffice is not started, the outputs are the same.
    let second = run_with_converter(&folder, &fake, &cache);
    assert_eq!(calls(), 1);
    assert_eq!(findings(&second), findings(&first));
    assert_eq!(outputs(), written);

    // A damaged entry is not read: converted again, the same outputs.
    let entry = cache.join(&kept[0]);
    let mut bytes = fs::read(&entry).expect("entry");
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    fs::write(&entry, bytes).expect("damage");
    let third = run_with_converter(&folder, &fake, &cache);
    assert_eq!(calls(), 2);
    assert_eq!(findings(&third), findings(&first));
    assert_eq!(outputs(), written);
}
