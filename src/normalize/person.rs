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

/// The row being read, and what its findings name.
struct Reading<'a> {
    row: &'a RawRow,
    ctx: &'a RowContext<'a>,
    /// The person's name as shown.
    who: &'a str,
    /// The name cell: a missing value's finding points here when the form has no column
    /// for it.
    name_source: &'a Source,
}

impl Reading<'_> {
    /// A finding at `source` naming the team and the person.
    fn finding(
        &self,
        code: Code,
        severity: Severity,
        source: &Source,
        zh: String,
        en: String,
    ) -> Finding {
        finding(code, severity, source, self.ctx, Some(self.who), zh, en)
    }

    /// Where the value of `field` should have been.
    fn missing_at(&self, field: Field) -> Source {
        field_source(self.ctx.sub, self.row, field, self.name_source)
    }
}

/// Builds the person of one data row; `None` (and `person.name-missing`) when the row has data
/// but no name.
pub(crate) fn person_from_row(
    row: &RawRow,
    ctx: &RowContext<'_>,
    out: &mut Findings,
) -> Option<Person> {
    let Some(name_v) = row
        .get(Field::Name)
        .and_then(|raw| name(&raw.cell.display()).map(|n| sourced(n, raw)))
    else {
        out.push(name_missing(row, ctx));
        return None;
    };
    let r = Reading {
        row,
        ctx,
        who: &name_v.value.display,
        name_source: &name_v.source,
    };
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
    let role_column = role_elsewhere(row, &mut p);
    // The team's own numbering, unless its column held the role.
    if role_column != Some(Field::Seq) {
        p.number = text_field(row, Field::Seq);
    }
    // ID number first: birth date and sex are checked against it.
    read_id(&r, &mut p, out);
    read_birth(&r, &mut p, out);
    read_sex(&r, &mut p, out);
    read_identifiers(&r, &mut p, role_column, out);
    invisible_cells(&r, out);
    Some(p)
}

/// A name, unit or ID number cell whose text holds invisible characters: a
/// `cell.invisible-characters` warning at the cell (every comparison already uses the text
/// without them: [`super::name_key`], [`super::unit_key`], the ID number's own cleaning).
fn invisible_cells(r: &Reading<'_>, out: &mut Findings) {
    for field in [
        Field::Name,
        Field::Id,
        Field::RegisteredUnit,
        Field::TeamUnit,
    ] {
        let Some(raw) = r.row.get(field) else {
            continue;
        };
        if let Some((zh, en)) = super::invisible_message(&raw.cell.display()) {
            out.push(r.finding(
                Code::CellInvisibleCharacters,
                Severity::Warning,
                &raw.source,
                zh,
                en,
            ));
        }
    }
}

/// `person.name-missing` at the row's name cell, with what the row does say so the team can
/// tell who it is.
fn name_missing(row: &RawRow, ctx: &RowContext<'_>) -> Finding {
    let sub = ctx.sub;
    let col = sub.columns.get(&Field::Name).copied().unwrap_or(0);
    let src = Source::cell(&sub.file, &sub.sheet, row.row, col);
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
    finding(
        Code::PersonNameMissing,
        Severity::Error,
        &src,
        ctx,
        None,
        format!("第{}行填了内容但没有姓名{}", row.row + 1, hint.0),
        format!("row {} has data but no name{}", row.row + 1, hint.1),
    )
}

/// Forms without a 身份 column write 领队/教练 into 组别, 台次, 序号 or 备注: the role is taken
/// from the first of those naming one, and that cell is not read as its own field. Returns
/// the column it came from.
fn role_elsewhere(row: &RawRow, p: &mut Person) -> Option<Field> {
    if p.role.is_some() {
        return None;
    }
    let (raw, r, f) = [Field::Group, Field::Board, Field::Seq, Field::Remarks]
        .into_iter()
        .find_map(|f| {
            let raw = row.get(f)?;
            official_role(&raw.cell.display()).map(|r| (raw, r, f))
        })?;
    p.role = Some(sourced(r, raw));
    match f {
        Field::Group => p.group = None,
        Field::Remarks => p.remarks = None,
        _ => {}
    }
    Some(f)
}

/// The ID number, in the format of the document a 证件类型 column names (else any format it
/// matches); a 15-digit number is upgraded to 18 digits and says so.
fn read_id(r: &Reading<'_>, p: &mut Person, out: &mut Findings) {
    let Some(raw) = r.row.get(Field::Id) else {
        return;
    };
    let declared = r
        .row
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
        Err(e) => out.push(r.finding(
            Code::PersonIdInvalid,
            Severity::Error,
            &raw.source,
            e.zh(),
            e.en(),
        )),
    }
}

/// Whether birth date and sex must be given: a player's, on an entry form.
fn required(r: &Reading<'_>, p: &Person) -> bool {
    r.ctx.require_birth_and_sex && p.role() == Role::Player
}

/// The birth date given by the ID number, as a derived value.
fn birth_from_id(d: jiff::civil::Date, id_src: &Source) -> Sourced<BirthDate> {
    Sourced::derived(
        BirthDate {
            date: d,
            precision: DatePrecision::Day,
        },
        id_src.clone(),
        Derivation::FromIdNumber,
    )
}

/// 出生日期, checked against the ID number: the ID completes a date given to the month and
/// fills an empty or unreadable cell; a date that differs is `person.id-birth-mismatch`.
fn read_birth(r: &Reading<'_>, p: &mut Person, out: &mut Findings) {
    let id_birth =
        p.id.as_ref()
            .and_then(|i| i.value.birth_date().map(|d| (d, i.source.clone())));
    let mut problem: Option<(Source, String, String)> = None;
    if let Some(raw) = r.row.get(Field::Birth) {
        match date(&raw.cell, r.ctx.system) {
            Ok(Some(b)) => p.birth = Some(sourced(b, raw)),
            Ok(None) => {}
            Err(e) => problem = Some((raw.source.clone(), e.zh(), e.en())),
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
            if !same {
                out.push(r.finding(
                    Code::PersonIdBirthMismatch,
                    Severity::Error,
                    &b.source,
                    format!("出生日期{}与身份证号（{}）中的{}不一致", b.value, id_src, d),
                    format!(
                        "birth date {} differs from {} in the ID number ({})",
                        b.value, d, id_src
                    ),
                ));
            } else if b.value.precision == DatePrecision::Month {
                // The ID gives the day the form left out.
                p.birth = Some(birth_from_id(*d, id_src));
            }
        }
        (None, Some((d, id_src))) => {
            p.birth = Some(birth_from_id(*d, id_src));
            // An empty cell filled from the ID is no finding; an unreadable one is worth a look.
            if let Some((src, zh, en)) = &problem {
                out.push(r.finding(
                    Code::PersonBirthMissing,
                    Severity::Warning,
                    src,
                    format!("{zh}；已按身份证号取{d}"),
                    format!("{en}; {d} taken from the ID number"),
                ));
            }
        }
        // Age limits are counted to the day: a player's month-only date may fall either side.
        (Some(b), None)
            if b.value.precision == DatePrecision::Month && p.role() == Role::Player =>
        {
            out.push(r.finding(
                Code::PersonBirthMissing,
                Severity::Warning,
                &b.source,
                format!("出生日期只填了年月（{}），缺少日", b.value),
                format!(
                    "the birth date gives only year and month ({}), no day",
                    b.value
                ),
            ));
        }
        (Some(_), None) => {}
        (None, None) => {
            if required(r, p) {
                let (src, zh, en) = problem.unwrap_or_else(|| {
                    (
                        r.missing_at(Field::Birth),
                        "未填写出生日期".to_string(),
                        "no birth date".to_string(),
                    )
                });
                out.push(r.finding(
                    Code::PersonBirthMissing,
                    Severity::Error,
                    &src,
                    format!("{zh}，也没有可推算出生日期的身份证号"),
                    format!("{en}, and no ID number to derive it from"),
                ));
            }
        }
    }
}

/// 性别, checked against the ID number's 17th digit (odd: male), which also fills an empty or
/// unreadable cell.
fn read_sex(r: &Reading<'_>, p: &mut Person, out: &mut Findings) {
    let id_sex =
        p.id.as_ref()
            .and_then(|i| i.value.sex().map(|s| (s, i.source.clone())));
    let mut problem: Option<(Source, String)> = None;
    if let Some(raw) = r.row.get(Field::Sex) {
        match sex(&raw.cell) {
            Ok(Some(s)) => p.sex = Some(sourced(s, raw)),
            Ok(None) => {}
            Err(t) => problem = Some((raw.source.clone(), t)),
        }
    }
    match (&p.sex, &id_sex) {
        (Some(s), Some((is, id_src))) if s.value != *is => out.push(r.finding(
            Code::PersonIdGenderMismatch,
            Severity::Error,
            &s.source,
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
            if let Some((src, t)) = &problem {
                out.push(r.finding(
                    Code::PersonGenderMissing,
                    Severity::Warning,
                    src,
                    format!("无法识别的性别“{t}”；已按身份证号取{}", is.zh()),
                    format!(
                        "unrecognised sex {t:?}; {} taken from the ID number",
                        is.en()
                    ),
                ));
            }
        }
        (None, None) if required(r, p) => {
            let (src, zh, en) = match &problem {
                Some((src, t)) => (
                    src.clone(),
                    format!("无法识别的性别“{t}”"),
                    format!("unrecognised sex {t:?}"),
                ),
                None => (
                    r.missing_at(Field::Sex),
                    "未填写性别".to_string(),
                    "no sex given".to_string(),
                ),
            };
            out.push(r.finding(
                Code::PersonGenderMissing,
                Severity::Error,
                &src,
                format!("{zh}，也没有可推算性别的身份证号"),
                format!("{en}, and no ID number to derive it from"),
            ));
        }
        _ => {}
    }
}

/// The Latin name, FIDE ID, rating and board. An unreadable one is a warning and left empty:
/// none of them stops a person from being entered. The board is not read from a column that
/// held the role.
fn read_identifiers(
    r: &Reading<'_>,
    p: &mut Person,
    role_column: Option<Field>,
    out: &mut Findings,
) {
    let row = r.row;
    if let Some(raw) = row.get(Field::LatinName) {
        let text = raw.cell.display();
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if !text.is_empty() {
            p.latin_name = Some(sourced(text, raw));
        }
    }
    let warn = |code: Code, raw: &RawValue, zh: String, en: String| {
        r.finding(code, Severity::Warning, &raw.source, zh, en)
    };
    if let Some(raw) = row.get(Field::FideId) {
        match fide_id(&raw.cell) {
            Ok(v) => p.fide_id = v.map(|v| sourced(v, raw)),
            Err(t) => out.push(warn(
                Code::PersonFideIdInvalid,
                raw,
                format!("国际棋联ID“{t}”无效（应为不超过10位的数字）"),
                format!("FIDE ID {t:?} is invalid (up to 10 digits)"),
            )),
        }
    }
    if let Some(raw) = row.get(Field::Rating) {
        match rating(&raw.cell) {
            Ok(v) => p.rating = v.map(|v| sourced(v, raw)),
            Err(t) => out.push(warn(
                Code::PersonRatingInvalid,
                raw,
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
            Err(t) => out.push(warn(
                Code::PersonBoardInvalid,
                raw,
                format!("台次“{t}”无法识别（应为1、第一台、替补等）"),
                format!("board {t:?} is unreadable (1, 第一台, 替补...)"),
            )),
        }
    }
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
