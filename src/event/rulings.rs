//! The arbiter's rulings (`[[rulings]]` in `event.toml`): what the chief arbiter or the
//! organizing committee decided about an entrant, a team or a round, so that the findings that
//! led to it have their consequence in the pairings, standings, prizes and bills.
//!
//! ```toml
//! [[rulings]]
//! person = "钟宇毅"            # or team = "广西八桂队" alone for a whole team
//! team = "江苏省象棋协会"
//! decision = "disqualified"    # or "cleared"; "bye-half" / "bye-zero" with round = N;
//!                              # "setting-changed" with setting = "tiebreaks.order", round = N;
//!                              # "walkover" (team = the team that goes through a bracket match);
//!                              # "withdrawn" with round = N (not paired from round N on)
//! clause = "规程 七(四)"
//! note = "具有象棋大师称号"
//! ```

use serde::Deserialize;

/// One ruling.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ruling {
    /// The person ruled on (with `team`, which of that name); absent for a whole team or a round.
    #[serde(default)]
    pub person: Option<String>,
    /// The team (delegation) ruled on, or the person's team.
    #[serde(default)]
    pub team: Option<String>,
    /// The stage of a round ruling (the stage being played when absent).
    #[serde(default)]
    pub stage: Option<String>,
    /// The setting a `setting-changed` ruling concerns, as the refusal names it
    /// (`tiebreaks.order`, `pairing.unrated`, `bye.points`, ...).
    #[serde(default)]
    pub setting: Option<String>,
    /// The round a ruling concerns (`pairing-confirmed`), or the first round a changed setting
    /// is in force for (`setting-changed`).
    #[serde(default)]
    pub round: Option<u32>,
    /// What was decided.
    pub decision: Decision,
    /// The clause of the regulation applied.
    #[serde(default)]
    pub clause: Option<String>,
    /// The arbiter's note.
    #[serde(default)]
    pub note: Option<String>,
    /// The 1-based line of the `[[rulings]]` header in `event.toml` (0 when unknown).
    #[serde(skip)]
    pub line: usize,
}

/// What a ruling decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Decision {
    /// The findings on the person or team are information, no longer blocking.
    Cleared,
    /// The entrant or team leaves the ranking (results already played stand for the opponents);
    /// the places below move up, prizes follow; not paired in later rounds.
    Disqualified,
    /// The arbiter confirms a round workbook's pairing that differs from the one bianpai wrote.
    PairingConfirmed,
    /// The arbiter accepts a change of a pairing or tie-break setting (`setting`) in
    /// `event.toml` after rounds were paired under the old one, in force from `round` on.
    SettingChanged,
    /// The arbiter accepts a result of `round` changed after a later round was paired from it.
    ResultChanged,
    /// A half-point bye (H) the player requested for `round` (an individual chess Swiss).
    ByeHalf,
    /// A zero-point bye (Z) the player requested for `round` (an individual chess Swiss).
    ByeZero,
    /// The chief arbiter's walkover in a knockout bracket (`team` = the team that goes
    /// through): the team's open bracket match whose other side is gone (a team disqualified
    /// or a seed left empty) is won by this team without play.
    Walkover,
    /// The person or team withdraws (退赛), as the arbiter rules: not paired from `round` on;
    /// the games played stay and the entrant stays in the ranking (a Swiss stage).
    Withdrawn,
}

/// Sets each ruling's `line` from the text: the n-th `[[rulings]]` header is the n-th ruling.
pub(super) fn locate(rulings: &mut [Ruling], text: &str) {
    let headers = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.trim_start().starts_with("[[rulings]]"))
        .map(|(i, _)| i + 1);
    for (r, line) in rulings.iter_mut().zip(headers) {
        r.line = line;
    }
}
