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
    /// 核对整个 TRF 文件：逐轮按前几轮重新编排并与文件比对（台次、颜色、轮空），再按 212
    /// 破同分顺序核对名次；一致退出码 0，有不符 1，文件无法读取 2 (check a whole TRF file:
    /// re-pair every round from the rounds before it and compare boards, colours and the bye;
    /// check the ranks against the 212 tie-break order; exit 0 when all agree, 1 when something
    /// differs, 2 when the file cannot be read).
    Check {
        /// TRF 文件 (the TRF file).
        file: PathBuf,
        /// 编排制度，默认取 192 记录，否则 dutch (the pairing system; default from record 192,
        /// else dutch).
        #[arg(long, value_enum)]
        system: Option<PairingSystem>,
        /// 破同分顺序，默认取 212 记录，如 "PTS BH/C1 SB" (the tie-break list; default record
        /// 212).
        #[arg(long)]
        tiebreaks: Option<String>,
        /// 报告的语言 (language of the report).
        #[arg(long, value_enum, default_value_t = Lang::Zh)]
        lang: Lang,
    },
    /// 按随机种子生成一个模拟赛事（TRF-26），每轮由 bianpai 自己的引擎编排；同一种子得到同一
    /// 文件 (generate a seeded random tournament as TRF-26, each round paired by bianpai's own
    /// engine; the same seed gives the same file).
    Generate(GenerateArgs),
    /// 写出赛事的 FIDE 等级分报告 (write the event's FIDE rating report).
    Export {
        /// 赛事文件夹 (the event folder).
        dir: PathBuf,
    },
}

/// Options of `trf generate`, named after bbpPairings' generator configuration where they mean
/// the same (`PlayersNumber`, `RoundsNumber`, `DrawPercentage`, `ForfeitRate`, `RetiredRate`,
/// `HalfPointByeRate`, `HighestRating`, `LowestRating`).
#[derive(Debug, Clone, clap::Args)]
pub struct GenerateArgs {
    /// 选手人数（团体赛为队数）(PlayersNumber: players; with --teams, see there).
    #[arg(long, visible_alias = "players-number", default_value_t = 30)]
    pub players: u16,
    /// 轮数 (RoundsNumber: rounds).
    #[arg(long, visible_alias = "rounds-number", default_value_t = 7)]
    pub rounds: u16,
    /// 随机种子 (the random seed).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// 和棋百分比 0-100 (DrawPercentage: the draw rate of evenly matched games, in percent).
    #[arg(long, visible_alias = "draw-rate", default_value_t = 30)]
    pub draw_percentage: u8,
    /// 每 N 局有一局弃权 (ForfeitRate: one game in N forfeited; 0 = none).
    #[arg(long, default_value_t = 0)]
    pub forfeit_rate: u32,
    /// 每 N 名选手有一名请零分轮空（缺席一两轮）(RetiredRate: one player in N absent for one or
    /// two rounds with a zero-point bye; 0 = none).
    #[arg(long, default_value_t = 0)]
    pub retired_rate: u32,
    /// 每 N 名选手有一名请半分轮空 (HalfPointByeRate: one player in N takes a half-point bye;
    /// 0 = none).
    #[arg(long, default_value_t = 0)]
    pub half_point_bye_rate: u32,
    /// 每 N 名选手有一名中途退赛 (one player in N withdraws after a round; 0 = none).
    #[arg(long, default_value_t = 0)]
    pub withdrawal_rate: u32,
    /// 每 N 名选手有一名第2或3轮才报到 (one player in N enters in round 2 or 3; 0 = none).
    #[arg(long, default_value_t = 0)]
    pub late_entry_rate: u32,
    /// 最高等级分 (HighestRating).
    #[arg(long, default_value_t = 2600)]
    pub highest_rating: u16,
    /// 最低等级分 (LowestRating).
    #[arg(long, default_value_t = 1400)]
    pub lowest_rating: u16,
    /// 团体赛：队数（每队 --boards 名队员，用团体瑞士制编排）(a team event of this many teams,
    /// paired by the team Swiss engine).
    #[arg(long, visible_alias = "team")]
    pub teams: Option<u16>,
    /// 团体赛每场台数 (boards per match of a team event).
    #[arg(long, default_value_t = 4)]
    pub boards: u16,
    /// 写入的 TRF 文件 (the TRF file to write).
    #[arg(short, long)]
    pub output: PathBuf,
    /// 提示的语言 (language of messages).
    #[arg(long, value_enum, default_value_t = Lang::Zh)]
    pub lang: Lang,
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
