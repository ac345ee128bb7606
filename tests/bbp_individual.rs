//! An individual TRF export read by bbpPairings (v6.0.0, the FIDE-endorsed Dutch engine, built
//! from its public source outside the repository): the five sections of the
//! `cxa-amateur-king-2023` sample as `bianpai run` exports them (`out/<event-id>-<section>.trf`,
//! committed in `tests/reference/bbp_individual/`), cut after each round k = 1..6 (round blocks
//! of later rounds dropped, points fields recomputed), were paired by
//! `bbpPairings.exe --dutch FILE -p OUT`; its outputs are `<section>.bbp` (`round k+1` then
//! the pairing). bbpPairings read every file (it checks each points field against the rounds
//! under `162`, here 2/1/0 with the bye worth 2) and `trf pair --system dutch` gives the same
//! pairing, colours included, in all 30 rounds. The committed files were written again since
//! bbpPairings read them (the FIDE report's headers in Latin letters, sex and birth dates, CRLF,
//! a round not paired blank instead of `Z`): their rounds are unchanged.

mod util;

use std::path::PathBuf;

use bianpai::pairing::PairingSystem;
use bianpai::pairing::dutch::Dutch;
use bianpai::trf::{Line, Trf};

const SECTIONS: [&str; 5] = [
    "family",
    "junior-men",
    "junior-women",
    "open-men",
    "open-women",
];

/// The bbpPairings files of the individual sections, `tests/reference/bbp_individual/`.
fn bbp_reference() -> PathBuf {
    util::reference().join("bbp_individual")
}

fn export_name(section: &str) -> String {
    format!("cxa-amateur-king-2023-{section}.trf")
}

/// The file cut after `k` rounds, each points field the sum of the rounds kept.
fn cut(trf: &Trf, k: usize) -> Trf {
    let mut t = trf.clone();
    let table = t.game_scores();
    for l in &mut t.lines {
        if let Line::Player(p) = l {
            p.rounds.truncate(k);
            p.points = Some(p.score(&table));
            p.rank = None;
        }
    }
    t
}

/// bbpPairings' pairings of the section's cut reports, by round.
fn expected(section: &str) -> Vec<(usize, String)> {
    util::bbp::rounds(&bbp_reference().join(format!("{section}.bbp")))
}

#[test]
fn every_round_bbppairings_paired_from_the_export_is_ours() {
    let mut rounds = 0;
    for s in SECTIONS {
        let text = std::fs::read_to_string(bbp_reference().join(export_name(s))).unwrap();
        let trf = bianpai::trf::parse(&text).unwrap();
        let exp = expected(s);
        assert_eq!(exp.len(), 6, "{s}");
        for (round, want) in exp {
            let c = cut(&trf, round - 1);
            assert_eq!(
                bianpai::trf::check::check(&c),
                Ok(Vec::new()),
                "{s} {round}"
            );
            let got = Dutch
                .pair(&bianpai::trf::history(&c).unwrap())
                .unwrap()
                .to_bbp();
            assert_eq!(got, want, "{s} round {round}");
            rounds += 1;
        }
    }
    assert_eq!(rounds, 30);
}

#[test]
fn the_committed_exports_are_what_the_sample_run_writes() {
    let names: Vec<String> = SECTIONS.iter().map(|s| export_name(s)).collect();
    util::bbp::assert_run_writes("cxa-amateur-king-2023", &bbp_reference(), &names);
}

/// The open men's report as the run writes it (the committed copy is the run's, above): the
/// header records in Latin letters, one `001` line per entrant with sex and birth date from the
/// roster, a forfeit with its scheduled colours, CRLF line ends.
#[test]
fn the_open_men_report_has_the_fide_headers_and_001_lines() {
    let text = std::fs::read_to_string(bbp_reference().join(export_name("open-men"))).unwrap();
    let lines: Vec<&str> = text.split("\r\n").collect();
    assert_eq!(
        lines[..11],
        [
            "012 2023 Nian Quan Guo Ye Yu Qi Wang Sai Zong Jue Sai open-men",
            "022 He Nan Xing Yang",
            "032 CHN",
            "042 2023/12/23",
            "052 2023/12/24",
            "062 38",
            "072 0",
            "082 0",
            "092 Individual: Swiss-System",
            "142 7",
            "162  W 2.0    D 1.0    L 0.0",
        ]
    );
    for want in [
        "001    1 m    Peng, Xin                              CHN             1981/05/19  6.0   21     3 w 1    33 b 0    10 w 1    30 w 1    17 b 0    16 w 0    13 b 0",
        "001   19 m    Zhong, Yuyi                            CHN             1973/10/09 12.0         14 w 1    36 w +    15 b 1    25 b 1    37 w =    17 b 1    29 w =",
        "001   36 m    Cui, Fan                               CHN             1976/04/15  5.0   27    13 w 1    19 b -    30 b 0    16 w 0     7 b 1    18 w 0    34 b =",
    ] {
        assert!(lines.contains(&want), "{want}");
    }
    assert_eq!(lines.iter().filter(|l| l.starts_with("001 ")).count(), 38);
    assert_eq!(lines.last(), Some(&""), "the file ends with CRLF");
}
