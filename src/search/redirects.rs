//! A redirect ("Persona replacement – See **exchanging cards**.") says no
//! more than the entry it points to, and says that entry answers what its
//! topic names: when that entry is among the hits below it, the entry takes
//! the redirect's place, with the redirect right after it, and holds the
//! words the redirect holds (for what the answer says it lacks).

use super::rank::Rank;
use super::{Hit, SearchError};
use crate::model::EntryKind;
use crate::topic::TopicKey;

/// The hits with each redirect's target, when it is below the redirect,
/// moved up to the redirect's place, the redirect right after it.
pub(super) fn after_their_targets(
    mut hits: Vec<(Rank, Hit)>,
) -> Result<Vec<(Rank, Hit)>, SearchError> {
    let mut targets: Vec<Vec<TopicKey>> = Vec::with_capacity(hits.len());
    for (_, hit) in &hits {
        let mut to = Vec::new();
        if hit.kind == EntryKind::Redirect {
            to.extend(hit.entry.see.iter().map(|name| TopicKey::new(name)));
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
            let moved = order.remove(place(&order, j));
            order.insert(place(&order, i), moved);
            hits[j].0.has |= hits[i].0.has;
        }
    }
    let mut slots: Vec<Option<(Rank, Hit)>> = hits.into_iter().map(Some).collect();
    Ok(order.into_iter().filter_map(|k| slots[k].take()).collect())
}
