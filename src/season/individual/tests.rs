use super::*;
use crate::pairing::xiangqi_swiss::{XiangqiSwissOptions, XqPlayer, XqRoundKind, read_history};

/// The players the xiangqi engine reads off the section's history.
fn players(h: &History) -> Vec<XqPlayer> {
    read_history(h, &XiangqiSwissOptions::default()).0
}

#[test]
fn template_codes_map_to_the_cxa_chains() {
    let order: Vec<String> = ["PTS", "BH", "WIN", "BWG", "BPG", "DROP-LAST"]
        .map(String::from)
        .to_vec();
    assert_eq!(
        chain_of(&order, ByeOpponent::LowestScore),
        Some(cxa::opponent_score_chain(ByeOpponent::LowestScore))
    );
    let prog: Vec<String> = ["PTS", "PS", "WIN", "BWG", "BPG", "DROP-FIRST"]
        .map(String::from)
        .to_vec();
    assert_eq!(
        chain_of(&prog, ByeOpponent::Zero),
        Some(cxa::progressive_chain())
    );
    assert_eq!(chain_of(&["XYZ".to_string()], ByeOpponent::Zero), None);
}

#[test]
fn histories_give_sides_forfeits_and_the_bye() {
    let e = |n: &str, u: &str| Entrant {
        name: n.into(),
        unit: u.into(),
        rating: 0,
        members: Vec::new(),
        fide_name: String::new(),
        in_question: false,
    };
    let entrants = [e("甲", "A"), e("乙", "B"), e("丙", "A")];
    let rounds = [
        XqRoundData {
            games: vec![(0, 1, Some(GameResult::Win))],
            bye: Some(2),
            withdrawn: vec![],
            requested: vec![],
        },
        XqRoundData {
            games: vec![(2, 0, Some(GameResult::ForfeitWin))],
            bye: Some(1),
            withdrawn: vec![],
            requested: vec![],
        },
    ];
    let two = Points::from_whole(2);
    let h = players(&history(
        &entrants,
        &rounds,
        (two, Points::from_whole(1), two),
        |_| false,
    ));
    assert_eq!(h[0].history[0].side, Some(Colour::White));
    assert_eq!(h[0].history[0].points, two);
    assert_eq!(h[1].history[0].side, Some(Colour::Black));
    assert_eq!(h[1].history[0].points, Points::ZERO);
    assert_eq!(h[2].history[0].kind, XqRoundKind::Bye);
    assert_eq!(h[2].history[1].kind, XqRoundKind::ForfeitWin);
    // The forfeit keeps its scheduled side (a TRF writes it); the engine counts played games'.
    assert_eq!(h[2].history[1].side, Some(Colour::White));
    assert_eq!(h[0].history[1].kind, XqRoundKind::ForfeitLoss);
    assert_eq!(h[1].history[1].kind, XqRoundKind::Bye);
    // Pairing numbers, units and points as the engine reads them off the history.
    assert_eq!(h.iter().map(|p| p.id).collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!(
        h.iter().map(|p| p.unit.as_str()).collect::<Vec<_>>(),
        ["A", "B", "A"]
    );
    assert_eq!(h[0].history[1].opponent, Some(3));
    assert_eq!(h[0].history[1].points, Points::ZERO);
    assert_eq!(h[2].history[1].points, two);
    assert_eq!(h[1].history[1].points, two);
    assert!(h.iter().all(|p| p.available));
    // A disqualified entrant is left out of the next round, its rounds kept.
    let out = players(&history(
        &entrants,
        &rounds,
        (two, Points::from_whole(1), two),
        |i| i == 1,
    ));
    assert_eq!(
        out.iter().map(|p| p.available).collect::<Vec<_>>(),
        [true, false, true]
    );
    assert_eq!(out[1].history, h[1].history);
}

#[test]
fn a_player_marked_withdrawn_is_not_available_but_keeps_the_history() {
    let e = |n: &str| Entrant {
        name: n.into(),
        unit: String::new(),
        rating: 0,
        members: Vec::new(),
        fide_name: String::new(),
        in_question: false,
    };
    let entrants = [e("甲"), e("乙"), e("丙"), e("丁")];
    let rounds = [XqRoundData {
        games: vec![
            (0, 1, Some(GameResult::Draw)),
            (2, 3, Some(GameResult::ForfeitWin)),
        ],
        bye: None,
        withdrawn: vec![3],
        requested: vec![],
    }];
    let one = Points::from_whole(1);
    let h = players(&history(
        &entrants,
        &rounds,
        (Points::from_whole(2), one, one),
        |_| false,
    ));
    let avail: Vec<bool> = h.iter().map(|p| p.available).collect();
    assert_eq!(avail, [true, true, true, false]);
    assert_eq!(h[3].history[0].kind, XqRoundKind::ForfeitLoss);
    // The three left: one of them gets the bye, 甲 and 乙 do not meet again.
    let p = crate::pairing::xiangqi_swiss::pair_players(&h, 2, &XiangqiSwissOptions::default())
        .unwrap();
    assert_eq!(p.pairs.len(), 1);
    assert!(p.bye.is_some() && p.bye != Some(4));
    assert!(!p.pairs.contains(&(1, 2)) && !p.pairs.contains(&(2, 1)));
    assert!(p.pairs.iter().all(|&(r, b)| r != 4 && b != 4));
}
