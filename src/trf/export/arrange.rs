//! Which TRF player carries each board game of a team, and the order of the team's `310`
//! record.
//!
//! A TRF-26 reader (TieBreakServer, `trf::history` with `History::scored`) has no board field:
//! in each round it numbers a team's boards by the order of the `310` members who have an
//! opponent that round. So the export must (a) give every board game of the team a player line, and (b) list
//! the members so that in every round those who played come in board order. The roster alone
//! does neither:
//! - a player typed into a round workbook who is not a registered member of that team (a
//!   hand-entered name, a spelling the roster does not know) has no start number, so the game
//!   and both players' points would be lost;
//! - a player listed on two boards of one round can carry only one game per round;
//! - entry order (mains by board, then reserves) puts a reserve who played board 3 after the
//!   women of boards 4-5, and a rested main player's board moves up (RULES §F).
//!
//! The fix: unknown players become extra members, and the members are sorted topologically by
//! the boards they played, entry order breaking ties. An empty board (a side fielded nobody)
//! has no carrier and no player line: the present player's forfeit win is written without an
//! opponent and the side's board order goes into a `300` record (`team_event`). The second
//! board of a player typed on two boards of one round is left without a carrier the same way
//! (the `lineup.order` finding names it).

use std::collections::{BTreeMap, BTreeSet};

use super::ExportPlayer;

/// A board game of one team as the export sees it: `(round index, board, player key)`.
pub(crate) type Play<'a> = (usize, u32, Option<&'a str>);

/// The members of one team in `310` order and the member who carries each board game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Arranged {
    /// Members in `310` order: registered players, then anyone the workbooks added.
    pub players: Vec<ExportPlayer>,
    /// `(round index, board)` → index into `players`; an empty board has no entry.
    pub slot: BTreeMap<(usize, u32), usize>,
    /// Whether the board order could not be kept in some round (a line-up that contradicts
    /// itself across rounds; the `lineup.order` finding already names it).
    pub conflict: bool,
}

fn unregistered(key: &str) -> ExportPlayer {
    ExportPlayer {
        key: key.to_string(),
        rating: 0,
        person: super::Person {
            name: Some(crate::normalize::fide_name(key)),
            ..Default::default()
        },
    }
}

fn index_of(
    players: &mut Vec<ExportPlayer>,
    key: &str,
    make: impl FnOnce() -> ExportPlayer,
) -> usize {
    match players.iter().position(|p| p.key == key) {
        Some(i) => i,
        None => {
            players.push(make());
            players.len() - 1
        }
    }
}

/// Arranges one team: `registered` in entry order, `plays` its board games.
pub(crate) fn arrange(registered: &[ExportPlayer], plays: &[Play<'_>]) -> Arranged {
    let mut players: Vec<ExportPlayer> = Vec::with_capacity(registered.len());
    for p in registered {
        // Two entries with one key are one person to the round reader.
        if !players.iter().any(|q| q.key == p.key) {
            players.push(p.clone());
        }
    }
    let mut sorted: Vec<Play<'_>> = plays.to_vec();
    sorted.sort();
    let mut busy: BTreeSet<(usize, usize)> = BTreeSet::new();
    let mut slot = BTreeMap::new();
    for &(ri, board, key) in &sorted {
        // An empty board has no carrier.
        let Some(k) = key else { continue };
        let i = index_of(&mut players, k, || unregistered(k));
        // Nor has the second board of a player typed twice in one round.
        if busy.insert((i, ri)) {
            slot.insert((ri, board), i);
        }
    }
    // Precedence: in each round, the player of a lower board comes first.
    let mut edges: BTreeSet<(usize, usize)> = BTreeSet::new();
    let mut by_round: BTreeMap<usize, Vec<(u32, usize)>> = BTreeMap::new();
    for (&(ri, board), &i) in &slot {
        by_round.entry(ri).or_default().push((board, i));
    }
    for games in by_round.values() {
        for w in games.windows(2) {
            if let [(_, a), (_, b)] = w
                && a != b
            {
                edges.insert((*a, *b));
            }
        }
    }
    // Members who played go by the highest board they played, the rest (reserves who never
    // played) to the end; entry order breaks ties.
    let mut first_board = vec![u32::MAX; players.len()];
    for (&(_, board), &i) in &slot {
        if let Some(f) = first_board.get_mut(i) {
            *f = (*f).min(board);
        }
    }
    let (order, conflict) = topological(&first_board, &edges);
    let mut new_index = vec![0usize; players.len()];
    for (pos, &old) in order.iter().enumerate() {
        if let Some(x) = new_index.get_mut(old) {
            *x = pos;
        }
    }
    let players = order
        .iter()
        .filter_map(|&i| players.get(i).cloned())
        .collect();
    let slot = slot
        .into_iter()
        .map(|(k, i)| (k, new_index.get(i).copied().unwrap_or(i)))
        .collect();
    Arranged {
        players,
        slot,
        conflict,
    }
}

/// Kahn's algorithm taking the member with the lowest `(first board, entry index)` first;
/// a cycle is broken at that member too (reported as a conflict).
fn topological(first_board: &[u32], edges: &BTreeSet<(usize, usize)>) -> (Vec<usize>, bool) {
    let n = first_board.len();
    let priority = |i: &usize| (first_board.get(*i).copied().unwrap_or(u32::MAX), *i);
    let mut indegree = vec![0usize; n];
    for &(_, b) in edges {
        if let Some(d) = indegree.get_mut(b) {
            *d += 1;
        }
    }
    let mut done = vec![false; n];
    let mut order = Vec::with_capacity(n);
    let mut conflict = false;
    while order.len() < n {
        let open = |i: &usize| !done.get(*i).copied().unwrap_or(true);
        let next = (0..n)
            .filter(|i| open(i) && indegree.get(*i) == Some(&0))
            .min_by_key(priority)
            .or_else(|| {
                conflict = true;
                (0..n).filter(open).min_by_key(priority)
            });
        let Some(i) = next else { break };
        if let Some(d) = done.get_mut(i) {
            *d = true;
        }
        order.push(i);
        for &(_, b) in edges.range((i, 0)..=(i, usize::MAX)) {
            if let Some(d) = indegree.get_mut(b) {
                *d = d.saturating_sub(1);
            }
        }
    }
    (order, conflict)
}

/// A person entered by two teams (one FIDE ID on two entries) is one TRF player: an entry of
/// that ID that carries no board game is dropped when another entry of the ID carries one, or,
/// when none does, when it is not the first (teams in `310` order). `arranged` is in team order.
pub(crate) fn drop_double_entries(arranged: &mut [Arranged]) {
    let id = |p: &ExportPlayer| p.person.fide_id;
    let played = |a: &Arranged, i: usize| a.slot.values().any(|&j| j == i);
    let mut with_games: BTreeSet<u64> = BTreeSet::new();
    for a in arranged.iter() {
        for (i, p) in a.players.iter().enumerate() {
            if let Some(f) = id(p).filter(|_| played(a, i)) {
                with_games.insert(f);
            }
        }
    }
    let mut kept: BTreeSet<u64> = BTreeSet::new();
    for a in arranged.iter_mut() {
        let mut i = 0;
        while i < a.players.len() {
            let f = a.players.get(i).and_then(id);
            let drop = match f {
                Some(f) if !played(a, i) => with_games.contains(&f) || kept.contains(&f),
                _ => false,
            };
            if drop {
                a.players.remove(i);
                for j in a.slot.values_mut() {
                    if *j > i {
                        *j -= 1;
                    }
                }
            } else {
                kept.extend(f);
                i += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(key: &str) -> ExportPlayer {
        ExportPlayer {
            key: key.into(),
            rating: 0,
            person: Default::default(),
        }
    }

    fn keys(a: &Arranged) -> Vec<&str> {
        a.players.iter().map(|p| p.key.as_str()).collect()
    }

    #[test]
    fn a_reserve_who_played_board_3_comes_before_the_women() {
        // Entry order: men M1-M3, women W1-W2, reserves MR (men) and WR (women).
        let reg: Vec<_> = ["m1", "m2", "m3", "w1", "w2", "mr", "wr"]
            .iter()
            .map(|k| p(k))
            .collect();
        // Round 0: the mains. Round 1: M1 rests, M2 and M3 move up, MR plays board 3.
        let plays = [
            (0, 1, Some("m1")),
            (0, 2, Some("m2")),
            (0, 3, Some("m3")),
            (0, 4, Some("w1")),
            (0, 5, Some("w2")),
            (1, 1, Some("m2")),
            (1, 2, Some("m3")),
            (1, 3, Some("mr")),
            (1, 4, Some("w1")),
            (1, 5, Some("w2")),
        ];
        let a = arrange(&reg, &plays);
        assert_eq!(keys(&a), ["m1", "m2", "m3", "mr", "w1", "w2", "wr"]);
        assert_eq!(a.slot.get(&(1, 3)), Some(&3));
        assert!(!a.conflict);
    }

    #[test]
    fn empty_and_repeated_boards_have_no_carrier_unknown_players_a_line() {
        let reg = [p("a"), p("b"), p("c")];
        // Round 0: board 2 empty; round 1: "x" (not registered) on board 2, "a" on boards 1
        // and 3.
        let plays = [
            (0, 1, Some("a")),
            (0, 2, None),
            (0, 3, Some("c")),
            (1, 1, Some("a")),
            (1, 2, Some("x")),
            (1, 3, Some("a")),
        ];
        let a = arrange(&reg, &plays);
        // a (first board 1), x (2), c (3), then b who never played.
        assert_eq!(keys(&a), ["a", "x", "c", "b"]);
        assert_eq!(a.slot.get(&(0, 1)), Some(&0));
        assert_eq!(a.slot.get(&(0, 2)), None);
        assert_eq!(a.slot.get(&(0, 3)), Some(&2));
        assert_eq!(a.slot.get(&(1, 2)), Some(&1));
        assert_eq!(a.slot.get(&(1, 3)), None);
        assert!(!a.conflict);
    }

    #[test]
    fn a_line_up_that_contradicts_itself_is_a_conflict() {
        let reg = [p("a"), p("b")];
        let plays = [
            (0, 1, Some("a")),
            (0, 2, Some("b")),
            (1, 1, Some("b")),
            (1, 2, Some("a")),
        ];
        let a = arrange(&reg, &plays);
        assert_eq!(keys(&a), ["a", "b"]);
        assert!(a.conflict);
    }
}
