//! Baku acceleration (FIDE C.04.5.1) of a FIDE Dutch section, `[stages.pairing] acceleration =
//! "baku"`: the virtual points the pairing adds to the players of group A in the first rounds,
//! as TRF-26 `250` records (the engine reads them through [`History::pairing_bonus`]; the
//! standings never see them).
//!
//! Decisions (C.04.5.1 as FIDE's handbook words it):
//!
//! - Group A is the first `2 × ⌈N / 4⌉` players of the pairing list before round 1 (the first
//!   half rounded up to an even number), N the players of round 1: before round 1 every entrant
//!   not out of the event, afterwards every entrant who took part in round 1 (on a board or on
//!   a bye). The last player of group A stays the same player (C.04.5.1, late entries): a late
//!   entry numbered above him is in group A, one numbered below him is not.
//! - The accelerated rounds are the first half of the rounds, rounded up; group A has one
//!   virtual point (a win's points) before each of the first half of them, rounded up, and half
//!   a point (a draw's) before the others. Nine rounds: 1 point in rounds 1-3, ½ in rounds 4-5.
//! - The records use the current pairing numbers (first 1, last the last group A player's), one
//!   for the full-point rounds and one for the half-point rounds, so the exported TRF pairs
//!   every round as the run did.

use super::SectionRun;
use crate::model::Points;
use crate::tournament::Acceleration;

/// The rounds with virtual points out of `planned`: `(full, accelerated)`, the last round with
/// a full point and the last accelerated round.
pub fn rounds(planned: u32) -> (u32, u32) {
    let accelerated = planned.div_ceil(2);
    (accelerated.div_ceil(2), accelerated)
}

/// The number of group A players among `n` (`2 × ⌈n / 4⌉`, at most `n`).
pub fn group_a(n: usize) -> usize {
    (2 * n.div_ceil(4)).min(n)
}

/// The `250` records of a section: empty when the stage is not accelerated or no one plays.
pub(super) fn accelerations(
    sr: &SectionRun<'_>,
    planned: u32,
    (win, draw): (Points, Points),
) -> Vec<Acceleration> {
    if !sr.baku {
        return Vec::new();
    }
    // Round 1's field, in pairing-number order (entrant i has number i + 1).
    let field: Vec<usize> = (0..sr.entrants.len())
        .filter(|&i| match sr.complete.first() {
            Some(r1) => r1.takes_part(i),
            None => !sr.disqualified(i),
        })
        .collect();
    let Some(&last) = field.get(group_a(field.len()).wrapping_sub(1)) else {
        return Vec::new();
    };
    let last = u16::try_from(last + 1).unwrap_or(u16::MAX);
    let (full, accelerated) = rounds(planned);
    let round = |r: u32| u16::try_from(r).unwrap_or(u16::MAX);
    let mut out = Vec::new();
    for (points, from, to) in [(win, 1, full), (draw, full + 1, accelerated)] {
        if from <= to {
            out.push(Acceleration {
                match_points: Points::ZERO,
                game_points: points,
                from: round(from),
                to: round(to),
                first: 1,
                last,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_a_is_the_first_half_rounded_up_to_an_even_number() {
        // C.04.5.1's own example: 161 players, group A 82.
        assert_eq!(group_a(161), 82);
        assert_eq!(group_a(20), 10);
        assert_eq!(group_a(22), 12);
        assert_eq!(group_a(23), 12);
        assert_eq!(group_a(1), 1);
        assert_eq!(group_a(0), 0);
    }

    #[test]
    fn nine_rounds_accelerate_five_three_with_a_full_point() {
        assert_eq!(rounds(9), (3, 5));
        assert_eq!(rounds(7), (2, 4));
        assert_eq!(rounds(5), (2, 3));
        assert_eq!(rounds(1), (1, 1));
    }
}
