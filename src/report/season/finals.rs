//! `finals.xlsx`: every match of the knockout finals with its score and decision, and once
//! every match is decided the final ranking 1..n with the relegated teams; and the finals'
//! round workbooks.

use super::{Target, render_papers};
use crate::pairing::knockout;
use crate::report::cell::{Cell, texts};
use crate::report::out_dir::{Place, Rendered};
use crate::report::tables::{SheetDoc, TextTable};
use crate::season::TeamName;
use crate::season::finals::FinalsOutcome;
use crate::{Lang, Result};

/// The finals' round workbooks and `finals.xlsx`.
///
/// # Errors
///
/// [`crate::Error::Output`] naming the workbook that cannot be built.
pub(super) fn render_finals(
    t: &Target<'_>,
    f: &FinalsOutcome,
    names: &[TeamName],
    season: Option<&crate::scoring::Standings>,
) -> Result<Vec<Rendered>> {
    let lang = t.lang;
    let mut rendered = render_papers(t, &f.papers)?;
    let Some(bracket) = bracket_sheet(t, f, names) else {
        return Ok(rendered);
    };
    let mut sheets = vec![bracket];
    if let Some(mut table) = final_ranking(f, names, t) {
        // Under the table, once: the template defaults that decided places (issue 44).
        let notes = super::default_notes::decided_by_defaults(t.event, season, f, lang);
        if !notes.is_empty() {
            table.rows.push(vec![Cell::default(); 3]);
            for n in notes {
                let note = lang.pick("注", "Note").to_string();
                table.rows.push(texts(vec![note, String::new(), n]));
            }
            table.wrapped.push(2);
        }
        sheets.push(SheetDoc {
            name: lang.pick("总排名", "Final ranking").into(),
            title: lang.pick("总排名", "final ranking").into(),
            table,
            landscape: false,
        });
    }
    let wb = crate::report::tables::signed_workbook(&t.event.meta().name, &sheets, lang);
    rendered.push(Rendered::xlsx(Place::Out("finals.xlsx".into()), wb)?);
    Ok(rendered)
}

/// The finals' bracket (`对阵`): every match with its teams, scores, winner and how it was
/// decided; `None` when the stage has no `[stages.knockout]`. In `finals.xlsx` and the results
/// book.
pub(super) fn bracket_sheet(
    t: &Target<'_>,
    f: &FinalsOutcome,
    names: &[TeamName],
) -> Option<SheetDoc> {
    let lang = t.lang;
    let (stage, k) = t
        .event
        .stages()
        .iter()
        .find(|s| s.id == f.stage)
        .and_then(|s| s.knockout.as_ref().map(|k| (s, k)))?;
    // every match with its score and decision, in the sport's words.
    let sport = t.event.meta().sport;
    let team = |seed: Option<u16>| seeded_name(f, names, seed, t.lang);
    let rows: Vec<Vec<Cell>> = f
        .state
        .outcome
        .matches
        .iter()
        .map(|mo| {
            let name = k
                .matches
                .iter()
                .find(|m| m.id == mo.id)
                .map(|m| m.name.clone())
                .unwrap_or_default();
            let decided = match mo.decision {
                knockout::Decision::Won { by, .. } => match (by, lang) {
                    (knockout::DecidedBy::MatchPoints, Lang::Zh) => "场分",
                    (knockout::DecidedBy::GamePoints, Lang::Zh) => "局分",
                    (knockout::DecidedBy::Playoff, Lang::Zh) => "加赛",
                    (knockout::DecidedBy::MatchPoints, Lang::En) => "match points",
                    (knockout::DecidedBy::GamePoints, Lang::En) => "game points",
                    (knockout::DecidedBy::Playoff, Lang::En) => "play-off",
                    (knockout::DecidedBy::Walkover, Lang::Zh) => "不战而胜",
                    (knockout::DecidedBy::Walkover, Lang::En) => "walkover",
                },
                knockout::Decision::Open(_) => lang.pick("未决", "open"),
            };
            // 主队 is the team first-named in the match's first round (the better seed,
            // whichever bracket slot it came from), its points first.
            let swap = matches!((mo.first, mo.second), (Some(a), Some(b)) if b < a);
            let (home, away) = if swap {
                (mo.second, mo.first)
            } else {
                (mo.first, mo.second)
            };
            let pair = |p: &knockout::SidePoints| {
                if swap {
                    sport.score_pair(p.second, p.first)
                } else {
                    sport.score_pair(p.first, p.second)
                }
            };
            vec![
                Cell::entered(mo.id.clone()),
                name.into(),
                team(home).into(),
                team(away).into(),
                pair(&mo.match_points).into(),
                pair(&mo.game_points).into(),
                team(mo.winner()).into(),
                decided.into(),
            ]
        })
        .collect();
    let headers = [
        ("场次", "Match"),
        ("名称", "Name"),
        ("主队（序号）", "Home (seed)"),
        ("客队（序号）", "Away (seed)"),
        ("场分", "MP"),
        ("局分", "GP"),
        ("胜者", "Winner"),
        ("决定方式", "Decided by"),
    ]
    .iter()
    .map(|(z, e)| lang.pick(z, e).to_string())
    .collect();
    Some(SheetDoc {
        name: lang.pick("对阵", "Bracket").into(),
        title: format!(
            "{} {}",
            stage.name,
            lang.pick("对阵及结果", "matches and results")
        ),
        table: TextTable {
            headers,
            rows,
            centred: vec![0, 4, 5],
            ..Default::default()
        },
        landscape: true,
    })
}

/// A team of the finals as printed: `北京华清队（3）` (name and seed; `北京华清队 (3)` in
/// English), empty for no team.
fn seeded_name(f: &FinalsOutcome, names: &[TeamName], seed: Option<u16>, lang: Lang) -> String {
    seed.and_then(|s| f.state.seeds.get(&s))
        .and_then(|n| names.iter().find(|t| t.0.0 == *n))
        .map(|t| match lang {
            Lang::Zh => format!("{}（{}）", t.1, seed.unwrap_or(0)),
            Lang::En => format!("{} ({})", t.1, seed.unwrap_or(0)),
        })
        .unwrap_or_default()
}

/// The finals' 总排名 once every match is decided: place, team (seed), and a note: 降级 for the
/// relegated, 资格待查 / 取消资格 for a team whose eligibility is open or ruled out.
pub(super) fn final_ranking(
    f: &FinalsOutcome,
    names: &[TeamName],
    t: &Target<'_>,
) -> Option<TextTable> {
    let lang = t.lang;
    let places = f.places.as_ref()?;
    let seed_of = |team: &str| {
        let n = names.iter().find(|x| x.1 == team)?.0.0;
        f.state
            .seeds
            .iter()
            .find(|(_, v)| **v == n)
            .map(|(s, _)| *s)
    };
    let mut rows: Vec<Vec<Cell>> = places
        .iter()
        .map(|(place, team)| {
            let seed = seed_of(team);
            let relegated = seed.is_some() && f.state.outcome.relegated.contains(&seed);
            let mut note = super::league::team_honours(t.event, *place);
            if relegated {
                note.push(lang.pick("降级", "relegated").to_string());
            }
            let mark = super::league::team_mark(t, team);
            if !mark.is_empty() {
                note.push(mark);
            }
            vec![
                (*place).into(),
                seeded_name(f, names, seed, lang).into(),
                note.join(lang.pick("、", ", ")).into(),
            ]
        })
        .collect();
    // A team of the bracket ruled out (取消资格) follows without a place: its results stand, its
    // place went to the teams below (递补).
    for seed in f.state.outcome.places.iter().flatten() {
        let Some(team) = (f.state.seeds.get(seed))
            .and_then(|n| names.iter().find(|x| x.0.0 == *n))
            .map(|x| x.1.as_str())
        else {
            continue;
        };
        if !places.iter().any(|(_, p)| p == team) {
            let mark = super::league::team_mark(t, team);
            rows.push(vec![
                Cell::default(),
                seeded_name(f, names, Some(*seed), lang).into(),
                mark.into(),
            ]);
        }
    }
    Some(TextTable {
        headers: vec![
            lang.pick("名次", "Place").into(),
            lang.pick("队名（序号）", "Team (seed)").into(),
            lang.pick("备注", "Note").into(),
        ],
        rows,
        centred: vec![0],
        ..Default::default()
    })
}
