//! Header rows: which column holds which field, found by synonyms in any order under any title
//! rows.

use std::collections::BTreeMap;

use unicode_normalization::UnicodeNormalization;

use crate::ingest::Table;

/// A column of an entry form, a room request or a registration list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Field {
    /// 序号.
    Seq,
    /// 姓名.
    Name,
    /// 性别.
    Sex,
    /// 出生日期.
    Birth,
    /// 身份证号 / 证件号码.
    Id,
    /// 证件类型: the document the number in [`Field::Id`] is of (身份证, 港澳通行证, 护照, ...).
    IdType,
    /// 国际棋联ID.
    FideId,
    /// 等级分.
    Rating,
    /// 台次.
    Board,
    /// 注册单位 / 所属单位.
    RegisteredUnit,
    /// 单位 / 参赛单位: the team, when one sheet holds several.
    TeamUnit,
    /// 组别.
    Group,
    /// 称号 / 技术等级.
    Title,
    /// 身份 / 职务.
    Role,
    /// 联系电话.
    Phone,
    /// 备注.
    Remarks,
    /// 民族.
    Ethnicity,
    /// 酒店 (room requests).
    Hotel,
    /// 房型 (room requests).
    RoomType,
    /// 入住日期 (room requests).
    CheckIn,
    /// 离店日期 (room requests).
    CheckOut,
    /// 同住人 (room requests).
    Roommate,
    /// 家庭编号 / 搭档: the pair (family) an entrant of a pairs section belongs to.
    Family,
    /// 拼音 / 英文名 / FIDE姓名: the name in Latin letters, as FIDE records it.
    LatinName,
}

impl Field {
    /// The column's usual heading, in Chinese and English, for messages.
    pub fn label(self) -> (&'static str, &'static str) {
        match self {
            Field::Seq => ("序号", "number"),
            Field::Name => ("姓名", "name"),
            Field::Sex => ("性别", "sex"),
            Field::Birth => ("出生日期", "birth date"),
            Field::Id => ("证件号码", "ID number"),
            Field::IdType => ("证件类型", "ID document"),
            Field::FideId => ("国际棋联ID", "FIDE ID"),
            Field::LatinName => ("拼音姓名", "name in Latin letters"),
            Field::Rating => ("等级分", "rating"),
            Field::Board => ("台次", "board"),
            Field::RegisteredUnit => ("注册单位", "registered unit"),
            Field::TeamUnit => ("参赛单位", "unit"),
            Field::Group => ("组别", "group"),
            Field::Title => ("称号", "title"),
            Field::Role => ("身份", "role"),
            Field::Phone => ("联系电话", "phone"),
            Field::Remarks => ("备注", "remarks"),
            Field::Ethnicity => ("民族", "ethnicity"),
            Field::Hotel => ("酒店", "hotel"),
            Field::RoomType => ("房型", "room type"),
            Field::CheckIn => ("入住日期", "check-in date"),
            Field::CheckOut => ("离店日期", "check-out date"),
            Field::Roommate => ("同住人", "roommate"),
            Field::Family => ("家庭编号", "family number"),
        }
    }
}

const SYNONYMS: &[(Field, &[&str])] = &[
    (
        Field::Seq,
        &["序号", "编号", "号码", "序", "no", "no.", "#"],
    ),
    (
        Field::IdType,
        &[
            "证件类型",
            "证件种类",
            "证件类别",
            "证件名称",
            "身份证件类型",
            "idtype",
            "documenttype",
        ],
    ),
    (
        Field::Name,
        &[
            "姓名",
            "棋手姓名",
            "运动员姓名",
            "队员姓名",
            "选手姓名",
            "名字",
            "中文姓名",
            "name",
            "fullname",
            "playername",
        ],
    ),
    (Field::Sex, &["性别", "sex", "gender"]),
    (
        Field::Birth,
        &[
            "出生日期",
            "出生年月",
            "出生年月日",
            "生日",
            "出生时间",
            "birth",
            "dob",
            "birthday",
            "dateofbirth",
            "birthdate",
        ],
    ),
    (
        Field::Id,
        &[
            "身份证号",
            "身份证号码",
            "证件号码",
            "证件号",
            "身份证",
            "公民身份号码",
            "身份证件号码",
            "id",
            "idno",
            "idno.",
            "idnumber",
        ],
    ),
    (
        Field::FideId,
        &[
            "国际棋联id",
            "fideid",
            "fide编号",
            "国际棋联编号",
            "fide号",
            "国际棋联号",
            "fidecode",
            "fideno",
            "fideno.",
        ],
    ),
    (
        Field::Rating,
        &[
            "等级分",
            "国际等级分",
            "fide等级分",
            "全国等级分",
            "rating",
            "elo",
            "fiderating",
        ],
    ),
    (Field::Board, &["台次", "台序", "台号", "board", "bd"]),
    (
        Field::RegisteredUnit,
        &[
            "注册单位",
            "所属单位",
            "所在单位",
            "注册单位名称",
            "registeredunit",
            "club",
        ],
    ),
    (
        Field::TeamUnit,
        &[
            "单位",
            "参赛单位",
            "代表队",
            "队名",
            "参赛队",
            "队伍",
            "单位名称",
            "参赛队伍",
            "team",
        ],
    ),
    (
        Field::Group,
        &["组别", "参赛组别", "组", "group", "section"],
    ),
    (
        Field::Title,
        &[
            "称号",
            "称号/技术等级",
            "称号/等级",
            "技术等级/称号",
            "技术等级",
            "运动员等级",
            "等级称号",
            "棋士等级",
            "等级",
            "段位",
            "级别",
            "title",
        ],
    ),
    (
        Field::Role,
        &["身份", "职务", "角色", "人员类别", "类别", "role"],
    ),
    (
        Field::Phone,
        &[
            "电话",
            "联系电话",
            "手机",
            "手机号",
            "手机号码",
            "联系方式",
            "phone",
            "tel",
            "mobile",
        ],
    ),
    (
        Field::Remarks,
        &["备注", "remark", "remarks", "note", "notes"],
    ),
    (Field::Ethnicity, &["民族"]),
    (
        Field::Family,
        &[
            "家庭编号",
            "家庭",
            "家庭号",
            "家庭组号",
            "组号",
            "搭档",
            "搭档姓名",
            "同组搭档",
            "family",
        ],
    ),
    (
        Field::Hotel,
        &["酒店", "宾馆", "入住酒店", "住宿酒店", "hotel"],
    ),
    (
        Field::RoomType,
        &["房型", "房间类型", "住房类型", "房间", "roomtype", "room"],
    ),
    (
        Field::CheckIn,
        &[
            "入住日期",
            "入住时间",
            "到达日期",
            "报到日期",
            "入住",
            "checkin",
            "arrival",
        ],
    ),
    (
        Field::CheckOut,
        &[
            "离店日期",
            "退房日期",
            "离店时间",
            "退房时间",
            "离会日期",
            "离店",
            "退房",
            "checkout",
            "departure",
        ],
    ),
    (
        Field::Roommate,
        &["同住人", "同住", "合住人", "同住人姓名", "roommate"],
    ),
];

/// A header cell's text reduced for matching: NFKC, lower case, without whitespace (line breaks
/// included), `*` required markers, a parenthesised hint (`出生日期（例：2001.05.03）`) and
/// trailing colons.
pub(crate) fn header_key(raw: &str) -> String {
    let s: String = crate::normalize::simplified(&raw.nfkc().collect::<String>());
    let mut out = String::with_capacity(s.len());
    let mut depth = 0u32;
    for c in s.chars() {
        match c {
            '(' | '[' | '【' | '〔' => depth = depth.saturating_add(1),
            ')' | ']' | '】' | '〕' => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            c if c.is_whitespace() || matches!(c, '*' | '※' | '\u{200B}' | '\u{FEFF}' | '_') => {}
            c => out.extend(c.to_lowercase()),
        }
    }
    out.trim_end_matches([':', '：']).to_string()
}

/// The field a header cell names, if any.
///
/// ```
/// use bianpai::forms::{field_of, Field};
/// assert_eq!(field_of("姓 名"), Some(Field::Name));
/// assert_eq!(field_of("*出生日期\n（例：2001.05.03）"), Some(Field::Birth));
/// assert_eq!(field_of("ＦＩＤＥ ＩＤ"), Some(Field::FideId));
/// assert_eq!(field_of("姓名（拼音）"), Some(Field::LatinName));
/// assert_eq!(field_of("FIDE姓名"), Some(Field::LatinName));
/// assert_eq!(field_of("国际棋联姓名"), Some(Field::LatinName));
/// ```
pub fn field_of(raw: &str) -> Option<Field> {
    let key = header_key(raw);
    if key.is_empty() || key.chars().count() > 16 {
        return None;
    }
    // A transliteration column is not the name: it is the name in Latin letters (拼音, 英文名,
    // FIDE姓名), which the FIDE report uses as given.
    // The raw text: the key drops what is in brackets (`姓名（拼音）`).
    let raw_lower = raw.to_lowercase();
    if raw.contains("拼音") || (raw.contains("英文") && raw.contains('名')) {
        return Some(Field::LatinName);
    }
    if raw.contains("英文") {
        return None;
    }
    let has = |s: &str| key.contains(s);
    if (raw_lower.contains("fide") || raw.contains("国际棋联"))
        && (raw.contains("姓名") || raw_lower.contains("name"))
    {
        return Some(Field::LatinName);
    }
    if (has("fide") || has("国际棋联")) && (has("姓名") || has("name")) {
        return Some(Field::LatinName);
    }
    for (field, names) in SYNONYMS {
        if names.contains(&key.as_str()) {
            return Some(*field);
        }
    }
    // Longer spellings: `身份证号码(18位)`, `FIDE等级分`, `出生年月(yyyy.mm.dd)`.
    if has("证件类型") || has("证件种类") {
        Some(Field::IdType)
    } else if has("身份证") || has("证件号") {
        Some(Field::Id)
    } else if has("fide") || has("国际棋联") {
        if has("等级分") || has("rating") {
            Some(Field::Rating)
        } else {
            Some(Field::FideId)
        }
    } else if has("等级分") {
        Some(Field::Rating)
    } else if has("出生") {
        Some(Field::Birth)
    } else if has("姓名") && !has("同住") && !has("领队") && !has("教练") {
        Some(Field::Name)
    } else if has("电话") || has("手机") {
        Some(Field::Phone)
    } else if has("台次") {
        Some(Field::Board)
    } else {
        None
    }
}

/// The fields of one row: field → first column naming it.
fn row_fields(table: &Table, row: usize) -> BTreeMap<Field, usize> {
    let mut map = BTreeMap::new();
    let Some(cells) = table.rows.get(row) else {
        return map;
    };
    for (col, cell) in cells.iter().enumerate() {
        if let crate::ingest::Cell::Text(s) = cell
            && let Some(f) = field_of(s)
        {
            map.entry(f).or_insert(col);
        }
    }
    map
}

/// The short texts of a row that could be column headings (no labels, no sentences).
pub(crate) fn headings(table: &Table, row: usize) -> Vec<String> {
    let Some(cells) = table.rows.get(row) else {
        return Vec::new();
    };
    cells
        .iter()
        .filter_map(|c| match c {
            crate::ingest::Cell::Text(s) => {
                let t: String = s.split_whitespace().collect();
                let n = t.chars().count();
                (n > 0 && n <= 16 && !t.contains(['：', ':', '。'])).then_some(t)
            }
            _ => None,
        })
        .collect()
}

/// The first row that looks like a header without a name column: (row, its headings), for
/// the finding of a file not taken as a form.
pub(crate) fn header_like_row(table: &Table) -> Option<(usize, Vec<String>)> {
    (0..table.height().min(HEADER_SCAN_ROWS))
        .map(|r| (r, headings(table, r)))
        .find(|(_, h)| h.len() >= 3)
}

/// A header: where it is and what each column holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// The (first) header row.
    pub row: usize,
    /// The first row after the header (a second header row of sub-headers is skipped).
    pub data_start: usize,
    /// Field → column.
    pub columns: BTreeMap<Field, usize>,
}

/// How many rows from the top are searched for a header.
const HEADER_SCAN_ROWS: usize = 60;

/// Finds the first row that names a name column and at least one other field.
pub(crate) fn find_header(table: &Table) -> Option<Header> {
    find_header_from(table, 0)
}

/// Finds the first header at or below row `from` (within the next rows searched).
pub(crate) fn find_header_from(table: &Table, from: usize) -> Option<Header> {
    let limit = table.height().min(from.saturating_add(HEADER_SCAN_ROWS));
    for row in from..limit {
        let mut columns = row_fields(table, row);
        // 姓名 and one more known column; or 姓名 among other headings we do not know (a school
        // sports meet's 姓名 | 号码 | 参赛项目): still a form, read by its name column.
        if !columns.contains_key(&Field::Name)
            || (columns.len() < 2 && headings(table, row).len() < 2)
        {
            continue;
        }
        let mut data_start = row + 1;
        // A two-row header (a merged group cell such as `证件` over `证件类型 | 证件号码`): the
        // next row names at least one field, holds only text and nothing under the name.
        let next = row_fields(table, row + 1);
        let name_col = columns.get(&Field::Name).copied().unwrap_or(0);
        let only_text = table.rows.get(row + 1).is_some_and(|r| {
            r.iter()
                .all(|c| c.is_blank() || matches!(c, crate::ingest::Cell::Text(_)))
        });
        if !next.is_empty()
            && !next.contains_key(&Field::Name)
            && only_text
            && table.get(row + 1, name_col).is_blank()
        {
            for (f, c) in next {
                columns.entry(f).or_insert(c);
            }
            data_start = row + 2;
        }
        return Some(Header {
            row,
            data_start,
            columns,
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn synonyms() {
        let cases = [
            ("姓名", Field::Name),
            ("棋手姓名", Field::Name),
            ("运动员姓名", Field::Name),
            ("姓　名", Field::Name),
            ("Name", Field::Name),
            ("性 别", Field::Sex),
            ("Gender", Field::Sex),
            ("出生年月", Field::Birth),
            ("生日", Field::Birth),
            ("DOB", Field::Birth),
            ("身份证号码", Field::Id),
            ("证件号码", Field::Id),
            ("身份证号码\n（18位）", Field::Id),
            ("ID", Field::Id),
            ("国际棋联ID", Field::FideId),
            ("FIDE编号", Field::FideId),
            ("国际棋联编号", Field::FideId),
            ("FIDE等级分", Field::Rating),
            ("国际等级分", Field::Rating),
            ("Rating", Field::Rating),
            ("台次", Field::Board),
            ("台序", Field::Board),
            ("Board", Field::Board),
            ("注册单位", Field::RegisteredUnit),
            ("所属单位", Field::RegisteredUnit),
            ("参赛单位", Field::TeamUnit),
            ("单位", Field::TeamUnit),
            ("组别", Field::Group),
            ("技术等级", Field::Title),
            ("运动员等级", Field::Title),
            ("身份", Field::Role),
            ("职务", Field::Role),
            ("联系电话", Field::Phone),
            ("备注", Field::Remarks),
            ("序号", Field::Seq),
            ("民族", Field::Ethnicity),
            ("*姓名", Field::Name),
            ("＊性别", Field::Sex),
            ("房型", Field::RoomType),
            ("同住人", Field::Roommate),
        ];
        for (raw, f) in cases {
            assert_eq!(field_of(raw), Some(f), "{raw:?}");
        }
        assert_eq!(field_of("2025年全国象棋锦标赛报名表"), None);
        assert_eq!(field_of("领队姓名"), None);
    }
}
