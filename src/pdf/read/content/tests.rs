//! The interpreter run on content streams written by hand: where each
//! glyph lands, in what size, direction and colour.

use lopdf::{dictionary, Document, Object, Stream};

use super::*;

/// A document holding a Form XObject `Fm1` (its matrix moves it 100 to the
/// right; it shows "X"), and the page's resources: Helvetica as `F1`.
fn document() -> (Document, Dictionary) {
    let mut document = Document::with_version("1.5");
    let font = document.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "Type1",
        "BaseFont" => "Helvetica",
    });
    let form = Stream::new(
        dictionary! {
            "Type" => "XObject",
            "Subtype" => "Form",
            "BBox" => vec![0.into(), 0.into(), 200.into(), 200.into()],
            "Matrix" => vec![1.into(), 0.into(), 0.into(), 1.into(), 100.into(), 0.into()],
        },
        b"BT /F1 10 Tf 0 0 Td (X) Tj ET".to_vec(),
    );
    let form = document.add_object(form);
    let resources = dictionary! {
        "Font" => dictionary! { "F1" => Object::Reference(font) },
        "XObject" => dictionary! { "Fm1" => Object::Reference(form) },
    };
    (document, resources)
}

/// The glyphs a content stream places, with the page's resources.
fn run(content: &str) -> Vec<Placed> {
    let (document, resources) = document();
    let mut interpreter = Interpreter::new(&document);
    interpreter
        .page(content.as_bytes(), Some(&resources))
        .glyphs
}

fn close(a: f32, b: f32) -> bool {
    (a - b).abs() < 0.01
}

#[test]
fn text_lands_where_its_matrix_puts_it_and_advances_by_its_widths() {
    let glyphs = run("BT /F1 10 Tf 72 700 Td (AV) Tj ET");
    let text: String = glyphs.iter().map(|g| g.text).collect();
    assert_eq!(text, "AV");
    let (a, v) = (&glyphs[0], &glyphs[1]);
    assert!(close(a.x, 72.0) && close(a.y, 700.0), "{a:?}");
    assert!(close(a.size, 10.0));
    // Helvetica's A is 667 units wide: the next glyph starts 6.67 further.
    assert!(close(a.width, 6.67), "{a:?}");
    assert!(close(v.x, 72.0 + 6.67), "{v:?}");
    assert_eq!(a.direction, (1.0, 0.0));
}

#[test]
fn a_tj_number_moves_the_next_glyph_back_by_thousandths_of_the_size() {
    let glyphs = run("BT /F1 10 Tf 0 0 Td [(A) -1000 (B)] TJ ET");
    // -1000 moves the next glyph 10 to the right (1000/1000 of 10).
    assert!(close(glyphs[1].x, 6.67 + 10.0), "{:?}", glyphs[1]);
    let glyphs = run("BT /F1 10 Tf 0 0 Td [(A) 500 (B)] TJ ET");
    assert!(close(glyphs[1].x, 6.67 - 5.0), "{:?}", glyphs[1]);
}

#[test]
fn cm_scales_and_moves_the_text_and_q_restores_it() {
    let glyphs =
        run("q 2 0 0 2 10 20 cm BT /F1 10 Tf 0 0 Td (A) Tj ET Q BT /F1 10 Tf 0 0 Td (B) Tj ET");
    let (a, b) = (&glyphs[0], &glyphs[1]);
    assert!(
        close(a.x, 10.0) && close(a.y, 20.0) && close(a.size, 20.0),
        "{a:?}"
    );
    assert!(close(b.x, 0.0) && close(b.size, 10.0), "{b:?}");
}

#[test]
fn each_colour_space_gives_the_fill_its_colour() {
    let colour = |ops: &str| run(&format!("{ops} BT /F1 10 Tf (A) Tj ET"))[0].rgb;
    assert_eq!(colour(""), (0.0, 0.0, 0.0));
    assert_eq!(colour("1 0 0 rg"), (1.0, 0.0, 0.0));
    assert_eq!(colour("0.5 g"), (0.5, 0.5, 0.5));
    assert_eq!(colour("0 1 0 0 k"), (1.0, 0.0, 1.0));
    assert_eq!(colour("/DeviceRGB cs 0 0 1 sc"), (0.0, 0.0, 1.0));
    // The fill saved by q comes back with Q.
    assert_eq!(colour("q 1 0 0 rg Q"), (0.0, 0.0, 0.0));
}

#[test]
fn a_form_runs_in_place_with_its_own_matrix() {
    let glyphs = run("q 1 0 0 1 0 50 cm /Fm1 Do Q");
    assert_eq!(glyphs.len(), 1);
    let x = &glyphs[0];
    assert_eq!(x.text, 'X');
    assert!(close(x.x, 100.0) && close(x.y, 50.0), "{x:?}");
}

#[test]
fn text_turned_a_quarter_runs_up_the_page() {
    let glyphs = run("BT /F1 10 Tf 0 1 -1 0 300 100 Tm (AB) Tj ET");
    let (a, b) = (&glyphs[0], &glyphs[1]);
    assert!(close(a.x, 300.0) && close(a.y, 100.0), "{a:?}");
    assert!(
        close(a.direction.0, 0.0) && close(a.direction.1, 1.0),
        "{a:?}"
    );
    // The next glyph is above the first, not beside it.
    assert!(close(b.x, 300.0) && close(b.y, 100.0 + 6.67), "{b:?}");
}

#[test]
fn a_malformed_stream_is_read_as_far_as_it_makes_sense() {
    // Missing operands, an unbalanced Q, a form that is not there.
    let glyphs = run("Q Q Tf BT /F1 Tf 10 (A) Tj /Nothing Do ET BT /F1 10 Tf (B) Tj ET");
    assert!(glyphs.iter().any(|g| g.text == 'B'), "{glyphs:?}");
}
