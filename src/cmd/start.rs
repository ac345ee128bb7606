//! How the program was started (issue 21), decided from the arguments before clap sees them.
//!
//! On Windows people start programs with the mouse: they drop an event folder on `bianpai.exe`
//! (its path is the only argument), double-click `bianpai.exe` lying in an event folder (no
//! arguments, `event.toml` beside the program), or double-click it somewhere else (no
//! arguments: the help text, in Chinese, with the template list). Anything else is a command
//! line typed in a terminal or a script, parsed by clap as before. When the console window is the
//! program's own (started by a click or a drop), the program waits for a key before the window
//! closes, so that the summary can be read; see [`should_wait`].

use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use clap::{CommandFactory, Parser};

use super::console;
use crate::Lang;
use crate::cli::{Cli, RunArgs};
use crate::event::EVENT_FILE;

/// What a path given on the command line is on disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathKind {
    /// An existing folder.
    Folder,
    /// An existing file (or anything else that is not a folder).
    File,
    /// Nothing there.
    Missing,
}

/// What to do, decided from the arguments alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Start {
    /// A command line (typed in a terminal or by a script): clap parses it.
    Command,
    /// `bianpai run <folder>`: a folder (or its `event.toml`) dropped on the program, or a
    /// double-click on the program lying in an event folder.
    RunFolder(PathBuf),
    /// One file, not `event.toml`, dropped on the program.
    NotAFolder(PathBuf),
    /// Several existing files or folders dropped at once.
    SeveralPaths,
    /// Started with nothing to do (a double-click outside an event folder): the help text.
    Help,
}

/// Decides how the program was started. `args` are the arguments after the program's name,
/// `exe_dir` the folder holding the program, `kind` looks a path up on disk.
///
/// A first argument that is a command name (`run`, `init`, `help`, ...) or starts with `-` is
/// always a command line, so `bianpai templates` lists the templates even where a folder named
/// `templates` exists.
pub fn decide(
    args: &[OsString],
    exe_dir: Option<&Path>,
    kind: &dyn Fn(&Path) -> PathKind,
) -> Start {
    let Some(first) = args.first() else {
        return match exe_dir {
            Some(dir) if kind(&dir.join(EVENT_FILE)) == PathKind::File => {
                Start::RunFolder(dir.to_path_buf())
            }
            _ => Start::Help,
        };
    };
    let first_text = first.to_string_lossy();
    if first_text.starts_with('-') || is_command_name(&first_text) {
        return Start::Command;
    }
    let kinds: Vec<PathKind> = args.iter().map(|a| kind(Path::new(a))).collect();
    if kinds.contains(&PathKind::Missing) {
        return Start::Command;
    }
    if args.len() > 1 {
        return Start::SeveralPaths;
    }
    let path = PathBuf::from(first);
    if kinds.first() == Some(&PathKind::Folder) {
        return Start::RunFolder(path);
    }
    if path.file_name().is_some_and(|n| n == EVENT_FILE) {
        let parent = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        return Start::RunFolder(parent);
    }
    Start::NotAFolder(path)
}

/// Whether `name` is one of the commands (or clap's `help`).
fn is_command_name(name: &str) -> bool {
    name == "help"
        || Cli::command()
            .get_subcommands()
            .any(|c| c.get_name() == name || c.get_all_aliases().any(|a| a == name))
}

/// Whether to wait for a key before the program ends: only when the console window belongs to
/// this program alone (`console_processes` is Windows' `GetConsoleProcessList` count, `None`
/// elsewhere: a terminal or a command prompt is another process attached to the same console,
/// so the count is 1 only for a window opened for a click or a drop) and a key can be read
/// (standard input is that console, not a file or a pipe).
pub fn should_wait(console_processes: Option<u32>, stdin_is_terminal: bool) -> bool {
    console_processes == Some(1) && stdin_is_terminal
}

/// The text shown when the program is started with nothing to do. `program` is the name the
/// user sees (`bianpai.exe`), `separator` the platform's path separator (`\` on Windows),
/// `templates` the listing of `bianpai templates`.
pub fn help_text(program: &str, separator: char, templates: &str) -> String {
    let mut out = String::new();
    out.push_str("bianpai（编排）：国际象棋、象棋赛事的编排工作——读取各队报名表，审核资格，\n");
    out.push_str("编排轮次，计算成绩与名次，写出排版好的表格（名单、审核意见、对阵表、成绩表、\n");
    out.push_str("奖金与费用结算、FIDE 报告）。\n\n");
    out.push_str("怎样开始：\n");
    out.push_str(&format!(
        "  1. 把赛事文件夹（里面有 event.toml 和各队发来的报名表）拖到 {program} 上；\n"
    ));
    out.push_str(&format!(
        "  2. 或者把 {program} 放进赛事文件夹，双击运行。\n"
    ));
    out.push_str("  结果写在赛事文件夹的 out 子文件夹里；窗口在按任意键后关闭。\n\n");
    out.push_str("新建赛事（在命令提示符或 PowerShell 中）：\n");
    out.push_str(&format!("  {program} init 赛事文件夹 --template 模板名\n"));
    out.push_str(&format!(
        "  生成 event.toml（规程的各项设置，请逐条核对）和 forms{separator}报名表.xlsx（发给各队）。\n"
    ));
    out.push_str("可用模板：\n");
    for line in templates.lines() {
        out.push_str("  ");
        out.push_str(line);
        out.push('\n');
    }
    out.push_str(&format!(
        "\n全部命令：{program} --help（English: {program} --help; run <dir> --lang en）\n"
    ));
    out
}

/// Runs the program on its raw arguments (`argv[0]` first) and returns the exit status.
pub fn main(argv: Vec<OsString>) -> u8 {
    let exe = std::env::current_exe().ok();
    let exe_dir = exe.as_deref().and_then(Path::parent);
    let program = exe.as_deref().and_then(Path::file_name).map_or_else(
        || "bianpai".to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let args = argv.get(1..).unwrap_or_default();
    let code = match decide(args, exe_dir, &on_disk) {
        Start::Command => match Cli::try_parse_from(&argv) {
            Ok(cli) => finish(super::run(cli)),
            Err(e) => {
                // --help and --version are "errors" that print to stdout with status 0.
                let _ = e.print();
                u8::try_from(e.exit_code()).unwrap_or(2)
            }
        },
        Start::RunFolder(dir) => run_folder(dir),
        Start::NotAFolder(path) => {
            eprintln!(
                "{} 是一个文件，不是赛事文件夹：请把整个赛事文件夹拖到 {program} 上。\n",
                path.display()
            );
            print_help(&program);
            2
        }
        Start::SeveralPaths => {
            eprintln!("一次只能处理一个赛事文件夹：请只拖一个文件夹到 {program} 上。\n");
            print_help(&program);
            2
        }
        Start::Help => print_help(&program),
    };
    if should_wait(console::processes(), std::io::stdin().is_terminal()) {
        eprint!("\n按任意键关闭窗口……");
        let _ = std::io::stderr().flush();
        console::wait_for_key();
        eprintln!();
    }
    code
}

/// `bianpai run <dir>` with the defaults, for a drop or a double-click.
fn run_folder(dir: PathBuf) -> u8 {
    eprintln!("赛事文件夹：{}", dir.display());
    let has_event = on_disk(&dir.join(EVENT_FILE)) == PathKind::File;
    let code = finish(super::run::run(RunArgs {
        dir,
        json: false,
        lang: Lang::Zh,
        out: None,
    }));
    if !has_event {
        eprintln!("这个文件夹里没有 event.toml。新建赛事请用 init（双击程序可看说明）。");
    }
    code
}

/// Prints the help text with the template list; status 0, or 2 if a template is broken.
fn print_help(program: &str) -> u8 {
    match super::templates::listing() {
        Ok(listing) => {
            print!(
                "{}",
                help_text(program, std::path::MAIN_SEPARATOR, &listing)
            );
            0
        }
        Err(e) => finish(Err(e)),
    }
}

/// Maps a command's outcome to the exit status, printing the error (status 2).
fn finish(result: crate::Result<u8>) -> u8 {
    match result {
        Ok(code) => code,
        Err(crate::Error::Event(e)) => {
            // Every problem of event.toml on its own line, each as one problem alone is shown.
            for one in e.each() {
                eprintln!("bianpai: {one}");
            }
            2
        }
        Err(e) => {
            eprintln!("bianpai: {e}");
            2
        }
    }
}

fn on_disk(path: &Path) -> PathKind {
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => PathKind::Folder,
        Ok(_) => PathKind::File,
        Err(_) => PathKind::Missing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A disk with the folders `C:\赛事\2025 乙级联赛` (holding event.toml and 报名表.xlsx) and
    /// `C:\下载`, spelled with `/` so that the test runs the same on every platform.
    fn disk(path: &Path) -> PathKind {
        match path.to_string_lossy().replace('\\', "/").as_str() {
            "C:/赛事/2025 乙级联赛" | "C:/下载" | "templates" => PathKind::Folder,
            "C:/赛事/2025 乙级联赛/event.toml"
            | "C:/赛事/2025 乙级联赛/报名表.xlsx"
            | "event.toml" => PathKind::File,
            _ => PathKind::Missing,
        }
    }

    fn args(list: &[&str]) -> Vec<OsString> {
        list.iter().map(OsString::from).collect()
    }

    const EVENT: &str = "C:/赛事/2025 乙级联赛";

    #[test]
    fn a_dropped_folder_is_run() {
        assert_eq!(
            decide(&args(&[EVENT]), Some(Path::new("C:/下载")), &disk),
            Start::RunFolder(PathBuf::from(EVENT))
        );
    }

    #[test]
    fn a_dropped_folder_without_event_toml_is_run_too() {
        // The run then says that event.toml is missing, and how to make one.
        assert_eq!(
            decide(&args(&["C:/下载"]), None, &disk),
            Start::RunFolder(PathBuf::from("C:/下载"))
        );
    }

    #[test]
    fn a_dropped_event_toml_runs_its_folder() {
        let toml = format!("{EVENT}/event.toml");
        assert_eq!(
            decide(&args(&[&toml]), None, &disk),
            Start::RunFolder(PathBuf::from(EVENT))
        );
        assert_eq!(
            decide(&args(&["event.toml"]), None, &disk),
            Start::RunFolder(PathBuf::from("."))
        );
    }

    #[test]
    fn a_dropped_form_is_not_a_folder() {
        let form = format!("{EVENT}/报名表.xlsx");
        assert_eq!(
            decide(&args(&[&form]), None, &disk),
            Start::NotAFolder(PathBuf::from(form))
        );
    }

    #[test]
    fn several_dropped_paths_are_refused() {
        assert_eq!(
            decide(&args(&[EVENT, "C:/下载"]), None, &disk),
            Start::SeveralPaths
        );
    }

    #[test]
    fn a_double_click_beside_event_toml_runs_that_folder() {
        assert_eq!(
            decide(&[], Some(Path::new(EVENT)), &disk),
            Start::RunFolder(PathBuf::from(EVENT))
        );
    }

    #[test]
    fn a_double_click_elsewhere_shows_the_help() {
        assert_eq!(decide(&[], Some(Path::new("C:/下载")), &disk), Start::Help);
        assert_eq!(decide(&[], None, &disk), Start::Help);
    }

    #[test]
    fn typed_commands_go_to_clap() {
        for line in [
            &["run", EVENT][..],
            &["run", EVENT, "--json"],
            &["templates"],
            &["init", "新赛事", "--template", "cca-b-league-2025"],
            &["help"],
            &["--help"],
            &["-V"],
            &["trf", "pair", "x.trf"],
        ] {
            assert_eq!(decide(&args(line), None, &disk), Start::Command, "{line:?}");
        }
        // A command name wins over a folder of the same name in the current folder.
        assert_eq!(decide(&args(&["templates"]), None, &disk), Start::Command);
        // A path that does not exist is left to clap (an unknown command).
        assert_eq!(
            decide(&args(&["C:/没有/这个"]), None, &disk),
            Start::Command
        );
    }

    #[test]
    fn waits_only_in_a_console_of_its_own() {
        // A click or a drop: the console has this process alone.
        assert!(should_wait(Some(1), true));
        // Started from cmd.exe, PowerShell or Windows Terminal: the shell shares the console.
        assert!(!should_wait(Some(2), true));
        assert!(!should_wait(Some(3), true));
        // No console at all (count 0), or input redirected (a script, a test under wine).
        assert!(!should_wait(Some(0), true));
        assert!(!should_wait(Some(1), false));
        // Not Windows: never.
        assert!(!should_wait(None, true));
        assert!(!should_wait(None, false));
    }

    #[test]
    fn the_help_names_the_program_the_ways_to_start_and_every_template() {
        let listing = crate::cmd::templates::listing().expect("templates");
        let text = help_text("bianpai.exe", '\\', &listing);
        assert!(
            text.contains(
                "把赛事文件夹（里面有 event.toml 和各队发来的报名表）拖到 bianpai.exe 上"
            )
        );
        assert!(text.contains("或者把 bianpai.exe 放进赛事文件夹，双击运行"));
        assert!(text.contains("  bianpai.exe init 赛事文件夹 --template 模板名\n"));
        assert!(text.contains("和 forms\\报名表.xlsx（发给各队）"));
        assert!(help_text("bianpai", '/', &listing).contains("和 forms/报名表.xlsx（发给各队）"));
        assert!(text.contains("  cca-a-league-2023\t2023年中国国际象棋甲级联赛\n"));
        assert!(text.contains("  cca-b-league-2025\t2025年中国国际象棋乙级联赛\n"));
        assert!(text.contains("  cxa-amateur-king-2023\t2023年全国业余棋王赛总决赛\n"));
    }
}
