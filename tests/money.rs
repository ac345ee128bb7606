//! Money: prizes with tax, room requests, team statements, and the workbooks, with amounts
//! computed by hand from the templates' rates.

use bianpai::Lang;
use bianpai::event::{Event, templates};
use bianpai::findings::{Findings, Source};
use bianpai::model::roster::{Person, Role, RoomRequest, Roster, Sourced, Team};
use bianpai::model::{Fen, Sex};
use bianpai::money::{self, FinalRanking, RankedEntry, Side};
use jiff::civil::{Date, date};

fn event(name: &str) -> Event {
    templates::find(name).unwrap().event().unwrap()
}

/// The template with one line of its text replaced, parsed and validated as a file would be.
fn event_with(name: &str, line: &str, by: &str) -> Event {
    let text = templates::find(name).unwrap().text;
    assert!(text.contains(line), "{name} has no line {line:?}");
    let edited = text.replacen(line, by, 1);
    bianpai::event::parse(&edited, std::path::Path::new("event.toml")).unwrap()
}

fn src(row: u32, col: u32) -> Source {
    Source::cell("t.xlsx", "食宿", row, col)
}

fn person(name: &str, sex: Sex, role: Role) -> Person {
    Person {
        name: Some(Sourced::new(
            bianpai::normalize::name(name).unwrap(),
            src(0, 1),
        )),
        sex: Some(Sourced::new(sex, src(0, 2))),
        role: Some(Sourced::new(role, src(0, 3))),
        ..Person::default()
    }
}

fn request(
    row: u32,
    name: &str,
    sex: Sex,
    hotel: &str,
    room: &str,
    stay: (Date, Date),
) -> RoomRequest {
    RoomRequest {
        name: Some(Sourced::new(
            bianpai::normalize::name(name).unwrap(),
            src(row, 1),
        )),
        sex: Some(Sourced::new(sex, src(row, 2))),
        hotel: Some(Sourced::new(hotel.to_string(), src(row, 4))),
        room_type: Some(Sourced::new(room.to_string(), src(row, 5))),
        check_in: Some(Sourced::new(stay.0, src(row, 6))),
        check_out: Some(Sourced::new(stay.1, src(row, 7))),
        ..RoomRequest::default()
    }
}

fn mate(mut r: RoomRequest, m: &str) -> RoomRequest {
    r.roommate = Some(Sourced::new(m.to_string(), src(0, 8)));
    r
}

/// 7 players (4 men, 3 women), a male leader and a male coach.
fn b_team(unit: &str) -> Team {
    Team {
        unit: Sourced::new(unit.to_string(), Source::file("t.xlsx")),
        unit_key: bianpai::normalize::unit_key(unit),
        leader: Some(person("领队甲", Sex::Male, Role::Leader)),
        coach: Some(person("教练乙", Sex::Male, Role::Coach)),
        staff: Vec::new(),
        players: ["男一", "男二", "男三", "男四"]
            .iter()
            .map(|n| person(n, Sex::Male, Role::Player))
            .chain(
                ["女一", "女二", "女三"]
                    .iter()
                    .map(|n| person(n, Sex::Female, Role::Player)),
            )
            .collect(),
        fill_date: None,
        file: "t.xlsx".into(),
        sheets: vec![],
        rooms: vec![],
    }
}

const B_STAY: (Date, Date) = (date(2025, 8, 5), date(2025, 8, 11));

fn all_twin_requests(team: &Team) -> Vec<RoomRequest> {
    let mut v = Vec::new();
    let people: Vec<&Person> = team
        .leader
        .iter()
        .chain(team.coach.iter())
        .chain(team.players.iter())
        .collect();
    for (i, p) in people.iter().enumerate() {
        let sex = p.sex.as_ref().unwrap().value;
        v.push(request(
            i as u32 + 2,
            p.display_name(),
            sex,
            "诺富特",
            "双人间",
            B_STAY,
        ));
    }
    v
}

fn codes(f: &Findings) -> Vec<&'static str> {
    f.all().iter().map(|f| f.code.as_str()).collect()
}

fn line<'a>(st: &'a money::Statement, item: &str) -> &'a money::Line {
    st.lines
        .iter()
        .find(|l| l.item.label(Lang::Zh).contains(item))
        .unwrap_or_else(|| panic!("no line {item}: {st:#?}"))
}

#[test]
fn b_league_a_team_without_room_requests_is_billed_no_lodging() {
    let ev = event("cca-b-league-2025");
    let team = b_team("甲队");
    let mut f = Findings::new();
    let l = money::rooms::lodge(&ev, &team, &mut f);
    let st = money::costs::statement(&ev, &team, &l, &[]);
    // 规程 十三(三) 比赛不负责棋手的食宿: teams pay their own, and nothing was asked for, so
    // nothing is booked: 参赛费 7 × 400 = 2,800 only (it used to be billed 23,220 for
    // 9 persons × 6 days × 430 in twin rooms it never asked for).
    let fee = line(&st, "参赛费");
    assert_eq!(
        (fee.quantity, fee.rate, fee.amount),
        (7, Fen::from_yuan(400), Fen::from_yuan(2800))
    );
    assert!(
        !st.lines
            .iter()
            .any(|l| matches!(l.item, money::Item::Lodging { .. })),
        "{st:#?}"
    );
    assert_eq!(st.balance(), Fen::from_yuan(2800));
    assert!(st.no_request && l.no_request);
    assert!(l.rooms.is_empty() && l.people.is_empty());
    assert!(f.all().is_empty(), "{:?}", codes(&f));
    // The statement sheet says so, and the team's leader and the clerk sign under it.
    use calamine::Reader;
    let team_name = st.team.clone();
    let wb = bianpai::report::costs::workbook(&ev, &[(st, l)], Lang::Zh);
    let bytes = wb.and_then(|mut w| w.save_to_buffer()).expect("costs.xlsx");
    let mut xl = calamine::Xlsx::new(std::io::Cursor::new(bytes)).expect("open");
    let r = xl.worksheet_range(&team_name).expect("statement sheet");
    let texts: Vec<String> = r.rows().flatten().map(ToString::to_string).collect();
    assert!(texts.iter().any(|t| t == "未提交食宿需求：不计食宿费用"));
    // On one line, or one field a line when the printed columns are too narrow.
    for field in [
        "领队签字：＿＿＿＿＿＿",
        "经办人：＿＿＿＿＿＿",
        "单位盖章：＿＿＿＿＿＿",
    ] {
        assert!(
            texts.iter().any(|t| t.contains(field)),
            "{field}: {texts:?}"
        );
    }
}

#[test]
fn b_league_twin_requests_with_an_odd_woman_and_a_late_arrival() {
    let ev = event("cca-b-league-2025");
    let mut team = b_team("乙队");
    team.rooms = all_twin_requests(&team);
    // 男四 arrives two days late: 08-07 to 08-11 = 4 nights.
    team.rooms[5].check_in = Some(Sourced::new(date(2025, 8, 7), src(7, 6)));
    let mut f = Findings::new();
    let l = money::rooms::lodge(&ev, &team, &mut f);
    let st = money::costs::statement(&ev, &team, &l, &[]);
    // 8 × 6 × 430 + 1 × 4 × 430 = 20,640 + 1,720 = 22,360.
    let lodging = line(&st, "食宿 诺富特 双人间");
    assert_eq!(
        (lodging.quantity, lodging.amount),
        (52, Fen::from_yuan(22_360))
    );
    assert_eq!(lodging.detail, money::Detail::Stays(vec![(8, 6), (1, 4)]));
    assert_eq!(lodging.detail.label(Lang::Zh), "8人×6天，1人×4天");
    assert_eq!(
        lodging.detail.label(Lang::En),
        "8 persons × 6 days, 1 person × 4 days"
    );
    assert_eq!(
        lodging.item.label(Lang::En),
        "board and lodging 诺富特 双人间"
    );
    assert_eq!(lodging.unit.label(Lang::En, 52), "person-days");
    // 女三 is alone in a twin room: the empty bed, 6 × 430 = 2,580.
    let empty = line(&st, "单人入住空床");
    assert_eq!((empty.quantity, empty.amount), (6, Fen::from_yuan(2580)));
    // 规程 十三(三) (the template's `settled_with = "hotel"`): board and lodging is settled with
    // the hotel, 22,360 + 2,580 = 24,940; the balance with the organizers is the 2,800 of fees.
    assert_eq!(empty.side, money::Side::Hotel);
    assert_eq!(st.total(money::Side::Hotel), Fen::from_yuan(24_940));
    assert_eq!(st.balance(), Fen::from_yuan(2800));
    // Collected by the organizers instead: one balance, 2,800 + 24,940 = 27,740.
    let collected = event_with(
        "cca-b-league-2025",
        "settled_with = \"hotel\"",
        "settled_with = \"organizers\"",
    );
    let one = money::costs::statement(&collected, &team, &l, &[]);
    assert_eq!(one.total(money::Side::Hotel), Fen::ZERO);
    assert_eq!(one.balance(), Fen::from_yuan(27_740));
    assert_eq!(codes(&f), vec!["room.twin-alone"]);
    assert_eq!(f.all()[0].person.as_deref(), Some("女三"));
    assert_eq!(f.all()[0].source.to_string(), "t.xlsx!食宿!B11");
    // The template's default (whole room) and the cheaper single room of the same hotel:
    // 660 a day against 2 × 430 = 860 for the whole twin.
    assert_eq!(
        f.all()[0].message_zh,
        "双人间只有一人入住，按整间收费（含空床）；同酒店单人间每人每天660.00元，低于整间860.00元，可考虑改订"
    );
    // Rooms per night: 08-05 and 08-06 need 5 twins; the late man's room holds 1 person then.
    let nights = money::costs::rooms_per_night(&[l]);
    assert_eq!(nights.get(&(0, 0, date(2025, 8, 5))), Some(&(5, 8)));
    assert_eq!(nights.get(&(0, 0, date(2025, 8, 7))), Some(&(5, 9)));
    assert_eq!(nights.len(), 6);
}

/// `[accommodation] alone = "per-person"`: the person left alone in a twin room pays her own
/// rate only (6 × 430); the organizer bears the empty bed, and the warning says so.
#[test]
fn a_lone_occupant_priced_per_person_pays_no_empty_bed() {
    let ev = event_with(
        "cca-b-league-2025",
        "alone = \"whole-room\"",
        "alone = \"per-person\"",
    );
    let mut team = b_team("乙队");
    team.rooms = all_twin_requests(&team);
    team.rooms[5].check_in = Some(Sourced::new(date(2025, 8, 7), src(7, 6)));
    let mut f = Findings::new();
    let l = money::rooms::lodge(&ev, &team, &mut f);
    let st = money::costs::statement(&ev, &team, &l, &[]);
    assert!(
        st.lines
            .iter()
            .all(|x| !matches!(x.item, money::Item::EmptyBeds { .. }))
    );
    // 22,360 at the hotel: the whole-room statement less the empty bed's 2,580; the fees.
    assert_eq!(st.total(money::Side::Hotel), Fen::from_yuan(22_360));
    assert_eq!(st.balance(), Fen::from_yuan(2800));
    assert_eq!(
        f.all()[0].message_zh,
        "双人间只有一人入住，按每人标准收费，空床不计"
    );
}

/// A year typed wrong in a room request (6025 for 2025) is not charged as decades of nights: a
/// date more than 31 days from the event (2025-08-05 to 2025-08-11) is a finding at its cell
/// and the standard stay's date stands; 31 days away is still taken, as an outside stay.
#[test]
fn a_room_date_a_month_away_is_taken_as_mistyped() {
    let ev = event("cca-b-league-2025");
    let mut team = b_team("丁队");
    team.rooms = all_twin_requests(&team);
    team.rooms[5].check_out = Some(Sourced::new(date(6025, 8, 11), src(7, 7)));
    team.rooms[3].check_in = Some(Sourced::new(date(2025, 7, 4), src(5, 6)));
    team.rooms[6].check_in = Some(Sourced::new(date(2025, 7, 5), src(8, 6)));
    let mut f = Findings::new();
    let l = money::rooms::lodge(&ev, &team, &mut f);
    let far: Vec<(String, &str)> = f
        .all()
        .iter()
        .filter(|x| x.code.as_str() == "room.dates-invalid")
        .map(|x| (x.source.to_string(), x.message_zh.as_str()))
        .collect();
    assert_eq!(
        far,
        vec![
            (
                "t.xlsx!食宿!G6".to_string(),
                "入住日期 2025-07-04 距赛期（2025-08-05 至 2025-08-11）超过 31 天，视为填写错误，按 2025-08-05 计"
            ),
            (
                "t.xlsx!食宿!H8".to_string(),
                "离店日期 6025-08-11 距赛期（2025-08-05 至 2025-08-11）超过 31 天，视为填写错误，按 2025-08-11 计"
            ),
        ]
    );
    let outside: Vec<String> = f
        .all()
        .iter()
        .filter(|x| x.code.as_str() == "room.dates-outside")
        .map(|x| x.source.to_string())
        .collect();
    assert_eq!(outside, vec!["t.xlsx!食宿!G9".to_string()]);
    // 8 people × 6 nights and 女一 from 07-05: 37 nights; (48 + 37) × 430 = 36,550.
    let st = money::costs::statement(&ev, &team, &l, &[]);
    let twin = line(&st, "诺富特 双人间");
    assert_eq!(twin.detail.label(Lang::Zh), "8人×6天，1人×37天");
    assert_eq!(twin.amount, Fen::from_yuan(430 * 85));
    // Nights from 07-05 to 08-10: 37 entries for 女一's room, none past 08-10.
    let nights = money::costs::rooms_per_night(&[l]);
    assert_eq!(nights.len(), 37);
    assert_eq!(nights.keys().map(|k| k.2).max(), Some(date(2025, 8, 10)));
}

#[test]
fn room_findings_mixed_unknown_and_outside() {
    let ev = event("cca-b-league-2025");
    let mut team = b_team("丙队");
    let mut rooms = all_twin_requests(&team);
    // 男一 and 女一 name each other as roommates: different sex, not family.
    rooms[2] = mate(rooms[2].clone(), "女一");
    rooms[6] = mate(rooms[6].clone(), "男一");
    rooms[0].hotel = Some(Sourced::new("希尔顿".into(), src(2, 4)));
    rooms[1].room_type = Some(Sourced::new("套房".into(), src(3, 5)));
    rooms[3].check_in = Some(Sourced::new(date(2025, 8, 3), src(5, 6)));
    // A single at 宜必思 for 男三, written with the full hotel name.
    rooms[4].hotel = Some(Sourced::new("大庆昊方宜必思酒店".into(), src(6, 4)));
    rooms[4].room_type = Some(Sourced::new("单间".into(), src(6, 5)));
    team.rooms = rooms;
    let mut f = Findings::new();
    let l = money::rooms::lodge(&ev, &team, &mut f);
    let mut c = codes(&f);
    c.sort();
    assert_eq!(
        c,
        vec![
            "room.dates-outside",
            "room.twin-mixed",
            "room.unknown-hotel",
            "room.unknown-type"
        ]
    );
    let st = money::costs::statement(&ev, &team, &l, &[]);
    // 宜必思 single: 6 × 410 = 2,460.
    let single = line(&st, "宜必思 单人间");
    assert_eq!(single.amount, Fen::from_yuan(2460));
    // 男二 from 08-03: 8 nights; 7 others at 诺富特 twin for 6.
    let twin = line(&st, "诺富特 双人间");
    assert_eq!(twin.detail.label(Lang::Zh), "7人×6天，1人×8天");
    assert_eq!(twin.amount, Fen::from_yuan(430 * 50));
}

#[test]
fn xiangqi_officials_covered_extras_pay() {
    let ev = event("cxa-amateur-king-2023");
    let mut team = b_team("河南省");
    team.players.truncate(4);
    // An extra person (家长) only in the room sheet, single room, 12-22 to 12-24.
    team.rooms = vec![request(
        2,
        "家长丙",
        Sex::Female,
        "江南春",
        "单间",
        (date(2023, 12, 22), date(2023, 12, 24)),
    )];
    let mut f = Findings::new();
    let l = money::rooms::lodge(&ev, &team, &mut f);
    let st = money::costs::statement(&ev, &team, &l, &[]);
    assert!(f.all().is_empty(), "{:?}", codes(&f));
    // Officials: 6 people from dinner 12-22 to lunch 12-24 = 2 days, twin 290 + meals 140.
    assert_eq!(
        st.total(Side::Organizer),
        Fen::from_yuan(6 * 2 * 290 + 6 * 2 * 140)
    );
    // The extra person: single 440 × 2 + meals 140 × 2 = 1,160.
    assert_eq!(st.total(Side::Owes), Fen::from_yuan(1160));
    assert_eq!(st.balance(), Fen::from_yuan(1160));
    assert_eq!(st.total(Side::Receives), Fen::ZERO);
}

fn entries(names: &[(&str, u32)], team: &str, unit: bool) -> Vec<RankedEntry> {
    names
        .iter()
        .map(|(n, p)| RankedEntry {
            place: *p,
            name: (*n).to_string(),
            team: team.to_string(),
            id_number: None,
            is_unit: unit,
            points: None,
            withheld: false,
            rating: None,
        })
        .collect()
}

fn full(list: &str, n: u32) -> FinalRanking {
    let names: Vec<String> = (1..=n + 2).map(|i| format!("{list}{i}")).collect();
    let pairs: Vec<(&str, u32)> = names
        .iter()
        .zip(1..)
        .map(|(s, p)| (s.as_str(), p))
        .collect();
    FinalRanking {
        list: list.into(),
        places: entries(&pairs, "某省", false),
    }
}

#[test]
fn xiangqi_prizes_total_100000_gross_with_20_percent_tax() {
    let ev = event("cxa-amateur-king-2023");
    let rankings = vec![
        full("open-men", 8),
        full("open-women", 6),
        full("junior-men", 6),
        full("junior-women", 6),
        full("family", 3),
        FinalRanking {
            list: "delegations".into(),
            places: entries(&[("河南省", 1)], "河南省", true),
        },
    ];
    let (p, f) = money::prizes::payouts(&ev, &rankings);
    assert!(f.is_empty(), "{f:?}");
    assert_eq!(p.len(), 8 + 6 + 6 + 6 + 3);
    let rec = money::prizes::reconcile(&ev, &p);
    assert_eq!(rec.gross, Fen::from_yuan(100_000));
    assert_eq!(rec.tax, Fen::from_yuan(20_000));
    assert_eq!(rec.net, Fen::from_yuan(80_000));
    assert_eq!(rec.stated, Some(Fen::from_yuan(100_000)));
    let first = &p[0];
    assert_eq!((first.list_name.as_str(), first.place), ("公开组男子", 1));
    assert_eq!(
        (first.gross, first.tax, first.net),
        (Fen(2_000_000), Fen(400_000), Fen(1_600_000))
    );
}

#[test]
fn tied_places_share_the_pooled_prizes() {
    let ev = event("cxa-amateur-king-2023");
    // Three women tied at place 2 share 6,000 + 3,000 + 2,000 = 11,000: 3,666.67 / .67 / .66.
    let r = FinalRanking {
        list: "open-women".into(),
        places: entries(
            &[("甲", 1), ("乙", 2), ("丙", 2), ("丁", 2), ("戊", 5)],
            "某省",
            false,
        ),
    };
    let (p, _) = money::prizes::payouts(&ev, &[r]);
    let g: Vec<(i64, i64, i64)> = p.iter().map(|x| (x.gross.0, x.tax.0, x.net.0)).collect();
    assert_eq!(
        g,
        vec![
            (1_000_000, 200_000, 800_000),
            // 366,667 × 20 % = 73,333.4 → 73,333 fen.
            (366_667, 73_333, 293_334),
            (366_667, 73_333, 293_334),
            (366_666, 73_333, 293_333),
            (150_000, 30_000, 120_000),
        ]
    );
    assert!(p[1].shared.is_some() && p[0].shared.is_none());
}

#[test]
fn unit_prizes_are_not_taxed_and_a_league_places_1_to_6() {
    let ev = event("cca-a-league-2023");
    let teams = ["一队", "二队", "三队", "四队", "五队", "六队", "七队"];
    let places: Vec<RankedEntry> = teams
        .iter()
        .zip(1..)
        .map(|(t, p)| RankedEntry {
            place: p,
            name: (*t).into(),
            team: (*t).into(),
            id_number: None,
            is_unit: true,
            points: None,
            withheld: false,
            rating: None,
        })
        .collect();
    let (p, f) = money::prizes::payouts(
        &ev,
        &[FinalRanking {
            list: "team".into(),
            places,
        }],
    );
    assert!(f.is_empty());
    let got: Vec<(u32, &str, i64, i64)> = p
        .iter()
        .map(|x| (x.place, x.name.as_str(), x.gross.0, x.tax.0))
        .collect();
    assert_eq!(
        got,
        vec![
            (1, "一队", 20_000_000, 0),
            (2, "二队", 12_000_000, 0),
            (3, "三队", 8_000_000, 0),
            (4, "四队", 6_000_000, 0),
            (5, "五队", 5_000_000, 0),
            (6, "六队", 4_000_000, 0),
        ]
    );
    // The winner's statement: grant 20,000 + prize 200,000 received.
    let team = b_team("一队");
    let mut fs = Findings::new();
    let l = money::rooms::lodge(&ev, &team, &mut fs);
    let st = money::costs::statement(&ev, &team, &l, &p);
    assert_eq!(st.total(Side::Receives), Fen::from_yuan(220_000));
    assert_eq!(st.balance(), Fen::from_yuan(-220_000));
    assert_eq!(line(&st, "竞赛费拨款").amount, Fen::from_yuan(20_000));
}

#[test]
fn an_individual_entry_marked_as_unit_is_not_taxed() {
    let ev = event("cxa-amateur-king-2023");
    let r = FinalRanking {
        list: "junior-men".into(),
        places: entries(&[("某少年队", 1)], "某省", true),
    };
    let (p, _) = money::prizes::payouts(&ev, &[r]);
    assert_eq!(
        (p[0].gross, p[0].tax, p[0].net),
        (Fen(300_000), Fen::ZERO, Fen(300_000))
    );
}

#[test]
fn a_stated_total_that_the_lists_miss_is_a_finding() {
    let ev = event_with(
        "cxa-amateur-king-2023",
        "total_yuan = 100000",
        "total_yuan = 90000",
    );
    let (_, f) = money::prizes::payouts(&ev, &[]);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].code, "prize.total-mismatch");
    assert!(f[0].message_zh.contains("100000.00"), "{}", f[0].message_zh);
}

#[test]
fn the_outcome_renders_costs_and_prizes_workbooks() {
    use calamine::{Data, Reader};
    let ev = event("cca-a-league-2023");
    let mut team = b_team("一队");
    team.rooms.clear();
    let roster = Roster {
        teams: vec![team, b_team("二队")],
        ..Roster::default()
    };
    let dir = std::path::PathBuf::from("event");
    let rankings = vec![FinalRanking {
        list: "team".into(),
        places: vec![
            RankedEntry {
                place: 1,
                name: "一队".into(),
                team: "一队".into(),
                id_number: None,
                is_unit: true,
                points: None,
                withheld: false,
                rating: None,
            },
            RankedEntry {
                place: 2,
                name: "二队".into(),
                team: "二队".into(),
                id_number: None,
                is_unit: true,
                points: None,
                withheld: false,
                rating: None,
            },
        ],
    }];
    let mut f = Findings::new();
    let outcome = bianpai::outcome::EventOutcome {
        money: money::compute(&ev, &roster, &rankings, &mut f),
        ..Default::default()
    };
    let target = bianpai::report::season::Target {
        event: &ev,
        roster: &roster,
        dir: &dir,
        lang: bianpai::Lang::Zh,
        statuses: &outcome.statuses,
    };
    let rendered = bianpai::report::render_outcome(&target, &outcome, false).unwrap();
    let names: Vec<_> = rendered.iter().map(|r| r.place.clone()).collect();
    let out = |name: &str| bianpai::report::out_dir::Place::Out(name.into());
    assert_eq!(names, vec![out("prizes.xlsx"), out("costs.xlsx")]);
    let bytes = |i: usize| std::io::Cursor::new(rendered[i].bytes.clone());
    let costs = bianpai::pipeline::summary::costs(&outcome.money);
    let prizes = bianpai::pipeline::summary::prizes(&outcome.money);
    assert_eq!(costs[0].receives_fen, 22_000_000);
    assert_eq!(costs[1].receives_fen, 14_000_000);
    assert_eq!(prizes[1].gross_fen, 12_000_000);
    let mut xl = calamine::Xlsx::new(bytes(1)).unwrap();
    assert_eq!(xl.sheet_names(), vec!["汇总", "用房", "一队", "二队"]);
    let sum = xl.worksheet_range("汇总").unwrap();
    assert_eq!(sum.get((2, 0)), Some(&Data::String("一队".into())));
    assert_eq!(sum.get((2, 2)), Some(&Data::Float(220_000.0)));
    assert_eq!(sum.get((4, 2)), Some(&Data::Float(360_000.0)));
    let mut px = calamine::Xlsx::new(bytes(0)).unwrap();
    assert_eq!(px.sheet_names(), vec!["奖金", "领取签收表", "奖金设置"]);
    let r = px.worksheet_range("奖金").unwrap();
    assert_eq!(r.get((2, 5)), Some(&Data::Float(200_000.0)));
    assert_eq!(r.get((2, 6)), Some(&Data::Float(0.0)));
    // The place is a number (issue 45).
    assert_eq!(r.get((2, 1)), Some(&Data::Float(1.0)));
    // The sign-for sheet: the two prizes to units (200,000 and 120,000), then their total.
    let sign = px.worksheet_range("领取签收表").unwrap();
    assert_eq!(sign.get((4, 4)), Some(&Data::String("合计".into())));
    assert_eq!(sign.get((4, 5)), Some(&Data::Float(320_000.0)));
}

#[test]
fn unattached_requests_are_reported_unless_they_repeat_attached_ones() {
    let ev = event("cca-b-league-2025");
    let mut team = b_team("甲队");
    team.rooms = all_twin_requests(&team);
    let copy = team.rooms[0].clone();
    let stranger = request(30, "路人丁", Sex::Male, "诺富特", "双人间", B_STAY);
    let roster = Roster {
        teams: vec![team],
        unattached_rooms: vec![copy, stranger],
        ..Roster::default()
    };
    let mut f = Findings::new();
    let st = money::statements(&ev, &roster, &[], &mut f);
    assert_eq!(codes(&f), vec!["room.no-team", "room.twin-alone"]);
    assert_eq!(f.all()[0].person.as_deref(), Some("路人丁"));
    assert_eq!(f.all()[0].source.to_string(), "t.xlsx!食宿!B31");
    // 9 × 6 × 430 + the odd woman's empty bed 6 × 430 at the hotel; 2,800 of fees.
    assert_eq!(
        st[0].0.total(money::Side::Hotel),
        Fen::from_yuan(23_220 + 2580)
    );
    assert_eq!(st[0].0.balance(), Fen::from_yuan(2800));
}

/// The B-league sample end to end: 北京京西队 asks for 8 twin beds and 2 singles at 诺富特 for
/// 08-05..08-11 and enters 7 players (samples/expected.json): it owes the organizers 7 × 400 =
/// 2,800 and settles with the hotel 8 × 6 × 430 + 2 × 6 × 660 = 20,640 + 7,920 = 28,560
/// (规程 十三(三)). 内蒙古草原队 sends no 食宿 sheet: its fees only.
#[test]
fn b_league_sample_costs_workbook() {
    use calamine::{Data, Reader};
    // A copy: a run takes its lock file in the folder, which another test may be copying.
    let (_tmp, dir) = util::sample_copy("cca-b-league-2025");
    let out = dir.join("out");
    let opts = bianpai::pipeline::Options {
        dir: dir.clone(),
        out: out.clone(),
        lang: bianpai::Lang::Zh,
    };
    let outcome = bianpai::pipeline::run(&opts).unwrap();
    // (owed to the organizers, settled with the hotel) of a team, in fen.
    let cost = |t: &str| {
        outcome
            .summary
            .costs
            .iter()
            .find(|c| c.team == t)
            .map(|c| (c.owes_fen, c.hotel_fen))
    };
    assert_eq!(cost("北京京西队"), Some((280_000, 2_856_000)));
    // 内蒙古草原队 sent no room request: its 7 players' entry fees only (7 × 400 yuan).
    assert_eq!(cost("内蒙古草原队"), Some((280_000, 0)));
    // The only room findings: 覃龙轩, entered by 天津滨海队 and 河北燕赵队, is booked once
    // (`room.double-entry`), which leaves his roommate alone in their twin.
    let room: Vec<&str> = outcome
        .summary
        .findings
        .iter()
        .filter(|f| f.code.category() == bianpai::findings::Category::Room)
        .map(|f| f.code.as_str())
        .collect();
    assert_eq!(room, vec!["room.double-entry", "room.twin-alone"]);
    let mut xl: calamine::Xlsx<_> = calamine::open_workbook(out.join("costs.xlsx")).unwrap();
    let sheet = xl.worksheet_range("北京京西队").unwrap();
    let rows: Vec<Vec<Data>> = sheet.rows().map(<[Data]>::to_vec).collect();
    let find = |item: &str| {
        rows.iter()
            .find(|r| r.get(1) == Some(&Data::String(item.into())))
            .cloned()
    };
    let twin = find("食宿 诺富特 双人间").unwrap();
    assert_eq!(twin[2], Data::String("8人×6天".into()));
    assert_eq!(
        (twin[3].clone(), twin[5].clone(), twin[6].clone()),
        (Data::Float(48.0), Data::Float(430.0), Data::Float(20_640.0))
    );
    assert_eq!(twin[0], Data::String("酒店结算".into()));
    assert_eq!(
        find("与酒店结算合计（直接付酒店，不计入结算）").unwrap()[6],
        Data::Float(28_560.0)
    );
    assert_eq!(find("结算：应缴").unwrap()[6], Data::Float(2800.0));
    // 内蒙古草原队's sheet says why it has no board and lodging.
    let sheet = xl.worksheet_range("内蒙古草原队").unwrap();
    assert!(
        sheet
            .rows()
            .any(|r| r.get(1) == Some(&Data::String("未提交食宿需求：不计食宿费用".into())))
    );
}

mod util;

#[path = "money/bands.rs"]
mod bands;
#[path = "money/lodging.rs"]
mod lodging;
#[path = "money/samples.rs"]
mod samples;
#[path = "money/ties.rs"]
mod ties;
