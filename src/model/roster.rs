//! The roster: every team and person read from the entry forms, normalized, with the source
//! cell of every value.
//!
//! Built only by [`crate::normalize::build_roster`]; later stages (eligibility, pairing, costs)
//! read it. Every field of a [`Person`] is optional because forms are: a missing value is data
//! (and usually a finding), not an error.

use std::fmt;

use crate::findings::Source;
use crate::model::Sex;

/// How a value was obtained when it was not simply read from its own cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Derivation {
    /// Computed from the person's resident ID number (the source names the ID cell).
    FromIdNumber,
    /// An old 15-digit ID number upgraded to 18 digits; holds the number as written.
    UpgradedFrom15(String),
}

impl Derivation {
    /// The note shown next to the source in the roster (Chinese).
    pub fn zh(&self) -> String {
        match self {
            Derivation::FromIdNumber => "由身份证号推算".to_string(),
            Derivation::UpgradedFrom15(old) => format!("由15位号码{old}升位"),
        }
    }

    /// The note in English.
    pub fn en(&self) -> String {
        match self {
            Derivation::FromIdNumber => "derived from the ID number".to_string(),
            Derivation::UpgradedFrom15(old) => format!("upgraded from the 15-digit number {old}"),
        }
    }
}

/// A value with the place it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sourced<T> {
    /// The normalized value.
    pub value: T,
    /// The cell (or sheet, or file) it was read from.
    pub source: Source,
    /// Set when the value was derived rather than read as written (boxed: most values are
    /// read as written, and a person holds sixteen of them; issue 46).
    pub derived: Option<Box<Derivation>>,
}

impl<T> Sourced<T> {
    /// A value read from `source` as written.
    pub fn new(value: T, source: Source) -> Sourced<T> {
        Sourced {
            value,
            source,
            derived: None,
        }
    }

    /// A value derived from `source`.
    pub fn derived(value: T, source: Source, how: Derivation) -> Sourced<T> {
        Sourced {
            value,
            source,
            derived: Some(Box::new(how)),
        }
    }
}

/// A person's name: the cleaned display form and the key names are compared on.
///
/// Built by [`crate::normalize::name`]; `display` keeps the writing of the form (minus padding),
/// `key` folds case and middle dots so `欧阳·娜娜` and `欧阳娜娜` match.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PersonName {
    /// The name as shown: NFKC, padding removed, middle dots unified to U+00B7.
    pub display: String,
    /// The comparison key.
    pub key: String,
}

impl fmt::Display for PersonName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.display)
    }
}

/// How much of a date the form gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DatePrecision {
    /// Year, month and day.
    Day,
    /// Year and month only (`2001年5月`); the day is stored as 1.
    Month,
}

/// A birth date, possibly known to the month only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BirthDate {
    /// The date (day 1 when only the month is known).
    pub date: jiff::civil::Date,
    /// Whether the day is known.
    pub precision: DatePrecision,
}

impl fmt::Display for BirthDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.precision {
            DatePrecision::Day => write!(f, "{}", self.date),
            DatePrecision::Month => {
                write!(f, "{:04}-{:02}", self.date.year(), self.date.month())
            }
        }
    }
}

/// The kind of identity document a number was recognised as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum IdKind {
    /// 居民身份证, 18 characters with a valid GB 11643 check character.
    Citizen,
    /// An old 15-digit 居民身份证 number, upgraded to 18 (the number holds the 18-digit form).
    UpgradedFrom15,
    /// 港澳台居民居住证: 18 characters, address code 810000/820000/830000, GB 11643 check.
    HmtResidence,
    /// 外国人永久居留身份证 (2023 edition): 18 characters starting with 9, GB 11643 check.
    ForeignPermanent,
    /// 外国人永久居留身份证 (2004 edition): 15 characters, 3 letters (nationality) and 12 digits;
    /// no check character is verified and it gives no birth date or sex.
    ForeignPermanentOld,
    /// 港澳居民来往内地通行证 (回乡证): H (Hong Kong) or M (Macau) and 8 digits (the card since
    /// 2013), or 10 digits (the booklet: 8 and a 2-digit issue count).
    HkMacauPermit,
    /// 台湾居民来往大陆通行证 (台胞证): 8 digits (the card since 2015).
    TaiwanPermit,
    /// A passport number (Chinese `E` + 8 characters, or a foreign one: letters and digits).
    Passport,
    /// Another document recognised by its shape (Hong Kong, Macau or Taiwan identity card); no
    /// check character is verified.
    Other,
}

impl IdKind {
    /// Whether the number carries a GB 11643 birth date and sex digit (resident IDs, residence
    /// permits, the 2023 permanent-residence card); for the others a 出生日期 and a 性别 column
    /// are needed.
    pub fn has_birth_and_sex(self) -> bool {
        matches!(
            self,
            IdKind::Citizen
                | IdKind::UpgradedFrom15
                | IdKind::HmtResidence
                | IdKind::ForeignPermanent
        )
    }

    /// The Chinese name of the document.
    pub fn zh(self) -> &'static str {
        match self {
            IdKind::Citizen => "居民身份证",
            IdKind::UpgradedFrom15 => "居民身份证(15位升18位)",
            IdKind::HmtResidence => "港澳台居民居住证",
            IdKind::ForeignPermanent => "外国人永久居留身份证",
            IdKind::ForeignPermanentOld => "外国人永久居留身份证(旧版)",
            IdKind::HkMacauPermit => "港澳居民来往内地通行证",
            IdKind::TaiwanPermit => "台湾居民来往大陆通行证",
            IdKind::Passport => "护照",
            IdKind::Other => "其他证件",
        }
    }

    /// The English name of the document.
    pub fn en(self) -> &'static str {
        match self {
            IdKind::Citizen => "resident ID",
            IdKind::UpgradedFrom15 => "resident ID (15 digits upgraded)",
            IdKind::HmtResidence => "HK/Macau/Taiwan residence permit",
            IdKind::ForeignPermanent => "foreign permanent residence ID",
            IdKind::ForeignPermanentOld => "foreign permanent residence ID (2004)",
            IdKind::HkMacauPermit => "Mainland travel permit for HK and Macau residents",
            IdKind::TaiwanPermit => "Mainland travel permit for Taiwan residents",
            IdKind::Passport => "passport",
            IdKind::Other => "other document",
        }
    }
}

/// A normalized identity document number.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct IdNumber {
    /// What it was recognised as.
    pub kind: IdKind,
    /// The number: ASCII, upper case, no spaces; 18 characters for the GB 11643 kinds.
    pub number: String,
}

impl IdNumber {
    /// The birth date encoded in positions 7-14, for the GB 11643 kinds.
    pub fn birth_date(&self) -> Option<jiff::civil::Date> {
        if !self.kind.has_birth_and_sex() {
            return None;
        }
        let y: i16 = self.number.get(6..10)?.parse().ok()?;
        let m: i8 = self.number.get(10..12)?.parse().ok()?;
        let d: i8 = self.number.get(12..14)?.parse().ok()?;
        jiff::civil::Date::new(y, m, d).ok()
    }

    /// The sex encoded in position 17 (odd = male), for the GB 11643 kinds.
    pub fn sex(&self) -> Option<Sex> {
        if !self.kind.has_birth_and_sex() {
            return None;
        }
        let digit = self.number.as_bytes().get(16)?;
        let v = digit.checked_sub(b'0').filter(|v| *v <= 9)?;
        Some(if v % 2 == 1 { Sex::Male } else { Sex::Female })
    }
}

impl fmt::Display for IdNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.number)
    }
}

/// A board as declared at entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Board {
    /// Main board number, 1-based.
    Main(u16),
    /// A reserve (替补), with its order when the form numbers reserves (`替补1`).
    Reserve(Option<u16>),
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Board::Main(n) => write!(f, "{n}"),
            Board::Reserve(None) => f.write_str("替补"),
            Board::Reserve(Some(n)) => write!(f, "替补{n}"),
        }
    }
}

/// What a person is in the delegation (`leader`, `coach`, `player`, `staff` in event.toml).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// 运动员 / 棋手.
    Player,
    /// 领队.
    Leader,
    /// 教练 / 教练员.
    Coach,
    /// 随队人员 and anyone else (队医, 工作人员, 家长).
    Staff,
}

impl Role {
    /// The Chinese label.
    pub fn zh(self) -> &'static str {
        match self {
            Role::Player => "运动员",
            Role::Leader => "领队",
            Role::Coach => "教练",
            Role::Staff => "随队人员",
        }
    }
}

/// One person of a team, every value with its source.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Person {
    /// The team's own number for the person: the form's 编号 / 序号 / 号码 column, as written.
    pub number: Option<Sourced<String>>,
    /// 姓名.
    pub name: Option<Sourced<PersonName>>,
    /// 性别.
    pub sex: Option<Sourced<Sex>>,
    /// 出生日期.
    pub birth: Option<Sourced<BirthDate>>,
    /// 身份证号 or other document.
    pub id: Option<Sourced<IdNumber>>,
    /// 国际棋联ID.
    pub fide_id: Option<Sourced<u64>>,
    /// The name in Latin letters as the form gives it (拼音 / 英文名 / FIDE姓名).
    pub latin_name: Option<Sourced<String>>,
    /// 等级分; `None` when unrated.
    pub rating: Option<Sourced<u32>>,
    /// 台次.
    pub board: Option<Sourced<Board>>,
    /// 组别, as written.
    pub group: Option<Sourced<String>>,
    /// 注册单位.
    pub registered_unit: Option<Sourced<String>>,
    /// 称号 / 技术等级, as written.
    pub title: Option<Sourced<String>>,
    /// 联系电话.
    pub phone: Option<Sourced<String>>,
    /// 备注.
    pub remarks: Option<Sourced<String>>,
    /// 家庭编号 / 搭档: which pair of a pairs section (家庭双人组) the person plays in.
    pub family: Option<Sourced<String>>,
    /// 身份 / 职务; absent means player.
    pub role: Option<Sourced<Role>>,
    /// The section the player plays in, once [`crate::eligibility::place`] has chosen it.
    pub section: Placement,
}

/// Which section a player plays in.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Placement {
    /// Not placed (a roster read for another purpose): his 组别 text decides
    /// ([`crate::event::Section::named_by`]).
    #[default]
    Pending,
    /// In the section with this id.
    In(String),
    /// In no individual section: named by a finding, or a player of a team only.
    Nowhere,
}

impl Person {
    /// The role, player when the form does not say.
    pub fn role(&self) -> Role {
        self.role.as_ref().map_or(Role::Player, |r| r.value)
    }

    /// The display name, or `""`.
    pub fn display_name(&self) -> &str {
        self.name.as_ref().map_or("", |n| n.value.display.as_str())
    }

    /// The name as FIDE records it: the form's Latin spelling when it gives one, else the
    /// pinyin "Surname, Given" of the name ([`crate::normalize::fide_name`]).
    pub fn fide_name(&self) -> String {
        match &self.latin_name {
            Some(l) if !l.value.trim().is_empty() => l.value.trim().to_string(),
            _ => crate::normalize::fide_name(self.display_name()),
        }
    }
}

/// One row of a 食宿 (room request) sheet.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RoomRequest {
    /// 姓名.
    pub name: Option<Sourced<PersonName>>,
    /// 身份 (领队, 运动员...).
    pub role: Option<Sourced<Role>>,
    /// 性别.
    pub sex: Option<Sourced<Sex>>,
    /// 酒店, as written.
    pub hotel: Option<Sourced<String>>,
    /// 房型 (标准间, 单人间...), as written.
    pub room_type: Option<Sourced<String>>,
    /// 入住日期.
    pub check_in: Option<Sourced<jiff::civil::Date>>,
    /// 离店日期.
    pub check_out: Option<Sourced<jiff::civil::Date>>,
    /// 同住人, as written.
    pub roommate: Option<Sourced<String>>,
}

/// One team (参赛单位) as entered.
#[derive(Debug, Clone, PartialEq)]
pub struct Team {
    /// The unit name, normalized (`（盖章）` dropped).
    pub unit: Sourced<String>,
    /// The key teams are matched on (see [`crate::normalize::unit_key`]).
    pub unit_key: String,
    /// 领队.
    pub leader: Option<Person>,
    /// 教练.
    pub coach: Option<Person>,
    /// Further leaders, coaches and 随队人员.
    pub staff: Vec<Person>,
    /// The players in entry order.
    pub players: Vec<Person>,
    /// 填表日期.
    pub fill_date: Option<Sourced<jiff::civil::Date>>,
    /// The file the team was read from.
    pub file: String,
    /// The sheets it was read from, in workbook order.
    pub sheets: Vec<String>,
    /// Room requests of the delegation.
    pub rooms: Vec<RoomRequest>,
}

impl Team {
    /// Everyone the form enters: the players, then the leader, the coach and the staff.
    pub fn everyone(&self) -> impl Iterator<Item = &Person> {
        (self.players.iter())
            .chain(self.leader.iter())
            .chain(self.coach.iter())
            .chain(self.staff.iter())
    }

    /// Whether the form enters someone whose name key is `key`.
    pub fn enters(&self, key: &str) -> bool {
        self.everyone()
            .any(|p| p.name.as_ref().is_some_and(|n| n.value.key == key))
    }

    /// Players in board order: main boards ascending, then reserves, then players without a
    /// board, each group in entry order.
    pub fn board_order(&self) -> Vec<&Person> {
        let mut v: Vec<(usize, &Person)> = self.players.iter().enumerate().collect();
        v.sort_by_key(|(i, p)| {
            let rank = match p.board.as_ref().map(|b| b.value) {
                Some(Board::Main(n)) => (0, u32::from(n)),
                Some(Board::Reserve(n)) => (1, n.map(u32::from).unwrap_or(0)),
                None => (2, 0),
            };
            (rank, *i)
        });
        v.into_iter().map(|(_, p)| p).collect()
    }
}

/// Every team of the event, after resubmissions were resolved.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Roster {
    /// Teams in order of unit key.
    pub teams: Vec<Team>,
    /// `(used file, superseded file)` pairs.
    pub superseded: Vec<(String, String)>,
    /// The teams as the superseded forms gave them, oldest first per unit: what a correction
    /// added or removed (the deadline check, rulings on people no longer entered).
    pub earlier: Vec<Team>,
    /// People of registration lists (注册名单), for the registration check.
    pub registrations: Vec<Person>,
    /// Room requests that could not be attached to a team.
    pub unattached_rooms: Vec<RoomRequest>,
}

impl Roster {
    /// Number of people in all teams (players and officials).
    pub fn people(&self) -> usize {
        self.teams
            .iter()
            .map(|t| {
                t.players.len()
                    + t.staff.len()
                    + usize::from(t.leader.is_some())
                    + usize::from(t.coach.is_some())
            })
            .sum()
    }

    /// Number of players in all teams.
    pub fn players(&self) -> usize {
        self.teams.iter().map(|t| t.players.len()).sum()
    }
}
