//! Who sleeps where: every person of a team with a hotel, a room type and dates, from the room
//! requests (食宿表) or the template's standard stay, grouped into rooms.
//!
//! Matching: a request belongs to the team member with the same name key; a request naming no
//! member is a person of its own (超编人员, 家长), counted as an extra person. Members without a
//! request get the standard stay (`accommodation.standard_stay`), or, when the event has none,
//! the first hotel's first shared room (first room otherwise) from arrival to departure (or to
//! the end of the covered period, or the last day).
//!
//! Rooms (filled by the private `booking` module, below this one): people naming each other as
//! roommates share a room; the others of the same hotel, room type and sex fill rooms in order,
//! requested stays first. A person who asked for a shared room and is left alone in it is
//! charged the empty beds ([`Lodging::alone`]).
//!
//! Findings (warnings, with the source cell; not in SPEC §8):
//! - `room.unknown-hotel`: the hotel cell names no hotel of `event.toml`;
//! - `room.unknown-type`: the room type cell names no room of that hotel;
//! - `room.dates-outside`: check-in before arrival (else the first day) or check-out after
//!   departure (else the day after the last day);
//! - `room.dates-invalid`: check-out not after check-in;
//! - `room.twin-alone`: one person in a shared room;
//! - `room.twin-mixed`: a shared room holds people of different sex who are not marked as one
//!   family (the same non-empty 备注 on both entries, or a roommate cell naming a relation);
//! - `room.no-team`: a request that could not be attached to any team (requests of a superseded
//!   form, or repeating a name already attached, are dropped silently).

use jiff::civil::Date;

use crate::event::{Accommodation, Event};
use crate::findings::{Code, Finding, Findings};
use crate::model::roster::{Person, Role, RoomRequest, Roster, Team};

// The lodging vocabulary lives in `booking`, below this module; it is named from here
// (`money::rooms::Lodging`) as before.
pub(crate) use super::booking::days_between;
pub use super::booking::{BookedRoom, Lodging, TeamLodging};
use super::booking::{form_rooms, warn};
use super::once::{Booked, Entry};

/// The dates a stay defaults to: (check-in, check-out).
fn default_dates(event: &Event, acc: &Accommodation) -> (Date, Date) {
    let arrival = event.dates().arrival.unwrap_or(event.dates().start);
    if let Some(st) = &acc.standard_stay {
        let ci = st.check_in.unwrap_or(arrival);
        let co = ci
            .checked_add(jiff::Span::new().days(i64::from(st.days)))
            .unwrap_or(ci);
        return (ci, co);
    }
    let co = event
        .dates()
        .departure
        .or_else(|| acc.covered.as_ref().map(|c| c.to))
        .unwrap_or(event.dates().end);
    (arrival, co)
}

/// The default hotel and room: the standard stay's, else the first hotel's first shared room.
fn default_room(acc: &Accommodation) -> Option<(usize, usize)> {
    if let Some(st) = &acc.standard_stay {
        let h = acc.hotels.iter().position(|h| h.id == st.hotel)?;
        let r = acc
            .hotels
            .get(h)?
            .rooms
            .iter()
            .position(|r| r.id == st.room)?;
        return Some((h, r));
    }
    let h = acc.hotels.first()?;
    let r = h.rooms.iter().position(|r| r.persons >= 2).unwrap_or(0);
    h.rooms.get(r).map(|_| (0, r))
}

/// The hotel a cell names: its id, name or short name, or a text containing one of them.
fn match_hotel(acc: &Accommodation, text: &str) -> Option<usize> {
    let t = text.trim();
    acc.hotels.iter().position(|h| {
        h.id == t
            || h.name == t
            || h.short.as_deref() == Some(t)
            || t.contains(h.label())
            || h.name.contains(t) && !t.is_empty()
    })
}

/// Persons per room a room type text implies (标准间 = 2), when it is one of the usual words.
fn persons_of(text: &str) -> Option<u32> {
    const TWIN: [&str; 5] = ["双人", "标准间", "标间", "双床", "twin"];
    const SINGLE: [&str; 4] = ["单人", "单间", "大床", "single"];
    let t = text.trim().to_lowercase();
    if TWIN.iter().any(|w| t.contains(w)) {
        Some(2)
    } else if SINGLE.iter().any(|w| t.contains(w)) {
        Some(1)
    } else {
        None
    }
}

/// The room of hotel `h` a cell names: its id or name, else by the persons the word implies.
fn match_room(acc: &Accommodation, h: usize, text: &str) -> Option<usize> {
    let hotel = acc.hotels.get(h)?;
    let t = text.trim();
    hotel
        .rooms
        .iter()
        .position(|r| r.id == t || r.name == t)
        .or_else(|| {
            let n = persons_of(t)?;
            hotel.rooms.iter().position(|r| r.persons == n)
        })
}

/// Team members in delegation order with whether they are official members.
fn members(team: &Team) -> Vec<(&Person, bool)> {
    let mut v: Vec<(&Person, bool)> = Vec::new();
    if let Some(p) = &team.leader {
        v.push((p, true));
    }
    if let Some(p) = &team.coach {
        v.push((p, true));
    }
    for p in &team.players {
        v.push((p, true));
    }
    for p in &team.staff {
        v.push((p, false));
    }
    v
}

/// Resolves the stays of one team and groups them into rooms; problems go to `findings`.
///
/// Returns an empty lodging when the event has no hotels.
pub fn lodge(event: &Event, team: &Team, findings: &mut Findings) -> TeamLodging {
    lodge_once(event, team, &mut Booked::default(), findings)
}

/// [`lodge`], booking nobody already in `booked` (a person another team, or this one,
/// entered before): each such entry is `room.double-entry`.
pub fn lodge_once(
    event: &Event,
    team: &Team,
    booked: &mut Booked,
    findings: &mut Findings,
) -> TeamLodging {
    let mut out = TeamLodging::default();
    let Some(acc) = event.accommodation() else {
        return out;
    };
    let Some(fallback) = default_room(acc) else {
        return out;
    };
    // A team without a room request is booked what `without_request` says: the standard
    // arrangement, or nothing.
    if !acc.books_without_request() && team.rooms.iter().all(is_blank) {
        out.no_request = true;
        return out;
    }
    let (d_in, d_out) = default_dates(event, acc);
    let unit = team.unit.value.as_str();
    let mut used = vec![false; team.rooms.len()];
    let mut remarks: Vec<Option<String>> = Vec::new();
    let mut roommates: Vec<Option<String>> = Vec::new();
    for (person, official) in members(team) {
        let key = person.name.as_ref().map(|n| n.value.key.clone());
        let req = key.as_ref().and_then(|k| {
            team.rooms.iter().enumerate().position(|(i, r)| {
                !used.get(i).copied().unwrap_or(true)
                    && r.name.as_ref().is_some_and(|n| &n.value.key == k)
            })
        });
        if let Some(u) = req.and_then(|i| used.get_mut(i)) {
            *u = true;
        }
        if let Some(f) = booked.book(&Entry::member(&team.unit_key, unit, person)) {
            findings.push(f);
            continue;
        }
        let sex = person
            .sex
            .as_ref()
            .map(|s| s.value)
            .or_else(|| person.id.as_ref().and_then(|i| i.value.sex()));
        let l = Lodging {
            name: person.display_name().to_string(),
            role: person.role(),
            sex,
            official,
            hotel: fallback.0,
            room: fallback.1,
            check_in: d_in,
            check_out: d_out,
            requested: false,
            source: None,
            room_no: 0,
            alone: false,
        };
        let req = req.and_then(|i| team.rooms.get(i));
        remarks.push(person.remarks.as_ref().map(|r| r.value.clone()));
        roommates.push(
            req.and_then(|r| r.roommate.as_ref())
                .map(|r| r.value.clone()),
        );
        out.people.push(match req {
            Some(r) => apply_request(event, acc, l, r, unit, findings),
            None => l,
        });
    }
    // Requests naming nobody of the team: extra people.
    for (i, r) in team.rooms.iter().enumerate() {
        if used.get(i).copied().unwrap_or(true) || is_blank(r) {
            continue;
        }
        if let Some(f) = booked.book(&request_entry(team, r)) {
            findings.push(f);
            continue;
        }
        let l = Lodging {
            name: r
                .name
                .as_ref()
                .map(|n| n.value.display.clone())
                .unwrap_or_default(),
            role: r.role.as_ref().map_or(Role::Staff, |x| x.value),
            sex: r.sex.as_ref().map(|s| s.value),
            official: false,
            hotel: fallback.0,
            room: fallback.1,
            check_in: d_in,
            check_out: d_out,
            requested: false,
            source: None,
            room_no: 0,
            alone: false,
        };
        remarks.push(None);
        roommates.push(r.roommate.as_ref().map(|x| x.value.clone()));
        out.people
            .push(apply_request(event, acc, l, r, unit, findings));
    }
    form_rooms(acc, &mut out, &roommates, &remarks, unit, findings);
    out
}

/// Claims in `booked` the members of `team` its room sheet names (see [`Booked::claim`]), when
/// the event books rooms.
pub(crate) fn claim_requested(event: &Event, team: &Team, booked: &mut Booked) {
    if event.accommodation().and_then(default_room).is_none() {
        return;
    }
    let unit = team.unit.value.as_str();
    for (person, _) in members(team) {
        let Some(key) = person.name.as_ref().map(|n| n.value.key.as_str()) else {
            continue;
        };
        if team
            .rooms
            .iter()
            .any(|r| r.name.as_ref().is_some_and(|n| n.value.key == key))
        {
            booked.claim(&Entry::member(&team.unit_key, unit, person));
        }
    }
}

/// The entry of a request row naming nobody of the team (an extra person): known by its name
/// within the team.
fn request_entry<'a>(team: &'a Team, r: &'a RoomRequest) -> Entry<'a> {
    Entry {
        unit_key: &team.unit_key,
        unit: &team.unit.value,
        name_key: r.name.as_ref().map_or("", |n| n.value.key.as_str()),
        name: r.name.as_ref().map_or("", |n| n.value.display.as_str()),
        source: r
            .name
            .as_ref()
            .map(|n| n.source.clone())
            .unwrap_or_default(),
        id: None,
        birth: None,
    }
}

fn is_blank(r: &RoomRequest) -> bool {
    r.name.is_none() && r.hotel.is_none() && r.room_type.is_none()
}

/// The stay a request asks for; unknown hotels and rooms fall back to the default with a finding.
fn apply_request(
    event: &Event,
    acc: &Accommodation,
    mut l: Lodging,
    r: &RoomRequest,
    unit: &str,
    findings: &mut Findings,
) -> Lodging {
    l.requested = true;
    l.source = r
        .name
        .as_ref()
        .map(|n| n.source.clone())
        .or_else(|| r.hotel.as_ref().map(|h| h.source.clone()));
    // The room sheet's own sex cell decides the room check when it is filled.
    if let Some(x) = &r.sex {
        l.sex = Some(x.value);
    }
    let who = l.name.clone();
    match &r.hotel {
        Some(h) => match match_hotel(acc, &h.value) {
            Some(i) => {
                if i != l.hotel {
                    l.hotel = i;
                    l.room = acc
                        .hotels
                        .get(i)
                        .and_then(|x| x.rooms.iter().position(|r| r.persons >= 2))
                        .unwrap_or(0);
                }
            }
            None => findings.push(warn(
                Code::RoomUnknownHotel,
                h.source.clone(),
                unit,
                &who,
                format!("酒店“{}”不在规程所列酒店中，按默认酒店计", h.value),
                format!(
                    "hotel \"{}\" is not one of the regulation's hotels; the default is used",
                    h.value
                ),
            )),
        },
        None if acc.hotels.len() > 1 => {}
        None => {}
    }
    if let Some(t) = &r.room_type {
        match match_room(acc, l.hotel, &t.value) {
            Some(i) => l.room = i,
            None => findings.push(warn(
                Code::RoomUnknownType,
                t.source.clone(),
                unit,
                &who,
                format!("房型“{}”不是该酒店的房型，按默认房型计", t.value),
                format!(
                    "room type \"{}\" is not a room of that hotel; the default is used",
                    t.value
                ),
            )),
        }
    }
    let lo = event.dates().arrival.unwrap_or(event.dates().start);
    let hi = event
        .dates()
        .departure
        .unwrap_or_else(|| event.dates().end.tomorrow().unwrap_or(event.dates().end));
    // A date a month or more away from the event is a year or month typed wrong (6025 for
    // 2025): not taken, or the team would be charged for years of nights.
    for (asked, kept, zh, en) in [
        (&r.check_in, &mut l.check_in, "入住日期", "check-in"),
        (&r.check_out, &mut l.check_out, "离店日期", "check-out"),
    ] {
        let Some(d) = asked else { continue };
        if crate::event::too_far(d.value, lo, hi) {
            findings.push(warn(
                Code::RoomDatesInvalid,
                d.source.clone(),
                unit,
                &who,
                format!(
                    "{zh} {} 距赛期（{lo} 至 {hi}）超过 {} 天，视为填写错误，按 {} 计",
                    d.value,
                    crate::event::MAX_DAYS_OUTSIDE,
                    kept
                ),
                format!(
                    "{en} {} is more than {} days from the event ({lo} to {hi}): taken as a \
                     typing error, {} is used",
                    d.value,
                    crate::event::MAX_DAYS_OUTSIDE,
                    kept
                ),
            ));
        } else {
            *kept = d.value;
        }
    }
    let src = r
        .check_in
        .as_ref()
        .map(|d| d.source.clone())
        .or_else(|| l.source.clone())
        .unwrap_or_default();
    if l.check_out <= l.check_in {
        findings.push(warn(
            Code::RoomDatesInvalid,
            src,
            unit,
            &who,
            format!(
                "离店日期 {} 不晚于入住日期 {}，按0晚计",
                l.check_out, l.check_in
            ),
            format!(
                "check-out {} is not after check-in {}; no night is charged",
                l.check_out, l.check_in
            ),
        ));
    } else if l.check_in < lo || l.check_out > hi {
        let src = if l.check_in < lo {
            src
        } else {
            r.check_out
                .as_ref()
                .map(|d| d.source.clone())
                .unwrap_or(src)
        };
        findings.push(warn(
            Code::RoomDatesOutside,
            src,
            unit,
            &who,
            format!(
                "入住 {} 至 {} 超出赛期（{} 至 {}），按所填日期计费",
                l.check_in, l.check_out, lo, hi
            ),
            format!(
                "stay {} to {} is outside the event ({} to {}); charged as requested",
                l.check_in, l.check_out, lo, hi
            ),
        ));
    }
    l
}

/// `room.no-team` for every request that could not be attached to a team.
pub(crate) fn unattached(roster: &Roster, findings: &mut Findings) {
    // Requests of a superseded form or an identical copy repeat rows already attached to a team.
    let attached: Vec<&str> = roster
        .teams
        .iter()
        .flat_map(|t| t.rooms.iter())
        .filter_map(|r| r.name.as_ref().map(|n| n.value.key.as_str()))
        .collect();
    for r in &roster.unattached_rooms {
        let file = r.name.as_ref().map(|n| &*n.source.file);
        let superseded = file.is_some_and(|f| roster.superseded.iter().any(|(_, old)| old == f));
        let repeated = r
            .name
            .as_ref()
            .is_some_and(|n| attached.contains(&n.value.key.as_str()));
        if is_blank(r) || superseded || repeated {
            continue;
        }
        let who = r
            .name
            .as_ref()
            .map(|n| n.value.display.clone())
            .unwrap_or_default();
        let src = r
            .name
            .as_ref()
            .map(|n| n.source.clone())
            .or_else(|| r.hotel.as_ref().map(|h| h.source.clone()))
            .unwrap_or_default();
        let f = Finding::new(
            Code::RoomNoTeam,
            src,
            format!("食宿申请（{who}）找不到所属参赛队，未计入费用"),
            format!("room request ({who}) belongs to no team; not costed"),
        );
        findings.push(if who.is_empty() { f } else { f.person(who) });
    }
}
