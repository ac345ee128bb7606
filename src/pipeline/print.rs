//! The terminal report of a run (without `--json`): what was read, what is wrong, what was
//! written. Plain lines, errors first, so an arbiter sees at once what blocks the event.

use std::fmt::Write as _;

use super::summary::Summary;
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
    let count = |kind: &str| s.files.iter().filter(|f| f.kind == kind).count();
    match lang {
        Lang::Zh => {
            let _ = writeln!(out, "{}（{}）", s.event, s.template);
            let _ = writeln!(
                out,
                "文件 {} 个：报名表 {}，成绩表 {}，无法读取 {}，已忽略 {}",
                s.files.len(),
                count("entry-form"),
                count("round-workbook"),
                count("unreadable"),
                count("ignored") + count("unrecognized")
            );
            let _ = writeln!(
                out,
                "参赛队 {}，人员 {}，棋手 {}",
                s.teams, s.people, s.players
            );
            let r = &s.rounds.counts;
            if r.planned > 0 {
                let _ = writeln!(
                    out,
                    "轮次：共 {} 轮，已编排 {} 轮，已完成 {} 轮",
                    r.planned, r.paired, r.complete
                );
            }
            for sec in &s.rounds.sections {
                let c = &sec.counts;
                let _ = writeln!(
                    out,
                    "  {}：已编排 {} 轮，已完成 {} 轮",
                    sec.section, c.paired, c.complete
                );
            }
            let _ = writeln!(out, "问题：错误 {errors} 条，警告 {warnings} 条");
        }
        Lang::En => {
            let _ = writeln!(out, "{} ({})", s.event, s.template);
            let _ = writeln!(
                out,
                "{} files: {} entry forms, {} round workbooks, {} unreadable, {} ignored",
                s.files.len(),
                count("entry-form"),
                count("round-workbook"),
                count("unreadable"),
                count("ignored") + count("unrecognized")
            );
            let _ = writeln!(
                out,
                "{} teams, {} people, {} players",
                s.teams, s.people, s.players
            );
            let r = &s.rounds.counts;
            if r.planned > 0 {
                let _ = writeln!(
                    out,
                    "rounds: {} planned, {} paired, {} complete",
                    r.planned, r.paired, r.complete
                );
            }
            for sec in &s.rounds.sections {
                let c = &sec.counts;
                let _ = writeln!(
                    out,
                    "  {}: {} paired, {} complete",
                    sec.section, c.paired, c.complete
                );
            }
            let _ = writeln!(out, "findings: {errors} errors, {warnings} warnings");
        }
    }
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
    let withheld: Vec<&super::summary::PrizeEntry> =
        s.prizes.iter().filter(|p| p.withheld).collect();
    if !withheld.is_empty() {
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
    if !s.outputs.is_empty() {
        let _ = writeln!(out, "{}", lang.pick("已写入：", "written:"));
        for o in &s.outputs {
            let _ = writeln!(out, "  {o}");
        }
    }
    out
}
