//! The engine with and without the matcher's swaps inside blossoms and to exposed vertices
//! (`matching/swap.rs`), and with and without the proof that a remainder needs no exchange
//! (`engine/bracket.rs`): every round of tournaments it plays itself must pair the same.

use super::engine::SHORTCUT;
use super::sim;
use super::tests::play_comparing;
use crate::model::Colour::{Black, White};
use crate::pairing::matching::DEEP_SWAPS;

#[test]
fn swaps_inside_blossoms_and_to_floaters_pair_as_the_solves() {
    // The bracket shortcut off, so that the bracket procedure runs everywhere.
    SHORTCUT.with(|c| c.set((false, 0)));
    let mut made = 0;
    for case in 0..60u64 {
        let mut rng = sim::Rng::new(48_000 + case);
        let n = 6 + rng.below(if case % 6 == 0 { 300 } else { 60 }) as u16;
        let rounds = 3 + rng.below(6) as usize;
        let first = if case % 2 == 0 { White } else { Black };
        let mut t = sim::new_tournament(n, rounds, first);
        let absent = if case % 3 == 0 { 0 } else { 2 + rng.below(6) };
        made += play_comparing(&mut t, &mut rng, absent, &|on| {
            DEEP_SWAPS.with(|c| c.replace((on, 0)).1)
        });
    }
    SHORTCUT.with(|c| c.set((true, 0)));
    // Not vacuous.
    eprintln!("{made} deep swaps planned");
    assert!(made > 200, "{made} deep swaps planned");
}

#[test]
fn a_remainder_proved_to_need_no_exchange_pairs_as_the_weighted_remainder() {
    use super::engine::NO_EXCHANGE_PROOF;
    SHORTCUT.with(|c| c.set((false, 0)));
    let mut proved = 0;
    for case in 0..60u64 {
        let mut rng = sim::Rng::new(49_000 + case);
        let n = 6 + rng.below(if case % 6 == 0 { 300 } else { 60 }) as u16;
        let rounds = 3 + rng.below(6) as usize;
        let first = if case % 2 == 0 { White } else { Black };
        let mut t = sim::new_tournament(n, rounds, first);
        let absent = if case % 3 == 0 { 0 } else { 2 + rng.below(6) };
        proved += play_comparing(&mut t, &mut rng, absent, &|on| {
            NO_EXCHANGE_PROOF.with(|c| c.replace((on, 0)).1)
        });
    }
    SHORTCUT.with(|c| c.set((true, 0)));
    // Not vacuous.
    eprintln!("{proved} remainders proved to need no exchange");
    assert!(proved > 200, "{proved} remainders proved");
}
