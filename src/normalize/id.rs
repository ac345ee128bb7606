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
        // Hong Kong ID: 1-2 letters + 6 digits + check (digit or A), brackets dropped.
        (r"^[A-Z]{1,2}[0-9]{6}[0-9A]$", IdKind::Other),
        // Macau ID: 1/5/7 + 6 digits + check.
        (r"^[157][0-9]{7}$", IdKind::Other),
        // Taiwan ID: letter + 1/2 + 8 digits.
        (r"^[A-Z][12][0-9]{8}$", IdKind::Other),
        // Home return permit: H/M + 8 digits (+ 2-digit issue count).
        (r"^[HM][0-9]{8}([0-9]{2})?$", IdKind::Other),
        // Foreign passports: letters and digits, at least one of each.
        (
            r"^(?:[A-Z]+[0-9]|[0-9]+[A-Z])[A-Z0-9]{3,16}$",
            IdKind::Passport,
        ),
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
    let n: String = raw
        .nfkc()
        .filter(|c| {
            !c.is_whitespace()
                && !matches!(
                    c,
                    '-' | '\u{2010}'..='\u{2015}' | '\'' | '(' | ')' | '\u{200B}' | '\u{FEFF}'
                )
        })
        .flat_map(char::to_uppercase)
        .collect();
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
                    kind: IdKind::Other,
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ok(s: &str) -> (IdKind, String) {
        let p = parse_id_text(s).unwrap().unwrap();
        (p.id.kind, p.id.number)
    }

    #[test]
    fn check_char_examples() {
        assert_eq!(id_check_char("11010519491231002"), Some('X'));
        assert_eq!(id_check_char("44030419900101001"), Some('1'));
        assert_eq!(id_check_char("1101051949123100"), None);
        assert_eq!(id_check_char("1101051949123100A"), None);
    }

    #[test]
    fn citizen_forms() {
        let want = (IdKind::Citizen, "11010519491231002X".to_string());
        for s in [
            "11010519491231002X",
            "11010519491231002x",
            "１１０１０５１９４９１２３１００２Ｘ",
            " 110105 19491231 002X ",
            "110105-19491231-002X",
            "'11010519491231002X",
        ] {
            assert_eq!(ok(s), want, "{s:?}");
        }
        assert_eq!(
            ok("440304199001010011"),
            (IdKind::Citizen, "440304199001010011".into())
        );
    }

    #[test]
    fn refused() {
        assert_eq!(
            parse_id_text("110105194912310021"),
            Err(IdError::CheckChar("110105194912310021".into(), 'X'))
        );
        assert_eq!(
            parse_id_text("110105194902300021"),
            Err(IdError::BirthDate("110105194902300021".into()))
        );
        assert_eq!(
            parse_id_text("000105194912310021"),
            Err(IdError::Region("000105194912310021".into()))
        );
        assert_eq!(
            parse_id_text("1101051949"),
            Err(IdError::Length("1101051949".into()))
        );
        assert_eq!(
            parse_id_text("4.10102E+17"),
            Err(IdError::TypedAsNumber("4.10102E+17".into()))
        );
        assert_eq!(
            parse_id_text("王浩"),
            Err(IdError::Characters("王浩".into()))
        );
    }

    #[test]
    fn upgrade() {
        let p = parse_id_text("110105491231002").unwrap().unwrap();
        assert_eq!(p.id.kind, IdKind::UpgradedFrom15);
        assert_eq!(p.id.number, "11010519491231002X");
        assert_eq!(p.upgraded_from.as_deref(), Some("110105491231002"));
        assert_eq!(
            parse_id_text("110105491331002"),
            Err(IdError::BirthDate("110105491331002".into()))
        );
    }

    #[test]
    fn permits_and_other_documents() {
        // 810000 Hong Kong residence permit, check char computed by hand: S = 8*7+1*9 + ... .
        let hk = format!(
            "81000019900101002{}",
            id_check_char("81000019900101002").unwrap()
        );
        assert_eq!(ok(&hk).0, IdKind::HmtResidence);
        let fp = format!(
            "93115619850607001{}",
            id_check_char("93115619850607001").unwrap()
        );
        assert_eq!(ok(&fp).0, IdKind::ForeignPermanent);
        assert_eq!(ok("E12345678"), (IdKind::Passport, "E12345678".into()));
        assert_eq!(ok("EA1234567"), (IdKind::Passport, "EA1234567".into()));
        assert_eq!(ok("A123456(7)"), (IdKind::Other, "A1234567".into()));
        assert_eq!(ok("A123456789"), (IdKind::Other, "A123456789".into()));
        assert_eq!(ok("H12345678"), (IdKind::Other, "H12345678".into()));
        assert_eq!(ok("12345678"), (IdKind::Other, "12345678".into()));
        assert_eq!(ok("X1234567Z"), (IdKind::Passport, "X1234567Z".into()));
    }

    #[test]
    fn cells() {
        assert_eq!(id_number(&Cell::Empty), Ok(None));
        assert_eq!(
            id_number(&Cell::Float(410102199001011000.0)),
            Err(IdError::TypedAsNumber("410102199001011000".into()))
        );
        assert_eq!(
            id_number(&Cell::Int(41010219900101123)),
            Err(IdError::TypedAsNumber("41010219900101123".into()))
        );
        let p = id_number(&Cell::Float(110105491231002.0)).unwrap().unwrap();
        assert_eq!(p.id.number, "11010519491231002X");
        assert!(id_number(&Cell::Bool(true)).is_err());
    }

    #[test]
    fn derived_birth_and_sex() {
        let id = parse_id_text("11010519491231002X").unwrap().unwrap().id;
        assert_eq!(id.birth_date(), Some(jiff::civil::date(1949, 12, 31)));
        assert_eq!(id.sex(), Some(crate::model::Sex::Female));
        let m = parse_id_text("440304199001010011").unwrap().unwrap().id;
        assert_eq!(m.sex(), Some(crate::model::Sex::Male));
        assert_eq!(parse_id_text("E12345678").unwrap().unwrap().id.sex(), None);
    }

    proptest! {
        // Regression seeds are kept next to this file, not in a top-level folder.
        #![proptest_config(ProptestConfig {
            failure_persistence: Some(Box::new(
                proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
            )),
            ..ProptestConfig::default()
        })]
        #[test]
        fn check_char_round_trip(region in 11u32..=65, tail in 0u32..10000, y in 1900i16..2030, m in 1i8..=12, d in 1i8..=28, seq in 0u32..1000) {
            let first17 = format!("{region:02}{tail:04}{y:04}{m:02}{d:02}{seq:03}");
            let c = id_check_char(&first17).unwrap();
            let full = format!("{first17}{c}");
            let p = parse_id_text(&full).unwrap().unwrap();
            prop_assert_eq!(p.id.number, full.clone());
            // Any other check character is refused.
            for other in "0123456789X".chars().filter(|o| *o != c) {
                let bad = format!("{first17}{other}");
                prop_assert_eq!(parse_id_text(&bad), Err(IdError::CheckChar(bad.clone(), c)));
            }
        }

        #[test]
        fn upgrade_keeps_birth_and_sex(region in 11u32..=65, tail in 0u32..10000, yy in 0u32..100, m in 1u32..=12, d in 1u32..=28, seq in 0u32..1000) {
            let old = format!("{region:02}{tail:04}{yy:02}{m:02}{d:02}{seq:03}");
            let p = parse_id_text(&old).unwrap().unwrap();
            let up = p.id.number.clone();
            prop_assert_eq!(up.len(), 18);
            prop_assert_eq!(&up[..6], &old[..6]);
            prop_assert_eq!(&up[6..8], "19");
            prop_assert_eq!(&up[8..17], &old[6..15]);
            // The upgraded number passes the 18-digit check.
            prop_assert_eq!(parse_id_text(&up).unwrap().unwrap().id.number, up.clone());
            let sex = if seq % 2 == 1 { crate::model::Sex::Male } else { crate::model::Sex::Female };
            prop_assert_eq!(p.id.sex(), Some(sex));
        }
    }
}
