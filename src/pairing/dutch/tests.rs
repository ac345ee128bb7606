//! One test per criterion of the weight layout, on small hand-made histories, plus colour
//! allocation and state derivation.

use super::colour::allocate;
use super::engine::SHORTCUT;
use super::graph::BRACKET_MODE;
use super::state::{DutchTournament, Field, Float, Player, PointValues, Round, RoundOutcome};
use super::weights::{ByeInfo, Layout, edge_weight, next_bracket_part};
use super::{pair_tournament, sim};
use crate::model::Colour::{self, Black, White};
use crate::pairing::matching::{Weight, Wide};
use crate::pairing::{Error, Pairing};

type W = Wide<4>;

/// A played game against `opp` (dense index) with colour `c` and outcome `o`.
fn game(opp: usize, c: Colour, o: RoundOutcome) -> Round {
    Round {
        opponent: Some(opp),
        colour: Some(c),
        outcome: o,
        played: true,
        participated: true,
    }
}

fn pab() -> Round {
    Round {
        outcome: RoundOutcome::Win,
        participated: true,
        ..Round::ABSENT
    }
}

fn tournament(rounds: Vec<Vec<Round>>, total: usize) -> DutchTournament {
    let played = rounds.iter().map(Vec::len).max().unwrap_or(0);
    DutchTournament {
        players: rounds
            .into_iter()
            .enumerate()
            .map(|(i, r)| Player {
                start_no: i as u16 + 1,
                rounds: r,
            })
            .collect(),
        played_rounds: played,
        total_rounds: total,
        points: PointValues::default(),
        initial_colour: White,
        bonus: Vec::new(),
        acceleration: Vec::new(),
        prohibited: Vec::new(),
    }
}

/// The base weight of `a` (higher) against `b` (lower), both in the current bracket.
fn weight(t: &DutchTournament, a: usize, b: usize) -> W {
    let f = Field::new(t);
    let all: Vec<usize> = (0..t.players.len()).collect();
    let lay = Layout::new(t, &f, &all);
    edge_weight(
        &lay,
        &f,
        &f.states[a],
        &f.states[b],
        true,
        false,
        &ByeInfo::default(),
    )
}

use RoundOutcome::{Draw as D, Loss as L, Win as Wn};

#[test]
fn c1_no_rematch_of_a_played_game_but_a_forfeit_may_be_replayed() {
    let mut forfeit = game(3, Black, L);
    forfeit.played = false;
    let mut forfeit_win = game(2, White, Wn);
    forfeit_win.played = false;
    let t = tournament(
        vec![
            vec![game(1, White, D)],
            vec![game(0, Black, D)],
            vec![forfeit],
            vec![forfeit_win],
        ],
        5,
    );
    assert!(weight(&t, 0, 1).is_zero());
    assert!(!weight(&t, 2, 3).is_zero());
}

#[test]
fn c3_same_absolute_preference_only_for_topscorers_in_the_last_round() {
    // Players 0 and 1 had White twice: both need Black.
    let hist =
        |opp: [usize; 2], o: RoundOutcome| vec![game(opp[0], White, o), game(opp[1], White, o)];
    let rounds = vec![
        hist([2, 3], Wn),
        hist([3, 2], L),
        vec![game(0, Black, L), game(1, Black, Wn)],
        vec![game(1, Black, Wn), game(0, Black, L)],
    ];
    let t = tournament(rounds.clone(), 5);
    assert!(weight(&t, 0, 1).is_zero());
    // Round 3 of 3: player 0 (2 points of 2) is a topscorer, so they may meet.
    let last = tournament(rounds, 3);
    assert!(!weight(&last, 0, 1).is_zero());
}

#[test]
fn c5_pairs_of_players_who_cannot_take_the_bye_weigh_more() {
    let t = tournament(
        vec![
            vec![pab()],
            vec![game(2, White, L)],
            vec![game(1, Black, Wn)],
            vec![pab()],
        ],
        5,
    );
    // 0 and 3 had the PAB: pairing them with each other leaves an eligible player for it.
    assert!(weight(&t, 0, 3) > weight(&t, 1, 2));
}

#[test]
fn c12_c13_granted_colour_preferences_weigh_more() {
    let t = tournament(
        vec![
            vec![game(4, White, D)],
            vec![game(5, Black, D)],
            vec![game(6, White, D)],
            vec![],
            vec![game(0, Black, D)],
            vec![game(1, White, D)],
            vec![game(2, Black, D)],
        ],
        5,
    );
    // 0 and 2 both want Black (mild); 0 and 1 want different colours.
    assert!(weight(&t, 0, 1) > weight(&t, 0, 2));
}

#[test]
fn c14_to_c21_floats_of_the_last_two_rounds() {
    // Round 1: 0 beat 2; 1 drew 3. Round 2: 1 (½) met 0 (1) and upfloated; 2 (0) met 3 (½).
    let t = tournament(
        vec![
            vec![game(2, White, Wn), game(1, Black, D)],
            vec![game(3, Black, D), game(0, White, D)],
            vec![game(0, Black, L), game(3, White, Wn)],
            vec![game(1, White, D), game(2, Black, L)],
        ],
        5,
    );
    let f = Field::new(&t);
    assert_eq!(f.states[1].float[1], Float::Up);
    assert_eq!(f.states[0].float[1], Float::Down);
    assert_eq!(f.states[3].float[1], Float::Down);
    assert_eq!(f.states[2].float[1], Float::Up);
    // Two rounds back the field was level: nobody floated.
    assert!(f.states.iter().all(|s| s.float[2] == Float::None));
}

#[test]
fn an_edge_into_the_next_bracket_weighs_its_top_field_and_c8_only() {
    // After two rounds: 0 has 2 points, 1 has 1½, 3 has ½ and 2 has 0.
    // Floats, colours and scores differ, yet an edge into the next bracket carries none of
    // C10-C21: the bracket graph of `graph.rs` relies on that. (0-1 and 3-2 have not met.)
    let t = tournament(
        vec![
            vec![game(2, White, Wn), game(3, Black, Wn)],
            vec![game(3, Black, D), game(2, White, Wn)],
            vec![game(0, Black, L), game(1, Black, L)],
            vec![game(1, White, D), game(0, White, L)],
        ],
        5,
    );
    let f = Field::new(&t);
    let sorted = [0, 1, 3, 2]; // by score
    let lay = Layout::new(&t, &f, &sorted);
    let bye = ByeInfo::default();
    let w = |a: usize, b: usize, next: bool| -> W {
        edge_weight(&lay, &f, &f.states[a], &f.states[b], false, next, &bye)
    };
    for (a, b) in [(0, 1), (3, 2)] {
        let part = next_bracket_part::<4>(&lay, f.states[a].score);
        assert_eq!(w(a, b, true), w(a, b, false).wrapping_add(part), "{a}-{b}");
        // C8 sits far above the ordering bits: half of it is exact.
        assert!(!part.is_zero() && part.half().double() == part);
    }
    // The higher player's score decides: the bracket graph's γ grows with it.
    let c8 = |v: usize| next_bracket_part::<4>(&lay, f.states[v].score);
    assert!(c8(0) > c8(1) && c8(1) > c8(3) && c8(3) > c8(2));
}

#[test]
fn byes_and_half_point_byes_are_downfloats_zero_point_absences_are_not() {
    let half = Round {
        outcome: D,
        ..Round::ABSENT
    };
    let t = tournament(
        vec![
            vec![pab()],
            vec![half],
            vec![Round::ABSENT],
            vec![game(4, White, Wn)],
            vec![game(3, Black, L)],
        ],
        5,
    );
    let f = Field::new(&t);
    assert_eq!(f.states[0].float[1], Float::Down);
    assert_eq!(f.states[1].float[1], Float::Down);
    assert_eq!(f.states[2].float[1], Float::None);
    assert!(!f.states[0].bye_eligible);
    assert!(f.states[1].bye_eligible);
}

#[test]
fn colour_preferences_follow_ghr_3_4() {
    let mut unplayed = game(2, White, Wn);
    unplayed.played = false;
    // B W (forfeit, ignored) W: compressed to B W, so a mild preference for Black.
    let t = tournament(
        vec![
            vec![game(1, Black, D), unplayed, game(3, White, D)],
            vec![game(0, White, D), game(3, White, D), game(2, White, D)],
            vec![],
            vec![],
        ],
        5,
    );
    let f = Field::new(&t);
    let a = f.states[0];
    assert_eq!(
        (a.pref, a.imbalance, a.strong, a.absolute()),
        (Some(Black), 0, false, false)
    );
    let b = f.states[1];
    assert_eq!(
        (b.pref, b.imbalance, b.repeated),
        (Some(Black), 3, Some(White))
    );
    assert!(b.absolute());
}

#[test]
fn colour_allocation_5_2() {
    let hist = vec![
        vec![game(1, White, D)],
        vec![game(0, Black, D)],
        vec![game(3, White, D)],
        vec![game(2, Black, D)],
    ];
    let t = tournament(hist, 5);
    let f = Field::new(&t);
    let h = |i: usize| t.players[i].rounds.as_slice();
    let s = &f.states;
    // 5.2.1: both preferences granted (0 wants Black, 3 wants White).
    assert_eq!(allocate(&s[0], h(0), &s[3], h(3), White), Black);
    // 5.2.3: 0 and 2 both want Black; alternate from the last round they differed: none, so
    // 5.2.4: the higher-ranked (0) gets the preference.
    assert_eq!(allocate(&s[0], h(0), &s[2], h(2), White), Black);
    // Round 1 (no history): 5.2.5, rank 0 takes the initial colour.
    let fresh = tournament(vec![vec![], vec![]], 5);
    let g = Field::new(&fresh);
    assert_eq!(allocate(&g.states[0], &[], &g.states[1], &[], Black), Black);
    assert_eq!(allocate(&g.states[1], &[], &g.states[0], &[], Black), White);
}

#[test]
fn a_bracket_layout_packs_the_same_weights_in_fewer_bits() {
    let t = super::sim::greedy_field(80, 4, 7);
    let f = Field::new(&t);
    let all: Vec<usize> = (0..t.players.len()).collect();
    let global = Layout::new(&t, &f, &all);
    let scores: Vec<i32> = global.shift.keys().rev().copied().collect();
    assert!(scores.len() >= 6, "{scores:?}");
    // A bracket's players: three neighbouring score groups.
    let chosen = &scores[1..4];
    let local = global.local(chosen.iter().copied());
    assert!(local.body_bits() < global.body_bits());
    assert!(global.body_bits() + 8 < 8 * 64);
    let bye = ByeInfo {
        score: chosen[2],
        single_downfloater: true,
        unplayed_rank: [(3, 1)].into_iter().collect(),
    };
    let players: Vec<usize> = all
        .iter()
        .copied()
        .filter(|&p| chosen.contains(&f.states[p].score))
        .collect();
    let mut checked = 0;
    for (i, &a) in players.iter().enumerate() {
        for &b in &players[i + 1..] {
            for (cur, next) in [(true, false), (false, true), (false, false)] {
                let (sa, sb) = (&f.states[a], &f.states[b]);
                let g: Wide<8> = edge_weight(&global, &f, sa, sb, cur, next, &bye);
                let l: Wide<8> = edge_weight(&local, &f, sa, sb, cur, next, &bye);
                // A few ordering bits, as the bracket procedure sets them.
                let g = if g.is_zero() { g } else { g.add_u64(5) };
                let l = if l.is_zero() { l } else { l.add_u64(5) };
                assert_eq!(global.relayout(g, &local), Some(l), "{a}-{b} {cur} {next}");
                assert_eq!(local.relayout(l, &global), Some(g), "{a}-{b} {cur} {next}");
                checked += usize::from(!g.is_zero());
            }
        }
    }
    assert!(checked > 500, "{checked}");
    // A weight using a score group the local layout lacks cannot be moved.
    let outside = all
        .iter()
        .copied()
        .find(|&p| f.states[p].score == scores[0])
        .unwrap_or(0);
    let w: Wide<8> = edge_weight(
        &global,
        &f,
        &f.states[outside],
        &f.states[players[0]],
        true,
        false,
        &bye,
    );
    if !w.is_zero() {
        assert_eq!(global.relayout(w, &local), None);
    }
}

#[test]
fn too_narrow_a_width_is_reported_and_one_layout_for_all_brackets_pairs_the_same() {
    let t = super::sim::greedy_field(120, 5, 11);
    let field = Field::new(&t);
    let mut sorted = field.present.clone();
    sorted.sort_by(|&a, &b| {
        let (x, y) = (&field.states[a], &field.states[b]);
        y.score.cmp(&x.score).then(x.rank.cmp(&y.rank))
    });
    let lay = Layout::new(&t, &field, &sorted);
    let bye = super::first_matching::<16>(&t, &field, &sorted, &lay).unwrap_or_default();
    // Two limbs cannot hold a bracket's weights here: the engine says so instead of wrapping.
    assert!(matches!(
        super::engine::pair::<2>(&t, &field, &sorted, &lay, bye.clone(), true),
        Err(super::engine::Failure::Narrow)
    ));
    // Per-bracket layouts and the whole field's layout (the fallback) give the same partners.
    let local = super::engine::pair::<16>(&t, &field, &sorted, &lay, bye.clone(), true);
    let whole = super::engine::pair::<16>(&t, &field, &sorted, &lay, bye, false);
    let (Ok(local), Ok(whole)) = (local, whole) else {
        panic!("the field has a pairing");
    };
    assert_eq!(local, whole);
    assert_eq!(local.iter().filter(|p| p.is_some()).count(), 120);
}

#[test]
fn the_bracket_graph_pairs_as_the_graph_that_holds_the_next_score_group() {
    // Generated fields of several sizes, both parities (the PAB) and histories: the bracket
    // graph without the next score group (proven by its explicit completion, else widened)
    // gives exactly the pairing of the graph that holds it.
    let cases = [
        (12, 2, 7),
        (41, 3, 11),
        (60, 5, 12),
        (97, 6, 13),
        (150, 7, 14),
        (151, 8, 15),
        (240, 4, 16),
        (301, 6, 17),
    ];
    let mut widened_total = 0;
    // The graph modes of the bracket procedure, without the shortcut that skips it.
    SHORTCUT.with(|c| c.set((false, 0)));
    for (n, rounds, seed) in cases {
        let t = sim::greedy_field(n, rounds, seed);
        BRACKET_MODE.with(|c| c.set((true, 0, 0)));
        let with = pair_tournament(&t);
        let (_, begun, widened) = BRACKET_MODE.with(|c| c.get());
        BRACKET_MODE.with(|c| c.set((false, 0, 0)));
        let without = pair_tournament(&t);
        BRACKET_MODE.with(|c| c.set((true, 0, 0)));
        assert!(with.is_ok(), "{n} players: {with:?}");
        assert_eq!(
            with, without,
            "{n} players after {rounds} rounds, seed {seed}"
        );
        // Not vacuous: most brackets are solved without the next group.
        assert!(begun > 2, "{n} players: {begun} brackets in mode Bracket");
        widened_total += widened;
    }
    SHORTCUT.with(|c| c.set((true, 0)));
    // And the fallback too (41 players: once; 240 players: twice).
    assert_eq!(widened_total, 3);
}

/// Pairs `t`'s next round with a feature on and off (`switch(on)` sets it and returns what the
/// previous setting counted), asserting the same pairing; returns the pairing and the count of
/// the pairing made with it on.
pub(super) fn pair_comparing(
    t: &DutchTournament,
    switch: &dyn Fn(bool) -> usize,
) -> (Result<Pairing, Error>, usize) {
    switch(true);
    let with = pair_tournament(t);
    let used = switch(false);
    let without = pair_tournament(t);
    switch(true);
    assert_eq!(
        with,
        without,
        "{} players, round {}",
        t.players.len(),
        t.played_rounds + 1
    );
    (with, used)
}

/// The shortcut for homogeneous brackets on or off; returns the brackets it had paired.
fn shortcut_switch(on: bool) -> usize {
    SHORTCUT.with(|c| c.replace((on, 0)).1)
}

/// [`pair_comparing`] with and without the homogeneous bracket shortcut.
pub(super) fn pair_comparing_shortcut(t: &DutchTournament) -> (Result<Pairing, Error>, usize) {
    pair_comparing(t, &shortcut_switch)
}

/// Plays `t` to the end, each round paired by [`pair_comparing`]; returns the counts of the
/// rounds paired with the feature on.
pub(super) fn play_comparing(
    t: &mut DutchTournament,
    rng: &mut sim::Rng,
    absent: u64,
    switch: &dyn Fn(bool) -> usize,
) -> usize {
    let mut used = 0;
    while t.played_rounds < t.total_rounds {
        sim::mark_absences(t, absent, rng);
        let (with, count) = pair_comparing(t, switch);
        used += count;
        let Ok(p) = with else { break };
        let draws = 10 + rng.below(50);
        sim::record(t, &p, draws, rng);
    }
    used
}

/// [`play_comparing`] with and without the homogeneous bracket shortcut; returns the brackets
/// the shortcut paired.
pub(super) fn play_comparing_shortcut(
    t: &mut DutchTournament,
    rng: &mut sim::Rng,
    absent: u64,
) -> usize {
    play_comparing(t, rng, absent, &shortcut_switch)
}

#[test]
fn the_homogeneous_bracket_shortcut_pairs_as_the_bracket_procedure() {
    // Tournaments played by the engine itself (even and odd fields, absences, forfeits),
    // every round paired with and without the shortcut.
    let mut used = 0;
    for case in 0..40u64 {
        let mut rng = sim::Rng::new(7_000 + case);
        let n = 6 + rng.below(if case % 8 == 0 { 300 } else { 70 }) as u16;
        let rounds = 4 + rng.below(6) as usize;
        let first = if case % 2 == 0 { White } else { Black };
        let mut t = sim::new_tournament(n, rounds, first);
        let absent = if case % 3 == 0 { 0 } else { 2 + rng.below(6) };
        used += play_comparing_shortcut(&mut t, &mut rng, absent);
    }
    // Not vacuous: every round 1 at least, and many later brackets.
    assert!(used > 80, "{used} brackets paired by the shortcut");
}

#[test]
fn round_one_is_s1_against_s2_and_the_last_player_gets_the_pab() {
    // 7 players, one score group: 1-4, 2-5, 3-6 (S1 against S2), the PAB to 7.
    let t = sim::new_tournament(7, 5, White);
    let p = pair_tournament(&t).unwrap();
    let mut boards: Vec<(u16, u16)> = p.pairs.iter().map(|&(w, b)| (w.min(b), w.max(b))).collect();
    boards.sort_unstable();
    assert_eq!(boards, vec![(1, 4), (2, 5), (3, 6)]);
    assert_eq!(p.bye, Some(7));
}
