//! Money the regulation fixes: prizes, tax, grants, fees, board and lodging. Amounts are written
//! in yuan in `event.toml` (`yuan = 430`, `"1234.50"`) and held as integer [`Fen`].

use jiff::civil::Date;
use serde::Deserialize;

use super::de;
use super::defaulted::{Defaulted, read_defaults};
use crate::model::Fen;
use crate::model::roster::Role;

/// Prizes (奖励).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prizes {
    /// The total the regulation states (合计), to reconcile with the lists.
    #[serde(default, rename = "total_yuan", deserialize_with = "de::opt_yuan")]
    pub total: Option<Fen>,
    /// Amounts are before tax (税前).
    #[serde(default)]
    pub pre_tax: bool,
    /// Clause (`规程 十一(二)`).
    #[serde(default)]
    pub clause: Option<String>,
    /// One list per ranking.
    #[serde(default)]
    pub lists: Vec<PrizeList>,
    /// Honours that go with places (全国业余棋王).
    #[serde(default)]
    pub honours: Vec<Honour>,
    /// How prizes of entries tied on score are paid (`ranking` by default).
    #[serde(default)]
    pub ties: Ties,
    /// Whether a player may take prizes of more than one list of the same ranking (a main
    /// prize and a rating-band prize): `highest` (the default) pays only the higher one.
    #[serde(default)]
    pub combine: Combine,
}

/// Whether one entry may take several prizes of one ranking (the main list and its band lists).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Combine {
    /// One prize per entry: the higher one (on equal amounts, the list written first); the
    /// prize given up passes to the next entry of that list (the default).
    #[default]
    Highest,
    /// An entry keeps every prize it wins.
    All,
}

/// A rating band (等级分段): the entries of a ranking rated under `below` (and at least
/// `from`), by the rating on the start list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Band {
    /// Rated strictly under this (`below = 1800`: U1800).
    pub below: u32,
    /// Rated at least this (a band such as 1800-1999), when set.
    #[serde(default)]
    pub from: Option<u32>,
    /// Whether unrated entries belong to the band (not by default).
    #[serde(default)]
    pub unrated: bool,
}

impl Band {
    /// Whether an entry with this start-list rating (`None`, or 0: unrated) is in the band.
    pub fn holds(&self, rating: Option<u32>) -> bool {
        match rating.filter(|r| *r > 0) {
            None => self.unrated,
            Some(r) => r < self.below && self.from.is_none_or(|f| r >= f),
        }
    }

    /// The band's label: `U1800`, `1800-1999`.
    pub fn label(&self) -> String {
        match self.from {
            Some(f) => format!("{f}-{}", self.below.saturating_sub(1)),
            None => format!("U{}", self.below),
        }
    }
}

/// How the prizes of entries tied on score are paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ties {
    /// The tie-breaks decide: each place gets its own amount (the default).
    #[default]
    Ranking,
    /// The tied entries pool the amounts of the places they cover and share them equally.
    SharedEqually,
    /// Hort system: half of each place's amount goes by place, the other half is pooled and
    /// shared equally among the tied entries.
    Hort,
}

impl Prizes {
    /// Sum of every amount of every list.
    pub fn listed_total(&self) -> Fen {
        self.lists
            .iter()
            .flat_map(|l| l.amounts.iter().copied())
            .sum()
    }

    /// The (main) list for a ranking (section id or team ranking id): the first list of the
    /// ranking without a rating band.
    pub fn list(&self, ranking: &str) -> Option<&PrizeList> {
        self.lists
            .iter()
            .find(|l| l.ranking == ranking && l.band.is_none())
    }

    /// Every list of a ranking: its main list and its band lists, in event.toml order.
    pub fn lists_of<'a>(&'a self, ranking: &'a str) -> impl Iterator<Item = &'a PrizeList> + 'a {
        self.lists.iter().filter(move |l| l.ranking == ranking)
    }
}

/// The prizes of one ranking.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrizeList {
    /// The ranking: a section id, or a team ranking id.
    pub ranking: String,
    /// Who is paid: a person (taxed) or a unit (not taxed).
    pub recipient: Recipient,
    /// Places ranked (录取名次); may exceed the paid places.
    pub places: u32,
    /// Amount of place 1, 2, ... (in yuan in the file).
    #[serde(rename = "amounts_yuan", deserialize_with = "de::yuan_list")]
    pub amounts: Vec<Fen>,
    /// Clause (`规程 十一(二)1`).
    #[serde(default)]
    pub clause: Option<String>,
    /// A rating band: the list pays the entries of the ranking in the band, in their order in
    /// the ranking (place 1 = the best of them).
    #[serde(default)]
    pub band: Option<Band>,
    /// The printed name of the list (`公开组等级分1800以下奖`); by default the ranking's name,
    /// with the band's label.
    #[serde(default)]
    pub name: Option<String>,
}

impl PrizeList {
    /// The list's id: the ranking, with the band's label for a band list (`open-U1800`).
    pub fn id(&self) -> String {
        match &self.band {
            Some(b) => format!("{}-{}", self.ranking, b.label()),
            None => self.ranking.clone(),
        }
    }

    /// The amount for `place` (1-based), zero for unpaid places.
    pub fn amount(&self, place: u32) -> Fen {
        place
            .checked_sub(1)
            .and_then(|i| usize::try_from(i).ok())
            .and_then(|i| self.amounts.get(i).copied())
            .unwrap_or(Fen::ZERO)
    }
}

/// Who receives a prize.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Recipient {
    /// A person: individual income tax is withheld.
    Individual,
    /// A unit (team, club, association): no tax withheld.
    Unit,
}

/// A title or honour given with a place.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Honour {
    /// Rankings (section ids) concerned.
    pub rankings: Vec<String>,
    /// The place.
    pub place: u32,
    /// The honour.
    pub title: String,
    /// Clause (`规程 十一(三)`).
    #[serde(default)]
    pub clause: Option<String>,
    /// Whether the title is printed in the 备注 beside the final place (standings, results
    /// book, page). Unset: yes for a ranking of teams, no for one of individuals, where an
    /// honour is often a trophy or medal (`冠军奖杯、金牌`) listed with the prizes; write `true`
    /// for an individual title (`全国业余棋王`).
    #[serde(default)]
    pub in_standings: Option<bool>,
}

impl Honour {
    /// The title, when it is printed beside place `place` of ranking `section` (an individual
    /// section unless `team`).
    pub fn printed(&self, section: &str, place: u32, team: bool) -> Option<&str> {
        let shown = self.in_standings.unwrap_or(team);
        let here = place > 0 && self.place == place && self.rankings.iter().any(|r| r == section);
        (shown && here).then_some(self.title.as_str())
    }
}

/// Income tax withheld on individual prizes.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tax {
    /// Rate in percent.
    pub rate_percent: u32,
    /// The tax category (`偶然所得`).
    pub kind: String,
    /// Who is taxed.
    pub applies_to: Recipient,
    /// A template default, not the regulation's.
    #[serde(default, rename = "default")]
    pub is_default: bool,
    /// Clause.
    #[serde(default)]
    pub clause: Option<String>,
}

impl Tax {
    /// Tax on a gross amount, rounded to the fen (half away from zero).
    pub fn on(&self, gross: Fen) -> Fen {
        gross.mul_ratio(i64::from(self.rate_percent), 100)
    }
}

/// What an amount is counted per.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Per {
    /// Per team.
    Team,
    /// Per player.
    Player,
    /// Per person (players and staff).
    Person,
}

/// A grant paid to teams (竞赛费拨款).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Grant {
    /// Name (`竞赛费`).
    pub name: String,
    /// Paid per.
    pub per: Per,
    /// Amount (in yuan in the file).
    #[serde(rename = "yuan", deserialize_with = "de::yuan")]
    pub amount: Fen,
    /// Who pays.
    #[serde(default)]
    pub payer: Option<String>,
    /// Clause (`规程 十三(一)`).
    #[serde(default)]
    pub clause: Option<String>,
}

/// A fee teams pay (参赛费).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fee {
    /// Name (`参赛费`).
    pub name: String,
    /// The name in English (`entry fee`), printed with `--lang en`; without it a common fee
    /// name is translated (参赛费, 报名费, 保险费) and any other printed as written.
    #[serde(default)]
    pub en: Option<String>,
    /// Charged per.
    pub per: Per,
    /// Amount (in yuan in the file).
    #[serde(rename = "yuan", deserialize_with = "de::yuan")]
    pub amount: Fen,
    /// What it includes (`比赛期间的意外伤害保险费`).
    #[serde(default)]
    pub includes: Option<String>,
    /// Account it is paid to.
    #[serde(default)]
    pub payee: Option<String>,
    /// Bank of the account.
    #[serde(default)]
    pub bank: Option<String>,
    /// Clause (`规程 十三(二)`).
    #[serde(default)]
    pub clause: Option<String>,
}

impl Fee {
    /// The fee's name as printed in `lang`.
    pub fn printed_name(&self, lang: crate::Lang) -> String {
        if lang == crate::Lang::Zh {
            return self.name.clone();
        }
        if let Some(en) = self.en.as_deref().filter(|e| !e.trim().is_empty()) {
            return en.to_string();
        }
        match self.name.trim() {
            "参赛费" => "entry fee",
            "报名费" => "registration fee",
            "保险费" | "意外伤害保险费" => "insurance",
            "会务费" => "conference fee",
            "注册费" => "registration fee",
            _ => self.name.as_str(),
        }
        .to_string()
    }
}

/// Board and lodging (食宿).
#[derive(Debug, Clone, Deserialize)]
#[serde(remote = "Self", deny_unknown_fields)]
pub struct Accommodation {
    /// Who pays by default: `team` (经费自理) or `organizer`.
    pub paid_by: PaidBy,
    /// Clause (`规程 十一(二)`).
    #[serde(default)]
    pub clause: Option<String>,
    /// The stay assumed for a person without a room request.
    #[serde(default)]
    pub standard_stay: Option<Stay>,
    /// The period the organizers pay for official members.
    #[serde(default)]
    pub covered: Option<Covered>,
    /// Hotels and their rooms.
    #[serde(default)]
    pub hotels: Vec<Hotel>,
    /// Meals charged separately.
    #[serde(default)]
    pub meals: Option<Meals>,
    /// Insurance note (`自行购买意外伤害险`).
    #[serde(default)]
    pub insurance: Option<String>,
    /// Clause of the insurance note.
    #[serde(default)]
    pub insurance_clause: Option<String>,
    /// How a person left alone in a shared room is charged (`whole-room` when absent).
    #[serde(default)]
    pub alone: Defaulted<LonePricing>,
    /// The file's `alone_default` key, read into `alone`.
    #[serde(default)]
    alone_default: bool,
    /// Whom the team pays its own board and lodging to (`organizers` when absent).
    #[serde(default)]
    pub settled_with: Defaulted<LodgingPayee>,
    /// The file's `settled_with_default` key, read into `settled_with`.
    #[serde(default)]
    settled_with_default: bool,
    /// What a team that sent no room request is booked and billed (absent: nothing where
    /// teams pay, `paid_by = "team"`; the standard arrangement where the organizers pay).
    #[serde(default)]
    pub without_request: Defaulted<Option<WithoutRequest>>,
    /// The file's `without_request_default` key, read into `without_request`.
    #[serde(default)]
    without_request_default: bool,
}

read_defaults!(Accommodation {
    alone_default => alone;
    settled_with_default => settled_with;
    without_request_default => without_request;
});

/// What a team that sent no room request (食宿表) is booked (`[accommodation]
/// without_request`): regulations either house every delegation (大会统一安排住宿) or leave
/// lodging to the teams (比赛不负责棋手的食宿).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WithoutRequest {
    /// Every member gets the standard arrangement (the standard stay, else the first hotel's
    /// first shared room) and the team is billed for it as the form promises.
    Standard,
    /// Nothing is booked or billed for the team.
    #[serde(rename = "none")]
    Nothing,
}

/// Whom a team pays the board and lodging it bears: regulations send entry fees to the
/// organizers' account and often leave rooms to be settled with the hotel (乙级 规程 十三(三):
/// 比赛不负责棋手的食宿). The statements show the two apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LodgingPayee {
    /// The organizers collect it with the fees (one balance).
    #[default]
    Organizers,
    /// The team settles it with the hotel; it is outside the balance with the organizers.
    Hotel,
}

/// Who pays board and lodging by default (`[accommodation] paid_by`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PaidBy {
    /// The team (经费自理), unless `covered` says the organizers pay a period.
    Team,
    /// The organizers, for every night of every person.
    Organizer,
}

/// How a person who asked for a shared room and is left alone in it is charged; regulations
/// state a per-person rate and say nothing of the empty bed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LonePricing {
    /// The whole room: the person's rate and the empty beds (单人入住空床).
    #[default]
    WholeRoom,
    /// The person's rate only; the organizer bears the empty bed.
    PerPerson,
}

impl Accommodation {
    /// Whether a team that sent no room request is booked the standard arrangement:
    /// `without_request`, else the organizers' paying for it (`paid_by = "organizer"`).
    pub fn books_without_request(&self) -> bool {
        match self.without_request.value {
            Some(w) => w == WithoutRequest::Standard,
            None => self.paid_by == PaidBy::Organizer,
        }
    }

    /// The hotel with this id.
    pub fn hotel(&self, id: &str) -> Option<&Hotel> {
        self.hotels.iter().find(|h| h.id == id)
    }
}

/// The default stay.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stay {
    /// Days (人天 per person).
    pub days: u32,
    /// Hotel id.
    pub hotel: String,
    /// Room id in that hotel.
    pub room: String,
    /// Check-in day; None = the event's arrival day.
    #[serde(default, deserialize_with = "de::opt_date")]
    pub check_in: Option<Date>,
    /// Hotel and room are a template default (the regulation gives only the days).
    #[serde(default, rename = "default")]
    pub is_default: bool,
    /// Clause (`规程 十三(三)`).
    #[serde(default)]
    pub clause: Option<String>,
}

/// The organizers pay board and lodging of official members from one meal to another.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Covered {
    /// First day.
    #[serde(deserialize_with = "de::date")]
    pub from: Date,
    /// First meal covered on the first day.
    pub from_meal: Meal,
    /// Last day.
    #[serde(deserialize_with = "de::date")]
    pub to: Date,
    /// Last meal covered on the last day.
    pub to_meal: Meal,
    /// Roles covered (`leader`, `coach`, `player`), players only within the quota; never
    /// `staff`, who are not official members.
    pub roles: Vec<Role>,
    /// Clause (`规程 十三(一)`).
    #[serde(default)]
    pub clause: Option<String>,
}

/// A meal of the day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Meal {
    /// 早餐
    Breakfast,
    /// 午餐
    Lunch,
    /// 晚餐
    Dinner,
}

/// A hotel.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hotel {
    /// Identifier (`novotel`).
    pub id: String,
    /// Full name.
    pub name: String,
    /// Short name used in dropdowns (`诺富特`).
    #[serde(default)]
    pub short: Option<String>,
    /// Rooms offered.
    pub rooms: Vec<Room>,
    /// Clause (`规程 十三(三)1`).
    #[serde(default)]
    pub clause: Option<String>,
}

impl Hotel {
    /// The short name if any, else the name.
    pub fn label(&self) -> &str {
        self.short.as_deref().unwrap_or(&self.name)
    }

    /// The room with this id.
    pub fn room(&self, id: &str) -> Option<&Room> {
        self.rooms.iter().find(|r| r.id == id)
    }
}

/// A room type with its rate per person per day.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Room {
    /// Identifier (`twin`, `single`).
    pub id: String,
    /// Name as printed (`双人间`).
    pub name: String,
    /// Persons per room.
    pub persons: u32,
    /// Rate per person per day (in yuan in the file).
    #[serde(rename = "rate_yuan", deserialize_with = "de::yuan")]
    pub rate: Fen,
    /// What the rate includes (`食宿`, `含早餐`).
    #[serde(default)]
    pub includes: Option<String>,
    /// The room's total for the standard stay as the regulation prints it, to reconcile.
    #[serde(
        default,
        rename = "stated_room_total_yuan",
        deserialize_with = "de::opt_yuan"
    )]
    pub stated_room_total: Option<Fen>,
    /// Only for people beyond those the organizers cover (超编人员).
    #[serde(default)]
    pub extra_only: bool,
}

/// Meals charged per person per day.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meals {
    /// Rate per person per day (in yuan in the file).
    #[serde(rename = "rate_yuan", deserialize_with = "de::yuan")]
    pub rate: Fen,
    /// Kind (`自助餐`).
    #[serde(default)]
    pub kind: Option<String>,
    /// Only for people beyond those covered.
    #[serde(default)]
    pub extra_only: bool,
    /// Clause.
    #[serde(default)]
    pub clause: Option<String>,
}
