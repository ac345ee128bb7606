//! `[deadlines.entry] late_entry = "excluded"` reads 逾期报名无效: it needs `late_invalid`.

use super::super::{LateEntry, RawEvent as Event};
use super::{Found, root};

pub(super) fn check(ev: &Event, f: &mut Found) {
    let Some(d) = ev.deadlines.entry.as_ref() else {
        return;
    };
    if d.late_entry.value == LateEntry::Excluded && !d.late_invalid {
        f.fail(
            root("deadlines").key("entry").key("late_entry"),
            "逾期报名不参赛（late_entry = \"excluded\"）只用于规程写明“逾期报名无效”的赛事（late_invalid = true）",
            "excluding a late entry (late_entry = \"excluded\") needs a regulation that makes late \
             entries invalid (late_invalid = true)",
        );
    }
}
