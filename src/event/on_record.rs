//! The manual interventions on record (issue 47): the arbiter's rulings that change what a
//! round is or how it is read — a pairing confirmed as played (`pairing-confirmed`), a setting
//! changed during the event (`setting-changed`), a result changed after a later round was
//! paired from it (`result-changed`) — each with its round and note, as the
//! exported TRF writes them (`###` comment lines) and the results book lists them (裁定记录).

use super::{Decision, Event, Ruling};
use crate::Lang;

/// One intervention on record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Intervention {
    /// The round it concerns (a confirmed pairing's round; the first round a changed setting
    /// is in force for).
    pub round: u32,
    /// The stage or section the ruling names (empty: every one).
    pub stage: String,
    /// What was decided.
    pub decision: Decision,
    /// The setting changed (`setting-changed`), else empty.
    pub setting: String,
    /// The clause applied.
    pub clause: String,
    /// The arbiter's note.
    pub note: String,
    /// The ruling's line in `event.toml`.
    pub line: usize,
}

impl Intervention {
    fn of(r: &Ruling) -> Option<Intervention> {
        let kept = matches!(
            r.decision,
            Decision::PairingConfirmed | Decision::SettingChanged | Decision::ResultChanged
        );
        kept.then(|| Intervention {
            round: r.round.unwrap_or(0),
            stage: r.stage.clone().unwrap_or_default(),
            decision: r.decision,
            setting: r.setting.clone().unwrap_or_default(),
            clause: r.clause.clone().unwrap_or_default(),
            note: r.note.clone().unwrap_or_default(),
            line: r.line,
        })
    }

    /// What was done, in words.
    pub fn what(&self, lang: Lang) -> String {
        match (self.decision, lang) {
            (Decision::SettingChanged, Lang::Zh) => format!("更改设定 {}", self.setting),
            (Decision::SettingChanged, Lang::En) => format!("setting {} changed", self.setting),
            (Decision::ResultChanged, Lang::Zh) => "更改已编排后续轮次的成绩".to_string(),
            (Decision::ResultChanged, Lang::En) => "result changed after pairing".to_string(),
            (_, Lang::Zh) => "确认手工改动的对阵".to_string(),
            (_, Lang::En) => "manual pairing confirmed".to_string(),
        }
    }

    /// The `###` comment line of the TRF (English, as the rest of the report).
    pub fn trf_comment(&self) -> String {
        let what = match self.decision {
            Decision::SettingChanged => format!("setting-changed {}", self.setting),
            Decision::ResultChanged => "result-changed".to_string(),
            _ => "pairing-confirmed".to_string(),
        };
        let mut s = format!(
            "### round {}: {what} (event.toml line {})",
            self.round, self.line
        );
        if !self.clause.is_empty() {
            s.push_str(&format!(" [{}]", self.clause));
        }
        if !self.note.is_empty() {
            s.push_str(&format!(": {}", self.note));
        }
        s.replace(['\r', '\n'], " ")
    }
}

/// Every intervention of the event, in the order of `event.toml`.
pub fn interventions(ev: &Event) -> Vec<Intervention> {
    ev.rulings().iter().filter_map(Intervention::of).collect()
}

/// The interventions concerning a marker's stage (`swiss:open`, `regular`, `finals`): the
/// ruling's stage absent, or naming the stage or the section.
pub fn interventions_for(ev: &Event, marker_stage: &str) -> Vec<Intervention> {
    interventions(ev)
        .into_iter()
        .filter(|i| {
            let s = i.stage.trim();
            s.is_empty() || s == marker_stage || marker_stage.split(':').any(|part| part == s)
        })
        .collect()
}
