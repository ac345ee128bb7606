//! One form row → one [`Person`], with the findings of its values and the cross-checks of the
//! ID number against the 出生日期 and 性别 columns.

use crate::findings::{Code, Finding, Findings, Severity, Source};
use crate::forms::{Field, RawRow, RawValue, Submission};
use crate::model::roster::{
    BirthDate, DatePrecision, Derivation, Person, Role, RoomRequest, Sourced,
};

use super::{
    DateSystem, board, date, fide_id, id_number, name, official_role, rating, role, sex, text,
    unit_name,
};

/// What the person builder needs to name findings.
pub(crate) struct RowContext<'a> {
    /// The team's display name.
    pub team: &'a str,
    /// The submission the row belongs to.
    pub sub: &'a Submission,
    /// The date system of number cells.
    pub system: DateSystem,
    /// Whether missing birth date and sex are findings (entry forms) or not (registration
    /// lists, officials).
    pub require_birth_and_sex: bool,
}

fn finding(
    code: Code,
    severity: Severity,
    source: &Source,
    ctx: &RowContext<'_>,
    person: Option<&str>,
    zh: String,
    en: String,
) -> Finding {
    let mut f = Finding::new(code, source.clone(), zh, en)
        .severity(severity)
        .team(ctx.team);
    if let Some(p) = person {
        f = f.person(p);
    }
    f
}

/// The cell of `field` in this row (where a missing value should have been), else `fallback`.
fn field_source(sub: &Submission, row: &RawRow, field: Field, fallback: &Source) -> Source {
    match sub.columns.get(&field) {
        Some(c) => Source::cell(&sub.file, &sub.sheet, row.row, *c),
        None => fallback.clone(),
    }
}

fn sourced<T>(v: T, raw: &RawValue) -> Sourced<T> {
    Sourced::new(v, raw.source.clone())
}

fn text_field(row: &RawRow, f: Field) -> Option<Sourced<String>> {
    let raw = row.get(f)?;
    text(&raw.cell).map(|t| sourced(t, raw))
}

/// Builds the person of one data row; `None` (and `person.name-missing`) when the row has data
/// but no name.
pub(crate) fn person_from_row(
    row: &RawRow,
    ctx: &RowContext<'_>,
    out: &mut Findings,
) -> Option<Person> {
    let sub = ctx.sub;
    let Some(name_v) = row
        .get(Field::Name)
        .and_then(|raw| name(&raw.cell.display()).map(|n| sourced(n, raw)))
    else {
        let col = sub.columns.get(&Field::Name).copied().unwrap_or(0);
        let src = Source::cell(&sub.file, &sub.sheet, row.row, col);
        // What the row does say, so the team can tell who it is.
        let hint = match (row.get(Field::Id), row.get(Field::Board)) {
            (Some(id), _) => {
                let id = id.cell.display();
                (format!("（证件号码{id}）"), format!(" (ID number {id})"))
            }
            (None, Some(b)) => {
                let b = b.cell.display();
                (format!("（台次{b}）"), format!(" (board {b})"))
            }
            (None, None) => (String::new(), String::new()),
        };
        out.push(finding(
            Code::PersonNameMissing,
            Severity::Error,
            &src,
            ctx,
            None,
            format!("第{}行填了内容但没有姓名{}", row.row + 1, hint.0),
            format!("row {} has data but no name{}", row.row + 1, hint.1),
        ));
        return None;
    };
    let who = name_v.value.display.clone();
    let who = who.as_str();
    let mut p = Person {
        name: Some(name_v.clone()),
        // 組別 values are categories matched against the event's groups: Simplified.
        group: text_field(row, Field::Group).map(|mut g| {
            g.value = super::simplified(&g.value);
            g
        }),
        title: text_field(row, Field::Title),
        phone: text_field(row, Field::Phone),
        remarks: text_field(row, Field::Remarks),
        family: text_field(row, Field::Family),
        registered_unit: row
            .get(Field::RegisteredUnit)
            .and_then(|raw| unit_name(&raw.cell.display()).map(|u| sourced(u, raw))),
        role: row
            .get(Field::Role)
            .and_then(|raw| role(&raw.cell).map(|r| sourced(r, raw))),
        ..Person::default()
    };
    // Forms without a 身份 column write 领队/教练 into 组别, 台次, 序号 or 备注.
    let mut role_column: Option<Field> = None;
    if p.role.is_none() {
        for f in [Field::Group, Field::Board, Field::Seq, Field::Remarks] {
            if let Some((raw, r)) = row
                .get(f)
                .and_then(|raw| official_role(&raw.cell.display()).map(|r| (raw, r)))
            {
                p.role = Some(sourced(r, raw));
                role_column = Some(f);
                break;
            }
        }
    }
    match role_column {
        Some(Field::Group) => p.group = None,
        Some(Field::Remarks) => p.remarks = None,
        _ => {}
    }
    // The team's own numbering, unless its column held the role.
    if role_column != Some(Field::Seq) {
        p.number = text_field(row, Field::Seq);
    }

    // ID number first: birth date and sex are checked against it.
    if let Some(raw) = row.get(Field::Id) {
        // A 证件类型 column decides which document's format the number must have.
        let declared = row
            .get(Field::IdType)
            .and_then(|t| super::id_kind_named(&t.cell.display()));
        let parsed = match declared {
            Some(kind) => super::id_number_as(&raw.cell, kind),
            None => id_number(&raw.cell),
        };
        match parsed {
            Ok(Some(parsed)) => {
                p.id = Some(match parsed.upgraded_from {
                    Some(old) => Sourced::derived(
                        parsed.id,
                        raw.source.clone(),
                        Derivation::UpgradedFrom15(old),
                    ),
                    None => sourced(parsed.id, raw),
                });
            }
            Ok(None) => {}
            Err(e) => out.push(finding(
                Code::PersonIdInvalid,
                Severity::Error,
                &raw.source,
                ctx,
                Some(who),
                e.zh(),
                e.en(),
            )),
        }
    }
    let id_birth =
        p.id.as_ref()
            .and_then(|i| i.value.birth_date().map(|d| (d, i.source.clone())));
    let id_sex =
        p.id.as_ref()
            .and_then(|i| i.value.sex().map(|s| (s, i.source.clone())));
    let player = p.role() == Role::Player;

    // 出生日期.
    let mut birth_problem: Option<(Source, String, String)> = None;
    if let Some(raw) = row.get(Field::Birth) {
        match date(&raw.cell, ctx.system) {
            Ok(Some(b)) => p.birth = Some(sourced(b, raw)),
            Ok(None) => {}
            Err(e) => birth_problem = Some((raw.source.clone(), e.zh(), e.en())),
        }
    }
    match (&p.birth, &id_birth) {
        (Some(b), Some((d, id_src))) => {
            let same = match b.value.precision {
                DatePrecision::Day => b.value.date == *d,
                DatePrecision::Month => {
                    (b.value.date.year(), b.value.date.month()) == (d.year(), d.month())
                }
            };
            if same {
                if b.value.precision == DatePrecision::Month {
                    // The ID gives the day the form left out.
                    p.birth = Some(Sourced::derived(
                        BirthDate {
                            date: *d,
                            precision: DatePrecision::Day,
                        },
                        id_src.clone(),
                        Derivation::FromIdNumber,
                    ));
                }
            } else {
                out.push(finding(
                    Code::PersonIdBirthMismatch,
                    Severity::Error,
                    &b.source,
                    ctx,
                    Some(who),
                    format!("出生日期{}与身份证号（{}）中的{}不一致", b.value, id_src, d),
                    format!(
                        "birth date {} differs from {} in the ID number ({})",
                        b.value, d, id_src
                    ),
                ));
            }
        }
        (None, Some((d, id_src))) => {
            p.birth = Some(Sourced::derived(
                BirthDate {
                    date: *d,
                    precision: DatePrecision::Day,
                },
                id_src.clone(),
                Derivation::FromIdNumber,
            ));
            // An empty cell filled from the ID is no finding; an unreadable one is worth a look.
            if let Some((src, zh, en)) = &birth_problem {
                out.push(finding(
                    Code::PersonBirthMissing,
                    Severity::Warning,
                    src,
                    ctx,
                    Some(who),
                    format!("{zh}；已按身份证号取{d}"),
                    format!("{en}; {d} taken from the ID number"),
                ));
            }
        }
        (Some(b), None) if b.value.precision == DatePrecision::Month && player => {
            out.push(finding(
                Code::PersonBirthMissing,
                Severity::Warning,
                &b.source,
                ctx,
                Some(who),
                format!("出生日期只填了年月（{}），缺少日", b.value),
                format!(
                    "the birth date gives only year and month ({}), no day",
                    b.value
                ),
            ));
        }
        (Some(_), None) => {}
        (None, None) => {
            if ctx.require_birth_and_sex && player {
                let (src, zh, en) = birth_problem.clone().unwrap_or_else(|| {
                    let src = field_source(sub, row, Field::Birth, &name_v.source);
                    (
                        src,
                        "未填写出生日期".to_string(),
                        "no birth date".to_string(),
                    )
                });
                out.push(finding(
                    Code::PersonBirthMissing,
                    Severity::Error,
                    &src,
                    ctx,
                    Some(who),
                    format!("{zh}，也没有可推算出生日期的身份证号"),
                    format!("{en}, and no ID number to derive it from"),
                ));
            }
        }
    }

    // 性别.
    let mut sex_problem: Option<(Source, String)> = None;
    if let Some(raw) = row.get(Field::Sex) {
        match sex(&raw.cell) {
            Ok(Some(s)) => p.sex = Some(sourced(s, raw)),
            Ok(None) => {}
            Err(t) => sex_problem = Some((raw.source.clone(), t)),
        }
    }
    match (&p.sex, &id_sex) {
        (Some(s), Some((is, id_src))) if s.value != *is => out.push(finding(
            Code::PersonIdGenderMismatch,
            Severity::Error,
            &s.source,
            ctx,
            Some(who),
            format!(
                "性别“{}”与身份证号（{}）不一致（第17位表示{}）",
                s.value.zh(),
                id_src,
                is.zh()
            ),
            format!(
                "sex {} differs from the ID number ({}), whose 17th digit says {}",
                s.value.en(),
                id_src,
                is.en()
            ),
        )),
        (None, Some((is, id_src))) => {
            p.sex = Some(Sourced::derived(
                *is,
                id_src.clone(),
                Derivation::FromIdNumber,
            ));
            if let Some((src, t)) = &sex_problem {
                out.push(finding(
                    Code::PersonGenderMissing,
                    Severity::Warning,
                    src,
                    ctx,
                    Some(who),
                    format!("无法识别的性别“{t}”；已按身份证号取{}", is.zh()),
                    format!(
                        "unrecognised sex {t:?}; {} taken from the ID number",
                        is.en()
                    ),
                ));
            }
        }
        (None, None) if ctx.require_birth_and_sex && player => {
            let (src, zh, en) = match &sex_problem {
                Some((src, t)) => (
                    src.clone(),
                    format!("无法识别的性别“{t}”"),
                    format!("unrecognised sex {t:?}"),
                ),
                None => {
                    let src = field_source(sub, row, Field::Sex, &name_v.source);
                    (src, "未填写性别".to_string(), "no sex given".to_string())
                }
            };
            out.push(finding(
                Code::PersonGenderMissing,
                Severity::Error,
                &src,
                ctx,
                Some(who),
                format!("{zh}，也没有可推算性别的身份证号"),
                format!("{en}, and no ID number to derive it from"),
            ));
        }
        _ => {}
    }

    if let Some(raw) = row.get(Field::LatinName) {
        let text = raw.cell.display();
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if !text.is_empty() {
            p.latin_name = Some(sourced(text, raw));
        }
    }
    if let Some(raw) = row.get(Field::FideId) {
        match fide_id(&raw.cell) {
            Ok(v) => p.fide_id = v.map(|v| sourced(v, raw)),
            Err(t) => out.push(finding(
                Code::PersonFideIdInvalid,
                Severity::Warning,
                &raw.source,
                ctx,
                Some(who),
                format!("国际棋联ID“{t}”无效（应为不超过10位的数字）"),
                format!("FIDE ID {t:?} is invalid (up to 10 digits)"),
            )),
        }
    }
    if let Some(raw) = row.get(Field::Rating) {
        match rating(&raw.cell) {
            Ok(v) => p.rating = v.map(|v| sourced(v, raw)),
            Err(t) => out.push(finding(
                Code::PersonRatingInvalid,
                Severity::Warning,
                &raw.source,
                ctx,
                Some(who),
                format!("等级分“{t}”无法识别，按无等级分处理"),
                format!("rating {t:?} is unreadable; treated as unrated"),
            )),
        }
    }
    if let Some(raw) = row
        .get(Field::Board)
        .filter(|_| role_column != Some(Field::Board))
    {
        match board(&raw.cell) {
            Ok(v) => p.board = v.map(|v| sourced(v, raw)),
            Err(t) => out.push(finding(
                Code::PersonBoardInvalid,
                Severity::Warning,
                &raw.source,
                ctx,
                Some(who),
                format!("台次“{t}”无法识别（应为1、第一台、替补等）"),
                format!("board {t:?} is unreadable (1, 第一台, 替补...)"),
            )),
        }
    }
    Some(p)
}

/// `8月5日`, `8.5`, `08-05` in the year of `filled` (the next year if earlier than `filled`).
fn month_day(text: &str, filled: jiff::civil::Date) -> Option<jiff::civil::Date> {
    let t: String = unicode_normalization::UnicodeNormalization::nfkc(text)
        .filter(|c| !c.is_whitespace())
        .collect();
    let t = t.trim_end_matches(['日', '号']);
    let (m, d) = t
        .split_once('月')
        .or_else(|| t.split_once('.'))
        .or_else(|| t.split_once('-'))
        .or_else(|| t.split_once('/'))?;
    let (m, d): (i8, i8) = (m.parse().ok()?, d.parse().ok()?);
    let date = jiff::civil::Date::new(filled.year(), m, d).ok()?;
    if date >= filled {
        Some(date)
    } else {
        jiff::civil::Date::new(filled.year().checked_add(1)?, m, d).ok()
    }
}

/// A person named only by a label (`领队：张三`).
pub(crate) fn labelled_person(raw: &RawValue, r: Role) -> Option<Person> {
    let n = name(&raw.cell.display())?;
    Some(Person {
        name: Some(sourced(n, raw)),
        role: Some(sourced(r, raw)),
        ..Person::default()
    })
}

/// One row of a room-request table.
///
/// Stay dates without a year (`8月5日`, `8.5`) take the year of `filled` (the 填表日期), or the
/// next year when that would put the stay before the form was filled.
pub(crate) fn room_from_row(
    row: &RawRow,
    system: DateSystem,
    filled: Option<jiff::civil::Date>,
) -> RoomRequest {
    let day = |f: Field| {
        let raw = row.get(f)?;
        let full = date(&raw.cell, system).ok().flatten().map(|b| b.date);
        full.or_else(|| month_day(&raw.cell.display(), filled?))
            .map(|d| sourced(d, raw))
    };
    RoomRequest {
        name: row
            .get(Field::Name)
            .and_then(|raw| name(&raw.cell.display()).map(|n| sourced(n, raw))),
        role: row
            .get(Field::Role)
            .and_then(|raw| role(&raw.cell).map(|r| sourced(r, raw))),
        sex: row
            .get(Field::Sex)
            .and_then(|raw| sex(&raw.cell).ok().flatten().map(|s| sourced(s, raw))),
        hotel: text_field(row, Field::Hotel),
        room_type: text_field(row, Field::RoomType),
        check_in: day(Field::CheckIn),
        check_out: day(Field::CheckOut),
        roommate: text_field(row, Field::Roommate),
    }
}

#[cfg(test)]
mod tests {
    use super::month_day;
    use jiff::civil::date;

    #[test]
    fn stay_dates_without_a_year() {
        let filled = date(2025, 7, 1);
        assert_eq!(month_day("8月5日", filled), Some(date(2025, 8, 5)));
        assert_eq!(month_day(" 8 月 11 日", filled), Some(date(2025, 8, 11)));
        assert_eq!(month_day("08.05", filled), Some(date(2025, 8, 5)));
        assert_eq!(month_day("8-5", filled), Some(date(2025, 8, 5)));
        // Filled in December for a January stay.
        assert_eq!(
            month_day("1月3日", date(2025, 12, 20)),
            Some(date(2026, 1, 3))
        );
        assert_eq!(month_day("2月30日", filled), None);
        assert_eq!(month_day("八月五日", filled), None);
    }
}
