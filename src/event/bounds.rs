//! Values of `event.toml` that are well-typed but beyond any real event (issue 17, point 7):
//! a tie-break code no calculator knows (the ranking would vanish), a stage of a billion
//! rounds, more places or promoted teams than an event has, a template bianpai does not have.
//! Each is an error naming the key, which [`super::parse`] turns into a line.

use super::error::KeyPath;
use super::validate::{Problem, TieKeys, problem};
use super::{RawEvent as Event, System};
use crate::scoring::TieBreak;
use crate::scoring::cxa;

/// More rounds than any stage of a federation event (a double round robin of 20 teams has 38).
pub const MAX_ROUNDS: u32 = 50;
/// More ranked places than any event awards.
pub const MAX_PLACES: u32 = 1_000;

fn root(k: &str) -> KeyPath {
    KeyPath::root().key(k)
}

/// Runs the checks; returns each `[[tiebreaks]]` entry's codes parsed.
pub(crate) fn check(ev: &Event) -> Result<Vec<TieKeys>, Problem> {
    if let Some(t) = &ev.template
        && super::templates::find(t).is_err()
    {
        let names: Vec<&str> = super::templates::TEMPLATES.iter().map(|t| t.name).collect();
        return Err(problem(
            root("template"),
            &format!("没有名为 {t:?} 的模板（可用：{}）", names.join("、")),
            "no such template",
        ));
    }
    for (i, st) in ev.stages.iter().enumerate() {
        if let Some(r) = st.rounds
            && (r == 0 || r > MAX_ROUNDS)
        {
            return Err(problem(
                root("stages").index(i).key("rounds"),
                &format!("轮次数 {r} 不合理（应为 1 到 {MAX_ROUNDS}）"),
                "the number of rounds is beyond any event",
            ));
        }
    }
    let mut orders = Vec::with_capacity(ev.tiebreaks.len());
    for (i, t) in ev.tiebreaks.iter().enumerate() {
        orders.push(tie_keys(ev, t, &root("tiebreaks").index(i).key("order"))?);
    }
    if let Some(r) = &ev.ranking {
        let p = root("ranking");
        if r.places == 0 || r.places > MAX_PLACES {
            return Err(problem(
                p.key("places"),
                &format!("录取名次 {} 不合理（应为 1 到 {MAX_PLACES}）", r.places),
                "the places ranked are beyond any event",
            ));
        }
        if r.promoted > r.places {
            return Err(problem(
                p.key("promoted"),
                &format!("升级队数 {} 多于录取名次 {}", r.promoted, r.places),
                "more teams promoted than places ranked",
            ));
        }
    }
    Ok(orders)
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

    type Checked = Result<Vec<TieKeys>, Problem>;

    fn event(edit: impl FnOnce(&mut Event)) -> Checked {
        let text = super::super::templates::find("cca-b-league-2025")
            .expect("template")
            .text;
        let mut ev: Event = toml::from_str(text).expect("template");
        edit(&mut ev);
        check(&ev)
    }

    fn key(c: Checked) -> String {
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
