//! PDFs made by hand for a test: objects numbered from 1, a correct
//! cross-reference table, and one-page documents of a given content
//! stream in Helvetica.

/// A PDF of the given objects (numbered from 1; the first is the catalog),
/// with a correct cross-reference table.
pub fn of_objects(objects: &[Vec<u8>]) -> Vec<u8> {
    let mut out = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, object) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend(format!("{} 0 obj\n", i + 1).bytes());
        out.extend(object);
        out.extend(b"\nendobj\n");
    }
    let xref = out.len();
    out.extend(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).bytes());
    for offset in offsets {
        out.extend(format!("{offset:010} 00000 n \n").bytes());
    }
    out.extend(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .bytes(),
    );
    out
}

/// A stream object holding `data`.
pub fn stream(dict: &str, data: &[u8]) -> Vec<u8> {
    let mut out = format!("<< {dict} /Length {} >>\nstream\n", data.len()).into_bytes();
    out.extend(data);
    out.extend(b"\nendstream");
    out
}

/// A one-page PDF: the page dictionary holds `page` besides its parent,
/// its content (`content`) and its font (`/F1`, Helvetica); the pages
/// node holds `pages`. `more` are objects from number 6 on (a form the
/// page's resources name, say).
pub fn one_page(
    pages: &str,
    page: &str,
    resources: &str,
    content: &str,
    more: &[Vec<u8>],
) -> Vec<u8> {
    let mut objects = vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        format!("<< /Type /Pages /Kids [3 0 R] /Count 1 {pages} >>").into_bytes(),
        format!(
            "<< /Type /Page /Parent 2 0 R {page} /Resources << /Font << /F1 5 0 R >> {resources} >> /Contents 4 0 R >>"
        )
        .into_bytes(),
        stream("", content.as_bytes()),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_vec(),
    ];
    objects.extend(more.iter().cloned());
    of_objects(&objects)
}
