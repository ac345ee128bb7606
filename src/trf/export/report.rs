//! The FIDE report of a section or a stage (TRF-26, RULES.md §D): the header records every
//! report shares, the facts of a person a `001` line carries besides the games, and an
//! individual section's file written from its [`History`] — the inverse of [`crate::trf::history`]
//! (`tests/trf_roundtrip.rs` reads an export back to the same history).
//!
//! Decisions:
//!
//! - Lines end in CRLF ([`text`]): the TRF-16 text asks for a carriage return at the end of each
//!   line and TRF-26 keeps it (RULES.md §D, "Write CR/CRLF line ends"); every reader bianpai is
//!   checked against (its own, TieBreakServer, bbpPairings) takes CRLF.
//! - The file is named `<event-id>-<section-id>.trf` (`<event-id>.trf` for a team stage): the
//!   event's id is `[event] id` in event.toml, else the event folder's name when it is plain ASCII
//!   (letters, digits, `-`, `_`, `.`), else `event` ([`event_id`]); never the template's name.
//! - `012`/`022` are in Latin letters (FIDE's programs read a TRF as Latin-1): `[trf] name_en` /
//!   `place_en`, else the pinyin of the Chinese name and city, one capitalised syllable per
//!   character ([`crate::normalize::fide_team_name`]).
//! - A birth date known to the month only is written with its year (`2014/00/00`), as FIDE
//!   writes a year of birth alone; a title only when it is one of FIDE's (`GM` … `WCM`, or its
//!   Chinese name).

use jiff::civil::Date;

use super::other;
use crate::event::{Event, Stage};
use crate::model::roster::{BirthDate, DatePrecision};
use crate::model::{Points, Sex};
use crate::normalize::fide_name;
use crate::tournament::{ByeKind, History, Outcome, ScoreTable, Slot};
use crate::trf::{Layout, Line, PlayerRecord, ResultCode, RoundEntry, Trf};

/// The header facts of a report: records `012` to `132`, `142`, `192`, `212`, `222`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Facts {
    /// `012`, in Latin letters.
    pub name: String,
    /// `022`, in Latin letters.
    pub city: String,
    /// `032`: the federation (`CHN`), also the `001` federation of a person without one.
    pub federation: String,
    /// `042`.
    pub start: Option<Date>,
    /// `052`.
    pub end: Option<Date>,
    /// `092`: the type (`Individual: Swiss-System`).
    pub kind: String,
    /// `102`.
    pub chief_arbiter: Option<String>,
    /// `112`, one line each.
    pub deputies: Vec<String>,
    /// `122`/`222`: minutes per player and seconds added per move.
    pub time_control: Option<(u32, u32)>,
    /// `132`: the date of each round, when the event gives them.
    pub round_dates: Vec<Date>,
    /// `142`: the rounds planned.
    pub rounds: u32,
    /// `192`: the pairing system's code, when it has one (`FIDE_DUTCH_2026`).
    pub system: Option<String>,
    /// `212`: the primary score and the tie-breaks as C.07 codes; not written when empty.
    pub tiebreaks: Vec<String>,
}

impl Facts {
    /// The facts `event.toml` gives for a stage: names in Latin letters, city, dates, arbiters,
    /// time control, round dates and rounds (the caller sets the type, system and tie-breaks).
    pub fn of(event: &Event, stage: &Stage) -> Facts {
        let city = stage.city.as_deref().unwrap_or(&event.venue().city);
        Facts {
            name: event
                .trf()
                .name_en
                .clone()
                .unwrap_or_else(|| latin(&event.meta().name)),
            city: event.trf().place_en.clone().unwrap_or_else(|| latin(city)),
            federation: "CHN".into(),
            start: stage.start.or(Some(event.dates().start)),
            end: stage.end.or(Some(event.dates().end)),
            kind: String::new(),
            // Arbiters as FIDE writes names: a Chinese name in pinyin, a Latin one as it is.
            chief_arbiter: event.meta().chief_arbiter.as_deref().map(fide_name),
            deputies: event
                .meta()
                .deputy_arbiters
                .iter()
                .map(|a| fide_name(a))
                .collect(),
            time_control: stage
                .time_control
                .as_ref()
                .map(|t| (t.minutes, t.increment_seconds)),
            round_dates: stage.round_dates.iter().map(|d| d.0).collect(),
            rounds: stage.rounds.unwrap_or(0),
            system: None,
            tiebreaks: Vec::new(),
        }
    }

    /// The facts of an individual section of a stage: `012` the event's name and the section's
    /// id, `092` the type, `192`/`212` the system and tie-breaks when they have FIDE codes (a
    /// xiangqi Swiss has neither: its chain is a CXA one).
    pub fn of_section(event: &Event, stage: &Stage, section: &str) -> Facts {
        use crate::event::System;
        let mut f = Facts::of(event, stage);
        f.name = format!("{} {section}", f.name);
        f.rounds = stage.rounds.unwrap_or(7);
        f.kind = match stage.system {
            System::RoundRobin => "Individual: Round-Robin",
            _ => "Individual: Swiss-System",
        }
        .into();
        f.system = match stage.system {
            System::Swiss => Some("FIDE_DUTCH_2026".into()),
            System::RoundRobin => Some("FIDE_ROUNDROBIN".into()),
            _ => None,
        };
        if event.tiebreak_keys(&stage.id, section).is_some() {
            f.tiebreaks = event
                .tiebreaks_for(&stage.id, section)
                .map(|t| t.order.clone())
                .unwrap_or_default();
        }
        f
    }

    /// The header records, `players`, `rated` and `teams` counted by the caller; `scores` are
    /// the scoring records (`162`, and a team event's `352`/`362`), written after `142`/`192`.
    pub(super) fn lines(&self, counts: [usize; 3], scores: Vec<Line>) -> Vec<Line> {
        let [players, rated, teams] = counts;
        let mut lines = vec![
            other("012", &self.name),
            other("022", &self.city),
            other("032", &self.federation),
            other("042", &date(self.start)),
            other("052", &date(self.end)),
            other("062", &players.to_string()),
            other("072", &rated.to_string()),
            other("082", &teams.to_string()),
            other("092", &self.kind),
        ];
        lines.extend(self.chief_arbiter.iter().map(|a| other("102", a)));
        lines.extend(self.deputies.iter().map(|a| other("112", a)));
        if let Some((minutes, increment)) = self.time_control {
            lines.push(other(
                "122",
                &format!("{minutes} min + {increment} s per move"),
            ));
        }
        if !self.round_dates.is_empty() {
            lines.push(round_dates(&self.round_dates));
        }
        lines.push(other("142", &self.rounds.to_string()));
        let mut scores = scores.into_iter();
        lines.extend(scores.next());
        lines.extend(self.system.iter().map(|s| other("192", s)));
        lines.extend(scores);
        if !self.tiebreaks.is_empty() {
            lines.push(other("212", &self.tiebreaks.join(" ")));
        }
        if let Some((minutes, increment)) = self.time_control {
            lines.push(other(
                "222",
                &format!("{}+{increment}", u64::from(minutes) * 60),
            ));
        }
        lines
    }
}

/// A name in Latin letters: each run of ASCII letters and digits kept whole (`2026`), the rest
/// as [`crate::normalize::fide_team_name`] spells it, one capitalised syllable per character.
pub(super) fn latin(name: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut rest = name;
    while let Some(c) = rest.chars().next() {
        let ascii = c.is_ascii_alphanumeric();
        let cut = rest
            .find(|x: char| x.is_ascii_alphanumeric() != ascii)
            .unwrap_or(rest.len());
        let (run, tail) = rest.split_at(cut);
        let word = if ascii {
            run.to_string()
        } else {
            crate::normalize::fide_team_name(run)
        };
        words.extend(word.split_whitespace().map(str::to_string));
        rest = tail;
    }
    words.join(" ")
}

/// `YYYY/MM/DD`, or nothing.
pub(super) fn date(d: Option<Date>) -> String {
    d.map(|d| format!("{:04}/{:02}/{:02}", d.year(), d.month(), d.day()))
        .unwrap_or_default()
}

/// `132`: each round's date `YY/MM/DD` at columns 92 + 10(r - 1) to 99 + 10(r - 1), under the
/// round blocks of the `001` lines.
fn round_dates(dates: &[Date]) -> Line {
    let mut raw = format!("{:<91}", "132");
    for (i, d) in dates.iter().enumerate() {
        if i > 0 {
            raw.push_str("  ");
        }
        raw.push_str(&format!(
            "{:02}/{:02}/{:02}",
            d.year().rem_euclid(100),
            d.month(),
            d.day()
        ));
    }
    Line::Other {
        code: "132".into(),
        raw,
    }
}

/// `162`/`362` layout: symbol in columns 6, 15, 24, value in the 4 columns after it; the PAB's
/// value (`P`) only when it is not a win's, its default.
pub(super) fn score_line(code: &str, win: Points, draw: Points, pab: Option<Points>) -> Line {
    let f = |p: Points| p.fmt_decimals(1);
    let mut v = format!(" W{:>4}    D{:>4}    L 0.0", f(win), f(draw));
    if let Some(p) = pab.filter(|&p| p != win) {
        v.push_str(&format!("    P{:>4}", f(p)));
    }
    other(code, &v)
}

/// What a `001` line says of a person besides the games: every field optional, the
/// [`History`]'s entrant (or the report's federation) filling in what is missing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Person {
    /// The name as FIDE writes it (`Ding, Liren`).
    pub name: Option<String>,
    /// FIDE title (`GM`), empty without.
    pub title: String,
    /// Sex.
    pub sex: Option<Sex>,
    /// Federation (3 letters).
    pub federation: Option<String>,
    /// FIDE ID.
    pub fide_id: Option<u64>,
    /// Birth date.
    pub birth: Option<BirthDate>,
}

/// FIDE's titles and their Chinese names (称号 as a form writes it).
const TITLES: [(&str, &str); 8] = [
    ("GM", "国际特级大师"),
    ("IM", "国际大师"),
    ("WGM", "女子国际特级大师"),
    ("FM", "国际棋联大师"),
    ("WIM", "女子国际大师"),
    ("CM", "候选大师"),
    ("WFM", "女子国际棋联大师"),
    ("WCM", "女子候选大师"),
];

impl Person {
    /// The facts of a person of the roster.
    pub fn of(p: &crate::model::roster::Person) -> Person {
        let title = p.title.as_ref().map_or("", |t| t.value.trim());
        Person {
            name: Some(p.fide_name()),
            title: TITLES
                .iter()
                .find(|(code, zh)| title.eq_ignore_ascii_case(code) || title == *zh)
                .map_or_else(String::new, |(code, _)| (*code).to_string()),
            sex: p.sex.as_ref().map(|s| s.value),
            federation: None,
            fide_id: p.fide_id.as_ref().map(|f| f.value),
            birth: p.birth.as_ref().map(|b| b.value),
        }
    }

    /// The `001` record of this person, `federation` when the person has none.
    pub(super) fn record(
        &self,
        start_no: u16,
        name: &str,
        rating: u16,
        federation: &str,
    ) -> PlayerRecord {
        PlayerRecord {
            start_no,
            sex: match self.sex {
                Some(Sex::Male) => 'm',
                Some(Sex::Female) => 'w',
                None => ' ',
            },
            title: self.title.clone(),
            name: self.name.clone().unwrap_or_else(|| name.to_string()),
            rating,
            federation: self
                .federation
                .clone()
                .unwrap_or_else(|| federation.to_string()),
            fide_id: self.fide_id.map(|f| f.to_string()).unwrap_or_default(),
            birth: self.birth.map_or_else(String::new, |b| match b.precision {
                DatePrecision::Day => date(Some(b.date)),
                DatePrecision::Month => format!("{:04}/00/00", b.date.year()),
            }),
            points: None,
            rank: None,
            rounds: Vec::new(),
            layout: Layout(None),
        }
    }
}

/// The round block of a slot; `opponents` gives each entrant's start number.
pub(crate) fn entry(s: &Slot, start_no: impl Fn(usize) -> Option<u16>) -> RoundEntry {
    let result = match s.outcome {
        Outcome::Win => ResultCode::Win,
        Outcome::Draw => ResultCode::Draw,
        Outcome::Loss => ResultCode::Loss,
        Outcome::ForfeitWin => ResultCode::ForfeitWin,
        Outcome::ForfeitLoss => ResultCode::ForfeitLoss,
        Outcome::Bye(ByeKind::Pab) => ResultCode::Pab,
        Outcome::Bye(ByeKind::Full) => ResultCode::FullBye,
        Outcome::Bye(ByeKind::Half) => ResultCode::HalfBye,
        Outcome::Bye(ByeKind::Zero) => ResultCode::ZeroBye,
        Outcome::Unpaired => ResultCode::Blank,
    };
    RoundEntry {
        opponent: s.opponent.and_then(start_no),
        colour: s.colour,
        result,
    }
}

/// An entrant's points over the rounds played.
fn points(slots: &[Slot], table: &ScoreTable) -> Points {
    slots.iter().map(|s| table.points(s.outcome)).sum()
}

/// The `001` lines of a history's entrants in start-number order with `people[i]`'s facts (the
/// entrant's own name and rating otherwise): the first `written` rounds, points over the first
/// `scored` ones, `ranks[i]` (0 or missing: none).
pub(super) fn player_lines(
    h: &History,
    people: &[Person],
    federation: &str,
    (written, scored): (usize, usize),
    ranks: &[u32],
) -> Vec<Line> {
    let start_no = |i: usize| h.entrants.get(i).map(|e| e.start_no);
    let none = Person::default();
    h.entrants
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let person = people.get(i).unwrap_or(&none);
            // A history read from a TRF has the players' federations; the season's has the
            // delegation there (the same-unit rule), which is no federation.
            let own =
                e.federation.len() == 3 && e.federation.bytes().all(|b| b.is_ascii_uppercase());
            let fed = if own { &e.federation } else { federation };
            let mut rec = person.record(e.start_no, &e.name, e.rating.unwrap_or(0), fed);
            let slots = e.rounds.get(..scored.min(e.rounds.len())).unwrap_or(&[]);
            rec.points = Some(points(slots, &h.game_points));
            rec.rank = ranks
                .get(i)
                .and_then(|&r| u16::try_from(r).ok())
                .filter(|&r| r > 0);
            rec.rounds = e
                .rounds
                .iter()
                .take(written)
                .map(|s| entry(s, start_no))
                .collect();
            Line::Player(rec)
        })
        .collect()
}

/// The number of rated entrants (`072`).
pub(super) fn rated(h: &History) -> usize {
    h.entrants
        .iter()
        .filter(|e| e.rating.unwrap_or(0) > 0)
        .count()
}

/// The FIDE report of an individual section from its history: one `001` line per entrant
/// ([`player_lines`]) with its points over the rounds played and `ranks[i]`; every round
/// played, and the next round's entries already made (a requested bye, an announced absence)
/// while rounds remain. `162` is the history's game scoring.
pub fn section(h: &History, people: &[Person], ranks: &[u32], facts: &Facts) -> Trf {
    let played = h.rounds_played;
    let next_known =
        played < facts.rounds as usize && h.entrants.iter().any(|e| e.rounds.len() > played);
    let written = played + usize::from(next_known);
    let players = player_lines(h, people, &facts.federation, (written, played), ranks);
    let g = &h.game_points;
    let l162 = score_line("162", g.win, g.draw, Some(g.pab));
    let mut lines = facts.lines([players.len(), rated(h), 0], vec![l162]);
    lines.extend(players);
    Trf { lines }
}

/// The event's id for file names: `[event] id`, else the event folder's name when it is plain
/// ASCII, else `event`.
pub fn event_id(event: &Event, dir: &std::path::Path) -> String {
    use crate::event::is_plain_id;
    let folder = folder_name(dir);
    event
        .meta()
        .id
        .clone()
        .filter(|s| is_plain_id(s))
        .or(folder.filter(|s| is_plain_id(s)))
        .unwrap_or_else(|| "event".into())
}

/// The event folder's own name (`.` and `..` resolved), when it has one in UTF-8.
pub fn folder_name(dir: &std::path::Path) -> Option<String> {
    crate::ingest::resolved(dir)?
        .file_name()
        .and_then(|n| n.to_str())
        .map(str::to_string)
}

/// The text of a report: [`crate::trf::write`] with CRLF line ends.
pub fn text(trf: &Trf) -> String {
    crate::trf::write(trf).replace('\n', "\r\n")
}

/// Takes disqualified entrants (`start_nos`) out of the ranking as FIDE's reader ranks a file:
/// no rank (columns 86-89 blank, as [`section`] writes a rank of 0) and a `299` record of the
/// final standings only (round 999: tie-breaks and the opponents' scores keep their games)
/// that takes the entrant below every other, `-(whole points + 1)` in columns 14-17, so that
/// TieBreakServer's checker ranks the others as the standings do.
pub fn disqualify(trf: &mut Trf, start_nos: &[u16]) {
    let records: Vec<Line> = trf
        .players()
        .filter(|p| start_nos.contains(&p.start_no))
        .map(|p| {
            let whole = p.points.unwrap_or(Points::ZERO).halves().div_euclid(2) + 1;
            let raw = format!(
                "299 {}  {:>4}  {:>4}  999 {:>4}",
                ' ', "", -whole, p.start_no
            );
            Line::Other {
                code: "299".into(),
                raw,
            }
        })
        .collect();
    let at = trf
        .lines
        .iter()
        .position(|l| matches!(l, Line::Player(_)))
        .unwrap_or(trf.lines.len());
    trf.lines.splice(at..at, records);
}
