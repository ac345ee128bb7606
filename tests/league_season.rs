//! The A-league sample carries a whole season (11 rounds) and the finals (10 rounds, two
//! play-offs entered in event.toml): one run gives the final ranking 1-12.

mod util;

use std::path::{Path, PathBuf};
use std::process::Command;

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for e in std::fs::read_dir(from).expect("read_dir") {
        let e = e.expect("entry");
        let p = e.path();
        let t = to.join(e.file_name());
        if p.is_dir() {
            if e.file_name() != "out" {
                copy_dir(&p, &t);
            }
        } else {
            std::fs::copy(&p, &t).expect("copy");
        }
    }
}

fn sample() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("a-league");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/cca-a-league-2023"),
        &dir,
    );
    (tmp, dir)
}

fn run_json(dir: &Path) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_bianpai"))
        .arg("run")
        .arg(dir)
        .arg("--json")
        .output()
        .expect("run");
    serde_json::from_slice(&out.stdout).expect("json")
}

#[test]
fn whole_season_and_finals_give_places_1_to_12() {
    let (_tmp, dir) = sample();
    let j = run_json(&dir);
    assert_eq!(
        j["rounds"],
        serde_json::json!({"planned": 10, "paired": 10, "complete": 10})
    );
    let names: Vec<&str> = j["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .map(|s| s["name"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(
        names,
        [
            "深圳南山队",
            "成都锦江队",
            "浙江西湖队",
            "天津海河队",
            "广东珠江队",
            "北京华清队",
            "山东泉城队",
            "杭州钱塘队",
            "上海浦江队",
            "江苏钟山队",
            "重庆涪陵队",
            "湖北江城队"
        ]
    );
    let ranks: Vec<u64> = j["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .map(|s| s["rank"].as_u64().unwrap_or(0))
        .collect();
    assert_eq!(ranks, (1..=12).collect::<Vec<u64>>());
    // Nothing new is written into results/: every round workbook is the arbiter's.
    assert!(!dir.join("results/r12.xlsx").exists());
    assert!(!dir.join("results/finals-r11.xlsx").exists());
}

/// The cells of a sheet as text, row by row.
fn sheet_rows(path: &Path, sheet: &str) -> Vec<Vec<String>> {
    // Number cells read as their format shows them (`15.0`, `314.00`).
    let book = util::cells::read_book(path);
    let s = util::cells::sheet(&book, sheet);
    (0..s.rows.len()).map(|r| s.texts(r)).collect()
}

/// The exported TRF read back with `trf standings` ranks every team as the season's 排名
/// sheet does: place, number, MP, GP and every tie-break of the template's list. The sample
/// has an empty board in every match of 湖北江城队 and a main player out of entry order.
#[test]
fn the_trf_export_reads_back_to_the_standings_workbook() {
    let (_tmp, dir) = sample();
    let j = run_json(&dir);
    // The run's summary is the final ranking after the finals; the 排名 sheet is the regular
    // season's.
    assert_eq!(j["standings"][0]["name"], "深圳南山队");
    let out = dir.join("out");
    // 排名: a title row, the header, then one row per team.
    let rows = sheet_rows(&out.join("standings.xlsx"), "排名");
    let header = rows.get(1).expect("header");
    assert_eq!(
        header,
        &[
            "名次",
            "序号",
            "队名",
            "场分",
            "局分",
            "直胜名次",
            "扩展索伯分",
            "台次分",
            // Teams with open blocking eligibility findings are marked 资格待查 here.
            "备注"
        ]
    );
    let workbook: Vec<Vec<String>> = rows
        .iter()
        .skip(2)
        .map(|r| {
            let mut v = vec![r[0].clone(), r[1].clone()];
            v.extend(r[3..r.len() - 1].iter().cloned());
            v
        })
        .collect();
    assert_eq!(workbook.len(), 12);
    let text = std::fs::read_to_string(out.join("cca-a-league-2023.trf")).expect("trf");
    let trf = bianpai::trf::parse(&text).expect("parse trf");
    let tsv = bianpai::scoring::trf_standings(
        &trf,
        &bianpai::scoring::TrfStandingsOptions {
            tiebreaks: "MPTS GPTS EDE EMGSB BC".into(),
            edition: None,
            round_robin: None,
        },
    )
    .expect("trf standings");
    let from_trf: Vec<Vec<String>> = tsv
        .lines()
        .skip(1)
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect();
    assert_eq!(from_trf, workbook);
    // The figures themselves, from the round workbooks: 成都锦江队 (12) first on 15 MP and
    // 31.5 GP; 湖北江城队 (9) with its empty second board on 22.5 GP.
    assert_eq!(
        workbook[0],
        ["1", "12", "15.0", "31.5", "0", "314.00", "91.5"]
    );
    assert_eq!(
        workbook[10],
        ["11", "9", "6.0", "22.5", "0", "241.50", "74.5"]
    );
    // TRF-26 records of a team round robin (RULES §D): 162, 352, 362, twelve 310 records,
    // and 001 lines carrying all 30 board games of each round (5 boards × 6 matches × 2).
    let lines: Vec<&str> = text.lines().collect();
    for rec in [
        "042 2023/06/04",
        "092 Team Round Robin (Berger)",
        "142 11",
        "162  W 1.0    D 0.5    L 0.0",
        "352 WBWBW",
        "362  W 2.0    D 1.0    L 0.0",
        "212 MPTS GPTS EDE EMGSB BC",
        "122 90 min + 30 s per move",
        "222 5400+30",
    ] {
        assert!(lines.contains(&rec), "{rec}");
    }
    assert_eq!(lines.iter().filter(|l| l.starts_with("310 ")).count(), 12);
    assert_eq!(lines.iter().filter(|l| l.starts_with("013 ")).count(), 12);
    // 310 carries each team's match points, game points and rank: 成都锦江队 (12) first on
    // 15 MP and 31.5 GP, 湖北江城队 (9) 11th on 6 MP and 22.5 GP.
    let team = |no: u16| {
        trf.teams()
            .into_iter()
            .find(|t| t.number == no)
            .map(|t| {
                (
                    t.match_points.map(|p| p.to_string()),
                    t.game_points.map(|p| p.to_string()),
                    t.rank,
                )
            })
            .expect("310")
    };
    assert_eq!(
        team(12),
        (Some("15.0".into()), Some("31.5".into()), Some(1))
    );
    assert_eq!(team(9), (Some("6.0".into()), Some("22.5".into()), Some(11)));
    // 湖北江城队 (9) fields nobody on board 2 all season: no player line for it; the
    // opponent's board-2 player wins by forfeit against nobody (`0000 - +`), so 29 games of
    // 30 are between two player lines; a 300 record per round gives 湖北's board order.
    for r in 0..11 {
        let played = trf
            .players()
            .filter(|p| p.rounds.get(r).is_some_and(|e| e.opponent.is_some()))
            .count();
        assert_eq!(played, 58, "round {}", r + 1);
        let unopposed = trf
            .players()
            .filter(|p| {
                p.rounds.get(r).is_some_and(|e| {
                    e.opponent.is_none() && e.result == bianpai::trf::ResultCode::ForfeitWin
                })
            })
            .count();
        assert_eq!(unopposed, 1, "round {}", r + 1);
    }
    let hubei_line_ups = lines
        .iter()
        .filter(|l| l.starts_with("300 ") && l.get(8..11) == Some("009"))
        .count();
    assert_eq!(hubei_line_ups, 11);
    assert!(
        lines
            .iter()
            .all(|l| !l.contains("未出场") && !l.contains("Empty"))
    );
}
