//! How wide the panes of the interactive search are on a screen of a
//! given width: what the layout draws and what the pages are wrapped to.

/// The share of the screen's width the list of hits takes, in percent.
pub const LIST_PERCENT: u16 = 45;

/// Columns of text in the preview pane on a screen this wide.
pub fn preview_width(columns: u16) -> usize {
    let list = columns * LIST_PERCENT / 100;
    usize::from(columns.saturating_sub(list).saturating_sub(2)).max(20)
}

/// Columns of text in an open page on a screen this wide.
pub fn page_width(columns: u16) -> usize {
    usize::from(columns.saturating_sub(2)).max(20)
}
