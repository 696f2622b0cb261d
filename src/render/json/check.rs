//! `rulings check --json`: the check as it was answered, each warning with
//! its sentence and the front-matter line that would settle it beside its
//! typed fields.

use serde::Serialize;

use crate::answer::check::{Checked, DocumentChecked, NotRead, Unreadable};
use crate::parse::warnings::Warning;
use crate::render::check::{describe, hint};

#[derive(Serialize)]
pub(super) struct View<'a> {
    documents: Vec<DocumentView<'a>>,
    not_read: &'a [NotRead],
    unreadable: &'a [Unreadable],
}

#[derive(Serialize)]
struct DocumentView<'a> {
    #[serde(flatten)]
    document: &'a DocumentChecked,
    warnings: Vec<WarningView<'a>>,
}

#[derive(Serialize)]
struct WarningView<'a> {
    line: Option<usize>,
    message: String,
    hint: Option<String>,
    #[serde(flatten)]
    warning: &'a Warning,
}

pub(super) fn view(checked: &Checked) -> View<'_> {
    View {
        documents: checked
            .documents
            .iter()
            .map(|document| DocumentView {
                document,
                warnings: document
                    .warnings
                    .iter()
                    .map(|warning| WarningView {
                        line: warning.line(),
                        message: describe(warning, &document.file),
                        hint: hint(warning),
                        warning,
                    })
                    .collect(),
            })
            .collect(),
        not_read: &checked.not_read,
        unreadable: &checked.unreadable,
    }
}
