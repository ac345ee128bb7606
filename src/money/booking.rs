//! Stays and the rooms they are booked into: the vocabulary of a team's lodging ([`Lodging`],
//! [`BookedRoom`], [`TeamLodging`]) and filling rooms from stays. Named roommates share a room,
//! the rest fill rooms by hotel, room type and sex in order (requested stays first);
//! `room.twin-alone` and `room.twin-mixed` are raised here.
//!
//! This is the bottom of the lodging code: `rooms` resolves who stays where from the
//! room requests and calls [`form_rooms`]; nothing here reads a request or calls `rooms`.

use jiff::civil::Date;

use crate::event::{Accommodation, LonePricing};
use crate::findings::{Code, Finding, Findings, Source};
use crate::model::Sex;
use crate::model::roster::Role;
use crate::normalize::{clean_name, name_key};

/// One person's stay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lodging {
    /// Name as shown.
    pub name: String,
    /// Role in the delegation.
    pub role: Role,
    /// Sex, when known.
    pub sex: Option<Sex>,
    /// An official member (leader, coach, entered player) rather than an extra person.
    pub official: bool,
    /// Index of the hotel in `accommodation.hotels`.
    pub hotel: usize,
    /// Index of the room type in that hotel's rooms.
    pub room: usize,
    /// Check-in day.
    pub check_in: Date,
    /// Check-out day.
    pub check_out: Date,
    /// From a room request (false: the standard stay).
    pub requested: bool,
    /// The request row's name cell.
    pub source: Option<Source>,
    /// Index of the room in [`TeamLodging::rooms`].
    pub room_no: usize,
    /// Alone in a shared room that was asked for: the empty beds are charged too.
    pub alone: bool,
}

impl Lodging {
    /// Nights from check-in to check-out (0 when the dates are reversed).
    pub fn nights(&self) -> i64 {
        days_between(self.check_in, self.check_out)
    }
}

/// One room booked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookedRoom {
    /// Hotel index.
    pub hotel: usize,
    /// Room type index.
    pub room: usize,
    /// Indexes of the occupants in [`TeamLodging::people`].
    pub occupants: Vec<usize>,
    /// First night.
    pub check_in: Date,
    /// Day after the last night.
    pub check_out: Date,
}

/// A team's stays and rooms.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TeamLodging {
    /// Every person who stays.
    pub people: Vec<Lodging>,
    /// The rooms they fill.
    pub rooms: Vec<BookedRoom>,
    /// The team pays its own board and lodging and sent no room request: nothing is booked
    /// or billed for it (规程 乙级 十三(三): 比赛不负责棋手的食宿).
    pub no_request: bool,
}

/// Days from `a` to `b` (negative when `b` is earlier), 0 if jiff cannot tell.
pub(crate) fn days_between(a: Date, b: Date) -> i64 {
    a.until(b).map(|s| i64::from(s.get_days())).unwrap_or(0)
}

/// A room finding: a warning on `team`, naming `person` unless it is empty.
pub(super) fn warn(
    code: Code,
    source: Source,
    team: &str,
    person: &str,
    zh: String,
    en: String,
) -> Finding {
    let f = Finding::new(code, source, zh, en).team(team);
    if person.is_empty() {
        f
    } else {
        f.person(person)
    }
}

/// Rooms are filled by hotel, room, sex, and whether the stay was requested.
type FillKey = (usize, usize, Option<Sex>, bool);

/// Words in a roommate cell that mark a relative. A twin room shared by a man and a woman is
/// `room.twin-mixed` unless they are family (the xiangqi event's 家庭双人组 enters a parent and
/// a child, who ask to share). Rooms are booked by sex as organizers do; no regulation speaks
/// of families, so the form's own word for the relation is what lets the pair through.
const FAMILY_WORDS: [&str; 12] = [
    "父", "母", "子", "女儿", "夫", "妻", "爷", "奶", "外公", "外婆", "家属", "家庭",
];

/// Groups the people into rooms: named roommates first, then by hotel, room type and sex.
pub(super) fn form_rooms(
    acc: &Accommodation,
    tl: &mut TeamLodging,
    roommates: &[Option<String>],
    remarks: &[Option<String>],
    unit: &str,
    findings: &mut Findings,
) {
    let capacity = |l: &Lodging| {
        acc.hotels
            .get(l.hotel)
            .and_then(|h| h.rooms.get(l.room))
            .map_or(1, |r| r.persons.max(1) as usize)
    };
    let mut rooms = pair_roommates(&tl.people, roommates, &capacity);
    fill_rest(&tl.people, &mut rooms, &capacity);
    for (r, occ) in rooms.iter().enumerate() {
        let Some(first) = occ.first().and_then(|&i| tl.people.get(i)).cloned() else {
            continue;
        };
        let cap = capacity(&first);
        let room_name = acc
            .hotels
            .get(first.hotel)
            .and_then(|h| h.rooms.get(first.room))
            .map(|r| r.name.clone())
            .unwrap_or_default();
        let stays = || occ.iter().filter_map(|&i| tl.people.get(i));
        let check_in = stays().map(|l| l.check_in).min().unwrap_or(first.check_in);
        let check_out = stays()
            .map(|l| l.check_out)
            .max()
            .unwrap_or(first.check_out);
        // Only a requested shared room is charged for its empty bed: a standard stay's room
        // is the organizer's to fill.
        let alone = cap >= 2 && occ.len() == 1 && first.requested;
        if alone {
            findings.push(twin_alone(acc, &first, cap, &room_name, unit));
        }
        if let [a, b, ..] = occ.as_slice()
            && let (Some(pa), Some(pb)) = (tl.people.get(*a), tl.people.get(*b))
        {
            let family = |i: usize| {
                roommates
                    .get(i)
                    .cloned()
                    .flatten()
                    .is_some_and(|m| FAMILY_WORDS.iter().any(|w| m.contains(w)))
            };
            // The 家庭双人组 pair notes the same 家庭编号 in 备注: that marks a family too.
            let same_remark = matches!(
                (remarks.get(*a).cloned().flatten(), remarks.get(*b).cloned().flatten()),
                (Some(x), Some(y)) if !x.trim().is_empty() && x == y
            );
            let mixed = matches!((pa.sex, pb.sex), (Some(x), Some(y)) if x != y);
            if mixed && !family(*a) && !family(*b) && !same_remark {
                findings.push(twin_mixed(pa, pb, &room_name, unit));
            }
        }
        for &i in occ {
            if let Some(l) = tl.people.get_mut(i) {
                l.room_no = r;
                l.alone = cap >= 2 && occ.len() == 1 && l.requested;
            }
        }
        tl.rooms.push(BookedRoom {
            hotel: first.hotel,
            room: first.room,
            occupants: occ.clone(),
            check_in,
            check_out,
        });
    }
}

/// Rooms of two people who name each other (or one names the other) as roommate, in the same
/// hotel and room type. A name matches by its key, so 张三 and `张 三` are one person.
fn pair_roommates(
    people: &[Lodging],
    roommates: &[Option<String>],
    capacity: &dyn Fn(&Lodging) -> usize,
) -> Vec<Vec<usize>> {
    let n = people.len();
    let mut placed = vec![false; n];
    let mut rooms: Vec<Vec<usize>> = Vec::new();
    for (i, me) in people.iter().enumerate() {
        if placed.get(i).copied().unwrap_or(true) || capacity(me) < 2 {
            continue;
        }
        let Some(mate) = roommates.get(i).cloned().flatten() else {
            continue;
        };
        let key = name_key(&clean_name(&mate));
        let j = (0..n).find(|&j| {
            j != i
                && !placed.get(j).copied().unwrap_or(true)
                && people.get(j).is_some_and(|o| {
                    o.hotel == me.hotel
                        && o.room == me.room
                        && !key.is_empty()
                        && name_key(&clean_name(&o.name)) == key
                })
        });
        if let Some(j) = j {
            rooms.push(vec![i, j]);
            for x in [i, j] {
                if let Some(p) = placed.get_mut(x) {
                    *p = true;
                }
            }
        }
    }
    rooms
}

/// The people not yet in a room fill new rooms in order: requested stays first (so the
/// standard stays left over share among themselves), then by hotel, room type and sex; a
/// room takes people of one key until it is full.
fn fill_rest(
    people: &[Lodging],
    rooms: &mut Vec<Vec<usize>>,
    capacity: &dyn Fn(&Lodging) -> usize,
) {
    let placed: Vec<usize> = rooms.iter().flatten().copied().collect();
    let mut rest: Vec<usize> = (0..people.len()).filter(|i| !placed.contains(i)).collect();
    rest.sort_by_key(|&i| {
        let l = people.get(i);
        (
            l.map(|l| !l.requested),
            l.map(|l| (l.hotel, l.room, l.sex)),
            i,
        )
    });
    let mut open: Option<(usize, FillKey)> = None;
    for i in rest {
        let Some(l) = people.get(i) else { continue };
        let cap = capacity(l);
        let key = (l.hotel, l.room, l.sex, l.requested);
        let fits = open.as_ref().and_then(|(r, k)| {
            (k == &key && rooms.get(*r).is_some_and(|v| v.len() < cap)).then_some(*r)
        });
        let r = match fits {
            Some(r) => r,
            None => {
                rooms.push(Vec::new());
                let r = rooms.len() - 1;
                open = Some((r, key));
                r
            }
        };
        if let Some(v) = rooms.get_mut(r) {
            v.push(i);
        }
    }
}

/// `room.twin-alone`: one person in a requested shared room, with what it costs under the
/// regulation's pricing and, when the whole room is charged, a cheaper single room of the
/// same hotel.
fn twin_alone(
    acc: &Accommodation,
    first: &Lodging,
    cap: usize,
    room_name: &str,
    unit: &str,
) -> Finding {
    let hotel = acc.hotels.get(first.hotel);
    let rate = hotel
        .and_then(|h| h.rooms.get(first.room))
        .map(|r| r.rate)
        .unwrap_or_default();
    let (zh, en) = match acc.alone.value {
        LonePricing::WholeRoom => (
            "按整间收费（含空床）",
            "the whole room is charged (the empty bed too)",
        ),
        LonePricing::PerPerson => (
            "按每人标准收费，空床不计",
            "the person's rate is charged, not the empty bed",
        ),
    };
    let mut zh = format!("{room_name}只有一人入住，{zh}");
    let mut en = format!("one person in a {room_name} (shared room); {en}");
    // A single room of the same hotel that costs less than the whole shared room.
    let whole = rate * i64::try_from(cap).unwrap_or(1);
    let cheaper = hotel.and_then(|h| {
        h.rooms
            .iter()
            .filter(|r| r.persons == 1 && r.rate < whole)
            .min_by_key(|r| r.rate)
    });
    if let (LonePricing::WholeRoom, Some(single)) = (acc.alone.value, cheaper) {
        zh.push_str(&format!(
            "；同酒店{}每人每天{}元，低于整间{}元，可考虑改订",
            single.name, single.rate, whole
        ));
        en.push_str(&format!(
            "; a {} of the same hotel costs {} yuan a day, less than the whole room's {}",
            single.name, single.rate, whole
        ));
    }
    warn(
        Code::RoomTwinAlone,
        first.source.clone().unwrap_or_default(),
        unit,
        &first.name,
        zh,
        en,
    )
}

/// `room.twin-mixed` at the second person's request row: a man and a woman in one room who
/// are not marked as family.
fn twin_mixed(pa: &Lodging, pb: &Lodging, room_name: &str, unit: &str) -> Finding {
    let src = pb
        .source
        .clone()
        .or_else(|| pa.source.clone())
        .unwrap_or_default();
    warn(
        Code::RoomTwinMixed,
        src,
        unit,
        &pb.name,
        format!(
            "{}与{}性别不同且未注明家属关系，同住一间{}",
            pa.name, pb.name, room_name
        ),
        format!(
            "{} and {} share a {room_name} but differ in sex and are not marked as family",
            pa.name, pb.name
        ),
    )
}
