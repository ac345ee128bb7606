//! The results of a generated round: forfeits at the configured rate, else a result drawn from
//! the Elo expectancy of FIDE table 8.1.2 and the draw rate, as bbpPairings' generator does
//! (the draw chance is the draw rate, capped at what the stronger side's expectancy leaves).

use super::Config;
use super::rng::{self, SplitMix64};
use crate::model::Colour;
use crate::pairing::Pairing;
use crate::tournament::{ByeKind, History, Outcome, Slot};

/// The outcomes of one game for White and Black.
fn game(rng: &mut SplitMix64, cfg: &Config, white: u16, black: u16) -> (Outcome, Outcome) {
    use Outcome::{Draw, ForfeitLoss, ForfeitWin, Loss, Win};
    if rng::one_in(rng, cfg.forfeit_rate) {
        return match rng::below(rng, 5) {
            0 | 1 => (ForfeitLoss, ForfeitWin),
            2 | 3 => (ForfeitWin, ForfeitLoss),
            _ => (ForfeitLoss, ForfeitLoss),
        };
    }
    let d = i64::from(white) - i64::from(black);
    // The stronger side's expectancy in thousandths (50..100 hundredths in the table).
    let e = crate::scoring::rating::pd(d.abs()) * 10;
    let draw = (i64::from(cfg.draw_percentage) * 10).min(2000 - 2 * e);
    let r = i64::try_from(rng::below(rng, 1000)).unwrap_or(0);
    let stronger_wins = if r < draw {
        return (Draw, Draw);
    } else {
        r < e + draw / 2
    };
    if stronger_wins == (d >= 0) {
        (Win, Loss)
    } else {
        (Loss, Win)
    }
}

/// The slot of a player against `opponent` (an entrant index).
fn slot(opponent: usize, colour: Colour, outcome: Outcome) -> Slot {
    Slot {
        opponent: Some(opponent),
        colour: Some(colour),
        outcome,
    }
}

/// Plays an individual round: the PAB, then each pair's game.
pub fn round(rng: &mut SplitMix64, cfg: &Config, h: &History, p: &Pairing, slots: &mut [Slot]) {
    let index = |no: u16| h.entrants.iter().position(|e| e.start_no == no);
    let rating = |i: usize| h.entrants.get(i).and_then(|e| e.rating).unwrap_or(0);
    if let Some(b) = p.bye.and_then(index)
        && let Some(s) = slots.get_mut(b)
    {
        *s = Slot {
            opponent: None,
            colour: None,
            outcome: Outcome::Bye(ByeKind::Pab),
        };
    }
    for &(w, b) in &p.pairs {
        let (Some(wi), Some(bi)) = (index(w), index(b)) else {
            continue;
        };
        let (ow, ob) = game(rng, cfg, rating(wi), rating(bi));
        if let Some(s) = slots.get_mut(wi) {
            *s = slot(bi, Colour::White, ow);
        }
        if let Some(s) = slots.get_mut(bi) {
            *s = slot(wi, Colour::Black, ob);
        }
    }
}

/// Plays a team round: the PAB team's members get `U`; in a match, board `i` (0-based) sets
/// the two teams' `i`-th members against each other, the team with White on board 1 having
/// White on the odd boards (1, 3, ...) and Black on the even ones.
pub fn team_round(
    rng: &mut SplitMix64,
    cfg: &Config,
    h: &History,
    p: &Pairing,
    slots: &mut [Slot],
) {
    let team = |no: u16| h.teams.iter().find(|t| t.number == no);
    let rating = |i: usize| h.entrants.get(i).and_then(|e| e.rating).unwrap_or(0);
    if let Some(t) = p.bye.and_then(team) {
        for &m in &t.members {
            if let Some(s) = slots.get_mut(m) {
                *s = Slot {
                    opponent: None,
                    colour: None,
                    outcome: Outcome::Bye(ByeKind::Pab),
                };
            }
        }
    }
    for &(w, b) in &p.pairs {
        let (Some(tw), Some(tb)) = (team(w), team(b)) else {
            continue;
        };
        for (board, (&x, &y)) in tw.members.iter().zip(&tb.members).enumerate() {
            let (white, black) = if board % 2 == 0 { (x, y) } else { (y, x) };
            let (ow, ob) = game(rng, cfg, rating(white), rating(black));
            if let Some(s) = slots.get_mut(white) {
                *s = slot(black, Colour::White, ow);
            }
            if let Some(s) = slots.get_mut(black) {
                *s = slot(white, Colour::Black, ob);
            }
        }
    }
}
