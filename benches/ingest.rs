//! Ingest throughput: a folder of 200 entry forms generated from the committed fixture form
//! (its title, labels and header), each with different people and 8–40 player rows; 170 as
//! `.xlsx`, 20 as GBK `.csv`, 10 inside one GBK-named zip.

use std::io::Write;
use std::path::Path;

use bianpai::findings::Findings;
use bianpai::ingest::{Cell, Limits, load, read_bytes};
use criterion::{Criterion, criterion_group, criterion_main};
use rust_xlsxwriter::{Format, Workbook};

/// The binary's allocator (src/main.rs), so that the figures are the program's.
#[cfg(target_os = "linux")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const SURNAMES: [&str; 12] = [
    "王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "欧阳", "司马",
];
const GIVEN: [&str; 10] = ["浩", "娜", "伟", "芳", "敏", "静", "强", "磊", "洋", "艳"];

/// The fixture's title row and header row, read once through ingest itself.
fn template() -> (String, Vec<String>) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/ingest/good/北京队报名表.xlsx"
    );
    let bytes = std::fs::read(path).expect("fixture");
    let files = read_bytes("f.xlsx", &bytes, &Limits::default(), 0).expect("fixture reads");
    let rows = &files[0].tables[0].rows;
    let title = rows[0][0].display();
    let header = rows[2].iter().map(Cell::display).collect();
    (title, header)
}

/// A deterministic pseudo-random sequence (no clock, fixed seed per form).
fn lcg(seed: &mut u64) -> u64 {
    *seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
    *seed >> 33
}

fn player(seed: &mut u64, i: usize) -> Vec<String> {
    let name = format!(
        "{}{}",
        SURNAMES[lcg(seed) as usize % SURNAMES.len()],
        GIVEN[lcg(seed) as usize % GIVEN.len()]
    );
    let year = 1960 + lcg(seed) % 55;
    let birth = format!("{year}-{:02}-{:02}", 1 + lcg(seed) % 12, 1 + lcg(seed) % 28);
    let id = format!("110105{year}0101{:03}X", lcg(seed) % 1000);
    vec![
        (i + 1).to_string(),
        name,
        if lcg(seed) & 1 == 0 { "男" } else { "女" }.into(),
        birth,
        id,
        (1500 + lcg(seed) % 1000).to_string(),
        (i % 6 + 1).to_string(),
        String::new(),
    ]
}

fn write_xlsx(path: &Path, title: &str, header: &[String], rows: &[Vec<String>], team: usize) {
    let mut wb = Workbook::new();
    let ws = wb.add_worksheet();
    ws.set_name("报名表").expect("name");
    let bold = Format::new().set_bold();
    ws.merge_range(0, 0, 0, 7, title, &bold).expect("merge");
    ws.write_string(1, 0, format!("参赛单位（盖章）：第{team}队"))
        .expect("write");
    for (c, h) in header.iter().enumerate() {
        ws.write_string(2, c as u16, h).expect("write");
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            let (r, c) = (r as u32 + 3, c as u16);
            match v.parse::<f64>() {
                Ok(n) if c != 4 => ws.write_number(r, c, n).expect("write"),
                _ => ws.write_string(r, c, v).expect("write"),
            };
        }
    }
    wb.save(path).expect("save");
}

fn make_folder(dir: &Path) {
    let (title, header) = template();
    let mut zipped = Vec::new();
    for team in 0..200usize {
        let mut seed = team as u64 + 1;
        let n = 8 + (lcg(&mut seed) % 33) as usize;
        let rows: Vec<Vec<String>> = (0..n).map(|i| player(&mut seed, i)).collect();
        if team < 170 {
            write_xlsx(
                &dir.join(format!("第{team}队.xlsx")),
                &title,
                &header,
                &rows,
                team,
            );
        } else if team < 190 {
            let mut text = header.join(",") + "\r\n";
            for row in &rows {
                text += &(row.join(",") + "\r\n");
            }
            let (gbk, _, _) = encoding_rs::GBK.encode(&text);
            std::fs::write(dir.join(format!("第{team}队.csv")), gbk).expect("csv");
        } else {
            let p = dir.join(format!("z{team}.xlsx"));
            write_xlsx(&p, &title, &header, &rows, team);
            zipped.push((
                format!("第{team}队/报名表.xlsx"),
                std::fs::read(&p).expect("read"),
            ));
            std::fs::remove_file(p).expect("rm");
        }
    }
    let file = std::fs::File::create(dir.join("打包.zip")).expect("zip");
    let mut zip = zip::ZipWriter::new(file);
    for (name, data) in zipped {
        let opts = zip::write::SimpleFileOptions::default();
        zip.start_file(name, opts).expect("start");
        zip.write_all(&data).expect("write");
    }
    zip.finish().expect("finish");
}

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("tempdir");
    make_folder(dir.path());
    let limits = Limits::default();
    let mut findings = Findings::new();
    let loaded = load(dir.path(), &limits, &mut findings);
    assert_eq!(loaded.files.len(), 200, "every generated form is read");
    assert!(findings.all().is_empty());
    c.bench_function("ingest 200 forms", |b| {
        b.iter(|| {
            let mut findings = Findings::new();
            load(dir.path(), &limits, &mut findings)
        });
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
