//! Round-robin schedules from the FIDE Berger tables (C.05 Annex 1; RULES.md §C).
//!
//! Numbers 1..=n are the drawing-of-lots numbers of players or teams. In every pair the
//! first-named has White (for teams: the team with White on board 1). With an odd number a dummy
//! n+1 is added and whoever meets it rests that round (TRF `Z`, a rest round, not a PAB).
//!
//! Built by the rotation method of §C: round 1 is (1, N), (2, N−1), …, (N/2, N/2+1) with the
//! lower number White; each later round adds N/2 to every number except N, modulo N−1 (values
//! 1..N−1), keeps board order, and flips the colours of N's game. The tests check this against
//! the congruence definition (i + j ≡ r + 1 mod N−1; 2i ≡ r + 1 for N) and Fox's n = 12 table.

use super::Error;

#[cfg(test)]
mod tests;

/// The largest field [`schedule`] accepts; far above any real round robin, and it bounds memory.
pub const MAX_PARTICIPANTS: u16 = 1000;

/// One round: pairs in board order, first-named White, and who rests (odd numbers only).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    /// `(white, black)` numbers, board 1 first.
    pub pairs: Vec<(u16, u16)>,
    /// The participant paired with the dummy this round, who does not play.
    pub rest: Option<u16>,
}

/// The single round robin for `n` participants: n−1 rounds for even n, n rounds for odd n.
///
/// # Errors
///
/// [`Error::BadInput`] when `n` < 2 or `n` > [`MAX_PARTICIPANTS`].
pub fn schedule(n: u16) -> Result<Vec<Round>, Error> {
    if !(2..=MAX_PARTICIPANTS).contains(&n) {
        return Err(Error::BadInput(format!(
            "a round robin needs 2 to {MAX_PARTICIPANTS} participants, not {n}"
        )));
    }
    // Even size with the dummy; u32 so that n + 1 cannot overflow.
    let big_n = u32::from(n) + u32::from(n % 2);
    let half = big_n / 2;
    let mut pairs: Vec<(u32, u32)> = (1..=half).map(|i| (i, big_n + 1 - i)).collect();
    let mut rounds = Vec::new();
    for _ in 1..big_n {
        rounds.push(to_round(&pairs, n));
        pairs = pairs
            .iter()
            .map(|&(a, b)| {
                let step = |x: u32| {
                    if x == big_n {
                        x
                    } else {
                        (x - 1 + half) % (big_n - 1) + 1
                    }
                };
                if a == big_n || b == big_n {
                    (step(b), step(a))
                } else {
                    (step(a), step(b))
                }
            })
            .collect();
    }
    Ok(rounds)
}

/// Drops the dummy's game (its partner rests) and narrows the numbers.
fn to_round(pairs: &[(u32, u32)], n: u16) -> Round {
    let mut round = Round {
        pairs: Vec::new(),
        rest: None,
    };
    let real = |x: u32| u16::try_from(x).ok().filter(|&x| x <= n);
    for &(a, b) in pairs {
        match (real(a), real(b)) {
            (Some(a), Some(b)) => round.pairs.push((a, b)),
            (Some(a), None) => round.rest = Some(a),
            (None, Some(b)) => round.rest = Some(b),
            (None, None) => {}
        }
    }
    round
}

/// The double round robin (RULES.md §C): the first cycle with its last two rounds swapped, so
/// that nobody gets the same colour three times running at the turn, then the whole single
/// schedule again, in its original order, with colours reversed.
///
/// # Errors
///
/// As [`schedule`].
pub fn double_schedule(n: u16) -> Result<Vec<Round>, Error> {
    let single = schedule(n)?;
    let mut first = single.clone();
    let len = first.len();
    if len >= 2 {
        first.swap(len - 1, len - 2);
    }
    let second = single.into_iter().map(|r| Round {
        pairs: r.pairs.into_iter().map(|(w, b)| (b, w)).collect(),
        rest: r.rest,
    });
    first.extend(second);
    Ok(first)
}
