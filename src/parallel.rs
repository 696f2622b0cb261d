//! Work on a few threads: takes a slice and what to do with each item;
//! gives the results in the items' order. The items are handed out one at
//! a time, so a long item does not hold the others up.

use std::sync::atomic::{AtomicUsize, Ordering};

/// `each` of `items`, on at most `threads` threads, in the items' order.
/// A panic on a thread is a panic here.
pub fn in_parallel<T: Sync, F: Send>(
    items: &[T],
    threads: usize,
    each: impl Fn(&T) -> F + Sync,
) -> Vec<F> {
    let next = AtomicUsize::new(0);
    let (next, each) = (&next, &each);
    let mut done: Vec<(usize, F)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.clamp(1, items.len().max(1)))
            .map(|_| {
                scope.spawn(move || {
                    let mut done = Vec::new();
                    loop {
                        let at = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(at) else {
                            return done;
                        };
                        done.push((at, each(item)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    });
    done.sort_by_key(|(at, _)| *at);
    done.into_iter().map(|(_, f)| f).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_the_items_order_on_any_count_of_threads() {
        let items: Vec<u64> = (0..100).collect();
        for threads in [0, 1, 2, 8, 200] {
            assert_eq!(
                in_parallel(&items, threads, |n| n * 2),
                (0..100).map(|n| n * 2).collect::<Vec<_>>()
            );
        }
        assert!(in_parallel(&[] as &[u8], 4, |b| *b).is_empty());
    }
}
