//! Shared helpers of the end-to-end tests: copy a folder to a temporary directory, run the built
//! `bianpai` binary on it, parse its `--json` summary, and snapshot a tree of files.
#![allow(dead_code)] // each test crate uses a different part of this module

pub mod bbp;
pub mod cells;
pub mod edit;
pub mod gacrux;
pub mod pdf;
pub mod sample_run;
pub mod swiss;
pub mod trf_cut;

use std::collections::BTreeMap;
use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The names of the three bundled sample folders.
pub const SAMPLES: [&str; 3] = [
    "cca-a-league-2023",
    "cca-b-league-2025",
    "cxa-amateur-king-2023",
];

/// Every bundled sample folder: the three of [`SAMPLES`] and the newer youth, open and
/// xiangqi-team samples.
pub const ALL_SAMPLES: [&str; 6] = [
    SAMPLES[0],
    SAMPLES[1],
    SAMPLES[2],
    "youth-chess-2026",
    "open-chess-2026",
    "xiangqi-team-2026",
];

/// `samples/<name>` of the repository.
/// The sections of the youth chess sample, in event.toml's order.
/// The Berger table for 9 or 10 players (FIDE C.05 Annex 1), White first.
pub const BERGER_10: [[(u16, u16); 5]; 9] = [
    [(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)],
    [(10, 6), (7, 5), (8, 4), (9, 3), (1, 2)],
    [(2, 10), (3, 1), (4, 9), (5, 8), (6, 7)],
    [(10, 7), (8, 6), (9, 5), (1, 4), (2, 3)],
    [(3, 10), (4, 2), (5, 1), (6, 9), (7, 8)],
    [(10, 8), (9, 7), (1, 6), (2, 5), (3, 4)],
    [(4, 10), (5, 3), (6, 2), (7, 1), (8, 9)],
    [(10, 9), (1, 8), (2, 7), (3, 6), (4, 5)],
    [(5, 10), (6, 4), (7, 3), (8, 2), (9, 1)],
];

pub const YOUTH_SECTIONS: [&str; 10] = [
    "u8-boys",
    "u8-girls",
    "u10-boys",
    "u10-girls",
    "u12-boys",
    "u12-girls",
    "u14-boys",
    "u14-girls",
    "u16-boys",
    "u16-girls",
];

pub fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("samples")
        .join(name)
}

/// `tests/reference/` of the repository: the reference corpus (TRF files of other programs,
/// their pairings and tie-breaks).
pub fn reference() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/reference")
}

/// `tests/fixtures/<rel>` of the repository.
pub fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(rel)
}

/// The oracle of the samples, `samples/expected.json`, for one folder.
pub fn oracle(name: &str) -> serde_json::Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/expected.json");
    let text = fs::read_to_string(path).expect("samples/expected.json");
    let all: serde_json::Value = serde_json::from_str(&text).expect("expected.json parses");
    all[name].clone()
}

/// Every file under `src` (relative path), in path order; symlinks are not followed.
pub fn files(src: &Path) -> Vec<PathBuf> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = fs::read_dir(dir)
            .expect("read_dir")
            .map(|e| e.expect("dir entry").path())
            .collect();
        entries.sort();
        for p in entries {
            let meta = fs::symlink_metadata(&p).expect("metadata");
            if meta.is_dir() {
                walk(root, &p, out);
            } else {
                out.push(p.strip_prefix(root).expect("under root").to_path_buf());
            }
        }
    }
    let mut out = Vec::new();
    walk(src, src, &mut out);
    out
}

/// Copies the regular files of `src` into `dst` (created), keeping modification times (the
/// resubmission rules look at them), in `files(src)` order, or reversed with `reverse`.
pub fn copy_tree(src: &Path, dst: &Path, reverse: bool) {
    let mut list = files(src);
    if reverse {
        list.reverse();
    }
    fs::create_dir_all(dst).expect("create dst");
    for rel in list {
        let from = src.join(&rel);
        let to = dst.join(&rel);
        if let Some(parent) = to.parent() {
            fs::create_dir_all(parent).expect("create parent");
        }
        fs::copy(&from, &to).expect("copy");
        let modified = fs::metadata(&from)
            .and_then(|m| m.modified())
            .expect("mtime");
        fs::File::options()
            .write(true)
            .open(&to)
            .and_then(|f| f.set_modified(modified))
            .expect("set mtime");
    }
}

/// A fresh temporary copy of sample `name`; the folder is `dir.path().join(name)`.
pub fn sample_copy(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let folder = dir.path().join(name);
    copy_tree(&sample(name), &folder, false);
    // A developer who ran the README's first command has `out/` in the sample (gitignored): the
    // tests start from the committed folder.
    let _ = fs::remove_dir_all(folder.join("out"));
    (dir, folder)
}

/// Runs `bianpai <args>`.
pub fn bianpai(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bianpai"))
        .args(args)
        .output()
        .expect("bianpai runs")
}

/// Runs `bianpai run <folder> --json <extra>`: (exit code, parsed summary, stderr).
pub fn run_json(folder: &Path, extra: &[&str]) -> (i32, serde_json::Value, String) {
    let dir = folder.to_str().expect("utf-8 temp path");
    let mut args = vec!["run", dir, "--json"];
    args.extend_from_slice(extra);
    let out = bianpai(&args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let code = out.status.code().unwrap_or(-1);
    let json = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "exit {code}: stdout is not JSON ({e}): {}\nstderr: {stderr}",
            String::from_utf8_lossy(&out.stdout)
        )
    });
    (code, json, stderr)
}

/// Every file under `dir` with its bytes, by relative path, skipping paths starting with one
/// of `skip` (relative, `/`-separated).
pub fn snapshot(dir: &Path, skip: &[&str]) -> BTreeMap<String, Vec<u8>> {
    if !dir.exists() {
        return BTreeMap::new();
    }
    files(dir)
        .into_iter()
        .map(|rel| rel.to_string_lossy().into_owned())
        .filter(|rel| !skip.iter().any(|s| rel.starts_with(s)))
        .map(|rel| {
            let bytes = fs::read(dir.join(&rel)).unwrap_or_default();
            (rel, bytes)
        })
        .collect()
}

/// A string field of a JSON object ("" when absent).
pub fn s(v: &serde_json::Value, k: &str) -> String {
    v.get(k)
        .and_then(|x| x.as_str())
        .unwrap_or_default()
        .to_string()
}

/// The findings of `code` in a `--json` summary: (source, message).
pub fn findings_of(j: &serde_json::Value, code: &str) -> Vec<(String, String)> {
    findings_with_severity(j, code)
        .into_iter()
        .map(|(source, _, message)| (source, message))
        .collect()
}

/// The `--json` summary's findings of one code: (source, severity, message).
pub fn findings_with_severity(
    json: &serde_json::Value,
    code: &str,
) -> Vec<(String, String, String)> {
    json["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| s(f, "code") == code)
        .map(|f| (s(f, "source"), s(f, "severity"), s(f, "message")))
        .collect()
}

/// Types `result` into every empty result cell (column F, style of the result cells) of the
/// round sheet of `path` (the forfeit on a board where a side fielded nobody), as a user
/// would in Excel, keeping every other part (the hidden marker sheet included) byte for byte.
pub fn type_results(path: &Path, result: &str) -> usize {
    let bytes = fs::read(path).expect("read round workbook");
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("xlsx is a zip");
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let cell = regex::Regex::new(r#"<c r="(F\d+)" s="(\d+)"/>"#).expect("regex");
    let mut typed = 0;
    for i in 0..zip.len() {
        let mut member = zip.by_index(i).expect("member");
        let name = member.name().expect("utf-8 member name").to_string();
        let mut data = Vec::new();
        member.read_to_end(&mut data).expect("read member");
        if name == "xl/worksheets/sheet1.xml" {
            let xml = String::from_utf8(data).expect("utf-8 sheet");
            // Rows 1-2 are the title and the header; the boards start in row 3.
            let board_row =
                |c: &regex::Captures| c[1][1..].parse::<u32>().is_ok_and(|row| row >= 3);
            typed = cell.captures_iter(&xml).filter(board_row).count();
            // A board where a side fielded nobody (its player cell is empty, `<c r="D9" s="5"/>`)
            // gets the forfeit it is, as an arbiter would type it.
            let empty = |col: char, row: &str| {
                regex::Regex::new(&format!(r#"<c r="{col}{row}" s="\d+"/>"#))
                    .expect("regex")
                    .is_match(&xml)
            };
            data = cell
                .replace_all(&xml, |c: &regex::Captures| {
                    if board_row(c) {
                        let row = &c[1][1..];
                        let value = match (empty('D', row), empty('G', row)) {
                            (false, false) => result,
                            (true, true) => "--",
                            (true, false) => "-+",
                            (false, true) => "+-",
                        };
                        format!(
                            r#"<c r="{}" s="{}" t="inlineStr"><is><t>{value}</t></is></c>"#,
                            &c[1], &c[2]
                        )
                    } else {
                        c[0].to_string()
                    }
                })
                .into_owned()
                .into_bytes();
        }
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        out.start_file(name, options).expect("start member");
        out.write_all(&data).expect("write member");
    }
    let written = out.finish().expect("finish zip").into_inner();
    fs::write(path, written).expect("write round workbook");
    typed
}

/// What one measured run of the binary cost.
#[derive(Debug, Clone, Copy)]
pub struct Usage {
    /// Peak resident set size of the child, in KiB (`ru_maxrss` of its own `wait4`).
    pub max_rss_kib: u64,
    /// User plus system CPU time of the child.
    pub cpu: std::time::Duration,
    /// Wall-clock time from spawn to exit.
    pub wall: std::time::Duration,
}

/// Runs `bianpai run <folder> --json` and measures it (see [`measure`]). Returns (exit code,
/// parsed summary, stderr, usage).
pub fn run_measured(folder: &Path) -> (i32, serde_json::Value, String, Usage) {
    let (code, stdout, stderr, usage) =
        measure(&["run", folder.to_str().expect("utf-8 temp path"), "--json"]);
    let json = serde_json::from_slice(&stdout)
        .unwrap_or_else(|e| panic!("exit {code}: stdout is not JSON ({e})\nstderr: {stderr}"));
    (code, json, stderr, usage)
}

/// Runs `bianpai <args>` and measures it: the child is reaped with `wait4`, whose resource usage
/// is the child's own (not that of other tests' children, as `RUSAGE_CHILDREN` would be).
/// Returns (exit code, stdout, stderr, usage).
pub fn measure(args: &[&str]) -> (i32, Vec<u8>, String, Usage) {
    let logs = tempfile::tempdir().expect("tempdir");
    let (out_path, err_path) = (logs.path().join("stdout"), logs.path().join("stderr"));
    let start = std::time::Instant::now();
    let child = Command::new(env!("CARGO_BIN_EXE_bianpai"))
        .args(args)
        .stdout(fs::File::create(&out_path).expect("stdout file"))
        .stderr(fs::File::create(&err_path).expect("stderr file"))
        .spawn()
        .expect("bianpai runs");
    let pid = libc::pid_t::try_from(child.id()).expect("pid fits");
    let mut status: libc::c_int = 0;
    // SAFETY: `rusage` is plain old data that wait4 fills in; `pid` is our own child, which
    // std does not reap (dropping a `Child` never waits).
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let wall = start.elapsed();
    assert_eq!(reaped, pid, "wait4: {}", std::io::Error::last_os_error());
    drop(child);
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        -1
    };
    let tv = |t: libc::timeval| {
        std::time::Duration::from_secs(u64::try_from(t.tv_sec).unwrap_or(0))
            + std::time::Duration::from_micros(u64::try_from(t.tv_usec).unwrap_or(0))
    };
    let usage = Usage {
        max_rss_kib: u64::try_from(usage.ru_maxrss).unwrap_or(0),
        cpu: tv(usage.ru_utime) + tv(usage.ru_stime),
        wall,
    };
    let stdout = fs::read(&out_path).expect("stdout");
    let stderr = fs::read_to_string(&err_path).unwrap_or_default();
    (code, stdout, stderr, usage)
}

/// The prizes of a `--json` summary: (place, name, gross in fen, withheld); `err` (the run's
/// stderr) is shown when the summary has none.
pub fn paid_prizes(j: &serde_json::Value, err: &str) -> Vec<(u64, String, i64, bool)> {
    j["prizes"]
        .as_array()
        .unwrap_or_else(|| panic!("prizes: {err}"))
        .iter()
        .map(|p| {
            (
                p["place"].as_u64().expect("place"),
                s(p, "name"),
                p["gross_fen"].as_i64().expect("gross"),
                p["withheld"].as_bool() == Some(true),
            )
        })
        .collect()
}

/// Prizes paid in full (none withheld), as [`paid_prizes`] lists them: (place, name, gross in fen).
pub fn paid_in_full(rows: &[(u64, &str, i64)]) -> Vec<(u64, String, i64, bool)> {
    rows.iter()
        .map(|&(p, n, f)| (p, n.to_string(), f, false))
        .collect()
}

/// Every file under `dir`, recursively.
pub fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir).expect("read_dir").flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// The text of an output file: every part of a workbook (cells, sheet names, print headers),
/// else the file itself when it is text (nothing for a picture).
pub fn text_of(path: &Path) -> String {
    let bytes = fs::read(path).expect("read");
    if path.extension().is_some_and(|e| e == "xlsx") {
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("zip");
        let mut all = String::new();
        for i in 0..zip.len() {
            let _ = zip.by_index(i).expect("member").read_to_string(&mut all);
        }
        all
    } else {
        String::from_utf8(bytes).unwrap_or_default()
    }
}

/// The rulings that decide the open-chess sample's three open errors: 六合区文化馆's late form
/// and 孟思立's and 贺帆磊's entries are ruled `cleared`, so that no blocking finding is left.
pub const OPEN_CHESS_RULINGS: &str = r#"
[[rulings]]
team = "六合区文化馆"
decision = "cleared"
clause = "规程 六(二)"
note = "逾期报名经组委会同意"

[[rulings]]
person = "孟思立"
team = "南京弈友国际象棋俱乐部"
decision = "cleared"
clause = "规程 五(一)"
note = "重复填写的一行已核实为同一人"

[[rulings]]
person = "贺帆磊"
team = "江宁区棋类协会"
decision = "cleared"
clause = "规程 五(一)"
note = "身份证原件已核验"
"#;

/// A copy of the open-chess sample with [`OPEN_CHESS_RULINGS`] appended to its event.toml.
pub fn ruled_open_chess() -> (tempfile::TempDir, PathBuf) {
    let (tmp, folder) = sample_copy("open-chess-2026");
    let toml = folder.join("event.toml");
    let mut text = fs::read_to_string(&toml).expect("event.toml");
    text.push_str(OPEN_CHESS_RULINGS);
    fs::write(&toml, text).expect("write event.toml");
    (tmp, folder)
}

/// Writes a Word document (`.docx`) whose `word/document.xml` body is `body` (WordprocessingML
/// with the `w:` prefix).
pub fn write_docx(path: &Path, body: &str) {
    const W: &str = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
    let document = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="{W}"><w:body>{body}</w:body></w:document>"#
    );
    let mut zip = zip::ZipWriter::new(fs::File::create(path).expect("docx"));
    let options = zip::write::SimpleFileOptions::default();
    zip.start_file("[Content_Types].xml", options)
        .expect("member");
    zip.write_all(
        br#"<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>"#,
    )
    .expect("write");
    zip.start_file("word/document.xml", options)
        .expect("member");
    zip.write_all(document.as_bytes()).expect("write");
    zip.finish().expect("finish");
}
