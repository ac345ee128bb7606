//! Rule 7 (sides) over whole brackets: hand-worked brackets where the greedy pass would leave a
//! third game on one side and the side search avoids it (or the most of it), and a brute-force
//! check of every bracket of a pairing: no pairing of the players the bracket paired has fewer
//! side conflicts, and when a conflict is left the pairing is the first of the fewest-conflict
//! ones in the preference order.

use super::*;

/// A player on `2 × sides.len()` points (every game drawn) whose played sides were `sides`
/// (`R`/`B`), against opponents outside the field.
fn with_sides(id: u16, sides: &str) -> XqPlayer {
    let mut p = player(id, "");
    p.history = sides
        .chars()
        .zip(0u16..)
        .map(|(c, k)| XqRound {
            opponent: Some(100 + id * 10 + k),
            side: Some(if c == 'R' { R } else { B }),
            kind: XqRoundKind::Played,
            points: Points::from_whole(1),
        })
        .collect();
    p
}

#[test]
fn the_whole_bracket_avoids_a_third_game_the_greedy_pass_leaves() {
    // Six players on 2 points, halves {1,2,3} / {4,5,6}. 3 and 6 had Black twice: both are due
    // Red. The greedy pass pairs 1-4 (ideal), 2-5 (ideal), and 3 is left with 6 only: one of
    // them would get a third Black. The bracket's pairings without a conflict keep 3 and 6
    // apart; the first in the preference order: 1 takes its ideal 4 (the rest can still be
    // paired without a conflict: 2-6 3-5); 2's ideal 5 would leave 3-6, so 2 takes the next,
    // 6 (distance 1, behind 4 which is taken); 3-5.
    // Sides: 1 (R,B) v 4 (R,B): the same history, 1 (higher) alternates its last Black: Red.
    // 6 and 3 are due Red and get it.
    let ps = vec![
        with_sides(1, "RB"),
        with_sides(2, "BR"),
        with_sides(3, "BB"),
        with_sides(4, "RB"),
        with_sides(5, "BR"),
        with_sides(6, "BB"),
    ];
    let p = pair_players(&ps, 3, &XiangqiSwissOptions::default()).unwrap();
    assert_eq!(p.pairs, vec![(1, 4), (6, 2), (3, 5)]);
    assert_eq!(third_games(&ps, &p, 2), 0);
    check_sides(&ps, &p, &XiangqiSwissOptions::default());
    // With three in a row allowed nobody is due a side: the plain halves 1-4, 2-5, 3-6 stand
    // (2 v 5 and 3 v 6 have the same histories: the higher-ranked alternates).
    let opts = XiangqiSwissOptions {
        max_same_side_in_row: 3,
        ..XiangqiSwissOptions::default()
    };
    let p = pair_players(&ps, 3, &opts).unwrap();
    assert_eq!(p.pairs, vec![(1, 4), (5, 2), (3, 6)]);
}

#[test]
fn the_search_lowers_two_conflicts_to_one() {
    // Eight players on 2 points, halves {1,2,3,4} / {5,6,7,8}. 1, 2 and 5 are due nothing; the
    // other five had Black twice and are due Red. Three of them can meet a free player, so
    // one pair of them must meet: one conflict at least.
    // Greedy: 1-5 (ideal, two free players), 2-6, and 3 and 4 are left with 7 and 8: 3-7 and
    // 4-8, two conflicts.
    // Fewest conflicts (one), first in the preference order: 1's ideal 5 would leave four
    // due-Red players for one free one (two conflicts): 1-6. 2's ideal 6 is taken; 5 would
    // again leave four due-Red players; 7 (distance 1, the higher one): 2-7. 3's ideal 7 and
    // the next 6 are taken; 8 leaves 4-5: 3-8 (the conflict), 4-5.
    // Sides: 6, 7 and 4 are due Red and get it; 3 v 8 have the same history and are both due
    // Red: 3 (higher) alternates its last Black, so 8 gets a third Black.
    let ps = vec![
        with_sides(1, "RB"),
        with_sides(2, "BR"),
        with_sides(3, "BB"),
        with_sides(4, "BB"),
        with_sides(5, "RB"),
        with_sides(6, "BB"),
        with_sides(7, "BB"),
        with_sides(8, "BB"),
    ];
    let p = pair_players(&ps, 3, &XiangqiSwissOptions::default()).unwrap();
    assert_eq!(p.pairs, vec![(6, 1), (7, 2), (3, 8), (4, 5)]);
    assert_eq!(third_games(&ps, &p, 2), 1);
    check_sides(&ps, &p, &XiangqiSwissOptions::default());
}

#[test]
fn the_floater_stays_and_its_conflict_is_played() {
    // 1-5 on 2 points, 6 on 0. 5 and 6 had Black twice and are due Red; the others are free.
    // Bracket {1..5}, halves {1,2} / {3,4,5}: the greedy pass pairs 1-3 and 2-4 (the ideal
    // partners, no conflict) and 5 floats to 6: a conflict. Floating 3 instead (1-5, 2-4, 3-6)
    // would have none, but rule 7 never changes who floats (the score groups come first): the
    // bracket keeps its pairs and 5-6 is played. Both are due Red with the same history: 5
    // (higher) alternates its last Black, and 6 gets a third Black.
    let mut ps = vec![
        with_sides(1, "RB"),
        with_sides(2, "BR"),
        with_sides(3, "RB"),
        with_sides(4, "BR"),
        with_sides(5, "BB"),
        with_sides(6, "BB"),
    ];
    for h in &mut ps[5].history {
        h.points = Points::ZERO;
    }
    let p = pair_players(&ps, 3, &XiangqiSwissOptions::default()).unwrap();
    assert_eq!(p.pairs, vec![(1, 3), (4, 2), (5, 6)]);
    assert_eq!(third_games(&ps, &p, 2), 1);
    check_sides(&ps, &p, &XiangqiSwissOptions::default());
}

/// The side a player is due after `k` played games in a row on the other (rule 7).
fn due(p: &XqPlayer, k: usize) -> Option<Colour> {
    let sides: Vec<Colour> = p
        .history
        .iter()
        .filter(|h| h.kind == XqRoundKind::Played)
        .filter_map(|h| h.side)
        .collect();
    if k == 0 || sides.len() < k {
        return None;
    }
    let tail = &sides[sides.len() - k..];
    tail.iter().all(|&c| c == tail[0]).then(|| !tail[0])
}

/// How many players of the pairing get the side they were not due (a game more in a row).
fn third_games(players: &[XqPlayer], p: &XiangqiPairing, k: usize) -> usize {
    let get = |id: u16| players.iter().find(|x| x.id == id).unwrap();
    p.pairs
        .iter()
        .flat_map(|&(r, b)| [(r, R), (b, B)])
        .filter(|&(id, side)| due(get(id), k) == Some(!side))
        .count()
}

fn score(p: &XqPlayer) -> Points {
    p.history.iter().map(|h| h.points).sum()
}

/// Rule 7's preference order of bracket position `pos` of `b` (the engine's, written out).
fn preference(pos: usize, b: usize) -> Vec<usize> {
    let h = b / 2;
    if pos < h {
        let mut v: Vec<usize> = (h..b).collect();
        v.sort_by_key(|&q| (q.abs_diff(pos + h), q));
        v.extend(pos + 1..h);
        v
    } else {
        (pos + 1..b).collect()
    }
}

/// A bracket: its players in bracket order, and the pairs made in it.
type Bracket = (Vec<u16>, Vec<(u16, u16)>);

/// A pairing of bracket positions: its side conflicts, the ranks of the partners in the
/// preference order of the deciding players, and the pairs.
type Ranked = (usize, Vec<usize>, Vec<(usize, usize)>);

/// The brackets of a pairing re-derived from it (rule 6): score groups from the top, each after
/// the players floated into it (in their order), the group in pairing order; a pair belongs to
/// the bracket holding both players; the bracket's other players float on.
fn brackets(players: &[XqPlayer], p: &XiangqiPairing) -> Vec<Bracket> {
    let order = pairing_order(players);
    let get = |id: u16| players.iter().find(|x| x.id == id).unwrap();
    let field: Vec<u16> = order
        .iter()
        .copied()
        .filter(|&id| get(id).available && Some(id) != p.bye)
        .collect();
    let mut scores: Vec<Points> = field.iter().map(|&id| score(get(id))).collect();
    scores.sort_unstable_by(|a, b| b.cmp(a));
    scores.dedup();
    let mut out = Vec::new();
    let mut carry: Vec<u16> = Vec::new();
    for s in scores {
        let mut members = std::mem::take(&mut carry);
        members.extend(field.iter().filter(|&&id| score(get(id)) == s));
        let pairs: Vec<(u16, u16)> = p
            .pairs
            .iter()
            .filter(|(a, b)| members.contains(a) && members.contains(b))
            .copied()
            .collect();
        carry = members
            .iter()
            .copied()
            .filter(|id| !pairs.iter().any(|&(a, b)| a == *id || b == *id))
            .collect();
        out.push((members, pairs));
    }
    assert!(carry.is_empty(), "players left unpaired: {carry:?}");
    out
}

/// Whether `a` and `b` may meet in the round `p` (no rematch; same unit per its relaxation).
fn may_meet(players: &[XqPlayer], p: &XiangqiPairing, a: u16, b: u16) -> bool {
    let get = |id: u16| players.iter().find(|x| x.id == id).unwrap();
    let met = |x: u16, y: u16| {
        get(x)
            .history
            .iter()
            .any(|h| h.kind == XqRoundKind::Played && h.opponent == Some(y))
    };
    if met(a, b) || met(b, a) {
        return false;
    }
    let (pa, pb) = (get(a), get(b));
    if pa.unit.trim().is_empty() || pa.unit.trim() != pb.unit.trim() {
        return true;
    }
    match p.relaxation {
        UnitRelaxation::None => false,
        UnitRelaxation::Disabled => true,
        UnitRelaxation::LowestGroups(l) => {
            let mut levels: Vec<Points> =
                players.iter().filter(|x| x.available).map(score).collect();
            levels.sort_unstable();
            levels.dedup();
            let top = levels[l - 1];
            score(pa) <= top && score(pb) <= top
        }
    }
}

/// Every pairing of the players at `left` (positions of a bracket of `b`) as (conflicts, the
/// partners' ranks in the preference order of the deciding players, the pairs); the best one.
fn best(
    left: &[usize],
    b: usize,
    ok: &dyn Fn(usize, usize) -> bool,
    conflict: &dyn Fn(usize, usize) -> bool,
) -> Option<Ranked> {
    let Some((&first, rest)) = left.split_first() else {
        return Some((0, Vec::new(), Vec::new()));
    };
    let pref = preference(first, b);
    let mut top: Option<Ranked> = None;
    for (k, &q) in rest.iter().enumerate() {
        if !ok(first, q) {
            continue;
        }
        let mut others = rest.to_vec();
        others.remove(k);
        let Some((c, ranks, pairs)) = best(&others, b, ok, conflict) else {
            continue;
        };
        let rank = pref.iter().position(|&x| x == q).unwrap();
        let cand = (
            c + usize::from(conflict(first, q)),
            [vec![rank], ranks].concat(),
            [vec![(first, q)], pairs].concat(),
        );
        if top.as_ref().is_none_or(|t| (cand.0, &cand.1) < (t.0, &t.1)) {
            top = Some(cand);
        }
    }
    top
}

/// The most pairs the players at `left` can form among themselves.
fn max_pairs(left: &[usize], ok: &dyn Fn(usize, usize) -> bool) -> usize {
    let Some((&first, rest)) = left.split_first() else {
        return 0;
    };
    let mut most = max_pairs(rest, ok);
    for (k, &q) in rest.iter().enumerate() {
        if ok(first, q) {
            let mut others = rest.to_vec();
            others.remove(k);
            most = most.max(1 + max_pairs(&others, ok));
        }
    }
    most
}

/// Rule 7 checked by brute force on every bracket of `p`: the pairs of the bracket have the
/// fewest side conflicts of all pairings of the same players, and are the first such pairing in
/// the preference order (when a conflict is left, or the bracket paired all it could by
/// itself). And a player gets a game more in a row on one side exactly in the conflicted pairs.
pub(super) fn check_sides(players: &[XqPlayer], p: &XiangqiPairing, opts: &XiangqiSwissOptions) {
    let k = opts.max_same_side_in_row;
    let get = |id: u16| players.iter().find(|x| x.id == id).unwrap();
    let conflicted = |a: u16, b: u16| due(get(a), k).is_some() && due(get(a), k) == due(get(b), k);
    let mut total = 0;
    for (members, pairs) in brackets(players, p) {
        let b = members.len();
        let pos = |id: u16| members.iter().position(|&x| x == id).unwrap();
        let mut left: Vec<usize> = pairs.iter().flat_map(|&(x, y)| [pos(x), pos(y)]).collect();
        left.sort_unstable();
        let ok = |u: usize, v: usize| may_meet(players, p, members[u], members[v]);
        let conflict = |u: usize, v: usize| conflicted(members[u], members[v]);
        let (fewest, _, first) = best(&left, b, &ok, &conflict).unwrap();
        let got = pairs.iter().filter(|&&(x, y)| conflicted(x, y)).count();
        assert_eq!(got, fewest, "bracket {members:?}: {pairs:?}");
        // Exactly the first of the fewest-conflict pairings: always after the search (a
        // conflict left), and from the greedy pass too when the bracket pairs as many players
        // as it can by itself (then its first partner without a conflict that leaves the rest
        // pairable is the first partner of a conflict-free pairing).
        let all: Vec<usize> = (0..b).collect();
        if got > 0 || max_pairs(&all, &ok) == pairs.len() {
            let mut mine: Vec<(usize, usize)> = pairs
                .iter()
                .map(|&(x, y)| (pos(x).min(pos(y)), pos(x).max(pos(y))))
                .collect();
            mine.sort_unstable();
            let mut want = first;
            want.sort_unstable();
            assert_eq!(mine, want, "bracket {members:?}");
        }
        total += got;
    }
    assert_eq!(third_games(players, p, k), total);
}

/// A small generator for the property test below.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, m: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % m
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 128,
        rng_seed: proptest::test_runner::RngSeed::Fixed(2023),
        .. ProptestConfig::default()
    })]

    /// Random side histories (random past pairings, sides and results, so rematches and score
    /// groups of every size): every bracket takes the fewest side conflicts, checked by brute
    /// force.
    #[test]
    fn random_side_histories_take_the_fewest_conflicts(
        n in 4u16..13,
        past in 2usize..5,
        seed in any::<u64>(),
    ) {
        let mut rng = Lcg(seed);
        let mut ps: Vec<XqPlayer> = (1..=n).map(|i| player(i, "")).collect();
        for _ in 0..past {
            let mut ids: Vec<u16> = (1..=n).collect();
            for i in (1..ids.len()).rev() {
                ids.swap(i, rng.next(i as u64 + 1) as usize);
            }
            for w in ids.chunks(2) {
                let &[a, b] = w else {
                    ps[usize::from(w[0] - 1)].history.push(XqRound {
                        opponent: None,
                        side: None,
                        kind: XqRoundKind::Bye,
                        points: Points::from_whole(2),
                    });
                    continue;
                };
                let (red, black) = if rng.next(2) == 0 { (a, b) } else { (b, a) };
                let s = rng.next(3) as i32;
                for (id, opp, side, pts) in [(red, black, R, s), (black, red, B, 2 - s)] {
                    ps[usize::from(id - 1)].history.push(XqRound {
                        opponent: Some(opp),
                        side: Some(side),
                        kind: XqRoundKind::Played,
                        points: Points::from_whole(pts),
                    });
                }
            }
        }
        let opts = XiangqiSwissOptions::default();
        if let Ok(p) = pair_players(&ps, past as u32 + 1, &opts) {
            check(&ps, &p);
            check_sides(&ps, &p, &opts);
        }
    }
}
