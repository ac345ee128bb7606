//! The crate error keeps what went wrong as a kind and its cause as `source()`: an arbiter's
//! malformed event.toml, a TRF line, a pairing engine's refusal.

use std::error::Error as _;

use bianpai::cli::Cli;
use clap::Parser;

fn run(args: &[&str]) -> bianpai::Result<u8> {
    let mut argv = vec!["bianpai"];
    argv.extend_from_slice(args);
    bianpai::cmd::run(Cli::try_parse_from(argv).expect("arguments"))
}

#[test]
fn a_malformed_event_toml_is_an_event_error_with_its_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("event.toml"),
        "[event]\nname = \"测试赛\"\nkind = \"team_round_robin\"\nrounds = \"九\"\n",
    )
    .expect("write");
    let d = dir.path().to_str().expect("utf-8 path");
    match run(&["run", d]) {
        Err(bianpai::Error::Event(bianpai::event::EventError::Invalid { line, .. })) => {
            assert!(line > 0, "a line is named");
        }
        other => panic!("want an event error, got {other:?}"),
    }
}

#[test]
fn a_bad_trf_line_is_a_trf_error_naming_file_line_and_column() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("bad.trf");
    std::fs::write(
        &path,
        "012 Test\n001    1 m    Alpha, A                          1800 CHN          0  0.0    1  x  w 1\n",
    )
    .expect("write");
    let p = path.to_str().expect("utf-8 path");
    let err = run(&["trf", "pair", p]).expect_err("refused");
    let bianpai::Error::Trf {
        path: shown,
        source,
    } = &err
    else {
        panic!("want a TRF error, got {err:?}");
    };
    assert_eq!(shown, p);
    assert_eq!(source.line, 2);
    assert!(err.source().is_some(), "the parse error is the source");
    assert!(
        err.to_string()
            .starts_with(&format!("{p}: line 2, column ")),
        "{err}"
    );
}

#[test]
fn an_unreadable_file_is_an_io_error_with_the_os_cause() {
    let err = run(&["trf", "pair", "/nonexistent/x.trf"]).expect_err("refused");
    assert!(matches!(err, bianpai::Error::Io { .. }), "{err:?}");
    let cause = err.source().expect("source");
    assert!(cause.downcast_ref::<std::io::Error>().is_some());
}
