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
