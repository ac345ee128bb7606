//! The committed sample of the conformance run (issue 47, `scripts/conformance.sh`;
//! `tests/reference/conformance/README.md`): 200 Dutch tournaments (10-40 players, made by
//! `bianpai trf generate` or by bbpPairings' generator) with bbpPairings v6.0.0's pairing of
//! every round (`-p` on the file cut before the round), and 100 team Swiss tournaments (8-16
//! teams, made by `bianpai trf generate --teams`) with Gacrux 1.11.65's pairing of every round,
//! plus the two tournaments on which the run found bianpai's team engine and Gacrux apart
//! (`team-c6-*`: [C6]'s following scoregroup emptied by an earlier bracket's upfloater or by the
//! PAB, made by the engine before the fix; Gacrux's pairing of every round).
//! For every round k, `trf check`'s library function pairs the file cut before round k and
//! must give the reference program's round: the same boards in the same order with the same
//! colours and the same PAB (Dutch), the same matches with the same team having White on board
//! 1 and the same PAB (team). The reference programs are not needed here.

mod util;

use std::path::{Path, PathBuf};

use bianpai::trf::verify::{System, replay};
use util::reference;

/// The sample's files of one kind (`dutch` or `team`), sorted.
fn cases(kind: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(reference().join("conformance"))
        .expect("the sample folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "trf")
                && p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with(kind))
        })
        .collect();
    v.sort();
    v
}

/// The reference program's rounds: `(round, white, black)` per line, black 0 for the PAB.
fn expected(path: &Path) -> Vec<(usize, u16, u16)> {
    std::fs::read_to_string(path.with_extension("pairings"))
        .expect("the .pairings file")
        .lines()
        .map(|l| {
            let v: Vec<u16> = l
                .split_whitespace()
                .map(|x| x.parse().expect("a number"))
                .collect();
            (usize::from(v[0]), v[1], v[2])
        })
        .collect()
}

/// Compares every round of every file of `kind`; returns (files, rounds, differences).
fn compare(kind: &str, system: System, sorted: bool) -> (usize, usize, Vec<String>) {
    let files = cases(kind);
    let (mut rounds, mut differ) = (0, Vec::new());
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(f).expect("read");
        let trf = bianpai::trf::parse(&text).expect("parses");
        let h = bianpai::trf::history(&trf).expect("a tournament");
        let exp = expected(f);
        let reports = replay(&h, system);
        let last = exp.iter().map(|e| e.0).max().unwrap_or(0);
        assert_eq!(reports.len(), last, "{name}: rounds");
        for r in &reports {
            rounds += 1;
            let mut want: Vec<(u16, u16)> = exp
                .iter()
                .filter(|e| e.0 == r.round && e.2 != 0)
                .map(|e| (e.1, e.2))
                .collect();
            let mut got = r.engine.pairs.clone();
            if sorted {
                want.sort_unstable();
                got.sort_unstable();
            }
            want.extend(
                exp.iter()
                    .filter(|e| e.0 == r.round && e.2 == 0)
                    .map(|e| (e.1, 0)),
            );
            got.extend(r.engine.bye.map(|b| (b, 0)));
            if r.error.is_some() || got != want {
                differ.push(format!(
                    "{name} round {}: bianpai {got:?} {:?}, reference {want:?}",
                    r.round, r.error
                ));
            }
        }
    }
    (files.len(), rounds, differ)
}

/// Every round of `kind` agrees, over `want` (files, rounds).
fn all_agree(kind: &str, system: System, sorted: bool, want: (usize, usize)) {
    let (files, rounds, differ) = compare(kind, system, sorted);
    assert!(
        differ.is_empty(),
        "{} of {rounds} rounds differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
    assert_eq!((files, rounds), want);
}

#[test]
fn every_dutch_round_of_the_sample_equals_bbppairings() {
    all_agree("dutch", System::Dutch, false, (201, DUTCH_ROUNDS));
}

#[test]
fn every_team_round_of_the_sample_equals_gacrux() {
    all_agree("team", System::Team, true, (102, TEAM_ROUNDS));
}

/// The rounds of the sample (counted when it was made).
const DUTCH_ROUNDS: usize = 1543;
const TEAM_ROUNDS: usize = 697;
