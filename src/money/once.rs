//! Everyone is booked once: a person entered twice (by two teams, or twice by one team, as
//! 领队 and as a player, or on two rows of a room sheet) gets one stay, with the team whose
//! room sheet asks for him, else where he was entered first (teams in roster order, members in
//! delegation order); each other entry is named by `room.double-entry` with both cells and is
//! not booked or billed.
//!
//! The same person: the same valid ID number, or the same name and full birth date (as
//! `person.duplicate` judges entries), or, within one team, the same name unless both entries
//! carry ID numbers that differ.

use std::collections::HashMap;

use crate::findings::{Code, Finding, Source};
use crate::model::roster::{DatePrecision, Person};

/// Where a person was first booked.
#[derive(Debug, Clone)]
struct First {
    /// The team's unit, as printed.
    team: String,
    /// The entry's name cell.
    source: Source,
    /// Its ID number, when it has one.
    id: Option<String>,
}

/// The people booked so far, over every team.
#[derive(Debug, Default)]
pub struct Booked {
    /// `id:<number>` or `nb:<name key>:<birth day>` → the first entry.
    by_key: HashMap<String, First>,
    /// (unit key, name key) → the entries of that name in that team.
    by_name: HashMap<(String, String), Vec<First>>,
}

/// One entry to book: its team, name, cell and identity.
pub(super) struct Entry<'a> {
    /// The team's unit key.
    pub unit_key: &'a str,
    /// The team's unit, as printed.
    pub unit: &'a str,
    /// The name key (empty: no name, never matched).
    pub name_key: &'a str,
    /// The name as shown.
    pub name: &'a str,
    /// The entry's name cell.
    pub source: Source,
    /// ID number.
    pub id: Option<String>,
    /// Full birth date.
    pub birth: Option<jiff::civil::Date>,
}

impl<'a> Entry<'a> {
    /// A team member's entry.
    pub(super) fn member(unit_key: &'a str, unit: &'a str, p: &'a Person) -> Self {
        Entry {
            unit_key,
            unit,
            name_key: p.name.as_ref().map_or("", |n| n.value.key.as_str()),
            name: p.display_name(),
            source: p
                .name
                .as_ref()
                .map(|n| n.source.clone())
                .unwrap_or_default(),
            id: p.id.as_ref().map(|i| i.value.number.clone()),
            birth: p
                .birth
                .as_ref()
                .filter(|b| b.value.precision == DatePrecision::Day)
                .map(|b| b.value.date),
        }
    }

    fn keys(&self) -> Vec<String> {
        let mut keys = Vec::new();
        if let Some(id) = &self.id {
            keys.push(format!("id:{id}"));
        }
        if let Some(b) = self.birth.filter(|_| !self.name_key.is_empty()) {
            keys.push(format!("nb:{}:{b}", self.name_key));
        }
        keys
    }
}

impl Booked {
    /// Books `e` ahead of the teams' lodging, where its team's room sheet asks for it: a
    /// person entered twice is booked with the team that asked a room for him. A second claim
    /// of the same person is left to the lodging, which names it.
    pub(super) fn claim(&mut self, e: &Entry) {
        let _ = self.book(e);
    }

    /// Books `e` unless the same person is booked already: then the `room.double-entry`
    /// finding naming both entries, and `e` is not booked.
    pub(super) fn book(&mut self, e: &Entry) -> Option<Finding> {
        let keys = e.keys();
        let earlier = keys.iter().find_map(|k| self.by_key.get(k)).or_else(|| {
            if e.name_key.is_empty() {
                return None;
            }
            let same = self
                .by_name
                .get(&(e.unit_key.to_string(), e.name_key.to_string()))?;
            same.iter().find(|f| match (&f.id, &e.id) {
                (Some(a), Some(b)) => a == b,
                _ => true,
            })
        });
        match earlier {
            // The entry itself, claimed by its room request ([`Booked::claim`]).
            Some(first) if first.source == e.source && first.team == e.unit => return None,
            Some(first) => return Some(double_entry(first, e)),
            None => {}
        }
        let first = First {
            team: e.unit.to_string(),
            source: e.source.clone(),
            id: e.id.clone(),
        };
        for k in keys {
            self.by_key.entry(k).or_insert_with(|| first.clone());
        }
        if !e.name_key.is_empty() {
            self.by_name
                .entry((e.unit_key.to_string(), e.name_key.to_string()))
                .or_default()
                .push(first);
        }
        None
    }
}

/// `room.double-entry` at the later entry's cell, naming the first.
fn double_entry(first: &First, e: &Entry) -> Finding {
    let (zh_where, en_where) = if first.team == e.unit {
        (
            format!("本队（{}）", first.source),
            format!("this team ({})", first.source),
        )
    } else {
        (
            format!("{}（{}）", first.team, first.source),
            format!("{} ({})", first.team, first.source),
        )
    };
    let f = Finding::new(
        Code::RoomDoubleEntry,
        e.source.clone(),
        format!(
            "{}重复登记：已在{zh_where}安排食宿，{}处的重复登记不再预订、不计费",
            e.name, e.source
        ),
        format!(
            "{} is entered twice: lodged with {en_where}; the entry at {} is not booked or billed",
            e.name, e.source
        ),
    )
    .team(e.unit);
    if e.name.is_empty() {
        f
    } else {
        f.person(e.name)
    }
}
