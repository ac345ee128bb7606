//! Every reference `.trf` under `tests/reference/` reads without error and writes back byte
//! for byte; the parsed model is stable under a second read.

mod util;

use std::path::{Path, PathBuf};

use util::reference;

/// All `.trf` files below `dir`, sorted.
fn trf_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "trf") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// A reference file's text with LF line ends (the FIDE reports bianpai writes end in CRLF).
fn read_lf(path: &Path) -> String {
    std::fs::read_to_string(path)
        .expect("reference file is UTF-8")
        .replace("\r\n", "\n")
}

#[test]
fn every_reference_file_round_trips() {
    let files = trf_files(&reference());
    // 120 dutch + 3 dutch-edge + 30 individual + 7 team-rr + 5 team-swiss + 22 de-first, and
    // the 40 Gacrux team Swiss tournaments and 5 individual exports read by bbpPairings, and
    // the 3 inputs derived for the tie-breaks TieBreakServer checks (tiebreaks-fore/inputs),
    // and the 10 FIDE reports of the youth chess sample (bbp_youth), and the Baku-accelerated
    // report bbpPairings re-paired (bbp_baku), and the conformance sample (200 Dutch and 100
    // team tournaments with the reference programs' pairings, and the 2 [C6] team cases).
    assert_eq!(files.len(), 549, "reference corpus changed size");
    for path in &files {
        let text = read_lf(path);
        let trf = bianpai::trf::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let out = bianpai::trf::write(&trf);
        assert!(out == text, "{} does not round-trip", path.display());
        let again = bianpai::trf::parse(&out).expect("written text reads");
        assert_eq!(again, trf, "{}", path.display());
    }
}

#[test]
fn every_reference_file_round_trips_with_crlf() {
    for path in trf_files(&reference()) {
        let text = read_lf(&path);
        let crlf = text.replace('\n', "\r\n");
        let cr = text.replace('\n', "\r");
        let a = bianpai::trf::parse(&crlf).expect("CRLF reads");
        let b = bianpai::trf::parse(&cr).expect("CR reads");
        assert_eq!(bianpai::trf::write(&a), text, "{}", path.display());
        assert_eq!(bianpai::trf::write(&b), text, "{}", path.display());
    }
}

#[test]
fn player_scores_match_columns_81_84() {
    let mut checked = 0;
    for path in trf_files(&reference()) {
        let text = std::fs::read_to_string(&path).expect("reference file is UTF-8");
        let trf = bianpai::trf::parse(&text).expect("reads");
        let table = trf.game_scores();
        for p in trf.players() {
            assert_eq!(
                Some(p.score(&table)),
                p.points,
                "{} player {}",
                path.display(),
                p.start_no
            );
            checked += 1;
        }
    }
    assert!(checked > 7000, "{checked}");
}

#[test]
fn typed_views_of_reference_headers() {
    let dir = reference();
    let read = |rel: &str| {
        let text = std::fs::read_to_string(dir.join(rel)).expect("reference file");
        bianpai::trf::parse(&text).expect("reads")
    };
    let d = read("dutch/d-007p-05r-s88942.trf");
    assert_eq!(d.rounds_planned(), 5);
    assert_eq!(d.rounds_played(), 5);
    assert_eq!(d.players().count(), 7);
    assert_eq!(
        d.initial_colour(),
        Some(bianpai::model::Colour::Black),
        "XXC black1"
    );
    assert_eq!(d.tournament_type(), Some("FIDE_DUTCH_2025"));

    let t = read("tiebreaks/team-swiss/tsw-02-19t-5b-09r-std-2026.trf");
    assert_eq!(t.rounds_planned(), 9);
    assert_eq!(t.system_code(), Some("FIDE_TEAM_MP_GP"));
    assert_eq!(t.teams().len(), 19);
    assert_eq!(t.board_colours().len(), 5);
    let pabs = t.team_pabs().expect("320 record");
    assert_eq!(pabs.match_points, bianpai::model::Points::from_whole(1));
    assert_eq!(pabs.game_points, bianpai::model::Points::from_whole(5));
    assert_eq!(pabs.teams.len(), 9);
    assert_eq!(pabs.teams.first(), Some(&Some(19)));
    assert_eq!(
        t.start_date(),
        Some(jiff::civil::date(2026, 8, 14)),
        "042 2026/08/14"
    );
}

#[test]
fn canonical_layout_reads_back_to_the_same_model() {
    for path in trf_files(&reference()) {
        let text = std::fs::read_to_string(&path).expect("reference file is UTF-8");
        let trf = bianpai::trf::parse(&text).expect("reads");
        let canonical = bianpai::trf::write(&bianpai::trf::without_layout(&trf));
        let back =
            bianpai::trf::parse(&canonical).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(back, trf, "{}", path.display());
    }
}

/// The `001` lines of `tests/reference/dutch` cut to rounds 1..k-1 as that README describes,
/// built by editing the model and letting the writer patch the lines.
fn cut_players(trf: &bianpai::trf::Trf, k: usize) -> Vec<String> {
    use bianpai::trf::{Line, ResultCode};
    let table = trf.game_scores();
    let mut out = Vec::new();
    for line in &trf.lines {
        let Line::Player(p) = line else { continue };
        let mut p = p.clone();
        let marker = p.rounds.get(k - 1).copied().filter(|e| {
            e.opponent.is_none()
                && matches!(
                    e.result,
                    ResultCode::HalfBye | ResultCode::ZeroBye | ResultCode::FullBye
                )
        });
        p.rounds.truncate(k - 1);
        p.points = Some(p.score(&table));
        p.rank = None;
        p.rounds.extend(marker);
        let text = bianpai::trf::write(&bianpai::trf::Trf {
            lines: vec![Line::Player(p)],
        });
        out.push(text.trim_end_matches('\n').to_string());
    }
    out
}

#[test]
fn cut_lines_of_the_dutch_readme() {
    let text = std::fs::read_to_string(reference().join("dutch/d-014p-05r-s68382.trf"))
        .expect("reference file");
    let trf = bianpai::trf::parse(&text).expect("reads");
    let k1 = cut_players(&trf, 1);
    // The README's example for k = 1.
    assert_eq!(
        k1.get(5).map(String::as_str),
        Some(
            "001    6      Test0006 Player0006               2257                             0.0       0000 - H"
        )
    );
    // Players without a marker end with the score in columns 81-84.
    assert!(k1.iter().filter(|l| l.chars().count() == 84).count() >= 10);
    // k = 3: two blocks kept, scores recomputed, rank blank.
    let k3 = cut_players(&trf, 3);
    let first = k3.first().expect("player 1");
    let original = trf.player(1).expect("player 1");
    assert_eq!(
        first.get(..80),
        text.lines()
            .find(|l| l.starts_with("001    1"))
            .and_then(|l| l.get(..80))
    );
    assert_eq!(first.get(84..89), Some("     "));
    let reread = bianpai::trf::parse(first).expect("reads");
    let p = reread.player(1).expect("player 1");
    assert_eq!(
        p.rounds.as_slice(),
        original.rounds.get(..2).expect("two rounds")
    );
    let whole = bianpai::trf::parse(&k3.join("\n")).expect("reads");
    assert_eq!(whole.rounds_played(), 2);
    let whole = bianpai::trf::parse(&k1.join("\n")).expect("reads");
    assert_eq!(whole.rounds_played(), 0);
}
