//! Sample runs whose workbooks `tests/roundtrip_workbooks.rs` re-reads: a temporary copy of a
//! sample, optionally changed first, run once, with the library's own view of the folder.

use std::fs;
use std::path::{Path, PathBuf};

use bianpai::findings::Findings;
use bianpai::model::roster::Roster;
use bianpai::rounds::sheet::RoundSheet;
use serde_json::Value;

use super::cells::{Sheet, read_book};
use super::{files, run_json, sample_copy};

const A: &str = "cca-a-league-2023";
const B: &str = "cca-b-league-2025";

/// A sample run: the folder, its summary, and the workbooks it wrote (relative paths).
pub struct Run {
    _tmp: tempfile::TempDir,
    /// The event folder.
    pub folder: PathBuf,
    /// The `--json` summary.
    pub json: Value,
}

impl Run {
    /// Copies sample `name`, lets `prepare` change the copy, and runs it.
    pub fn new(name: &str, prepare: impl FnOnce(&Path)) -> Run {
        let (tmp, folder) = sample_copy(name);
        prepare(&folder);
        let (_, json, err) = run_json(&folder, &[]);
        assert!(json["outputs"].is_array(), "{err}");
        Run {
            _tmp: tmp,
            folder,
            json,
        }
    }

    /// Every sheet of the workbook at `rel`.
    pub fn book(&self, rel: &str) -> Vec<Sheet> {
        read_book(&self.folder.join(rel))
    }

    /// Workbooks written by this run: `out/` and the round workbooks under `results/`.
    pub fn workbooks(&self) -> Vec<String> {
        files(&self.folder)
            .into_iter()
            .map(|p| p.to_string_lossy().into_owned())
            .filter(|p| p.ends_with(".xlsx"))
            .filter(|p| {
                (p.starts_with("out/") && !p.starts_with("out/previous/"))
                    || p.starts_with("results/")
            })
            .collect()
    }

    /// The roster and round workbooks, read as the run reads them.
    pub fn library_view(&self) -> (Roster, Vec<RoundSheet>) {
        let mut findings = Findings::new();
        let loaded = bianpai::ingest::load(
            &self.folder,
            &bianpai::ingest::Limits::default(),
            &mut findings,
        );
        let event = bianpai::event::load(&self.folder).expect("event.toml");
        let inputs = bianpai::inputs::classify(&event, &loaded, &mut findings);
        (
            bianpai::normalize::build_roster(&inputs.forms, &mut findings),
            inputs.rounds,
        )
    }
}

/// The A-league with its finals workbooks removed: the regular season is complete, so the
/// summary's standings are the round robin's (with tie-breaks) and the run writes the first
/// finals round workbook itself.
pub fn a_league_regular_season() -> Run {
    Run::new(A, |f| {
        for p in files(&f.join("results")) {
            if p.to_string_lossy().starts_with("finals-") {
                fs::remove_file(f.join("results").join(p)).expect("remove finals round");
            }
        }
    })
}

/// Sample B as committed: all nine rounds played (by `samples/play_rounds.py`).
pub fn b_league_played() -> Run {
    Run::new(B, |_| {})
}
