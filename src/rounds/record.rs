//! The pairing bianpai wrote into a round workbook, recorded in its hidden marker sheet so that
//! every later read can compare the rows the arbiter left with it (issue 17, SPEC §6).
//!
//! The record lives below the marker's key rows: a row `pairing` | `<count>`, then one row per
//! game, `game` | match | board | left | right (the right cell empty for a bye). In a team
//! event left and right are the two teams of the board; in an individual event the two
//! players as printed (`王浩（河南）`). Results are not recorded: they are the arbiter's to fill
//! in. A team round's record also keeps the line-up bianpai pre-filled (`pairing` | `team` |
//! count | `lineups`, then home and away player after each game's teams), so that a round 1
//! nobody has touched is told apart from one whose line-ups the arbiter typed even after the
//! roster changed ([`crate::season`]'s stale-round check); records written before have no
//! line-ups and read as `None` there.
//!
//! A workbook written before the record existed has none ([`Recorded::from_table`] gives
//! `None`); the season then compares with the pairing it recomputes for that round.

use super::lines::Lines;
use crate::ingest::{Cell, Table};

/// The key of the row opening the record.
pub(crate) const PAIRING_KEY: &str = "pairing";
/// The key of each game row.
pub(crate) const GAME_KEY: &str = "game";
/// More game rows than any event has: the rest of a tampered marker sheet is not read.
const MAX_GAMES: usize = 10_000;

/// One game (or bye) of the recorded pairing.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct RecordedGame {
    /// 场次 (team events; 0 in individual events).
    pub match_no: u32,
    /// 台次 / 台号.
    pub board: u32,
    /// The home team (team events) or the white/red player.
    pub left: String,
    /// The away team or the black player; `None` for a bye.
    pub right: Option<String>,
}

/// The pairing bianpai wrote, game by game.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Recorded {
    /// Whether the round is a team round (teams on every board) or an individual one.
    pub team: bool,
    /// The games in sheet order.
    pub games: Vec<RecordedGame>,
    /// A team round's pre-filled line-up, one (home player, away player) per game in `games`'
    /// order (empty text for a board left empty); `None` in an individual round or a record
    /// written before line-ups were recorded.
    pub line_ups: Option<Vec<(String, String)>>,
}

/// The fourth cell of the `pairing` row of a team record that carries its line-ups.
const LINE_UPS_KEY: &str = "lineups";

impl Recorded {
    /// The pairing of the rows to be written: who meets whom on which board.
    pub fn of(lines: &Lines) -> Recorded {
        match lines {
            Lines::Team(v) => Recorded {
                team: true,
                games: v
                    .iter()
                    .map(|l| RecordedGame {
                        match_no: l.match_no,
                        board: l.board,
                        left: l.home_team.clone(),
                        right: Some(l.away_team.clone()),
                    })
                    .collect(),
                line_ups: Some(
                    v.iter()
                        .map(|l| (l.home_player.clone(), l.away_player.clone()))
                        .collect(),
                ),
            },
            Lines::Individual(v) => Recorded {
                team: false,
                games: v
                    .iter()
                    .map(|l| RecordedGame {
                        match_no: 0,
                        board: l.board,
                        left: l.left.clone(),
                        right: l.right.clone(),
                    })
                    .collect(),
                line_ups: None,
            },
        }
    }

    /// The rows written into the marker sheet: `pairing` | kind | count, then one per game.
    pub fn rows(&self) -> Vec<Vec<String>> {
        let kind = if self.team { "team" } else { "individual" };
        let mut head = vec![
            PAIRING_KEY.to_string(),
            kind.to_string(),
            self.games.len().to_string(),
        ];
        if self.line_ups.is_some() {
            head.push(LINE_UPS_KEY.to_string());
        }
        let mut out = vec![head];
        for (k, g) in self.games.iter().enumerate() {
            let mut row = vec![
                GAME_KEY.to_string(),
                g.match_no.to_string(),
                g.board.to_string(),
                g.left.clone(),
                g.right.clone().unwrap_or_default(),
            ];
            if let Some((home, away)) = self.line_ups.as_ref().and_then(|l| l.get(k)) {
                row.push(home.clone());
                row.push(away.clone());
            }
            out.push(row);
        }
        out
    }

    /// Reads the record from a marker sheet; `None` when the sheet has no record, or when the
    /// record is not whole (its count differs from its game rows: a hand-edited marker sheet
    /// is as good as none).
    pub(crate) fn from_table(t: &Table) -> Option<Recorded> {
        let text = |r: usize, c: usize| match t.get(r, c) {
            Cell::Text(s) => s.trim().to_string(),
            other => other.display().trim().to_string(),
        };
        let start = (0..t.height().min(64)).find(|&r| text(r, 0) == PAIRING_KEY)?;
        let team = match text(start, 1).as_str() {
            "team" => true,
            "individual" => false,
            _ => return None,
        };
        let count: usize = text(start, 2).parse().ok()?;
        if count > MAX_GAMES {
            return None;
        }
        let with_line_ups = team && text(start, 3) == LINE_UPS_KEY;
        let mut games = Vec::new();
        let mut line_ups = Vec::new();
        for r in start + 1..t.height().min(start + 1 + MAX_GAMES) {
            if text(r, 0) != GAME_KEY {
                continue;
            }
            let right = text(r, 4);
            games.push(RecordedGame {
                match_no: text(r, 1).parse().ok()?,
                board: text(r, 2).parse().ok()?,
                left: text(r, 3),
                right: (!right.is_empty()).then_some(right),
            });
            if with_line_ups {
                line_ups.push((text(r, 5), text(r, 6)));
            }
        }
        (games.len() == count).then_some(Recorded {
            team,
            games,
            line_ups: with_line_ups.then_some(line_ups),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rounds::lines::{IndividualLine, TeamLine};

    fn table(rows: Vec<Vec<String>>) -> Table {
        Table {
            file: "results/r01.xlsx".into(),
            sheet: "bianpai".into(),
            rows: rows
                .into_iter()
                .map(|r| r.into_iter().map(Cell::Text).collect())
                .collect(),
            merges: vec![],
            hidden: true,
            paragraphs: Vec::new(),
            date1904: false,
        }
    }

    #[test]
    fn team_and_individual_records_round_trip() {
        let team = Lines::Team(vec![TeamLine {
            match_no: 2,
            board: 3,
            home_team: "北京队".into(),
            home_player: "甲".into(),
            home_colour: crate::model::Colour::White,
            result: None,
            away_player: "乙".into(),
            away_team: "上海队".into(),
        }]);
        let rec = Recorded::of(&team);
        assert_eq!(
            rec.rows(),
            vec![
                vec!["pairing", "team", "1", "lineups"],
                vec!["game", "2", "3", "北京队", "上海队", "甲", "乙"]
            ]
        );
        assert_eq!(Recorded::from_table(&table(rec.rows())), Some(rec));
        let ind = Lines::Individual(vec![
            IndividualLine {
                board: 1,
                left: "王浩（河南）".into(),
                result: None,
                right: Some("李明（广东）".into()),
            },
            IndividualLine {
                board: 2,
                left: "张三（四川）".into(),
                result: None,
                right: None,
            },
        ]);
        let rec = Recorded::of(&ind);
        assert_eq!(Recorded::from_table(&table(rec.rows())), Some(rec));
    }

    #[test]
    fn a_record_that_is_not_whole_is_none() {
        let mut rows = Recorded {
            team: true,
            games: vec![RecordedGame {
                match_no: 1,
                board: 1,
                left: "A".into(),
                right: Some("B".into()),
            }],
            line_ups: None,
        }
        .rows();
        rows.pop();
        assert_eq!(Recorded::from_table(&table(rows)), None);
        assert_eq!(Recorded::from_table(&table(vec![])), None);
        let bad = vec![vec!["pairing".to_string(), "team".into(), "x".into()]];
        assert_eq!(Recorded::from_table(&table(bad)), None);
    }
}
