//! Reliability of whole runs (issue 8): a run never changes an input or a round workbook, a
//! typed result survives reruns, an unwritable output is exit 2 naming the path without leaving
//! temporary files, reruns are byte-identical, and a folder of hostile files still runs.

mod util;

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use util::{copy_tree, files, fixture, run_json, s, sample, sample_copy, snapshot};

const A: &str = "cca-a-league-2023";

/// A copy of the A-league sample without its `results/` folder, as before the first draw.
fn fresh_a_league() -> (tempfile::TempDir, std::path::PathBuf) {
    let (tmp, folder) = sample_copy(A);
    fs::remove_dir_all(folder.join("results")).expect("remove results");
    (tmp, folder)
}

/// Every file except `out/` (inputs and round workbooks).
fn inputs(folder: &Path) -> BTreeMap<String, Vec<u8>> {
    snapshot(folder, &["out/"])
}

/// Temporary files left anywhere in the folder.
fn leftovers(folder: &Path) -> Vec<String> {
    files(folder)
        .into_iter()
        .map(|p| p.to_string_lossy().into_owned())
        .filter(|p| {
            let name = p.rsplit('/').next().unwrap_or(p);
            name.ends_with(".tmp") || (name.starts_with('.') && name.contains("tmp"))
        })
        .collect()
}

#[test]
fn inputs_and_round_workbooks_are_never_changed_and_typed_results_survive() {
    let (_tmp, folder) = fresh_a_league();
    let before = inputs(&folder);
    assert!(!before.keys().any(|k| k.starts_with("results/")));

    // First run: the draw and round 1 are written; no input changes.
    let (code, json, err) = run_json(&folder, &[]);
    assert_eq!(code, 1, "{err}");
    let after1 = inputs(&folder);
    let new: Vec<&String> = after1.keys().filter(|k| !before.contains_key(*k)).collect();
    assert_eq!(new, ["results/draw.xlsx", "results/r01.xlsx"]);
    for (k, v) in &before {
        assert!(after1.get(k) == Some(v), "{k} changed by the run");
    }
    assert_eq!(json["rounds"]["paired"], 1, "{}", json["rounds"]);
    assert_eq!(json["rounds"]["complete"], 0, "{}", json["rounds"]);

    // Second run: nothing outside out/ changes, written workbooks included.
    run_json(&folder, &[]);
    assert_eq!(inputs(&folder), after1);

    // A result typed into every board of round 1 survives reruns and brings round 2.
    let r01 = folder.join("results/r01.xlsx");
    let typed = util::type_results(&r01, "1-0");
    assert_eq!(typed, 30, "6 matches × 5 boards");
    let with_results = inputs(&folder);
    let (_, json, err) = run_json(&folder, &[]);
    assert_eq!(json["rounds"]["complete"], 1, "{} {err}", json["rounds"]);
    assert_eq!(json["rounds"]["paired"], 2, "{}", json["rounds"]);
    let after3 = inputs(&folder);
    for (k, v) in &with_results {
        assert!(after3.get(k) == Some(v), "{k} changed by the run");
    }
    assert!(after3.contains_key("results/r02.xlsx"));
    for _ in 0..2 {
        run_json(&folder, &[]);
        assert_eq!(inputs(&folder), after3);
    }
    assert!(leftovers(&folder).is_empty(), "{:?}", leftovers(&folder));
}

#[test]
fn out_previous_holds_the_last_run() {
    let (_tmp, folder) = sample_copy(A);
    run_json(&folder, &[]);
    let first = snapshot(&folder.join("out"), &["previous/"]);
    assert!(first.contains_key("roster.xlsx"), "{:?}", first.keys());
    // Run again: the first run's files, as written (an edited one would be the organizer's
    // and stay in out/, tests/run_guards.rs), move to out/previous.
    run_json(&folder, &[]);
    let previous = snapshot(&folder.join("out/previous"), &[]);
    let want = first.clone();
    // Only the bookkeeping marker of out/ may be missing from out/previous.
    let previous: BTreeMap<_, _> = previous
        .into_iter()
        .filter(|(k, _)| !k.starts_with('.'))
        .collect();
    let want: BTreeMap<_, _> = want
        .into_iter()
        .filter(|(k, _)| !k.starts_with('.'))
        .collect();
    assert_eq!(
        previous.keys().collect::<Vec<_>>(),
        want.keys().collect::<Vec<_>>()
    );
    assert!(previous == want, "out/previous is not the last run");
    // The new out/ is the same as the first run (the folder did not change).
    assert!(snapshot(&folder.join("out"), &["previous/"]) == first);
}

#[test]
fn an_unwritable_output_is_exit_2_naming_the_path_without_half_written_files() {
    // A plain file where the output folder should be: refused even for root (chmod is not).
    let (_tmp, folder) = sample_copy(A);
    fs::write(folder.join("out"), b"not a folder").expect("block out");
    let before = inputs(&folder);
    let out = util::bianpai(&["run", folder.to_str().expect("utf-8"), "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("{}", folder.join("out").display())),
        "{stderr}"
    );
    assert_eq!(fs::read(folder.join("out")).expect("out"), b"not a folder");
    assert!(inputs(&folder) == before);
    assert!(leftovers(&folder).is_empty(), "{:?}", leftovers(&folder));
}

/// Runs `bianpai run <folder> --json <extra>` expecting exit 2 with `path` named on stderr, and
/// checks that nothing outside `out/` changed and no temporary file was left.
fn assert_refused(folder: &Path, extra: &[&str], path: &Path) {
    let before = inputs(folder);
    let mut args = vec!["run", folder.to_str().expect("utf-8"), "--json"];
    args.extend_from_slice(extra);
    let out = util::bianpai(&args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(&path.display().to_string()), "{stderr}");
    assert!(inputs(folder) == before, "an input changed");
    assert!(leftovers(folder).is_empty(), "{:?}", leftovers(folder));
}

#[test]
fn an_unwritable_round_workbook_folder_or_output_path_is_exit_2_naming_it() {
    // A file where results/ should be: the draw of a fresh league cannot be written.
    let (_tmp, folder) = fresh_a_league();
    fs::write(folder.join("results"), b"not a folder").expect("block results");
    assert_refused(&folder, &[], &folder.join("results"));
    assert_eq!(
        fs::read(folder.join("results")).expect("results"),
        b"not a folder"
    );
    // Whatever out/ holds is whole workbooks, never a part of one.
    for (rel, bytes) in snapshot(&folder.join("out"), &["previous/"]) {
        if rel.ends_with(".xlsx") {
            assert!(
                zip::ZipArchive::new(std::io::Cursor::new(bytes)).is_ok(),
                "{rel}"
            );
        }
    }

    // --out below a plain file.
    let (_tmp, folder) = sample_copy(A);
    let blocker = folder.join("blocker");
    fs::write(&blocker, b"x").expect("blocker");
    let out = blocker.join("out");
    assert_refused(&folder, &["--out", out.to_str().expect("utf-8")], &out);
    assert!(!folder.join("out").exists());
}

#[test]
fn a_read_only_output_folder_is_exit_2_naming_it() {
    use std::os::unix::fs::PermissionsExt;
    let (tmp, folder) = sample_copy(A);
    run_json(&folder, &[]);
    let out = folder.join("out");
    let first = outputs(&folder);
    let out_str = out.display().to_string();
    // Root ignores permission bits, and the tests run as root here and in CI: there the second
    // run is made as `nobody` (util-linux's setpriv, which also drops root's capabilities), on a
    // folder `nobody` owns with its out/ made read-only, and with a copy of the binary (the
    // build folder may be under a home `nobody` cannot enter).
    // SAFETY: geteuid has no preconditions and cannot fail.
    let as_root = unsafe { libc::geteuid() } == 0;
    let mut cmd = if as_root {
        let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"]
            .into_iter()
            .find(|p| Path::new(p).exists())
            .expect("running as root: setpriv (util-linux) is needed to run bianpai as nobody");
        fs::set_permissions(tmp.path(), fs::Permissions::from_mode(0o755)).expect("chmod tmp");
        let exe = tmp.path().join("bianpai");
        fs::copy(env!("CARGO_BIN_EXE_bianpai"), &exe).expect("copy the binary");
        let chown = std::process::Command::new("chown")
            .args(["-R", "65534:65534"])
            .arg(&folder)
            .status()
            .expect("chown runs");
        assert!(chown.success(), "chown -R nobody {}", folder.display());
        let mut c = std::process::Command::new(setpriv);
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
            .arg(&exe);
        c
    } else {
        std::process::Command::new(env!("CARGO_BIN_EXE_bianpai"))
    };
    fs::set_permissions(&out, fs::Permissions::from_mode(0o555)).expect("chmod");
    let res = cmd
        .args(["run", folder.to_str().expect("utf-8"), "--json"])
        .output()
        .expect("bianpai runs");
    fs::set_permissions(&out, fs::Permissions::from_mode(0o755)).expect("chmod back");
    let stderr = String::from_utf8_lossy(&res.stderr);
    assert_eq!(res.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(&out_str), "{stderr}");
    assert!(outputs(&folder) == first, "out/ changed");
    assert!(leftovers(&folder).is_empty(), "{:?}", leftovers(&folder));
}

/// `out/` without `out/previous/` (the files the run wrote this time).
fn outputs(folder: &Path) -> BTreeMap<String, Vec<u8>> {
    snapshot(&folder.join("out"), &["previous/"])
}

#[test]
fn reruns_and_copies_in_another_order_give_byte_identical_outputs() {
    for name in util::SAMPLES {
        let (_tmp, folder) = sample_copy(name);
        // The first run may write round workbooks into results/ (the folder changes, and the
        // next run reads them: an untouched round is a `result.missing` warning); from the
        // second run on the folder is the same.
        run_json(&folder, &[]);
        run_json(&folder, &[]);
        let first = outputs(&folder);
        assert!(first.len() >= 2, "{name}: {:?}", first.keys());
        let (_, j2, _) = run_json(&folder, &[]);
        assert!(outputs(&folder) == first, "{name}: rerun differs");

        // The same folder with its files created in reverse order (other inode and directory
        // order), results/ included.
        let other = tempfile::tempdir().expect("tempdir");
        let copy = other.path().join(name);
        copy_tree(&folder, &copy, true);
        fs::remove_dir_all(copy.join("out")).expect("drop out");
        let (_, j3, _) = run_json(&copy, &[]);
        let copied = outputs(&copy);
        let differing: Vec<&String> = first
            .keys()
            .chain(copied.keys())
            .filter(|k| first.get(*k) != copied.get(*k))
            .collect();
        assert!(differing.is_empty(), "{name}: {differing:?}");
        assert_eq!(j2, j3, "{name}: --json differs");
    }
}

/// The hostile corpus as an event folder: the fixtures of `ingest/hostile`, the A-league's
/// event.toml and one good form, random bytes under more extensions, and links pointing outside
/// the folder. Returns the temporary directories to keep alive and the folder.
fn hostile_folder() -> (Vec<tempfile::TempDir>, std::path::PathBuf) {
    let tmp = tempfile::tempdir().expect("tempdir");
    let folder = tmp.path().join("event");
    copy_tree(&fixture("ingest/hostile"), &folder, false);
    fs::copy(sample(A).join("event.toml"), folder.join("event.toml")).expect("event.toml");
    let good = "北京华清队报名表(1).xlsx";
    fs::copy(sample(A).join(good), folder.join(good)).expect("good form");
    // Random bytes under the extensions the fixtures do not cover yet (fixed LCG seed).
    let mut x: u64 = 0x5eed;
    let noise: Vec<u8> = (0..4096)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 56) as u8
        })
        .collect();
    for ext in ["ods", "txt", "xlsm"] {
        fs::write(folder.join(format!("random.{ext}")), &noise).expect("noise");
    }
    deep_docx(
        &folder.join("deep_tables.docx"),
        "<w:tbl><w:tr><w:tc>",
        "</w:tc></w:tr></w:tbl>",
    );
    deep_docx(
        &folder.join("deep_sdt.docx"),
        "<w:sdt><w:sdtContent>",
        "</w:sdtContent></w:sdt>",
    );
    // A link pointing outside the folder is not followed.
    let outside = tempfile::tempdir().expect("tempdir");
    fs::write(outside.path().join("secret.csv"), "姓名,性别\n外人,男\n").expect("secret");
    std::os::unix::fs::symlink(outside.path().join("secret.csv"), folder.join("link.csv"))
        .expect("symlink");
    std::os::unix::fs::symlink(outside.path(), folder.join("linkdir")).expect("symlink dir");
    (vec![tmp, outside], folder)
}

/// A Word form (about 10 KB) whose one table cell holds `open … close` nested 100,000 deep
/// around a paragraph per level: it took 158 s and was then ignored (issue 46).
fn deep_docx(path: &Path, open: &str, close: &str) {
    let n = 100_000;
    let para = "<w:p><w:r><w:t>张三</w:t></w:r></w:p>";
    let body = format!(
        "<w:tbl><w:tr><w:tc>{}{}{}</w:tc></w:tr></w:tbl>",
        open.repeat(n),
        para.repeat(n),
        close.repeat(n)
    );
    util::write_docx(path, &body);
}

#[test]
fn a_folder_of_hostile_files_names_every_bad_file_and_reads_the_good_one() {
    let (_keep, folder) = hostile_folder();
    let good = "北京华清队报名表(1).xlsx";
    let inputs_before = inputs(&folder);

    let (code, json, err) = run_json(&folder, &[]);
    assert_eq!(code, 1, "{err}");
    let unreadable: Vec<String> = json["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| s(f, "code") == "file.unreadable")
        .map(|f| s(f, "source"))
        .collect();
    let mut want: Vec<&str> = vec![
        "bad_sst.xlsb",
        "bomb.zip/big.csv",
        "deep.zip/level1.zip/level2.zip/level3.zip/level4.zip",
        "deep_sdt.docx",
        "deep_tables.docx",
        "empty.xlsx",
        "encrypted.xlsx",
        "encrypted_named.xls",
        "far_cell.xls",
        "far_cell.xlsx",
        "forged_sst_count.xlsx",
        "hidden_far_cell.xls",
        "huge_sst.xlsx",
        "random.csv",
        "random.ods",
        "random.xls",
        "random.xlsm",
        "random.xlsx",
        "random.zip",
        "random_cfb.xls",
        "random_pk.xlsx",
        "rar.zip",
        "repeat_bomb.ods",
        "same_names.zip/same.zip",
        "spaces_bomb.ods",
        "traversal.zip/../evil.csv",
        "traversal.zip//abs.csv",
        "traversal.zip/C:/win.csv",
        "truncated.xlsx",
        "web.xls",
        "xml2003.xls",
    ];
    want.sort_unstable();
    let mut got: Vec<&str> = unreadable.iter().map(String::as_str).collect();
    got.sort_unstable();
    assert_eq!(got, want);
    // Counts a container declares are checked before anything is allocated (issue 46): each
    // of these aborted the run or took gigabytes.
    let message = |source: &str| {
        json["findings"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|f| s(f, "code") == "file.unreadable" && s(f, "source") == source)
            .map(|f| s(f, "message"))
            .unwrap_or_default()
    };
    assert_eq!(
        message("forged_sst_count.xlsx"),
        "无法读取 forged_sst_count.xlsx：工作簿声明了 10000000000000 个共享文本（上限 4000000），文件可能已损坏或被篡改"
    );
    assert_eq!(
        message("same_names.zip/same.zip"),
        "无法读取 same_names.zip/same.zip：zip 内文件太多（声明 12000 个，上限 10000）"
    );
    assert_eq!(
        message("spaces_bomb.ods"),
        "无法读取 spaces_bomb.ods：文件内容太多（所有工作表合计超过 4000000 个单元格或 64 MB 文字）"
    );
    // A Word form nested 100,000 deep is refused at the depth bound, not walked to the end.
    for docx in ["deep_sdt.docx", "deep_tables.docx"] {
        assert_eq!(
            message(docx),
            format!("无法读取 {docx}：Word 文档的内容嵌套超过 256 层，文件可能已损坏或被篡改")
        );
    }
    // A parser's panic (calamine on bad_sst.xlsb) is the finding alone: no panic message that
    // would read as a crash.
    assert!(!err.contains("panicked"), "{err}");
    // The good form is still read; nothing from outside the folder is.
    assert!(json["teams"].as_u64() >= Some(1), "{}", json["teams"]);
    assert!(json["players"].as_u64() >= Some(7), "{}", json["players"]);
    let text = json.to_string();
    assert!(!text.contains("外人"), "the symlink was followed");
    let kinds: BTreeMap<String, String> = json["files"]
        .as_array()
        .expect("files")
        .iter()
        .map(|f| (s(f, "path"), s(f, "kind")))
        .collect();
    assert_eq!(kinds.get(good).map(String::as_str), Some("entry-form"));
    // Random bytes in a .txt decode as some text without a header: not a form.
    assert_ne!(
        kinds.get("random.txt").map(String::as_str),
        Some("entry-form")
    );
    let after = inputs(&folder);
    for (k, v) in &inputs_before {
        assert!(after.get(k) == Some(v), "{k} changed by the run");
    }
    assert!(leftovers(&folder).is_empty(), "{:?}", leftovers(&folder));
}

/// Every workbook bianpai writes for the samples (`out/` of the three, and the draw and round
/// workbooks of a fresh A-league folder) converts to PDF in LibreOffice without error. Runs only
/// with `BIANPAI_LIBREOFFICE=1` (set by `.ci/run`, which installs LibreOffice).
#[test]
fn every_written_workbook_opens_in_libreoffice() {
    if std::env::var("BIANPAI_LIBREOFFICE").as_deref() != Ok("1") {
        eprintln!("skipped: set BIANPAI_LIBREOFFICE=1 to run the LibreOffice check");
        return;
    }
    let mut keep = Vec::new();
    let mut workbooks = Vec::new();
    for name in util::SAMPLES {
        let (tmp, folder) = if name == A {
            fresh_a_league()
        } else {
            sample_copy(name)
        };
        run_json(&folder, &[]);
        if name == A {
            run_json(&folder, &[]); // the second run writes out/ with the draw in place
        }
        let mut packets = 0;
        for rel in files(&folder) {
            let rel = rel.to_string_lossy().into_owned();
            let written = rel.starts_with("out/") && !rel.starts_with("out/previous/")
                || (name == A && rel.starts_with("results/"));
            // The team packets are one writer: two per sample keep CI within its budget.
            let packet = rel.starts_with("out/teams/");
            if written && rel.ends_with(".xlsx") && (!packet || packets < 2) {
                packets += usize::from(packet);
                workbooks.push(folder.join(rel));
            }
        }
        keep.push(tmp);
    }
    assert!(workbooks.len() >= 10, "{workbooks:?}");
    let pdfs = tempfile::tempdir().expect("tempdir");
    let profile = tempfile::tempdir().expect("tempdir");
    // Unique names (team packets share names across samples); one soffice call for all, as
    // its start-up dominates the time.
    let inputs: Vec<std::path::PathBuf> = workbooks
        .iter()
        .enumerate()
        .map(|(i, wb)| {
            let input = pdfs.path().join(format!("w{i:03}.xlsx"));
            fs::copy(wb, &input).expect("copy workbook");
            input
        })
        .collect();
    let out = std::process::Command::new("soffice")
        .arg(format!(
            "-env:UserInstallation=file://{}",
            profile.path().display()
        ))
        .args([
            "--headless",
            "--norestore",
            "--convert-to",
            "pdf",
            "--outdir",
        ])
        .arg(pdfs.path())
        .args(&inputs)
        .output()
        .expect("soffice runs (apt-get install libreoffice-calc)");
    let log = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "soffice failed\n{log}");
    let failed: Vec<String> = workbooks
        .iter()
        .zip(&inputs)
        .filter(|(_, input)| {
            !fs::read(input.with_extension("pdf"))
                .is_ok_and(|b| b.starts_with(b"%PDF") && b.len() > 500)
        })
        .map(|(wb, _)| wb.display().to_string())
        .collect();
    assert!(
        failed.is_empty(),
        "LibreOffice could not convert {failed:#?}\n{log}"
    );
}

/// The hostile corpus within the limits: under 500 MB of memory (the peak resident set
/// of the `bianpai run` process, exact from `wait4`) and within a loose time bound. The issue's
/// 10 s is for a release build: it is asserted on CPU time under `cargo test --release`; a debug
/// build (dependencies unoptimised) gets 60 s of CPU, and wall-clock time only a sanity bound of
/// 300 s, since the machine is shared.
#[test]
fn the_hostile_folder_runs_within_500_mb_and_the_time_bound() {
    let (_keep, folder) = hostile_folder();
    let (code, json, err, usage) = util::run_measured(&folder);
    assert_eq!(code, 1, "{err}");
    assert!(
        json["findings"].as_array().is_some_and(|f| f.len() >= 20),
        "{err}"
    );
    eprintln!("hostile corpus: {usage:?}");
    assert!(usage.max_rss_kib > 1_000, "implausible peak RSS: {usage:?}");
    assert!(usage.max_rss_kib * 1024 < 500_000_000, "{usage:?}");
    let cpu_bound = if cfg!(debug_assertions) { 60 } else { 10 };
    assert!(usage.cpu.as_secs() < cpu_bound, "{usage:?}");
    assert!(usage.wall.as_secs() < 300, "{usage:?}");
}

/// The standings as (rank, name, match points, game points): what a large form must not move.
fn places(json: &serde_json::Value) -> Vec<(u64, String, f64, f64)> {
    json["standings"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|t| {
            (
                t["rank"].as_u64().unwrap_or(0),
                s(t, "name"),
                t["points"].as_f64().unwrap_or(-1.0),
                t["game_points"].as_f64().unwrap_or(-1.0),
            )
        })
        .collect()
}

/// A form of 99,000 rows (成都锦江队's CSV filled with generated players after its own seven,
/// just under the million-cell limit) is read and checked within the bounds of the hostile
/// folder: a search per team member made it take minutes (issue 46). The standings do not move.
///
/// It peaked at 1.88 GB, then 0.68 GB: the large workbooks are built one at a time, their
/// sheets in rust_xlsxwriter's constant-memory mode and handed over to be dropped row by row as
/// written; a `Person` is ≈ 0.85 KB instead of ≈ 1.5 KB (a 24-byte `Source` sharing its file and
/// sheet, the `Derivation` boxed), the findings sorted by reference. See docs/performance.md
/// (issue 46).
#[test]
fn a_form_of_99000_rows_runs_within_500_mb_and_the_time_bound() {
    let (_tmp, folder) = sample_copy(A);
    let (_, before, err) = run_json(&folder, &[]);
    assert!(before["standings"].is_array(), "{err}");
    let path = folder.join("成都锦江队报名表.csv");
    let raw = fs::read(&path).expect("form");
    let (text, _, _) = encoding_rs::GBK.decode(&raw);
    let lines: Vec<&str> = text.lines().collect();
    let end = lines
        .iter()
        .position(|l| l.starts_with(",,,"))
        .expect("the blank row after the players");
    let surnames: Vec<char> = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗".chars().collect();
    let mut out: Vec<String> = lines[..end].iter().map(|l| l.to_string()).collect();
    let own = out.len();
    for i in 0..99_000 - own {
        let sex = if i % 2 == 0 { "女" } else { "男" };
        out.push(format!(
            "{},,{}某{i},{sex},1990/6/14,,,,成都锦江队,",
            i + 8,
            surnames[i % surnames.len()]
        ));
    }
    out.extend(lines[end..].iter().map(|l| l.to_string()));
    let padded = out.join("\n") + "\n";
    let (bytes, _, _) = encoding_rs::GBK.encode(&padded);
    fs::write(&path, &bytes).expect("form");

    let (code, json, err, usage) = util::run_measured(&folder);
    assert_eq!(code, 1, "{err}");
    eprintln!("99,000-row form: {usage:?}");
    assert!(
        json["players"].as_u64() > Some(99_000),
        "{}",
        json["players"]
    );
    assert_eq!(places(&json), places(&before), "{err}");
    assert!(usage.max_rss_kib * 1024 < 500_000_000, "{usage:?}");
    let cpu_bound = if cfg!(debug_assertions) { 60 } else { 10 };
    assert!(usage.cpu.as_secs() < cpu_bound, "{usage:?}");
    assert!(usage.wall.as_secs() < 300, "{usage:?}");
}
