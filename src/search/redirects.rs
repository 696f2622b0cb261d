//! A redirect ("Persona replacement – See **exchanging cards**.") says no
//! more than the entry it points to: when that entry is among the hits, the
//! redirect comes right after it, never before, whatever words its topic
//! shares with the question.

use super::rank::Rank;
use super::{Hit, SearchError};
use crate::model::EntryKind;
use crate::topic::TopicKey;

/// The hits with each redirect placed right after the hit it points to,
/// when that hit is below it.
pub(super) fn after_their_targets(hits: Vec<(Rank, Hit)>) -> Result<Vec<(Rank, Hit)>, SearchError> {
    let mut targets: Vec<Vec<TopicKey>> = Vec::with_capacity(hits.len());
    for (_, hit) in &hits {
        let mut to = Vec::new();
        if hit.kind == EntryKind::Redirect {
            let entry: serde_json::Value = serde_json::from_str(&hit.entry)?;
            for name in entry["see"].as_array().into_iter().flatten() {
                if let Some(name) = name.as_str() {
                    to.push(TopicKey::new(name));
                }
            }
        }
        targets.push(to);
    }
    let keys: Vec<TopicKey> = hits.iter().map(|(_, h)| TopicKey::new(&h.topic)).collect();
    let mut order: Vec<usize> = (0..hits.len()).collect();
    let place = |order: &[usize], k: usize| {
        order
            .iter()
            .position(|&o| o == k)
            .expect("every hit is placed")
    };
    for (i, to) in targets.iter().enumerate() {
        if to.is_empty() {
            continue;
        }
        let edition = hits[i].1.edition;
        let target = (0..hits.len()).find(|&j| {
            j != i
                && hits[j].1.edition == edition
                && to.contains(&keys[j])
                && place(&order, j) > place(&order, i)
        });
        if let Some(j) = target {
            let from = place(&order, i);
            let moved = order.remove(from);
            let after = place(&order, j) + 1;
            order.insert(after, moved);
        }
    }
    let mut slots: Vec<Option<(Rank, Hit)>> = hits.into_iter().map(Some).collect();
    Ok(order.into_iter().filter_map(|k| slots[k].take()).collect())
}
