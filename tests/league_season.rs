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

/// `[event] fide_rated = true` in the copy's event.toml.
fn rated(dir: &Path) {
    let toml = dir.join("event.toml");
    let text = std::fs::read_to_string(&toml).expect("event.toml");
    let text = text.replacen("fide_rated = false", "fide_rated = true", 1);
    std::fs::write(&toml, text).expect("event.toml");
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
            // 规程 五(三)1(3): the final's winner and loser, then the third-place match.
            "山东泉城队",
            "重庆涪陵队",
            "北京华清队",
            "浙江西湖队",
            // 五(三)1(2): the 5-8 match's winner 5th and loser 8th, the 6-7 match's 6th and 7th.
            "江苏钟山队",
            "广东珠江队",
            "杭州钱塘队",
            "湖北江城队",
            // 五(三)2: the 9-10 winner 9th, the play-off's winner 10th, its loser and the
            // 11-12 loser relegated.
            "上海浦江队",
            "深圳南山队",
            "天津海河队",
            "成都锦江队"
        ]
    );
    let ranks: Vec<u64> = j["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .map(|s| s["rank"].as_u64().unwrap_or(0))
        .collect();
    assert_eq!(ranks, (1..=12).collect::<Vec<u64>>());
    // 规程 九(三): 丁蕾慧 (2320) is entered on 深圳南山队's men's board 3 and plays it in all 11
    // regular rounds and the 4 finals rounds 深圳 plays (八强 is not theirs: 保级赛 R1 and R3, two
    // rounds each): one lineup.ineligible error at the board each time.
    let barred: Vec<&serde_json::Value> = j["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["code"] == "lineup.ineligible")
        .collect();
    assert_eq!(barred.len(), 15);
    assert!(barred.iter().all(|f| f["team"] == "深圳南山队"
        && f["clause"] == "规程 九(三)"
        && f["severity"] == "error"));
    assert_eq!(
        barred[0]["message"],
        "第1轮 深圳南山队 第3台：丁蕾慧等级分2320低于2350，不得在男子台出场"
    );
    // Nothing new is written into results/: every round workbook is the arbiter's.
    assert!(!dir.join("results/r12.xlsx").exists());
    assert!(!dir.join("results/finals-r11.xlsx").exists());
}

/// The cells of a sheet as text, row by row.
fn sheet_rows(path: &Path, sheet: &str) -> Vec<Vec<String>> {
    // Number cells read as their format shows them (`15.0`, `314.00`).
    let book = util::cells::read_book(path);
    let s = util::cells::sheet(&book, sheet);
    // The title, the header, then the table up to the blank row above the signature lines.
    (0..2).map(|r| s.texts(r)).chain(s.body()).collect()
}

/// The A-league is not FIDE-rated (`fide_rated = false`): its run writes no FIDE report
/// (issue 42 point 7), neither the season's nor the finals'.
#[test]
fn an_unrated_chess_league_writes_no_trf() {
    let (_tmp, dir) = sample();
    let j = run_json(&dir);
    let outputs: Vec<&str> = j["outputs"]
        .as_array()
        .expect("outputs")
        .iter()
        .filter_map(|o| o.as_str())
        .collect();
    assert!(outputs.contains(&"out/standings.xlsx"), "{outputs:?}");
    assert!(!outputs.iter().any(|o| o.ends_with(".trf")), "{outputs:?}");
    assert!(!dir.join("out/a-league.trf").exists());
    assert!(!dir.join("out/a-league-finals.trf").exists());
}

/// The exported TRF read back with `trf standings` ranks every team as the season's 排名
/// sheet does: place, number, MP, GP and every tie-break of the template's list. 湖北江城队's
/// form enters board 1 twice and no board 2; its default line-up follows the form's order, so
/// every board of every match is played.
#[test]
fn the_trf_export_reads_back_to_the_standings_workbook() {
    let (_tmp, dir) = sample();
    // The sample is not FIDE-rated, so it writes no TRF: rated here, so that it does.
    rated(&dir);
    let j = run_json(&dir);
    // The run's summary is the final ranking after the finals; the 排名 sheet is the regular
    // season's.
    assert_eq!(j["standings"][0]["name"], "山东泉城队");
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
    // Named by the event folder, `a-league` (the sample's event.toml has no `[event] id`).
    let text = std::fs::read_to_string(out.join("a-league.trf")).expect("trf");
    let trf = bianpai::trf::parse(&text).expect("parse trf");
    let tsv = bianpai::trf::standings(
        &trf,
        &bianpai::scoring::TrfStandingsOptions {
            tiebreaks: "MPTS GPTS EDE EMGSB BC".into(),
            edition: None,
            layout: bianpai::scoring::Layout::Auto,
        },
    )
    .expect("trf standings");
    let from_trf: Vec<Vec<String>> = tsv
        .lines()
        .skip(1)
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect();
    assert_eq!(from_trf, workbook);
    // The figures themselves, summed from the round workbooks by a separate script (2 MP a
    // match won, 1 drawn): 山东泉城队 (8) first of four teams on 14 MP by 34.5 GP; 湖北江城队
    // (9) 8th on 9 MP and 25 GP, ahead of 上海浦江队 on GP.
    assert_eq!(
        workbook[0],
        ["1", "8", "14.0", "34.5", "0", "364.00", "99.0"]
    );
    assert_eq!(
        workbook[7],
        ["8", "9", "9.0", "25.0", "0", "277.00", "78.5"]
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
    // 310 carries each team's match points, game points and rank: 山东泉城队 (8) first on
    // 14 MP and 34.5 GP, 湖北江城队 (9) 8th on 9 MP and 25 GP.
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
    assert_eq!(team(8), (Some("14.0".into()), Some("34.5".into()), Some(1)));
    assert_eq!(team(9), (Some("9.0".into()), Some("25.0".into()), Some(8)));
    // Every board of every match has two players (湖北's board 2 included): 60 player lines
    // with an opponent each round, no forfeit against nobody, and no 300 line-up record.
    for r in 0..11 {
        let played = trf
            .players()
            .filter(|p| p.rounds.get(r).is_some_and(|e| e.opponent.is_some()))
            .count();
        assert_eq!(played, 60, "round {}", r + 1);
    }
    assert_eq!(lines.iter().filter(|l| l.starts_with("300 ")).count(), 0);
    assert!(
        lines
            .iter()
            .all(|l| !l.contains("未出场") && !l.contains("Empty"))
    );
}

/// 规程 (template `colours`): 序号靠前的队伍为先. With the finals' phase 3 not yet paired, the run
/// writes finals round 7: in the third-place match the home slot holds 北京华清队 (seed 7, loser of
/// semi-final 1) and the away slot 浙江西湖队 (seed 4), yet 浙江 is first-named, White on board 1;
/// in the final 山东泉城队 (seed 1) is first-named against 重庆涪陵队 (seed 3).
#[test]
fn the_third_place_match_names_the_better_seed_first_in_leg_1() {
    use calamine::Reader;
    let (_tmp, dir) = sample();
    for r in 7..=10 {
        std::fs::remove_file(dir.join(format!("results/finals-r{r:02}.xlsx"))).expect("rm");
    }
    let j = run_json(&dir);
    assert_eq!(j["rounds"]["paired"], 7);
    let path = dir.join("results/finals-r07.xlsx");
    let mut xl: calamine::Xlsx<_> = calamine::open_workbook(&path).expect("open");
    let sheet = xl
        .sheet_names()
        .into_iter()
        .find(|s| s != "bianpai")
        .expect("round sheet");
    let range = xl.worksheet_range(&sheet).expect("sheet");
    let rows: Vec<Vec<String>> = range
        .rows()
        .map(|r| r.iter().map(|c| c.to_string()).collect())
        .collect();
    let head = rows
        .iter()
        .position(|r| r.first().is_some_and(|c| c == "场次"))
        .expect("header");
    // (match, board, first-named team, colour, second-named team) of each match's board 1.
    let boards_1: Vec<(String, String, String, String, String)> = rows[head + 1..]
        .iter()
        .filter(|r| r.get(1).is_some_and(|b| b == "1"))
        .map(|r| {
            (
                r[0].clone(),
                r[1].clone(),
                r[2].clone(),
                r[4].clone(),
                r[7].clone(),
            )
        })
        .collect();
    let s = |x: &str| x.to_string();
    assert_eq!(
        boards_1,
        [
            (s("1"), s("1"), s("山东泉城队"), s("白"), s("重庆涪陵队")),
            (s("2"), s("1"), s("浙江西湖队"), s("白"), s("北京华清队")),
        ]
    );
}

/// Issue 44 (5): the default line-up of a new round workbook fields nobody bianpai would flag.
/// On a copy of the sample with the typed rounds removed (the draw kept), round 1 is written
/// afresh: 深圳南山队's form enters 丁蕾慧 (2320, `team.woman-on-men-board-rating`) on men's board
/// 3, so its men's reserve 付伟 plays board 3 (规程 九(二)(三): a reserve only on board 3 or 5),
/// `results/r01.xlsx!第1轮!D25`; 重庆涪陵队's board 5 would be 田彤妍 (`person.not-registered`)
/// and its women's reserve 吕静 is `person.too-young`: G32 stays empty, with a
/// `lineup.default-empty` note naming both. 湖北江城队's 江强建 (`person.loan-missing`) and
/// 姜艺妍 (`person.id-birth-mismatch`) give way to the reserves 郭斌新 (G20) and 杜菲悦 (G22).
/// Round 1 typed (the empty board a forfeit) and read back raises no `lineup.*` error.
#[test]
fn a_new_rounds_default_lineup_leaves_out_pending_and_barred_players() {
    let (_tmp, dir) = sample();
    for e in std::fs::read_dir(dir.join("results")).expect("results") {
        let p = e.expect("entry").path();
        if p.file_name().is_some_and(|n| n != "draw.xlsx") {
            std::fs::remove_file(&p).expect("remove");
        }
    }
    let j = run_json(&dir);
    let r01 = dir.join("results/r01.xlsx");
    let rows = sheet_rows(&r01, "第1轮");
    // Row n of the sheet is rows[n - 1]; columns A-H are 场次 台次 主队 主队棋手 执色 结果 客队棋手 客队.
    let cell = |row: usize, col: usize| rows[row - 1][col].clone();
    assert_eq!(
        (cell(25, 2), cell(25, 1)),
        ("深圳南山队".into(), "3".into())
    );
    assert_eq!(cell(25, 3), "付伟");
    assert_eq!(
        (cell(32, 7), cell(32, 1)),
        ("重庆涪陵队".into(), "5".into())
    );
    assert_eq!(cell(32, 6), "");
    assert_eq!(cell(31, 6), "韩蕾艺");
    assert_eq!(
        (cell(20, 7), cell(20, 6), cell(22, 6)),
        ("湖北江城队".into(), "郭斌新".into(), "杜菲悦".into())
    );
    let codes = |j: &serde_json::Value, prefix: &str| -> Vec<serde_json::Value> {
        j["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .filter(|f| f["code"].as_str().is_some_and(|c| c.starts_with(prefix)))
            .cloned()
            .collect()
    };
    let notes = codes(&j, "lineup.");
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert_eq!(notes[0]["code"], "lineup.default-empty");
    assert_eq!(notes[0]["severity"], "warning");
    assert_eq!(notes[0]["source"], "results/r01.xlsx");
    assert_eq!(
        notes[0]["message"],
        "重庆涪陵队第5台未预填出场棋手：田彤妍、吕静资格待查或不得在该台出场，且无可上该台的替补；请领队填写或按弃权处理"
    );
    // The arbiter types round 1 (the empty board forfeited): bianpai flags none of its own
    // line-ups, and round 2's workbook is written the same way.
    assert_eq!(util::type_results(&r01, "1-0"), 30);
    let j = run_json(&dir);
    assert_eq!(codes(&j, "lineup.").len(), 1, "only round 2's note");
    assert!(dir.join("results/r02.xlsx").is_file());
    assert_eq!(codes(&j, "lineup.")[0]["source"], "results/r02.xlsx");
}
