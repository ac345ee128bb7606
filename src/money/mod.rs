//! Money: prizes and tax, board and lodging, fees and grants; all in integer fen.
//!
//! - [`prizes`]: payouts from the final rankings, tax withheld, reconciliation;
//! - [`rooms`]: room requests and standard stays grouped into rooms, with `room.*` findings;
//! - [`costs`]: each team's statement and the rooms needed per night;
//! - [`run`]: the pipeline hook writing `out/prizes.xlsx` and `out/costs.xlsx`.
//!
//! Every rate, amount and date comes from `event.toml`; nothing here knows a regulation.

mod booking;
pub mod costs;
pub mod prizes;
pub mod rooms;

use std::path::{Path, PathBuf};

use crate::event::Event;
use crate::findings::Findings;
use crate::model::Points;
use crate::model::roster::Roster;
use crate::pipeline::summary::{CostEntry, PrizeEntry};
use crate::{Error, Lang};

pub use costs::{Line, Side, Statement};
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
}

/// The final ranking of one prize list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FinalRanking {
    /// The prize list's ranking id (`team`, `open-men`, `delegations`).
    pub list: String,
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
    roster
        .teams
        .iter()
        .map(|t| {
            let l = rooms::lodge(event, t, findings);
            (costs::statement(event, t, &l, payouts), l)
        })
        .collect()
}

/// What [`run`] produced.
#[derive(Debug, Clone, Default)]
pub struct MoneyOutput {
    /// Prize lines for the summary.
    pub prizes: Vec<PrizeEntry>,
    /// Team balances for the summary.
    pub costs: Vec<CostEntry>,
    /// Workbooks written.
    pub written: Vec<PathBuf>,
    /// Every payout.
    pub payouts: Vec<Payout>,
    /// Every team's statement, in roster order (for the team packets).
    pub statements: Vec<Statement>,
}

/// Pays the prizes, settles the costs and writes `prizes.xlsx` (when a prize is paid or a list
/// of `event.toml` has money: lists without a final ranking in `rankings` say they wait) and
/// `costs.xlsx` (when a team has a line), into `out_dir`.
///
/// Workbook content is Chinese (SPEC §5) whatever `lang`; findings carry both languages.
///
/// # Errors
///
/// [`Error::Io`] when a workbook cannot be written.
pub fn run(
    event: &Event,
    roster: &Roster,
    rankings: &[FinalRanking],
    out_dir: &Path,
    _lang: Lang,
    findings: &mut Findings,
) -> Result<MoneyOutput, Error> {
    let (payouts, pf) = prizes::payouts(event, rankings);
    for f in pf {
        findings.push(f);
    }
    let st = statements(event, roster, &payouts, findings);
    let mut out = MoneyOutput::default();
    let has_money = event.prizes.lists.iter().any(|l| !l.amounts.is_empty());
    if !payouts.is_empty() || has_money {
        let p = out_dir.join("prizes.xlsx");
        let rec = prizes::reconcile(event, &payouts);
        let ranked: Vec<&str> = rankings.iter().map(|r| r.list.as_str()).collect();
        crate::report::prizes::write_prizes(&p, event, &payouts, &rec, &ranked)?;
        out.written.push(p);
    }
    if st.iter().any(|(s, _)| !s.lines.is_empty()) {
        let p = out_dir.join("costs.xlsx");
        crate::report::costs::write_costs(&p, event, &st)?;
        out.written.push(p);
        out.costs = st
            .iter()
            .map(|(s, _)| {
                let b = s.balance();
                CostEntry {
                    team: s.team.clone(),
                    owes_fen: b.0.max(0),
                    receives_fen: (-b.0).max(0),
                }
            })
            .collect();
    }
    out.prizes = payouts
        .iter()
        .map(|p| PrizeEntry {
            section: p.list_name.clone(),
            place: p.place,
            name: p.name.clone(),
            team: p.team.clone(),
            gross_fen: p.gross.0,
            tax_fen: p.tax.0,
            net_fen: p.net.0,
        })
        .collect();
    out.statements = st.into_iter().map(|(s, _)| s).collect();
    out.payouts = payouts;
    Ok(out)
}
