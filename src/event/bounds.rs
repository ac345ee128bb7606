//! Values of `event.toml` that are well-typed but beyond any real event (issue 17, point 7):
//! a tie-break code no calculator knows (the ranking would vanish), a stage of a billion
//! rounds, more places or promoted teams than an event has, a template bianpai does not have.
//! Each is an error naming the key, which [`super::parse`] turns into a line.

use super::error::KeyPath;
use super::validate::{Check, fail};
use super::{Event, System};

/// More rounds than any stage of a federation event (a double round robin of 20 teams has 38).
pub const MAX_ROUNDS: u32 = 50;
/// More ranked places than any event awards.
pub const MAX_PLACES: u32 = 1_000;

fn root(k: &str) -> KeyPath {
    KeyPath::root().key(k)
}

/// Runs the checks.
pub(crate) fn check(ev: &Event) -> Check {
    if let Some(t) = &ev.template
        && super::templates::find(t).is_err()
    {
        let names: Vec<&str> = super::templates::TEMPLATES.iter().map(|t| t.name).collect();
        return fail(
            root("template"),
            &format!("没有名为 {t:?} 的模板（可用：{}）", names.join("、")),
            "no such template",
        );
    }
    for (i, st) in ev.stages.iter().enumerate() {
        if let Some(r) = st.rounds
            && (r == 0 || r > MAX_ROUNDS)
        {
            return fail(
                root("stages").index(i).key("rounds"),
                &format!("轮次数 {r} 不合理（应为 1 到 {MAX_ROUNDS}）"),
                "the number of rounds is beyond any event",
            );
        }
    }
    for (i, t) in ev.tiebreaks.iter().enumerate() {
        for (j, code) in t.order.iter().enumerate() {
            if !known_code(ev, t.stage.as_deref(), code) {
                return fail(
                    root("tiebreaks").index(i).key("order").index(j),
                    &format!(
                        "未知的排名/破同分代码 {code:?}（例如 MPTS GPTS EDE EMGSB/C1 BH PTS WIN）"
                    ),
                    "unknown tie-break code",
                );
            }
        }
    }
    if let Some(r) = &ev.ranking {
        let p = root("ranking");
        if r.places == 0 || r.places > MAX_PLACES {
            return fail(
                p.key("places"),
                &format!("录取名次 {} 不合理（应为 1 到 {MAX_PLACES}）", r.places),
                "the places ranked are beyond any event",
            );
        }
        if r.promoted > r.places {
            return fail(
                p.key("promoted"),
                &format!("升级队数 {} 多于录取名次 {}", r.promoted, r.places),
                "more teams promoted than places ranked",
            );
        }
    }
    Ok(())
}

/// Whether a tie-break code is one the standings of its stage compute: the FIDE C.07 grammar
/// (team events and chess), or the CXA chain of the xiangqi Swiss.
fn known_code(ev: &Event, stage: Option<&str>, code: &str) -> bool {
    let xiangqi = ev
        .stages
        .iter()
        .filter(|s| stage.is_none_or(|id| s.id == id))
        .any(|s| s.system == System::XiangqiSwiss);
    let cxa = || crate::scoring::cxa::chain_of(&[code.to_string()], Default::default()).is_some();
    crate::scoring::TieBreak::parse(code).is_ok() || (xiangqi && cxa())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(edit: impl FnOnce(&mut Event)) -> Check {
        let mut ev = super::super::templates::find("cca-b-league-2025")
            .and_then(|t| t.event())
            .expect("template");
        edit(&mut ev);
        check(&ev)
    }

    fn key(c: Check) -> String {
        c.err().map(|p| p.path.to_string()).unwrap_or_default()
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
}
