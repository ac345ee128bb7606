//! The final rankings of the xiangqi groups (公开组男子 … 家庭双人组), as the prizes need them:
//! one plain list per group of (place, name, delegation, ID number, score).
//!
//! Source: the individual Swiss stage's standings ([`crate::season::individual::run`]), one
//! [`StandingEntry`] per entrant labelled `姓名（单位）` and tagged with its section's name. The
//! label is matched against the section's entrants ([`entrants::of_section`]) to recover the
//! name and the delegation without parsing; the ID number is the roster's (for a family pair
//! `成人/儿童`, the adult's: the adult signs for the pair's single prize). The caller decides
//! whether the standings are final (every round complete): before that nothing is ranked and
//! `prizes.xlsx` says so.

use crate::event::{Event, Section};
use crate::findings::Findings;
use crate::model::Points;
use crate::model::roster::Roster;
use crate::pipeline::summary::StandingEntry;
use crate::season::individual::entrants::{self, Entrant};

use super::{FinalRanking, RankedEntry};

/// The final ranking of every section that has a prize list and a standing, in the event's
/// section order. Entries are individuals (taxed), places as the standings give them.
pub fn from_sections(
    event: &Event,
    roster: &Roster,
    standings: &[StandingEntry],
) -> Vec<FinalRanking> {
    event
        .sections
        .iter()
        .filter(|s| event.prizes.list(&s.id).is_some())
        .filter_map(|s| section_ranking(event, s, roster, standings))
        .collect()
}

fn section_ranking(
    event: &Event,
    section: &Section,
    roster: &Roster,
    standings: &[StandingEntry],
) -> Option<FinalRanking> {
    // The entrants were reported on when the stage ran; their findings are not repeated.
    let mut scratch = Findings::new();
    let entrants = entrants::of_section(event, section, roster, &mut scratch);
    let places: Vec<RankedEntry> = standings
        .iter()
        .filter(|r| r.section.as_deref() == Some(section.name.as_str()))
        .map(|r| {
            let (name, unit) = match entrants.iter().find(|e| e.label() == r.name) {
                Some(Entrant { name, unit, .. }) => (name.clone(), unit.clone()),
                None => split_label(&r.name),
            };
            RankedEntry {
                place: r.rank,
                id_number: id_of(roster, &name, &unit),
                name,
                team: unit,
                is_unit: false,
                points: r.points.to_string().parse::<Points>().ok(),
            }
        })
        .collect();
    (!places.is_empty()).then(|| FinalRanking {
        list: section.id.clone(),
        places,
    })
}

/// `姓名（单位）` → (姓名, 单位) (a name has no bracket, a unit may); without a unit, all name.
fn split_label(label: &str) -> (String, String) {
    let t = label.trim();
    match t.strip_suffix('）').and_then(|x| x.split_once('（')) {
        Some((n, u)) => (n.trim().to_string(), u.trim().to_string()),
        None => (t.to_string(), String::new()),
    }
}

/// The ID number of the player `name` (the first of a pair `成人/儿童`) of delegation `unit`.
fn id_of(roster: &Roster, name: &str, unit: &str) -> Option<String> {
    let first = name.split('/').next().unwrap_or(name);
    roster
        .teams
        .iter()
        .filter(|t| t.unit.value == unit)
        .flat_map(|t| t.players.iter())
        .find(|p| p.display_name() == first)
        .and_then(|p| p.id.as_ref())
        .map(|i| i.value.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_split_at_the_first_bracket() {
        assert_eq!(
            split_label("张三（北京市（东城））"),
            ("张三".to_string(), "北京市（东城）".to_string())
        );
        assert_eq!(
            split_label("李四（河南省）"),
            ("李四".to_string(), "河南省".to_string())
        );
        assert_eq!(split_label("王五"), ("王五".to_string(), String::new()));
    }
}
