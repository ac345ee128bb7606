//! Reading a 组别 cell as organizers write it: `男子U10`, `U10男`, `u10男子组`, `U10（男）`,
//! `10岁以下男子组` all name the U10 boys' section. The text is folded (whitespace and brackets
//! dropped, full-width letters and digits read as half-width, letters in upper case), then split
//! into its sex words and the rest (its core), compared with each name of a section the same way.

use super::section::Section;
use crate::model::Sex;

/// Characters a 组别 text may carry that say nothing (brackets, dashes, dots).
const NOISE: &[char] = &[
    '(', ')', '[', ']', '【', '】', '〔', '〕', '「', '」', '《', '》', '<', '>', '-', '_', '·',
    '—', '/', '、',
];

/// The text folded for comparison: whitespace and [`NOISE`] dropped, full-width ASCII
/// (`Ｕ１０`, `（男）`) read as half-width, letters in upper case.
///
/// ```
/// use bianpai::event::fold_group;
/// assert_eq!(fold_group(" ｕ１０（男） "), "U10男");
/// assert_eq!(fold_group("open-men"), "OPENMEN");
/// ```
pub fn fold_group(text: &str) -> String {
    text.chars()
        .map(|c| match u32::from(c) {
            // U+FF01..U+FF5E are the full-width forms of U+0021..U+007E.
            0xFF01..=0xFF5E => char::from_u32(u32::from(c) - 0xFEE0).unwrap_or(c),
            _ => c,
        })
        .filter(|c| !c.is_whitespace() && !NOISE.contains(c))
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// A folded text's core and the sex its words name: the sex words (男/女, alone or followed by
/// 子, 孩, 生, 性) and `组` taken out, `N岁以下` read as `UN`. Both sexes named (`男女混合`) is no
/// sex.
///
/// ```
/// use bianpai::event::group_core;
/// use bianpai::model::Sex;
/// assert_eq!(group_core("10岁以下男子组"), ("U10".to_string(), Some(Sex::Male)));
/// assert_eq!(group_core("U10女孩"), ("U10".to_string(), Some(Sex::Female)));
/// assert_eq!(group_core("公开组"), ("公开".to_string(), None));
/// ```
pub fn group_core(folded: &str) -> (String, Option<Sex>) {
    let under = folded.replace("岁以下", "\u{0}");
    let chars: Vec<char> = under.chars().collect();
    let (mut core, mut male, mut female) = (String::new(), false, false);
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        i += 1;
        match c {
            '男' | '女' => {
                if c == '男' {
                    male = true;
                } else {
                    female = true;
                }
                if chars.get(i).is_some_and(|n| "子孩生性".contains(*n)) {
                    i += 1;
                }
            }
            '组' => {}
            // `10岁以下` → `U10`: the digits just written move behind a `U`.
            '\u{0}' => {
                let digits = core.len() - core.trim_end_matches(|d: char| d.is_ascii_digit()).len();
                if digits > 0 {
                    core.insert(core.len() - digits, 'U');
                }
            }
            _ => core.push(c),
        }
    }
    let sex = match (male, female) {
        (true, false) => Some(Sex::Male),
        (false, true) => Some(Sex::Female),
        _ => None,
    };
    (core, sex)
}

impl Section {
    /// Whether a 组别 text names this section for a player of sex `sex` (None = unknown): its
    /// `id` or `name` as written (folded, whatever the sex), or the core of its `name`, `group`,
    /// one of its `labels` or its `age` with a sex that fits: the sex the text's words give,
    /// else the player's, is the section's, and the player's does not contradict it (an open
    /// section takes either).
    pub fn named_by(&self, text: &str, sex: Option<Sex>) -> bool {
        let t = fold_group(text);
        if t.is_empty() {
            return false;
        }
        if t == fold_group(&self.name) || t == fold_group(&self.id) {
            return true;
        }
        let (core, said) = group_core(&t);
        // A text of brackets or `组` alone names nothing.
        if core.is_empty() && said.is_none() {
            return false;
        }
        let sex_fits = match self.sex {
            None => true,
            Some(s) => {
                said.or(sex) == Some(s) && said.is_none_or(|x| x == s) && sex.is_none_or(|x| x == s)
            }
        };
        sex_fits && self.names().any(|n| group_core(&fold_group(n)).0 == core)
    }

    /// The texts a form may write for this section, besides its id: name, group, labels, age.
    fn names(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.name.as_str())
            .chain(self.group.as_deref())
            .chain(self.labels.iter().map(String::as_str))
            .chain(self.age.as_deref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Entrant;

    fn section(id: &str, name: &str, sex: Option<Sex>, age: Option<&str>) -> Section {
        Section {
            id: id.into(),
            name: name.into(),
            group: None,
            labels: Vec::new(),
            entrant: Entrant::Individual,
            sex,
            official: true,
            birth: None,
            age: age.map(str::to_string),
            min_age: None,
            max_age: None,
            pair: None,
            places: None,
            clause: None,
        }
    }

    #[test]
    fn age_labels_with_sex_words_in_any_order_and_width_name_the_section() {
        let boys = section("u10-boys", "U10男子组", Some(Sex::Male), Some("U10"));
        let girls = section("u10-girls", "U10女子组", Some(Sex::Female), Some("U10"));
        for text in [
            "U10男子组",
            "u10-boys",
            "男子U10",
            "U10男",
            "u10男子组",
            "U10（男）",
            "10岁以下男子组",
            "Ｕ１０男孩",
            "男生 U10",
        ] {
            assert!(boys.named_by(text, Some(Sex::Male)), "{text}");
            assert!(boys.named_by(text, None), "{text}");
            assert!(!girls.named_by(text, Some(Sex::Male)), "{text}");
        }
        // Without sex words, the player's sex decides; words against the player's sex name
        // neither section (the id or name as written still names its section).
        assert!(
            girls.named_by("U10", Some(Sex::Female)) && !boys.named_by("U10", Some(Sex::Female))
        );
        assert!(!boys.named_by("U10", None));
        assert!(!boys.named_by("男子U10", Some(Sex::Female)));
        assert!(boys.named_by("U10男子组", Some(Sex::Female)));
        for text in ["", "  ", "（）", "U12男", "U1", "U100男"] {
            assert!(!boys.named_by(text, Some(Sex::Male)), "{text:?}");
        }
        // An open section takes either sex, with or without words.
        let open = section("u8", "U8组", None, Some("U8"));
        assert!(open.named_by("U8女子组", Some(Sex::Female)) && open.named_by("8岁以下", None));
    }
}
