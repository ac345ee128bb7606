//! The facts of an event a team stage's TRF export starts from: the header records of a stage
//! and each team's players in board order.

use super::{ExportHeader, ExportPlayer, ExportTeam, Facts, Person};
use crate::event::{Event, Stage};
use crate::model::Colour;
use crate::model::roster::Team;
use crate::season::matches::MatchScoring;

/// The team tie-breaks when the event names none (as `season::team_standings`).
const DEFAULT_TIEBREAKS: [&str; 5] = ["MPTS", "GPTS", "EDE", "EMGSB", "BC"];

/// The TRF header facts of a stage.
pub fn header(
    event: &Event,
    stage: &Stage,
    rounds: u32,
    round_robin: bool,
    colours: Vec<Colour>,
    scoring: MatchScoring,
) -> ExportHeader {
    let mut facts = Facts::of(event, stage);
    facts.rounds = rounds;
    facts.kind = if round_robin {
        "Team Round Robin (Berger)"
    } else {
        "Team Swiss System"
    }
    .into();
    facts.system = (!round_robin).then(|| "FIDE_TEAM_TYPEA_MP_GP".into());
    facts.tiebreaks = event
        .tiebreaks_for(&stage.id, "team")
        .map(|t| t.order.clone())
        .unwrap_or_else(|| DEFAULT_TIEBREAKS.iter().map(|s| s.to_string()).collect());
    ExportHeader {
        facts,
        colours,
        scoring,
        pab: (
            scoring.match_draw,
            scoring.game_draw * i32::try_from(boards_len(event)).unwrap_or(0),
        ),
    }
}

fn boards_len(event: &Event) -> usize {
    event.boards().map_or(0, |b| b.count())
}

/// The export teams of a stage: team `numbers[i]` of the roster as pairing number `i + 1`
/// (numbers naming no roster team are left out).
pub fn export_teams(numbers: &[String], roster: &crate::model::roster::Roster) -> Vec<ExportTeam> {
    numbers
        .iter()
        .enumerate()
        .filter_map(|(i, u)| {
            roster
                .teams
                .iter()
                .find(|t| &t.unit.value == u)
                .map(|t| export_team(u32::try_from(i + 1).unwrap_or(u32::MAX), t))
        })
        .collect()
}

/// Players in board order (mains by board, then reserves, then the rest) for the export.
pub fn export_team(number: u32, team: &Team) -> ExportTeam {
    let players = team
        .board_order()
        .into_iter()
        .filter_map(|p| {
            let name = p.name.as_ref()?;
            Some(ExportPlayer {
                key: name.value.key.clone(),
                rating: p
                    .rating
                    .as_ref()
                    .and_then(|r| u16::try_from(r.value).ok())
                    .unwrap_or(0),
                person: Person::of(p),
            })
        })
        .collect();
    ExportTeam {
        number,
        name: crate::normalize::fide_team_name(&team.unit.value),
        players,
        standing: None,
    }
}
