//! Values of `event.toml` that are well-typed but beyond any real event (issue 17, point 7):
//! a tie-break code no calculator knows (the ranking would vanish), a stage of a billion
//! rounds, more places or promoted teams than an event has, a template bianpai does not have,
//! dates whose year was mistyped (an event of 4,000 years, lodging paid from 2023 to 6023: every
//! night of it would be a line of the costs workbook).
//! Each is an error naming the key, which [`super::parse`] turns into a line.

use super::error::KeyPath;
use super::validate::{Found, Problem, TieKeys, problem};
use super::{RawEvent as Event, System};
use crate::scoring::TieBreak;
use crate::scoring::cxa;

/// More rounds than any stage of a federation event (a double round robin of 20 teams has 38).
pub const MAX_ROUNDS: u32 = 50;
/// More ranked places than any event awards.
pub const MAX_PLACES: u32 = 1_000;
/// Days from the first to the last day of an event: a league's season lies within a year.
pub const MAX_EVENT_DAYS: i64 = 366;
/// Days before the start or after the end of the event that a date of its arrival, departure
/// and lodging may lie (a day or two early or late is usual; a month is the most any
/// regulation asks).
pub const MAX_DAYS_OUTSIDE: i64 = 31;

fn root(k: &str) -> KeyPath {
    KeyPath::root().key(k)
}

/// Runs the checks, noting each problem in `found`; returns each `[[tiebreaks]]` entry's codes
/// parsed (an entry with an unknown code has none).
pub(crate) fn check(ev: &Event, found: &mut Found) -> Vec<TieKeys> {
    dates(ev, found);
    if let Some(t) = &ev.template
        && super::templates::find(t).is_err()
    {
        let names: Vec<&str> = super::templates::TEMPLATES.iter().map(|t| t.name).collect();
        found.fail(
            root("template"),
            &format!("没有名为 {t:?} 的模板（可用：{}）", names.join("、")),
            "no such template",
        );
    }
    for (i, st) in ev.stages.iter().enumerate() {
        // No rounds at all is the stage checks' (`rounds` or `system`): one mistake, one problem.
        if let Some(r) = st.rounds
            && r > MAX_ROUNDS
        {
            found.fail(
                root("stages").index(i).key("rounds"),
                &format!("轮次数 {r} 不合理（应为 1 到 {MAX_ROUNDS}）"),
                "the number of rounds is beyond any event",
            );
        }
    }
    let mut orders = Vec::with_capacity(ev.tiebreaks.len());
    for (i, t) in ev.tiebreaks.iter().enumerate() {
        match tie_keys(ev, t, &root("tiebreaks").index(i).key("order")) {
            Ok(keys) => orders.push(keys),
            Err(p) => {
                found.0.push(p);
                orders.push(TieKeys::default());
            }
        }
    }
    if let Some(r) = &ev.ranking {
        let p = root("ranking");
        if r.places == 0 || r.places > MAX_PLACES {
            found.fail(
                p.key("places"),
                &format!("录取名次 {} 不合理（应为 1 到 {MAX_PLACES}）", r.places),
                "the places ranked are beyond any event",
            );
        } else if r.promoted > r.places {
            found.fail(
                p.key("promoted"),
                &format!("升级队数 {} 多于录取名次 {}", r.promoted, r.places),
                "more teams promoted than places ranked",
            );
        }
    }
    orders
}

/// Whole days from `a` to `b` (negative when `b` is earlier).
fn days(a: jiff::civil::Date, b: jiff::civil::Date) -> i64 {
    a.until(b).map_or(0, |s| i64::from(s.get_days()))
}

/// Whether `date` lies more than [`MAX_DAYS_OUTSIDE`] days before `first` or after `last`: a
/// year or month typed wrong (6025 for 2025), for event.toml's dates and a form's room dates.
pub fn too_far(date: jiff::civil::Date, first: jiff::civil::Date, last: jiff::civil::Date) -> bool {
    days(date, first) > MAX_DAYS_OUTSIDE || days(last, date) > MAX_DAYS_OUTSIDE
}

/// The event's dates and its lodging's lie within [`MAX_EVENT_DAYS`] and
/// [`MAX_DAYS_OUTSIDE`]: a year typed wrong is an error at its key, not decades of nights.
fn dates(ev: &Event, found: &mut Found) {
    let d = &ev.dates;
    if days(d.start, d.end) > MAX_EVENT_DAYS {
        found.fail(
            root("dates").key("end"),
            &format!(
                "赛期 {} 至 {} 超过 {MAX_EVENT_DAYS} 天，请检查年份",
                d.start, d.end
            ),
            "the event lasts more than a year: check the year",
        );
    }
    let mut near = |date: jiff::civil::Date, at: KeyPath| {
        if too_far(date, d.start, d.end) {
            found.fail(
                at,
                &format!(
                    "日期 {date} 距赛期（{} 至 {}）超过 {MAX_DAYS_OUTSIDE} 天，请检查年份",
                    d.start, d.end
                ),
                "the date is more than a month away from the event: check the year",
            );
        }
    };
    if let Some(a) = d.arrival {
        near(a, root("dates").key("arrival"));
    }
    if let Some(x) = d.departure {
        near(x, root("dates").key("departure"));
    }
    let Some(acc) = &ev.accommodation else {
        return;
    };
    let at = root("accommodation");
    if let Some(c) = &acc.covered {
        near(c.from, at.key("covered").key("from"));
        near(c.to, at.key("covered").key("to"));
    }
    if let Some(st) = &acc.standard_stay {
        if let Some(ci) = st.check_in {
            near(ci, at.key("standard_stay").key("check_in"));
        }
        let most = MAX_EVENT_DAYS + 2 * MAX_DAYS_OUTSIDE;
        if i64::from(st.days) > most {
            found.fail(
                at.key("standard_stay").key("days"),
                &format!("住宿天数 {} 不合理（应为 0 到 {most}）", st.days),
                "more days than any event's stay",
            );
        }
    }
}

/// The codes of a tie-break order, parsed for the standings of each stage it ranks: the FIDE
/// C.07 grammar (team events and chess), the CXA chain for a xiangqi Swiss. A code the stage's
/// calculator does not know is an error at its index, since the ranking would vanish.
fn tie_keys(ev: &Event, t: &super::Tiebreaks, at: &KeyPath) -> Result<TieKeys, Problem> {
    let ranked = ev
        .stages
        .iter()
        .filter(|s| t.stage.as_deref().is_none_or(|id| s.id == id));
    let (mut xiangqi, mut other) = (false, false);
    for s in ranked {
        if s.system == System::XiangqiSwiss {
            xiangqi = true;
        } else {
            other = true;
        }
    }
    Ok(TieKeys {
        fide: other
            .then(|| each_code(&t.order, at, |c| TieBreak::parse(c).ok().map(|k| vec![k])))
            .transpose()?,
        cxa: xiangqi
            .then(|| {
                each_code(&t.order, at, |c| {
                    cxa::chain_of(std::slice::from_ref(c), Default::default())
                })
            })
            .transpose()?,
    })
}

/// Every code of `order` parsed by `parse` (a code may give several keys), or an error at the
/// index of the first code it refuses.
fn each_code<K>(
    order: &[String],
    at: &KeyPath,
    parse: impl Fn(&String) -> Option<Vec<K>>,
) -> Result<Vec<K>, Problem> {
    let mut keys = Vec::with_capacity(order.len());
    for (j, code) in order.iter().enumerate() {
        let Some(k) = parse(code) else {
            return Err(problem(
                at.index(j),
                &format!(
                    "未知的排名/破同分代码 {code:?}（例如 MPTS GPTS EDE EMGSB/C1 BH PTS WIN）"
                ),
                "unknown tie-break code",
            ));
        };
        keys.extend(k);
    }
    Ok(keys)
}

#[cfg(test)]
mod tests {
    use super::*;

    type Checked = Result<Vec<TieKeys>, Vec<Problem>>;

    fn event(edit: impl FnOnce(&mut Event)) -> Checked {
        event_of("cca-b-league-2025", edit)
    }

    fn event_of(template: &str, edit: impl FnOnce(&mut Event)) -> Checked {
        let text = super::super::templates::find(template)
            .expect("template")
            .text;
        let mut ev: Event = toml::from_str(text).expect("template");
        edit(&mut ev);
        let mut found = Found::default();
        let orders = check(&ev, &mut found);
        found.or_problems(orders)
    }

    fn key(c: Checked) -> String {
        c.err()
            .and_then(|p| p.first().map(|p| p.path.to_string()))
            .unwrap_or_default()
    }

    #[test]
    fn values_beyond_any_event_are_named_by_key() {
        assert!(event(|_| {}).is_ok());
        assert_eq!(
            key(event(|e| e.template = Some("cca-z-league".into()))),
            "template"
        );
        assert_eq!(
            key(event(|e| e.stages[0].rounds = Some(1_000_000_000))),
            "stages[0].rounds"
        );
        assert_eq!(
            key(event(|e| e.tiebreaks[0].order[1] = "XYZ".into())),
            "tiebreaks[0].order[1]"
        );
        assert_eq!(
            key(event(|e| {
                if let Some(r) = &mut e.ranking {
                    r.promoted = 100;
                }
            })),
            "ranking.promoted"
        );
    }

    /// The B league: 2025-08-05 (arrival and start) to 2025-08-11 (end and departure). The
    /// amateur king: lodging covered from 2023-12-22 to 2023-12-24, the event 12-23 to 12-24.
    #[test]
    fn a_mistyped_year_is_named_by_key() {
        use jiff::civil::date;
        assert_eq!(key(event(|e| e.dates.end = date(6025, 8, 11))), "dates.end");
        assert_eq!(key(event(|e| e.dates.end = date(2026, 8, 7))), "dates.end");
        assert!(
            event(|e| e.dates.end = date(2026, 8, 6)).is_ok(),
            "366 days"
        );
        assert_eq!(
            key(event(|e| e.dates.departure = Some(date(2025, 9, 12)))),
            "dates.departure"
        );
        assert!(event(|e| e.dates.departure = Some(date(2025, 9, 11))).is_ok());
        assert_eq!(
            key(event(|e| e.dates.arrival = Some(date(2025, 7, 4)))),
            "dates.arrival"
        );
        assert!(event(|e| e.dates.arrival = Some(date(2025, 7, 5))).is_ok());
        let stay = |f: fn(&mut super::super::Stay)| {
            move |e: &mut Event| {
                if let Some(st) = e
                    .accommodation
                    .as_mut()
                    .and_then(|a| a.standard_stay.as_mut())
                {
                    f(st);
                }
            }
        };
        assert_eq!(
            key(event(stay(|st| st.days = 4_000_000))),
            "accommodation.standard_stay.days"
        );
        assert_eq!(
            key(event(stay(|st| st.check_in = Some(date(2052, 8, 5))))),
            "accommodation.standard_stay.check_in"
        );
        let covered = |f: fn(&mut super::super::Covered)| {
            move |e: &mut Event| {
                if let Some(c) = e.accommodation.as_mut().and_then(|a| a.covered.as_mut()) {
                    f(c);
                }
            }
        };
        assert!(event_of("cxa-amateur-king-2023", |_| {}).is_ok());
        assert_eq!(
            key(event_of(
                "cxa-amateur-king-2023",
                covered(|c| c.to = date(6023, 12, 24))
            )),
            "accommodation.covered.to"
        );
        assert_eq!(
            key(event_of(
                "cxa-amateur-king-2023",
                covered(|c| c.from = date(2013, 12, 22))
            )),
            "accommodation.covered.from"
        );
    }
}
