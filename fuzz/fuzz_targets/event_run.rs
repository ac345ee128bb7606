//! A whole run, short of reading files, on one of the three samples with a fuzzed entry form
//! added (and one of the sample's files taken away): round workbooks recognised, forms read,
//! roster, eligibility, the outcome (pairings, standings, prizes, statements), then, when a flag
//! says so, the outputs written into a scratch folder in memory (`/dev/shm`): roster, the
//! stage's workbooks, the eligibility workbook, the results page (with its pictures, on another
//! flag) and the packets of the teams the form gave. Nothing may panic, and an output that
//! cannot be written is a failure: a form's content must never stop a run. On a third flag the
//! part before the outputs runs twice and must come out the same.
//!
//! The form is built by the generator shared with `forms_table` (`fuzz/shared/tables.rs`);
//! a flag puts the samples' usual header row first, so the fuzzer starts from a form that is
//! taken as one. Seed the corpus with `python3 fuzz/seed_event_run.py`.

#![no_main]

#[path = "../shared/samples.rs"]
mod samples;
#[path = "../shared/tables.rs"]
mod tables;

use bianpai::Lang;
use bianpai::ingest::{Cell, Format, LoadedFile};
use libfuzzer_sys::fuzz_target;
use samples::{font, samples, scratch, through_outcome};
use tables::{Bytes, table};

/// The header row of the samples' forms.
const HEADER: &[&str] = &[
    "序号",
    "姓名",
    "性别",
    "出生日期",
    "身份证号码",
    "国际棋联ID",
    "等级分",
    "台次",
    "组别",
];

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let (Some(pick), Some(flags), Some(drop)) = (b.byte(), b.byte(), b.byte()) else {
        return;
    };
    let all = samples();
    let Some(s) = all.get(usize::from(pick) % all.len()) else {
        return;
    };
    const NAME: &str = "微信文件/测试队报名表.xlsx";
    let mut form = table(&mut b, "报名表");
    if flags & 1 == 1 {
        let header = HEADER
            .iter()
            .map(|h| Cell::Text((*h).to_string()))
            .collect();
        form.rows.insert(0, header);
    }
    let mut tables = vec![form];
    if flags & 2 == 2 {
        tables.push(table(&mut b, "食宿"));
    }
    for t in &mut tables {
        t.file = NAME.into();
    }
    // One of the sample's files taken away (or none), the form added.
    let mut loaded = s.loaded.clone();
    let gone = usize::from(drop) % (loaded.files.len() + 1);
    if gone < loaded.files.len() {
        loaded.files.remove(gone);
    }
    loaded.files.push(LoadedFile {
        path: NAME.into(),
        format: Format::Xlsx,
        modified: Some(1),
        tables,
    });

    let event = &s.event;
    let (roster, mut findings, outcome) = through_outcome(&s.event, &s.excluded, &loaded);
    // The same input twice in one process gives the same roster, findings and outcome (nothing
    // may depend on a hash map's order or on which core did what first).
    if flags & 32 == 32 {
        let (roster2, findings2, outcome2) = through_outcome(&s.event, &s.excluded, &loaded);
        assert_eq!(roster, roster2, "the roster differs between two runs");
        assert_eq!(findings.sorted(), findings2.sorted(), "the findings differ");
        assert_eq!(
            format!("{outcome:?}"),
            format!("{outcome2:?}"),
            "the outcome differs between two runs"
        );
    }
    // An event that cannot be carried through is the event's, not the form's: the samples'
    // events can, but a pairing may still be refused for what the forms hold.
    let Ok(outcome) = outcome else {
        return;
    };
    if flags & 4 == 0 {
        return;
    }

    let dir = scratch();
    let out_path = dir.join("out");
    let out = bianpai::report::out_dir::OutDir::prepare(&out_path).expect("the output folder");
    let save = |r| {
        out.save(r).expect("an output saved");
    };
    let lang = if flags & 8 == 8 { Lang::En } else { Lang::Zh };
    let title = event.meta().name.clone();
    let target = bianpai::report::season::Target {
        event,
        roster: &roster,
        dir: &dir,
        lang,
        statuses: &outcome.statuses,
    };
    save(bianpai::report::roster::render_roster(&title, &roster, lang).expect("roster.xlsx"));
    for r in
        bianpai::report::render_outcome(&target, &outcome, false).expect("the stage's workbooks")
    {
        save(r);
    }
    let page =
        bianpai::report::season::web::page(&target, outcome.stage.as_ref(), &outcome.sections);
    // The pictures only when a flag says so (and the machine has a CJK font): each takes longer
    // than the rest of the outputs together.
    let font = (flags & 16 == 16).then(font).flatten();
    let (index, pictures) = bianpai::report::web::render_page(&page, font, lang, &mut findings);
    save(index);
    for job in &pictures {
        if let Some(f) = font {
            save(bianpai::report::web::draw(job, f, lang).expect("picture"));
        }
    }
    let sorted = findings.sorted();
    save(
        bianpai::report::eligibility::render_eligibility(
            &out_path, &s.dir, &title, &roster, &sorted, lang,
        )
        .expect("eligibility.xlsx"),
    );
    let packets = bianpai::report::eligibility::Packets::new(
        &out_path,
        &s.dir,
        &title,
        &roster,
        &sorted,
        &outcome,
        event.meta().sport,
        lang,
    );
    // The packets of the teams the form gave (all of them would take most of the time).
    for (i, t) in roster.teams.iter().enumerate() {
        if t.file == NAME {
            save(packets.render(i).expect("team packet"));
        }
    }
    out.finish().expect("the outputs written");
});
