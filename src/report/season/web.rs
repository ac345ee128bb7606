//! What the results page and the pictures show of the stage being played
//! ([`crate::report::web`]): for each section its standings (as in `standings.xlsx`), its latest
//! paired round and its crosstable; the delegation ranking as a section of its own.

use super::individual::section_marks;
use super::individual_tables::{delegation_table, section_crosstable, section_table};
use super::{Target, finals, league, tables, team_swiss};
use crate::Lang;
use crate::model::{Points, Sport};
use crate::outcome::{StageKind, StageOutcome};
use crate::report::cell::texts;
use crate::report::round_workbook::{self, colour_word};
use crate::report::tables::TextTable;
use crate::report::web::{Block, Page, RoundBlock, Section};
use crate::rounds::lines::Lines;
use crate::rounds::notation;
use crate::season::RoundPaper;
use crate::season::matches::MatchScoring;

/// The page of the stage, then of each team section of its own (men's and women's teams:
/// `team_sections`, each with its event and roster); sections without anything to show are
/// left out.
pub fn page(
    t: &Target<'_>,
    stage: Option<&StageOutcome>,
    team_sections: &[crate::outcome::sections::SectionOutcome],
) -> Page {
    let (e, lang) = (t.event, t.lang);
    let mut place = e.venue().city.clone();
    if let Some(v) = &e.venue().venue {
        place.push(' ');
        place.push_str(v);
    }
    let subtitle = format!(
        "{} {} {}  {place}",
        e.dates().start,
        lang.pick("至", "to"),
        e.dates().end
    );
    let mut shown = stage.map(|s| sections(t, s)).unwrap_or_default();
    for s in team_sections {
        let st = Target {
            event: &s.event,
            roster: &s.roster,
            ..*t
        };
        shown.extend(sections(&st, &s.stage));
    }
    Page {
        title: e.meta().name.clone(),
        subtitle,
        sections: shown,
    }
}

fn sections(t: &Target<'_>, stage: &StageOutcome) -> Vec<Section> {
    let lang = t.lang;
    let (team_id, team_name) = t.event.sections().first().map_or_else(
        || ("team".to_string(), lang.pick("团体赛", "Teams").to_string()),
        |s| (s.id.to_string(), lang.pick(&s.name, &s.id).to_string()),
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
                (None, Some(st)) => {
                    let is_final = o.finals.is_none() && o.final_places(t.event).is_some();
                    let table = league::ranking_table(st, &o.names, t, &stage.stage, is_final);
                    let (table, lead) = phone_order(&table, &[0, 2], &[1]);
                    let title = if is_final {
                        lang.pick("总排名", "final ranking").to_string()
                    } else {
                        after(o.complete.len())
                    };
                    (
                        Some(Block { title, table }),
                        (0..lead + st.keys.len().min(3)).collect(),
                    )
                }
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
        StageKind::TeamSwiss(o) => {
            let (standings, picture_columns) = o
                .standings
                .as_ref()
                .map(|st| swiss_standings(t, o, st, &stage.stage, &after))
                .unzip();
            vec![Section {
                id: team_id,
                name: team_name,
                standings,
                // A team bye scores `[stages.bye]`: its game points go where a match's score
                // goes, as the crosstable writes them (`轮空 2.5`).
                round: o
                    .papers
                    .last()
                    .map(|p| round_block(t, p, &o.scoring, Some(o.bye.1))),
                crosstable: Some(Block {
                    title: cross_title,
                    table: team_swiss::outcome_crosstable(o, lang),
                }),
                picture_columns: picture_columns.unwrap_or_default(),
            }]
        }
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
                .stages()
                .iter()
                .find(|x| x.id == s.stage)
                .and_then(|x| x.bye.as_ref())
                .map_or(t.event.scoring().game.win, |b| b.points);
            let marks = section_marks(t.event, s, lang);
            let latest = o.papers.iter().rev().find(|p| p.id == s.id);
            let table = section_table(&s.standings, &s.codes, &s.entrants, &marks, lang);
            let (table, lead) = phone_order(&table, &[0, 1], &[]);
            let columns = table.headers.len();
            // A group whose every planned round is complete shows its final ranking.
            let done = o
                .groups
                .iter()
                .any(|g| g.section_id == s.id && g.is_final());
            let standings = (!s.complete.is_empty()).then(|| Block {
                title: if done {
                    lang.pick("总排名", "final ranking").to_string()
                } else {
                    after(s.complete.len())
                },
                table,
            });
            Section {
                id: s.id.clone(),
                name: lang.pick(&s.name, &s.id).to_string(),
                standings: standings.clone(),
                round: latest.map(|p| round_block(t, p, &scoring, Some(bye))),
                crosstable: (!s.complete.is_empty()).then(|| Block {
                    title: cross_title.clone(),
                    table: section_crosstable(t, s, &marks),
                }),
                // Place, name, the note, unit and the first two scores.
                picture_columns: (0..(lead + 3).min(columns)).collect(),
            }
        })
        .collect();
    if let (Some(tr), Some(id)) = (t.event.team_ranking(), &o.delegation_list)
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

/// A team Swiss's standings on the page and its picture's columns: once the last round is
/// complete, the final ranking (`总排名`: place, team, 备注 with the honours, 升级 and 资格待查,
/// 场分, 局分) as in `standings.xlsx`; before, the ranking after the last complete round.
fn swiss_standings(
    t: &Target<'_>,
    o: &crate::season::team_swiss::TeamSwissOutcome,
    st: &crate::scoring::Standings,
    stage: &str,
    after: &dyn Fn(usize) -> String,
) -> (Block, Vec<usize>) {
    let lang = t.lang;
    let (title, table, scores) = if o.finished() {
        let title = lang.pick("总排名", "final ranking").to_string();
        (title, team_swiss::final_table(t, st, &o.names), 2)
    } else {
        let table = league::ranking_table(st, &o.names, t, stage, false);
        (after(o.complete.len()), table, st.keys.len().min(3))
    };
    let (table, lead) = phone_order(&table, &[0, 2], &[1]);
    (Block { title, table }, (0..lead + scores).collect())
}

/// A table in the order a phone shows it (issue 45): the `lead` columns, then the note column
/// (`备注`, last in the workbooks) when there is one, then the others, `tail` last; and how
/// many columns lead (the note included). The page shows the first ones without scrolling,
/// the pictures the first ones only.
fn phone_order(t: &TextTable, lead: &[usize], tail: &[usize]) -> (TextTable, usize) {
    let n = t.headers.len();
    let note = t
        .headers
        .iter()
        .rposition(|h| h == "备注" || h == "Note")
        .filter(|i| !lead.contains(i));
    let mut order: Vec<usize> = lead.iter().copied().filter(|&c| c < n).collect();
    order.extend(note);
    let first = order.len();
    let head = order.clone();
    order.extend((0..n).filter(|c| !head.contains(c) && !tail.contains(c)));
    order.extend(
        tail.iter()
            .copied()
            .filter(|&c| c < n && !head.contains(&c)),
    );
    let mut table = crate::report::web::picture::columns(t, &order);
    if note.is_some() {
        table.wrapped = vec![first - 1];
    }
    (table, first)
}

/// A round's pairings and results: every board (as on the printable pairings) and, for the
/// picture, the matches with their game score (team events) or the boards. A bye is no result
/// (issue 45): a team bye's row says 轮空 for the opponent and its game points, `bye`, where
/// the match's score goes in the picture; an individual bye's says `轮空（1分）`.
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
    let sport = t.event.meta().sport;
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
                        texts(vec![
                            l.match_no.to_string(),
                            l.board.to_string(),
                            l.home_team.clone(),
                            l.home_player.clone(),
                            colour_word(l.home_colour, sport, lang).to_string(),
                            // A bye is no result: its game points are the match's score
                            // (the picture) and count in the standings.
                            if is_bye(&l.away_team) {
                                String::new()
                            } else {
                                result(l.result)
                            },
                            l.away_player.clone(),
                            if is_bye(&l.away_team) {
                                bye_word.to_string()
                            } else {
                                l.away_team.clone()
                            },
                        ])
                    })
                    .collect(),
                centred: vec![0, 1, 4, 5],
                ..Default::default()
            };
            // On a phone: the boards' players and results first, the teams and colours after.
            let (boards, _) = phone_order(&boards, &[0, 1, 3, 5, 6, 2, 7], &[]);
            (boards, match_summary(v, scoring, &bye_points, lang))
        }
        Lines::Individual(v) => {
            let boards = TextTable {
                headers: round_workbook::headers(&p.lines, sport, lang),
                rows: v
                    .iter()
                    .map(|l| {
                        texts(vec![
                            l.board.to_string(),
                            l.left.clone(),
                            // A bye is no result: the result cell stays empty and the
                            // opponent's says 轮空 with the points it scores.
                            if l.right.is_some() {
                                result(l.result)
                            } else {
                                String::new()
                            },
                            l.right.clone().unwrap_or_else(|| {
                                let points = match (sport, bye) {
                                    // As chess writes it: `1`, `½`.
                                    (Sport::Chess, Some(b)) => {
                                        super::individual_tables::chess_points(b)
                                    }
                                    // Xiangqi's `2`, not `2.0`.
                                    (Sport::Xiangqi, Some(b)) => sport.points_text(b),
                                    (_, None) => bye_points.clone(),
                                };
                                bye_with_points(&points, lang)
                            }),
                        ])
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
        rows: rows.into_iter().map(texts).collect(),
        centred: vec![0, 2],
        ..Default::default()
    }
}

/// The opponent cell of an individual bye: `轮空（1分）`, `BYE (1 pt)`; `轮空` alone when the bye
/// scores nothing known.
fn bye_with_points(points: &str, lang: Lang) -> String {
    match (points.is_empty(), lang) {
        (true, _) => lang_bye(lang).to_string(),
        (false, Lang::Zh) => format!("轮空（{points}分）"),
        (false, Lang::En) => format!("BYE ({points} pt)"),
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
