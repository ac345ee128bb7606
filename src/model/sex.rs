//! A person's sex as entry forms and regulations use it (boards 1-3 men, 4-5 women, separate
//! women's groups). Parsing of the many spellings found in forms lives in `normalize`.

use std::fmt;

/// Sex of a person: the two values regulations distinguish.
///
/// ```
/// use bianpai::model::Sex;
/// assert_eq!(Sex::Female.zh(), "女");
/// assert_eq!("M".parse::<Sex>(), Ok(Sex::Male));
/// ```
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Sex {
    /// 男
    Male,
    /// 女
    Female,
}

impl Sex {
    /// The Chinese label, `男` or `女`.
    pub fn zh(self) -> &'static str {
        match self {
            Sex::Male => "男",
            Sex::Female => "女",
        }
    }

    /// The English label.
    pub fn en(self) -> &'static str {
        match self {
            Sex::Male => "M",
            Sex::Female => "F",
        }
    }
}

/// The text was not a recognised spelling of a sex.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a sex: {0:?}")]
pub struct ParseSexError(pub String);

impl std::str::FromStr for Sex {
    type Err = ParseSexError;

    /// Accepts 男/女, 男子/女子, 男性/女性, M/F, m/w (TRF), male/female (any case).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        match t.to_ascii_lowercase().as_str() {
            "男" | "男子" | "男性" | "m" | "male" | "man" => Ok(Sex::Male),
            "女" | "女子" | "女性" | "f" | "w" | "female" | "woman" => Ok(Sex::Female),
            _ => Err(ParseSexError(t.to_string())),
        }
    }
}

impl fmt::Display for Sex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.zh())
    }
}
