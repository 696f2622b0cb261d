//! Tests of `diff`.

use super::*;

#[test]
fn a_side_is_a_release_a_day_or_no_such_day() {
    let day = chrono::NaiveDate::from_ymd_opt(2000, 3, 27).unwrap();
    assert_eq!(
        NamedSide::read("1e-2014-11-03-crd"),
        Ok(NamedSide::Release("1e-2014-11-03-crd".into()))
    );
    assert_eq!(
        NamedSide::read("3/27/00"),
        Ok(NamedSide::Date {
            text: "3/27/00".into(),
            date: day
        })
    );
    assert_eq!(
        NamedSide::read("2014-11-31"),
        Ok(NamedSide::NoSuchDay("2014-11-31".into()))
    );
}
