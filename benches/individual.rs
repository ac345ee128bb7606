//! A 2,000-player chess open's round paired within the run path (issue 41): not the bare
//! engine but `outcome::compute`, as `run` calls it after reading the folder — the section's
//! entrants from the roster and their C.04.2 numbers, six complete round workbooks read back
//! and checked against their recorded pairings, the players' histories, the FIDE Dutch pairing
//! of round 7, the C.07 standings (`PTS BH/C1 BH SB DE WIN`) and the prizes.
//!
//! The folder (100 club forms of 20 players, `benches/make_chess_open.py`) is generated into
//! `target/bench-forms/chess-open-2000/` once; the roster is read from it once. Rounds 1-6 are
//! played in memory: each round's pairing from `outcome::compute` is turned into the round
//! workbook an arbiter returns (results by board: White wins, draws and Black wins in turn,
//! the bye), as `inputs::classify` would read it back.
//!
//! `cargo bench --bench individual`; without python3 and openpyxl the bench says so and
//! measures nothing.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use bianpai::model::GameResult;
use bianpai::outcome::{EventInput, StageKind};
use bianpai::rounds::lines::Lines;
use bianpai::rounds::record::Recorded;
use bianpai::rounds::sheet::{IndividualRow, ResultCell, RoundSheet, Rows};
use bianpai::season::RoundPaper;
use criterion::{Criterion, criterion_group, criterion_main};

#[cfg(target_os = "linux")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const PLAYERS: usize = 2000;

/// The generated folder, made once.
fn folder() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join(format!("target/bench-forms/chess-open-{PLAYERS}"));
    if dir.join("event.toml").is_file() {
        return Some(dir);
    }
    let status = Command::new("python3")
        .arg(root.join("benches/make_chess_open.py"))
        .arg(PLAYERS.to_string())
        .arg(&dir)
        .status();
    match status {
        Ok(s) if s.success() => Some(dir),
        _ => {
            eprintln!("benches/make_chess_open.py failed (python3 with openpyxl needed): skipped");
            None
        }
    }
}

/// The round workbook an arbiter returns for a fresh pairing: every board with its result.
fn typed(paper: &RoundPaper) -> RoundSheet {
    let Lines::Individual(lines) = &paper.lines else {
        panic!("an individual round");
    };
    let rows = lines
        .iter()
        .enumerate()
        .map(|(i, l)| IndividualRow {
            row: i as u32 + 3,
            board: Some(l.board),
            left: l.left.clone(),
            result: match (&l.right, l.board % 3) {
                (None, _) => ResultCell::Missing,
                (Some(_), 0) => ResultCell::Valid(GameResult::Draw),
                (Some(_), 1) => ResultCell::Valid(GameResult::Win),
                (Some(_), _) => ResultCell::Valid(GameResult::Loss),
            },
            right: l.right.clone().unwrap_or_else(|| "轮空".into()),
        })
        .collect();
    RoundSheet {
        marker: paper.marker.clone(),
        file: format!("results/{}.xlsx", paper.file),
        sheet: format!("第{}轮", paper.round()),
        rows: Rows::Individual(rows),
        recorded: Some(Recorded::of(&paper.lines)),
        settings: Vec::new(),
        results: Vec::new(),
    }
}

fn individual(c: &mut Criterion) {
    let Some(dir) = folder() else { return };
    let event = bianpai::event::load(&dir).expect("event.toml");
    let mut findings = bianpai::findings::Findings::new();
    let loaded = bianpai::ingest::load(&dir, &bianpai::ingest::Limits::default(), &mut findings);
    let inputs = bianpai::inputs::classify(&event, &loaded, &mut findings);
    let roster = bianpai::normalize::build_roster(&inputs.forms, &mut findings);
    let mut sheets: Vec<RoundSheet> = Vec::new();
    let compute = |sheets: &[RoundSheet]| {
        let inp = EventInput {
            event: &event,
            roster: &roster,
            sheets,
            draw: None,
            section_draws: &[],
        };
        let mut f = bianpai::findings::Findings::new();
        bianpai::outcome::compute(&inp, &mut f).expect("outcome")
    };
    // Rounds 1-6 played: each fresh pairing typed in and read back.
    for round in 1..=6u32 {
        let o = compute(&sheets);
        let Some(StageKind::Individual(i)) = o.stage.map(|s| s.kind) else {
            panic!("an individual stage");
        };
        let paper = i
            .papers
            .iter()
            .find(|p| p.fresh && p.round() == round)
            .expect("the round paired");
        sheets.push(typed(paper));
    }
    let o = compute(&sheets);
    let Some(StageKind::Individual(i)) = o.stage.map(|s| s.kind) else {
        panic!("an individual stage");
    };
    assert_eq!(i.sections[0].entrants.len(), PLAYERS);
    assert_eq!((i.counts.complete, i.counts.paired), (6, 7));
    let mut group = c.benchmark_group("individual run path");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function("2,000 players, round 7 (outcome::compute)", |b| {
        b.iter(|| compute(&sheets));
    });
    group.finish();
}

criterion_group!(benches, individual);
criterion_main!(benches);
