//! Section keys no check reads and age windows as organizers write them (`U10`, a birth window
//! open at either end): each refused at its key, with its message, when the file is read.

use std::path::Path;

use super::refusal_tests::{X, assert_refused, edit, refused};
use super::*;

#[test]
fn a_section_age_limit_no_check_reads_is_refused() {
    // A U18 section written with an age limit instead of a birth window: the eligibility
    // checks read only the window, so the limit is refused rather than ignored.
    let t = edit(
        X,
        "id = \"junior-men\"",
        "id = \"junior-men\"\nmax_age = { years = 17 }",
    );
    assert_refused(
        &t,
        "sections[2].max_age",
        "组别的年龄限制尚不受支持，请改用年龄组别 age = \"U12\" 或出生日期区间 birth = { from = …, to = … } \
         (a section's age limit is not checked yet: give its age label or birth window instead)",
    );
    let t = edit(
        X,
        "id = \"open-men\"",
        "id = \"open-men\"\nmin_age = { years = 18 }",
    );
    assert_eq!(refused(&t).0, "sections[0].min_age");
}

/// The xiangqi template's first 公开组 window (open-men's).
const OPEN_BIRTH: &str =
    "birth = { from = \"1963-01-01\", to = \"2006-12-31\", clause = \"规程 八(一)1\" }";

#[test]
fn an_age_label_not_u_and_an_age_is_refused_at_the_key() {
    let t = edit(X, OPEN_BIRTH, "age = \"10岁以下\"");
    assert_refused(
        &t,
        "sections[0].age",
        "年龄组别 \"10岁以下\" 应写作 U 加年龄，如 \"U10\"（2023年比赛中为2013年1月1日及以后出生） \
         (an age label is U and the age, such as \"U10\")",
    );
    assert_eq!(
        refused(&edit(X, OPEN_BIRTH, "age = \"U0\"")).0,
        "sections[0].age"
    );
    assert_eq!(
        refused(&edit(X, OPEN_BIRTH, "age = \"U100\"")).0,
        "sections[0].age"
    );
}

#[test]
fn an_age_label_with_a_birth_window_that_disagrees_is_refused_at_the_key() {
    // The template's event starts in 2023: U10 is born on or after 2013-01-01.
    let t = edit(
        X,
        OPEN_BIRTH,
        "age = \"U10\"\nbirth = { from = \"2014-01-01\" }",
    );
    assert_refused(
        &t,
        "sections[0].age",
        "年龄组别 U10 在2023年的比赛中为2013-01-01及以后出生，与 birth 的开始 2014-01-01 不一致 \
         (U10 in a 2023 event is born on or after 2013-01-01, not 2014-01-01 as birth.from says)",
    );
    // Agreeing, or giving only the young end, is accepted.
    for birth in ["{ from = \"2013-01-01\" }", "{ to = \"2016-12-31\" }"] {
        let t = edit(X, OPEN_BIRTH, &format!("age = \"U10\"\nbirth = {birth}"));
        assert!(parse(&t, Path::new("event.toml")).is_ok(), "{birth}");
    }
}

#[test]
fn a_birth_window_without_either_end_is_refused() {
    let t = edit(X, OPEN_BIRTH, "birth = { clause = \"规程 八(一)1\" }");
    assert_refused(
        &t,
        "sections[0].birth",
        "出生日期区间至少要有开始 from 或结束 to (a birth window needs a from or a to)",
    );
}

#[test]
fn birth_windows_may_be_open_at_either_end_and_age_labels_resolve_from_the_event_year() {
    let x = crate::event::templates::find("cxa-amateur-king-2023")
        .unwrap()
        .text;
    let open = "birth = { from = \"1963-01-01\", to = \"2006-12-31\", clause = \"规程 八(一)1\" }";
    let junior =
        "birth = { from = \"2007-01-01\", to = \"2011-12-31\", clause = \"规程 八(一)2\" }";
    assert!(x.contains(open) && x.contains(junior));
    let t = x
        .replacen(open, "birth = { to = \"2006-12-31\" }", 1)
        .replacen(junior, "age = \"U10\"", 1);
    let ev = parse(&t, Path::new("event.toml")).unwrap();
    let w = ev.section("open-men").unwrap().birth.as_ref().unwrap();
    assert_eq!(
        (w.from, w.to),
        (None, Some(jiff::civil::date(2006, 12, 31)))
    );
    assert!(
        w.contains(jiff::civil::date(1900, 1, 1)) && !w.contains(jiff::civil::date(2007, 1, 1))
    );
    // The template's event starts on 2023-12-23: U10 is born on or after 2013-01-01.
    let s = ev.section("junior-men").unwrap();
    assert_eq!(s.age.as_deref(), Some("U10"));
    let w = s.birth.as_ref().unwrap();
    assert_eq!((w.from, w.to), (Some(jiff::civil::date(2013, 1, 1)), None));
    assert!(
        !w.contains(jiff::civil::date(2012, 12, 31)) && w.contains(jiff::civil::date(2019, 5, 1))
    );
    // U10 in a 2026 event: born on or after 2016-01-01, whatever the day the event starts.
    for start in [
        jiff::civil::date(2026, 1, 1),
        jiff::civil::date(2026, 7, 6),
        jiff::civil::date(2026, 12, 31),
    ] {
        assert_eq!(
            crate::event::age_label_from(10, start),
            Some(jiff::civil::date(2016, 1, 1))
        );
    }
}
