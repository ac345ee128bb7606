//! Fuzzes the TRF reader and writer: any text either fails with a `ParseError` or reads into a
//! model that writes out and reads back to an equal model, whose text is a fixed point, and
//! whose canonical (layout-free) text reads back to an equal model as well.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(trf) = bianpai::trf::parse(&text) {
        let out = bianpai::trf::write(&trf);
        let again = match bianpai::trf::parse(&out) {
            Ok(t) => t,
            Err(e) => panic!("written text does not read: {e}\n{out:?}"),
        };
        assert_eq!(again, trf, "model changed through write/read");
        assert_eq!(
            bianpai::trf::write(&again),
            out,
            "text is not a fixed point"
        );
        // The canonical layout must carry every value too.
        let canonical = bianpai::trf::write(&bianpai::trf::without_layout(&trf));
        match bianpai::trf::parse(&canonical) {
            Ok(t) => assert_eq!(t, trf, "canonical layout lost a value\n{canonical:?}"),
            Err(e) => panic!("canonical text does not read: {e}\n{canonical:?}"),
        }
        // The accessors must not panic on anything that reads.
        let _ = (
            trf.rounds_planned(),
            trf.rounds_played(),
            trf.initial_colour(),
            trf.game_scores(),
            trf.match_scores(),
            trf.board_colours(),
            trf.start_date(),
            trf.teams(),
            trf.forfeited_matches(),
            trf.team_pabs(),
            trf.byes_240(),
        );
        let table = trf.game_scores();
        for p in trf.players() {
            let _ = p.score(&table);
        }
    }
});
