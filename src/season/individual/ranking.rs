//! The rankings an individual Swiss stage hands on: one [`GroupRanking`] per section (group)
//! and the delegation ranking, for the prizes module and reports.
//!
//! A place is the rank of the CXA chain (entrants not separated by it share the place); a pair
//! (家庭双人组) is one place with two members. [`final_rankings`] turns the finished ones into
//! the prize lists' [`FinalRanking`]s (`list` = the section id, or the `[team_ranking]` id).

use super::XqRoundData;
use super::delegations::DelegationRow;
use super::entrants::Entrant;
use crate::eligibility::standing::Standing;
use crate::model::Points;
use crate::money::{FinalRanking, ListId, RankedEntry};
use crate::scoring::cxa::CxaStandings;
use crate::season::{RoundCounts, RoundPaper};

/// A person of an entrant (one for an individual, two for a pair).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupMember {
    /// Name as shown.
    pub name: String,
    /// Resident ID (or other document) number, when the form gave one.
    pub id_number: Option<String>,
}

/// One place of a group ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupPlace {
    /// Place (shared when the chain does not separate).
    pub place: u32,
    /// The entrant as shown: `张三`, or `成人/儿童` for a pair.
    pub name: String,
    /// The delegation (代表队).
    pub unit: String,
    /// 积分.
    pub points: Points,
    /// The person, or the two of a pair (adult first).
    pub members: Vec<GroupMember>,
    /// Withdrew (退赛) during the event.
    pub withdrawn: bool,
    /// Eligibility pending (资格待查): ranked, its prize withheld.
    pub pending: bool,
    /// The rating on the start list (`None`: unrated), for rating-band prizes.
    pub rating: Option<u32>,
}

/// The ranking of one group (a section of the stage).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupRanking {
    /// Section id (`open-men`), the prize list's `ranking`.
    pub section_id: String,
    /// Section name (`公开组男子`).
    pub section: String,
    /// An official group (counts for the delegation ranking); the family pairs are not.
    pub official: bool,
    /// Rounds planned and complete.
    pub rounds_planned: u32,
    /// Rounds complete so far.
    pub rounds_complete: u32,
    /// Places in ranking order.
    pub places: Vec<GroupPlace>,
}

impl GroupRanking {
    /// Whether every planned round is complete (the ranking is final).
    pub fn is_final(&self) -> bool {
        self.rounds_planned > 0 && self.rounds_complete >= self.rounds_planned
    }
}

/// One section (group) of the stage after its rounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SectionOutcome {
    /// Section id (`open-men`).
    pub id: String,
    /// The id of the stage that plays the section (an event may play its Swiss sections and a
    /// round robin section side by side).
    pub stage: String,
    /// The rounds its stage plans.
    pub planned: u32,
    /// Section name (`公开组男子`).
    pub name: String,
    /// The entrants, in pairing-id order (id = index + 1).
    pub entrants: Vec<Entrant>,
    /// Rounds whose workbook exists.
    pub paired: u32,
    /// Each entrant's standing with the regulation (by entrant index).
    pub entrant_standings: Vec<Option<Standing>>,
    /// The complete rounds.
    pub complete: Vec<XqRoundData>,
    /// The standings over the complete rounds (the CXA chain; a FIDE Dutch section's C.07
    /// order, its `column_keys` empty); disqualified entrants last, with place 0.
    pub standings: CxaStandings,
    /// The round to be paired, entered ahead (FIDE Dutch; empty for the xiangqi Swiss): the
    /// byes requested for it and the zero-point byes of the entrants not paired again.
    pub upcoming: Vec<(usize, crate::tournament::ByeKind)>,
    /// The code of each standings column, as the summary keys it (`PTS`, `BH/C1`; the xiangqi
    /// chain's [`super::summary_codes`]).
    pub codes: Vec<String>,
    /// The virtual points of Baku acceleration (C.04.5.1) as `250` records; empty without.
    pub accelerations: Vec<crate::tournament::Acceleration>,
}

/// Everything an individual Swiss stage came to.
#[derive(Debug, Clone, Default)]
pub struct IndividualOutcome {
    /// Rounds read back, then the rounds to be played next, section by section.
    pub papers: Vec<RoundPaper>,
    /// Round counts (paired: the most of any section; complete: the fewest).
    pub counts: RoundCounts,
    /// Every section that plays, in event.toml order.
    pub sections: Vec<SectionOutcome>,
    /// One ranking per section, in event.toml order.
    pub groups: Vec<GroupRanking>,
    /// The delegation ranking (`[team_ranking]`), empty without one.
    pub delegations: Vec<DelegationRow>,
    /// The `[team_ranking]` id (`delegations`), when there is one.
    pub delegation_list: Option<String>,
    /// Whether every counted group is final (the delegation ranking is final).
    pub delegations_final: bool,
}

impl IndividualOutcome {
    /// Adds the sections of another individual stage played side by side (a round robin
    /// section next to the Swiss ones): its papers, sections and groups after these. The
    /// counts plan the longer stage's rounds; a stage of fewer rounds counts as complete
    /// once its own rounds are, so the event is over when every stage is.
    pub fn merge(&mut self, other: IndividualOutcome) {
        let (a, b) = (self.counts, other.counts);
        let planned = a.planned.max(b.planned);
        let complete = |c: RoundCounts| c.complete + (planned - c.planned);
        self.counts = RoundCounts {
            planned,
            paired: a.paired.max(b.paired),
            complete: complete(a).min(complete(b)),
        };
        self.papers.extend(other.papers);
        self.sections.extend(other.sections);
        self.groups.extend(other.groups);
        self.delegations_final &= other.delegations_final;
    }
}

/// The final rankings for the prize lists: every finished group (`list` = section id; a pair's
/// ID number is the adult's) and the delegation ranking once its groups are finished (units).
pub fn final_rankings(run: &IndividualOutcome) -> Vec<FinalRanking> {
    let mut out: Vec<FinalRanking> = run
        .groups
        .iter()
        .filter(|g| g.is_final())
        .map(|g| FinalRanking {
            list: ListId::new(g.section_id.as_str()),
            places: g
                .places
                .iter()
                .map(|p| RankedEntry {
                    place: p.place,
                    name: p.name.clone(),
                    team: p.unit.clone(),
                    id_number: p.members.first().and_then(|m| m.id_number.clone()),
                    is_unit: false,
                    points: Some(p.points),
                    withheld: p.pending,
                    rating: p.rating,
                })
                .collect(),
        })
        .collect();
    if let (Some(list), true) = (&run.delegation_list, run.delegations_final) {
        out.push(FinalRanking {
            list: ListId::new(list.as_str()),
            places: run
                .delegations
                .iter()
                .map(|d| RankedEntry {
                    place: d.rank,
                    name: d.unit.clone(),
                    team: d.unit.clone(),
                    id_number: None,
                    is_unit: true,
                    points: None,
                    withheld: false,
                    rating: None,
                })
                .collect(),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(place: u32, name: &str, ids: &[Option<&str>]) -> GroupPlace {
        GroupPlace {
            place,
            name: name.into(),
            unit: "北京市".into(),
            points: Points::from_whole(2),
            members: ids
                .iter()
                .map(|id| GroupMember {
                    name: name.into(),
                    id_number: id.map(String::from),
                })
                .collect(),
            withdrawn: false,
            pending: false,
            rating: None,
        }
    }

    #[test]
    fn finished_groups_and_the_delegations_become_prize_rankings() {
        let group = |id: &str, complete: u32, places: Vec<GroupPlace>| GroupRanking {
            section_id: id.into(),
            section: id.into(),
            official: true,
            rounds_planned: 7,
            rounds_complete: complete,
            places,
        };
        let mut run = IndividualOutcome {
            groups: vec![
                group(
                    "family",
                    7,
                    vec![place(1, "甲/乙", &[Some("A1"), Some("C1")])],
                ),
                group("open-men", 6, vec![place(1, "丙", &[Some("B1")])]),
            ],
            delegations: vec![DelegationRow {
                rank: 1,
                unit: "北京市".into(),
                counted: vec![1, 2, 3, 4],
                sum: 10,
                points: Points::from_whole(30),
                next: 5,
            }],
            delegation_list: Some("delegations".into()),
            delegations_final: false,
            ..IndividualOutcome::default()
        };
        let r = final_rankings(&run);
        // open-men is not finished; a pair's ID is the adult's; delegations wait.
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].list, "family");
        assert_eq!(r[0].places[0].id_number.as_deref(), Some("A1"));
        assert!(!r[0].places[0].is_unit);
        run.delegations_final = true;
        let r = final_rankings(&run);
        assert_eq!(r[1].list, "delegations");
        assert_eq!((r[1].places[0].place, r[1].places[0].is_unit), (1, true));
    }
}
