//! A whole A-league season as the arbiter runs it: the sample folder with 12 teams' forms, 11
//! filled round workbooks and 10 finals rounds.
//!
//! - `run`: read, checked, scored and written out by `pipeline::run` (every workbook and the
//!   TRF included);
//! - `season`: the season's outcome alone (`season::league::run`: 11 rounds and the finals read
//!   back, standings and tie-breaks; no I/O), with the folder, forms and roster loaded once
//!   outside the loop;
//! - `season + render`: the outcome and the stage's workbooks and TRF
//!   (`report::season::render_league`, in memory), as the season bench measured before the outcome was
//!   split from its rendering.

use std::path::{Path, PathBuf};

use criterion::{Criterion, criterion_group, criterion_main};

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

fn season(c: &mut Criterion) {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir: PathBuf = tmp.path().join("season");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/cca-a-league-2023"),
        &dir,
    );
    let opts = bianpai::pipeline::Options {
        dir: dir.clone(),
        out: dir.join("out"),
        lang: bianpai::Lang::Zh,
    };
    c.bench_function("a-league whole season + finals (run)", |b| {
        b.iter(|| bianpai::pipeline::run(&opts).expect("run"));
    });

    let event = bianpai::event::load(&dir).expect("event.toml");
    let mut findings = bianpai::findings::Findings::new();
    let loaded = bianpai::ingest::load(&dir, &bianpai::ingest::Limits::default(), &mut findings);
    let inputs = bianpai::inputs::classify(&event, &loaded, &mut findings);
    let roster = bianpai::normalize::build_roster(&inputs.forms, &mut findings);
    let stage = event
        .stages()
        .iter()
        .find(|s| s.id == "regular")
        .expect("regular stage");
    let statuses = bianpai::eligibility::standing::resolve(&event, &roster, &mut findings);
    let inp = bianpai::season::StageInput {
        event: &event,
        stage,
        roster: &roster,
        sheets: &inputs.rounds,
        draw: inputs.draw.as_ref(),
        statuses: &statuses,
    };
    assert_eq!(inputs.rounds.len(), 21, "11 rounds + 10 finals rounds");
    assert!(inputs.draw.is_some(), "the draw");
    let compute = || {
        let mut f = bianpai::findings::Findings::new();
        let o = bianpai::season::league::run(&inp, &mut f)
            .expect("season")
            .expect("teams");
        assert_eq!(o.standings.as_ref().map(|s| s.rows.len()), Some(12));
        o
    };
    c.bench_function("a-league season + finals (season::league::run)", |b| {
        b.iter(compute);
    });
    let target = bianpai::report::season::Target {
        event: &event,
        roster: &roster,
        dir: &dir,
        lang: bianpai::Lang::Zh,
        statuses: &statuses,
    };
    c.bench_function("a-league season + finals, rendered (render_league)", |b| {
        b.iter(|| {
            let o = compute();
            bianpai::report::season::render_league(&target, stage, &o).expect("render")
        });
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = season
}
criterion_main!(benches);
