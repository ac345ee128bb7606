//! English renderings of the labels event.toml writes in Chinese (issue 45): the organizers'
//! roles (主办, 承办, 协办) and the regulation's clauses (`规程 七(三)` → `Regulation 7(3)`).
//! With `--lang zh` every text is returned as written.

use crate::Lang;

/// The role of an organizer as a label: `主办` → `Organizer`, `承办` → `Host`, `协办` →
/// `Co-organizer`, …; a role bianpai does not know stays as written.
///
/// ```
/// use bianpai::report::english::organizer_role;
/// use bianpai::Lang;
/// assert_eq!(organizer_role("承办", Lang::En), "Host");
/// assert_eq!(organizer_role("承办", Lang::Zh), "承办单位");
/// ```
pub fn organizer_role(role: &str, lang: Lang) -> String {
    let en = match role.trim().trim_end_matches("单位") {
        "主办" => "Organizer",
        "承办" => "Host",
        "协办" => "Co-organizer",
        "支持" => "Supporter",
        "指导" => "Supervisor",
        "赞助" => "Sponsor",
        "运营" | "执行" => "Operator",
        _ => "",
    };
    match (lang, en) {
        (Lang::En, e) if !e.is_empty() => e.to_string(),
        (Lang::En, _) => role.to_string(),
        (Lang::Zh, _) if role.ends_with("单位") => role.to_string(),
        (Lang::Zh, _) => format!("{role}单位"),
    }
}

pub use crate::findings::clause;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_and_clauses_in_english() {
        assert_eq!(clause("规程 十(二)2", Lang::En), "Regulation 10(2)2");
        assert_eq!(organizer_role("主办", Lang::En), "Organizer");
        assert_eq!(organizer_role("冠名", Lang::En), "冠名");
    }
}
