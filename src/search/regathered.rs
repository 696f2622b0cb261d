//! A consolidated ruling and the gathering release's own word on it.
//!
//! A release that gathers every ruling since a base document leaves out the
//! rulings the base now holds: they stand as consolidated. When that same
//! release also rules, in one paragraph, on every word of the question that
//! a consolidated hit holds, the release's ruling is the newer word on it
//! (it reorders the steps, or repeats the limit in its own terms), and it is
//! put just above the consolidated hit. Only one paragraph counts: a long
//! section holds every word of many questions by chance, a paragraph that
//! holds them speaks to them. And only a ruling on the same subject: its
//! topic shares a word with the consolidated one's (*missions attempt* and
//! *mission solving – timing*, *cloaking and phasing* and *Phasing Cloak*).

use tantivy::schema::Field;

use super::paragraphs::Looked;
use super::reading::Unit;
use super::SearchError;
use crate::index::SearchIndex;
use crate::model::Edition;
use crate::status::Status;

/// What the rule needs of a hit.
pub(super) struct Ranked<'a> {
    /// Which required words it has, one bit each (in the order of `units`).
    pub has: u64,
    pub status: &'a Status,
    /// The release id the entry comes from.
    pub release: &'a str,
    pub edition: Edition,
    /// Topic and body.
    pub text: String,
    /// Whether the question names its topic whole.
    pub named: bool,
}

/// Whether the question's words (normalized as topic keys) name `topic`
/// whole: its words stand together in the question, each as typed or with
/// a plural `s` more or less.
pub(super) fn names(question: &[String], topic: &str) -> bool {
    let topic: Vec<String> = crate::topic::normalize(topic)
        .split(' ')
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    if topic.is_empty() || topic.len() > question.len() {
        return false;
    }
    let one = |w: &str| w.strip_suffix('s').unwrap_or(w).to_string();
    question
        .windows(topic.len())
        .any(|run| run.iter().zip(&topic).all(|(q, t)| one(q) == one(t)))
}

/// Whether the question names the topic whole, or its last part, the most
/// specific one, when the topic has parts ("dilemmas – resolution –
/// targets" is named by "whose choice are the targets of a dilemma").
pub(super) fn names_its_subject(question: &[String], topic: &str) -> bool {
    let last = topic
        .rsplit(['–', '—'])
        .next()
        .and_then(|part| part.rsplit(" - ").next())
        .map(str::trim)
        .filter(|part| part.len() < topic.trim().len());
    names(question, topic) || last.is_some_and(|part| names(question, part))
}

/// The order to show the hits in: their rank order, with each in-force
/// ruling of a gathering release moved just above the first consolidated
/// hit of that release whose question words it holds in one paragraph.
pub(super) fn order(
    index: &SearchIndex,
    field: Field,
    units: &[&Unit],
    hits: &[Ranked],
) -> Result<Vec<usize>, SearchError> {
    let mut order: Vec<usize> = (0..hits.len()).collect();
    let mut moved = vec![false; hits.len()];
    let looked = Looked::new(index, field, units)?;
    for (i, older) in hits.iter().enumerate() {
        let Status::Consolidated { release, .. } = older.status else {
            continue;
        };
        if older.has.count_ones() < 2 || older.named {
            continue;
        }
        // The first hit below it that is the release's newer word on it.
        let mut newer = None;
        for (j, hit) in hits.iter().enumerate().skip(i + 1) {
            if moved[j]
                || !matches!(hit.status, Status::InForce)
                || hit.release != release.as_str()
                || hit.edition != older.edition
            {
                continue;
            }
            // It speaks to the same subject: the topics share a word. Words
            // of the question in one paragraph of an unrelated ruling are no
            // newer word on it, common ("once", "turn") or rare ("x2" of a
            // requirement, "X=2" of an attribute).
            if !same_subject(&older.text, &hit.text) {
                continue;
            }
            // One paragraph of it holds every word the consolidated hit has.
            let has = older.has;
            if looked.held(&hit.text)?.iter().any(|&p| p & has == has) {
                newer = Some(j);
                break;
            }
        }
        let Some(j) = newer else { continue };
        moved[j] = true;
        let from = order
            .iter()
            .position(|&k| k == j)
            .expect("every hit is placed");
        let to = order
            .iter()
            .position(|&k| k == i)
            .expect("every hit is placed");
        let k = order.remove(from);
        order.insert(to, k);
    }
    Ok(order)
}

/// Whether the topics (first lines) of two hits share a word, up to its
/// form, function words aside.
fn same_subject(a: &str, b: &str) -> bool {
    let words = |text: &str| -> Vec<String> {
        crate::topic::normalize(text.lines().next().unwrap_or_default())
            .split(' ')
            .filter(|w| !w.is_empty() && !crate::english::is_function_word(w))
            .map(str::to_string)
            .collect()
    };
    let (a, b) = (words(a), words(b));
    a.iter()
        .any(|x| b.iter().any(|y| crate::english::is_form(x, y)))
}

#[cfg(test)]
mod tests {
    use super::names;

    fn words(text: &str) -> Vec<String> {
        text.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn a_topic_of_parts_is_named_by_its_last() {
        use super::names_its_subject;
        let question = words("whose choice are the targets of a dilemma");
        assert!(names_its_subject(
            &question,
            "dilemmas – resolution – targets"
        ));
        assert!(names_its_subject(&question, "dilemmas - targets"));
        assert!(!names_its_subject(&question, "dilemmas – resolution"));
        assert!(names_its_subject(&words("a dilemma"), "dilemmas"));
    }

    #[test]
    fn a_topic_is_named_by_its_words_together() {
        assert!(names(&words("is an exocomp an android"), "Exocomp"));
        assert!(names(&words("are androids a species now"), "android"));
        assert!(names(&words("can i play away teams"), "Away Team"));
        assert!(!names(
            &words("how many times can i cloak"),
            "Phasing Cloak"
        ));
        assert!(!names(&words("team away"), "Away Team"));
    }
}
