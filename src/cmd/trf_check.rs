//! `bianpai trf check`: the report of [`crate::trf::verify`] in the arbiter's words.

use std::fmt::Write as _;
use std::path::Path;

use crate::Lang;
use crate::cli::PairingSystem;
use crate::trf::verify::{self, RankDiff, RankReport, RoundDiff, RoundReport, System};
use crate::{Error, Result};

/// Runs `trf check`: prints the report on stdout; 0 when every round and the standings agree,
/// 1 when something differs.
///
/// # Errors
///
/// An unreadable or malformed file, or an unknown tie-break code (exit 2).
pub fn run(
    file: &Path,
    system: Option<PairingSystem>,
    tiebreaks: Option<&str>,
    lang: Lang,
) -> Result<u8> {
    let trf = super::trf::read(file, false)?;
    let h =
        crate::trf::history(&trf).map_err(|e| Error::Usage(format!("{}: {e}", file.display())))?;
    let system = match system.unwrap_or_else(|| super::trf::system_of(&h)) {
        PairingSystem::Dutch => System::Dutch,
        PairingSystem::Team => System::Team,
        PairingSystem::Xiangqi => System::Xiangqi,
    };
    let ranks = verify::ranks(&trf, &h, tiebreaks)
        .map_err(|e| Error::Usage(format!("{}: {e}", file.display())))?;
    let rounds = verify::replay(&h, system);
    let mut out = String::new();
    let name = match system {
        System::Dutch => "FIDE Dutch",
        System::Team => lang.pick("FIDE 团体瑞士制", "FIDE team Swiss"),
        System::Xiangqi => lang.pick("象棋积分编排制", "xiangqi Swiss"),
    };
    let _ = writeln!(
        out,
        "{}",
        match lang {
            Lang::Zh => format!(
                "{}：按{name}逐轮重新编排，共{}轮",
                file.display(),
                rounds.len()
            ),
            Lang::En => format!(
                "{}: every round paired again with the {name} engine, {} rounds",
                file.display(),
                rounds.len()
            ),
        }
    );
    let mut differ: Vec<usize> = Vec::new();
    for r in &rounds {
        round_text(&mut out, r, system, lang);
        if !r.agrees() {
            differ.push(r.round);
        }
    }
    let ranks_differ = rank_text(&mut out, ranks.as_ref(), system, lang);
    let _ = writeln!(out, "{}", verdict(&differ, ranks_differ, lang));
    super::output::write(&out)?;
    Ok(u8::from(!differ.is_empty() || ranks_differ))
}

/// The last line: what agrees, what does not.
fn verdict(differ: &[usize], ranks_differ: bool, lang: Lang) -> String {
    if differ.is_empty() && !ranks_differ {
        return lang
            .pick("结论：全部一致", "Result: everything agrees")
            .to_string();
    }
    let list: Vec<String> = differ.iter().map(ToString::to_string).collect();
    let mut parts = Vec::new();
    match lang {
        Lang::Zh => {
            if !list.is_empty() {
                parts.push(format!("第{}轮编排不符", list.join("、")));
            }
            if ranks_differ {
                parts.push("名次不符".to_string());
            }
            format!("结论：{}", parts.join("，"))
        }
        Lang::En => {
            if !list.is_empty() {
                parts.push(format!("the pairing of round {} differs", list.join(", ")));
            }
            if ranks_differ {
                parts.push("the standings differ".to_string());
            }
            format!("Result: {}", parts.join("; "))
        }
    }
}

/// One round's lines.
fn round_text(out: &mut String, r: &RoundReport, system: System, lang: Lang) {
    let k = r.round;
    if let Some(e) = &r.error {
        let _ = writeln!(
            out,
            "{}",
            match lang {
                Lang::Zh => format!("第{k}轮：引擎无法编排（{e}），文件中已有编排"),
                Lang::En =>
                    format!("Round {k}: the engine cannot pair it ({e}); the file has a pairing"),
            }
        );
        return;
    }
    if r.agrees() {
        let _ = writeln!(
            out,
            "{}",
            match lang {
                Lang::Zh => format!("第{k}轮：一致（{}台）", r.engine.pairs.len()),
                Lang::En => format!("Round {k}: identical ({} boards)", r.engine.pairs.len()),
            }
        );
        return;
    }
    let _ = writeln!(
        out,
        "{}",
        lang.pick(
            &format!("第{k}轮：与重新编排不符"),
            &format!("Round {k}: differs from the re-pairing")
        )
    );
    for d in &r.diffs {
        let _ = writeln!(out, "  {}", diff_text(d, system, lang));
    }
}

/// Whom a competitor meets in the file, in words.
fn meets(who: u16, m: Option<u16>, lang: Lang) -> String {
    match (m, lang) {
        (Some(0), Lang::Zh) => format!("{who}轮空"),
        (Some(0), Lang::En) => format!("{who} has the bye"),
        (Some(o), Lang::Zh) => format!("{who}对{o}"),
        (Some(o), Lang::En) => format!("{who} meets {o}"),
        (None, Lang::Zh) => format!("{who}未编排"),
        (None, Lang::En) => format!("{who} is not paired"),
    }
}

/// One difference in words.
fn diff_text(d: &RoundDiff, system: System, lang: Lang) -> String {
    let (first, zh_first) = if system == System::Xiangqi {
        ("Red", "执红")
    } else {
        ("White", "执白")
    };
    match (d, lang) {
        (
            RoundDiff::Colours {
                board,
                white,
                black,
            },
            Lang::Zh,
        ) => {
            format!(
                "第{board}台 {white}对{black}：颜色不符，应为{white}{zh_first}，文件中{black}{zh_first}"
            )
        }
        (
            RoundDiff::Colours {
                board,
                white,
                black,
            },
            Lang::En,
        ) => format!(
            "board {board}, {white} v {black}: colours differ; {white} should have {first}, the file gives it to {black}"
        ),
        (
            RoundDiff::Board {
                board,
                white,
                black,
                white_meets,
                black_meets,
            },
            _,
        ) => {
            let file = [
                meets(*white, *white_meets, lang),
                meets(*black, *black_meets, lang),
            ];
            match lang {
                Lang::Zh => format!(
                    "第{board}台：应为{white}对{black}（{white}{zh_first}），文件中{}",
                    file.join("，")
                ),
                Lang::En => format!(
                    "board {board}: should be {white} v {black} ({white} {first}); in the file {}",
                    file.join(", ")
                ),
            }
        }
        (RoundDiff::Bye { engine, file }, _) => {
            let who = |x: &Option<u16>| match x {
                Some(n) => n.to_string(),
                None => lang.pick("无", "none").to_string(),
            };
            match lang {
                Lang::Zh => format!("轮空：应为{}，文件中为{}", who(engine), who(file)),
                Lang::En => format!(
                    "bye: should be {}, the file gives {}",
                    who(engine),
                    who(file)
                ),
            }
        }
        (RoundDiff::Extra { white, black }, Lang::Zh) => {
            format!("文件中{white}对{black}，重新编排中二者均未编排")
        }
        (RoundDiff::Extra { white, black }, Lang::En) => {
            format!("the file pairs {white} v {black}; the re-pairing pairs neither")
        }
    }
}

/// The standings' lines; whether they differ.
fn rank_text(out: &mut String, r: Option<&RankReport>, system: System, lang: Lang) -> bool {
    let Some(r) = r else {
        let _ = writeln!(
            out,
            "{}",
            lang.pick(
                "名次：文件没有212记录，也未给 --tiebreaks，未核对",
                "Standings: no 212 record and no --tiebreaks; not checked"
            )
        );
        return false;
    };
    let unit = if system == System::Team {
        lang.pick("队", "team ")
    } else {
        lang.pick("选手", "player ")
    };
    if r.ranked == 0 {
        let _ = writeln!(
            out,
            "{}",
            lang.pick(
                "名次：文件没有名次列，未核对",
                "Standings: the file gives no ranks; not checked"
            )
        );
        return false;
    }
    if r.diffs.is_empty() {
        let _ = writeln!(
            out,
            "{}",
            match lang {
                Lang::Zh => format!("名次（{}）：一致，{}个名次", r.tiebreaks, r.ranked),
                Lang::En => format!("Standings ({}): identical, {} ranks", r.tiebreaks, r.ranked),
            }
        );
        return false;
    }
    let _ = writeln!(
        out,
        "{}",
        match lang {
            Lang::Zh => format!("名次（{}）：不符", r.tiebreaks),
            Lang::En => format!("Standings ({}): differ", r.tiebreaks),
        }
    );
    for d in &r.diffs {
        let zh = lang == Lang::Zh;
        let line = match d {
            RankDiff::Rank {
                start_no,
                name,
                file,
                lo,
                hi,
            } => match (zh, lo == hi) {
                (true, true) => format!("{unit}{start_no}（{name}）：文件名次{file}，应为第{lo}名"),
                (true, false) => {
                    format!(
                        "{unit}{start_no}（{name}）：文件名次{file}，应为第{lo}至{hi}名（并列）"
                    )
                }
                (false, true) => {
                    format!("{unit}{start_no} ({name}): rank {file} in the file, should be {lo}")
                }
                (false, false) => format!(
                    "{unit}{start_no} ({name}): rank {file} in the file, should be {lo}-{hi} (tied)"
                ),
            },
            RankDiff::Points {
                start_no,
                name,
                file,
                counted,
            } if zh => format!("{unit}{start_no}（{name}）：文件积分{file}，各轮结果之和{counted}"),
            RankDiff::Points {
                start_no,
                name,
                file,
                counted,
            } => format!(
                "{unit}{start_no} ({name}): {file} points in the file, the rounds give {counted}"
            ),
        };
        let _ = writeln!(out, "  {line}");
    }
    true
}
