//! The shortcut's paths for a bracket above the PAB's score group and for a bracket whose
//! greedy would leave over an earlier downfloater, on small fields whose expected pairings
//! were taken from bbpPairings v6 (`--dutch FILE -p`), and on tournaments played by the
//! engine, paired with and without the shortcut.

use super::engine::PATHS;
use super::sim;
use super::state::DutchTournament;
use super::tests::{pair_comparing_shortcut, play_comparing_shortcut};
use crate::model::Colour::{Black, White};

/// The TRF of round 2 of `benches/make_swiss_trf.py N 1`'s field: per player in start order,
/// the round-1 opponent (0: the PAB), colour and result.
fn round_two(games: &[(u16, char, char)]) -> String {
    let n = games.len();
    let mut out =
        format!("012 Generated open, {n} players (fictional), seed 20260201\nXXR 9\nXXC white1\n");
    for (i, &(opp, c, r)) in games.iter().enumerate() {
        let no = i + 1;
        let rating = 2600 - i * 1600 / n;
        let pts = match r {
            '1' | 'U' => "1.0",
            '=' => "0.5",
            _ => "0.0",
        };
        let line = format!(
            "001 {no:4}      {:<33} {rating:4}",
            format!("Player{no:04}, Test")
        );
        out += &format!("{line:<80}{pts:>4}{:5}  {opp:04} {c} {r}\n", "");
    }
    out
}

/// Pairs the next round of the TRF `text` with and without the shortcut (they must agree) and
/// returns it in bbp's `-p` format, with the new paths' counts.
fn pair_trf(text: &str) -> (String, (usize, usize)) {
    let trf = crate::trf::parse(text).unwrap();
    let h = crate::trf::history(&trf).unwrap();
    let t = DutchTournament::from_history(&h).unwrap();
    PATHS.with(|c| c.set((0, 0)));
    let (p, _) = pair_comparing_shortcut(&t);
    (p.unwrap().to_bbp(), PATHS.with(|c| c.get()))
}

#[test]
fn a_bracket_just_above_the_pab_score_group_goes_through_the_shortcut() {
    // Round 2 of 13 players: 1.0 = {1, 3, 7, 13}, 0.5 = {5, 6, 9, 10, 11, 12}, 0 = {2, 4, 8};
    // the PAB goes to a 0-point player, so it is near the 0.5 bracket, which no bracket player
    // can take. S1 {5, 6, 9} against S2 {10, 11, 12}: each gets the colour it wants (5, 9 and
    // 11 played White), so 10-5, 6-11, 12-9. The top: 1 and 7 both want Black (bound: one
    // pair breaks C12), 1-7 spends it, 3 meets 13 (no preference). The last: 2, 4 and 8 all
    // want White; 2-4 and the PAB to 8 (the lowest). As bbpPairings.
    let (got, paths) = pair_trf(&round_two(&[
        (2, 'w', '1'),
        (1, 'b', '0'),
        (4, 'w', '1'),
        (3, 'b', '0'),
        (6, 'w', '='),
        (5, 'b', '='),
        (8, 'w', '1'),
        (7, 'b', '0'),
        (10, 'w', '='),
        (9, 'b', '='),
        (12, 'w', '='),
        (11, 'b', '='),
        (0, '-', 'U'),
    ]));
    assert_eq!(got, "7\n7 1\n13 3\n10 5\n6 11\n12 9\n2 4\n8 0\n");
    assert_eq!(paths.0, 1, "the 0.5 bracket, by the shortcut");
}

#[test]
fn the_shortcut_leaves_over_no_earlier_downfloater() {
    // Round 2 of 15 players. Top bracket {1, 6, 8, 11, 15}: S1 {1, 6}, S2 {8, 11, 15}; 15 had
    // the PAB (an earlier downfloater, no colour preference). 1 (wants Black) meets 8 (wants
    // White). 6 (wants White) could meet 11 (wants Black), but that would leave 15 over to
    // float down again (C14), so 6 meets 15 and 11 floats down. The 0.5 bracket (the PAB near,
    // on the 0-point group below): MDP 11 meets 4, the first resident wanting White; S1 {3, 9}
    // against S2 {10, 13, 14}: 10-3, 14-9 (9 and 13 both want Black), 13 floats down. Last:
    // 13 meets 2, 12-5, the PAB to 7. As bbpPairings.
    let (got, paths) = pair_trf(&round_two(&[
        (2, 'w', '1'),
        (1, 'b', '0'),
        (4, 'w', '='),
        (3, 'b', '='),
        (6, 'w', '0'),
        (5, 'b', '1'),
        (8, 'w', '0'),
        (7, 'b', '1'),
        (10, 'w', '='),
        (9, 'b', '='),
        (12, 'w', '1'),
        (11, 'b', '0'),
        (14, 'w', '='),
        (13, 'b', '='),
        (0, '-', 'U'),
    ]));
    assert_eq!(got, "8\n8 1\n6 15\n4 11\n10 3\n14 9\n2 13\n12 5\n7 0\n");
    assert_eq!(paths, (1, 1), "both brackets by the new paths");
}

#[test]
fn odd_fields_pair_alike_with_and_without_the_shortcut() {
    // Greedily played fields, odd sizes (the PAB), rounds 2-4, and tournaments played by the
    // engine itself: each round paired with and without the shortcut, and the new paths
    // taken (not vacuous).
    PATHS.with(|c| c.set((0, 0)));
    for (i, n) in [9u16, 13, 21, 35, 51, 77, 101, 151, 201]
        .into_iter()
        .enumerate()
    {
        for rounds in 1..=3 {
            let _ = pair_comparing_shortcut(&sim::greedy_field(n, rounds, 40 + i as u64));
        }
    }
    for case in 0..12u64 {
        let mut rng = sim::Rng::new(48_000 + case);
        let n = 2 * (4 + rng.below(60) as u16) + 1;
        let first = if case % 2 == 0 { White } else { Black };
        let mut t = sim::new_tournament(n, 5, first);
        play_comparing_shortcut(&mut t, &mut rng, 0);
    }
    let paths = PATHS.with(|c| c.get());
    assert!(paths.0 > 10 && paths.1 > 10, "{paths:?}");
}
