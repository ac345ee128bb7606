//! Every TRF the samples export, read by FIDE's tie-break calculator (TieBreakServer's
//! `tiebreakchecker`, PyPI package `gacrux`, installed by `.ci/run`): the file is accepted
//! (status 0, no error or remark, read in its default encoding, Latin-1) and the calculator's ranking and tie-break
//! values, computed from the file's `212` list, are the 排名 sheet of `standings.xlsx`, team by
//! team.
//!
//! The checker is an external program: the test runs `python3 -m gacrux.tiebreakchecker` (or
//! `$BIANPAI_PYTHON`). Where it is missing the test says so on stderr and passes, so that a
//! fresh clone's `cargo test` needs nothing beside Rust; `.ci/run` installs it and sets
//! `BIANPAI_TIEBREAKSERVER=1`, which makes a missing checker a failure.

mod util;

use std::path::Path;

use serde_json::Value;
use util::cells::{decimal, read_book, sheet};
use util::gacrux::tiebreakchecker;
use util::{run_json, sample_copy};

/// The checker's value as the workbook prints it (`"314.00"`, `0`).
fn value_text(v: &Value) -> String {
    match v {
        Value::String(s) => decimal(s),
        other => decimal(&other.to_string()),
    }
}

/// `(rank, number, values...)` per team from the checker, in its rank order (ties by number).
fn checker_rows(answer: &Value) -> Vec<Vec<String>> {
    let mut rows: Vec<(u64, u64, Vec<String>)> = answer["tiebreakResult"]["competitors"]
        .as_array()
        .expect("competitors")
        .iter()
        .map(|c| {
            let values = c["tiebreakScore"]
                .as_array()
                .expect("tiebreakScore")
                .iter()
                .map(value_text)
                .collect();
            (
                c["rank"].as_u64().expect("rank"),
                c["cid"].as_u64().expect("cid"),
                values,
            )
        })
        .collect();
    rows.sort_by_key(|r| (r.0, r.1));
    rows.into_iter()
        .map(|(rank, cid, values)| {
            let mut v = vec![rank.to_string(), cid.to_string()];
            v.extend(values);
            v
        })
        .collect()
}

/// `(rank, number, values...)` per team from the 排名 sheet (title, header, then the rows:
/// 名次, 序号, 队名, the primary score and each tie-break).
fn workbook_rows(standings: &Path) -> Vec<Vec<String>> {
    let book = read_book(standings);
    let sh = sheet(&book, "排名");
    // The 备注 column (资格待查) is not a figure of the ranking.
    let end = sh.texts(1).iter().position(|h| h == "备注");
    sh.body()
        .into_iter()
        .filter(|r| r.first().is_some_and(|c| c.parse::<u32>().is_ok()))
        .map(|r| {
            let mut v = vec![r[0].clone(), r[1].clone()];
            let figures = r.get(3..end.unwrap_or(r.len()).min(r.len())).unwrap_or(&[]);
            v.extend(figures.iter().map(|c| decimal(c)));
            v
        })
        .collect()
}

fn check_sample(name: &str, trf_name: &str, teams: usize, tiebreaks: &str) {
    check_sample_edited(name, trf_name, teams, tiebreaks, |_| {});
}

/// The A-league sample is not FIDE-rated and writes no TRF: rated, so that it does.
fn rated(text: &mut String) {
    *text = text.replacen("fide_rated = false", "fide_rated = true", 1);
}

/// As [`check_sample`], with `edit` applied to the copy's `event.toml` first.
fn check_sample_edited(
    name: &str,
    trf_name: &str,
    teams: usize,
    tiebreaks: &str,
    edit: impl FnOnce(&mut String),
) {
    let (_tmp, dir) = sample_copy(name);
    let toml = dir.join("event.toml");
    let mut text = std::fs::read_to_string(&toml).expect("event.toml");
    edit(&mut text);
    std::fs::write(&toml, text).expect("event.toml");
    let (_, j, err) = run_json(&dir, &[]);
    assert!(j["outputs"].is_array(), "{err}");
    let trf = dir.join("out").join(trf_name);
    let text = std::fs::read_to_string(&trf).expect("trf");
    assert!(
        text.lines().any(|l| l == format!("212 {tiebreaks}")),
        "212 {tiebreaks}"
    );
    let Some(answer) = tiebreakchecker(&trf) else {
        return;
    };
    assert_eq!(answer["status"]["code"], 0, "{:#}", answer["status"]);
    assert_eq!(answer["status"]["error"], serde_json::json!([]));
    // No remark either: the 310 records' match and game points are what the games give, and
    // every line is aligned as a Latin-1 reader counts columns.
    assert_eq!(answer["status"]["info"], serde_json::json!([]));
    let names: Vec<String> = answer["tiebreakResult"]["tiebreaks"]
        .as_array()
        .expect("tiebreaks")
        .iter()
        .map(|t| t["name"].as_str().unwrap_or("").to_string())
        .collect();
    assert_eq!(names.len(), tiebreaks.split(' ').count(), "{names:?}");
    let from_checker = checker_rows(&answer);
    let from_workbook = workbook_rows(&dir.join("out/standings.xlsx"));
    assert_eq!(from_workbook.len(), teams);
    assert_eq!(from_checker, from_workbook);
}

/// The A-league season (12 teams, round robin): 山东泉城队 (8) first on 14 MP, 34.5 GP.
#[test]
fn tiebreakserver_reads_the_a_league_export_as_the_standings() {
    check_sample_edited(
        "cca-a-league-2023",
        "cca-a-league-2023.trf",
        12,
        "MPTS GPTS EDE EMGSB BC",
        rated,
    );
}

/// The B-league team Swiss (16 teams, nine rounds, byes, forfeits, a withdrawal).
#[test]
fn tiebreakserver_reads_the_b_league_export_as_the_standings() {
    check_sample(
        "cca-b-league-2025",
        "cca-b-league-2025.trf",
        16,
        "MPTS GPTS EDE EMGSB/C1 BH:MP/C1",
    );
}

/// The B-league ranked by the C.07 codes added last (STD 7.7, SSSC 13.4 with its Fore Buchholz
/// form): the event template takes them, the export's `212` names them, and TieBreakServer's
/// figures from the exported file are the workbook's.
#[test]
fn tiebreakserver_agrees_on_std_and_sssc_in_the_b_league() {
    let order = r#"order = ["MPTS", "GPTS", "EDE", "EMGSB/C1", "BH:MP/C1"]"#;
    let names = r#"names = ["场分", "局分", "直胜", "扩展索伯分", "对手场分"]"#;
    check_sample_edited(
        "cca-b-league-2025",
        "cca-b-league-2025.trf",
        16,
        "MPTS GPTS STD SSSC SSSC/F EMGSB/C1",
        |t| {
            assert!(
                t.contains(order) && t.contains(names),
                "the sample's tie-break lines"
            );
            *t = t
                .replace(
                    order,
                    r#"order = ["MPTS", "GPTS", "STD", "SSSC", "SSSC/F", "EMGSB/C1"]"#,
                )
                .replace(
                    names,
                    r#"names = ["场分", "局分", "标准分", "积分与赛程强度", "积分与赛程强度（前瞻）", "扩展索伯分"]"#,
                );
        },
    );
}

/// The xiangqi sample's five per-section exports (individual Swiss, 2/1/0): each is accepted
/// with no error or remark, and the checker's points of every player are the file's own
/// (`001` columns 81-84, the standings' points), less the `299` penalty that puts a
/// disqualified player below the others. Their ranking chain is the CXA one (对手分,
/// DROP-LAST), which has no C.07 code, so the export names no `212` list and the checker ranks
/// by points only.
#[test]
fn tiebreakserver_reads_the_xiangqi_section_exports() {
    let (_tmp, dir) = sample_copy("cxa-amateur-king-2023");
    let (_, j, err) = run_json(&dir, &[]);
    assert!(j["outputs"].is_array(), "{err}");
    let sections = [
        "open-men",
        "open-women",
        "junior-men",
        "junior-women",
        "family",
    ];
    for s in sections {
        let trf = dir.join(format!("out/cxa-amateur-king-2023-{s}.trf"));
        let text = std::fs::read_to_string(&trf).expect("trf");
        let Some(answer) = tiebreakchecker(&trf) else {
            return;
        };
        assert_eq!(answer["status"]["code"], 0, "{s}: {:#}", answer["status"]);
        assert_eq!(answer["status"]["error"], serde_json::json!([]), "{s}");
        assert_eq!(answer["status"]["info"], serde_json::json!([]), "{s}");
        // A disqualified player's `299` (round 999, columns 14-17) takes it below the others.
        let penalty = |no: &str| -> f64 {
            text.lines()
                .filter(|l| l.starts_with("299 ") && l.get(23..27).map(str::trim) == Some(no))
                .map(|l| {
                    l.get(13..17)
                        .unwrap_or("")
                        .trim()
                        .parse::<f64>()
                        .expect("299")
                })
                .sum()
        };
        let own: Vec<(String, String)> = text
            .lines()
            .filter(|l| l.starts_with("001 "))
            .map(|l| {
                let no = l.get(4..8).unwrap_or("").trim().to_string();
                let pts: f64 = l.get(80..84).unwrap_or("").trim().parse().expect("points");
                let p = penalty(&no);
                (no, decimal(&format!("{:.1}", pts + p)))
            })
            .collect();
        let mut checker: Vec<(String, String)> = answer["tiebreakResult"]["competitors"]
            .as_array()
            .expect("competitors")
            .iter()
            .map(|c| {
                (
                    c["cid"].as_u64().expect("cid").to_string(),
                    value_text(&c["tiebreakScore"][0]),
                )
            })
            .collect();
        checker.sort_by_key(|(no, _)| no.parse::<u32>().unwrap_or(0));
        assert!(own.len() > 10, "{s}: {} players", own.len());
        assert_eq!(checker, own, "{s}");
        if s == "open-men" {
            // 钟宇毅 (19), disqualified with 12 points: no rank in the file, last for the
            // checker (38 of 38), everyone else above.
            let line = text
                .lines()
                .find(|l| l.starts_with("001   19"))
                .expect("19");
            assert_eq!(line.get(85..89).map(str::trim), Some(""));
            assert!(
                text.lines().any(|l| l == "299           -13  999   19"),
                "{text}"
            );
            let rank = |c: &Value| c["rank"].as_u64().expect("rank");
            let all = answer["tiebreakResult"]["competitors"]
                .as_array()
                .expect("c");
            for c in all {
                let last = c["cid"].as_u64() == Some(19);
                assert_eq!(rank(c) == 38, last, "{c}");
            }
        }
    }
}

/// The A-league finals (a report of their own, `-finals.trf`): accepted, and its 310 match and
/// game points are what the finals' games give (no remark). Its places come from the bracket,
/// so it declares no `212` list (which would rank by match points) and only the places are
/// compared: 山东泉城队 (8) first, the champion of the final.
#[test]
fn tiebreakserver_reads_the_a_league_finals_export() {
    let (_tmp, dir) = sample_copy("cca-a-league-2023");
    let toml = dir.join("event.toml");
    let mut text = std::fs::read_to_string(&toml).expect("event.toml");
    rated(&mut text);
    std::fs::write(&toml, text).expect("event.toml");
    let (_, j, err) = run_json(&dir, &[]);
    assert!(j["outputs"].is_array(), "{err}");
    let trf = dir.join("out/cca-a-league-2023-finals.trf");
    let Some(answer) = tiebreakchecker(&trf) else {
        return;
    };
    assert_eq!(answer["status"]["code"], 0, "{:#}", answer["status"]);
    assert_eq!(answer["status"]["error"], serde_json::json!([]));
    assert_eq!(answer["status"]["info"], serde_json::json!([]));
    let text = std::fs::read_to_string(&trf).expect("trf");
    let parsed = bianpai::trf::parse(&text).expect("parses");
    let first = parsed
        .teams()
        .into_iter()
        .find(|t| t.rank == Some(1))
        .expect("a team ranked 1");
    assert_eq!(first.number, 8);
    assert_eq!(j["standings"][0]["name"], "山东泉城队");
    // Ten finals rounds, every player line the season's numbering.
    assert!(text.lines().any(|l| l == "142 10"), "{text}");
    assert!(text.lines().any(|l| l == "092 Team Knockout"), "{text}");
    // No `212`: the places are the bracket's, which no tie-break list ranks by.
    assert!(!text.lines().any(|l| l.starts_with("212")), "{text}");
}
