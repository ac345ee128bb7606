//! The pairing process of C.04.6 art. 3: PAB first (3.4), then bracket by bracket the top
//! scoregroup plus the chosen upfloaters (3.5), paired by the lexicographically first pairing
//! among the best ones (3.6).
//!
//! Every "does a legal pairing exist" question ([C3]) is answered by a maximum-cardinality
//! matching, and every "minimise" by a maximum-weight matching whose weights carry the criteria
//! in priority order, so no step is exponential. The one enumeration, candidate upfloater sets
//! of the optimal size and score profile (3.5.4), stops at the first set meeting [C6] and [C7]
//! fully and is capped at [`SET_BUDGET`] legal sets.

use super::cardinality::{Graph, perfect};
use super::options::ColourPreferenceType;
use super::state::TeamState;
use super::weighted::max_weight_matching;

/// At most this many legal upfloater sets are compared on [C6]/[C7] in one bracket; the best
/// among them is taken. Reached only when hundreds of sets tie on [C4]/[C5] and all fail [C6].
pub(crate) const SET_BUDGET: usize = 1000;

/// The round's context: teams to pair in TPN order, and the compatibility matrix ([C1]).
pub(crate) struct Ctx<'a> {
    pub teams: &'a [TeamState],
    pub compatible: Vec<Vec<bool>>,
    /// [C7] and [C10] apply (not one of the last two rounds).
    pub float_rules: bool,
    pub kind: ColourPreferenceType,
    /// [C6] graded instead of pass/fail.
    pub c6_graded: bool,
}

impl<'a> Ctx<'a> {
    pub fn new(
        teams: &'a [TeamState],
        float_rules: bool,
        kind: ColourPreferenceType,
        c6_graded: bool,
    ) -> Self {
        let compatible = teams
            .iter()
            .map(|a| {
                teams
                    .iter()
                    .map(|b| {
                        // Symmetric even when the file's two sides of a match disagree.
                        a.tpn != b.tpn
                            && a.met.binary_search(&b.tpn).is_err()
                            && b.met.binary_search(&a.tpn).is_err()
                    })
                    .collect()
            })
            .collect();
        Ctx {
            teams,
            compatible,
            float_rules,
            kind,
            c6_graded,
        }
    }

    fn ok(&self, a: usize, b: usize) -> bool {
        self.compatible[a][b]
    }

    /// Whether the teams `set` can all be paired with each other.
    fn perfect(&self, set: &[usize]) -> bool {
        perfect(set.len(), |i, j| self.ok(set[i], set[j]))
    }
}

/// The pairs of a round and its PAB, as indices into the context's teams.
pub(crate) type RoundPairs = (Vec<(usize, usize)>, Option<usize>);

/// Pairs the round: `(pairs, pab)` as indices into `ctx.teams`; `None` when no legal pairing
/// exists (3.3.3: the Chief Arbiter decides).
pub(crate) fn pair_round(ctx: &Ctx) -> Option<RoundPairs> {
    let n = ctx.teams.len();
    let all: Vec<usize> = (0..n).collect();
    let mut pab = None;
    if n % 2 == 1 {
        // 3.4: eligible ([C2]) teams by lowest score, most matches played, largest TPN; the first
        // that leaves a legal pairing for everyone else (3.4.1).
        let mut cands: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&i| !ctx.teams[i].pab_barred)
            .collect();
        cands.sort_by(|&a, &b| {
            let (ta, tb) = (&ctx.teams[a], &ctx.teams[b]);
            ta.primary
                .cmp(&tb.primary)
                .then(tb.played.cmp(&ta.played))
                .then(tb.tpn.cmp(&ta.tpn))
        });
        let chosen = cands.into_iter().find(|&c| {
            let rest: Vec<usize> = all.iter().copied().filter(|&i| i != c).collect();
            ctx.perfect(&rest)
        })?;
        pab = Some(chosen);
    } else if !ctx.perfect(&all) {
        return None;
    }
    let mut unpaired: Vec<usize> = all.into_iter().filter(|&i| Some(i) != pab).collect();
    let mut pairs = Vec::new();
    while !unpaired.is_empty() {
        unpaired.sort_by(|&a, &b| {
            ctx.teams[b]
                .primary
                .cmp(&ctx.teams[a].primary)
                .then(a.cmp(&b))
        });
        let top_score = ctx.teams[unpaired[0]].primary;
        let (top, lower): (Vec<usize>, Vec<usize>) = unpaired
            .iter()
            .partition(|&&i| ctx.teams[i].primary == top_score);
        let ups = select_upfloaters(ctx, &top, &lower)?;
        let mut bracket: Vec<usize> = top.iter().chain(ups.iter()).copied().collect();
        bracket.sort_unstable();
        pairs.extend(pair_bracket(ctx, &bracket, &ups)?);
        unpaired.retain(|i| !bracket.contains(i));
    }
    Some((pairs, pab))
}

/// 3.5: the upfloaters joining the top scoregroup `top`; `lower` holds every other unpaired
/// team, by descending score then TPN.
fn select_upfloaters(ctx: &Ctx, top: &[usize], lower: &[usize]) -> Option<Vec<usize>> {
    if lower.is_empty() {
        return Some(Vec::new());
    }
    let groups = score_groups(ctx, lower);
    // [C6]'s following scoregroup: the next score below the top one among all the round's
    // teams. When its teams all became upfloaters of an earlier bracket it is empty and [C6]
    // is vacuous (2.3.3), as Gacrux reads it; it is not the next scoregroup still unpaired.
    let top_score = top.first().map(|&i| ctx.teams[i].primary);
    let next_score = ctx
        .teams
        .iter()
        .map(|t| t.primary)
        .filter(|&s| top_score.is_some_and(|top| s < top))
        .max();
    let following: &[usize] = match groups.first() {
        Some((s, members)) if Some(*s) == next_score => members,
        _ => &[],
    };
    let profile = match quick_profile(ctx, top, lower, &groups) {
        Some(p) => p,
        None => best_profile(ctx, top, lower, &groups)?,
    };
    if profile.iter().all(|&c| c == 0) {
        return Some(Vec::new());
    }
    let mut best: Option<((usize, usize), Vec<usize>)> = None;
    let mut seen = 0;
    let mut chosen = Vec::new();
    enumerate_sets(&groups, &profile, 0, &mut chosen, &mut |set| {
        let mut bracket: Vec<usize> = top.iter().chain(set.iter()).copied().collect();
        let rest: Vec<usize> = lower.iter().copied().filter(|i| !set.contains(i)).collect();
        bracket.sort_unstable();
        if !ctx.perfect(&bracket) || !ctx.perfect(&rest) {
            return true;
        }
        seen += 1;
        let c7 = if ctx.float_rules {
            set.iter()
                .filter(|&&i| ctx.teams[i].floated_last_round)
                .count()
        } else {
            0
        };
        // Sets come in 3.5.4 order, so a later set must be strictly better to replace one.
        if let Some(((b6, b7), _)) = &best
            && (*b6 == 0 && c7 >= *b7)
        {
            return seen < SET_BUDGET;
        }
        let c6 = c6_value(ctx, following, set, &rest);
        if best.as_ref().is_none_or(|(k, _)| (c6, c7) < *k) {
            best = Some(((c6, c7), set.to_vec()));
        }
        !(c6 == 0 && c7 == 0) && seen < SET_BUDGET
    });
    best.map(|(_, s)| s)
}

/// `lower` split into scoregroups, highest first; members in TPN order.
fn score_groups(ctx: &Ctx, lower: &[usize]) -> Vec<(crate::model::Points, Vec<usize>)> {
    let mut groups: Vec<(crate::model::Points, Vec<usize>)> = Vec::new();
    for &i in lower {
        let s = ctx.teams[i].primary;
        match groups.last_mut() {
            Some((gs, members)) if *gs == s => members.push(i),
            _ => groups.push((s, vec![i])),
        }
    }
    for g in &mut groups {
        g.1.sort_unstable();
    }
    groups
}

/// The usual cases of [C4]/[C5] without a weighted matching: an even top scoregroup that pairs
/// by itself (no upfloater), or an odd one completed by a single upfloater from the highest
/// scoregroup that has a legal one. `None`: more upfloaters are needed.
fn quick_profile(
    ctx: &Ctx,
    top: &[usize],
    lower: &[usize],
    groups: &[(crate::model::Points, Vec<usize>)],
) -> Option<Vec<usize>> {
    let mut profile = vec![0; groups.len()];
    if top.len().is_multiple_of(2) {
        return (ctx.perfect(top) && ctx.perfect(lower)).then_some(profile);
    }
    for (g, (_, members)) in groups.iter().enumerate() {
        for &x in members {
            let mut bracket = top.to_vec();
            bracket.push(x);
            let rest: Vec<usize> = lower.iter().copied().filter(|&i| i != x).collect();
            if ctx.perfect(&bracket) && ctx.perfect(&rest) {
                profile[g] = 1;
                return Some(profile);
            }
        }
    }
    None
}

/// [C4] then [C5]: how many upfloaters each lower scoregroup gives, found as one maximum-weight
/// perfect matching of all unpaired teams in which pairing a top team with a lower one costs
/// one upfloater ([C4]) plus a penalty growing geometrically with the depth of its scoregroup
/// ([C5]: the lowest upfloater score as high as possible, then the next, ...).
fn best_profile(
    ctx: &Ctx,
    top: &[usize],
    lower: &[usize],
    groups: &[(crate::model::Points, Vec<usize>)],
) -> Option<Vec<usize>> {
    let verts: Vec<usize> = top.iter().chain(lower.iter()).copied().collect();
    let nt = top.len();
    let group_of = |i: usize| groups.iter().position(|g| g.1.contains(&i)).unwrap_or(0);
    const CAP: i64 = 1 << 24;
    let b = nt as i64 + 1;
    let pen = |g: usize| -> i64 {
        let mut p: i64 = 1;
        for _ in 0..g {
            p = p.saturating_mul(b).min(CAP);
        }
        p
    };
    let pen_k = CAP.saturating_mul(b);
    let base = (pen_k + CAP).saturating_mul(verts.len() as i64 / 2 + 1);
    let mut edges = Vec::new();
    for x in 0..verts.len() {
        for y in x + 1..verts.len() {
            if !ctx.ok(verts[x], verts[y]) {
                continue;
            }
            let w = match (x < nt, y < nt) {
                (true, false) => base - pen_k - pen(group_of(verts[y])),
                _ => base,
            };
            edges.push((x, y, w));
        }
    }
    let mate = max_weight_matching(verts.len(), &edges);
    if mate.iter().any(Option::is_none) {
        return None;
    }
    let mut profile = vec![0; groups.len()];
    for m in mate.iter().take(nt) {
        if let Some(y) = *m
            && y >= nt
        {
            profile[group_of(verts[y])] += 1;
        }
    }
    Some(profile)
}

/// Calls `f` on every set with `profile[g]` members of group `g`, in the order of 3.5.3/3.5.4;
/// stops when `f` returns `false`. Returns whether to go on.
fn enumerate_sets(
    groups: &[(crate::model::Points, Vec<usize>)],
    profile: &[usize],
    g: usize,
    chosen: &mut Vec<usize>,
    f: &mut dyn FnMut(&[usize]) -> bool,
) -> bool {
    if g == groups.len() {
        return f(chosen);
    }
    let members = &groups[g].1;
    let k = profile[g];
    combinations(members, k, 0, chosen, &mut |c| {
        enumerate_sets(groups, profile, g + 1, c, f)
    })
}

fn combinations(
    items: &[usize],
    k: usize,
    from: usize,
    chosen: &mut Vec<usize>,
    f: &mut dyn FnMut(&mut Vec<usize>) -> bool,
) -> bool {
    if k == 0 {
        return f(chosen);
    }
    for i in from..items.len() {
        if items.len() - i < k {
            break;
        }
        chosen.push(items[i]);
        let go_on = combinations(items, k - 1, i + 1, chosen, f);
        chosen.pop();
        if !go_on {
            return false;
        }
    }
    true
}

/// [C6]: how far the set misses: what is left of the following scoregroup `following` should
/// be pairable in its own bracket with the parity minimum of upfloaters (0 or 1), everyone else
/// still pairable. Pass/fail (the default, the FIDE reference engine's reading) gives 0 or 1;
/// graded gives the number of upfloaters that bracket will need beyond the minimum. Vacuous
/// (0) when the whole scoregroup floated up.
fn c6_value(ctx: &Ctx, following: &[usize], set: &[usize], rest: &[usize]) -> usize {
    let left: Vec<usize> = following
        .iter()
        .copied()
        .filter(|i| !set.contains(i))
        .collect();
    if left.is_empty() {
        return 0;
    }
    let minimum = left.len() % 2;
    let others: Vec<usize> = rest.iter().copied().filter(|i| !left.contains(i)).collect();
    if minimum == 0 && ctx.perfect(&left) && ctx.perfect(&others) {
        return 0;
    }
    if minimum == 1 {
        // Usually one of the first teams below completes it; otherwise ask the matching.
        for &x in others.iter().take(8) {
            let mut bracket = left.clone();
            bracket.push(x);
            let below: Vec<usize> = others.iter().copied().filter(|&i| i != x).collect();
            if ctx.perfect(&bracket) && ctx.perfect(&below) {
                return 0;
            }
        }
    }
    // The heaviest perfect matching of `rest` rewarding pairs inside `left` gives the fewest
    // members of `left` that must meet teams from below.
    let mut edges = Vec::new();
    let big = rest.len() as i64 + 2;
    for x in 0..rest.len() {
        for y in x + 1..rest.len() {
            if ctx.ok(rest[x], rest[y]) {
                let inside = left.contains(&rest[x]) && left.contains(&rest[y]);
                edges.push((x, y, big + i64::from(inside)));
            }
        }
    }
    let mate = max_weight_matching(rest.len(), &edges);
    if mate.iter().any(Option::is_none) {
        return left.len();
    }
    let inside_pairs = mate
        .iter()
        .enumerate()
        .filter(|&(x, m)| {
            m.is_some_and(|y| x < y && left.contains(&rest[x]) && left.contains(&rest[y]))
        })
        .count();
    let needed = left.len() - 2 * inside_pairs;
    let excess = needed.saturating_sub(minimum);
    if ctx.c6_graded {
        excess
    } else {
        usize::from(excess > 0)
    }
}

/// 3.6: the lexicographically first pairing of `bracket` (TPN order) among those with the best
/// [C8], [C9], [C10]; `ups` are the bracket's upfloaters.
fn pair_bracket(ctx: &Ctx, bracket: &[usize], ups: &[usize]) -> Option<Vec<(usize, usize)>> {
    let m = bracket.len();
    let bc = BracketCosts::new(ctx, bracket, ups);
    let any_cost = bc.costs.iter().flatten().any(|&c| c > 0);
    // With no cost anywhere every perfect matching is best: a cardinality matching finds one
    // faster than the weighted solver.
    let (best, witness) = if any_cost {
        bc.solve(&|_, _| true)?
    } else {
        let g = Graph::from_fn(m, |a, b| bc.ok(a, b));
        let mate: Option<Vec<usize>> = g.max_matching().into_iter().collect();
        (0, mate?)
    };
    // Fast path: the fold (first half against second half) is the first identifier there is;
    // when it is legal and as good as the best, it is the answer (round 1, quiet brackets).
    let half = m / 2;
    let fold_ok = (0..half).all(|t| bc.ok(t, t + half));
    if fold_ok && (0..half).map(|t| bc.cost(t, t + half)).sum::<i64>() == best {
        return Some((0..half).map(|t| (bracket[t], bracket[t + half])).collect());
    }
    let pairs = first_pairing(&bc, best, witness)?;
    Some(
        pairs
            .into_iter()
            .map(|(t, p)| (bracket[t], bracket[p]))
            .collect(),
    )
}

/// The cost of each legal pair of a bracket (by position in the bracket), and the matchings
/// that minimise their total.
struct BracketCosts<'a> {
    ctx: &'a Ctx<'a>,
    bracket: &'a [usize],
    costs: Vec<Vec<i64>>,
    /// More than any pairing's total cost: a maximum-weight perfect matching on
    /// `base - cost` is a pairing of the fewest [C8] violations, then [C9], then [C10].
    base: i64,
}

impl<'a> BracketCosts<'a> {
    #[allow(clippy::needless_range_loop)] // cost matrix filled by index pairs
    fn new(ctx: &'a Ctx<'a>, bracket: &'a [usize], ups: &[usize]) -> Self {
        let m = bracket.len();
        // Each criterion outweighs all of the next ones together: at most m/2 pairs each add
        // less than `big_m` of the lower criteria.
        let big_m = m as i64 + 1;
        let cost = |a: usize, b: usize| -> i64 {
            let (ta, tb) = (&ctx.teams[bracket[a]], &ctx.teams[bracket[b]]);
            let mut c = 0;
            if let (Some(p), Some(q)) = (ta.preference, tb.preference)
                && p.colour == q.colour
            {
                c += big_m * big_m; // [C8]
                if ctx.kind == ColourPreferenceType::B && p.strong && q.strong {
                    c += big_m; // [C9]
                }
            }
            if ctx.float_rules {
                // [C10]: the opponent of an upfloater floated in the previous round.
                let (ua, ub) = (ups.contains(&bracket[a]), ups.contains(&bracket[b]));
                if ua != ub {
                    let resident = if ua { tb } else { ta };
                    c += i64::from(resident.floated_last_round);
                }
            }
            c
        };
        let mut costs = vec![vec![0i64; m]; m];
        for a in 0..m {
            for b in a + 1..m {
                if ctx.ok(bracket[a], bracket[b]) {
                    costs[a][b] = cost(a, b);
                    costs[b][a] = costs[a][b];
                }
            }
        }
        let max_cost = big_m * big_m * 2 + big_m * 2 + 2;
        BracketCosts {
            ctx,
            bracket,
            costs,
            base: max_cost * (m as i64 / 2 + 1),
        }
    }

    /// Whether the teams at positions `a` and `b` may meet ([C1]).
    fn ok(&self, a: usize, b: usize) -> bool {
        self.ctx.ok(self.bracket[a], self.bracket[b])
    }

    fn cost(&self, a: usize, b: usize) -> i64 {
        self.costs[a][b]
    }

    /// The cheapest perfect matching among the `allowed` pairs: its total cost and each
    /// position's partner.
    fn solve(&self, allowed: &dyn Fn(usize, usize) -> bool) -> Option<(i64, Vec<usize>)> {
        let m = self.bracket.len();
        let mut edges = Vec::new();
        for a in 0..m {
            for b in a + 1..m {
                if self.ok(a, b) && allowed(a, b) {
                    edges.push((a, b, self.base - self.cost(a, b)));
                }
            }
        }
        let mate: Option<Vec<usize>> = max_weight_matching(m, &edges).into_iter().collect();
        let mate = mate?;
        let total = (0..m)
            .filter(|&a| a < mate[a])
            .map(|a| self.cost(a, mate[a]))
            .sum();
        Some((total, mate))
    }

    /// The oracle of 3.6.2: a pairing as good as the `best` that keeps to the `allowed` pairs,
    /// if any.
    fn as_good_as(&self, best: i64, allowed: &dyn Fn(usize, usize) -> bool) -> Option<Vec<usize>> {
        if best == 0 {
            let m = self.bracket.len();
            let g = Graph::from_fn(m, |a, b| {
                self.ok(a, b) && self.cost(a, b) == 0 && allowed(a, b)
            });
            g.max_matching().into_iter().collect()
        } else {
            self.solve(allowed)
                .filter(|(t, _)| *t == best)
                .map(|(_, mate)| mate)
        }
    }
}

/// A bracket member's part in the pairing being built (3.6.2).
#[derive(Clone, Copy, PartialEq)]
enum Member {
    Open,
    Top,
    Bottom,
}

/// 3.6.2: the lexicographically first pairing of the bracket's positions as good as the
/// `best`: first the set of top members, smallest TPNs first, then their partners in order.
/// `witness` is such a pairing. Returns (top, bottom) pairs of positions.
fn first_pairing(
    bc: &BracketCosts<'_>,
    best: i64,
    mut witness: Vec<usize>,
) -> Option<Vec<(usize, usize)>> {
    let m = bc.bracket.len();
    let half = m / 2;
    let oracle = |allowed: &dyn Fn(usize, usize) -> bool| bc.as_good_as(best, allowed);
    let mut role = vec![Member::Open; m];
    let mut partner: Vec<Option<usize>> = vec![None; m];
    let fits = |role: &[Member], partner: &[Option<usize>], a: usize, b: usize| -> bool {
        // a < b always: a is the top member of the pair.
        role[a] != Member::Bottom
            && role[b] != Member::Top
            && partner[a].is_none_or(|p| p == b)
            && partner[b].is_none_or(|p| p == a)
    };
    // Each step keeps a witness: when it already agrees with the choice tried, the oracle
    // need not be asked.
    let mut tops = 0;
    for v in 0..m {
        if tops == half {
            // Every top member is known: the rest are bottom members.
            role[v] = Member::Bottom;
            continue;
        }
        if witness[v] > v {
            role[v] = Member::Top;
            tops += 1;
            continue;
        }
        role[v] = Member::Top;
        match oracle(&|a, b| fits(&role, &partner, a, b)) {
            Some(w) => {
                witness = w;
                tops += 1;
            }
            None => role[v] = Member::Bottom,
        }
    }
    for t in 0..m {
        if role[t] != Member::Top {
            continue;
        }
        for p in t + 1..m {
            if role[p] != Member::Bottom || partner[p].is_some() || !bc.ok(t, p) {
                continue;
            }
            partner[t] = Some(p);
            partner[p] = Some(t);
            if witness[t] == p {
                break;
            }
            match oracle(&|a, b| fits(&role, &partner, a, b)) {
                Some(w) => {
                    witness = w;
                    break;
                }
                None => {
                    partner[t] = None;
                    partner[p] = None;
                }
            }
        }
    }
    (0..m)
        .filter(|&t| role[t] == Member::Top)
        .map(|t| partner[t].map(|p| (t, p)))
        .collect()
}
