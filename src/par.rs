//! Independent work spread over the machine's cores, with results that do not depend on the
//! threads: reading the forms of a folder (`ingest`), writing the outputs of a run (`report`).

use std::sync::atomic::{AtomicUsize, Ordering};

/// Most threads [`map`] starts.
const MAX_THREADS: usize = 8;

/// `f` applied to every item, on up to as many threads as the machine has cores (at most 8),
/// the results in the items' order. Each item is handled whole by one thread, taken in order
/// as threads come free (put the largest first), so what it produces does not depend on the
/// threads: the results are the same as one thread gives.
pub fn map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    map_per_core(items, 1, f)
}

/// [`map`] on `per_core` threads for each of the machine's cores (at most 8 in all): for work
/// that waits on threads of its own, so that another item runs in the meantime.
pub fn map_per_core<T: Sync, R: Send>(
    items: &[T],
    per_core: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZero::get)
        .saturating_mul(per_core.max(1))
        .min(MAX_THREADS)
        .min(items.len());
    if threads <= 1 {
        return items.iter().map(f).collect();
    }
    let next = AtomicUsize::new(0);
    let work = || {
        let mut mine = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = items.get(i) else { break };
            mine.push((i, f(item)));
        }
        mine
    };
    let done: Vec<(usize, R)> = std::thread::scope(|s| {
        // The calling thread works too: one thread fewer to start.
        let workers: Vec<_> = (1..threads).map(|_| s.spawn(work)).collect();
        let mut all = work();
        for w in workers {
            all.extend(w.join().unwrap_or_else(|p| std::panic::resume_unwind(p)));
        }
        all
    });
    // Each result put in its place: a sort would move large results (a team of the roster, a
    // read form) several times each.
    let mut slots: Vec<Option<R>> = std::iter::repeat_with(|| None).take(items.len()).collect();
    for (i, r) in done {
        if let Some(slot) = slots.get_mut(i) {
            *slot = Some(r);
        }
    }
    slots.into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn results_keep_the_items_order() {
        let items: Vec<u64> = (0..1000).collect();
        let squares = super::map(&items, |&i| i * i);
        assert_eq!(squares.len(), 1000);
        assert!(
            squares
                .iter()
                .enumerate()
                .all(|(i, &s)| s == (i as u64) * (i as u64))
        );
        assert_eq!(super::map(&[] as &[u64], |&i| i), Vec::<u64>::new());
        assert_eq!(super::map(&[7u64], |&i| i + 1), vec![8]);
    }

    #[test]
    fn more_threads_than_cores_keep_the_items_order_too() {
        let items: Vec<u64> = (0..500).collect();
        for per_core in [0, 2, 3, 100] {
            let doubled = super::map_per_core(&items, per_core, |&i| 2 * i);
            assert_eq!(doubled, (0..500).map(|i| 2 * i).collect::<Vec<u64>>());
        }
    }
}
