//! The generated tournament as TRF-26: the header, the `001` players (points and, for an
//! individual event, ranks by the `212` order), the `310` teams.

use super::people::Person;
use super::{Config, INDIVIDUAL_ORDER, TEAM_ORDER};
use crate::model::{Colour, Points};
use crate::scoring::ScoreKind;
use crate::tournament::{History, Layout, ViewOptions};
use crate::trf::{Line, PlayerRecord, TeamRecord, Trf};

/// Deals the field (strongest first) into `teams` teams of `boards` by a snake draft, numbers
/// the teams by their mean rating (highest first, then draft order) and returns the people
/// team by team, each team strongest first.
pub fn by_team(people: Vec<Person>, teams: usize, boards: usize) -> Vec<Person> {
    let mut dealt: Vec<Vec<Person>> = vec![Vec::new(); teams];
    for (i, p) in people.into_iter().enumerate() {
        let (round, pos) = (i / teams.max(1), i % teams.max(1));
        let t = if round % 2 == 0 { pos } else { teams - 1 - pos };
        if let Some(team) = dealt.get_mut(t) {
            team.push(p);
        }
    }
    let total = |t: &Vec<Person>| t.iter().map(|p| u64::from(p.rating)).sum::<u64>();
    let mut order: Vec<usize> = (0..teams).collect();
    order.sort_by(|&a, &b| total(&dealt[b]).cmp(&total(&dealt[a])).then(a.cmp(&b)));
    let _ = boards;
    order
        .into_iter()
        .flat_map(|t| std::mem::take(&mut dealt[t]))
        .collect()
}

/// A header record.
fn other(code: &str, value: &str) -> Line {
    Line::Other {
        code: code.into(),
        raw: format!("{code} {value}"),
    }
}

/// The file.
pub fn trf(cfg: &Config, h: &History, people: &[Person], lot: Colour) -> Trf {
    let team = !h.teams.is_empty();
    let order = if team { TEAM_ORDER } else { INDIVIDUAL_ORDER };
    let t = h.scored(ViewOptions {
        edition: None,
        layout: Layout::Auto,
    });
    let keys = crate::scoring::parse_list(order).unwrap_or_default();
    let s = crate::scoring::standings(&t, &keys);
    let rank_of = |no: u32| {
        s.rows
            .iter()
            .position(|r| r.start_no == no)
            .and_then(|i| u16::try_from(i + 1).ok())
    };
    let n = h.entrants.len();
    let rated = people.iter().filter(|p| p.rating > 0).count();
    let mut lines = vec![
        other("012", &format!("Generated tournament, seed {}", cfg.seed)),
        other("022", "Generated"),
        other("032", "CHN"),
        other("042", "2026/03/02"),
        other("052", "2026/03/10"),
        other("062", &n.to_string()),
        other("072", &rated.to_string()),
        other("082", &h.teams.len().to_string()),
        other(
            "092",
            if team {
                "Team Swiss System"
            } else {
                "Individual: Swiss-System"
            },
        ),
        other("102", "Arbiter, Chief"),
        other("142", &cfg.rounds.to_string()),
        other("152", if lot == Colour::White { "W" } else { "B" }),
        other("192", h.system.as_deref().unwrap_or("")),
        other("212", order),
    ];
    for (e, p) in h.entrants.iter().zip(people) {
        let points: Points = e
            .rounds
            .iter()
            .map(|r| h.game_points.points(r.outcome))
            .sum();
        let start = |i: usize| h.entrants.get(i).map(|o| o.start_no);
        lines.push(Line::Player(PlayerRecord {
            start_no: e.start_no,
            sex: p.sex,
            title: p.title.clone(),
            name: p.name.clone(),
            rating: p.rating,
            federation: e.federation.clone(),
            points: Some(points),
            rank: if team {
                None
            } else {
                rank_of(u32::from(e.start_no))
            },
            rounds: e
                .rounds
                .iter()
                .map(|r| crate::trf::export::entry(r, start))
                .collect(),
            ..PlayerRecord::default()
        }));
    }
    for tm in &h.teams {
        let c = t
            .competitors
            .iter()
            .find(|c| c.start_no == u32::from(tm.number));
        let members: Vec<u16> = tm
            .members
            .iter()
            .filter_map(|&m| h.entrants.get(m).map(|e| e.start_no))
            .collect();
        let mean = tm
            .members
            .iter()
            .filter_map(|&m| h.entrants.get(m).and_then(|e| e.rating))
            .map(u64::from)
            .sum::<u64>()
            / (tm.members.len().max(1) as u64);
        lines.push(Line::Team(TeamRecord {
            number: tm.number,
            name: tm.name.clone(),
            strength: mean.to_string(),
            match_points: c.map(|c| c.total(ScoreKind::Match)),
            game_points: c.map(|c| c.total(ScoreKind::Game)),
            rank: rank_of(u32::from(tm.number)),
            members,
            ..TeamRecord::default()
        }));
    }
    Trf { lines }
}
