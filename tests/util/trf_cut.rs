//! A FIDE report cut before round k (what the run knew when it paired round k) and the games of
//! round k in the final report, as bbpPairings writes a pairing: the re-pairing tests of the
//! played samples (`bbp_youth`, `open_sample`).

use bianpai::trf::{Line, ResultCode, Trf};

/// Whether a round block is no game: a bye the player asked for or a round he was not paired
/// in (known before the round was paired), as opposed to a game or the pairing-allocated bye.
fn known_ahead(r: ResultCode) -> bool {
    matches!(
        r,
        ResultCode::HalfBye | ResultCode::ZeroBye | ResultCode::Blank
    )
}

/// The report cut before round `k` (1-based): the round blocks of rounds k and later dropped,
/// except a round-k block that is no game (a requested `H`/`Z` bye, a round not paired after a
/// withdrawal, a late entry's missed round), which the run knew before it paired round k; the
/// points field is the sum of the blocks kept.
pub fn cut(trf: &Trf, k: usize) -> Trf {
    let mut t = trf.clone();
    let table = t.game_scores();
    for l in &mut t.lines {
        if let Line::Player(p) = l {
            let ahead = p
                .rounds
                .get(k - 1)
                .copied()
                .filter(|e| known_ahead(e.result));
            p.rounds.truncate(k - 1);
            p.rounds.extend(ahead);
            p.points = Some(p.score(&table));
            p.rank = None;
        }
    }
    t
}

/// The games of round `k` in the final report, as bbpPairings writes a pairing (white
/// black, the pairing-allocated bye as `n 0`), lines sorted.
pub fn played(trf: &Trf, k: usize) -> Vec<String> {
    let mut out = Vec::new();
    for l in &trf.lines {
        let Line::Player(p) = l else { continue };
        let Some(e) = p.rounds.get(k - 1) else {
            continue;
        };
        match (e.opponent, e.colour, e.result) {
            (Some(o), Some(bianpai::model::Colour::White), _) => {
                out.push(format!("{} {o}", p.start_no));
            }
            (None, _, ResultCode::Pab) => out.push(format!("{} 0", p.start_no)),
            _ => {}
        }
    }
    out.sort();
    out
}
