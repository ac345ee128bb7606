//! The A-league sample carries a whole season (11 rounds) and the finals (10 rounds, two
//! play-offs entered in event.toml): one run gives the final ranking 1-12.

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
