//! The outcome of an event: everything the computing layers decide from the event, the roster
//! and the round workbooks as read — the stage being played with its rounds, the round to be
//! written next, standings with tie-break values, the knockout bracket and places, the
//! delegation ranking, the final rankings, the prizes and every team's statement.
//!
//! [`compute`] is the one entry point; it does no file I/O. [`crate::report`] renders the
//! outcome into workbooks and [`crate::trf::export`] into the TRF report, and
//! [`crate::pipeline::summary`] reads the `--json` summary off it. Findings go to the run's
//! [`Findings`] sink as they are made.

use crate::event::{Event, System};
use crate::findings::Findings;
use crate::model::roster::Roster;
use crate::money::{FinalRanking, MoneyOutcome, RankedEntry};
use crate::rounds::sheet::RoundSheet;
use crate::season::individual::IndividualOutcome;
use crate::season::league::LeagueOutcome;
use crate::season::team_swiss::TeamSwissOutcome;
use crate::season::{self, RoundCounts};

pub mod sections;

pub use crate::eligibility::standing::{Standing, Statuses};

/// What the whole event came to.
#[derive(Debug, Clone, Default)]
pub struct EventOutcome {
    /// The competition stage being played (with its finals), when the event has teams or
    /// entrants to play it.
    pub stage: Option<StageOutcome>,
    /// The final rankings of the stages that are over (the input of the prizes).
    pub rankings: Vec<FinalRanking>,
    /// Prizes and statements.
    pub money: MoneyOutcome,
    /// Every entrant's standing with the regulation (pending, disqualified), after the
    /// rulings.
    pub statuses: Statuses,
    /// Each team section's own competition, in an event of several team sections (`stage` is
    /// then `None`).
    pub sections: Vec<sections::SectionOutcome>,
}

impl EventOutcome {
    /// Every list of round papers (the stage's, its finals', the sections'), for the run to
    /// hold back a round that must not be written.
    pub fn papers_mut(&mut self) -> Vec<&mut Vec<crate::season::RoundPaper>> {
        let mut all: Vec<&mut Vec<crate::season::RoundPaper>> = Vec::new();
        for s in &mut self.sections {
            all.extend(s.stage.kind.papers_mut());
        }
        let Some(stage) = &mut self.stage else {
            return all;
        };
        all.extend(stage.kind.papers_mut());
        all
    }
}

impl StageKind {
    /// The lists of round papers of the stage (its finals' too).
    fn papers_mut(&mut self) -> Vec<&mut Vec<crate::season::RoundPaper>> {
        match self {
            StageKind::League(l) => {
                let mut v = vec![&mut l.papers];
                if let Some(f) = &mut l.finals {
                    v.push(&mut f.papers);
                }
                v
            }
            StageKind::TeamSwiss(s) => vec![&mut s.papers],
            StageKind::Individual(i) => vec![&mut i.papers],
        }
    }
}

/// The outcome of the event's competition stage.
#[derive(Debug, Clone)]
pub struct StageOutcome {
    /// The stage's id in event.toml.
    pub stage: String,
    /// What it came to.
    pub kind: StageKind,
}

/// The kinds of stage bianpai carries through.
// One outcome per run: the size of the round robin's variant costs nothing worth a box.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum StageKind {
    /// A team round robin, and its knockout finals.
    League(LeagueOutcome),
    /// A team Swiss.
    TeamSwiss(TeamSwissOutcome),
    /// Individual Swiss sections and the delegation ranking.
    Individual(IndividualOutcome),
}

impl StageOutcome {
    /// Round counts of the stage being played (the finals', once they started).
    pub fn counts(&self) -> RoundCounts {
        match &self.kind {
            StageKind::League(o) => o.current_counts(),
            StageKind::TeamSwiss(o) => o.counts,
            StageKind::Individual(o) => o.counts,
        }
    }
}

/// Everything the outcome is computed from.
#[derive(Clone, Copy)]
pub struct EventInput<'a> {
    /// The event.
    pub event: &'a Event,
    /// The roster.
    pub roster: &'a Roster,
    /// The round workbooks found in the folder.
    pub sheets: &'a [RoundSheet],
    /// The draw workbook's team numbers, when the folder has one.
    pub draw: Option<&'a crate::inputs::Draw>,
    /// Each team section's draw workbook, by section id (an event of several team sections).
    pub section_draws: &'a [(String, crate::inputs::Draw)],
}

/// Computes the event's outcome: the competition as far as the round workbooks go, the final
/// rankings of what is over, then prizes and statements.
///
/// # Errors
///
/// [`crate::Error::Event`] or [`crate::Error::Pairing`] when the event cannot be carried through (a team event without
/// `[boards]`, an unusable bracket).
pub fn compute(inp: &EventInput<'_>, findings: &mut Findings) -> crate::Result<EventOutcome> {
    let event = inp.event;
    // A stage, section or board removed under played rounds: refused before anything is
    // computed (issue 46).
    season::shrunk::check(event, inp.sheets)?;
    let statuses = crate::eligibility::standing::resolve(event, inp.roster, findings);
    let mut out = EventOutcome::default();
    if event.has_team_sections() {
        let (sections, rankings) = sections::play_all(inp, &statuses, findings)?;
        out.sections = sections;
        out.rankings = rankings;
    } else {
        let (stage, rankings) = play(inp, &statuses, "team", findings)?;
        out.stage = stage;
        out.rankings = rankings;
    }
    // Money: costs come from the roster and event.toml alone; prizes from the final rankings
    // of the stages that are over.
    out.money = crate::money::compute(event, inp.roster, &out.rankings, findings);
    out.statuses = statuses;
    Ok(out)
}

/// The event's competition: its first stage that is played (with two entrants or more), and
/// the final rankings of what is over; a team stage's ranking is the prize list `team_list`.
fn play(
    inp: &EventInput<'_>,
    statuses: &Statuses,
    team_list: &str,
    findings: &mut Findings,
) -> crate::Result<(Option<StageOutcome>, Vec<FinalRanking>)> {
    let event = inp.event;
    let mut rankings = Vec::new();
    let season_input = |stage| season::StageInput {
        event,
        stage,
        roster: inp.roster,
        sheets: inp.sheets,
        draw: inp.draw,
        statuses,
    };
    // The stages in order. Each kind of stage is run by its own engine and nothing else:
    // event.toml's checks refuse a stage bianpai cannot run, so a stage that reaches here
    // unsupported is refused again rather than handed to the nearest engine.
    // The first stage that is played (with two entrants or more) is the event's.
    for stage in event.stages() {
        let kind = match (stage.system, event.is_team_event()) {
            // A knockout stage is played by the stage it is seeded from (the finals).
            (System::Knockout, _) => continue,
            (System::RoundRobin, true) => {
                season::league::run(&season_input(stage), findings)?.map(|o| {
                    // The final ranking of the team event decides the team prizes (paid to
                    // units).
                    if let Some(places) = o.final_places(event) {
                        rankings.push(team_ranking(team_list, &places, statuses));
                    }
                    StageKind::League(o)
                })
            }
            (System::TeamSwiss, true) => {
                season::team_swiss::run(&season_input(stage), findings)?.map(|o| {
                    // Once every round is complete, the team Swiss's final places decide the
                    // team prizes, as the round robin's do.
                    if let Some(places) = o.final_places() {
                        rankings.push(team_ranking(team_list, &places, statuses));
                    }
                    StageKind::TeamSwiss(o)
                })
            }
            // The individual Swiss of either sport: the xiangqi Swiss or the FIDE Dutch, as the
            // stage's system says (event.toml's checks keep each to its sport); an individual
            // round robin by its Berger schedule.
            // A round robin section next to Swiss ones (event.toml binds each stage to its
            // sections): every individual stage is played, its sections added to the first's.
            (System::XiangqiSwiss | System::Swiss | System::RoundRobin, false) => {
                let mut o = season::individual::run(&season_input(stage), findings)?;
                rankings.extend(individual_rankings(&o, statuses));
                for other in event
                    .stages()
                    .iter()
                    .skip_while(|s| s.id != stage.id)
                    .skip(1)
                {
                    if individual(other.system) {
                        let more = season::individual::run(&season_input(other), findings)?;
                        rankings.extend(individual_rankings(&more, statuses));
                        o.merge(more);
                    }
                }
                Some(StageKind::Individual(o))
            }
            (system, team) => return Err(unsupported(&stage.id, system, team)),
        };
        if let Some(kind) = kind {
            let stage = StageOutcome {
                stage: stage.id.to_string(),
                kind,
            };
            return Ok((Some(stage), rankings));
        }
    }
    Ok((None, rankings))
}

/// Whether a system plays individual sections in an individual event.
fn individual(system: System) -> bool {
    matches!(
        system,
        System::XiangqiSwiss | System::Swiss | System::RoundRobin
    )
}

/// The individual sections' final rankings, which pay the individual prizes once finished; a
/// delegation with an open blocking team finding has its team prize withheld.
fn individual_rankings(o: &IndividualOutcome, statuses: &Statuses) -> Vec<FinalRanking> {
    let mut rankings = season::individual::final_rankings(o);
    for r in rankings
        .iter_mut()
        .filter(|r| o.delegation_list.as_deref() == Some(r.list.as_str()))
    {
        for e in &mut r.places {
            e.withheld = statuses
                .team_itself(&e.team)
                .is_some_and(|s| matches!(s, Standing::Pending(_)));
        }
    }
    rankings
}

/// A stage bianpai does not run, refused at its key (a guard: event.toml's checks refuse it
/// first).
fn unsupported(stage: &str, system: System, team: bool) -> crate::Error {
    let kind = if team {
        ("团体赛", "a team event")
    } else {
        ("个人赛", "an individual event")
    };
    crate::event::EventError::Invalid {
        path: crate::event::EVENT_FILE.into(),
        key: format!("stages[{stage}].system"),
        line: 0,
        column: 0,
        message: format!(
            "{}不支持赛制“{}” (bianpai does not run {system:?} in {})",
            kind.0,
            system.zh(),
            kind.1
        ),
    }
    .into()
}

/// The team prize list's ranking from final places by team name; a pending team's prize is
/// withheld.
fn team_ranking(list: &str, places: &[(u32, String)], statuses: &Statuses) -> FinalRanking {
    FinalRanking {
        list: crate::money::ListId::new(list),
        places: places
            .iter()
            .map(|(place, name)| RankedEntry {
                place: *place,
                name: name.clone(),
                team: name.clone(),
                id_number: None,
                is_unit: true,
                points: None,
                withheld: statuses.team(name).is_some(),
                rating: None,
            })
            .collect(),
    }
}
