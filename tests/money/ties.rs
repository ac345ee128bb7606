//! Tied prizes under the three rules of `[prizes] ties`, amounts by hand.

use super::*;
use bianpai::event::Ties;
use bianpai::model::Points;
use bianpai::money::prizes::group_shares;

/// 公开组女子 (10,000 6,000 3,000 2,000 1,500 1,500): 乙 丙 丁 tied on 11 points at places 2-4 after
/// the tie-breaks, 戊 and 己 tied on 9 at places 6-7 (only place 6 is paid).
fn women() -> FinalRanking {
    let rows = [
        ("甲", 1, 13),
        ("乙", 2, 11),
        ("丙", 3, 11),
        ("丁", 4, 11),
        ("庚", 5, 10),
        ("戊", 6, 9),
        ("己", 7, 9),
    ];
    FinalRanking {
        list: "open-women".into(),
        places: rows
            .iter()
            .map(|(n, p, pts)| RankedEntry {
                place: *p,
                name: (*n).into(),
                team: "某省".into(),
                id_number: None,
                is_unit: false,
                points: Some(Points::from_whole(*pts)),
                withheld: false,
                rating: None,
            })
            .collect(),
    }
}

fn paid(ties: Ties) -> Vec<(String, i64, i64, i64)> {
    let word = match ties {
        Ties::Ranking => "ranking",
        Ties::SharedEqually => "shared-equally",
        Ties::Hort => "hort",
    };
    let ev = event_with(
        "cxa-amateur-king-2023",
        "ties = \"ranking\"",
        &format!("ties = \"{word}\""),
    );
    let (p, _) = money::prizes::payouts(&ev, &[women()]);
    p.iter()
        .map(|x| (x.name.clone(), x.gross.0, x.tax.0, x.net.0))
        .collect()
}

fn row(n: &str, gross: i64, tax: i64) -> (String, i64, i64, i64) {
    (n.to_string(), gross, tax, gross - tax)
}

#[test]
fn by_default_the_tie_breaks_decide() {
    assert_eq!(event("cxa-amateur-king-2023").prizes().ties, Ties::Ranking);
    assert_eq!(
        paid(Ties::Ranking),
        vec![
            row("甲", 1_000_000, 200_000),
            row("乙", 600_000, 120_000),
            row("丙", 300_000, 60_000),
            row("丁", 200_000, 40_000),
            row("庚", 150_000, 30_000),
            row("戊", 150_000, 30_000),
        ]
    );
}

#[test]
fn shared_equally_pools_the_places_the_tie_covers() {
    // 6,000 + 3,000 + 2,000 = 11,000 / 3 = 3,666.66…: 366,667 366,667 366,666 fen, the odd fen
    // to the higher places. Tax 20 %: 73,333.4 → 73,333; 73,333.2 → 73,333.
    // 戊 and 己 share place 6's 1,500 (place 7 pays nothing): 750 each.
    assert_eq!(
        paid(Ties::SharedEqually),
        vec![
            row("甲", 1_000_000, 200_000),
            row("乙", 366_667, 73_333),
            row("丙", 366_667, 73_333),
            row("丁", 366_666, 73_333),
            row("庚", 150_000, 30_000),
            row("戊", 75_000, 15_000),
            row("己", 75_000, 15_000),
        ]
    );
}

#[test]
fn hort_pays_half_by_place_and_shares_half() {
    // Halves: 3,000 + 1,500 + 1,000 = 5,500 shared: 183,334 183,333 183,333 fen; by place
    // 300,000 / 150,000 / 100,000. 乙 483,334 (tax 96,666.8 → 96,667), 丙 333,333 (66,666.6 →
    // 66,667), 丁 283,333 (56,666.6 → 56,667). Place 6: 750 to 戊 by place, 750 shared.
    assert_eq!(
        paid(Ties::Hort),
        vec![
            row("甲", 1_000_000, 200_000),
            row("乙", 483_334, 96_667),
            row("丙", 333_333, 66_667),
            row("丁", 283_333, 56_667),
            row("庚", 150_000, 30_000),
            row("戊", 112_500, 22_500),
            row("己", 37_500, 7_500),
        ]
    );
    let ev = event_with(
        "cxa-amateur-king-2023",
        "ties = \"ranking\"",
        "ties = \"hort\"",
    );
    let (p, _) = money::prizes::payouts(&ev, &[women()]);
    let total: Fen = p.iter().map(|x| x.gross).sum();
    assert_eq!(total, Fen::from_yuan(24_000));
    let s = p[1].shared.unwrap();
    assert_eq!((s.from, s.to, s.rule), (2, 4, Ties::Hort));
    assert_eq!(
        s.note(bianpai::Lang::Zh),
        "第2-4名奖金按霍特制分配（半数平分）"
    );
}

#[test]
fn odd_fen_stay_with_the_place_and_go_to_the_higher_place() {
    // 300.01 + 200.01: by place 150.01 / 100.01, shared 150.00 + 100.00 = 250.00 → 125.00 each.
    assert_eq!(
        group_shares(Ties::Hort, &[5, 6], &[Fen(30_001), Fen(20_001)]),
        vec![Fen(27_501), Fen(22_501)]
    );
    // Equal: 500.02 = 3 × 166.67 + 0.01: the odd fen to the first.
    assert_eq!(
        group_shares(
            Ties::SharedEqually,
            &[5, 6, 7],
            &[Fen(30_001), Fen(20_001), Fen(0)]
        ),
        vec![Fen(16_668), Fen(16_667), Fen(16_667)]
    );
    // Two entries the ranking left on one place share even the by-place halves.
    assert_eq!(
        group_shares(Ties::Hort, &[2, 2, 4], &[Fen(600), Fen(300), Fen(201)]),
        // halves 300 + 150 + 100 = 550 → 184 183 183; by place 300+150 → 225 225, 101.
        vec![Fen(409), Fen(408), Fen(284)]
    );
}

/// The worked example of the Hort system's description (de.wikipedia "Hort-System"): prizes
/// 100 80 60 40 20 10; A and B tied on 8, C alone on 7½, D E F tied on 7. A keeps 50 and gets
/// half the pot 45 + 40 → 95, B 40 + 45 → 85, C 60; D E F keep 20 / 10 / 5 and share 35: the
/// example pays whole units (32 22 17), here exact fen with the odd fen to the higher place.
#[test]
fn hort_matches_the_published_example() {
    assert_eq!(
        group_shares(Ties::Hort, &[1, 2], &[Fen(10_000), Fen(8_000)]),
        vec![Fen(9_500), Fen(8_500)]
    );
    assert_eq!(
        group_shares(
            Ties::Hort,
            &[4, 5, 6],
            &[Fen(4_000), Fen(2_000), Fen(1_000)]
        ),
        vec![Fen(3_167), Fen(2_167), Fen(1_666)]
    );
}
