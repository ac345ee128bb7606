//! Fuzzes `event.toml` through the outcome: an event that validates is run on the sample folder
//! whose first stage has the same system (the A-league's round robin, the B-league's team Swiss,
//! the xiangqi Swiss; the first sample otherwise), as a run would before writing anything (round workbooks recognised, forms
//! read, roster, eligibility, the outcome: pairings, standings, prizes after tax, statements),
//! then its stage's workbooks and prize tables are written into a scratch folder in memory
//! (`/dev/shm`). Nothing may panic (arithmetic overflow included: the fuzz build checks it), and
//! an output that cannot be written is a failure. An event the outcome refuses (a pairing that
//! cannot be made for the folder) is an error of the run, not a crash.
//!
//! Seed the corpus with the samples' `event.toml` files (see README).

#![no_main]

#[path = "../shared/samples.rs"]
mod samples;

use std::path::Path;

use bianpai::Lang;
use libfuzzer_sys::fuzz_target;
use samples::{samples, scratch, through_outcome};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(event) = bianpai::event::parse(&text, Path::new("event.toml")) else {
        return;
    };
    let all = samples();
    let system = event.stages().first().map(|st| st.system);
    let s = all
        .iter()
        .find(|s| s.event.stages().first().map(|st| st.system) == system)
        .or(all.first());
    // The excluded events' rosters are the sample's own (read once), where the counts match.
    if let Some(s) = s {
        let excluded = if s.excluded.len() == event.eligibility().excluded.len() {
            s.excluded.clone()
        } else {
            vec![None; event.eligibility().excluded.len()]
        };
        let (roster, _, outcome) = through_outcome(&event, &excluded, &s.loaded);
        let Ok(outcome) = outcome else {
            return;
        };
        let dir = scratch();
        let out = bianpai::report::out_dir::OutDir::prepare(&dir.join("out")).expect("out");
        let target = bianpai::report::season::Target {
            event: &event,
            roster: &roster,
            dir: &dir,
            lang: Lang::Zh,
            statuses: &outcome.statuses,
        };
        for r in bianpai::report::render_outcome(&target, &outcome, false)
            .expect("the stage's workbooks")
        {
            out.save(r).expect("saved");
        }
        out.finish().expect("the outputs written");
    }
});
