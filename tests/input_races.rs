//! Input that changes under the run or ties in name (issue 46), each case built here by code on
//! the xiangqi sample's event.toml: a form still being copied into the folder while the run
//! reads it, and two forms whose names read alike once decoded.

mod util;

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use util::{findings_of, run_json, run_measured, sample};

const X: &str = "cxa-amateur-king-2023";

/// An event folder with the xiangqi event's event.toml and nothing else.
fn event_folder() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("tempdir");
    let folder = tmp.path().join("event");
    fs::create_dir(&folder).expect("folder");
    fs::copy(sample(X).join("event.toml"), folder.join("event.toml")).expect("event.toml");
    (tmp, folder)
}

/// Writes `text` at `path` dated 2026-03-01 08:00 UTC, so that file times never decide.
fn write_dated(path: &Path, text: &str) {
    fs::write(path, text).expect("form");
    let when = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_772_352_000);
    fs::File::options()
        .write(true)
        .open(path)
        .and_then(|f| f.set_modified(when))
        .expect("file time");
}

/// Issue 46: "a file still being copied into the folder is read past the 64 MB limit, up to
/// 5.6 GB". A thread appends rows to a form as fast as it can while the run reads the folder
/// (up to 512 MB, the copy of a large file): the run completes within 500 MB, the good form is
/// read, and the growing form is `file.unreadable` at its path, never read past the size it had
/// when opened: too large when it had passed 64 MB by then, else still growing.
#[test]
fn a_form_still_being_copied_into_the_folder_is_refused_and_memory_stays_bounded() {
    let (_tmp, folder) = event_folder();
    write_dated(
        &folder.join("测试队报名表.csv"),
        "姓名,性别,出生日期\n张三,男,2010-01-01\n李四,男,2011-02-02\n",
    );
    let growing = folder.join("复制中报名表.csv");
    fs::write(&growing, "姓名,性别,出生日期\n").expect("form");
    let stop = Arc::new(AtomicBool::new(false));
    let copier = {
        let (stop, growing) = (Arc::clone(&stop), growing.clone());
        std::thread::spawn(move || {
            use std::io::Write;
            let mut out = fs::OpenOptions::new()
                .append(true)
                .open(&growing)
                .expect("open");
            let rows = "队员甲,男,2010-01-01\n".repeat(3000);
            let mut written = 0usize;
            while !stop.load(Ordering::Relaxed) && written < 512 << 20 {
                out.write_all(rows.as_bytes()).expect("append");
                written += rows.len();
            }
        })
    };
    // The copy is under way (a few MB in) when the run starts.
    while fs::metadata(&growing).map(|m| m.len()).unwrap_or(0) < 4 << 20 {
        std::thread::yield_now();
    }
    let (code, json, err, usage) = run_measured(&folder);
    stop.store(true, Ordering::Relaxed);
    copier.join().expect("copier");

    assert_eq!(code, 1, "{err}");
    assert_eq!(json["players"], 2, "{err}");
    let unreadable = findings_of(&json, "file.unreadable");
    let too_large = "无法读取 复制中报名表.csv：文件太大（超过 64 MB）";
    let growing_now = "无法读取 复制中报名表.csv：读取时文件仍在变大（可能正在复制），未读取；请等复制完成后重新运行";
    assert_eq!(unreadable.len(), 1, "{unreadable:?}");
    assert_eq!(unreadable[0].0, "复制中报名表.csv");
    assert!(
        [too_large, growing_now].contains(&unreadable[0].1.as_str()),
        "{unreadable:?}"
    );
    assert!(
        usage.max_rss_kib < 500 * 1024,
        "peak {} KiB",
        usage.max_rss_kib
    );
}

/// Issue 46: "two forms whose names tie after decoding: which one the roster uses depends on
/// the directory's listing order". A form named in GBK (unzipped from a Chinese-Windows
/// archive) beside one named in UTF-8 read alike, 测试队报名表.csv; with the same fill date
/// (none) and file time, the one read later is used. Ties are broken by the bytes of the real
/// paths: GBK 测 (B2 E2) before UTF-8 测 (E6 B5 8B), so the UTF-8 form is read second, shown
/// `测试队报名表.csv#2`, and used, whichever of the two was written first.
#[cfg(unix)]
#[test]
fn two_forms_whose_names_tie_after_decoding_give_one_roster_whatever_the_listing_order() {
    use std::os::unix::ffi::OsStrExt;
    let name = "测试队报名表.csv";
    let (gbk, _, _) = encoding_rs::GBK.encode(name);
    let gbk_name = std::ffi::OsStr::from_bytes(&gbk).to_os_string();
    let utf8_form = "单位：测试队\n姓名,性别,出生日期\n张三,男,2010-01-01\n李四,男,2011-02-02\n";
    let gbk_form = "单位：测试队\n姓名,性别,出生日期\n王五,男,2010-03-03\n";
    let mut runs = Vec::new();
    for gbk_first in [true, false] {
        let (_tmp, folder) = event_folder();
        if gbk_first {
            write_dated(&folder.join(&gbk_name), gbk_form);
            write_dated(&folder.join(name), utf8_form);
        } else {
            write_dated(&folder.join(name), utf8_form);
            write_dated(&folder.join(&gbk_name), gbk_form);
        }
        let (code, json, err) = run_json(&folder, &[]);
        assert_eq!(
            (&json["teams"], &json["players"]),
            (&1.into(), &2.into()),
            "{err}"
        );
        let text = json.to_string();
        assert!(text.contains("张三") && !text.contains("王五"), "{text}");
        runs.push((
            code,
            findings_of(&json, "file.superseded"),
            findings_of(&json, "file.unreadable"),
        ));
    }
    assert_eq!(runs[0], runs[1]);
    assert_eq!(
        runs[0].1,
        vec![(
            "测试队报名表.csv".to_string(),
            "测试队的报名表有多份：使用测试队报名表.csv#2，测试队报名表.csv已被替代".to_string()
        )]
    );
    assert_eq!(runs[0].2, Vec::new());
}
