//! The sheets a team's packet adds from the stage (issue 18): 对阵与成绩 (the team's matches
//! round by round, board by board, from its own side, then a league's finals legs) and 名次
//! (its place and tie-breaks; the final place with 降级 once a league's finals are over); for
//! a delegation of an individual event, 个人对局与名次 (each player's games and place).
//!
//! [`PacketIndex::new`] indexes the stage once (teams by name, matches and rows by team,
//! entrants by unit, games by entrant); [`PacketIndex::sheets`] then builds one team's sheets
//! by lookups, so a run of n teams stays linear in n.

use std::collections::{BTreeMap, HashMap};

use crate::Lang;
use crate::model::Points;
use crate::model::roster::Roster;
use crate::outcome::{StageKind, StageOutcome};
use crate::report::cell::Cell;
use crate::report::tables::{SheetDoc, TextTable};
use crate::rounds::notation::{self, Sport};
use crate::scoring;
use crate::season::TeamName;
use crate::season::individual::IndividualOutcome;
use crate::season::matches::{MatchScoring, RoundResults};

use super::packet_finals::{FinalsIndex, matches_by_team};

/// A stage indexed for the packet sheets of each of its teams.
pub struct PacketIndex<'a> {
    kind: Kind<'a>,
    sport: Sport,
    lang: Lang,
}

enum Kind<'a> {
    Team(Box<TeamStageIndex<'a>>),
    Delegations(DelegationIndex<'a>),
}

/// A team stage (league, team Swiss).
struct TeamStageIndex<'a> {
    /// Team number → name (the first of `names` with that number).
    name_of: HashMap<u32, &'a str>,
    /// Team name → number (the first of `names` with that name).
    no_of: HashMap<&'a str, u32>,
    rounds: Vec<RoundResults>,
    standings: Option<&'a scoring::Standings>,
    scoring: &'a MatchScoring,
    players: BTreeMap<(u32, String), String>,
    /// Team number → (round index, match index) of its matches, in round and sheet order.
    matches: HashMap<u32, Vec<(usize, usize)>>,
    /// Team number → the rounds it had the pairing-allocated bye (team Swiss) → points scored.
    byes: HashMap<u32, BTreeMap<u32, Points>>,
    /// Team number → indices of its rows in the standings.
    place_rows: HashMap<u32, Vec<usize>>,
    /// The knockout finals that follow a round robin.
    finals: Option<FinalsIndex>,
}

/// An individual stage: the delegations' entrants.
struct DelegationIndex<'a> {
    o: &'a IndividualOutcome,
    /// Unit key → (section index, entrant index), in section then entrant order.
    entrants: HashMap<String, Vec<(usize, usize)>>,
    /// Per section: entrant index → index of its first standings row.
    standing: Vec<HashMap<usize, usize>>,
    /// Per section, per complete round: entrant index → index of its first game.
    games: Vec<Vec<HashMap<usize, usize>>>,
}

impl<'a> PacketIndex<'a> {
    /// Indexes `stage` once for the packets of all its teams.
    pub fn new(stage: &'a StageOutcome, roster: &Roster, sport: Sport, lang: Lang) -> Self {
        let kind = match &stage.kind {
            StageKind::League(l) => {
                let mut t = TeamStageIndex::new(
                    &l.names,
                    &l.numbers.teams,
                    l.complete.clone(),
                    l.standings.as_ref(),
                    &l.scoring,
                    roster,
                    HashMap::new(),
                );
                t.finals = l.finals.as_ref().map(|f| FinalsIndex::new(f, &t.no_of));
                Kind::Team(Box::new(t))
            }
            StageKind::TeamSwiss(o) => {
                // Rounds each team had the pairing-allocated bye: round → game points scored.
                let mut byes: HashMap<u32, BTreeMap<u32, Points>> = HashMap::new();
                for r in &o.complete {
                    if let Some(no) = r.bye {
                        let points = byes.entry(no).or_default();
                        points.insert(r.results.round, o.bye.1);
                    }
                }
                Kind::Team(Box::new(TeamStageIndex::new(
                    &o.names,
                    &o.numbers,
                    o.results(),
                    o.standings.as_ref(),
                    &o.scoring,
                    roster,
                    byes,
                )))
            }
            StageKind::Individual(o) => Kind::Delegations(DelegationIndex::new(o)),
        };
        PacketIndex { kind, sport, lang }
    }

    /// The packet sheets of team `unit`: for a team stage its matches and its place (none for a
    /// team not in the stage), for an individual stage its delegation's games and places.
    pub fn sheets(&self, unit: &str) -> Vec<SheetDoc> {
        match &self.kind {
            Kind::Delegations(d) => vec![delegation_sheet(d, unit, self.sport, self.lang)],
            Kind::Team(t) => {
                let Some(&no) = t.no_of.get(unit) else {
                    return Vec::new();
                };
                let mut v = vec![results_sheet(t, no, unit, self.sport, self.lang)];
                if let Some(st) = t.standings {
                    v.push(place_sheet(t, no, st, unit, self.lang));
                }
                v
            }
        }
    }
}

impl<'a> TeamStageIndex<'a> {
    #[allow(clippy::too_many_arguments)]
    fn new(
        names: &'a [TeamName],
        numbers: &[String],
        rounds: Vec<RoundResults>,
        standings: Option<&'a scoring::Standings>,
        scoring: &'a MatchScoring,
        roster: &Roster,
        byes: HashMap<u32, BTreeMap<u32, Points>>,
    ) -> Self {
        let mut name_of = HashMap::new();
        let mut no_of = HashMap::new();
        for (n, name) in names {
            name_of.entry(n.0).or_insert(name.as_str());
            no_of.entry(name.as_str()).or_insert(n.0);
        }
        let matches = matches_by_team(&rounds);
        let mut place_rows: HashMap<u32, Vec<usize>> = HashMap::new();
        for (i, r) in standings.iter().flat_map(|st| st.rows.iter()).enumerate() {
            place_rows.entry(r.start_no).or_default().push(i);
        }
        let (players, _) = super::league::player_facts(roster, numbers);
        TeamStageIndex {
            name_of,
            no_of,
            rounds,
            standings,
            scoring,
            players,
            matches,
            byes,
            place_rows,
            finals: None,
        }
    }

    fn name(&self, n: u32) -> String {
        self.name_of
            .get(&n)
            .map(|s| (*s).to_string())
            .unwrap_or_default()
    }
}

impl<'a> DelegationIndex<'a> {
    fn new(o: &'a IndividualOutcome) -> Self {
        let mut entrants: HashMap<String, Vec<(usize, usize)>> = HashMap::new();
        let mut standing = Vec::with_capacity(o.sections.len());
        let mut games = Vec::with_capacity(o.sections.len());
        for (s, sec) in o.sections.iter().enumerate() {
            for (i, e) in sec.entrants.iter().enumerate() {
                entrants
                    .entry(crate::normalize::unit_key(&e.unit))
                    .or_default()
                    .push((s, i));
            }
            let mut rows = HashMap::new();
            for (k, r) in sec.standings.rows.iter().enumerate() {
                rows.entry(r.competitor).or_insert(k);
            }
            standing.push(rows);
            games.push(
                sec.complete
                    .iter()
                    .map(|round| {
                        let mut of = HashMap::new();
                        for (k, g) in round.games.iter().enumerate() {
                            of.entry(g.0).or_insert(k);
                            of.entry(g.1).or_insert(k);
                        }
                        of
                    })
                    .collect(),
            );
        }
        DelegationIndex {
            o,
            entrants,
            standing,
            games,
        }
    }
}

/// 对阵与成绩: one row per board of each of the team's matches, from the team's side: round,
/// opponent, board, own player, own colour, result, opponent's player, and on the first board
/// the match's game score (`3.5:1.5`); a round with the bye is one row `轮空` with its points.
/// A league's finals legs follow the round robin, their round written `总决赛第1轮`.
fn results_sheet(
    t: &TeamStageIndex<'_>,
    no: u32,
    unit: &str,
    sport: Sport,
    lang: Lang,
) -> SheetDoc {
    let none = BTreeMap::new();
    let byes = t.byes.get(&no).unwrap_or(&none);
    let mine = t.matches.get(&no).map_or(&[][..], Vec::as_slice);
    let mut rows = Vec::new();
    for (r, rr) in t.rounds.iter().enumerate() {
        if let Some(&points) = byes.get(&rr.round) {
            let mut row = vec![Cell::default(); 8];
            row[0] = rr.round.into();
            row[1] = lang.pick("轮空", "bye").into();
            row[7] = Cell::points1(points);
            rows.push(row);
        }
        let label = rr.round.into();
        match_rows(t, no, (r, rr), mine, &label, (sport, lang), &mut rows);
    }
    if let Some(f) = &t.finals {
        let mine = f.matches.get(&no).map_or(&[][..], Vec::as_slice);
        for (r, rr) in f.rounds.iter().enumerate() {
            let label = Cell::Text(match lang {
                Lang::Zh => format!("总决赛第{}轮", rr.round),
                Lang::En => format!("finals round {}", rr.round),
            });
            match_rows(t, no, (r, rr), mine, &label, (sport, lang), &mut rows);
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
            ..Default::default()
        },
        landscape: false,
    }
}

/// The rows of team `no`'s matches in round `rr` (index `r` of its stage; `mine` are the
/// team's (round index, match index) in round order), from the team's side, each board a row.
fn match_rows(
    t: &TeamStageIndex<'_>,
    no: u32,
    (r, rr): (usize, &RoundResults),
    mine: &[(usize, usize)],
    label: &Cell,
    (sport, lang): (Sport, Lang),
    rows: &mut Vec<Vec<Cell>>,
) {
    let player = |team: u32, key: &Option<String>| {
        key.as_ref()
            .map(|k| {
                t.players
                    .get(&(team, k.clone()))
                    .cloned()
                    .unwrap_or_else(|| k.clone())
            })
            .unwrap_or_default()
    };
    let here = mine.iter().filter(|&&(mr, _)| mr == r);
    for m in here.filter_map(|&(_, i)| rr.matches.get(i)) {
        let home = m.home == no;
        let opp = if home { m.away } else { m.home };
        let (mut own, mut theirs) = (Points::ZERO, Points::ZERO);
        for b in &m.boards {
            let r = if home { b.result } else { b.result.reversed() };
            own += t.scoring.game(r);
            theirs += t.scoring.game(r.reversed());
        }
        let score = t.scoring.sport.score_pair(own, theirs);
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
                label.clone(),
                t.name(opp).into(),
                b.board.into(),
                player(no, mine).into(),
                crate::report::round_workbook::colour_word(colour, sport, lang).into(),
                notation::format(result, sport).into(),
                player(opp, theirs_p).into(),
                if i == 0 { score.as_str() } else { "" }.into(),
            ]);
        }
    }
}

/// 名次: the team's row of the current ranking (place, number, name, every tie-break). Once a
/// league's finals are over it is the final place (最终名次) with 降级 for a relegated team,
/// then the round robin's place and tie-breaks.
fn place_sheet(
    t: &TeamStageIndex<'_>,
    no: u32,
    st: &scoring::Standings,
    unit: &str,
    lang: Lang,
) -> SheetDoc {
    let final_place = t.finals.as_ref().and_then(|f| {
        let relegated = f.relegated.contains(&no);
        f.places.get(&no).map(|p| (*p, relegated))
    });
    let mut headers = vec![
        lang.pick("名次", "Place").to_string(),
        lang.pick("序号", "No.").to_string(),
        lang.pick("队名", "Team").to_string(),
    ];
    if final_place.is_some() {
        headers.push(lang.pick("备注", "Note").to_string());
        headers.push(lang.pick("常规赛名次", "Round-robin place").to_string());
    }
    headers.extend(
        st.keys
            .iter()
            .map(|k| crate::report::labels::tiebreak_label(&k.to_string(), lang)),
    );
    let rows: Vec<Vec<Cell>> = t
        .place_rows
        .get(&no)
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .filter_map(|&i| st.rows.get(i))
        .map(|r| {
            let mut v = match final_place {
                Some((place, relegated)) => vec![
                    place.into(),
                    r.start_no.into(),
                    t.name(r.start_no).into(),
                    if relegated {
                        lang.pick("降级", "relegated")
                    } else {
                        ""
                    }
                    .into(),
                    r.rank.into(),
                ],
                None => vec![r.rank.into(), r.start_no.into(), t.name(r.start_no).into()],
            };
            v.extend(crate::report::labels::value_cells(&r.values, &st.decimals));
            v
        })
        .collect();
    let n = headers.len();
    let mut centred = vec![0, 1];
    centred.extend(3..n);
    SheetDoc {
        name: lang.pick("名次", "Place").into(),
        title: match (lang, final_place.is_some()) {
            (Lang::Zh, false) => format!("{unit} 当前名次"),
            (Lang::Zh, true) => format!("{unit} 最终名次"),
            (Lang::En, false) => format!("{unit}: current place"),
            (Lang::En, true) => format!("{unit}: final place"),
        },
        table: TextTable {
            headers,
            rows,
            centred,
            ..Default::default()
        },
        landscape: false,
    }
}

/// 个人对局与名次 of a delegation in an individual event: each of its entrants, section by
/// section in roster order, with the place and points of the current ranking on its first row,
/// then one row per complete round: the side (红/黑, in chess 白/黑), the opponent, the result
/// from the entrant's side in the sport's notation (`轮空` for the bye, `请假` with `½` or `0`
/// for a requested one; rounds it did not play are left out).
fn delegation_sheet(d: &DelegationIndex<'_>, unit: &str, sport: Sport, lang: Lang) -> SheetDoc {
    let mut rows: Vec<Vec<Cell>> = Vec::new();
    let mut groups: Vec<usize> = Vec::new();
    let entrants = d
        .entrants
        .get(&crate::normalize::unit_key(unit))
        .map_or(&[][..], Vec::as_slice);
    for &(s, i) in entrants {
        let (Some(sec), Some(e)) = (
            d.o.sections.get(s),
            d.o.sections.get(s).and_then(|x| x.entrants.get(i)),
        ) else {
            continue;
        };
        {
            // The entrant's rounds print on one page, with the name.
            groups.push(rows.len());
            let standing = d
                .standing
                .get(s)
                .and_then(|m| m.get(&i))
                .and_then(|&k| sec.standings.rows.get(k));
            let mut first = vec![
                sec.name.as_str().into(),
                e.name.as_str().into(),
                standing.map_or_else(Cell::default, |r| Cell::place(r.rank)),
                standing.map_or_else(Cell::default, |r| Cell::points1(r.primary)),
            ];
            let mut games: Vec<[Cell; 4]> = Vec::new();
            for (r, round) in sec.complete.iter().enumerate() {
                let no = Cell::from(r + 1);
                if round.bye == Some(i) {
                    let bye = lang.pick("轮空", "bye").into();
                    games.push([no, Cell::default(), bye, Cell::default()]);
                    continue;
                }
                if let Some(&(_, kind)) = round.requested.iter().find(|q| q.0 == i) {
                    let value = if kind == crate::tournament::ByeKind::Half {
                        "½"
                    } else {
                        "0"
                    };
                    let requested = lang.pick("请假", "requested bye").into();
                    games.push([no, Cell::default(), requested, value.into()]);
                    continue;
                }
                let game = d
                    .games
                    .get(s)
                    .and_then(|rs| rs.get(r))
                    .and_then(|m| m.get(&i))
                    .and_then(|&k| round.games.get(k));
                let Some(&(red, black, result)) = game else {
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
                    crate::report::round_workbook::colour_word(side, sport, lang).into(),
                    sec.entrants
                        .get(opp)
                        .map(|x| x.label())
                        .unwrap_or_default()
                        .into(),
                    mine.map_or_else(Cell::default, |x| notation::format(x, sport).into()),
                ]);
            }
            if games.is_empty() {
                first.extend(vec![Cell::default(); 4]);
                rows.push(first);
                continue;
            }
            for (j, g) in games.into_iter().enumerate() {
                let mut row = if j == 0 {
                    std::mem::take(&mut first)
                } else {
                    vec![Cell::default(); 4]
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
            groups,
            ..Default::default()
        },
        landscape: false,
    }
}
