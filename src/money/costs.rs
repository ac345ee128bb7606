//! Team statements: fees, board and lodging, meals, grants and unit prizes, line by line.
//!
//! Who pays board and lodging: with `accommodation.covered`, the organizers pay official members'
//! nights inside the covered period (the organizer's cost, valued at the published rates; those
//! lines do not enter the team's balance); every other night, and every extra person, is paid by
//! the team. Without `covered`, `paid_by = "organizer"` makes every night the organizer's and
//! anything else the team's. A night is one day of the per-person-per-day rate; meals (when
//! `accommodation.meals` is set) are charged per night the same way, only to extra people when
//! `meals.extra_only`. A person alone in a shared room they asked for also pays the empty beds
//! (the hotel charges the room: the regulation's room totals are rate × persons × days).
//! What the team bears itself is on the balance with the organizers, or on a side of its own
//! when `accommodation.settled_with = "hotel"` (paid at the hotel, not to the organizers).

use std::collections::BTreeMap;

use crate::event::{Event, PaidBy, Per};
use crate::model::Fen;
use crate::model::roster::Team;

use super::prizes::Payout;
use super::rooms::{TeamLodging, days_between};

/// Which side of the balance a line is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Side {
    /// The team pays the organizers.
    Owes,
    /// The team receives (grant, prize).
    Receives,
    /// A unit prize withheld (暂缓发放) while the team's eligibility is pending: listed, kept
    /// out of what the team receives and of the balance until a ruling.
    Withheld,
    /// The team settles it with the hotel (`accommodation.settled_with = "hotel"`); outside
    /// the balance with the organizers.
    Hotel,
    /// The organizers bear it (covered board and lodging); outside the team's balance.
    Organizer,
}

impl Side {
    /// The Chinese label.
    pub fn zh(self) -> &'static str {
        match self {
            Side::Owes => "应缴",
            Side::Receives => "应收",
            Side::Withheld => "暂缓发放",
            Side::Hotel => "酒店结算",
            Side::Organizer => "组委会承担",
        }
    }

    /// The label in `lang`.
    pub fn label(self, lang: crate::Lang) -> &'static str {
        match lang {
            crate::Lang::Zh => self.zh(),
            crate::Lang::En => match self {
                Side::Owes => "owes",
                Side::Receives => "receives",
                Side::Withheld => "withheld",
                Side::Hotel => "with the hotel",
                Side::Organizer => "organizers bear",
            },
        }
    }

    /// The sides in the order a statement lists them.
    pub(crate) const ALL: [Side; 5] = [
        Side::Owes,
        Side::Receives,
        Side::Withheld,
        Side::Hotel,
        Side::Organizer,
    ];
}

/// One line of a statement: quantity × rate = amount.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Side of the balance.
    pub side: Side,
    /// What (`参赛费`, `食宿 诺富特 双人间`).
    pub item: Item,
    /// How the quantity is made up (`9人×6天`).
    pub detail: Detail,
    /// Quantity (players, person-days, teams).
    pub quantity: i64,
    /// Unit of the quantity (`人`, `人天`, `队`).
    pub unit: Unit,
    /// Rate.
    pub rate: Fen,
    /// Amount = quantity × rate.
    pub amount: Fen,
    /// Regulation clause.
    pub clause: Option<String>,
}

/// What a line is for. The names (fees, grants, hotels, rooms, prize lists) are the event's
/// own, as event.toml writes them; only the words around them follow the language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// A fee of `[[fees]]`, by its name and its name in English.
    Fee(String, String),
    /// Board and lodging at a hotel (its label) in a room type (its name).
    Lodging {
        /// The hotel's label.
        hotel: String,
        /// The room type.
        room: String,
    },
    /// The empty beds of a shared room one person has alone (`alone = "whole-room"`).
    EmptyBeds {
        /// The hotel's label.
        hotel: String,
        /// The room type.
        room: String,
    },
    /// Meals, with their kind when event.toml names one (`自助餐`).
    Meals(Option<String>),
    /// A grant of `[[grants]]`, by its name.
    Grant(String),
    /// A unit prize: its list, the list's name and the place.
    Prize {
        /// The prize list.
        list: super::ListId,
        /// The prize list's name as printed (`团体`).
        name: String,
        /// The place.
        place: u32,
    },
}

impl Item {
    /// The item as printed in `lang`: `食宿 诺富特 双人间`, `board and lodging 诺富特 双人间`.
    pub fn label(&self, lang: crate::Lang) -> String {
        use crate::Lang::{En, Zh};
        match (self, lang) {
            (Item::Fee(n, _), Zh) | (Item::Fee(_, n), En) | (Item::Grant(n), _) => n.clone(),
            (Item::Lodging { hotel, room }, Zh) => format!("食宿 {hotel} {room}"),
            (Item::Lodging { hotel, room }, En) => format!("board and lodging {hotel} {room}"),
            (Item::EmptyBeds { hotel, room }, Zh) => format!("{hotel} {room} 单人入住空床"),
            (Item::EmptyBeds { hotel, room }, En) => {
                format!("{hotel} {room} empty beds (one person in the room)")
            }
            (Item::Meals(None), Zh) => "用餐".to_string(),
            (Item::Meals(Some(k)), Zh) => format!("用餐（{k}）"),
            (Item::Meals(None), En) => "meals".to_string(),
            (Item::Meals(Some(k)), En) => format!("meals ({k})"),
            (Item::Prize { name, place, .. }, Zh) => format!("奖金 {name} 第{place}名"),
            (Item::Prize { name, place, .. }, En) => format!("prize {name} place {place}"),
        }
    }
}

/// How a line's quantity is made up.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Detail {
    /// Nothing to say.
    #[default]
    None,
    /// Who pays a grant, as event.toml names it.
    Payer(String),
    /// Person-days in groups of (persons, nights), most persons first.
    Stays(Vec<(i64, i64)>),
}

impl Detail {
    /// The detail as printed in `lang`: `8人×6天，1人×4天`, `8 persons × 6 days, 1 person × 4
    /// days`.
    pub fn label(&self, lang: crate::Lang) -> String {
        match self {
            Detail::None => String::new(),
            Detail::Payer(p) => p.clone(),
            Detail::Stays(groups) => {
                let part = |&(k, n): &(i64, i64)| match lang {
                    crate::Lang::Zh => format!("{k}人×{n}天"),
                    crate::Lang::En => format!(
                        "{k} {} × {n} {}",
                        if k == 1 { "person" } else { "persons" },
                        if n == 1 { "day" } else { "days" }
                    ),
                };
                let parts: Vec<String> = groups.iter().map(part).collect();
                parts.join(lang.pick("，", ", "))
            }
        }
    }
}

/// The unit of a line's quantity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// Teams (a fee per team).
    Team,
    /// Persons (players, or every member).
    Person,
    /// Person-days of board and lodging or meals.
    PersonDay,
    /// Prizes.
    Prize,
}

impl Unit {
    /// The unit as printed in `lang` beside `quantity` (English plural unless it is 1).
    pub fn label(self, lang: crate::Lang, quantity: i64) -> &'static str {
        let (zh, one, many) = match self {
            Unit::Team => ("队", "team", "teams"),
            Unit::Person => ("人", "person", "persons"),
            Unit::PersonDay => ("人天", "person-day", "person-days"),
            Unit::Prize => ("项", "prize", "prizes"),
        };
        match lang {
            crate::Lang::Zh => zh,
            crate::Lang::En if quantity == 1 => one,
            crate::Lang::En => many,
        }
    }
}

/// A team's statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    /// The unit.
    pub team: String,
    /// Its lines, fees first.
    pub lines: Vec<Line>,
    /// The team sent no room request and pays its own board and lodging: none is billed.
    pub no_request: bool,
}

impl Statement {
    /// Sum of the lines on one side.
    pub fn total(&self, side: Side) -> Fen {
        self.lines
            .iter()
            .filter(|l| l.side == side)
            .map(|l| l.amount)
            .sum()
    }

    /// What the team owes minus what it receives (negative: it receives).
    pub fn balance(&self) -> Fen {
        self.total(Side::Owes) - self.total(Side::Receives)
    }
}

fn count(per: Per, team: &Team) -> (i64, Unit) {
    let players = i64::try_from(team.players.len()).unwrap_or(i64::MAX);
    let people = players
        + i64::try_from(team.staff.len()).unwrap_or(0)
        + i64::from(team.leader.is_some())
        + i64::from(team.coach.is_some());
    match per {
        Per::Team => (1, Unit::Team),
        Per::Player => (players, Unit::Person),
        Per::Person => (people, Unit::Person),
    }
}

/// A line's key: side, hotel, room, kind (0 lodging, 1 empty beds, 2 meals), rate.
type LineKey = (Side, usize, usize, u8, Fen);

/// Accumulates person-days per line: the item and, per number of nights, how many people.
#[derive(Default)]
struct Acc {
    map: BTreeMap<LineKey, (Item, BTreeMap<i64, i64>)>,
}

impl Acc {
    /// `nights` nights of one person on line (side, hotel, room, kind) at `rate`.
    fn add(&mut self, key: LineKey, item: &Item, nights: i64) {
        if nights <= 0 {
            return;
        }
        let e = self
            .map
            .entry(key)
            .or_insert_with(|| (item.clone(), BTreeMap::new()));
        *e.1.entry(nights).or_insert(0) += 1;
    }
}

/// The statement of one team.
///
/// `payouts` are every prize paid; the team's unit prizes (matched on the unit key) are lines it
/// receives, or lines withheld (暂缓发放, outside the balance) while its eligibility is pending.
/// Individual prizes are paid to people and are not on the team's statement.
pub fn statement(
    event: &Event,
    team: &Team,
    lodging: &TeamLodging,
    payouts: &[Payout],
) -> Statement {
    let mut lines = Vec::new();
    for f in event.fees() {
        let (q, unit) = count(f.per, team);
        lines.push(Line {
            side: Side::Owes,
            item: Item::Fee(f.name.clone(), f.printed_name(crate::Lang::En)),
            detail: Detail::None,
            quantity: q,
            unit,
            rate: f.amount,
            amount: f.amount * q,
            clause: f.clause.clone(),
        });
    }
    if let Some(acc) = event.accommodation() {
        let covered = acc.covered.as_ref();
        // What the team bears itself: with the organizers' balance, or settled at the hotel.
        let bears = match acc.settled_with.value {
            crate::event::LodgingPayee::Organizers => Side::Owes,
            crate::event::LodgingPayee::Hotel => Side::Hotel,
        };
        let mut a = Acc::default();
        for l in &lodging.people {
            let Some(hotel) = acc.hotels.get(l.hotel) else {
                continue;
            };
            let Some(room) = hotel.rooms.get(l.room) else {
                continue;
            };
            // A check-out typed before the check-in is the form's mistake (`room.dates-invalid`
            // names it); it costs nothing rather than a negative amount.
            let nights = l.nights().max(0);
            // Nights inside the covered window, for official members.
            let cov = match covered {
                Some(c) if l.official && c.roles.contains(&l.role) => {
                    let from = l.check_in.max(c.from);
                    let to = l.check_out.min(c.to);
                    // The window clipped to the stay: a stay outside it has no covered night, and
                    // the organizers never bear more nights than the person stays.
                    days_between(from, to).clamp(0, nights)
                }
                Some(_) => 0,
                None if acc.paid_by == PaidBy::Organizer => nights,
                None => 0,
            };
            let own = nights - cov;
            let item = Item::Lodging {
                hotel: hotel.label().to_string(),
                room: room.name.clone(),
            };
            a.add((Side::Organizer, l.hotel, l.room, 0, room.rate), &item, cov);
            a.add((bears, l.hotel, l.room, 0, room.rate), &item, own);
            if l.alone && acc.alone.value == crate::event::LonePricing::WholeRoom {
                // The hotel bills the room, not the bed: one person alone pays the other beds
                // too, on the side (organizers or team) that bears the person's own nights.
                let empty = i64::from(room.persons.saturating_sub(1));
                let item = Item::EmptyBeds {
                    hotel: hotel.label().to_string(),
                    room: room.name.clone(),
                };
                for _ in 0..empty {
                    a.add((Side::Organizer, l.hotel, l.room, 1, room.rate), &item, cov);
                    a.add((bears, l.hotel, l.room, 1, room.rate), &item, own);
                }
            }
            if let Some(m) = &acc.meals {
                let item = Item::Meals(m.kind.clone());
                // Meals go after every hotel's rooms (hotel index `usize::MAX`). `extra_only`
                // (超编人员) charges only people beyond the official delegation: an official
                // member eats at the organizers' charge even outside a covered window.
                a.add((Side::Organizer, usize::MAX, 0, 2, m.rate), &item, cov);
                if !(m.extra_only && l.official && covered.is_none()) {
                    a.add((bears, usize::MAX, 0, 2, m.rate), &item, own);
                }
            }
        }
        for ((side, _, _, _, rate), (item, by_nights)) in a.map {
            let quantity: i64 = by_nights.iter().map(|(n, k)| n * k).sum();
            // Most people first: `8人×6天，1人×4天`.
            let mut groups: Vec<(i64, i64)> = by_nights.iter().map(|(n, k)| (*k, *n)).collect();
            groups.sort_by(|a, b| b.cmp(a));
            lines.push(Line {
                side,
                item,
                detail: Detail::Stays(groups),
                quantity,
                unit: Unit::PersonDay,
                rate,
                amount: rate * quantity,
                clause: acc.clause.clone(),
            });
        }
    }
    for g in event.grants() {
        let (q, unit) = count(g.per, team);
        lines.push(Line {
            side: Side::Receives,
            item: Item::Grant(g.name.clone()),
            detail: g.payer.clone().map_or(Detail::None, Detail::Payer),
            quantity: q,
            unit,
            rate: g.amount,
            amount: g.amount * q,
            clause: g.clause.clone(),
        });
    }
    let key = &team.unit_key;
    for p in payouts
        .iter()
        .filter(|p| p.is_unit && &crate::normalize::unit_key(&p.team) == key)
    {
        lines.push(Line {
            side: if p.withheld {
                Side::Withheld
            } else {
                Side::Receives
            },
            item: Item::Prize {
                list: p.list.clone(),
                name: p.list_name.clone(),
                place: p.place,
            },
            detail: Detail::None,
            quantity: 1,
            unit: Unit::Prize,
            rate: p.gross,
            amount: p.gross,
            clause: p.clause.clone(),
        });
    }
    Statement {
        team: team.unit.value.clone(),
        lines,
        no_request: lodging.no_request,
    }
}

/// Rooms needed per night: (hotel index, room index, night) → (rooms, persons).
pub fn rooms_per_night(
    lodgings: &[TeamLodging],
) -> BTreeMap<(usize, usize, jiff::civil::Date), (u32, u32)> {
    let mut out = BTreeMap::new();
    for tl in lodgings {
        for r in &tl.rooms {
            let mut d = r.check_in;
            while d < r.check_out {
                let persons = r
                    .occupants
                    .iter()
                    .filter_map(|&i| tl.people.get(i))
                    .filter(|l| l.check_in <= d && d < l.check_out)
                    .count();
                let e = out.entry((r.hotel, r.room, d)).or_insert((0u32, 0u32));
                e.0 += 1;
                e.1 += u32::try_from(persons).unwrap_or(u32::MAX);
                match d.tomorrow() {
                    Ok(n) => d = n,
                    Err(_) => break,
                }
            }
        }
    }
    out
}
