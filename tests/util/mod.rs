//! Shared helpers of the end-to-end tests: copy a folder to a temporary directory, run the built
//! `bianpai` binary on it, parse its `--json` summary, and snapshot a tree of files.
#![allow(dead_code)] // each test crate uses a different part of this module

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The names of the three bundled sample folders.
pub const SAMPLES: [&str; 3] = [
    "cca-a-league-2023",
    "cca-b-league-2025",
    "cxa-amateur-king-2023",
];

/// `samples/<name>` of the repository.
pub fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("samples")
        .join(name)
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
