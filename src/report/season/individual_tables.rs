//! The display tables of the individual sections: the ranking of a group by its CXA chain, its
//! Swiss crosstable and the delegation ranking (团体).

use crate::Lang;
use crate::event::{Event, Sport, System};
use crate::model::{GameResult, Points};
use crate::report::cell::Cell;
use crate::report::tables::TextTable;
use crate::scoring::cxa;
use crate::scoring::standings::Row;
use crate::season::individual::XqRoundData;
use crate::season::individual::delegations;
use crate::season::individual::entrants::Entrant;
use crate::tournament::ByeKind;

/// The first three headers of a group's tables.
fn lead_headers(lang: Lang) -> Vec<String> {
    vec![
        lang.pick("名次", "Place").to_string(),
        lang.pick("姓名", "Name").to_string(),
        lang.pick("单位", "Unit").to_string(),
    ]
}

/// The first three cells of a ranking row: place (empty when disqualified), name, unit.
fn lead_cells(row: &Row, entrants: &[Entrant]) -> Vec<Cell> {
    let e = entrants.get(row.competitor);
    vec![
        Cell::place(row.rank),
        e.map(|e| e.name.clone()).unwrap_or_default().into(),
        e.map(|e| e.unit.clone()).unwrap_or_default().into(),
    ]
}

/// The mark column (备注: 资格待查, 取消资格), when any entrant of the group has one.
fn mark_column(marks: &[String], lang: Lang, headers: &mut Vec<String>) -> bool {
    let marked = marks.iter().any(|m| !m.is_empty());
    if marked {
        headers.push(lang.pick("备注", "Note").to_string());
    }
    marked
}

/// A group's ranking; `codes` are its columns' tie-break codes, `marks[i]` is entrant `i`'s
/// mark (empty in good standing).
pub(super) fn section_table(
    st: &cxa::CxaStandings,
    codes: &[String],
    entrants: &[Entrant],
    marks: &[String],
    lang: Lang,
) -> TextTable {
    let mut headers = lead_headers(lang);
    headers.extend(st.headers.iter().enumerate().map(|(i, h)| {
        crate::report::labels::named_column(h, codes.get(i).map(String::as_str), lang)
    }));
    let marked = mark_column(marks, lang, &mut headers);
    let rows = st
        .rows
        .iter()
        .map(|r| {
            let mut v = lead_cells(r, entrants);
            v.extend(crate::report::labels::value_cells(&r.values, &st.decimals));
            if marked {
                v.push(marks.get(r.competitor).cloned().unwrap_or_default().into());
            }
            v
        })
        .collect();
    let n = headers.len();
    let mut centred = vec![0];
    centred.extend(3..n);
    TextTable {
        headers,
        rows,
        centred,
        ..Default::default()
    }
}

pub(super) fn delegation_table(rows: &[delegations::DelegationRow], lang: Lang) -> TextTable {
    let headers = vec![
        lang.pick("名次", "Place").to_string(),
        lang.pick("代表队", "Delegation").to_string(),
        lang.pick("计入名次", "Counted places").to_string(),
        lang.pick("名次和", "Sum").to_string(),
        lang.pick("计入积分", "Points").to_string(),
        lang.pick("第5名队员名次", "Fifth place").to_string(),
    ];
    let rows = rows
        .iter()
        .map(|r| {
            let counted: Vec<String> = r.counted.iter().map(u32::to_string).collect();
            vec![
                r.rank.into(),
                r.unit.as_str().into(),
                counted.join(" ").into(),
                r.sum.into(),
                Cell::points1(r.points),
                r.next.into(),
            ]
        })
        .collect();
    TextTable {
        headers,
        rows,
        centred: vec![0, 3, 4, 5],
        ..Default::default()
    }
}

/// How a crosstable writes a round: the xiangqi words (`12红胜`), or chess's (`12白1`, `5+`,
/// the bye with its value).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CrossWords {
    /// 红/黑, 胜/和/负, 不战胜.
    Xiangqi,
    /// 白/黑, 1/½/0, `+`/`-` forfeits, the pairing-allocated bye worth `bye`.
    Chess {
        /// The value of the pairing-allocated bye.
        bye: Points,
    },
}

impl CrossWords {
    /// The words of the individual stage that plays section `section`: chess's for a FIDE
    /// Dutch or a chess individual round robin.
    fn of(event: &Event, section: &str) -> CrossWords {
        let individual = |s: &&crate::event::Stage| {
            matches!(s.system, System::Swiss | System::RoundRobin)
                && s.plays(section)
                && event
                    .sections()
                    .iter()
                    .any(|x| s.plays(&x.id) && x.entrant == crate::event::Entrant::Individual)
        };
        match event.stages().iter().find(individual) {
            // A round robin's rest is worth nothing (C.05).
            Some(st) if event.meta().sport == Sport::Chess && st.system == System::RoundRobin => {
                CrossWords::Chess { bye: Points::ZERO }
            }
            Some(st) if event.meta().sport == Sport::Chess => CrossWords::Chess {
                bye: st
                    .bye
                    .as_ref()
                    .map_or(event.scoring().game.win, |b| b.points),
            },
            _ => CrossWords::Xiangqi,
        }
    }
}

/// Points as a chess crosstable writes them: `1`, `½`, `2½`.
pub(super) fn chess_points(p: Points) -> String {
    let (whole, half) = (p.halves() / 2, p.halves() % 2 != 0);
    match (whole, half) {
        (0, true) => "½".to_string(),
        (w, true) => format!("{w}½"),
        (w, false) => w.to_string(),
    }
}

/// A game in chess words, from the player's side: `白1`, `黑½`, `+`, `-`, `--`.
fn chess_word(first: bool, res: Option<GameResult>, lang: Lang) -> String {
    let side = if first {
        lang.pick("白", "w")
    } else {
        lang.pick("黑", "b")
    };
    match res {
        Some(GameResult::Win) => format!("{side}1"),
        Some(GameResult::Draw) => format!("{side}½"),
        Some(GameResult::Loss) => format!("{side}0"),
        Some(GameResult::ForfeitWin) => "+".to_string(),
        Some(GameResult::ForfeitLoss) => "-".to_string(),
        Some(GameResult::DoubleForfeit) => "--".to_string(),
        None => side.to_string(),
    }
}

/// A game in xiangqi words, from the player's side: `红胜`, `黑和`, `不战胜`.
fn xiangqi_word(first: bool, res: Option<GameResult>, lang: Lang) -> String {
    let side = if first {
        lang.pick("红", "R")
    } else {
        lang.pick("黑", "B")
    };
    match res {
        Some(GameResult::Win) => format!("{side}{}", lang.pick("胜", "+")),
        Some(GameResult::Draw) => format!("{side}{}", lang.pick("和", "=")),
        Some(GameResult::Loss) => format!("{side}{}", lang.pick("负", "-")),
        Some(GameResult::ForfeitWin) => lang.pick("不战胜", " +F").to_string(),
        Some(GameResult::ForfeitLoss) => lang.pick("不战负", " -F").to_string(),
        Some(GameResult::DoubleForfeit) => lang.pick("双方弃权", " --").to_string(),
        None => side.to_string(),
    }
}

/// What entrant `i` did in round `r`: the opponent's place and the game in the sport's words
/// (`12红胜`, `12不战胜`; chess `12白1`, `7黑½`, `5+`), the bye (`轮空`; chess with its value,
/// `轮空1`), a requested bye (`请假½`, `请假0`), or `—` when not paired.
fn cross_cell(
    i: usize,
    r: &XqRoundData,
    place: &dyn Fn(usize) -> u32,
    lang: Lang,
    words: CrossWords,
) -> String {
    if r.bye == Some(i) {
        return match words {
            CrossWords::Chess { bye } => {
                format!("{}{}", lang.pick("轮空", "bye "), chess_points(bye))
            }
            CrossWords::Xiangqi => lang.pick("轮空", "bye").to_string(),
        };
    }
    if let Some(&(_, kind)) = r.requested.iter().find(|q| q.0 == i) {
        let value = if kind == ByeKind::Half { "½" } else { "0" };
        return format!("{}{value}", lang.pick("请假", "bye "));
    }
    let game = r.games.iter().find_map(|&(first, second, res)| {
        if first == i {
            Some((second, true, res))
        } else if second == i {
            Some((first, false, res.map(GameResult::reversed)))
        } else {
            None
        }
    });
    let Some((opp, first, res)) = game else {
        return "—".to_string();
    };
    let at = match place(opp) {
        0 => "—".to_string(),
        p => p.to_string(),
    };
    let word = match words {
        CrossWords::Chess { .. } => chess_word(first, res, lang),
        CrossWords::Xiangqi => xiangqi_word(first, res, lang),
    };
    format!("{at}{word}")
}

/// The crosstable of section `s` of the event of `t`, in its sport's words; `marks[i]` is
/// entrant `i`'s mark.
pub(super) fn section_crosstable(
    t: &super::Target<'_>,
    s: &crate::season::individual::SectionOutcome,
    marks: &[String],
) -> TextTable {
    let words = CrossWords::of(t.event, &s.id);
    crosstable(&s.standings, &s.entrants, &s.complete, marks, t.lang, words)
}

/// The Swiss crosstable of a group: entrants in ranking order; per round the opponent's place,
/// the side and the result; then 积分.
fn crosstable(
    st: &cxa::CxaStandings,
    entrants: &[Entrant],
    rounds: &[XqRoundData],
    marks: &[String],
    lang: Lang,
    words: CrossWords,
) -> TextTable {
    let mut places = vec![0u32; entrants.len()];
    for row in &st.rows {
        if let Some(p) = places.get_mut(row.competitor) {
            *p = row.rank;
        }
    }
    let place = |i: usize| places.get(i).copied().unwrap_or(0);
    let mut headers = lead_headers(lang);
    headers.extend((1..=rounds.len()).map(|r| match lang {
        Lang::Zh => format!("第{r}轮"),
        Lang::En => format!("R{r}"),
    }));
    headers.push(lang.pick("积分", "Points").to_string());
    let marked = mark_column(marks, lang, &mut headers);
    let rows = st
        .rows
        .iter()
        .map(|row| {
            let mut v = lead_cells(row, entrants);
            v.extend(
                rounds
                    .iter()
                    .map(|r| cross_cell(row.competitor, r, &place, lang, words).into()),
            );
            v.extend(crate::report::labels::value_cells(&row.values, &st.decimals).next());
            if marked {
                v.push(
                    marks
                        .get(row.competitor)
                        .cloned()
                        .unwrap_or_default()
                        .into(),
                );
            }
            v
        })
        .collect();
    let n = headers.len();
    let mut centred = vec![0];
    centred.extend(3..n);
    TextTable {
        headers,
        rows,
        centred,
        ..Default::default()
    }
}
