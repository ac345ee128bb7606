//! The three samples, read once as a run reads them, for the targets that run an event
//! (`event_run`, `event_outcome`); a scratch folder in memory for their outputs; the machine's
//! CJK font for the pictures.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use bianpai::event::Event;
use bianpai::findings::Findings;
use bianpai::ingest::{Limits, Loaded};
use bianpai::model::roster::Roster;
use bianpai::outcome::EventOutcome;
use bianpai::report::web::picture::Font;

/// One sample folder as a run reads it.
pub struct Sample {
    /// The folder.
    pub dir: PathBuf,
    /// Its `event.toml`.
    pub event: Event,
    /// Every file read.
    pub loaded: Loaded,
    /// The rosters of its excluded events.
    pub excluded: Vec<Option<Roster>>,
}

/// The three samples, read once.
pub fn samples() -> &'static [Sample] {
    static SAMPLES: OnceLock<Vec<Sample>> = OnceLock::new();
    SAMPLES.get_or_init(|| {
        [
            "cca-a-league-2023",
            "cca-b-league-2025",
            "cxa-amateur-king-2023",
        ]
        .iter()
        .map(|name| {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../samples")
                .join(name);
            let event = bianpai::event::load(&dir).expect("sample event.toml");
            let mut findings = Findings::new();
            let loaded = bianpai::ingest::load(&dir, &Limits::default(), &mut findings);
            let excluded = bianpai::pipeline::excluded_rosters(&event, &dir);
            Sample {
                dir,
                event,
                loaded,
                excluded,
            }
        })
        .collect()
    })
}

/// The machine's CJK font, looked up once.
pub fn font() -> Option<&'static Font> {
    static FONT: OnceLock<Option<Font>> = OnceLock::new();
    FONT.get_or_init(bianpai::report::web::picture::system_cjk_font)
        .as_ref()
}

/// A scratch folder of this process in memory, emptied.
pub fn scratch() -> PathBuf {
    let dir = Path::new("/dev/shm").join(format!("bianpai-fuzz-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("out")).expect("scratch folder");
    dir
}

/// What a run makes of the files read before it writes anything: `inputs::classify` and
/// `pipeline::compute`, the steps of `bianpai run` between reading the files and writing the
/// outputs.
pub fn through_outcome(
    event: &Event,
    excluded: &[Option<Roster>],
    loaded: &Loaded,
) -> (Roster, Findings, bianpai::Result<EventOutcome>) {
    let mut findings = Findings::new();
    let inputs = bianpai::inputs::classify(event, loaded, &mut findings);
    let c = bianpai::pipeline::compute(event, excluded, &inputs, &mut findings);
    (c.roster, findings, c.outcome)
}
