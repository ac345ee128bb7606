//! The base weights of one bracket (before the bracket procedure nudges them), one per pair of
//! its vertices, each stored as an id into the bracket's distinct weights: at 10,000 players a
//! bracket holds millions of pairs but only dozens of distinct weights.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use crate::pairing::matching::{Values, WeightHasher, Wide};

/// No id yet.
const UNSET: u32 = u32::MAX;

/// At most this many dense cells (16 MB); more weight keys than that allows are hashed.
const MAX_DENSE: usize = 1 << 22;

/// The base weight ids packed so far, by the pair of weight keys (dense numbers, the higher
/// player's first) and whether the lower player is in the current bracket: a dense table when
/// the bracket's players have few distinct keys, a hash map otherwise.
pub struct KeyPairs {
    keys: usize,
    dense: Vec<u32>,
    map: HashMap<(u64, u64, bool), u32, BuildHasherDefault<WeightHasher>>,
}

impl KeyPairs {
    /// No pair yet, for keys `0..keys`.
    pub fn new(keys: usize) -> Self {
        let cells = keys.saturating_mul(keys).saturating_mul(2);
        KeyPairs {
            keys,
            dense: if cells <= MAX_DENSE {
                vec![UNSET; cells]
            } else {
                Vec::new()
            },
            map: HashMap::default(),
        }
    }

    /// The id of keys `hi` and `lo` and position `current`, made by `make` the first time.
    pub fn get_or_insert(
        &mut self,
        hi: u64,
        lo: u64,
        current: bool,
        make: impl FnOnce() -> u32,
    ) -> u32 {
        let (h, l) = (hi as usize, lo as usize);
        if h < self.keys && l < self.keys {
            let i = (h * self.keys + l) * 2 + usize::from(current);
            if let Some(c) = self.dense.get_mut(i) {
                if *c == UNSET {
                    *c = make();
                }
                return *c;
            }
        }
        *self.map.entry((hi, lo, current)).or_insert_with(make)
    }
}

/// Base weights indexed `[larger][smaller]` by position in the bracket's vertex list.
pub struct Base<const N: usize> {
    rows: Vec<Vec<u32>>,
    values: Values<Wide<N>>,
}

impl<const N: usize> Base<N> {
    /// No pairs.
    pub fn new() -> Self {
        Base {
            rows: Vec::new(),
            values: Values::new(),
        }
    }

    /// Forgets every weight and makes room for `len` vertices.
    pub fn reset(&mut self, len: usize) {
        self.rows.clear();
        self.rows.resize(len, Vec::new());
        self.values = Values::new();
    }

    /// The id of weight `w` among the bracket's distinct base weights (0 for zero).
    pub fn intern(&mut self, w: Wide<N>) -> u32 {
        self.values.id(w)
    }

    /// Appends the weight of id `id` (from [`Base::intern`]) for the next `smaller` of row
    /// `larger`.
    pub fn push_id(&mut self, larger: usize, id: u32) {
        if let Some(row) = self.rows.get_mut(larger) {
            row.push(id);
        }
    }

    /// The id of the weight of `{larger, smaller}`, 0 (zero) when not set.
    pub fn id(&self, larger: usize, smaller: usize) -> u32 {
        self.rows
            .get(larger)
            .and_then(|r| r.get(smaller))
            .copied()
            .unwrap_or(0)
    }

    /// The weight of id `id`.
    pub fn value(&self, id: u32) -> Wide<N> {
        self.values.get(id)
    }

    /// The weight of `{larger, smaller}`, zero when not set.
    pub fn get(&self, larger: usize, smaller: usize) -> Wide<N> {
        self.values.get(self.id(larger, smaller))
    }

    /// Removes `{larger, smaller}`: weight zero from now on.
    pub fn zero(&mut self, larger: usize, smaller: usize) {
        if let Some(id) = self.rows.get_mut(larger).and_then(|r| r.get_mut(smaller)) {
            *id = 0;
        }
    }

    /// Every pair set, as `(larger, smaller, weight id)`.
    pub fn pair_ids(&self) -> impl Iterator<Item = (usize, usize, u32)> + '_ {
        self.rows
            .iter()
            .enumerate()
            .flat_map(move |(l, row)| row.iter().enumerate().map(move |(s, &id)| (l, s, id)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_key_pair_and_position_is_made_once_dense_or_hashed() {
        // 3 keys: a dense table; 4,096 keys: 32 million cells, hashed.
        for keys in [3usize, 4096] {
            let mut p = KeyPairs::new(keys);
            let mut made = 0u32;
            let mut id = |hi: u64, lo: u64, cur: bool, p: &mut KeyPairs| {
                p.get_or_insert(hi, lo, cur, || {
                    made += 1;
                    made
                })
            };
            assert_eq!(id(0, 2, true, &mut p), 1);
            assert_eq!(id(2, 0, true, &mut p), 2);
            assert_eq!(id(0, 2, false, &mut p), 3);
            assert_eq!(id(0, 2, true, &mut p), 1);
            // A key past the table is hashed, and found again.
            assert_eq!(id(7, 1, true, &mut p), 4);
            assert_eq!(id(7, 1, true, &mut p), 4);
            assert_eq!(p.dense.is_empty(), keys > 1000);
        }
    }
}
