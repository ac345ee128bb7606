//! Money: prizes and tax, board and lodging, fees and grants; all in integer fen.
//!
//! - [`prizes`]: payouts from the final rankings, tax withheld, reconciliation;
//! - [`rooms`]: room requests and standard stays grouped into rooms, with `room.*` findings;
//! - [`costs`]: each team's statement and the rooms needed per night;
//! - [`compute`]: the money outcome of the event (payouts, reconciliation, statements), which
//!   the report layer writes as `out/prizes.xlsx` and `out/costs.xlsx`.
//!
//! Every rate, amount and date comes from `event.toml`; nothing here knows a regulation.

mod bands;
mod booking;
pub mod costs;
mod once;
pub mod prizes;
pub mod rooms;

use crate::event::Event;
use crate::findings::Findings;
use crate::model::Points;
use crate::model::roster::Roster;

pub use costs::{Detail, Item, Line, Side, Statement, Unit};
pub use once::Booked;
pub use prizes::{Payout, Reconciliation, Shared};
pub use rooms::{BookedRoom, Lodging, TeamLodging};

/// One entry of a final ranking, as the league and Swiss stages give it: the plain input of
/// the prizes (group, place, name, delegation, ID number).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RankedEntry {
    /// Final place (entries not separated by tie-breaks share it).
    pub place: u32,
    /// Person, pair or team.
    pub name: String,
    /// Team or delegation.
    pub team: String,
    /// ID number of a person.
    pub id_number: Option<String>,
    /// The entry is a unit (no tax).
    pub is_unit: bool,
    /// Final score, for sharing the prizes of entries tied on it (`[prizes] ties`); `None`
    /// where ties cannot arise (knockout places).
    pub points: Option<Points>,
    /// The entry's eligibility is pending (资格待查): its prize is listed but withheld.
    pub withheld: bool,
    /// The rating on the start list (`None` or 0: unrated), for rating-band prize lists.
    pub rating: Option<u32>,
}

/// The id of a prize list: the ranking it pays, as `[[prizes.lists]] ranking` names it (a
/// section id such as `open-men`, or a team ranking such as `team`, `delegations`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ListId(String);

impl ListId {
    /// The id `id`.
    pub fn new(id: impl Into<String>) -> Self {
        ListId(id.into())
    }

    /// The id as event.toml writes it.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<&str> for ListId {
    fn from(id: &str) -> Self {
        ListId::new(id)
    }
}

impl std::fmt::Display for ListId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl PartialEq<&str> for ListId {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl PartialEq<String> for ListId {
    fn eq(&self, other: &String) -> bool {
        &self.0 == other
    }
}

/// The final ranking of one prize list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FinalRanking {
    /// The prize list (`team`, `open-men`, `delegations`).
    pub list: ListId,
    /// The ranked entries.
    pub places: Vec<RankedEntry>,
}

/// Every team's lodging and statement, in roster order.
pub fn statements(
    event: &Event,
    roster: &Roster,
    payouts: &[Payout],
    findings: &mut Findings,
) -> Vec<(Statement, TeamLodging)> {
    rooms::unattached(roster, findings);
    // In an individual event a person entered by two delegations (person.duplicate, same ID
    // number) plays and pays once: with the first delegation in roster order, as the sections
    // place them. (A team league's line-ups may field them for either team.)
    let individual = (event.sections().iter()).all(|s| s.entrant != crate::event::Entrant::Team);
    let mut seen: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
    // A person entered twice is booked once: with the team whose room sheet asks for him,
    // else with the team that entered him first.
    let mut booked = Booked::default();
    for t in &roster.teams {
        rooms::claim_requested(event, t, &mut booked);
    }
    roster
        .teams
        .iter()
        .map(|t| {
            let mut own = t.clone();
            own.players.retain(|p| {
                !individual || (p.id.as_ref()).is_none_or(|id| seen.insert(id.value.number.clone()))
            });
            let l = rooms::lodge_once(event, t, &mut booked, findings);
            (costs::statement(event, &own, &l, payouts), l)
        })
        .collect()
}

/// What the money of the event came to.
#[derive(Debug, Clone, Default)]
pub struct MoneyOutcome {
    /// Every payout.
    pub payouts: Vec<Payout>,
    /// The prize reconciliation, when `prizes.xlsx` is due (a prize is paid, or a list of
    /// `event.toml` has money: lists without a final ranking say they wait).
    pub reconciliation: Option<Reconciliation>,
    /// The prize lists whose final ranking is known.
    pub ranked_lists: Vec<ListId>,
    /// Every team's statement and lodging, in roster order.
    pub statements: Vec<(Statement, TeamLodging)>,
}

impl MoneyOutcome {
    /// Whether a team has a line (`costs.xlsx` is due).
    pub(crate) fn has_costs(&self) -> bool {
        self.statements.iter().any(|(s, _)| !s.lines.is_empty())
    }
}

/// Pays the prizes from the final rankings of the stages that are over and settles every
/// team's costs.
pub fn compute(
    event: &Event,
    roster: &Roster,
    rankings: &[FinalRanking],
    findings: &mut Findings,
) -> MoneyOutcome {
    let (payouts, pf) = prizes::payouts(event, rankings);
    findings.extend(pf);
    let statements = statements(event, roster, &payouts, findings);
    let has_money = event.prizes().lists.iter().any(|l| !l.amounts.is_empty());
    let reconciliation =
        (!payouts.is_empty() || has_money).then(|| prizes::reconcile(event, &payouts));
    MoneyOutcome {
        payouts,
        reconciliation,
        ranked_lists: rankings.iter().map(|r| r.list.clone()).collect(),
        statements,
    }
}
