//! `out/eligibility.xlsx` (资格审查: a summary per team, then one row per finding, errors first)
//! and the packet sent back to each team, `out/teams/<unit>.xlsx` (its roster and its findings).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::roster::board_order;
use super::tables::{SheetDoc, TextTable, write};
use crate::findings::{Finding, Severity};
use crate::model::roster::{Roster, Team};
use crate::{Error, Lang};

fn finding_headers(lang: Lang) -> Vec<String> {
    [
        ("严重程度", "Severity"),
        ("单位", "Team"),
        ("姓名", "Person"),
        ("代码", "Code"),
        ("说明", "Message"),
        ("规程条款", "Clause"),
        ("来源", "Source"),
    ]
    .iter()
    .map(|(z, e)| lang.pick(z, e).to_string())
    .collect()
}

fn finding_row(f: &Finding, lang: Lang) -> Vec<String> {
    let sev = match (f.severity, lang) {
        (Severity::Error, Lang::Zh) => "错误",
        (Severity::Warning, Lang::Zh) => "警告",
        (Severity::Error, Lang::En) => "error",
        (Severity::Warning, Lang::En) => "warning",
    };
    vec![
        sev.to_string(),
        f.team.clone().unwrap_or_default(),
        f.person.clone().unwrap_or_default(),
        f.code.to_string(),
        f.message(lang).to_string(),
        f.clause.clone().unwrap_or_default(),
        f.source.to_string(),
    ]
}

fn findings_sheet(name: &str, title: &str, findings: &[&Finding], lang: Lang) -> SheetDoc {
    SheetDoc {
        name: name.to_string(),
        title: title.to_string(),
        table: TextTable {
            headers: finding_headers(lang),
            rows: findings.iter().map(|f| finding_row(f, lang)).collect(),
            centred: vec![0],
        },
        landscape: true,
    }
}

/// Writes `eligibility.xlsx`: 汇总 (per team: errors, warnings) and 问题清单 (every finding,
/// errors first). `findings` must already be sorted.
///
/// # Errors
///
/// [`Error::Io`] naming the path when it cannot be written.
pub fn write_eligibility(
    path: &Path,
    event_title: &str,
    roster: &Roster,
    findings: &[Finding],
    lang: Lang,
) -> Result<(), Error> {
    let mut counts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for t in &roster.teams {
        counts.entry(t.unit.value.clone()).or_default();
    }
    for f in findings {
        let key = f
            .team
            .clone()
            .unwrap_or_else(|| lang.pick("（文件）", "(files)").to_string());
        let e = counts.entry(key).or_default();
        match f.severity {
            Severity::Error => e.0 += 1,
            Severity::Warning => e.1 += 1,
        }
    }
    let mut rows: Vec<Vec<String>> = counts
        .iter()
        .map(|(t, (e, w))| vec![t.clone(), e.to_string(), w.to_string()])
        .collect();
    let (te, tw) = counts.values().fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    rows.push(vec![
        lang.pick("合计", "Total").to_string(),
        te.to_string(),
        tw.to_string(),
    ]);
    let summary = SheetDoc {
        name: lang.pick("汇总", "Summary").into(),
        title: lang.pick("资格审查汇总", "eligibility summary").into(),
        table: TextTable {
            headers: vec![
                lang.pick("单位", "Team").into(),
                lang.pick("错误", "Errors").into(),
                lang.pick("警告", "Warnings").into(),
            ],
            rows,
            centred: vec![1, 2],
        },
        landscape: false,
    };
    let all: Vec<&Finding> = findings.iter().collect();
    let list = findings_sheet(
        lang.pick("问题清单", "Findings"),
        lang.pick("资格审查问题清单", "eligibility findings"),
        &all,
        lang,
    );
    write(path, event_title, &[summary, list], lang)
}

/// A file name Windows accepts for a team's packet: reserved characters replaced, trailing dots
/// and spaces dropped, reserved device names prefixed, at most 60 characters.
///
/// ```
/// use bianpai::report::eligibility::safe_file_stem;
/// assert_eq!(safe_file_stem("北京/天津队"), "北京_天津队");
/// assert_eq!(safe_file_stem("CON"), "_CON");
/// assert_eq!(safe_file_stem(" . "), "team");
/// ```
pub fn safe_file_stem(name: &str) -> String {
    let mut s: String = name
        .chars()
        .map(|c| {
            if matches!(c, '<' | '>' | ':' | '"' | '/' | '\\' | '|' | '?' | '*') || c.is_control() {
                '_'
            } else {
                c
            }
        })
        .take(60)
        .collect();
    s = s.trim().trim_end_matches(['.', ' ']).to_string();
    if s.is_empty() {
        return "team".into();
    }
    let upper = s.to_ascii_uppercase();
    let base = upper.split('.').next().unwrap_or("");
    let reserved = ["CON", "PRN", "AUX", "NUL"].contains(&base)
        || ((base.starts_with("COM") || base.starts_with("LPT"))
            && base.len() == 4
            && base.ends_with(|c: char| c.is_ascii_digit()));
    if reserved {
        s.insert(0, '_');
    }
    s
}

/// Writes `teams/<unit>.xlsx` for every team: its roster in board order, its findings, and its
/// statement (费用结算, from `statements`, when it has a line). Returns the paths written.
///
/// # Errors
///
/// [`Error::Io`] naming the path that cannot be written.
pub fn write_team_packets(
    dir: &Path,
    event_title: &str,
    roster: &Roster,
    findings: &[Finding],
    statements: &[crate::money::Statement],
    lang: Lang,
) -> Result<Vec<PathBuf>, Error> {
    let mut out = Vec::new();
    let mut used: Vec<String> = Vec::new();
    for t in &roster.teams {
        let mut stem = safe_file_stem(&t.unit.value);
        while used.contains(&stem.to_lowercase()) {
            stem.push('_');
        }
        used.push(stem.to_lowercase());
        let path = dir.join(format!("{stem}.xlsx"));
        let mut sheets = team_sheets(t, findings, lang);
        let st = statements.iter().find(|s| s.team == t.unit.value);
        sheets.extend(
            st.filter(|s| !s.lines.is_empty())
                .map(|s| super::costs::statement_doc(s, lang)),
        );
        write(&path, event_title, &sheets, lang)?;
        out.push(path);
    }
    Ok(out)
}

fn team_sheets(t: &Team, findings: &[Finding], lang: Lang) -> Vec<SheetDoc> {
    let roster_sheet = super::roster::sheets(
        &Roster {
            teams: vec![t.clone()],
            ..Roster::default()
        },
        lang,
    )
    .into_iter()
    .nth(1)
    .map(|mut s| {
        s.name = lang.pick("报名名单", "Entry").into();
        s
    });
    let mine: Vec<&Finding> = findings
        .iter()
        .filter(|f| f.team.as_deref() == Some(t.unit.value.as_str()) || f.source.file == t.file)
        .collect();
    let mut v: Vec<SheetDoc> = roster_sheet.into_iter().collect();
    let title = match lang {
        Lang::Zh => format!("{} 资格审查问题（{}条）", t.unit.value, mine.len()),
        Lang::En => format!("{}: {} findings", t.unit.value, mine.len()),
    };
    v.push(findings_sheet(
        lang.pick("审查问题", "Findings"),
        &title,
        &mine,
        lang,
    ));
    let _ = board_order;
    v
}
