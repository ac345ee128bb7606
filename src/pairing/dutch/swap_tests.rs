//! The engine with and without the matcher's swaps inside blossoms and to exposed vertices
//! (`matching/swap.rs`): every round of tournaments it plays itself must pair the same.

use super::engine::SHORTCUT;
use super::state::DutchTournament;
use super::{pair_tournament, sim};
use crate::model::Colour::{Black, White};
use crate::pairing::matching::DEEP_SWAPS;

/// Plays `t` to the end, each round paired with and without the deep swaps (the bracket
/// shortcut off, so that the bracket procedure runs everywhere). How many deep swaps were made.
fn play_comparing_swaps(t: &mut DutchTournament, rng: &mut sim::Rng, absent: u64) -> usize {
    let mut made = 0;
    SHORTCUT.with(|c| c.set((false, 0)));
    while t.played_rounds < t.total_rounds {
        sim::mark_absences(t, absent, rng);
        DEEP_SWAPS.with(|c| c.set((true, 0)));
        let with = pair_tournament(t);
        made += DEEP_SWAPS.with(|c| c.get().1);
        DEEP_SWAPS.with(|c| c.set((false, 0)));
        let without = pair_tournament(t);
        DEEP_SWAPS.with(|c| c.set((true, 0)));
        assert_eq!(
            with,
            without,
            "{} players, round {}",
            t.players.len(),
            t.played_rounds + 1
        );
        let Ok(p) = with else { break };
        let draws = 10 + rng.below(50);
        sim::record(t, &p, draws, rng);
    }
    SHORTCUT.with(|c| c.set((true, 0)));
    made
}

#[test]
fn swaps_inside_blossoms_and_to_floaters_pair_as_the_solves() {
    let mut made = 0;
    for case in 0..60u64 {
        let mut rng = sim::Rng::new(48_000 + case);
        let n = 6 + rng.below(if case % 6 == 0 { 300 } else { 60 }) as u16;
        let rounds = 3 + rng.below(6) as usize;
        let first = if case % 2 == 0 { White } else { Black };
        let mut t = sim::new_tournament(n, rounds, first);
        let absent = if case % 3 == 0 { 0 } else { 2 + rng.below(6) };
        made += play_comparing_swaps(&mut t, &mut rng, absent);
    }
    // Not vacuous.
    eprintln!("{made} deep swaps planned");
    assert!(made > 200, "{made} deep swaps planned");
}
