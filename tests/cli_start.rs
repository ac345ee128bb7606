//! Starting the program without a command (issue 21), on this platform: a folder as the only
//! argument runs it, as a folder dropped on `bianpai.exe` does on Windows; no arguments outside
//! an event folder print the Chinese help with the template list; a file or several paths are
//! refused. Off Windows it never waits for a key (these runs would hang otherwise). The same
//! under wine: `tests/windows_exe.rs`.

mod util;

use util::{bianpai, sample_copy};

fn utf8(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

#[test]
fn a_folder_as_the_only_argument_is_run() {
    let (_tmp, dropped) = sample_copy("cca-b-league-2025");
    let (_tmp2, typed) = sample_copy("cca-b-league-2025");
    let dropped_out = bianpai(&[dropped.to_str().expect("utf-8")]);
    let typed_out = bianpai(&["run", typed.to_str().expect("utf-8")]);
    assert_eq!(dropped_out.status.code(), Some(1), "blocking findings");
    assert_eq!(utf8(&dropped_out.stdout), utf8(&typed_out.stdout));
    assert!(
        utf8(&dropped_out.stdout).contains("2025年中国国际象棋乙级联赛（cca-b-league-2025）\n")
    );
    assert_eq!(
        utf8(&dropped_out.stderr),
        format!(
            "赛事文件夹：{}\n{}",
            dropped.display(),
            utf8(&typed_out.stderr)
        )
    );
    assert!(!utf8(&dropped_out.stderr).contains("按任意键"));
    // Its event.toml as the argument runs the folder too.
    let toml = dropped.join("event.toml");
    let again = bianpai(&[toml.to_str().expect("utf-8")]);
    assert_eq!(again.status.code(), Some(1));
    assert_eq!(utf8(&again.stdout), utf8(&typed_out.stdout));
}

#[test]
fn no_arguments_print_the_help_with_the_templates() {
    let out = bianpai(&[]);
    assert_eq!(out.status.code(), Some(0));
    let listing = utf8(&bianpai(&["templates"]).stdout);
    let help = utf8(&out.stdout);
    assert_eq!(
        help,
        bianpai::cmd::start::help_text("bianpai", std::path::MAIN_SEPARATOR, &listing)
    );
    assert!(
        help.starts_with("bianpai（编排）：国际象棋、象棋赛事的编排工作"),
        "{help}"
    );
    assert!(
        help.contains("  bianpai init 赛事文件夹 --template 模板名\n"),
        "{help}"
    );
    assert!(
        help.contains("  cxa-amateur-king-2023\t2023年全国业余棋王赛总决赛\n"),
        "{help}"
    );
}

#[test]
fn a_file_or_several_paths_are_refused_with_the_help() {
    let (_tmp, folder) = sample_copy("cca-b-league-2025");
    let form = folder.join("北京京西队报名表.xlsx");
    let out = bianpai(&[form.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        utf8(&out.stderr),
        format!(
            "{} 是一个文件，不是赛事文件夹：请把整个赛事文件夹拖到 bianpai 上。\n\n",
            form.display()
        )
    );
    assert!(utf8(&out.stdout).contains("可用模板：\n"));
    assert!(!folder.join("out").exists(), "nothing run");

    let both = bianpai(&[
        folder.to_str().expect("utf-8"),
        form.to_str().expect("utf-8"),
    ]);
    assert_eq!(both.status.code(), Some(2));
    assert!(utf8(&both.stderr).starts_with("一次只能处理一个赛事文件夹"));
    assert!(!folder.join("out").exists(), "nothing run");
}

#[test]
fn commands_are_parsed_as_before() {
    // A path that does not exist is an unknown command for clap (status 2, its usage text).
    let out = bianpai(&["/没有/这个文件夹"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        utf8(&out.stderr).contains("unrecognized subcommand"),
        "{}",
        utf8(&out.stderr)
    );
    let help = bianpai(&["--help"]);
    assert_eq!(help.status.code(), Some(0));
    assert!(utf8(&help.stdout).contains("Commands:"));
}
