//! The notes under a league's published finals tables naming each template default that
//! decided a place (issue 44 point 6): the season's tie-break order when teams level on match
//! points were told apart by it, the knockout's 局分 decider when it decided a match, the
//! semi-final re-seeding by season place. Each is named once, in words for the public (issue 45:
//! no event.toml key, no 默认值 in print), until the organizer confirms it (the setting's
//! `default`, `tie_resolution_default` or `bracket_default` set to false).

use crate::Lang;
use crate::event::Event;
use crate::pairing::knockout::{DecidedBy, Decision};
use crate::scoring::Standings;
use crate::season::finals::FinalsOutcome;

/// The notes, in the order of the event's stages: empty when no default decided a place.
pub(super) fn decided_by_defaults(
    event: &Event,
    season: Option<&Standings>,
    f: &FinalsOutcome,
    lang: Lang,
) -> Vec<String> {
    let mut notes = Vec::new();
    let Some(stage) = event.stages().iter().find(|s| s.id == f.stage) else {
        return notes;
    };
    let Some(k) = stage.knockout.as_ref() else {
        return notes;
    };
    // The season's order seeded the bracket: it decided places when two teams share their
    // match points.
    let seeds_from = k.seeds_from.as_str();
    let tied = season.is_some_and(|st| {
        st.rows
            .windows(2)
            .any(|w| w[0].rank > 0 && w[1].rank > 0 && w[0].primary == w[1].primary)
    });
    if tied
        && event
            .tiebreaks_for(seeds_from, "team")
            .is_some_and(|t| t.is_default)
    {
        notes.push(match lang {
            Lang::Zh => {
                "常规赛同场分队伍的名次（总决赛序号）按组委会默认设置的破同分顺序决定".to_string()
            }
            Lang::En => "teams level on match points in the season (the finals' seeds) were \
                         split by the organizers' default tie-break order"
                .to_string(),
        });
    }
    let by_games: Vec<String> = f
        .state
        .outcome
        .matches
        .iter()
        .filter(|m| {
            matches!(
                m.decision,
                Decision::Won {
                    by: DecidedBy::GamePoints,
                    ..
                }
            )
        })
        .map(|m| {
            k.matches
                .iter()
                .find(|d| d.id == m.id)
                .map_or_else(|| m.id.clone(), |d| d.name.clone())
        })
        .collect();
    if !by_games.is_empty() && k.tie_resolution.default {
        notes.push(match lang {
            Lang::Zh => format!(
                "{}场分相同，按组委会默认设置以局分决定胜者",
                by_games.join("、")
            ),
            Lang::En => format!(
                "{}: level on match points, decided by game points (the organizers' default)",
                by_games.join(", ")
            ),
        });
    }
    if k.bracket_default && !k.groups.is_empty() {
        notes.push(match lang {
            Lang::Zh => {
                "半决赛及第五至八名争夺赛按常规赛名次重新排位（组委会默认设置）".to_string()
            }
            Lang::En => "the semi-finals and the 5th-8th place matches were re-seeded by season \
                         place (the organizers' default)"
                .to_string(),
        });
    }
    notes
}
