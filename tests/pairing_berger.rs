//! The team round robins of the tie-break corpus were scheduled with the FIDE Berger tables; the
//! first-named team of a pairing is the one with White on board 1 (record 352 `WB...`). Each
//! round's team pairings, derived from the `001` lines and `310` records, must equal
//! `berger::schedule`.

mod util;

use bianpai::model::Colour;
use bianpai::pairing::berger;
use std::collections::BTreeSet;

/// Team pairings `(first-named, second)` of each round of a team TRF.
fn team_rounds(trf: &bianpai::trf::Trf) -> Vec<BTreeSet<(u16, u16)>> {
    let teams = trf.teams();
    let team_of = |player: u16| {
        teams
            .iter()
            .find(|t| t.members.contains(&player))
            .map(|t| t.number)
    };
    let mut rounds = vec![BTreeSet::new(); trf.rounds_planned()];
    for team in &teams {
        let board1 = team.members.first().copied().expect("team has players");
        let p = trf.player(board1).expect("board-1 player exists");
        for (r, e) in p.rounds.iter().enumerate() {
            let opp = e.opponent.expect("round robin: always an opponent");
            let other = team_of(opp).expect("opponent is in a team");
            let pair = match e.colour.expect("colour given") {
                Colour::White => (team.number, other),
                Colour::Black => (other, team.number),
            };
            rounds[r].insert(pair);
        }
    }
    rounds
}

#[test]
fn corpus_team_round_robins_follow_the_berger_tables() {
    let dir = util::reference().join("tiebreaks/team-rr");
    let mut checked = 0;
    for name in [
        "trr-01-12t-5b-11r-std-2026.trf",
        "trr-02-12t-5b-11r-std-2026.trf",
        "trr-03-12t-5b-11r-std-2026.trf",
        "trr-04-12t-5b-11r-std-2025.trf",
        "trr-05-12t-5b-11r-std-2026.trf",
        "trr-06-12t-5b-11r-xq-2026.trf",
        "trr-07-10t-4b-09r-xq-2026.trf",
    ] {
        let text = std::fs::read_to_string(dir.join(name)).expect("reference file");
        let trf = bianpai::trf::parse(&text).expect("reads");
        assert_eq!(
            trf.board_colours().first(),
            Some(&Colour::White),
            "first-named team White on board 1"
        );
        let n = u16::try_from(trf.teams().len()).expect("few teams");
        let schedule = berger::schedule(n).expect("valid size");
        let actual = team_rounds(&trf);
        assert_eq!(actual.len(), schedule.len(), "{name}");
        for (r, (got, want)) in actual.iter().zip(&schedule).enumerate() {
            let want: BTreeSet<(u16, u16)> = want.pairs.iter().copied().collect();
            assert_eq!(got, &want, "{name} round {}", r + 1);
            checked += 1;
        }
    }
    assert_eq!(checked, 5 * 11 + 11 + 9);
}
