//! Round workbooks that can be trusted (issue 17): one workbook per round, a changed pairing
//! caught, nothing silently dropped. Every case starts from the B-league sample without its
//! results (bianpai writes `results/r01.xlsx`) and makes what a person would make of it: a
//! copy, a hand edit (`util::edit`), a deletion, a rename.

mod util;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use util::edit::{Grid, rewrite};
use util::{run_json, s};

/// The B-league sample without its results, after one run (round 1 written).
fn round_one() -> (tempfile::TempDir, PathBuf) {
    let (tmp, folder) = util::sample_copy("cca-b-league-2025");
    fs::remove_dir_all(folder.join("results")).expect("remove results");
    let (code, _, err) = run_json(&folder, &[]);
    assert_eq!(code, 1, "{err}");
    assert!(folder.join("results/r01.xlsx").is_file());
    (tmp, folder)
}

fn r01(folder: &Path) -> PathBuf {
    folder.join("results/r01.xlsx")
}

/// (severity, source, Chinese message) of every finding with `code`.
fn found(json: &serde_json::Value, code: &str) -> Vec<(String, String, String)> {
    json["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| s(f, "code") == code)
        .map(|f| (s(f, "severity"), s(f, "source"), s(f, "message")))
        .collect()
}

fn complete(json: &serde_json::Value) -> u64 {
    json["rounds"]["complete"].as_u64().expect("complete")
}

fn add_ruling(folder: &Path, text: &str) {
    let mut f = fs::OpenOptions::new()
        .append(true)
        .open(folder.join("event.toml"))
        .expect("event.toml");
    writeln!(f, "\n[[rulings]]\n{text}").expect("append ruling");
}

/// Types "1-0" into every board, then applies `edit` (rows 2.. are the boards).
fn edited(folder: &Path, edit: impl FnOnce(&mut Grid)) {
    let path = r01(folder);
    util::type_results(&path, "1-0");
    let tmp = folder.join("edited.tmp");
    rewrite(&path, &tmp, true, edit);
    fs::rename(&tmp, &path).expect("replace");
}

#[test]
fn the_pairing_written_is_recorded_in_the_marker_sheet() {
    let (_tmp, folder) = round_one();
    let book = util::cells::read_book(&r01(&folder));
    let marker = util::cells::sheet(&book, "bianpai");
    assert!(!marker.visible);
    // The settings in force (issue 47) follow the marker's own rows, then the pairing.
    assert_eq!(marker.texts(5)[..2], ["setting", "tiebreaks.order"]);
    let at = (0..marker.rows.len())
        .find(|&r| marker.text(r, 0) == "pairing")
        .expect("pairing row");
    assert_eq!(at, 11);
    assert_eq!(marker.texts(at)[..4], ["pairing", "team", "40", "lineups"]);
    let first = marker.texts(at + 1);
    let round = util::cells::sheet(&book, "第1轮");
    // Match 1, board 1: the two teams, then the players bianpai pre-filled (issue 43).
    assert_eq!(
        first,
        [
            "game",
            "1",
            "1",
            &round.text(2, 2),
            &round.text(2, 7),
            &round.text(2, 3),
            &round.text(2, 6)
        ]
    );
    assert!(!round.text(2, 3).is_empty() && !round.text(2, 6).is_empty());
    // Typed as written: complete, nothing about the pairing.
    util::type_results(&r01(&folder), "1-0");
    let (_, json, _) = run_json(&folder, &[]);
    assert_eq!(complete(&json), 1);
    assert_eq!(found(&json, "result.pairing-changed"), vec![]);
}

#[test]
fn swapped_opponents_count_only_once_the_arbiter_confirms() {
    let (_tmp, folder) = round_one();
    let mut home = String::new();
    let mut away = String::new();
    edited(&folder, |g| {
        home = g[2][2].clone();
        away = g[2][7].clone();
        for row in g.iter_mut().skip(2).take(5) {
            row.swap(2, 7);
            row.swap(3, 6);
        }
    });
    let (code, json, _) = run_json(&folder, &[]);
    assert_eq!(code, 1);
    assert_eq!(complete(&json), 0);
    let f = found(&json, "result.pairing-changed");
    assert_eq!(f.len(), 1, "{f:#?}");
    assert_eq!(f[0].0, "error");
    assert_eq!(f[0].1, "results/r01.xlsx!第1轮!C3");
    assert!(
        f[0].2.starts_with(&format!(
            "第1轮：{away} – {home} 主客队被对调（bianpai 编排为第1场 {home} – {away}）；本轮暂不计入"
        )),
        "{}",
        f[0].2
    );
    assert!(!folder.join("results/r02.xlsx").exists());
    add_ruling(
        &folder,
        "round = 1\ndecision = \"pairing-confirmed\"\nnote = \"主客队按现场对调\"",
    );
    let (_, json, _) = run_json(&folder, &[]);
    assert_eq!(complete(&json), 1);
    let f = found(&json, "result.pairing-changed");
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].0, "warning");
    assert!(
        f[0].2.contains("已由裁判长确认（event.toml 第"),
        "{}",
        f[0].2
    );
    assert!(folder.join("results/r02.xlsx").is_file());
}

#[test]
fn a_team_against_itself_is_an_error_even_when_confirmed() {
    let (_tmp, folder) = round_one();
    edited(&folder, |g| {
        let home = g[2][2].clone();
        for row in g.iter_mut().skip(2).take(5) {
            row[7] = home.clone();
        }
    });
    add_ruling(&folder, "round = 1\ndecision = \"pairing-confirmed\"");
    let (_, json, _) = run_json(&folder, &[]);
    assert_eq!(complete(&json), 0);
    let errors: Vec<_> = found(&json, "result.pairing-changed")
        .into_iter()
        .filter(|f| f.0 == "error")
        .map(|f| f.1)
        .collect();
    assert_eq!(
        errors,
        (3..=7)
            .map(|r| format!("results/r01.xlsx!第1轮!H{r}"))
            .collect::<Vec<_>>()
    );
}

#[test]
fn a_deleted_board_row_or_match_is_named() {
    let (_tmp, folder) = round_one();
    let mut second = (String::new(), String::new());
    edited(&folder, |g| {
        second = (g[7][2].clone(), g[7][7].clone());
        // Board 5 of match 1 (row 7) and the whole of match 2 (rows 8-12).
        g.drain(6..12);
    });
    let (_, json, _) = run_json(&folder, &[]);
    assert_eq!(complete(&json), 0);
    let f: Vec<(String, String)> = found(&json, "result.pairing-changed")
        .into_iter()
        .map(|f| (f.1, f.2.split('；').next().unwrap_or("").to_string()))
        .collect();
    let (h, a) = second;
    // Findings come sorted by source: the sheet before its cells.
    assert_eq!(f.len(), 2, "{f:#?}");
    assert_eq!(
        f[0],
        (
            "results/r01.xlsx!第1轮".to_string(),
            format!("第1轮：bianpai 编排的第2场 {h} – {a} 在成绩表中被删除")
        )
    );
    assert!(
        f[1].1.ends_with("第5台被删除（bianpai 编排了这些台次）"),
        "{f:#?}"
    );
    assert_eq!(f[1].0, "results/r01.xlsx!第1轮!B3");
}

#[test]
fn copies_are_duplicates_and_the_canonical_workbook_is_read() {
    let (_tmp, folder) = round_one();
    let canonical = r01(&folder);
    util::type_results(&canonical, "1-0");
    // Copies with other results: the Windows second copy, a copy elsewhere, one inside a zip.
    let other = folder.join("other.tmp");
    fs::copy(&canonical, &other).expect("copy");
    rewrite(&other, &other.with_extension("xlsx"), true, |g| {
        for row in g.iter_mut().skip(2) {
            row[5] = "0-1".into();
        }
    });
    fs::remove_file(&other).expect("remove");
    let other = other.with_extension("xlsx");
    fs::copy(&other, folder.join("results/r01 (2).xlsx")).expect("copy 2");
    fs::copy(&other, folder.join("copy_of_r01.xlsx")).expect("copy_of");
    let zip_path = folder.join("北京队材料.zip");
    let mut zip = zip::ZipWriter::new(fs::File::create(&zip_path).expect("zip"));
    zip.start_file("results/r01.xlsx", zip::write::SimpleFileOptions::default())
        .expect("member");
    zip.write_all(&fs::read(&other).expect("read"))
        .expect("write");
    zip.finish().expect("finish");
    fs::remove_file(&other).expect("remove");
    let (code, json, _) = run_json(&folder, &[]);
    assert_eq!(code, 1);
    let dups: Vec<(String, String)> = found(&json, "round.duplicate-workbook")
        .into_iter()
        .map(|f| (f.0, f.1))
        .collect();
    let e = |p: &str| ("error".to_string(), p.to_string());
    assert_eq!(
        dups,
        vec![
            e("copy_of_r01.xlsx"),
            e("results/r01 (2).xlsx"),
            e("北京队材料.zip/results/r01.xlsx")
        ]
    );
    let msg = &found(&json, "round.duplicate-workbook")[0].2;
    assert!(
        msg.contains("copy_of_r01.xlsx 与 results/r01.xlsx 都是"),
        "{msg}"
    );
    // The canonical results (every board 1-0) are the ones read.
    assert_eq!(complete(&json), 1);
    let book = util::cells::read_book(&folder.join("out/pairings-r01.xlsx"));
    let sh = util::cells::sheet(&book, "第1轮");
    assert_eq!(sh.text(2, 5), "1-0");
    assert_eq!(found(&json, "file.unrecognized"), vec![]);
}

#[test]
fn the_one_copy_left_is_read_with_a_warning() {
    let (_tmp, folder) = round_one();
    util::type_results(&r01(&folder), "1-0");
    fs::create_dir_all(folder.join("results/old")).expect("old/");
    fs::rename(r01(&folder), folder.join("results/old/r01.xlsx")).expect("move");
    let (_, json, _) = run_json(&folder, &[]);
    assert_eq!(complete(&json), 1);
    let f = found(&json, "round.renamed-workbook");
    assert_eq!(f.len(), 1);
    assert_eq!(
        (f[0].0.as_str(), f[0].1.as_str()),
        ("warning", "results/old/r01.xlsx")
    );
    // Round 1 is not written again beside it.
    assert!(!r01(&folder).exists());
}

#[test]
fn a_round_workbook_outside_results_is_an_error_and_its_round_is_not_paired_again() {
    // A team's copy of round 1 (marker sheet and all) is all that is left of it, in the
    // team's own folder: it is not read, nothing new is paired into results/, and the error
    // names it and where it belongs.
    let (_tmp, folder) = round_one();
    util::type_results(&r01(&folder), "1-0");
    fs::create_dir_all(folder.join("吉林队")).expect("team folder");
    fs::rename(r01(&folder), folder.join("吉林队/r01.xlsx")).expect("move");
    let (code, json, err) = run_json(&folder, &[]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        found(&json, "round.outside-results"),
        vec![(
            "error".to_string(),
            "吉林队/r01.xlsx".to_string(),
            "吉林队/r01.xlsx 带有swiss 第1轮成绩表的标记，但不在 results/ 文件夹中，未读取，该轮也不重新编排；如这是本赛事的成绩表，请把它移到 results/r01.xlsx".to_string()
        )]
    );
    assert_eq!(found(&json, "round.renamed-workbook"), vec![]);
    assert_eq!(complete(&json), 0);
    assert!(!r01(&folder).exists(), "round 1 is not paired again");
    // Moved back, it is read as typed.
    fs::rename(folder.join("吉林队/r01.xlsx"), r01(&folder)).expect("move back");
    let (_, json, _) = run_json(&folder, &[]);
    assert_eq!(found(&json, "round.outside-results"), vec![]);
    assert_eq!(complete(&json), 1);
}

#[test]
fn a_sheet_copied_without_its_marker_is_recognised() {
    let (_tmp, folder) = round_one();
    util::type_results(&r01(&folder), "1-0");
    rewrite(
        &r01(&folder),
        &folder.join("results/第一轮成绩.xlsx"),
        false,
        |_| {},
    );
    fs::remove_file(r01(&folder)).expect("remove");
    let (_, json, _) = run_json(&folder, &[]);
    assert_eq!(complete(&json), 1, "{:#?}", json["findings"]);
    let f = found(&json, "round.unmarked-workbook");
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].1, "results/第一轮成绩.xlsx");
    assert_eq!(found(&json, "file.unrecognized"), vec![]);
    assert_eq!(found(&json, "result.pairing-changed"), vec![]);
}

#[test]
fn a_marker_contradicting_the_name_is_an_error() {
    let (_tmp, folder) = round_one();
    let r07 = folder.join("results/r07.xlsx");
    fs::rename(r01(&folder), &r07).expect("rename");
    let before = fs::read(&r07).expect("read");
    let (code, json, _) = run_json(&folder, &[]);
    assert_eq!(code, 1);
    let f = found(&json, "round.marker-mismatch");
    assert_eq!(f.len(), 1);
    assert_eq!(
        (f[0].0.as_str(), f[0].1.as_str()),
        ("error", "results/r07.xlsx")
    );
    assert_eq!(fs::read(&r07).expect("read"), before);
}

#[test]
fn a_missing_earlier_round_is_an_error_not_a_new_blank_round() {
    let (_tmp, folder) = round_one();
    util::type_results(&r01(&folder), "1-0");
    run_json(&folder, &[]);
    assert!(folder.join("results/r02.xlsx").is_file());
    fs::remove_file(r01(&folder)).expect("delete r01");
    let (code, json, _) = run_json(&folder, &[]);
    assert_eq!(code, 1);
    let f = found(&json, "round.missing-workbook");
    assert_eq!(f.len(), 1);
    assert_eq!(
        (f[0].0.as_str(), f[0].1.as_str()),
        ("error", "results/r01.xlsx")
    );
    assert!(!r01(&folder).exists(), "round 1 must not be paired again");
}

#[test]
fn a_folder_in_place_of_the_round_workbook_exits_2_naming_it() {
    let (_tmp, folder) = util::sample_copy("cca-b-league-2025");
    fs::remove_dir_all(folder.join("results")).expect("remove results");
    fs::create_dir_all(folder.join("results/r01.xlsx")).expect("folder");
    let out = util::bianpai(&["run", folder.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("r01.xlsx"), "{err}");
}
