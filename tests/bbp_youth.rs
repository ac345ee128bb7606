//! The `youth-chess-2026` sample (ten sections, FIDE Dutch, 7 rounds) re-paired round by round
//! from the FIDE reports `bianpai run` writes (`out/ah-youth-chess-2026-<section>.trf`,
//! committed in `tests/reference/bbp_youth/`), by bianpai's Dutch engine and by bbpPairings
//! v6.0.0 (the FIDE-endorsed Dutch engine, built from its public source outside the
//! repository).
//!
//! Each report is cut before round k (k = 1..=7): the round blocks of rounds k and later
//! dropped, except a round-k block that is no game (a requested `H`/`Z` bye, a round not paired
//! after a withdrawal, a late entry's missed round), which is what the run knew before it
//! paired round k and what its own TRF of that moment entered ahead; the points field is the
//! sum of the blocks kept (a requested `H` counted, as `trf check` wants it). The cut files were written with `BIANPAI_WRITE_CUTS=<dir> cargo
//! test --test bbp_youth` (their `192` written `FIDE_DUTCH`: bbpPairings v6 refuses the
//! `FIDE_DUTCH_2026` of the report, which TieBreakServer reads; both read `FIDE_DUTCH`; and
//! bbpPairings' `XXC white1` added, the run's colour for the first player in round 1) and
//! paired with `bbpPairings.exe --dutch <file> -p <out>`; its outputs are `<section>.bbp`
//! (`round k` then the pairing), committed.
//!
//! Three things are checked for all 70 rounds: bbpPairings' pairing equals bianpai's Dutch
//! engine on the same file (colours included), and equals the pairing the run made and the
//! sample's round workbooks hold (the games of round k in the final report).

mod util;

use std::path::PathBuf;

use bianpai::pairing::PairingSystem;
use bianpai::pairing::dutch::Dutch;
use bianpai::trf::Line;
use util::trf_cut::{cut, played};

use util::YOUTH_SECTIONS as SECTIONS;

fn reference() -> PathBuf {
    util::reference().join("bbp_youth")
}

fn export_name(section: &str) -> String {
    format!("ah-youth-chess-2026-{section}.trf")
}

/// bbpPairings' pairings of the section's cut reports, by round.
fn expected(section: &str) -> Vec<(usize, String)> {
    util::bbp::rounds(&reference().join(format!("{section}.bbp")))
}

fn sorted_pairs(bbp: &str) -> Vec<String> {
    let mut v: Vec<String> = bbp.lines().skip(1).map(str::to_string).collect();
    v.sort();
    v
}

#[test]
fn every_round_of_the_youth_sample_is_bbppairings_and_the_runs() {
    let write = std::env::var_os("BIANPAI_WRITE_CUTS").map(PathBuf::from);
    let mut rounds = 0;
    for s in SECTIONS {
        let text = std::fs::read_to_string(reference().join(export_name(s))).unwrap();
        let trf = bianpai::trf::parse(&text).unwrap();
        if let Some(dir) = &write {
            for k in 1..=7 {
                let name = dir.join(format!("{s}-r{k}.trf"));
                // bbpPairings v6 knows the 2026 Dutch rules as `FIDE_DUTCH_2025` or
                // `FIDE_DUTCH`; TieBreakServer as `FIDE_DUTCH_2026` or `FIDE_DUTCH`.
                // Its `XXC white1`: the first player White in round 1, as the run draws.
                let text = bianpai::trf::write(&cut(&trf, k))
                    .replace("192 FIDE_DUTCH_2026", "192 FIDE_DUTCH")
                    + "XXC white1\n";
                std::fs::write(name, text).unwrap();
            }
            continue;
        }
        let exp = expected(s);
        assert_eq!(
            exp.iter().map(|e| e.0).collect::<Vec<_>>(),
            (1..=7).collect::<Vec<_>>(),
            "{s}"
        );
        for (k, want) in exp {
            let c = cut(&trf, k);
            assert_eq!(bianpai::trf::check::check(&c), Ok(Vec::new()), "{s} {k}");
            let got = Dutch
                .pair(&bianpai::trf::history(&c).unwrap())
                .unwrap()
                .to_bbp();
            assert_eq!(
                got, want,
                "{s} round {k}: bianpai's Dutch against bbpPairings"
            );
            assert_eq!(
                sorted_pairs(&want),
                played(&trf, k),
                "{s} round {k}: bbpPairings against the run's pairing"
            );
            rounds += 1;
        }
    }
    assert!(write.is_some() || rounds == 70, "{rounds}");
}

#[test]
fn the_committed_reports_are_what_the_sample_run_writes() {
    let names: Vec<String> = SECTIONS.iter().map(|s| export_name(s)).collect();
    util::bbp::assert_run_writes("youth-chess-2026", &reference(), &names);
}

/// TieBreakServer's checker reads every section's report without an error, computes the
/// section's `212` order (`PTS BH/C1 BH DE WIN`) and ranks every player as the run did (the
/// rank on his `001` line, which is the standings workbook's place).
#[test]
fn tiebreakserver_ranks_every_section_as_the_run() {
    let mut players = 0;
    for s in SECTIONS {
        let path = reference().join(export_name(s));
        let Some(answer) = util::gacrux::tiebreakchecker(&path) else {
            return;
        };
        assert_eq!(answer["status"]["code"], 0, "{s}: {:#}", answer["status"]);
        assert_eq!(answer["status"]["error"], serde_json::json!([]), "{s}");
        let names = answer["tiebreakResult"]["tiebreaks"].as_array().unwrap();
        assert_eq!(names.len(), 5, "{s}: {names:?}");
        let mut theirs: Vec<(u64, u64)> = answer["tiebreakResult"]["competitors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c["cid"].as_u64().unwrap(), c["rank"].as_u64().unwrap()))
            .collect();
        theirs.sort_unstable();
        let text = std::fs::read_to_string(&path).unwrap();
        let trf = bianpai::trf::parse(&text).unwrap();
        let ours: Vec<(u64, u64)> = trf
            .lines
            .iter()
            .filter_map(|l| match l {
                Line::Player(p) => Some((u64::from(p.start_no), u64::from(p.rank?))),
                _ => None,
            })
            .collect();
        assert_eq!(theirs, ours, "{s}");
        players += ours.len();
    }
    // 269 players on the forms; 熊杰涛, entered by his school and his club, plays once.
    assert_eq!(players, 268);
}
