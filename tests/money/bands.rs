//! Rating-band prize lists (`band = { below = … }`) of the `open-chess` template, shared by the
//! Hort system, one prize per player (`combine = "highest"`), amounts by hand.

use super::*;
use bianpai::event::Ties;
use bianpai::model::Points;

/// 公开组's final ranking: (name, half-points, start-list rating; 0 = unrated).
const OPEN: [(&str, i32, u32); 16] = [
    ("甲", 16, 2300),
    ("乙", 14, 2100),
    ("丙", 14, 1950),
    ("丁", 13, 2200),
    ("戊", 13, 1850),
    ("己", 13, 1750),
    ("庚", 12, 0),
    ("辛", 12, 1790),
    ("壬", 12, 1700),
    ("癸", 11, 1990),
    ("子", 11, 1600),
    ("丑", 11, 1650),
    ("寅", 10, 1500),
    ("卯", 9, 1450),
    ("辰", 9, 0),
    ("巳", 8, 1300),
];

fn open() -> FinalRanking {
    FinalRanking {
        list: "open".into(),
        places: (1u32..)
            .zip(OPEN)
            .map(|(place, (n, half, rating))| RankedEntry {
                place,
                name: n.into(),
                team: "南京市棋类运动协会".into(),
                id_number: None,
                is_unit: false,
                points: Some(Points::from_halves(half)),
                withheld: false,
                rating: (rating > 0).then_some(rating),
            })
            .collect(),
    }
}

/// (list id, place, name, gross fen, tax fen) of every payout.
fn paid(ev: &Event) -> Vec<(String, u32, String, i64, i64)> {
    let (p, _) = money::prizes::payouts(ev, &[open()]);
    p.iter()
        .map(|x| {
            (
                x.list.to_string(),
                x.place,
                x.name.clone(),
                x.gross.0,
                x.tax.0,
            )
        })
        .collect()
}

fn row(list: &str, place: u32, name: &str, yuan: i64) -> (String, u32, String, i64, i64) {
    // Tax 20 % (偶然所得): every amount here is a whole multiple of 5 fen, so no rounding.
    let gross = yuan * 100;
    (list.into(), place, name.into(), gross, gross / 5)
}

/// Main list 8000 5000 3000 2000 1500 1000 800 600, U2000 1000 800 600, U1800 800 600 400 (the
/// template's), Hort, one prize per player. The allocation, round by round (Hort: each keeps half
/// his place's amount, the other halves are pooled and split equally):
///
/// 1. Every list on its own. Main: 甲 8000; 乙丙 (7) places 2-3: 2500+2000 = 4500, 1500+2000 =
///    3500; 丁戊己 (6½) places 4-6: halves 1000 750 500, pool 2250 → 750 each: 1750 1500 1250;
///    庚辛壬 (6) places 7-9: halves 400 300 0, pool 700 → 233.34 233.33 233.33: 633.34 533.33
///    233.33. U2000 (丙 戊 己 辛 壬 癸 子 丑 寅 卯 巳): 丙 1000; 戊己 places 2-3: 400+350 = 750,
///    300+350 = 650. U1800 (己 辛 壬 子 丑 寅 卯 巳; 庚 and 辰 unrated): 己 800; 辛壬 places 2-3:
///    300+250 = 550, 200+250 = 450. Paid twice: 丙 戊 己 keep the main prize (3500 > 1000, 1500
///    > 750, 1250 > 800 > 650); 辛 (550 > 533.33) and 壬 (450 > 233.33) keep U1800.
/// 2. Main without 辛壬: 庚 alone at place 7: 800; 癸子丑 (5½) places 8-10: halves 300 0 0, pool
///    300 → 100 each: 400 100 100. U2000 without 丙戊己: 辛壬 places 1-2: 500+450 = 950,
///    400+450 = 850; 癸子丑 places 3-5: 400 100 100. U1800 without 己: 辛壬 places 1-2: 400+350
///    = 750, 300+350 = 650; 子丑 places 3-4: halves 200 0, pool 200: 300, 100. Paid twice: 辛
///    and 壬 keep U2000 (950 > 750, 850 > 650); 癸 the main list (400 = 400, the list written
///    first); 子 U1800 (300 > 100); 丑 the main list (100 everywhere).
/// 3. Main without 辛壬子: 癸丑 places 8-9: halves 300 0, pool 300: 450, 150. U2000 without
///    丙戊己癸子丑: 辛 950, 壬 850, 寅 (5) place 3: 600. U1800 without 己辛壬丑: 子 800, 寅 600,
///    卯 400. 寅 is paid 600 twice: he keeps U2000 (written before U1800).
/// 4. U1800 without 寅: 子 800, 卯 (4½) 600; 辰 (4½) is unrated, so 巳 (4) takes place 3: 400.
///    Nobody is paid twice: done. Each list pays its whole amount: 21,900 + 2,400 + 1,800.
#[test]
fn bands_share_by_hort_and_pay_one_prize_per_player() {
    let ev = event("open-chess");
    assert_eq!(ev.prizes().ties, Ties::Hort);
    assert_eq!(ev.prizes().combine, bianpai::event::Combine::Highest);
    let (main, u2000, u1800) = ("open", "open-U2000", "open-U1800");
    assert_eq!(
        paid(&ev),
        vec![
            row(main, 1, "甲", 8000),
            row(main, 2, "乙", 4500),
            row(main, 3, "丙", 3500),
            row(main, 4, "丁", 1750),
            row(main, 5, "戊", 1500),
            row(main, 6, "己", 1250),
            row(main, 7, "庚", 800),
            row(main, 8, "癸", 450),
            row(main, 9, "丑", 150),
            row(u2000, 1, "辛", 950),
            row(u2000, 2, "壬", 850),
            row(u2000, 3, "寅", 600),
            row(u1800, 1, "子", 800),
            row(u1800, 2, "卯", 600),
            row(u1800, 3, "巳", 400),
        ]
    );
    let (p, _) = money::prizes::payouts(&ev, &[open()]);
    assert_eq!(p[9].list_name, "公开组等级分2000以下奖");
}

/// `combine = "all"`: each list on its own (round 1 above): 辛 and 壬 are paid in the main
/// list and in both bands; 庚 (unrated) in the main list only.
#[test]
fn with_combine_all_every_list_is_paid_on_its_own() {
    let ev = event_with(
        "open-chess",
        "combine = \"highest\"  ",
        "combine = \"all\"      ",
    );
    let got = paid(&ev);
    let of = |n: &str| -> Vec<(String, i64)> {
        got.iter()
            .filter(|r| r.2 == n)
            .map(|r| (r.0.clone(), r.3))
            .collect()
    };
    assert_eq!(of("庚"), vec![("open".to_string(), 63_334)]);
    assert_eq!(
        of("辛"),
        vec![
            ("open".to_string(), 53_333),
            ("open-U1800".to_string(), 55_000)
        ]
    );
    // 辛 and 壬 tie at U2000 places 4-5, which pay nothing.
    assert_eq!(of("己").len(), 3);
    assert_eq!(
        of("丙"),
        vec![
            ("open".to_string(), 350_000),
            ("open-U2000".to_string(), 100_000)
        ]
    );
}

/// Unrated players join a band only when it says `unrated = true`; a rating of 0 is unrated.
#[test]
fn unrated_players_join_a_band_only_when_it_says_so() {
    let ev = event_with(
        "open-chess",
        "band = { below = 1800 }",
        "band = { below = 1800, unrated = true }",
    );
    let u1800 = |ev: &Event| {
        ev.prizes()
            .lists
            .iter()
            .find_map(|l| l.band.filter(|b| b.below == 1800))
            .unwrap()
    };
    let b = u1800(&ev);
    assert!(b.holds(None) && b.holds(Some(1799)) && !b.holds(Some(1800)));
    let ev2 = event("open-chess");
    let b2 = u1800(&ev2);
    assert!(!b2.holds(None) && !b2.holds(Some(0)) && b2.holds(Some(1)));
}

#[test]
fn a_band_on_a_team_ranking_or_an_empty_band_is_refused() {
    let text = templates::find("open-chess").unwrap().text;
    let bad = text.replacen(
        "band = { below = 1800 }",
        "band = { from = 1800, below = 1800 }",
        1,
    );
    let e = bianpai::event::parse(&bad, std::path::Path::new("event.toml")).unwrap_err();
    assert!(e.to_string().contains("prizes.lists[4].band"), "{e}");
    let twice = text.replacen("band = { below = 1800 }", "band = { below = 2000 }", 1);
    let e = bianpai::event::parse(&twice, std::path::Path::new("event.toml")).unwrap_err();
    assert!(e.to_string().contains("prizes.lists[4].ranking"), "{e}");
}
