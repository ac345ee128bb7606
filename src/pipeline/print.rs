//! The terminal report of a run (without `--json`): what was read, what is wrong, what was
//! written. Plain lines, errors first, so an arbiter sees at once what blocks the event.

use std::fmt::Write as _;

use super::summary::{FileKind, Summary};
use crate::Lang;
use crate::findings::Severity;

/// How many findings are listed one by one before the rest is summarised.
pub const MAX_LISTED: usize = 200;

/// The report as text.
pub fn render(s: &Summary, lang: Lang) -> String {
    let mut out = String::new();
    let errors = s
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .count();
    let warnings = s.findings.len() - errors;
    counts(&mut out, s, lang, errors, warnings);
    leaders(&mut out, s, lang);
    listed_findings(&mut out, s, lang);
    withheld_prizes(&mut out, s, lang);
    if !s.outputs.is_empty() {
        let _ = writeln!(out, "{}", lang.pick("已写入：", "written:"));
        for o in &s.outputs {
            let _ = writeln!(out, "  {o}");
        }
    }
    next_step(&mut out, s, lang, errors);
    shown(&out)
}

/// The text as a terminal may show it: control characters (an escape sequence in a player's
/// name would clear the screen and hide the findings above it) and the bidirectional overrides
/// that reorder a line are written as `\u{1b}`, line ends and tabs kept.
pub fn shown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let hidden = (c.is_control() && c != '\n' && c != '\t')
            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
        if hidden {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    out
}

/// The files of a kind.
fn count(s: &Summary, kind: FileKind) -> usize {
    s.files.iter().filter(|f| f.kind == kind).count()
}

/// The event, the files, the entrants, the rounds and the number of findings.
fn counts(out: &mut String, s: &Summary, lang: Lang, errors: usize, warnings: usize) {
    // The event's own id: `[event] id`, else the folder's name (never the template's).
    let (event, template) = (&s.event, s.id.as_ref().unwrap_or(&s.template));
    let files = s.files.len();
    let forms = count(s, FileKind::EntryForm);
    let rounds = count(s, FileKind::RoundWorkbook);
    let unreadable = count(s, FileKind::Unreadable);
    let ignored = count(s, FileKind::Ignored) + count(s, FileKind::Unrecognized);
    let (teams, people, players) = (s.teams, s.people, s.players);
    let mut lines = match (lang, count(s, FileKind::BlankForm)) {
        (Lang::Zh, blank) => vec![
            format!("{event}（{template}）"),
            format!(
                "文件 {files} 个：报名表 {forms}，成绩表 {rounds}，无法读取 {unreadable}，已忽略 {ignored}{}",
                if blank == 0 {
                    String::new()
                } else {
                    format!("，空白报名表 {blank}（不计）")
                }
            ),
            format!("参赛队 {teams}，人员 {people}，棋手 {players}"),
        ],
        (Lang::En, blank) => vec![
            format!("{event} ({template})"),
            format!(
                "{files} files: {forms} entry forms, {rounds} round workbooks, {unreadable} unreadable, {ignored} ignored{}",
                if blank == 0 {
                    String::new()
                } else {
                    format!(", {blank} blank (not counted)")
                }
            ),
            format!("{teams} teams, {people} people, {players} players"),
        ],
    };
    let r = &s.rounds.counts;
    let (planned, paired, complete) = (r.planned, r.paired, r.complete);
    if planned > 0 {
        lines.push(match lang {
            Lang::Zh => format!("轮次：共 {planned} 轮，已编排 {paired} 轮，已完成 {complete} 轮"),
            Lang::En => format!("rounds: {planned} planned, {paired} paired, {complete} complete"),
        });
    }
    for sec in &s.rounds.sections {
        let (name, paired, complete) = (&sec.section, sec.counts.paired, sec.counts.complete);
        lines.push(match lang {
            Lang::Zh => format!("  {name}：已编排 {paired} 轮，已完成 {complete} 轮"),
            Lang::En => format!("  {name}: {paired} paired, {complete} complete"),
        });
    }
    let plural = |n: usize, one: &str| match n {
        1 => format!("1 {one}"),
        n => format!("{n} {one}s"),
    };
    lines.push(match lang {
        Lang::Zh => format!("问题：错误 {errors} 条，警告 {warnings} 条"),
        Lang::En => format!(
            "findings: {}, {}",
            plural(errors, "error"),
            plural(warnings, "warning")
        ),
    });
    for l in lines {
        let _ = writeln!(out, "{l}");
    }
}

/// The findings, errors first, up to [`MAX_LISTED`].
fn listed_findings(out: &mut String, s: &Summary, lang: Lang) {
    for f in s.findings.iter().take(MAX_LISTED) {
        let sev = match (f.severity, lang) {
            (Severity::Error, Lang::Zh) => "错误",
            (Severity::Warning, Lang::Zh) => "警告",
            (Severity::Error, Lang::En) => "error",
            (Severity::Warning, Lang::En) => "warning",
        };
        let _ = writeln!(out, "  [{sev}] {} {}: {}", f.code, f.source, f.message);
    }
    if s.findings.len() > MAX_LISTED {
        let _ = writeln!(
            out,
            "  {}",
            lang.pick(
                "……其余问题见 out/eligibility.xlsx",
                "... the rest are in out/eligibility.xlsx"
            )
        );
    }
}

/// The prizes withheld until a ruling (资格待查), with their total.
fn withheld_prizes(out: &mut String, s: &Summary, lang: Lang) {
    let withheld: Vec<&super::summary::PrizeEntry> =
        s.prizes.iter().filter(|p| p.withheld).collect();
    if withheld.is_empty() {
        return;
    }
    let fen: i64 = withheld.iter().map(|p| p.gross_fen).sum();
    let yuan = crate::model::Fen(fen);
    let _ = match lang {
        Lang::Zh => writeln!(
            out,
            "暂缓发放奖金 {} 项（税前 {yuan} 元）：获奖者资格待查，请在 event.toml 的 [[rulings]] 中裁定",
            withheld.len()
        ),
        Lang::En => writeln!(
            out,
            "{} prize(s) withheld ({yuan} yuan gross): the winners' eligibility is pending; rule on them under [[rulings]] in event.toml",
            withheld.len()
        ),
    };
    for p in withheld {
        let who = if p.team == p.name {
            p.name.clone()
        } else {
            format!("{}（{}）", p.name, p.team)
        };
        let _ = writeln!(out, "  {} {} {who}", p.section, p.place);
    }
}

/// A score as a reader writes it: `14`, `34.5`.
fn score(n: &serde_json::Number) -> String {
    let t = n.to_string();
    t.strip_suffix(".0").map_or(t.clone(), str::to_string)
}

/// Who is first in each section (every name tied first), with the scores.
fn leaders(out: &mut String, s: &Summary, lang: Lang) {
    let mut sections: Vec<Option<&str>> = Vec::new();
    for e in &s.standings {
        let sec = e.section.as_deref();
        if !sections.contains(&sec) {
            sections.push(sec);
        }
    }
    for sec in sections {
        let first: Vec<String> = s
            .standings
            .iter()
            .filter(|e| e.section.as_deref() == sec && e.rank == 1)
            .map(|e| {
                // The final places of a knockout carry no score of their own.
                let scoreless = e.game_points.is_none()
                    && e.tiebreaks.is_empty()
                    && e.points.as_f64() == Some(0.0);
                let pts = match (&e.game_points, lang) {
                    _ if scoreless => String::new(),
                    (Some(gp), Lang::Zh) => {
                        format!("场分 {}，局分 {}", score(&e.points), score(gp))
                    }
                    (Some(gp), Lang::En) => format!("{} MP, {} GP", score(&e.points), score(gp)),
                    (None, Lang::Zh) => format!("积分 {}", score(&e.points)),
                    (None, Lang::En) => format!("{} points", score(&e.points)),
                };
                let mark = match (e.status, lang) {
                    (Some(_), Lang::Zh) => "资格待查",
                    (Some(_), Lang::En) => "eligibility pending",
                    (None, _) => "",
                };
                let inside: Vec<&str> = [pts.as_str(), mark]
                    .into_iter()
                    .filter(|x| !x.is_empty())
                    .collect();
                match (inside.is_empty(), lang) {
                    (true, _) => e.name.clone(),
                    (false, Lang::Zh) => format!("{}（{}）", e.name, inside.join("，")),
                    (false, Lang::En) => format!("{} ({})", e.name, inside.join(", ")),
                }
            })
            .collect();
        if first.is_empty() {
            continue;
        }
        let (label, sep) = match (lang, s.finished) {
            (Lang::Zh, true) => ("第1名", "、"),
            (Lang::Zh, false) => ("目前第1名", "、"),
            (Lang::En, true) => ("first", "; "),
            (Lang::En, false) => ("leading", "; "),
        };
        let _ = match (sec, lang) {
            (Some(name), Lang::Zh) => writeln!(out, "{name}{label}：{}", first.join(sep)),
            (Some(name), Lang::En) => writeln!(out, "{name}, {label}: {}", first.join(sep)),
            (None, Lang::Zh) => writeln!(out, "{label}：{}", first.join(sep)),
            (None, Lang::En) => writeln!(out, "{label}: {}", first.join(sep)),
        };
    }
}

/// The last line: what the arbiter does next.
fn next_step(out: &mut String, s: &Summary, lang: Lang, errors: usize) {
    let fix = match (errors, lang) {
        (0, _) => String::new(),
        (n, Lang::Zh) => {
            format!("；另有 {n} 条错误待处理（修正文件，或在 event.toml 的 [[rulings]] 中裁定）")
        }
        (n, Lang::En) => format!(
            "; {n} error(s) to deal with (fix the files, or rule under [[rulings]] in event.toml)"
        ),
    };
    let _ = if !s.to_fill.is_empty() {
        let files = s.to_fill.join(lang.pick("、", ", "));
        match lang {
            Lang::Zh => writeln!(out, "下一步：在 {files} 录入成绩，然后再次运行{fix}"),
            Lang::En => writeln!(
                out,
                "next: type the results into {files}, then run again{fix}"
            ),
        }
    } else if s.finished {
        match lang {
            Lang::Zh => writeln!(
                out,
                "比赛结束：全部轮次已完成，最终排名、奖金和费用已写入 out/{fix}"
            ),
            Lang::En => writeln!(
                out,
                "the event is over: every round is complete; final ranking, prizes and costs are in out/{fix}"
            ),
        }
    } else if s.held && s.teams > 0 {
        match lang {
            Lang::Zh => writeln!(
                out,
                "第1轮暂不编排（event.toml 中 [draw] pair = false）：报名审查完成后删去该行或改为 pair = true，再次运行{fix}"
            ),
            Lang::En => writeln!(
                out,
                "round 1 is held back ([draw] pair = false in event.toml): once the entries are reviewed, remove the line or set pair = true, then run again{fix}"
            ),
        }
    } else if s.teams == 0 {
        match lang {
            Lang::Zh => writeln!(out, "下一步：把各队的报名表放进赛事文件夹，然后再次运行"),
            Lang::En => writeln!(
                out,
                "next: put the teams' entry forms into the event folder, then run again"
            ),
        }
    } else if !fix.is_empty() {
        match lang {
            Lang::Zh => writeln!(out, "下一步：处理上面的错误，然后再次运行"),
            Lang::En => writeln!(out, "next: deal with the errors above, then run again"),
        }
    } else {
        Ok(())
    };
}

#[cfg(test)]
mod tests {
    #[test]
    fn control_characters_are_shown_escaped() {
        assert_eq!(
            super::shown("张三\u{1b}[2J\u{1b}[H队\t1\n\u{202e}abc\u{0}"),
            "张三\\u{1b}[2J\\u{1b}[H队\t1\n\\u{202e}abc\\u{0}"
        );
    }
}
