//! Builds the TRF-26 model of a team event from its rounds: the FIDE report (`<event>.trf`) and
//! the common input of the pairing engines and the tie-break calculator, so that standings in the
//! workbooks and `bianpai trf standings` on the exported file are one computation.
//!
//! Layout (RULES.md §D, tests/reference/tiebreaks/README.md): headers 012-142, 162 game points, 192 for
//! Swiss events, 352 board colours, 362 match points, one 001 line per player (teams in number
//! order, members in entry order) with every board game, 310 per team with its members in entry
//! order, 330 for forfeited matches (`--` when neither team turned up), 320 for team PABs. Every board game is in both players'
//! lines: `arrange` gives a line to players the roster lacks and to empty boards, and orders
//! each `310` so that a reader numbering boards by it finds the boards actually played.

mod arrange;
mod facts;
mod report;
pub mod stages;

use std::collections::BTreeMap;

use self::arrange::{Arranged, Play};
pub use self::facts::{export_team, export_teams, header};
pub use self::report::{Facts, Person, event_id, section, text};
use crate::model::{Colour, GameResult, Points};
use crate::season::matches::{MatchResult, MatchScoring, RoundResults};
use crate::trf::{Layout, Line, ResultCode, RoundEntry, TeamRecord, Trf};

/// A player as exported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportPlayer {
    /// The name key used in round workbooks.
    pub key: String,
    /// FIDE rating, 0 if unrated.
    pub rating: u16,
    /// The facts of the `001` line (the name as FIDE writes it, sex, FIDE ID, ...).
    pub person: Person,
}

/// A team as exported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportTeam {
    /// Team number (draw or pairing number).
    pub number: u32,
    /// Name.
    pub name: String,
    /// Members in entry (board) order.
    pub players: Vec<ExportPlayer>,
    /// Match points, game points and rank (0: none yet) of the stage's standings (record
    /// `310`).
    pub standing: Option<(Points, Points, u32)>,
}

/// The facts of a team stage the report needs: the common headers and the team scoring.
#[derive(Debug, Clone)]
pub struct ExportHeader {
    /// The header records `012` to `142`, `192`, `212`, `222` (092 and 192 set by [`header`]).
    pub facts: Facts,
    /// 352: the first-named team's colour per board.
    pub colours: Vec<Colour>,
    /// Game and match points.
    pub scoring: MatchScoring,
    /// Match points and game points of a team PAB (record 320).
    pub pab: (Points, Points),
}

fn other(code: &str, value: &str) -> Line {
    Line::Other {
        code: code.to_string(),
        raw: format!("{code} {value}"),
    }
}

fn code_of(r: GameResult) -> ResultCode {
    match r {
        GameResult::Win => ResultCode::Win,
        GameResult::Draw => ResultCode::Draw,
        GameResult::Loss => ResultCode::Loss,
        GameResult::ForfeitWin => ResultCode::ForfeitWin,
        GameResult::ForfeitLoss | GameResult::DoubleForfeit => ResultCode::ForfeitLoss,
    }
}

/// Who carries each board: the teams in number order with their arranged players, their start
/// numbers (teams in number order, members in `310` order) and each board's start number.
struct Seating<'a> {
    arranged: Vec<(&'a ExportTeam, Arranged)>,
    start_of: Vec<Vec<u16>>,
    /// (team number, round index, board) → start number.
    seat: BTreeMap<(u32, usize, u32), u16>,
}

impl<'a> Seating<'a> {
    fn new(teams: &'a [ExportTeam], rounds: &[RoundResults]) -> Seating<'a> {
        let mut teams: Vec<&ExportTeam> = teams.iter().collect();
        teams.sort_by_key(|t| t.number);
        // Every board game of a team, then who carries it (arrange.rs).
        let mut plays: BTreeMap<u32, Vec<Play<'_>>> = BTreeMap::new();
        for rr in rounds {
            let Some(ri) = (rr.round as usize).checked_sub(1) else {
                continue;
            };
            for m in &rr.matches {
                for b in &m.boards {
                    plays
                        .entry(m.home)
                        .or_default()
                        .push((ri, b.board, b.home_player.as_deref()));
                    plays
                        .entry(m.away)
                        .or_default()
                        .push((ri, b.board, b.away_player.as_deref()));
                }
            }
        }
        let arranged: Vec<(&ExportTeam, Arranged)> = teams
            .iter()
            .map(|t| {
                let p = plays.get(&t.number).map_or(&[][..], Vec::as_slice);
                (*t, arrange::arrange(&t.players, p))
            })
            .collect();
        let mut start_of: Vec<Vec<u16>> = Vec::with_capacity(arranged.len());
        let mut next: u16 = 1;
        for (_, a) in &arranged {
            let v = a
                .players
                .iter()
                .map(|_| {
                    let s = next;
                    next = next.saturating_add(1);
                    s
                })
                .collect();
            start_of.push(v);
        }
        let mut seat: BTreeMap<(u32, usize, u32), u16> = BTreeMap::new();
        for ((t, a), starts) in arranged.iter().zip(&start_of) {
            for (&(ri, board), &i) in &a.slot {
                if let Some(&s) = starts.get(i) {
                    seat.insert((t.number, ri, board), s);
                }
            }
        }
        Seating {
            arranged,
            start_of,
            seat,
        }
    }

    fn players(&self) -> usize {
        self.start_of.iter().map(Vec::len).sum()
    }
}

/// The round blocks of every start number, the `300` line-ups and the forfeited matches
/// `(round, home, away, home won; None when neither came)`.
type Blocks = (
    BTreeMap<u16, Vec<RoundEntry>>,
    Vec<Line>,
    Vec<(u32, u32, u32, Option<bool>)>,
);

/// Every board game in both players' blocks, and the team PABs in the blocks of the PAB
/// team's first boards.
fn blocks(
    head: &ExportHeader,
    seating: &Seating<'_>,
    rounds: &[RoundResults],
    pabs: &[(u32, u32)],
) -> Blocks {
    let n_rounds = rounds
        .iter()
        .map(|r| r.round)
        .chain(pabs.iter().map(|p| p.0))
        .max()
        .unwrap_or(0) as usize;
    let blank = RoundEntry {
        opponent: None,
        colour: None,
        result: ResultCode::Blank,
    };
    let mut blocks: BTreeMap<u16, Vec<RoundEntry>> = seating
        .start_of
        .iter()
        .flatten()
        .map(|&s| (s, vec![blank; n_rounds]))
        .collect();
    let mut forfeited = Vec::new();
    let mut line_ups = Vec::new();
    for rr in rounds {
        let Some(ri) = (rr.round as usize).checked_sub(1) else {
            continue;
        };
        for m in &rr.matches {
            record_match(m, ri, &seating.seat, &mut blocks);
            line_ups.extend(out_of_order(m, ri, &seating.seat));
            if m.is_double_forfeited() {
                forfeited.push((m.round, m.home, m.away, None));
            } else if let Some(home_won) = m.whole_forfeit() {
                forfeited.push((m.round, m.home, m.away, Some(home_won)));
            }
        }
    }
    for &(round, team) in pabs {
        let Some(ri) = (round as usize).checked_sub(1) else {
            continue;
        };
        let Some(pos) = seating.arranged.iter().position(|(t, _)| t.number == team) else {
            continue;
        };
        let starts = seating.start_of.get(pos).map_or(&[][..], Vec::as_slice);
        for s in starts.iter().take(head.colours.len()) {
            if let Some(b) = blocks.get_mut(s).and_then(|v| v.get_mut(ri)) {
                *b = RoundEntry {
                    opponent: None,
                    colour: None,
                    result: ResultCode::Pab,
                };
            }
        }
    }
    (blocks, line_ups, forfeited)
}

/// The header records `012` to `362` (and `212`, `222`).
fn header_lines(head: &ExportHeader, seating: &Seating<'_>) -> Vec<Line> {
    let rated = seating
        .arranged
        .iter()
        .flat_map(|(_, a)| &a.players)
        .filter(|p| p.rating > 0)
        .count();
    let sc = &head.scoring;
    let seq: String = head
        .colours
        .iter()
        .map(|&c| report::colour_code(c))
        .collect();
    let scores = vec![
        report::score_line("162", sc.game_win, sc.game_draw, None),
        other("352", &seq),
        report::score_line("362", sc.match_win, sc.match_draw, None),
    ];
    let counts = [seating.players(), rated, seating.arranged.len()];
    head.facts.lines(counts, scores)
}

/// One `001` line per player, teams in number order, with its blocks and their score.
fn player_lines(
    head: &ExportHeader,
    seating: &Seating<'_>,
    mut blocks: BTreeMap<u16, Vec<RoundEntry>>,
) -> Vec<Line> {
    let game_table = crate::trf::ScoreTable {
        win: head.scoring.game_win,
        draw: head.scoring.game_draw,
        pab: head.scoring.game_win,
        half_bye: head.scoring.game_draw,
        ..Default::default()
    };
    let mut lines = Vec::with_capacity(seating.players());
    for ((_, a), starts) in seating.arranged.iter().zip(&seating.start_of) {
        for (p, &s) in a.players.iter().zip(starts) {
            let rounds = blocks.remove(&s).unwrap_or_default();
            let mut rec = p.person.record(s, &p.key, p.rating, &head.facts.federation);
            rec.rounds = rounds;
            rec.points = Some(rec.score(&game_table));
            lines.push(Line::Player(rec));
        }
    }
    lines
}

/// The `310` and `013` team records, teams in number order.
fn team_lines(seating: &Seating<'_>) -> Vec<Line> {
    let teams = seating
        .arranged
        .iter()
        .map(|(t, _)| t)
        .zip(&seating.start_of);
    let t310 = teams.clone().map(|(t, starts)| {
        Line::Team(TeamRecord {
            number: u16::try_from(t.number).unwrap_or(u16::MAX),
            name: t.name.clone(),
            nickname: String::new(),
            strength: String::new(),
            match_points: t.standing.map(|s| s.0),
            game_points: t.standing.map(|s| s.1),
            rank: t
                .standing
                .and_then(|s| u16::try_from(s.2).ok())
                .filter(|&r| r > 0),
            members: starts.clone(),
            layout: Layout(None),
        })
    });
    // TRF-16 readers take the teams from 013 (TRF-26 readers from 310).
    let t013 = teams.map(|(t, starts)| {
        Line::Team013(crate::trf::Team013Record {
            name: t.name.clone(),
            members: starts.clone(),
            layout: Layout(None),
        })
    });
    t310.chain(t013).collect()
}

/// The `320` record of the team PABs, `000` for a round without one.
fn pab_line(head: &ExportHeader, pabs: &[(u32, u32)]) -> Line {
    let mut per_round = vec![0u32; head.facts.rounds as usize];
    for &(r, t) in pabs {
        if let Some(x) = (r as usize)
            .checked_sub(1)
            .and_then(|i| per_round.get_mut(i))
        {
            *x = t;
        }
    }
    let teams_txt: Vec<String> = per_round.iter().map(|t| format!("{t:03}")).collect();
    other(
        "320",
        &format!(
            "{:>4} {:>4} {}",
            head.pab.0.fmt_decimals(1),
            head.pab.1.fmt_decimals(1),
            teams_txt.join(" ")
        ),
    )
}

/// Builds the TRF of a team event from its complete or partial rounds and team PABs
/// (`(round, team number)`).
pub fn team_event(
    head: &ExportHeader,
    teams: &[ExportTeam],
    rounds: &[RoundResults],
    pabs: &[(u32, u32)],
) -> Trf {
    let seating = Seating::new(teams, rounds);
    let (blocks, line_ups, forfeited) = blocks(head, &seating, rounds, pabs);
    let mut lines = header_lines(head, &seating);
    lines.extend(player_lines(head, &seating, blocks));
    lines.extend(line_ups);
    lines.extend(team_lines(&seating));
    for &(round, home, away, home_won) in &forfeited {
        let sign = match home_won {
            Some(true) => "+-",
            Some(false) => "-+",
            None => "--",
        };
        lines.push(other(
            "330",
            &format!("{sign} {round:03} {home:03} {away:03}"),
        ));
    }
    if !pabs.is_empty() {
        lines.push(pab_line(head, pabs));
    }
    Trf { lines }
}

fn record_match(
    m: &MatchResult,
    ri: usize,
    seat: &BTreeMap<(u32, usize, u32), u16>,
    blocks: &mut BTreeMap<u16, Vec<RoundEntry>>,
) {
    for b in &m.boards {
        let hs = seat.get(&(m.home, ri, b.board)).copied();
        let as_ = seat.get(&(m.away, ri, b.board)).copied();
        // Without an opponent (an empty board across) the entry is `0000 - +`.
        let mut set = |who: Option<u16>, opp: Option<u16>, colour: Colour, r: GameResult| {
            if let Some(e) = who
                .and_then(|s| blocks.get_mut(&s))
                .and_then(|v| v.get_mut(ri))
            {
                *e = RoundEntry {
                    opponent: opp,
                    colour: opp.map(|_| colour),
                    result: code_of(r),
                };
            }
        };
        set(hs, as_, b.home_colour, b.result);
        set(as_, hs, !b.home_colour, b.result.reversed());
    }
}

/// The `300` records of a match: for each side with a board nobody carries, the side's
/// start numbers in board order, `0000` for the empty boards
/// (`300 RRR TTT OOO PPPP PPPP ...`, round, the team, its opponent).
fn out_of_order(m: &MatchResult, ri: usize, seat: &BTreeMap<(u32, usize, u32), u16>) -> Vec<Line> {
    let mut boards: Vec<u32> = m.boards.iter().map(|b| b.board).collect();
    boards.sort_unstable();
    [(m.home, m.away), (m.away, m.home)]
        .into_iter()
        .filter_map(|(team, opponent)| {
            let order: Vec<Option<u16>> = boards
                .iter()
                .map(|&b| seat.get(&(team, ri, b)).copied())
                .collect();
            if order.iter().all(Option::is_some) {
                return None;
            }
            let list: Vec<String> = order
                .iter()
                .map(|s| s.map_or_else(|| "0000".to_string(), |s| format!("{s:>4}")))
                .collect();
            Some(other(
                "300",
                &format!("{:03} {team:03} {opponent:03} {}", ri + 1, list.join(" ")),
            ))
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests;
