//! The worked 4-team example of RULES.md §A.7 as a season, exported to TRF.

use super::*;
use crate::model::{GameResult, Sex};
use crate::season::matches::{MatchBoard, MatchResult, RoundResults};

/// Teams A=1, B=2, C=3, D=4, four boards, players `A1`..`D4`.
pub(crate) fn example_teams() -> Vec<ExportTeam> {
    ["A", "B", "C", "D"]
        .iter()
        .enumerate()
        .map(|(i, t)| ExportTeam {
            number: i as u32 + 1,
            name: format!("Team {t}"),
            players: (1..=4)
                .map(|b| ExportPlayer {
                    key: format!("{t}{b}"),
                    rating: 2000,
                    person: Person {
                        name: Some(format!("{t}, Player{b}")),
                        sex: Some(Sex::Male),
                        ..Person::default()
                    },
                })
                .collect(),
            standing: None,
        })
        .collect()
}

/// A sample's `event.toml`, parsed.
fn sample_event(text: &str) -> crate::event::Event {
    crate::event::parse(text, std::path::Path::new("event.toml")).expect("sample event.toml")
}

/// A match from the first-named team's board scores (in half-points: 2 win, 1 draw, 0 loss).
fn m(round: u32, home: u32, away: u32, halves: [i32; 4]) -> MatchResult {
    let letter = |n: u32| ["A", "B", "C", "D"][n as usize - 1];
    let boards = halves
        .iter()
        .enumerate()
        .map(|(i, h)| MatchBoard {
            board: i as u32 + 1,
            home_player: Some(format!("{}{}", letter(home), i + 1)),
            away_player: Some(format!("{}{}", letter(away), i + 1)),
            home_colour: if i % 2 == 0 {
                Colour::White
            } else {
                Colour::Black
            },
            result: match h {
                2 => GameResult::Win,
                1 => GameResult::Draw,
                _ => GameResult::Loss,
            },
        })
        .collect();
    MatchResult {
        round,
        home,
        away,
        boards,
        complete: true,
    }
}

/// The six matches of RULES.md §A.7.
pub(crate) fn example_rounds() -> Vec<RoundResults> {
    let r = |round, matches| RoundResults {
        round,
        matches,
        complete: true,
    };
    vec![
        r(1, vec![m(1, 1, 4, [2, 1, 1, 1]), m(1, 2, 3, [1, 1, 2, 0])]),
        r(2, vec![m(2, 4, 3, [2, 2, 1, 1]), m(2, 1, 2, [0, 1, 1, 1])]),
        r(3, vec![m(3, 2, 4, [1, 1, 1, 1]), m(3, 3, 1, [0, 0, 1, 1])]),
    ]
}

pub(crate) fn example_header() -> ExportHeader {
    ExportHeader {
        facts: Facts {
            name: "Example A.7".into(),
            city: "Beijing".into(),
            federation: "CHN".into(),
            start: Some(jiff::civil::date(2026, 6, 1)),
            end: Some(jiff::civil::date(2026, 6, 3)),
            kind: "Team Round Robin (Berger)".into(),
            time_control: Some((90, 30)),
            round_dates: vec![
                jiff::civil::date(2026, 6, 1),
                jiff::civil::date(2026, 6, 2),
                jiff::civil::date(2026, 6, 3),
            ],
            rounds: 3,
            tiebreaks: vec!["MPTS".into(), "GPTS".into(), "EDE".into()],
            ..Facts::default()
        },
        colours: vec![Colour::White, Colour::Black, Colour::White, Colour::Black],
        scoring: MatchScoring::default(),
        pab: (Points::from_whole(1), Points::from_whole(2)),
    }
}

#[test]
fn example_exports_every_board_game() {
    let trf = team_event(&example_header(), &example_teams(), &example_rounds(), &[]);
    let text = crate::trf::write(&trf);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "012 Example A.7");
    assert!(lines.contains(&"352 WBWBW") || lines.contains(&"352 WBWB"));
    // TRF-26: each symbol at columns 6, 15, 24, its value in the 4 columns after it.
    assert!(lines.contains(&"162  W 1.0    D 0.5    L 0.0"));
    assert!(lines.contains(&"362  W 2.0    D 1.0    L 0.0"));
    assert!(lines.contains(&"212 MPTS GPTS EDE"));
    assert!(lines.contains(&"122 90 min + 30 s per move"));
    assert!(lines.contains(&"222 5400+30"));
    // 132: round r's date at columns 92 + 10(r - 1) .. 99 + 10(r - 1), as the round blocks.
    let r132 = lines.iter().find(|l| l.starts_with("132")).expect("132");
    assert_eq!(r132.get(91..), Some("26/06/01  26/06/02  26/06/03"));
    assert_eq!(r132.get(3..91).map(str::trim), Some(""));
    // A1 (start 1): R1 vs D1 (13) white win, R2 vs B1 (5) white loss, R3 vs C1 (9) black win.
    let a1 = lines
        .iter()
        .find(|l| l.starts_with("001    1"))
        .expect("A1");
    assert!(a1.ends_with("  13 w 1     5 w 0     9 b 1"), "{a1}");
    assert_eq!(a1.get(80..84), Some(" 2.0"));
    // C1 (start 9), R3 home vs A1 with White, lost.
    let c1 = lines
        .iter()
        .find(|l| l.starts_with("001    9"))
        .expect("C1");
    assert!(c1.ends_with("   1 w 0"), "{c1}");
    let t1 = lines
        .iter()
        .find(|l| l.starts_with("310   1"))
        .expect("310");
    assert!(t1.ends_with("   1    2    3    4"), "{t1}");
    // 013 (TRF-16): name at columns 5-36, members from column 37 in steps of 5.
    let t013 = lines
        .iter()
        .find(|l| l.starts_with("013 Team B"))
        .expect("013");
    assert_eq!(t013.get(36..), Some("   5    6    7    8"), "{t013}");
    // Reading it back gives the same model.
    assert_eq!(
        crate::trf::parse(&text).map(|t| crate::trf::write(&t)),
        Ok(text.clone())
    );
}

#[test]
fn example_standings_from_the_export_match_rules_a7() {
    let trf = team_event(&example_header(), &example_teams(), &example_rounds(), &[]);
    let text = crate::trf::write(&trf);
    let parsed = crate::trf::parse(&text).expect("parse");
    let opts = crate::scoring::TrfStandingsOptions {
        tiebreaks: "MPTS GPTS ESB:MM ESB:MG ESB:GM ESB:GG BC".into(),
        edition: None,
        layout: crate::scoring::Layout::RoundRobin,
    };
    let tsv = crate::trf::standings(&parsed, &opts).expect("standings");
    // RULES.md §A.7: A 4 7.0 8 16.5 21 38.0 16.5; B 4 6.5 12 18 24.5 38.5 15;
    // D 3 6.5 6 17 14.5 35.5 16; C 1 4.0 4 15 6.5 26.5 12.5.
    let expected = "Rank\tStartNo\tMPTS\tGPTS\tESB:MM\tESB:MG\tESB:GM\tESB:GG\tBC\n\
                    1\t1\t4.0\t7.0\t8.00\t16.50\t21.00\t38.00\t16.5\n\
                    2\t2\t4.0\t6.5\t12.00\t18.00\t24.50\t38.50\t15.0\n\
                    3\t4\t3.0\t6.5\t6.00\t17.00\t14.50\t35.50\t16.0\n\
                    4\t3\t1.0\t4.0\t4.00\t15.00\t6.50\t26.50\t12.5\n";
    assert_eq!(tsv, expected);
}

/// A messy 4-team, 5-board season: a rested main player and a reserve on board 3, an empty
/// board, a forfeited match, a player the roster does not know, a double forfeit on an
/// empty board, a player typed on two boards.
mod messy {
    use super::*;
    use crate::season::team_standings;
    use GameResult::{DoubleForfeit, Draw, ForfeitWin, Loss, Win};

    const TEAMS: [&str; 4] = ["a", "b", "c", "d"];
    const ENTRY: [&str; 7] = ["m1", "m2", "m3", "w1", "w2", "mr", "wr"];

    fn teams() -> Vec<ExportTeam> {
        TEAMS
            .iter()
            .zip(1u32..)
            .map(|(t, no)| ExportTeam {
                number: no,
                name: format!("Team {t}"),
                players: ENTRY
                    .iter()
                    .zip(0u16..)
                    .map(|(p, i)| ExportPlayer {
                        key: format!("{t}-{p}"),
                        rating: 2000 + 10 * i,
                        person: Person {
                            name: Some(format!("{t}-{p}")),
                            sex: Some(if p.starts_with('m') {
                                Sex::Male
                            } else {
                                Sex::Female
                            }),
                            ..Person::default()
                        },
                    })
                    .collect(),
                standing: None,
            })
            .collect()
    }

    type Board = (Option<String>, Option<String>, GameResult);

    fn mt(round: u32, home: u32, away: u32, boards: [Board; 5]) -> MatchResult {
        let boards = boards
            .into_iter()
            .zip(1u32..)
            .map(|((h, a, result), board)| MatchBoard {
                board,
                home_player: h,
                away_player: a,
                home_colour: if board % 2 == 1 {
                    Colour::White
                } else {
                    Colour::Black
                },
                result,
            })
            .collect();
        MatchResult {
            round,
            home,
            away,
            boards,
            complete: true,
        }
    }

    /// Both default line-ups (the mains in entry order) with the first-named team's results.
    fn mains(home: &str, away: &str, r: [GameResult; 5]) -> [Board; 5] {
        let mut i = 0;
        r.map(|res| {
            let p = ENTRY.get(i).copied().unwrap_or("");
            i += 1;
            (
                Some(format!("{home}-{p}")),
                Some(format!("{away}-{p}")),
                res,
            )
        })
    }

    /// Berger for 4: R1 1-4, 2-3; R2 4-3, 1-2; R3 2-4, 3-1.
    fn rounds() -> Vec<RoundResults> {
        let r = |round, matches| RoundResults {
            round,
            matches,
            complete: true,
        };
        // B rests b-m1: b-m2 and b-m3 move up, the reserve b-mr plays board 3; C fields
        // nobody on board 2.
        let mut b_c = mains("b", "c", [Draw, ForfeitWin, Loss, Win, Draw]);
        for (i, p) in ["b-m2", "b-m3", "b-mr"].iter().enumerate() {
            b_c[i].0 = Some(p.to_string());
        }
        b_c[1].1 = None;
        // C does not turn up: every board a forfeit win for D.
        let d_c = mains("d", "c", [ForfeitWin; 5]).map(|(h, _, g)| (h, None, g));
        // A fields "Zz", who is not on its roster, on board 5.
        let mut a_b = mains("a", "b", [Loss, Draw, Win, Draw, Draw]);
        a_b[4].0 = Some("Zz".into());
        // Board 4 empty on both sides.
        let mut b_d = mains("b", "d", [Draw, Win, Loss, DoubleForfeit, Win]);
        b_d[3] = (None, None, DoubleForfeit);
        // a-m1 typed on boards 1 and 3.
        let mut c_a = mains("c", "a", [Loss, Draw, Win, Draw, Loss]);
        c_a[2].1 = Some("a-m1".into());
        vec![
            r(
                1,
                vec![
                    mt(1, 1, 4, mains("a", "d", [Win, Draw, Loss, Draw, Win])),
                    mt(1, 2, 3, b_c),
                ],
            ),
            r(2, vec![mt(2, 4, 3, d_c), mt(2, 1, 2, a_b)]),
            r(3, vec![mt(3, 2, 4, b_d), mt(3, 3, 1, c_a)]),
        ]
    }

    fn event() -> crate::event::Event {
        sample_event(include_str!(
            "../../../samples/cca-a-league-2023/event.toml"
        ))
    }

    /// The season's standings (TSV) for `rounds`, the exported TRF, and the standings the TRF
    /// gives when read back, with the regular stage's tie-breaks.
    fn season_and_export(rounds: &[RoundResults]) -> (String, String, crate::trf::Trf) {
        let ev = event();
        let stage = ev
            .stages()
            .iter()
            .find(|s| s.id == "regular")
            .expect("stage");
        let colours = vec![
            Colour::White,
            Colour::Black,
            Colour::White,
            Colour::Black,
            Colour::White,
        ];
        let scoring = MatchScoring::default();
        let names: Vec<crate::season::TeamName> = teams()
            .iter()
            .map(|t| (crate::season::TeamNo(t.number), t.name.clone()))
            .collect();
        let season =
            team_standings::standings(&ev, "regular", &names, rounds, &scoring, 3, &colours)
                .expect("standings");
        let head = header(&ev, stage, 3, true, colours, scoring);
        let text = crate::trf::write(&team_event(&head, &teams(), rounds, &[]));
        let parsed = crate::trf::parse(&text).expect("parse");
        let opts = crate::scoring::TrfStandingsOptions {
            tiebreaks: "MPTS GPTS EDE EMGSB BC".into(),
            edition: None,
            layout: crate::scoring::Layout::Auto,
        };
        let from_trf = crate::trf::standings(&parsed, &opts).expect("trf standings");
        assert_eq!(from_trf, crate::scoring::to_tsv(&season), "{text}");
        (from_trf, text, parsed)
    }

    #[test]
    fn the_export_ranks_exactly_as_the_season() {
        let (from_trf, text, parsed) = season_and_export(&rounds());
        // By hand: MP A 2+1+2, B 2+1+2, D 0+2+0, C 0; GP A 3+2.5+3, B 3+2.5+2.5, D 2+5+1.5,
        // C 2+0+2. EMGSB A = MP(D)·3 + MP(B)·2.5 + MP(C)·3 = 6 + 12.5 + 0; B = 0·3 + 5·2.5 +
        // 2·2.5; D = 5·2 + 0·5 + 5·1.5; C = 5·2 + 2·0 + 5·2. BC (board × GP, boards as
        // played: B's reserve on 3, the empty and repeated boards where they were):
        // A 9 + 8.5 + 9; B 9 + 6.5 + 7.5 (board 4 double forfeit: 0); D 6 + 15 + 3.5;
        // C 6 + 0 + 6.
        let expected = "Rank\tStartNo\tMPTS\tGPTS\tEDE\tEMGSB\tBC\n\
                        1\t1\t5.0\t8.5\t0\t18.50\t26.5\n\
                        2\t2\t5.0\t8.0\t0\t17.50\t23.0\n\
                        3\t4\t2.0\t8.5\t0\t17.50\t24.5\n\
                        4\t3\t0.0\t4.0\t0\t20.00\t12.0\n";
        // (`season_and_export` checks that the season's own standings are the same.)
        assert_eq!(from_trf, expected);
        let lines: Vec<&str> = text.lines().collect();
        // The forfeited match, the team orders (B: the reserve before the women; A: Zz
        // added), no line for an empty board: the forfeit wins against them are `0000 - +`
        // and 300 records give the line-ups with the empty boards.
        assert!(lines.contains(&"330 +- 002 004 003"), "{text}");
        let members = |no: u16| {
            parsed
                .teams()
                .into_iter()
                .find(|t| t.number == no)
                .map(|t| t.members)
                .unwrap_or_default()
        };
        assert_eq!(members(1), (1..=8).collect::<Vec<u16>>());
        assert_eq!(members(2), (9..=15).collect::<Vec<u16>>());
        let name = |start: u16| {
            parsed
                .player(start)
                .map(|p| p.name.clone())
                .unwrap_or_default()
        };
        let a: Vec<String> = (1..=8).map(name).collect();
        assert_eq!(
            a,
            ["a-m1", "a-m2", "a-m3", "a-w1", "a-w2", "Zz", "a-mr", "a-wr"]
        );
        let b: Vec<String> = (9..=15).map(name).collect();
        assert_eq!(b, ["b-m1", "b-m2", "b-m3", "b-mr", "b-w1", "b-w2", "b-wr"]);
        // 4 teams: A 8 lines, B 7, C and D 7 each (no stand-ins).
        assert!(lines.contains(&"062 29"), "{text}");
        // R1 B-C: C's board 2 empty (C 16-22: m1 m2 m3 w1 w2 mr wr).
        assert!(
            lines.contains(&"300 001 003 002   16 0000   18   19   20"),
            "{text}"
        );
        // R2 D-C: C fielded nobody.
        assert!(
            lines.contains(&"300 002 003 004 0000 0000 0000 0000 0000"),
            "{text}"
        );
        // R3 B-D: board 4 empty on both sides (D 23-29: m1 m2 m3 w1 w2 mr wr).
        assert!(
            lines.contains(&"300 003 002 004    9   10   11 0000   14"),
            "{text}"
        );
        assert!(
            lines.contains(&"300 003 004 002   23   24   25 0000   27"),
            "{text}"
        );
        // R3 C-A: a-m1 typed on boards 1 and 3; board 3 has no carrier.
        assert!(
            lines.contains(&"300 003 001 003    1    2 0000    4    5"),
            "{text}"
        );
        // b-m3 (11), moved up to board 2 in R1, won it against nobody.
        let b_m3 = parsed.player(11).expect("b-m3");
        assert_eq!(
            b_m3.rounds
                .first()
                .map(|e| (e.opponent, e.colour, e.result)),
            Some((None, None, crate::trf::ResultCode::ForfeitWin))
        );
    }

    #[test]
    fn a_match_neither_team_turned_up_for_is_lost_by_both() {
        // Round 3's C-A: every board a double forfeit (both teams absent).
        let mut rounds = rounds();
        let none = mains("c", "a", [DoubleForfeit; 5]).map(|(_, _, g)| (None, None, g));
        if let Some(m) = rounds.get_mut(2).and_then(|r| r.matches.get_mut(1)) {
            *m = mt(3, 3, 1, none);
        }
        let m = &rounds[2].matches[1];
        assert!(m.is_double_forfeited() && m.is_forfeited());
        assert_eq!(
            m.match_points(&MatchScoring::default()),
            (Points::ZERO, Points::ZERO)
        );
        let (from_trf, text, _) = season_and_export(&rounds);
        assert!(text.lines().any(|l| l == "330 -- 003 003 001"), "{text}");
        // By hand: A 2 + 1 + 0 MP (GP 3 + 2.5 + 0), B 2 + 1 + 2 (3 + 2.5 + 2.5), D 0 + 2 + 0
        // (2 + 5 + 1.5), C 0 + 0 + 0 (2 + 0 + 0). Before, C-A scored as a 0-0 draw: 1 MP each.
        let head_cols: Vec<String> = from_trf
            .lines()
            .map(|l| l.split('\t').take(4).collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(
            head_cols,
            [
                "Rank StartNo MPTS GPTS",
                "1 2 5.0 8.0",
                "2 1 3.0 5.5",
                "3 4 2.0 8.5",
                "4 3 0.0 2.0"
            ]
        );
    }

    #[test]
    fn trf_names_in_latin_letters_or_pinyin_for_012_and_022() {
        let ev = event();
        let stage = ev
            .stages()
            .iter()
            .find(|s| s.id == "regular")
            .expect("stage")
            .clone();
        let colours = vec![Colour::White, Colour::Black];
        let head = header(
            &ev,
            &stage,
            3,
            true,
            colours.clone(),
            MatchScoring::default(),
        );
        assert_eq!(
            (head.facts.name.as_str(), head.facts.city.as_str()),
            (
                "2023 Nian Zhong Guo Guo Ji Xiang Qi Jia Ji Lian Sai",
                "Chong Qing Fu Ling"
            )
        );
        let text = format!(
            "{}\n[trf]\nname_en = \"2023 China Chess League A\"\nplace_en = \"Chongqing Fuling\"\n",
            include_str!("../../../samples/cca-a-league-2023/event.toml")
        );
        let ev = crate::event::parse(&text, std::path::Path::new("event.toml")).expect("event");
        let head = header(&ev, &stage, 3, true, colours, MatchScoring::default());
        let text = crate::trf::write(&team_event(&head, &teams(), &rounds(), &[]));
        let lines: Vec<&str> = text.lines().take(2).collect();
        assert_eq!(
            lines,
            ["012 2023 China Chess League A", "022 Chongqing Fuling"]
        );
    }
}

/// The header facts and the person facts of the FIDE report, and the event id files are named by.
mod report_facts {
    use super::super::report::latin;
    use super::*;
    use crate::findings::Source;
    use crate::model::roster::{Person as RosterPerson, Sourced};

    fn xiangqi() -> crate::event::Event {
        sample_event(include_str!(
            "../../../samples/cxa-amateur-king-2023/event.toml"
        ))
    }

    #[test]
    fn names_in_latin_letters_keep_numbers_whole() {
        assert_eq!(
            latin("2023年全国业余棋王赛总决赛"),
            "2023 Nian Quan Guo Ye Yu Qi Wang Sai Zong Jue Sai"
        );
        assert_eq!(latin("U10组 Open"), "U10 Zu Open");
    }

    #[test]
    fn a_xiangqi_section_has_no_fide_system_or_tiebreaks() {
        let ev = xiangqi();
        let f = Facts::of_section(&ev, &ev.stages()[0], "open-men");
        assert_eq!(
            f.name,
            "2023 Nian Quan Guo Ye Yu Qi Wang Sai Zong Jue Sai open-men"
        );
        assert_eq!(f.city, "He Nan Xing Yang");
        assert_eq!(f.kind, "Individual: Swiss-System");
        assert_eq!((f.system, f.tiebreaks.len(), f.rounds), (None, 0, 7));
    }

    #[test]
    fn arbiters_are_written_as_fide_writes_names() {
        let text = include_str!("../../../samples/cxa-amateur-king-2023/event.toml").replace(
            "[event]\n",
            "[event]\nchief_arbiter = \"李四\"\ndeputy_arbiters = [\"王五\", \"Chen, Liu\"]\n",
        );
        let ev = sample_event(&text);
        let f = Facts::of(&ev, &ev.stages()[0]);
        assert_eq!(f.chief_arbiter.as_deref(), Some("Li, Si"));
        assert_eq!(f.deputies, ["Wang, Wu", "Chen, Liu"]);
    }

    #[test]
    fn a_roster_person_gives_fide_title_sex_id_and_birth() {
        fn s<T>(v: T) -> Option<Sourced<T>> {
            Some(Sourced::new(v, Source::file("form.xlsx")))
        }
        let p = RosterPerson {
            name: s(crate::model::roster::PersonName {
                display: "丁立人".into(),
                key: "丁立人".into(),
            }),
            title: s("国际特级大师".to_string()),
            sex: s(Sex::Male),
            fide_id: s(8603677),
            ..RosterPerson::default()
        };
        let got = Person::of(&p);
        assert_eq!(got.name.as_deref(), Some("Ding, Liren"));
        assert_eq!((got.title.as_str(), got.fide_id), ("GM", Some(8603677)));
        let p = RosterPerson {
            title: s("一级运动员".to_string()),
            ..p
        };
        assert_eq!(Person::of(&p).title, "");
    }

    #[test]
    fn files_are_named_by_the_event_id_else_a_plain_folder_name() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let plain = tmp.path().join("suzhou-open-2026");
        let chinese = tmp.path().join("苏州公开赛");
        for d in [&plain, &chinese] {
            std::fs::create_dir(d).expect("dir");
        }
        let ev = xiangqi();
        assert_eq!(event_id(&ev, &plain), "suzhou-open-2026");
        assert_eq!(event_id(&ev, &chinese), "event");
        let text = include_str!("../../../samples/cxa-amateur-king-2023/event.toml")
            .replace("[event]\n", "[event]\nid = \"amateur-king-2023\"\n");
        let ev = crate::event::parse(&text, std::path::Path::new("event.toml")).expect("event");
        assert_eq!(event_id(&ev, &chinese), "amateur-king-2023");
        let bad = text.replace("amateur-king-2023\"", "棋王赛\"");
        let err = crate::event::parse(&bad, std::path::Path::new("event.toml")).unwrap_err();
        assert!(err.to_string().contains("event.id"), "{err}");
    }
}
