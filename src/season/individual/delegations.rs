//! The delegation ranking (团体) of a multi-group individual event: the sum of the places of each
//! delegation's best `count` players across the counted groups, lower first.
//!
//! Implemented exactly as the template's `[team_ranking]` default describes (RULES.md §E):
//!
//! - a delegation with fewer than `count` placed players counts each missing place as the
//!   number of entrants of the largest counted group + 1 (a missing player belongs to no
//!   group, so the worst place of any group plus one; for a single group this is the
//!   template's 该组参赛人数+1);
//! - ties: the counted places compared one by one from the best (`ranks-lexicographic`), then
//!   the points of the counted players (more first), then the place of the fifth-best player
//!   (missing = as above); still equal → the same place.

use crate::model::Points;

/// A placed player of a delegation: the place in its group and its points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    /// Place in the player's group.
    pub place: u32,
    /// Points in the group.
    pub points: Points,
}

/// One row of the delegation ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DelegationRow {
    /// Place (shared on a full tie).
    pub rank: u32,
    /// The delegation.
    pub unit: String,
    /// The counted places, best first (missing ones included).
    pub counted: Vec<u32>,
    /// Their sum.
    pub sum: u32,
    /// Points of the counted (present) players.
    pub points: Points,
    /// The fifth-best place (or the missing value).
    pub next: u32,
}

/// Ranks delegations from their players' places. `missing` is the place a missing player
/// counts as.
pub fn rank(units: &[(String, Vec<Placed>)], count: usize, missing: u32) -> Vec<DelegationRow> {
    let mut rows: Vec<DelegationRow> = units
        .iter()
        .map(|(unit, ps)| {
            let mut ps = ps.clone();
            ps.sort_by(|a, b| a.place.cmp(&b.place).then(b.points.cmp(&a.points)));
            let mut counted: Vec<u32> = ps.iter().take(count).map(|p| p.place).collect();
            let points = ps.iter().take(count).map(|p| p.points).sum();
            counted.resize(count, missing);
            let next = ps.get(count).map_or(missing, |p| p.place);
            DelegationRow {
                rank: 0,
                unit: unit.clone(),
                sum: counted.iter().sum(),
                counted,
                points,
                next,
            }
        })
        .collect();
    let key = |r: &DelegationRow| {
        (
            r.sum,
            r.counted.clone(),
            std::cmp::Reverse(r.points),
            r.next,
        )
    };
    rows.sort_by(|a, b| key(a).cmp(&key(b)).then_with(|| a.unit.cmp(&b.unit)));
    for i in 0..rows.len() {
        let rank = match i.checked_sub(1).and_then(|j| rows.get(j)) {
            Some(prev) if key(prev) == key(&rows[i]) => prev.rank,
            _ => i as u32 + 1,
        };
        rows[i].rank = rank;
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(place: u32, pts: i32) -> Placed {
        Placed {
            place,
            points: Points::from_whole(pts),
        }
    }

    #[test]
    fn best_four_missing_and_ties() {
        let units = vec![
            (
                "甲".to_string(),
                vec![p(1, 10), p(5, 6), p(2, 8), p(9, 2), p(3, 7)],
            ),
            ("乙".to_string(), vec![p(1, 10), p(2, 8), p(3, 7), p(5, 6)]),
            ("丙".to_string(), vec![p(1, 9), p(2, 9)]),
            (
                "丁".to_string(),
                vec![p(2, 8), p(1, 10), p(3, 7), p(5, 6), p(6, 1)],
            ),
        ];
        let r = rank(&units, 4, 11);
        let v: Vec<(u32, &str, u32, u32)> = r
            .iter()
            .map(|x| (x.rank, x.unit.as_str(), x.sum, x.next))
            .collect();
        // 甲, 乙, 丁 all count 1+2+3+5 = 11 with 31 points; the fifth place decides: 丁 6,
        // 甲 9, 乙 missing (11). 丙: 1 + 2 + 11 + 11 = 25.
        assert_eq!(
            v,
            [
                (1, "丁", 11, 6),
                (2, "甲", 11, 9),
                (3, "乙", 11, 11),
                (4, "丙", 25, 11)
            ]
        );
    }

    #[test]
    fn a_full_tie_shares_the_place() {
        let units = vec![
            ("B".to_string(), vec![p(1, 4), p(2, 2)]),
            ("A".to_string(), vec![p(2, 2), p(1, 4)]),
        ];
        let r = rank(&units, 2, 5);
        assert_eq!((r[0].rank, r[1].rank), (1, 1));
        assert_eq!((r[0].unit.as_str(), r[1].unit.as_str()), ("A", "B"));
    }
}
