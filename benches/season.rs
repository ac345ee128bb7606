//! A whole A-league season as the arbiter runs it: the sample folder with 12 teams' forms, 11
//! filled round workbooks and 10 finals rounds, read, checked, scored and written out by
//! `pipeline::run` (every workbook and the TRF included).

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
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = season
}
criterion_main!(benches);
