//! Short fields: sex, FIDE ID, rating, board, role, unit names, plain text.

use unicode_normalization::UnicodeNormalization;

use crate::ingest::Cell;
use crate::model::Sex;
use crate::model::roster::{Board, Role};

/// NFKC text of a cell with all whitespace (and zero-width characters) removed.
/// A category value (性别, 身份, 台次) as compact Simplified text: `領隊` is `领队`.
fn compact(cell: &Cell) -> String {
    let t: String = cell
        .display()
        .nfkc()
        // Text pasted from Word or a chat app brings zero-width spaces and BOMs, which NFKC
        // keeps and `is_whitespace` does not match.
        .filter(|c| !c.is_whitespace() && !matches!(c, '\u{200B}' | '\u{FEFF}'))
        .collect();
    super::simplified(&t)
}

/// Plain text of a cell: NFKC, trimmed, inner whitespace runs become one space; `None` when
/// blank. Used for 组别, 称号, 电话, 备注, hotel names.
///
/// ```
/// use bianpai::ingest::Cell;
/// use bianpai::normalize::text;
/// assert_eq!(text(&Cell::Text("  公开组　男子 ".into())).as_deref(), Some("公开组 男子"));
/// assert_eq!(text(&Cell::Int(13800138000)).as_deref(), Some("13800138000"));
/// ```
pub fn text(cell: &Cell) -> Option<String> {
    let s: String = cell.display().nfkc().collect();
    let words: Vec<&str> = s.split_whitespace().collect();
    if words.is_empty() {
        None
    } else {
        Some(words.join(" "))
    }
}

/// A sex from 男/女/M/F/男子/女子/男性/女性 (full-width and padded forms too).
///
/// ```
/// use bianpai::ingest::Cell;
/// use bianpai::model::Sex;
/// use bianpai::normalize::sex;
/// assert_eq!(sex(&Cell::Text(" 女 ".into())), Ok(Some(Sex::Female)));
/// assert_eq!(sex(&Cell::Text("Ｍ".into())), Ok(Some(Sex::Male)));
/// ```
///
/// # Errors
///
/// The text as written when it is no known spelling.
pub fn sex(cell: &Cell) -> Result<Option<Sex>, String> {
    let t = compact(cell);
    if t.is_empty() {
        return Ok(None);
    }
    // `Sex` parses the words of the standard forms; school lists write 男生/女生 and
    // invitation lists 男士/女士, which name a sex just as well.
    match t.as_str() {
        "男生" | "男士" => return Ok(Some(Sex::Male)),
        "女生" | "女士" => return Ok(Some(Sex::Female)),
        _ => {}
    }
    t.parse::<Sex>().map(Some).map_err(|_| cell.display())
}

/// A FIDE ID: 1 to 10 digits, not zero.
///
/// ```
/// use bianpai::ingest::Cell;
/// use bianpai::normalize::fide_id;
/// assert_eq!(fide_id(&Cell::Float(8603677.0)), Ok(Some(8603677)));
/// assert_eq!(fide_id(&Cell::Text(" 8 603 677 ".into())), Ok(Some(8603677)));
/// assert!(fide_id(&Cell::Text("86O3677".into())).is_err());
/// ```
///
/// # Errors
///
/// The value as written when it is not 1-10 digits.
pub fn fide_id(cell: &Cell) -> Result<Option<u64>, String> {
    let t = compact(cell);
    // 无 or a dash is how a form says "no FIDE ID yet": the player has none, the cell is
    // not wrong.
    if t.is_empty() || t == "无" || t == "-" {
        return Ok(None);
    }
    // FIDE IDs are at most 10 digits; checking the digits refuses `+123`, which `parse`
    // alone would take.
    let ok = !t.is_empty() && t.len() <= 10 && t.bytes().all(|b| b.is_ascii_digit());
    match t.parse::<u64>() {
        Ok(n) if ok && n > 0 => Ok(Some(n)),
        _ => Err(cell.display()),
    }
}

/// A rating: `2315`, `2,315`, `2315分`, `２３１５`; blank, `0`, `无`, `-` mean unrated (`None`).
///
/// ```
/// use bianpai::ingest::Cell;
/// use bianpai::normalize::rating;
/// assert_eq!(rating(&Cell::Text("2,315".into())), Ok(Some(2315)));
/// assert_eq!(rating(&Cell::Text("2315分".into())), Ok(Some(2315)));
/// assert_eq!(rating(&Cell::Int(0)), Ok(None));
/// ```
///
/// # Errors
///
/// The value as written when it is no whole number in 1..=3500.
pub fn rating(cell: &Cell) -> Result<Option<u32>, String> {
    let t: String = compact(cell)
        .chars()
        .filter(|c| !matches!(c, ',' | '，' | '、'))
        .collect();
    let t = t.strip_suffix('分').unwrap_or(&t);
    if t.is_empty() || matches!(t, "无" | "-" | "—" | "/" | "未定级" | "无等级分") {
        return Ok(None);
    }
    // A number cell stored as text reads `2315.0`.
    let n = t.strip_suffix(".0").unwrap_or(t);
    // No rating reaches 3500: a larger number is another column's value typed here (a phone
    // or an ID number) and is reported rather than taken as a rating.
    match n.parse::<u32>() {
        Ok(0) => Ok(None),
        Ok(v) if v <= 3500 => Ok(Some(v)),
        _ => Err(cell.display()),
    }
}

/// A Chinese or Arabic number 1..=99 (`3`, `三`, `十二`, `二十`).
fn small_number(s: &str) -> Option<u16> {
    if let Ok(n) = s.parse::<u16>() {
        return (1..=99).contains(&n).then_some(n);
    }
    let digit = |c: char| "零一二三四五六七八九".chars().position(|d| d == c);
    let chars: Vec<char> = s
        .chars()
        // 两 is how 二 is said before a measure word (两台).
        .map(|c| if c == '两' { '二' } else { c })
        .collect();
    let n = match chars.as_slice() {
        ['十'] => 10,
        [d] => digit(*d)?,
        ['十', u] => 10 + digit(*u)?,
        [t, '十'] => digit(*t)? * 10,
        [t, '十', u] => digit(*t)? * 10 + digit(*u)?,
        _ => return None,
    };
    let n = u16::try_from(n).ok()?;
    (1..=99).contains(&n).then_some(n)
}

/// A board: `1`, `第一台`, `一台`, `1台`, `第1台`; reserves `替补`, `替补1`, `候补`, `R`, `R1`.
///
/// ```
/// use bianpai::ingest::Cell;
/// use bianpai::model::roster::Board;
/// use bianpai::normalize::board;
/// assert_eq!(board(&Cell::Text("第三台".into())), Ok(Some(Board::Main(3))));
/// assert_eq!(board(&Cell::Text("替补1".into())), Ok(Some(Board::Reserve(Some(1)))));
/// ```
///
/// # Errors
///
/// The value as written when it is none of these.
pub fn board(cell: &Cell) -> Result<Option<Board>, String> {
    let err = || cell.display();
    match cell {
        Cell::Int(i) => {
            return u16::try_from(*i)
                .ok()
                .filter(|n| (1..=99).contains(n))
                .map(|n| Some(Board::Main(n)))
                .ok_or_else(err);
        }
        // Spreadsheets store a typed 3 as the number 3.0.
        Cell::Float(f) if f.fract() == 0.0 && (1.0..=99.0).contains(f) => {
            return Ok(Some(Board::Main(*f as u16)));
        }
        _ => {}
    }
    let t = compact(cell).to_uppercase();
    if t.is_empty() {
        return Ok(None);
    }
    // Longest prefix first: `替补1` must not be read as `替` followed by `补1`.
    for prefix in ["替补", "候补", "预备", "替", "R"] {
        if let Some(rest) = t.strip_prefix(prefix) {
            let rest = rest.trim_start_matches('第').trim_end_matches(['台', '号']);
            if rest.is_empty() || rest == "队员" {
                return Ok(Some(Board::Reserve(None)));
            }
            return small_number(rest)
                .map(|n| Some(Board::Reserve(Some(n))))
                .ok_or_else(err);
        }
    }
    let core = t
        .strip_prefix('第')
        .unwrap_or(&t)
        .trim_end_matches(['台', '板'])
        .trim_end_matches(".0");
    small_number(core)
        .map(|n| Some(Board::Main(n)))
        .ok_or_else(err)
}

/// A role from the 身份/职务 column: 领队, 教练, 运动员 and their variants; anything else
/// non-blank is staff.
///
/// ```
/// use bianpai::ingest::Cell;
/// use bianpai::model::roster::Role;
/// use bianpai::normalize::role;
/// assert_eq!(role(&Cell::Text("教练员".into())), Some(Role::Coach));
/// assert_eq!(role(&Cell::Text("队医".into())), Some(Role::Staff));
/// ```
pub fn role(cell: &Cell) -> Option<Role> {
    let t = compact(cell).to_lowercase();
    if t.is_empty() {
        return None;
    }
    // Leader before coach: 领队兼教练 is the team's leader (its one leader place). 替补 and
    // 主力 in this column say which kind of player.
    Some(
        if t.starts_with("领队") || t == "leader" || t == "teamleader" {
            Role::Leader
        } else if t.contains("教练") || t == "coach" {
            Role::Coach
        } else if matches!(
            t.as_str(),
            "运动员" | "队员" | "棋手" | "选手" | "参赛队员" | "player" | "替补" | "主力"
        ) {
            Role::Player
        } else {
            Role::Staff
        },
    )
}

/// A role written where a column of another meaning was (`领队` in 组别): only the exact
/// words of officials count, so a group or remark is never taken for a role.
///
/// ```
/// use bianpai::model::roster::Role;
/// use bianpai::normalize::official_role;
/// assert_eq!(official_role(" 领队 "), Some(Role::Leader));
/// assert_eq!(official_role("公开组男子"), None);
/// ```
pub fn official_role(text: &str) -> Option<Role> {
    let t: String = text.nfkc().filter(|c| !c.is_whitespace()).collect();
    let t = super::simplified(&t);
    match t.as_str() {
        "领队" | "领队兼教练" => Some(Role::Leader),
        "教练" | "教练员" | "主教练" | "助理教练" => Some(Role::Coach),
        "随队人员" | "工作人员" | "队医" | "随队" => Some(Role::Staff),
        _ => None,
    }
}

/// A unit (team) name: NFKC, `（盖章）`/`(公章)`/`盖章`, underscores and trailing colons dropped,
/// surrounding whitespace trimmed; `队`/`俱乐部` kept as written. `None` when nothing is left.
///
/// ```
/// use bianpai::normalize::unit_name;
/// assert_eq!(unit_name("北京队（盖章）").as_deref(), Some("北京队"));
/// assert_eq!(unit_name("  上海市棋牌运动管理中心 (盖章)：").as_deref(), Some("上海市棋牌运动管理中心"));
/// ```
pub fn unit_name(raw: &str) -> Option<String> {
    let mut s: String = raw
        .nfkc()
        .filter(|c| *c != '_' && !super::name::is_invisible(*c))
        .collect();
    for stamp in ["(盖章)", "(公章)", "(签章)", "盖章", "公章"] {
        s = s.replace(stamp, "");
    }
    let s = s
        .trim()
        .trim_end_matches([':', '：'])
        .trim_start_matches([':', '：'])
        .trim();
    let words: Vec<&str> = s.split_whitespace().collect();
    let joined = words.join(" ");
    (!joined.is_empty()).then_some(joined)
}

/// The key units are matched on: [`unit_name`] with all whitespace removed, lower case.
///
/// ```
/// use bianpai::normalize::unit_key;
/// assert_eq!(unit_key("北京 队"), unit_key("北京队（盖章）"));
/// ```
pub fn unit_key(raw: &str) -> String {
    unit_name(raw)
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Cell {
        Cell::Text(s.into())
    }

    #[test]
    fn sexes() {
        for s in ["男", "男子", "男性", "M", "m", "Ｍ", " 男 ", "男生", "male"] {
            assert_eq!(sex(&t(s)), Ok(Some(Sex::Male)), "{s:?}");
        }
        for s in ["女", "女子", "女性", "F", "f", "女　"] {
            assert_eq!(sex(&t(s)), Ok(Some(Sex::Female)), "{s:?}");
        }
        assert_eq!(sex(&Cell::Empty), Ok(None));
        assert_eq!(sex(&t("未知")), Err("未知".into()));
    }

    #[test]
    fn fide_ids() {
        assert_eq!(fide_id(&Cell::Int(8603677)), Ok(Some(8603677)));
        assert_eq!(fide_id(&t("８６０３６７７")), Ok(Some(8603677)));
        assert_eq!(fide_id(&t("")), Ok(None));
        assert_eq!(fide_id(&t("无")), Ok(None));
        assert_eq!(fide_id(&t("12345678901")), Err("12345678901".into()));
        assert_eq!(fide_id(&t("0")), Err("0".into()));
        assert_eq!(fide_id(&Cell::Float(8603677.5)), Err("8603677.5".into()));
        assert_eq!(fide_id(&t("-5")), Err("-5".into()));
    }

    #[test]
    fn ratings() {
        assert_eq!(rating(&t("2315")), Ok(Some(2315)));
        assert_eq!(rating(&t("2,315")), Ok(Some(2315)));
        assert_eq!(rating(&t("2315分")), Ok(Some(2315)));
        assert_eq!(rating(&t("２３１５")), Ok(Some(2315)));
        assert_eq!(rating(&Cell::Float(2315.0)), Ok(Some(2315)));
        assert_eq!(rating(&Cell::Int(0)), Ok(None));
        assert_eq!(rating(&t("")), Ok(None));
        assert_eq!(rating(&t("无")), Ok(None));
        assert_eq!(rating(&t("高")), Err("高".into()));
        assert_eq!(rating(&t("23150")), Err("23150".into()));
        assert_eq!(rating(&Cell::Float(2315.5)), Err("2315.5".into()));
    }

    #[test]
    fn boards() {
        let main = |n| Ok(Some(Board::Main(n)));
        assert_eq!(board(&Cell::Int(1)), main(1));
        assert_eq!(board(&Cell::Float(2.0)), main(2));
        for (s, n) in [
            ("1", 1),
            ("第一台", 1),
            ("一台", 1),
            ("1台", 1),
            ("第1台", 1),
            ("三", 3),
            ("第十二台", 12),
            ("二十", 20),
            ("５", 5),
        ] {
            assert_eq!(board(&t(s)), main(n), "{s:?}");
        }
        for s in ["替补", "候补", "R", "r", "替补队员"] {
            assert_eq!(board(&t(s)), Ok(Some(Board::Reserve(None))), "{s:?}");
        }
        assert_eq!(board(&t("替补1")), Ok(Some(Board::Reserve(Some(1)))));
        assert_eq!(board(&t("替补二")), Ok(Some(Board::Reserve(Some(2)))));
        assert_eq!(board(&t("R2")), Ok(Some(Board::Reserve(Some(2)))));
        assert_eq!(board(&t("")), Ok(None));
        assert_eq!(board(&Cell::Int(0)), Err("0".into()));
        assert_eq!(board(&t("主力")), Err("主力".into()));
    }

    #[test]
    fn roles() {
        assert_eq!(role(&t("领队")), Some(Role::Leader));
        assert_eq!(role(&t("领队兼教练")), Some(Role::Leader));
        assert_eq!(role(&t("主教练")), Some(Role::Coach));
        assert_eq!(role(&t("运动员")), Some(Role::Player));
        assert_eq!(role(&t("随队人员")), Some(Role::Staff));
        assert_eq!(role(&Cell::Empty), None);
    }

    #[test]
    fn units() {
        assert_eq!(unit_name("北京队（盖章）").as_deref(), Some("北京队"));
        assert_eq!(unit_name("北京队(盖章)").as_deref(), Some("北京队"));
        assert_eq!(unit_name("北京队 盖章").as_deref(), Some("北京队"));
        assert_eq!(unit_name("（盖章）北京队").as_deref(), Some("北京队"));
        assert_eq!(
            unit_name("：北京棋院俱乐部___").as_deref(),
            Some("北京棋院俱乐部")
        );
        assert_eq!(unit_name("　北京队　").as_deref(), Some("北京队"));
        assert_eq!(unit_name("（盖章）"), None);
        assert_eq!(unit_key("Beijing  Club"), "beijingclub");
    }
}
