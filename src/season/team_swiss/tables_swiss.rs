//! The display tables of a team Swiss: the ranking with the template's tie-break names and the
//! Swiss crosstable (per team and round: opponent number, colour on board 1, match score).

use std::collections::BTreeMap;

use super::SwissRound;
use super::entries::Withdrawals;
use crate::Lang;
use crate::model::{Colour, Points};
use crate::report::tables::TextTable;
use crate::season::matches::Scoring;
use crate::season::tables::TeamName;

/// The Swiss crosstable: teams in number order; the cell of round r is the opponent's number,
/// the team's colour on board 1 (`白`/`黑`) and the game score of the match (`5白 3:2`), the
/// bye `轮空 2.5`, a round after the team's withdrawal `退赛`, another unpaired round (late
/// entry, absence) `未赛`; then match points, game points and the place.
pub fn swiss_crosstable(
    teams: &[TeamName],
    rounds: &[SwissRound],
    s: &Scoring,
    bye: (Points, Points),
    withdrawals: &Withdrawals,
    places: &BTreeMap<u32, u32>,
    lang: Lang,
) -> TextTable {
    let mut sorted: Vec<&TeamName> = teams.iter().collect();
    sorted.sort_by_key(|t| t.0);
    let mut headers = vec![
        lang.pick("序号", "No.").to_string(),
        lang.pick("队名", "Team").to_string(),
    ];
    headers.extend(rounds.iter().map(|r| match lang {
        Lang::Zh => format!("第{}轮", r.results.round),
        Lang::En => format!("R{}", r.results.round),
    }));
    headers.extend(
        [
            lang.pick("场分", "MP"),
            lang.pick("局分", "GP"),
            lang.pick("名次", "Place"),
        ]
        .map(str::to_string),
    );
    let colour_word = |c: Colour| match (c, lang) {
        (Colour::White, Lang::Zh) => "白",
        (Colour::Black, Lang::Zh) => "黑",
        (Colour::White, Lang::En) => "W",
        (Colour::Black, Lang::En) => "B",
    };
    let rows = sorted
        .iter()
        .map(|(no, name)| {
            let mut row = vec![no.to_string(), name.clone()];
            let (mut mp, mut gp) = (Points::ZERO, Points::ZERO);
            for r in rounds {
                if r.bye == Some(*no) {
                    mp += bye.0;
                    gp += bye.1;
                    row.push(format!("{} {}", lang.pick("轮空", "bye"), bye.1));
                    continue;
                }
                let cell = r
                    .results
                    .matches
                    .iter()
                    .find(|m| m.home == *no || m.away == *no)
                    .map(|m| {
                        let home = m.home == *no;
                        let (hg, ag) = m.game_points(s);
                        let (hm, am) = m.match_points(s);
                        let first = m
                            .boards
                            .iter()
                            .min_by_key(|b| b.board)
                            .map_or(Colour::White, |b| b.home_colour);
                        let (opp, c, g, og, p) = if home {
                            (m.away, first, hg, ag, hm)
                        } else {
                            (m.home, !first, ag, hg, am)
                        };
                        mp += p;
                        gp += g;
                        format!("{opp}{} {g}:{og}", colour_word(c))
                    })
                    .unwrap_or_else(|| {
                        if withdrawals.team_out(*no, r.results.round) {
                            lang.pick("退赛", "withdrawn").to_string()
                        } else {
                            lang.pick("未赛", "not paired").to_string()
                        }
                    });
                row.push(cell);
            }
            row.push(mp.to_string());
            row.push(gp.to_string());
            row.push(places.get(no).map(u32::to_string).unwrap_or_default());
            row
        })
        .collect();
    let n = headers.len();
    let mut centred: Vec<usize> = (2..n).collect();
    centred.insert(0, 0);
    TextTable {
        headers,
        rows,
        centred,
    }
}

/// The ranking table is the league's: the same columns for every team stage.
pub use crate::season::team_standings::ranking_table;
