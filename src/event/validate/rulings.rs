//! Checks of the rulings (`[[rulings]]`) taken together: two rulings that contradict each
//! other (one person both cleared and disqualified) would leave the outcome to whichever the
//! code reads first, so the second is an error naming the first's line.

use super::super::{Decision, RawEvent as Event, Ruling};
use super::{Found, root};

/// The key of the entrant a ruling concerns: the person (with the team that names which of
/// that name) or, without a person, the whole team; names trimmed.
fn entrant(r: &Ruling) -> (Option<&str>, Option<&str>) {
    (
        r.person.as_deref().map(str::trim),
        r.team.as_deref().map(str::trim),
    )
}

/// A `cleared` and a `disqualified` ruling on one entrant.
pub(super) fn check(ev: &Event, f: &mut Found) {
    let opposite = |a: Decision, b: Decision| {
        matches!(
            (a, b),
            (Decision::Cleared, Decision::Disqualified)
                | (Decision::Disqualified, Decision::Cleared)
        )
    };
    for (j, later) in ev.rulings.iter().enumerate() {
        let Some(first) = ev.rulings[..j]
            .iter()
            .find(|r| opposite(r.decision, later.decision) && entrant(r) == entrant(later))
        else {
            continue;
        };
        let who = match entrant(later) {
            (Some(p), Some(t)) => format!("{t} {p}"),
            (Some(p), None) => p.to_string(),
            (None, Some(t)) => t.to_string(),
            (None, None) => continue,
        };
        let name = |d: Decision| match d {
            Decision::Cleared => "cleared（准予参赛）",
            _ => "disqualified（取消资格）",
        };
        let name_en = |d: Decision| match d {
            Decision::Cleared => "cleared",
            _ => "disqualified",
        };
        f.fail(
            root("rulings").index(j).key("decision"),
            &format!(
                "与第 {} 行的裁定矛盾：{who} 已被裁定为 {}，这里又裁定为 {}；请只保留一条",
                first.line,
                name(first.decision),
                name(later.decision)
            ),
            &format!(
                "contradicts the ruling on line {}: {who} is ruled {} there and {} here; keep one",
                first.line,
                name_en(first.decision),
                name_en(later.decision)
            ),
        );
    }
}
