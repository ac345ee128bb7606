//! The sheets a team's packet adds from the stage (issue 18): 对阵与成绩 (the team's matches
//! round by round, board by board, from its own side) and 名次 (its place and tie-breaks); for
//! a delegation of an individual event, 个人对局与名次 (each player's games and place).

use std::collections::BTreeMap;

use crate::Lang;
use crate::model::Points;
use crate::model::roster::Roster;
use crate::outcome::{StageKind, StageOutcome};
use crate::report::tables::{SheetDoc, TextTable};
use crate::rounds::notation::{self, Sport};
use crate::scoring;
use crate::season::TeamName;
use crate::season::matches::{MatchScoring, RoundResults};

/// What the sheets of one team are written from.
#[derive(Clone, Copy)]
struct Facts<'a> {
    no: u32,
    names: &'a [TeamName],
    players: &'a BTreeMap<(u32, String), String>,
    scoring: &'a MatchScoring,
    sport: Sport,
    lang: Lang,
}

/// The packet sheets of team `unit` from the team stage `stage` (none for an individual stage
/// or a team not in it).
pub fn team_packet_sheets(
    stage: &StageOutcome,
    roster: &Roster,
    unit: &str,
    sport: Sport,
    lang: Lang,
) -> Vec<SheetDoc> {
    let (names, numbers, rounds, standings, scoring) = match &stage.kind {
        StageKind::League(l) => (
            &l.names,
            &l.numbers.teams,
            l.complete.clone(),
            &l.standings,
            &l.scoring,
        ),
        StageKind::TeamSwiss(o) => (&o.names, &o.numbers, o.results(), &o.standings, &o.scoring),
        StageKind::Individual(o) => return vec![delegation_sheet(o, unit, lang)],
    };
    let Some(no) = names.iter().find(|t| t.1 == unit).map(|t| t.0) else {
        return Vec::new();
    };
    // Rounds the team had the pairing-allocated bye (team Swiss): round → game points scored.
    let byes: BTreeMap<u32, String> = match &stage.kind {
        StageKind::TeamSwiss(o) => o
            .complete
            .iter()
            .filter(|r| r.bye == Some(no))
            .map(|r| (r.results.round, o.bye.1.to_string()))
            .collect(),
        _ => BTreeMap::new(),
    };
    let (players, _) = super::league::player_facts(roster, numbers);
    let facts = Facts {
        no,
        names,
        players: &players,
        scoring,
        sport,
        lang,
    };
    let mut v = vec![results_sheet(&facts, &rounds, &byes, unit)];
    if let Some(st) = standings {
        v.push(place_sheet(no, st, names, unit, lang));
    }
    v
}

/// 对阵与成绩: one row per board of each of the team's matches, from the team's side: round,
/// opponent, board, own player, own colour, result, opponent's player, and on the first board
/// the match's game score (`3.5:1.5`); a round with the bye is one row `轮空` with its points.
fn results_sheet(
    f: &Facts<'_>,
    rounds: &[RoundResults],
    byes: &BTreeMap<u32, String>,
    unit: &str,
) -> SheetDoc {
    let Facts {
        no,
        names,
        players,
        scoring,
        sport,
        lang,
    } = *f;
    let name_of = |n: u32| crate::season::league::name_of(names, n);
    let player = |team: u32, key: &Option<String>| {
        key.as_ref()
            .map(|k| {
                players
                    .get(&(team, k.clone()))
                    .cloned()
                    .unwrap_or_else(|| k.clone())
            })
            .unwrap_or_default()
    };
    let mut rows = Vec::new();
    for rr in rounds {
        if let Some(points) = byes.get(&rr.round) {
            let mut row = vec![String::new(); 8];
            row[0] = rr.round.to_string();
            row[1] = lang.pick("轮空", "bye").to_string();
            row[7] = points.clone();
            rows.push(row);
        }
        for m in rr.matches.iter().filter(|m| m.home == no || m.away == no) {
            let home = m.home == no;
            let opp = if home { m.away } else { m.home };
            let (mut own, mut theirs) = (Points::ZERO, Points::ZERO);
            for b in &m.boards {
                let r = if home { b.result } else { b.result.reversed() };
                own += scoring.game(r);
                theirs += scoring.game(r.reversed());
            }
            let score = format!("{own}:{theirs}");
            for (i, b) in m.boards.iter().enumerate() {
                let (mine, colour, result, theirs_p) = if home {
                    (&b.home_player, b.home_colour, b.result, &b.away_player)
                } else {
                    (
                        &b.away_player,
                        !b.home_colour,
                        b.result.reversed(),
                        &b.home_player,
                    )
                };
                rows.push(vec![
                    rr.round.to_string(),
                    name_of(opp),
                    b.board.to_string(),
                    player(no, mine),
                    crate::report::round_workbook::colour_word(colour, sport, lang).to_string(),
                    notation::format(result, sport).to_string(),
                    player(opp, theirs_p),
                    if i == 0 { score.clone() } else { String::new() },
                ]);
            }
        }
    }
    SheetDoc {
        name: lang.pick("对阵与成绩", "Matches").into(),
        title: match lang {
            Lang::Zh => format!("{unit} 对阵与成绩"),
            Lang::En => format!("{unit}: matches and results"),
        },
        table: TextTable {
            headers: [
                ("轮次", "Round"),
                ("对手", "Opponent"),
                ("台次", "Board"),
                ("本队棋手", "Player"),
                ("执色", "Colour"),
                ("结果", "Result"),
                ("对方棋手", "Opponent's player"),
                ("比分", "Score"),
            ]
            .iter()
            .map(|(z, e)| lang.pick(z, e).to_string())
            .collect(),
            rows,
            centred: vec![0, 2, 4, 5, 7],
            numeric: vec![0, 2],
            ..Default::default()
        },
        landscape: false,
    }
}

/// 名次: the team's row of the current ranking (place, number, name, every tie-break).
fn place_sheet(
    no: u32,
    st: &scoring::Standings,
    names: &[TeamName],
    unit: &str,
    lang: Lang,
) -> SheetDoc {
    let mut headers = vec![
        lang.pick("名次", "Place").to_string(),
        lang.pick("序号", "No.").to_string(),
        lang.pick("队名", "Team").to_string(),
    ];
    headers.extend(
        st.keys
            .iter()
            .map(|k| crate::report::labels::tiebreak_label(&k.to_string(), lang)),
    );
    let rows: Vec<Vec<String>> = st
        .rows
        .iter()
        .filter(|r| r.start_no == no)
        .map(|r| {
            let mut v = vec![
                r.rank.to_string(),
                r.start_no.to_string(),
                crate::season::league::name_of(names, r.start_no),
            ];
            v.extend(crate::report::labels::value_cells(&r.values, &st.decimals));
            v
        })
        .collect();
    let n = headers.len();
    let mut centred = vec![0, 1];
    centred.extend(3..n);
    SheetDoc {
        name: lang.pick("名次", "Place").into(),
        title: match lang {
            Lang::Zh => format!("{unit} 当前名次"),
            Lang::En => format!("{unit}: current place"),
        },
        table: TextTable {
            headers,
            rows,
            numeric: centred.clone(),
            centred,
            ..Default::default()
        },
        landscape: false,
    }
}

/// 个人对局与名次 of a delegation in an individual event: each of its entrants, section by
/// section in roster order, with the place and points of the current ranking on its first row,
/// then one row per complete round: the side (红/黑), the opponent, the result from the
/// entrant's side (`轮空` for the bye; rounds it did not play are left out).
fn delegation_sheet(
    o: &crate::season::individual::IndividualOutcome,
    unit: &str,
    lang: Lang,
) -> SheetDoc {
    let key = crate::normalize::unit_key(unit);
    let sport = Sport::Xiangqi;
    let mut rows: Vec<Vec<String>> = Vec::new();
    for sec in &o.sections {
        for (i, e) in sec.entrants.iter().enumerate() {
            if crate::normalize::unit_key(&e.unit) != key {
                continue;
            }
            let standing = sec.standings.rows.iter().find(|r| r.competitor == i);
            let mut first = vec![
                sec.name.clone(),
                e.name.clone(),
                standing
                    .filter(|r| r.rank > 0)
                    .map(|r| r.rank.to_string())
                    .unwrap_or_default(),
                standing.map(|r| r.primary.to_string()).unwrap_or_default(),
            ];
            let mut games: Vec<[String; 4]> = Vec::new();
            for (r, round) in sec.complete.iter().enumerate() {
                let no = (r + 1).to_string();
                if round.bye == Some(i) {
                    games.push([
                        no,
                        String::new(),
                        lang.pick("轮空", "bye").into(),
                        String::new(),
                    ]);
                    continue;
                }
                let Some(&(red, black, result)) = round.games.iter().find(|g| g.0 == i || g.1 == i)
                else {
                    continue;
                };
                let (side, opp, mine) = if red == i {
                    (crate::model::Colour::White, black, result)
                } else {
                    (
                        crate::model::Colour::Black,
                        red,
                        result.map(|x| x.reversed()),
                    )
                };
                games.push([
                    no,
                    crate::report::round_workbook::colour_word(side, sport, lang).to_string(),
                    sec.entrants.get(opp).map(|x| x.label()).unwrap_or_default(),
                    mine.map(|x| notation::format(x, sport).to_string())
                        .unwrap_or_default(),
                ]);
            }
            if games.is_empty() {
                first.extend([String::new(), String::new(), String::new(), String::new()]);
                rows.push(first);
                continue;
            }
            for (j, g) in games.into_iter().enumerate() {
                let mut row = if j == 0 {
                    std::mem::take(&mut first)
                } else {
                    vec![String::new(); 4]
                };
                row.extend(g);
                rows.push(row);
            }
        }
    }
    SheetDoc {
        name: lang.pick("个人对局与名次", "Games and places").into(),
        title: match lang {
            Lang::Zh => format!("{unit} 个人对局与名次"),
            Lang::En => format!("{unit}: games and places"),
        },
        table: TextTable {
            headers: [
                ("组别", "Section"),
                ("姓名", "Name"),
                ("名次", "Place"),
                ("积分", "Points"),
                ("轮次", "Round"),
                ("先后手", "Side"),
                ("对手", "Opponent"),
                ("结果", "Result"),
            ]
            .iter()
            .map(|(z, e)| lang.pick(z, e).to_string())
            .collect(),
            rows,
            centred: vec![2, 3, 4, 5, 7],
            numeric: vec![2, 3, 4],
            ..Default::default()
        },
        landscape: false,
    }
}
