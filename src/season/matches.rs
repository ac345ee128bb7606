//! Team matches read from a round workbook: board results, game and match points, and the
//! findings of a round (missing or invalid results, a pairing changed by hand, line-up faults).

use std::collections::BTreeMap;

use crate::findings::{Code, Finding, Findings, Source};
use crate::model::{Colour, GameResult, Points};
use crate::rounds::lineup::{self, BoardGroup, Member};
use crate::rounds::sheet::{ResultCell, RoundSheet, Rows, TeamBoardRow};

/// Points per game result and per match result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchScoring {
    /// A won game (1 in chess, 2 in xiangqi).
    pub game_win: Points,
    /// A drawn game.
    pub game_draw: Points,
    /// A won match (2 by default).
    pub match_win: Points,
    /// A drawn match (1 by default).
    pub match_draw: Points,
    /// The sport, whose words the scores are printed in (`3.5:1.5` or `4-2`).
    pub sport: crate::model::Sport,
}

/// Chess games 1/½/0 and matches 2/1/0, FIDE's usual team scoring (C.07 11, match points). A
/// run never relies on it: `league::scoring_of` builds the event's own from `[scoring]` (the
/// xiangqi 2/1/0 games included); tests and renderers without an event use this one.
impl Default for MatchScoring {
    fn default() -> Self {
        MatchScoring {
            game_win: Points::from_whole(1),
            game_draw: Points::from_halves(1),
            match_win: Points::from_whole(2),
            match_draw: Points::from_whole(1),
            sport: crate::model::Sport::Chess,
        }
    }
}

impl MatchScoring {
    /// The points a game result gives its side. Forfeit wins count as wins; a double forfeit
    /// gives nothing to either side.
    pub fn game(&self, r: GameResult) -> Points {
        match r {
            GameResult::Win | GameResult::ForfeitWin => self.game_win,
            GameResult::Draw => self.game_draw,
            GameResult::Loss | GameResult::ForfeitLoss | GameResult::DoubleForfeit => Points::ZERO,
        }
    }
}

/// A team of the event as the round reader needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamInfo {
    /// The team's number in the draw (1-based).
    pub number: u32,
    /// The team's name as written in workbooks.
    pub name: String,
    /// Registered members for the line-up check.
    pub members: Vec<Member>,
}

/// One board of a played match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchBoard {
    /// Board number (1-based).
    pub board: u32,
    /// Home player's name key, `None` for an empty board.
    pub home_player: Option<String>,
    /// Away player's name key, `None` for an empty board.
    pub away_player: Option<String>,
    /// The home player's colour.
    pub home_colour: Colour,
    /// The result from the home side.
    pub result: GameResult,
}

/// A match with its boards (complete when every board has a valid result).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchResult {
    /// The round.
    pub round: u32,
    /// Home (first-named) team number.
    pub home: u32,
    /// Away team number.
    pub away: u32,
    /// Board games with valid results.
    pub boards: Vec<MatchBoard>,
    /// Whether every board has a valid result.
    pub complete: bool,
}

impl MatchResult {
    /// Whether the match was forfeited as a whole, and if so whether the first-named team won:
    /// every board a forfeit in the same direction (C.07 16: a forfeited match). Double
    /// forfeits and board forfeits both ways are board results of a match.
    pub fn whole_forfeit(&self) -> Option<bool> {
        let first = self.boards.first()?.result;
        if !matches!(first, GameResult::ForfeitWin | GameResult::ForfeitLoss) {
            return None;
        }
        self.boards
            .iter()
            .all(|b| b.result == first)
            .then_some(first == GameResult::ForfeitWin)
    }

    /// Game points of (home, away).
    pub fn game_points(&self, s: &MatchScoring) -> (Points, Points) {
        let home = self.boards.iter().map(|b| s.game(b.result)).sum();
        let away = self
            .boards
            .iter()
            .map(|b| s.game(b.result.reversed()))
            .sum();
        (home, away)
    }

    /// Match points of (home, away): the side with more game points wins (C.07 11; the
    /// points are the event's `[scoring.match]`). A match that neither team played (every board
    /// a double forfeit) is lost by both: level at 0–0 it would otherwise score a drawn match
    /// for two absent teams.
    pub fn match_points(&self, s: &MatchScoring) -> (Points, Points) {
        if self.is_double_forfeited() {
            return (Points::ZERO, Points::ZERO);
        }
        let (h, a) = self.game_points(s);
        match h.cmp(&a) {
            std::cmp::Ordering::Greater => (s.match_win, Points::ZERO),
            std::cmp::Ordering::Less => (Points::ZERO, s.match_win),
            std::cmp::Ordering::Equal => (s.match_draw, s.match_draw),
        }
    }

    /// Whether neither team turned up: every board a double forfeit (TRF `330 --`).
    pub fn is_double_forfeited(&self) -> bool {
        !self.boards.is_empty()
            && self
                .boards
                .iter()
                .all(|b| b.result == GameResult::DoubleForfeit)
    }

    /// How a history records the match when it was forfeited as a whole (TRF `330`): by both
    /// teams, or won by the home (`FirstWins`) or the away team; `None` when it was played.
    pub fn forfeit_outcome(&self) -> Option<crate::tournament::ForfeitOutcome> {
        use crate::tournament::ForfeitOutcome;
        if self.is_double_forfeited() {
            return Some(ForfeitOutcome::Double);
        }
        self.whole_forfeit().map(|home_won| {
            if home_won {
                ForfeitOutcome::FirstWins
            } else {
                ForfeitOutcome::SecondWins
            }
        })
    }

    /// Whether the whole match was forfeited (every board a forfeit, none played).
    pub fn is_forfeited(&self) -> bool {
        !self.boards.is_empty()
            && self.boards.iter().all(|b| {
                matches!(
                    b.result,
                    GameResult::ForfeitWin | GameResult::ForfeitLoss | GameResult::DoubleForfeit
                )
            })
    }
}

/// A round read back: its matches and whether it is complete.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundResults {
    /// The round number.
    pub round: u32,
    /// The matches in sheet order.
    pub matches: Vec<MatchResult>,
    /// Whether every board of every match has a valid result.
    pub complete: bool,
}

/// Everything the reader needs besides the sheet.
pub struct Context<'a> {
    /// The teams.
    pub teams: &'a [TeamInfo],
    /// Board groups for the line-up check.
    pub groups: &'a [BoardGroup],
    /// Boards per match.
    pub boards: u32,
    /// The home team's colour on each board (`WBWBW`).
    pub colours: &'a [Colour],
    /// The name key function (the same normalization as the roster's).
    pub key: &'a dyn Fn(&str) -> String,
    /// The regulation clause of the board rules, cited by line-up findings.
    pub lineup_clause: &'a str,
}

/// Reads a team round workbook against the expected pairing `(home, away)` of that round: an
/// expected match missing from the sheet leaves the round incomplete. Whether the sheet's
/// pairing may count at all is [`super::pairing_check`]'s to say.
pub fn read_round(
    sheet: &RoundSheet,
    expected: &[(u32, u32)],
    cx: &Context<'_>,
    findings: &mut Findings,
) -> RoundResults {
    let round = sheet.marker.round;
    let Rows::Team(rows) = &sheet.rows else {
        return RoundResults {
            round,
            matches: Vec::new(),
            complete: false,
        };
    };
    let src = |row: u32, col: u32| Source::cell(&sheet.file, &sheet.sheet, row, col);
    // The teams by name key, built once for the round (of two names with one key, the first).
    let mut by_key: BTreeMap<String, &TeamInfo> = BTreeMap::new();
    for t in cx.teams {
        by_key.entry((cx.key)(&t.name)).or_insert(t);
    }
    let team_no = |name: &str| by_key.get(&(cx.key)(name)).map(|t| t.number);
    // Group rows into matches by (home team, away team) in sheet order: by the names' keys (the
    // same as the pairing check's), not the 场次 column, which may be left blank, and a changed
    // pairing is a change of names. A match is shown with the names of its first row.
    let mut order: Vec<(String, String)> = Vec::new();
    let mut by_match: BTreeMap<(String, String), Vec<&TeamBoardRow>> = BTreeMap::new();
    for r in rows {
        let key = ((cx.key)(&r.home_team), (cx.key)(&r.away_team));
        by_match
            .entry(key)
            .or_insert_with(|| {
                order.push((r.home_team.clone(), r.away_team.clone()));
                Vec::new()
            })
            .push(r);
    }
    // A round nobody has typed into yet is one finding, not one per board.
    let untouched = rows.iter().all(|r| r.result == ResultCell::Missing);
    if untouched && !rows.is_empty() {
        findings.push(Finding::new(
            Code::ResultMissing,
            Source::sheet(&sheet.file, &sheet.sheet),
            format!("第{round}轮尚未录入成绩"),
            format!("round {round}: no results entered yet"),
        ));
    }
    let mut matches = Vec::new();
    let mut complete = true;
    let mut seen_pairs = Vec::new();
    for k in order {
        let Some(rs) = by_match.get(&((cx.key)(&k.0), (cx.key)(&k.1))) else {
            continue;
        };
        let first_row = rs.first().map(|r| r.row).unwrap_or(0);
        let (Some(home), Some(away)) = (team_no(&k.0), team_no(&k.1)) else {
            findings.push(Finding::new(
                Code::ResultPairingChanged,
                src(first_row, 2),
                format!("第{round}轮：队名“{}”或“{}”不是参赛队", k.0, k.1),
                format!(
                    "round {round}: {:?} or {:?} is not a team of the event",
                    k.0, k.1
                ),
            ));
            complete = false;
            continue;
        };
        seen_pairs.push((home, away));
        let mut m = MatchResult {
            round,
            home,
            away,
            boards: Vec::new(),
            complete: true,
        };
        let mut home_lineup = BTreeMap::new();
        let mut away_lineup = BTreeMap::new();
        let at = BoardAt {
            sheet,
            round,
            teams: (&k.0, &k.1),
            untouched,
        };
        for r in rs {
            let board = r.board.unwrap_or(0);
            let hp = (!r.home_player.is_empty()).then(|| (cx.key)(&r.home_player));
            let ap = (!r.away_player.is_empty()).then(|| (cx.key)(&r.away_player));
            home_lineup.insert(board, hp.clone());
            away_lineup.insert(board, ap.clone());
            match read_board(&at, r, (hp, ap), cx, findings) {
                Some(g) => m.boards.push(g),
                // No result, an unreadable one, or one that contradicts an empty board.
                None => m.complete = false,
            }
        }
        lineup_findings(
            sheet,
            round,
            rs,
            [(home, &home_lineup), (away, &away_lineup)],
            cx,
            findings,
        );
        complete &= m.complete;
        matches.push(m);
    }
    for &(h, a) in expected {
        if !seen_pairs.contains(&(h, a)) && !seen_pairs.contains(&(a, h)) {
            complete = false;
        }
    }
    RoundResults {
        round,
        matches,
        complete,
    }
}

/// Where a board row stands, for its findings: the workbook, the round, the match's names as
/// the sheet has them, and whether the whole round is still untouched.
struct BoardAt<'a> {
    sheet: &'a RoundSheet,
    round: u32,
    teams: (&'a str, &'a str),
    untouched: bool,
}

/// One board of a match as typed: its game, or `None` when the board has no result yet, an
/// unreadable one, or one that an empty board contradicts (a finding says which, unless the
/// whole round is untouched).
fn read_board(
    at: &BoardAt<'_>,
    r: &TeamBoardRow,
    (hp, ap): (Option<String>, Option<String>),
    cx: &Context<'_>,
    findings: &mut Findings,
) -> Option<MatchBoard> {
    let (round, (home, away)) = (at.round, at.teams);
    let src = |col: u32| Source::cell(&at.sheet.file, &at.sheet.sheet, r.row, col);
    let board = r.board.unwrap_or(0);
    // The home player's colour: the 执色 column as the arbiter left it, else the board rules'
    // (`[boards.colours]`). A board number beyond the rules (mistyped) with no colour typed has
    // none: its result is still read from the home side, but a colour word cannot be.
    let home_colour = r.home_colour.or_else(|| {
        let i = board.checked_sub(1)?;
        cx.colours.get(i as usize).copied()
    });
    let g = match &r.result {
        ResultCell::Valid(g) => *g,
        ResultCell::ByColour { typed, .. } => match r.result.for_left(home_colour) {
            Some(g) => g,
            None => {
                findings.push(Finding::new(
                    Code::ResultInvalid,
                    src(5),
                    format!(
                        "第{round}轮 {home} – {away} 第{board}台：结果“{typed}”按执色计分，\
                         但本台主队执色不明；请在执色列填写主队棋手的执色，或按主队一方填写结果"
                    ),
                    format!(
                        "round {round}, {home} – {away} board {board}: result {typed:?} names \
                         a colour, but the home player's colour on this board is not known; \
                         fill in the colour column, or type the result from the home side"
                    ),
                ));
                return None;
            }
        },
        ResultCell::Missing if at.untouched => return None,
        ResultCell::Missing => {
            findings.push(Finding::new(
                Code::ResultMissing,
                src(5),
                format!("第{round}轮 {home} – {away} 第{board}台：尚无结果"),
                format!("round {round}, {home} – {away} board {board}: no result yet"),
            ));
            return None;
        }
        ResultCell::Invalid(_) => return None,
    };
    // A side with nobody on the board can only have lost it by forfeit. A typed result that
    // says otherwise is never rescored: it is an error at the cell and the round stays
    // incomplete until the arbiter fixes name or result.
    let allowed = match (hp.is_some(), ap.is_some()) {
        (true, true) => None,
        (true, false) => Some(GameResult::ForfeitWin),
        (false, true) => Some(GameResult::ForfeitLoss),
        (false, false) => Some(GameResult::DoubleForfeit),
    };
    if let Some(want) = allowed.filter(|w| *w != g) {
        let typed = crate::rounds::notation::format(g, crate::model::Sport::Chess);
        let fix = crate::rounds::notation::format(want, crate::model::Sport::Chess);
        let side = match (hp.is_some(), ap.is_some()) {
            (true, false) => ("客队", "the away team"),
            (false, true) => ("主队", "the home team"),
            _ => ("双方", "neither team"),
        };
        findings.push(Finding::new(
            Code::ResultInvalid,
            src(5),
            format!(
                "第{round}轮 {home} – {away} 第{board}台：结果“{typed}”，但{}未填棋手；\
                 请填写棋手姓名，或把结果改为“{fix}”（弃权）",
                side.0
            ),
            format!(
                "round {round}, {home} – {away} board {board}: result \"{typed}\" but {} \
                 named no player; name the player, or type \"{fix}\" (forfeit)",
                side.1
            ),
        ));
        return None;
    }
    Some(MatchBoard {
        board,
        home_player: hp,
        away_player: ap,
        home_colour: home_colour.unwrap_or(Colour::White),
        result: g,
    })
}

/// The line-up findings of one match (SPEC §5: who may play which board), each at the
/// player's cell: column C (home) or F (away).
fn lineup_findings(
    sheet: &RoundSheet,
    round: u32,
    rs: &[&TeamBoardRow],
    sides: [(u32, &BTreeMap<u32, Option<String>>); 2],
    cx: &Context<'_>,
    findings: &mut Findings,
) {
    let first_row = rs.first().map(|r| r.row).unwrap_or(0);
    for ((team, lineup_map), col) in sides.into_iter().zip([3u32, 6u32]) {
        let Some(info) = cx.teams.iter().find(|t| t.number == team) else {
            continue;
        };
        for issue in lineup::check(cx.groups, &info.members, lineup_map) {
            let row = rs
                .iter()
                .find(|r| r.board == Some(issue.board()))
                .map(|r| r.row)
                .unwrap_or(first_row);
            let clause = match &issue {
                lineup::Issue::Ineligible { bar, .. } => bar.clause.as_deref().unwrap_or(""),
                _ => cx.lineup_clause,
            };
            let src = Source::cell(&sheet.file, &sheet.sheet, row, col);
            let mut f = lineup_finding(&issue, round, &info.name, src);
            if !clause.is_empty() {
                f = f.clause(clause);
            }
            findings.push(f);
        }
    }
}

fn lineup_finding(issue: &lineup::Issue, round: u32, team: &str, source: Source) -> Finding {
    let board = issue.board();
    let (zh, en) = match issue {
        lineup::Issue::UnknownPlayer { .. } => {
            ("不是本队报名棋手", "is not a registered member of the team")
        }
        lineup::Issue::WrongGroup { .. } => {
            ("不符合台次性别规定", "is on a board of the other sex group")
        }
        lineup::Issue::ReserveBoard { .. } => (
            "替补只能在本组最后一台上场",
            "a reserve may only play the last board of its group",
        ),
        lineup::Issue::Order { .. } => (
            "未按报名台次顺序上场",
            "main players are not in entry order",
        ),
        lineup::Issue::Repeated { .. } => {
            ("同一棋手出现在两个台次", "the same player is on two boards")
        }
        lineup::Issue::Ineligible { bar, .. } => (bar.zh.as_str(), bar.en.as_str()),
    };
    Finding::new(
        issue.code(),
        source,
        format!("第{round}轮 {team} 第{board}台：{zh}"),
        format!("round {round}, {team} board {board}: {en}"),
    )
    .team(team)
}

#[cfg(test)]
#[path = "matches_tests.rs"]
mod tests;
