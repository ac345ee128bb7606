//! The team and individual Swiss events played through the library pipeline on temp copies of
//! the sample folders, results "typed in" by [`fill_round`].

use std::path::{Path, PathBuf};

use bianpai::Lang;
use bianpai::findings::Findings;
use bianpai::model::{GameResult, Sport};
use bianpai::pipeline::{Options, RunOutcome, run};
use bianpai::report::round_workbook::{IndividualLine, Lines, RoundDoc, TeamLine, for_arbiter};
use bianpai::rounds::sheet::{self, Rows};

const SAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/samples");

/// A fresh temp folder holding `files` of `samples/<sample>`.
pub fn temp_copy(sample: &str, files: &[&str], name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bianpai-swiss-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for f in files {
        std::fs::copy(Path::new(SAMPLES).join(sample).join(f), dir.join(f)).unwrap();
    }
    dir
}

/// `bianpai run` on `dir` through the library, outputs in `dir/out`.
pub fn run_dir(dir: &Path) -> RunOutcome {
    run(&Options {
        dir: dir.to_path_buf(),
        out: dir.join("out"),
        lang: Lang::Zh,
    })
    .unwrap()
}

/// Reads `results/<file>` back and rewrites it with `result(row index, left, right)` filled in.
pub fn fill_round(
    dir: &Path,
    file: &str,
    sport: Sport,
    result: &dyn Fn(usize, &str, &str) -> Option<GameResult>,
) -> Vec<(String, String)> {
    let path = dir.join("results").join(file);
    let bytes = std::fs::read(&path).unwrap();
    let loaded = bianpai::ingest::read_bytes(
        &format!("results/{file}"),
        &bytes,
        &bianpai::ingest::Limits::default(),
        0,
    )
    .unwrap();
    let mut f = Findings::new();
    let sheet = sheet::read(&loaded[0], sport, &mut f).unwrap();
    let mut seen = Vec::new();
    let lines = match &sheet.rows {
        Rows::Team(rows) => Lines::Team(
            rows.iter()
                .enumerate()
                .map(|(i, r)| {
                    seen.push((r.home_team.clone(), r.away_team.clone()));
                    TeamLine {
                        match_no: r.match_no.unwrap_or(0),
                        board: r.board.unwrap_or(0),
                        home_team: r.home_team.clone(),
                        home_player: r.home_player.clone(),
                        home_colour: r.home_colour.unwrap(),
                        result: result(i, &r.home_team, &r.away_team),
                        away_player: r.away_player.clone(),
                        away_team: r.away_team.clone(),
                    }
                })
                .collect(),
        ),
        Rows::Individual(rows) => Lines::Individual(
            rows.iter()
                .enumerate()
                .map(|(i, r)| {
                    seen.push((r.left.clone(), r.right.clone()));
                    let bye = sheet::BYE_WORDS.contains(&r.right.as_str()) || r.right.is_empty();
                    IndividualLine {
                        board: r.board.unwrap_or(0),
                        left: r.left.clone(),
                        result: if bye {
                            None
                        } else {
                            result(i, &r.left, &r.right)
                        },
                        right: (!bye).then(|| r.right.clone()),
                    }
                })
                .collect(),
        ),
    };
    std::fs::remove_file(&path).unwrap();
    let doc = RoundDoc {
        event_title: "t",
        marker: &sheet.marker,
        round_label: "t",
        sport,
        lang: Lang::Zh,
        notes: &[],
        groups: None,
        settings: &[],
        results: &[],
    };
    let mut wb = for_arbiter(&doc, &lines).unwrap();
    std::fs::write(&path, wb.save_to_buffer().unwrap()).unwrap();
    seen
}
