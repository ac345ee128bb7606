use super::*;

fn list(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    v.sort();
    v
}

#[test]
fn write_atomic_replaces_and_reports_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("a.txt");
    write_atomic(&p, b"one").unwrap();
    write_atomic(&p, b"two").unwrap();
    assert_eq!(fs::read(&p).unwrap(), b"two");
    assert_eq!(list(dir.path()), vec!["a.txt".to_string()]);
    // A path whose parent is a file cannot be written; the error names a path.
    let bad = p.join("b.txt");
    let e = write_atomic(&bad, b"x").unwrap_err();
    assert!(e.to_string().contains("a.txt"), "{e}");
}

#[test]
fn files_appear_when_the_run_finishes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let d = OutDir::prepare(&out).unwrap();
    let a = d.put("a.txt", b"one").unwrap();
    d.put("sub/b.txt", b"two").unwrap();
    // The same file put twice: the later bytes.
    d.put("a.txt", b"three").unwrap();
    assert_eq!(a, out.join("a.txt"));
    assert!(!a.exists(), "not renamed before the run ends");
    assert_eq!(d.finish().unwrap(), Report::default());
    assert_eq!(fs::read(&a).unwrap(), b"three");
    assert_eq!(fs::read(out.join("sub/b.txt")).unwrap(), b"two");
    // No temporary file is left; the manifest lists both outputs with their stamps.
    assert_eq!(list(&out), vec![MANIFEST, OUT_MARKER, "a.txt", "sub"]);
    assert_eq!(list(&out.join("sub")), vec!["b.txt"]);
    assert_eq!(
        fs::read_to_string(out.join(MANIFEST)).unwrap(),
        format!(
            "a.txt\t{}\nsub/b.txt\t{}\n",
            stamp_text(b"three"),
            stamp_text(b"two")
        )
    );
}

#[test]
fn outputs_put_from_many_threads_all_land() {
    let dir = tempfile::tempdir().unwrap();
    let d = OutDir::prepare(dir.path()).unwrap();
    let items: Vec<usize> = (0..50).collect();
    let paths = crate::par::map_per_core(&items, 2, |i| {
        d.put(&format!("{i:02}.txt"), i.to_string().as_bytes())
            .unwrap()
    });
    d.finish().unwrap();
    for (i, p) in paths.iter().enumerate() {
        assert_eq!(p, &dir.path().join(format!("{i:02}.txt")));
        assert_eq!(fs::read_to_string(p).unwrap(), i.to_string());
    }
}

#[test]
fn a_new_file_is_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("results");
    let r1 = results.join("r01.xlsx");
    let d = OutDir::prepare(&dir.path().join("out")).unwrap();
    assert!(d.put_new(&r1, b"first").unwrap());
    // Put again in the same run: the first stays.
    assert!(!d.put_new(&r1, b"second").unwrap());
    d.finish().unwrap();
    assert_eq!(fs::read(&r1).unwrap(), b"first");
    let d = OutDir::prepare(&dir.path().join("out")).unwrap();
    assert!(!d.put_new(&r1, b"third").unwrap());
    // A file that appears before the run ends wins too.
    let r2 = results.join("r02.xlsx");
    assert!(d.put_new(&r2, b"bianpai's").unwrap());
    fs::write(&r2, b"the arbiter's").unwrap();
    // A folder in its place is an error naming it.
    let r3 = results.join("r03.xlsx");
    fs::create_dir(&r3).unwrap();
    let e = d.put_new(&r3, b"x").unwrap_err();
    assert!(e.to_string().contains("r03.xlsx"), "{e}");
    d.finish().unwrap();
    assert_eq!(fs::read(&r1).unwrap(), b"first");
    assert_eq!(fs::read(&r2).unwrap(), b"the arbiter's");
    assert_eq!(list(&results), vec!["r01.xlsx", "r02.xlsx", "r03.xlsx"]);
    // Round workbooks are not the run's outputs: not in the manifest.
    assert_eq!(
        fs::read_to_string(dir.path().join("out").join(MANIFEST)).unwrap(),
        "\n"
    );
}

#[test]
fn an_organizers_file_under_an_outputs_name_is_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    OutDir::prepare(&out).unwrap().finish().unwrap();
    fs::write(out.join("standings.xlsx"), b"mine").unwrap();
    fs::write(out.join("standings（保留）.xlsx"), b"older").unwrap();
    let d = OutDir::prepare(&out).unwrap();
    let path = d.put("standings.xlsx", b"new").unwrap();
    let aside = out.join("standings（保留2）.xlsx");
    assert_eq!(fs::read(&aside).unwrap(), b"mine", "moved when put");
    assert_eq!(
        d.finish().unwrap().aside,
        vec![(path.clone(), aside.clone())]
    );
    assert_eq!(fs::read(&path).unwrap(), b"new");
    assert_eq!(
        fs::read(out.join("standings（保留）.xlsx")).unwrap(),
        b"older"
    );
}

#[test]
fn an_abandoned_run_keeps_what_was_put_without_a_manifest() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let d = OutDir::prepare(&out).unwrap();
    d.put("roster.xlsx", b"x").unwrap();
    d.abandon();
    assert_eq!(list(&out), vec![OUT_MARKER, "roster.xlsx"]);
    // Dropped unfinished (a panic): no temporary file is left, nothing is renamed.
    let d = OutDir::prepare(&out).unwrap();
    d.put("costs.xlsx", b"x").unwrap();
    drop(d);
    assert_eq!(list(&out), vec![OUT_MARKER, "roster.xlsx"]);
}

#[test]
fn prepare_rotates_previous() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    // First run: created with the marker, nothing moved.
    let d = OutDir::prepare(&out).unwrap();
    assert_eq!(d.prepared(), &PreparedOut::default());
    d.put("roster.xlsx", b"run1").unwrap();
    d.put("teams/北京队.xlsx", b"run1").unwrap();
    d.put_new(&dir.path().join("results/r01.xlsx"), b"run1")
        .unwrap();
    d.finish().unwrap();
    // Each line: the path, then its length and CRC-32 (of "run1": 18e85ba3, by Python's
    // zlib.crc32).
    let stamp = "4:18e85ba3";
    assert_eq!(
        fs::read_to_string(out.join(MANIFEST)).unwrap(),
        format!("roster.xlsx\t{stamp}\nteams/北京队.xlsx\t{stamp}\n")
    );
    // The organizer's own files in out/: never moved.
    fs::write(out.join("notes.txt"), b"mine").unwrap();
    fs::write(out.join("standings-checked.xlsx"), b"mine").unwrap();
    // Second run: the first run's files move to previous/, the organizer's stay.
    let d = OutDir::prepare(&out).unwrap();
    assert_eq!(
        d.prepared().moved,
        vec!["roster.xlsx".to_string(), "teams/北京队.xlsx".to_string()]
    );
    assert_eq!(
        list(&out),
        vec![
            MANIFEST,
            OUT_MARKER,
            "notes.txt",
            "previous",
            "standings-checked.xlsx"
        ]
    );
    assert_eq!(
        fs::read(out.join("previous/teams/北京队.xlsx")).unwrap(),
        b"run1"
    );
    // A run that wrote nothing keeps previous/ as it was.
    d.finish().unwrap();
    let d = OutDir::prepare(&out).unwrap();
    assert_eq!(d.prepared(), &PreparedOut::default());
    assert_eq!(fs::read(out.join("previous/roster.xlsx")).unwrap(), b"run1");
    // Third run's outputs replace what bianpai put in previous/; the organizer's files are
    // still there, in out/ and in previous/.
    fs::write(out.join("previous/checked.txt"), b"mine").unwrap();
    d.put("standings.xlsx", b"run3").unwrap();
    d.finish().unwrap();
    OutDir::prepare(&out).unwrap();
    assert_eq!(
        list(&out.join("previous")),
        vec![MANIFEST, "checked.txt", "standings.xlsx"]
    );
    assert_eq!(fs::read(out.join("previous/checked.txt")).unwrap(), b"mine");
    assert_eq!(fs::read(out.join("notes.txt")).unwrap(), b"mine");
    // A manifest naming paths outside out/ moves nothing there.
    fs::write(
        out.join(MANIFEST),
        "../escape.txt\n/etc/passwd\nnotes.txt/../x\n",
    )
    .unwrap();
    fs::write(dir.path().join("escape.txt"), b"outside").unwrap();
    assert_eq!(
        OutDir::prepare(&out).unwrap().prepared(),
        &PreparedOut::default()
    );
    assert_eq!(fs::read(dir.path().join("escape.txt")).unwrap(), b"outside");
}

#[test]
fn prepare_refuses_a_foreign_folder() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("mine");
    fs::create_dir(&out).unwrap();
    fs::write(out.join("thesis.docx"), b"precious").unwrap();
    let e = OutDir::prepare(&out).unwrap_err();
    assert!(e.to_string().contains("mine"), "{e}");
    assert_eq!(list(&out), vec!["thesis.docx"]);
    // An existing empty folder is adopted.
    let empty = dir.path().join("empty");
    fs::create_dir(&empty).unwrap();
    OutDir::prepare(&empty).unwrap().finish().unwrap();
    assert_eq!(list(&empty), vec![MANIFEST, OUT_MARKER]);
}

#[test]
fn an_organizer_file_named_like_an_output_folder_is_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let d = OutDir::prepare(&out).unwrap();
    d.put("web/index.html", b"run1").unwrap();
    d.finish().unwrap();
    // The organizer replaces the folder web/ by a file of his called `web`.
    fs::remove_dir_all(out.join("web")).unwrap();
    fs::write(out.join("web"), b"mine").unwrap();
    let d = OutDir::prepare(&out).unwrap();
    d.put("web/index.html", b"run2").unwrap();
    let report = d.finish().unwrap();
    assert_eq!(fs::read(out.join("web/index.html")).unwrap(), b"run2");
    assert_eq!(fs::read(out.join("web（保留）")).unwrap(), b"mine");
    assert_eq!(
        report.aside,
        vec![(out.join("web"), out.join("web（保留）"))]
    );
}

#[test]
fn a_run_killed_while_renaming_leaves_outputs_the_next_run_owns() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let d = OutDir::prepare(&out).unwrap();
    d.put("standings.xlsx", b"old standings").unwrap();
    d.put("teams/a.xlsx", b"old a").unwrap();
    d.finish().unwrap();
    // The next run is killed after renaming two of its files: the manifest and one output;
    // the other output is still in its temporary file.
    let d = OutDir::prepare(&out).unwrap();
    d.put("standings.xlsx", b"new standings").unwrap();
    d.put("teams/a.xlsx", b"new a").unwrap();
    let (mut pending, report) = d.closing().unwrap();
    assert!(report.aside.is_empty());
    assert_eq!(
        pending[0].dest,
        out.join(MANIFEST),
        "the manifest lands first"
    );
    let rest = pending.split_off(2);
    commit::commit(pending).unwrap();
    std::mem::forget(rest);
    std::mem::forget(d);
    assert!(out.join("teams/.a.xlsx.bianpai-tmp").exists());
    // The run after it: the new standings are bianpai's (not the organizer's edit, which would
    // be kept and moved aside), the temporary file is gone, and its outputs land as usual.
    let d = OutDir::prepare(&out).unwrap();
    assert_eq!(d.prepared().moved, vec!["standings.xlsx".to_string()]);
    assert!(d.prepared().edited.is_empty());
    assert!(!out.join("teams/.a.xlsx.bianpai-tmp").exists());
    d.put("standings.xlsx", b"new standings").unwrap();
    d.put("teams/a.xlsx", b"new a").unwrap();
    assert!(d.finish().unwrap().aside.is_empty());
    assert_eq!(
        list(&out),
        vec![MANIFEST, OUT_MARKER, "previous", "standings.xlsx", "teams"]
    );
    assert_eq!(fs::read(out.join("teams/a.xlsx")).unwrap(), b"new a");
    assert_eq!(
        fs::read(out.join("previous/standings.xlsx")).unwrap(),
        b"new standings"
    );
}
