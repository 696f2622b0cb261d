//! Objects as `lopdf` parsed them: references followed (a bounded number of
//! times, so a cycle ends), numbers and names read leniently, and the page
//! tree walked with what a page inherits from its parents (its boxes, its
//! rotation, its resources).

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
    decoded(object).ok()
}

/// Why a stream's data could not be had.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Undecoded {
    /// It inflates past [`MOST_STREAM_BYTES`]: a decompression bomb, or a
    /// page no rulings document has.
    PastTheCap,
    /// No stream, an unknown filter, or damaged data.
    Otherwise,
}

/// A stream's data, decoded, or why not.
fn decoded(object: &Object) -> Result<Vec<u8>, Undecoded> {
    let Object::Stream(stream) = object else {
        return Err(Undecoded::Otherwise);
    };
    if stream.dict.get(b"Filter").is_err() {
        return Ok(stream.content.clone());
    }
    stream
        .decompressed_content_with_limit(MOST_STREAM_BYTES)
        .map_err(|e| match e {
            lopdf::Error::Decompress(lopdf::DecompressError::MemoryLimitExceeded { .. }) => {
                Undecoded::PastTheCap
            }
            _ => Undecoded::Otherwise,
        })
}

/// A page and what it inherits: the box shown, its rotation and its
/// resources.
pub(super) struct PageRef<'a> {
    pub page: &'a Dictionary,
    /// The part of the page shown: its crop box, else its media box;
    /// x0, y0, x1, y1, normalized (x0 < x1, y0 < y1).
    pub shown: Rect,
    /// Degrees the page is turned clockwise when shown: 0, 90, 180 or 270.
    pub rotate: i32,
    pub resources: Option<&'a Dictionary>,
}

/// A box's corners: x0, y0, x1, y1.
pub(super) type Rect = (f32, f32, f32, f32);

/// What a page inherits from the nodes above it.
#[derive(Clone, Copy, Default)]
struct Inherited<'a> {
    media_box: Option<Rect>,
    crop_box: Option<Rect>,
    rotate: Option<i32>,
    resources: Option<&'a Object>,
}

/// A node's box `key`, its corners in order whichever way they are given
/// (`[612 792 0 0]` is the box `[0 0 612 792]`); none when it has no
/// area.
fn rect_at(document: &Document, node: &Dictionary, key: &[u8]) -> Option<Rect> {
    node.get(key)
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
        .filter(|(x0, y0, x1, y1)| x1 > x0 && y1 > y0)
}

/// A node's `/Rotate`, as a quarter turn clockwise from 0 to 270 (`-90`
/// is 270); a value that is no multiple of 90 is none.
fn rotate_at(document: &Document, node: &Dictionary) -> Option<i32> {
    let degrees = number_at(document, node, b"Rotate")?;
    let quarter = degrees as i64;
    (degrees == quarter as f32 && quarter % 90 == 0).then(|| quarter.rem_euclid(360) as i32)
}

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
    let mut stack: Vec<(ObjectId, Inherited)> = vec![(root, Inherited::default())];
    while let Some((id, above)) = stack.pop() {
        if out.len() > most || !seen.insert(id) {
            continue;
        }
        let Ok(node) = document.get_object(id).map(|o| resolve(document, o)) else {
            continue;
        };
        let Some(node) = node.and_then(as_dict) else {
            continue;
        };
        let here = Inherited {
            media_box: rect_at(document, node, b"MediaBox").or(above.media_box),
            crop_box: rect_at(document, node, b"CropBox").or(above.crop_box),
            rotate: rotate_at(document, node).or(above.rotate),
            resources: node.get(b"Resources").ok().or(above.resources),
        };
        match get(document, node, b"Kids") {
            Some(Object::Array(kids)) => {
                for kid in kids.iter().rev() {
                    if let Object::Reference(kid) = kid {
                        stack.push((*kid, here));
                    }
                }
            }
            _ if node.get(b"Type").ok() != Some(&Object::Name(b"Pages".to_vec())) => {
                let media_box = here.media_box.unwrap_or(LETTER);
                out.push(PageRef {
                    page: node,
                    shown: here.crop_box.map_or(media_box, |c| within(c, media_box)),
                    rotate: here.rotate.unwrap_or(0),
                    resources: here
                        .resources
                        .and_then(|r| resolve(document, r))
                        .and_then(as_dict),
                });
            }
            _ => {}
        }
    }
    Some(out)
}

/// The crop box within the media box (what a viewer shows); the media box
/// when they do not meet.
fn within(crop: Rect, media: Rect) -> Rect {
    let meet = (
        crop.0.max(media.0),
        crop.1.max(media.1),
        crop.2.min(media.2),
        crop.3.min(media.3),
    );
    if meet.2 > meet.0 && meet.3 > meet.1 {
        meet
    } else {
        media
    }
}

/// A page's content: its streams decoded and joined. A stream that cannot
/// be decoded is left out; how many were left out for passing
/// [`MOST_STREAM_BYTES`] is told beside, so that a page read empty for
/// that is not taken for a page with no text.
pub(super) fn page_content(document: &Document, page: &Dictionary) -> (Vec<u8>, usize) {
    let mut content = Vec::new();
    let mut past_the_cap = 0;
    let mut take = |object: &Object, content: &mut Vec<u8>| match decoded(object) {
        Ok(data) => {
            content.extend(data);
            true
        }
        Err(why) => {
            past_the_cap += usize::from(why == Undecoded::PastTheCap);
            false
        }
    };
    match page
        .get(b"Contents")
        .ok()
        .and_then(|c| resolve(document, c))
    {
        Some(Object::Array(parts)) => {
            for part in parts {
                if let Some(object) = resolve(document, part) {
                    if take(object, &mut content) {
                        content.push(b'\n');
                    }
                }
            }
        }
        Some(stream) => {
            take(stream, &mut content);
        }
        None => {}
    }
    (content, past_the_cap)
}
