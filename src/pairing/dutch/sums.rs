//! The matcher ids of a bracket's stored weights, found without hashing a wide weight per edge.
//!
//! Every weight the bracket procedure writes is a base weight (one of the bracket's few
//! distinct ones, [`super::base::Base`]) plus a small addend that depends on positions only:
//! the remainder's S1 flag and BSN term, the MDP and S1 opponents' order, a nudge of one. The
//! graph stores it lowered by the top field and both ends' lifts ([`super::graph`]), and the
//! lift of a vertex takes few values (one per score and PAB eligibility). So the stored weight
//! is fixed by `(base id, lift class of one end, of the other, addend)`: the matcher's id for it
//! is looked up in dense tables (a class triple gets a small index `r`, an addend a slot) and
//! computed, and interned by value, only the first time. The ids are the matcher's own, so the
//! matrix holds exactly what interning every sum would give.

use crate::pairing::matching::Wide;

/// `w + addend`, wrapping.
pub fn sum<const N: usize>(w: Wide<N>, addend: i64) -> Wide<N> {
    if addend < 0 {
        w.wrapping_sub(Wide::from_u64(addend.unsigned_abs()))
    } else {
        w.wrapping_add(Wide::from_u64(addend as u64))
    }
}

/// No id known yet.
const UNKNOWN: u32 = u32::MAX;

/// At most this many cells are kept (16 MB); past it the table starts over (it is a cache).
const MAX_CELLS: usize = 1 << 22;

/// The cache of one bracket's graph. Valid while the graph's matcher and lifts and the
/// bracket's base weights stay: the graph makes a new one whenever it rebuilds its matcher.
#[derive(Debug, Clone, Default)]
pub struct Sums {
    /// Lift class of each local vertex, and how many classes there are.
    class: Vec<u32>,
    classes: usize,
    /// `(base id · classes + lower class) · classes + higher class` → `r`, or `UNKNOWN`.
    triples: Vec<u32>,
    /// How many `r` are given.
    rests: u32,
    /// Addends in `-reach..=reach` and in `band - reach..=band + reach` have slots.
    reach: i64,
    band: i64,
    /// Slot → `r` → the matcher's id, or `UNKNOWN`.
    cells: Vec<Vec<u32>>,
    /// Cells allocated.
    size: usize,
}

impl Sums {
    /// An empty cache for vertices of lift classes `class` (dense, from 0), with slots for the
    /// addends within `reach` of 0 or of `band`.
    pub fn new(class: Vec<u32>, reach: i64, band: i64) -> Self {
        let classes = class.iter().max().map_or(0, |&c| c as usize + 1);
        Sums {
            class,
            classes,
            reach: reach.max(0),
            band,
            ..Sums::default()
        }
    }

    /// Sets the second band of addends (`band` ± the reach).
    pub fn set_band(&mut self, band: i64) {
        if band != self.band {
            self.band = band;
            self.cells.clear();
            self.size = 0;
        }
    }

    /// The slot of `addend`, when it has one.
    fn slot(&self, addend: i64) -> Option<usize> {
        let r = self.reach;
        let width = 2 * r + 1;
        if (-r..=r).contains(&addend) {
            return usize::try_from(addend + r).ok();
        }
        let d = addend.checked_sub(self.band)?;
        (-r..=r)
            .contains(&d)
            .then(|| usize::try_from(width + d + r).ok())
            .flatten()
    }

    /// The cell of base id `bid` between local vertices `i` and `j` plus `addend`, as
    /// `(slot, r)`; `None` when the addend has no slot.
    pub fn cell(&mut self, bid: u32, i: usize, j: usize, addend: i64) -> Option<(usize, usize)> {
        let slot = self.slot(addend)?;
        let k = self.classes;
        let (ci, cj) = (*self.class.get(i)? as usize, *self.class.get(j)? as usize);
        let t = (bid as usize * k + ci.min(cj)) * k + ci.max(cj);
        if t >= self.triples.len() {
            self.triples
                .resize((t + 1).max(2 * self.triples.len()), UNKNOWN);
        }
        let r = match self.triples.get_mut(t)? {
            x if *x == UNKNOWN => {
                *x = self.rests;
                self.rests += 1;
                *x
            }
            x => *x,
        } as usize;
        Some((slot, r))
    }

    /// The id in cell `(slot, r)`, when known.
    #[inline]
    pub fn get(&self, (slot, r): (usize, usize)) -> Option<u32> {
        let id = *self.cells.get(slot)?.get(r)?;
        (id != UNKNOWN).then_some(id)
    }

    /// Remembers `id` in cell `(slot, r)`.
    pub fn put(&mut self, (slot, r): (usize, usize), id: u32) {
        if slot >= self.cells.len() {
            self.cells.resize(slot + 1, Vec::new());
        }
        let Some(row) = self.cells.get_mut(slot) else {
            return;
        };
        if r >= row.len() {
            let grown = (r + 1).max(row.len() * 2).min(self.rests as usize);
            self.size += grown - row.len();
            row.resize(grown, UNKNOWN);
        }
        if let Some(c) = row.get_mut(r) {
            *c = id;
        }
        if self.size > MAX_CELLS {
            self.cells.clear();
            self.size = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addends_near_zero_and_near_the_band_have_slots_of_their_own() {
        let mut s = Sums::new(vec![0, 1, 0, 2], 10, 1 << 20);
        // Slots: -10..=10 are 0..=20, the band's -10..=10 are 21..=41; others none.
        assert_eq!(s.slot(-10), Some(0));
        assert_eq!(s.slot(10), Some(20));
        assert_eq!(s.slot((1 << 20) - 10), Some(21));
        assert_eq!(s.slot((1 << 20) + 10), Some(41));
        assert_eq!(s.slot(11), None);
        assert_eq!(s.slot((1 << 20) + 11), None);
        assert_eq!(s.slot(i64::MIN), None);
        // One `r` per base id and unordered pair of classes.
        let a = s.cell(3, 0, 1, 5).unwrap();
        assert_eq!(a, (15, 0));
        assert_eq!(s.cell(3, 1, 2, 5), Some((15, 0)));
        assert_eq!(s.cell(3, 2, 1, -5), Some((5, 0)));
        assert_eq!(s.cell(3, 0, 3, 5), Some((15, 1)));
        assert_eq!(s.cell(4, 0, 1, 5), Some((15, 2)));
        assert_eq!(s.cell(3, 0, 9, 5), None);
        assert_eq!(s.get(a), None);
        s.put(a, 77);
        assert_eq!(s.get(a), Some(77));
        assert_eq!(s.get((15, 1)), None);
        // A new band forgets the ids (the slots of the band mean other addends now).
        s.set_band(1 << 21);
        assert_eq!(s.get(a), None);
        assert_eq!(s.cell(3, 0, 1, 5), Some(a));
    }

    #[test]
    fn the_sum_wraps_like_the_wide_arithmetic() {
        let w = Wide::<2>([5, 1]);
        assert_eq!(sum(w, -6), Wide([u64::MAX, 0]));
        assert_eq!(sum(w, 7), Wide([12, 1]));
        assert_eq!(sum(Wide::<2>::ZERO, -1), Wide([u64::MAX, u64::MAX]));
    }
}
