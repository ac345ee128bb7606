//! What the results page and the pictures show of the stage being played
//! ([`crate::report::web`]): for each section its standings (as in `standings.xlsx`), its latest
//! paired round and its crosstable; the delegation ranking as a section of its own.

use super::individual::section_marks;
use super::individual_tables::{delegation_table, section_crosstable, section_table};
use super::{Target, finals, league, tables, team_swiss};
use crate::Lang;
use crate::model::{Points, Sport};
use crate::outcome::{StageKind, StageOutcome};
use crate::report::round_workbook::{self, colour_word};
use crate::report::tables::TextTable;
use crate::report::web::{Block, Page, RoundBlock, Section};
use crate::rounds::lines::Lines;
use crate::rounds::notation;
use crate::season::RoundPaper;
use crate::season::matches::MatchScoring;

/// The page of the stage (sections without anything to show are left out).
pub fn page(t: &Target<'_>, stage: Option<&StageOutcome>) -> Page {
    let (e, lang) = (t.event, t.lang);
    let mut place = e.venue.city.clone();
    if let Some(v) = &e.venue.venue {
        place.push(' ');
        place.push_str(v);
    }
    let subtitle = format!(
        "{} {} {}  {place}",
        e.dates.start,
        lang.pick("至", "to"),
        e.dates.end
    );
    Page {
        title: e.event.name.clone(),
        subtitle,
        sections: stage.map(|s| sections(t, s)).unwrap_or_default(),
    }
}

fn sections(t: &Target<'_>, stage: &StageOutcome) -> Vec<Section> {
    let lang = t.lang;
    let (team_id, team_name) = t.event.sections.first().map_or_else(
        || ("team".to_string(), lang.pick("团体赛", "Teams").to_string()),
        |s| (s.id.clone(), lang.pick(&s.name, &s.id).to_string()),
    );
    let after = |n: usize| match lang {
        Lang::Zh => format!("第{n}轮后排名"),
        Lang::En => format!("ranking after round {n}"),
    };
    let cross_title = lang.pick("交叉表", "crosstable").to_string();
    match &stage.kind {
        StageKind::League(o) => {
            let final_ranking = o
                .finals
                .as_ref()
                .and_then(|f| finals::final_ranking(f, &o.names, t));
            let (standings, picture_columns) = match (final_ranking, &o.standings) {
                (Some(table), _) => (
                    Some(Block {
                        title: lang.pick("总排名", "final ranking").to_string(),
                        table,
                    }),
                    // Place, team and the note (降级, 资格待查): the mark travels with the picture.
                    vec![0, 1, 2],
                ),
                (None, Some(st)) => (
                    Some(Block {
                        title: after(o.complete.len()),
                        table: league::ranking_table(
                            st,
                            &o.names,
                            t,
                            &stage.stage,
                            o.finals.is_none() && o.final_places(t.event).is_some(),
                        ),
                    }),
                    team_columns(st.keys.len()),
                ),
                (None, None) => (None, Vec::new()),
            };
            let latest = o
                .finals
                .as_ref()
                .and_then(|f| f.papers.last())
                .or(o.papers.last());
            vec![Section {
                id: team_id,
                name: team_name,
                standings,
                round: latest.map(|p| round_block(t, p, &o.scoring, None)),
                crosstable: Some(Block {
                    title: cross_title,
                    table: tables::crosstable(&o.names, &o.complete, &o.scoring, &o.places, lang),
                }),
                picture_columns,
            }]
        }
        StageKind::TeamSwiss(o) => vec![Section {
            id: team_id,
            name: team_name,
            standings: o.standings.as_ref().map(|st| Block {
                title: after(o.complete.len()),
                table: league::ranking_table(st, &o.names, t, &stage.stage, o.finished()),
            }),
            // A team bye scores `[stages.bye]`: its game points go where a match's score
            // goes, as the crosstable writes them (`轮空 2.5`).
            round: o
                .papers
                .last()
                .map(|p| round_block(t, p, &o.scoring, Some(o.bye.1))),
            crosstable: Some(Block {
                title: cross_title,
                table: team_swiss::swiss_crosstable(
                    &o.names,
                    &o.complete,
                    &o.scoring,
                    o.bye,
                    &o.withdrawals,
                    &o.places,
                    lang,
                ),
            }),
            picture_columns: o
                .standings
                .as_ref()
                .map(|st| team_columns(st.keys.len()))
                .unwrap_or_default(),
        }],
        StageKind::Individual(o) => individual_sections(t, o, &after),
    }
}

/// Each group of an individual stage, then the delegation ranking.
fn individual_sections(
    t: &Target<'_>,
    o: &crate::season::individual::IndividualOutcome,
    after: &dyn Fn(usize) -> String,
) -> Vec<Section> {
    let lang = t.lang;
    let cross_title = lang.pick("交叉表", "crosstable").to_string();
    let scoring = MatchScoring::default();
    let mut v: Vec<Section> = o
        .sections
        .iter()
        .map(|s| {
            // The bye scores `[stages.bye] points` of the section's stage, a win when unset (as
            // the section is scored).
            let bye = t
                .event
                .stages
                .iter()
                .find(|x| x.id == s.stage)
                .and_then(|x| x.bye.as_ref())
                .map_or(t.event.scoring.game.win, |b| b.points);
            let marks = section_marks(s, lang);
            let latest = o.papers.iter().rev().find(|p| p.id == s.id);
            Section {
                id: s.id.clone(),
                name: lang.pick(&s.name, &s.id).to_string(),
                standings: (!s.complete.is_empty()).then(|| Block {
                    title: after(s.complete.len()),
                    table: section_table(&s.standings, &s.entrants, &marks, lang),
                }),
                round: latest.map(|p| round_block(t, p, &scoring, Some(bye))),
                crosstable: (!s.complete.is_empty()).then(|| Block {
                    title: cross_title.clone(),
                    table: section_crosstable(t, s, &marks),
                }),
                // Place, name, unit and the first two scores.
                picture_columns: (0..5.min(3 + s.standings.headers.len())).collect(),
            }
        })
        .collect();
    if let (Some(tr), Some(id)) = (&t.event.team_ranking, &o.delegation_list)
        && !o.delegations.is_empty()
    {
        v.push(Section {
            id: id.clone(),
            name: tr.name.clone(),
            standings: Some(Block {
                title: format!("{}{}", tr.name, lang.pick("成绩", " ranking")),
                table: delegation_table(&o.delegations, lang),
            }),
            round: None,
            crosstable: None,
            picture_columns: vec![0, 1, 2, 3, 4],
        });
    }
    v
}

/// The columns of a team ranking's picture: place, team and the first three scores.
fn team_columns(keys: usize) -> Vec<usize> {
    let mut v = vec![0, 2];
    v.extend(3..3 + keys.min(3));
    v
}

/// A round's pairings and results: every board (as on the printable pairings) and, for the
/// picture, the matches with their game score (team events) or the boards. The bye row shows
/// `bye`, the points the bye scores (game points for a team), where a result goes, and the
/// bye word in the language of the page.
fn round_block(
    t: &Target<'_>,
    p: &RoundPaper,
    scoring: &MatchScoring,
    bye: Option<Points>,
) -> RoundBlock {
    let bye_word = lang_bye(t.lang);
    let bye_points = (bye.map(|b| scoring.sport.points_text(b))).unwrap_or_default();
    let is_bye = |team: &str| crate::rounds::sheet::BYE_WORDS.contains(&team.trim());
    let lang = t.lang;
    let sport = t.event.event.sport;
    let title = match lang {
        Lang::Zh => format!("{} 第{}轮 对阵及成绩", p.name, p.round()),
        Lang::En => format!("{} round {}: pairings and results", p.id, p.round()),
    };
    let result = |r: Option<crate::model::GameResult>| {
        r.map(|g| notation::format(g, sport))
            .unwrap_or("")
            .to_string()
    };
    let (boards, summary) = match &p.lines {
        Lines::Team(v) => {
            let boards = TextTable {
                headers: round_workbook::headers(&p.lines, sport, lang),
                rows: v
                    .iter()
                    .map(|l| {
                        vec![
                            l.match_no.to_string(),
                            l.board.to_string(),
                            l.home_team.clone(),
                            l.home_player.clone(),
                            colour_word(l.home_colour, sport, lang).to_string(),
                            if is_bye(&l.away_team) {
                                bye_points.clone()
                            } else {
                                result(l.result)
                            },
                            l.away_player.clone(),
                            if is_bye(&l.away_team) {
                                bye_word.to_string()
                            } else {
                                l.away_team.clone()
                            },
                        ]
                    })
                    .collect(),
                centred: vec![0, 1, 4, 5],
                ..Default::default()
            };
            (boards, match_summary(v, scoring, &bye_points, lang))
        }
        Lines::Individual(v) => {
            let boards = TextTable {
                headers: round_workbook::headers(&p.lines, sport, lang),
                rows: v
                    .iter()
                    .map(|l| {
                        vec![
                            l.board.to_string(),
                            l.left.clone(),
                            if l.right.is_some() {
                                result(l.result)
                            } else if let (Sport::Chess, Some(b)) = (sport, bye) {
                                // A chess bye with its value as chess writes it: `1`, `½`.
                                super::individual_tables::chess_points(b)
                            } else {
                                bye_points.clone()
                            },
                            l.right.clone().unwrap_or_else(|| bye_word.to_string()),
                        ]
                    })
                    .collect(),
                centred: vec![0, 2],
                ..Default::default()
            };
            (boards.clone(), boards)
        }
    };
    RoundBlock {
        round: p.round(),
        title,
        boards,
        summary,
    }
}

/// The picture's table of a team round: one row per match, its teams and, once every board has
/// a result, the score; a bye row shows the points the bye scores, `bye_points`.
fn match_summary(
    v: &[crate::rounds::lines::TeamLine],
    scoring: &MatchScoring,
    bye_points: &str,
    lang: Lang,
) -> TextTable {
    let bye_word = lang_bye(lang);
    let is_bye = |team: &str| crate::rounds::sheet::BYE_WORDS.contains(&team.trim());
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut scores: Vec<Option<(Points, Points)>> = Vec::new();
    for l in v {
        let fresh = rows.last().is_none_or(|r| r[0] != l.match_no.to_string());
        if fresh {
            let bye_row = is_bye(&l.away_team);
            rows.push(vec![
                l.match_no.to_string(),
                l.home_team.clone(),
                if bye_row {
                    bye_points.to_string()
                } else {
                    String::new()
                },
                if bye_row {
                    bye_word.to_string()
                } else {
                    l.away_team.clone()
                },
            ]);
            // A bye row has no games: its cell is the bye's points, set above.
            scores.push((!bye_row).then_some((Points::ZERO, Points::ZERO)));
        }
        if let Some(s) = scores.last_mut() {
            *s = match (*s, l.result) {
                (Some((h, a)), Some(g)) => {
                    Some((h + scoring.game(g), a + scoring.game(g.reversed())))
                }
                _ => None,
            };
        }
    }
    for (r, s) in rows.iter_mut().zip(&scores) {
        if let Some((h, a)) = s {
            r[2] = scoring.sport.score_pair(*h, *a);
        }
    }
    TextTable {
        headers: vec![
            lang.pick("场次", "Match").to_string(),
            lang.pick("主队", "Home").to_string(),
            lang.pick("比分", "Score").to_string(),
            lang.pick("客队", "Away").to_string(),
        ],
        rows,
        centred: vec![0, 2],
        ..Default::default()
    }
}

/// The bye word of the page: `轮空`, `BYE`.
fn lang_bye(lang: Lang) -> &'static str {
    lang.pick("轮空", "BYE")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Colour, GameResult, Sport};
    use crate::rounds::lines::TeamLine;

    fn line(board: u32, away: &str, result: Option<GameResult>) -> TeamLine {
        TeamLine {
            match_no: if away == "轮空" { 2 } else { 1 },
            board,
            home_team: if away == "轮空" {
                "北京队"
            } else {
                "广西队"
            }
            .into(),
            home_player: String::new(),
            home_colour: if board % 2 == 1 {
                Colour::White
            } else {
                Colour::Black
            },
            result,
            away_player: String::new(),
            away_team: away.into(),
        }
    }

    /// The picture of a xiangqi team round: the match scored 2/1/0 a game reads `7-3`, the bye
    /// its game points without a decimal; a chess round keeps `3.5:1.5`.
    #[test]
    fn a_team_round_picture_scores_in_the_sport_s_words() {
        use GameResult::*;
        let mut v: Vec<TeamLine> = [Win, Draw, Loss, Win, Win]
            .into_iter()
            .zip(1..)
            .map(|(r, b)| line(b, "河南队", Some(r)))
            .collect();
        v.push(line(1, "轮空", None));
        let xiangqi = MatchScoring {
            game_win: Points::from_whole(2),
            game_draw: Points::from_whole(1),
            sport: Sport::Xiangqi,
            ..MatchScoring::default()
        };
        let five = xiangqi.sport.points_text(Points::from_whole(5));
        let t = match_summary(&v, &xiangqi, &five, Lang::Zh);
        assert_eq!(t.rows[0], ["1", "广西队", "7-3", "河南队"]);
        assert_eq!(t.rows[1], ["2", "北京队", "5", "轮空"]);
        let t = match_summary(&v, &MatchScoring::default(), "2.5", Lang::Zh);
        assert_eq!(t.rows[0], ["1", "广西队", "3.5:1.5", "河南队"]);
    }
}
