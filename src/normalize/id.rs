//! Identity document numbers: GB 11643 resident IDs (18 digits with MOD 11-2 check, old 15-digit
//! numbers), residence permits, and other documents recognised by their shape.

use std::sync::LazyLock;

use regex::Regex;
use unicode_normalization::UnicodeNormalization;

use crate::ingest::Cell;
use crate::model::roster::{IdKind, IdNumber};

/// Weights of positions 1-17 (2^(18-i) mod 11), GB 11643-1999.
const WEIGHTS: [u32; 17] = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/// Check character for S mod 11 = index.
const CHECK: &[u8; 11] = b"10X98765432";

/// The GB 11643 check character of the first 17 digits; `None` unless `first17` is exactly 17
/// ASCII digits.
///
/// ```
/// use bianpai::normalize::id_check_char;
/// assert_eq!(id_check_char("11010519491231002"), Some('X'));
/// ```
pub fn id_check_char(first17: &str) -> Option<char> {
    let b = first17.as_bytes();
    if b.len() != 17 || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let s: u32 = b
        .iter()
        .zip(WEIGHTS)
        .map(|(d, w)| u32::from(d - b'0') * w)
        .sum();
    CHECK.get((s % 11) as usize).map(|c| char::from(*c))
}

/// Upgrades an old 15-digit number (YYMMDD, always 19YY) to 18 digits; `None` unless `old` is 15
/// ASCII digits.
///
/// ```
/// use bianpai::normalize::upgrade_15;
/// assert_eq!(upgrade_15("110105491231002").as_deref(), Some("11010519491231002X"));
/// ```
pub fn upgrade_15(old: &str) -> Option<String> {
    if old.len() != 15 || !old.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut s = String::with_capacity(18);
    s.push_str(old.get(..6)?);
    s.push_str("19");
    s.push_str(old.get(6..)?);
    let c = id_check_char(&s)?;
    s.push(c);
    Some(s)
}

/// Why an ID number was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IdError {
    /// The number was typed into a number cell; Excel keeps 15 significant digits, so the last
    /// digits are lost. Holds what the cell shows.
    TypedAsNumber(String),
    /// Digits, but not 15 or 18 of them.
    Length(String),
    /// Characters that belong in no ID number.
    Characters(String),
    /// The address code (first two digits) is no province, 81/82/83 or 9.
    Region(String),
    /// Positions 7-14 are no real date in 1900..=2100.
    BirthDate(String),
    /// The check character does not match; holds the expected one.
    CheckChar(String, char),
    /// The form declares the document (证件类型), and the number is not of its shape.
    Kind(String, IdKind),
}

impl IdError {
    /// The message in Chinese.
    pub fn zh(&self) -> String {
        match self {
            IdError::TypedAsNumber(s) => format!(
                "证件号码“{s}”被当作数字输入，Excel只保留15位有效数字，末几位已丢失；请把单元格设为文本后重新输入"
            ),
            IdError::Length(s) => format!("证件号码“{s}”位数不对（身份证应为18位）"),
            IdError::Characters(s) => format!("证件号码“{s}”含有无效字符"),
            IdError::Region(s) => format!("身份证号“{s}”的地址码无效"),
            IdError::BirthDate(s) => format!("身份证号“{s}”中的出生日期不存在"),
            IdError::CheckChar(s, c) => format!("身份证号“{s}”校验位错误（应为{c}）"),
            IdError::Kind(s, k) => format!("证件号码“{s}”不符合{}的格式", k.zh()),
        }
    }

    /// The message in English.
    pub fn en(&self) -> String {
        match self {
            IdError::TypedAsNumber(s) => format!(
                "ID number {s:?} was typed as a number; Excel keeps 15 significant digits, so the last digits were lost; format the cell as text and type it again"
            ),
            IdError::Length(s) => format!("ID number {s:?} has the wrong length (18 digits)"),
            IdError::Characters(s) => format!("ID number {s:?} contains invalid characters"),
            IdError::Region(s) => format!("ID number {s:?} has an invalid address code"),
            IdError::BirthDate(s) => {
                format!("ID number {s:?} holds a birth date that does not exist")
            }
            IdError::CheckChar(s, c) => {
                format!("ID number {s:?} has a wrong check character (expected {c})")
            }
            IdError::Kind(s, k) => format!("ID number {s:?} is not a valid {} number", k.en()),
        }
    }
}

/// A recognised number, with the number as written when it was upgraded from 15 digits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedId {
    /// The normalized number.
    pub id: IdNumber,
    /// The 15-digit number as written, when upgraded.
    pub upgraded_from: Option<String>,
}

static NUMBERISH: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"^[0-9]+(\.[0-9]+)?E\+?[0-9]+$").ok());

/// Shapes of documents other than GB 11643 numbers, checked in order.
static OTHER_DOCS: LazyLock<Vec<(Regex, IdKind)>> = LazyLock::new(|| {
    [
        // Chinese passport: E + 8 digits, or E + letter + 7 digits; older G/D/S/P + 8 digits.
        (r"^E[0-9A-Z][0-9]{7}$", IdKind::Passport),
        (r"^[GDSP][0-9]{8}$", IdKind::Passport),
        // Home return permit: H/M + 8 digits (card), or + 10 (booklet: 8 + 2-digit issue count).
        (HK_MACAU_PERMIT, IdKind::HkMacauPermit),
        // Hong Kong ID: 1-2 letters + 6 digits + check (digit or A), brackets dropped.
        (r"^[A-Z]{1,2}[0-9]{6}[0-9A]$", IdKind::Other),
        // Taiwan ID: letter + 1/2 + 8 digits.
        (r"^[A-Z][12][0-9]{8}$", IdKind::Other),
        // Foreign permanent residence ID of 2004: nationality (3 letters) + 12 digits.
        (FOREIGN_PERMANENT_OLD, IdKind::ForeignPermanentOld),
        // Foreign passports: letters and digits, at least one of each.
        (FOREIGN_PASSPORT, IdKind::Passport),
    ]
    .into_iter()
    .filter_map(|(re, k)| Regex::new(re).ok().map(|r| (r, k)))
    .collect()
});

const HK_MACAU_PERMIT: &str = r"^[HM]([0-9]{8}|[0-9]{10})$";
const FOREIGN_PERMANENT_OLD: &str = r"^[A-Z]{3}[0-9]{12}$";
const FOREIGN_PASSPORT: &str = r"^(?:[A-Z]+[0-9]|[0-9]+[A-Z])[A-Z0-9]{3,16}$";

/// The shape of a declared document's number, for the kinds without a GB 11643 check: a
/// passport declared as such may be digits only (US passports are 9 digits).
static DECLARED: LazyLock<Vec<(Regex, IdKind)>> = LazyLock::new(|| {
    [
        (HK_MACAU_PERMIT, IdKind::HkMacauPermit),
        (r"^[0-9]{8}$", IdKind::TaiwanPermit),
        (FOREIGN_PERMANENT_OLD, IdKind::ForeignPermanentOld),
        (r"^[A-Z0-9]*[0-9][A-Z0-9]*$", IdKind::Passport),
    ]
    .into_iter()
    .filter_map(|(re, k)| Regex::new(re).ok().map(|r| (r, k)))
    .collect()
});

fn region_kind(number: &str) -> Option<IdKind> {
    let two: u32 = number.get(..2)?.parse().ok()?;
    match two {
        11..=65 => Some(IdKind::Citizen),
        81..=83 => Some(IdKind::HmtResidence),
        90..=99 => Some(IdKind::ForeignPermanent),
        _ => None,
    }
}

fn birth_ok(yyyymmdd: &str) -> bool {
    let p = |r: std::ops::Range<usize>| yyyymmdd.get(r).and_then(|s| s.parse::<i64>().ok());
    match (p(0..4), p(4..6), p(6..8)) {
        (Some(y), Some(m), Some(d)) => {
            (1900..=2100).contains(&y)
                && jiff::civil::Date::new(y as i16, m as i8, d as i8).is_ok()
                && (1..=12).contains(&m)
        }
        _ => false,
    }
}

/// Checks an 18-character GB 11643 number (already upper case).
fn check_18(n: &str) -> Result<IdNumber, IdError> {
    let first17 = n.get(..17).ok_or_else(|| IdError::Length(n.into()))?;
    let last = n.as_bytes().get(17).copied().unwrap_or(b'?');
    if !first17.bytes().all(|b| b.is_ascii_digit()) || !(last.is_ascii_digit() || last == b'X') {
        return Err(IdError::Characters(n.into()));
    }
    let kind = region_kind(n).ok_or_else(|| IdError::Region(n.into()))?;
    // A residence permit's address code is 810000 (Hong Kong), 820000 (Macau) or 830000 (Taiwan).
    if kind == IdKind::HmtResidence && n.get(2..6) != Some("0000") {
        return Err(IdError::Region(n.into()));
    }
    if !birth_ok(n.get(6..14).unwrap_or("")) {
        return Err(IdError::BirthDate(n.into()));
    }
    let expected = id_check_char(first17).ok_or_else(|| IdError::Characters(n.into()))?;
    if char::from(last) != expected {
        return Err(IdError::CheckChar(n.into(), expected));
    }
    Ok(IdNumber {
        kind,
        number: n.to_string(),
    })
}

/// Reads an identity document number from text.
///
/// Full-width forms, spaces, hyphens and a leading `'` are dropped and `x` is upper-cased. 18
/// characters are checked as GB 11643 (address code, real birth date, MOD 11-2 check
/// character); 15 digits are upgraded; other shapes (passports, Hong Kong/Macau/Taiwan IDs,
/// home return permits) are recognised without a check. `Ok(None)` for blank text.
///
/// ```
/// use bianpai::normalize::parse_id_text;
/// use bianpai::model::roster::IdKind;
/// let p = parse_id_text(" 11010519491231002x ").unwrap().unwrap();
/// assert_eq!((p.id.kind, p.id.number.as_str()), (IdKind::Citizen, "11010519491231002X"));
/// assert!(parse_id_text("110105194912310021").is_err());
/// ```
///
/// # Errors
///
/// An [`IdError`] saying what is wrong.
pub fn parse_id_text(raw: &str) -> Result<Option<ParsedId>, IdError> {
    let n = clean(raw);
    if n.is_empty() {
        return Ok(None);
    }
    if NUMBERISH.as_ref().is_some_and(|re| re.is_match(&n)) {
        return Err(IdError::TypedAsNumber(raw.trim().to_string()));
    }
    let all_digits = n.bytes().all(|b| b.is_ascii_digit());
    if n.len() == 18
        && n.get(..17)
            .is_some_and(|p| p.bytes().all(|b| b.is_ascii_digit()))
    {
        return check_18(&n).map(|id| {
            Some(ParsedId {
                id,
                upgraded_from: None,
            })
        });
    }
    if n.len() == 15 && all_digits {
        if region_kind(&n) != Some(IdKind::Citizen) {
            return Err(IdError::Region(n));
        }
        let up = upgrade_15(&n).ok_or_else(|| IdError::Characters(n.clone()))?;
        if !birth_ok(up.get(6..14).unwrap_or("")) {
            return Err(IdError::BirthDate(n));
        }
        return Ok(Some(ParsedId {
            id: IdNumber {
                kind: IdKind::UpgradedFrom15,
                number: up,
            },
            upgraded_from: Some(n),
        }));
    }
    if all_digits {
        // 台胞证 (since 2015) is 8 digits; any other digit count is a mistyped ID.
        if n.len() == 8 {
            return Ok(Some(ParsedId {
                id: IdNumber {
                    kind: IdKind::TaiwanPermit,
                    number: n,
                },
                upgraded_from: None,
            }));
        }
        return Err(IdError::Length(n));
    }
    if !n.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(IdError::Characters(raw.trim().to_string()));
    }
    for (re, kind) in OTHER_DOCS.iter() {
        if re.is_match(&n) {
            return Ok(Some(ParsedId {
                id: IdNumber {
                    kind: *kind,
                    number: n,
                },
                upgraded_from: None,
            }));
        }
    }
    Err(IdError::Characters(raw.trim().to_string()))
}

/// The number as compared: NFKC, without spaces, hyphens, brackets, a leading `'` or
/// zero-width characters, upper case.
fn clean(raw: &str) -> String {
    raw.nfkc()
        .filter(|c| {
            !c.is_whitespace()
                && !matches!(c, '-' | '\u{2010}'..='\u{2015}' | '\'' | '(' | ')')
                && !super::name::is_invisible(*c)
        })
        .flat_map(char::to_uppercase)
        .collect()
}

/// Reads a number whose document the form declares (a 证件类型 column): checked against that
/// document's format, not guessed from its shape. A resident ID, a residence permit and the
/// 2023 permanent-residence card are checked as GB 11643 numbers of their kind; 通行证 and
/// passports by their shape.
///
/// ```
/// use bianpai::model::roster::IdKind;
/// use bianpai::normalize::parse_id_as;
/// let p = parse_id_as("h12345678", IdKind::HkMacauPermit).unwrap().unwrap();
/// assert_eq!((p.id.kind, p.id.number.as_str()), (IdKind::HkMacauPermit, "H12345678"));
/// // A passport may be digits only once declared.
/// assert_eq!(parse_id_as("123456789", IdKind::Passport).unwrap().unwrap().id.kind, IdKind::Passport);
/// assert!(parse_id_as("H1234567", IdKind::HkMacauPermit).is_err());
/// ```
///
/// # Errors
///
/// [`IdError::Kind`] for a number not of the declared document's format; the GB 11643 kinds
/// give the errors of [`parse_id_text`].
pub fn parse_id_as(raw: &str, declared: IdKind) -> Result<Option<ParsedId>, IdError> {
    let n = clean(raw);
    if n.is_empty() {
        return Ok(None);
    }
    let wrong = || IdError::Kind(n.clone(), declared);
    match declared {
        IdKind::Citizen | IdKind::UpgradedFrom15 => {
            let p = parse_id_text(raw)?;
            match p.as_ref().map(|p| p.id.kind) {
                Some(IdKind::Citizen | IdKind::UpgradedFrom15) | None => Ok(p),
                Some(_) => Err(wrong()),
            }
        }
        IdKind::HmtResidence | IdKind::ForeignPermanent | IdKind::ForeignPermanentOld
            if n.len() == 18 =>
        {
            let p = parse_id_text(raw)?;
            let want = match declared {
                IdKind::HmtResidence => IdKind::HmtResidence,
                _ => IdKind::ForeignPermanent,
            };
            match p.as_ref().map(|p| p.id.kind) {
                Some(k) if k != want => Err(wrong()),
                _ => Ok(p),
            }
        }
        IdKind::HmtResidence => Err(wrong()),
        _ => {
            let want = match declared {
                IdKind::ForeignPermanent => IdKind::ForeignPermanentOld,
                k => k,
            };
            let ok = DECLARED.iter().any(|(re, k)| *k == want && re.is_match(&n));
            if ok {
                Ok(Some(ParsedId {
                    id: IdNumber {
                        kind: want,
                        number: n,
                    },
                    upgraded_from: None,
                }))
            } else {
                Err(wrong())
            }
        }
    }
}

/// The document a 证件类型 cell names: 身份证, 居住证, 港澳通行证 (回乡证), 台胞证, 永久居留证,
/// 护照; `None` for anything else (the number's shape decides then).
///
/// ```
/// use bianpai::model::roster::IdKind;
/// use bianpai::normalize::id_kind_named;
/// assert_eq!(id_kind_named("港澳居民来往内地通行证"), Some(IdKind::HkMacauPermit));
/// assert_eq!(id_kind_named("台胞证"), Some(IdKind::TaiwanPermit));
/// assert_eq!(id_kind_named("外国护照"), Some(IdKind::Passport));
/// assert_eq!(id_kind_named("学生证"), None);
/// ```
pub fn id_kind_named(text: &str) -> Option<IdKind> {
    let t: String = super::simplified(&text.nfkc().collect::<String>())
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    let has = |s: &str| t.contains(s);
    if has("居住证") {
        Some(IdKind::HmtResidence)
    } else if has("永久居留") {
        Some(IdKind::ForeignPermanent)
    } else if has("回乡证") || (has("港澳") && has("通行证")) {
        Some(IdKind::HkMacauPermit)
    } else if has("台胞证") || (has("台湾") && has("通行证")) {
        Some(IdKind::TaiwanPermit)
    } else if has("护照") || has("passport") {
        Some(IdKind::Passport)
    } else if has("身份证") {
        Some(IdKind::Citizen)
    } else {
        None
    }
}

/// Reads an identity document number from a cell.
///
/// A number cell cannot hold an 18-digit ID (f64 and Excel keep 15-17 significant digits), so
/// any number is refused as [`IdError::TypedAsNumber`], except a whole 15-digit number, which
/// is exact and read as an old 15-digit ID.
///
/// # Errors
///
/// As [`parse_id_text`]; numbers as above; booleans, dates and error values are
/// [`IdError::Characters`].
pub fn id_number(cell: &Cell) -> Result<Option<ParsedId>, IdError> {
    match cell {
        _ if cell.is_blank() => Ok(None),
        Cell::Text(s) => parse_id_text(s),
        Cell::Int(i) if (100_000_000_000_000..1_000_000_000_000_000).contains(i) => {
            parse_id_text(&i.to_string())
        }
        Cell::Float(f) if f.fract() == 0.0 && (1e14..1e15).contains(f) => {
            parse_id_text(&format!("{}", *f as i64))
        }
        Cell::Int(_) | Cell::Float(_) => Err(IdError::TypedAsNumber(cell.display())),
        _ => Err(IdError::Characters(cell.display())),
    }
}

/// Reads the number of a declared document from a cell ([`parse_id_as`]): a whole number
/// below 10^15 (a 台胞证 or passport number typed as a number is exact) is read as its digits;
/// other numbers are refused as [`id_number`] refuses them.
///
/// # Errors
///
/// As [`parse_id_as`] and [`id_number`].
pub(crate) fn id_number_as(cell: &Cell, declared: IdKind) -> Result<Option<ParsedId>, IdError> {
    match cell {
        _ if cell.is_blank() => Ok(None),
        Cell::Text(s) => parse_id_as(s, declared),
        Cell::Int(i) if (0..1_000_000_000_000_000).contains(i) => {
            parse_id_as(&i.to_string(), declared)
        }
        Cell::Float(f) if f.fract() == 0.0 && (0.0..1e15).contains(f) => {
            parse_id_as(&format!("{}", *f as i64), declared)
        }
        _ => id_number(cell),
    }
}

#[cfg(test)]
mod tests;
