//! Team names and their aliases (`[[teams]]` in `event.toml`): the name a team is known by in
//! the event's outputs, and the other names organizers and forms use for it.
//!
//! ```toml
//! [[teams]]
//! name = "广东队"
//! aliases = ["广东省象棋协会"]
//! ```
//!
//! A team is recognised by its unit key, its form's team name, or an alias: a form entered as
//! `广东省象棋协会` is the team `广东队` everywhere (standings, round workbooks, bills), and a
//! seeding list, a ruling or a round workbook naming it either way names that team. Names are
//! compared by [`crate::normalize::unit_key`] (spaces, width and case ignored, `（盖章）`
//! dropped).

use serde::Deserialize;

use super::error::{KeyPath, span_of};
use super::validate::{Found, root};
use super::{EVENT_FILE, Event, EventError, RawEvent};
use crate::model::roster::Roster;
use crate::normalize::unit_key;

/// One team's name and the other names it goes by.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamNames {
    /// The name the event uses for the team.
    pub name: String,
    /// Other names of the team (its form's unit, a federation's full name).
    #[serde(default)]
    pub aliases: Vec<String>,
}

impl RawEvent {
    /// The `[[teams]]` name of the team `typed` names (its name or one of its aliases); `None`
    /// when no `[[teams]]` entry knows it.
    pub fn team_alias(&self, typed: &str) -> Option<&str> {
        let k = unit_key(typed);
        if k.is_empty() {
            return None;
        }
        self.teams
            .iter()
            .find(|t| unit_key(&t.name) == k || t.aliases.iter().any(|a| unit_key(a) == k))
            .map(|t| t.name.as_str())
    }

    /// `typed` as the event names the team: the `[[teams]]` name of an alias, else `typed`.
    pub fn team_name<'a>(&'a self, typed: &'a str) -> &'a str {
        self.team_alias(typed).unwrap_or(typed)
    }
}

impl Event {
    /// The unit key of the team `typed` names, aliases resolved.
    pub fn team_key(&self, typed: &str) -> String {
        unit_key(self.team_name(typed))
    }
}

/// Every name and alias of `[[teams]]` names one team only, and none is empty.
pub(super) fn check(ev: &RawEvent, f: &mut Found) {
    let mut seen: Vec<(String, usize)> = Vec::new();
    for (i, t) in ev.teams.iter().enumerate() {
        let p = root("teams").index(i);
        let names = std::iter::once((p.key("name"), &t.name))
            .chain((t.aliases.iter().enumerate()).map(|(j, a)| (p.key("aliases").index(j), a)));
        for (path, name) in names {
            let k = unit_key(name);
            if k.is_empty() {
                f.fail(path, "队名不能为空", "a team name must not be empty");
            } else if seen.iter().any(|(s, o)| *s == k && *o != i) {
                f.fail(
                    path,
                    &format!("“{name}”已是另一队的名称或别名"),
                    "this name already names another team",
                );
            } else {
                seen.push((k, i));
            }
        }
    }
}

/// Rewrites the team names the organizer typed in `event.toml` (`[draw] public_numbers`,
/// `[[rulings]] team`) to the `[[teams]]` names, and records each seeding name's line.
pub(super) fn resolve(ev: &mut RawEvent, text: &str, doc: &toml::de::DeTable<'_>) {
    let at = (0..ev.draw.public_numbers.len())
        .map(|i| {
            let path = root("draw").key("public_numbers").index(i);
            span_of(doc, &path).map_or((0, 0), |s| super::error::line_col(text, s.start))
        })
        .collect();
    ev.draw.at = at;
    if ev.teams.is_empty() {
        return;
    }
    let names: Vec<String> = (ev.draw.public_numbers.iter())
        .map(|n| ev.team_name(n).to_string())
        .collect();
    ev.draw.public_numbers = names;
    let teams: Vec<Option<String>> = (ev.rulings.iter())
        .map(|r| r.team.as_deref().map(|t| ev.team_name(t).to_string()))
        .collect();
    for (r, t) in ev.rulings.iter_mut().zip(teams) {
        r.team = t;
    }
}

/// Gives each team of the roster that `[[teams]]` knows by another name its `[[teams]]` name
/// (the form's cell stays its source).
pub fn rename(event: &Event, roster: &mut Roster) {
    for t in &mut roster.teams {
        if let Some(name) = event.raw.team_alias(&t.unit.value) {
            t.unit.value = name.to_string();
            t.unit_key = unit_key(name);
        }
    }
}

/// Each name of the seeding list (`[draw] public_numbers`) names a team of the roster: an
/// unknown name is an `event.toml` error at its line, before anything is paired. Not checked
/// while no team has entered.
///
/// # Errors
///
/// [`EventError::Invalid`] (one) or [`EventError::Several`] naming `draw.public_numbers[i]`.
pub fn check_seeding(event: &Event, roster: &Roster) -> Result<(), EventError> {
    if roster.teams.is_empty() {
        return Ok(());
    }
    let mut all: Vec<EventError> = Vec::new();
    for (i, name) in event.draw().public_numbers.iter().enumerate() {
        let k = event.team_key(name);
        if roster.teams.iter().any(|t| t.unit_key == k) {
            continue;
        }
        let (line, column) = event.draw().at.get(i).copied().unwrap_or((0, 0));
        all.push(EventError::Invalid {
            path: EVENT_FILE.into(),
            key: KeyPath::root()
                .key("draw")
                .key("public_numbers")
                .index(i)
                .to_string(),
            line,
            column,
            message: format!(
                "“{name}”不是参赛队：请改为报名表上的队名，或在 [[teams]] 中把它写作该队的别名 \
                 ({name:?} is no team of the event: use the name on its form, or list it \
                 under [[teams]] aliases)"
            ),
        });
    }
    match <[EventError; 1]>::try_from(all) {
        Ok([one]) => Err(one),
        Err(all) if all.is_empty() => Ok(()),
        Err(all) => Err(EventError::Several(all)),
    }
}
