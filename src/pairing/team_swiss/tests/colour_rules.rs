//! One test per art. 4.3 colour rule, two teams at a time.

use super::*;

/// Two teams to colour, with their histories (opponents are phantom teams 50+).
fn colour_of(
    a: Vec<Colour>,
    a_mp: i32,
    b: Vec<Colour>,
    b_mp: i32,
    kind: ColourPreferenceType,
) -> TeamPair2 {
    let hist = |cols: &[Colour], mp: i32, base: u16| -> Vec<MatchRecord> {
        let mut h: Vec<MatchRecord> = cols
            .iter()
            .enumerate()
            .map(|(i, &c)| played(base + i as u16, c, 2.0, 2.0))
            .collect();
        // Scores are set through the first record only: they decide the first team (4.2).
        if let Some(first) = h.first_mut() {
            first.match_points = Points::from_whole(mp);
        }
        h
    };
    let mut teams = vec![team(1, hist(&a, a_mp, 50)), team(2, hist(&b, b_mp, 70))];
    if a.is_empty() && a_mp > 0 {
        teams[0].history = vec![
            pab(),
            MatchRecord {
                kind: RecordKind::ForfeitWin,
                ..played(60, W, 4.0, 0.0)
            },
        ];
    }
    let opts = TeamSwissOptions {
        colour_preference: kind,
        total_rounds: Some(20),
        ..TeamSwissOptions::default()
    };
    let p = pair_teams(&teams, 5, &opts).unwrap();
    let x = p.pairs[0];
    TeamPair2 {
        white: x.white,
        first: x.first_team,
        rule: x.rule,
    }
}

#[derive(Debug, PartialEq)]
struct TeamPair2 {
    white: u16,
    first: u16,
    rule: ColourRule,
}

const A: ColourPreferenceType = ColourPreferenceType::A;

#[test]
fn rule_4_3_1_initial_colour_by_tpn_parity() {
    let teams = vec![team(3, vec![]), team(4, vec![])];
    let mut opts = TeamSwissOptions::default();
    let p = pair_teams(&teams, 1, &opts).unwrap();
    assert_eq!(
        (p.pairs[0].white, p.pairs[0].rule),
        (3, ColourRule::Initial)
    );
    opts.initial_colour = B;
    assert_eq!(pair_teams(&teams, 1, &opts).unwrap().pairs[0].white, 4);
    // First team 2 is even: it gets the opposite of the initial colour.
    let teams = vec![team(2, vec![]), team(5, vec![])];
    assert_eq!(
        pair_teams(&teams, 1, &TeamSwissOptions::default())
            .unwrap()
            .pairs[0]
            .white,
        5
    );
}

#[test]
fn rule_4_3_2_only_one_preference() {
    // Team 2 (first, more MP) has W,B: no preference; team 1 has B,B: White preference.
    let r = colour_of(vec![B, B], 0, vec![W, B], 3, A);
    assert_eq!(
        r,
        TeamPair2 {
            white: 1,
            first: 2,
            rule: ColourRule::OnlyPreference
        }
    );
}

#[test]
fn rule_4_3_3_opposite_preferences() {
    let r = colour_of(vec![B, B], 0, vec![W, W], 3, A);
    assert_eq!(
        r,
        TeamPair2 {
            white: 1,
            first: 2,
            rule: ColourRule::Opposite
        }
    );
}

#[test]
fn rule_4_3_4_only_one_strong_type_b() {
    // Team 1 (first): B -> CD -1, mild White. Team 2: B,B -> strong White. The strong one wins.
    let r = colour_of(vec![B], 3, vec![B, B], 0, ColourPreferenceType::B);
    assert_eq!(
        r,
        TeamPair2 {
            white: 2,
            first: 1,
            rule: ColourRule::OnlyStrong
        }
    );
    // Under Type A team 1 has no preference at all, so 4.3.2 decides the same way.
    let r = colour_of(vec![B], 3, vec![B, B], 0, A);
    assert_eq!(r.rule, ColourRule::OnlyPreference);
}

#[test]
fn rule_4_3_5_lower_difference_gets_white() {
    // Both prefer White (B,B and W,B,B): same preference; CD -2 vs -1: team 1 (lower) White.
    let r = colour_of(vec![B, B], 3, vec![W, B, B], 0, A);
    assert_eq!(
        r,
        TeamPair2 {
            white: 1,
            first: 1,
            rule: ColourRule::LowerDifference
        }
    );
}

#[test]
fn rule_4_3_6_alternate_from_last_difference() {
    // W,B,W,B vs B,W,W,B: equal CD 0, no preferences; from the end B=B, W=W, then B vs W: team 1
    // had Black there, so it gets White now. Team 2 is first, so this is not 4.3.8.
    let r = colour_of(vec![W, B, W, B], 0, vec![B, W, W, B], 3, A);
    assert_eq!(
        r,
        TeamPair2 {
            white: 1,
            first: 2,
            rule: ColourRule::LastDifference
        }
    );
}

#[test]
fn rule_4_3_7_first_team_preference() {
    // Identical histories B,B: same CD, no difference, both prefer White: the first team (2).
    let r = colour_of(vec![B, B], 0, vec![B, B], 3, A);
    assert_eq!(
        r,
        TeamPair2 {
            white: 2,
            first: 2,
            rule: ColourRule::FirstPreference
        }
    );
}

#[test]
fn rule_4_3_8_first_team_alternates() {
    let r = colour_of(vec![B], 0, vec![B], 3, A);
    assert_eq!(
        r,
        TeamPair2 {
            white: 2,
            first: 2,
            rule: ColourRule::FirstAlternates
        }
    );
}

#[test]
fn rule_4_3_9_other_team_alternates() {
    // Team 1 (first: PAB + forfeit win, 3 MP) never played: no colour; team 2 had W,B (CD 0, no
    // preference). 4.3.5 ties at 0; 4.3.6-4.3.8 find nothing; team 2 alternates its Black.
    let r = colour_of(vec![], 3, vec![W, B], 0, A);
    assert_eq!(
        r,
        TeamPair2 {
            white: 2,
            first: 1,
            rule: ColourRule::OtherAlternates
        }
    );
}
