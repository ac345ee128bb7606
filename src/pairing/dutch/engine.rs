//! The bracket procedure: pair score brackets from the top, each with one maximum-weight
//! matching over all players still unpaired (so C4, completion, holds in every bracket), then fix
//! the bracket's pairs one decision at a time in the order of the rule text: which MDPs are
//! paired (C7 through their scores), their opponents (S2 order), the exchanges between S1 and S2
//! (fewest, then smallest BSN differences), and finally each S1 player's opponent (transposition
//! order). Each decision nudges the low "ordering" bits of a few edges and re-solves, so the
//! outcome is the first candidate the rule text's own generation order would accept, as in
//! bbpPairings.

use crate::pairing::Error;

mod bracket;
mod shortcut;

#[cfg(test)]
pub(super) use bracket::NO_EXCHANGE_PROOF;
#[cfg(test)]
pub(super) use shortcut::{PATHS, SHORTCUT};

use super::base::Base;
use super::graph::Graph;
use super::state::{DutchTournament, Field};
use super::weights::{ByeInfo, Layout};
use bracket::{Bracket, Search};

/// Why [`pair`] gave up.
#[derive(Debug)]
pub(crate) enum Failure {
    /// The round has no legal pairing (or cannot be read).
    Pairing(Error),
    /// A bracket's weights do not fit in `N` limbs: run again wider, or with `local` off.
    Narrow,
}

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        Failure::Pairing(e)
    }
}

/// Pairs the present players. Returns each player's partner (dense index) or `None`.
///
/// `lay` is the round's layout and `bye` what the first matching found. With `local`, each
/// bracket packs its weights in a layout of its own score groups only ([`Layout::local`]),
/// which must fit in `N` limbs.
pub fn pair<const N: usize>(
    t: &DutchTournament,
    field: &Field,
    sorted: &[usize],
    lay: &Layout,
    mut bye: ByeInfo,
    local: bool,
) -> Result<Vec<Option<usize>>, Failure> {
    let score = |v: usize| field.states[sorted[v]].score;
    let n = sorted.len();
    let odd = n % 2 == 1;
    if odd {
        rank_unplayed(&mut bye, field, sorted);
    }
    let mut search = Search {
        m: Graph::<N>::new(lay, field, sorted, &bye),
        base: Base::<N>::new(),
        stable: vec![n; n],
        matched: vec![false; n],
        pinned: Vec::new(),
        round: t.played_rounds as u32 + 1,
    };
    let mut partner: Vec<Option<usize>> = vec![None; field.states.len()];
    let top = score(0);
    // Vertices of the current bracket followed by the next score group.
    let mut by_index: Vec<usize> = (0..n).take_while(|&v| score(v) >= top).collect();
    let mut next_group = by_index.len();
    let mut group_begin = 0usize; // MDPs in the current bracket
    let mut group_begin_vertex = 0usize;
    let mut guard = 0;

    while by_index.len() > 1 || next_group != n {
        // A safety net: each pass takes in the next score group or pairs the last bracket,
        // so this many passes means the loop is stuck.
        guard += 1;
        if guard > 2 * n + 4 {
            return Err(search.no_pairing());
        }
        let next_begin = by_index.len();
        let next_begin_vertex = group_begin_vertex + (next_begin - group_begin);
        let group_start = next_group;
        while next_group < n && score(next_group) >= score(group_start) {
            by_index.push(next_group);
            next_group += 1;
        }
        let blay = if local {
            lay.local(by_index.iter().map(|&v| score(v)))
        } else {
            lay.clone()
        };
        if blay.body_bits() + 8 > 64 * N as u32 {
            return Err(Failure::Narrow);
        }
        // A bracket the greedy pairs provably as the procedure would.
        let next_score = (group_start < n).then(|| score(group_start));
        let bye_near = odd && next_score.is_some_and(|ns| bye.score >= ns);
        // The PAB falls on the last score group, just below the bracket: no bracket player
        // may take it (their scores are above the PAB score), and the bracket procedure's
        // weights are those of a bracket with the PAB far (C9 is not counted in this
        // bracket), so the shortcut's proof holds as it is, its completion leaving the PAB
        // to a candidate of that group.
        let bye_in_last =
            bye_near && !bye.single_downfloater && next_group == n && next_score == Some(bye.score);
        let mdp = (group_begin == 1).then(|| by_index[0]);
        if group_begin <= 1
            && (!bye_near || bye_in_last)
            && by_index[group_begin..next_begin]
                .iter()
                .copied()
                .eq(group_begin_vertex..next_begin_vertex)
        {
            let round = shortcut::Round {
                field,
                sorted,
                lay: &blay,
                bye: &bye,
                odd,
            };
            if let Some(done) = round.pair(mdp, group_begin_vertex, next_begin_vertex) {
                if bye_in_last {
                    shortcut::count_path(true);
                }
                for (a, b) in done.pairs {
                    partner[sorted[a]] = Some(sorted[b]);
                    partner[sorted[b]] = Some(sorted[a]);
                }
                by_index.drain(..next_begin);
                if let Some(x) = done.left {
                    by_index.insert(0, x);
                }
                group_begin = usize::from(done.left.is_some());
                group_begin_vertex = next_begin_vertex;
                // As below: with the PAB on the last score group, everyone carried into it
                // is paired at or above its score (there is nothing below it); else the PAB
                // is not near.
                bye.single_downfloater = bye_in_last;
                continue;
            }
        }
        let mut b = Bracket {
            field,
            sorted,
            bye: &bye,
            max_w: blay.max_weight::<N>(),
            lay: blay,
            size_bits: lay.size_bits,
            by_index,
            group_begin,
            next_begin,
            next_group,
            group_begin_vertex,
            next_begin_vertex,
            rows_end: next_begin,
        };
        search.load(&mut b, odd)?;
        search.solve(&b);
        search.choose_mdps(&b);
        search.mdp_opponents(&b)?;
        let (list, pairs) = search.remainder_list(&b);
        let rem = match search.without_exchanges(&b, &list, pairs) {
            Some(rem) => rem,
            None => {
                let rem = search.remainder(&b, list, pairs);
                search.exchange_s1(&b, &rem);
                search.exchange_s2(&b, &rem);
                search.fix_s1(&b, &rem);
                rem
            }
        };
        search.s1_opponents(&b, &rem)?;
        let (next, mdps) = search.close(&b, &mut partner);

        // C9's single downfloater (the next bracket downfloats one player, who gets the PAB):
        // the PAB score reaches the next score group and every player carried down is paired
        // at or above it in the current optimum.
        bye.single_downfloater = odd
            && next_score.is_some_and(|ns| {
                bye.score >= ns
                    && next
                        .iter()
                        .all(|&v| search.stable[v] < n && score(search.stable[v]) >= ns)
            });
        by_index = next;
        group_begin = mdps;
        group_begin_vertex = next_begin_vertex;
    }
    Ok(partner)
}

/// Ranks the played-games counts among the players on the PAB score, more games first
/// (C.04.3 C9: minimise the unplayed games of the PAB's receiver).
fn rank_unplayed(bye: &mut ByeInfo, field: &Field, sorted: &[usize]) {
    let mut counts: Vec<u32> = sorted
        .iter()
        .map(|&i| &field.states[i])
        .filter(|st| st.score == bye.score)
        .map(|st| st.played_games)
        .collect();
    counts.sort_unstable_by(|a, b| b.cmp(a));
    for (rank, c) in counts.into_iter().enumerate() {
        bye.unplayed_rank.insert(c, rank as u64);
    }
}
