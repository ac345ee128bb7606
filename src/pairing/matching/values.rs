//! The distinct edge weights of a graph, each stored once: the weight matrix holds a `u32` id
//! per edge. A bracket's thousands of edges share a few dozen weights (a few thousand once the
//! bracket procedure has nudged them), so the matrix takes 4 bytes an edge instead of the
//! weight's 48 to 64, and a scan reads far less memory. Id 0 is weight zero (no edge).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::Weight;

/// A fast non-cryptographic hasher for weights (the multiply-rotate scheme of rustc's
/// `FxHasher`): the keys are the solver's own values, never input.
#[derive(Default, Clone, Copy)]
pub struct WeightHasher(u64);

impl Hasher for WeightHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(b));
        }
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// The weights of a graph by id.
#[derive(Debug, Clone)]
pub struct Values<W: Weight> {
    /// Id → weight; id 0 is zero.
    values: Vec<W>,
    /// Id → twice the weight (what a slack subtracts).
    doubled: Vec<W>,
    ids: HashMap<W, u32, BuildHasherDefault<WeightHasher>>,
    /// The last weight looked up and its id: the bracket procedure sets runs of equal weights.
    last: (W, u32),
}

impl<W: Weight> Values<W> {
    /// Only weight zero, as id 0.
    pub fn new() -> Self {
        Values {
            values: vec![W::ZERO],
            doubled: vec![W::ZERO],
            ids: HashMap::default(),
            last: (W::ZERO, 0),
        }
    }

    /// The id of `w`, given one if it is new.
    pub fn id(&mut self, w: W) -> u32 {
        if w.is_nil() {
            return 0;
        }
        if w == self.last.0 {
            return self.last.1;
        }
        let next = self.values.len() as u32;
        let id = *self.ids.entry(w).or_insert(next);
        if id == next {
            self.values.push(w);
            self.doubled.push(w.double());
        }
        self.last = (w, id);
        id
    }

    /// The weight of `id`.
    #[inline]
    pub fn get(&self, id: u32) -> W {
        self.values[id as usize]
    }

    /// Twice the weight of `id`.
    #[inline]
    pub fn doubled(&self, id: u32) -> W {
        self.doubled[id as usize]
    }

    /// Twice each weight, by id.
    pub fn doubled_all(&self) -> &[W] {
        &self.doubled
    }
}

impl<W: Weight> Default for Values<W> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::matching::Wide;

    #[test]
    fn each_weight_gets_one_id_and_zero_is_no_edge() {
        let mut v = Values::<Wide<2>>::new();
        let a = Wide::<2>::from_u64(5).wrapping_shl(70);
        let b = Wide::<2>::from_u64(7);
        assert_eq!(v.id(Wide::ZERO), 0);
        let ia = v.id(a);
        let ib = v.id(b);
        assert_eq!((ia, ib), (1, 2));
        // Back and forth, past the one-entry cache.
        assert_eq!(v.id(a), ia);
        assert_eq!(v.id(Wide::ZERO), 0);
        assert_eq!(v.id(b), ib);
        assert_eq!(v.get(ia), a);
        assert_eq!(v.doubled(ib), Wide::from_u64(14));
        assert_eq!(v.get(0), Wide::ZERO);
    }
}
