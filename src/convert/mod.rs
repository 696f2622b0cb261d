//! Converting: a document's bytes as published (text or Markdown, a saved
//! web page, a PDF) in, the Markdown the parser reads out, with a [`Report`]
//! of what the conversion found and dropped. Every format ends in the same
//! parser, the same `check` and the same index: line numbers of a converted
//! document are lines of the Markdown produced here.
//!
//! Which files of a corpus folder are read is decided here too, by name
//! ([`kind_of`]): a document (converted by its format's arm of [`convert`],
//! which may still find it unreadable: a PDF with a password or no text), a file in a
//! format not read (a word-processor file, an image — named in a warning,
//! with what to do), or anything else (ignored without a word).

mod columns;
pub mod encoding;
pub mod html;
pub mod isolated;
pub mod memo;
mod rule_history;

use std::path::Path;

use serde::{Deserialize, Serialize};

use encoding::decode;

use crate::error::{DocumentError, Unread};
use crate::pdf::PdfError;

/// The largest document read: far more than any rulings document (the
/// longest official ones are well under 1 MB), small enough that a stray
/// file cannot exhaust memory.
pub const MAX_DOCUMENT_BYTES: u64 = 32 * 1024 * 1024;

/// The most Markdown a document may become (kept with the reading of
/// files, below the readers that stop at it).
pub use crate::input::MAX_TEXT_BYTES;

/// The formats read, from the file's extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// `.md`, `.txt`: read as it is.
    Text,
    /// `.html`, `.htm`: a saved web page.
    Html,
    /// `.pdf`.
    Pdf,
}

impl Format {
    /// The format of a file by its extension; `None` for an extension that
    /// is no format of documents.
    pub fn of(path: &Path) -> Option<Format> {
        if has_extension(path, &["md", "txt"]) {
            Some(Format::Text)
        } else if has_extension(path, &["html", "htm"]) {
            Some(Format::Html)
        } else if has_extension(path, &["pdf"]) {
            Some(Format::Pdf)
        } else {
            None
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Html => "HTML",
            Format::Pdf => "PDF",
        }
    }
}

/// What a file under a corpus folder is to the corpus.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// A document, read in this format.
    Document(Format),
    /// A document in a format not read: named in a warning.
    Unread(Unread),
    /// Not a document (hidden, a README, any other extension): ignored
    /// without a word.
    Ignored,
}

/// Whether `path`'s extension is one of `wanted` (lowercase), in any case.
fn has_extension(path: &Path, wanted: &[&str]) -> bool {
    let Some(extension) = path.extension().and_then(|e| e.to_str()) else {
        return false;
    };
    wanted.iter().any(|w| extension.eq_ignore_ascii_case(w))
}

/// What the file at `path` is to a corpus folder. Asked of every file of a
/// corpus on every question (the freshness check lists the documents), so
/// it allocates nothing.
pub fn kind_of(path: &Path) -> FileKind {
    let name = path
        .file_name()
        .map(|n| n.as_encoded_bytes())
        .unwrap_or_default();
    let readme = name.len() >= 6 && name[..6].eq_ignore_ascii_case(b"readme");
    if name.starts_with(b".") || readme {
        return FileKind::Ignored;
    }
    let unread = if has_extension(path, &["doc", "docx"]) {
        Unread::Word
    } else if has_extension(path, &["odt"]) {
        Unread::OpenDocument
    } else if has_extension(path, &["rtf"]) {
        Unread::RichText
    } else if has_extension(path, &["pages"]) {
        Unread::Pages
    } else if has_extension(
        path,
        &["png", "jpg", "jpeg", "gif", "webp", "tif", "tiff", "bmp"],
    ) {
        Unread::Image
    } else {
        return match Format::of(path) {
            Some(format) => FileKind::Document(format),
            None => FileKind::Ignored,
        };
    };
    FileKind::Unread(unread)
}

/// What a conversion found, for `check` to tell.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    pub format: Format,
    /// Pages and columns, where the format has them.
    pub pages: Option<usize>,
    pub columns: Option<usize>,
    /// Typography read as structure, where the format has any: bold runs
    /// (heads), colored runs (the new marker), icons (the lost-icon
    /// marker `[?]`).
    pub bold: Option<usize>,
    pub colored: Option<usize>,
    pub icons: Option<usize>,
    /// What was dropped as site chrome or page furniture, each with a
    /// glimpse of its text.
    pub furniture: Vec<String>,
    /// A rule-change history: the versions and rules read, and the
    /// versions the page prints.
    #[serde(default)]
    pub history: Option<HistoryRead>,
}

/// What was read of a rule-change history, against what it prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HistoryRead {
    pub versions: usize,
    pub rules: usize,
    /// Its status lines printed (or its `Superseded by:` lines, if more):
    /// more than the versions read is a page read short.
    pub printed: usize,
}

impl Report {
    fn text() -> Report {
        Report {
            format: Format::Text,
            pages: None,
            columns: None,
            bold: None,
            colored: None,
            icons: None,
            furniture: Vec::new(),
            history: None,
        }
    }
}

/// A document converted to the Markdown the parser reads.
#[derive(Debug, Clone)]
pub struct Converted {
    pub markdown: String,
    pub report: Report,
    /// What reading the bytes had to say (a guessed encoding), in English.
    pub notes: Vec<String>,
}

/// Converts the bytes of the document `name`, published in `format`. A
/// document that turns out not to be readable (a PDF with a password or no
/// text layer) is a [`DocumentError::Unread`], a damaged PDF a
/// [`DocumentError::Damaged`]; every command names either with what to do.
/// A PDF or a web page is read apart ([`isolated`]): whatever it does to
/// the reader, it is a file skipped with its reason.
pub fn convert(format: Format, name: &str, bytes: Vec<u8>) -> Result<Converted, DocumentError> {
    if format == Format::Text {
        return in_process(format, name, bytes);
    }
    let job = isolated::Job {
        format,
        name: name.to_string(),
        bytes,
    };
    isolated::convert_all(vec![job])
        .pop()
        .expect("one answer for one job")
}

/// Converts in this process (text, and every format in a reading child).
pub(crate) fn in_process(
    format: Format,
    name: &str,
    bytes: Vec<u8>,
) -> Result<Converted, DocumentError> {
    let converted = match format {
        Format::Text => {
            let (markdown, note) = decode(name, bytes)?;
            let mut report = Report::text();
            // Text printed in columns side by side (`pdftotext -layout`)
            // is read a column at a time.
            let markdown = match columns::unfold(&markdown) {
                Some((unfolded, found)) => {
                    report.columns = Some(found);
                    unfolded
                }
                None => markdown,
            };
            Ok(Converted {
                markdown,
                report,
                notes: note.into_iter().collect(),
            })
        }
        Format::Html => html::convert(name, bytes),
        Format::Pdf => pdf(name, &bytes),
    }?;
    let converted = as_rule_history(converted, name);
    // The PDF reader stops at the limit as it reads; text and web pages
    // become no more than a few times their bytes, themselves bounded.
    if converted.markdown.len() > MAX_TEXT_BYTES {
        return Err(too_much_text(name));
    }
    Ok(converted)
}

/// A rule-change history, in whichever form it came, read as one entry a
/// version of a rule ([`rule_history`]); a document whose front matter
/// says what it is is read as it says.
fn as_rule_history(mut converted: Converted, name: &str) -> Converted {
    if converted.markdown.trim_start().starts_with("+++") {
        return converted;
    }
    if let Some(history) = rule_history::rewrite(&converted.markdown, name) {
        let rule_history::History {
            markdown,
            rules,
            versions,
            printed,
        } = history;
        converted.markdown = markdown;
        converted.report.history = Some(HistoryRead {
            versions,
            rules,
            printed,
        });
        let name = crate::safe::escape_name(name);
        converted.notes.push(format!(
            "{name}: read as a rule-change history: {versions} versions of {rules} rules, of {printed} status lines printed, each dated by its document, the one the page prints Active in force"
        ));
        if printed > versions {
            converted.notes.push(format!(
                "{name}: the rule-change history prints {printed} status lines but {versions} versions were read: {} not read (a status line with no dated source after it)",
                printed - versions
            ));
        }
    }
    converted
}

/// The error of a document whose text passes [`MAX_TEXT_BYTES`].
pub(crate) fn too_much_text(name: &str) -> DocumentError {
    DocumentError::TooMuchText {
        file: name.to_string(),
        limit: MAX_TEXT_BYTES,
    }
}

/// A PDF read from its typography (`crate::pdf`): what it could not read is
/// named as a file not read, with what to do.
fn pdf(name: &str, bytes: &[u8]) -> Result<Converted, DocumentError> {
    let unread = |what| DocumentError::Unread {
        file: name.to_string(),
        what,
    };
    match crate::pdf::to_markdown(bytes) {
        Ok(read) => Ok(Converted {
            markdown: read.markdown,
            report: Report {
                format: Format::Pdf,
                pages: Some(read.pages),
                columns: Some(read.columns),
                bold: Some(read.bold),
                colored: Some(read.colored),
                icons: Some(read.icons),
                furniture: read.furniture,
                history: None,
            },
            notes: read
                .notes
                .into_iter()
                .map(|note| format!("{}: {note}", crate::safe::escape_name(name)))
                .collect(),
        }),
        Err(PdfError::Encrypted) => Err(unread(Unread::EncryptedPdf)),
        Err(PdfError::NoText) => Err(unread(Unread::ScannedPdf)),
        Err(PdfError::TooMuchText) => Err(too_much_text(name)),
        Err(PdfError::Damaged(why)) => Err(DocumentError::Damaged {
            file: name.to_string(),
            why,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_read_warned_about_or_ignored_by_name() {
        let kind = |p: &str| kind_of(Path::new(p));
        assert_eq!(kind("a/1e.md"), FileKind::Document(Format::Text));
        assert_eq!(kind("a/raw.TXT"), FileKind::Document(Format::Text));
        assert_eq!(kind("a/page.htm"), FileKind::Document(Format::Html));
        assert_eq!(kind("a/page.HTML"), FileKind::Document(Format::Html));
        assert_eq!(kind("a/crd.docx"), FileKind::Unread(Unread::Word));
        assert_eq!(kind("a/scan.JPEG"), FileKind::Unread(Unread::Image));
        assert_eq!(kind("a/crd.pdf"), FileKind::Document(Format::Pdf));
        assert_eq!(kind("a/README.md"), FileKind::Ignored);
        assert_eq!(kind("a/.hidden.docx"), FileKind::Ignored);
        assert_eq!(kind("a/notes.json"), FileKind::Ignored);
        assert_eq!(kind("a/Makefile"), FileKind::Ignored);
    }
}
