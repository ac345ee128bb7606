//! Direct encounter (C.07 art. 6), extended direct encounter for teams (13.3, with the art. 12
//! combinations EDET/EDEB/EDEBT/EDEBB) and the recursive knock-out board tie-breaks TBR/BBE
//! (12.2, 12.3).
//!
//! These are type-A tie-breaks: they depend on who is tied, so they take the ranks reached with
//! the earlier tie-breaks and return a **place inside each tied group** (1, 2, …; 0 when the
//! group is not separated at all), as the reference calculator prints them.
//!
//! The procedure follows the reference: a mini-table per tied group; sub-ties are re-run on
//! the smaller group until nothing changes (6.2); in Swiss events where not all have met, a
//! competitor is placed only if its mini-score beats every rival's best possible one (6.3);
//! EDE then moves to the secondary score and the board tie-breaks, and goes back to the
//! primary score whenever a new tied group appears (13.3.3).

use std::collections::BTreeMap;

use super::boards::board_points;
use super::rational::Rational;
use super::tournament::{Round, ScoreKind, Tournament};

/// One step of the (extended) direct encounter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Mini-table on the primary score.
    Primary,
    /// Mini-table on the secondary score.
    Secondary,
    /// Board count inside the mutual match(es) of exactly two tied teams.
    BoardCount,
    /// Result on one board (0-based) of the mutual match of two tied teams.
    TopBoard(usize),
    /// Boards above the `n` bottom ones in the mutual match of two tied teams.
    BottomElim(usize),
}

/// Settings of a direct-encounter run.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// The primary score of the tie-break.
    pub primary: ScoreKind,
    /// Forfeits count as games (round robins, `/P`).
    pub forfeits_played: bool,
    /// Round-robin rules: every tied competitor is taken to have met the others (6.2).
    pub round_robin: bool,
    /// `/S`: the 6.3 procedure even in a round robin.
    pub force_swiss: bool,
}

/// The step list of DE, EDE and its variants for `boards` boards.
pub fn steps(variant: Option<super::codes::EdeVariant>, boards: usize) -> Vec<Step> {
    use super::codes::EdeVariant as V;
    let mut s = vec![Step::Primary];
    let Some(v) = variant else { return s };
    s.push(Step::Secondary);
    if matches!(v, V::C | V::Bt | V::Bb) {
        s.push(Step::BoardCount);
    }
    if matches!(v, V::T | V::Bt) {
        s.extend((0..boards).map(Step::TopBoard));
    }
    if matches!(v, V::B | V::Bb) {
        s.extend((0..boards.saturating_sub(1)).map(Step::BottomElim));
    }
    s
}

/// Loop guard of the reference calculator.
const MAX_PASSES: usize = 30;

/// Runs the steps on the groups tied in `ranks`; returns places inside the groups.
pub fn places(t: &Tournament, ranks: &[u32], steps: &[Step], set: Settings) -> Vec<u32> {
    let n = t.competitors.len();
    let mut val: Vec<u32> = ranks.to_vec();
    let start = |i: usize| t.competitors.get(i).map_or(0, |c| c.start_no);
    let mut order: Vec<usize> = (0..n).collect();
    let sort = |order: &mut Vec<usize>, val: &[u32]| {
        order.sort_by_key(|&i| (ranks.get(i).copied(), val.get(i).copied(), start(i)));
    };
    sort(&mut order, &val);
    let mut more_loops = vec![true; n];
    let mut changed = vec![true; steps.len()];
    let mut swap = 0usize;
    let mut pass = 0usize;
    let mut more = !steps.is_empty();
    while more {
        pass += 1;
        let mut total = 0usize;
        let mut any_group = false;
        for group in groups(&order, &val) {
            let Some(&first) = group.first() else {
                continue;
            };
            if !more_loops.get(first).copied().unwrap_or(false) {
                continue;
            }
            if group.len() == 1 {
                more_loops[first] = false;
                continue;
            }
            let step = steps.get(swap).copied().unwrap_or(Step::Primary);
            let c = run_step(t, &group, &mut val, step, set);
            let counted = matches!(step, Step::Primary | Step::Secondary);
            let ml = counted && c > 0 && pass < MAX_PASSES;
            for &m in &group {
                if let Some(x) = more_loops.get_mut(m) {
                    *x = ml;
                }
            }
            any_group |= ml;
            if counted {
                total += c;
            }
        }
        if let Some(x) = changed.get_mut(swap) {
            *x = total > 0;
        }
        let mut finish = changed.iter().any(|&x| x);
        if total == 0 {
            swap = (swap + 1) % steps.len().max(1);
            more_loops.iter_mut().for_each(|x| *x = true);
        } else {
            changed.iter_mut().for_each(|x| *x = true);
        }
        finish &= pass < MAX_PASSES;
        more = any_group || finish;
        sort(&mut order, &val);
    }
    to_places(&order, ranks, &val)
}

/// Contiguous runs of equal `val` in `order`.
fn groups(order: &[usize], val: &[u32]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for &i in order {
        let v = val.get(i);
        match out.last_mut() {
            Some(g) if g.first().map(|&f| val.get(f)) == Some(v) => g.push(i),
            _ => out.push(vec![i]),
        }
    }
    out
}

/// Turns sub-ranks into places inside each group of equal rank; 0 for an unseparated group.
fn to_places(order: &[usize], ranks: &[u32], val: &[u32]) -> Vec<u32> {
    let mut out = vec![0u32; val.len()];
    for group in groups(order, ranks) {
        let (Some(&f), Some(&l)) = (group.first(), group.last()) else {
            continue;
        };
        let first = val.get(f).copied().unwrap_or(0);
        let last = val.get(l).copied().unwrap_or(0);
        if first == last {
            continue;
        }
        for &m in &group {
            if let (Some(o), Some(&v)) = (out.get_mut(m), val.get(m)) {
                *o = v + 1 - first;
            }
        }
    }
    out
}

fn run_step(t: &Tournament, group: &[usize], val: &mut [u32], step: Step, set: Settings) -> usize {
    let secondary = set.primary.other();
    match step {
        Step::Primary => {
            let win = Rational::from(t.win_points(set.primary));
            mini_table(t, group, val, set, win, |r| {
                Rational::from(r.score(set.primary))
            })
        }
        Step::Secondary => {
            let win = Rational::from(t.win_points(secondary));
            mini_table(t, group, val, set, win, |r| {
                Rational::from(r.score(secondary))
            })
        }
        Step::BoardCount | Step::TopBoard(_) | Step::BottomElim(_) => {
            if group.len() != 2 {
                return 0;
            }
            let boards = t.boards();
            let weight = |b: u16| -> i64 {
                let i = usize::from(b).saturating_sub(1);
                match step {
                    Step::BoardCount => i64::from(b),
                    Step::TopBoard(p) => i64::from(i == p),
                    // Boards numbered from the bottom: keep those above the `p + 1` lowest.
                    Step::BottomElim(p) => i64::from(boards.saturating_sub(1 + i) > p),
                    _ => 0,
                }
            };
            let win = Rational::from(t.scoring(secondary).win);
            mini_table(t, group, val, set, win, |r| {
                r.boards
                    .iter()
                    .map(|b| Rational::from(b.points) * Rational::from_int(weight(b.board)))
                    .sum()
            });
            0
        }
    }
}

/// The mini-table of one tied group (6.1-6.3). Returns the number of separations made.
fn mini_table(
    t: &Tournament,
    group: &[usize],
    val: &mut [u32],
    set: Settings,
    win: Rational,
    score: impl Fn(&Round) -> Rational,
) -> usize {
    let Some(current) = group.first().and_then(|&f| val.get(f).copied()) else {
        return 0;
    };
    let met_max = i64::try_from(group.len()).unwrap_or(1) - 1;
    let mut met_all = true;
    // (index, mini-score, best possible mini-score)
    let mut rows: Vec<(usize, Rational, Rational)> = Vec::with_capacity(group.len());
    for &p in group {
        let mut per_opp: BTreeMap<usize, (Rational, i64)> = BTreeMap::new();
        if let Some(comp) = t.competitors.get(p) {
            for r in &comp.rounds {
                let Some(o) = r.result.opponent() else {
                    continue;
                };
                let counts = set.forfeits_played || r.result.is_otb();
                if counts && val.get(o) == Some(&current) {
                    let e = per_opp.entry(o).or_insert((Rational::ZERO, 0));
                    e.0 += score(r);
                    e.1 += 1;
                }
            }
        }
        // 6.1.2: several games against the same opponent count as their average.
        let de: Rational = per_opp.values().map(|(s, k)| s.div_int(*k)).sum();
        let met = i64::try_from(per_opp.len()).unwrap_or(0);
        let max = if (!set.round_robin && met < met_max) || set.force_swiss {
            met_all = false;
            de + win * Rational::from_int(met_max - met)
        } else {
            de
        };
        rows.push((p, de, max));
    }
    let start = |i: usize| t.competitors.get(i).map_or(0, |c| c.start_no);
    let mut changes = 0;
    let mut rank = current;
    if met_all {
        rows.sort_by(|a, b| b.1.cmp(&a.1).then(start(a.0).cmp(&start(b.0))));
        let mut crank = current;
        let mut prev = rows.first().map(|r| r.1);
        for &(p, de, _) in rows.iter().skip(1) {
            rank += 1;
            if Some(de) != prev {
                crank = rank;
                prev = Some(de);
                changes += 1;
            }
            if let Some(v) = val.get_mut(p) {
                *v = crank;
            }
        }
    } else {
        rows.sort_by(|a, b| {
            b.1.cmp(&a.1)
                .then(b.2.cmp(&a.2))
                .then(start(a.0).cmp(&start(b.0)))
        });
        let mut crank = current;
        let mut prev = rows.first().map_or(Rational::ZERO, |r| r.1);
        let mut unique = true;
        for i in 1..rows.len() {
            rank += 1;
            let best_rest = rows.get(i..).into_iter().flatten().map(|r| r.2).max();
            let Some(&(p, de, _)) = rows.get(i) else {
                break;
            };
            if unique && best_rest.is_some_and(|b| prev > b) {
                crank = rank;
                changes += 1;
            } else {
                unique = false;
            }
            if let Some(v) = val.get_mut(p) {
                *v = crank;
            }
            prev = de;
        }
    }
    changes
}

/// TBR (12.2) or BBE (12.3) as stand-alone tie-breaks: tied groups are compared on board 1,
/// then board 2, … (TBR), or on all boards but the bottom one, then two, … (BBE).
pub fn board_places(t: &Tournament, ranks: &[u32], bottom: bool) -> Vec<u32> {
    let n = t.competitors.len();
    let bp: Vec<Vec<Rational>> = (0..n)
        .map(|c| board_points(t, c).into_iter().map(Rational::from).collect())
        .collect();
    let boards = t.boards();
    let mut val: Vec<u32> = ranks.to_vec();
    let start = |i: usize| t.competitors.get(i).map_or(0, |c| c.start_no);
    let mut running: Vec<Rational> = bp.iter().map(|v| v.iter().copied().sum()).collect();
    let mut order: Vec<usize> = (0..n).collect();
    let sort = |order: &mut Vec<usize>, val: &[u32]| {
        order.sort_by_key(|&i| (ranks.get(i).copied(), val.get(i).copied(), start(i)));
    };
    sort(&mut order, &val);
    let mut more_loops = vec![true; n];
    let mut pass = 0usize;
    let mut more = true;
    while more && pass < boards {
        pass += 1;
        more = false;
        for group in groups(&order, &val) {
            let Some(&first) = group.first() else {
                continue;
            };
            if !more_loops.get(first).copied().unwrap_or(false) {
                continue;
            }
            if group.len() == 1 {
                more_loops[first] = false;
                continue;
            }
            let current = val.get(first).copied().unwrap_or(0);
            let mut rows: Vec<(usize, Rational)> = group
                .iter()
                .map(|&m| {
                    let key = if bottom {
                        let drop = bp
                            .get(m)
                            .and_then(|v| v.get(boards.saturating_sub(pass)))
                            .copied()
                            .unwrap_or(Rational::ZERO);
                        if let Some(r) = running.get_mut(m) {
                            *r = *r - drop;
                        }
                        running.get(m).copied().unwrap_or(Rational::ZERO)
                    } else {
                        bp.get(m)
                            .and_then(|v| v.get(pass - 1))
                            .copied()
                            .unwrap_or(Rational::ZERO)
                    };
                    (m, key)
                })
                .collect();
            rows.sort_by(|a, b| b.1.cmp(&a.1).then(start(a.0).cmp(&start(b.0))));
            let mut crank = current;
            let mut prev: Option<Rational> = None;
            for (count, &(m, key)) in (current..).zip(rows.iter()) {
                if prev.is_some_and(|p| p != key) {
                    crank = count;
                }
                prev = Some(key);
                if let Some(v) = val.get_mut(m) {
                    *v = crank;
                }
            }
            let ml = pass < boards;
            for &m in &group {
                if let Some(x) = more_loops.get_mut(m) {
                    *x = ml;
                }
            }
            more |= ml;
        }
        sort(&mut order, &val);
    }
    to_places(&order, ranks, &val)
}
