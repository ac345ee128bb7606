//! What was in force when a round was paired (issue 47): the tie-break order and the pairing
//! settings of the round's stage and section, recorded in the round workbook's hidden marker
//! sheet when bianpai writes it (one row `setting` | name | value each, below the marker's
//! own rows), and compared with `event.toml` at every later run.
//!
//! A setting that differs from what a paired round recorded needs a ruling
//! (`decision = "setting-changed"`, `setting = <name>`, `round = N`: in force from round `N`,
//! later than every round paired under the old value); without one the run stops with an
//! `event.toml` error naming the key, so that neither the standings nor the next pairing
//! silently follow the new value. A workbook written before the record existed records
//! nothing and is not compared.

use super::error::{self, EventError, KeyPath};
use super::validate::Found;
use super::{Decision, EVENT_FILE, Event, RawEvent, UnratedOrder};
use crate::rounds::sheet::RoundSheet;

/// The key of a setting row in the marker sheet.
pub const SETTING_KEY: &str = "setting";

/// The names a setting is recorded and ruled by, in record order.
const NAMES: [&str; 8] = [
    "tiebreaks.order",
    "pairing.numbers",
    "pairing.avoid_same_unit",
    "pairing.max_same_colour_run",
    "pairing.unrated",
    "bye.points",
    "pairing.three_in_a_row",
    "pairing.forfeit_rematch",
];

/// Settings recorded only when they differ from their default, with that default: a workbook
/// that records settings but not one of these was paired under its default.
const RECORDED_IF_SET: [(&str, &str); 2] = [
    ("pairing.three_in_a_row", "never"),
    ("pairing.forfeit_rematch", "allowed"),
];

/// One setting in force: its name, its value as recorded, its key in `event.toml`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Setting {
    name: &'static str,
    value: String,
    key: KeyPath,
}

/// A value's word as `event.toml` writes it: `AverageRatingMain` → `average-rating-main`.
fn kebab(debug: &str) -> String {
    let mut out = String::new();
    for (i, c) in debug.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('-');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// The stage id and the section a marker's stage names (`swiss:open`; a team stage `regular`
/// ranks its teams by the order for the section `team`).
fn split(marker_stage: &str) -> (&str, &str) {
    marker_stage
        .split_once(':')
        .unwrap_or((marker_stage, "team"))
}

/// The settings in force for the rounds of a marker's stage, as `event.toml` has them now.
fn settings(ev: &Event, marker_stage: &str) -> Vec<Setting> {
    let (stage_id, section) = split(marker_stage);
    let Some((si, st)) = ev
        .stages()
        .iter()
        .enumerate()
        .find(|(_, s)| s.id == stage_id)
    else {
        return Vec::new();
    };
    let stage = KeyPath::root().key("stages").index(si);
    let (order, order_key) = match ev.tiebreaks_index(stage_id, section) {
        Some(i) => (
            ev.tiebreaks()
                .get(i)
                .map(|t| t.order.join(" "))
                .unwrap_or_default(),
            KeyPath::root().key("tiebreaks").index(i).key("order"),
        ),
        None => (String::new(), KeyPath::root().key("tiebreaks")),
    };
    let p = st.pairing.as_ref();
    let pairing = stage.key("pairing");
    let values = [
        (order, order_key),
        (
            st.numbers()
                .map(|n| kebab(&format!("{n:?}")))
                .unwrap_or_default(),
            pairing.key("numbers"),
        ),
        (
            p.is_some_and(|p| p.avoid_same_unit).to_string(),
            pairing.key("avoid_same_unit"),
        ),
        (
            p.and_then(|p| p.max_same_colour_run)
                .map(|n| n.to_string())
                .unwrap_or_default(),
            pairing.key("max_same_colour_run"),
        ),
        (
            kebab(&format!(
                "{:?}",
                p.and_then(|p| p.unrated).unwrap_or(UnratedOrder::Pinyin)
            )),
            pairing.key("unrated"),
        ),
        (
            st.bye
                .as_ref()
                .map(|b| b.points.to_string())
                .unwrap_or_default(),
            stage.key("bye").key("points"),
        ),
        (
            kebab(&format!(
                "{:?}",
                p.and_then(|p| p.three_in_a_row)
                    .unwrap_or(super::ThreeInARow::Never)
            )),
            pairing.key("three_in_a_row"),
        ),
        (
            kebab(&format!(
                "{:?}",
                p.and_then(|p| p.forfeit_rematch)
                    .unwrap_or(super::ForfeitRematch::Allowed)
            )),
            pairing.key("forfeit_rematch"),
        ),
    ];
    NAMES
        .iter()
        .zip(values)
        .map(|(name, (value, key))| Setting { name, value, key })
        .collect()
}

/// The rows a round workbook of `marker_stage` records: (name, value), in record order.
pub fn in_force(ev: &Event, marker_stage: &str) -> Vec<(String, String)> {
    settings(ev, marker_stage)
        .into_iter()
        .filter(|s| !RECORDED_IF_SET.contains(&(s.name, s.value.as_str())))
        .map(|s| (s.name.to_string(), s.value))
        .collect()
}

/// What a workbook recorded, with the defaults of the settings it leaves out
/// ([`RECORDED_IF_SET`]); nothing for a workbook written before settings were recorded.
fn recorded(rows: &[(String, String)]) -> Vec<(String, String)> {
    let mut out = rows.to_vec();
    if !rows.is_empty() {
        for (name, default) in RECORDED_IF_SET {
            if !rows.iter().any(|(n, _)| n == name) {
                out.push((name.to_string(), default.to_string()));
            }
        }
    }
    out
}

/// The `setting-changed` ruling for a setting of a marker's stage, with its index: `setting`
/// the name (or the full key), `stage` absent or naming the stage or the section.
fn ruling(ev: &Event, marker_stage: &str, s: &Setting) -> Option<(usize, u32)> {
    let key = s.key.to_string();
    ev.rulings().iter().enumerate().find_map(|(i, r)| {
        let named = r
            .setting
            .as_deref()
            .map(str::trim)
            .is_some_and(|n| n == s.name || n == key);
        let here = r.stage.as_deref().is_none_or(|st| {
            let st = st.trim();
            st == marker_stage || marker_stage.split(':').any(|part| part == st)
        });
        (r.decision == Decision::SettingChanged && named && here).then_some((i, r.round?))
    })
}

/// Compares what each round workbook recorded with `event.toml`: every changed setting
/// without a ruling, or with a ruling whose round is not after every round paired under the
/// old value, is an error at its key (one per key, at the first round that shows it).
///
/// # Errors
///
/// [`EventError::Invalid`] (or several) naming the key and its line.
pub fn check_in_force(ev: &Event, sheets: &[RoundSheet]) -> Result<(), EventError> {
    let mut order: Vec<&RoundSheet> = sheets.iter().filter(|s| !s.settings.is_empty()).collect();
    order.sort_by(|a, b| (&a.marker.stage, a.marker.round).cmp(&(&b.marker.stage, b.marker.round)));
    let mut problems: Vec<(KeyPath, String)> = Vec::new();
    for sheet in order {
        let (stage, round) = (sheet.marker.stage.as_str(), sheet.marker.round);
        let now = settings(ev, stage);
        for (name, then) in &recorded(&sheet.settings) {
            let Some(s) = now.iter().find(|s| s.name == name) else {
                continue;
            };
            if s.value == *then {
                continue;
            }
            let (key, message) = match ruling(ev, stage, s) {
                Some((_, from)) if from > round => continue,
                Some((i, from)) => (
                    KeyPath::root().key("rulings").index(i).key("round"),
                    format!(
                        "第{round}轮（{file}）编排时 {name} 为 “{then}”，裁定却自第{from}轮起改为 “{now}”：生效轮次须晚于按原设定编排的各轮 \
                         (round {round} ({file}) was paired with {name} = {then:?}; the ruling puts {now:?} in force from round {from}: the round must come after every round paired under the old value)",
                        file = sheet.file,
                        now = s.value,
                    ),
                ),
                None => (
                    s.key.clone(),
                    format!(
                        "第{round}轮（{file}）编排时 {name} 为 “{then}”，现为 “{now}”：赛中更改须由裁判长在 event.toml 中裁定 \
                         [[rulings]] decision = \"setting-changed\", setting = \"{name}\", round = N（自第N轮起生效），否则请改回 \
                         (round {round} ({file}) was paired with {name} = {then:?}, now {now:?}: a change during the event needs the arbiter's ruling \
                         [[rulings]] decision = \"setting-changed\", setting = \"{name}\", round = N (in force from round N), or the old value back)",
                        file = sheet.file,
                        now = s.value,
                    ),
                ),
            };
            if !problems.iter().any(|(k, _)| *k == key) {
                problems.push((key, message));
            }
        }
    }
    let doc = toml::de::DeTable::parse(&ev.text).ok();
    let all: Vec<EventError> = problems
        .into_iter()
        .map(|(key, message)| {
            let offset = doc
                .as_ref()
                .and_then(|d| error::span_of(d.get_ref(), &key))
                .map(|s| s.start);
            let (line, column) = offset.map_or((0, 0), |o| error::line_col(&ev.text, o));
            EventError::Invalid {
                path: EVENT_FILE.into(),
                key: key.to_string(),
                line,
                column,
                message,
            }
        })
        .collect();
    match <[EventError; 1]>::try_from(all) {
        Ok([one]) => Err(one),
        Err(all) if all.is_empty() => Ok(()),
        Err(all) => Err(EventError::Several(all)),
    }
}

/// A `setting-changed` ruling names a setting bianpai records and the round it is in force
/// from (2 or later: round 1 is paired under what the file says); `setting` belongs to no
/// other ruling.
pub(super) fn validate(ev: &RawEvent, f: &mut Found) {
    for (i, r) in ev.rulings.iter().enumerate() {
        let p = KeyPath::root().key("rulings").index(i);
        if r.decision == Decision::ResultChanged && r.round.unwrap_or(0) == 0 {
            f.fail(
                p.key("round"),
                "更改成绩的裁定须写明该成绩的轮次（round = N）",
                "a result-changed ruling names the round of the result (round = N)",
            );
        }
        if r.decision != Decision::SettingChanged {
            if r.setting.is_some() {
                f.fail(
                    p.key("setting"),
                    "setting 只用于 decision = \"setting-changed\"",
                    "setting is for decision = \"setting-changed\" only",
                );
            }
            continue;
        }
        let name = r.setting.as_deref().map(str::trim).unwrap_or_default();
        let full = |n: &str| {
            n.starts_with("tiebreaks[") && n.ends_with("].order")
                || n.starts_with("stages[")
                    && NAMES.iter().skip(1).any(|k| n.ends_with(&format!("].{k}")))
        };
        if !NAMES.contains(&name) && !full(name) {
            f.fail(
                p.key("setting"),
                &format!("更改设定的裁定须写明 setting，可用：{}", NAMES.join("、")),
                &format!(
                    "a setting-changed ruling names its setting, one of {}",
                    NAMES.join(", ")
                ),
            );
        } else if r.round.unwrap_or(0) < 2 {
            f.fail(
                p.key("round"),
                "更改设定的裁定须写明自第几轮起生效（round = N，N ≥ 2）",
                "a setting-changed ruling names the round it is in force from (round = N, N >= 2)",
            );
        }
    }
}
