//! The command line, as clap derive structs. Only what the user typed; commands interpret it.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

use crate::Lang;

/// bianpai (编排): the arbiter's desk for chess and xiangqi federation events.
#[derive(Debug, Parser)]
#[command(
    name = "bianpai",
    version,
    about = "bianpai（编排）：国际象棋、象棋赛事的裁判长案头工作——报名表进，审查、编排、成绩、奖金和费用出\n\
             (the arbiter's desk for chess and xiangqi federation events: entry forms in; checked \
             rosters, pairings, standings, prizes and costs out)"
)]
pub struct Cli {
    /// 要执行的命令 (the command to run).
    #[command(subcommand)]
    pub command: Command,
}

/// The commands of SPEC §3.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// 列出内置赛事模板 (list the built-in event templates).
    Templates,
    /// 创建赛事文件夹：按模板写 event.toml 和空白报名表 (create an event folder: event.toml
    /// from a template and a blank entry form).
    Init {
        /// 要创建的赛事文件夹 (the event folder to create or fill).
        dir: PathBuf,
        /// 模板名，见 `bianpai templates` (the template name).
        #[arg(long)]
        template: String,
    },
    /// 按当前 event.toml 写空白报名表 forms/报名表.xlsx (write the blank entry form from the
    /// folder's current event.toml).
    Form {
        /// 赛事文件夹 (the event folder).
        dir: PathBuf,
    },
    /// 读取赛事文件夹，审查、编排、计分并写出结果 (read everything in the event folder, check,
    /// pair, score and write the outputs).
    Run(RunArgs),
    /// 直接处理 FIDE TRF 文件 (work on FIDE TRF files directly).
    Trf {
        /// 对 TRF 文件做什么 (what to do with the TRF file).
        #[command(subcommand)]
        command: TrfCommand,
    },
}

/// Options of `bianpai run`.
#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// 赛事文件夹 (the event folder).
    pub dir: PathBuf,
    /// 在标准输出打印 JSON 摘要 (print a machine-readable JSON summary on stdout).
    #[arg(long)]
    pub json: bool,
    /// 提示与表格的语言 (language of messages and workbook labels).
    #[arg(long, value_enum, default_value_t = Lang::Zh)]
    pub lang: Lang,
    /// 输出写入此文件夹而不是 `<dir>/out` (write outputs into this folder instead).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// `bianpai trf ...` subcommands.
#[derive(Debug, Subcommand)]
pub enum TrfCommand {
    /// 编排下一轮，按 bbpPairings `-p` 格式打印 (pair the next round, bbpPairings `-p` format).
    Pair {
        /// TRF 文件 (the TRF file).
        file: PathBuf,
        /// 编排制度，默认取 192 记录，否则 dutch (the pairing system; default from record 192,
        /// else dutch).
        #[arg(long, value_enum)]
        system: Option<PairingSystem>,
    },
    /// 打印名次和对手分等破同分值，制表符分隔 (print the ranking with tie-breaks, tab-separated).
    Standings {
        /// TRF 文件 (the TRF file).
        file: PathBuf,
        /// 破同分顺序，主分在前，如 "PTS BH/C1 SB" (the tie-break list, primary score first).
        #[arg(long)]
        tiebreaks: String,
        /// 规则版本 2024 或 2026，默认按开赛日期（042 记录） (rules edition, 2024 or 2026;
        /// default from record 042).
        #[arg(long)]
        edition: Option<crate::scoring::Edition>,
        /// Treat the event as a round robin (pre-set pairings, TieBreakServer `-p`); default
        /// from record 092.
        #[arg(long, conflicts_with = "swiss")]
        round_robin: bool,
        /// Treat the event as a Swiss (TieBreakServer `-s`); default from record 092.
        #[arg(long)]
        swiss: bool,
    },
    /// 写出赛事的 FIDE 等级分报告 (write the event's FIDE rating report).
    Export {
        /// 赛事文件夹 (the event folder).
        dir: PathBuf,
    },
}

/// Pairing systems of `trf pair`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PairingSystem {
    /// FIDE Dutch system (C.04.3).
    Dutch,
    /// FIDE Swiss team pairing system (C.04.6).
    Team,
    /// Xiangqi Swiss (CXA practice).
    Xiangqi,
}
