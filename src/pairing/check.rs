//! Checks one round's pairing against the absolute rules every Swiss system must keep (C.04.1,
//! C.04.2 and the Dutch absolute criteria C1-C3): everyone present paired exactly once, nobody
//! absent paired, no rematch of a game played over the board, at most one PAB and only for an
//! odd field and an eligible player, and no colour beyond the limits (|CD| > 2, three in a row)
//! for anyone but a topscorer in the last round.

use std::fmt;

use crate::model::Colour;

use super::Pairing;
use super::dutch::state::{DutchTournament, Round};

/// One broken rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Violation {
    /// A starting rank that is not in the tournament.
    UnknownPlayer(u16),
    /// A player absent from this round was paired.
    AbsentPaired(u16),
    /// A present player appears in no pair and is not the bye.
    Unpaired(u16),
    /// A player appears more than once.
    PairedTwice(u16),
    /// The two already played each other (C1).
    Rematch(u16, u16),
    /// A PAB in an even field, or a second one.
    ExtraBye(u16),
    /// An odd field without a PAB.
    MissingBye,
    /// The PAB receiver already had a PAB or another unplayed win (C.04.1 art. 4, C2).
    ByeNotEligible(u16),
    /// In a game between two non-topscorers, one would reach |CD| > 2 or three games in a
    /// row with one colour (C3).
    ColourLimit(u16),
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::UnknownPlayer(p) => write!(f, "{p}: no such player"),
            Violation::AbsentPaired(p) => write!(f, "{p}: absent but paired"),
            Violation::Unpaired(p) => write!(f, "{p}: present but not paired"),
            Violation::PairedTwice(p) => write!(f, "{p}: paired twice"),
            Violation::Rematch(a, b) => write!(f, "{a}-{b}: rematch"),
            Violation::ExtraBye(p) => write!(f, "{p}: bye not needed"),
            Violation::MissingBye => write!(f, "odd field without a bye"),
            Violation::ByeNotEligible(p) => write!(f, "{p}: not eligible for the bye"),
            Violation::ColourLimit(p) => write!(f, "{p}: colour limit broken"),
        }
    }
}

/// Whether a player with this history may receive the PAB: no earlier round without a game
/// that was worth a win (a PAB, a forfeit win, a full-point bye).
pub fn bye_eligible(t: &DutchTournament, history: &[Round]) -> bool {
    !history
        .iter()
        .any(|r| !r.played && t.points.of(r) >= t.points.win)
}

/// Whether giving colour `c` to a player with these played colours breaks the colour limits.
fn breaks_colour_limits(history: &[Round], c: Colour) -> bool {
    let mut cols: Vec<Colour> = history
        .iter()
        .filter(|r| r.played)
        .filter_map(|r| r.colour)
        .collect();
    cols.push(c);
    let white = cols.iter().filter(|&&x| x == Colour::White).count();
    let black = cols.len() - white;
    let three = cols.len() >= 3 && cols[cols.len() - 3..].iter().all(|&x| x == c);
    white.abs_diff(black) > 2 || three
}

/// Checks `pairing` as the pairing of round `t.played_rounds + 1`; empty when it keeps every
/// absolute rule.
pub fn check(t: &DutchTournament, pairing: &Pairing) -> Vec<Violation> {
    let mut out = Vec::new();
    let pr = t.played_rounds;
    let index = |no: u16| t.players.iter().position(|p| p.start_no == no);
    let present: Vec<bool> = t.players.iter().map(|p| p.rounds.len() <= pr).collect();
    let history = |i: usize| {
        let r = &t.players[i].rounds;
        &r[..pr.min(r.len())]
    };
    let score = |i: usize| history(i).iter().map(|r| t.points.of(r)).sum::<i32>();
    let last_round = t.total_rounds > 0 && pr + 1 >= t.total_rounds;
    let threshold = (pr as i32 * t.points.win.max(t.points.draw)) >> 1;
    let mut seen = vec![0u32; t.players.len()];
    let mut note = |no: u16, out: &mut Vec<Violation>| -> Option<usize> {
        let Some(i) = index(no) else {
            out.push(Violation::UnknownPlayer(no));
            return None;
        };
        seen[i] += 1;
        if seen[i] == 2 {
            out.push(Violation::PairedTwice(no));
        }
        if !present[i] {
            out.push(Violation::AbsentPaired(no));
        }
        Some(i)
    };
    for &(w, b) in &pairing.pairs {
        let (Some(wi), Some(bi)) = (note(w, &mut out), note(b, &mut out)) else {
            continue;
        };
        if history(wi)
            .iter()
            .any(|r| r.played && r.opponent == Some(bi))
        {
            out.push(Violation::Rematch(w, b));
        }
        // C3 binds a game between two non-topscorers only: against a topscorer in the last
        // round, two equal absolute preferences may meet and one of them is not granted.
        let topscorer_game = last_round && (score(wi) > threshold || score(bi) > threshold);
        for (i, no, c) in [(wi, w, Colour::White), (bi, b, Colour::Black)] {
            if !topscorer_game && breaks_colour_limits(history(i), c) {
                out.push(Violation::ColourLimit(no));
            }
        }
    }
    let field = present.iter().filter(|&&p| p).count();
    if let Some(b) = pairing.bye {
        if let Some(i) = note(b, &mut out) {
            if field % 2 == 0 {
                out.push(Violation::ExtraBye(b));
            }
            if !bye_eligible(t, history(i)) {
                out.push(Violation::ByeNotEligible(b));
            }
        }
    } else if field % 2 == 1 {
        out.push(Violation::MissingBye);
    }
    for (i, p) in t.players.iter().enumerate() {
        if present[i] && seen[i] == 0 {
            out.push(Violation::Unpaired(p.start_no));
        }
    }
    out
}
