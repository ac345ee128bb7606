//! Cross-field checks of `[[sections]]`: unique ids, birth windows, age labels, pair rules.

use super::super::error::KeyPath;
use super::super::section::{age_label_from, age_label_years};
use super::super::{DateWindow, Entrant, RawEvent as Event};
use super::{Found, root, unique};

/// A birth window has an end, and does not end before it starts.
pub(super) fn window(w: &DateWindow, p: KeyPath, f: &mut Found) {
    match (w.from, w.to) {
        (None, None) => f.fail(
            p,
            "出生日期区间至少要有开始 from 或结束 to",
            "a birth window needs a from or a to",
        ),
        (Some(from), Some(to)) if to < from => f.fail(
            p.key("to"),
            &format!("出生日期区间的结束 {to} 早于开始 {from}"),
            "the window's end precedes its start",
        ),
        _ => {}
    }
}

pub(super) fn check(ev: &Event, f: &mut Found) {
    if ev.sections.is_empty() {
        return f.fail(root("sections"), "至少要有一个组别", "at least one section");
    }
    f.note(unique(ev.sections.iter().map(|s| s.id.as_str()), |i| {
        root("sections").index(i).key("id")
    }));
    for (i, s) in ev.sections.iter().enumerate() {
        let p = root("sections").index(i);
        if let Some(w) = &s.birth {
            window(w, p.key("birth"), f);
        }
        if let Some(label) = &s.age {
            age(ev, label, s.birth.as_ref(), p.key("age"), f);
        }
        // A section's own age limits are not checked by the eligibility checks (only the
        // event's `[eligibility.min_age]` and a section's `birth` window or `age` label are):
        // refused rather than read and ignored, so that an over-age player is never let
        // through silently.
        for (key, limit) in [("min_age", &s.min_age), ("max_age", &s.max_age)] {
            if limit.is_some() {
                f.fail(
                    p.key(key),
                    "组别的年龄限制尚不受支持，请改用年龄组别 age = \"U12\" 或出生日期区间 birth = { from = …, to = … }",
                    "a section's age limit is not checked yet: give its age label or birth window instead",
                );
            }
        }
        if s.pair.is_some() && s.entrant != Entrant::Pair {
            f.fail(
                p.key("pair"),
                "只有双人组（entrant = \"pair\"）可以有 pair 规则",
                "a pair rule needs entrant = \"pair\"",
            );
        }
        if let Some(pr) = &s.pair
            && pr.child_age_below > pr.adult_min_age
        {
            f.fail(
                p.key("pair").key("child_age_below"),
                "儿童年龄上限高于成人年龄下限",
                "the child's age limit exceeds the adult's",
            );
        }
    }
}

/// An age label is `U` and the age; a `birth.from` beside it is the day the label resolves to.
fn age(ev: &Event, label: &str, birth: Option<&DateWindow>, p: KeyPath, f: &mut Found) {
    let year = ev.dates.start.year();
    let Some(from) = age_label_years(label).and_then(|y| age_label_from(y, ev.dates.start)) else {
        return f.fail(
            p,
            &format!("年龄组别 {label:?} 应写作 U 加年龄，如 \"U10\"（{year}年比赛中为{}年1月1日及以后出生）", year - 10),
            "an age label is U and the age, such as \"U10\"",
        );
    };
    if let Some(given) = birth.and_then(|w| w.from)
        && given != from
    {
        f.fail(
            p,
            &format!("年龄组别 {label} 在{year}年的比赛中为{from}及以后出生，与 birth 的开始 {given} 不一致"),
            &format!("{label} in a {year} event is born on or after {from}, not {given} as birth.from says"),
        );
    }
}
