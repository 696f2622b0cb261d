//! Tests of `page`.

use super::*;

#[test]
fn a_body_cannot_run_or_load_anything() {
    let html = markdown(
            "<script>alert(1)</script>\n\nSee [x](javascript:alert(1)) ![i](http://x/i.png) **bold** <b>b</b>",
        )
        .into_string();
    assert!(!html.contains("<script"), "{html}");
    assert!(
        html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{html}"
    );
    assert!(!html.contains("href"), "{html}");
    assert!(!html.contains("<img"), "{html}");
    assert!(html.contains("<strong>bold</strong>"), "{html}");
    assert!(html.contains("&lt;b&gt;b&lt;/b&gt;"), "{html}");
}

fn day(date: &str) -> NaiveDate {
    date.parse().unwrap()
}

#[test]
fn ages_read_as_people_say_them() {
    let today = NaiveDate::from_ymd_opt(2026, 11, 25).unwrap();
    assert_eq!(age(day("2026-11-25"), today), "0 days old");
    assert_eq!(age(day("2026-11-24"), today), "1 day old");
    assert_eq!(age(day("2026-05-25"), today), "6 months old");
    assert_eq!(age(day("2014-11-03"), today), "12 years old");
    assert_eq!(age(day("2027-01-01"), today), "not yet in effect");
}
