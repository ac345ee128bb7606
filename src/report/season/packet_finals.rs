//! A league's knockout finals as the team packets show them (issue 44): every finals leg a
//! team played in 对阵与成绩, and its final place with 降级 in 名次.

use std::collections::HashMap;

use crate::season::finals::FinalsOutcome;
use crate::season::matches::RoundResults;

/// A league's knockout finals indexed for the packets (issue 44): the finals rounds played,
/// each team's matches in them, and once every match is decided each team's final place and
/// whether it is relegated.
pub(super) struct FinalsIndex {
    /// The complete finals rounds.
    pub(super) rounds: Vec<RoundResults>,
    /// Team number → (round index, match index) of its finals matches.
    pub(super) matches: HashMap<u32, Vec<(usize, usize)>>,
    /// Team number → final place (empty until the finals are over).
    pub(super) places: HashMap<u32, u32>,
    /// The teams relegated, by number.
    pub(super) relegated: Vec<u32>,
}

impl FinalsIndex {
    pub(super) fn new(f: &FinalsOutcome, no_of: &HashMap<&str, u32>) -> Self {
        // Only complete rounds, as for the round robin (a round being played is not a result).
        let rounds = f.complete_rounds();
        let places = f
            .places
            .iter()
            .flatten()
            .filter_map(|(place, name)| Some((*no_of.get(name.as_str())?, *place)))
            .collect();
        let relegated = if f.state.outcome.is_complete() {
            f.state
                .outcome
                .relegated
                .iter()
                .flatten()
                .filter_map(|seed| f.state.seeds.get(seed).copied())
                .collect()
        } else {
            Vec::new()
        };
        FinalsIndex {
            matches: matches_by_team(&rounds),
            rounds,
            places,
            relegated,
        }
    }
}

/// Team number → (round index, match index) of its matches, in round and sheet order.
pub(super) fn matches_by_team(rounds: &[RoundResults]) -> HashMap<u32, Vec<(usize, usize)>> {
    let mut matches: HashMap<u32, Vec<(usize, usize)>> = HashMap::new();
    for (r, rr) in rounds.iter().enumerate() {
        for (i, m) in rr.matches.iter().enumerate() {
            matches.entry(m.home).or_default().push((r, i));
            if m.away != m.home {
                matches.entry(m.away).or_default().push((r, i));
            }
        }
    }
    matches
}
