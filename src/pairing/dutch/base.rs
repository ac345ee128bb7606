//! The base weights of one bracket (before the bracket procedure nudges them), one per pair of
//! its vertices, each stored as an id into the bracket's distinct weights: at 10,000 players a
//! bracket holds millions of pairs but only dozens of distinct weights.

use crate::pairing::matching::{Values, Wide};

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
