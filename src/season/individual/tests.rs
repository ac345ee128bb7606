use super::*;

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
    };
    let entrants = [e("甲", "A"), e("乙", "B"), e("丙", "A")];
    let rounds = [
        XqRoundData {
            games: vec![(0, 1, Some(GameResult::Win))],
            bye: Some(2),
        },
        XqRoundData {
            games: vec![(2, 0, Some(GameResult::ForfeitWin))],
            bye: Some(1),
        },
    ];
    let two = Points::from_whole(2);
    let h = histories(&entrants, &rounds, two, Points::from_whole(1), two);
    assert_eq!(h[0].history[0].side, Some(Colour::White));
    assert_eq!(h[0].history[0].points, two);
    assert_eq!(h[1].history[0].side, Some(Colour::Black));
    assert_eq!(h[1].history[0].points, Points::ZERO);
    assert_eq!(h[2].history[0].kind, XqRoundKind::Bye);
    assert_eq!(h[2].history[1].kind, XqRoundKind::ForfeitWin);
    assert_eq!(h[2].history[1].side, None);
    assert_eq!(h[0].history[1].kind, XqRoundKind::ForfeitLoss);
    assert_eq!(h[1].history[1].kind, XqRoundKind::Bye);
}
