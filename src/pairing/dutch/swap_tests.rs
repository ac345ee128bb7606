//! The engine with and without the matcher's swaps inside blossoms and to exposed vertices
//! (`matching/swap.rs`), and with and without the proof that a remainder needs no exchange
//! (`engine/bracket.rs`): every round of tournaments it plays itself must pair the same.

use super::engine::SHORTCUT;
use super::sim;
use super::tests::play_comparing;
use crate::model::Colour::{Black, White};
use crate::pairing::matching::DEEP_SWAPS;

/// Plays 60 tournaments (6-305 players, 3-8 rounds, some with absences) with the bracket
/// shortcut off, so that the bracket procedure runs everywhere, each round paired with the
/// feature `switch` turns on and off (see [`play_comparing`]); returns what it counted.
fn play_sixty(seed: u64, switch: &dyn Fn(bool) -> usize) -> usize {
    SHORTCUT.with(|c| c.set((false, 0)));
    let mut counted = 0;
    for case in 0..60u64 {
        let mut rng = sim::Rng::new(seed + case);
        let n = 6 + rng.below(if case % 6 == 0 { 300 } else { 60 }) as u16;
        let rounds = 3 + rng.below(6) as usize;
        let first = if case % 2 == 0 { White } else { Black };
        let mut t = sim::new_tournament(n, rounds, first);
        let absent = if case % 3 == 0 { 0 } else { 2 + rng.below(6) };
        counted += play_comparing(&mut t, &mut rng, absent, switch);
    }
    SHORTCUT.with(|c| c.set((true, 0)));
    counted
}

#[test]
fn swaps_inside_blossoms_and_to_floaters_pair_as_the_solves() {
    let made = play_sixty(48_000, &|on| DEEP_SWAPS.with(|c| c.replace((on, 0)).1));
    // Not vacuous.
    eprintln!("{made} deep swaps planned");
    assert!(made > 200, "{made} deep swaps planned");
}

#[test]
fn a_remainder_proved_to_need_no_exchange_pairs_as_the_weighted_remainder() {
    use super::engine::NO_EXCHANGE_PROOF;
    let proved = play_sixty(49_000, &|on| {
        NO_EXCHANGE_PROOF.with(|c| c.replace((on, 0)).1)
    });
    // Not vacuous.
    eprintln!("{proved} remainders proved to need no exchange");
    assert!(proved > 200, "{proved} remainders proved");
}
