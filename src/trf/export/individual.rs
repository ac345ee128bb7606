//! The TRF-26 report of an individual Swiss section (`out/<template>-<section>.trf`): one `001`
//! line per entrant, start numbers in pairing-id order, names as FIDE writes them (pinyin,
//! "Surname, Given"; a pair's two names joined by `/`), each complete round as the round workbook gives it (red = White), the
//! bye as a PAB `0000 - U`, a round not played (late entry, after a withdrawal) as `0000 - Z`;
//! `162` with the event's points for a win and a draw and the bye's (`P`), `142` the planned
//! rounds, the points field and rank from the section's standings. No `192`: the xiangqi Swiss
//! has no FIDE code. bbpPairings reads it and pairs the next round by the Dutch rules
//! (tests/bbp_individual.rs).

use super::{code_of, date, other};
use crate::event::{Event, Stage};
use crate::model::{Colour, GameResult, Points};
use crate::season::individual::SectionOutcome;
use crate::tournament::ByeKind;
use crate::trf::{Layout, Line, PlayerRecord, ResultCode, RoundEntry, ScoreTable, Trf};

/// The points of the section's games: a win, a draw, the bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SectionScoring {
    /// A win.
    pub win: Points,
    /// A draw.
    pub draw: Points,
    /// The bye.
    pub bye: Points,
}

fn flip(r: GameResult) -> GameResult {
    match r {
        GameResult::Win => GameResult::Loss,
        GameResult::Loss => GameResult::Win,
        GameResult::ForfeitWin => GameResult::ForfeitLoss,
        GameResult::ForfeitLoss => GameResult::ForfeitWin,
        x => x,
    }
}

/// A round without an opponent: a half-point bye `H`, else `Z`.
fn bye_entry(kind: ByeKind) -> RoundEntry {
    RoundEntry {
        opponent: None,
        colour: None,
        result: if kind == ByeKind::Half {
            ResultCode::HalfBye
        } else {
            ResultCode::ZeroBye
        },
    }
}

/// The TRF of one section over its complete rounds.
pub fn section(event: &Event, stage: &Stage, s: &SectionOutcome, sc: SectionScoring) -> Trf {
    let n = s.entrants.len();
    let mut blocks: Vec<Vec<RoundEntry>> = vec![Vec::with_capacity(s.complete.len()); n];
    for r in &s.complete {
        for b in blocks.iter_mut() {
            b.push(RoundEntry {
                opponent: None,
                colour: None,
                result: ResultCode::ZeroBye,
            });
        }
        let mut set = |i: usize, e: RoundEntry| {
            if let Some(x) = blocks.get_mut(i).and_then(|v| v.last_mut()) {
                *x = e;
            }
        };
        for &(red, black, res) in &r.games {
            let Some(res) = res else { continue };
            let no = |i: usize| u16::try_from(i + 1).ok();
            set(
                red,
                RoundEntry {
                    opponent: no(black),
                    colour: Some(Colour::White),
                    result: code_of(res),
                },
            );
            set(
                black,
                RoundEntry {
                    opponent: no(red),
                    colour: Some(Colour::Black),
                    result: code_of(flip(res)),
                },
            );
        }
        if let Some(b) = r.bye {
            set(
                b,
                RoundEntry {
                    opponent: None,
                    colour: None,
                    result: ResultCode::Pab,
                },
            );
        }
        // A requested bye (FIDE Dutch): `H` or `Z`.
        for &(i, kind) in &r.requested {
            set(i, bye_entry(kind));
        }
    }
    // The round to be paired, entered ahead (FIDE Dutch): the byes requested for it and the
    // players not paired again, as bbpPairings reads a TRF.
    for &(i, kind) in &s.upcoming {
        if let Some(b) = blocks.get_mut(i) {
            b.push(bye_entry(kind));
        }
    }
    let table = ScoreTable {
        win: sc.win,
        draw: sc.draw,
        pab: sc.bye,
        half_bye: sc.draw,
        ..ScoreTable::default()
    };
    let rated = s.entrants.iter().filter(|e| e.rating > 0).count();
    let mut lines = vec![
        other(
            "012",
            &match &event.trf.name_en {
                Some(n) => format!("{n} {}", s.id),
                None => format!("{} {}", event.event.name, s.name),
            },
        ),
        other(
            "022",
            &event
                .trf
                .place(stage.city.as_deref().unwrap_or(&event.venue.city)),
        ),
        other("032", "CHN"),
        other("042", &date(stage.start.or(Some(event.dates.start)))),
        other("052", &date(stage.end.or(Some(event.dates.end)))),
        other("062", &n.to_string()),
        other("072", &rated.to_string()),
        other("092", "Individual: Swiss System"),
        other("142", &stage.rounds.unwrap_or(7).to_string()),
        other(
            "162",
            &format!(
                " W{:>4}    D{:>4}    L 0.0    P{:>4}",
                sc.win.fmt_decimals(1),
                sc.draw.fmt_decimals(1),
                sc.bye.fmt_decimals(1)
            ),
        ),
    ];
    for (i, (e, rounds)) in s.entrants.iter().zip(blocks).enumerate() {
        let no = u32::try_from(i + 1).unwrap_or(u32::MAX);
        let rank = s
            .standings
            .rows
            .iter()
            .find(|r| r.start_no == no && r.rank > 0)
            .and_then(|r| u16::try_from(r.rank).ok());
        let mut rec = PlayerRecord {
            start_no: u16::try_from(no).unwrap_or(u16::MAX),
            sex: ' ',
            title: String::new(),
            // A pair (家庭双人组) is `成人/儿童`: each name as FIDE writes it.
            name: e.fide_name.clone(),
            rating: e.rating,
            federation: "CHN".into(),
            fide_id: String::new(),
            birth: String::new(),
            points: None,
            rank,
            rounds,
            layout: Layout(None),
        };
        rec.points = Some(rec.score(&table));
        lines.push(Line::Player(rec));
    }
    Trf { lines }
}
