//! Fuzzes `event.toml`: parsing and validation, then everything a run does with an event that
//! validates before writing files: the accessors, the eligibility checks and the money
//! statements on the A-league sample's roster (read once). Nothing may panic.
//!
//! Seed the corpus with the samples' and templates' `event.toml` files (see README) so the
//! fuzzer starts from valid events rather than from TOML syntax errors.

#![no_main]

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use bianpai::findings::Findings;
use bianpai::model::roster::Roster;
use libfuzzer_sys::fuzz_target;

/// The roster of the A-league sample, read as a run reads it.
fn roster() -> &'static Roster {
    static ROSTER: OnceLock<Roster> = OnceLock::new();
    ROSTER.get_or_init(|| {
        let dir: PathBuf =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../samples/cca-a-league-2023");
        let mut findings = Findings::new();
        let loaded =
            bianpai::ingest::load(&dir, &bianpai::ingest::Limits::default(), &mut findings);
        let subs = bianpai::inputs::read_forms(&loaded.files, &mut findings);
        bianpai::normalize::build_roster(&subs, &mut findings)
    })
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(event) = bianpai::event::parse(&text, Path::new("event.toml")) else {
        return;
    };
    let _ = (event.groups(), event.defaults(), event.is_team_event());
    for s in event.sections() {
        let _ = event.stages_of(&s.id).count();
        for st in event.stages() {
            let _ = event.tiebreaks_for(&st.id, &s.id);
        }
    }
    let mut findings = Findings::new();
    bianpai::eligibility::check(&event, roster(), &mut findings);
    let _ = bianpai::money::statements(&event, roster(), &[], &mut findings);
});
