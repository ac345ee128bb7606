//! The TRF adapter: the reference team Swiss files and a hand-written file with a forfeit and a
//! PAB.

use super::*;
use crate::pairing::PairingSystem;

/// `tests/reference/tiebreaks/team-swiss/`, checked in with the crate.
fn tsw_dir() -> std::path::PathBuf {
    std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/reference/tiebreaks/team-swiss"
    ))
}

fn load(name: &str) -> crate::trf::Trf {
    let text = std::fs::read_to_string(tsw_dir().join(name)).unwrap();
    crate::trf::parse(&text).unwrap()
}

const FILES: [&str; 5] = [
    "tsw-01-16t-5b-09r-std-2026.trf",
    "tsw-02-19t-5b-09r-std-2026.trf",
    "tsw-03-21t-5b-09r-std-2026.trf",
    "tsw-04-24t-5b-09r-std-2025.trf",
    "tsw-05-17t-5b-09r-xq-2026.trf",
];

#[test]
fn adapter_reproduces_the_310_match_and_game_points() {
    // TieBreakServer checked every 310 MP/GP total (README): the histories must sum to them.
    for f in FILES {
        let trf = load(f);
        let read = read_history(
            &crate::trf::history(&trf).unwrap(),
            &TeamSwissOptions::default(),
        )
        .unwrap();
        assert_eq!(read.next_round, 10, "{f}");
        assert_eq!(read.boards, 5);
        for rec in trf.teams() {
            let t = read.teams.iter().find(|t| t.tpn == rec.number).unwrap();
            let mp: Points = t.history.iter().map(|h| h.match_points).sum();
            let gp: Points = t.history.iter().map(|h| h.game_points).sum();
            assert_eq!(Some(mp), rec.match_points, "{f} team {}", rec.number);
            assert_eq!(Some(gp), rec.game_points, "{f} team {}", rec.number);
        }
    }
}

/// The file cut after `rounds` rounds: round blocks, `320` and `330` beyond it dropped.
fn cut(trf: &crate::trf::Trf, rounds: usize) -> crate::trf::Trf {
    use crate::trf::Line;
    let mut t = trf.clone();
    t.lines.retain_mut(|l| match l {
        Line::Player(p) => {
            p.rounds.truncate(rounds);
            true
        }
        Line::Other { code, raw } if code == "330" => raw
            .split_whitespace()
            .nth(2)
            .and_then(|r| r.parse::<usize>().ok())
            .is_some_and(|r| r <= rounds),
        _ => true,
    });
    t
}

#[test]
fn every_round_of_the_reference_files_pairs_legally() {
    for f in FILES {
        let trf = load(f);
        let n = trf.teams().len();
        for r in 0..9 {
            let c = cut(&trf, r);
            let read = read_history(
                &crate::trf::history(&c).unwrap(),
                &TeamSwissOptions::default(),
            )
            .unwrap();
            assert_eq!(read.next_round as usize, r + 1);
            let p = pair_teams(&read.teams, read.next_round, &read.options).unwrap();
            check_round(&read.teams, &p, n);
        }
    }
}

/// One `001` line: start number, then round blocks `(opponent, colour, result)`.
fn line001(no: u16, rounds: &[(u16, char, char)]) -> String {
    let mut s = format!(
        "001 {no:>4} m    {:<33} {:>4} CHN {:>11} {:<10} {:>4} {:>4}",
        format!("Player, No{no}"),
        2000,
        8_000_000 + u32::from(no),
        "1990/01/01",
        "0.0",
        no
    );
    for &(o, c, r) in rounds {
        let opp = if o == 0 {
            "0000".to_string()
        } else {
            format!("{o:>4}")
        };
        s.push_str(&format!("  {opp} {c} {r}"));
    }
    s
}

#[test]
fn trf_file_with_a_forfeit_and_a_pab_pairs_round_two() {
    // Five teams of two boards (team t = players 2t-1, 2t), 352 WB. Round 1: PAB to 5 (320,
    // worth 1 MP and 1 GP), 1 beat 3 1.5-0.5 over the board, team 2 did not show against 4
    // (every board +/- and 330 +-).
    let mut lines = vec![
        "012 Five teams".to_string(),
        "142 5".to_string(),
        "192 FIDE_TEAM_TYPEA_MP_GP".to_string(),
        "352 WB".to_string(),
        "362  W 2.0    D 1.0    L 0.0".to_string(),
    ];
    lines.push(line001(1, &[(5, 'w', '1')]));
    lines.push(line001(2, &[(6, 'b', '=')]));
    lines.push(line001(3, &[(7, 'b', '-')]));
    lines.push(line001(4, &[(8, 'w', '-')]));
    lines.push(line001(5, &[(1, 'b', '0')]));
    lines.push(line001(6, &[(2, 'w', '=')]));
    lines.push(line001(7, &[(3, 'w', '+')]));
    lines.push(line001(8, &[(4, 'b', '+')]));
    lines.push(line001(9, &[(0, '-', 'U')]));
    lines.push(line001(10, &[(0, '-', 'U')]));
    for t in 1..=5u16 {
        lines.push(format!(
            "310 {t:>3} {:<32} {:<5} {:>6} {:>6} {:>6} {:>3}  {:>4} {:>4}",
            format!("Team {t}"),
            "",
            "2000",
            "",
            "",
            "",
            2 * t - 1,
            2 * t
        ));
    }
    lines.push("330 +-   1   4   2".to_string());
    lines.push("320    1.0    1.0   5".to_string());
    let text = lines.join("\n") + "\n";
    let trf = crate::trf::parse(&text).unwrap();
    let read = read_history(
        &crate::trf::history(&trf).unwrap(),
        &TeamSwissOptions::default(),
    )
    .unwrap();
    let t = |n: u16| read.teams.iter().find(|t| t.tpn == n).unwrap().history[0];
    assert_eq!(
        (t(1).kind, t(1).colour, t(1).match_points),
        (RecordKind::Played, Some(W), pts(2.0))
    );
    assert_eq!((t(3).colour, t(3).game_points), (Some(B), pts(0.5)));
    assert_eq!(
        (t(4).kind, t(4).match_points),
        (RecordKind::ForfeitWin, pts(2.0))
    );
    assert_eq!(t(2).kind, RecordKind::ForfeitLoss);
    assert_eq!(
        (t(5).kind, t(5).match_points, t(5).game_points),
        (RecordKind::Pab, pts(1.0), pts(1.0))
    );
    // Round 2. PAB: 4 (forfeit win) and 5 (PAB) are barred; lowest {2, 3}; 3 played one match,
    // 2 none (the forfeit does not count): 3. Top {1, 4}: 1-4, 4 first on GP (2.0 > 1.5), CD
    // 0 < +1: 4 White. {5, 2}: neither has played: 4.3.1, first team 5 odd -> White.
    let p = crate::pairing::team_swiss::TeamSwiss::default()
        .pair(&crate::trf::history(&trf).unwrap())
        .unwrap();
    assert_eq!(p.to_bbp(), "3\n4 1\n5 2\n3 0\n");
}
