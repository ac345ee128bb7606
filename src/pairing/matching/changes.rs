//! The edges changed since the last solve, in the order they were set, run-length encoded.
//!
//! The bracket procedure re-weights whole rows of a bracket at a time (at 5,000 players in
//! one score group, over twelve million edges between two solves); the callers walk rows and
//! columns in index order, so runs of edges one vertex apart along one end collapse into one
//! entry and the log takes a few bytes per row instead of sixteen per edge.

/// A run of edges `(a + k·da, b + k·db)` for `k` in `0..len`.
#[derive(Debug, Clone, Copy)]
struct Run {
    a: u32,
    b: u32,
    len: u32,
    /// The step along `a` and along `b`: one of them is zero, the other ±1 (both zero while
    /// `len` is 1).
    da: i8,
    db: i8,
}

impl Run {
    fn at(&self, k: u32) -> (usize, usize) {
        let a = i64::from(self.a) + i64::from(self.da) * i64::from(k);
        let b = i64::from(self.b) + i64::from(self.db) * i64::from(k);
        (a as usize, b as usize)
    }
}

/// The change log: every edge pushed, in push order (repeats kept).
#[derive(Debug, Clone, Default)]
pub struct Changes {
    runs: Vec<Run>,
}

impl Changes {
    /// Logs edge `(a, b)` (vertex indices below 2^31).
    pub fn push(&mut self, a: usize, b: usize) {
        let (a, b) = (a as u32, b as u32);
        if let Some(r) = self.runs.last_mut() {
            let (la, lb) = r.at(r.len - 1);
            let (la, lb) = (la as i64, lb as i64);
            let (da, db) = (i64::from(a) - la, i64::from(b) - lb);
            let step = (da == 0 && db.abs() == 1) || (db == 0 && da.abs() == 1);
            if step && (r.len == 1 || (i64::from(r.da), i64::from(r.db)) == (da, db)) {
                r.da = da as i8;
                r.db = db as i8;
                r.len += 1;
                return;
            }
        }
        self.runs.push(Run {
            a,
            b,
            len: 1,
            da: 0,
            db: 0,
        });
    }

    /// Forgets every edge.
    pub fn clear(&mut self) {
        self.runs.clear();
    }

    /// Every edge logged, in push order.
    pub fn iter(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.runs
            .iter()
            .flat_map(|r| (0..r.len).map(move |k| r.at(k)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_give_back_every_edge_in_order() {
        let edges = [
            (3, 0),
            (3, 1),
            (3, 2),
            (4, 2),
            (5, 2),
            (6, 2),
            (9, 9),
            (8, 7),
            (8, 6),
            (8, 5),
            (2, 2),
            (1, 2),
            (3, 3),
            (3, 3),
        ];
        let mut c = Changes::default();
        for &(a, b) in &edges {
            c.push(a, b);
        }
        assert_eq!(c.iter().collect::<Vec<_>>(), edges.to_vec());
        assert_eq!(c.runs.len(), 7);
        c.clear();
        assert_eq!(c.iter().count(), 0);
    }
}
