//! The catalogue of finding codes and its documentation: `docs/finding-codes.md` holds the
//! table `bianpai::findings::markdown_table()` makes, so that a code added, renamed or given
//! another severity is documented in the same change. `BIANPAI_BLESS=1` rewrites the table.

use std::path::Path;

const BEGIN: &str = "<!-- codes: generated from src/findings/code.rs -->\n";
const END: &str = "<!-- /codes -->";

#[test]
fn the_documented_table_is_the_catalogue() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/finding-codes.md");
    let doc = std::fs::read_to_string(&path).expect("docs/finding-codes.md");
    let (head, rest) = doc.split_once(BEGIN).expect("begin marker");
    let (table, tail) = rest.split_once(END).expect("end marker");
    let want = bianpai::findings::markdown_table();
    if std::env::var_os("BIANPAI_BLESS").is_some() && table != want {
        std::fs::write(&path, format!("{head}{BEGIN}{want}{END}{tail}")).expect("write");
        return;
    }
    assert_eq!(
        table, want,
        "run with BIANPAI_BLESS=1 to rewrite docs/finding-codes.md"
    );
}

#[test]
fn every_code_of_spec_section_8_is_in_the_catalogue() {
    // SPEC §8, as the contract lists them.
    let spec = [
        "file.unreadable",
        "file.unrecognized",
        "file.superseded",
        "file.duplicate-team",
        "person.name-missing",
        "person.id-invalid",
        "person.id-birth-mismatch",
        "person.id-gender-mismatch",
        "person.birth-missing",
        "person.gender-missing",
        "person.duplicate",
        "person.fide-id-missing",
        "person.fide-id-invalid",
        "person.not-registered",
        "person.loan-missing",
        "person.too-young",
        "person.birth-out-of-range",
        "person.title-ineligible",
        "person.in-excluded-event",
        "team.too-many-men",
        "team.too-many-women",
        "team.too-few-players",
        "team.board-order",
        "team.woman-on-men-board-rating",
        "team.over-quota",
        "team.late",
        "team.in-excluded-event",
        "lineup.order",
        "lineup.reserve-board",
        "lineup.gender-board",
        "lineup.unknown-player",
        "result.missing",
        "result.invalid",
        "result.pairing-changed",
        "result.unknown-player",
        "round.duplicate-workbook",
        "lineup.ineligible",
        "cell.error",
        "ruling.unknown",
    ];
    for code in spec {
        assert!(bianpai::findings::Code::parse(code).is_some(), "{code}");
    }
}
