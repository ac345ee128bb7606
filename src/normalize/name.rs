//! Person names: padding, full-width forms, zero-width characters and middle dots.

use unicode_normalization::UnicodeNormalization;

use crate::model::roster::PersonName;

/// The middle dot used in minority and foreign names, as in GBK A1A4 and public-security
/// systems.
pub(crate) const MIDDLE_DOT: char = '\u{00B7}';

/// Whether `c` is a Han character (CJK unified ideographs, extensions, compatibility
/// ideographs, 〇).
pub(crate) fn is_han(c: char) -> bool {
    matches!(c as u32,
        0x3007
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xF900..=0xFAFF
        | 0x20000..=0x2A6DF
        | 0x2A700..=0x2EBEF
        | 0x30000..=0x3134F)
}

/// Whether `c` is invisible: a format character (Unicode category Cf: zero-width space and
/// joiners, word joiner, byte-order mark, soft hyphen, bidirectional controls, tags) or another
/// default-ignorable code point (variation selectors, the combining grapheme joiner, Hangul
/// fillers). Such characters never tell two names apart.
pub fn is_invisible(c: char) -> bool {
    matches!(c as u32,
        0x00AD
        | 0x034F
        | 0x061C
        | 0x115F..=0x1160
        | 0x17B4..=0x17B5
        | 0x180B..=0x180F
        | 0x200B..=0x200F
        | 0x202A..=0x202E
        | 0x2060..=0x206F
        | 0x3164
        | 0xFE00..=0xFE0F
        | 0xFEFF
        | 0xFFA0
        | 0xFFF0..=0xFFF8
        | 0x1BCA0..=0x1BCA3
        | 0x1D173..=0x1D17A
        | 0xE0000..=0xE0FFF)
}

/// `raw` without its invisible characters ([`is_invisible`]).
///
/// ```
/// use bianpai::normalize::strip_invisible;
/// assert_eq!(strip_invisible("北京\u{200B}队\u{00AD}"), "北京队");
/// ```
pub fn strip_invisible(raw: &str) -> String {
    raw.chars().filter(|c| !is_invisible(*c)).collect()
}

/// The finding texts (Chinese, English) for a cell whose raw text holds invisible characters:
/// its text without them and the code points it held (`U+200B U+2060`); `None` when it holds
/// none. Rounds and forms word it alike.
pub(crate) fn invisible_message(raw: &str) -> Option<(String, String)> {
    if !raw.chars().any(is_invisible) {
        return None;
    }
    let clean = strip_invisible(raw).trim().to_string();
    let codes: Vec<String> = raw
        .chars()
        .filter(|ch| is_invisible(*ch))
        .map(|ch| format!("U+{:04X}", ch as u32))
        .collect();
    let codes = codes.join(" ");
    Some((
        format!("“{clean}”含有不可见字符（{codes}），已去掉后比对；请删除这些字符"),
        format!(
            "{clean:?} holds invisible characters ({codes}); compared without them: delete them"
        ),
    ))
}

/// Dot-like characters that always mean the name separator (NFKC leaves them alone).
fn is_bullet(c: char) -> bool {
    matches!(
        c,
        '\u{00B7}' | '\u{2022}' | '\u{30FB}' | '\u{2027}' | '\u{2219}' | '\u{22C5}' | '\u{FF65}'
    )
}

/// Characters next to which whitespace is padding, not a word break.
fn glues(c: char) -> bool {
    is_han(c) || c == MIDDLE_DOT || c == '.'
}

/// Cleans a name as written into its display form.
///
/// NFKC (full-width letters, U+3000 and U+00A0 become ASCII), zero-width characters removed,
/// dot-like characters (`•`, `・`, `‧`, and `.` between two Han characters) become U+00B7,
/// whitespace between Han characters (or next to a middle dot) and at both ends removed, other
/// whitespace runs become one space. Idempotent.
///
/// ```
/// use bianpai::normalize::clean_name;
/// assert_eq!(clean_name("王　　浩"), "王浩");
/// assert_eq!(clean_name(" 王 浩 "), "王浩");
/// assert_eq!(clean_name("欧阳•娜娜"), "欧阳·娜娜");
/// assert_eq!(clean_name("买买提.艾力"), "买买提·艾力");
/// assert_eq!(clean_name("  Li   Lei "), "Li Lei");
/// assert_eq!(clean_name("ＷＡＮＧ Ｈａｏ"), "WANG Hao");
/// ```
pub fn clean_name(raw: &str) -> String {
    // Zero-width characters go first so NFKC sees what they separated.
    let chars: Vec<char> = raw
        .chars()
        .filter(|c| !is_invisible(*c))
        .nfkc()
        .map(|c| if is_bullet(c) { MIDDLE_DOT } else { c })
        .collect();
    // Whitespace runs: dropped when glued on both sides (or at an end), else one space.
    let mut spaced: Vec<char> = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            let start = i;
            while i < chars.len() && chars[i].is_whitespace() {
                i += 1;
            }
            let before = start.checked_sub(1).and_then(|b| chars.get(b)).copied();
            let after = chars.get(i).copied();
            if let (Some(b), Some(a)) = (before, after)
                && !(glues(b) && glues(a))
            {
                spaced.push(' ');
            }
            continue;
        }
        spaced.push(c);
        i += 1;
    }
    // `.` between two Han characters is a middle dot typed on an ASCII keyboard.
    let mut out = String::with_capacity(spaced.len() * 3);
    for (k, &c) in spaced.iter().enumerate() {
        let mut c = c;
        if c == '.' {
            let prev = out.chars().next_back();
            let next = spaced.get(k + 1).copied();
            if prev.is_some_and(|p| is_han(p) || p == MIDDLE_DOT)
                && next.is_some_and(|n| is_han(n) || n == MIDDLE_DOT || n == '.')
            {
                c = MIDDLE_DOT;
            }
        }
        if c == MIDDLE_DOT && out.ends_with(MIDDLE_DOT) {
            continue;
        }
        out.push(c);
    }
    out
}

/// The comparison key of a cleaned name: lower case, middle dots removed.
///
/// ```
/// use bianpai::normalize::{clean_name, name_key};
/// assert_eq!(name_key(&clean_name("欧阳·娜娜")), name_key(&clean_name("欧阳娜娜")));
/// assert_eq!(name_key("Li Lei"), "li lei");
/// ```
pub fn name_key(cleaned: &str) -> String {
    cleaned
        .chars()
        .filter(|c| *c != MIDDLE_DOT)
        .flat_map(char::to_lowercase)
        .collect()
}

/// A name as written → display form and key; `None` when nothing is left.
///
/// ```
/// use bianpai::normalize::name;
/// let n = name("王\u{200B}　浩").unwrap();
/// assert_eq!((n.display.as_str(), n.key.as_str()), ("王浩", "王浩"));
/// assert!(name(" \u{3000} ").is_none());
/// ```
pub fn name(raw: &str) -> Option<PersonName> {
    let display = clean_name(raw);
    if display.is_empty() {
        return None;
    }
    let key = name_key(&display);
    Some(PersonName { display, key })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn padding_and_forms() {
        assert_eq!(clean_name("王  浩"), "王浩");
        assert_eq!(clean_name("王\u{3000}浩"), "王浩");
        assert_eq!(clean_name("\u{00A0}王\u{00A0}浩\u{00A0}"), "王浩");
        assert_eq!(clean_name("王\u{200B}浩"), "王浩");
        assert_eq!(clean_name("\u{FEFF}李明"), "李明");
        assert_eq!(clean_name("张\n三"), "张三");
        assert_eq!(clean_name("⽅明"), "方明");
    }

    #[test]
    fn middle_dots() {
        for raw in [
            "欧阳·娜娜",
            "欧阳•娜娜",
            "欧阳・娜娜",
            "欧阳‧娜娜",
            "欧阳.娜娜",
            "欧阳．娜娜",
            "欧阳･娜娜",
            "欧阳 · 娜娜",
            "欧阳··娜娜",
            "欧阳. 娜娜",
        ] {
            assert_eq!(clean_name(raw), "欧阳·娜娜", "{raw:?}");
        }
        // A dot in a Latin name stays a dot.
        assert_eq!(clean_name("J. Smith"), "J. Smith");
    }

    #[test]
    fn latin_names_keep_single_spaces() {
        assert_eq!(clean_name("Li  Lei"), "Li Lei");
        assert_eq!(clean_name("Ｌｉ　Ｌｅｉ"), "Li Lei");
        assert_eq!(clean_name("王 Lei"), "王 Lei");
        assert_eq!(name_key("Li Lei"), name_key("LI LEI"));
    }

    #[test]
    fn empty_names() {
        assert_eq!(name(""), None);
        assert_eq!(name("\u{200B}\u{3000}"), None);
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
        fn clean_is_idempotent(s in "[ 王浩欧阳娜·•.．　\u{200B}\u{00A0}a-zA-Z]{0,12}") {
            let once = clean_name(&s);
            prop_assert_eq!(clean_name(&once), once.clone());
            prop_assert_eq!(name_key(&name_key(&once)), name_key(&once));
        }

        #[test]
        fn clean_is_idempotent_any(s in "\\PC{0,16}") {
            let once = clean_name(&s);
            prop_assert_eq!(clean_name(&once), once);
        }
    }
}
