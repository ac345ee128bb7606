//! bianpai.exe, the Windows build (issue 21), run under wine on the three samples and compared
//! with the Linux build of the same sources: exit status, the `--json` summary, and every file
//! of the event folder afterwards (workbooks part by part, unzipped: the zip metadata may differ;
//! every other file byte for byte). Also the ways Windows people start it: a dropped folder (one
//! argument) under a long path with Chinese characters and spaces, a double-click beside
//! `event.toml`, a double-click elsewhere (the help text).
//!
//! Runs when `BIANPAI_WINDOWS_EXE` names the wine test copy that `scripts/build-windows.sh --wine`
//! prints (the exe with the `bcryptprimitives.dll` stand-in beside it); `BIANPAI_WINE` is the
//! wine loader (default `/usr/lib/wine/wine64`). `.ci/run` sets both when the build succeeded.
//! Without them each test says that it is skipped and passes.

mod util;

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use util::{SAMPLES, bianpai, copy_tree, files, sample};

/// The wine loader and the exe, when the environment provides them.
struct Wine {
    loader: PathBuf,
    exe: PathBuf,
}

fn wine(test: &str) -> Option<Wine> {
    let Some(exe) = std::env::var_os("BIANPAI_WINDOWS_EXE") else {
        eprintln!(
            "{test}: skipped: BIANPAI_WINDOWS_EXE is not set (scripts/build-windows.sh --wine \
             builds the exe and prints the path; .ci/run sets it)"
        );
        return None;
    };
    let loader = std::env::var_os("BIANPAI_WINE").unwrap_or_else(|| "/usr/lib/wine/wine64".into());
    Some(Wine {
        loader: PathBuf::from(loader),
        exe: PathBuf::from(exe),
    })
}

impl Wine {
    /// Runs `exe` (this copy or another) under wine with Windows-style arguments, input from
    /// /dev/null (as a script would: the program must not wait for a key).
    fn run_exe(&self, exe: &Path, args: &[String]) -> Output {
        Command::new(&self.loader)
            .arg(exe)
            .args(args)
            .env("WINEDEBUG", "-all")
            .stdin(Stdio::null())
            .output()
            .expect("wine runs")
    }

    fn run(&self, args: &[String]) -> Output {
        self.run_exe(&self.exe, args)
    }
}

/// The Windows path wine gives a Unix path (drive Z: is the Unix root).
fn win(path: &Path) -> String {
    format!("Z:{}", path.display()).replace('/', "\\")
}

/// A copy of sample `name` at `dir/name` without `out/`.
fn copy_sample(name: &str, dir: &Path) -> PathBuf {
    let folder = dir.join(name);
    copy_tree(&sample(name), &folder, false);
    let _ = std::fs::remove_dir_all(folder.join("out"));
    folder
}

/// Every file under `dir`: zip files (workbooks) as their parts in archive order (name,
/// uncompressed bytes), other files (and the samples' broken zips) as one part named "".
fn contents(dir: &Path) -> BTreeMap<String, Vec<(String, Vec<u8>)>> {
    let mut out = BTreeMap::new();
    for rel in files(dir) {
        let mut bytes = std::fs::read(dir.join(&rel)).expect("read output");
        let name = rel.to_string_lossy().replace('\\', "/");
        // The manifest stamps each file's bytes (length, CRC-32): a workbook's zip container
        // may be compressed differently on the two platforms while its parts are the same, so
        // only the listed paths are compared.
        if name.ends_with(".bianpai-manifest") {
            let text = String::from_utf8_lossy(&bytes).into_owned();
            bytes = text
                .lines()
                .map(|l| format!("{}\n", l.split('\t').next().unwrap_or_default()))
                .collect::<String>()
                .into_bytes();
        }
        let parts = zip_parts(&bytes).unwrap_or_else(|| vec![(String::new(), bytes)]);
        out.insert(name, parts);
    }
    out
}

/// The parts of a readable zip, `None` for anything else.
fn zip_parts(bytes: &[u8]) -> Option<Vec<(String, Vec<u8>)>> {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).ok()?;
    let mut parts = Vec::new();
    for i in 0..zip.len() {
        let mut part = zip.by_index(i).ok()?;
        let mut data = Vec::new();
        part.read_to_end(&mut data).ok()?;
        parts.push((part.name().ok()?.to_string(), data));
    }
    Some(parts)
}

/// Asserts that two event folders hold the same files with the same contents, naming each
/// difference (file and part).
fn assert_same_tree(linux: &Path, windows: &Path) {
    let a = contents(linux);
    let b = contents(windows);
    assert!(
        a.keys().any(|k| k.starts_with("out/")),
        "no outputs in {}",
        linux.display()
    );
    let only_linux: Vec<_> = a.keys().filter(|k| !b.contains_key(*k)).collect();
    let only_windows: Vec<_> = b.keys().filter(|k| !a.contains_key(*k)).collect();
    assert!(
        only_linux.is_empty() && only_windows.is_empty(),
        "files only in the Linux run: {only_linux:?}; only in the Windows run: {only_windows:?}"
    );
    let mut differ = Vec::new();
    for (file, parts) in &a {
        let other = &b[file];
        let names: Vec<_> = parts.iter().map(|p| &p.0).collect();
        let other_names: Vec<_> = other.iter().map(|p| &p.0).collect();
        if names != other_names {
            differ.push(format!("{file}: parts {names:?} vs {other_names:?}"));
            continue;
        }
        for ((name, x), (_, y)) in parts.iter().zip(other) {
            if x != y {
                differ.push(format!("{file} {name}"));
            }
        }
    }
    assert!(differ.is_empty(), "contents differ: {differ:#?}");
}

fn utf8(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

#[test]
fn the_samples_give_the_linux_builds_workbooks_and_summaries() {
    let Some(wine) = wine("the_samples_give_the_linux_builds_workbooks_and_summaries") else {
        return;
    };
    for name in SAMPLES {
        let tmp = tempfile::tempdir().expect("tempdir");
        let linux_dir = copy_sample(name, &tmp.path().join("linux"));
        let windows_dir = copy_sample(name, &tmp.path().join("windows"));

        let linux = bianpai(&["run", linux_dir.to_str().expect("utf-8"), "--json"]);
        let windows = wine.run(&["run".into(), win(&windows_dir), "--json".into()]);
        assert_eq!(
            windows.status.code(),
            linux.status.code(),
            "{name}: exit status; wine stderr: {}",
            String::from_utf8_lossy(&windows.stderr)
        );
        let a: serde_json::Value = serde_json::from_slice(&linux.stdout).expect("Linux JSON");
        let b: serde_json::Value = serde_json::from_slice(&windows.stdout).expect("Windows JSON");
        assert!(
            a["files"].as_array().is_some_and(|f| !f.is_empty()),
            "{name}: files"
        );
        assert_eq!(b, a, "{name}: --json summaries differ");
        assert_same_tree(&linux_dir, &windows_dir);
    }
}

#[test]
fn a_folder_dropped_on_the_exe_runs_under_a_long_chinese_path_with_spaces() {
    let Some(wine) = wine("a_folder_dropped_on_the_exe_runs_under_a_long_chinese_path_with_spaces")
    else {
        return;
    };
    let name = "cxa-amateur-king-2023";
    let tmp = tempfile::tempdir().expect("tempdir");
    let linux_dir = copy_sample(name, &tmp.path().join("linux"));
    // Past Windows' old 260-character limit (MAX_PATH) before the event folder's own files.
    let mut deep = tmp.path().join("赛事 资料（2025 年）");
    for level in 1..=10 {
        deep = deep.join(format!("第{level}层 省级 业余棋王赛 报名材料 汇总 文件夹"));
    }
    let windows_dir = copy_sample(name, &deep);
    let dropped = win(&windows_dir);
    assert!(
        dropped.chars().count() > 260,
        "{} characters",
        dropped.chars().count()
    );

    let linux = bianpai(&["run", linux_dir.to_str().expect("utf-8")]);
    let windows = wine.run(std::slice::from_ref(&dropped));
    assert_eq!(
        windows.status.code(),
        Some(1),
        "blocking findings, as on Linux"
    );
    assert_eq!(windows.status.code(), linux.status.code());
    // The terminal summary is the same text as `run <dir>` on Linux, in Chinese.
    assert_eq!(utf8(&windows.stdout), utf8(&linux.stdout));
    assert!(utf8(&windows.stdout).contains("2023年全国业余棋王赛总决赛"));
    // It says which folder it runs, before `run`'s own "reading" line.
    let stderr = utf8(&windows.stderr);
    assert!(
        stderr.starts_with(&format!("赛事文件夹：{dropped}\n正在读取……\n")),
        "{stderr}"
    );
    assert_same_tree(&linux_dir, &windows_dir);
}

#[test]
fn a_double_click_beside_event_toml_runs_that_folder() {
    let Some(wine) = wine("a_double_click_beside_event_toml_runs_that_folder") else {
        return;
    };
    let name = "cca-b-league-2025";
    let tmp = tempfile::tempdir().expect("tempdir");
    let linux_dir = copy_sample(name, &tmp.path().join("linux"));
    let windows_dir = copy_sample(name, &tmp.path().join("windows"));
    // The program (and the test stand-in DLL) copied into both folders, so that both runs list
    // the same files (ignored: not tables).
    let dll = wine.exe.with_file_name("bcryptprimitives.dll");
    for dir in [&linux_dir, &windows_dir] {
        std::fs::copy(&wine.exe, dir.join("bianpai.exe")).expect("copy exe");
        std::fs::copy(&dll, dir.join("bcryptprimitives.dll")).expect("copy dll");
    }
    let linux = bianpai(&["run", linux_dir.to_str().expect("utf-8")]);
    let windows = wine.run_exe(&windows_dir.join("bianpai.exe"), &[]);
    assert_eq!(windows.status.code(), linux.status.code());
    assert_eq!(utf8(&windows.stdout), utf8(&linux.stdout));
    // The sample's 28 files and two ignored ones, with the exe and the DLL ignored too.
    assert!(
        utf8(&windows.stdout).contains("文件 30 个：报名表 14，成绩表 9，无法读取 1，已忽略 4\n"),
        "{}",
        utf8(&windows.stdout)
    );
    assert_same_tree(&linux_dir, &windows_dir);
}

#[test]
fn a_double_click_elsewhere_shows_the_help_and_the_templates() {
    let Some(wine) = wine("a_double_click_elsewhere_shows_the_help_and_the_templates") else {
        return;
    };
    let listing = utf8(&bianpai(&["templates"]).stdout);
    let windows = wine.run(&[]);
    assert_eq!(windows.status.code(), Some(0));
    let help = utf8(&windows.stdout);
    assert_eq!(
        help,
        bianpai::cmd::start::help_text("bianpai.exe", '\\', &listing)
    );
    assert!(
        help.contains("  cca-b-league-2025\t2025年中国国际象棋乙级联赛\n"),
        "{help}"
    );
    // The commands typed in a terminal answer as on Linux.
    let templates = wine.run(&["templates".into()]);
    assert_eq!(utf8(&templates.stdout), listing);
    let version = wine.run(&["--version".into()]);
    assert_eq!(utf8(&version.stdout), utf8(&bianpai(&["--version"]).stdout));
}

/// A process under wine whose standard streams are a pseudo-terminal, as a console window
/// opened by Explorer for a click or a drop is the program's own (wine gives the program a
/// console of its own on a terminal): what it printed so far, and a key to press.
struct OnTerminal {
    child: std::process::Child,
    master: std::fs::File,
    seen: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
}

impl OnTerminal {
    fn start(program: &Path, args: &[String]) -> OnTerminal {
        use std::os::fd::FromRawFd;
        use std::os::unix::process::CommandExt;
        let (mut master, mut slave) = (0, 0);
        // SAFETY: openpty writes two file descriptors; the other pointers may be null.
        let rc = unsafe {
            libc::openpty(
                &mut master,
                &mut slave,
                std::ptr::null_mut(),
                std::ptr::null(),
                std::ptr::null(),
            )
        };
        assert_eq!(rc, 0, "openpty");
        // SAFETY: both descriptors were just opened and are owned here alone.
        let (master, slave) = unsafe {
            (
                std::fs::File::from_raw_fd(master),
                std::fs::File::from_raw_fd(slave),
            )
        };
        let mut cmd = Command::new(program);
        cmd.args(args)
            .env("WINEDEBUG", "-all")
            .stdin(slave.try_clone().expect("dup"))
            .stdout(slave.try_clone().expect("dup"))
            .stderr(slave);
        // SAFETY: only async-signal-safe calls between fork and exec: a new session whose
        // controlling terminal is the pseudo-terminal (standard input), as a terminal gives.
        unsafe {
            cmd.pre_exec(|| {
                libc::setsid();
                libc::ioctl(0, libc::TIOCSCTTY, 0);
                Ok(())
            });
        }
        let child = cmd.spawn().expect("wine runs");
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut reader = master.try_clone().expect("dup master");
        let sink = seen.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            // Ends with EIO once the program (the last holder of the terminal) is gone.
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().expect("lock").extend_from_slice(&buf[..n]);
            }
        });
        OnTerminal {
            child,
            master,
            seen,
        }
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.seen.lock().expect("lock")).into_owned()
    }

    /// Waits up to `secs` for `needle` to be printed.
    fn wait_for_text(&self, needle: &str, secs: u64) -> bool {
        let end = std::time::Instant::now() + std::time::Duration::from_secs(secs);
        while std::time::Instant::now() < end {
            if self.text().contains(needle) {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        false
    }

    /// The exit status once the program ended within `secs`, else `None` (still running).
    fn exit_within(&mut self, secs: u64) -> Option<i32> {
        let end = std::time::Instant::now() + std::time::Duration::from_secs(secs);
        loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                return status.code();
            }
            if std::time::Instant::now() >= end {
                return None;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
    }

    fn press_key(&mut self) {
        use std::io::Write;
        self.master.write_all(b"x").expect("type a key");
    }
}

impl Drop for OnTerminal {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const PROMPT: &str = "按任意键关闭窗口……";

#[test]
fn a_drop_waits_for_a_key_in_a_console_of_its_own() {
    let Some(wine) = wine("a_drop_waits_for_a_key_in_a_console_of_its_own") else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tempdir");
    let folder = copy_sample("cxa-amateur-king-2023", tmp.path());
    let mut run = OnTerminal::start(&wine.loader, &[win(&wine.exe), win(&folder)]);
    assert!(run.wait_for_text(PROMPT, 120), "no prompt: {}", run.text());
    // The summary was shown before the prompt, and the program keeps waiting.
    let text = run.text();
    let summary = text
        .find("2023年全国业余棋王赛总决赛")
        .expect("summary shown");
    assert!(summary < text.find(PROMPT).expect("prompt"), "{text}");
    assert_eq!(run.exit_within(2), None, "ended without a key: {text}");
    run.press_key();
    // The run's status (blocking findings) survives the wait.
    assert_eq!(run.exit_within(30), Some(1), "{}", run.text());
    assert!(folder.join("out/standings.xlsx").is_file());
}

#[test]
fn started_from_a_command_prompt_it_never_waits() {
    let Some(wine) = wine("started_from_a_command_prompt_it_never_waits") else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tempdir");
    let folder = copy_sample("cxa-amateur-king-2023", tmp.path());
    // cmd.exe shares the console: two processes on it.
    let mut run = OnTerminal::start(
        &wine.loader,
        &["cmd".into(), "/c".into(), win(&wine.exe), win(&folder)],
    );
    let code = run.exit_within(120);
    let text = run.text();
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("2023年全国业余棋王赛总决赛"), "{text}");
    assert!(!text.contains(PROMPT), "{text}");
}
