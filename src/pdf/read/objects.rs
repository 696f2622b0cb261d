//! Objects as `lopdf` parsed them: references followed (a bounded number of
//! times, so a cycle ends), numbers and names read leniently, and the page
//! tree walked with what a page inherits from its parents.

use std::collections::HashSet;

use lopdf::{Dictionary, Document, Object, ObjectId};

/// Most references followed to reach one object: a chain longer than this
/// is a cycle.
const MOST_HOPS: usize = 32;
/// Most bytes one content stream may decompress to.
pub(super) const MOST_STREAM_BYTES: usize = 64 * 1024 * 1024;

/// The object a value stands for, references followed.
pub(super) fn resolve<'a>(document: &'a Document, mut object: &'a Object) -> Option<&'a Object> {
    for _ in 0..MOST_HOPS {
        match object {
            Object::Reference(id) => object = document.get_object(*id).ok()?,
            other => return Some(other),
        }
    }
    None
}

/// A dictionary's entry, references followed.
pub(super) fn get<'a>(
    document: &'a Document,
    dict: &'a Dictionary,
    key: &[u8],
) -> Option<&'a Object> {
    resolve(document, dict.get(key).ok()?)
}

/// A dictionary's entry that is a dictionary (or a stream's dictionary).
pub(super) fn dict<'a>(
    document: &'a Document,
    dict: &'a Dictionary,
    key: &[u8],
) -> Option<&'a Dictionary> {
    as_dict(get(document, dict, key)?)
}

pub(super) fn as_dict(object: &Object) -> Option<&Dictionary> {
    match object {
        Object::Dictionary(d) => Some(d),
        Object::Stream(s) => Some(&s.dict),
        _ => None,
    }
}

/// A number, integer or real; anything not finite is none.
pub(super) fn number(object: &Object) -> Option<f32> {
    let n = match object {
        Object::Integer(i) => *i as f32,
        Object::Real(r) => *r,
        _ => return None,
    };
    n.is_finite().then_some(n)
}

pub(super) fn number_at(document: &Document, d: &Dictionary, key: &[u8]) -> Option<f32> {
    number(get(document, d, key)?)
}

pub(super) fn name_at<'a>(
    document: &'a Document,
    d: &'a Dictionary,
    key: &[u8],
) -> Option<&'a [u8]> {
    match get(document, d, key)? {
        Object::Name(n) => Some(n),
        _ => None,
    }
}

/// An array's numbers, references followed (a member that is no number is 0).
pub(super) fn numbers(document: &Document, object: &Object) -> Option<Vec<f32>> {
    match resolve(document, object)? {
        Object::Array(items) => Some(
            items
                .iter()
                .map(|o| resolve(document, o).and_then(number).unwrap_or(0.0))
                .collect(),
        ),
        _ => None,
    }
}

/// A stream's data, decoded: none when it cannot be (an unknown filter,
/// damaged data, or more than [`MOST_STREAM_BYTES`]).
pub(super) fn stream_data(object: &Object) -> Option<Vec<u8>> {
    let Object::Stream(stream) = object else {
        return None;
    };
    if stream.dict.get(b"Filter").is_err() {
        return Some(stream.content.clone());
    }
    stream
        .decompressed_content_with_limit(MOST_STREAM_BYTES)
        .ok()
}

/// A page and what it inherits: its media box and resources.
pub(super) struct PageRef<'a> {
    pub page: &'a Dictionary,
    /// x0, y0, x1, y1, normalized (x0 < x1, y0 < y1).
    pub media_box: (f32, f32, f32, f32),
    pub resources: Option<&'a Dictionary>,
}

/// A box's corners: x0, y0, x1, y1.
type Rect = (f32, f32, f32, f32);

/// Letter, when a page says no size.
const LETTER: (f32, f32, f32, f32) = (0.0, 0.0, 612.0, 792.0);

/// The pages in order, at most `most + 1` (so a caller can tell there are
/// too many). A node met twice (a cycle) is read once.
pub(super) fn pages(document: &Document, most: usize) -> Option<Vec<PageRef<'_>>> {
    let catalog = document.catalog().ok()?;
    let root = match catalog.get(b"Pages").ok()? {
        Object::Reference(id) => *id,
        _ => return None,
    };
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    // The node and what it inherits: media box, resources.
    let mut stack: Vec<(ObjectId, Option<Rect>, Option<&Object>)> = vec![(root, None, None)];
    while let Some((id, media_box, resources)) = stack.pop() {
        if out.len() > most || !seen.insert(id) {
            continue;
        }
        let Ok(node) = document.get_object(id).map(|o| resolve(document, o)) else {
            continue;
        };
        let Some(node) = node.and_then(as_dict) else {
            continue;
        };
        let media_box = node
            .get(b"MediaBox")
            .ok()
            .and_then(|b| numbers(document, b))
            .filter(|b| b.len() >= 4)
            .map(|b| {
                (
                    b[0].min(b[2]),
                    b[1].min(b[3]),
                    b[0].max(b[2]),
                    b[1].max(b[3]),
                )
            })
            .or(media_box);
        let resources = node.get(b"Resources").ok().or(resources);
        match get(document, node, b"Kids") {
            Some(Object::Array(kids)) => {
                for kid in kids.iter().rev() {
                    if let Object::Reference(kid) = kid {
                        stack.push((*kid, media_box, resources));
                    }
                }
            }
            _ if node.get(b"Type").ok() != Some(&Object::Name(b"Pages".to_vec())) => {
                out.push(PageRef {
                    page: node,
                    media_box: media_box.unwrap_or(LETTER),
                    resources: resources
                        .and_then(|r| resolve(document, r))
                        .and_then(as_dict),
                });
            }
            _ => {}
        }
    }
    Some(out)
}

/// A page's content: its streams decoded and joined. A stream that cannot
/// be decoded is left out.
pub(super) fn page_content(document: &Document, page: &Dictionary) -> Vec<u8> {
    let mut content = Vec::new();
    match page
        .get(b"Contents")
        .ok()
        .and_then(|c| resolve(document, c))
    {
        Some(Object::Array(parts)) => {
            for part in parts {
                if let Some(data) = resolve(document, part).and_then(stream_data) {
                    content.extend(data);
                    content.push(b'\n');
                }
            }
        }
        Some(stream) => content.extend(stream_data(stream).unwrap_or_default()),
        None => {}
    }
    content
}
