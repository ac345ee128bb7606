//! Typed accessors on [`Trf`]: players, teams, rounds, colours, score tables and the TRF-26
//! records, each read from the lines on demand.
//!
//! Decisions (each also stated on its method):
//! - When a record that should occur once occurs several times, the **first** one counts.
//! - Header values are the text from column 5 on, trimmed.
//! - Records that do not read (only possible for lines built in code, since [`super::parse`]
//!   rejects malformed ones) are treated as absent.

use super::columns::Columns;
use super::model::{Line, PlayerRecord, ResultCode, ScoreTable, TeamRecord, Trf};
use super::records::{self, Bye240, ForfeitedMatch, TeamPabs};
use super::records26::{self, Abnormal299};
use crate::model::{Colour, Points};
use crate::tournament::{Acceleration, Prohibited};

impl Trf {
    /// The `001` records in file order.
    pub fn players(&self) -> impl Iterator<Item = &PlayerRecord> {
        self.lines.iter().filter_map(|l| match l {
            Line::Player(p) => Some(p),
            _ => None,
        })
    }

    /// The `001` record with this start number (the first, should there be two).
    pub fn player(&self, start_no: u16) -> Option<&PlayerRecord> {
        self.players().find(|p| p.start_no == start_no)
    }

    /// The raw lines of every record with this code (`"162"`, `"XXR"`, `"###"`), in file order.
    pub fn records<'a>(&'a self, code: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.lines.iter().filter_map(move |l| match l {
            Line::Other { code: c, raw } if c == code => Some(raw.as_str()),
            _ => None,
        })
    }

    /// The value of the first record with this code: its text from column 5 on, trimmed.
    /// `None` when there is no such record.
    pub fn header<'a>(&'a self, code: &'a str) -> Option<&'a str> {
        self.records(code).next().map(|raw| {
            raw.char_indices()
                .nth(4)
                .map_or("", |(i, _)| raw.get(i..).unwrap_or(""))
                .trim()
        })
    }

    /// The first record with this code, ready for column reading.
    fn record_cols<'a>(&'a self, code: &'a str) -> Option<Columns> {
        self.records(code).next().map(|raw| Columns::new(raw, 0))
    }

    /// The teams: the `310` records when the file has any, else the `013` records numbered
    /// 1, 2, ... in file order (with only the name and members filled in).
    pub fn teams(&self) -> Vec<TeamRecord> {
        let t310: Vec<TeamRecord> = self
            .lines
            .iter()
            .filter_map(|l| match l {
                Line::Team(t) => Some(t.clone()),
                _ => None,
            })
            .collect();
        if !t310.is_empty() {
            return t310;
        }
        self.lines
            .iter()
            .filter_map(|l| match l {
                Line::Team013(t) => Some(t),
                _ => None,
            })
            .enumerate()
            .map(|(i, t)| TeamRecord {
                number: u16::try_from(i + 1).unwrap_or(u16::MAX),
                name: t.name.clone(),
                members: t.members.clone(),
                ..TeamRecord::default()
            })
            .collect()
    }

    /// The number of rounds planned: `XXR`, else `142`, else the most round blocks of any
    /// player.
    pub fn rounds_planned(&self) -> usize {
        ["XXR", "142"]
            .iter()
            .find_map(|code| {
                self.record_cols(code)
                    .and_then(|c| records::round_count(&c).ok())
            })
            .map_or_else(
                || self.players().map(|p| p.rounds.len()).max().unwrap_or(0),
                usize::from,
            )
    }

    /// The number of rounds played: the last round in which some player has a result against
    /// an opponent (any code but blank) or a pairing-allocated bye `U`.
    ///
    /// Rounds holding only `H`/`F`/`Z` entries are announced absences for a round not yet paired
    /// (the cut files of `tests/reference/dutch`), so they do not count; a paired game with a blank
    /// result is not played yet.
    pub fn rounds_played(&self) -> usize {
        self.players()
            .filter_map(|p| {
                p.rounds.iter().rposition(|e| {
                    (e.opponent.is_some() && e.result != ResultCode::Blank)
                        || e.result == ResultCode::Pab
                })
            })
            .map(|i| i + 1)
            .max()
            .unwrap_or(0)
    }

    /// The colour of the first player in round 1 (the lot): `XXC white1`/`black1`
    /// (bbpPairings), else `152 W`/`B` (TRF-26); `None` when neither says.
    pub fn initial_colour(&self) -> Option<Colour> {
        self.record_cols("XXC")
            .and_then(|c| records::colour_xxc(&c))
            .or_else(|| {
                self.record_cols("152")
                    .and_then(|c| records::colour_152(&c).ok().flatten())
            })
    }

    /// Game points per result (record `162`): defaults W 1.0, D 0.5, L 0, A 0; an unlisted P
    /// equals W and an unlisted X equals D (TRF-26).
    pub fn game_scores(&self) -> ScoreTable {
        self.record_cols("162")
            .and_then(|c| records::score_table(&c, ScoreTable::default()).ok())
            .unwrap_or_default()
    }

    /// Match points per match result (record `362`): defaults W 2.0, D 1.0, L 0, A 0, P = W,
    /// X = D. The value of a team PAB is in [`Trf::team_pabs`] (record `320`) instead.
    pub fn match_scores(&self) -> ScoreTable {
        self.record_cols("362")
            .and_then(|c| records::score_table(&c, records::match_defaults()).ok())
            .unwrap_or_else(records::match_defaults)
    }

    /// The board colours of the team that has White (record `352`, e.g. `WBWBW`); empty when
    /// absent.
    pub fn board_colours(&self) -> Vec<Colour> {
        self.record_cols("352")
            .and_then(|c| records::board_colours(&c).ok())
            .unwrap_or_default()
    }

    /// The start date from `042`, only when the line is exactly `042 YYYY/MM/DD` with nothing
    /// after it (TieBreakServer ignores any other form, tests/reference/tiebreaks/README.md).
    pub fn start_date(&self) -> Option<jiff::civil::Date> {
        let raw = self.records("042").next()?;
        let v = raw.strip_prefix("042 ")?;
        let b = v.as_bytes();
        let shape = b.len() == 10
            && b.iter().enumerate().all(|(i, c)| {
                if i == 4 || i == 7 {
                    *c == b'/'
                } else {
                    c.is_ascii_digit()
                }
            });
        if !shape {
            return None;
        }
        let y: i16 = v.get(0..4)?.parse().ok()?;
        let m: i8 = v.get(5..7)?.parse().ok()?;
        let d: i8 = v.get(8..10)?.parse().ok()?;
        jiff::civil::Date::new(y, m, d).ok()
    }

    /// The tournament type, free text of record `092` (e.g. `Team Round Robin (Berger)`).
    pub fn tournament_type(&self) -> Option<&str> {
        self.header("092")
    }

    /// The encoded tournament type of record `192` (TRF-26, e.g. `FIDE_TEAM_MP_GP`).
    pub fn system_code(&self) -> Option<&str> {
        self.header("192")
    }

    /// The forfeited matches (records `330`), in file order.
    pub fn forfeited_matches(&self) -> Vec<ForfeitedMatch> {
        self.records("330")
            .filter_map(|raw| records::forfeited_match(&Columns::new(raw, 0)).ok())
            .collect()
    }

    /// The team pairing-allocated byes (record `320`): their value and the team of each round.
    pub fn team_pabs(&self) -> Option<TeamPabs> {
        self.record_cols("320")
            .and_then(|c| records::team_pabs(&c).ok())
    }

    /// The `299` records with their 1-based line numbers, in file order.
    pub fn abnormal_299(&self) -> Vec<(usize, Abnormal299)> {
        self.numbered("299")
            .filter_map(|(n, raw)| Some((n, records26::abnormal_299(&Columns::new(raw, n)).ok()?)))
            .collect()
    }

    /// The accelerations (records `250`), in file order.
    pub fn accelerations(&self) -> Vec<Acceleration> {
        self.records("250")
            .filter_map(|raw| records26::acceleration_250(&Columns::new(raw, 0)).ok())
            .collect()
    }

    /// The prohibited pairings (records `260`), in file order.
    pub fn prohibited(&self) -> Vec<Prohibited> {
        self.records("260")
            .filter_map(|raw| records26::prohibited_260(&Columns::new(raw, 0)).ok())
            .collect()
    }

    /// The raw lines of every record with this code with their 1-based line numbers.
    pub(crate) fn numbered<'a>(
        &'a self,
        code: &'a str,
    ) -> impl Iterator<Item = (usize, &'a str)> + 'a {
        self.lines
            .iter()
            .enumerate()
            .filter_map(move |(i, l)| match l {
                Line::Other { code: c, raw } if c == code => Some((i + 1, raw.as_str())),
                _ => None,
            })
    }

    /// The bye records `240` read as `240 T RRR NNNN ...` (see [`Bye240`]); lines of another
    /// shape are skipped.
    pub fn byes_240(&self) -> Vec<Bye240> {
        self.records("240")
            .filter_map(|raw| records::bye_240(&Columns::new(raw, 0)))
            .collect()
    }
}

impl PlayerRecord {
    /// The sum of the round blocks under a score table (usually [`Trf::game_scores`]).
    ///
    /// `1`, `+`, `W` and `F` score `win`; `U` scores `pab`; `=` and `D` score `draw`; `H` scores
    /// `half_bye`; `0` and `L` score `loss`; `Z` and blank score `absent`; a forfeit loss `-`
    /// scores nothing. With the default table this is 1 / ½ / 0 with byes as in TRF-26.
    pub fn score(&self, table: &ScoreTable) -> Points {
        self.rounds
            .iter()
            .map(|e| table.points(super::import::outcome(e.result)))
            .sum()
    }
}
